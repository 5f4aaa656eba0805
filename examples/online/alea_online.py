#!/usr/bin/env python3
"""alea-online: a game between browsers over the network, refereed by alea.

One command, from the root of a built checkout (doc/online.md):

    /usr/bin/python3 examples/online/alea_online.py

serves the web page (examples/web and the JavaScript package, bindings/js/dist
or build/bindings/js) over HTTP on http://127.0.0.1:8000/ and, on the same
port, relays games over WebSockets (path /ws).  The referee is one
`alea-referee --serve` child process (doc/referee-protocol.md): every move is
sent to it with the seat of the socket that sent it, every dice throw is its
own (`roll`), and each socket is sent only its own seat's view, legal moves
and move texts (the referee's `view`, `legal` and `seen[seat]`).  This server
decides no rule: it checks who is who (a secret token per seat), that a move
answers the position its sender saw (a sequence number), and its own limits.

Needs Debian's python3-websockets (10.x, asyncio) and Python 3.9 or newer.
"""
from __future__ import annotations

import argparse
import asyncio
import hmac
import json
import logging
import os
import secrets
import shutil
import signal
import sys
import time
import urllib.parse
from http import HTTPStatus
from pathlib import Path
from typing import Any, Dict, List, Optional, Set, Tuple, Union

try:
    import websockets
    import websockets.exceptions
    import websockets.server
except ImportError:  # pragma: no cover - told to the user
    websockets = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parents[2]
WS_PATH = "/ws"
HELLO_TIMEOUT = 30.0  # seconds a new socket has to create or join a game
MAX_SPEC = 200  # characters of a game spec
MAX_MOVE = 1000  # characters of a move text
# The server's own refusals (the referee's are its ALEA_* statuses, relayed).
BAD_REQUEST = "BAD_REQUEST"  # not a JSON object, unknown op, missing or bad field
BAD_TOKEN = "BAD_TOKEN"  # no such game, or the seat's token does not match
NOT_JOINED = "NOT_JOINED"  # a move before create/join on this socket
STALE = "STALE"  # a move whose "seq" is not the game's position (replayed or late)
TOO_MANY_GAMES = "TOO_MANY_GAMES"  # --max-games games are open
REFEREE_GONE = "REFEREE_GONE"  # the referee process ended (the server is broken)

# The files served (by suffix), with their types: what a page is made of.
KINDS = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
         ".html": "text/html; charset=utf-8", ".css": "text/css", ".json": "application/json",
         ".ts": "text/plain; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png",
         ".ico": "image/x-icon", ".map": "application/json"}

Json = Dict[str, Any]
Seat = Union[int, str]


class RefereeGone(Exception):
    """The alea-referee --serve process has ended."""


class Referee:
    """One `alea-referee --serve` child: call() sends a request, awaits its reply.

    Requests are pipelined: each carries an id, a reader task hands each reply
    to the request with that id."""

    def __init__(self, path: str, max_games: int) -> None:
        self.path = path
        self.max_games = max_games
        self.proc: Optional[asyncio.subprocess.Process] = None
        self.pending: Dict[int, asyncio.Future[Json]] = {}
        self.count = 0
        self.reader: Optional[asyncio.Task[None]] = None

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            self.path, "--serve", "--max-games", str(self.max_games),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            limit=1 << 24)
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        try:
            while True:
                line = await self.proc.stdout.readline()
                if not line:
                    break
                reply = json.loads(line)
                fut = self.pending.pop(reply.get("id"), None)
                if fut is not None and not fut.done():
                    fut.set_result(reply)
        finally:
            for fut in self.pending.values():
                if not fut.done():
                    fut.set_exception(RefereeGone())
            self.pending.clear()

    async def call(self, op: str, **fields: Any) -> Json:
        """One request: its reply."""
        return (await self.batch([{"op": op, **fields}]))[0]

    async def batch(self, requests: List[Json]) -> List[Json]:
        """Requests sent together, in this order (the referee answers them in
        turn: each sees the game as the ones before it left it); their replies."""
        proc = self.proc
        if proc is None or proc.stdin is None or proc.returncode is not None or (
                self.reader is not None and self.reader.done()):
            raise RefereeGone()
        futs: List[asyncio.Future[Json]] = []
        lines = []
        for req in requests:
            self.count += 1
            fut: asyncio.Future[Json] = asyncio.get_running_loop().create_future()
            self.pending[self.count] = fut
            futs.append(fut)
            lines.append(json.dumps({"id": self.count, **req}, separators=(",", ":")).encode())
        proc.stdin.write(b"\n".join(lines) + b"\n")
        try:
            await proc.stdin.drain()
        except (BrokenPipeError, ConnectionResetError) as e:
            raise RefereeGone() from e
        return list(await asyncio.gather(*futs))

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                await asyncio.wait_for(self.proc.wait(), 5)
            except asyncio.TimeoutError:
                self.proc.kill()
                await self.proc.wait()


