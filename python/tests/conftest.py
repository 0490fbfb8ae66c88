"""Shared fixtures: the program's binary, whose figures the package must equal."""

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def pytest_addoption(parser):
    parser.addoption(
        "--dama",
        default=os.environ.get("DAMA", str(ROOT / "target" / "release" / "dama")),
        help="the dama program built from this checkout (default: target/release/dama)",
    )


@pytest.fixture(scope="session")
def dama_bin(request):
    """The `dama` program of the same checkout. A missing binary is a failure, not a skip."""
    path = pathlib.Path(request.config.getoption("--dama"))
    if not path.is_file():
        pytest.fail(f"{path} is missing: build it with cargo build --release, or give --dama")
    return path
