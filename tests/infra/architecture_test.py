#!/usr/bin/env python3
"""The architecture rules of alea (doc/architecture.md), checked on the sources and
on the static library's objects.

usage: architecture_test.py SOURCE_ROOT LIBALEA_A

A1  the core names no game: lib/core includes no game's header (lib/<game>/ or
    alea/<game>.h), and its objects use no symbol a game's objects define, but for
    the registry, which lists the games' descriptors (lib/core/games.h);
A2  games are independent: lib/<game> includes no other game's header, and its
    objects use no symbol another game's objects define;
A3  the public headers include only public headers and the C library's;
A4  bindings and examples stand on the public API only: they include no header
    of lib/ (the Python and JavaScript packages load only the exported functions,
    which the infra test `symbols` compares with the headers);
A5  no arrow back up: lib/ and include/ include nothing from tests/, examples/ or
    bindings/.
Prints each broken rule with the file (and symbol); exit 1 if any."""
import os
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def sources(root, *dirs, exts=(".c", ".h")):
    for d in dirs:
        for base, _, files in os.walk(os.path.join(root, d)):
            for f in sorted(files):
                if f.endswith(exts):
                    yield os.path.join(base, f)


def includes(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return INCLUDE.findall(f.read())


def main(root, archive):
    lib = os.path.join(root, "lib")
    games = sorted(d for d in os.listdir(lib)
                   if d not in ("core", "wheel") and os.path.isdir(os.path.join(lib, d)))
    public = set(os.listdir(os.path.join(root, "include", "alea")))
    game_headers = {g: {f"alea/{g}.h", f"{g}/"} for g in games}
    broken = []

    def owner(inc):
        """The game an include names (its folder or its public header), or None."""
        for g in games:
            if inc == f"alea/{g}.h" or inc.startswith(f"{g}/"):
                return g
        return None

    # A1, A2, A5 on the includes of lib/
    for path in sources(root, "lib"):
        rel = os.path.relpath(path, root)
        where = rel.split(os.sep)[1]
        for kind, inc in includes(path):
            g = owner(inc)
            if where == "core" and g is not None:
                broken.append(f"A1 {rel}: includes {inc} (the core names no game)")
            elif where in games and g is not None and g != where:
                broken.append(f"A2 {rel}: includes {inc} (another game's header)")
            if re.match(r"(\.\./)*(tests|examples|bindings)/", inc):
                broken.append(f"A5 {rel}: includes {inc}")
    # A3, A5: public headers
    for path in sources(root, "include"):
        rel = os.path.relpath(path, root)
        for kind, inc in includes(path):
            name = inc if kind == '"' else inc[5:] if inc.startswith("alea/") else None
            if (name is not None and name not in public) or \
                    (name is None and "/" in inc and not inc.startswith("sys/")):
                broken.append(f"A3 {rel}: includes {inc} (neither public nor the C library's)")
    # A4: bindings and examples
    for path in sources(root, "bindings", "examples"):
        rel = os.path.relpath(path, root)
        for kind, inc in includes(path):
            internal = inc.startswith(("core/", "lib/")) or "/lib/" in inc or owner(inc) is not None \
                and not inc.startswith("alea/")
            local = kind == '"' and os.path.exists(os.path.join(os.path.dirname(path), inc))
            if internal and not local:
                broken.append(f"A4 {rel}: includes {inc} (lib/ is not public)")

    # A1, A2 on the objects: who defines what, who uses what
    out = subprocess.run(["nm", "-A", archive], capture_output=True, text=True, check=True).stdout
    defined, used = {}, []
    for line in out.splitlines():
        m = re.match(r"^[^:]*:([^:]+\.o):\s*(?:[0-9a-f]+\s+)?([A-Za-z])\s+(\S+)$", line)
        if not m:
            continue
        obj, t, sym = m.groups()
        if t == "U":
            used.append((obj, sym))
        elif t.isupper():
            defined[sym] = obj
    area = lambda obj: next((g for g in games + ["core"] if obj.startswith(g + "_")), None)
    checked = 0
    for obj, sym in used:
        if sym not in defined:
            continue
        a, b = area(obj), area(defined[sym])
        checked += 1
        if a == "core" and b in games and not (obj == "core_registry.c.o"
                                               and sym == f"alea__{b}_game"):
            broken.append(f"A1 {obj}: uses {sym}, defined by the game {b} ({defined[sym]})")
        elif a in games and b in games and a != b:
            broken.append(f"A2 {obj}: uses {sym}, defined by the game {b} ({defined[sym]})")
    if checked == 0:
        broken.append(f"no symbol references read from {archive}: nothing was checked")

    for b in broken:
        print("broken:", b)
    print(f"{'FAIL' if broken else 'ok  '} architecture: {len(games)} games ({', '.join(games)}), "
          f"{checked} cross-object references, {len(broken)} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
