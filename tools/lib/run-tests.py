#!/usr/bin/env python3
"""Runs the XCTest bundle's test classes in parallel processes, quietly (tools/test).

    run-tests.py XCTEST LOG [--workers N] [--times FILE] [--summary FILE] [--timeout SECONDS]
                 [--filter REGEX]… [--skip REGEX]…

Each test class runs whole in one process (its class setUp and tearDown run once, so a window
test class shares one Xvfb); the classes are handed out to N processes at a time (default: the
cores), the slowest first by the times the last run took (--times). Prints one line per failing
test (its name, its first failure message and where), then `N passed, N failed`; the whole
output of every class goes to LOG. --filter and --skip select tests by a regular
expression over `Module.Class/method`, as `swift test --filter/--skip` does.

A process that crashes or runs past its deadline fails the test it was in; the class's tests
after that one run again in a new process, so one crash costs one test, not the rest.
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

CASE = re.compile(r"^Test Case '(?:-\[)?([\w.]+)[. ](\w+)\]?' (started|passed|failed|skipped)(?: \(([\d.]+) seconds\))?")
# `FILE:LINE: error: Class.method : message` (XCTest on Linux); `<EXPR>:0:` for a thrown error.
FAILURE = re.compile(r"^(.*?):(\d+): error: ([\w.]+)\.(\w+) : (.*)$")
SKIP = re.compile(r"^(.*?):(\d+): ([\w.]+)\.(\w+) : Test skipped(?: - )?(.*)$")

def place(path):
    """A source file's path, relative to the working folder (the package) when inside it."""
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative

def ending(status):
    """How a process ended, from its return code."""
    if status < 0:
        try:
            return f"signal {signal.Signals(-status).name}"
        except ValueError:
            return f"signal {-status}"
    return f"exit status {status}"

