#!/usr/bin/env python3
"""Writes the machine-readable description of alea's public API, bindings/api.json,
from the public headers parsed by libclang (Debian: python3-clang-14), and the
ctypes declarations the Python package makes of it, bindings/python/alea/_api.py.

usage: python3 bindings/describe_api.py [--check | --check-derived | --stdout]

It also writes bindings/js/src/alea_api.js (constants, wasm32 struct layouts, the
exported functions) and the index of doc/api.md ("Index of the headers").  Run it after
changing a public header.  --check exits 1 (printing a diff) when a file is not what
the headers give; --check-derived compares _api.py, alea_api.js and the doc index with api.json
only (no libclang needed).  The infra test `api` runs one of them.

What is described, and where each part comes from (doc/api.md "The API description"):

- functions: every function declared in include/alea/*.h (all of them are ALEA_API;
  the symbols test checks the library exports exactly these), with its return type,
  parameter names and types, and the first sentence of its doc comment;
- structs: every struct the headers define, with size and alignment, and per field its
  type, byte offset and size, as clang lays them out for the host (x86-64 / LP64 here;
  tests/infra/api_test.sh checks them against the C compiler with offsetof());
- enums: named and anonymous, with each constant's value;
- macros: every #define but include guards; `value` is the integer or string an
  object-like macro evaluates to (evaluated here from clang's tokens), null for a
  function-like macro or an initializer;
- typedefs that are not a struct's or an enum's own name (opaque handles, callbacks);
- for each struct also its layout on wasm32 (`wasm32`: size, alignment, field offsets),
  the target of the JavaScript binding.

Every entry has `header`, `tier` and `since`.  `tier` is "experimental" for what is
declared only when ALEA_EXPERIMENTAL is defined (the headers are parsed twice, with and
without it), else "stable".  `since` is the version that added the entry (also given
for fields and enumerators): the doc comment opening with "(X.Y)", as the headers mark
additions (`/** (1.1) Name of ... */`), or an `@since X.Y` in it; else "1.0", the first
stable release.  tests/infra/api_test.py checks that every function the ABI baseline
(tests/abi/libalea.abi) lacks is marked.

Types are given twice: `type`, the C spelling ("const alea_state *"), and `t`, a tree:
  {"k": "scalar", "name": "int32_t"}   int, char, double, float, size_t, [u]intN_t, void
  {"k": "enum", "name": "alea_status"}  an enum typedef (an int)
  {"k": "struct", "name": "alea_rng"}   (with "opaque": true for alea_game)
  {"k": "pointer", "const": true, "to": T}   const qualifies the pointee
  {"k": "array", "n": 6, "of": T}
  {"k": "function", "returns": T, "params": [T, ...]}
An array parameter (`const uint8_t counts[6]`) is described as the pointer it is.
"""

from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "bindings" / "api.json"
PYTHON_OUT = ROOT / "bindings" / "python" / "alea" / "_api.py"
FORMAT = 1

SCALARS = {
    "void", "char", "signed char", "unsigned char", "short", "unsigned short", "int",
    "unsigned int", "long", "unsigned long", "long long", "unsigned long long", "float",
    "double", "_Bool", "size_t", "int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t",
    "uint32_t", "int64_t", "uint64_t",
}


def _clang():
    try:
        import clang.cindex as ci  # noqa: PLC0415
    except ImportError as exc:  # pragma: no cover
        raise SystemExit(f"needs libclang's Python bindings (apt-get install python3-clang-14): {exc}")
    return ci


def clean_comment(raw: str | None) -> str:
    """The text of a /** ... */ or /**< ... */ comment, markers and leading stars removed."""
    if not raw:
        return ""
    text = raw.strip()
    text = re.sub(r"^/\*\*<?|\*/$", "", text)
    lines = [re.sub(r"^\s*\*( |$)", "", line).rstrip() for line in text.split("\n")]
    return "\n".join(lines).strip()


SINCE_PREFIX = re.compile(r"^\((\d+\.\d+)[^)]*\)\s*")


