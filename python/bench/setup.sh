#!/usr/bin/env bash
# The two virtual environments of bench.py: pydraughts and py-draughts are both imported as
# `draughts`, so each has its own (pinned in requirements-*.txt).
set -euo pipefail
cd "$(dirname "$0")"
python3 -m venv .venv-pydraughts
.venv-pydraughts/bin/pip install --quiet --disable-pip-version-check -r requirements-pydraughts.txt
python3 -m venv .venv-py-draughts
.venv-py-draughts/bin/pip install --quiet --disable-pip-version-check -r requirements-py-draughts.txt
