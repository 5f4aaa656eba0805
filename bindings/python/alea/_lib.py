"""Low-level ctypes layer: finds libalea, mirrors its structs, declares every function.

Nothing here is meant for end users; the public API lives in :mod:`alea`.
Every exported C function gets its ``argtypes`` and ``restype`` below (the ctypes
default ``restype`` is ``c_int``, which would truncate pointers and 64-bit
values), and the struct layouts are checked against the library with
``alea_check_abi()`` when the module is imported.

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
from ctypes import (
    POINTER,
    Structure,
    c_char,
    c_char_p,
    c_double,
    c_int,
    c_int8,
    c_int16,
    c_int32,
    c_int8,
    c_size_t,
    c_uint8,
    c_uint32,
    c_uint64,
    c_void_p,
)
from pathlib import Path
from typing import Any, List, Optional

# ---------------------------------------------------------------------------
# Constants of the headers these bindings were written against (include/alea/*.h).

VERSION_MAJOR = 1
VERSION_MINOR = 0
VERSION_PATCH = 0
#: ALEA_VERSION_NUMBER of the headers mirrored here.
HEADER_VERSION = VERSION_MAJOR * 10000 + VERSION_MINOR * 100 + VERSION_PATCH

STATUS_COUNT = 13
ERROR_MESSAGE_SIZE = 120
STATE_MAX_SIZE = 1024
MAX_PLAYERS = 4
MAX_ACTIONS = 4096
ACTION_TEXT_MAX = 128
SPEC_MAX = 256
PLAYER_CHANCE = -1
PLAYER_TERMINAL = -2
PLAYER_INVALID = -3
OBSERVER_PUBLIC = -4

OK = 0
INVALID_ARGUMENT = 1
ILLEGAL_ACTION = 2
PARSE_ERROR = 3
BUFFER_TOO_SMALL = 4
WRONG_PHASE = 5
OUT_OF_MEMORY = 6
NOT_FOUND = 7
BAD_OPTION = 8
INVALID_STATE = 9
ABI_MISMATCH = 10
UNSUPPORTED = 11
WRONG_PLAYER = 12

OPTION_INT = 0
OPTION_BOOL = 1
OPTION_CHOICE = 2

# alea/dice_poker.h
DP_ROWS = 15
DP_MAX_COLUMNS = 6
DP_BONUSES = 6 + 8 + DP_MAX_COLUMNS
DP_MAX_ACTIONS = 252
DP_OPTIONS_VERSION = 1
DP_VIEW_VERSION = 1

# alea/backgammon.h
BG_MAX_ACTIONS = 4096
BG_OPTIONS_VERSION = 2
BG_VIEW_VERSION = 1

# alea/wise_dice.h
WD_MAX_ACTIONS = 192
WD_OPTIONS_VERSION = 1
WD_VIEW_VERSION = 1
WD_SQUARES = 96
WD_MAX_STACK = 12
# alea/plateau.h
PL_SQUARES = 16
PL_MAX_HEIGHT = 24
PL_TYPES = 7
PL_MAX_ACTIONS = 4096
PL_OPTIONS_VERSION = 1
PL_VIEW_VERSION = 1

UINT64_MAX = (1 << 64) - 1
INT32_MIN = -(1 << 31)
INT32_MAX = (1 << 31) - 1
#: Range of a C ``int`` on this platform.
INT_MIN = -(1 << (8 * ctypes.sizeof(c_int) - 1))
INT_MAX = (1 << (8 * ctypes.sizeof(c_int) - 1)) - 1
SIZE_MAX = (1 << (8 * ctypes.sizeof(c_size_t))) - 1

# ---------------------------------------------------------------------------
# Structs (field for field as in the headers).


class Error(Structure):
    """``alea_error``: why a call failed."""

    _fields_ = [
        ("status", c_int32),
        ("offset", c_int32),
        ("line", c_int32),
        ("reserved", c_int32),
        ("message", c_char * ERROR_MESSAGE_SIZE),
    ]


class Rng(Structure):
    """``alea_rng``: four xoshiro256** state words."""

    _fields_ = [("s", c_uint64 * 4)]


class Outcome(Structure):
    """``alea_outcome``: one chance outcome and its exact probability."""

    _fields_ = [
        ("action", c_uint64),
        ("num", c_uint32),
        ("den", c_uint32),
        ("prob", c_double),
    ]


class Result(Structure):
    """``alea_result``: scores, ranks, winner and returns."""

    _fields_ = [
        ("terminal", c_int32),
        ("players", c_int32),
        ("winner", c_int32),
        ("draw", c_int32),
        ("rank", c_int32 * MAX_PLAYERS),
        ("score", c_int32 * MAX_PLAYERS),
        ("returns", c_double * MAX_PLAYERS),
    ]


class Step(Structure):
    """``alea_step``: the player after a step and, when a seat acts, its legal actions."""

    _fields_ = [
        ("player", c_int32),
        ("count", c_uint32),
        ("outcome", c_uint64),
        ("actions", c_uint64 * MAX_ACTIONS),
    ]


class GameInfo(Structure):
    """``alea_game_info``."""

    _fields_ = [
        ("id", c_char_p),
        ("title", c_char_p),
        ("summary", c_char_p),
        ("min_players", c_int32),
        ("max_players", c_int32),
        ("max_actions", c_uint32),
        ("max_chance_outcomes", c_uint32),
        ("state_size", c_uint32),
        ("option_count", c_uint32),
    ]


class OptionInfo(Structure):
    """``alea_option_info``."""

    _fields_ = [
        ("name", c_char_p),
        ("help", c_char_p),
        ("kind", c_int32),
        ("min", c_int32),
        ("max", c_int32),
        ("def", c_int32),
        ("choices", c_char_p),
    ]


class State(Structure):
    """``alea_state``: an opaque, pointer-free block of ALEA_STATE_MAX_SIZE bytes."""

    _fields_ = [("opaque_", c_uint64 * (STATE_MAX_SIZE // 8))]


class DicePokerOptions(Structure):
    """``alea_dice_poker_options``."""

    _fields_ = [("version", c_uint32), ("players", c_int32), ("columns", c_int32)]


class DicePokerAction(Structure):
    """``alea_dice_poker_action``: a decoded dice-poker action."""

    _fields_ = [
        ("kind", c_int32),
        ("row", c_int32),
        ("counts", c_uint8 * 6),
        ("reserved", c_uint8 * 2),
    ]


class DicePokerCard(Structure):
    """``alea_dice_poker_card``: one player's card."""

    _fields_ = [
        ("mark", (c_uint8 * DP_MAX_COLUMNS) * DP_ROWS),
        ("value", (c_int16 * DP_MAX_COLUMNS) * DP_ROWS),
        ("reserve", c_int32),
        ("record_row", c_int32),
        ("record_col", c_int32),
        ("score", c_int32),
    ]


