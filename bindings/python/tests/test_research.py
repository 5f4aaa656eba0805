"""Research at scale (issue 14): the fast paths, playouts and observation tensors."""

from __future__ import annotations

import threading
from typing import Any

import pytest

import alea
from alea import _lib

GAMES = [info.id for info in alea.games()]


def _walk(spec: str, seed: int, steps: int = 400):
    """Yields states of one seeded random game (fast API) up to `steps` actions."""
    rng = alea.Rng(seed)
    state = alea.State(spec)
    for _ in range(steps):
        yield state
        if state.is_terminal:
            return
        if state.is_chance:
            state.roll(rng)
        else:
            legal = state.legal_numbers()
            state.apply(legal[rng.below(len(legal))])


@pytest.mark.parametrize("game", GAMES)
def test_fast_lists_equal_rich_lists(game: str) -> None:
    for state in _walk(game, 14):
        numbers = state.legal_numbers()
        assert numbers == [int(a) for a in state.legal_actions()]
        assert all(type(n) is int for n in numbers)
        array = state.legal_array()
        assert list(array) == numbers
        if hasattr(array, "dtype"):
            assert str(array.dtype) == "uint64"


def test_fast_apply_refusals_keep_reason_and_state() -> None:
    state = alea.State("dice-poker players=2")
    before = state.to_bytes()
    for bad in (0, _lib.UINT64_MAX, 12345):
        with pytest.raises(alea.AleaError) as info:
            state.apply(bad)
        assert info.value.reason
        assert state.to_bytes() == before
    with pytest.raises(alea.InvalidArgument):
        state.apply(-1)
    with pytest.raises(alea.InvalidArgument):
        state.apply(1 << 64)
    with pytest.raises(TypeError):
        state.apply(True)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        state.roll(3)  # type: ignore[arg-type]
    assert state.to_bytes() == before


def test_fast_paths_per_thread() -> None:
    """Each thread has its own result buffers: lists stay right with four threads."""
    errors = []

    def work(seed: int) -> None:
        try:
            for state in _walk("backgammon", seed, 300):
                if not state.is_chance and not state.is_terminal:
                    assert state.legal_numbers() == [int(a) for a in state.legal_actions()]
        except AssertionError as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(s,)) for s in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


@pytest.mark.parametrize("game", GAMES)
def test_playouts_match_python_loop(game: str) -> None:
    """Game g of a seed is the host loop with Bot.choose on the rng jumped g times."""
    start = alea.State(game)
    players = start.num_players
    bots = ["greedy"] + ["random"] * (players - 1)
    result = alea.playouts(start, 3, bots, 99)
    split = alea.playouts(game, 2, bots, 99, first=1)
    for g in range(3):
        rng = alea.Rng(99)
        for _ in range(g):
            rng.jump()
        objects = [alea.Bot(b, game) for b in bots]
        state = start.clone()
        plies = 0
        while not state.is_terminal:
            if state.is_chance:
                state.roll(rng)
            else:
                state.apply(objects[state.current_player].choose(state, rng))
            plies += 1
        assert int(result.plies[g]) == plies
        assert [float(x) for x in result.returns[g]] == list(state.result.returns)
        assert [int(x) for x in result.scores[g]] == list(state.result.scores)
        if g:
            assert [float(x) for x in split.returns[g - 1]] == list(state.result.returns)


def test_playouts_bad_arguments() -> None:
    with pytest.raises(alea.InvalidArgument):
        alea.playouts("dice-poker players=3", 2, ["random", "greedy"], 1)
    with pytest.raises(alea.InvalidArgument):
        alea.playouts("backgammon", 2, "nobody", 1)
    with pytest.raises(alea.InvalidArgument):
        alea.playouts("backgammon", -1, None, 1)
    with pytest.raises(TypeError):
        alea.playouts(3, 1, None, 1)  # type: ignore[arg-type]
    empty = alea.playouts("backgammon", 0, None, 1)
    assert len(empty.plies) == 0


