#!/usr/bin/env python3
"""The online server (examples/online/alea_online.py, doc/online.md) without a
browser: WebSocket clients in Python play whole games through it.

- a backgammon game from the first throw to the end, each move one of the
  legal moves the mover's own state message lists; on the way, and each
  time with no state change: a move by the seat not to move (the referee's
  ALEA_WRONG_PLAYER), an illegal move (the referee's status and reason), a
  replayed message (STALE), a forged token (BAD_TOKEN), a move that names
  another seat, a move before joining; a socket closed and the seat joined
  again with its token (the game resumes where it was, the history and view
  as before), a seat taken over by a newer socket;
- a Plateau game to its end, where each client is never sent the other's
  hidden faces (R11): every event a client gets is the library's
  action_observation() for its seat and every view its observation(),
  checked by replaying the game in the Python bindings; and the full text of
  a move that hides something never appears in the other client's messages;
- the HTTP side (the page, the package, no path outside them, no foreign
  Origin) and the limits (games at once, message size, idle games closed).

usage: online_test.py [SERVER]   (env: ALEA_REFEREE, ALEA_JS_DIST, ALEA_LIBRARY)
Exit 0 = pass, 1 = fail, 77 = skipped (no python3-websockets).
"""
from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Optional

try:
    import websockets
    import websockets.client
    import websockets.exceptions
except ImportError:
    print("SKIP: python3-websockets is not installed (apt-get install python3-websockets)")
    sys.exit(77)

HERE = Path(__file__).resolve().parent
SERVER = sys.argv[1] if len(sys.argv) > 1 else str(HERE / "alea_online.py")
REFEREE = os.environ.get("ALEA_REFEREE", str(HERE.parents[1] / "build" / "examples" / "alea-referee"))
SEED = int(os.environ.get("ALEA_TEST_SEED", "7"))
TIMEOUT = 20.0
failures: List[str] = []
Json = Dict[str, Any]

alea: Any = None
if os.environ.get("ALEA_NO_BINDINGS") != "1":
    try:  # the library itself, to replay the games (meson sets ALEA_LIBRARY and PYTHONPATH)
        import alea  # type: ignore[import, no-redef]
    except (ImportError, OSError) as e:  # pragma: no cover - said in the output
        print(f"note: the Python bindings are not importable ({e}): the games are not replayed")
if alea is None:
    print("note: without the Python bindings the games are not replayed in the library")


def check(cond: bool, what: str) -> None:
    print(("ok   " if cond else "FAIL: ") + what, flush=True)
    if not cond:
        failures.append(what)


