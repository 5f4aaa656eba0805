#!/bin/sh
# The examples in README.md are real:
#   - every ```python block runs (exit 0) against the library being tested,
#     with the package from bindings/python;
#   - every ```c block that names its source (`examples/NAME.c` in one of the
#     three lines above it) is that file, line for line, in order, except
#     where a line `...` (optionally followed by a comment) stands for lines
#     left out.
# usage: readme_test.sh SOURCE_DIR LIBALEA_SO [SANITIZE]
#   SANITIZE is Meson's b_sanitize: a sanitized library cannot be loaded into
#   python, so then only the C excerpts are checked.
# Exit 0 = pass, 1 = an example is wrong, 77 = skipped (no python3).
set -u
[ $# -ge 2 ] || { echo "usage: $0 SOURCE_DIR LIBALEA_SO [SANITIZE]" >&2; exit 2; }
case ${3:-none} in none | "") ALEA_README_PYTHON=1 ;; *) ALEA_README_PYTHON=0 ;; esac
export ALEA_README_PYTHON
py=$(command -v python3 || command -v /usr/bin/python3) || py=
[ -n "$py" ] || { echo "SKIP: python3 not found"; exit 77; }
ALEA_LIBRARY=$2 PYTHONPATH=$1/bindings/python PYTHONDONTWRITEBYTECODE=1 exec "$py" - "$1" <<'PY'
import os, re, subprocess, sys
src = sys.argv[1]
lines = open(os.path.join(src, "README.md"), encoding="utf-8").read().split("\n")
failures = checked = 0
i = 0
while i < len(lines):
    m = re.match(r"^```(python|c)\s*$", lines[i])
    if not m:
        i += 1
        continue
    j = lines.index("```", i + 1)
    block, lang, start = lines[i + 1:j], m.group(1), i + 1
    if lang == "python" and os.environ["ALEA_README_PYTHON"] != "1":
        print(f"README.md:{start}: python skipped (sanitized library)")
    elif lang == "python":
        checked += 1
        r = subprocess.run([sys.executable, "-c", "\n".join(block)], capture_output=True,
                           text=True, timeout=300)
        last = (r.stdout.strip().split("\n") or [""])[-1][:100]
        if r.returncode != 0 or not r.stdout.strip():
            failures += 1
            print(f"README.md:{start}: the Python example fails (exit {r.returncode}):")
            print(r.stdout[-2000:], r.stderr[-2000:])
        else:
            print(f"README.md:{start}: python ok: {last}")
    else:
        names = re.findall(r"examples/[\w.]+\.c", " ".join(lines[max(0, i - 3):i]))
        if names:
            checked += 1
            path = os.path.join(src, names[-1])
            file_lines = open(path, encoding="utf-8").read().split("\n")
            pos, bad = 0, None
            for k, line in enumerate(block):
                if re.match(r"^\s*\.\.\.(\s*/\*.*\*/)?\s*$", line):
                    continue
                try:
                    pos = file_lines.index(line, pos) + 1
                except ValueError:
                    bad = (start + k + 1, line)
                    break
            if bad:
                failures += 1
                print(f"README.md:{bad[0]}: not in {names[-1]} (in order): {bad[1]!r}")
            else:
                print(f"README.md:{start}: C excerpt of {names[-1]} ok")
    i = j + 1
print(f"{checked} examples checked, {failures} failures")
sys.exit(1 if failures or checked == 0 else 0)
PY
