"""Low-level ctypes layer: finds libalea, and declares its structs, constants and
functions from the API description (``api.json`` beside this file).

Nothing here is meant for end users; the public API lives in :mod:`alea`.
``api.json`` is written from the public headers by ``bindings/describe_api.py``
(libclang) and kept current by the infra test ``api``; this module turns it into
ctypes at import (doc/api.md, "The API description"):

- every struct ``alea_foo_bar`` becomes the ``Structure`` class ``FooBar``, field for
  field (a field named as a Python keyword gets a trailing ``_``: ``from_``, ``def_``;
  a pointer field is a ``c_void_p`` address, but for strings and callbacks);
- every integer macro and enum constant ``ALEA_X`` becomes the int ``X``, with the
  game prefixes shortened (``DICE_POKER_`` to ``DP_``, ``BACKGAMMON_`` to ``BG_``,
  ``WISE_DICE_`` to ``WD_``, ``PLATEAU_`` to ``PL_``);
- every function gets its ``argtypes`` and ``restype`` (the ctypes default ``restype``
  is ``c_int``, which would truncate pointers and 64-bit values).

The struct layouts are checked against the description (every field's offset and
the sizes) and the library (``alea_check_abi()``) when the module is imported.

Where the library is found, in this order:

1. ``$ALEA_LIBRARY``, a path to the shared library (an error if it cannot be loaded);
2. next to the package: ``libalea.so`` (or ``libalea.so.1``) inside the ``alea``
   package directory, then in the directory that holds the package (a bundle that
   ships the library with the Python files);
3. the build tree: walking up from this file, ``build/lib/libalea.so`` first, then
   the newest ``build*/lib/libalea.so`` (sanitizer builds, which cannot be loaded
   into a normal interpreter, are skipped);
4. ``ctypes.util.find_library("alea")`` (ldconfig, ``LD_LIBRARY_PATH``);
5. ``libalea.so.1``, the soname, through the dynamic loader (an installed library).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import keyword
import os
import sys
from ctypes import (
    POINTER,
    Structure,
    c_char,
    c_char_p,
    c_double,
    c_float,
    c_int,
    c_int8,
    c_int16,
    c_int32,
    c_int64,
    c_size_t,
    c_uint8,
    c_uint32,
    c_uint64,
    c_void_p,
)
from pathlib import Path
from typing import Any, Dict, List, Optional

# ---------------------------------------------------------------------------
# The API description.

#: The description of the headers these bindings were built from (api.json).
API = json.loads(Path(__file__).with_name("api.json").read_text(encoding="utf-8"))

_SCALARS = {
    "void": None, "char": c_char, "signed char": ctypes.c_byte, "unsigned char": c_uint8,
    "short": ctypes.c_short, "unsigned short": ctypes.c_ushort, "int": c_int,
    "unsigned int": ctypes.c_uint, "long": ctypes.c_long, "unsigned long": ctypes.c_ulong,
    "long long": ctypes.c_longlong, "unsigned long long": ctypes.c_ulonglong,
    "float": c_float, "double": c_double, "_Bool": ctypes.c_bool, "size_t": c_size_t,
    "int8_t": c_int8, "uint8_t": c_uint8, "int16_t": c_int16, "uint16_t": ctypes.c_uint16,
    "int32_t": c_int32, "uint32_t": c_uint32, "int64_t": c_int64, "uint64_t": c_uint64,
}
_GAME_PREFIXES = (("DICE_POKER_", "DP_"), ("BACKGAMMON_", "BG_"), ("WISE_DICE_", "WD_"),
                  ("PLATEAU_", "PL_"))


def py_name(c_name: str) -> str:
    """The name of a C constant here: ``ALEA_DICE_POKER_ROWS`` is ``DP_ROWS``."""
    name = c_name[5:] if c_name.startswith("ALEA_") else c_name
    for long, short in _GAME_PREFIXES:
        if name.startswith(long):
            return short + name[len(long):]
    return name


def class_name(c_name: str) -> str:
    """The name of a struct's class here: ``alea_dice_poker_view`` is ``DicePokerView``."""
    return "".join(part.capitalize() for part in c_name[5:].split("_"))


def field_name(c_name: str) -> str:
    return c_name + "_" if keyword.iskeyword(c_name) else c_name


#: Structure classes by C name (``alea_rng``: ``Rng``).
STRUCTS: Dict[str, Any] = {}