class DicePokerView(Structure):
    """``alea_dice_poker_view``: everything about a dice-poker state."""

    _fields_ = [
        ("version", c_uint32),
        ("players", c_int32),
        ("columns", c_int32),
        ("phase", c_int32),
        ("seat", c_int32),
        ("throws", c_int32),
        ("all_five", c_int32),
        ("turns", c_int32),
        ("dice", c_uint8 * 6),
        ("held", c_uint8 * 6),
        ("bonus_owner", c_int32 * DP_BONUSES),
        ("bonus_value", c_int32 * DP_BONUSES),
        ("card", DicePokerCard * MAX_PLAYERS),
    ]


class WiseDiceOptions(Structure):
    """``alea_wise_dice_options``."""

    _fields_ = [("version", c_uint32), ("max_moves", c_int32)]


class WiseDiceAction(Structure):
    """``alea_wise_dice_action``: a decoded wise-dice action."""

    _fields_ = [
        ("kind", c_int32),
        ("column", c_int32),
        ("player", c_int32),
        ("dice", c_int32 * 4),
        ("pip", c_int32),
        ("direction", c_int32),
        ("distance", c_int32),
        ("points", c_int32),
    ]


class WiseDicePawn(Structure):
    """``alea_wise_dice_pawn``: where one pawn is."""

    _fields_ = [("square", c_int32), ("height", c_int32), ("free", c_int32)]