def first_sentence(raw: str | None) -> str:
    """The doc comment's first sentence: its first paragraph up to '.  ' or a @command
    (without a leading "(1.1)" version mark)."""
    text = SINCE_PREFIX.sub("", clean_comment(raw))
    para = []
    for line in text.split("\n"):
        if not line.strip() or line.strip().startswith("@"):
            break
        para.append(line.strip())
    text = " ".join(para)
    m = re.search(r"(?<=[.!?])\s\s+|(?<=[.!?])\s+(?=[A-Z@])(?<!e\.g\.\s)(?<!i\.e\.\s)", text)
    if m:
        text = text[: m.start()]
    return text.strip()


def since_of(raw: str | None) -> str:
    """The version that added an entry: `@since X.Y` in its doc comment, or the comment
    opening with "(X.Y)" (the headers' way, e.g. "(1.1) Name of ..."); else 1.0."""
    m = re.search(r"@since\s+(\d+\.\d+)", raw or "") or SINCE_PREFIX.match(clean_comment(raw))
    return m.group(1) if m else "1.0"


def resource_include() -> str:
    """clang's own headers (stddef.h, stdint.h), for parsing for another target."""
    import glob  # noqa: PLC0415
    import shutil  # noqa: PLC0415
    import subprocess  # noqa: PLC0415

    for cc in ("clang-14", "clang"):
        if shutil.which(cc):
            out = subprocess.run([cc, "-print-resource-dir"], capture_output=True, text=True)
            if out.returncode == 0 and out.stdout.strip():
                return out.stdout.strip() + "/include"
    found = sorted(glob.glob("/usr/lib/llvm-*/lib/clang/*/include"))
    if not found:
        raise SystemExit("cannot find clang's resource headers (stddef.h) for the wasm32 layouts")
    return found[-1]


