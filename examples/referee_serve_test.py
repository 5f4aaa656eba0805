"""alea-referee --serve driven as a subprocess (doc/referee-protocol.md).

Whole games of all four games through the JSON-lines protocol, with good and
bad requests at every step: a move by the wrong seat, an illegal move, a move
at a chance node, dice at a move, malformed JSON, an unknown op, an unknown
game handle, a line that is too long, too many games.  Every refusal must
leave the game as it was (its public view is compared), and each finished
game's moves, written as a record, must pass `alea-referee` itself.

Run with ALEA_REFEREE=path/to/alea-referee (meson sets it).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import time
from typing import Any, Dict, List, Optional, Union

import pytest

REFEREE = os.environ.get("ALEA_REFEREE", "build/examples/alea-referee")
SEED = int(os.environ.get("ALEA_TEST_SEED", "12"))
# A move by another seat, a move where dice are thrown, dice where a seat moves:
# the library's seat check (alea_state_apply_text_as_n).
WRONG_SEAT = "ALEA_WRONG_PLAYER"
WRONG_TIME = "ALEA_WRONG_PLAYER"


class Server:
    """One alea-referee --serve process; request() sends a line, returns the reply."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen(
            [REFEREE, "--serve", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        self.count = 0

    def raw(self, line: bytes) -> Dict[str, Any]:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(line + b"\n")
        self.proc.stdin.flush()
        out = self.proc.stdout.readline()
        assert out.endswith(b"\n"), f"no reply line to {line[:80]!r}"
        reply = json.loads(out)
        assert isinstance(reply, dict) and isinstance(reply["ok"], bool)
        if not reply["ok"]:
            assert reply["status"].startswith("ALEA_") and reply["reason"], reply
        return reply

    def request(self, op: str, **fields: Any) -> Dict[str, Any]:
        self.count += 1
        rid = self.count
        reply = self.raw(json.dumps({"id": rid, "op": op, **fields}).encode())
        assert reply["id"] == rid
        return reply

    def ok(self, op: str, **fields: Any) -> Dict[str, Any]:
        reply = self.request(op, **fields)
        assert reply["ok"], (op, fields, reply)
        return reply

    def refused(self, status: Union[str, set], op: str, **fields: Any) -> Dict[str, Any]:
        """The request is refused with `status` and changes nothing."""
        game = fields.get("game")
        exists = isinstance(game, int) and status != "ALEA_NOT_FOUND"
        before = self.snapshot(game) if exists else None
        reply = self.request(op, **fields)
        assert not reply["ok"], (op, fields, reply)
        wanted = status if isinstance(status, set) else {status}
        assert reply["status"] in wanted, (op, fields, reply)
        if before is not None:
            assert self.snapshot(game) == before, (op, fields, reply)
        return reply

    def snapshot(self, game: int) -> Any:
        return self.ok("view", game=game, seat="public")["view"]

    def close(self) -> int:
        assert self.proc.stdin
        self.proc.stdin.close()
        code = self.proc.wait(timeout=60)
        assert self.proc.stdout
        assert self.proc.stdout.read() == b""
        return code


@pytest.fixture
def server():
    srv = Server()
    yield srv
    assert srv.close() == 0


def play_game(srv: Server, spec: str, rng: random.Random, max_plies: int = 3000) -> List[str]:
    """A whole game with random moves; bad requests at every step.  Returns the record."""
    new = srv.ok("new", spec=spec, seed=rng.randrange(2**32))
    game, players = new["game"], new["players"]
    record = [new["spec"]]
    to_move = new["to_move"]
    for _ in range(max_plies):
        if to_move == "terminal":
            break
        if to_move == "chance":
            for seat in range(players):
                assert srv.ok("legal", game=game, seat=seat)["moves"] == []
            outcomes = srv.ok("legal", game=game, seat="chance")["moves"]
            assert outcomes
            srv.refused(WRONG_TIME, "move", game=game, seat=0, move=outcomes[0])
            if rng.random() < 0.5:
                reply = srv.ok("roll", game=game)
                assert reply["dice"] in outcomes
                assert reply["seen"] == [reply["dice"]] * players  # dice are public
                record.append(reply["dice"])
            else:
                pick = rng.choice(outcomes)
                srv.refused("ALEA_PARSE_ERROR", "dice", game=game, dice=pick + "\0")
                reply = srv.ok("dice", game=game, dice=pick)
                assert reply["move"] == pick
                record.append(pick)
        else:
            moves = srv.ok("legal", game=game, seat=to_move)["moves"]
            assert moves, "a seat to move has a legal move"
            assert srv.ok("legal", game=game, seat="chance")["moves"] == []
            for seat in range(players):
                if seat != to_move:
                    assert srv.ok("legal", game=game, seat=seat)["moves"] == []
                    srv.refused(WRONG_SEAT, "move", game=game, seat=seat, move=moves[0])
            srv.refused("ALEA_WRONG_PHASE", "roll", game=game)
            srv.refused(WRONG_TIME, "dice", game=game, dice="roll 1,2,3,4,5")
            srv.refused({"ALEA_PARSE_ERROR", "ALEA_ILLEGAL_ACTION"}, "move", game=game,
                        seat=to_move, move="no such move 99")
            pick = rng.choice(moves)
            reply = srv.ok("move", game=game, seat=to_move, move=pick)
            assert reply["move"] == pick
            assert len(reply["seen"]) == players and reply["seen"][to_move] == pick
            if not spec.startswith("plateau"):  # perfect information: all see it whole
                assert set(reply["seen"]) == {pick} and reply["seen_public"] == pick
            record.append(pick)
        reply = srv.ok("result", game=game)
        to_move = reply["to_move"]
        assert srv.snapshot(game)  # every seat's view exists
        for seat in range(players):
            assert srv.ok("view", game=game, seat=seat)["view"]
    result = srv.ok("result", game=game)
    assert result["terminal"] and to_move == "terminal", f"{spec}: not over in {max_plies} plies"
    srv.refused("ALEA_WRONG_PHASE", "roll", game=game)
    srv.refused("ALEA_WRONG_PHASE", "move", game=game, seat=0, move=record[-1])
    check_record(record, result)
    srv.ok("close", game=game)
    srv.refused("ALEA_NOT_FOUND", "result", game=game)
    return record


def check_record(record: List[str], result: Dict[str, Any]) -> None:
    """The moves the server accepted form a record that alea-referee accepts."""
    text = ("\n".join(record) + "\n").encode()
    out = subprocess.run([REFEREE, "-"], input=text, capture_output=True, check=False)
    assert out.returncode == 0, out.stdout.decode()[:400]
    line = out.stdout.decode()
    assert line.startswith(f"OK: {len(record) - 1} actions, final scores")
    for seat, score in enumerate(result["scores"]):
        assert f"seat {seat}: {score}" in line


@pytest.mark.parametrize(
    "spec",
    ["dice-poker players=2 columns=1", "wise-dice", "plateau", "backgammon", "backgammon match=3"],
)
def test_whole_games_with_bad_requests(server, spec):
    rng = random.Random(f"{SEED}:{spec}")
    play_game(server, spec, rng)


def test_many_games_at_once_interleaved(server):
    rng = random.Random(SEED)
    specs = ["dice-poker players=3 columns=1", "wise-dice", "plateau", "backgammon"]
    games = {server.ok("new", spec=s, seed=i)["game"]: s for i, s in enumerate(specs)}
    assert len(set(games)) == len(specs)
    live = set(games)
    for _ in range(20000):
        if not live:
            break
        game = rng.choice(sorted(live))
        to_move = server.ok("result", game=game)["to_move"]
        if to_move == "terminal":
            live.discard(game)
        elif to_move == "chance":
            server.ok("roll", game=game)
        else:
            moves = server.ok("legal", game=game, seat=to_move)["moves"]
            server.ok("move", game=game, seat=to_move, move=rng.choice(moves))
    assert not live
    for game in games:
        assert server.ok("result", game=game)["terminal"]
        server.ok("close", game=game)


def test_the_same_seed_throws_the_same_dice(server):
    throws = []
    for _ in range(2):
        game = server.ok("new", spec="backgammon", seed=99)["game"]
        throws.append([server.ok("roll", game=game)["dice"]])
        server.ok("close", game=game)
    assert throws[0] == throws[1]


def test_protocol_errors():
    srv = Server("--max-line", "4096", "--max-games", "5")
    game = srv.ok("new", spec="dice-poker")["game"]
    before = srv.snapshot(game)
    # malformed JSON, not an object, empty line, invalid UTF-8, a NUL byte
    for line in [b"{", b"garbage", b"[1,2]", b"", b"   ", b'{"op":"new", }', b"\xff\xfe{}",
                 b'{"op":"new","spec":"dice-poker\xc3"}', b"{\"op\"\0:1}", b"null", b"42"]:
        reply = srv.raw(line)
        assert not reply["ok"] and reply["status"] == "ALEA_PARSE_ERROR", (line, reply)
        assert reply["id"] is None
    # unknown or mistyped op
    for req in [{"op": "fly"}, {"op": 3}, {"id": "x"}, {"op": "NEW", "spec": "plateau"},
                {"op": "new\u0000", "spec": "plateau"}]:
        reply = srv.raw(json.dumps(req).encode())
        assert reply["status"] == "ALEA_INVALID_ARGUMENT", (req, reply)
        assert reply["id"] == req.get("id")
    # the id is echoed whatever its type
    for rid in ["a", 7, 1.5, [1, {"x": None}], {"k": "v"}, None, True]:
        assert srv.raw(json.dumps({"id": rid, "op": "result", "game": game}).encode())["id"] == rid
    # unknown handles and bad fields
    srv.refused("ALEA_NOT_FOUND", "legal", game=game + 100, seat=0)
    srv.refused("ALEA_NOT_FOUND", "close", game=0)
    srv.refused("ALEA_NOT_FOUND", "roll", game=-5)
    srv.refused("ALEA_INVALID_ARGUMENT", "roll", game="1")
    srv.refused("ALEA_INVALID_ARGUMENT", "roll")
    srv.refused("ALEA_INVALID_ARGUMENT", "legal", game=game, seat=2)
    srv.refused("ALEA_INVALID_ARGUMENT", "legal", game=game, seat=-1)
    srv.refused("ALEA_INVALID_ARGUMENT", "legal", game=game, seat="public")
    srv.refused("ALEA_INVALID_ARGUMENT", "view", game=game, seat="chance")
    srv.refused("ALEA_INVALID_ARGUMENT", "view", game=game, public=False)
    assert srv.ok("view", game=game, public=True)["view"] == before
    srv.refused("ALEA_INVALID_ARGUMENT", "move", game=game, seat=0)
    srv.refused("ALEA_INVALID_ARGUMENT", "move", game=game, seat=0, move=["roll"])
    srv.refused("ALEA_INVALID_ARGUMENT", "dice", game=game, dice=12345)
    srv.refused("ALEA_INVALID_ARGUMENT", "new", spec=None)
    srv.refused("ALEA_INVALID_ARGUMENT", "new", spec="plateau", seed=-1)
    srv.refused("ALEA_INVALID_ARGUMENT", "new", spec="plateau", seed="7")
    srv.refused("ALEA_NOT_FOUND", "new", spec="chess")
    srv.refused("ALEA_BAD_OPTION", "new", spec="dice-poker players=9")
    reply = srv.refused("ALEA_PARSE_ERROR", "new", spec="dice-poker\u0000 players=3")
    assert reply["offset"] == 10 and "embedded NUL byte at offset 10" in reply["reason"]
    srv.refused("ALEA_PARSE_ERROR", "dice", game=game, dice="roll 1,2\u0000,3,4,5")
    # a line longer than --max-line: refused, and the next line is read normally
    long = json.dumps({"id": 1, "op": "new", "spec": "plateau" + " " * 5000}).encode()
    reply = srv.raw(long)
    assert reply["status"] == "ALEA_PARSE_ERROR" and "longer than 4096 bytes" in reply["reason"]
    assert srv.raw(b"x" * 100000)["status"] == "ALEA_PARSE_ERROR"
    assert srv.snapshot(game) == before
    # at most --max-games open games; closing one makes room
    opened = [srv.ok("new", spec="wise-dice")["game"] for _ in range(4)]
    reply = srv.refused("ALEA_OUT_OF_MEMORY", "new", spec="wise-dice")
    assert "at most 5" in reply["reason"]
    srv.ok("close", game=opened[0])
    srv.refused("ALEA_NOT_FOUND", "close", game=opened[0])
    fresh = srv.ok("new", spec="wise-dice")["game"]
    assert fresh not in opened and fresh != game  # handles are never reused
    # deep nesting, huge numbers, duplicate keys: replies, no crash
    assert not srv.raw(b"[" * 3000 + b"]" * 3000)["ok"]
    assert not srv.raw(b'{"op":"roll","game":123456789012345678901234567890}')["ok"]
    # a key twice is refused, whichever value a parser would keep (issue 24)
    for dup in (b'{"op":"result","game":0,"game":%d}' % game,
                b'{"op":"new","spec":"wise-dice","op":"close","game":%d}' % game,
                b'{"op":"result","game":%d,"x":{"a":1,"a":2}}' % game):
        reply = srv.raw(dup)
        assert not reply["ok"] and reply["status"] == "ALEA_PARSE_ERROR"
        assert "duplicate" in reply["reason"]
    assert srv.snapshot(game) == before
    assert srv.close() == 0


def test_a_line_cut_by_the_end_of_input_is_answered():
    proc = subprocess.run(
        [REFEREE, "--serve"], input=b'{"id":1,"op":"new","spec":"plateau"}', capture_output=True,
        check=False,
    )
    assert proc.returncode == 0
    reply = json.loads(proc.stdout)
    assert reply["ok"] and reply["game"] == 1


def test_bad_serve_options():
    for args in (["--max-line"], ["--max-games", "0"], ["--max-line", "x"], ["--fast"]):
        proc = subprocess.run([REFEREE, "--serve", *args], input=b"", capture_output=True,
                              check=False)
        assert proc.returncode == 2 and b"usage" in proc.stderr


def test_random_bytes_never_crash_the_server():
    rng = random.Random(SEED)
    srv = Server()
    game = srv.ok("new", spec="backgammon", seed=3)["game"]
    pieces = [b'{"op":', b'"move"', b'"game":', b"%d" % game, b'"seat":0', b'"move":"24/18"',
              b",", b"}", b"{", b'"', b"\\u0000", b"\xff", b"[", b"]", b"null", b"-1", b"1e999"]
    for _ in range(2000):
        line = b"".join(rng.choice(pieces) for _ in range(rng.randrange(1, 12)))
        line = line.replace(b"\n", b" ")
        srv.raw(line)
    assert srv.ok("result", game=game)
    assert srv.close() == 0


def test_plateau_views_hide_what_a_seat_has_not_seen(server):
    game = server.ok("new", spec="plateau", seed=1)["game"]
    server.ok("move", game=game, seat=0, move="setup a1 rb xo")
    server.ok("move", game=game, seat=1, move="setup d4 br xo")
    views = [server.ok("view", game=game, seat=s)["view"] for s in (0, 1, "public")]
    assert [v["observer"] for v in views] == [0, 1, "public"]
    texts = [v["text"] for v in views]
    assert len(set(texts)) == 3, texts  # R11: each seat sees its own hidden faces only
    # a seat's view does not change when only what it has not seen differs
    other = server.ok("new", spec="plateau", seed=1)["game"]
    server.ok("move", game=other, seat=0, move="setup a1 rb xo")
    server.ok("move", game=other, seat=1, move="setup d4 bx xo")  # another hidden face
    assert server.ok("view", game=other, seat=0)["view"]["text"] == texts[0]
    assert server.ok("view", game=other, seat=1)["view"]["text"] != texts[1]


def test_each_seat_is_told_a_move_as_it_may_see_it(server):
    """The replies to move, roll and dice carry "seen" (per seat) and
    "seen_public" (alea_state_action_observation_text): R11 in Plateau."""
    game = server.ok("new", spec="plateau", seed=1)["game"]
    reply = server.ok("move", game=game, seat=0, move="setup a1 rb xo")
    assert reply["seen"] == ["setup a1 rb xo", "setup a1 ?? x?"]
    assert reply["seen_public"] == "setup a1 ?? x?"
    reply = server.ok("move", game=game, seat=1, move="setup d4 br xo")
    assert reply["seen"] == ["setup d4 ?? x?", "setup d4 br xo"]
    reply = server.ok("move", game=game, seat=0, move="on xx a1:1")  # slid inside: unseen
    assert reply["seen"] == ["on xx a1:1", "on ?? a1:1"]
    reply = server.ok("move", game=game, seat=1, move="d4/1-c3")  # a move is public
    assert reply["seen"] == ["d4/1-c3", "d4/1-c3"] and reply["seen_public"] == "d4/1-c3"
    refused = server.refused("ALEA_WRONG_PLAYER", "move", game=game, seat=1, move="pass")
    assert "seen" not in refused


def test_games_are_found_whatever_opens_and_closes():
    """A property over random opens and closes (issue 24 item 6): every open
    handle is found and answers for its own game, a closed one is
    ALEA_NOT_FOUND, handles are never reused, and --max-games bounds the open
    games exactly, whatever the order of opens and closes."""
    rng = random.Random(24)
    srv = Server("--max-games", "7")
    open_games: Dict[int, str] = {}
    seen = set()
    specs = ["wise-dice", "dice-poker players=2", "backgammon", "plateau"]
    for _ in range(300):
        if open_games and (len(open_games) == 7 or rng.random() < 0.45):
            game = rng.choice(sorted(open_games))
            srv.ok("close", game=game)
            del open_games[game]
            srv.refused("ALEA_NOT_FOUND", "result", game=game)
        else:
            spec = rng.choice(specs)
            reply = srv.ok("new", spec=spec)
            game = reply["game"]
            assert game not in seen, "a handle reused"
            seen.add(game)
            open_games[game] = reply["spec"]
        for game, spec in open_games.items():
            assert srv.ok("view", game=game, seat="public")["ok"]
        if len(open_games) == 7:
            srv.refused("ALEA_OUT_OF_MEMORY", "new", spec="wise-dice")
        for stale in rng.sample(sorted(seen), min(3, len(seen))):
            if stale not in open_games:
                srv.refused("ALEA_NOT_FOUND", "legal", game=stale, seat=0)
    assert srv.close() == 0


def test_a_request_costs_the_same_with_many_game_slots():
    """--max-games sets memory, not the cost of each request (issue 24 item 6):
    with a million slots, 6000 requests take a few seconds (a scan of every
    slot, 48 MB, for each took half a minute)."""
    srv = Server("--max-games", "1000000")
    game = srv.ok("new", spec="wise-dice")["game"]
    start = time.monotonic()
    for _ in range(3000):
        srv.ok("result", game=game)
        srv.refused("ALEA_NOT_FOUND", "result", game=game + 1)
    assert time.monotonic() - start < 15
    assert srv.close() == 0