class WiseDiceView(Structure):
    """``alea_wise_dice_view``: everything about a wise-dice state."""

    _fields_ = [
        ("version", c_uint32),
        ("phase", c_int32),
        ("player", c_int32),
        ("final_turn", c_int32),
        ("roll", c_int32 * 4),
        ("score", c_int32 * 2),
        ("moves", c_int32),
        ("max_moves", c_int32),
        ("pawn", (WiseDicePawn * 6) * 2),
        ("stack", (c_int8 * WD_MAX_STACK) * WD_SQUARES),
        ("heights", c_int32 * WD_SQUARES),
    ]


class PlateauOptions(Structure):
    """``alea_plateau_options``."""

    _fields_ = [("version", c_uint32), ("overpay", c_int32), ("max_plies", c_int32)]


class PlateauAction(Structure):
    """``alea_plateau_action``: a decoded plateau action."""

    _fields_ = [
        ("kind", c_int32),
        ("square", c_int32),
        ("target", c_int32),
        ("type", c_int32),
        ("side", c_int32),
        ("bottom_type", c_int32),
        ("bottom_side", c_int32),
        ("level", c_int32),
        ("flip", c_int32),
        ("lift", c_int32),
        ("stop", c_int32 * 2),
        ("set", c_uint8 * PL_TYPES),
        ("reserved", c_uint8),
    ]


class PlateauPiece(Structure):
    """``alea_plateau_piece``: one piece of a view (-1 = unknown)."""

    _fields_ = [("owner", c_int8), ("type", c_int8), ("up", c_int8), ("down", c_int8)]


class PlateauView(Structure):
    """``alea_plateau_view``: a plateau state, whole or as one seat sees it."""

    _fields_ = [
        ("version", c_uint32),
        ("viewer", c_int32),
        ("phase", c_int32),
        ("to_act", c_int32),
        ("result", c_int32),
        ("passes", c_int32),
        ("min_offer", c_int32),
        ("plies", c_int32),
        ("max_plies", c_int32),
        ("overpay", c_int32),
        ("height", c_int32 * PL_SQUARES),
        ("stack", (PlateauPiece * PL_MAX_HEIGHT) * PL_SQUARES),
        ("reserve_size", c_int32 * 2),
        ("reserve", (c_int32 * PL_TYPES) * 2),
        ("prisoners", (c_int32 * PL_TYPES) * 2),
        ("offer", c_int32 * PL_TYPES),
        ("offer_value", c_int32),
    ]


class BackgammonOptions(Structure):
    """``alea_backgammon_options``."""

    _fields_ = [
        ("version", c_uint32),
        ("match", c_int32),
        ("money", c_int32),
        ("games", c_int32),
        ("cube", c_int32),
        ("crawford", c_int32),
        ("jacoby", c_int32),
        ("beavers", c_int32),
        ("auto_doubles", c_int32),
        ("max_cube", c_int32),
        ("opening", c_int32),
        ("resign", c_int32),
        ("dead_cube", c_int32),
    ]


class BackgammonAction(Structure):
    """``alea_backgammon_action``: a decoded backgammon action."""

    _fields_ = [
        ("kind", c_int32),
        ("value", c_int32),
        ("dice", c_int32 * 2),
        ("steps", c_int32),
        ("from_", c_int32 * 4),
        ("to", c_int32 * 4),
    ]


BG_NAME_MAX = 64
BG_MATCH_INFO_VERSION = 1
BG_FORMAT_AUTO, BG_FORMAT_MAT, BG_FORMAT_SGF = 0, 1, 2


