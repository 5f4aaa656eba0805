/* Research at scale (issue 14): batched playouts (alea/playout.h) and
   observation tensors. */
#include "support.h"

#include "dice_poker/dp.h" /* internal: the reference generator */

#include <alea/dice_poker.h>
#include <alea/plateau.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static alea_bot_options bot(int kind) {
    alea_bot_options o;
    ck_assert_int_eq(alea_bot_options_init(&o, kind), ALEA_OK);
    o.depth = 1;
    o.playouts = 8;
    o.playout_plies = 8;
    return o;
}

/* The host's loop with alea_bot_choose_with(), game number g of `seed`: the
   reference alea_playouts() must reproduce. */
static long host_game(const alea_state *start, const alea_bot_options *bots, size_t bot_count,
                      uint64_t seed, uint64_t g, void *ws, size_t size, alea_result *r) {
    alea_state st = *start;
    alea_rng rng;
    long plies = 0;
    alea_rng_seed(&rng, seed);
    for (uint64_t k = 0; k < g; k++)
        alea_rng_jump(&rng);
    for (;;) {
        int who = alea_state_current_player(&st);
        uint64_t a;
        if (who == ALEA_PLAYER_TERMINAL)
            break;
        if (who == ALEA_PLAYER_CHANCE) {
            ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
        } else {
            const alea_bot_options *b = bot_count == 0   ? NULL
                                        : bot_count == 1 ? &bots[0]
                                                         : &bots[who];
            alea_bot_options random_bot = bot(ALEA_BOT_RANDOM);
            ck_assert_int_eq(
                alea_bot_choose_with(&a, &st, b ? b : &random_bot, ws, size, &rng, NULL),
                ALEA_OK);
            ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
        }
        plies++;
    }
    ck_assert_int_eq(alea_state_result(r, &st), ALEA_OK);
    return plies;
}

/* alea_playouts(): every game equals the host's own loop with
   alea_bot_choose_with() on the stream "seed jumped g times" (playout.h,
   doc/rng.md), for random, greedy and heuristic bots on every game; and a
   batch split at any point gives the same rows as one call. */
START_TEST(test_playouts_equal_host_loop_and_split) {
    const alea_game *game = alea_game_at((size_t)_i);
    const int kinds[3] = {ALEA_BOT_RANDOM, ALEA_BOT_GREEDY, ALEA_BOT_HEURISTIC};
    /* the slow builds: 2 games, still split at 1 */
    size_t games = (size_t)test_scale_at_least(6, 2);
    uint64_t seed = test_seed(14);
    alea_state start;
    ck_assert_int_eq(alea_state_init(&start, alea_game_id(game), NULL), ALEA_OK);
    size_t players = (size_t)alea_state_num_players(&start);
    for (int k = 0; k < 3; k++) {
        alea_bot_options bots[ALEA_MAX_PLAYERS];
        size_t need = 0, bot_count = k == 0 ? 0 : players;
        for (size_t p = 0; p < players; p++) /* seat 0 plays kinds[k], the others random */
            bots[p] = bot(p == 0 ? kinds[k] : ALEA_BOT_RANDOM);
        ck_assert_int_eq(alea_playouts_workspace_size(&need, bots, bot_count, game, NULL),
                         ALEA_OK);
        void *ws = malloc(need);
        double *ret = malloc(sizeof *ret * games * players);
        double *ret2 = malloc(sizeof *ret2 * games * players);
        int32_t *sc = malloc(sizeof *sc * games * players);
        uint32_t *plies = malloc(sizeof *plies * games), *plies2 = malloc(sizeof *plies * games);
        ck_assert(ws && ret && ret2 && sc && plies && plies2);
        ck_assert_int_eq(
            alea_playouts(ret, sc, plies, &start, bots, bot_count, seed, 0, games, ws, need, NULL),
            ALEA_OK);
        for (size_t g = 0; g < games; g++) {
            alea_result r;
            long n = host_game(&start, bots, bot_count, seed, g, ws, need, &r);
            ck_assert_msg(n == (long)plies[g], "%s seed %llu kind %d game %zu: %ld plies vs %u",
                          alea_game_id(game), (unsigned long long)seed, kinds[k], g, n, plies[g]);
            for (size_t p = 0; p < players; p++) {
                ck_assert(ret[g * players + p] == r.returns[p]);
                ck_assert_int_eq(sc[g * players + p], r.score[p]);
            }
        }
        /* split: games [0, cut) and [cut, games) in two calls */
        size_t cut = games / 2;
        ck_assert_int_eq(alea_playouts(ret2, NULL, plies2, &start, bots, bot_count, seed, 0, cut,
                                       ws, need, NULL),
                         ALEA_OK);
        ck_assert_int_eq(alea_playouts(ret2 + cut * players, NULL, plies2 + cut, &start, bots,
                                       bot_count, seed, cut, games - cut, ws, need, NULL),
                         ALEA_OK);
        ck_assert_mem_eq(ret, ret2, sizeof *ret * games * players);
        ck_assert_mem_eq(plies, plies2, sizeof *plies * games);
        free(ws);
        free(ret);
        free(ret2);
        free(sc);
        free(plies);
        free(plies2);
    }
}
END_TEST