class Game:
    """One game: the referee's handle, a secret token per seat, the socket of
    each seat (or None), and what each seat has been told of every move."""

    def __init__(self, gid: str, handle: int, spec: str, players: int, creator: int) -> None:
        self.gid = gid
        self.handle = handle
        self.spec = spec
        self.players = players
        self.creator = creator
        self.tokens = [secrets.token_urlsafe(16) for _ in range(players)]
        self.sockets: List[Optional[Any]] = [None] * players
        # history[i] = {"seq": i + 1, "by": seat or "chance", "seen": [text per seat]}
        self.history: List[Json] = []
        self.to_move: Seat = 0
        self.result: Optional[Json] = None
        self.last_active = time.monotonic()
        self.joined: Set[int] = set()  # the seats that ever had a socket
        self.empty_since: Optional[float] = None  # since when no seat has a socket
        self.lock = asyncio.Lock()
        self.closed = False

    @property
    def seq(self) -> int:
        """The position's number: how many moves and throws were played."""
        return len(self.history)

    def present(self) -> List[bool]:
        return [s is not None for s in self.sockets]

    def seat(self, seat: int, ws: Optional[Any]) -> None:
        """Gives a seat its socket (or None), keeping who joined and since when
        the game has nobody."""
        self.sockets[seat] = ws
        if ws is not None:
            self.joined.add(seat)
            self.empty_since = None
        elif all(s is None for s in self.sockets):
            self.empty_since = time.monotonic()

    def event(self, entry: Json, seat: int) -> Json:
        return {"type": "event", "seq": entry["seq"], "by": entry["by"],
                "text": entry["seen"][seat]}


