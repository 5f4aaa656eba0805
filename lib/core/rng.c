/* xoshiro256** 1.0 seeded by SplitMix64 (both by Blackman and Vigna, public
   domain reference algorithms), so a seed gives the same stream everywhere. */
#include "core/impl.h"

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}

ALEA_API void alea_rng_seed(alea_rng *rng, uint64_t seed) {
    if (!rng)
        return;
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&seed);
}

ALEA_API uint64_t alea_rng_next(alea_rng *rng) {
    uint64_t *s, result, t;
    if (!rng)
        return 0;
    s = rng->s;
    result = rotl(s[1] * 5, 7) * 9;
    t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

ALEA_API uint64_t alea_rng_below(alea_rng *rng, uint64_t bound) {
    uint64_t limit, x;
    if (!rng || bound < 2)
        return 0;
    /* Accept x below the largest multiple of bound: every residue equally likely.
       (0 - bound) % bound == 2^64 mod bound. */
    limit = UINT64_MAX - (0 - bound) % bound;
    do {
        x = alea_rng_next(rng);
    } while (x > limit);
    return x % bound;
}

ALEA_API int alea_rng_die(alea_rng *rng, int sides) {
    if (!rng || sides < 1)
        return 0;
    return 1 + (int)alea_rng_below(rng, (uint64_t)sides);
}

ALEA_API double alea_rng_double(alea_rng *rng) {
    return (double)(alea_rng_next(rng) >> 11) * 0x1.0p-53;
}

ALEA_API void alea_rng_jump(alea_rng *rng) {
    static const uint64_t jump[4] = {0x180EC6D33CFD0ABAu, 0xD5A61266F0C9392Cu, 0xA9582618E03FC9AAu,
                                     0x39ABDC4529B1661Cu};
    uint64_t t[4] = {0, 0, 0, 0};
    if (!rng)
        return;
    for (int i = 0; i < 4; i++) {
        for (int b = 0; b < 64; b++) {
            if (jump[i] & ((uint64_t)1 << b)) {
                for (int k = 0; k < 4; k++)
                    t[k] ^= rng->s[k];
            }
            alea_rng_next(rng);
        }
    }
    for (int k = 0; k < 4; k++)
        rng->s[k] = t[k];
}
