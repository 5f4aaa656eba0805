"""alea.Rng against an independent pure-Python xoshiro256** / SplitMix64 reference."""

from __future__ import annotations

import copy
import pickle

import pytest

import alea

MASK = (1 << 64) - 1


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK


class Reference:
    """xoshiro256** 1.0 seeded by SplitMix64 (Blackman and Vigna), written from the paper."""

    JUMP = (0x180EC6D33CFD0ABA, 0xD5A61266F0C9392C, 0xA9582618E03FC9AA, 0x39ABDC4529B1661C)

    def __init__(self, seed: int) -> None:
        self.s = []
        x = seed
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & MASK
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            self.s.append(z ^ (z >> 31))

    def next(self) -> int:
        s = self.s
        result = (_rotl((s[1] * 5) & MASK, 7) * 9) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, bound: int) -> int:
        if bound <= 1:
            return 0
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            x = self.next()
            if x < limit:
                return x % bound

    def double(self) -> float:
        return (self.next() >> 11) * 2.0**-53

    def jump(self) -> None:
        acc = [0, 0, 0, 0]
        for word in self.JUMP:
            for bit in range(64):
                if word & (1 << bit):
                    acc = [a ^ s for a, s in zip(acc, self.s)]
                self.next()
        self.s = acc


def test_reference_splitmix64_matches_its_published_first_output():
    # SplitMix64 started at 0 first gives 0xe220a8397b1dcdaf (Vigna's splitmix64.c).
    assert Reference(0).s[0] == 0xE220A8397B1DCDAF


def test_seed_zero_first_output_matches_the_reference():
    assert alea.Rng(0).next() == Reference(0).next()


def test_seeding_fills_the_words_with_splitmix64_outputs():
    for seed in (0, 1, 42, 2**64 - 1):
        assert list(alea.Rng(seed).words) == Reference(seed).s


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**63, 2**64 - 1])
def test_next_sequence_matches_the_reference(seed):
    rng, ref = alea.Rng(seed), Reference(seed)
    assert [rng.next() for _ in range(1000)] == [ref.next() for _ in range(1000)]


def test_below_die_and_random_match_the_reference():
    rng, ref = alea.Rng(99), Reference(99)
    for bound in (1, 2, 3, 6, 7, 36, 1000, 2**33 + 1, 2**63 + 5, 2**64 - 1):
        for _ in range(20):
            assert rng.below(bound) == ref.below(bound)
    for sides in (1, 2, 6, 20, 2**31 - 1):
        for _ in range(20):
            assert rng.die(sides) == 1 + ref.below(sides)
    for _ in range(100):
        value = rng.random()
        assert value == ref.double()
        assert 0.0 <= value < 1.0


def test_jump_matches_the_reference():
    rng, ref = alea.Rng(5), Reference(5)
    rng.jump()
    ref.jump()
    assert list(rng.words) == ref.s
    assert rng.next() == ref.next()


def test_same_seed_gives_the_same_sequence():
    a, b = alea.Rng(2024), alea.Rng(2024)
    assert [a.next() for _ in range(100)] == [b.next() for _ in range(100)]
    assert [a.die(6) for _ in range(100)] == [b.die(6) for _ in range(100)]
    assert alea.Rng(1).next() != alea.Rng(2).next()


def test_dice_are_in_range_and_all_faces_appear():
    rng = alea.Rng(3)
    faces = [rng.die() for _ in range(600)]
    assert set(faces) == {1, 2, 3, 4, 5, 6}


def test_copies_are_independent_and_replay_the_same_stream():
    rng = alea.Rng(11)
    rng.next()
    for twin in (rng.copy(), copy.copy(rng), copy.deepcopy(rng), pickle.loads(pickle.dumps(rng))):
        assert twin == rng and twin is not rng
        assert twin.next() == rng.copy().next()
    other = rng.copy()
    other.jump()
    assert other != rng
    assert "alea.Rng" in repr(rng)