class BackgammonMatchInfo(Structure):
    """``alea_backgammon_match_info``."""

    _fields_ = [
        ("version", c_uint32),
        ("format", c_int32),
        ("match_length", c_int32),
        ("games", c_int32),
        ("complete", c_int32),
        ("score", c_int32 * 2),
        ("names", (ctypes.c_char * BG_NAME_MAX) * 2),
        ("spec", ctypes.c_char * SPEC_MAX),
        ("error_game", c_int32),
        ("error_move", c_int32),
        ("error_line", c_int32),
    ]


class BackgammonMatchEntry(Structure):
    """``alea_backgammon_match_entry``."""

    _fields_ = [
        ("game", c_int32),
        ("move", c_int32),
        ("line", c_int32),
        ("game_start", c_int32),
        ("action", c_uint64),
        ("before", ctypes.c_void_p),
        ("after", ctypes.c_void_p),
    ]


BG_MATCH_FN = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, POINTER(BackgammonMatchEntry))


class BackgammonView(Structure):
    """``alea_backgammon_view``: everything about a backgammon state."""

    _fields_ = [
        ("version", c_uint32),
        ("phase", c_int32),
        ("turn", c_int32),
        ("to_act", c_int32),
        ("points", (c_int32 * 26) * 2),
        ("dice", c_int32 * 2),
        ("pips", c_int32 * 2),
        ("cube_value", c_int32),
        ("cube_owner", c_int32),
        ("double_offered", c_int32),
        ("resign_offered", c_int32),
        ("match_length", c_int32),
        ("money", c_int32),
        ("cube_enabled", c_int32),
        ("score", c_int32 * 2),
        ("crawford", c_int32),
        ("post_crawford", c_int32),
        ("games_played", c_int32),
        ("last_winner", c_int32),
        ("last_value", c_int32),
        ("last_how", c_int32),
    ]


# Sizes the C compiler gives these structs on every ABI alea supports (no padding
# surprises: fixed-width fields only).  Checked below, independently of ctypes.
EXPECTED_SIZES = {
    Error: 136,
    Rng: 32,
    Outcome: 24,
    Result: 80,
    State: STATE_MAX_SIZE,
    DicePokerOptions: 12,
    DicePokerAction: 16,
    DicePokerCard: 288,
    BackgammonOptions: 52,
    BackgammonAction: 52,
    BackgammonView: 300,
    BackgammonMatchInfo: 424,
    BackgammonMatchEntry: 40,
    DicePokerView: 1356,
    WiseDiceOptions: 8,
    WiseDiceAction: 44,
    WiseDicePawn: 12,
    WiseDiceView: 1728,
    PlateauOptions: 12,
    PlateauAction: 56,
    PlateauPiece: 4,
    PlateauView: 1792,
}

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
# Prototypes of every ALEA_API function.

_p = POINTER
_buf = _p(c_char)  # caller text buffer (ctypes.create_string_buffer)