/* alea_playouts() from a finished game: rows of length 0 and its result. */
START_TEST(test_playouts_from_terminal) {
    alea_state st;
    alea_rng rng;
    ck_assert_int_eq(alea_state_init(&st, "dice-poker players=1 columns=1", NULL), ALEA_OK);
    alea_rng_seed(&rng, 3);
    while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
        uint64_t a;
        if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE)
            ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
        else {
            ck_assert_int_eq(alea_bot_choose(&a, &st, ALEA_BOT_RANDOM, &rng), ALEA_OK);
            ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
        }
    }
    size_t need = 0;
    ck_assert_int_eq(alea_playouts_workspace_size(&need, NULL, 0, alea_state_game(&st), NULL),
                     ALEA_OK);
    void *ws = malloc(need);
    int32_t sc[2] = {-7, -7};
    uint32_t plies[2] = {9, 9};
    alea_result r;
    ck_assert_int_eq(alea_state_result(&r, &st), ALEA_OK);
    ck_assert_int_eq(alea_playouts(NULL, sc, plies, &st, NULL, 0, 5, 0, 2, ws, need, NULL),
                     ALEA_OK);
    ck_assert_uint_eq(plies[0], 0);
    ck_assert_uint_eq(plies[1], 0);
    ck_assert_int_eq(sc[0], r.score[0]);
    ck_assert_int_eq(sc[1], r.score[0]);
    free(ws);
}
END_TEST


/* ---- observation tensors (alea/tensor.h) ---- */

/* Random decision and chance nodes of seeded games, `want` of them, into out. */
static size_t sample_states(alea_state *out, size_t want, const char *spec, uint64_t seed) {
    alea_rng rng;
    size_t n = 0;
    alea_rng_seed(&rng, seed);
    while (n < want) {
        alea_state st;
        ck_assert_int_eq(alea_state_init(&st, spec, NULL), ALEA_OK);
        for (;;) {
            uint64_t a;
            int who = alea_state_current_player(&st);
            if (alea_rng_below(&rng, 6) == 0 || who == ALEA_PLAYER_TERMINAL) {
                out[n++] = st;
                if (n == want || who == ALEA_PLAYER_TERMINAL)
                    break;
            }
            if (who == ALEA_PLAYER_CHANCE)
                ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
            else {
                ck_assert_int_eq(alea_bot_choose(&a, &st, ALEA_BOT_RANDOM, &rng), ALEA_OK);
                ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
            }
        }
    }
    return n;
}

/* alea_state_observation_tensor(): exactly the game's observation size is
   written (a canary after it survives), every value is finite and in
   [-4, 16], the same state gives the same floats, a buffer one float short
   is ALEA_BUFFER_TOO_SMALL with the size in *len_out and out untouched; a
   seat out of range is ALEA_INVALID_ARGUMENT. */
