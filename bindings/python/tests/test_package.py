"""The package as users get it: docstrings and type hints on the public API, pyproject,
where the library is found, pip install, the example script, Rng conveniences."""

from __future__ import annotations

import inspect
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Iterator, Tuple

import pytest

import alea
from alea import _lib

PACKAGE_ROOT = Path(alea.__file__).resolve().parents[1]
MODULES = ["alea", "alea.state", "alea.rng", "alea.bots", "alea.info", "alea.errors",
           "alea.dice_poker", "alea.wise_dice", "alea.plateau", "alea.backgammon",
           "alea.tournament", "alea.cli"]


def _env() -> dict:
    env = dict(os.environ)
    env["ALEA_LIBRARY"] = alea.library_path()
    return env


def public_objects() -> Iterator[Tuple[str, object]]:
    """Every public function, class, method and property of the package."""
    import importlib

    for name in MODULES:
        module = importlib.import_module(name)
        yield name, module
        for attr in getattr(module, "__all__", []):
            obj = getattr(module, attr)
            if not (inspect.isclass(obj) or inspect.isfunction(obj)):
                continue
            if getattr(obj, "__module__", "").split(".")[0] != "alea":
                continue
            yield f"{name}.{attr}", obj
            if inspect.isclass(obj) and not issubclass(obj, BaseException):
                for key, member in vars(obj).items():
                    if key.startswith("_") or key in getattr(obj, "_fields", ()):
                        continue
                    if inspect.isfunction(member) or isinstance(member, (property, classmethod)):
                        yield f"{name}.{attr}.{key}", member


def test_every_public_name_has_a_docstring():
    missing = []
    for qualname, obj in public_objects():
        target = obj.__func__ if isinstance(obj, classmethod) else obj
        doc = target.fget.__doc__ if isinstance(target, property) else target.__doc__
        if not (doc and doc.strip()):
            missing.append(qualname)
    assert missing == []


def test_every_public_function_is_annotated():
    missing = []
    for qualname, obj in public_objects():
        fn = obj.fget if isinstance(obj, property) else getattr(obj, "__func__", obj)
        if not inspect.isfunction(fn):
            continue
        sig = inspect.signature(fn)
        if sig.return_annotation is inspect.Signature.empty and fn.__name__ != "__init__":
            missing.append(f"{qualname} -> ?")
        for param in sig.parameters.values():
            if param.name in ("self", "cls"):
                continue
            if param.annotation is inspect.Parameter.empty:
                missing.append(f"{qualname}({param.name})")
    assert missing == []


def test_the_package_is_marked_typed():
    assert (Path(alea.__file__).parent / "py.typed").is_file()


def test_pyproject_declares_the_package_the_script_and_the_marker():
    tomllib = pytest.importorskip("tomllib")
    data = tomllib.loads((PACKAGE_ROOT / "pyproject.toml").read_text())
    assert data["project"]["name"] == "alea"
    assert data["project"]["version"] == alea.__version__
    assert data["project"]["scripts"]["alea"] == "alea.cli:main"
    assert data["tool"]["setuptools"]["packages"] == ["alea"]
    assert "py.typed" in data["tool"]["setuptools"]["package-data"]["alea"]
    assert not data["project"].get("dependencies")  # pure Python, ctypes only


def test_library_next_to_the_package_is_found_first_in_the_package_dir(tmp_path):
    package = tmp_path / "site" / "alea"
    package.mkdir(parents=True)
    assert _lib.package_candidates(package) == []
    beside = tmp_path / "site" / _lib._FILE_NAMES[0]
    beside.write_bytes(b"")
    assert _lib.package_candidates(package) == [beside]
    inside = package / _lib._FILE_NAMES[-1]
    inside.write_bytes(b"")
    assert _lib.package_candidates(package) == [inside, beside]