class Server:
    """The HTTP + WebSocket server and its games."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.referee = Referee(args.referee, args.max_games)
        self.games: Dict[str, Game] = {}
        self.connections: Set[Any] = set()
        self.tasks: Set[asyncio.Task[Any]] = set()
        self.seed_next: Optional[int] = args.seed
        self.web = Path(args.web).resolve()
        self.dist = Path(args.dist).resolve()
        self.origins = set(args.origin or [])
        self.log = logging.getLogger("alea-online")

    def later(self, coro: Any) -> None:
        """Runs a socket's closing handshake (up to 10 s) without waiting for it."""
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # ---- HTTP: the page and the package, read-only, GET only ----------------

    async def process_request(self, path: str, headers: Any) -> Optional[Tuple[Any, Any, bytes]]:
        url = urllib.parse.urlsplit(path).path
        if url == WS_PATH:
            origin = headers.get("Origin")
            host = headers.get("Host", "")
            if origin is not None and origin not in {f"http://{host}", f"https://{host}"} \
                    and origin not in self.origins:
                return self.text(HTTPStatus.FORBIDDEN, f"origin {origin} is not allowed\n")
            if len(self.connections) >= self.args.max_connections:
                return self.text(HTTPStatus.SERVICE_UNAVAILABLE, "too many connections\n")
            return None
        if url in ("/", "/index.html"):
            return HTTPStatus.FOUND, [("Location", "/examples/web/")], b""
        for prefix, base in (("/examples/web/", self.web), ("/bindings/js/dist/", self.dist)):
            if url.startswith(prefix):
                return self.file(base, urllib.parse.unquote(url[len(prefix):]) or "index.html")
        return self.text(HTTPStatus.NOT_FOUND, "not found\n")

    @staticmethod
    def text(status: HTTPStatus, body: str) -> Tuple[HTTPStatus, List[Tuple[str, str]], bytes]:
        return status, [("Content-Type", "text/plain; charset=utf-8")], body.encode()

    def file(self, base: Path, rel: str) -> Tuple[HTTPStatus, List[Tuple[str, str]], bytes]:
        parts = rel.split("/")
        if any(p in ("", ".", "..") or p.startswith(".") or "\\" in p or "\0" in p
               for p in parts):
            return self.text(HTTPStatus.NOT_FOUND, "not found\n")
        target = base.joinpath(*parts)
        try:
            real = target.resolve()
            if not (real == base or base in real.parents) or not real.is_file():
                return self.text(HTTPStatus.NOT_FOUND, "not found\n")
            body = real.read_bytes()
        except OSError:
            return self.text(HTTPStatus.NOT_FOUND, "not found\n")
        kind = KINDS.get(real.suffix)
        if kind is None:  # only what a page is made of
            return self.text(HTTPStatus.NOT_FOUND, "not found\n")
        return HTTPStatus.OK, [("Content-Type", kind), ("Cache-Control", "no-cache"),
                               ("X-Content-Type-Options", "nosniff")], body

    # ---- WebSocket: one connection ------------------------------------------

    async def connection(self, ws: Any, path: str = "") -> None:
        self.connections.add(ws)
        me: Optional[Tuple[Game, int]] = None
        try:
            while True:
                try:
                    raw = await (ws.recv() if me is not None
                                 else asyncio.wait_for(ws.recv(), HELLO_TIMEOUT))
                except asyncio.TimeoutError:
                    await ws.close(4008, "no create or join in time")
                    return
                req = self.parse(raw)
                if isinstance(req, str):
                    await self.refuse(ws, None, None, BAD_REQUEST, req)
                    continue
                op = req.get("op")
                rid = req.get("id")
                if op == "create":
                    me = await self.create(ws, req, me) or me
                elif op == "join":
                    me = await self.join(ws, req, me) or me
                elif op == "move":
                    if me is None or me[0].closed or me[0].sockets[me[1]] is not ws:
                        await self.refuse(ws, rid, op, NOT_JOINED,
                                          "join a game first (create, or join with a seat's token)")
                    else:
                        await self.move(ws, req, *me)
                else:
                    await self.refuse(ws, rid, op, BAD_REQUEST,
                                      "unknown op: expected create, join or move")
        except websockets.exceptions.ConnectionClosed:
            pass
        finally:
            self.connections.discard(ws)
            if me is not None:
                game, seat = me
                if game.sockets[seat] is ws:
                    game.seat(seat, None)
                    await self.tell_presence(game)

    def parse(self, raw: Union[str, bytes]) -> Union[Json, str]:
        if not isinstance(raw, str):
            return "binary messages are not part of the protocol: send JSON text"
        try:
            req = json.loads(raw)
        except ValueError as e:
            return f"malformed JSON: {e}"
        if not isinstance(req, dict):
            return "a request is a JSON object"
        return req

    async def send(self, ws: Optional[Any], msg: Json) -> None:
        if ws is None:
            return
        try:
            await ws.send(json.dumps(msg, separators=(",", ":")))
        except websockets.exceptions.ConnectionClosed:
            pass

    async def refuse(self, ws: Any, rid: Any, op: Any, status: str, reason: str,
                     **extra: Any) -> None:
        await self.send(ws, {"type": "refused", "id": rid, "op": op, "status": status,
                             "reason": reason, **extra})

    async def referee_call(self, ws: Any, rid: Any, op: str, ref_op: str,
                           **fields: Any) -> Optional[Json]:
        """A referee request; None (and the client told) when the referee is gone."""
        try:
            return await self.referee.call(ref_op, **fields)
        except RefereeGone:
            self.log.error("the referee has ended: no game can go on")
            await self.refuse(ws, rid, op, REFEREE_GONE, "the referee has ended; the server must be restarted")
            return None

    # ---- create, join, move -------------------------------------------------

    async def create(self, ws: Any, req: Json, me: Optional[Tuple[Game, int]]) -> Optional[Tuple[Game, int]]:
        rid = req.get("id")
        spec = req.get("spec")
        seat = req.get("seat", 0)
        if not isinstance(spec, str) or not 0 < len(spec) <= MAX_SPEC:
            await self.refuse(ws, rid, "create", BAD_REQUEST,
                              f'"spec" must be a game spec text of 1 to {MAX_SPEC} characters')
            return None
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            await self.refuse(ws, rid, "create", BAD_REQUEST, '"seat" must be a seat number')
            return None
        if len(self.games) >= self.args.max_games:
            await self.refuse(ws, rid, "create", TOO_MANY_GAMES,
                              f"at most {self.args.max_games} games at once: try again later")
            return None
        fields: Json = {"spec": spec}
        if self.seed_next is not None:
            fields["seed"] = self.seed_next
            self.seed_next += 1
        reply = await self.referee_call(ws, rid, "create", "new", **fields)
        if reply is None:
            return None
        if not reply["ok"]:
            await self.refuse(ws, rid, "create", reply["status"], reply["reason"],
                              **({"offset": reply["offset"]} if "offset" in reply else {}))
            return None
        if seat >= reply["players"]:
            await self.referee_call(ws, rid, "create", "close", game=reply["game"])
            await self.refuse(ws, rid, "create", BAD_REQUEST,
                              f'"seat" must be a seat of this game, 0 to {reply["players"] - 1}')
            return None
        gid = secrets.token_urlsafe(9)
        game = Game(gid, reply["game"], reply["spec"], reply["players"], seat)
        game.to_move = reply["to_move"]
        self.games[gid] = game
        self.leave(ws, me)
        async with game.lock:
            if not await self.throw_dice(game, ws, rid):
                return None
            game.seat(seat, ws)
            await self.welcome(game, seat, rid)
        self.log.info("game %s: %s, created by seat %d", gid, game.spec, seat)
        return game, seat

    async def join(self, ws: Any, req: Json, me: Optional[Tuple[Game, int]]) -> Optional[Tuple[Game, int]]:
        rid = req.get("id")
        gid, seat, token = req.get("game"), req.get("seat"), req.get("token")
        game = self.games.get(gid) if isinstance(gid, str) else None
        ok = (game is not None and not game.closed and isinstance(seat, int)
              and not isinstance(seat, bool) and 0 <= seat < game.players
              and isinstance(token, str)
              and hmac.compare_digest(token.encode(), game.tokens[seat].encode()))
        if not ok or game is None or not isinstance(seat, int):
            # one answer for every case: a wrong token tells nothing of the game
            await self.refuse(ws, rid, "join", BAD_TOKEN,
                              "no such game and seat with this token (the game may have "
                              "ended and been closed)")
            return None
        self.leave(ws, me)
        async with game.lock:
            old = game.sockets[seat]
            game.seat(seat, ws)
            game.last_active = time.monotonic()
            if old is not None and old is not ws:
                # the token's holder is the seat: a newer socket replaces the old one
                await self.send(old, {"type": "replaced", "reason": "this seat was joined from elsewhere"})
                self.later(old.close(4001, "seat joined from elsewhere"))
            await self.welcome(game, seat, rid)
        return game, seat

    def leave(self, ws: Any, me: Optional[Tuple[Game, int]]) -> None:
        if me is not None and me[0].sockets[me[1]] is ws:
            me[0].seat(me[1], None)

    async def welcome(self, game: Game, seat: int, rid: Any) -> None:
        """The joined message (with the seat's history) and the state, to one seat;
        the presence of the seats, to the others."""
        ws = game.sockets[seat]
        msg: Json = {"type": "joined", "id": rid, "game": game.gid, "seat": seat,
                     "token": game.tokens[seat], "spec": game.spec, "players": game.players,
                     "history": [game.event(e, seat) for e in game.history]}
        if seat == game.creator:
            msg["invites"] = [{"seat": k, "token": game.tokens[k]}
                              for k in range(game.players) if k != seat]
        await self.send(ws, msg)
        await self.send(ws, (await self.states(game, [seat]))[0])
        await self.tell_presence(game)

    async def tell_presence(self, game: Game) -> None:
        for k, s in enumerate(game.sockets):
            await self.send(s, {"type": "presence", "present": game.present()})

    async def states(self, game: Game, seats: List[int]) -> List[Json]:
        """What each of these seats is shown: its view, its legal moves (the
        referee's `legal`: none but the seat to move has any), the result at
        the end.  The requests are sent together (one round trip)."""
        return self.states_from(game, seats, await self.referee.batch(self.state_requests(game, seats)))

    @staticmethod
    def state_requests(game: Game, seats: List[int]) -> List[Json]:
        """The referee requests of states(): each seat's view, each one's legal moves."""
        return ([{"op": "view", "game": game.handle, "seat": k} for k in seats]
                + [{"op": "legal", "game": game.handle, "seat": k} for k in seats])

    @staticmethod
    def states_from(game: Game, seats: List[int], replies: List[Json]) -> List[Json]:
        n = len(seats)
        return [{"type": "state", "seq": game.seq, "to_move": game.to_move, "seat": k,
                 "view": replies[i].get("view"), "legal": replies[n + i].get("moves", []),
                 "result": game.result, "present": game.present()} for i, k in enumerate(seats)]

    async def throw_dice(self, game: Game, ws: Any, rid: Any) -> bool:
        """The referee throws every die that is due; the game's result at its end."""
        while game.to_move == "chance":
            reply = await self.referee_call(ws, rid, "move", "roll", game=game.handle)
            if reply is None or not reply["ok"]:
                return False
            game.history.append({"seq": game.seq + 1, "by": "chance", "seen": reply["seen"]})
            game.to_move = reply["to_move"]
        if game.to_move == "terminal" and game.result is None:
            r = await self.referee_call(ws, rid, "move", "result", game=game.handle)
            if r is not None and r["ok"]:
                game.result = {k: r[k] for k in ("scores", "ranks", "winner", "draw")}
        return True

    async def move(self, ws: Any, req: Json, game: Game, seat: int) -> None:
        rid = req.get("id")
        seq, text = req.get("seq"), req.get("move")
        if not isinstance(seq, int) or isinstance(seq, bool):
            await self.refuse(ws, rid, "move", BAD_REQUEST,
                              '"seq" must be the number of the position the move answers '
                              '(the "seq" of the last state received)')
            return
        if not isinstance(text, str) or len(text) > MAX_MOVE:
            await self.refuse(ws, rid, "move", BAD_REQUEST,
                              f'"move" must be a move text of at most {MAX_MOVE} characters')
            return
        if "seat" in req and req["seat"] != seat:
            await self.refuse(ws, rid, "move", BAD_TOKEN,
                              f"this socket plays seat {seat}: its token names no other seat")
            return
        async with game.lock:
            if game.closed:
                await self.refuse(ws, rid, "move", BAD_TOKEN, "the game has been closed")
                return
            if seq != game.seq:
                await self.refuse(ws, rid, "move", STALE,
                                  f"the move answers position {seq}, but the game is at "
                                  f"position {game.seq}: replayed or late, not played",
                                  seq=game.seq)
                return
            game.last_active = time.monotonic()
            # One round trip for the common case: the move, a throw of the dice
            # (refused, changing nothing, when none are due or the move was
            # refused) and what each seat is then shown.
            # (Dice are always thrown before a move can come: were some due now,
            # the move would be refused and the throw must not be made.)
            seats = [k for k, s in enumerate(game.sockets) if s is not None]
            roll_op = "roll" if game.to_move != "chance" else "result"
            try:
                replies = await self.referee.batch(
                    [{"op": "move", "game": game.handle, "seat": seat, "move": text},
                     {"op": roll_op, "game": game.handle}] + self.state_requests(game, seats))
            except RefereeGone:
                await self.refuse(ws, rid, "move", REFEREE_GONE,
                                  "the referee has ended; the server must be restarted")
                return
            reply, roll = replies[0], replies[1]
            if not reply["ok"]:
                # the referee's refusal, relayed: nothing has changed
                await self.refuse(ws, rid, "move", reply["status"], reply["reason"], seq=game.seq,
                                  **({"offset": reply["offset"]} if "offset" in reply else {}))
                return
            first = game.seq
            game.history.append({"seq": game.seq + 1, "by": seat, "seen": reply["seen"]})
            game.to_move = reply["to_move"]
            if roll_op == "roll" and roll["ok"]:
                game.history.append({"seq": game.seq + 1, "by": "chance", "seen": roll["seen"]})
                game.to_move = roll["to_move"]
            if game.to_move in ("chance", "terminal"):
                # more dice due, or the end: the slow way
                await self.throw_dice(game, ws, rid)
                states = await self.states(game, seats)
            else:
                states = self.states_from(game, seats, replies[2:])
            for k, st in zip(seats, states):
                for entry in game.history[first:]:
                    await self.send(game.sockets[k], game.event(entry, k))
                await self.send(game.sockets[k], st)

    # ---- limits: idle games are closed --------------------------------------

    async def sweep(self) -> None:
        period = max(0.1, min(5.0, self.args.idle_timeout / 4, self.args.unjoined_timeout / 4))
        while True:
            await asyncio.sleep(period)
            now = time.monotonic()
            for game in list(self.games.values()):
                if now - game.last_active >= self.args.idle_timeout:
                    await self.close_game(game, f"no move for {self.args.idle_timeout:g} s")
                elif (len(game.joined) < min(2, game.players) and game.empty_since is not None
                      and now - game.empty_since >= self.args.unjoined_timeout):
                    # created, left, its invitation never used: a page's abandoned try
                    await self.close_game(game, "nobody joined it, and its creator left")

    async def close_game(self, game: Game, reason: str) -> None:
        async with game.lock:
            if game.closed:
                return
            game.closed = True
            self.games.pop(game.gid, None)
            try:
                await self.referee.call("close", game=game.handle)
            except RefereeGone:
                pass
            for k, s in enumerate(game.sockets):
                game.sockets[k] = None  # the game is gone: no empty_since to keep
                if s is not None:
                    await self.send(s, {"type": "closed", "reason": reason})
                    self.later(s.close(4002, "game closed"))
        self.log.info("game %s closed: %s", game.gid, reason)

    async def run(self, ready: Optional[asyncio.Future[int]] = None) -> None:
        await self.referee.start()
        stop = asyncio.get_running_loop().create_future()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                asyncio.get_running_loop().add_signal_handler(sig, stop.set_result, None)
            except (NotImplementedError, RuntimeError):  # pragma: no cover
                pass
        async with websockets.server.serve(
                self.connection, self.args.host, self.args.port,
                process_request=self.process_request, max_size=self.args.max_message,
                max_queue=8, ping_interval=20, ping_timeout=20) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            host = self.args.host if ":" not in self.args.host else f"[{self.args.host}]"
            print(f"alea-online: serving http://{host}:{port}/examples/web/ "
                  f"(games over ws://{host}:{port}{WS_PATH}; referee {self.referee.path})",
                  flush=True)
            sweeper = asyncio.get_running_loop().create_task(self.sweep())
            assert self.referee.reader is not None
            done, _ = await asyncio.wait([stop, self.referee.reader],
                                         return_when=asyncio.FIRST_COMPLETED)
            sweeper.cancel()
            if stop not in done:
                print("alea-online: the referee has ended", file=sys.stderr, flush=True)
                raise SystemExit(1)
        await self.referee.stop()