START_TEST(test_tensor_size_range_and_refusals) {
    const alea_game *game = alea_game_at((size_t)_i);
    size_t size = 0, len = 0, n = (size_t)test_scale_at_least(40, 10);
    alea_state *states = malloc(sizeof *states * n);
    ck_assert_ptr_nonnull(states);
    ck_assert_int_eq(alea_game_observation_size(&size, game), ALEA_OK);
    ck_assert_uint_gt(size, 0);
    float *a = malloc(sizeof *a * (size + 1)), *b = malloc(sizeof *b * (size + 1));
    ck_assert(a && b);
    n = sample_states(states, n, alea_game_id(game), test_seed(7));
    for (size_t k = 0; k < n; k++) {
        int players = alea_state_num_players(&states[k]);
        for (int seat = -1; seat < players; seat++) {
            int who = seat < 0 ? ALEA_OBSERVER_PUBLIC : seat;
            a[size] = 12345.0f;
            ck_assert_int_eq(alea_state_observation_tensor(a, size + 1, &len, &states[k], who),
                             ALEA_OK);
            ck_assert_uint_eq(len, size);
            ck_assert(a[size] == 12345.0f);
            for (size_t i = 0; i < size; i++)
                ck_assert_msg(a[i] >= -4.0f && a[i] <= 16.0f, "%s float %zu = %g",
                              alea_game_id(game), i, (double)a[i]);
            ck_assert_int_eq(alea_state_observation_tensor(b, size, NULL, &states[k], who),
                             ALEA_OK);
            ck_assert_mem_eq(a, b, sizeof *a * size);
        }
        b[0] = 99.0f;
        len = 0;
        ck_assert_int_eq(alea_state_observation_tensor(b, size - 1, &len, &states[k], 0),
                         ALEA_BUFFER_TOO_SMALL);
        ck_assert_uint_eq(len, size);
        ck_assert(b[0] == 99.0f);
        ck_assert_int_eq(alea_state_observation_tensor(a, size, NULL, &states[k], players),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(alea_state_observation_tensor(a, size, NULL, &states[k], -5),
                         ALEA_INVALID_ARGUMENT);
    }
    free(a);
    free(b);
    free(states);
}
END_TEST

/* The tensors' range holds at the validators' bounds, not only in sampled
   games: wise-dice scores are scaled by 100 and have no bound of their own
   in a long game (W-8; tests/fuzz/fuzz_observe found a score of 1991, float
   19.91, in a state alea_state_from_text() accepts). */
START_TEST(test_tensor_range_wise_dice_scores_w8) {
    static const char *const texts[] = {
        "wise-dice max-moves=1000 | over - roll=- final=0 moves=83 score=1991,23",
        "wise-dice max-moves=100000 | over - roll=- final=0 moves=99999 score=999999,0",
        "wise-dice max-moves=100000 | over - roll=- final=0 moves=99999 score=0,999999",
    };
    static const char board[] = "F1:S3,N2 A2:S6 H3:S4 A6:N4 F8:N3 G8:S1,N1 C10:S5 F10:S2 H10:N5";
    float t[4096];
    size_t size = 0;
    char text[512];
    alea_state st;
    alea_error err;
    ck_assert_int_eq(alea_game_observation_size(&size, alea_game_find("wise-dice")), ALEA_OK);
    ck_assert_uint_le(size, 4096);
    for (size_t k = 0; k < sizeof texts / sizeof texts[0]; k++) {
        snprintf(text, sizeof text, "%s board=%s", texts[k], board);
        ck_assert_msg(alea_state_from_text(&st, text, &err) == ALEA_OK, "%s: %s", text,
                      err.message);
        for (int seat = -1; seat < 2; seat++) {
            int who = seat < 0 ? ALEA_OBSERVER_PUBLIC : seat;
            ck_assert_int_eq(alea_state_observation_tensor(t, size, NULL, &st, who), ALEA_OK);
            for (size_t i = 0; i < size; i++)
                ck_assert_msg(t[i] >= -4.0f && t[i] <= 16.0f, "%s seat %d float %zu = %g", text,
                              who, i, (double)t[i]);
        }
    }
}
END_TEST

/* alea_state_afterstate_tensors(): row i is the tensor of the state after
   the i-th legal action (chance outcomes at chance nodes), for every seat and
   the public observer, of the state itself, or with hidden information of
   the seat's fixed re-deal (test_seen_state); too few rows is
   ALEA_BUFFER_TOO_SMALL with the count. */
START_TEST(test_afterstates_equal_children) {
    const alea_game *game = alea_game_at((size_t)_i);
    alea_game_info info;
    size_t size = 0, n = (size_t)test_scale_at_least(12, 4);
    alea_state *states = malloc(sizeof *states * n);
    ck_assert_int_eq(alea_game_get_info(&info, game), ALEA_OK);
    ck_assert_int_eq(alea_game_observation_size(&size, game), ALEA_OK);
    float *rows = malloc(sizeof *rows * size * info.max_actions);
    float *one = malloc(sizeof *one * size);
    uint64_t *acts = malloc(sizeof *acts * info.max_actions), legal[ALEA_MAX_ACTIONS];
    ck_assert(states && rows && one && acts);
    n = sample_states(states, n, alea_game_id(game), test_seed(8));
    for (size_t k = 0; k < n; k++) {
        size_t count = 0, nl = 0;
        int seat = (int)(k % 3) - 1;
        if (seat < 0 || seat >= alea_state_num_players(&states[k]))
            seat = ALEA_OBSERVER_PUBLIC;
        alea_state seen;
        test_seen_state(&seen, &states[k], seat); /* hidden information: a fixed re-deal */
        ck_assert_int_eq(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &nl, &seen), ALEA_OK);
        ck_assert_int_eq(alea_state_afterstate_tensors(rows, acts, info.max_actions, &count,
                                                       &states[k], seat),
                         ALEA_OK);
        ck_assert_uint_eq(count, nl);
        for (size_t i = 0; i < count; i++) {
            alea_state child = seen;
            ck_assert_uint_eq(acts[i], legal[i]);
            ck_assert_int_eq(alea_state_apply(&child, legal[i], NULL), ALEA_OK);
            ck_assert_int_eq(alea_state_observation_tensor(one, size, NULL, &child, seat),
                             ALEA_OK);
            ck_assert_msg(memcmp(one, rows + i * size, sizeof *one * size) == 0,
                          "%s state %zu action %zu: afterstate row differs from the child",
                          alea_game_id(game), k, i);
        }
        if (count > 0) {
            size_t got = 0;
            ck_assert_int_eq(alea_state_afterstate_tensors(rows, acts, count - 1, &got,
                                                           &states[k], seat),
                             ALEA_BUFFER_TOO_SMALL);
            ck_assert_uint_eq(got, count);
        }
    }
    free(states);
    free(rows);
    free(one);
    free(acts);
}
END_TEST

