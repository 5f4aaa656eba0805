/* Seat-aware checking (state.h alea_state_check_as(), apply_as(),
   apply_text_as(); issue 12 item 1).  Over seeded random games of every game,
   refereed the way a server does it: at every node, every seat (and the host's
   dice, ALEA_PLAYER_CHANCE) sends legal actions, as values and as text.  Only
   the one who must act may act: the others get ALEA_WRONG_PLAYER with a reason
   naming both, and the state is unchanged; the one who may gets exactly what
   the plain entry points give.  A failure prints the seed and the state text. */
#include "support.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const specs[] = {
    "backgammon", "backgammon match=3 resign=on", "backgammon money=on beavers=on",
    "dice-poker", "dice-poker players=4 columns=1", "wise-dice max-moves=60",
    "plateau",    "plateau max-plies=30",
};
#define N_SPECS (sizeof specs / sizeof specs[0])

/* Legal actions sent per node and seat (a sample of longer lists). */
#define SEND_PER_NODE 6

static void fail_at(uint64_t seed, const alea_state *st, const char *what, int seat, uint64_t a,
                    alea_status got, const alea_error *err) {
    char text[2048];
    if (alea_state_to_text(text, sizeof text, NULL, st) != ALEA_OK)
        strcpy(text, "(state text too long)");
    ck_abort_msg("seed %llu, state \"%s\": %s from seat %d, action %#llx, gave %s (%s)",
                 (unsigned long long)seed, text, what, seat, (unsigned long long)a,
                 alea_status_name(got), got ? err->message : "");
}

/* The reason names the sender and who must act. */
static int reason_fits(const char *msg, int seat, int now) {
    char want[64];
    if (seat >= 0 && now >= 0)
        snprintf(want, sizeof want, "seat %d moved, but seat %d must move", seat, now);
    else if (seat >= 0)
        snprintf(want, sizeof want, "seat %d", seat);
    else
        snprintf(want, sizeof want, "but seat %d must move", now);
    return strstr(msg, want) != NULL && (now >= 0 || strstr(msg, "ALEA_PLAYER_CHANCE") ||
                                         strstr(msg, "(chance)"));
}

/* One action from one sender, as a value and as text. */
static void send(uint64_t seed, const alea_state *st, int seat, uint64_t a) {
    int now = alea_state_current_player(st);
    char text[ALEA_ACTION_TEXT_MAX];
    alea_state mine = *st, plain = *st;
    alea_error err;
    alea_status got;
    ck_assert_int_eq(alea_state_action_to_text(text, sizeof text, NULL, st, a), ALEA_OK);
    memset(&err, 0, sizeof err);
    got = alea_state_check_as(st, seat, a, &err);
    if (seat == now ? got != ALEA_OK : got != ALEA_WRONG_PLAYER || !reason_fits(err.message, seat, now))
        fail_at(seed, st, "check_as", seat, a, got, &err);
    got = alea_state_apply_as(&mine, seat, a, &err);
    if (seat != now) {
        if (got != ALEA_WRONG_PLAYER || memcmp(&mine, st, sizeof mine) != 0)
            fail_at(seed, st, "apply_as (state changed?)", seat, a, got, &err);
        got = alea_state_apply_text_as(&mine, seat, text, &err);
        if (got != ALEA_WRONG_PLAYER || !reason_fits(err.message, seat, now) ||
            memcmp(&mine, st, sizeof mine) != 0)
            fail_at(seed, st, text, seat, a, got, &err);
        return;
    }
    ck_assert_int_eq(alea_state_apply(&plain, a, NULL), ALEA_OK);
    if (got != ALEA_OK || !alea_state_equal(&mine, &plain))
        fail_at(seed, st, "apply_as differs from apply", seat, a, got, &err);
    mine = *st;
    got = alea_state_apply_text_as(&mine, seat, text, &err);
    if (got != ALEA_OK || !alea_state_equal(&mine, &plain))
        fail_at(seed, st, text, seat, a, got, &err);
}