def ctype(t: Dict[str, Any], field: bool = False) -> Any:
    """The ctypes type of a type tree of the description; ``field``: inside a struct."""
    k = t["k"]
    if k == "scalar":
        return _SCALARS[t["name"]]
    if k == "enum":
        return c_int
    if k == "struct":
        return _complete(t["name"])
    if k == "typedef":
        return ctype(t["of"], field)
    if k == "array":
        return ctype(t["of"], field) * t["n"]
    if k == "function":
        return ctypes.CFUNCTYPE(ctype(t["returns"]), *(ctype(p) for p in t["params"]))
    to = t["to"]  # a pointer
    while to["k"] == "typedef" and to["of"]["k"] != "pointer":
        to = to["of"]
    if to["k"] == "function":
        return ctype(to)
    if to["k"] == "scalar" and to["name"] == "char":
        return c_char_p if to_const(t) or field else POINTER(c_char)
    if field or (to["k"] == "scalar" and to["name"] == "void") or to.get("opaque") \
            or (to["k"] == "struct" and to["name"] not in _BY_NAME):
        return c_void_p
    return POINTER(ctype(to))


def to_const(t: Dict[str, Any]) -> bool:
    return bool(t.get("const"))


_BY_NAME = {s["name"]: s for s in API["structs"]}


def _complete(name: str) -> Any:
    """The Structure class of struct ``name``, its fields set (and those of the
    structs it holds by value before them)."""
    cls = STRUCTS.get(name)
    if cls is None:
        desc = _BY_NAME[name]
        cls = STRUCTS[name] = type(class_name(name), (Structure,), {
            "__doc__": f"``{name}``: {desc['doc']}", "__module__": __name__})
    if "_fields_" not in cls.__dict__:
        cls._fields_ = [(field_name(f["name"]), ctype(f["t"], field=True))
                        for f in _BY_NAME[name]["fields"]]
    return cls


for _s in API["structs"]:
    globals()[class_name(_s["name"])] = _complete(_s["name"])
for _t in API["typedefs"]:
    if _t["t"]["k"] == "pointer":  # callbacks, e.g. alea_backgammon_match_fn: BackgammonMatchFn
        globals()[class_name(_t["name"])] = ctype(_t["t"])

#: Every integer constant of the headers (macros and enumerators) by C name.
CONSTANTS: Dict[str, int] = {}
for _m in API["macros"]:
    if isinstance(_m["value"], int):
        CONSTANTS[_m["name"]] = _m["value"]
for _e in API["enums"]:
    for _c in _e["constants"]:
        CONSTANTS[_c["name"]] = _c["value"]
globals().update({py_name(_n): _v for _n, _v in CONSTANTS.items()})


def enum_members(prefix: str) -> Dict[str, int]:
    """The enumerators whose C name starts with ``prefix``, by the rest of the name, in
    declaration order: ``enum_members("ALEA_DICE_POKER_PHASE_")`` is ``{"THROW": 0,
    "DECIDE": 1, "OVER": 2}``; for the game modules' ``IntEnum`` classes."""
    return {c["name"][len(prefix):]: c["value"] for e in API["enums"] for c in e["constants"]
            if c["name"].startswith(prefix)}


#: ALEA_VERSION_NUMBER of the headers described.
HEADER_VERSION = VERSION_NUMBER  # noqa: F821 (from the description)
#: Names kept from the hand-written declarations of 1.0.
PL_TYPES = PL_PIECE_TYPES  # noqa: F821
BG_MATCH_FN = BackgammonMatchFn  # noqa: F821
#: Wise dice's squares and tallest stack: the dimensions of alea_wise_dice_view::stack.
_WD_STACK = next(f["t"] for f in _BY_NAME["alea_wise_dice_view"]["fields"] if f["name"] == "stack")
WD_SQUARES, WD_MAX_STACK = _WD_STACK["n"], _WD_STACK["of"]["n"]

UINT64_MAX = (1 << 64) - 1
INT32_MIN = -(1 << 31)
INT32_MAX = (1 << 31) - 1
#: Range of a C ``int`` on this platform.
INT_MIN = -(1 << (8 * ctypes.sizeof(c_int) - 1))
INT_MAX = (1 << (8 * ctypes.sizeof(c_int) - 1)) - 1
SIZE_MAX = (1 << (8 * ctypes.sizeof(c_size_t))) - 1

