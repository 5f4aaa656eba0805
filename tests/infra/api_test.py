#!/usr/bin/env python3
"""The API description (bindings/api.json) and its ctypes form (bindings/python/alea/_api.py)
are current and true.

usage: api_test.py API_JSON INCLUDE_DIR CC [CC-ARGS...]

1. current: bindings/describe_api.py, run on INCLUDE_DIR, gives API_JSON, _api.py and
   the index of doc/api.md byte for byte (when libclang's Python bindings are missing,
   only the last two are compared with API_JSON, with a note);
2. true to the C compiler: a program generated from the description asserts, at
   compile time with CC (-std=c11 -DALEA_EXPERIMENTAL), every struct's size and
   alignment, every field's offset, size and type (so order and types, not only
   sizes), every function's type, every enumerator's and integer macro's value;
3. every function the ABI baseline (tests/abi/libalea.abi, the last release's) lacks is
   marked as added later ("since" above 1.0: its doc comment opens with "(1.1)").
The test `symbols` compares the described functions with libalea.so's exports.
Exit 0 = pass, 1 = fail, 77 = skipped (no C compiler).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def c_checks(api: dict) -> str:
    out = ["#include <stddef.h>", "#include <stdint.h>"]
    out += [f"#include <{h}>" for h in api["headers"]]
    out.append("#define SAME(a, b) __builtin_types_compatible_p(__typeof__(a), b)")
    n = 0

    def check(cond: str, what: str) -> None:
        nonlocal n
        n += 1
        out.append(f'_Static_assert({cond}, "{what}");')

    for s in api["structs"]:
        t = s["name"]
        check(f"sizeof({t}) == {s['size']}", f"sizeof({t}) is {s['size']}")
        check(f"_Alignof({t}) == {s['align']}", f"_Alignof({t}) is {s['align']}")
        for f in s["fields"]:
            m = f"(({t} *)0)->{f['name']}"
            check(f"offsetof({t}, {f['name']}) == {f['offset']}",
                  f"{t}.{f['name']} at offset {f['offset']}")
            check(f"sizeof({m}) == {f['size']}", f"{t}.{f['name']} of {f['size']} bytes")
            check(f"SAME({m}, {f['type']})", f"{t}.{f['name']} is {f['type']}")
    for fn in api["functions"]:
        params = ", ".join(p["type"] for p in fn["params"]) or "void"
        sig = f"{fn['returns']['type']} (*)({params})"
        check(f"SAME(&{fn['name']}, {sig})", f"{fn['name']} is {sig}")
    for e in api["enums"]:
        for c in e["constants"]:
            check(f"{c['name']} == {c['value']}", f"{c['name']} is {c['value']}")
    for m in api["macros"]:
        if isinstance(m["value"], int):
            check(f"(long long)({m['name']}) == {m['value']}LL", f"{m['name']} is {m['value']}")
        elif isinstance(m["value"], str):
            check(f"sizeof({m['name']}) == {len(m['value'].encode()) + 1}",
                  f"{m['name']} is {json.dumps(m['value'])[1:-1]}")
    out.append("int alea_api_test_anchor(void);")
    out.append("int alea_api_test_anchor(void) { return 0; }")
    print(f"{n} compile-time checks generated from the description")
    return "\n".join(out) + "\n"


def main(argv: list) -> int:
    if len(argv) < 4:
        print(__doc__)
        return 2
    api_path, include, cc = Path(argv[1]), Path(argv[2]), argv[3:]
    api = json.loads(api_path.read_text(encoding="utf-8"))
    status = 0

    # 1. current
    describe = [sys.executable, str(ROOT / "bindings" / "describe_api.py"), "--include",
                str(include), "--json", str(api_path)]
    try:
        import clang.cindex  # noqa: F401
    except ImportError:
        print("note: libclang's Python bindings are missing (apt-get install python3-clang-14): "
              "the description is not regenerated from the headers")
        status |= subprocess.run(describe + ["--check-derived"]).returncode != 0
    else:
        status |= subprocess.run(describe + ["--check"]).returncode != 0

    # 2. the compiler
    if shutil.which(cc[0]) is None:
        print(f"SKIP: C compiler {cc[0]} not found")
        return 77
    with tempfile.TemporaryDirectory(prefix="alea-api.") as tmp:
        src = Path(tmp) / "api_check.c"
        src.write_text(c_checks(api), encoding="utf-8")
        proc = subprocess.run(cc + ["-std=c11", "-DALEA_EXPERIMENTAL", f"-I{include}", "-c",
                                    str(src), "-o", os.path.join(tmp, "api_check.o")],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            print("FAIL: the description disagrees with the C compiler:")
            print("\n".join(line for line in proc.stderr.splitlines() if "error" in line)[:6000])
            status = 1
        else:
            print(f"ok   {api_path.name} agrees with {cc[0]}: layouts, field types, signatures, values")

    # 3. since
    baseline = ROOT / "tests" / "abi" / "libalea.abi"
    if baseline.is_file():
        import xml.etree.ElementTree as ET  # noqa: PLC0415

        released = {e.get("name") for e in ET.parse(baseline).iter("elf-symbol")}
        unmarked = [f["name"] for f in api["functions"]
                    if f["name"] not in released and f["since"] == "1.0"]
        for name in unmarked:
            print(f"FAIL: {name} is not in {baseline.name} (the last release) but its doc comment "
                  "does not say since when: open it with \"(1.1)\" (or the coming version)")
        if not unmarked:
            print(f"ok   every function added since {baseline.name} says since when")
        status |= bool(unmarked)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