def test_a_copy_of_the_package_with_the_library_inside_loads_it(tmp_path):
    shutil.copytree(Path(alea.__file__).parent, tmp_path / "alea",
                    ignore=shutil.ignore_patterns("__pycache__"))
    real = Path(alea.library_path()).resolve()
    shutil.copy(real, tmp_path / "alea" / _lib._FILE_NAMES[0])
    env = dict(os.environ)
    env.pop("ALEA_LIBRARY", None)
    env["PYTHONPATH"] = str(tmp_path)
    proc = subprocess.run([sys.executable, "-c", "import alea; print(alea.library_path())"],
                          env=env, capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == str(tmp_path / "alea" / _lib._FILE_NAMES[0])


def test_pip_installs_the_package_and_its_command(tmp_path):
    venv = tmp_path / "venv"
    made = subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)],
                          capture_output=True, text=True, timeout=120)
    if made.returncode != 0:
        pytest.skip(f"no venv: {made.stderr.strip()[:200]}")
    py = venv / "bin" / "python"
    # A copy, so that the build leaves nothing in the source tree.
    source = tmp_path / "src"
    source.mkdir()
    shutil.copytree(PACKAGE_ROOT / "alea", source / "alea",
                    ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(PACKAGE_ROOT / name, source / name)
    # Offline: setuptools from the system site-packages, nothing downloaded.
    proc = subprocess.run(
        [str(py), "-m", "pip", "install", "--quiet", "--no-index", "--no-build-isolation",
         str(source)],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
    )
    if proc.returncode != 0 and "No module named pip" in proc.stderr:
        pytest.skip("pip is not available")
    assert proc.returncode == 0, proc.stderr
    env = _env()
    env.pop("PYTHONPATH", None)
    check = subprocess.run(
        [str(py), "-c", "import alea, pathlib; print(pathlib.Path(alea.__file__).parent)"],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60,
    )
    assert check.returncode == 0, check.stderr
    assert Path(check.stdout.strip()).is_relative_to(venv)
    assert (Path(check.stdout.strip()) / "py.typed").is_file()
    games = subprocess.run([str(venv / "bin" / "alea"), "games"], capture_output=True,
                           text=True, env=env, cwd=tmp_path, timeout=60)
    assert games.returncode == 0 and "dice-poker" in games.stdout


SOURCE_ROOT = PACKAGE_ROOT.parents[1]


def test_an_interpreter_without_meson_python_is_told_which_one_to_use():
    """`pip install --no-build-isolation .` with another python3 first on PATH (pyenv, a
    venv made from it): the backend names the interpreter and Debian's /usr/bin/python3
    instead of failing with "No module named 'mesonpy'"."""
    backend = PACKAGE_ROOT / "backend"
    code = ("import sys; sys.modules['mesonpy'] = None; sys.path.insert(0, sys.argv[1])\n"
            "try:\n    import alea_build\n"
            "except ModuleNotFoundError as e:\n    print(e); sys.exit(3)\n")
    proc = subprocess.run([sys.executable, "-c", code, str(backend)], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 3, (proc.stdout, proc.stderr)
    assert sys.executable in proc.stdout and "/usr/bin/python3 -m venv" in proc.stdout
    if _has_mesonpy():  # and with meson-python there, the hooks are meson-python's own
        import importlib
        sys.path.insert(0, str(backend))
        try:
            mod = importlib.import_module("alea_build")
        finally:
            sys.path.remove(str(backend))
        import mesonpy
        assert mod.build_wheel is mesonpy.build_wheel and mod.build_sdist is mesonpy.build_sdist


def _has_mesonpy() -> bool:
    try:
        import mesonpy  # noqa: F401
    except ImportError:
        return False
    return True


def test_the_wheel_project_has_the_library_version():
    """pyproject.toml (the wheel) and meson.build (the library) name one version."""
    import re

    meson = (SOURCE_ROOT / "meson.build").read_text(encoding="utf-8")
    pyproject = (SOURCE_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    meson_version = re.search(r"version : '([^']+)'", meson)
    wheel_version = re.search(r'^version = "([^"]+)"', pyproject, re.M)
    assert meson_version and wheel_version
    assert wheel_version.group(1) == meson_version.group(1) == alea.version()


def test_pip_install_of_the_checkout_builds_a_wheel_that_carries_libalea(tmp_path):
    """``pip install .`` in a fresh venv, offline: meson-python builds libalea into the
    package, which then works with no ALEA_LIBRARY and no PYTHONPATH."""
    try:
        import mesonpy  # noqa: F401  (Debian: python3-mesonpy)
    except ImportError:
        pytest.skip("meson-python is not installed (apt-get install python3-mesonpy)")
    if shutil.which("meson") is None or shutil.which("ninja") is None:
        pytest.skip("meson or ninja is not installed")
    venv = tmp_path / "venv"
    made = subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)],
                          capture_output=True, text=True, timeout=120)
    if made.returncode != 0:
        pytest.skip(f"no venv: {made.stderr.strip()[:200]}")
    py = venv / "bin" / "python"
    # The files the wheel build reads, copied: the build leaves nothing in the checkout.
    source = tmp_path / "src"
    source.mkdir()
    for name in ("meson.build", "meson_options.txt", "pyproject.toml", "COPYING"):
        shutil.copy(SOURCE_ROOT / name, source / name)
    for tree in ("include", "lib", "bindings/python/alea", "bindings/python/backend"):
        shutil.copytree(SOURCE_ROOT / tree, source / tree,
                        ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("README.md", "_speedups.c"):
        shutil.copy(SOURCE_ROOT / "bindings/python" / name, source / "bindings/python" / name)
    # buildtype plain (no -O2, no -g): what is checked is what the wheel carries
    # and that it loads; optimising the library only made the test slower.
    proc = subprocess.run(
        [str(py), "-m", "pip", "install", "--quiet", "--no-index", "--no-build-isolation",
         "--config-settings=setup-args=-Dbuildtype=plain", str(source)],
        capture_output=True, text=True, timeout=600, cwd=tmp_path,
    )
    if proc.returncode != 0 and "No module named pip" in proc.stderr:
        pytest.skip("pip is not available")
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-4000:]
    env = {k: v for k, v in os.environ.items()
           if k not in ("ALEA_LIBRARY", "ALEA_SPEEDUPS", "PYTHONPATH", "LD_LIBRARY_PATH")}
    script = (
        "import alea, pathlib\n"
        "lib = pathlib.Path(alea.library_path()).resolve()\n"
        "pkg = pathlib.Path(alea.__file__).resolve().parent\n"
        "assert lib.parent == pkg, (lib, pkg)\n"
        "fast = alea.speedups_path()\n"
        "assert fast is None or pathlib.Path(fast).resolve().parent == pkg, (fast, pkg)\n"
        "assert not list(pkg.glob('*.c')), 'C sources installed'\n"
        "state, rng = alea.Game('dice-poker').new_state(), alea.Rng(1)\n"
        "while not state.is_terminal:\n"
        "    state.roll(rng) if state.is_chance else state.apply(alea.bot_choose(state, 'random', rng))\n"
        "print(lib)\n"
        "print(fast)\n"
    )
    check = subprocess.run([str(py), "-c", script], capture_output=True, text=True, env=env,
                           cwd=tmp_path, timeout=60)
    assert check.returncode == 0, check.stderr
    lib_line, fast_line = check.stdout.split()
    assert Path(lib_line).is_relative_to(venv)
    # Where Python's headers are, the wheel carries the compiled hot methods too.
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    assert (fast_line != "None") == headers.is_file(), (fast_line, headers)
    games = subprocess.run([str(venv / "bin" / "alea"), "--version"], capture_output=True,
                           text=True, env=env, cwd=tmp_path, timeout=60)
    assert games.returncode == 0 and alea.version() in games.stdout, games.stderr