static uint64_t fnv(const void *p, size_t n) {
    const unsigned char *b = p;
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211u;
    return h;
}

/* Checks, over the children of st, that seat `viewer`'s tensor is equal
   exactly when its public text (alea_plateau_public_text(), R11) is equal
   (`iff`; else only "equal text => equal tensor"), and that the public
   observer's tensor is equal whenever that text is.  Returns the number of
   pairs of distinct children that the viewer cannot tell apart. */
static size_t check_hidden(const alea_state *st, int viewer, int iff) {
    uint64_t legal[ALEA_MAX_ACTIONS];
    size_t n = 0, size = 0, blind = 0;
    ck_assert_int_eq(alea_game_observation_size(&size, alea_state_game(st)), ALEA_OK);
    ck_assert_int_eq(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, st), ALEA_OK);
    uint64_t *text_h = malloc(sizeof *text_h * n), *seat_h = malloc(sizeof *seat_h * n);
    uint64_t *pub_h = malloc(sizeof *pub_h * n), *full_h = malloc(sizeof *full_h * n);
    float *t = malloc(sizeof *t * size);
    ck_assert(text_h && seat_h && pub_h && full_h && t);
    for (size_t i = 0; i < n; i++) {
        alea_state child = *st;
        char text[4096];
        size_t len = 0;
        ck_assert_int_eq(alea_state_apply(&child, legal[i], NULL), ALEA_OK);
        ck_assert_int_eq(alea_plateau_public_text(text, sizeof text, &len, &child, viewer),
                         ALEA_OK);
        text_h[i] = fnv(text, len);
        full_h[i] = alea_state_hash(&child);
        ck_assert_int_eq(alea_state_observation_tensor(t, size, NULL, &child, viewer), ALEA_OK);
        seat_h[i] = fnv(t, sizeof *t * size);
        ck_assert_int_eq(
            alea_state_observation_tensor(t, size, NULL, &child, ALEA_OBSERVER_PUBLIC), ALEA_OK);
        pub_h[i] = fnv(t, sizeof *t * size);
    }
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            if (text_h[i] == text_h[j]) {
                ck_assert_msg(seat_h[i] == seat_h[j],
                              "seat %d tells apart two children it may not (actions %llu, %llu)",
                              viewer, (unsigned long long)legal[i],
                              (unsigned long long)legal[j]);
                ck_assert(pub_h[i] == pub_h[j]);
                blind += full_h[i] != full_h[j];
            } else if (iff) {
                ck_assert_msg(seat_h[i] != seat_h[j],
                              "seat %d's tensor loses what it sees (actions %llu, %llu)",
                              viewer, (unsigned long long)legal[i],
                              (unsigned long long)legal[j]);
            }
        }
    free(text_h);
    free(seat_h);
    free(pub_h);
    free(full_h);
    free(t);
    return blind;
}

