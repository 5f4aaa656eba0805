/* Plateau's ply bot (lib/plateau/search.c, eval.c; doc/bots.md "Plateau:
   determinized search"): its levels choose alike on states their seat cannot
   tell apart (R11), it takes the wins of R10.1 and R10.2 when they are one
   action away, its ranked actions, and a short tournament against greedy
   whose bound can fail.  Rule numbers: doc/rules/plateau.md. */
#include "support.h"

#include <alea/plateau.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plateau/pl.h" /* internal: set positions, the re-deal */

#define REQUIRE(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

static const char *const levels[] = {"beginner", "casual", "intermediate", "advanced", "expert"};
#define LEVELS 5

static unsigned char ws[1 << 20];

static void level_options(alea_bot_options *o, const char *name) {
    alea_state st;
    ck_assert_int_eq(alea_state_init(&st, "plateau", NULL), ALEA_OK);
    ck_assert_int_eq(alea_bot_options_level(o, alea_state_game(&st), name, NULL), ALEA_OK);
}

static uint64_t choose(const alea_state *st, const alea_bot_options *o, alea_rng *rng) {
    uint64_t a = 0;
    size_t size = 0;
    alea_error err;
    ck_assert_int_eq(alea_bot_workspace_size(&size, o, alea_state_game(st), NULL), ALEA_OK);
    ck_assert_uint_le(size, sizeof ws);
    REQUIRE(alea_bot_choose_with(&a, st, o, ws, size, rng, &err) == ALEA_OK, "%s", err.message);
    return a;
}

static void random_plies(alea_state *st, alea_rng *rng, int plies) {
    static uint64_t a[ALEA_MAX_ACTIONS];
    for (int i = 0; i < plies && alea_state_current_player(st) >= 0; i++) {
        size_t n = 0;
        ck_assert_int_eq(alea_state_legal_actions(a, ALEA_MAX_ACTIONS, &n, st), ALEA_OK);
        ck_assert_int_eq(alea_state_apply(st, a[alea_rng_below(rng, n)], NULL), ALEA_OK);
    }
}

START_TEST(test_levels_are_named_weakest_first) {
    alea_state st;
    ck_assert_int_eq(alea_state_init(&st, "plateau", NULL), ALEA_OK);
    for (size_t i = 0; i < LEVELS; i++)
        ck_assert_str_eq(alea_bot_level_name(alea_state_game(&st), i), levels[i]);
    ck_assert_ptr_null(alea_bot_level_name(alea_state_game(&st), LEVELS));
}
END_TEST

/* R11: a twin is the state re-dealt from the seat's observation (the
   determinize hook, checked against an independent construction in
   tests/test_observe.c): everything the seat has not seen may differ.  Every
   level, with the same rng, chooses the same action in both, and the ranked
   actions (the hint) are the same list with the same values. */
START_TEST(test_R11_levels_choose_and_rank_alike_on_twins) {
    uint64_t base = test_seed(22);
    long games = test_count("ALEA_PLATEAU_BOT_GAMES", 4), compared = 0, differed = 0;
    static alea_ranked_action r1[ALEA_MAX_ACTIONS], r2[ALEA_MAX_ACTIONS];
    for (long g = 0; g < games; g++) {
        alea_state st, twin;
        alea_rng rng;
        uint64_t seed = base * 7919u + (uint64_t)g;
        alea_rng_seed(&rng, seed);
        ck_assert_int_eq(alea_state_init(&st, "plateau", NULL), ALEA_OK);
        random_plies(&st, &rng, 2 + (int)alea_rng_below(&rng, 6));
        while (alea_state_current_player(&st) >= 0) {
            int me = alea_state_current_player(&st);
            char t1[4096], t2[4096];
            alea_state_copy(&twin, &st);
            alea__pl_determinize(&twin, me, &rng);
            REQUIRE(alea_state_validate(&twin, NULL) == ALEA_OK, "seed %llu",
                    (unsigned long long)seed);
            ck_assert_int_eq(alea_state_observation_text(t1, sizeof t1, NULL, &st, me), ALEA_OK);
            ck_assert_int_eq(alea_state_observation_text(t2, sizeof t2, NULL, &twin, me), ALEA_OK);
            REQUIRE(strcmp(t1, t2) == 0, "seed %llu: the twin looks different",
                    (unsigned long long)seed);
            differed += !alea_state_equal(&st, &twin);
            for (int l = 0; l < LEVELS; l++) {
                alea_bot_options o;
                alea_rng a, b;
                uint64_t bot_seed = alea_rng_next(&rng), x, y;
                size_t n1 = 0, n2 = 0, size = 0;
                level_options(&o, levels[l]);
                alea_rng_seed(&a, bot_seed);
                alea_rng_seed(&b, bot_seed);
                x = choose(&st, &o, &a);
                y = choose(&twin, &o, &b);
                REQUIRE(x == y, "seed %llu: level %s reads what its seat has not seen",
                        (unsigned long long)seed, levels[l]);
                REQUIRE(memcmp(&a, &b, sizeof a) == 0, "seed %llu", (unsigned long long)seed);
                if (l < LEVELS - 2)
                    continue; /* the 0-ply levels rank as the intermediate */
                ck_assert_int_eq(alea_bot_workspace_size(&size, &o, alea_state_game(&st), NULL),
                                 ALEA_OK);
                ck_assert_int_eq(alea_bot_rank(r1, ALEA_MAX_ACTIONS, &n1, &st, &o, ws, size, NULL),
                                 ALEA_OK);
                ck_assert_int_eq(
                    alea_bot_rank(r2, ALEA_MAX_ACTIONS, &n2, &twin, &o, ws, size, NULL), ALEA_OK);
                ck_assert_uint_eq(n1, n2);
                for (size_t i = 0; i < n1; i++)
                    REQUIRE(r1[i].action == r2[i].action && r1[i].value == r2[i].value &&
                                r1[i].plies == r2[i].plies,
                            "seed %llu: level %s ranks by what its seat has not seen",
                            (unsigned long long)seed, levels[l]);
            }
            compared++;
            /* under valgrind a third of the positions: the expert searches each */
            random_plies(&st, &rng, (4 + (int)alea_rng_below(&rng, 10)) * (test_quick() ? 3 : 1));
        }
    }
    printf("plateau_bot: levels compared on %ld twin positions (%ld twins differ)\n", compared,
           differed);
    ck_assert_int_gt(compared, games);
    ck_assert_int_gt(differed, 0);
}
END_TEST