def test_the_tournament_example_prints_a_table_for_every_game():
    env = _env()
    env["PYTHONPATH"] = str(PACKAGE_ROOT)
    proc = subprocess.run(
        [sys.executable, str(PACKAGE_ROOT / "examples" / "tournament.py"), "4", "3"],
        capture_output=True, text=True, env=env, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].split()[:4] == ["game", "bot", "games", "wins"]
    rows = [line.split() for line in lines[1:]]
    assert {(r[0], r[1]) for r in rows} == {(g.id, b) for g in alea.games() for b in alea.BOTS}
    for r in rows:
        assert int(r[3]) <= int(r[2])


def test_every_python_example_of_the_readme_runs(capsys):
    import re

    text = (PACKAGE_ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert len(blocks) >= 6  # the generic API, errors, and one per game
    for index, block in enumerate(blocks):
        exec(compile(block, f"README.md python block {index}", "exec"), {})
    out = capsys.readouterr().out
    assert "ALEA_ILLEGAL_ACTION P-3" in out


def test_the_readme_has_a_short_example_per_game():
    text = (PACKAGE_ROOT / "README.md").read_text(encoding="utf-8")
    for info in alea.games():
        section = text.split(f"## {info.title.split(' (')[0]}\n", 1)
        assert len(section) == 2, info.title
        block = section[1].split("```python\n", 1)[1].split("```", 1)[0]
        assert f'"{info.id}"' in block
        assert len(block.strip().splitlines()) <= 12


# -- Rng conveniences ----------------------------------------------------------------


def test_rng_seed_restarts_the_sequence():
    rng = alea.Rng(99)
    first = [rng.next() for _ in range(5)]
    rng.die(6)
    rng.seed(99)
    assert [rng.next() for _ in range(5)] == first
    a, b = alea.Rng(7), alea.Rng(8)
    b.seed(7)
    assert a == b


def test_rng_draws_are_reproducible_across_kinds_of_draw():
    def draws(rng):
        return ([rng.die(6) for _ in range(20)], [rng.below(1000) for _ in range(20)],
                [rng.random() for _ in range(20)], [rng.choice("abcdef") for _ in range(20)])
    assert draws(alea.Rng(3)) == draws(alea.Rng(3))
    assert draws(alea.Rng(3)) != draws(alea.Rng(4))


def test_rng_choice_uses_below_and_refuses_empty():
    rng, twin = alea.Rng(12), alea.Rng(12)
    items = list(range(10, 30))
    assert [rng.choice(items) for _ in range(50)] == [items[twin.below(20)] for _ in range(50)]
    with pytest.raises(IndexError):
        rng.choice([])


def test_rng_copy_and_jump_give_same_and_other_streams():
    rng = alea.Rng(1)
    twin = rng.copy()
    assert [rng.next() for _ in range(4)] == [twin.next() for _ in range(4)]
    jumped = rng.copy()
    jumped.jump()
    assert [rng.next() for _ in range(4)] != [jumped.next() for _ in range(4)]


def test_a_seed_replays_a_whole_game_bots_and_dice():
    def record(seed):
        state = alea.State("backgammon")
        rng = alea.Rng(seed)
        moves = []
        while not state.is_terminal:
            action = state.sample(rng) if state.is_chance else alea.bot_choose(state, "random", rng)
            moves.append(state.action_to_str(action))
            state.apply(action)
        return moves
    assert record(21) == record(21)
    assert record(21) != record(22)


def test_the_package_type_checks_strictly():
    pytest.importorskip("mypy")  # Debian: apt-get install mypy
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir=/dev/null", "alea",
         "examples/tournament.py"],
        capture_output=True, text=True, cwd=PACKAGE_ROOT, timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