/* Plateau hides in the tensors what the seat may not see (R11): of Black's
   opening set-ups, White's tensor is equal exactly when White's public view
   is (e.g. a blank-up Mute and a blank-up Blue Mask on top look alike), the
   public observer's too; and in random positions, children that look alike
   to a seat have equal tensors for it. */
START_TEST(test_plateau_tensor_hides_unseen_faces) {
    alea_state st;
    alea_state states[64];
    size_t n = (size_t)test_scale_at_least(24, 6), blind;
    ck_assert_int_eq(alea_state_init(&st, "plateau", NULL), ALEA_OK);
    blind = check_hidden(&st, 1, 1);
    ck_assert_msg(blind > 0, "no two set-ups look alike to White: the test would be vacuous");
    n = sample_states(states, n, "plateau", test_seed(9));
    for (size_t k = 0; k < n; k++) {
        int who = alea_state_current_player(&states[k]);
        if (who >= 0)
            check_hidden(&states[k], 1 - who, 0);
    }
}
END_TEST

/* ---- faster legal-action generation: the new lists equal the old ones ---- */

/* The dice-poker generator before issue 14 (an odometer over all six faces,
   packing each keep-set; each row's openness read by counting filled cells),
   kept here as the reference for the faster one. */
static size_t dp_legal_reference(const alea_state *st, uint64_t *out) {
    const dp_state *s = dp_cof(st);
    uint8_t keep[DP_FACES] = {0};
    size_t n = 0;
    const dp_card *card = &s->card[dp_seat(s)];
    ck_assert_int_eq(s->phase, DP_PHASE_DECIDE);
    if (s->throws < DP_MAX_THROWS) {
        for (;;) {
            if (memcmp(keep, s->dice, sizeof keep) != 0)
                out[n++] = ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_HOLD,
                                                  alea_dice_poker_pack(keep));
            int f = 0;
            while (f < DP_FACES && keep[f] == s->dice[f])
                keep[f++] = 0;
            if (f == DP_FACES)
                break;
            keep[f]++;
        }
    }
    for (int row = 0; row < DP_ROWS; row++)
        if (alea__dp_row_filled(card, s->columns, row) < s->columns &&
            (dp_is_school(row) || alea__dp_combination_base(row, s->dice) > 0))
            out[n++] = ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_SCORE, row);
    for (int row = DP_SCHOOL_ROWS; row < DP_ROWS; row++)
        if (alea__dp_row_filled(card, s->columns, row) < s->columns)
            out[n++] = ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_STRIKE, row);
    return n;
}

/* Dice poker (P-2.2, P-2.3, P-3): at every decision node of seeded random
   games with 1..4 players and 1..6 columns, the legal list equals the
   reference generator's, element by element. */
START_TEST(test_dice_poker_legal_equals_reference) {
    uint64_t seed = test_seed(1414);
    long games = test_scale_at_least(60, 12), nodes = 0;
    alea_rng rng;
    alea_rng_seed(&rng, seed);
    for (long g = 0; g < games; g++) {
        char spec[64];
        alea_state st;
        snprintf(spec, sizeof spec, "dice-poker players=%d columns=%d", (int)(g % 4) + 1,
                 (int)(g % 6) + 1);
        ck_assert_int_eq(alea_state_init(&st, spec, NULL), ALEA_OK);
        while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
            uint64_t a, got[ALEA_MAX_ACTIONS], want[ALEA_MAX_ACTIONS];
            size_t n = 0, m;
            if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE) {
                ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
                continue;
            }
            ck_assert_int_eq(alea_state_legal_actions(got, ALEA_MAX_ACTIONS, &n, &st), ALEA_OK);
            m = dp_legal_reference(&st, want);
            ck_assert_msg(n == m && memcmp(got, want, n * sizeof *got) == 0,
                          "seed %llu game %ld (%s): %zu actions, the reference %zu",
                          (unsigned long long)seed, g, spec, n, m);
            nodes++;
            a = got[alea_rng_below(&rng, n)];
            ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
        }
    }
    ck_assert_int_gt(nodes, games);
}
END_TEST

/* Whether the brute force tries action number v: all of them, or under
   valgrind one in each block of 16 MOVE numbers (2^24 of them), its place in
   the block by a hash of the block, so that every bit of the encoding varies. */
