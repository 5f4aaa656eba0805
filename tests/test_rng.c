/* alea_rng: the published vectors of SplitMix64 and xoshiro256**, rejection
   sampling, and the NULL/edge cases (doc/rng.md). */
#include "support.h"
#include <check.h>
#include <stdlib.h>

/* SplitMix64 from 0 gives the reference outputs 0xe220a8397b1dcdaf,
   0x6e789e6aa1b965f4, 0x06c45d188009454f: the seeded state words. */
START_TEST(test_seed_is_splitmix64) {
    alea_rng r;
    alea_rng_seed(&r, 0);
    ck_assert_uint_eq(r.s[0], 0xe220a8397b1dcdafu);
    ck_assert_uint_eq(r.s[1], 0x6e789e6aa1b965f4u);
    ck_assert_uint_eq(r.s[2], 0x06c45d188009454fu);
    ck_assert_uint_eq(r.s[3], 0xf88bb8a8724c81ecu);
}
END_TEST

/* xoshiro256** reference: state {1,2,3,4} gives 11520, 0, 1509978240. */
START_TEST(test_xoshiro_reference_vector) {
    alea_rng r = {{1, 2, 3, 4}};
    ck_assert_uint_eq(alea_rng_next(&r), 11520u);
    ck_assert_uint_eq(alea_rng_next(&r), 0u);
    ck_assert_uint_eq(alea_rng_next(&r), 1509978240u);
}
END_TEST

START_TEST(test_seeded_streams) {
    alea_rng r;
    alea_rng_seed(&r, 0);
    ck_assert_uint_eq(alea_rng_next(&r), 0x99ec5f36cb75f2b4u);
    ck_assert_uint_eq(alea_rng_next(&r), 0xbf6e1f784956452au);
    ck_assert_uint_eq(alea_rng_next(&r), 0x1a5f849d4933e6e0u);
    ck_assert_uint_eq(alea_rng_next(&r), 0x6aa594f1262d2d2cu);
    alea_rng_seed(&r, 42);
    ck_assert_uint_eq(alea_rng_next(&r), 0x15780b2e0c2ec716u);
    ck_assert_uint_eq(alea_rng_next(&r), 0x6104d9866d113a7eu);
    ck_assert_uint_eq(alea_rng_next(&r), 0xae17533239e499a1u);
}
END_TEST

START_TEST(test_jump_vector) {
    alea_rng r;
    alea_rng_seed(&r, 42);
    alea_rng_jump(&r);
    ck_assert_uint_eq(alea_rng_next(&r), 0x50086ef83cbf4f4au);
    ck_assert_uint_eq(alea_rng_next(&r), 0xba285ec21347d703u);
}
END_TEST

/* Dice by rejection: the vector fixes the sequence of a seeded game's dice. */
START_TEST(test_die_vector) {
    static const int want[20] = {2, 5, 3, 6, 6, 5, 3, 4, 2, 5, 2, 5, 4, 6, 4, 2, 6, 6, 5, 2};
    alea_rng r;
    alea_rng_seed(&r, 1);
    for (int i = 0; i < 20; i++)
        ck_assert_int_eq(alea_rng_die(&r, 6), want[i]);
    alea_rng_seed(&r, 2);
    ck_assert_uint_eq(alea_rng_below(&r, 1000003), 789055u);
    ck_assert_uint_eq(alea_rng_below(&r, 1000003), 1134u);
    ck_assert_uint_eq(alea_rng_below(&r, 1000003), 801408u);
}
END_TEST

/* Rejection keeps every residue equally likely; a bound just above 2^63
   rejects nearly half the draws, and must still terminate and stay below. */
START_TEST(test_below_bounds_and_uniformity) {
    alea_rng r;
    long counts[6] = {0};
    const long n = 600000;
    uint64_t big = ((uint64_t)1 << 63) + 12345u;
    alea_rng_seed(&r, 7);
    for (long i = 0; i < n; i++)
        counts[alea_rng_die(&r, 6) - 1]++;
    for (int f = 0; f < 6; f++) /* 6 sigma of a binomial(600000, 1/6) is ~1730 */
        ck_assert_msg(labs(counts[f] - n / 6) < 1800, "face %d: %ld", f + 1, counts[f]);
    for (int i = 0; i < 1000; i++)
        ck_assert_uint_lt(alea_rng_below(&r, big), big);
    ck_assert_uint_eq(alea_rng_below(&r, 0), 0u);
    ck_assert_uint_eq(alea_rng_below(&r, 1), 0u);
    ck_assert_int_eq(alea_rng_die(&r, 1), 1);
    ck_assert_int_eq(alea_rng_die(&r, 0), 0);
    ck_assert_int_eq(alea_rng_die(&r, -3), 0);
}
END_TEST

START_TEST(test_double_range) {
    alea_rng r;
    alea_rng_seed(&r, 3);
    for (int i = 0; i < 10000; i++) {
        double d = alea_rng_double(&r);
        ck_assert(d >= 0.0 && d < 1.0);
    }
}
END_TEST

START_TEST(test_null_rng_is_harmless) {
    alea_rng_seed(NULL, 1);
    alea_rng_jump(NULL);
    ck_assert_uint_eq(alea_rng_next(NULL), 0u);
    ck_assert_uint_eq(alea_rng_below(NULL, 6), 0u);
    ck_assert_int_eq(alea_rng_die(NULL, 6), 0);
    ck_assert(alea_rng_double(NULL) == 0.0);
}
END_TEST

/* The same seed gives the same stream; copies are independent values. */
START_TEST(test_copy_reproduces) {
    alea_rng a, b;
    alea_rng_seed(&a, 99);
    b = a;
    for (int i = 0; i < 100; i++)
        ck_assert_uint_eq(alea_rng_next(&a), alea_rng_next(&b));
}
END_TEST

static Suite *rng_suite(void) {
    Suite *s = suite_create("rng");
    TCase *tc = tcase_create("rng");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_seed_is_splitmix64);
    tcase_add_test(tc, test_xoshiro_reference_vector);
    tcase_add_test(tc, test_seeded_streams);
    tcase_add_test(tc, test_jump_vector);
    tcase_add_test(tc, test_die_vector);
    tcase_add_test(tc, test_below_bounds_and_uniformity);
    tcase_add_test(tc, test_double_range);
    tcase_add_test(tc, test_null_rng_is_harmless);
    tcase_add_test(tc, test_copy_reproduces);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(rng_suite());
}
