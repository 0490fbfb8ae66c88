"""pytest options and fixtures of the interoperability tests: the `dama` binary to drive."""

import os

import pytest


def pytest_addoption(parser):
    parser.addoption(
        "--dama",
        default=os.environ.get("DAMA_BIN"),
        help="path of the dama binary (default: $DAMA_BIN)",
    )


@pytest.fixture
def dama(request):
    """The absolute path of the dama binary given by --dama or DAMA_BIN."""
    path = request.config.getoption("--dama")
    if not path:
        pytest.fail("give the dama binary: --dama PATH or DAMA_BIN")
    path = os.path.abspath(path)
    if not os.access(path, os.X_OK):
        pytest.fail(f"{path} is not an executable")
    return path
