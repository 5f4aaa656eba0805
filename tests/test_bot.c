/* Bots (alea/bot.h): legal choices, reproducible, greedy is stronger. */
#include "support.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

START_TEST(test_names) {
    ck_assert_str_eq(alea_bot_name(ALEA_BOT_RANDOM), "random");
    ck_assert_str_eq(alea_bot_name(ALEA_BOT_GREEDY), "greedy");
    ck_assert_ptr_null(alea_bot_name(ALEA_BOT_KIND_COUNT));
    ck_assert_ptr_null(alea_bot_name(-1));
    ck_assert_int_eq(alea_bot_find("greedy"), ALEA_BOT_GREEDY);
    ck_assert_int_eq(alea_bot_find("random"), ALEA_BOT_RANDOM);
    ck_assert_int_eq(alea_bot_find("genius"), -1);
    ck_assert_int_eq(alea_bot_find(NULL), -1);
}
END_TEST

/* Both bots always return a legal action, on every game, and the same seed
   gives the same game. */
START_TEST(test_bots_play_legal_reproducible_games) {
    for (size_t i = 0; i < alea_game_count(); i++) {
        for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
            alea_state a, b;
            alea_rng ra, rb;
            const char *id = alea_game_id(alea_game_at(i));
            alea_rng_seed(&ra, 77);
            alea_rng_seed(&rb, 77);
            ck_assert_int_eq(alea_state_init(&a, id, NULL), ALEA_OK);
            ck_assert_int_eq(alea_state_init(&b, id, NULL), ALEA_OK);
            while (alea_state_current_player(&a) != ALEA_PLAYER_TERMINAL) {
                uint64_t x, y;
                if (alea_state_current_player(&a) == ALEA_PLAYER_CHANCE) {
                    ck_assert_int_eq(alea_bot_choose(&x, &a, kind, &ra), ALEA_WRONG_PHASE);
                    ck_assert_int_eq(alea_state_roll(&a, &ra, NULL), ALEA_OK);
                    ck_assert_int_eq(alea_state_roll(&b, &rb, NULL), ALEA_OK);
                    continue;
                }
                ck_assert_int_eq(alea_bot_choose(&x, &a, kind, &ra), ALEA_OK);
                ck_assert_int_eq(alea_bot_choose(&y, &b, kind, &rb), ALEA_OK);
                ck_assert_uint_eq(x, y);
                ck_assert_int_eq(alea_state_check_action(&a, x, NULL), ALEA_OK);
                ck_assert_int_eq(alea_state_apply(&a, x, NULL), ALEA_OK);
                ck_assert_int_eq(alea_state_apply(&b, y, NULL), ALEA_OK);
            }
            ck_assert(alea_state_equal(&a, &b));
        }
    }
}
END_TEST

START_TEST(test_unknown_kind_refused) {
    alea_state st;
    alea_rng rng;
    uint64_t a;
    alea_rng_seed(&rng, 1);
    ck_assert_int_eq(alea_state_init(&st, "dice-poker", NULL), ALEA_OK);
    alea_state_roll(&st, &rng, NULL);
    ck_assert_int_eq(alea_bot_choose(&a, &st, 99, &rng), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_choose(&a, &st, -1, &rng), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_choose(&a, &st, ALEA_BOT_RANDOM, NULL), ALEA_INVALID_ARGUMENT);
}
END_TEST

/* Greedy (seat 0) against random (seat 1) in dice poker, 200 seeded games:
   taking the best immediate score must win the clear majority. */
START_TEST(test_greedy_beats_random_dice_poker) {
    int wins = 0;
    const int games = 200;
    alea_rng rng;
    alea_rng_seed(&rng, test_seed(2024));
    for (int g = 0; g < games; g++) {
        alea_state st;
        alea_result r;
        ck_assert_int_eq(alea_state_init(&st, "dice-poker players=2", NULL), ALEA_OK);
        while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
            int p = alea_state_current_player(&st);
            uint64_t a;
            if (p == ALEA_PLAYER_CHANCE) {
                alea_state_roll(&st, &rng, NULL);
                continue;
            }
            ck_assert_int_eq(
                alea_bot_choose(&a, &st, p == 0 ? ALEA_BOT_GREEDY : ALEA_BOT_RANDOM, &rng),
                ALEA_OK);
            ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
        }
        ck_assert_int_eq(alea_state_result(&r, &st), ALEA_OK);
        wins += r.winner == 0;
    }
    ck_assert_msg(wins >= games * 9 / 10, "greedy won only %d of %d", wins, games);
}
END_TEST

static Suite *bot_suite(void) {
    Suite *s = suite_create("bot");
    TCase *tc = tcase_create("bot");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_names);
    tcase_add_test(tc, test_bots_play_legal_reproducible_games);
    tcase_add_test(tc, test_unknown_kind_refused);
    tcase_add_test(tc, test_greedy_beats_random_dice_poker);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(bot_suite());
}
