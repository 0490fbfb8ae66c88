"""The Dask driver's command line (issue 39, adversarial A13): a bad command line is one line
on standard error and exit status 2, with dama's own reason when `dama tb plan` refuses it;
`--workers` below 1 is refused at once (it used to wait for ever); a failed class is named
right under every rule set, `spanish-official` (whose name holds a `-`) included."""

from __future__ import annotations

import stat
import subprocess
import sys
from pathlib import Path

import pytest

CLUSTER = Path(__file__).resolve().parent.parent
DRIVER = CLUSTER / "dask_build.py"


@pytest.fixture(scope="session")
def dama(request) -> str:
    path = request.config.getoption("--dama")
    if not path or not Path(path).is_file():
        pytest.fail(f"give --dama PATH (or $DAMA_BIN): the dama binary, not {path!r}")
    return str(Path(path).resolve())


def driver(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    # The timeout is a safety net: a hang fails the test instead of holding the run.
    return subprocess.run([sys.executable, str(DRIVER), *args], capture_output=True, text=True,
                          timeout=timeout)


def refused(done: subprocess.CompletedProcess) -> str:
    """The one line of a refusal: exit status 2, nothing on standard output."""
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert "Traceback" not in done.stderr, done.stderr
    return lines[-1] if lines else ""


def test_rules_that_dama_refuses_give_its_reason(dama, tmp_path):
    done = driver("--dama", dama, "--tb-dir", str(tmp_path / "a"), "--rules", "nonsense",
                  "--pieces", "3")
    line = refused(done)
    assert done.stderr.count("\n") == 1, done.stderr
    assert line.startswith("dask_build: dama tb plan refused it: invalid value 'nonsense' "
                           "for '--rules <RULES>'"), line
    assert not (tmp_path / "a").exists()


def test_pieces_out_of_range_give_dama_s_reason(dama, tmp_path):
    line = refused(driver("--dama", dama, "--tb-dir", str(tmp_path / "a"), "--rules", "czech",
                          "--pieces", "9"))
    assert line.startswith("dask_build: dama tb plan refused it: "), line
    assert "9" in line


def test_a_missing_dama_binary_is_named(tmp_path):
    line = refused(driver("--dama", "/nonexistent/dama", "--tb-dir", str(tmp_path / "a"),
                          "--rules", "czech", "--pieces", "3"))
    assert line == ("dask_build: cannot run the dama binary /nonexistent/dama: "
                    "No such file or directory")


def test_a_table_directory_that_cannot_be_made_is_named(dama):
    line = refused(driver("--dama", dama, "--tb-dir", "/dev/null/x", "--rules", "czech",
                          "--pieces", "3", "--no-progress"))
    assert line == "dask_build: cannot make the table directory /dev/null/x: Not a directory"


@pytest.mark.parametrize("workers", ["0", "-1"])
def test_no_workers_is_refused_at_once(dama, tmp_path, workers):
    done = driver("--dama", dama, "--tb-dir", str(tmp_path / "b"), "--rules", "international",
                  "--pieces", "3", "--workers", workers, "--no-progress", timeout=60)
    line = refused(done)
    assert line.endswith(f"argument --workers: {workers} is below 1"), line


def test_an_unreachable_scheduler_is_one_line(dama, tmp_path):
    line = refused(driver("--dama", dama, "--tb-dir", str(tmp_path / "c"), "--rules", "czech",
                          "--pieces", "2", "--scheduler", "tcp://127.0.0.1:1",
                          "--connect-timeout", "2", "--no-progress", timeout=60))
    assert line.startswith("dask_build: cannot reach the scheduler tcp://127.0.0.1:1: "), line


def test_failed_classes_are_named_under_spanish_official(dama, tmp_path):
    """A dama that fails on one class (KvM): the failure line and the summary name it whole,
    as the plan does (the task keys are `tb-spanish-official-KvM`)."""
    shim = tmp_path / "faildama"
    shim.write_text(
        "#!/bin/sh\n"
        'prev=""\n'
        'for a in "$@"; do\n'
        '  if [ "$prev" = "--class" ] && [ "$a" = "KvM" ]; then echo "simulated crash" >&2; exit 101; fi\n'
        '  prev="$a"\n'
        "done\n"
        f'exec "{dama}" "$@"\n'
    )
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    done = driver("--dama", str(shim), "--tb-dir", str(tmp_path / "tb"), "--rules",
                  "spanish-official", "--pieces", "3", "--retries", "0", "--workers", "1",
                  "--threads", "1", "--no-progress", timeout=300)
    assert done.returncode == 1, (done.stdout, done.stderr)
    failed = [l for l in done.stderr.splitlines() if l.startswith("failed ")]
    assert failed and failed[0].startswith("failed KvM: KvM: dama exited with status 101"), failed
    summary = [l for l in done.stderr.splitlines() if l.startswith("dask_build: ")]
    assert len(summary) == 1, done.stderr
    assert summary[0].startswith("dask_build: "), summary
    names = summary[0].rsplit(": ", 1)[1].split(", ")
    # KvM and every class of the plan that reads it, by their plan names.
    plan = subprocess.run([dama, "tb", "plan", "--rules", "spanish-official", "--pieces", "3"],
                          check=True, capture_output=True, text=True).stdout
    import json

    known = {c["name"] for c in json.loads(plan)["classes"]}
    assert "KvM" in names
    assert set(names) <= known, (names, known)