/* A position in phase PLAY (every face seen): stacks by square, bottom first;
   reserves hold what is neither on the board nor held. */
static void position(alea_state *st, const char *const *stacks, int to_act, int black_held) {
    ck_assert_int_eq(alea_state_init(st, "plateau", NULL), ALEA_OK);
    pl_state *s = pl_of(st);
    s->phase = PL_PLAY;
    s->to_act = (uint8_t)to_act;
    s->plies = 10u + (uint32_t)to_act;
    for (int k = 0; stacks[k]; k++) {
        const char *p = stacks[k];
        int sq = (p[0] - 'a') + 4 * (p[1] - '1');
        for (p += 3; *p == 'B' || *p == 'W'; p += 3) {
            int ps = alea__pl_pstate_find(p[1], p[2]);
            ck_assert_int_ge(ps, 0);
            s->stack[sq][s->height[sq]++] = (uint8_t)(pl_piece(*p == 'W', ps) | PL_UPK | PL_DNK);
        }
    }
    s->prisoners[0][0] = (uint8_t)black_held; /* White mutes */
    for (int p = 0; p < 2; p++) {
        uint8_t on[8];
        alea__pl_board_counts(s, p, on);
        for (int t = 0; t < PL_TYPES; t++)
            s->reserve[p][t] = (uint8_t)(alea__pl_count[t] - on[t] - s->prisoners[1 - p][t]);
    }
    ck_assert_int_eq(alea_state_validate(st, NULL), ALEA_OK);
}

static void expect_win(const alea_state *st, const char *why) {
    for (int l = 2; l < LEVELS; l++) { /* the levels without noise */
        alea_bot_options o;
        alea_state next;
        alea_rng rng;
        alea_result r;
        alea_rng_seed(&rng, 5);
        level_options(&o, levels[l]);
        alea_state_copy(&next, st);
        ck_assert_int_eq(alea_state_apply(&next, choose(st, &o, &rng), NULL), ALEA_OK);
        ck_assert_int_eq(alea_state_result(&r, &next), ALEA_OK);
        REQUIRE(r.terminal && r.winner == 0, "level %s misses %s", levels[l], why);
    }
}

/* R10.1, R6.2, R6.3: onboarding on a unit of five completes six. */
START_TEST(test_R10_1_levels_complete_a_unit_of_six) {
    alea_state st;
    static const char *const board[] = {"a1=BxxBxxBbbBrrBxx", "d4=WrrWbb", "b3=WxxWrr", NULL};
    position(&st, board, 0, 0);
    expect_win(&st, "the sixth piece of a unit (R10.1)");
}
END_TEST

