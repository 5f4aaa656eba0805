#!/usr/bin/env python3
"""What clang-tidy and cppcheck must analyse again: a cache of what they
found clean (tests/ci/tidy-clean, tests/ci/cppcheck-clean), as ccache keeps
objects.

A unit's key is a SHA-256 of everything its analysis reads: clang-tidy's
version, .clang-tidy, the unit's compile command (output paths left out) and
the path and bytes of every file the preprocessor opens for it (the source,
alea's headers, the system headers; listed by the compiler's -M).  Same key,
same analysis, same (clean) result: a unit whose key is in the cache needs no
new analysis.  Any change to any of those inputs changes the key, and the
unit is analysed again.

  lint_cache.py plan SOURCE_ROOT BUILD_ROOT CACHE FILE...
      prints the files to analyse (one per line); writes BUILD_ROOT/clang-tidy.keys
  lint_cache.py record BUILD_ROOT OUT
      writes OUT: the cache after a clean run (every file's key), sorted
  lint_cache.py whole SOURCE_ROOT BUILD_ROOT CACHE OUT CPPCHECK-ARG...
      cppcheck's one key for the whole run (every unit's inputs, its version
      and arguments) into OUT; exit 0 if CACHE holds it (nothing to analyse)

ALEA_LINT_FULL=1 analyses every file whatever the cache says.
"""

import hashlib
import json
import os
import shlex
import subprocess
import sys

DROP_WITH_VALUE = {"-o", "-MF", "-MQ", "-MT"}
DROP = {"-MD", "-MMD", "-c"}


def command_of(entry):
    args = entry.get("arguments") or shlex.split(entry["command"])
    kept, skip = [], False
    for a in args:
        if skip:
            skip = False
        elif a in DROP_WITH_VALUE:
            skip = True
        elif a not in DROP:
            kept.append(a)
    return kept


def dependencies(entry, args):
    """The files the preprocessor opens for the unit, in order (compiler -M)."""
    out = subprocess.run(args + ["-M", "-MG"], cwd=entry["directory"], capture_output=True,
                         text=True, check=False)
    if out.returncode != 0:
        return None
    text = out.stdout.replace("\\\n", " ")
    return text.split(":", 1)[1].split() if ":" in text else None


def key_of(entry, common):
    args = command_of(entry)
    deps = dependencies(entry, args)
    if deps is None:
        return None
    h = hashlib.sha256(common)
    h.update(("\0".join(args) + "\n").encode())
    for d in deps:
        path = d if os.path.isabs(d) else os.path.join(entry["directory"], d)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            return None
        h.update(d.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()


def units(build):
    """Each file's compile command, by real path (the shared library's first)."""
    with open(os.path.join(build, "compile_commands.json"), encoding="utf-8") as f:
        entries = json.load(f)
    by_file = {}
    for e in entries:
        by_file.setdefault(os.path.realpath(os.path.join(e["directory"], e["file"])), e)
    return by_file


def plan(src, build, cache, files):
    version = subprocess.run(["clang-tidy", "--version"], capture_output=True).stdout
    with open(os.path.join(src, ".clang-tidy"), "rb") as f:
        common = version + b"\0" + f.read()
    by_file = units(build)
    known = set()
    if os.environ.get("ALEA_LINT_FULL", "0") in ("", "0") and os.path.exists(cache):
        with open(cache, encoding="utf-8") as f:
            known = {line.split()[0] for line in f if line.strip() and not line.startswith("#")}
    keys = []
    for name in files:
        entry = by_file.get(os.path.realpath(name))
        key = key_of(entry, common) if entry else None
        rel = os.path.relpath(os.path.realpath(name), os.path.realpath(src))
        keys.append((key or "-", rel))
        if key is None or key not in known:
            print(name)
    with open(os.path.join(build, "clang-tidy.keys"), "w", encoding="utf-8") as f:
        for key, rel in keys:
            f.write(f"{key} {rel}\n")


def whole(src, build, cache, out, args):
    """cppcheck looks across the units (its CTU checks), so its key covers the
    whole run: its version and arguments and every unit's inputs.  Exit 0 when
    that key is in the cache (nothing to analyse); writes the key to OUT."""
    version = subprocess.run(["cppcheck", "--version"], capture_output=True).stdout
    by_file = units(build)
    root = os.path.realpath(src)
    h = hashlib.sha256(version + b"\0" + "\0".join(a.replace(root, "SRC") for a in args).encode())
    for name in sorted(a for a in args if a.endswith(".c")):
        entry = by_file.get(os.path.realpath(name))
        if entry is None:  # not in the build: its bytes alone
            with open(name, "rb") as f:
                unit = hashlib.sha256(f.read()).hexdigest()
        else:
            unit = key_of(entry, b"")
        if unit is None:
            return 1
        h.update(os.path.relpath(os.path.realpath(name), os.path.realpath(src)).encode() +
                 b"\0" + unit.encode())
    key = h.hexdigest()
    with open(out, "w", encoding="utf-8") as f:
        f.write("# cppcheck found the whole of lib/ clean (tests/infra/lint_cache.py): key\n")
        f.write(key + "\n")
    if os.environ.get("ALEA_LINT_FULL", "0") not in ("", "0") or not os.path.exists(cache):
        return 1
    with open(cache, encoding="utf-8") as f:
        return 0 if key in {line.strip() for line in f} else 1


def record(build, out):
    with open(os.path.join(build, "clang-tidy.keys"), encoding="utf-8") as f:
        rows = sorted(line.split() for line in f if line.strip())
    with open(out, "w", encoding="utf-8") as f:
        f.write("# clang-tidy found these units clean (tests/infra/lint_cache.py): "
                "key, file\n")
        for key, rel in rows:
            if key != "-":
                f.write(f"{key} {rel}\n")


if __name__ == "__main__":
    if len(sys.argv) >= 5 and sys.argv[1] == "plan":
        plan(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    elif len(sys.argv) >= 6 and sys.argv[1] == "whole":
        sys.exit(whole(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], sys.argv[6:]))
    elif len(sys.argv) == 4 and sys.argv[1] == "record":
        record(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
