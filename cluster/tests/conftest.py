"""pytest options of the cluster tests: the `dama` binary the Dask workers run."""

import os


def pytest_addoption(parser):
    parser.addoption(
        "--dama",
        default=os.environ.get("DAMA_BIN"),
        help="path of the dama binary (default: $DAMA_BIN)",
    )