# -- observation tensors ---------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_tensors_sizes_and_afterstates(game: str) -> None:
    size = alea.game_info(game).observation_size
    assert size > 0
    for k, state in enumerate(_walk(game, 21, 120)):
        if k % 15:
            continue
        # with hidden information the afterstates are those of the seat's fixed
        # re-deal (doc/api.md "Observations"): the seat to act's own actions, and
        # rows that show no piece the seat has not seen (tests/test_observe.c)
        hidden = state.observation_text(alea.OBSERVER_PUBLIC) != state.to_text()
        for seat in [alea.OBSERVER_PUBLIC] + list(range(state.num_players)):
            t = state.observation_tensor(seat)
            assert len(t) == size
            actions, matrix = state.afterstate_tensors(seat)
            assert len(matrix) == len(actions)
            if hidden:
                if seat == state.current_player:
                    assert [int(a) for a in actions] == state.legal_numbers()
                continue
            assert [int(a) for a in actions] == state.legal_numbers()
            for i in range(0, len(actions), max(1, len(actions) // 4)):
                child = state.child(int(actions[i]))
                assert list(matrix[i]) == list(child.observation_tensor(seat))
    with pytest.raises(alea.InvalidArgument):
        alea.State(game).observation_tensor(7)


def test_tensor_numpy_types() -> None:
    np = pytest.importorskip("numpy")
    state = alea.State("backgammon")
    t = state.observation_tensor(0)
    assert isinstance(t, np.ndarray) and t.dtype == np.float32 and t.shape == (211,)
    state.roll(alea.Rng(1))
    while state.is_chance:
        state.roll(alea.Rng(2))
    actions, matrix = state.afterstate_tensors(state.current_player)
    assert actions.dtype == np.uint64 and matrix.dtype == np.float32
    assert matrix.shape == (len(actions), 211)


def test_tensor_lists_without_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    from alea import tensor, state as state_module, scale

    expected = alea.State("dice-poker").observation_tensor(0)
    monkeypatch.setattr(tensor, "_np", None)
    monkeypatch.setattr(state_module, "_np", None)
    monkeypatch.setattr(scale, "_np", None)
    state = alea.State("dice-poker")
    t = state.observation_tensor(0)
    assert isinstance(t, list) and [float(x) for x in expected] == t
    state.apply(state.legal_numbers()[0])
    actions, rows = state.afterstate_tensors(0)
    assert isinstance(actions, list) and isinstance(rows, list) and len(rows) == len(actions)
    assert isinstance(state.legal_array(), list)
    result = alea.playouts("dice-poker players=1 columns=1", 2, None, 1)
    assert isinstance(result.returns, list) and len(result.returns) == 2


def test_plateau_tensor_depends_only_on_what_the_seat_sees() -> None:
    """Children that look alike to White (same public text) have equal tensors for
    White and for the public observer (R11)."""
    from alea import plateau

    state = alea.State("plateau")
    seen = {}
    blind = 0
    for action in state.legal_numbers():
        child = state.child(action)
        key = plateau.public_text(child, 1)
        t = (tuple(child.observation_tensor(1)), tuple(child.observation_tensor(-4)))
        if key in seen:
            blind += 1
            assert seen[key] == t
        else:
            seen[key] = t
    assert blind > 0


# -- rollouts, tournaments, Dask -----------------------------------------------------


def test_rollout_statistics_and_chunking() -> None:
    state = alea.State("dice-poker players=2 columns=1")
    one = alea.rollout(state, "greedy", 60, seed=4, chunk=60)
    split = alea.rollout(state, "greedy", 60, seed=4, chunk=7)
    assert one == split
    rows = alea.playouts(state, 60, "greedy", 4).returns
    for seat in range(2):
        values = [float(r[seat]) for r in rows]
        mean = sum(values) / 60
        assert one.mean[seat] == pytest.approx(mean)
        low, high = one.interval[seat]
        assert low <= one.mean[seat] <= high
        assert one.stderr[seat] >= 0
    with pytest.raises(alea.InvalidArgument):
        alea.rollout(state, "greedy", 0)
    with pytest.raises(TypeError):
        alea.rollout("dice-poker", "greedy", 5)  # type: ignore[arg-type]


def test_tournament_chunks_and_progress() -> None:
    from alea import tournament

    seen = []
    a = tournament.run("dice-poker players=2 columns=1", ["greedy", "random"], games=9, seed=2)
    b = tournament.run("dice-poker players=2 columns=1", ["greedy", "random"], games=9, seed=2,
                       chunk=2, progress=seen.append)
    assert tournament.format_table(a) == tournament.format_table(b)
    assert seen == [2, 4, 6, 8, 9]


def test_progress_plain_lines_and_silence() -> None:
    import io

    from alea.progress import Progress

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    quiet = Tty()
    with Progress(3, "games", quiet=True, stream=quiet) as bar:
        bar.update_to(3)
    assert quiet.getvalue() == ""
    pipe = io.StringIO()  # not a terminal: silent
    with Progress(3, "games", stream=pipe) as bar:
        bar.update_to(3)
    assert pipe.getvalue() == ""


def test_two_dask_workers_give_identical_results() -> None:
    """A 2-worker LocalCluster gives byte-identical rollouts and tournaments."""
    pytest.importorskip("distributed")
    from alea import tournament
    from alea.distributed import cluster

    state = alea.State("backgammon")
    spec = "dice-poker players=2 columns=1"
    alone = alea.rollout(state, ["greedy", "random"], 40, seed=9, chunk=10)
    table = tournament.format_table(
        tournament.run(spec, ["greedy", "random"], games=12, seed=5, chunk=3))
    with cluster(workers=2) as client:
        spread = alea.rollout(state, ["greedy", "random"], 40, seed=9, client=client, chunk=10)
        spread_table = tournament.format_table(
            tournament.run(spec, ["greedy", "random"], games=12, seed=5, client=client,
                           chunk=3))
    assert repr(spread) == repr(alone)
    assert spread_table == table


def test_a_round_robin_of_levels_is_the_same_on_two_dask_workers() -> None:
    """Issue 22 item 5: every level against every other; two workers give the same
    table as one process (the CPU column aside, which is measured)."""
    pytest.importorskip("distributed")
    from alea import tournament
    from alea.distributed import cluster

    levels = list(alea.bot_levels("backgammon"))[:3]
    assert len(levels) == 3
    alone = tournament.round_robin("backgammon", levels, games=6, seed=4, chunk=2)
    with cluster(workers=2) as client:
        spread = tournament.round_robin("backgammon", levels, games=6, seed=4, client=client,
                                        chunk=2)
    assert tournament.format_round_robin(spread, cpu=False) == \
        tournament.format_round_robin(alone, cpu=False)
    assert alone.pairs == spread.pairs
    for i in range(3):
        total = alone.total(i)
        assert total.games == 12 and total.moves > 0 and total.cpu_seconds >= 0
        for j in range(3):
            if i != j:  # i's record against j mirrors j's against i
                a, b = alone.standing(i, j), alone.standing(j, i)
                assert (a.wins, a.losses, a.draws) == (b.losses, b.wins, b.draws)


def test_td_backgammon_example_runs(tmp_path: Any) -> None:
    """The TD(lambda) example trains and evaluates with tiny settings (CI: seconds)."""
    pytest.importorskip("numpy")
    import importlib.util
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "examples" / "td_backgammon.py"
    spec = importlib.util.spec_from_file_location("td_backgammon", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "td.json"
    png = tmp_path / "td.png"
    assert module.main(["--games", "2", "--checkpoint", "1", "--eval-games", "2", "--quiet",
                        "--hidden", "8", "--json", str(out), "--plot", str(png)]) == 0
    points = json.loads(out.read_text())["points"]
    assert [p["games"] for p in points] == [0, 1, 2]
    for p in points:
        for bot in ("random", "greedy", "heuristic"):
            assert p[bot]["games"] == 2 and p[bot]["low"] <= p[bot]["rate"] <= p[bot]["high"]
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