/* R10.2 (TV21): the sixth prisoner. */
START_TEST(test_R10_2_levels_capture_the_sixth_prisoner) {
    alea_state st;
    static const char *const board[] = {"b2=Brr", "b3=Wxx", "d4=WbbWrr", NULL};
    position(&st, board, 0, 3);
    pl_of(&st)->prisoners[0][1] = 1; /* and a White blue and red: five held */
    pl_of(&st)->prisoners[0][2] = 1;
    pl_of(&st)->reserve[1][1] = 0;
    pl_of(&st)->reserve[1][2] = 0;
    ck_assert_int_eq(alea_state_validate(&st, NULL), ALEA_OK);
    expect_win(&st, "the sixth prisoner (R10.2)");
}
END_TEST

/* The ranking is best first, every legal action once, deeper plies first;
   the same twice (no rng). */
START_TEST(test_rank_lists_every_action_best_first) {
    alea_state st;
    alea_rng rng;
    alea_bot_options o;
    static alea_ranked_action r[ALEA_MAX_ACTIONS], again[ALEA_MAX_ACTIONS];
    static uint64_t a[ALEA_MAX_ACTIONS];
    size_t n = 0, m = 0, size = 0;
    alea_rng_seed(&rng, test_seed(3));
    ck_assert_int_eq(alea_state_init(&st, "plateau", NULL), ALEA_OK);
    random_plies(&st, &rng, 8);
    level_options(&o, "expert");
    ck_assert_int_eq(alea_bot_workspace_size(&size, &o, alea_state_game(&st), NULL), ALEA_OK);
    ck_assert_int_eq(alea_bot_rank(r, ALEA_MAX_ACTIONS, &n, &st, &o, ws, size, NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_legal_actions(a, ALEA_MAX_ACTIONS, &m, &st), ALEA_OK);
    ck_assert_uint_eq(n, m);
    ck_assert_int_ge(r[0].plies, 1);
    for (size_t i = 1; i < n; i++) {
        ck_assert(r[i - 1].plies > r[i].plies ||
                  (r[i - 1].plies == r[i].plies && r[i - 1].value >= r[i].value));
        ck_assert(r[i].value >= -1.0 && r[i].value <= 1.0);
    }
    ck_assert_int_eq(alea_bot_rank(again, ALEA_MAX_ACTIONS, &m, &st, &o, ws, size, NULL), ALEA_OK);
    ck_assert_mem_eq(r, again, n * sizeof *r);
}
END_TEST

/* A short tournament (seats swapped on each seed): the advanced level
   against greedy; the bound is well below the measured strength (doc/bots.md)
   but fails for a bot that plays like greedy (about 50 %). */
START_TEST(test_advanced_beats_greedy) {
    long games = test_count("ALEA_PLATEAU_BOT_TOURNAMENT", 20), won = 0;
    alea_bot_options ply, greedy;
    level_options(&ply, "advanced");
    ck_assert_int_eq(
        alea_bot_options_init_version(&greedy, ALEA_BOT_GREEDY, ALEA_BOT_OPTIONS_VERSION), ALEA_OK);
    for (long g = 0; g < games; g++) {
        alea_state st;
        alea_rng r[2];
        alea_result res;
        int ply_seat = (int)(g & 1);
        alea_rng_seed(&r[0], test_seed(9) * 31u + (uint64_t)(g / 2));
        alea_rng_seed(&r[1], test_seed(9) * 37u + (uint64_t)(g / 2));
        ck_assert_int_eq(alea_state_init(&st, "plateau max-plies=300", NULL), ALEA_OK);
        while (alea_state_current_player(&st) >= 0) {
            int who = alea_state_current_player(&st);
            uint64_t act = choose(&st, who == ply_seat ? &ply : &greedy, &r[who]);
            ck_assert_int_eq(alea_state_apply(&st, act, NULL), ALEA_OK);
        }
        ck_assert_int_eq(alea_state_result(&res, &st), ALEA_OK);
        won += 2 * (res.winner == ply_seat) + res.draw;
    }
    printf("plateau_bot: advanced against greedy %.1f of %ld games\n", (double)won / 2.0, games);
    ck_assert_int_ge(won, games * 2 * 3 / 4); /* 75 % */
}
END_TEST

static Suite *plateau_bot_suite(void) {
    Suite *s = suite_create("plateau_bot");
    TCase *tc = tcase_create("plateau_bot");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, test_levels_are_named_weakest_first);
    tcase_add_test(tc, test_R11_levels_choose_and_rank_alike_on_twins);
    tcase_add_test(tc, test_R10_1_levels_complete_a_unit_of_six);
    tcase_add_test(tc, test_R10_2_levels_capture_the_sixth_prisoner);
    tcase_add_test(tc, test_rank_lists_every_action_best_first);
    tcase_add_test(tc, test_advanced_beats_greedy);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(plateau_bot_suite());
}
