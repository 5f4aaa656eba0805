/**
 * @file alea/rng.h
 * @brief alea_rng: a small, specified, reproducible random number generator.
 *
 * The algorithm is xoshiro256** 1.0 (Blackman and Vigna), seeded by expanding
 * a 64-bit seed with SplitMix64 into the four state words.  Both are specified
 * bit for bit, so a seed gives the same sequence on every platform and
 * compiler; the published test vectors are in doc/rng.md and tests/test_rng.c.
 * Bounded values use rejection sampling, so dice are exactly uniform.
 *
 * The struct is transparent so that it can be copied, stored and mirrored
 * (e.g. by ctypes), but its words should only be changed through these
 * functions.  It holds no pointers.  Separate streams from one seed: seed
 * once, copy, and call alea_rng_jump() on the copy.
 */
#ifndef ALEA_RNG_H
#define ALEA_RNG_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The generator's state: four 64-bit words, never all zero. */
typedef struct alea_rng {
    uint64_t s[4];
} alea_rng;

/**
 * Seeds the generator: s[i] = successive outputs of SplitMix64 started at seed.
 * Any seed is fine, 0 included.  Does nothing if rng is NULL.
 */
ALEA_API void alea_rng_seed(alea_rng *rng, uint64_t seed);

/** Next 64 random bits (xoshiro256** output).  Returns 0 if rng is NULL. */
ALEA_API uint64_t alea_rng_next(alea_rng *rng);

/**
 * Uniform integer in [0, bound), by rejection: draws x = alea_rng_next() until
 * x < 2^64 - (2^64 mod bound), then returns x mod bound.
 * Returns 0 if bound is 0 or 1 or rng is NULL (no draw is made then).
 */
ALEA_API uint64_t alea_rng_below(alea_rng *rng, uint64_t bound);

/** One fair die with `sides` faces: 1 + alea_rng_below(rng, sides).  Returns 0 if
    sides < 1 or rng is NULL. */
ALEA_API int alea_rng_die(alea_rng *rng, int sides);

/** Uniform double in [0, 1): the top 53 bits of alea_rng_next() times 2^-53.
    Returns 0.0 if rng is NULL. */
ALEA_API double alea_rng_double(alea_rng *rng);

/** Advances the generator by 2^128 steps (the reference jump polynomial): gives
    a non-overlapping stream.  Does nothing if rng is NULL. */
ALEA_API void alea_rng_jump(alea_rng *rng);

#ifdef __cplusplus
}
#endif

#endif /* ALEA_RNG_H */