def summary(entry, limit=400):
    """One line: the first failure's message (its lines joined with ' | ', cut at `limit`
    characters), where it was, and how many more failures the test had."""
    if entry is None:
        return "failed (no message; see the log)"
    first, more, count, where = entry
    text = " | ".join([first] + [l for l in more if l])
    if len(text) > limit:
        text = text[:limit] + "…"
    return text + where + (f" (and {count - 1} more failure{'s' if count > 2 else ''})" if count > 1 else "")

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("xctest")
    parser.add_argument("log")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--filter", action="append", default=[])
    parser.add_argument("--skip", action="append", default=[])
    parser.add_argument("--times", help="a JSON file of each class's seconds, read and written")
    parser.add_argument("--timeout", type=float, default=900, help="seconds one process may take")
    parser.add_argument("--summary", help="write the closing `N passed, N failed` line here instead")
    args = parser.parse_args()

    listed = subprocess.run([args.xctest, "--list-tests"], capture_output=True, text=True)
    names = [line.strip() for line in listed.stdout.splitlines() if re.match(r"^\w+\.\w+/\w+$", line.strip())]
    if listed.returncode != 0 or not names:
        sys.stderr.write(listed.stdout + listed.stderr)
        print(f"tools/test: cannot list the tests of {args.xctest}", file=sys.stderr)
        return 1
    everything = {}
    for name in names:
        everything.setdefault(name.split("/")[0], []).append(name)
    if args.filter:
        names = [n for n in names if any(re.search(f, n) for f in args.filter)]
    names = [n for n in names if not any(re.search(s, n) for s in args.skip)]
    if not names:
        print("tools/test: no test matches --filter and --skip", file=sys.stderr)

    classes = {}
    for name in names:
        cls, method = name.split("/")
        classes.setdefault(cls, []).append(method)
    times = {}
    if args.times and os.path.exists(args.times):
        try:
            with open(args.times) as f:
                times = json.load(f)
        except ValueError:
            times = {}

    def expected(cls):
        # Unknown classes: the end-to-end ones (which run fx) before the unit tests.
        return times.get(cls, (2.0 if cls.startswith("FXEndToEndTests.") else 0.2) + 0.1 * len(classes[cls]))

    queue = sorted(classes, key=expected, reverse=True)
    # Each unit: (class, methods to run); a class whose every test is selected runs by its name.
    units = [(cls, None if len(classes[cls]) == len(everything[cls]) else classes[cls]) for cls in queue]
    lock = threading.Lock()
    results = {}      # "Class/method" -> ("passed" | "failed" | "skipped", message)
    spent = {}
    log = open(args.log, "w")
    environment = dict(os.environ)

    def report(test, status, message=""):
        with lock:
            results[test] = (status, message)
            if status == "failed":
                print(f"FAIL {test}: {message}", flush=True)

    def run(cls, methods):
        argument = cls if methods is None else ",".join(f"{cls}/{m}" for m in methods)
        todo = list(classes[cls] if methods is None else methods)
        start = time.monotonic()
        process = subprocess.Popen([args.xctest, argument], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   env=environment, start_new_session=True)
        def stop():
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        timer = threading.Timer(args.timeout, stop)
        timer.start()
        output = process.stdout.read().decode("utf-8", "replace")
        status = process.wait()
        timer.cancel()
        seconds = time.monotonic() - start
        timedOut = status == -signal.SIGKILL and seconds >= args.timeout
        short = cls.rsplit(".", 1)[1]
        current = None
        messages = {}     # method -> [first message, its continuation lines, failures counted]
        continuing = None
        done = set()
        for line in output.splitlines():
            case = CASE.match(line)
            failure = FAILURE.match(line)
            skip = SKIP.match(line)
            if continuing is not None and not (case or failure or skip):
                continuing[1].append(line.strip())
                continue
            continuing = None
            if case and case.group(1).rsplit(".", 1)[-1] == short:
                method = case.group(2)
                if case.group(3) == "started":
                    current = method
                    continue
                done.add(method)
                current = None
                test = f"{cls}/{method}"
                if case.group(3) == "failed":
                    report(test, "failed", summary(messages.get(method)))
                elif case.group(3) == "skipped":
                    report(test, "skipped", summary(messages.get(method)))
                else:
                    report(test, "passed")
            elif failure:
                where = "" if failure.group(1) == "<EXPR>" else f" ({place(failure.group(1))}:{failure.group(2)})"
                entry = messages.setdefault(failure.group(4), [failure.group(5).strip(), [], 0, where])
                entry[2] += 1
                if entry[2] == 1:
                    continuing = entry
            elif skip:
                messages.setdefault(skip.group(4), [skip.group(5).strip(), [], 0, ""])
        with lock:
            log.write(f"=== {os.path.basename(args.xctest)} {argument}: {ending(status)}, {seconds:.1f} s\n")
            log.write(output if output.endswith("\n") else output + "\n")
            log.flush()
            # Only a whole class's time says how long the class takes (a filtered run's does not).
            if methods is None:
                spent[cls] = seconds
        remaining = [m for m in todo if m not in done]
        if current is not None:
            # The process ended inside this test: it crashed or ran out of time.
            why = f"timed out after {args.timeout:.0f} s" if timedOut else f"crashed ({ending(status)})"
            tail = " | ".join(l for l in output.splitlines()[-6:] if l.strip())
            report(f"{cls}/{current}", "failed", f"{why}; the output ends: {tail}")
            remaining = [m for m in remaining if m != current]
            return remaining
        if remaining:
            # Never started: the process did not get to them (or XCTest did not know them).
            why = "timed out" if timedOut else ending(status)
            if not done:
                for method in remaining:
                    report(f"{cls}/{method}", "failed", f"did not run ({why}); see the log")
                return []
            return remaining
        if status not in (0, 1):
            # Every test ran, and then the process failed (a class tearDown that crashed).
            report(f"{cls}/(after its tests)", "failed", f"the process ended with {ending(status)}; see the log")
        return []

    def worker():
        while True:
            with lock:
                if not units:
                    return
                cls, methods = units.pop(0)
            rest = run(cls, methods)
            if rest:
                with lock:
                    spent.pop(cls, None)
                    units.insert(0, (cls, rest))

    threads = [threading.Thread(target=worker) for _ in range(max(1, min(args.workers, len(units))))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    log.close()

    if args.times and spent:
        times.update(spent)
        try:
            with open(args.times, "w") as f:
                json.dump(times, f, indent=0, sort_keys=True)
        except OSError:
            pass

    passed = sum(1 for s, _ in results.values() if s == "passed")
    failed = sum(1 for s, _ in results.values() if s == "failed")
    skipped = [t for t, (s, _) in results.items() if s == "skipped"]
    missing = [n for n in names if n not in results]
    for name in missing:
        print(f"FAIL {name}: did not run; see the log", flush=True)
    failed += len(missing)
    if skipped:
        print(f"{len(skipped)} skipped: " + ", ".join(t.split(".", 1)[1] for t in sorted(skipped)))
    if failed:
        print(f"the whole output: {args.log}")
    closing = f"{passed} passed, {failed} failed"
    if args.summary:
        with open(args.summary, "w") as f:
            f.write(closing + "\n")
    else:
        print(closing)
    return 1 if failed or not names else 0

if __name__ == "__main__":
    sys.exit(main())
