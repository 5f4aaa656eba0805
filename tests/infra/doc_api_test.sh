#!/bin/sh
# Every function of the API description (bindings/python/alea/api.json: the
# ALEA_API declarations of include/alea/*.h, kept current by the `api` test)
# appears in doc/api.md as `name(`, so the reference cannot silently fall
# behind the headers.
# usage: doc_api_test.sh API_JSON DOC_API_MD
# Exit 0 = pass, 1 = a function is missing, 77 = skipped (no python3).
set -u
[ $# -eq 2 ] || { echo "usage: $0 API_JSON DOC_API_MD" >&2; exit 2; }
py=$(command -v python3 || command -v /usr/bin/python3) || py=
[ -n "$py" ] || { echo "SKIP: python3 not found (needed to read the API description)"; exit 77; }
exec "$py" - "$2" "$1" <<'PY'
import json, sys
doc = open(sys.argv[1], encoding="utf-8").read()
names = {f["name"] for f in json.load(open(sys.argv[2], encoding="utf-8"))["functions"]}
missing = sorted(n for n in names if "`" + n + "(" not in doc)
for n in missing:
    print("missing from the function reference:", n)
print(f"{len(names)} public functions, {len(missing)} missing from {sys.argv[1]}")
sys.exit(1 if missing or not names else 0)
PY