START_TEST(test_only_the_seat_to_act_may_act) {
    const char *spec = specs[_i];
    long games = test_count("ALEA_SEAT_GAMES", 400) / 50;
    long sent = 0;
    uint64_t *legal = malloc(ALEA_MAX_ACTIONS * sizeof *legal);
    ck_assert_ptr_nonnull(legal);
    for (long g = 0; g < (games < 1 ? 1 : games); g++) {
        uint64_t seed = test_seed(0x5EA7 + (uint64_t)_i * 1000) + (uint64_t)g;
        alea_state st;
        alea_rng rng;
        memset(&st, 0, sizeof st); /* whole-struct comparisons below */
        ck_assert_int_eq(alea_state_init(&st, spec, NULL), ALEA_OK);
        alea_rng_seed(&rng, seed);
        for (int steps = 0; steps < 3000; steps++) {
            int now = alea_state_current_player(&st), players = alea_state_num_players(&st);
            size_t n;
            alea_error err;
            ck_assert_int_eq(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, &st), ALEA_OK);
            if (now == ALEA_PLAYER_TERMINAL) {
                for (int seat = ALEA_PLAYER_CHANCE; seat < players; seat++) {
                    ck_assert_int_eq(alea_state_check_as(&st, seat, 0, &err), ALEA_WRONG_PHASE);
                    ck_assert_int_eq(alea_state_apply_text_as(&st, seat, "pass", &err),
                                     ALEA_WRONG_PHASE);
                }
                break;
            }
            for (int seat = ALEA_PLAYER_CHANCE; seat < players; seat++)
                for (size_t k = 0; k < (n < SEND_PER_NODE ? n : SEND_PER_NODE); k++, sent++)
                    send(seed, &st, seat, n <= SEND_PER_NODE ? legal[k]
                                                             : legal[alea_rng_below(&rng, n)]);
            /* the referee applies what the seat to act sends */
            uint64_t a = legal[alea_rng_below(&rng, n)];
            ck_assert_int_eq(alea_state_apply_as(&st, now, a, &err), ALEA_OK);
        }
    }
    free(legal);
    ck_assert_int_gt(sent, 0);
}
END_TEST

/* A game without dice has no chance seat to send from: the host's dice are
   always the wrong sender; a seat outside the game is no sender at all. */
START_TEST(test_seats_outside_the_game) {
    alea_state st, before;
    alea_error err;
    uint64_t a;
    size_t n;
    memset(&st, 0, sizeof st); /* whole-struct comparisons below */
    ck_assert_int_eq(alea_state_init(&st, "dice-poker players=3", NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_apply_text(&st, "roll 1,2,3,4,5", NULL), ALEA_OK);
    before = st;
    ck_assert_int_eq(alea_state_legal_actions(&a, 1, &n, &st), ALEA_BUFFER_TOO_SMALL);
    ck_assert_int_eq(alea_state_check_as(&st, 3, a, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_ptr_nonnull(strstr(err.message, "seat 3 is not a seat of this game (0..2)"));
    ck_assert_int_eq(alea_state_check_as(&st, 2, a, &err), ALEA_WRONG_PLAYER);
    ck_assert_int_eq(alea_state_check_as(&st, 0, a, &err), ALEA_OK);
    ck_assert_mem_eq(&st, &before, sizeof st);
    ck_assert_int_eq(alea_state_init(&st, "plateau", NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_apply_text_as(&st, ALEA_PLAYER_CHANCE, "setup b4 bx rx", &err),
                     ALEA_WRONG_PLAYER);
    ck_assert_ptr_nonnull(strstr(err.message, "the host's dice (ALEA_PLAYER_CHANCE)"));
    ck_assert_int_eq(alea_state_apply_text_as(&st, 0, "setup b4 bx rx", &err), ALEA_OK);
}
END_TEST

static Suite *seat_suite(void) {
    Suite *s = suite_create("seat");
    TCase *tc = tcase_create("seat");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_only_the_seat_to_act_may_act, 0, (int)N_SPECS);
    tcase_add_test(tc, test_seats_outside_the_game);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(seat_suite());
}
