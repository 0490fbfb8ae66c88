#!/usr/bin/env python3
"""Builds dama's endgame tables on a Dask cluster, one task per class.

`dama tb plan` gives the classes of at most N pieces and, for each, the classes its build
reads (those a capture or a crowning leads to). Each class becomes one Dask task that runs
`dama tb build --class NAME` on a worker against a directory every worker sees (a shared
file system); a class's task depends on the tasks of the classes it reads, so the scheduler
runs a class only once they are written. `dama tb build --class` writes atomically and skips
a class whose file is there and sound, so a task that is run twice (a retry, a worker lost
mid-task and its task given to another) changes nothing, and a build stopped at any point
resumes where it was.

    python cluster/dask_build.py --dama target/release/dama --tb-dir /shared/tb \\
        --rules czech --pieces 6                      # a LocalCluster on this machine
    python cluster/dask_build.py ... --scheduler tcp://host:8786   # a running cluster
    python cluster/dask_build.py ... --slurm 8 --job-cores 2 --job-memory 8GB  # dask-jobqueue

Exit status: 0 when every class is there, 1 when a class failed (after its retries), 2 for a
bad command line (one line on standard error: argparse's, or dama's own reason when `dama tb
plan` refuses the rules or the pieces, or why the dama binary, the table directory or the
scheduler cannot be used).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Planned:
    """One class of the plan."""

    name: str
    pieces: int
    entries: int
    depends: tuple[str, ...]


class Refused(Exception):
    """A command line that cannot be run: its one-line reason (exit status 2)."""


def dama_reason(stderr: str) -> str:
    """dama's reason for a refusal, as one line: the first line of its standard error
    that says something, without clap's `error: ` and dama's `dama: ` prefixes."""
    for line in stderr.splitlines():
        line = line.strip()
        if line:
            for prefix in ("error: ", "dama: "):
                line = line.removeprefix(prefix)
            return line
    return "no message"


def read_plan(dama: str, rules: str, pieces: int) -> tuple[list[Planned], list[str]]:
    """The classes of `dama tb plan` in build order, and the classes it leaves out; a
    binary that cannot be run or a plan refused by dama raise `Refused` with the reason."""
    try:
        done = subprocess.run(
            [dama, "tb", "plan", "--rules", rules, "--pieces", str(pieces)],
            capture_output=True,
            text=True,
        )
    except OSError as e:
        raise Refused(f"cannot run the dama binary {dama}: {e.strerror or e}") from e
    if done.returncode != 0:
        raise Refused(f"dama tb plan refused it: {dama_reason(done.stderr)}")
    try:
        plan = json.loads(done.stdout)
    except json.JSONDecodeError as e:
        raise Refused(f"{dama} tb plan did not print a plan (is it dama?): {e}") from e
    classes = [
        Planned(c["name"], c["pieces"], c["entries"], tuple(c["depends"]))
        for c in plan["classes"]
    ]
    return classes, list(plan["skipped"])


def build_class(
    dama: str,
    tb_dir: str,
    rules: str,
    name: str,
    threads: int | None,
    *dependencies: str,
) -> str:
    """Runs `dama tb build --class NAME` (on a worker); returns its one line of output.

    `dependencies` are the results of the tasks this one depends on: Dask passes them only so
    that this task waits for them.
    """
    del dependencies
    cmd = [dama, "tb", "build", "--rules", rules, "--class", name, "--tb-dir", tb_dir]
    if threads:
        cmd += ["--threads", str(threads)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(
            f"{name}: dama exited with status {done.returncode}: {done.stderr.strip()}"
        )
    return done.stdout.strip()


def make_cluster(args: argparse.Namespace):
    """The cluster to run on: none to make (a scheduler address), Slurm or PBS through
    dask-jobqueue, else a LocalCluster of --workers processes."""
    if args.scheduler:
        return None
    if args.slurm or args.pbs:
        try:
            import dask_jobqueue
        except ImportError:
            raise Refused("--slurm/--pbs need dask-jobqueue (cluster/requirements-hpc.txt)") from None
        kind = dask_jobqueue.SLURMCluster if args.slurm else dask_jobqueue.PBSCluster
        cluster = kind(
            cores=args.job_cores,
            processes=1,
            memory=args.job_memory,
            walltime=args.job_walltime,
            queue=args.queue,
            account=args.account,
        )
        cluster.scale(jobs=args.slurm or args.pbs)
        return cluster
    from dask.distributed import LocalCluster

    return LocalCluster(
        n_workers=args.workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=None,
    )


def submit(client, args: argparse.Namespace, classes: list[Planned]) -> dict:
    """One task per class (by the class's name), each depending on the tasks of the classes
    it reads; the keys name the rule set and the class, for the dashboard (a rule set's name
    may hold a `-`: the class is the dict's key, never read back from the task's)."""
    futures = {}
    for c in classes:
        deps = [futures[d] for d in c.depends if d in futures]
        futures[c.name] = client.submit(
            build_class,
            args.dama,
            args.tb_dir,
            args.rules,
            c.name,
            args.threads,
            *deps,
            key=f"tb-{args.rules}-{c.name}",
            retries=args.retries,
            pure=False,
        )
    return futures


def check_plan(classes: list[Planned]) -> None:
    """Every class the plan's classes read is in the plan, before them."""
    seen = set()
    for c in classes:
        missing = [d for d in c.depends if d not in seen]
        if missing:
            raise Refused(f"the plan lists {c.name} before {', '.join(missing)}")
        seen.add(c.name)


def at_least(low: int):
    """An argparse type: a whole number not below `low`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} is below {low}")
        return value

    return parse


def main(argv: list[str] | None = None) -> int:
    try:
        return run(argv)
    except Refused as e:
        print(f"dask_build: {e}", file=sys.stderr)
        return 2


def run(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--dama", default=os.environ.get("DAMA_BIN", "dama"),
                   help="the dama binary, as the workers find it (default: $DAMA_BIN, else dama)")
    p.add_argument("--tb-dir", required=True,
                   help="the table directory every worker sees (the rule set's files go to DIR/RULES)")
    p.add_argument("--rules", default="czech")
    p.add_argument("--pieces", type=int, required=True,
                   help="the most pieces (dama tb plan checks the range)")
    p.add_argument("--threads", type=at_least(1), default=None,
                   help="--threads of each dama tb build (default: one per core of the worker)")
    p.add_argument("--retries", type=at_least(0), default=3,
                   help="retries of a failed class (default 3)")
    p.add_argument("--scheduler", help="address of a running Dask scheduler (tcp://host:8786)")
    p.add_argument("--connect-timeout", type=at_least(1), default=30, metavar="SECONDS",
                   help="how long to try to reach --scheduler (default 30)")
    p.add_argument("--workers", type=at_least(1), default=2,
                   help="workers of the LocalCluster (default 2)")
    p.add_argument("--slurm", type=at_least(1), metavar="JOBS",
                   help="run on JOBS Slurm jobs (dask-jobqueue)")
    p.add_argument("--pbs", type=at_least(1), metavar="JOBS",
                   help="run on JOBS PBS jobs (dask-jobqueue)")
    p.add_argument("--job-cores", type=at_least(1), default=2)
    p.add_argument("--job-memory", default="8GB")
    p.add_argument("--job-walltime", default="02:00:00")
    p.add_argument("--queue", default=None)
    p.add_argument("--account", default=None)
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    args = p.parse_args(argv)
    args.tb_dir = os.path.abspath(args.tb_dir)

    import dask
    from dask.distributed import Client, as_completed, progress

    classes, skipped = read_plan(args.dama, args.rules, args.pieces)
    check_plan(classes)
    for name in skipped:
        print(f"skipped {name}: the tables' metric is not exact for it under these rules")
    try:
        os.makedirs(args.tb_dir, exist_ok=True)
    except OSError as e:
        raise Refused(f"cannot make the table directory {args.tb_dir}: {e.strerror or e}") from e
    started = time.monotonic()
    failed: list[str] = []
    # A worker lost mid-task sends its task elsewhere; allow that as often as the retries.
    with dask.config.set({"distributed.scheduler.allowed-failures": max(args.retries, 3)}):
        cluster = make_cluster(args)
        if cluster is None:
            try:
                client = Client(args.scheduler, timeout=args.connect_timeout)
            except (OSError, TimeoutError, ValueError) as e:
                why = (str(e).strip().splitlines() or [type(e).__name__])[0]
                raise Refused(f"cannot reach the scheduler {args.scheduler}: {why}") from e
        else:
            client = Client(cluster)
        try:
            print(f"tables in {os.path.join(args.tb_dir, args.rules)}, {len(classes)} classes, "
                  f"scheduler {client.scheduler.address}", flush=True)
            futures = submit(client, args, classes)
            if not args.no_progress and sys.stderr.isatty():
                progress(list(futures.values()))
            names = {future.key: name for name, future in futures.items()}
            for future in as_completed(list(futures.values())):
                name = names[future.key]
                try:
                    print(future.result(), flush=True)
                except Exception as e:  # the task's last failure, after its retries
                    failed.append(name)
                    print(f"failed {name}: {e}", file=sys.stderr, flush=True)
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    seconds = time.monotonic() - started
    if failed:
        print(f"dask_build: {len(failed)} classes failed: {', '.join(sorted(failed))}",
              file=sys.stderr)
        return 1
    print(f"total {len(classes)} classes, {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