static int sparse(uint64_t kind) {
    return test_quick() && kind == ALEA_PLATEAU_MOVE;
}

static uint64_t in_block(uint64_t block) {
    return block * 2654435761u >> 13 & 15;
}

static int tried(uint64_t kind, uint64_t v) {
    return !sparse(kind) || (v & 15) == in_block(v >> 4);
}

/* The listed actions of one kind (bits 28+) in st that the brute force tries,
   ascending, into out. */
static size_t listed_of_kind(const alea_state *st, uint64_t kind, uint64_t *out) {
    uint64_t legal[ALEA_MAX_ACTIONS];
    size_t n = 0, m = 0;
    ck_assert_int_eq(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, st), ALEA_OK);
    for (size_t i = 0; i < n; i++)
        if (legal[i] >> 28 == kind && tried(kind, legal[i] & ((UINT64_C(1) << 28) - 1)))
            out[m++] = legal[i];
    return m;
}

/* Plateau (R4 set-up, R6 onboarding, R7 moves with stops and stomps): at
   positions of seeded random games, the listed SETUP, ONBOARD and MOVE actions
   are exactly the encodable ones of that kind that alea_state_check_action()
   (the runner, an independent implementation) accepts, in ascending order. */
START_TEST(test_plateau_legal_equals_brute_force) {
    alea_state states[16];
    size_t n = (size_t)test_scale_at_least(10, 3), checked = 0, moves = 0;
    n = sample_states(states, n, "plateau", test_seed(1415));
    /* 10 states, 3 in the slow builds: each state tries 15 million action
       numbers (under valgrind a sixteenth of them: tried()) */
    for (size_t k = 0; k < n; k++) {
        const alea_state *st = &states[k];
        uint64_t listed[ALEA_MAX_ACTIONS], found[ALEA_MAX_ACTIONS];
        if (alea_state_current_player(st) < 0)
            continue;
        for (uint64_t kind = ALEA_PLATEAU_SETUP; kind <= ALEA_PLATEAU_MOVE; kind++) {
            size_t nl = listed_of_kind(st, kind, listed), nf = 0;
            uint64_t limit = kind == ALEA_PLATEAU_SETUP ? 1u << 12
                             : kind == ALEA_PLATEAU_ONBOARD ? 1u << 16
                                                            : 1u << 24;
            for (uint64_t b = 0; b < limit; b += sparse(kind) ? 16 : 1) {
                uint64_t v = sparse(kind) ? b | in_block(b >> 4) : b, a = kind << 28 | v;
                if (kind == ALEA_PLATEAU_MOVE && (v >> 16 & 7) == 0)
                    continue; /* a lift is 1..7 */
                if (alea_state_check_action(st, a, NULL) == ALEA_OK) {
                    ck_assert_uint_lt(nf, ALEA_MAX_ACTIONS);
                    found[nf++] = a;
                }
            }
            ck_assert_msg(nl == nf && memcmp(listed, found, nl * sizeof *listed) == 0,
                          "plateau seed %llu state %zu kind %llu: %zu listed, %zu accepted",
                          (unsigned long long)test_seed(1415), k, (unsigned long long)kind, nl,
                          nf);
            checked += nl;
            moves += kind == ALEA_PLATEAU_MOVE ? nl : 0;
        }
    }
    printf("plateau brute force: %zu listed actions compared, %zu of them moves\n", checked, moves);
    ck_assert_uint_gt(checked, 0);
}
END_TEST

static Suite *research_suite(void) {
    Suite *s = suite_create("research");
    TCase *tc = tcase_create("playouts");
    int games = (int)alea_game_count();
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_playouts_equal_host_loop_and_split, 0, games);
    tcase_add_test(tc, test_playouts_from_terminal);
    suite_add_tcase(s, tc);
    tc = tcase_create("tensors");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_tensor_size_range_and_refusals, 0, games);
    tcase_add_test(tc, test_tensor_range_wise_dice_scores_w8);
    tcase_add_loop_test(tc, test_afterstates_equal_children, 0, games);
    tcase_add_test(tc, test_plateau_tensor_hides_unseen_faces);
    suite_add_tcase(s, tc);
    tc = tcase_create("speed");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_dice_poker_legal_equals_reference);
    tcase_add_test(tc, test_plateau_legal_equals_brute_force);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(research_suite());
}
