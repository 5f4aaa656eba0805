/* Any bytes are safe (issue 12 item 2, doc/hardening.md "Any bytes are safe"):
   states from seeded random games of every game (several option sets, several
   nodes each) have every byte set to several values, every bit flipped, and
   2-3 random bytes changed at a time; every public function that takes a
   state is then called on the damaged bytes (the table in
   tests/fuzz/state_calls.h) and must keep the contract written there.  Run
   under ASan+UBSan in CI, which turns any out-of-bounds access into a failure.

   ALEA_BYTES_NODES (default 1) nodes per option set (and a finished game of
   the first), ALEA_BYTES_RANDOM (default 1000) random 2-3 byte damages per
   game; ALEA_TEST_QUICK keeps one node of the first option set, its bit
   flips and 10 random damages;
   ALEA_TEST_SEED moves the seeds. */
/* Tests the experimental tier too (doc/api.md "What 1.x guarantees"). */
#define ALEA_EXPERIMENTAL
#include "support.h"

#include <check.h>
#include <stdio.h>
#include <string.h>

static char what[256];           /* the damage being tested, for failure messages */
static const char *running = ""; /* the caller running */

#define CALLS_ASSERT(cond) ck_assert_msg((cond), "%s: %s broke \"%s\"", what, running, #cond)
#include "fuzz/state_calls.h"

static const char *const specs[4][3] = {
    {"backgammon", "backgammon match=5 resign=on", "backgammon money=on jacoby=on beavers=on"},
    {"dice-poker", "dice-poker players=4 columns=6", "dice-poker players=1 columns=1"},
    {"wise-dice", "wise-dice max-moves=30", NULL},
    {"plateau", "plateau overpay=on max-plies=40", NULL},
};

#define MAX_NODES 32

/* Nodes of seeded random games of game gi: the start, then states after a
   random number of actions (terminal ones included). */
static size_t nodes_of(int gi, alea_state *out, uint64_t seed) {
    long per_spec = test_count("ALEA_BYTES_NODES", 100) / 100;
    size_t n = 0;
    if (per_spec < 1)
        per_spec = 1;
    for (int k = 0; k < 3 && specs[gi][k]; k++) {
        alea_state st;
        alea_rng rng;
        if (test_quick() && k > 0)
            break;
        memset(&st, 0, sizeof st); /* the bytes past the state's size are compared too */
        alea_rng_seed(&rng, seed + (uint64_t)k);
        ck_assert_int_eq(alea_state_init(&st, specs[gi][k], NULL), ALEA_OK);
        for (long j = 0; j < per_spec && n < MAX_NODES; j++) {
            test_play_random(&st, &rng, 1 + alea_rng_below(&rng, j == 0 ? 8 : 80));
            out[n++] = st;
        }
        if (k == 0 && !test_quick() && n < MAX_NODES) {
            test_play_random(&st, &rng, 100000);
            out[n++] = st; /* a finished game */
        }
    }
    return n;
}

/* Nodes of game gi deep into play, where scores and counters have grown and
   the next action adds to them: after 6, 30 and 90 actions of a
   seeded random game of each option set (fewer when it ends first). */
static size_t nodes_along(int gi, alea_state *out, uint64_t seed) {
    static const unsigned steps[] = {6, 24, 60};
    size_t n = 0;
    for (int k = 0; k < 3 && specs[gi][k]; k++) {
        alea_state st;
        alea_rng rng;
        memset(&st, 0, sizeof st);
        alea_rng_seed(&rng, seed + (uint64_t)k);
        ck_assert_int_eq(alea_state_init(&st, specs[gi][k], NULL), ALEA_OK);
        for (size_t j = 0; j < sizeof steps / sizeof *steps && n < MAX_NODES; j++) {
            test_play_random(&st, &rng, steps[j]);
            out[n++] = st;
            if (alea_state_current_player(&st) == ALEA_PLAYER_TERMINAL)
                break;
        }
    }
    return n;
}

static void run(const alea_state *st, uint64_t seed) {
    static calls_ctx ctx; /* 33 KB: not on the forked test's stack */
    calls_run(&ctx, st, seed, &running);
}

/* Every byte set to several values, then every bit flipped. */
START_TEST(test_every_byte_and_bit) {
    static alea_state nodes[MAX_NODES];
    uint64_t seed = test_seed(1200 + (uint64_t)_i);
    size_t n = nodes_of(_i, nodes, seed);
    size_t size = alea_state_size(&nodes[0]);
    ck_assert_uint_gt(n, 0);
    for (size_t k = 0; k < n; k++) {
        for (size_t at = 0; at < size; at++) {
            unsigned char *p = (unsigned char *)&nodes[k];
            unsigned char orig = p[at];
            const unsigned char values[] = {
                0x00, 0xFF, 0x80, 0x7F, (unsigned char)(orig + 1), (unsigned char)(orig - 1)};
            /* ALEA_TEST_QUICK (valgrind): the bit flips only */
            for (size_t v = test_quick() ? sizeof values : 0; v < sizeof values + 8; v++) {
                alea_state damaged = nodes[k];
                unsigned char *d = (unsigned char *)&damaged;
                unsigned bit = 1u << (v < sizeof values ? 0 : v - sizeof values);
                d[at] = v < sizeof values ? values[v] : (unsigned char)(orig ^ bit);
                if (d[at] == orig)
                    continue;
                snprintf(what, sizeof what, "%s seed %llu node %zu: byte %zu 0x%02x -> 0x%02x",
                         specs[_i][0], (unsigned long long)seed, k, at, orig, d[at]);
                run(&damaged, seed + at);
            }
        }
    }
}
END_TEST

