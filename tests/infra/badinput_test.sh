#!/bin/sh
# Bad-input inventory (issue 6, doc/hardening.md "Bad input"): every function of
# the API description (bindings/api.json: the ALEA_API declarations) must be called in tests/test_badinput.c (NULL,
# out-of-range and wrong-phase arguments), except the few listed below that
# take no argument that could be bad.  A new public function without such a
# test fails here.  Prints, per function, the lines of test_badinput.c that
# call it (with -v).
#
# usage: badinput_test.sh SOURCE_ROOT [-v]
# Exit 0 = pass, 1 = functions without a bad-input test, 77 = no python3.
set -u
[ $# -ge 1 ] || { echo "usage: $0 SOURCE_ROOT [-v]" >&2; exit 2; }
py=$(command -v python3 || command -v /usr/bin/python3) || { echo "SKIP: no python3"; exit 77; }
exec "$py" - "$@" <<'PY'
import json, os, re, sys

root = sys.argv[1]
verbose = "-v" in sys.argv[2:]
# Functions with no argument, or none that can be out of range: nothing to refuse.
NO_INPUT = {"alea_version", "alea_version_string", "alea_game_count"}

# The public functions: those of the API description (bindings/api.json), by header.
api = json.load(open(os.path.join(root, "bindings", "api.json"), encoding="utf-8"))
names = {f["name"]: f["header"].split("/")[-1] for f in api["functions"]}

test = open(os.path.join(root, "tests", "test_badinput.c"), encoding="utf-8").read()
missing = []
for name in sorted(names, key=lambda n: (names[n], n)):
    calls = len(re.findall(r"\b%s\s*\(" % re.escape(name), test))
    if verbose:
        print("%-14s %-38s %3d call(s)%s" % (names[name], name, calls,
              " (no input)" if name in NO_INPUT else ""))
    if calls == 0 and name not in NO_INPUT:
        missing.append(name)
print("%d public functions, %d without a bad-input test" % (len(names), len(missing)))
for name in missing:
    print("MISSING: %s (%s)" % (name, names[name]))
sys.exit(1 if missing else 0)
PY
