#!/usr/bin/env python3
"""Counts the public surface of alea's headers: functions, macros, types and
enum constants, with or without the experimental tier.

usage: python3 tests/tools/api_surface.py [INCLUDE_DIR] [--list]

Functions are the ALEA_API declarations; macros the #defines of the headers
minus their include guards; types the typedef names; enum constants the
enumerators.  A name declared between `#ifdef ALEA_EXPERIMENTAL` and its
`#endif` counts as experimental.  Parsing is the same as the symbol and
doc-api tests do (comments and line continuations removed first).
"""
import pathlib
import re
import sys


def scan(path):
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", lambda m: " " * 0 + "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    text = re.sub(r"\\\n", " ", text)
    out = {"functions": [], "macros": [], "types": [], "constants": []}
    depth_exp = []  # stack of booleans: inside an ALEA_EXPERIMENTAL block?
    code = []
    for line in text.split("\n"):
        s = line.strip()
        m = re.match(r"#\s*(ifdef|ifndef|if|endif|else|elif|define)\b\s*(.*)", s)
        if m:
            kind, rest = m.groups()
            if kind in ("ifdef", "ifndef", "if"):
                depth_exp.append("ALEA_EXPERIMENTAL" in rest and kind != "ifndef")
            elif kind == "endif" and depth_exp:
                depth_exp.pop()
            elif kind == "define":
                name = re.match(r"(\w+)", rest).group(1)
                if not name.endswith("_H"):
                    out["macros"].append((name, any(depth_exp)))
            continue
        code.append((line, any(depth_exp)))
    # Join code lines, remembering the experimental flag of each character's line.
    joined = ""
    flags = []
    for line, exp in code:
        joined += line + "\n"
        flags.extend([exp] * (len(line) + 1))
    for m in re.finditer(r"\bALEA_API\b([^;{}()]*?)\b([A-Za-z_]\w*)\s*\(", joined):
        out["functions"].append((m.group(2), flags[m.start()]))
    # typedef struct/enum name { ... } name;  typedef T (*name)(...);  typedef struct x x;
    i = 0
    while True:
        m = re.compile(r"\btypedef\b").search(joined, i)
        if not m:
            break
        j = m.end()
        level = 0
        while j < len(joined) and not (joined[j] == ";" and level == 0):
            level += joined[j] == "{"
            level -= joined[j] == "}"
            j += 1
        body = joined[m.start():j]
        fn = re.search(r"\(\s*\*\s*(\w+)\s*\)", body)
        name = fn.group(1) if fn and "{" not in body else re.search(r"(\w+)\s*$", body).group(1)
        out["types"].append((name, flags[m.start()]))
        i = j
    for m in re.finditer(r"\benum\b\s*\w*\s*\{([^}]*)\}", joined):
        for e in m.group(1).split(","):
            e = e.strip()
            if e:
                out["constants"].append((re.match(r"\w+", e).group(0), flags[m.start()]))
    return out


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    inc = pathlib.Path(args[0] if args else pathlib.Path(__file__).resolve().parents[2] / "include")
    totals = {"functions": [], "macros": [], "types": [], "constants": []}
    for h in sorted((inc / "alea").glob("*.h")):
        for k, v in scan(h).items():
            totals[k].extend(v)
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