PROTOTYPES = {
    # common.h
    "alea_status_str": (c_char_p, [c_int]),
    "alea_status_name": (c_char_p, [c_int]),
    "alea_version": (c_uint32, []),
    "alea_version_string": (c_char_p, []),
    "alea_check_abi": (
        c_int,
        [c_uint32, c_size_t, c_size_t, c_size_t, c_size_t, c_size_t],
    ),
    # rng.h
    "alea_rng_seed": (None, [_p(Rng), c_uint64]),
    "alea_rng_next": (c_uint64, [_p(Rng)]),
    "alea_rng_below": (c_uint64, [_p(Rng), c_uint64]),
    "alea_rng_die": (c_int, [_p(Rng), c_int]),
    "alea_rng_double": (c_double, [_p(Rng)]),
    "alea_rng_jump": (None, [_p(Rng)]),
    # game.h (an alea_game* is an opaque c_void_p)
    "alea_game_count": (c_size_t, []),
    "alea_game_at": (c_void_p, [c_size_t]),
    "alea_game_find": (c_void_p, [c_char_p]),
    "alea_game_find_n": (c_void_p, [c_char_p, c_size_t]),
    "alea_game_get_info": (c_int, [_p(GameInfo), c_void_p]),
    "alea_game_id": (c_char_p, [c_void_p]),
    "alea_game_option": (c_int, [_p(OptionInfo), c_void_p, c_size_t]),
    # state.h
    "alea_state_init": (c_int, [_p(State), c_char_p, _p(Error)]),
    "alea_state_init_n": (c_int, [_p(State), c_char_p, c_size_t, _p(Error)]),
    "alea_state_new": (c_int, [_p(_p(State)), c_char_p, _p(Error)]),
    "alea_state_new_n": (c_int, [_p(_p(State)), c_char_p, c_size_t, _p(Error)]),
    "alea_state_free": (None, [_p(State)]),
    "alea_state_clone": (c_int, [_p(_p(State)), _p(State)]),
    "alea_state_copy": (c_int, [_p(State), _p(State)]),
    "alea_state_size": (c_size_t, [_p(State)]),
    "alea_state_game": (c_void_p, [_p(State)]),
    "alea_state_validate": (c_int, [_p(State), _p(Error)]),
    "alea_state_equal": (c_int, [_p(State), _p(State)]),
    "alea_state_hash": (c_uint64, [_p(State)]),
    "alea_state_current_player": (c_int, [_p(State)]),
    "alea_state_num_players": (c_int, [_p(State)]),
    "alea_state_legal_actions": (c_int, [_p(c_uint64), c_size_t, _p(c_size_t), _p(State)]),
    "alea_state_chance_outcomes": (c_int, [_p(Outcome), c_size_t, _p(c_size_t), _p(State)]),
    "alea_state_check_action": (c_int, [_p(State), c_uint64, _p(Error)]),
    "alea_state_apply": (c_int, [_p(State), c_uint64, _p(Error)]),
    "alea_state_apply_text": (c_int, [_p(State), c_char_p, _p(Error)]),
    "alea_state_apply_text_n": (c_int, [_p(State), c_char_p, c_size_t, _p(Error)]),
    "alea_state_check_as": (c_int, [_p(State), c_int, c_uint64, _p(Error)]),
    "alea_state_apply_as": (c_int, [_p(State), c_int, c_uint64, _p(Error)]),
    "alea_state_apply_text_as": (c_int, [_p(State), c_int, c_char_p, _p(Error)]),
    "alea_state_apply_text_as_n": (c_int, [_p(State), c_int, c_char_p, c_size_t, _p(Error)]),
    "alea_state_apply_and_list": (c_int, [_p(Step), _p(State), c_uint64, _p(Error)]),
    "alea_state_roll_and_list": (c_int, [_p(Step), _p(State), _p(Rng), _p(Error)]),
    "alea_state_sample": (c_int, [_p(c_uint64), _p(State), _p(Rng)]),
    "alea_state_roll": (c_int, [_p(c_uint64), _p(State), _p(Rng)]),
    "alea_state_action_to_text": (c_int, [_buf, c_size_t, _p(c_size_t), _p(State), c_uint64]),
    "alea_state_action_from_text": (c_int, [_p(c_uint64), _p(State), c_char_p, _p(Error)]),
    "alea_state_action_from_text_n": (
        c_int,
        [_p(c_uint64), _p(State), c_char_p, c_size_t, _p(Error)],
    ),
    "alea_state_to_text": (c_int, [_buf, c_size_t, _p(c_size_t), _p(State)]),
    "alea_state_from_text": (c_int, [_p(State), c_char_p, _p(Error)]),
    "alea_state_from_text_n": (c_int, [_p(State), c_char_p, c_size_t, _p(Error)]),
    "alea_state_to_board": (c_int, [_buf, c_size_t, _p(c_size_t), _p(State)]),
    "alea_state_to_json": (c_int, [_buf, c_size_t, _p(c_size_t), _p(State)]),
    "alea_state_observation_text": (c_int, [_buf, c_size_t, _p(c_size_t), _p(State), c_int]),
    "alea_state_observation_json": (c_int, [_buf, c_size_t, _p(c_size_t), _p(State), c_int]),
    "alea_state_observation_board": (c_int, [_buf, c_size_t, _p(c_size_t), _p(State), c_int]),
    "alea_state_spec": (c_int, [_buf, c_size_t, _p(c_size_t), _p(State)]),
    "alea_state_scores": (c_int, [_p(c_int32), c_size_t, _p(c_size_t), _p(State)]),
    "alea_state_result": (c_int, [_p(Result), _p(State)]),
    # record.h
    "alea_record_replay": (c_int, [_p(State), _p(c_size_t), c_char_p, _p(Error)]),
    "alea_record_replay_n": (c_int, [_p(State), _p(c_size_t), c_char_p, c_size_t, _p(Error)]),
    # bot.h
    "alea_bot_name": (c_char_p, [c_int]),
    "alea_bot_find": (c_int, [c_char_p]),
    "alea_bot_choose": (c_int, [_p(c_uint64), _p(State), c_int, _p(Rng)]),
    # dice_poker.h
    "alea_dice_poker_options_init": (c_int, [_p(DicePokerOptions), ctypes.c_uint32]),
    "alea_dice_poker_init": (c_int, [_p(State), _p(DicePokerOptions), _p(Error)]),
    "alea_dice_poker_encode": (c_int, [_p(c_uint64), _p(DicePokerAction)]),
    "alea_dice_poker_decode": (c_int, [_p(DicePokerAction), c_uint64]),
    "alea_dice_poker_combination_value": (c_int, [_p(c_int32), c_int32, _p(c_uint8), c_int]),
    "alea_dice_poker_get_view": (c_int, [_p(DicePokerView), _p(State)]),
    "alea_dice_poker_pack": (c_uint32, [_p(c_uint8)]),
    # backgammon.h
    "alea_backgammon_options_init": (c_int, [_p(BackgammonOptions), ctypes.c_uint32]),
    "alea_backgammon_init": (c_int, [_p(State), _p(BackgammonOptions), _p(Error)]),
    "alea_backgammon_encode": (c_int, [_p(c_uint64), _p(BackgammonAction)]),
    "alea_backgammon_decode": (c_int, [_p(BackgammonAction), c_uint64]),
    "alea_backgammon_get_view": (c_int, [_p(BackgammonView), _p(State)]),
    "alea_backgammon_position_id": (c_int, [_buf, c_size_t, _p(c_size_t), _p(State)]),
    "alea_backgammon_match_id": (c_int, [_buf, c_size_t, _p(c_size_t), _p(State)]),
    "alea_backgammon_decode_position_id": (
        c_int,
        [_p(c_int32), _p(c_int32), c_char_p, _p(Error)],
    ),
    "alea_backgammon_decode_position_id_n": (
        c_int,
        [_p(c_int32), _p(c_int32), c_char_p, c_size_t, _p(Error)],
    ),
    "alea_backgammon_from_gnubg": (c_int, [_p(State), c_char_p, c_char_p, c_char_p, _p(Error)]),
    "alea_backgammon_from_gnubg_n": (
        c_int,
        [_p(State), c_char_p, c_size_t, c_char_p, c_size_t, c_char_p, c_size_t, _p(Error)],
    ),
    "alea_backgammon_read_match": (
        c_int,
        [_p(BackgammonMatchInfo), c_char_p, c_int32, BG_MATCH_FN, ctypes.c_void_p, _p(Error)],
    ),
    "alea_backgammon_read_match_n": (
        c_int,
        [_p(BackgammonMatchInfo), c_char_p, c_size_t, c_int32, BG_MATCH_FN, ctypes.c_void_p,
         _p(Error)],
    ),
    "alea_backgammon_write_match": (
        c_int,
        [_buf, c_size_t, _p(c_size_t), c_int32, c_char_p, _p(c_uint64), c_size_t,
         _p(c_char_p), _p(Error)],
    ),
    # wise_dice.h
    "alea_wise_dice_options_init": (c_int, [_p(WiseDiceOptions), ctypes.c_uint32]),
    "alea_wise_dice_init": (c_int, [_p(State), _p(WiseDiceOptions), _p(Error)]),
    "alea_wise_dice_encode": (c_int, [_p(c_uint64), _p(WiseDiceAction)]),
    "alea_wise_dice_decode": (c_int, [_p(WiseDiceAction), c_uint64]),
    "alea_wise_dice_get_view": (c_int, [_p(WiseDiceView), _p(State)]),
    # plateau.h
    "alea_plateau_options_init": (c_int, [_p(PlateauOptions), ctypes.c_uint32]),
    "alea_plateau_init": (c_int, [_p(State), _p(PlateauOptions), _p(Error)]),
    "alea_plateau_encode": (c_int, [_p(c_uint64), _p(PlateauAction)]),
    "alea_plateau_decode": (c_int, [_p(PlateauAction), c_uint64]),
    "alea_plateau_get_view": (c_int, [_p(PlateauView), _p(State)]),
    "alea_plateau_get_public_view": (c_int, [_p(PlateauView), _p(State), c_int32]),
    "alea_plateau_public_text": (
        c_int,
        [_buf, c_size_t, _p(c_size_t), _p(State), c_int32],
    ),
    "alea_plateau_public_json": (
        c_int,
        [_buf, c_size_t, _p(c_size_t), _p(State), c_int32],
    ),
    "alea_plateau_exchange_value": (c_int32, [_p(c_uint8)]),
    # ---- bots (issue 8): option and advice structs are in bots.py, passed by pointer ----
    "alea_bot_options_init": (c_int, [c_void_p, c_int]),
    "alea_bot_options_init_version": (c_int, [c_void_p, c_int, ctypes.c_uint32]),
    "alea_bot_workspace_size": (c_int, [_p(c_size_t), c_void_p, c_void_p, _p(Error)]),
    "alea_bot_choose_with": (
        c_int,
        [_p(c_uint64), _p(State), c_void_p, c_void_p, c_size_t, _p(Rng), _p(Error)],
    ),
    "alea_bot_evaluate": (
        c_int,
        [_p(ctypes.c_double), c_size_t, _p(c_size_t), _p(State), c_void_p, c_void_p, c_size_t,
         _p(Error)],
    ),
    "alea_dice_poker_advise": (c_int, [c_void_p, _p(State), c_int]),
    # ---- levels and ranked actions (1.1; the ranked struct is in bots.py) ----
    "alea_bot_level_name": (c_char_p, [c_void_p, c_size_t]),
    "alea_bot_options_level": (c_int, [c_void_p, c_void_p, c_char_p, _p(Error)]),
    "alea_bot_rank": (
        c_int,
        [c_void_p, c_size_t, _p(c_size_t), _p(State), c_void_p, c_void_p, c_size_t, _p(Error)],
    ),
    # ---- research at scale (issue 14) ----
    # playout.h (bot options are passed by pointer, as above)
    "alea_playouts_workspace_size": (c_int, [_p(c_size_t), c_void_p, c_size_t, c_void_p, _p(Error)]),
    # tensor.h
    "alea_game_observation_size": (c_int, [_p(c_size_t), c_void_p]),
    "alea_state_observation_tensor": (
        c_int, [_p(ctypes.c_float), c_size_t, _p(c_size_t), _p(State), c_int]),
    "alea_state_afterstate_tensors": (
        c_int, [_p(ctypes.c_float), _p(c_uint64), c_size_t, _p(c_size_t), _p(State), c_int]),
    "alea_playouts": (
        c_int,
        [_p(c_double), _p(c_int32), _p(c_uint32), _p(State), c_void_p, c_size_t, c_uint64,
         c_uint64, c_size_t, c_void_p, c_size_t, _p(Error)],
    ),
}

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

    for struct, size in EXPECTED_SIZES.items():
        if ctypes.sizeof(struct) != size:  # pragma: no cover - a broken ctypes
            raise AbiMismatch(
                reason=f"ctypes lays out {struct.__name__} in {ctypes.sizeof(struct)} bytes, "
                f"the C headers in {size}"
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