class Describer:
    def __init__(self, include: Path):
        self.ci = _clang()
        self.include = include.resolve()
        self.headers = sorted((self.include / "alea").glob("*.h"))
        self.lines = {h.resolve(): h.read_text(encoding="utf-8").split("\n") for h in self.headers}

    # -- parsing ------------------------------------------------------------
    def parse(self, experimental: bool, target: str | None = None):
        ci = self.ci
        src = "".join(f"#include <alea/{h.name}>\n" for h in self.headers)
        args = ["-x", "c", "-std=c11", f"-I{self.include}"]
        if experimental:
            args.append("-DALEA_EXPERIMENTAL")
        if target:  # another ABI: clang's own freestanding <stddef.h> and <stdint.h>
            args += ["-target", target, "-ffreestanding", "-isystem", resource_include()]
        tu = ci.Index.create().parse(
            "alea_api_description.c", args=args, unsaved_files=[("alea_api_description.c", src)],
            options=ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
            | ci.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES,
        )
        errors = [str(d) for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
        if errors:
            raise SystemExit("clang could not parse the headers:\n" + "\n".join(errors))
        return tu

    def header_of(self, cursor) -> str | None:
        f = cursor.location.file
        if f is None:
            return None
        path = Path(f.name).resolve()
        if path.parent != self.include / "alea":
            return None
        return "alea/" + path.name

    # -- types ----------------------------------------------------------------
    def type_tree(self, t) -> dict:
        ci = self.ci
        K = ci.TypeKind
        if t.kind == K.ELABORATED:
            t = t.get_named_type()
        if t.kind == K.TYPEDEF:
            name = t.get_declaration().spelling
            if name in SCALARS:
                return {"k": "scalar", "name": name}
            under = t.get_canonical()
            if under.kind == K.ENUM:
                return {"k": "enum", "name": name}
            if under.kind == K.RECORD:
                tree = {"k": "struct", "name": name}
                if under.get_size() < 0:
                    tree["opaque"] = True
                return tree
            return {"k": "typedef", "name": name, "of": self.type_tree(t.get_declaration().underlying_typedef_type)}
        if t.kind == K.POINTER:
            pointee = t.get_pointee()
            return {"k": "pointer", "const": pointee.is_const_qualified(), "to": self.type_tree(pointee)}
        if t.kind == K.CONSTANTARRAY:
            return {"k": "array", "n": t.element_count, "of": self.type_tree(t.element_type)}
        if t.kind == K.FUNCTIONPROTO:
            return {"k": "function", "returns": self.type_tree(t.get_result()),
                    "params": [self.type_tree(a) for a in t.argument_types()]}
        if t.kind == K.ENUM:
            return {"k": "enum", "name": t.get_declaration().spelling or None}
        if t.kind == K.RECORD:
            tree = {"k": "struct", "name": t.get_declaration().spelling}
            if t.get_size() < 0:
                tree["opaque"] = True
            return tree
        name = re.sub(r"\bconst\s+", "", t.spelling).strip()
        if name in SCALARS:
            return {"k": "scalar", "name": name}
        raise SystemExit(f"type {t.spelling!r} ({t.kind}) is not described")

    # -- entries --------------------------------------------------------------
    def macro_comment(self, cursor) -> str | None:
        """The doc comment of a macro, found by position: a /** */ block ending on the
        line above the #define, or a /**< */ after it on its line."""
        path = Path(cursor.location.file.name).resolve()
        lines = self.lines[path]
        line = cursor.location.line - 1
        m = re.search(r"/\*\*<.*?\*/", lines[line])
        if m:
            return m.group(0)
        end = line - 1
        if end < 0 or not lines[end].rstrip().endswith("*/"):
            return None
        start = end
        while start >= 0 and "/**" not in lines[start]:
            start -= 1
        if start < 0 or "@{" in lines[end] or "@}" in lines[end] or "*/" in lines[start][: lines[start].find("/**")]:
            return None
        block = "\n".join(lines[start: end + 1])
        block = block[block.find("/**"):]
        if "@name" in block or block.count("/*") > 1:
            return None
        return block

    def collect(self, tu) -> dict:
        ci = self.ci
        CK = ci.CursorKind
        out = {"functions": {}, "structs": {}, "enums": {}, "macros": {}, "typedefs": {}}
        anonymous = 0
        for c in tu.cursor.get_children():
            header = self.header_of(c)
            if header is None:
                continue
            base = {"header": header}
            if c.kind == CK.FUNCTION_DECL:
                out["functions"][c.spelling] = dict(
                    name=c.spelling, **base, since=since_of(c.raw_comment),
                    doc=first_sentence(c.raw_comment),
                    returns={"type": c.result_type.spelling, "t": self.type_tree(c.result_type)},
                    params=[{"name": a.spelling, "type": a.type.spelling,
                             "t": self.type_tree(a.type)} for a in c.get_arguments()],
                )
                for p, a in zip(out["functions"][c.spelling]["params"], c.get_arguments()):
                    if p["t"]["k"] == "array":  # an array parameter is a pointer
                        p["t"] = {"k": "pointer", "const": a.type.element_type.is_const_qualified(),
                                  "to": p["t"]["of"]}
            elif c.kind == CK.STRUCT_DECL and c.is_definition():
                st = c.type
                fields = []
                for f in c.get_children():
                    if f.kind != CK.FIELD_DECL:
                        continue
                    fields.append(dict(name=f.spelling, type=f.type.spelling, t=self.type_tree(f.type),
                                       offset=f.get_field_offsetof() // 8, size=f.type.get_size(),
                                       since=since_of(f.raw_comment), doc=first_sentence(f.raw_comment)))
                out["structs"][c.spelling] = dict(
                    name=c.spelling, **base, since=since_of(c.raw_comment),
                    doc=first_sentence(c.raw_comment), size=st.get_size(), align=st.get_align(),
                    fields=fields)
            elif c.kind == CK.ENUM_DECL and c.is_definition():
                name = c.spelling or None
                consts = [dict(name=e.spelling, value=e.enum_value, since=since_of(e.raw_comment),
                               doc=first_sentence(e.raw_comment))
                          for e in c.get_children() if e.kind == CK.ENUM_CONSTANT_DECL]
                key = name or "anonymous:" + consts[0]["name"]
                anonymous += name is None
                out["enums"][key] = dict(name=name, **base, since=since_of(c.raw_comment),
                                         doc=first_sentence(c.raw_comment), constants=consts)
            elif c.kind == CK.TYPEDEF_DECL:
                under = c.underlying_typedef_type
                decl = under.get_declaration()
                if decl.kind in (CK.STRUCT_DECL, CK.ENUM_DECL) and decl.spelling == c.spelling \
                        and decl.is_definition():
                    continue  # typedef struct alea_x {...} alea_x: the struct itself
                out["typedefs"][c.spelling] = dict(
                    name=c.spelling, **base, since=since_of(c.raw_comment),
                    doc=first_sentence(c.raw_comment), type=under.spelling, t=self.type_tree(under))
            elif c.kind == CK.MACRO_DEFINITION:
                tokens = [t.spelling for t in c.get_tokens()]
                toks = list(c.get_tokens())
                function_like = (len(toks) > 1 and toks[1].spelling == "("
                                 and toks[1].extent.start.offset == toks[0].extent.end.offset)
                if len(tokens) == 1 and c.spelling.endswith("_H"):
                    continue  # include guard
                comment = self.macro_comment(c)
                if function_like:
                    close = tokens.index(")")
                    params = [t for t in tokens[2:close] if t != ","]
                    body = tokens[close + 1:]
                else:
                    params = None
                    body = tokens[1:]
                out["macros"][c.spelling] = dict(
                    name=c.spelling, **base, since=since_of(comment), doc=first_sentence(comment),
                    params=params, definition=" ".join(body), tokens=body)
        return out

    def evaluate_macros(self, macros: dict) -> None:
        """`value` of every object-like macro whose tokens are an integer or string expression
        of literals, other such macros and enum-free arithmetic."""
        values: dict = {}

        def value_of(name, seen=()):
            if name in values:
                return values[name]
            m = macros.get(name)
            if m is None or m["params"] is not None or name in seen:
                return None
            body = m["tokens"]
            if len(body) == 1 and body[0].startswith('"'):
                values[name] = json.loads(body[0])
                return values[name]
            expr = []
            for tok in body:
                if re.fullmatch(r"\d+[uUlL]*", tok):
                    expr.append(tok.rstrip("uUlL"))
                elif tok in ("(", ")", "+", "-", "*", "/", "<<", ">>", "|", "&", "~"):
                    expr.append("//" if tok == "/" else tok)
                elif re.fullmatch(r"[A-Za-z_]\w*", tok):
                    v = value_of(tok, seen + (name,))
                    if not isinstance(v, int):
                        values[name] = None
                        return None
                    expr.append(f"({v})")
                else:
                    values[name] = None
                    return None
            try:
                v = eval(" ".join(expr), {"__builtins__": {}}, {}) if expr else None  # noqa: S307
            except Exception:  # noqa: BLE001
                v = None
            values[name] = v if isinstance(v, int) else None
            return values[name]

        for name, m in macros.items():
            m["value"] = value_of(name)
            del m["tokens"]

    def wasm32_layouts(self) -> dict:
        """Size, alignment and field offsets of every struct on wasm32 (the JavaScript
        binding's target), where pointers are 4 bytes."""
        CK = self.ci.CursorKind
        out = {}
        for c in self.parse(experimental=True, target="wasm32-unknown-emscripten").cursor.get_children():
            if c.kind == CK.STRUCT_DECL and c.is_definition() and self.header_of(c):
                out[c.spelling] = {"size": c.type.get_size(), "align": c.type.get_align(),
                                   "offsets": [f.get_field_offsetof() // 8 for f in c.get_children()
                                               if f.kind == CK.FIELD_DECL]}
        return out

    def describe(self) -> dict:
        stable = self.collect(self.parse(experimental=False))
        full = self.collect(self.parse(experimental=True))
        wasm32 = self.wasm32_layouts()
        for name, st in full["structs"].items():
            st["wasm32"] = wasm32[name]
        self.evaluate_macros(full["macros"])
        desc = {
            "format": FORMAT,
            "generator": "bindings/describe_api.py (libclang " + self.clang_version() + ")",
            "version": full["macros"]["ALEA_VERSION_STRING"]["value"],
            "target": {"pointer_size": 8 if sys.maxsize > 2**32 else 4},
            "headers": ["alea/" + h.name for h in self.headers],
        }
        for kind in ("functions", "structs", "enums", "typedefs", "macros"):
            entries = []
            for key, entry in full[kind].items():
                entry = dict(entry)
                entry["tier"] = "stable" if key in stable[kind] else "experimental"
                entries.append(order_keys(entry))
            entries.sort(key=lambda e: (desc["headers"].index(e["header"]), e.get("name") or "",
                                        e.get("constants", [{}])[0].get("name", "")))
            desc[kind] = entries
        return desc

    def clang_version(self) -> str:
        """libclang's major version, from its version string."""
        lib = self.ci.conf.lib
        get = lib.clang_getClangVersion
        get.restype = self.ci._CXString
        text = self.ci._CXString.from_result(get())
        m = re.search(r"version (\d+)", text)
        return m.group(1) if m else text


KEY_ORDER = ["name", "header", "tier", "since", "doc", "returns", "params", "size", "align",
             "wasm32", "fields", "constants", "type", "t", "definition", "value"]


def order_keys(entry: dict) -> dict:
    return {k: entry[k] for k in sorted(entry, key=lambda k: KEY_ORDER.index(k)
                                        if k in KEY_ORDER else len(KEY_ORDER))}


def dump(desc: dict) -> str:
    """One entry per line group, types on one line: diffable and compact."""
    def compact(obj, indent):
        pad = "  " * indent
        if isinstance(obj, dict) and obj and not ("k" in obj or set(obj) <= {"type", "t", "name"}
                                                   and "t" in obj) and not _is_leaf_record(obj):
            items = [f"{pad}  {json.dumps(k)}: {compact(v, indent + 1)}" for k, v in obj.items()]
            return "{\n" + ",\n".join(items) + "\n" + pad + "}"
        if isinstance(obj, list) and obj and isinstance(obj[0], dict):
            items = [f"{pad}  {compact(v, indent + 1)}" for v in obj]
            return "[\n" + ",\n".join(items) + "\n" + pad + "]"
        return json.dumps(obj, ensure_ascii=False)
    return compact(desc, 0) + "\n"


def _is_leaf_record(obj: dict) -> bool:
    """Fields, parameters, enum constants and wasm32 layouts: one line each."""
    return "offset" in obj or "offsets" in obj or ("value" in obj and "header" not in obj) or (
        "t" in obj and "header" not in obj)


# ---------------------------------------------------------------------------
# The Python declarations (bindings/python/alea/_api.py), made from the description alone.

PY_SCALARS = {
    "void": "None", "char": "c_char", "signed char": "c_byte", "unsigned char": "c_ubyte",
    "short": "c_short", "unsigned short": "c_ushort", "int": "c_int", "unsigned int": "c_uint",
    "long": "c_long", "unsigned long": "c_ulong", "long long": "c_longlong",
    "unsigned long long": "c_ulonglong", "float": "c_float", "double": "c_double",
    "_Bool": "c_bool", "size_t": "c_size_t", "int8_t": "c_int8", "uint8_t": "c_uint8",
    "int16_t": "c_int16", "uint16_t": "c_uint16", "int32_t": "c_int32", "uint32_t": "c_uint32",
    "int64_t": "c_int64", "uint64_t": "c_uint64",
}
PY_GAME_PREFIXES = (("DICE_POKER_", "DP_"), ("BACKGAMMON_", "BG_"), ("WISE_DICE_", "WD_"),
                    ("PLATEAU_", "PL_"))


def py_constant(c_name: str) -> str:
    """``ALEA_DICE_POKER_ROWS`` -> ``DP_ROWS``, ``ALEA_OK`` -> ``OK``."""
    name = c_name[5:] if c_name.startswith("ALEA_") else c_name
    for long, short in PY_GAME_PREFIXES:
        if name.startswith(long):
            return short + name[len(long):]
    return name


def py_class(c_name: str) -> str:
    """``alea_dice_poker_view`` -> ``DicePokerView``."""
    return "".join(part.capitalize() for part in c_name[5:].split("_"))


def py_field(c_name: str) -> str:
    import keyword  # noqa: PLC0415

    return c_name + "_" if keyword.iskeyword(c_name) else c_name


def py_type(t: dict, structs: set, field: bool = False) -> str:
    """The ctypes spelling of a type tree.  In a struct (``field``) a pointer is a
    ``c_void_p`` address, but for strings and callbacks; a function's parameter that
    points to a described struct is ``POINTER(Struct)``; an opaque handle ``c_void_p``."""
    k = t["k"]
    if k == "scalar":
        return PY_SCALARS[t["name"]]
    if k == "enum":
        return "c_int"
    if k == "struct":
        return py_class(t["name"])
    if k == "typedef":
        return py_class(t["name"]) if t["of"]["k"] == "pointer" and not field else py_type(t["of"], structs, field)
    if k == "array":
        return f"({py_type(t['of'], structs, field)} * {t['n']})"
    if k == "function":
        args = [py_type(t["returns"], structs)] + [py_type(p, structs) for p in t["params"]]
        return f"CFUNCTYPE({', '.join(args)})"
    to = t["to"]
    while to["k"] == "typedef" and to["of"]["k"] != "pointer":
        to = to["of"]
    if to["k"] == "function":
        return py_type(to, structs)
    if to["k"] == "scalar" and to["name"] == "char":
        return "c_char_p" if t["const"] or field else "POINTER(c_char)"
    if field or (to["k"] == "scalar" and to["name"] == "void") or to.get("opaque") \
            or (to["k"] == "struct" and to["name"] not in structs):
        return "c_void_p"
    return f"POINTER({py_type(to, structs)})"


def _by_value(t: dict) -> list:
    if t["k"] == "struct":
        return [t["name"]]
    if t["k"] in ("array", "typedef"):
        return _by_value(t["of"])
    return []


def python_module(desc: dict) -> str:
    structs = {s["name"] for s in desc["structs"]}
    out = [
        '"""The C API as ctypes declarations: generated by bindings/describe_api.py from',
        "bindings/api.json (the description of include/alea/*.h); do not edit.",
        "",
        "Structs ``alea_foo`` are the classes ``Foo`` (a field named as a Python keyword",
        "gets a trailing ``_``; a pointer field is a ``c_void_p`` address, but for strings",
        "and callbacks), integer macros and enumerators ``ALEA_X`` the ints ``X`` (game",
        "prefixes shortened: ``DP_``, ``BG_``, ``WD_``, ``PL_``), and ``PROTOTYPES`` maps",
        'every function to its ``(restype, argtypes)``.',
        '"""',
        "",
        "# fmt: off",
        "from ctypes import (CFUNCTYPE, POINTER, Structure, c_char, c_char_p, c_double, c_float,",
        "                    c_int, c_int8, c_int16, c_int32, c_int64, c_size_t, c_uint8, c_uint16,",
        "                    c_uint32, c_uint64, c_void_p)",
        "from typing import Any, Dict, FrozenSet, List, Tuple",
        "",
        "#: The headers' version (ALEA_VERSION_STRING) and the pointer size of the layouts below.",
        f"DESCRIBED_VERSION = {json.dumps(desc['version'])}",
        f"POINTER_SIZE = {desc['target']['pointer_size']}",
        "",
        "# Constants: integer macros, then enumerators, header by header.",
    ]
    for m in desc["macros"]:
        if isinstance(m["value"], int):
            out.append(f"{py_constant(m['name'])} = {m['value']}")
    for e in desc["enums"]:
        for c in e["constants"]:
            out.append(f"{py_constant(c['name'])} = {c['value']}")
    out += ["", "# Structs, each after the structs it holds by value."]
    done: set = set()
    by_name = {s["name"]: s for s in desc["structs"]}

    def emit(s: dict) -> None:
        if s["name"] in done:
            return
        done.add(s["name"])
        for f in s["fields"]:
            for dep in _by_value(f["t"]):
                if dep in by_name:
                    emit(by_name[dep])
        out.extend(["", "", f"class {py_class(s['name'])}(Structure):",
                    f'    """``{s["name"]}``: {s["doc"]}"""'.replace("\\", "\\\\"), "",
                    "    _fields_ = ["])
        for f in s["fields"]:
            out.append(f"        ({json.dumps(py_field(f['name']))}, {py_type(f['t'], structs, field=True)}),")
        out.append("    ]")

    for s in desc["structs"]:
        emit(s)
    out += ["", "", "# Callback types."]
    for t in desc["typedefs"]:
        if t["t"]["k"] == "pointer":
            out.append(f"{py_class(t['name'])} = {py_type(t['t'], structs)}")
    out += ["", "#: The struct classes by C name.", "STRUCTS: Dict[str, Any] = {"]
    out += [f"    {json.dumps(s['name'])}: {py_class(s['name'])}," for s in desc["structs"]]
    out += ["}", "#: Size and (field, offset) of each struct, as the C compiler lays them out.",
            "LAYOUTS: Dict[str, Tuple[int, Tuple[Tuple[str, int], ...]]] = {"]
    for s in desc["structs"]:
        fields = ", ".join(f"({json.dumps(py_field(f['name']))}, {f['offset']})" for f in s["fields"])
        out.append(f"    {json.dumps(s['name'])}: ({s['size']}, ({fields},)),")
    out += ["}", "", "#: ``name: (restype, argtypes)`` of every function.",
            "PROTOTYPES: Dict[str, Tuple[Any, List[Any]]] = {"]
    for fn in desc["functions"]:
        args = ", ".join(py_type(p["t"], structs) for p in fn["params"])
        out.append(f"    {json.dumps(fn['name'])}: ({py_type(fn['returns']['t'], structs)}, [{args}]),")
    out += ["}", "#: The functions of the experimental tier (C: declared only with ALEA_EXPERIMENTAL).",
            "EXPERIMENTAL: FrozenSet[str] = frozenset({"]
    out += [f"    {json.dumps(fn['name'])}," for fn in desc["functions"] if fn["tier"] == "experimental"]
    out += ["})", ""]
    return "\n".join(out)


# ---------------------------------------------------------------------------
# The JavaScript declarations (bindings/js/src/alea_api.js), made from the description alone.

JS_OUT = ROOT / "bindings" / "js" / "src" / "alea_api.js"


def js_module(desc: dict) -> str:
    consts = {}
    for m in desc["macros"]:
        if isinstance(m["value"], int):
            consts[m["name"]] = m["value"]
    for e in desc["enums"]:
        for c in e["constants"]:
            consts[c["name"]] = c["value"]
    status = next(e for e in desc["enums"] if e["name"] == "alea_status")
    out = [
        "// The C API as the JavaScript binding needs it: generated by bindings/describe_api.py",
        "// from bindings/api.json (the description of include/alea/*.h); do not edit.",
        "",
        "/** Every integer macro and enumerator, by C name (ALEA_OK: 0). */",
        "export const CONSTANTS = Object.freeze({",
    ]
    out += [f"  {name}: {value}," for name, value in consts.items()]
    out += ["});", "", "/** alea_status names without ALEA_, by value. */",
            "export const STATUS_NAMES = Object.freeze(["]
    out += [f"  '{c['name'][5:]}'," for c in status["constants"]]
    out += ["]);", "",
            "/** Every struct on wasm32: size, alignment and each field's byte offset. */",
            "export const STRUCTS = Object.freeze({"]
    for st in desc["structs"]:
        w = st["wasm32"]
        fields = ", ".join(f"{json.dumps(f['name'])}: {off}" for f, off in zip(st["fields"], w["offsets"]))
        out.append(f"  {st['name']}: Object.freeze({{ size: {w['size']}, align: {w['align']}, "
                   f"fields: Object.freeze({{ {fields} }}) }}),")
    out += ["});", "", "/** Every struct field's C type, e.g. 'int32_t[2][26]' (to read the views). */",
            "export const TYPES = Object.freeze({"]
    for st in desc["structs"]:
        types = ", ".join(f"{json.dumps(f['name'])}: {json.dumps(f['type'])}" for f in st["fields"])
        out.append(f"  {st['name']}: Object.freeze({{ {types} }}),")
    out += ["});", "", "/** Every exported function, and those of the experimental tier. */",
            "export const FUNCTIONS = Object.freeze(["]
    out += [f"  '{fn['name']}'," for fn in desc["functions"]]
    out += ["]);", "export const EXPERIMENTAL = Object.freeze(["]
    out += [f"  '{fn['name']}'," for fn in desc["functions"] if fn["tier"] == "experimental"]
    out += ["]);", ""]
    return "\n".join(out)


# ---------------------------------------------------------------------------
# The index of doc/api.md, made from the description alone.

DOC = ROOT / "doc" / "api.md"
INDEX_BEGIN = "<!-- api-index: written by bindings/describe_api.py from bindings/api.json -->"
INDEX_END = "<!-- /api-index -->"


def doc_index(desc: dict) -> str:
    """One row per header: its functions and types; *experimental* and (1.1) marked."""
    def mark(e: dict) -> str:
        name = f"`{e['name']}`"
        if e["since"] != "1.0":
            name += f" ({e['since']})"
        if e["tier"] == "experimental":
            name += " *(experimental)*"
        return name

    rows = ["| header | functions | types |", "|---|---|---|"]
    for h in desc["headers"]:
        fns = [mark(f) for f in desc["functions"] if f["header"] == h]
        types = [mark(e) for kind in ("structs", "enums", "typedefs") for e in desc[kind]
                 if e["header"] == h and e.get("name")]
        if fns or types:
            rows.append(f"| `{h}` | {', '.join(fns) or '—'} | {', '.join(types) or '—'} |")
    n = {k: len(desc[k]) for k in ("functions", "structs", "enums", "macros")}
    consts = sum(len(e["constants"]) for e in desc["enums"])
    return "\n".join([INDEX_BEGIN, "", *rows, "",
                      f"{n['functions']} functions, {n['structs']} structs, {n['enums']} enums "
                      f"({consts} constants) and {n['macros']} macros in all "
                      f"(alea {desc['version']} headers).", "", INDEX_END])


def doc_with_index(desc: dict, doc: str) -> str:
    if INDEX_BEGIN not in doc or INDEX_END not in doc:
        raise SystemExit(f"{DOC} has no {INDEX_BEGIN} ... {INDEX_END} section")
    a = doc.index(INDEX_BEGIN)
    b = doc.index(INDEX_END) + len(INDEX_END)
    return doc[:a] + doc_index(desc) + doc[b:]


def _compare(path: Path, text: str, how: str) -> bool:
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    if old == text:
        print(f"ok   {path} is current")
        return True
    sys.stdout.writelines(difflib.unified_diff(
        old.splitlines(True), text.splitlines(True), str(path), how))
    print(f"FAIL: {path} is not current: run python3 bindings/describe_api.py")
    return False


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--include", type=Path, default=ROOT / "include",
                    help="the headers (default: include/)")
    ap.add_argument("--json", type=Path, default=DEFAULT_OUT,
                    help="the description (default: bindings/api.json)")
    ap.add_argument("--python", type=Path, default=PYTHON_OUT,
                    help="the ctypes module (default: bindings/python/alea/_api.py)")
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true",
                      help="compare both files with what the headers give; exit 1 if stale")
    mode.add_argument("--check-derived", action="store_true",
                      help="compare the ctypes module and the index of doc/api.md with the "
                      "description only (no libclang)")
    mode.add_argument("--stdout", action="store_true", help="print the description")
    args = ap.parse_args(argv)
    if args.check_derived:
        desc = json.loads(args.json.read_text(encoding="utf-8"))
        ok = _compare(args.python, python_module(desc), str(args.json))
        ok &= _compare(JS_OUT, js_module(desc), str(args.json))
        ok &= _compare(DOC, doc_with_index(desc, DOC.read_text(encoding="utf-8")), str(args.json))
        return 0 if ok else 1
    text = dump(Describer(args.include).describe())
    if args.stdout:
        sys.stdout.write(text)
        return 0
    desc = json.loads(text)
    if args.check:
        ok = _compare(args.json, text, str(args.include))
        ok &= _compare(args.python, python_module(desc), "the description")
        ok &= _compare(JS_OUT, js_module(desc), "the description")
        ok &= _compare(DOC, doc_with_index(desc, DOC.read_text(encoding="utf-8")), "the description")
        return 0 if ok else 1
    args.json.write_text(text, encoding="utf-8")
    args.python.write_text(python_module(desc), encoding="utf-8")
    JS_OUT.write_text(js_module(desc), encoding="utf-8")
    DOC.write_text(doc_with_index(desc, DOC.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {args.json}, {args.python}, {JS_OUT} and the index of {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
