"""The Python package against the API description (bindings/api.json): the hand-written
enums of the game modules (kept as classes for their member docs and for type checkers)
have the values of the C enumerators, and name every one of them."""

from __future__ import annotations

import enum
import json
from pathlib import Path
from typing import Dict, Set, Type

import pytest

from alea import _api, backgammon, dice_poker, errors, info, plateau, wise_dice

API_JSON = Path(__file__).resolve().parents[2] / "api.json"

# (the class, the prefix of its members' C names)
ENUMS = [
    (errors.Status, "ALEA_"),
    (info.OptionKind, "ALEA_OPTION_"),
    (dice_poker.Row, "ALEA_DICE_POKER_"),
    (dice_poker.Kind, "ALEA_DICE_POKER_"),
    (dice_poker.Mark, "ALEA_DICE_POKER_"),
    (dice_poker.Phase, "ALEA_DICE_POKER_PHASE_"),
    (backgammon.Kind, "ALEA_BACKGAMMON_"),
    (backgammon.Phase, "ALEA_BACKGAMMON_PHASE_"),
    (backgammon.End, "ALEA_BACKGAMMON_END_"),
    (plateau.PieceType, "ALEA_PLATEAU_PIECE_"),
    (plateau.Face, "ALEA_PLATEAU_FACE_"),
    (plateau.Kind, "ALEA_PLATEAU_"),
    (plateau.Phase, "ALEA_PLATEAU_PHASE_"),
    (plateau.Result, "ALEA_PLATEAU_RESULT_"),
    (wise_dice.Kind, "ALEA_WISE_DICE_"),
    (wise_dice.Direction, "ALEA_WISE_DICE_"),
    (wise_dice.Phase, "ALEA_WISE_DICE_PHASE_"),
]
# Members Python adds (the C header names only the first School row) ...
PYTHON_ONLY: Dict[str, Set[str]] = {"Row": {"SCHOOL_2", "SCHOOL_3", "SCHOOL_4", "SCHOOL_5", "SCHOOL_6"}}
# ... and enumerators it leaves out: counts, and the public view's "unseen" face.
C_ONLY = {"ALEA_DICE_POKER_ROWS", "ALEA_PLATEAU_PIECE_TYPES", "ALEA_PLATEAU_FACE_UNSEEN"}


def _py(c_name: str) -> str:
    name = c_name[5:]
    for long, short in (("DICE_POKER_", "DP_"), ("BACKGAMMON_", "BG_"), ("WISE_DICE_", "WD_"),
                        ("PLATEAU_", "PL_")):
        if name.startswith(long):
            return short + name[len(long):]
    return name


@pytest.mark.parametrize("cls,prefix", ENUMS, ids=[f"{c.__module__}.{c.__name__}" for c, _ in ENUMS])
def test_enum_values_are_the_c_enumerators(cls: Type[enum.IntEnum], prefix: str) -> None:
    for member in cls:
        if member.name in PYTHON_ONLY.get(cls.__name__, set()):
            continue
        assert getattr(_api, _py(prefix + member.name)) == member.value, (cls, member)


@pytest.mark.parametrize("cls,prefix", ENUMS, ids=[f"{c.__module__}.{c.__name__}" for c, _ in ENUMS])
def test_enums_name_every_c_enumerator(cls: Type[enum.IntEnum], prefix: str) -> None:
    if not API_JSON.is_file():
        pytest.skip("bindings/api.json not found (not run from the source tree)")
    api = json.loads(API_JSON.read_text(encoding="utf-8"))
    first = prefix + next(m.name for m in cls)
    c_enum = next(e for e in api["enums"] if first in (c["name"] for c in e["constants"]))
    wanted = {c["name"][len(prefix):] for c in c_enum["constants"] if c["name"] not in C_ONLY}
    assert wanted == {m.name for m in cls} - PYTHON_ONLY.get(cls.__name__, set())
