"""pytest options of the interoperability test: the `dama` binary to drive."""

import os


def pytest_addoption(parser):
    parser.addoption(
        "--dama",
        default=os.environ.get("DAMA_BIN"),
        help="path of the dama binary (default: $DAMA_BIN)",
    )