/* Every field that arithmetic uses is bounded by sane() (issue 24 item 3):
   at every aligned offset a 16-, 32- and 64-bit value near a signed or
   unsigned limit (little-endian), so that a counter or a score one
   step from overflow meets every call that adds to it; UBSan (CI's
   build-asan) turns any overflow into a failure, and the contract of
   state_calls.h holds. */
START_TEST(test_extreme_words) {
    static alea_state nodes[MAX_NODES];
    static const uint64_t values[] = {0x7FFF,
                                      0x7FFE,
                                      0x8000,
                                      0xFFFF,
                                      0x7FFFFFFF,
                                      0x7FFFFFF0,
                                      0x80000000,
                                      0xFFFFFFFF,
                                      0xFFFFFFF0,
                                      0x7FFFFFFFFFFFFFFF,
                                      0x8000000000000000,
                                      0xFFFFFFFFFFFFFFFF};
    static const size_t widths[] = {2, 4, 8};
    uint64_t seed = test_seed(1400 + (uint64_t)_i);
    size_t n = nodes_along(_i, nodes, seed);
    size_t size = alea_state_size(&nodes[0]);
    /* ALEA_TEST_QUICK (valgrind, which finds no overflow): the first node only;
       the sanitizer builds run them all */
    if (test_quick() && n > 1)
        n = 1;
    for (size_t k = 0; k < n; k++)
        for (size_t w = 0; w < sizeof widths / sizeof *widths; w++)
            /* after the head, at the width's alignment: where the C fields are */
            for (size_t at = 8; at + widths[w] <= size; at += widths[w])
                for (size_t v = 0; v < sizeof values / sizeof *values; v++) {
                    /* each value at its own width: 16-bit ones in 2 bytes, ... */
                    if ((widths[w] < 8 && values[v] >> (8 * widths[w])) ||
                        !(values[v] >> (4 * widths[w])))
                        continue;
                    if (test_quick() && v % 4)
                        continue;
                    alea_state damaged = nodes[k];
                    unsigned char *d = (unsigned char *)&damaged;
                    for (size_t b = 0; b < widths[w]; b++)
                        d[at + b] = (unsigned char)(values[v] >> (8 * b));
                    snprintf(what, sizeof what, "%s seed %llu node %zu: bytes %zu..%zu = 0x%llx",
                             specs[_i][0], (unsigned long long)seed, k, at, at + widths[w] - 1,
                             (unsigned long long)values[v]);
                    run(&damaged, seed + at);
                }
}
END_TEST

/* 2 or 3 random bytes at a time, set to random values. */
START_TEST(test_random_bytes) {
    static alea_state nodes[MAX_NODES];
    uint64_t seed = test_seed(1300 + (uint64_t)_i);
    size_t n = nodes_of(_i, nodes, seed);
    size_t size = alea_state_size(&nodes[0]);
    long rounds = test_count("ALEA_BYTES_RANDOM", 1000);
    alea_rng rng;
    alea_rng_seed(&rng, seed);
    for (long r = 0; r < rounds; r++) {
        alea_state damaged = nodes[alea_rng_below(&rng, n)];
        unsigned char *d = (unsigned char *)&damaged;
        int len = snprintf(what, sizeof what, "%s seed %llu round %ld:", specs[_i][0],
                           (unsigned long long)seed, r);
        for (int j = 0, m = 2 + (int)alea_rng_below(&rng, 2); j < m; j++) {
            size_t at = (size_t)alea_rng_below(&rng, size);
            d[at] = (unsigned char)alea_rng_below(&rng, 256);
            if (len > 0 && (size_t)len < sizeof what)
                len += snprintf(what + len, sizeof what - (size_t)len, " [%zu]=0x%02x", at, d[at]);
        }
        run(&damaged, seed + (uint64_t)r);
    }
}
END_TEST

/* The head carries a layout version; another one is refused by name. */
START_TEST(test_layout_version_refused) {
    alea_state st, before;
    alea_error err;
    memset(&st, 0, sizeof st); /* whole states are compared below */
    ck_assert_int_eq(alea_state_init(&st, specs[_i][0], NULL), ALEA_OK);
    ((unsigned char *)&st)[3] ^= 3; /* the layout byte of the head (doc/api.md) */
    before = st;
    ck_assert_int_eq(alea_state_validate(&st, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_msg(strstr(err.message, "state layout version") != NULL, "%s", err.message);
    ck_assert_msg(strstr(err.message, "this library reads") != NULL, "%s", err.message);
    ck_assert_int_eq(alea_state_check_action(&st, 0, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_msg(strstr(err.message, "state layout version") != NULL, "%s", err.message);
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_INVALID);
    ck_assert_uint_eq(alea_state_size(&st), 0);
    ck_assert_mem_eq(&st, &before, sizeof st);
    snprintf(what, sizeof what, "%s with layout byte changed", specs[_i][0]);
    run(&st, 1);
}
END_TEST

int main(void) {
    Suite *s = suite_create("bytes");
    TCase *tc = tcase_create("bytes");
    tcase_set_timeout(tc, 1200);
    tcase_add_loop_test(tc, test_layout_version_refused, 0, 4);
    tcase_add_loop_test(tc, test_every_byte_and_bit, 0, 4);
    tcase_add_loop_test(tc, test_random_bytes, 0, 4);
    suite_add_tcase(s, tc);
    TCase *extreme = tcase_create("extreme");
    tcase_set_timeout(extreme, 1200);
    tcase_add_loop_test(extreme, test_extreme_words, 0, 4);
    suite_add_tcase(s, extreme);
    return test_run(s);
}
