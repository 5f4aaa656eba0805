#!/bin/sh
# Every function declared with ALEA_API in include/alea/*.h appears in
# doc/api.md as `name(`, so the reference cannot silently fall behind the
# headers.  Headers are parsed as in symbols_test.sh.
# usage: doc_api_test.sh INCLUDE_DIR DOC_API_MD
# Exit 0 = pass, 1 = a function is missing, 77 = skipped (no python3).
set -u
[ $# -eq 2 ] || { echo "usage: $0 INCLUDE_DIR DOC_API_MD" >&2; exit 2; }
py=$(command -v python3 || command -v /usr/bin/python3) || py=
[ -n "$py" ] || { echo "SKIP: python3 not found (needed to parse the headers)"; exit 77; }
exec "$py" - "$2" "$1"/alea/*.h <<'PY'
import re, sys
doc = open(sys.argv[1], encoding="utf-8").read()
names = set()
for path in sys.argv[2:]:
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"\\\n", " ", text)
    text = "\n".join(l for l in text.split("\n") if not l.lstrip().startswith("#"))
    for m in re.finditer(r"\bALEA_API\b([^;{}()]*?)\b([A-Za-z_]\w*)\s*\(", text):
        names.add(m.group(2))
missing = sorted(n for n in names if "`" + n + "(" not in doc)
for n in missing:
    print("missing from the function reference:", n)
print(f"{len(names)} public functions, {len(missing)} missing from {sys.argv[1]}")
sys.exit(1 if missing or not names else 0)
PY
