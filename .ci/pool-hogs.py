#!/usr/bin/env python3
"""Finds the work that holds a cooperative-pool thread for seconds during a test run.

On this machine Swift's cooperative pool has one thread per core: two. A test that computes
for seconds without suspending (a debug-build parse of megabytes, a loop whose "sleep" never
suspends) holds one of them, and every other test's 200 ms bound then measures the hog
instead. Such tests pass alone and fail only on a busy machine, so the stress run shows the
victims, never the culprit. This samples the running suite with gdb and names the culprits:
an async job seen on the same pool thread in consecutive samples over at least --hold seconds.

    python3 .ci/pool-hogs.py [--busy 4] [--interval 2] [--hold 4] [--filter REGEX]

It builds nothing: run `swift build --build-tests` first. Each sample stops the process for a
moment, which interrupts system calls (EINTR), so a sampled run may report failures of its
own; only the list of hogs it prints is its result. Exits 1 if it found one.
"""

import argparse
import re
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
THREAD = re.compile(r"\n(?=Thread \d+ )")
LWP = re.compile(r"\(LWP (\d+)\)")
FRAME = re.compile(r"^#\d+\s+(?:0x[0-9a-f]+ in )?(\S+) \(.*?\)(?: at (\S+))?")


def pool_jobs(backtraces: str) -> dict[str, tuple[str, str]]:
    """Per pool thread (LWP): the job's own function and the innermost place in our code."""
    jobs = {}
    for thread in THREAD.split(backtraces):
        # The cooperative pool's threads; an overcommit thread is one a test or library made
        # its own (a database's writer queue) and may block without starving anyone.
        if "swift_job_run" not in thread or "overcommit" in thread.splitlines()[0]:
            continue
        lwp = LWP.search(thread)
        frames = [FRAME.match(line) for line in thread.splitlines() if line.startswith("#")]
        frames = [f for f in frames if f]
        names = [f.group(1) for f in frames]
        runner = next(
            (i for i, name in enumerate(names) if "runJobInEstablishedExecutorContext" in name),
            None,
        )
        if lwp is None or runner is None or runner == 0:
            continue
        job = names[runner - 1]
        ours = next(
            (
                f"{f.group(1)} at {f.group(2)}"
                for f in frames
                if f.group(2) and str(ROOT) in f.group(2) and "/.build/" not in f.group(2)
            ),
            job,
        )
        jobs[lwp.group(1)] = (job, ours)
    return jobs


def demangle(names: set[str]) -> dict[str, str]:
    """Readable names for the mangled ones, through `swift demangle`."""
    ordered = sorted(names)
    try:
        out = subprocess.run(
            ["swift", "demangle", "--simplified", "--compact"],
            input="\n".join(ordered),
            capture_output=True,
            text=True,
            timeout=60,
        ).stdout.splitlines()
    except (OSError, subprocess.TimeoutExpired):
        return {name: name for name in ordered}
    return dict(zip(ordered, out)) if len(out) == len(ordered) else {n: n for n in ordered}


def test_process(parent: int) -> int | None:
    """The Swift Testing process `swift test` started (the xctest bundle run for Testing)."""
    out = subprocess.run(["pgrep", "-f", "YaiaPackageTests.xctest"], capture_output=True, text=True)
    for pid in out.stdout.split():
        args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0") if Path(f"/proc/{pid}").exists() else []
        if b"swift-testing" in args and int(pid) != parent:
            return int(pid)
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--busy", type=int, default=4, help="busy loops beside the run")
    parser.add_argument("--interval", type=float, default=2.0, help="seconds between samples")
    parser.add_argument("--hold", type=float, default=4.0, help="seconds that make a hog")
    parser.add_argument("--filter", help="passed to swift test --filter")
    parser.add_argument("--limit", type=float, default=600, help="seconds before giving up")
    args = parser.parse_args()

    loops = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(args.busy)]
    command = ["swift", "test", "--skip-build"] + (["--filter", args.filter] if args.filter else [])
    log = ROOT / ".build" / "pool-hogs.log"
    log.parent.mkdir(exist_ok=True)
    # (lwp, job) -> (sample number, seconds since start) of each sample that saw it
    seen: dict[tuple[str, str], list[tuple[int, float]]] = defaultdict(list)
    places: dict[str, str] = {}
    samples = 0
    start = time.monotonic()
    with open(log, "w") as output:
        run = subprocess.Popen(command, cwd=ROOT, stdout=output, stderr=subprocess.STDOUT)
        try:
            while run.poll() is None and time.monotonic() - start < args.limit:
                time.sleep(args.interval)
                pid = test_process(run.pid)
                if pid is None:
                    continue
                sample = subprocess.run(
                    ["gdb", "-p", str(pid), "-batch", "-ex", "thread apply all bt 40"],
                    capture_output=True, text=True, timeout=120,
                ).stdout
                now = time.monotonic() - start
                samples += 1
                for lwp, (job, ours) in pool_jobs(sample).items():
                    seen[(lwp, job)].append((samples, now))
                    places[job] = ours
        finally:
            if run.poll() is None:
                run.kill()
            run.wait()
            for loop in loops:
                loop.kill()

    # A hog: the same job on the same thread in consecutive samples spanning --hold seconds.
    hogs: dict[str, float] = {}
    for (_, job), times in seen.items():
        first = times[0][1]
        for (number, _), (next_number, current) in zip(times, times[1:]):
            if next_number != number + 1:
                first = current
            held = current - first
            if held >= args.hold:
                hogs[job] = max(hogs.get(job, 0), held)
    readable = demangle(set(hogs) | {places[j].split(" at ")[0] for j in hogs})
    print(f"{samples} samples; suite exit {run.returncode}; log: {log}")
    if samples < 2:
        print("too few samples to judge (is gdb installed, may it attach?)")
        return 2
    for job, held in sorted(hogs.items(), key=lambda item: -item[1]):
        place = places[job]
        name, _, where = place.partition(" at ")
        print(f"held a pool thread ≥ {held:.0f} s: {readable.get(job, job)}")
        if where:
            print(f"    in {readable.get(name, name)} at {where}")
    if not hogs:
        print(f"no job held a pool thread for {args.hold:.0f} s or more")
    return 1 if hogs else 0


if __name__ == "__main__":
    sys.exit(main())
