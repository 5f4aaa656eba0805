#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (tests/fuzz/corpus/<target>/)
from seeded games of every registered game, through the Python bindings:

    ALEA_LIBRARY=build/lib/libalea.so PYTHONPATH=bindings/python \\
        python3 tests/fuzz/make_corpus.py tests/fuzz/corpus

Run it again after adding a game; the files are committed."""
import os
import struct
import sys

import alea


def play(spec, seed, steps):
    """A state after `steps` random actions of a seeded game, and its record."""
    state = alea.Game(spec).new_state()
    rng = alea.Rng(seed)
    record = [state.spec]
    for _ in range(steps):
        if state.is_terminal:
            break
        if state.is_chance:
            before = state.clone()
            outcome = state.roll(rng)
            record.append(before.action_to_str(outcome))
        else:
            action = alea.bot_choose(state, "random", rng)
            record.append(state.action_to_str(action))
            state.apply(action)
    return state, record


def write(root, target, name, data):
    folder = os.path.join(root, target)
    os.makedirs(folder, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def main(root):
    games = alea.games()
    for index, info in enumerate(games):
        gid = info.id
        specs = [gid]
        for option in info.options:
            specs.append(f"{gid} {option.name}={option.default}")
            if option.kind == alea.OptionKind.INT:
                specs.append(f"{gid} {option.name}={option.max}")
        for k, spec in enumerate(specs):
            write(root, "fuzz_spec", f"{gid}-{k}", spec)
        for k, steps in enumerate([0, 3, 17, 60, 400, 100000]):
            state, record = play(gid, 100 + k, steps)
            write(root, "fuzz_state_text", f"{gid}-{k}", state.to_text())
            write(root, "fuzz_observe", f"{gid}-{k}", state.to_text())
            write(root, "fuzz_record", f"{gid}-{k}", "\n".join(record) + "\n")
        for seed in range(3):
            for steps in (0, 5, 40):
                state, _ = play(gid, seed, steps)  # the position fuzz_action_text reaches
                legal = state.legal_actions()[:6]
                for j, action in enumerate(legal):
                    text = state.action_to_str(action)
                    write(root, "fuzz_action_text", f"{gid}-{seed}-{steps}-{j}",
                          bytes([index, seed, steps]) + text.encode())
        for k in range(4):
            chunks = bytes([index])
            for i in range(60 + 40 * k):
                flag = 1 if (i * 7 + k) % 11 == 0 else 0
                chunks += bytes([flag]) + struct.pack("<Q", (i * 2654435761 + k) % (1 << 64))
            write(root, "fuzz_apply", f"{gid}-{k}", chunks)
        if gid == "backgammon":
            write_gnubg(root)
    write_serve(root)
    write_state_bytes(root, len(games))
    write_bot(root)
    write_match_write(root)
    write_names(root)


def write_names(root):
    """fuzz_names: every game id, bot kind and level name, and near misses."""
    names = [info.id for info in alea.games()]
    names += ["random", "greedy", "expectimax", "mcts", "heuristic", "ply"]
    names += ["beginner", "casual", "intermediate", "advanced", "expert"]
    names += ["", "Backgammon", "expert ", "ply\x00", "dice_poker", "x" * 70]
    for k, name in enumerate(names):
        write(root, "fuzz_names", f"{k}", name)


def write_bot(root):
    """fuzz_bot: a state text at a seat's decision, then a newline and the
    option bytes (see fuzz_bot.c): the heuristic and ply kinds at 0, 1 and 2
    plies (2 in the first state of each game only: seconds each under the
    sanitizers), each level, the searching bots, filters and noise."""
    options = [b"", bytes([0]), bytes([1]), bytes([3]), bytes([7]), bytes([8]),
               bytes([3, 4, 50, 25, 7])] + [bytes([0x80 | level << 4]) for level in range(5)]
    for info in alea.games():
        for k, steps in enumerate([1, 9, 40]):
            state, _ = play(info.id, 300 + k, steps)
            rng = alea.Rng(k)
            while state.is_chance:
                state.roll(rng)
            for j, opt in enumerate(options):
                if opt == bytes([7]) and k == 0:  # 2 plies: bytes 0 and 12 (fuzz_bot.c)
                    opt += bytes(11) + bytes([2])
                write(root, "fuzz_bot", f"{info.id}-{k}-{j}", state.to_text().encode() + b"\n" + opt)


def write_match_write(root):
    """fuzz_match_write: a mode byte, a flag byte (bit 0: play on at random,
    to the end of the game, or of the session when bits 1-3 are 7), two names
    and the choice bytes (see fuzz_match_write.c)."""
    names = b"Alice: x;\nBob ] \\ \n"
    for mode in range(18):
        write(root, "fuzz_match_write", f"{mode}-out", bytes([mode, 1 + 2 * mode]) + names)
        choices = bytes((mode * 37 + i * 101) % 256 for i in range(80))
        write(root, "fuzz_match_write", f"{mode}-cut", bytes([mode, 0]) + b"White\nRed\n" + choices)


def write_state_bytes(root, count):
    """fuzz_state_bytes: byte 0 picks a game and how far its seeded game is
    played; one byte alone is that state undamaged, more bytes overwrite it
    after the head (or from the head when bit 7 is set)."""
    for first in range(0, 128, 3):
        write(root, "fuzz_state_bytes", f"{first % count}-{first}", bytes([first]))
        write(root, "fuzz_state_bytes", f"{first % count}-{first}-ff",
              bytes([first]) + bytes([0xFF] * (1 + first % 5)))
    for first in (0x80, 0x81, 0x82, 0x83):
        write(root, "fuzz_state_bytes", f"head-{first}", bytes([first, 0x41, 0x6C, 0x65, 0x61, 2, 7]))


def write_gnubg(root):
    """Position ID, Match ID and spec lines from casual, match and money games."""
    specs = ["backgammon", "backgammon match=7", "backgammon money=on jacoby=on beavers=on"]
    for k, spec in enumerate(specs):
        for seed, steps in ((k, 0), (k, 1), (k, 9), (k, 40), (k, 150)):
            state, _ = play(spec, seed, steps)
            ids = f"{alea.backgammon.position_id(state)}\n{alea.backgammon.match_id(state)}\n{state.spec}\n"
            write(root, "fuzz_gnubg", f"{k}-{seed}-{steps}", ids)


def write_serve(root):
    """Sessions of alea-referee --serve (fuzz_serve): a game of each kind played
    through requests, plus bad requests of every kind."""
    import json

    def line(**req):
        return json.dumps(req, ensure_ascii=False)

    for index, info in enumerate(alea.games()):
        for k, steps in enumerate((6, 40)):
            state = alea.Game(info.id).new_state()
            rng = alea.Rng(200 + k)
            lines = [line(id=0, op="new", spec=state.spec, seed=k)]
            for i in range(steps):
                if state.is_terminal:
                    break
                seat = state.current_player
                lines.append(line(id=i, op="legal", game=1, seat="chance" if seat < 0 else seat))
                if state.is_chance:
                    before = state.clone()
                    outcome = state.roll(rng)
                    lines.append(line(id=i, op="dice", game=1, dice=before.action_to_str(outcome)))
                else:
                    action = alea.bot_choose(state, "random", rng)
                    text = state.action_to_str(action)
                    state.apply(action)
                    lines.append(line(id=i, op="move", game=1, seat=seat, move=text))
                lines.append(line(id=i, op="view", game=1, seat="public" if i % 2 else 0))
            lines += [line(op="roll", game=1), line(op="result", game=1), line(op="close", game=1)]
            write(root, "fuzz_serve", f"{info.id}-{k}", "\n".join(lines) + "\n")
    bad = [
        "{", "garbage", "[1]", "", '{"op":"fly"}', '{"op":"new","spec":"dice-poker\\u0000"}',
        '{"op":"new","spec":"plateau","seed":-1}', '{"op":"legal","game":9,"seat":0}',
        '{"op":"move","game":1,"seat":1,"move":"24/18"}', '{"op":"dice","game":1,"dice":"x"}',
        '{"id":[1,{"a":null}],"op":"view","game":1,"seat":"public"}', "\xff\xfe",
    ]
    session = [line(op="new", spec="backgammon", seed=1)] + bad + [line(op="close", game=1)]
    write(root, "fuzz_serve", "bad-requests", "\n".join(session) + "\n")
    many = [line(op="new", spec="wise-dice") for _ in range(6)] + [line(op="close", game=2)]
    write(root, "fuzz_serve", "many-games", "\n".join(many) + "\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "tests/fuzz/corpus")
