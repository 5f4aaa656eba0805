"""Loading the library, version, ABI check and the completeness of the prototypes."""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import alea
from alea import _lib


def _run_python(code: str, **env: str) -> subprocess.CompletedProcess:
    environ = dict(os.environ)
    environ.update(env)
    environ.setdefault("PYTHONPATH", str(Path(alea.__file__).resolve().parents[1]))
    return subprocess.run(
        [sys.executable, "-c", code], env=environ, capture_output=True, text=True, timeout=60
    )


def test_library_is_loaded_from_alea_library_when_set():
    wanted = os.environ.get("ALEA_LIBRARY")
    if not wanted:
        pytest.skip("ALEA_LIBRARY is not set")
    assert alea.library_path() == wanted


def test_bad_alea_library_raises_oserror_naming_the_variable(tmp_path):
    bogus = tmp_path / "libnothing.so"
    proc = _run_python(
        "import alea", ALEA_LIBRARY=str(bogus), PYTHONPATH=str(Path(alea.__file__).parents[1])
    )
    assert proc.returncode != 0
    assert "OSError" in proc.stderr
    assert "ALEA_LIBRARY" in proc.stderr


def test_build_tree_search_prefers_build_and_skips_sanitizer_builds(tmp_path):
    package = tmp_path / "bindings" / "python" / "alea"
    package.mkdir(parents=True)
    libname = "libalea.so"
    for name in ("build", "build-asan", "build-other"):
        (tmp_path / name / "lib").mkdir(parents=True)
        (tmp_path / name / "lib" / libname).write_bytes(b"")
    info = tmp_path / "build-asan" / "meson-info"
    info.mkdir()
    (info / "intro-buildoptions.json").write_text(
        json.dumps([{"name": "b_sanitize", "value": "address,undefined"}])
    )
    if sys.platform not in ("darwin", "win32"):
        found = _lib.build_tree_candidates(package / "_lib.py")
        assert found[0] == tmp_path / "build" / "lib" / libname
        assert tmp_path / "build-other" / "lib" / libname in found
        assert tmp_path / "build-asan" / "lib" / libname not in found


def test_version_string_matches_version_number():
    number = alea.version_number()
    major, minor, patch = (int(p) for p in alea.version().split(".")[:3])
    assert number == major * 10000 + minor * 100 + patch


def test_library_major_version_matches_the_bindings():
    assert alea.version_number() // 10000 == _lib.VERSION_MAJOR
    assert alea.__version__ == f"{_lib.VERSION_MAJOR}.{_lib.VERSION_MINOR}.{_lib.VERSION_PATCH}"


def test_abi_check_accepts_the_mirrored_layouts():
    assert _lib.check_abi() == alea.Status.OK


@pytest.mark.parametrize(
    "kwargs",
    [
        {"sizeof_state": 512},
        {"sizeof_rng": 16},
        {"sizeof_error": 8},
        {"sizeof_outcome": 16},
        {"sizeof_result": 4},
        {"header_version": (_lib.VERSION_MAJOR + 1) * 10000},
        {"header_version": "next minor"},  # headers newer than the library
    ],
)
def test_abi_check_rejects_other_layouts_and_versions(kwargs):
    if kwargs.get("header_version") == "next minor":
        kwargs = {"header_version": alea.version_number() + 100}
    assert _lib.check_abi(**kwargs) == alea.Status.ABI_MISMATCH


def test_struct_sizes_match_the_c_layouts():
    for struct, size in _lib.EXPECTED_SIZES.items():
        assert ctypes.sizeof(struct) == size, struct.__name__


def test_abi_mismatch_is_an_import_error():
    err = alea.AbiMismatch(reason="x")
    assert isinstance(err, ImportError)
    assert err.status == alea.Status.ABI_MISMATCH


API_JSON = Path(__file__).resolve().parents[2] / "api.json"


def test_every_described_function_has_a_prototype():
    if not API_JSON.is_file():
        pytest.skip("bindings/api.json not found (not run from the source tree)")
    api = json.loads(API_JSON.read_text(encoding="utf-8"))
    assert {f["name"] for f in api["functions"]} == set(_lib.PROTOTYPES)
    assert {f["name"] for f in api["functions"] if f["tier"] == "experimental"} == _lib.EXPERIMENTAL


def test_struct_fields_match_the_description():
    # Field order, names, offsets and sizes: the description's are the C compiler's
    # (infra test 'api'), so a ctypes layout that drifts fails here.
    if ctypes.sizeof(ctypes.c_void_p) != _lib.POINTER_SIZE:
        pytest.skip("the description's offsets are for another pointer size")
    for name, (size, layout) in _lib.LAYOUTS.items():
        struct = _lib.STRUCTS[name]
        assert ctypes.sizeof(struct) == size, name
        assert [f for f, _ in struct._fields_] == [f for f, _ in layout], name
        for field, offset in layout:
            assert getattr(struct, field).offset == offset, (name, field)


def test_experimental_functions_are_marked():
    assert {"alea_bot_evaluate", "alea_dice_poker_advise"} <= _lib.EXPERIMENTAL


def test_every_exported_symbol_has_a_prototype():
    nm = shutil.which("nm")
    if nm is None or not os.path.isfile(_lib.path):
        pytest.skip("needs nm and a library path")
    out = subprocess.run(
        [nm, "-D", "--defined-only", _lib.path], capture_output=True, text=True, check=True
    ).stdout
    # the experimental tier's names carry their symbol version: name@@ALEA_EXPERIMENTAL
    exported = {line.split()[-1].split("@")[0] for line in out.splitlines() if " T " in line}
    exported = {name for name in exported if name.startswith("alea_")}
    assert exported == set(_lib.PROTOTYPES)
    assert _lib.missing == []


def test_every_prototype_has_argtypes_and_restype():
    for name, (restype, argtypes) in _lib.PROTOTYPES.items():
        fn = getattr(_lib.lib, name)
        assert fn.restype is restype, name
        assert list(fn.argtypes) == list(argtypes), name


def test_pointer_and_64_bit_returns_are_not_truncated():
    # c_int would cut these down to 32 bits.
    for name in ("alea_game_at", "alea_game_find", "alea_state_game"):
        assert _lib.PROTOTYPES[name][0] is ctypes.c_void_p
    for name in ("alea_rng_next", "alea_rng_below", "alea_state_hash"):
        assert _lib.PROTOTYPES[name][0] is ctypes.c_uint64
