"""The build backend of ``pip install .`` at the root of the checkout: meson-python's
hooks, passed through unchanged.  Its one addition is the message when the
interpreter that builds has no meson-python (``pip install --no-build-isolation .``
with a Python other than Debian's /usr/bin/python3, or a venv made from one), which
would otherwise be a bare "No module named 'mesonpy'"."""
import sys

try:
    import mesonpy as _mesonpy
except ModuleNotFoundError as _err:
    if _err.name != "mesonpy":
        raise
    raise ModuleNotFoundError(
        f"alea's wheel is built by meson-python, which this interpreter ({sys.executable}, "
        f"Python {sys.version.split()[0]}) does not have.  On Debian 12 use the system's "
        "interpreter, which has it as a package:\n"
        "    apt-get install python3-mesonpy python3-venv meson ninja-build\n"
        "    /usr/bin/python3 -m venv --system-site-packages venv\n"
        "    venv/bin/pip install --no-build-isolation .\n"
        "or let pip fetch meson-python (network needed): drop --no-build-isolation.",
        name="mesonpy") from None

_HOOKS = ("build_wheel", "build_sdist", "build_editable", "get_requires_for_build_wheel",
          "get_requires_for_build_sdist", "get_requires_for_build_editable",
          "prepare_metadata_for_build_wheel", "prepare_metadata_for_build_editable")
globals().update({h: getattr(_mesonpy, h) for h in _HOOKS if hasattr(_mesonpy, h)})