def find_referee() -> Optional[str]:
    for p in (ROOT / "build" / "examples" / "alea-referee",):
        if p.is_file() and os.access(p, os.X_OK):
            return str(p)
    return shutil.which("alea-referee")


def find_dist() -> Optional[str]:
    for p in (ROOT / "bindings" / "js" / "dist", ROOT / "build" / "bindings" / "js"):
        if (p / "alea.js").is_file():
            return str(p)
    return None


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(
        prog="alea_online.py",
        description="Serve the alea web page and relay games between browsers over "
                    "WebSockets, refereed by alea-referee --serve (doc/online.md).")
    ap.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1: this machine only; "
                         "0.0.0.0 for every interface)")
    ap.add_argument("--port", type=int, default=8000, help="TCP port (default 8000; 0 = any free one)")
    ap.add_argument("--referee", default=None,
                    help="the alea-referee program (default: build/examples/alea-referee, "
                         "else alea-referee on PATH)")
    ap.add_argument("--dist", default=None,
                    help="the JavaScript package's files (default: bindings/js/dist, else "
                         "build/bindings/js)")
    ap.add_argument("--web", default=str(ROOT / "examples" / "web"), help="the page's files")
    ap.add_argument("--max-games", type=int, default=64, help="games open at once (default 64)")
    ap.add_argument("--max-connections", type=int, default=256,
                    help="WebSocket connections at once (default 256)")
    ap.add_argument("--max-message", type=int, default=4096,
                    help="largest message from a client in bytes (default 4096)")
    ap.add_argument("--idle-timeout", type=float, default=1800,
                    help="seconds without a move or a join before a game is closed (default 1800)")
    ap.add_argument("--unjoined-timeout", type=float, default=120,
                    help="seconds a game whose invitations were never used may stay without "
                         "its creator's socket (a reload is quicker) before it is closed "
                         "(default 120)")
    ap.add_argument("--origin", action="append",
                    help="another page origin allowed to open sockets (e.g. behind a proxy: "
                         "https://games.example.org); the server's own is always allowed")
    ap.add_argument("--seed", type=int, default=None,
                    help="for tests only: the dice of the Nth game created are seeded N-1 + SEED "
                         "(predictable dice!); default: the referee's /dev/urandom")
    ap.add_argument("-v", "--verbose", action="store_true", help="log games and connections")
    args = ap.parse_args(argv)
    if websockets is None:
        print("alea_online.py needs the websockets package: apt-get install python3-websockets "
              "(and run it with /usr/bin/python3)", file=sys.stderr)
        return 2
    args.referee = args.referee or find_referee()
    args.dist = args.dist or find_dist()
    if not args.referee:
        print("no alea-referee: build it (meson setup build && ninja -C build) or pass --referee",
              file=sys.stderr)
        return 2
    if not args.dist:
        print("no JavaScript package: build it (bash bindings/js/build.sh, or ninja -C build) "
              "or pass --dist", file=sys.stderr)
        return 2
    for name in ("max_games", "max_connections", "max_message"):
        if getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.idle_timeout <= 0 or args.unjoined_timeout <= 0:
        ap.error("--idle-timeout and --unjoined-timeout must be positive")
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(name)s %(message)s")
    if not args.verbose:
        logging.getLogger("websockets").setLevel(logging.ERROR)
    try:
        asyncio.run(Server(args).run())
    except KeyboardInterrupt:  # pragma: no cover
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
