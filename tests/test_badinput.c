/* Bad input everywhere (issue 6, doc/hardening.md "Bad input"): every public
   function of the headers in include/alea/ called with NULL pointers, out-of-range values
   and in the wrong phase, on every registered game.  Each test checks the
   status the header documents and, for calls given a state, that the whole
   alea_state is byte-identical afterwards (common.h: "A call that fails leaves
   every state it was given byte-for-byte unchanged").  tests/test_core.c has
   the corrupt-header and buffer-contract cases; this suite fills the rest. */
/* Tests the experimental tier too (doc/api.md "What 1.x guarantees"). */
#define ALEA_EXPERIMENTAL
#include "support.h"

#include "backgammon/bg.h"

#include <alea/backgammon.h>
#include <alea/dice_poker.h>
#include <alea/plateau.h>
#include <alea/wise_dice.h>

#include <check.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- sample states of one game ------------------------------------------ */

#define MAX_SAMPLES 48
#define MAX_KEPT 64

/* States met along seeded random games of one game, split by node kind, and
   actions seen at player and at chance nodes.  Every state is zero beyond the
   game's state_size, so a memcmp over the whole struct is meaningful. */
typedef struct samples {
    alea_state player[MAX_SAMPLES], chance[MAX_SAMPLES], terminal[4];
    size_t n_player, n_chance, n_terminal;
    uint64_t player_actions[MAX_KEPT], chance_actions[MAX_KEPT];
    size_t n_player_actions, n_chance_actions;
} samples;

static const char *game_id(size_t gi) {
    return alea_game_id(alea_game_at(gi));
}

static void init_zeroed(alea_state *st, size_t gi) {
    memset(st, 0, sizeof *st);
    ck_assert_int_eq(alea_state_init(st, game_id(gi), NULL), ALEA_OK);
}

static void keep(uint64_t *list, size_t *n, uint64_t a) {
    for (size_t i = 0; i < *n; i++)
        if (list[i] == a)
            return;
    if (*n < MAX_KEPT)
        list[(*n)++] = a;
}

/* Plays a few seeded games (fewer under ALEA_TEST_QUICK), keeping every
   few-th node of each kind. */
static samples *collect(size_t gi) {
    samples *s = calloc(1, sizeof *s);
    long games = test_scale(300) >= 100 ? 3 : 2;
    ck_assert_ptr_nonnull(s);
    for (long g = 0; g < games; g++) {
        alea_state st;
        alea_rng rng;
        size_t step = 0;
        alea_rng_seed(&rng, test_seed(1000 + (uint64_t)g));
        init_zeroed(&st, gi);
        for (;;) {
            int p = alea_state_current_player(&st);
            uint64_t a;
            ck_assert_int_ne(p, ALEA_PLAYER_INVALID);
            if (p == ALEA_PLAYER_TERMINAL) {
                if (s->n_terminal < 4)
                    s->terminal[s->n_terminal++] = st;
                break;
            }
            if (p == ALEA_PLAYER_CHANCE) {
                if (step % 5 == 0 && s->n_chance < MAX_SAMPLES)
                    s->chance[s->n_chance++] = st;
                ck_assert_int_eq(alea_state_roll(&a, &st, &rng), ALEA_OK);
                keep(s->chance_actions, &s->n_chance_actions, a);
            } else {
                if (step % 7 == 0 && s->n_player < MAX_SAMPLES)
                    s->player[s->n_player++] = st;
                ck_assert_int_eq(alea_bot_choose(&a, &st, ALEA_BOT_RANDOM, &rng), ALEA_OK);
                keep(s->player_actions, &s->n_player_actions, a);
                ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
            }
            step++;
        }
    }
    ck_assert_uint_gt(s->n_player, 0);
    ck_assert_uint_gt(s->n_terminal, 0);
    {
        alea_game_info info;
        alea_game_get_info(&info, alea_game_at(gi));
        /* A game with dice must have shown some chance nodes. */
        ck_assert(info.max_chance_outcomes == 0 || s->n_chance > 0);
    }
    return s;
}

/* Every sample of every kind, for loops over "any state". */
static size_t all_states(const samples *s, const alea_state **out) {
    size_t n = 0;
    for (size_t i = 0; i < s->n_player; i++)
        out[n++] = &s->player[i];
    for (size_t i = 0; i < s->n_chance; i++)
        out[n++] = &s->chance[i];
    for (size_t i = 0; i < s->n_terminal; i++)
        out[n++] = &s->terminal[i];
    return n;
}

#define ALL_MAX (2 * MAX_SAMPLES + 4)

/* The reason of a refusal is filled, and agrees with the status. */
static void assert_reason(const alea_error *err, alea_status s) {
    ck_assert_int_eq(err->status, (int32_t)s);
    ck_assert_msg(err->message[0] != '\0', "status %s without a reason", alea_status_name(s));
}

/* ---- generic state API: NULL pointers ------------------------------------ */

/* state.h: "a NULL ... state gives ALEA_INVALID_ARGUMENT, and a failed call
   leaves every state unchanged"; common.h: optional outputs may be NULL. */
