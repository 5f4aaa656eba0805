"""Low-level ctypes layer: finds libalea, and declares its structs, constants and
functions as the API description gives them.

Nothing here is meant for end users; the public API lives in :mod:`alea`.
``bindings/describe_api.py`` writes the description of the public headers
(``bindings/api.json``, from libclang) and its ctypes form, the module ``_api.py``
beside this one, which this module re-exports; the infra test ``api`` keeps both
current (doc/api.md, "The API description"):

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
import os
import sys
from ctypes import c_int, c_size_t, c_void_p
from pathlib import Path
from typing import Any, List, Optional

# ---------------------------------------------------------------------------
# The C API's constants, structs and prototypes (generated from the API description).

from ._api import *  # noqa: E402,F401,F403 - every struct class and constant
from ._api import EXPERIMENTAL, LAYOUTS, POINTER_SIZE, PROTOTYPES, STRUCTS  # noqa: E402,F401

#: ALEA_VERSION_NUMBER of the headers described.
HEADER_VERSION = VERSION_NUMBER
#: Names kept from the hand-written declarations of 1.0.
PL_TYPES = PL_PIECE_TYPES
BG_MATCH_FN = BackgammonMatchFn
#: Wise dice's squares and tallest stack: the dimensions of alea_wise_dice_view::stack.
WD_SQUARES = len(WiseDiceView().heights)
WD_MAX_STACK = len(WiseDiceView().stack[0])

UINT64_MAX = (1 << 64) - 1
INT32_MIN = -(1 << 31)
INT32_MAX = (1 << 31) - 1
#: Range of a C ``int`` on this platform.
INT_MIN = -(1 << (8 * ctypes.sizeof(c_int) - 1))
INT_MAX = (1 << (8 * ctypes.sizeof(c_int) - 1)) - 1
SIZE_MAX = (1 << (8 * ctypes.sizeof(c_size_t))) - 1

#: Size of every struct, as the C compiler lays it out (on the described target).
EXPECTED_SIZES = {STRUCTS[name]: size for name, (size, _) in LAYOUTS.items()}

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

    if ctypes.sizeof(c_void_p) == POINTER_SIZE:  # the offsets are for this pointer size
        for name, (size, layout) in LAYOUTS.items():
            struct = STRUCTS[name]
            mirrored = tuple((field, getattr(struct, field).offset) for field, _ in struct._fields_)
            if ctypes.sizeof(struct) != size or mirrored != layout:  # pragma: no cover
                raise AbiMismatch(
                    reason=f"ctypes lays out {struct.__name__} as {mirrored} in "
                    f"{ctypes.sizeof(struct)} bytes, the C headers as {layout} in {size}"
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
