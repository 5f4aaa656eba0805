#!/usr/bin/env python3
"""Counts the results of Meson test logs and prints the closing line of tests/run.sh,
   N passed, N failed, N skipped
Part 3 of tests/run.sh.  usage: summary.py STEP_FAILURES TESTLOG.json...

A Check runner counts as its "Checks: N, Failures: F, Errors: E", a pytest run as its
"N passed / N failed" summary, any other test as 1.  A test that failed after a clean
summary (a leak, a crash at exit, a timeout) counts one failure more.  The failing
tests are listed before the closing line; the exit status is 1 if anything failed."""
import json
import re
import sys

CHECK = re.compile(r"Checks: (\d+), Failures: (\d+), Errors: (\d+)")
# pytest's closing line, e.g. "3 failed, 40 passed, 1 skipped in 0.52s" (with or without ====).
PYTEST = re.compile(
    r"^=*\s*((?:\d+ (?:passed|failed|errors?|skipped|xfailed|xpassed|warnings?|deselected)"
    r"(?:, )?)+)\s+in\s+[\d.]+s")


def count(result, out):
    """(passed, failed, skipped) of one test's record."""
    p = f = s = 0
    parsed = False
    for m in CHECK.finditer(out):
        n, fails, errors = map(int, m.groups())
        p += n - fails - errors
        f += fails + errors
        parsed = True
    for line in out.splitlines():
        m = PYTEST.match(line.strip())
        if not m:
            continue
        parsed = True
        for num, word in re.findall(r"(\d+) (\w+)", m.group(1)):
            if word in ("passed", "xfailed", "xpassed"):
                p += int(num)
            elif word in ("failed", "error", "errors"):
                f += int(num)
            elif word == "skipped":
                s += int(num)
    ok = result in ("OK", "EXPECTEDFAIL")
    if not parsed:
        return (0, 0, 1) if result == "SKIP" else (1, 0, 0) if ok else (0, 1, 0)
    if not ok and result != "SKIP" and f == 0:
        f = 1
    return p, f, s


def main(argv):
    step_failures = int(argv[1])
    passed = failed = skipped = 0
    bad = []
    for path in argv[2:]:
        build = path.split("/meson-logs/")[0]
        if path.endswith("-valgrind.json"):
            build += " (valgrind)"
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if not line.strip():
                    continue
                r = json.loads(line)
                p, fl, s = count(r.get("result", ""), r.get("stdout") or "")
                passed, failed, skipped = passed + p, failed + fl, skipped + s
                if fl:
                    bad.append(f"{build}: {r.get('name')} ({r.get('result')})")
    failed += step_failures
    if step_failures:
        bad.append(f"{step_failures} build step(s) failed (see above)")
    for b in bad:
        print("failed:", b)
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