#: Size of every struct in the description (as the C compiler lays it out on the
#: description's target; checked below when this platform's pointers are as wide).
EXPECTED_SIZES = {STRUCTS[s["name"]]: s["size"] for s in API["structs"]}

# ---------------------------------------------------------------------------
# Loading.

ENV_VAR = "ALEA_LIBRARY"

if sys.platform == "darwin":
    _FILE_NAMES = ("libalea.dylib", "libalea.0.dylib")
elif sys.platform == "win32":
    _FILE_NAMES = ("alea.dll", "libalea.dll", "alea-0.dll")
else:
    _FILE_NAMES = ("libalea.so", "libalea.so.1")


def _is_sanitized_build(build_dir: Path) -> bool:
    """True if Meson's introspection says build_dir was configured with sanitizers."""
    info = build_dir / "meson-info" / "intro-buildoptions.json"
    try:
        options = json.loads(info.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    for opt in options:
        if isinstance(opt, dict) and opt.get("name") == "b_sanitize":
            return opt.get("value") not in (None, "", "none")
    return False


def build_tree_candidates(start: Optional[Path] = None) -> List[Path]:
    """Shared libraries found in build trees above ``start`` (default: this file).

    At each directory walking up: ``build/lib/<lib>`` first, then the other
    ``build*/lib/<lib>`` from newest to oldest, skipping sanitizer builds.
    """
    here = (start or Path(__file__)).resolve()
    found: List[Path] = []
    for parent in here.parents:
        preferred: List[Path] = []
        others: List[Path] = []
        try:
            dirs = sorted(p for p in parent.glob("build*") if p.is_dir())
        except OSError:
            continue
        for build_dir in dirs:
            for name in _FILE_NAMES:
                lib = build_dir / "lib" / name
                if lib.is_file():
                    if build_dir.name == "build":
                        preferred.append(lib)
                    elif not _is_sanitized_build(build_dir):
                        others.append(lib)
                    break
        others.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        found.extend(preferred + others)
    return found


def package_candidates(package_dir: Optional[Path] = None) -> List[Path]:
    """Shared libraries next to the package: in ``package_dir`` (default: the ``alea``
    directory), then in its parent, the first existing file name of each."""
    here = (package_dir or Path(__file__).resolve().parent)
    found: List[Path] = []
    for folder in (here, here.parent):
        for name in _FILE_NAMES:
            lib = folder / name
            if lib.is_file():
                found.append(lib)
                break
    return found


def _load() -> ctypes.CDLL:
    env = os.environ.get(ENV_VAR)
    if env:
        try:
            return ctypes.CDLL(env)
        except OSError as exc:
            raise OSError(f"cannot load libalea from {ENV_VAR}={env!r}: {exc}") from exc
    tried: List[str] = []
    for path in package_candidates() + build_tree_candidates():
        try:
            return ctypes.CDLL(str(path))
        except OSError as exc:
            tried.append(f"{path} ({exc})")
    name = ctypes.util.find_library("alea")
    if name:
        try:
            return ctypes.CDLL(name)
        except OSError as exc:
            tried.append(f"{name} ({exc})")
    try:
        return ctypes.CDLL(_FILE_NAMES[-1])
    except OSError as exc:
        tried.append(f"{_FILE_NAMES[-1]} ({exc})")
    raise OSError(
        "cannot find the alea shared library; set the environment variable "
        f"{ENV_VAR} to its path (e.g. {ENV_VAR}=build/lib/libalea.so). Tried: "
        + "; ".join(tried)
    )


lib = _load()
#: Path or name the library was loaded from.
path: str = lib._name

# ---------------------------------------------------------------------------
# Prototypes of every ALEA_API function, from the description.

#: ``name: (restype, argtypes)`` of every function of the description.
PROTOTYPES = {
    f["name"]: (ctype(f["returns"]["t"]), [ctype(p["t"]) for p in f["params"]])
    for f in API["functions"]
}
#: Functions of the experimental tier (declared only with ALEA_EXPERIMENTAL in C).
EXPERIMENTAL = frozenset(f["name"] for f in API["functions"] if f["tier"] == "experimental")

#: Names of the prototypes the library does not export (the import then fails).
missing: List[str] = []

for _name, (_restype, _argtypes) in PROTOTYPES.items():
    try:
        _fn = getattr(lib, _name)
    except AttributeError:
        missing.append(_name)
        continue
    _fn.restype = _restype
    _fn.argtypes = _argtypes
    globals()[_name] = _fn

del _name, _restype, _argtypes


_lib_holding_gil: Optional[ctypes.PyDLL] = None


def unchecked(name: str) -> Any:
    """A second handle on the C function ``name`` with its restype but no argtypes,
    called without releasing the GIL: for the hot calls that return within microseconds.

    ctypes converts every argument through ``argtypes`` on each call, and releases
    and retakes the GIL around it, which together cost more than the call itself
    for legal actions or apply; callers of this handle pass ready-made ctypes
    objects instead (``byref()`` of a struct, a ``c_uint64`` or ``c_size_t``
    instance, or None for NULL) and must get them right.  Long calls (bots,
    playouts) keep the checked, GIL-releasing functions.
    """
    global _lib_holding_gil
    if _lib_holding_gil is None:
        _lib_holding_gil = ctypes.PyDLL(lib._name)
    fn = _lib_holding_gil[name]  # a new function object, independent of the checked one
    fn.restype = PROTOTYPES[name][0]
    return fn


def __getattr__(name: str) -> Any:
    """Only reached for a name that is not a declared C function: AttributeError.

    The functions are set through ``globals()`` above, so type checkers see them
    through this hook (as ``Any``).
    """
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def text(raw: Optional[bytes]) -> Optional[str]:
    """Decodes a static C string (UTF-8) returned by the library; None stays None."""
    return None if raw is None else raw.decode("utf-8")


def status_name(status: int) -> str:
    """``alea_status_name()``: e.g. ``"ALEA_ILLEGAL_ACTION"``."""
    if not INT_MIN <= status <= INT_MAX:
        return "ALEA_UNKNOWN"
    return text(lib.alea_status_name(status)) or "ALEA_UNKNOWN"


def status_str(status: int) -> str:
    """``alea_status_str()``: e.g. ``"illegal action"``."""
    if not INT_MIN <= status <= INT_MAX:
        return "unknown status"
    return text(lib.alea_status_str(status)) or "unknown status"


def check_abi(
    header_version: int = HEADER_VERSION,
    sizeof_state: int = ctypes.sizeof(State),
    sizeof_rng: int = ctypes.sizeof(Rng),
    sizeof_error: int = ctypes.sizeof(Error),
    sizeof_outcome: int = ctypes.sizeof(Outcome),
    sizeof_result: int = ctypes.sizeof(Result),
) -> int:
    """Calls ``alea_check_abi()``, by default with the mirrored layouts; returns the status."""
    return int(
        lib.alea_check_abi(
            header_version, sizeof_state, sizeof_rng, sizeof_error, sizeof_outcome, sizeof_result
        )
    )


def _verify() -> None:
    from .errors import AbiMismatch

    if ctypes.sizeof(c_void_p) == API["target"]["pointer_size"]:
        for desc in API["structs"]:
            struct = STRUCTS[desc["name"]]
            layout = [(f["name"], f["offset"]) for f in desc["fields"]]
            mirrored = [(name.rstrip("_") if name.rstrip("_") != name and keyword.iskeyword(
                name.rstrip("_")) else name, getattr(struct, name).offset)
                for name, _ in struct._fields_]
            if ctypes.sizeof(struct) != desc["size"] or mirrored != layout:  # pragma: no cover
                raise AbiMismatch(
                    reason=f"ctypes lays out {struct.__name__} as {mirrored} in "
                    f"{ctypes.sizeof(struct)} bytes, the C headers as {layout} in {desc['size']}"
                )
    if missing:
        raise AbiMismatch(reason=f"{path} does not export {', '.join(missing)}")
    status = check_abi()
    if status != OK:
        raise AbiMismatch(
            reason=f"these bindings mirror the alea {VERSION_MAJOR}.{VERSION_MINOR}."
            f"{VERSION_PATCH} headers (state {ctypes.sizeof(State)}, rng {ctypes.sizeof(Rng)}, "
            f"error {ctypes.sizeof(Error)}, outcome {ctypes.sizeof(Outcome)}, result "
            f"{ctypes.sizeof(Result)} bytes) but {path} is version "
            f"{text(lib.alea_version_string())}"
        )


_verify()
