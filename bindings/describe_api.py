#!/usr/bin/env python3
"""Writes the machine-readable description of alea's public API (bindings/python/alea/api.json)
from the public headers, parsed by libclang (Debian: python3-clang-14).

usage: python3 bindings/describe_api.py [--include DIR] [--out FILE | --check FILE]

--check FILE compares a fresh description with FILE and exits 1 (printing a diff) when
they differ; without --out or --check the JSON goes to stdout.

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
- typedefs that are not a struct's or an enum's own name (opaque handles, callbacks).

Every entry has `header`, `tier` and `since`.  `tier` is "experimental" for what is
declared only when ALEA_EXPERIMENTAL is defined (the headers are parsed twice, with and
without it), else "stable".  `since` is the version that added the entry: an `@since X.Y`
in its doc comment, else "1.0" (the first stable release described everything then).

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
DEFAULT_OUT = ROOT / "bindings" / "python" / "alea" / "api.json"
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


def first_sentence(raw: str | None) -> str:
    """The doc comment's first sentence: its first paragraph up to '.  ' or a @command."""
    text = clean_comment(raw)
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
    m = re.search(r"@since\s+(\d+\.\d+)", raw or "")
    return m.group(1) if m else "1.0"


class Describer:
    def __init__(self, include: Path):
        self.ci = _clang()
        self.include = include.resolve()
        self.headers = sorted((self.include / "alea").glob("*.h"))
        self.lines = {h.resolve(): h.read_text(encoding="utf-8").split("\n") for h in self.headers}

    # -- parsing ------------------------------------------------------------
    def parse(self, experimental: bool):
        ci = self.ci
        src = "".join(f"#include <alea/{h.name}>\n" for h in self.headers)
        args = ["-x", "c", "-std=c11", f"-I{self.include}"]
        if experimental:
            args.append("-DALEA_EXPERIMENTAL")
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
            if under.kind == K.POINTER and under.get_pointee().kind in (K.FUNCTIONPROTO,):
                return {"k": "typedef", "name": name, "of": self.type_tree(t.get_declaration().underlying_typedef_type)}
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
            return {"k": "struct", "name": t.get_declaration().spelling}
        name = re.sub(r"\bconst\s+", "", t.spelling).strip()
        if name in SCALARS:
            return {"k": "scalar", "name": name}
        raise SystemExit(f"type {t.spelling!r} ({t.kind}) is not described")

    @staticmethod
    def param_type(t):
        return t

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
                                       doc=first_sentence(f.raw_comment)))
                out["structs"][c.spelling] = dict(
                    name=c.spelling, **base, since=since_of(c.raw_comment),
                    doc=first_sentence(c.raw_comment), size=st.get_size(), align=st.get_align(),
                    fields=fields)
            elif c.kind == CK.ENUM_DECL and c.is_definition():
                name = c.spelling or None
                consts = [dict(name=e.spelling, value=e.enum_value, doc=first_sentence(e.raw_comment))
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

    def describe(self) -> dict:
        stable = self.collect(self.parse(experimental=False))
        full = self.collect(self.parse(experimental=True))
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
        try:
            v = self.ci.conf.lib.clang_getClangVersion()
            text = self.ci._CXString.from_result(v)
            m = re.search(r"version (\d+)", text)
            return m.group(1) if m else text
        except Exception:  # noqa: BLE001
            return "?"


KEY_ORDER = ["name", "header", "tier", "since", "doc", "returns", "params", "size", "align",
             "fields", "constants", "type", "t", "definition", "value"]


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
    """Fields, parameters and enum constants: one line each."""
    return "offset" in obj or ("value" in obj and "header" not in obj) or (
        "t" in obj and "header" not in obj)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--include", type=Path, default=ROOT / "include")
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--out", type=Path)
    group.add_argument("--check", type=Path)
    args = ap.parse_args(argv)
    text = dump(Describer(args.include).describe())
    if args.check:
        old = args.check.read_text(encoding="utf-8") if args.check.exists() else ""
        if old == text:
            print(f"ok   {args.check} describes the headers of {args.include}")
            return 0
        sys.stdout.writelines(difflib.unified_diff(
            old.splitlines(True), text.splitlines(True), str(args.check), "headers"))
        print(f"FAIL: {args.check} is not current: run python3 bindings/describe_api.py --out {args.check}")
        return 1
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
