"""Exceptions: one class per status, built-in bases, message, attributes, pickling."""

from __future__ import annotations

import pickle

import pytest

import alea
from alea import _lib
from alea.errors import error_for

CLASSES = {
    alea.Status.INVALID_ARGUMENT: (alea.InvalidArgument, ValueError),
    alea.Status.ILLEGAL_ACTION: (alea.IllegalActionError, None),
    alea.Status.PARSE_ERROR: (alea.ParseError, ValueError),
    alea.Status.BUFFER_TOO_SMALL: (alea.BufferTooSmall, None),
    alea.Status.WRONG_PHASE: (alea.WrongPhaseError, None),
    alea.Status.OUT_OF_MEMORY: (alea.OutOfMemory, MemoryError),
    alea.Status.NOT_FOUND: (alea.GameNotFound, LookupError),
    alea.Status.BAD_OPTION: (alea.BadOption, ValueError),
    alea.Status.INVALID_STATE: (alea.InvalidStateError, ValueError),
    alea.Status.ABI_MISMATCH: (alea.AbiMismatch, ImportError),
    alea.Status.UNSUPPORTED: (alea.Unsupported, TypeError),
    alea.Status.WRONG_PLAYER: (alea.WrongPlayer, None),
}


def test_status_enum_names_match_the_library():
    assert len(alea.Status) == _lib.STATUS_COUNT
    for status in alea.Status:
        assert _lib.status_name(status) == "ALEA_" + status.name


def test_unknown_status_has_a_fallback_name():
    assert _lib.status_name(_lib.STATUS_COUNT + 5) == "ALEA_UNKNOWN"
    assert _lib.status_name(-1) == "ALEA_UNKNOWN"
    assert _lib.status_name(2**40) == "ALEA_UNKNOWN"


@pytest.mark.parametrize("status", list(CLASSES))
def test_each_status_maps_to_its_class_and_builtin_base(status):
    cls, builtin = CLASSES[status]
    err = error_for(status, reason="why")
    assert type(err) is cls
    assert isinstance(err, alea.AleaError)
    if builtin is not None:
        assert isinstance(err, builtin)
    assert err.status == status
    assert err.name == _lib.status_name(status)


def test_message_is_status_text_colon_reason():
    err = alea.IllegalActionError(reason="P-2.3: row Full has no empty cell")
    text = _lib.status_str(alea.Status.ILLEGAL_ACTION)
    assert str(err) == text + ": P-2.3: row Full has no empty cell"
    assert err.reason == "P-2.3: row Full has no empty cell"
    assert err.offset == -1 and err.line == 0


def test_message_without_reason_is_the_status_text():
    assert str(alea.WrongPhaseError()) == _lib.status_str(alea.Status.WRONG_PHASE)


def test_error_struct_fields_reach_the_exception():
    raw = _lib.Error(status=alea.Status.PARSE_ERROR, offset=7, line=3, message=b"bad word")
    err = error_for(alea.Status.PARSE_ERROR, raw)
    assert isinstance(err, alea.ParseError)
    assert (err.reason, err.offset, err.line) == ("bad word", 7, 3)


def test_reason_cut_inside_a_utf8_character_is_decoded():
    raw = _lib.Error(status=alea.Status.BAD_OPTION, offset=-1, line=0, message=b"Ko\xc5")
    assert error_for(alea.Status.BAD_OPTION, raw).reason == "Ko"


def test_unknown_status_gives_the_base_class():
    err = error_for(99, reason="x")
    assert type(err) is alea.AleaError
    assert err.name == "ALEA_UNKNOWN"


def test_exceptions_survive_pickling():
    err = alea.ParseError(reason="at 'x'", offset=4, line=2)
    again = pickle.loads(pickle.dumps(err))
    assert type(again) is alea.ParseError
    assert (again.status, again.reason, again.offset, again.line) == (err.status, "at 'x'", 4, 2)
    assert str(again) == str(err)
