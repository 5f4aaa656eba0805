#!/usr/bin/env python3
"""Counts the public surface of alea's headers: functions, macros, types and
enum constants, with or without the experimental tier.

usage: python3 tests/tools/api_surface.py [INCLUDE_DIR | API_JSON] [--list]

Reads the API description: bindings/python/alea/api.json by default, a given
api.json, or the one bindings/describe_api.py makes of INCLUDE_DIR (libclang;
e.g. the headers of an older commit).  Functions are the ALEA_API declarations;
macros the #defines of the headers minus their include guards; types the
typedef names (structs, named enums, other typedefs); enum constants the
enumerators.  "Experimental" = declared only when ALEA_EXPERIMENTAL is defined.
"""
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def load(arg):
    if arg is None:
        arg = ROOT / "bindings" / "python" / "alea" / "api.json"
    path = pathlib.Path(arg)
    if path.suffix == ".json":
        return json.loads(path.read_text(encoding="utf-8"))
    sys.path.insert(0, str(ROOT / "bindings"))
    from describe_api import Describer  # noqa: PLC0415

    return Describer(path).describe()


def surface(api):
    exp = lambda e: e["tier"] == "experimental"  # noqa: E731
    return {
        "functions": [(f["name"], exp(f)) for f in api["functions"]],
        "macros": [(m["name"], exp(m)) for m in api["macros"]],
        "types": [(s["name"], exp(s)) for s in api["structs"]]
        + [(e["name"], exp(e)) for e in api["enums"] if e["name"]]
        + [(t["name"], exp(t)) for t in api["typedefs"]],
        "constants": [(c["name"], exp(e)) for e in api["enums"] for c in e["constants"]],
    }


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    totals = surface(load(args[0] if args else None))
    if "--list" in argv:
        for k, v in totals.items():
            for name, exp in sorted(v):
                print(k, name, "experimental" if exp else "stable")
        return 0
    print("%-10s %6s %7s %13s" % ("", "total", "stable", "experimental"))
    for k, v in totals.items():
        names = set(n for n, _ in v)
        exp = set(n for n, e in v if e)
        print("%-10s %6d %7d %13d" % (k, len(names), len(names - exp), len(exp)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