class Server:
    """alea_online.py as a subprocess on a free port of 127.0.0.1."""

    def __init__(self, *extra: str) -> None:
        self.dist = tempfile.mkdtemp(prefix="alea-online-dist.")
        dist = os.environ.get("ALEA_JS_DIST")
        if not dist or not (Path(dist) / "alea.js").is_file():
            # the HTTP side needs some package files; a stand-in is enough here
            dist = self.dist
            (Path(dist) / "alea.js").write_text("export const stub = 1;\n")
        self.proc = subprocess.Popen(
            [sys.executable, SERVER, "--port", "0", "--referee", REFEREE, "--dist", dist,
             "--seed", str(SEED), *extra], stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if "serving http://" not in line:
            raise SystemExit(f"the server did not start: {line!r}")
        self.base = line.split()[2].rstrip("/").rsplit("/examples/web", 1)[0]
        self.port = int(self.base.rsplit(":", 1)[1])
        self.ws = f"ws://127.0.0.1:{self.port}/ws"

    def get(self, path: str) -> tuple[int, bytes, str]:
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        c.putrequest("GET", path, skip_accept_encoding=True)
        c.endheaders()
        r = c.getresponse()
        body = r.read()
        c.close()
        return r.status, body, r.getheader("Content-Type") or ""

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Client:
    """One player's socket: everything it is sent is kept (raw and parsed)."""

    def __init__(self, url: str, name: str) -> None:
        self.url, self.name = url, name
        self.raw: List[str] = []  # every message, as sent
        self.told = 0  # messages but the presence of the seats
        self.queue: asyncio.Queue[Json] = asyncio.Queue()
        self.state: Optional[Json] = None
        self.events: Dict[int, Json] = {}  # seq -> event
        self.joined: Optional[Json] = None
        self.ws: Any = None
        self.reader: Optional[asyncio.Task[None]] = None

    async def open(self, **kw: Any) -> "Client":
        self.ws = await websockets.client.connect(self.url, **kw)
        self.reader = asyncio.get_running_loop().create_task(self._read())
        return self

    async def _read(self) -> None:
        try:
            async for raw in self.ws:
                self.raw.append(raw)
                msg = json.loads(raw)
                self.told += msg["type"] != "presence"
                if msg["type"] == "state":
                    self.state = msg
                elif msg["type"] == "event":
                    self.events[msg["seq"]] = msg
                elif msg["type"] == "joined":
                    self.joined = msg
                    for e in msg["history"]:
                        self.events[e["seq"]] = e
                await self.queue.put(msg)
        except websockets.exceptions.ConnectionClosed:
            pass

    async def send(self, **msg: Any) -> None:
        await self.ws.send(json.dumps(msg))

    async def next(self, kind: str) -> Json:
        """The next message of this kind (the others before it are dropped)."""
        while True:
            msg = await asyncio.wait_for(self.queue.get(), TIMEOUT)
            if msg["type"] == kind:
                return msg

    async def state_at(self, seq: int) -> Json:
        while self.state is None or self.state["seq"] < seq:
            await self.next("state")
        assert self.state is not None
        return self.state

    async def close(self) -> None:
        await self.ws.close()
        if self.reader:
            await self.reader


async def settle() -> None:
    await asyncio.sleep(0.02)


async def create_and_join(srv: Server, spec: str) -> tuple[Client, Client]:
    a = await Client(srv.ws, "seat 0").open()
    await a.send(op="create", spec=spec, id=1)
    joined = await a.next("joined")
    check(joined["seat"] == 0 and len(joined["invites"]) == 1 and joined["invites"][0]["seat"] == 1
          and joined["id"] == 1, f"{spec}: created; seat 0 gets the invitation of seat 1")
    inv = joined["invites"][0]
    b = await Client(srv.ws, "seat 1").open()
    await b.send(op="join", game=joined["game"], seat=1, token=inv["token"])
    jb = await b.next("joined")
    check(jb["seat"] == 1 and jb["spec"] == joined["spec"] and "invites" not in jb,
          f"{spec}: seat 1 joins with the link's token")
    await b.state_at(0)
    await a.state_at(0)
    return a, b


def mover(clients: List[Client]) -> Optional[Client]:
    st = clients[0].state
    assert st is not None
    return None if st["to_move"] == "terminal" else clients[st["to_move"]]


async def play_one(clients: List[Client], rng: random.Random) -> Optional[str]:
    """The mover plays one of its legal moves; everybody sees the next position."""
    m = mover(clients)
    if m is None:
        return None
    assert m.state is not None
    seq = m.state["seq"]
    move = rng.choice(m.state["legal"])
    await m.send(op="move", seq=seq, move=move)
    for c in clients:
        await c.state_at(seq + 1)
    return move


async def expect_refusal(c: Client, others: List[Client], what: str, statuses: tuple[str, ...],
                         **msg: Any) -> Json:
    await settle()
    before = [o.state["seq"] if o.state else None for o in [c, *others]]
    sent = [o.told for o in [c, *others]]
    await c.send(**msg)
    r = await c.next("refused")
    await settle()
    after = [o.state["seq"] if o.state else None for o in [c, *others]]
    check(r["status"] in statuses and bool(r["reason"]) and before == after
          and [o.told for o in [c, *others]] == [sent[0] + 1, *sent[1:]],
          f"{what}: refused {r['status']}: {r['reason']!r}; no state changed, nobody told")
    return r


async def test_backgammon(srv: Server) -> None:
    rng = random.Random(SEED)
    a, b = await create_and_join(srv, "backgammon")
    clients = [a, b]
    check(a.state is not None and a.state["seq"] >= 1 and a.events[1]["by"] == "chance",
          f"backgammon: the server threw the opening dice ({a.events[1]['text']})")
    steps = 0
    replayed = reconnected = replaced = False
    while mover(clients) is not None:
        m = mover(clients)
        assert m is not None and m.state is not None
        other = b if m is a else a
        assert other.state is not None
        check_each = steps < 3
        if check_each:
            check(m.state["legal"] != [] and other.state["legal"] == [],
                  f"backgammon: only the seat to move is sent legal moves ({len(m.state['legal'])})")
            check(m.state["view"]["observer"] == m.state["seat"]
                  and other.state["view"]["observer"] == other.state["seat"],
                  "backgammon: each seat is sent its own view")
        if steps == 0:
            seq = m.state["seq"]
            await expect_refusal(other, [m], "backgammon: a move by the seat not to move",
                                 ("ALEA_WRONG_PLAYER",), op="move", seq=seq, move=m.state["legal"][0])
            await expect_refusal(m, [other], "backgammon: an illegal move",
                                 ("ALEA_ILLEGAL_ACTION", "ALEA_PARSE_ERROR"), op="move", seq=seq,
                                 move="24/1")
            await expect_refusal(m, [other], "backgammon: a move that names the other seat",
                                 ("BAD_TOKEN",), op="move", seq=seq, seat=other.state["seat"],
                                 move=m.state["legal"][0])
            await expect_refusal(m, [other], "backgammon: a move for a position not yet played",
                                 ("STALE",), op="move", seq=seq + 5, move=m.state["legal"][0])
            await expect_refusal(m, [other], "backgammon: a move without seq", ("BAD_REQUEST",),
                                 op="move", move=m.state["legal"][0])
            await expect_refusal(m, [other], "backgammon: a move without its text", ("BAD_REQUEST",),
                                 op="move")  # no move text
            await m.ws.send("{not json")
            r = await m.next("refused")
            check(r["status"] == "BAD_REQUEST", f"backgammon: not JSON is refused: {r['reason']!r}")
            # forged tokens: another socket with a wrong token, or a game that does not exist
            assert a.joined is not None
            x = await Client(srv.ws, "intruder").open()
            token = b.joined["token"] if b.joined else ""
            forged = token[:-1] + ("A" if token[-1] != "A" else "B")
            for what, fields in (("a forged token", dict(game=a.joined["game"], seat=1, token=forged)),
                                 ("seat 0's token for seat 1", dict(game=a.joined["game"], seat=1,
                                                                    token=a.joined["token"])),
                                 ("an unknown game", dict(game="nosuchgame", seat=0, token=token)),
                                 ("a seat the game lacks", dict(game=a.joined["game"], seat=2, token=token))):
                await expect_refusal(x, [a, b], f"backgammon: a join with {what}", ("BAD_TOKEN",),
                                     op="join", **fields)
            await expect_refusal(x, [a, b], "backgammon: a move from a socket that joined nothing",
                                 ("NOT_JOINED",), op="move", seq=seq, move=m.state["legal"][0])
            check(not any('"legal":["' in r or '"view"' in r for r in x.raw),
                  "backgammon: the intruder was sent no view and no legal move")
            await x.close()
        if steps == 4 and not replayed:
            # a replayed message: the same move, the same seq, sent again once played
            seq = m.state["seq"]
            move = m.state["legal"][0]
            await m.send(op="move", seq=seq, move=move)
            await m.state_at(seq + 1)
            await other.state_at(seq + 1)
            await expect_refusal(m, [other], "backgammon: a replayed move message", ("STALE",),
                                 op="move", seq=seq, move=move)
            replayed = True
            steps += 1
            continue
        if steps == 10 and not reconnected:
            # seat 1's socket closes; seat 0 is told; seat 1 joins again with its token
            assert b.joined is not None
            gid, token = b.joined["game"], b.joined["token"]
            seen_before = {k: v["text"] for k, v in b.events.items()}
            await b.close()
            p = await a.next("presence")
            check(p["present"] == [True, False], "backgammon: seat 0 is told that seat 1 left")
            if mover(clients) is a:
                await a.send(op="move", seq=a.state["seq"], move=rng.choice(a.state["legal"]))
                await a.state_at(a.state["seq"] + 1)
            nb = await Client(srv.ws, "seat 1 again").open()
            await nb.send(op="join", game=gid, seat=1, token=token)
            jb = await nb.next("joined")
            st = await nb.state_at(0)
            hist = {e["seq"]: e["text"] for e in jb["history"]}
            check(st["seq"] == a.state["seq"] and sorted(hist) == list(range(1, st["seq"] + 1))
                  and all(hist[k] == v for k, v in seen_before.items())
                  and all(hist[k] == a.events[k]["text"] for k in hist),
                  f"backgammon: seat 1 joins again and resumes at position {st['seq']}, its "
                  f"history whole ({len(hist)} entries)")
            check(st["view"]["state"] == a.state["view"]["state"] and st["view"]["observer"] == 1,
                  "backgammon: seat 1's view after the reconnection is the game's position "
                  "(the board seat 0 sees: backgammon hides nothing)")
            b = nb
            clients[1] = nb
            p = await a.next("presence")
            check(p["present"] == [True, True], "backgammon: seat 0 is told that seat 1 is back")
            reconnected = True
            continue
        if steps == 14 and not replaced:
            # a newer socket with the same token takes the seat; the older one is closed
            assert a.joined is not None
            na = await Client(srv.ws, "seat 0 elsewhere").open()
            await na.send(op="join", game=a.joined["game"], seat=0, token=a.joined["token"])
            await na.next("joined")
            await na.state_at(0)
            r = await a.next("replaced")
            assert a.reader is not None
            await asyncio.wait_for(a.reader, TIMEOUT)
            check(bool(r["reason"]) and a.ws.close_code == 4001,
                  f"backgammon: a newer socket takes seat 0; the old one is closed ({a.ws.close_code})")
            a = na
            clients[0] = na
            replaced = True
            continue
        await play_one(clients, rng)
        steps += 1
        if steps > 2000:
            break
    st = a.state
    assert st is not None and b.state is not None
    res = st["result"]
    check(st["to_move"] == "terminal" and res is not None and res["winner"] in (0, 1)
          and b.state["result"] == res and replayed and reconnected and replaced,
          f"backgammon: played to the end in {st['seq']} moves and throws: seat {res and res['winner']} "
          f"wins {res and res['scores']}")
    await expect_refusal(a, [b], "backgammon: a move after the end", ("ALEA_WRONG_PHASE", "ALEA_WRONG_PLAYER"),
                         op="move", seq=st["seq"], move="24/18")
    if alea is not None:
        replay(st["view"]["spec"], [a, b])
    await a.close()
    await b.close()


def replay(spec: str, clients: List[Client]) -> int:
    """Replays the game in the library from the movers' own events (each mover
    is told its whole move): every event each client got must be the library's
    action_observation for its seat, its last view the observation.  Returns
    the number of moves that hid something from the other seat."""
    s = alea.State(spec)
    last = clients[0].state
    assert last is not None
    hiding = 0
    ok = True
    for seq in range(1, last["seq"] + 1):
        by = clients[0].events[seq]["by"]
        full = clients[by].events[seq]["text"] if by != "chance" else clients[0].events[seq]["text"]
        action = s.parse_action(full)
        for k, c in enumerate(clients):
            want = s.action_observation(action, k)
            if c.events[seq]["text"] != want:
                ok = False
                print(f"  seq {seq}: seat {k} was told {c.events[seq]['text']!r}, not {want!r}")
        if by != "chance" and any(c.events[seq]["text"] != full for c in clients):
            hiding += 1
        s.apply(action)
    for k, c in enumerate(clients):
        assert c.state is not None
        ok = ok and c.state["view"] == s.observation(k)
    check(ok and s.is_terminal == (last["to_move"] == "terminal"),
          f"{spec.split()[0]}: replayed in the library, every event each seat got is its "
          f"action_observation and its view its observation ({last['seq']} positions)")
    return hiding


async def test_plateau(srv: Server) -> None:
    rng = random.Random(SEED + 1)
    a, b = await create_and_join(srv, "plateau")
    clients = [a, b]
    while mover(clients) is not None and (a.state or {}).get("seq", 0) < 600:
        await play_one(clients, rng)
    assert a.state is not None
    check(a.state["to_move"] == "terminal" and a.state["result"] is not None,
          f"plateau: played to the end ({a.state['seq']} moves; result {a.state['result']})")
    # R11: the full text of a move that hides something from the other seat is
    # never in what that seat was sent (events, views, legal lists, all of it)
    leaks = hidden = 0
    for seq, e in a.events.items():
        by = e["by"]
        if by == "chance":
            continue
        mine, theirs = clients[by], clients[1 - by]
        full = mine.events[seq]["text"]
        if theirs.events[seq]["text"] != full:
            hidden += 1
            check_text = f'"{full}"'
            # (its own legal moves may be written alike: a set-up names no colour)
            if any(check_text in json.dumps({k: v for k, v in json.loads(raw).items()
                                             if k != "legal"}) for raw in theirs.raw):
                leaks += 1
                print(f"  seat {1 - by} was sent seat {by}'s {full!r}")
    check(hidden > 0 and leaks == 0,
          f"plateau: {hidden} moves hid faces from the other seat; none of their full texts was "
          "sent to it (events, views, history)")
    theirs_hidden = [p for stack in (b.state["view"]["state"].get("board") or {}).values()
                     for p in stack if p.get("up") is None or p.get("down") is None]
    check(all('"move"' not in raw and '"seen"' not in raw for c in clients for raw in c.raw),
          "plateau: no client is sent the referee's \"move\" or \"seen\" (every seat's texts)")
    if alea is not None:
        n = replay(a.state["view"]["spec"], clients)
        check(n == hidden, f"plateau: the library agrees on the {n} moves that hid something")
    print(f"     (seat 1's last view hides {len(theirs_hidden)} faces on the board)")
    await a.close()
    await b.close()


async def test_http(srv: Server) -> None:
    status, body, kind = srv.get("/examples/web/")
    check(status == 200 and b"alea" in body and kind.startswith("text/html"),
          "http: the page is served")
    status, _, kind = srv.get("/bindings/js/dist/alea.js")
    check(status == 200 and kind.startswith("text/javascript"), "http: the package is served")
    status, _, _ = srv.get("/")
    check(status == 302, "http: / leads to the page")
    for path in ("/examples/web/../../meson.build", "/examples/web/%2e%2e/%2e%2e/meson.build",
                 "/examples/web/..%2f..%2fmeson.build", "/meson.build", "/examples/online/alea_online.py",
                 "/bindings/js/dist/../../../README.md", "/examples/web/.hidden",
                 "/examples/web/nosuchfile.js", "/examples/web/style.css%00.js"):
        status, body, _ = srv.get(path)
        check(status == 404, f"http: {path} is not served ({status})")
    try:
        ws = await websockets.client.connect(srv.ws, origin="http://evil.example")
        await ws.close()
        check(False, "a socket from a foreign page's origin is refused")
    except websockets.exceptions.InvalidStatusCode as e:
        check(e.status_code == 403, f"a socket from a foreign page's origin is refused ({e.status_code})")
    ws = await websockets.client.connect(srv.ws, origin=f"http://127.0.0.1:{srv.port}")
    await ws.close()
    check(True, "a socket from the page's own origin is accepted")
    c = await Client(srv.ws, "bad specs").open()
    for spec, statuses in (("chess", ("ALEA_NOT_FOUND",)), ("backgammon match=x", ("ALEA_BAD_OPTION",)),
                           ("", ("BAD_REQUEST",)), ("x" * 300, ("BAD_REQUEST",))):
        await expect_refusal(c, [], f"create {spec[:20]!r}", statuses, op="create", spec=spec)
    await expect_refusal(c, [], "create a seat the game lacks", ("BAD_REQUEST",), op="create",
                         spec="wise-dice", seat=2)
    await expect_refusal(c, [], "an unknown op", ("BAD_REQUEST",), op="jump")
    await c.close()


async def test_limits() -> None:
    srv = Server("--max-games", "1", "--max-message", "512", "--idle-timeout", "1")
    try:
        a = await Client(srv.ws, "first").open()
        await a.send(op="create", spec="wise-dice")
        ja = await a.next("joined")
        await a.state_at(0)
        c = await Client(srv.ws, "second").open()
        await expect_refusal(c, [a], "limits: a second game with --max-games 1", ("TOO_MANY_GAMES",),
                             op="create", spec="dice-poker")
        await c.ws.send(json.dumps({"op": "create", "spec": "x", "pad": "y" * 600}))
        assert c.reader is not None
        await asyncio.wait_for(c.reader, TIMEOUT)
        check(c.ws.close_code == 1009, f"limits: a message over --max-message closes the socket "
              f"({c.ws.close_code})")
        t0 = time.monotonic()
        msg = await a.next("closed")
        assert a.reader is not None
        await asyncio.wait_for(a.reader, TIMEOUT)
        check(bool(msg["reason"]) and a.ws.close_code == 4002 and time.monotonic() - t0 < 5,
              f"limits: an idle game is closed and its players told: {msg['reason']!r}")
        d = await Client(srv.ws, "after").open()
        await expect_refusal(d, [], "limits: the closed game's token joins nothing", ("BAD_TOKEN",),
                             op="join", game=ja["game"], seat=0, token=ja["token"])
        await d.send(op="create", spec="dice-poker")
        jd = await d.next("joined")
        check(jd["seat"] == 0, "limits: once the idle game is closed, a new game may be created")
        await d.close()
    finally:
        srv.stop()


async def test_abandoned() -> None:
    """A game whose invitation was never used is closed soon after its creator
    leaves (--unjoined-timeout); a game both seats joined is kept while both
    are away (until --idle-timeout)."""
    srv = Server("--unjoined-timeout", "0.5", "--idle-timeout", "60")
    try:
        a = await Client(srv.ws, "creator").open()
        await a.send(op="create", spec="wise-dice")
        ja = await a.next("joined")
        await a.state_at(0)
        await a.close()
        p, q = await create_and_join(srv, "dice-poker players=2")
        assert p.joined is not None and q.joined is not None
        kept = [(p.joined["game"], 0, p.joined["token"]), (q.joined["game"], 1, q.joined["token"])]
        await p.close()
        await q.close()
        await asyncio.sleep(1.5)
        c = await Client(srv.ws, "back").open()
        await expect_refusal(c, [], "abandoned: the game nobody joined is closed once its creator "
                             "left", ("BAD_TOKEN",), op="join", game=ja["game"], seat=0,
                             token=ja["token"])
        for gid, seat, token in kept:
            await c.send(op="join", game=gid, seat=seat, token=token)
            j = await c.next("joined")
            check(j["seat"] == seat, f"abandoned: the game both seats joined is kept while both "
                  f"are away (seat {seat} joins again)")
        await c.close()
    finally:
        srv.stop()


async def main() -> int:
    t0 = time.monotonic()
    srv = Server()
    try:
        for test in (test_http, test_backgammon, test_plateau):
            t = time.monotonic()
            await test(srv)
            print(f"     ({test.__name__}: {time.monotonic() - t:.1f} s)")
    finally:
        srv.stop()
    await test_limits()
    await test_abandoned()
    print(f"{'online test FAILED' if failures else 'online test passed'} "
          f"in {time.monotonic() - t0:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