START_TEST(test_state_api_null_pointers_leave_state_identical) {
    samples *s = collect((size_t)_i);
    const alea_state *all[ALL_MAX];
    size_t n_all = all_states(s, all);
    for (size_t k = 0; k < n_all; k++) {
        alea_state st = *all[k], before = st, other;
        uint64_t acts[4], a = 0;
        alea_outcome o[4];
        alea_result r;
        int32_t sc[4];
        char buf[8];
        size_t n;
        alea_error err;
        alea_rng rng;
        alea_rng_seed(&rng, 3);
        memset(&err, 0, sizeof err);

        ck_assert_int_eq(alea_state_legal_actions(NULL, 4, &n, &st), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_legal_actions(acts, 4, NULL, &st), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_legal_actions(acts, 4, &n, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_chance_outcomes(NULL, 4, &n, &st), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_chance_outcomes(o, 4, NULL, &st), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_chance_outcomes(o, 4, &n, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_check_action(NULL, 0, &err), ALEA_INVALID_ARGUMENT);
        assert_reason(&err, ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_apply(NULL, 0, NULL), ALEA_INVALID_ARGUMENT);
        memset(&err, 0, sizeof err);
        ck_assert_int_eq(alea_state_apply_text(&st, NULL, &err), ALEA_INVALID_ARGUMENT);
        assert_reason(&err, ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_apply_text(NULL, "x", NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_sample(NULL, &st, &rng), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_sample(&a, &st, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_sample(&a, NULL, &rng), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_roll(&a, &st, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_roll(&a, NULL, &rng), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_action_to_text(NULL, 8, &n, &st, 0), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_action_to_text(buf, 8, &n, NULL, 0), ALEA_INVALID_ARGUMENT);
        memset(&err, 0, sizeof err);
        ck_assert_int_eq(alea_state_action_from_text(NULL, &st, "x", &err), ALEA_INVALID_ARGUMENT);
        assert_reason(&err, ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_action_from_text(&a, &st, NULL, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_action_from_text(&a, NULL, "x", NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_to_text(NULL, 8, &n, &st), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_to_board(NULL, 8, &n, &st), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_to_json(NULL, 8, &n, &st), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_spec(NULL, 8, &n, &st), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_to_text(buf, 8, &n, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_to_board(buf, 8, &n, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_to_json(buf, 8, &n, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_spec(buf, 8, &n, NULL), ALEA_INVALID_ARGUMENT);
        /* len_out is optional (snprintf contract, common.h). */
        ck_assert_int_eq(alea_state_spec(buf, sizeof buf, NULL, &st), ALEA_BUFFER_TOO_SMALL);
        ck_assert_int_eq(buf[sizeof buf - 1], '\0');
        ck_assert_int_eq(alea_state_scores(NULL, 4, &n, &st), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_scores(sc, 4, NULL, &st), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_scores(sc, 4, &n, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_result(NULL, &st), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_result(&r, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_copy(NULL, &st), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_copy(&st, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_clone(NULL, &st), ALEA_INVALID_ARGUMENT);
        alea_state_free(NULL); /* a no-op (state.h) */
        memset(&err, 0, sizeof err);
        ck_assert_int_eq(alea_state_validate(NULL, &err), ALEA_INVALID_ARGUMENT);
        assert_reason(&err, ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_bot_choose(NULL, &st, ALEA_BOT_RANDOM, &rng), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_bot_choose(&a, &st, ALEA_BOT_GREEDY, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_bot_choose(&a, NULL, ALEA_BOT_RANDOM, &rng), ALEA_INVALID_ARGUMENT);
        ck_assert(!alea_state_equal(NULL, &st));
        ck_assert(!alea_state_equal(&st, NULL));
        ck_assert_uint_eq(alea_state_hash(NULL), 0);
        ck_assert_uint_eq(alea_state_size(NULL), 0);
        ck_assert_ptr_null(alea_state_game(NULL));
        ck_assert_int_eq(alea_state_num_players(NULL), 0);
        ck_assert_int_eq(alea_state_current_player(NULL), ALEA_PLAYER_INVALID);
        /* copy onto itself is allowed and changes nothing (state.h). */
        ck_assert_int_eq(alea_state_copy(&st, &st), ALEA_OK);
        ck_assert_mem_eq(&st, &before, sizeof st);
        /* A state of another game is not equal even where the bytes could agree. */
        init_zeroed(&other, ((size_t)_i + 1) % alea_game_count());
        ck_assert(alea_game_count() < 2 || !alea_state_equal(&st, &other));
    }
    free(s);
}
END_TEST

/* ---- generic state API: values that are not actions of the game ---------- */

/* state.h alea_state_check_action(): ALEA_INVALID_ARGUMENT for "not an action
   of this game at all" (kind 0, the top bits), in every phase but the end;
   apply refuses with the same status and reason, and leaves the state as it
   was; action_to_text() refuses such values too and leaves an empty string. */
START_TEST(test_non_actions_refused_in_every_phase) {
    static const uint64_t junk[] = {0, UINT64_MAX, (uint64_t)1 << 63, (uint64_t)0xFF << 56,
                                    0xFFFFFFFFu};
    samples *s = collect((size_t)_i);
    const alea_state *all[ALL_MAX];
    size_t n_all = all_states(s, all);
    for (size_t k = 0; k < n_all; k++) {
        int p = alea_state_current_player(all[k]);
        for (size_t j = 0; j < sizeof junk / sizeof junk[0]; j++) {
            alea_state st = *all[k], before = st;
            alea_error e1, e2;
            char buf[ALEA_ACTION_TEXT_MAX];
            size_t n = 99;
            alea_status want = p == ALEA_PLAYER_TERMINAL ? ALEA_WRONG_PHASE : ALEA_INVALID_ARGUMENT;
            alea_status c = alea_state_check_action(&st, junk[j], &e1);
            ck_assert_msg(c == want, "%s: check_action(%#llx) at player %d gave %s", game_id((size_t)_i),
                          (unsigned long long)junk[j], p, alea_status_name(c));
            assert_reason(&e1, c);
            ck_assert_int_eq(alea_state_apply(&st, junk[j], &e2), c);
            ck_assert_str_eq(e2.message, e1.message);
            ck_assert_mem_eq(&st, &before, sizeof st);
            memset(buf, 'x', sizeof buf);
            ck_assert_int_eq(alea_state_action_to_text(buf, sizeof buf, &n, &st, junk[j]),
                             ALEA_INVALID_ARGUMENT);
            ck_assert_int_eq(buf[0], '\0');
            ck_assert_mem_eq(&st, &before, sizeof st);
        }
    }
    free(s);
}
END_TEST

/* ---- observations -------------------------------------------------------- */

typedef alea_status (*observation_fn)(char *, size_t, size_t *, const alea_state *, int);

/* state.h alea_state_observation_text/json/board(): a NULL or corrupt state,
   a NULL buffer with a capacity, and a seat outside the game (the chance and
   terminal markers included) are ALEA_INVALID_ARGUMENT; a tiny buffer is
   ALEA_BUFFER_TOO_SMALL with the full length and a NUL-terminated prefix of
   the observation.  The state never changes. */
START_TEST(test_observations_refuse_bad_seats_and_buffers) {
    static const observation_fn fns[3] = {alea_state_observation_text, alea_state_observation_json,
                                          alea_state_observation_board};
    samples *s = collect((size_t)_i);
    const alea_state *all[ALL_MAX];
    size_t n_all = all_states(s, all);
    static char full[65536];
    for (size_t k = 0; k < n_all; k++) {
        alea_state st = *all[k], before = st, bad = st;
        int players = alea_state_num_players(&st);
        const int seats[] = {-1, -2, -3, -5, players, players + 1, INT_MIN, INT_MAX};
        memset(&bad, 0xA5, 8); /* a corrupt head */
        ck_assert_int_eq(alea_state_observation_text(full, sizeof full, NULL, NULL, 0),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_observation_json(full, sizeof full, NULL, &st, players),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_observation_board(NULL, 1, NULL, &st, 0),
                         ALEA_INVALID_ARGUMENT);
        for (int f = 0; f < 3; f++) {
            char tiny[4];
            size_t n = 99, len = 0;
            ck_assert_int_eq(fns[f](NULL, 8, &n, &st, 0), ALEA_INVALID_ARGUMENT);
            ck_assert_int_eq(fns[f](full, sizeof full, &n, NULL, 0), ALEA_INVALID_ARGUMENT);
            ck_assert_int_eq(fns[f](full, sizeof full, &n, &bad, 0), ALEA_INVALID_ARGUMENT);
            for (size_t j = 0; j < sizeof seats / sizeof seats[0]; j++)
                ck_assert_msg(fns[f](full, sizeof full, &n, &st, seats[j]) ==
                                  ALEA_INVALID_ARGUMENT,
                              "%s: observation %d of seat %d accepted", game_id((size_t)_i), f,
                              seats[j]);
            ck_assert_int_eq(fns[f](full, sizeof full, &len, &st, ALEA_OBSERVER_PUBLIC), ALEA_OK);
            ck_assert_uint_eq(strlen(full), len);
            ck_assert_int_eq(fns[f](tiny, sizeof tiny, &n, &st, ALEA_OBSERVER_PUBLIC),
                             ALEA_BUFFER_TOO_SMALL);
            ck_assert_uint_eq(n, len);
            ck_assert_int_eq(tiny[3], '\0');
            ck_assert_int_eq(strncmp(tiny, full, 3), 0);
            ck_assert_int_eq(fns[f](NULL, 0, &n, &st, players - 1), ALEA_BUFFER_TOO_SMALL);
            ck_assert_mem_eq(&st, &before, sizeof st);
        }
    }
    free(s);
}
END_TEST

/* state.h alea_state_action_observation_text() (1.1): a NULL or corrupt state,
   a NULL buffer with a capacity and a seat outside the game are
   ALEA_INVALID_ARGUMENT; an action that is not legal now is refused (its
   check_action() status, the game over ALEA_WRONG_PHASE) with "" written; a
   tiny buffer is ALEA_BUFFER_TOO_SMALL with the full length.  The state
   never changes. */
START_TEST(test_move_observation_refuses_bad_input) {
    samples *s = collect((size_t)_i);
    const alea_state *all[ALL_MAX];
    size_t n_all = all_states(s, all);
    static uint64_t list[ALEA_MAX_ACTIONS];
    static const uint64_t junk[] = {UINT64_MAX, 1ull << 63, 0xDEADBEEFull};
    for (size_t k = 0; k < n_all; k++) {
        alea_state st = *all[k], before = st, bad = st;
        int players = alea_state_num_players(&st);
        const int seats[] = {-1, -2, -3, -5, players, players + 1, INT_MIN, INT_MAX};
        char full[ALEA_ACTION_TEXT_MAX], tiny[4];
        size_t n = 0, len = 0;
        memset(&bad, 0xA5, 8); /* a corrupt head */
        ck_assert_int_eq(alea_state_legal_actions(list, ALEA_MAX_ACTIONS, &n, &st), ALEA_OK);
        uint64_t a = n ? list[n - 1] : 0;
        ck_assert_int_eq(alea_state_action_observation_text(full, sizeof full, NULL, NULL, a, 0),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_action_observation_text(full, sizeof full, NULL, &bad, a, 0),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_action_observation_text(NULL, 8, NULL, &st, a, 0),
                         ALEA_INVALID_ARGUMENT);
        for (size_t j = 0; j < sizeof seats / sizeof seats[0]; j++)
            ck_assert_int_eq(
                alea_state_action_observation_text(full, sizeof full, NULL, &st, a, seats[j]),
                ALEA_INVALID_ARGUMENT);
        for (size_t j = 0; j < sizeof junk / sizeof junk[0]; j++) {
            alea_status want = alea_state_check_action(&st, junk[j], NULL);
            if (want == ALEA_OK)
                continue;
            ck_assert_int_eq(alea_state_action_observation_text(full, sizeof full, NULL, &st,
                                                                junk[j], 0),
                             want);
            ck_assert_str_eq(full, "");
        }
        if (n == 0) { /* over: nothing may be played */
            ck_assert_int_eq(
                alea_state_action_observation_text(full, sizeof full, NULL, &st, a, 0),
                ALEA_WRONG_PHASE);
        } else {
            ck_assert_int_eq(alea_state_action_observation_text(full, sizeof full, &len, &st, a,
                                                                ALEA_OBSERVER_PUBLIC),
                             ALEA_OK);
            ck_assert_uint_eq(strlen(full), len);
            ck_assert_int_eq(alea_state_action_observation_text(tiny, sizeof tiny, &n, &st, a,
                                                                ALEA_OBSERVER_PUBLIC),
                             len < sizeof tiny ? ALEA_OK : ALEA_BUFFER_TOO_SMALL);
            ck_assert_uint_eq(n, len);
            ck_assert_int_eq(strncmp(tiny, full, sizeof tiny - 1), 0);
        }
        ck_assert_mem_eq(&st, &before, sizeof st);
    }
    free(s);
}
END_TEST

/* ---- generic state API: wrong phase -------------------------------------- */

/* state.h: a player action at a chance node or a chance outcome at a player
   node is ALEA_WRONG_PHASE; sample/roll/chance_outcomes need a chance node,
   bot_choose a player node (bot.h); at the end everything that acts is
   ALEA_WRONG_PHASE and legal_actions is empty.  The state never changes. */
START_TEST(test_wrong_phase_refused_and_state_identical) {
    samples *s = collect((size_t)_i);
    alea_rng rng;
    alea_rng_seed(&rng, 5);
    for (size_t k = 0; k < s->n_chance; k++) {
        alea_state st = s->chance[k], before = st;
        uint64_t a;
        alea_error err;
        for (size_t j = 0; j < s->n_player_actions; j++) {
            alea_status c = alea_state_apply(&st, s->player_actions[j], &err);
            ck_assert_msg(c == ALEA_WRONG_PHASE, "%s: player action %#llx at chance gave %s",
                          game_id((size_t)_i), (unsigned long long)s->player_actions[j],
                          alea_status_name(c));
            assert_reason(&err, c);
        }
        ck_assert_int_eq(alea_bot_choose(&a, &st, ALEA_BOT_RANDOM, &rng), ALEA_WRONG_PHASE);
        ck_assert_int_eq(alea_bot_choose(&a, &st, ALEA_BOT_GREEDY, &rng), ALEA_WRONG_PHASE);
        ck_assert_mem_eq(&st, &before, sizeof st);
    }
    for (size_t k = 0; k < s->n_player; k++) {
        alea_state st = s->player[k], before = st;
        alea_rng r0 = rng;
        alea_outcome o[4];
        size_t n;
        uint64_t a;
        alea_error err;
        for (size_t j = 0; j < s->n_chance_actions; j++) {
            alea_status c = alea_state_apply(&st, s->chance_actions[j], &err);
            ck_assert_msg(c == ALEA_WRONG_PHASE, "%s: chance outcome %#llx at a player gave %s",
                          game_id((size_t)_i), (unsigned long long)s->chance_actions[j],
                          alea_status_name(c));
            assert_reason(&err, c);
        }
        ck_assert_int_eq(alea_state_chance_outcomes(o, 4, &n, &st), ALEA_WRONG_PHASE);
        ck_assert_int_eq(alea_state_sample(&a, &st, &rng), ALEA_WRONG_PHASE);
        ck_assert_int_eq(alea_state_roll(&a, &st, &rng), ALEA_WRONG_PHASE);
        ck_assert_mem_eq(&rng, &r0, sizeof rng); /* no draw was made */
        ck_assert_mem_eq(&st, &before, sizeof st);
    }
    for (size_t k = 0; k < s->n_terminal; k++) {
        alea_state st = s->terminal[k], before = st;
        alea_outcome o[4];
        size_t n = 99;
        uint64_t a;
        alea_error err;
        ck_assert_int_eq(alea_state_legal_actions(NULL, 0, &n, &st), ALEA_OK);
        ck_assert_uint_eq(n, 0);
        for (size_t j = 0; j < s->n_player_actions + s->n_chance_actions; j++) {
            uint64_t x = j < s->n_player_actions ? s->player_actions[j]
                                                 : s->chance_actions[j - s->n_player_actions];
            memset(&err, 0, sizeof err);
            ck_assert_int_eq(alea_state_check_action(&st, x, &err), ALEA_WRONG_PHASE);
            assert_reason(&err, ALEA_WRONG_PHASE);
            ck_assert_int_eq(alea_state_apply(&st, x, NULL), ALEA_WRONG_PHASE);
        }
        memset(&err, 0, sizeof err);
        ck_assert_int_eq(alea_state_apply_text(&st, "pass", &err), ALEA_WRONG_PHASE);
        assert_reason(&err, ALEA_WRONG_PHASE);
        ck_assert_int_eq(alea_state_action_from_text(&a, &st, "", NULL), ALEA_WRONG_PHASE);
        ck_assert_int_eq(alea_state_chance_outcomes(o, 4, &n, &st), ALEA_WRONG_PHASE);
        ck_assert_int_eq(alea_state_sample(&a, &st, &rng), ALEA_WRONG_PHASE);
        ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_WRONG_PHASE);
        ck_assert_int_eq(alea_bot_choose(&a, &st, ALEA_BOT_RANDOM, &rng), ALEA_WRONG_PHASE);
        ck_assert_mem_eq(&st, &before, sizeof st);
    }
    free(s);
}
END_TEST

/* state.h action_from_text(): malformed text is ALEA_PARSE_ERROR with a
   reason and an offset inside the text; apply_text leaves the state as it was. */
START_TEST(test_malformed_notation_refused_state_identical) {
    static const char *const junk[] = {"", "   ", "\x01", "zzz", "99999999999999999999999",
                                       "roll roll roll", "@", "-"};
    samples *s = collect((size_t)_i);
    for (size_t k = 0; k < s->n_player + s->n_chance; k++) {
        const alea_state *src = k < s->n_player ? &s->player[k] : &s->chance[k - s->n_player];
        for (size_t j = 0; j < sizeof junk / sizeof junk[0]; j++) {
            alea_state st = *src, before = st;
            alea_error err;
            uint64_t a = 12345;
            alea_status c = alea_state_apply_text(&st, junk[j], &err);
            ck_assert_msg(c == ALEA_PARSE_ERROR, "%s: \"%s\" gave %s", game_id((size_t)_i), junk[j],
                          alea_status_name(c));
            assert_reason(&err, c);
            ck_assert_int_ge(err.offset, 0);
            ck_assert_int_le(err.offset, (int32_t)strlen(junk[j]));
            ck_assert_int_eq(alea_state_action_from_text(&a, &st, junk[j], NULL), c);
            ck_assert_uint_eq(a, 12345); /* untouched on failure */
            ck_assert_mem_eq(&st, &before, sizeof st);
        }
    }
    free(s);
}
END_TEST

/* state.h alea_state_check_as() / apply_as() / apply_text_as(): a NULL or
   corrupt state and a seat that is neither a seat of the game nor
   ALEA_PLAYER_CHANCE are ALEA_INVALID_ARGUMENT, anything after the end is
   ALEA_WRONG_PHASE, and a seat other than the one who must act is
   ALEA_WRONG_PLAYER, with a reason, leaving the state byte-identical. */
START_TEST(test_seat_entry_points_refuse_bad_seats_state_identical) {
    samples *s = collect((size_t)_i);
    const alea_state *all[ALL_MAX];
    size_t n_all = all_states(s, all);
    for (size_t k = 0; k < n_all; k++) {
        alea_state st = *all[k], before = st, bad = st;
        int players = alea_state_num_players(&st), now = alea_state_current_player(&st);
        const int out_of_range[] = {players, ALEA_MAX_PLAYERS, ALEA_PLAYER_TERMINAL,
                                    ALEA_PLAYER_INVALID, -4, INT_MIN, INT_MAX};
        uint64_t acts[ALEA_MAX_ACTIONS];
        char text[ALEA_ACTION_TEXT_MAX] = "pass";
        size_t n = 0;
        alea_error err;
        ck_assert_int_eq(alea_state_legal_actions(acts, ALEA_MAX_ACTIONS, &n, &st), ALEA_OK);
        if (n > 0)
            ck_assert_int_eq(alea_state_action_to_text(text, sizeof text, NULL, &st, acts[0]),
                             ALEA_OK);
        memset(&err, 0, sizeof err);
        ck_assert_int_eq(alea_state_check_as(NULL, 0, 0, &err), ALEA_INVALID_ARGUMENT);
        assert_reason(&err, ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_apply_as(NULL, 0, 0, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_apply_text_as(NULL, 0, "x", NULL), ALEA_INVALID_ARGUMENT);
        memset(&err, 0, sizeof err);
        ck_assert_int_eq(alea_state_apply_text_as(&st, now < 0 ? 0 : now, NULL, &err),
                         ALEA_INVALID_ARGUMENT);
        assert_reason(&err, ALEA_INVALID_ARGUMENT);
        ((unsigned char *)&bad)[0] ^= 0xFF; /* the head's magic */
        ck_assert_int_eq(alea_state_check_as(&bad, 0, n ? acts[0] : 0, NULL),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_apply_as(&bad, 0, n ? acts[0] : 0, NULL),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_apply_text_as(&bad, 0, text, NULL), ALEA_INVALID_ARGUMENT);
        for (size_t j = 0; j < sizeof out_of_range / sizeof out_of_range[0]; j++) {
            int seat = out_of_range[j];
            memset(&err, 0, sizeof err);
            ck_assert_int_eq(alea_state_check_as(&st, seat, n ? acts[0] : 0, &err),
                             ALEA_INVALID_ARGUMENT);
            assert_reason(&err, ALEA_INVALID_ARGUMENT);
            ck_assert_int_eq(alea_state_apply_as(&st, seat, n ? acts[0] : 0, NULL),
                             ALEA_INVALID_ARGUMENT);
            ck_assert_int_eq(alea_state_apply_text_as(&st, seat, text, NULL),
                             ALEA_INVALID_ARGUMENT);
        }
        for (int seat = ALEA_PLAYER_CHANCE; seat < players; seat++) {
            alea_status want = now == ALEA_PLAYER_TERMINAL ? ALEA_WRONG_PHASE
                               : seat == now               ? ALEA_OK
                                                           : ALEA_WRONG_PLAYER;
            if (want == ALEA_OK)
                continue;
            for (size_t a = 0; a < (n ? n : 1); a++) {
                uint64_t action = n ? acts[a] : 0;
                memset(&err, 0, sizeof err);
                ck_assert_int_eq(alea_state_check_as(&st, seat, action, &err), want);
                assert_reason(&err, want);
                ck_assert_int_eq(alea_state_apply_as(&st, seat, action, NULL), want);
            }
            memset(&err, 0, sizeof err);
            ck_assert_int_eq(alea_state_apply_text_as(&st, seat, text, &err), want);
            assert_reason(&err, want);
            ck_assert_int_eq(alea_state_apply_text_as(&st, seat, "\x01", NULL), want);
        }
        ck_assert_mem_eq(&st, &before, sizeof st);
    }
    free(s);
}
END_TEST

/* Buffers too small everywhere a count is reported (state.h, snprintf
   contract of common.h): the count is still given, the buffer keeps what fits. */
START_TEST(test_small_buffers_report_the_count) {
    samples *s = collect((size_t)_i);
    const alea_state *all[ALL_MAX];
    size_t n_all = all_states(s, all);
    for (size_t k = 0; k < n_all; k++) {
        alea_state st = *all[k], before = st;
        uint64_t acts[ALEA_MAX_ACTIONS];
        int32_t sc[ALEA_MAX_PLAYERS], one = -77;
        size_t n, m;
        int players = alea_state_num_players(&st);
        ck_assert_int_eq(alea_state_scores(sc, ALEA_MAX_PLAYERS, &n, &st), ALEA_OK);
        ck_assert_uint_eq(n, (size_t)players);
        ck_assert_int_eq(alea_state_scores(NULL, 0, &m, &st), ALEA_BUFFER_TOO_SMALL);
        ck_assert_uint_eq(m, n);
        if (players > 1) {
            ck_assert_int_eq(alea_state_scores(&one, 1, &m, &st), ALEA_BUFFER_TOO_SMALL);
            ck_assert_int_eq(one, sc[0]);
        }
        ck_assert_int_eq(alea_state_legal_actions(acts, ALEA_MAX_ACTIONS, &n, &st), ALEA_OK);
        if (n > 0) {
            char buf[4];
            size_t len;
            ck_assert_int_eq(alea_state_legal_actions(NULL, 0, &m, &st), ALEA_BUFFER_TOO_SMALL);
            ck_assert_uint_eq(m, n);
            ck_assert_int_eq(alea_state_action_to_text(NULL, 0, &len, &st, acts[0]),
                             ALEA_BUFFER_TOO_SMALL);
            ck_assert_uint_gt(len, 0);
            if (len >= sizeof buf) {
                ck_assert_int_eq(alea_state_action_to_text(buf, sizeof buf, &m, &st, acts[0]),
                                 ALEA_BUFFER_TOO_SMALL);
                ck_assert_uint_eq(m, len);
                ck_assert_int_eq(buf[sizeof buf - 1], '\0');
            }
        }
        if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE) {
            ck_assert_int_eq(alea_state_chance_outcomes(NULL, 0, &m, &st), ALEA_BUFFER_TOO_SMALL);
            ck_assert_uint_eq(m, n);
        }
        ck_assert_mem_eq(&st, &before, sizeof st);
    }
    free(s);
}
END_TEST

/* ---- creating states ------------------------------------------------------ */

/* state.h alea_state_init() / from_text() / new(): "On failure *out is
   unchanged" (new: *out = NULL), for every game and every kind of bad spec. */
START_TEST(test_bad_specs_leave_out_unchanged) {
    const char *id = game_id((size_t)_i);
    char text[ALEA_SPEC_MAX * 2];
    struct {
        const char *suffix; /* after the game id */
        alea_status want;
    } cases[] = {
        {" nosuchkey=1", ALEA_BAD_OPTION},
        {" =1", ALEA_PARSE_ERROR},
        {" players", ALEA_PARSE_ERROR},
        {"x", ALEA_NOT_FOUND},
        {" nosuchkey=1 nosuchkey=1", ALEA_BAD_OPTION},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        alea_state st, before;
        alea_state *heap = (alea_state *)&before; /* any non-NULL value */
        alea_error err;
        alea_status got;
        memset(&st, 0x5A, sizeof st);
        before = st;
        snprintf(text, sizeof text, "%s%s", id, cases[c].suffix);
        got = alea_state_init(&st, text, &err);
        ck_assert_msg(got == cases[c].want, "%s: %s", alea_status_name(got), text);
        assert_reason(&err, got);
        ck_assert_mem_eq(&st, &before, sizeof st);
        ck_assert_int_ne(alea_state_new(&heap, text, NULL), ALEA_OK);
        ck_assert_ptr_null(heap);
        strcat(text, " | x");
        ck_assert_int_ne(alea_state_from_text(&st, text, &err), ALEA_OK);
        assert_reason(&err, (alea_status)err.status);
        ck_assert_mem_eq(&st, &before, sizeof st);
    }
    {
        alea_state *heap = NULL;
        ck_assert_int_eq(alea_state_new(&heap, NULL, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_ptr_null(heap);
    }
}
END_TEST

/* state.h alea_state_from_text(): every prefix of a good text, and the text
   with one byte changed, is either read or refused with a documented status,
   and a refusal leaves *out byte-identical. */
START_TEST(test_damaged_state_text_leaves_out_unchanged) {
    samples *s = collect((size_t)_i);
    const alea_state *all[ALL_MAX];
    size_t n_all = all_states(s, all);
    size_t every = test_quick() ? 16 : 4, cuts = test_quick() ? 16 : 64;
    for (size_t k = 0; k < n_all; k += every) {
        char text[8192], damaged[8192];
        size_t len;
        ck_assert_int_eq(alea_state_to_text(text, sizeof text, &len, all[k]), ALEA_OK);
        for (size_t cut = 0; cut < len; cut += 1 + len / cuts) {
            for (int mode = 0; mode < 3; mode++) {
                alea_state out, before;
                alea_error err;
                alea_status got;
                memcpy(damaged, text, len + 1);
                if (mode == 0)
                    damaged[cut] = '\0';
                else
                    damaged[cut] = mode == 1 ? '9' : '\x7f';
                memset(&out, 0xC3, sizeof out);
                before = out;
                got = alea_state_from_text(&out, damaged, &err);
                if (got == ALEA_OK) {
                    ck_assert_int_eq(alea_state_validate(&out, NULL), ALEA_OK);
                    continue;
                }
                ck_assert_msg(got == ALEA_PARSE_ERROR || got == ALEA_INVALID_STATE ||
                                  got == ALEA_NOT_FOUND || got == ALEA_BAD_OPTION,
                              "%s: %s for \"%s\"", game_id((size_t)_i), alea_status_name(got), damaged);
                assert_reason(&err, got);
                ck_assert_mem_eq(&out, &before, sizeof out);
            }
        }
    }
    free(s);
}
END_TEST

/* state.h alea_state_validate(): "useful for states that arrive as raw bytes".
   Every byte of the game part of sample states, set to a few values: validate
   either refuses with ALEA_INVALID_STATE (or ALEA_INVALID_ARGUMENT for the
   header) and a reason, or accepts a state that then behaves: its text reads
   back equal, and it lists legal actions that apply. */
START_TEST(test_raw_byte_corruption_is_validated) {
    static const int values[] = {0, 1, 2, 3, 7, 0x7F, 0x80, 0xFF};
    samples *s = collect((size_t)_i);
    const alea_state *all[ALL_MAX];
    /* every third node; every ninth in the sanitizer builds (test_bytes damages every
       byte of their states there), two under valgrind */
    size_t n_all = all_states(s, all),
           stride = test_quick() ? n_all / 2 + 1 : 3 * (size_t)test_stride(9);
    size_t size = alea_state_size(all[0]);
    long refused = 0;
    for (size_t k = 0; k < n_all; k += stride) {
        for (size_t byte = 0; byte < size; byte++) {
            for (size_t v = 0; v < sizeof values / sizeof values[0]; v++) {
                alea_state st = *all[k], back;
                alea_error err;
                alea_status got;
                uint64_t acts[ALEA_MAX_ACTIONS];
                size_t n;
                static char text[16384];
                ((unsigned char *)&st)[byte] = (unsigned char)values[v];
                got = alea_state_validate(&st, &err);
                if (got != ALEA_OK) {
                    ck_assert_msg(got == (byte < 8 ? ALEA_INVALID_ARGUMENT : ALEA_INVALID_STATE),
                                  "%s: byte %zu = %d: %s", game_id((size_t)_i), byte, values[v],
                                  alea_status_name(got));
                    assert_reason(&err, got);
                    /* observations write nothing of a damaged state */
                    text[0] = 'x';
                    ck_assert_int_eq(alea_state_observation_json(text, sizeof text, NULL, &st,
                                                                 ALEA_OBSERVER_PUBLIC),
                                     got);
                    ck_assert_int_eq(text[0], 'x');
                    refused++;
                    continue;
                }
                ck_assert_int_eq(alea_state_to_text(text, sizeof text, NULL, &st), ALEA_OK);
                ck_assert_msg(alea_state_from_text(&back, text, &err) == ALEA_OK,
                              "%s: byte %zu = %d validates, but its text does not: %s (%s)",
                              game_id((size_t)_i), byte, values[v], err.message, text);
                ck_assert(alea_state_equal(&back, &st));
                ck_assert_int_eq(alea_state_legal_actions(acts, ALEA_MAX_ACTIONS, &n, &st),
                                 ALEA_OK);
                if (n > 0)
                    ck_assert_int_eq(alea_state_apply(&st, acts[n / 2], NULL), ALEA_OK);
            }
        }
    }
    ck_assert_int_gt(refused, 0);
    free(s);
}
END_TEST

/* Regression (found by the test above under ASan): a finished backgammon
   state whose last winner is not a seat was read out of bounds by
   validate(); it is refused as INVALID_STATE. */
START_TEST(test_backgammon_corrupt_last_winner_refused) {
    alea_state st;
    alea_rng rng;
    alea_error err;
    alea_rng_seed(&rng, 3);
    ck_assert_int_eq(alea_state_init(&st, "backgammon", NULL), ALEA_OK);
    test_play_random(&st, &rng, 100000);
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_TERMINAL);
    bg_of(&st)->last_winner = 0xFF;
    ck_assert_int_eq(alea_state_validate(&st, &err), ALEA_INVALID_STATE);
    ck_assert(strstr(err.message, "last game"));
}
END_TEST

/* ---- registry, common, rng ------------------------------------------------ */

/* game.h: out-of-range indexes give NULL / ALEA_INVALID_ARGUMENT. */
START_TEST(test_registry_out_of_range) {
    alea_option_info o;
    alea_game_info info;
    ck_assert_ptr_null(alea_game_at(SIZE_MAX));
    ck_assert_ptr_null(alea_game_at(alea_game_count()));
    ck_assert_ptr_null(alea_game_find(""));
    ck_assert_ptr_null(alea_game_find(NULL));
    ck_assert_ptr_null(alea_game_id(NULL));
    for (size_t i = 0; i < alea_game_count(); i++) {
        const alea_game *g = alea_game_at(i);
        ck_assert_int_eq(alea_game_get_info(&info, g), ALEA_OK);
        ck_assert_int_eq(alea_game_option(&o, g, SIZE_MAX), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_game_option(&o, g, info.option_count), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_game_option(NULL, g, 0), ALEA_INVALID_ARGUMENT);
    }
    ck_assert_int_eq(alea_game_option(&o, NULL, 0), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_game_get_info(NULL, NULL), ALEA_INVALID_ARGUMENT);
}
END_TEST

/* common.h alea_check_abi(): each struct size and the version are checked. */
START_TEST(test_check_abi_every_size) {
    size_t good[5] = {sizeof(alea_state), sizeof(alea_rng), sizeof(alea_error),
                      sizeof(alea_outcome), sizeof(alea_result)};
    ck_assert_int_eq(alea_check_abi(ALEA_VERSION_NUMBER, good[0], good[1], good[2], good[3],
                                    good[4]),
                     ALEA_OK);
    for (int i = 0; i < 5; i++) {
        size_t v[5];
        memcpy(v, good, sizeof v);
        v[i] += 4;
        ck_assert_int_eq(alea_check_abi(ALEA_VERSION_NUMBER, v[0], v[1], v[2], v[3], v[4]),
                         ALEA_ABI_MISMATCH);
        v[i] = 0;
        ck_assert_int_eq(alea_check_abi(ALEA_VERSION_NUMBER, v[0], v[1], v[2], v[3], v[4]),
                         ALEA_ABI_MISMATCH);
    }
    /* Headers of an older minor version of the same major are fine. */
    ck_assert_int_eq(alea_check_abi(ALEA_VERSION_MAJOR * 10000, good[0], good[1], good[2],
                                    good[3], good[4]),
                     ALEA_OK);
    ck_assert_int_eq(alea_check_abi(UINT32_MAX, good[0], good[1], good[2], good[3], good[4]),
                     ALEA_ABI_MISMATCH);
    ck_assert_str_eq(alea_status_str((alea_status)ALEA_STATUS_COUNT), "unknown status");
    ck_assert_str_eq(alea_status_name((alea_status)ALEA_STATUS_COUNT), "ALEA_UNKNOWN");
}
END_TEST

/* rng.h: NULL generators and degenerate bounds return 0 and draw nothing. */
START_TEST(test_rng_degenerate_arguments) {
    alea_rng r, before;
    alea_rng_seed(&r, 9);
    before = r;
    ck_assert_uint_eq(alea_rng_below(&r, 0), 0);
    ck_assert_uint_eq(alea_rng_below(&r, 1), 0);
    ck_assert_int_eq(alea_rng_die(&r, 0), 0);
    ck_assert_int_eq(alea_rng_die(&r, -6), 0);
    ck_assert_int_eq(alea_rng_die(&r, INT_MIN), 0);
    ck_assert_mem_eq(&r, &before, sizeof r);
    ck_assert_int_eq(alea_rng_die(&r, 1), 1);
    ck_assert_int_le(alea_rng_die(&r, INT_MAX), INT_MAX);
    ck_assert(alea_rng_double(NULL) == 0.0);
    ck_assert_uint_eq(alea_rng_next(NULL), 0);
    ck_assert_uint_eq(alea_rng_below(NULL, UINT64_MAX), 0);
    alea_rng_seed(NULL, 0);
    alea_rng_jump(NULL);
}
END_TEST

/* bot.h: unknown kinds (either side of the range) are ALEA_INVALID_ARGUMENT
   before anything else, and names out of range are NULL. */
START_TEST(test_bot_out_of_range) {
    alea_state st, before;
    alea_rng rng, r0;
    uint64_t a = 7;
    init_zeroed(&st, (size_t)_i);
    alea_rng_seed(&rng, 1);
    before = st;
    r0 = rng;
    for (int kind = -2; kind <= ALEA_BOT_KIND_COUNT + 1; kind += 1) {
        if (kind >= 0 && kind < ALEA_BOT_KIND_COUNT)
            continue;
        ck_assert_ptr_null(alea_bot_name(kind));
        ck_assert_int_eq(alea_bot_choose(&a, &st, kind, &rng), ALEA_INVALID_ARGUMENT);
    }
    ck_assert_ptr_null(alea_bot_name(INT_MIN));
    ck_assert_int_eq(alea_bot_choose(&a, &st, INT_MAX, &rng), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_find(""), -1);
    ck_assert_int_eq(alea_bot_find("Random"), -1);
    ck_assert_uint_eq(a, 7);
    ck_assert_mem_eq(&st, &before, sizeof st);
    ck_assert_mem_eq(&rng, &r0, sizeof rng);
}
END_TEST

/* ---- bots with options (bot.h) -------------------------------------------- */

/* Small but valid options of a kind, so that the workspaces stay small. */
static alea_bot_options small_options(int kind) {
    alea_bot_options o;
    ck_assert_int_eq(alea_bot_options_init(&o, kind), ALEA_OK);
    o.depth = 1;
    o.playouts = 8;
    o.playout_plies = 8;
    return o;
}

/* playout.h alea_playouts_workspace_size() and alea_playouts(): NULL
   pointers, a bot_count that is neither 0, 1 nor the seat count, bad bot
   options, a corrupt start and a workspace one byte short are refused with a
   reason; the start state and the caller's arrays are left alone. */
START_TEST(test_playouts_bad_input_leaves_everything) {
    const alea_game *game = alea_game_at((size_t)_i);
    alea_bot_options bots[2] = {small_options(ALEA_BOT_RANDOM), small_options(ALEA_BOT_GREEDY)};
    alea_bot_options bad = bots[0];
    alea_state st, before, broken;
    alea_error err;
    size_t size = 12345, need = 0;
    double ret[8] = {7, 7, 7, 7, 7, 7, 7, 7};
    uint32_t plies[2] = {9, 9};
    unsigned char *ws;
    memset(&st, 0, sizeof st); /* whole states are compared below */
    ck_assert_int_eq(alea_state_init(&st, alea_game_id(game), NULL), ALEA_OK);
    before = st;
    ck_assert_int_eq(alea_playouts_workspace_size(NULL, bots, 1, game, NULL),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_playouts_workspace_size(&size, NULL, 1, game, NULL),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_playouts_workspace_size(&size, bots, 1, NULL, NULL),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_playouts_workspace_size(&size, bots, ALEA_MAX_PLAYERS + 1, game, NULL),
                     ALEA_INVALID_ARGUMENT);
    bad.version = 0;
    memset(&err, 0, sizeof err);
    ck_assert_int_eq(alea_playouts_workspace_size(&size, &bad, 1, game, &err),
                     ALEA_INVALID_ARGUMENT);
    assert_reason(&err, ALEA_INVALID_ARGUMENT);
    ck_assert_uint_eq(size, 12345);
    ck_assert_int_eq(alea_playouts_workspace_size(&need, bots, 2, game, NULL), ALEA_OK);
    ws = malloc(need);
    ck_assert_ptr_nonnull(ws);
    memset(&err, 0, sizeof err);
    ck_assert_int_eq(alea_playouts(ret, NULL, plies, &st, bots, 2, 1, 0, 2, ws, need - 1, &err),
                     ALEA_BUFFER_TOO_SMALL);
    assert_reason(&err, ALEA_BUFFER_TOO_SMALL);
    ck_assert_int_eq(alea_playouts(ret, NULL, plies, &st, bots, 2, 1, 0, 2, NULL, need, NULL),
                     ALEA_BUFFER_TOO_SMALL);
    ck_assert_int_eq(alea_playouts(ret, NULL, plies, NULL, bots, 2, 1, 0, 2, ws, need, NULL),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_playouts(ret, NULL, plies, &st, NULL, 2, 1, 0, 2, ws, need, NULL),
                     ALEA_INVALID_ARGUMENT);
    memset(&err, 0, sizeof err);
    ck_assert_int_eq(
        alea_playouts(ret, NULL, plies, &st, bots, ALEA_MAX_PLAYERS + 1, 1, 0, 2, ws, need, &err),
        ALEA_INVALID_ARGUMENT);
    assert_reason(&err, ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_playouts(ret, NULL, plies, &st, &bad, 1, 1, 0, 2, ws, need, NULL),
                     ALEA_INVALID_ARGUMENT);
    broken = st;
    memset(&broken, 0xA5, 8);
    ck_assert_int_eq(alea_playouts(ret, NULL, plies, &broken, bots, 1, 1, 0, 2, ws, need, NULL),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_mem_eq(&st, &before, sizeof st);
    for (size_t k = 0; k < 8; k++)
        ck_assert(ret[k] == 7);
    ck_assert_uint_eq(plies[0], 9);
    ck_assert_int_eq(alea_playouts(NULL, NULL, NULL, &st, bots, 1, 1, 0, 0, ws, need, NULL),
                     ALEA_OK);
    ck_assert_mem_eq(&st, &before, sizeof st);
    free(ws);
}
END_TEST

/* tensor.h: NULL pointers, a corrupt state, a seat out of range and a buffer
   one float (one row) short are refused; the state and the caller's buffers
   are left alone. */
START_TEST(test_tensor_bad_input_leaves_everything) {
    const alea_game *game = alea_game_at((size_t)_i);
    alea_state st, before, broken;
    size_t size = 777, len = 5, rows = 9;
    float *out;
    uint64_t acts[ALEA_MAX_ACTIONS];
    ck_assert_int_eq(alea_game_observation_size(NULL, game), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_game_observation_size(&size, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_uint_eq(size, 777);
    ck_assert_int_eq(alea_game_observation_size(&size, game), ALEA_OK);
    out = malloc(sizeof *out * size);
    ck_assert_ptr_nonnull(out);
    out[0] = 42.0f;
    memset(&st, 0, sizeof st); /* whole states are compared below */
    ck_assert_int_eq(alea_state_init(&st, alea_game_id(game), NULL), ALEA_OK);
    before = st;
    broken = st;
    memset(&broken, 0x5A, 8);
    ck_assert_int_eq(alea_state_observation_tensor(NULL, size, &len, &st, 0),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_observation_tensor(out, size, &len, NULL, 0),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_observation_tensor(out, size, &len, &broken, 0),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_observation_tensor(out, size, &len, &st, ALEA_PLAYER_CHANCE),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_observation_tensor(out, size, &len, &st, ALEA_MAX_PLAYERS),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_uint_eq(len, 5);
    ck_assert_int_eq(alea_state_observation_tensor(out, size - 1, &len, &st, 0),
                     ALEA_BUFFER_TOO_SMALL);
    ck_assert_uint_eq(len, size);
    ck_assert(out[0] == 42.0f);
    ck_assert_int_eq(alea_state_observation_tensor(NULL, 0, &len, &st, ALEA_OBSERVER_PUBLIC),
                     ALEA_BUFFER_TOO_SMALL);
    ck_assert_int_eq(alea_state_afterstate_tensors(out, acts, 1, NULL, &st, 0),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_afterstate_tensors(NULL, acts, 1, &rows, &st, 0),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_afterstate_tensors(out, NULL, 1, &rows, &st, 0),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_afterstate_tensors(out, acts, 1, &rows, &broken, 0),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_afterstate_tensors(out, acts, 1, &rows, &st, -7),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_uint_eq(rows, 9);
    ck_assert_int_eq(alea_state_afterstate_tensors(NULL, NULL, 0, &rows, &st, 0),
                     ALEA_BUFFER_TOO_SMALL); /* every start has a legal action */
    ck_assert_uint_gt(rows, 0);
    ck_assert(out[0] == 42.0f);
    ck_assert_mem_eq(&st, &before, sizeof st);
    free(out);
}
END_TEST

/* bot.h alea_bot_options_init(): NULL or an unknown kind is
   ALEA_INVALID_ARGUMENT and leaves *opts unchanged. */
START_TEST(test_bot_options_init_bad_kind_leaves_options) {
    alea_bot_options o, before;
    memset(&o, 0x5A, sizeof o);
    before = o;
    ck_assert_int_eq(alea_bot_options_init(NULL, ALEA_BOT_RANDOM), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_options_init(&o, -1), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_options_init(&o, ALEA_BOT_KIND_COUNT), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_options_init(&o, INT_MIN), ALEA_INVALID_ARGUMENT);
    ck_assert_mem_eq(&o, &before, sizeof o);
    /* The versioned form: an unknown version too, and nothing written. */
    ck_assert_int_eq(alea_bot_options_init_version(NULL, 0, ALEA_BOT_OPTIONS_VERSION),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_options_init_version(&o, -1, 1), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_options_init_version(&o, 0, 0), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_options_init_version(&o, 0, ALEA_BOT_OPTIONS_VERSION + 1),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_options_init_version(&o, 0, UINT32_MAX), ALEA_INVALID_ARGUMENT);
    ck_assert_mem_eq(&o, &before, sizeof o);
    for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
        ck_assert_int_eq(alea_bot_options_init(&o, kind), ALEA_OK);
        ck_assert_int_eq(o.kind, kind);
        ck_assert_uint_eq(o.version, ALEA_BOT_OPTIONS_VERSION);
    }
}
END_TEST

/* bot.h alea_bot_workspace_size(): NULL pointers, an unknown version or kind
   and every parameter just outside its documented range are
   ALEA_INVALID_ARGUMENT with a reason; *size_out is untouched. */
START_TEST(test_bot_workspace_size_refuses_out_of_range_options) {
    const alea_game *game = alea_game_at((size_t)_i);
    alea_bot_options good = small_options(ALEA_BOT_MCTS), bad[12];
    size_t size = 12345, n = 0;
    alea_error err;
    ck_assert_int_eq(alea_bot_workspace_size(NULL, &good, game, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_workspace_size(&size, NULL, game, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_workspace_size(&size, &good, NULL, NULL), ALEA_INVALID_ARGUMENT);
    for (size_t k = 0; k < 12; k++)
        bad[k] = good;
    bad[n++].version = 0;
    bad[n++].version = ALEA_BOT_OPTIONS_VERSION + 1;
    bad[n++].kind = ALEA_BOT_KIND_COUNT;
    bad[n++].depth = 0;
    bad[n++].depth = ALEA_BOT_MAX_DEPTH + 1;
    bad[n++].playouts = 0;
    bad[n++].playouts = ALEA_BOT_MAX_PLAYOUTS + 1;
    bad[n++].exploration = -0.5;
    bad[n++].max_nodes = 1;
    bad[n++].playout_plies = -1;
    bad[n++].node_budget = -1;
    bad[n++].node_budget = INT64_MIN;
    for (size_t k = 0; k < n; k++) {
        memset(&err, 0, sizeof err);
        ck_assert_msg(alea_bot_workspace_size(&size, &bad[k], game, &err) ==
                          ALEA_INVALID_ARGUMENT,
                      "%s: bad option set %zu accepted", game_id((size_t)_i), k);
        assert_reason(&err, ALEA_INVALID_ARGUMENT);
        ck_assert_uint_eq(size, 12345);
    }
    ck_assert_int_eq(alea_bot_workspace_size(&size, &good, game, NULL), ALEA_OK);
    ck_assert_uint_gt(size, 0);
}
END_TEST

/* bot.h alea_bot_choose_with(): a workspace one byte short is
   ALEA_BUFFER_TOO_SMALL naming the size; NULL pointers are
   ALEA_INVALID_ARGUMENT; chance nodes and finished games are
   ALEA_WRONG_PHASE.  On every failure the action, the state and the rng are
   unchanged. */
START_TEST(test_bot_choose_with_bad_input_leaves_everything) {
    samples *s = collect((size_t)_i);
    const alea_game *game = alea_game_at((size_t)_i);
    for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
        alea_bot_options o = small_options(kind);
        size_t size = 0;
        void *ws;
        ck_assert_int_eq(alea_bot_workspace_size(&size, &o, game, NULL), ALEA_OK);
        ws = malloc(size);
        ck_assert_ptr_nonnull(ws);
        for (size_t k = 0; k < s->n_player && k < 6; k++) {
            alea_state st = s->player[k], before = st;
            alea_rng rng, r0;
            uint64_t a = 77;
            alea_error err;
            alea_rng_seed(&rng, 9);
            r0 = rng;
            memset(&err, 0, sizeof err);
            ck_assert_int_eq(alea_bot_choose_with(&a, &st, &o, ws, size - 1, &rng, &err),
                             ALEA_BUFFER_TOO_SMALL);
            assert_reason(&err, ALEA_BUFFER_TOO_SMALL);
            ck_assert_int_eq(alea_bot_choose_with(&a, &st, &o, NULL, size, &rng, NULL),
                             ALEA_BUFFER_TOO_SMALL);
            ck_assert_int_eq(alea_bot_choose_with(NULL, &st, &o, ws, size, &rng, NULL),
                             ALEA_INVALID_ARGUMENT);
            ck_assert_int_eq(alea_bot_choose_with(&a, NULL, &o, ws, size, &rng, NULL),
                             ALEA_INVALID_ARGUMENT);
            ck_assert_int_eq(alea_bot_choose_with(&a, &st, NULL, ws, size, &rng, NULL),
                             ALEA_INVALID_ARGUMENT);
            ck_assert_int_eq(alea_bot_choose_with(&a, &st, &o, ws, size, NULL, NULL),
                             ALEA_INVALID_ARGUMENT);
            ck_assert_uint_eq(a, 77);
            ck_assert_mem_eq(&rng, &r0, sizeof rng);
            ck_assert_mem_eq(&st, &before, sizeof st);
        }
        for (size_t k = 0; k < s->n_chance + s->n_terminal; k++) {
            alea_state st = k < s->n_chance ? s->chance[k] : s->terminal[k - s->n_chance];
            alea_state before = st;
            alea_rng rng, r0;
            uint64_t a = 77;
            alea_error err;
            alea_rng_seed(&rng, 9);
            r0 = rng;
            memset(&err, 0, sizeof err);
            ck_assert_int_eq(alea_bot_choose_with(&a, &st, &o, ws, size, &rng, &err),
                             ALEA_WRONG_PHASE);
            assert_reason(&err, ALEA_WRONG_PHASE);
            ck_assert_uint_eq(a, 77);
            ck_assert_mem_eq(&rng, &r0, sizeof rng);
            ck_assert_mem_eq(&st, &before, sizeof st);
        }
        free(ws);
    }
    free(s);
}
END_TEST

/* bot.h alea_bot_evaluate(): kinds without a value are ALEA_UNSUPPORTED; a
   values buffer shorter than the seat count is ALEA_BUFFER_TOO_SMALL with
   the count; a short workspace and NULL pointers are refused; the state is
   unchanged. */
START_TEST(test_bot_evaluate_bad_input_leaves_state) {
    samples *s = collect((size_t)_i);
    const alea_game *game = alea_game_at((size_t)_i);
    alea_bot_options ex = small_options(ALEA_BOT_EXPECTIMAX);
    size_t size = 0, count = 0;
    double v[ALEA_MAX_PLAYERS];
    void *ws;
    ck_assert_int_eq(alea_bot_workspace_size(&size, &ex, game, NULL), ALEA_OK);
    ws = malloc(size);
    ck_assert_ptr_nonnull(ws);
    for (size_t k = 0; k < s->n_player && k < 4; k++) {
        alea_state st = s->player[k], before = st;
        int seats = alea_state_num_players(&st);
        alea_error err;
        for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
            alea_bot_options o = small_options(kind);
            alea_status want = (kind == ALEA_BOT_EXPECTIMAX || kind == ALEA_BOT_HEURISTIC)
                                   ? ALEA_OK
                                   : ALEA_UNSUPPORTED;
            ck_assert_int_eq(alea_bot_evaluate(v, ALEA_MAX_PLAYERS, &count, &st, &o, ws, size,
                                               NULL),
                             want);
        }
        memset(&err, 0, sizeof err);
        count = 0;
        ck_assert_int_eq(alea_bot_evaluate(v, (size_t)seats - 1, &count, &st, &ex, ws, size,
                                           &err),
                         ALEA_BUFFER_TOO_SMALL);
        ck_assert_uint_eq(count, (size_t)seats);
        ck_assert_int_eq(alea_bot_evaluate(v, ALEA_MAX_PLAYERS, &count, &st, &ex, ws, size - 1,
                                           NULL),
                         ALEA_BUFFER_TOO_SMALL);
        ck_assert_int_eq(alea_bot_evaluate(NULL, ALEA_MAX_PLAYERS, &count, &st, &ex, ws, size,
                                           NULL),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_bot_evaluate(v, ALEA_MAX_PLAYERS, &count, NULL, &ex, ws, size,
                                           NULL),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_bot_evaluate(v, ALEA_MAX_PLAYERS, &count, &st, NULL, ws, size,
                                           NULL),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_mem_eq(&st, &before, sizeof st);
    }
    free(ws);
    free(s);
}
END_TEST

/* bot.h (1.1) alea_bot_rank(), alea_bot_level_name(), alea_bot_options_level():
   NULL pointers and an unknown level are ALEA_INVALID_ARGUMENT (the options
   untouched), kinds that value nothing ALEA_UNSUPPORTED, a short list or
   workspace ALEA_BUFFER_TOO_SMALL (the count still given), a chance node or a
   finished game ALEA_WRONG_PHASE, damaged bytes ALEA_INVALID_STATE or
   ALEA_INVALID_ARGUMENT; an index past the levels is NULL; the state is
   unchanged throughout. */
START_TEST(test_bot_rank_and_levels_bad_input_leave_state) {
    samples *s = collect((size_t)_i);
    const alea_game *game = alea_game_at((size_t)_i);
    alea_bot_options o, base;
    alea_ranked_action r[4];
    size_t size = 0, count = 0;
    alea_error err;
    void *ws;
    ck_assert_int_eq(alea_bot_options_init(&o, ALEA_BOT_PLY), ALEA_OK);
    o.plies = 0;
    ck_assert_int_eq(alea_bot_workspace_size(&size, &o, game, NULL), ALEA_OK);
    ws = malloc(size);
    ck_assert_ptr_nonnull(ws);
    ck_assert_ptr_null(alea_bot_level_name(NULL, 0));
    ck_assert_ptr_null(alea_bot_level_name(game, 1000));
    memset(&base, 0x3C, sizeof base);
    memcpy(&o, &base, sizeof o);
    memset(&err, 0, sizeof err);
    ck_assert_int_eq(alea_bot_options_level(&o, game, "no-such-level", &err),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_options_level(NULL, game, "expert", NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_options_level(&o, NULL, "expert", NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_options_level(&o, game, NULL, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_mem_eq(&o, &base, sizeof o);
    ck_assert_int_eq(alea_bot_options_init(&o, ALEA_BOT_PLY), ALEA_OK);
    o.plies = 0;
    for (size_t k = 0; k < s->n_player && k < 4; k++) {
        alea_state st = s->player[k], before = st, bad;
        size_t n = 0;
        alea_state_legal_actions(NULL, 0, &n, &st);
        count = 0;
        ck_assert_int_eq(alea_bot_rank(r, 1, &count, &st, &o, ws, size, NULL),
                         n > 1 ? ALEA_BUFFER_TOO_SMALL : ALEA_OK);
        ck_assert_uint_eq(count, n);
        ck_assert_int_eq(alea_bot_rank(r, 4, &count, &st, &o, ws, size - 1, NULL),
                         ALEA_BUFFER_TOO_SMALL);
        ck_assert_int_eq(alea_bot_rank(r, 4, NULL, &st, &o, ws, size, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_bot_rank(NULL, 4, &count, &st, &o, ws, size, NULL),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_bot_rank(r, 4, &count, NULL, &o, ws, size, NULL),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_bot_rank(r, 4, &count, &st, NULL, ws, size, NULL),
                         ALEA_INVALID_ARGUMENT);
        for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
            alea_bot_options other;
            size_t need = 0;
            void *w2;
            if (kind == ALEA_BOT_PLY || kind == ALEA_BOT_HEURISTIC)
                continue;
            ck_assert_int_eq(alea_bot_options_init(&other, kind), ALEA_OK);
            other.depth = 1;
            other.playouts = 4;
            ck_assert_int_eq(alea_bot_workspace_size(&need, &other, game, NULL), ALEA_OK);
            w2 = malloc(need);
            ck_assert_int_eq(alea_bot_rank(r, 4, &count, &st, &other, w2, need, NULL),
                             ALEA_UNSUPPORTED);
            free(w2);
        }
        bad = st;
        memset((unsigned char *)&bad + 8, 0xFF, 8); /* damaged bytes after a good head */
        if (alea_state_validate(&bad, NULL) != ALEA_OK) {
            alea_state copy = bad;
            alea_status got = alea_bot_rank(r, 4, &count, &bad, &o, ws, size, NULL);
            ck_assert(got == ALEA_INVALID_STATE || got == ALEA_INVALID_ARGUMENT);
            ck_assert_mem_eq(&bad, &copy, sizeof bad);
        }
        ck_assert_mem_eq(&st, &before, sizeof st);
    }
    for (size_t k = 0; k < s->n_chance && k < 2; k++)
        ck_assert_int_eq(alea_bot_rank(r, 4, &count, &s->chance[k], &o, ws, size, NULL),
                         ALEA_WRONG_PHASE);
    for (size_t k = 0; k < s->n_terminal && k < 2; k++)
        ck_assert_int_eq(alea_bot_rank(r, 4, &count, &s->terminal[k], &o, ws, size, NULL),
                         ALEA_WRONG_PHASE);
    free(ws);
    free(s);
}
END_TEST

/* dice_poker.h alea_dice_poker_advise(): NULL, a state of another game and an
   unknown objective are ALEA_INVALID_ARGUMENT; while dice are thrown (P-2.2)
   and after the game (P-7) it is ALEA_WRONG_PHASE; *out and the state are
   unchanged. */
START_TEST(test_dice_poker_advise_bad_input) {
    alea_dice_poker_advice adv, before_adv;
    memset(&adv, 0x3C, sizeof adv);
    before_adv = adv;
    for (size_t gi = 0; gi < alea_game_count(); gi++) {
        samples *s = collect(gi);
        int is_dp = strcmp(game_id(gi), "dice-poker") == 0;
        for (size_t k = 0; k < s->n_player && k < 4; k++) {
            alea_state st = s->player[k], before = st;
            if (!is_dp) {
                ck_assert_int_eq(alea_dice_poker_advise(&adv, &st, ALEA_DICE_POKER_ADVISE_TURN),
                                 ALEA_INVALID_ARGUMENT);
            } else {
                ck_assert_int_eq(alea_dice_poker_advise(NULL, &st, ALEA_DICE_POKER_ADVISE_TURN),
                                 ALEA_INVALID_ARGUMENT);
                ck_assert_int_eq(alea_dice_poker_advise(&adv, &st, -1), ALEA_INVALID_ARGUMENT);
                ck_assert_int_eq(alea_dice_poker_advise(&adv, &st, 2), ALEA_INVALID_ARGUMENT);
            }
            ck_assert_mem_eq(&st, &before, sizeof st);
        }
        if (is_dp) {
            for (size_t k = 0; k < s->n_chance + s->n_terminal; k++) {
                alea_state st = k < s->n_chance ? s->chance[k] : s->terminal[k - s->n_chance];
                alea_state before = st;
                ck_assert_int_eq(alea_dice_poker_advise(&adv, &st, ALEA_DICE_POKER_ADVISE_PAR),
                                 ALEA_WRONG_PHASE);
                ck_assert_mem_eq(&st, &before, sizeof st);
            }
        }
        free(s);
    }
    ck_assert_int_eq(alea_dice_poker_advise(&adv, NULL, ALEA_DICE_POKER_ADVISE_TURN),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_mem_eq(&adv, &before_adv, sizeof adv);
}
END_TEST

/* record.h: NULL pointers and an empty record are ALEA_INVALID_ARGUMENT, a
   bad first line leaves state_out untouched, and applied_out is optional. */
START_TEST(test_record_bad_arguments) {
    const char *id = game_id((size_t)_i);
    char rec[256];
    alea_state st, before;
    alea_error err;
    size_t applied = 99;
    memset(&st, 0x33, sizeof st);
    before = st;
    ck_assert_int_eq(alea_record_replay(NULL, &applied, id, &err), ALEA_INVALID_ARGUMENT);
    assert_reason(&err, ALEA_INVALID_ARGUMENT);
    ck_assert_uint_eq(applied, 0);
    ck_assert_int_eq(alea_record_replay(&st, NULL, NULL, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_record_replay(&st, NULL, "", &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_record_replay(&st, NULL, "# only a comment\n\n", &err),
                     ALEA_INVALID_ARGUMENT);
    snprintf(rec, sizeof rec, "%s nosuchkey=1\n", id);
    ck_assert_int_eq(alea_record_replay(&st, NULL, rec, &err), ALEA_BAD_OPTION);
    ck_assert_int_eq(err.line, 1);
    ck_assert_mem_eq(&st, &before, sizeof st);
    /* A garbage entry: the state before it (the initial one) is given back. */
    snprintf(rec, sizeof rec, "# c\n%s\n@@@\n", id);
    ck_assert_int_eq(alea_record_replay(&st, &applied, rec, &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(err.line, 3);
    ck_assert_uint_eq(applied, 0);
    init_zeroed(&before, (size_t)_i);
    ck_assert(alea_state_equal(&st, &before));
    ck_assert_int_eq(alea_record_replay(&st, NULL, id, NULL), ALEA_OK);
}
END_TEST

/* ---- typed headers --------------------------------------------------------- */

/* The typed read access of each game refuses NULL, a wrong view version, a
   corrupt state and the states of every other game (the @return lines of
   alea_<game>_get_view() and friends). */
START_TEST(test_typed_views_refuse_other_games_and_bad_versions) {
    alea_state st, bad;
    const char *id = game_id((size_t)_i);
    int is_dp = strcmp(id, "dice-poker") == 0, is_wd = strcmp(id, "wise-dice") == 0;
    int is_pl = strcmp(id, "plateau") == 0, is_bg = strcmp(id, "backgammon") == 0;
    alea_dice_poker_view *dp = calloc(1, sizeof *dp);
    alea_wise_dice_view *wd = calloc(1, sizeof *wd);
    alea_plateau_view *pl = calloc(1, sizeof *pl);
    alea_backgammon_view *bg = calloc(1, sizeof *bg);
    char pos[15], mid[13], text[64];
    init_zeroed(&st, (size_t)_i);
    memset(&bad, 0xA5, sizeof bad);
    dp->version = ALEA_DICE_POKER_VIEW_VERSION;
    wd->version = ALEA_WISE_DICE_VIEW_VERSION;
    pl->version = ALEA_PLATEAU_VIEW_VERSION;
    bg->version = ALEA_BACKGAMMON_VIEW_VERSION;
    ck_assert_int_eq(alea_dice_poker_get_view(dp, &st), is_dp ? ALEA_OK : ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_wise_dice_get_view(wd, &st), is_wd ? ALEA_OK : ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_plateau_get_view(pl, &st), is_pl ? ALEA_OK : ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_plateau_get_public_view(pl, &st, 0),
                     is_pl ? ALEA_OK : ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_plateau_public_text(text, sizeof text, NULL, &st, 1),
                     is_pl ? ALEA_BUFFER_TOO_SMALL : ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_plateau_public_json(NULL, 0, NULL, &st, 1),
                     is_pl ? ALEA_BUFFER_TOO_SMALL : ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_get_view(bg, &st), is_bg ? ALEA_OK : ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_position_id(pos, ALEA_BACKGAMMON_POSITION_ID_SIZE, NULL, &st),
                     is_bg ? ALEA_OK : ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_match_id(mid, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, &st),
                     is_bg ? ALEA_OK : ALEA_INVALID_ARGUMENT);
    /* NULL, a corrupt header and a wrong view version, whatever the game. */
    ck_assert_int_eq(alea_dice_poker_get_view(NULL, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_dice_poker_get_view(dp, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_dice_poker_get_view(dp, &bad), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_wise_dice_get_view(NULL, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_wise_dice_get_view(wd, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_wise_dice_get_view(wd, &bad), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_plateau_get_view(NULL, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_plateau_get_view(pl, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_plateau_get_view(pl, &bad), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_plateau_get_public_view(NULL, &st, 0), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_plateau_get_public_view(pl, NULL, 0), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_plateau_public_text(NULL, 8, NULL, &st, 0), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_plateau_public_text(text, sizeof text, NULL, NULL, 0),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_plateau_public_json(NULL, 8, NULL, &st, 0), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_plateau_public_json(text, sizeof text, NULL, &bad, 0),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_get_view(NULL, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_get_view(bg, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_get_view(bg, &bad), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_position_id(NULL, ALEA_BACKGAMMON_POSITION_ID_SIZE, NULL, &st),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_position_id(pos, ALEA_BACKGAMMON_POSITION_ID_SIZE, NULL, NULL),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_position_id(pos, ALEA_BACKGAMMON_POSITION_ID_SIZE, NULL, &bad),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_match_id(NULL, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, &st),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_match_id(mid, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, NULL),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_match_id(mid, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, &bad),
                     ALEA_INVALID_ARGUMENT);
    if (is_bg) { /* the snprintf contract of every text writer (common.h) */
        char small[8];
        size_t need = 0;
        alea_state before = st;
        ck_assert_int_eq(alea_backgammon_position_id(NULL, 0, &need, &st), ALEA_BUFFER_TOO_SMALL);
        ck_assert_uint_eq(need, ALEA_BACKGAMMON_POSITION_ID_SIZE - 1);
        ck_assert_int_eq(alea_backgammon_position_id(small, sizeof small, &need, &st),
                         ALEA_BUFFER_TOO_SMALL);
        ck_assert_uint_eq(strlen(small), sizeof small - 1);
        ck_assert_int_eq(strncmp(small, pos, sizeof small - 1), 0);
        ck_assert_int_eq(alea_backgammon_match_id(NULL, 0, &need, &st), ALEA_BUFFER_TOO_SMALL);
        ck_assert_uint_eq(need, ALEA_BACKGAMMON_MATCH_ID_SIZE - 1);
        ck_assert_int_eq(
            alea_backgammon_match_id(mid, ALEA_BACKGAMMON_MATCH_ID_SIZE - 1, &need, &st),
            ALEA_BUFFER_TOO_SMALL);
        ck_assert_uint_eq(strlen(mid), ALEA_BACKGAMMON_MATCH_ID_SIZE - 2);
        ck_assert_int_eq(alea_backgammon_match_id(mid, ALEA_BACKGAMMON_MATCH_ID_SIZE, &need, &st),
                         ALEA_OK);
        ck_assert_uint_eq(strlen(mid), need);
        ck_assert_int_eq(memcmp(&before, &st, alea_state_size(&st)), 0);
    }
    dp->version = wd->version = pl->version = bg->version = 0;
    ck_assert_int_eq(alea_dice_poker_get_view(dp, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_wise_dice_get_view(wd, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_plateau_get_view(pl, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_get_view(bg, &st), ALEA_INVALID_ARGUMENT);
    pl->version = ALEA_PLATEAU_VIEW_VERSION;
    for (int32_t viewer = -3; viewer <= 4; viewer++) {
        if (viewer == 0 || viewer == 1)
            continue;
        ck_assert_int_eq(alea_plateau_get_public_view(pl, &st, viewer), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_plateau_public_text(text, sizeof text, NULL, &st, viewer),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_plateau_public_json(text, sizeof text, NULL, &st, viewer),
                         ALEA_INVALID_ARGUMENT);
    }
    free(dp);
    free(wd);
    free(pl);
    free(bg);
}
END_TEST

/* The typed init of each game (alea_<game>_init()): NULL and an unknown
   options version are ALEA_INVALID_ARGUMENT, a value out of range is
   ALEA_BAD_OPTION, and *out is unchanged on failure. */
START_TEST(test_typed_inits_refuse_bad_options) {
    alea_state st, before;
    alea_error err;
    memset(&st, 0x77, sizeof st);
    before = st;
    {
        alea_dice_poker_options o = ALEA_DICE_POKER_OPTIONS_INIT;
        ck_assert_int_eq(alea_dice_poker_init(NULL, &o, &err), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_dice_poker_init(&st, NULL, &err), ALEA_INVALID_ARGUMENT);
        o.version = ALEA_DICE_POKER_OPTIONS_VERSION + 1;
        ck_assert_int_eq(alea_dice_poker_init(&st, &o, &err), ALEA_INVALID_ARGUMENT);
        assert_reason(&err, ALEA_INVALID_ARGUMENT);
        o.version = ALEA_DICE_POKER_OPTIONS_VERSION;
        o.players = 0;
        ck_assert_int_eq(alea_dice_poker_init(&st, &o, &err), ALEA_BAD_OPTION);
        o.players = 2;
        o.columns = INT32_MIN;
        ck_assert_int_eq(alea_dice_poker_init(&st, &o, &err), ALEA_BAD_OPTION);
        o.columns = ALEA_DICE_POKER_MAX_COLUMNS + 1;
        ck_assert_int_eq(alea_dice_poker_init(&st, &o, &err), ALEA_BAD_OPTION);
        assert_reason(&err, ALEA_BAD_OPTION);
    }
    {
        alea_wise_dice_options o = ALEA_WISE_DICE_OPTIONS_INIT;
        ck_assert_int_eq(alea_wise_dice_init(NULL, &o, &err), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_wise_dice_init(&st, NULL, &err), ALEA_INVALID_ARGUMENT);
        o.version = 0;
        ck_assert_int_eq(alea_wise_dice_init(&st, &o, &err), ALEA_INVALID_ARGUMENT);
        o.version = ALEA_WISE_DICE_OPTIONS_VERSION;
        o.max_moves = 0;
        ck_assert_int_eq(alea_wise_dice_init(&st, &o, &err), ALEA_BAD_OPTION);
        o.max_moves = INT32_MAX;
        ck_assert_int_eq(alea_wise_dice_init(&st, &o, &err), ALEA_BAD_OPTION);
        assert_reason(&err, ALEA_BAD_OPTION);
    }
    {
        alea_plateau_options o = ALEA_PLATEAU_OPTIONS_INIT;
        ck_assert_int_eq(alea_plateau_init(NULL, &o, &err), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_plateau_init(&st, NULL, &err), ALEA_INVALID_ARGUMENT);
        o.version = 2;
        ck_assert_int_eq(alea_plateau_init(&st, &o, &err), ALEA_INVALID_ARGUMENT);
        o.version = ALEA_PLATEAU_OPTIONS_VERSION;
        o.overpay = 2;
        ck_assert_int_eq(alea_plateau_init(&st, &o, &err), ALEA_BAD_OPTION);
        o.overpay = 0;
        o.max_plies = -1;
        ck_assert_int_eq(alea_plateau_init(&st, &o, &err), ALEA_BAD_OPTION);
        o.max_plies = INT32_MAX;
        ck_assert_int_eq(alea_plateau_init(&st, &o, &err), ALEA_BAD_OPTION);
        assert_reason(&err, ALEA_BAD_OPTION);
    }
    {
        alea_backgammon_options o = ALEA_BACKGAMMON_OPTIONS_INIT;
        ck_assert_int_eq(alea_backgammon_init(NULL, &o, &err), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_backgammon_init(&st, NULL, &err), ALEA_INVALID_ARGUMENT);
        o.version = 0;
        ck_assert_int_eq(alea_backgammon_init(&st, &o, &err), ALEA_INVALID_ARGUMENT);
        o.version = ALEA_BACKGAMMON_OPTIONS_VERSION;
        o.match = -1;
        ck_assert_int_eq(alea_backgammon_init(&st, &o, &err), ALEA_BAD_OPTION);
        o.match = 0;
        o.max_cube = 3; /* not a power of two (§7.2) */
        ck_assert_int_eq(alea_backgammon_init(&st, &o, &err), ALEA_BAD_OPTION);
        o.max_cube = 64;
        o.opening = 2;
        ck_assert_int_eq(alea_backgammon_init(&st, &o, &err), ALEA_BAD_OPTION);
        o.opening = 0;
        o.cube = 5;
        ck_assert_int_eq(alea_backgammon_init(&st, &o, &err), ALEA_BAD_OPTION);
        assert_reason(&err, ALEA_BAD_OPTION);
        for (int32_t cube = 0; cube <= 1; cube++) { /* the good values still work */
            alea_state ok;
            o.cube = cube;
            o.match = 5;
            ck_assert_int_eq(alea_backgammon_init(&ok, &o, &err), ALEA_OK);
        }
    }
    ck_assert_mem_eq(&st, &before, sizeof st);
}
END_TEST

/* The options init functions (issue 16, libgit2's git_clone_options_init()
   pattern) give exactly the *_OPTIONS_INIT defaults for their version; NULL
   and an unknown version are ALEA_INVALID_ARGUMENT and leave *opts alone. */
#define CHECK_OPTIONS_INIT(type, init_fn, INIT, VERSION)                                           \
    do {                                                                                           \
        type want = INIT, got, junk;                                                               \
        memset(&got, 0xA5, sizeof got);                                                            \
        memset(&junk, 0xA5, sizeof junk);                                                          \
        ck_assert_int_eq(init_fn(&got, VERSION), ALEA_OK);                                         \
        ck_assert_mem_eq(&got, &want, sizeof got);                                                 \
        ck_assert_int_eq(init_fn(NULL, VERSION), ALEA_INVALID_ARGUMENT);                           \
        ck_assert_int_eq(init_fn(&junk, 0), ALEA_INVALID_ARGUMENT);                                \
        ck_assert_int_eq(init_fn(&junk, (VERSION) + 1), ALEA_INVALID_ARGUMENT);                    \
        ck_assert_int_eq(init_fn(&junk, UINT32_MAX), ALEA_INVALID_ARGUMENT);                       \
        memset(&got, 0xA5, sizeof got);                                                            \
        ck_assert_mem_eq(&junk, &got, sizeof got);                                                 \
    } while (0)

START_TEST(test_options_init_functions) {
    ck_assert_int_eq(alea_dice_poker_options_init(NULL, ALEA_DICE_POKER_OPTIONS_VERSION),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_wise_dice_options_init(NULL, ALEA_WISE_DICE_OPTIONS_VERSION),
                     ALEA_INVALID_ARGUMENT);
    CHECK_OPTIONS_INIT(alea_backgammon_options, alea_backgammon_options_init,
                       ALEA_BACKGAMMON_OPTIONS_INIT, ALEA_BACKGAMMON_OPTIONS_VERSION);
    CHECK_OPTIONS_INIT(alea_dice_poker_options, alea_dice_poker_options_init,
                       ALEA_DICE_POKER_OPTIONS_INIT, ALEA_DICE_POKER_OPTIONS_VERSION);
    CHECK_OPTIONS_INIT(alea_wise_dice_options, alea_wise_dice_options_init,
                       ALEA_WISE_DICE_OPTIONS_INIT, ALEA_WISE_DICE_OPTIONS_VERSION);
    CHECK_OPTIONS_INIT(alea_plateau_options, alea_plateau_options_init, ALEA_PLATEAU_OPTIONS_INIT,
                       ALEA_PLATEAU_OPTIONS_VERSION);
    { /* backgammon version 1 (before dead_cube): that prefix only, the rest untouched */
        alea_backgammon_options v1, want = ALEA_BACKGAMMON_OPTIONS_INIT;
        alea_state st;
        memset(&v1, 0x5A, sizeof v1);
        ck_assert_int_eq(alea_backgammon_options_init(&v1, 1), ALEA_OK);
        ck_assert_uint_eq(v1.version, 1);
        ck_assert_mem_eq(&v1.match, &want.match,
                         offsetof(alea_backgammon_options, dead_cube) -
                             offsetof(alea_backgammon_options, match));
        ck_assert_int_eq(v1.dead_cube, 0x5A5A5A5A);
        ck_assert_int_eq(alea_backgammon_init(&st, &v1, NULL), ALEA_OK);
    }
    { /* what the init functions give starts the default game */
        alea_plateau_options o;
        alea_state a, b;
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        ck_assert_int_eq(alea_plateau_options_init(&o, ALEA_PLATEAU_OPTIONS_VERSION), ALEA_OK);
        ck_assert_int_eq(alea_plateau_init(&a, &o, NULL), ALEA_OK);
        ck_assert_int_eq(alea_state_init(&b, "plateau", NULL), ALEA_OK);
        ck_assert_int_eq(alea_state_equal(&a, &b), 1);
    }
}
END_TEST

/* The typed encoders and decoders check the form of an action (their
   @return lines): NULL, unknown kinds and out-of-range fields are
   ALEA_INVALID_ARGUMENT and leave the output untouched. */
START_TEST(test_typed_encode_decode_refuse_bad_fields) {
    uint64_t v = 42;
    {
        alea_dice_poker_action a, d;
        memset(&a, 0, sizeof a);
        ck_assert_int_eq(alea_dice_poker_encode(NULL, &a), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_dice_poker_encode(&v, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_INVALID_ARGUMENT); /* kind 0 */
        a.kind = ALEA_DICE_POKER_STRIKE + 1;
        ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.kind = ALEA_DICE_POKER_ROLL; /* no dice thrown */
        ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.counts[5] = 6;
        ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.kind = ALEA_DICE_POKER_HOLD;
        a.counts[5] = 5; /* holding all five is a score, not a hold (P-2.2) */
        ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.kind = ALEA_DICE_POKER_SCORE;
        a.row = ALEA_DICE_POKER_ROWS;
        ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.row = -1;
        ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.kind = ALEA_DICE_POKER_STRIKE;
        a.row = 5; /* a School row cannot be struck */
        ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        ck_assert_uint_eq(v, 42);
        memset(&d, 0x11, sizeof d);
        a = d;
        ck_assert_int_eq(alea_dice_poker_decode(NULL, ALEA_DICE_POKER_ACTION(3, 0)),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_dice_poker_decode(&d, UINT64_MAX), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_dice_poker_decode(&d, ALEA_DICE_POKER_ACTION(3, 15)),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_dice_poker_decode(&d, ALEA_DICE_POKER_ACTION(2, 0x7FFF)),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_mem_eq(&d, &a, sizeof d);
        ck_assert_uint_eq(alea_dice_poker_pack(NULL), 0);
    }
    {
        int32_t value = -5;
        uint8_t five[6] = {0, 0, 0, 0, 0, 5}, four[6] = {0, 0, 0, 0, 0, 4};
        ck_assert_int_eq(alea_dice_poker_combination_value(NULL, ALEA_DICE_POKER_POKER, five, 0),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_dice_poker_combination_value(&value, ALEA_DICE_POKER_POKER, NULL, 0),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_dice_poker_combination_value(&value, 5, five, 0),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_dice_poker_combination_value(&value, ALEA_DICE_POKER_ROWS, five, 0),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_dice_poker_combination_value(&value, INT32_MIN, five, 0),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_dice_poker_combination_value(&value, ALEA_DICE_POKER_POKER, four, 1),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(value, -5);
    }
    {
        alea_wise_dice_action a, d;
        static const alea_wise_dice_action bad[] = {
            {0, 0, 0, {0, 0, 0, 0}, 0, 0, 0, 0},
            {ALEA_WISE_DICE_PASS + 1, 0, 0, {0, 0, 0, 0}, 0, 0, 0, 0},
            {ALEA_WISE_DICE_PLACE, 8, 0, {0, 0, 0, 0}, 0, 0, 0, 0},
            {ALEA_WISE_DICE_PLACE, -1, 0, {0, 0, 0, 0}, 0, 0, 0, 0},
            {ALEA_WISE_DICE_START, 0, 2, {0, 0, 0, 0}, 0, 0, 0, 0},
            {ALEA_WISE_DICE_ROLL, 0, 0, {2, 1, 3, 4}, 0, 0, 0, 0},
            {ALEA_WISE_DICE_ROLL, 0, 0, {0, 1, 3, 4}, 0, 0, 0, 0},
            {ALEA_WISE_DICE_ROLL, 0, 0, {1, 1, 3, 7}, 0, 0, 0, 0},
            {ALEA_WISE_DICE_MOVE, 0, 0, {0, 0, 0, 0}, 0, 0, 1, 1},
            {ALEA_WISE_DICE_MOVE, 0, 0, {0, 0, 0, 0}, 1, 8, 1, 1},
            {ALEA_WISE_DICE_MOVE, 0, 0, {0, 0, 0, 0}, 1, 0, 7, 1},
            {ALEA_WISE_DICE_MOVE, 0, 0, {0, 0, 0, 0}, 1, 0, 1, 0},
        };
        ck_assert_int_eq(alea_wise_dice_encode(NULL, &bad[0]), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_wise_dice_encode(&v, NULL), ALEA_INVALID_ARGUMENT);
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
            ck_assert_msg(alea_wise_dice_encode(&v, &bad[i]) == ALEA_INVALID_ARGUMENT,
                          "wise-dice bad action %zu encoded", i);
        ck_assert_uint_eq(v, 42);
        memset(&a, 0, sizeof a);
        a.kind = ALEA_WISE_DICE_PASS; /* W-5.5: a kind without fields */
        ck_assert_int_eq(alea_wise_dice_encode(&v, &a), ALEA_OK);
        ck_assert_uint_eq(v, ALEA_WISE_DICE_ACTION(ALEA_WISE_DICE_PASS, 0));
        v = 42;
        memset(&d, 0x11, sizeof d);
        a = d;
        ck_assert_int_eq(alea_wise_dice_decode(NULL, ALEA_WISE_DICE_ACTION(5, 0)),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_wise_dice_decode(&d, UINT64_MAX), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_wise_dice_decode(&d, ALEA_WISE_DICE_ACTION(1, 8)),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_wise_dice_decode(&d, ALEA_WISE_DICE_ACTION(5, 1)),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_mem_eq(&d, &a, sizeof d);
    }
    {
        alea_plateau_action a, d;
        memset(&a, 0, sizeof a);
        ck_assert_int_eq(alea_plateau_encode(NULL, &a), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_plateau_encode(&v, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_plateau_encode(&v, &a), ALEA_INVALID_ARGUMENT); /* kind 0 */
        a.kind = ALEA_PLATEAU_PASS + 1;
        ck_assert_int_eq(alea_plateau_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.kind = ALEA_PLATEAU_ONBOARD;
        a.square = ALEA_PLATEAU_SQUARES;
        ck_assert_int_eq(alea_plateau_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.square = 0;
        a.type = ALEA_PLATEAU_PIECE_TYPES;
        ck_assert_int_eq(alea_plateau_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.kind = ALEA_PLATEAU_MOVE;
        a.type = 0;
        a.target = -1;
        a.lift = 1;
        ck_assert_int_eq(alea_plateau_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.target = 1;
        a.lift = 0;
        ck_assert_int_eq(alea_plateau_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.lift = 1;
        a.stop[0] = 9; /* no path has nine squares (R7.9): refused by the decoder check */
        a.stop[1] = 9;
        ck_assert_int_eq(alea_plateau_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        memset(&a, 0, sizeof a);
        a.kind = ALEA_PLATEAU_SETUP;
        a.bottom_type = ALEA_PLATEAU_PIECE_TYPES;
        ck_assert_int_eq(alea_plateau_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.kind = ALEA_PLATEAU_OFFER;
        a.set[ALEA_PLATEAU_PIECE_ACE] = 8;
        ck_assert_int_eq(alea_plateau_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        ck_assert_uint_eq(v, 42);
        memset(&a, 0, sizeof a);
        a.kind = ALEA_PLATEAU_DECLINE; /* R9.2: a kind without fields */
        ck_assert_int_eq(alea_plateau_encode(&v, &a), ALEA_OK);
        ck_assert_int_eq(alea_plateau_decode(&d, v), ALEA_OK);
        ck_assert_int_eq(d.kind, ALEA_PLATEAU_DECLINE);
        v = 42;
        memset(&d, 0x11, sizeof d);
        a = d;
        ck_assert_int_eq(alea_plateau_decode(NULL, (uint64_t)ALEA_PLATEAU_PASS << 28),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_plateau_decode(&d, UINT64_MAX), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_plateau_decode(&d, 0), ALEA_INVALID_ARGUMENT);
        ck_assert_mem_eq(&d, &a, sizeof d);
        ck_assert_int_eq(alea_plateau_exchange_value(NULL), 0);
    }
    {
        alea_backgammon_action a, d;
        memset(&a, 0, sizeof a);
        ck_assert_int_eq(alea_backgammon_encode(NULL, &a), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_backgammon_encode(&v, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_backgammon_encode(&v, &a), ALEA_INVALID_ARGUMENT); /* kind 0 */
        a.kind = ALEA_BACKGAMMON_REJECT + 1;
        ck_assert_int_eq(alea_backgammon_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.kind = ALEA_BACKGAMMON_DICE;
        a.dice[0] = 2;
        a.dice[1] = 5; /* larger die first */
        ck_assert_int_eq(alea_backgammon_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.kind = ALEA_BACKGAMMON_OPENING;
        a.dice[0] = 7;
        ck_assert_int_eq(alea_backgammon_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.kind = ALEA_BACKGAMMON_MOVE;
        a.steps = 5;
        ck_assert_int_eq(alea_backgammon_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.steps = 1;
        a.from[0] = 26;
        ck_assert_int_eq(alea_backgammon_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.from[0] = 6;
        a.to[0] = 6; /* to < from */
        ck_assert_int_eq(alea_backgammon_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        a.kind = ALEA_BACKGAMMON_RESIGN;
        a.value = 4;
        ck_assert_int_eq(alea_backgammon_encode(&v, &a), ALEA_INVALID_ARGUMENT);
        ck_assert_uint_eq(v, 42);
        {
            /* backgammon.h: MOVE steps are sorted into the canonical descending order */
            alea_backgammon_action up = {ALEA_BACKGAMMON_MOVE, 0, {0, 0}, 3, {6, 8, 13, 0},
                                         {5, 7, 7, 0}};
            alea_backgammon_action down = {ALEA_BACKGAMMON_MOVE, 0, {0, 0}, 3, {13, 8, 6, 0},
                                           {7, 7, 5, 0}};
            uint64_t x, y;
            ck_assert_int_eq(alea_backgammon_encode(&x, &up), ALEA_OK);
            ck_assert_int_eq(alea_backgammon_encode(&y, &down), ALEA_OK);
            ck_assert_uint_eq(x, y);
        }
        memset(&d, 0x11, sizeof d);
        a = d;
        ck_assert_int_eq(alea_backgammon_decode(NULL, ALEA_BACKGAMMON_ACTION(4, 0)),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_backgammon_decode(&d, UINT64_MAX), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_backgammon_decode(&d, ALEA_BACKGAMMON_ACTION(9, 0)),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_backgammon_decode(&d, ALEA_BACKGAMMON_ACTION(4, 1)),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_mem_eq(&d, &a, sizeof d);
    }
}
END_TEST

/* Typed decode then encode of every action met in random games gives the
   action back (the typed headers: "Decodes an action, with the checks of
   ..._encode()"), for every kind of every game. */
static alea_status round_trip(const char *id, uint64_t a, uint64_t *back) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    if (strcmp(id, "dice-poker") == 0) {
        alea_dice_poker_action x;
        s = alea_dice_poker_decode(&x, a);
        s = s ? s : alea_dice_poker_encode(back, &x);
    } else if (strcmp(id, "wise-dice") == 0) {
        alea_wise_dice_action x;
        s = alea_wise_dice_decode(&x, a);
        s = s ? s : alea_wise_dice_encode(back, &x);
    } else if (strcmp(id, "plateau") == 0) {
        alea_plateau_action x;
        s = alea_plateau_decode(&x, a);
        s = s ? s : alea_plateau_encode(back, &x);
    } else if (strcmp(id, "backgammon") == 0) {
        alea_backgammon_action x;
        s = alea_backgammon_decode(&x, a);
        s = s ? s : alea_backgammon_encode(back, &x);
    }
    return s;
}

START_TEST(test_typed_codecs_round_trip_every_kind_met) {
    samples *s = collect((size_t)_i);
    const char *id = game_id((size_t)_i);
    for (size_t j = 0; j < s->n_player_actions + s->n_chance_actions; j++) {
        uint64_t a = j < s->n_player_actions ? s->player_actions[j]
                                             : s->chance_actions[j - s->n_player_actions];
        uint64_t back = ~a;
        ck_assert_msg(round_trip(id, a, &back) == ALEA_OK, "%s: %#llx does not decode/encode", id,
                      (unsigned long long)a);
        ck_assert_uint_eq(back, a);
    }
    free(s);
}
END_TEST

/* §11.7: the IDs of a game that ended by a drop or a resignation say who won
   (gnubg's convention), so alea_backgammon_from_gnubg() reads them back; a
   spec without resignations refuses a resigned game (ALEA_INVALID_STATE,
   *out unchanged). */
START_TEST(test_gnubg_ids_of_games_ended_without_bearoff_read_back) {
    int found[4] = {0, 0, 0, 0};
    for (uint64_t seed = 1; seed < 400 && !(found[2] && found[3]); seed++) {
        alea_state st, out, before;
        alea_rng rng;
        alea_backgammon_view v;
        alea_error err;
        char pos[15], mid[13];
        alea_rng_seed(&rng, seed);
        ck_assert_int_eq(alea_state_init(&st, "backgammon money=on resign=on", NULL), ALEA_OK);
        test_play_random(&st, &rng, 100000);
        v.version = ALEA_BACKGAMMON_VIEW_VERSION;
        ck_assert_int_eq(alea_backgammon_get_view(&v, &st), ALEA_OK);
        ck_assert_int_eq(
            alea_backgammon_position_id(pos, ALEA_BACKGAMMON_POSITION_ID_SIZE, NULL, &st), ALEA_OK);
        ck_assert_int_eq(alea_backgammon_match_id(mid, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, &st),
                         ALEA_OK);
        memset(&out, 0x21, sizeof out);
        before = out;
        if (v.last_how == ALEA_BACKGAMMON_END_DROP || v.last_how == ALEA_BACKGAMMON_END_RESIGN) {
            char pos2[15], mid2[13];
            ck_assert_int_eq(
                alea_backgammon_from_gnubg(&out, "backgammon money=on resign=on", pos, mid, &err),
                ALEA_OK);
            ck_assert_int_eq(
                alea_backgammon_position_id(pos2, ALEA_BACKGAMMON_POSITION_ID_SIZE, NULL, &out),
                ALEA_OK);
            ck_assert_int_eq(
                alea_backgammon_match_id(mid2, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, &out), ALEA_OK);
            ck_assert_str_eq(pos2, pos);
            ck_assert_str_eq(mid2, mid);
            out = before;
        }
        if (v.last_how == ALEA_BACKGAMMON_END_RESIGN) {
            ck_assert_int_eq(
                alea_backgammon_from_gnubg(&out, "backgammon money=on", pos, mid, &err),
                ALEA_INVALID_STATE);
            ck_assert(strstr(err.message, "§6"));
            ck_assert_mem_eq(&out, &before, sizeof out);
        }
        found[v.last_how & 3] = 1;
    }
    ck_assert(found[ALEA_BACKGAMMON_END_DROP] && found[ALEA_BACKGAMMON_END_RESIGN]);
}
END_TEST

/* backgammon.h GNU Backgammon IDs (§8, §9): NULL pointers, wrong lengths and
   non-Base64 characters are refused with the documented status and *out is
   unchanged; a spec of another game is refused. */
START_TEST(test_gnubg_ids_bad_input) {
    alea_state st, before, ok;
    int32_t first[26], second[26];
    alea_error err;
    char pos[15], mid[13];
    ck_assert_int_eq(alea_state_init(&ok, "backgammon match=5", NULL), ALEA_OK);
    ck_assert_int_eq(alea_backgammon_position_id(pos, ALEA_BACKGAMMON_POSITION_ID_SIZE, NULL, &ok),
                     ALEA_OK);
    ck_assert_int_eq(alea_backgammon_match_id(mid, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, &ok),
                     ALEA_OK);
    memset(&st, 0x42, sizeof st);
    before = st;
    ck_assert_int_eq(alea_backgammon_decode_position_id(NULL, second, pos, &err),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_decode_position_id(first, NULL, pos, &err),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_decode_position_id(first, second, NULL, &err),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_decode_position_id(first, second, "", &err),
                     ALEA_PARSE_ERROR);
    ck_assert_int_eq(alea_backgammon_decode_position_id(first, second, "4HPwATDgc/ABMA!", &err),
                     ALEA_PARSE_ERROR);
    ck_assert_int_eq(alea_backgammon_decode_position_id(first, second, "4HPwATDgc/AB*A", &err),
                     ALEA_PARSE_ERROR);
    assert_reason(&err, ALEA_PARSE_ERROR);
    /* 84 bits for 80: the last character's unused bits must be 0. */
    ck_assert_int_eq(alea_backgammon_decode_position_id(first, second, "/////////////4", &err),
                     ALEA_PARSE_ERROR);
    ck_assert_int_eq(err.offset, 13);
    ck_assert(strstr(err.message, "unused bits"));
    ck_assert_int_eq(alea_backgammon_decode_position_id(first, second, "4HPwATDgc/AB*A", &err),
                     ALEA_PARSE_ERROR);
    ck_assert_int_eq(err.offset, 12);
    /* 24 checkers for one side (§8: at most 15). */
    ck_assert_int_eq(alea_backgammon_decode_position_id(first, second, "////AAAAAAAAAA", &err),
                     ALEA_INVALID_STATE);
    assert_reason(&err, ALEA_INVALID_STATE);
    ck_assert_int_eq(alea_backgammon_from_gnubg(NULL, NULL, pos, mid, &err),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_from_gnubg(&st, NULL, NULL, mid, &err),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_from_gnubg(&st, NULL, pos, NULL, &err),
                     ALEA_INVALID_ARGUMENT);
    assert_reason(&err, ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_from_gnubg(&st, NULL, pos, "short", &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(err.offset, 5);
    ck_assert_int_eq(alea_backgammon_from_gnubg(&st, NULL, "x", mid, &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(alea_backgammon_from_gnubg(&st, "chess", pos, mid, &err), ALEA_NOT_FOUND);
    ck_assert_int_ne(alea_backgammon_from_gnubg(&st, "dice-poker", pos, mid, &err), ALEA_OK);
    assert_reason(&err, (alea_status)err.status);
    /* match files: NULL text, bad formats, a bad info version; truncated text */
    alea_backgammon_match_info info;
    info.version = ALEA_BACKGAMMON_MATCH_INFO_VERSION;
    ck_assert_int_eq(alea_backgammon_read_match(&info, NULL, 0, NULL, NULL, &err),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_read_match(&info, "", 7, NULL, NULL, &err),
                     ALEA_INVALID_ARGUMENT);
    info.version = 99;
    ck_assert_int_eq(alea_backgammon_read_match(&info, "", 0, NULL, NULL, &err),
                     ALEA_INVALID_ARGUMENT);
    assert_reason(&err, ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_read_match(NULL, "", 0, NULL, NULL, &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(
        alea_backgammon_read_match(NULL, "(;FF[4]GM[6]MI[length:3", 0, NULL, NULL, &err),
        ALEA_PARSE_ERROR);
    ck_assert_int_eq(
        alea_backgammon_read_match(NULL, " 3 point match\n Game 1\n a : 0  b : 0\n  1) 31:", 0,
                                   NULL, NULL, &err),
        ALEA_PARSE_ERROR); /* truncated: the game has no result */
    ck_assert_int_eq(err.line, 4);
    ck_assert_int_eq(alea_backgammon_read_match_n(NULL, NULL, 3, 0, NULL, NULL, &err),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_read_match_n(NULL, "(;\0", 3, 0, NULL, NULL, &err),
                     ALEA_PARSE_ERROR);
    ck_assert_int_eq(err.offset, 2);
    assert_reason(&err, ALEA_PARSE_ERROR);
    char text[64];
    size_t len = 0;
    uint64_t none[1] = {0};
    ck_assert_int_eq(
        alea_backgammon_write_match(NULL, 5, &len, 1, "backgammon", none, 0, NULL, &err),
        ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(
        alea_backgammon_write_match(text, sizeof text, &len, 3, "backgammon", none, 0, NULL, &err),
        ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(
        alea_backgammon_write_match(text, sizeof text, &len, 1, NULL, none, 0, NULL, &err),
        ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(
        alea_backgammon_write_match(text, sizeof text, &len, 1, "backgammon", NULL, 2, NULL, &err),
        ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(
        alea_backgammon_write_match(text, sizeof text, &len, 1, "chess", none, 0, NULL, &err),
        ALEA_NOT_FOUND);
    /* an action the game refuses: its index in err.offset */
    ck_assert_int_eq(
        alea_backgammon_write_match(text, sizeof text, &len, 1, "backgammon", none, 1, NULL, &err),
        ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(err.offset, 0);
    ck_assert_int_eq(alea_backgammon_from_gnubg(&st, "backgammon nosuchkey=1", pos, mid, &err),
                     ALEA_BAD_OPTION);
    ck_assert_mem_eq(&st, &before, sizeof st);
    ck_assert_int_eq(alea_backgammon_from_gnubg(&st, NULL, pos, mid, &err), ALEA_OK);
}
END_TEST

/* The `_n` twins (explicit lengths, issue 12): NULL pointers are
   ALEA_INVALID_ARGUMENT, a NUL byte inside the length is ALEA_PARSE_ERROR at its
   offset, and nothing changes (tests/test_lengths.c covers every length). */
START_TEST(test_explicit_length_twins_bad_input) {
    static const char spec[] = "wise-dice\0", text[] = "pass\0", pid[] = "4HPwATDgc/AB\0A",
                      mid[] = "cAkAAAAAA\0AA", rec[] = "wise-dice\n\0";
    alea_state st, before, *heap = (alea_state *)&before;
    alea_error err;
    uint64_t a = 7;
    int32_t first[26], second[26];
    size_t applied = 5;
    memset(&st, 0, sizeof st); /* whole states are compared below */
    ck_assert_int_eq(alea_state_init(&st, "wise-dice", NULL), ALEA_OK);
    before = st;
    ck_assert_int_eq(alea_state_init_n(NULL, spec, 9, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_init_n(&st, NULL, 9, &err), ALEA_INVALID_ARGUMENT);
    assert_reason(&err, ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_init_n(&st, spec, sizeof spec - 1, &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(err.offset, 9);
    ck_assert_int_eq(alea_state_new_n(NULL, spec, 9, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_new_n(&heap, NULL, 9, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_ptr_null(heap);
    ck_assert_int_eq(alea_state_new_n(&heap, spec, sizeof spec - 1, &err), ALEA_PARSE_ERROR);
    ck_assert_ptr_null(heap);
    ck_assert_int_eq(alea_state_action_from_text_n(NULL, &st, text, 4, &err),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_action_from_text_n(&a, NULL, text, 4, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_action_from_text_n(&a, &st, NULL, 4, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_action_from_text_n(&a, &st, text, 5, &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(err.offset, 4);
    ck_assert_uint_eq(a, 7);
    ck_assert_int_eq(alea_state_apply_text_n(NULL, text, 4, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_apply_text_n(&st, NULL, 4, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_apply_text_n(&st, text, 5, &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(alea_state_apply_text_as_n(NULL, 0, text, 4, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_apply_text_as_n(&st, 0, NULL, 4, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_apply_text_as_n(&st, 0, text, 5, &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(err.offset, 4);
    ck_assert_int_eq(alea_state_apply_text_as_n(&st, 1, text, 5, &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(alea_state_apply_text_as_n(&st, 9, text, 4, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_apply_text_as_n(&st, 1, text, 4, &err), ALEA_WRONG_PLAYER);
    ck_assert_int_eq(alea_state_from_text_n(NULL, text, 4, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_from_text_n(&st, NULL, 4, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_from_text_n(&st, text, 5, &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(alea_record_replay_n(NULL, &applied, rec, 10, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_record_replay_n(&st, &applied, NULL, 10, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_uint_eq(applied, 0);
    ck_assert_int_eq(alea_record_replay_n(&st, &applied, rec, 0, &err), ALEA_INVALID_ARGUMENT);
    ck_assert(memcmp(&st, &before, sizeof st) == 0);
    ck_assert_int_eq(alea_record_replay_n(&st, &applied, rec, sizeof rec - 1, &err),
                     ALEA_PARSE_ERROR);
    ck_assert_int_eq(err.line, 2);
    ck_assert_int_eq(err.offset, 10);
    ck_assert_ptr_null(alea_game_find_n(NULL, 5));
    ck_assert_ptr_null(alea_game_find_n(spec, sizeof spec - 1));
    ck_assert_ptr_null(alea_game_find_n("wise", 4));
    ck_assert_ptr_nonnull(alea_game_find_n(spec, 9));
    ck_assert_int_eq(alea_backgammon_decode_position_id_n(NULL, second, pid, 14, &err),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_decode_position_id_n(first, second, NULL, 14, &err),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_decode_position_id_n(first, second, pid, 14, &err),
                     ALEA_PARSE_ERROR);
    ck_assert_int_eq(err.offset, 12);
    ck_assert_int_eq(alea_backgammon_from_gnubg_n(NULL, NULL, 0, pid, 14, mid, 12, &err),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_from_gnubg_n(&st, NULL, 0, NULL, 14, mid, 12, &err),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(
        alea_backgammon_from_gnubg_n(&st, NULL, 0, "4HPwATDgc/ABMA", 14, mid, 12, &err),
        ALEA_PARSE_ERROR);
    ck_assert_int_eq(err.offset, 9);
    ck_assert(memcmp(&st, &before, sizeof st) == 0);
}
END_TEST

/* state.h alea_state_apply_and_list() / alea_state_roll_and_list(): NULL
   pointers and a bad head are ALEA_INVALID_ARGUMENT, an action apply() refuses
   is refused with apply()'s status and reason, a roll away from a chance node
   is ALEA_WRONG_PHASE; the state, the rng and the step are left as they were. */
START_TEST(test_step_calls_bad_input_leave_everything) {
    static const uint64_t junk[] = {0, UINT64_MAX, (uint64_t)1 << 63, 0xFFFFFFFFu};
    static alea_step step, fresh;
    samples *s = collect((size_t)_i);
    const alea_state *all[ALL_MAX];
    size_t n_all = all_states(s, all);
    memset(&fresh, 0x5A, sizeof fresh);
    for (size_t k = 0; k < n_all; k++) {
        alea_state st = *all[k], before = st, bad = st;
        int now = alea_state_current_player(&st);
        alea_rng rng, r0;
        alea_error err, e2;
        alea_rng_seed(&rng, test_seed(9) + k);
        r0 = rng;
        step = fresh;
        memset(&bad, 0xA5, 8); /* a corrupt head */
        ck_assert_int_eq(alea_state_apply_and_list(NULL, &st, 0, &err), ALEA_INVALID_ARGUMENT);
        assert_reason(&err, ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_apply_and_list(&step, NULL, 0, &err), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_apply_and_list(&step, &bad, 0, &err), ALEA_INVALID_ARGUMENT);
        assert_reason(&err, ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_roll_and_list(NULL, &st, &rng, &err), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_roll_and_list(&step, &st, NULL, &err), ALEA_INVALID_ARGUMENT);
        assert_reason(&err, ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_roll_and_list(&step, NULL, &rng, NULL), ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_roll_and_list(&step, &bad, &rng, &err), ALEA_INVALID_ARGUMENT);
        /* Values that are no actions of the game: apply()'s status and reason. */
        for (size_t j = 0; j < sizeof junk / sizeof junk[0]; j++) {
            alea_state twin = st;
            alea_status want = alea_state_apply(&twin, junk[j], &e2);
            ck_assert_int_ne(want, ALEA_OK);
            ck_assert_int_eq(alea_state_apply_and_list(&step, &st, junk[j], &err), want);
            ck_assert_str_eq(err.message, e2.message);
        }
        /* The other kind of node's actions. */
        if (now == ALEA_PLAYER_CHANCE)
            for (size_t j = 0; j < s->n_player_actions; j++)
                ck_assert_int_eq(alea_state_apply_and_list(&step, &st, s->player_actions[j], NULL),
                                 ALEA_WRONG_PHASE);
        if (now != ALEA_PLAYER_CHANCE) {
            for (size_t j = 0; j < s->n_chance_actions; j++)
                ck_assert_int_eq(alea_state_apply_and_list(&step, &st, s->chance_actions[j], NULL),
                                 ALEA_WRONG_PHASE);
            ck_assert_int_eq(alea_state_roll_and_list(&step, &st, &rng, &err), ALEA_WRONG_PHASE);
            assert_reason(&err, ALEA_WRONG_PHASE);
        }
        ck_assert_mem_eq(&st, &before, sizeof st);
        ck_assert_mem_eq(&rng, &r0, sizeof rng); /* no draw was made */
        ck_assert_mem_eq(&step, &fresh, sizeof step);
    }
    free(s);
}
END_TEST

static Suite *badinput_suite(void) {
    Suite *s = suite_create("badinput");
    TCase *generic = tcase_create("generic");
    TCase *typed = tcase_create("typed");
    int games = (int)alea_game_count();
    tcase_set_timeout(generic, 300);
    tcase_set_timeout(typed, 60);
    tcase_add_loop_test(generic, test_state_api_null_pointers_leave_state_identical, 0, games);
    tcase_add_loop_test(generic, test_non_actions_refused_in_every_phase, 0, games);
    tcase_add_loop_test(generic, test_wrong_phase_refused_and_state_identical, 0, games);
    tcase_add_loop_test(generic, test_observations_refuse_bad_seats_and_buffers, 0, games);
    tcase_add_loop_test(generic, test_move_observation_refuses_bad_input, 0, games);
    tcase_add_loop_test(generic, test_malformed_notation_refused_state_identical, 0, games);
    tcase_add_loop_test(generic, test_small_buffers_report_the_count, 0, games);
    tcase_add_loop_test(generic, test_seat_entry_points_refuse_bad_seats_state_identical, 0,
                        games);
    tcase_add_loop_test(generic, test_bad_specs_leave_out_unchanged, 0, games);
    tcase_add_loop_test(generic, test_damaged_state_text_leaves_out_unchanged, 0, games);
    tcase_add_loop_test(generic, test_raw_byte_corruption_is_validated, 0, games);
    tcase_add_loop_test(generic, test_bot_out_of_range, 0, games);
    tcase_add_loop_test(generic, test_record_bad_arguments, 0, games);
    tcase_add_test(generic, test_explicit_length_twins_bad_input);
    tcase_add_test(generic, test_bot_options_init_bad_kind_leaves_options);
    tcase_add_loop_test(generic, test_bot_workspace_size_refuses_out_of_range_options, 0, games);
    tcase_add_loop_test(generic, test_bot_choose_with_bad_input_leaves_everything, 0, games);
    tcase_add_loop_test(generic, test_bot_evaluate_bad_input_leaves_state, 0, games);
    tcase_add_loop_test(generic, test_bot_rank_and_levels_bad_input_leave_state, 0, games);
    tcase_add_loop_test(generic, test_playouts_bad_input_leaves_everything, 0, games);
    tcase_add_loop_test(generic, test_tensor_bad_input_leaves_everything, 0, games);
    tcase_add_loop_test(generic, test_step_calls_bad_input_leave_everything, 0, games);
    tcase_add_test(generic, test_backgammon_corrupt_last_winner_refused);
    tcase_add_test(generic, test_registry_out_of_range);
    tcase_add_test(generic, test_check_abi_every_size);
    tcase_add_test(generic, test_rng_degenerate_arguments);
    tcase_add_loop_test(typed, test_typed_views_refuse_other_games_and_bad_versions, 0, games);
    tcase_add_test(typed, test_typed_inits_refuse_bad_options);
    tcase_add_test(typed, test_options_init_functions);
    tcase_add_test(typed, test_typed_encode_decode_refuse_bad_fields);
    tcase_add_test(typed, test_gnubg_ids_bad_input);
    tcase_add_test(typed, test_dice_poker_advise_bad_input);
    tcase_add_loop_test(typed, test_typed_codecs_round_trip_every_kind_met, 0, games);
    tcase_add_test(typed, test_gnubg_ids_of_games_ended_without_bearoff_read_back);
    suite_add_tcase(s, generic);
    suite_add_tcase(s, typed);
    return s;
}

int main(void) {
    return test_run(badinput_suite());
}
