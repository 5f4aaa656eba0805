/* Thread safety: the library has no shared mutable state, so games played on
   several threads at once (each thread its own states and rng) end exactly
   as the same games played one after another.  Run under ThreadSanitizer by
   tests/run.sh as well. */
#include "support.h"

#include <check.h>
#include <pthread.h>
#include <stdlib.h>

#define THREADS 4
#define GAMES_PER_THREAD 40 /* at most; fewer under ALEA_TEST_QUICK (valgrind) */

typedef struct {
    size_t game;   /* registry index */
    uint64_t seed; /* first seed; game k uses seed + k */
    long games;    /* games to play, at most GAMES_PER_THREAD */
    uint64_t digest[GAMES_PER_THREAD];
} job;

/* Plays one seeded game with both bots and text round trips, returns a digest
   of the final state and its texts. */
static uint64_t play_one(size_t game, uint64_t seed) {
    alea_state st, back;
    alea_rng rng;
    char text[16384];
    uint64_t a, digest;
    alea_rng_seed(&rng, seed);
    if (alea_state_init(&st, alea_game_id(alea_game_at(game)), NULL) != ALEA_OK)
        return 0;
    for (int kind = 0; alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL; kind ^= 1) {
        if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE)
            alea_state_roll(NULL, &st, &rng);
        else if (alea_bot_choose(&a, &st, kind, &rng) == ALEA_OK)
            alea_state_apply(&st, a, NULL);
        else
            return 0;
    }
    alea_state_to_text(text, sizeof text, NULL, &st);
    if (alea_state_from_text(&back, text, NULL) != ALEA_OK || !alea_state_equal(&back, &st))
        return 0;
    digest = alea_state_hash(&st);
    for (const char *p = text; *p; p++)
        digest = (digest ^ (unsigned char)*p) * 0x100000001B3u;
    return digest;
}

static void *run_job(void *arg) {
    job *j = arg;
    for (long k = 0; k < j->games; k++)
        j->digest[k] = play_one(j->game, j->seed + (uint64_t)k);
    return NULL;
}

START_TEST(test_parallel_games_match_sequential) {
    for (size_t g = 0; g < alea_game_count(); g++) {
        job jobs[THREADS];
        pthread_t threads[THREADS];
        for (int t = 0; t < THREADS; t++) {
            jobs[t].game = g;
            jobs[t].seed = 1000u * (uint64_t)t + 7u;
            jobs[t].games = test_scale_at_least(GAMES_PER_THREAD, 2);
            ck_assert_int_eq(pthread_create(&threads[t], NULL, run_job, &jobs[t]), 0);
        }
        for (int t = 0; t < THREADS; t++)
            ck_assert_int_eq(pthread_join(threads[t], NULL), 0);
        for (int t = 0; t < THREADS; t++) {
            for (long k = 0; k < jobs[t].games; k++) {
                ck_assert_uint_ne(jobs[t].digest[k], 0);
                ck_assert_uint_eq(jobs[t].digest[k], play_one(g, jobs[t].seed + (uint64_t)k));
            }
        }
    }
}
END_TEST

static Suite *threads_suite(void) {
    Suite *s = suite_create("threads");
    TCase *tc = tcase_create("threads");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_parallel_games_match_sequential);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(threads_suite());
}
