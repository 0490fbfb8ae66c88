"""The Dask driver on a LocalCluster of two workers builds the same files, byte for byte, as
one `dama tb build` process; a worker killed mid-task changes nothing but the time."""

from __future__ import annotations

import argparse
import filecmp
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

CLUSTER = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(CLUSTER))

import dask_build  # noqa: E402

# Both builds record this build time, so their files can be compared byte for byte.
EPOCH = "1700000000"
PIECES = 4


@pytest.fixture(scope="session")
def dama(request) -> str:
    path = request.config.getoption("--dama")
    if not path or not os.access(path, os.X_OK):
        pytest.fail(f"give --dama PATH (or $DAMA_BIN): the dama binary, not {path!r}")
    return os.path.abspath(path)


@pytest.fixture(autouse=True)
def fixed_epoch(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)


def tables(base: Path, rules: str) -> dict[str, Path]:
    return {p.name: p for p in sorted((base / rules).glob("*.dtb"))}


@pytest.fixture(scope="session")
def reference(dama, tmp_path_factory):
    """One `dama tb build` process per rule set, ≤ 4 pieces."""
    built = {}

    def get(rules: str) -> Path:
        if rules not in built:
            base = tmp_path_factory.mktemp(f"ref-{rules}")
            env = dict(os.environ, SOURCE_DATE_EPOCH=EPOCH)
            subprocess.run(
                [dama, "tb", "build", "--rules", rules, "--pieces", str(PIECES),
                 "--tb-dir", str(base)],
                check=True, capture_output=True, env=env,
            )
            built[rules] = base
        return built[rules]

    return get


def assert_same_files(base: Path, ref: Path, rules: str) -> None:
    got, want = tables(base, rules), tables(ref, rules)
    assert sorted(got) == sorted(want)
    different = [n for n in want if not filecmp.cmp(got[n], want[n], shallow=False)]
    assert different == []


@pytest.mark.parametrize(("rules", "classes", "skipped"), [("czech", 23, 0), ("russian", 23, 0)])
def test_dask_build_matches_one_process_byte_for_byte(dama, reference, tmp_path, rules,
                                                      classes, skipped):
    out = subprocess.run(
        [sys.executable, str(CLUSTER / "dask_build.py"), "--dama", dama, "--tb-dir",
         str(tmp_path), "--rules", rules, "--pieces", str(PIECES), "--workers", "2",
         "--threads", "1"],
        check=True, capture_output=True, text=True, timeout=300,
    ).stdout.splitlines()
    assert len([l for l in out if l.startswith("built ")]) == classes, out
    assert len([l for l in out if l.startswith("skipped ")]) == skipped, out
    assert out[-1].startswith(f"total {classes} classes, "), out
    assert len(tables(tmp_path, rules)) == classes
    assert_same_files(tmp_path, reference(rules), rules)

    # Again over the finished directory: every class is present, no file is written.
    mtimes = {n: p.stat().st_mtime_ns for n, p in tables(tmp_path, rules).items()}
    again = subprocess.run(
        [sys.executable, str(CLUSTER / "dask_build.py"), "--dama", dama, "--tb-dir",
         str(tmp_path), "--rules", rules, "--pieces", str(PIECES), "--workers", "2"],
        check=True, capture_output=True, text=True, timeout=300,
    ).stdout.splitlines()
    assert len([l for l in again if l.startswith("present ")]) == classes, again
    assert {n: p.stat().st_mtime_ns for n, p in tables(tmp_path, rules).items()} == mtimes


def wait_for(predicate, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}")
        time.sleep(0.05)


def test_a_worker_killed_mid_task_changes_nothing(dama, reference, tmp_path, monkeypatch):
    """The task of KMvK (which 14 four-piece classes read) runs a shim that records its
    worker's pid and waits; the test kills that worker with SIGKILL while the task runs. The
    scheduler gives the task to a worker again, and the files are those of one process."""
    from dask.distributed import Client, LocalCluster

    rules, slow = "czech", "KMvK"
    marks = tmp_path / "marks"
    shim = tmp_path / "dama-shim"
    shim.write_text(
        "#!/bin/sh\n"
        f'case " $* " in *" --class {slow} "*)\n'
        f'  echo "$PPID $$" >> "{marks}"\n'
        "  sleep 2 ;;\n"
        "esac\n"
        f'exec "{dama}" "$@"\n'
    )
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    base = tmp_path / "tb"
    classes, _ = dask_build.read_plan(dama, rules, PIECES)
    args = argparse.Namespace(
        dama=str(shim), tb_dir=str(base), rules=rules, threads=1, retries=3,
    )
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        futures = dask_build.submit(client, args, classes)
        wait_for(lambda: marks.exists() and marks.read_text().strip(), 120, "the slow task")
        worker_pid, shim_pid = map(int, marks.read_text().split()[:2])
        assert worker_pid in client.run(os.getpid).values()
        os.kill(worker_pid, signal.SIGKILL)
        results = client.gather(list(futures.values()))
        assert len(results) == len(classes)
        assert all(r.startswith(("built ", "present ")) for r in results), results
    # The task ran twice: once on the worker killed, once again elsewhere.
    runs = marks.read_text().splitlines()
    assert len(runs) == 2, runs
    assert runs[1].split()[0] != str(worker_pid)
    # The first run's process lost its worker but not its life: let it end (its file, if it
    # gets to write one, is the same: written whole, then renamed).
    def gone(pid: int) -> bool:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, IndexError):
            return True
        return state == "Z"  # ended, not reaped (its parent was the worker killed)
    wait_for(lambda: gone(shim_pid), 60, "the orphaned build")
    assert_same_files(base, reference(rules), rules)