GAME_MODULES = ("backgammon", "dice_poker", "wise_dice", "plateau")


def _imported_modules(path: Path) -> set:
    import ast

    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            names.add(node.module or "")
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return {name.rsplit(".", 1)[-1] for name in names}


def test_imports_go_one_way_from_the_games_to_the_state():
    # Issue 16: state.py (and the registry it reads) name no game, not even for
    # type checking; each game module enters itself through register().
    package = Path(alea.__file__).resolve().parent
    for generic in ("state.py", "_registry.py"):
        assert not _imported_modules(package / generic) & set(GAME_MODULES), generic
    assert [m.__name__ for m in alea._GAMES] == ["alea." + g for g in GAME_MODULES]
    from alea._registry import REGISTRY, Registry

    for module in alea._GAMES:
        assert REGISTRY.view(module.GAME_ID) is module.view
        assert REGISTRY.decoder(module.GAME_ID) is module.decode
    fresh = Registry()
    alea.backgammon.register(fresh)
    assert fresh.view("backgammon") is alea.backgammon.view
    assert fresh.view("dice-poker") is None and fresh.decoder("plateau") is None


def test_what_stands_on_the_experimental_tier_is_marked():
    """Every package function that calls a function of the C experimental tier is in
    alea.EXPERIMENTAL and says so first in its docstring (issue 25 item 5)."""
    import ast
    from alea import _api

    callers = set()
    for path in sorted((PACKAGE_ROOT / "alea").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                scopes = [(f"{node.name}.{f.name}", f) for f in node.body
                          if isinstance(f, ast.FunctionDef)]
            elif isinstance(node, ast.Module):
                scopes = [(f.name, f) for f in node.body if isinstance(f, ast.FunctionDef)]
            else:
                continue
            for name, func in scopes:
                used = {n.attr for n in ast.walk(func) if isinstance(n, ast.Attribute)}
                if used & set(_api.EXPERIMENTAL):
                    callers.add(name)
    assert callers == set(alea.EXPERIMENTAL)
    for name in alea.EXPERIMENTAL:
        obj = alea
        for part in name.split("."):
            obj = getattr(obj, part)
        assert (obj.__doc__ or "").startswith("Experimental"), name
