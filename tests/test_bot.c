/* Bots (alea/bot.h) and the dice-poker advisor: legal, reproducible, within
   the caller's budget, exact where they claim to be, and refusing bad input
   without touching the state.  Strength is measured by alea-bench
   --tournament (doc/bots.md), not here; the one strength check below uses a
   bound random play cannot reach. */
/* Tests the experimental tier too (doc/api.md "What 1.x guarantees"). */
#define ALEA_EXPERIMENTAL
#include "support.h"

#include <alea/backgammon.h>
#include <alea/dice_poker.h>
#include <check.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Two checkers left: White (to roll) needs 8 pips with one checker, Red has
   one on her ace point and bears off with any roll (§6: single game, 14 off). */
static const char *const BEAROFF_RACE =
    "backgammon | dice turn=0 dice=- cube=1/centre autos=0 resign=0 crawford=0 rejected=0 "
    "score=0-0 games=0 last=- white=8:1 red=1:1";

static void *workspace_for(const alea_bot_options *o, const alea_state *st, size_t *size) {
    void *ws;
    ck_assert_int_eq(alea_bot_workspace_size(size, o, alea_state_game(st), NULL), ALEA_OK);
    ws = malloc(*size);
    ck_assert_ptr_nonnull(ws);
    return ws;
}

/* Cheap parameters, so that every kind can play whole games here. */
static alea_bot_options cheap(int kind) {
    alea_bot_options o;
    ck_assert_int_eq(alea_bot_options_init(&o, kind), ALEA_OK);
    o.depth = 1;
    o.playouts = 12;
    o.playout_plies = 16;
    return o;
}

START_TEST(test_names) {
    ck_assert_str_eq(alea_bot_name(ALEA_BOT_RANDOM), "random");
    ck_assert_str_eq(alea_bot_name(ALEA_BOT_GREEDY), "greedy");
    ck_assert_str_eq(alea_bot_name(ALEA_BOT_EXPECTIMAX), "expectimax");
    ck_assert_str_eq(alea_bot_name(ALEA_BOT_MCTS), "mcts");
    ck_assert_str_eq(alea_bot_name(ALEA_BOT_HEURISTIC), "heuristic");
    ck_assert_ptr_null(alea_bot_name(ALEA_BOT_KIND_COUNT));
    ck_assert_ptr_null(alea_bot_name(-1));
    for (int k = 0; k < ALEA_BOT_KIND_COUNT; k++)
        ck_assert_int_eq(alea_bot_find(alea_bot_name(k)), k);
    ck_assert_int_eq(alea_bot_find("genius"), -1);
    ck_assert_int_eq(alea_bot_find("MCTS"), -1);
    ck_assert_int_eq(alea_bot_find(NULL), -1);
}
END_TEST

START_TEST(test_options_checked) {
    alea_bot_options o, base = ALEA_BOT_OPTIONS_INIT;
    const alea_game *g = alea_game_find("wise-dice");
    alea_error err;
    size_t size = 12345;
    ck_assert_int_eq(alea_bot_options_init(&o, ALEA_BOT_MCTS), ALEA_OK);
    ck_assert_int_eq(o.version, ALEA_BOT_OPTIONS_VERSION);
    ck_assert_int_eq(o.kind, ALEA_BOT_MCTS);
    ck_assert_int_eq(o.playouts, base.playouts);
    ck_assert_int_eq(alea_bot_options_init(NULL, 0), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_options_init(&o, ALEA_BOT_KIND_COUNT), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(o.kind, ALEA_BOT_MCTS); /* unchanged on failure */
    ck_assert_int_eq(alea_bot_workspace_size(&size, &base, g, NULL), ALEA_OK);
    ck_assert_uint_gt(size, 0);
    ck_assert_int_eq(alea_bot_workspace_size(NULL, &base, g, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_workspace_size(&size, NULL, g, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_workspace_size(&size, &base, NULL, NULL), ALEA_INVALID_ARGUMENT);
    {
        struct {
            int field;
            double value;
        } bad[] = {{0, 0}, {0, ALEA_BOT_OPTIONS_VERSION + 1}, {1, -1}, {1, ALEA_BOT_KIND_COUNT}, {2, 0}, {2, ALEA_BOT_MAX_DEPTH + 1},
                   {3, 0}, {3, ALEA_BOT_MAX_PLAYOUTS + 1}, {4, -0.5}, {4, NAN}, {5, 1},
                   {6, -1}};
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            o = base;
            switch (bad[i].field) {
            case 0: o.version = (uint32_t)bad[i].value; break;
            case 1: o.kind = (int32_t)bad[i].value; break;
            case 2: o.depth = (int32_t)bad[i].value; break;
            case 3: o.playouts = (int32_t)bad[i].value; break;
            case 4: o.exploration = bad[i].value; break;
            case 5: o.max_nodes = (int32_t)bad[i].value; break;
            default: o.playout_plies = (int32_t)bad[i].value; break;
            }
            ck_assert_int_eq(alea_bot_workspace_size(&size, &o, g, &err), ALEA_INVALID_ARGUMENT);
            ck_assert_str_ne(err.message, "");
        }
    }
    /* The searches' budgets grow with their parameters. */
    {
        size_t d1, d3, p10, p1000;
        o = cheap(ALEA_BOT_EXPECTIMAX);
        alea_bot_workspace_size(&d1, &o, g, NULL);
        o.depth = 3;
        alea_bot_workspace_size(&d3, &o, g, NULL);
        ck_assert_uint_gt(d3, d1);
        o = cheap(ALEA_BOT_MCTS);
        o.playouts = 10;
        alea_bot_workspace_size(&p10, &o, g, NULL);
        o.playouts = 1000;
        alea_bot_workspace_size(&p1000, &o, g, NULL);
        ck_assert_uint_gt(p1000, p10);
    }
}
END_TEST

/* Every kind returns legal actions in every game, and the same seed replays
   the same choices (two independent runs side by side). */
START_TEST(test_every_kind_legal_and_reproducible) {
    long least = test_quick() ? 12 : 30; /* valgrind: 12 decisions per game and kind */
    long steps = test_scale(120) < least ? least : test_scale(120);
    for (size_t i = 0; i < alea_game_count(); i++) {
        for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
            alea_bot_options o = cheap(kind);
            alea_state a, b;
            alea_rng ra, rb;
            size_t size;
            const char *id = alea_game_id(alea_game_at(i));
            void *wa, *wb;
            ck_assert_int_eq(alea_state_init(&a, id, NULL), ALEA_OK);
            ck_assert_int_eq(alea_state_init(&b, id, NULL), ALEA_OK);
            wa = workspace_for(&o, &a, &size);
            wb = malloc(size);
            alea_rng_seed(&ra, test_seed(77));
            rb = ra;
            for (long s = 0; s < steps && alea_state_current_player(&a) != ALEA_PLAYER_TERMINAL;
                 s++) {
                uint64_t x, y;
                if (alea_state_current_player(&a) == ALEA_PLAYER_CHANCE) {
                    ck_assert_int_eq(alea_state_roll(NULL, &a, &ra), ALEA_OK);
                    ck_assert_int_eq(alea_state_roll(NULL, &b, &rb), ALEA_OK);
                    continue;
                }
                ck_assert_int_eq(alea_bot_choose_with(&x, &a, &o, wa, size, &ra, NULL), ALEA_OK);
                ck_assert_int_eq(alea_bot_choose_with(&y, &b, &o, wb, size, &rb, NULL), ALEA_OK);
                ck_assert_msg(x == y, "%s/%s: same seed, different choices", id,
                              alea_bot_name(kind));
                ck_assert_int_eq(alea_state_check_action(&a, x, NULL), ALEA_OK);
                ck_assert_int_eq(alea_state_apply(&a, x, NULL), ALEA_OK);
                ck_assert_int_eq(alea_state_apply(&b, y, NULL), ALEA_OK);
            }
            ck_assert(alea_state_equal(&a, &b));
            free(wa);
            free(wb);
        }
    }
}
END_TEST

/* The legacy entry point plays every kind with its quick settings. */
START_TEST(test_choose_by_kind_quick) {
    alea_state st;
    alea_rng rng;
    alea_rng_seed(&rng, 5);
    ck_assert_int_eq(alea_state_from_text(&st, BEAROFF_RACE, NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
    for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
        uint64_t a;
        ck_assert_int_eq(alea_bot_choose(&a, &st, kind, &rng), ALEA_OK);
        ck_assert_int_eq(alea_state_check_action(&st, a, NULL), ALEA_OK);
    }
}
END_TEST

/* A workspace below the size asked for is refused with BUFFER_TOO_SMALL;
   nothing changes: not the state, not the rng, not the output. */
START_TEST(test_budget_respected) {
    alea_state st, before;
    alea_rng rng, rng_before;
    alea_error err;
    alea_rng_seed(&rng, 9);
    ck_assert_int_eq(alea_state_init(&st, "plateau", NULL), ALEA_OK);
    for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
        alea_bot_options o = cheap(kind);
        size_t size;
        unsigned char *ws = workspace_for(&o, &st, &size);
        uint64_t a = 0xDEAD;
        before = st;
        rng_before = rng;
        ck_assert_int_eq(alea_bot_choose_with(&a, &st, &o, ws, size - 1, &rng, &err),
                         ALEA_BUFFER_TOO_SMALL);
        ck_assert_int_eq(err.status, ALEA_BUFFER_TOO_SMALL);
        ck_assert_int_eq(alea_bot_choose_with(&a, &st, &o, NULL, size, &rng, NULL),
                         ALEA_BUFFER_TOO_SMALL);
        ck_assert_uint_eq(a, 0xDEAD);
        ck_assert_mem_eq(&st, &before, alea_state_size(&st));
        ck_assert_mem_eq(&rng, &rng_before, sizeof rng);
        /* Exactly the size asked for is enough, at any alignment. */
        free(ws);
        ws = malloc(size + 1);
        ck_assert_int_eq(alea_bot_choose_with(&a, &st, &o, ws + 1, size, &rng, NULL), ALEA_OK);
        ck_assert_int_eq(alea_state_check_action(&st, a, NULL), ALEA_OK);
        free(ws);
    }
}
END_TEST

/* A tree of two nodes cannot grow: MCTS still answers legally. */
START_TEST(test_mcts_tiny_tree) {
    alea_bot_options o = cheap(ALEA_BOT_MCTS);
    alea_state st;
    alea_rng rng;
    size_t size;
    void *ws;
    uint64_t a;
    o.max_nodes = 2;
    o.playouts = 50;
    alea_rng_seed(&rng, 3);
    ck_assert_int_eq(alea_state_init(&st, "wise-dice", NULL), ALEA_OK);
    ws = workspace_for(&o, &st, &size);
    ck_assert_int_eq(alea_bot_choose_with(&a, &st, &o, ws, size, &rng, NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_check_action(&st, a, NULL), ALEA_OK);
    free(ws);
}
END_TEST

/* Bad input: a clear status, the state byte-identical. */
START_TEST(test_bad_input_leaves_state) {
    alea_bot_options o = cheap(ALEA_BOT_MCTS), bad = o;
    alea_state st, before, broken;
    alea_rng rng;
    alea_error err;
    size_t size;
    void *ws;
    uint64_t a = 7;
    alea_rng_seed(&rng, 11);
    ck_assert_int_eq(alea_state_init(&st, "backgammon", NULL), ALEA_OK);
    ws = workspace_for(&o, &st, &size);
    before = st;
    /* The opening throw is a chance node (§3). */
    ck_assert_int_eq(alea_bot_choose_with(&a, &st, &o, ws, size, &rng, &err), ALEA_WRONG_PHASE);
    ck_assert_int_eq(alea_bot_choose(&a, &st, ALEA_BOT_MCTS, &rng), ALEA_WRONG_PHASE);
    ck_assert_int_eq(alea_bot_choose_with(NULL, &st, &o, ws, size, &rng, NULL),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_choose_with(&a, NULL, &o, ws, size, &rng, NULL),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_choose_with(&a, &st, NULL, ws, size, &rng, NULL),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_choose_with(&a, &st, &o, ws, size, NULL, NULL),
                     ALEA_INVALID_ARGUMENT);
    bad.kind = 99;
    ck_assert_int_eq(alea_bot_choose_with(&a, &st, &bad, ws, size, &rng, NULL),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_choose(&a, &st, 99, &rng), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_choose(&a, &st, -1, &rng), ALEA_INVALID_ARGUMENT);
    broken = st;
    memset(&broken, 0xFF, 8); /* a corrupt header */
    ck_assert_int_eq(alea_bot_choose_with(&a, &broken, &o, ws, size, &rng, NULL),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_uint_eq(a, 7);
    ck_assert_mem_eq(&st, &before, alea_state_size(&st));
    /* A finished game. */
    ck_assert_int_eq(alea_state_init(&st, "dice-poker players=1 columns=1", NULL), ALEA_OK);
    test_play_random(&st, &rng, 100000);
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_TERMINAL);
    before = st;
    ck_assert_int_eq(alea_bot_choose_with(&a, &st, &o, ws, size, &rng, &err), ALEA_WRONG_PHASE);
    ck_assert_mem_eq(&st, &before, alea_state_size(&st));
    free(ws);
}
END_TEST

/* Expectimax is exact (§5, §6): White wins the bear-off race iff the roll moves
   her last checker 8 pips (a sum of 8 or more; a double d-d moves 4d), else Red
   bears off; each outcome counted by hand with its probability. */
START_TEST(test_expectimax_exact_bearoff) {
    alea_bot_options o = cheap(ALEA_BOT_EXPECTIMAX);
    alea_state st, before;
    double v[ALEA_MAX_PLAYERS], expect;
    size_t n, size;
    void *ws;
    int wins = 0;
    for (int d1 = 1; d1 <= 6; d1++)
        for (int d2 = 1; d2 <= 6; d2++)
            wins += d1 == d2 ? 4 * d1 >= 8 : d1 + d2 >= 8;
    expect = (wins - (36 - wins)) / 36.0; /* returns: +1 win, -1 loss */
    o.depth = 2;
    ck_assert_int_eq(alea_state_from_text(&st, BEAROFF_RACE, NULL), ALEA_OK);
    before = st;
    ws = workspace_for(&o, &st, &size);
    ck_assert_int_eq(alea_bot_evaluate(v, ALEA_MAX_PLAYERS, &n, &st, &o, ws, size, NULL),
                     ALEA_OK);
    ck_assert_uint_eq(n, 2);
    ck_assert_double_eq_tol(v[0], expect, 1e-12);
    ck_assert_double_eq_tol(v[1], -expect, 1e-12);
    ck_assert_mem_eq(&st, &before, alea_state_size(&st));
    /* Too small an output, a kind without a value of its own. */
    ck_assert_int_eq(alea_bot_evaluate(v, 1, &n, &st, &o, ws, size, NULL), ALEA_BUFFER_TOO_SMALL);
    ck_assert_uint_eq(n, 2);
    o.kind = ALEA_BOT_MCTS;
    ck_assert_int_eq(alea_bot_evaluate(v, 2, &n, &st, &o, ws, size, NULL), ALEA_UNSUPPORTED);
    free(ws);
}
END_TEST

/* ---- budgets (bot.h "Budget") ---- */

/* The largest legal list known: Position ID 3wcAAEAlpcpMAA with 1-1 to play,
   1454 moves (doc/rules/backgammon.md §5.4). */
static const char *const BG_1454 =
    "backgammon | move turn=1 dice=11 cube=1/centre autos=0 resign=0 crawford=0 rejected=0 "
    "score=0-0 games=0 last=- white=1:5,2:5 "
    "red=4:1,5:1,6:1,8:1,10:1,11:1,13:1,14:1,15:1,16:1,18:2,20:2,22:1";

/* A stop callback that counts its calls and says stop from call `stop_at` on
   (0: never). */
typedef struct stopper {
    long calls, stop_at;
} stopper;

static int stop_cb(void *ctx) {
    stopper *s = ctx;
    s->calls++;
    return s->stop_at > 0 && s->calls >= s->stop_at;
}

/* A state of every game where a seat is to act, after `plies` random plies. */
static void acting_state(alea_state *st, size_t game, long plies, alea_rng *rng) {
    ck_assert_int_eq(alea_state_init(st, alea_game_id(alea_game_at(game)), NULL), ALEA_OK);
    for (long k = 0; k < plies || alea_state_current_player(st) == ALEA_PLAYER_CHANCE; k++) {
        uint64_t a;
        if (alea_state_current_player(st) == ALEA_PLAYER_CHANCE) {
            ck_assert_int_eq(alea_state_roll(NULL, st, rng), ALEA_OK);
            continue;
        }
        ck_assert_int_eq(alea_bot_choose(&a, st, ALEA_BOT_RANDOM, rng), ALEA_OK);
        if (k + 1 >= plies)
            break; /* a seat to act, not a finished game */
        ck_assert_int_eq(alea_state_apply(st, a, NULL), ALEA_OK);
    }
}

/* A budget of one node, and a host that says stop at once, still give a legal
   action for every kind in every game, at the start and in mid-game. */
START_TEST(test_budget_of_one_node_and_stop_at_once_are_legal) {
    alea_rng rng;
    alea_rng_seed(&rng, test_seed(31));
    for (size_t i = 0; i < alea_game_count(); i++) {
        for (long plies = 0; plies <= 9; plies += 9) {
            alea_state st, before;
            acting_state(&st, i, plies, &rng);
            before = st;
            for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
                for (int way = 0; way < 2; way++) {
                    alea_bot_options o;
                    stopper stop = {0, 1};
                    size_t size;
                    void *ws;
                    uint64_t a = 0xDEAD;
                    ck_assert_int_eq(alea_bot_options_init(&o, kind), ALEA_OK);
                    if (way == 0) {
                        o.node_budget = 1;
                    } else {
                        o.should_stop = stop_cb;
                        o.stop_ctx = &stop;
                    }
                    ws = workspace_for(&o, &st, &size);
                    ck_assert_int_eq(alea_bot_choose_with(&a, &st, &o, ws, size, &rng, NULL),
                                     ALEA_OK);
                    ck_assert_msg(alea_state_check_action(&st, a, NULL) == ALEA_OK,
                                  "%s/%s: illegal action %llx (seed %llu)",
                                  alea_game_id(alea_game_at(i)), alea_bot_name(kind),
                                  (unsigned long long)a, (unsigned long long)test_seed(31));
                    if (way == 1 && (kind == ALEA_BOT_EXPECTIMAX || kind == ALEA_BOT_MCTS))
                        ck_assert_int_eq(stop.calls, 1); /* asked once, before the search */
                    ck_assert_mem_eq(&st, &before, alea_state_size(&st));
                    free(ws);
                }
            }
        }
    }
}
END_TEST

/* The 1454-move position at depth 3 (over 100 s unbounded) stops within its
   node budget: the callback, asked every ALEA_BOT_POLL_NODES nodes, counts
   the nodes taken.  The answer is the depth-1 search's, exactly: iterative
   deepening keeps the deepest completed search. */
START_TEST(test_budget_bounds_depth_3_on_1454_moves) {
    const int64_t budget = 100000; /* depth 1: 1454 moves x (1 + 21 rolls) nodes */
    alea_bot_options o;
    alea_state st;
    alea_rng r1, r2;
    stopper stop = {0, 0};
    uint64_t a, want;
    size_t size;
    void *ws;
    ck_assert_int_eq(alea_state_from_text(&st, BG_1454, NULL), ALEA_OK);
    ck_assert_int_eq(alea_bot_options_init(&o, ALEA_BOT_EXPECTIMAX), ALEA_OK);
    o.depth = 3;
    o.node_budget = budget;
    o.should_stop = stop_cb;
    o.stop_ctx = &stop;
    ws = workspace_for(&o, &st, &size);
    alea_rng_seed(&r1, 12);
    r2 = r1;
    ck_assert_int_eq(alea_bot_choose_with(&a, &st, &o, ws, size, &r1, NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_check_action(&st, a, NULL), ALEA_OK);
    /* Asked before the search and once per ALEA_BOT_POLL_NODES nodes: the
       whole budget was used (depth 2 did not fit) and not a node more. */
    ck_assert_int_le(stop.calls, 1 + budget / ALEA_BOT_POLL_NODES);
    ck_assert_int_ge(stop.calls, budget / ALEA_BOT_POLL_NODES);
    o.depth = 1;
    o.node_budget = 0;
    o.should_stop = NULL;
    ck_assert_int_eq(alea_bot_choose_with(&want, &st, &o, ws, size, &r2, NULL), ALEA_OK);
    ck_assert_uint_eq(a, want);
    ck_assert_mem_eq(&r1, &r2, sizeof r1);
    /* The default budget bounds the same search too (a million nodes: seconds
       natively, too long under valgrind). */
    if (test_quick()) {
        free(ws);
        return;
    }
    stop.calls = 0;
    o.depth = 3;
    o.should_stop = stop_cb;
    ck_assert_int_eq(alea_bot_choose_with(&a, &st, &o, ws, size, &r1, NULL), ALEA_OK);
    ck_assert_int_le(stop.calls, 1 + ALEA_BOT_DEFAULT_NODE_BUDGET / ALEA_BOT_POLL_NODES);
    ck_assert_int_eq(alea_state_check_action(&st, a, NULL), ALEA_OK);
    free(ws);
}
END_TEST

/* MCTS: the budget counts every action applied (descent and playouts), and a
   host's stop ends the playouts at the next poll. */
START_TEST(test_budget_bounds_mcts) {
    alea_bot_options o;
    alea_state st;
    alea_rng rng;
    size_t size;
    void *ws;
    uint64_t a;
    alea_rng_seed(&rng, 4);
    ck_assert_int_eq(alea_state_init(&st, "plateau", NULL), ALEA_OK);
    ck_assert_int_eq(alea_bot_options_init(&o, ALEA_BOT_MCTS), ALEA_OK);
    ws = workspace_for(&o, &st, &size);
    for (int64_t budget = 1; budget <= 20000; budget *= 10) {
        stopper stop = {0, 0};
        o.node_budget = budget;
        o.should_stop = stop_cb;
        o.stop_ctx = &stop;
        ck_assert_int_eq(alea_bot_choose_with(&a, &st, &o, ws, size, &rng, NULL), ALEA_OK);
        ck_assert_int_eq(alea_state_check_action(&st, a, NULL), ALEA_OK);
        ck_assert_int_le(stop.calls, 1 + budget / ALEA_BOT_POLL_NODES);
        ck_assert_int_ge(stop.calls, budget / ALEA_BOT_POLL_NODES);
    }
    {
        stopper stop = {0, 5};
        o.node_budget = 0;
        o.stop_ctx = &stop;
        ck_assert_int_eq(alea_bot_choose_with(&a, &st, &o, ws, size, &rng, NULL), ALEA_OK);
        ck_assert_int_eq(stop.calls, 5);
        ck_assert_int_eq(alea_state_check_action(&st, a, NULL), ALEA_OK);
    }
    free(ws);
}
END_TEST

/* alea_bot_evaluate() with a budget: the value of the deepest completed
   search; with no room for depth 1, the leaf value (the heuristic's). */
START_TEST(test_budget_evaluate_deepest_completed) {
    alea_bot_options o = cheap(ALEA_BOT_EXPECTIMAX), h = cheap(ALEA_BOT_HEURISTIC);
    alea_state st;
    double full[ALEA_MAX_PLAYERS], cut[ALEA_MAX_PLAYERS], leaf[ALEA_MAX_PLAYERS];
    size_t n, size, hsize;
    void *ws, *hws;
    o.depth = 2;
    ck_assert_int_eq(alea_state_from_text(&st, BEAROFF_RACE, NULL), ALEA_OK);
    ws = workspace_for(&o, &st, &size);
    hws = workspace_for(&h, &st, &hsize);
    ck_assert_int_eq(alea_bot_evaluate(full, 2, &n, &st, &o, ws, size, NULL), ALEA_OK);
    ck_assert_int_eq(alea_bot_evaluate(leaf, 2, &n, &st, &h, hws, hsize, NULL), ALEA_OK);
    o.node_budget = 1;
    ck_assert_int_eq(alea_bot_evaluate(cut, 2, &n, &st, &o, ws, size, NULL), ALEA_OK);
    ck_assert_double_eq(cut[0], leaf[0]);
    ck_assert_double_ne(cut[0], full[0]);
    o.node_budget = INT64_MAX;
    ck_assert_int_eq(alea_bot_evaluate(cut, 2, &n, &st, &o, ws, size, NULL), ALEA_OK);
    ck_assert_double_eq(cut[0], full[0]);
    free(ws);
    free(hws);
}
END_TEST

/* Options of version 1 (the fields up to playout_plies, 32 bytes) are still
   accepted, read no further than their end (the block below is exactly that
   long, so ASan and valgrind see any overread), get the default budget, and
   choose as version 2 with the default budget does.  alea_bot_options_init
   (the exported symbol) and alea_bot_options_init_version(.., 1) write a
   version-1 block only. */
typedef struct options_v1 { /* alea_bot_options as version 1 of bot.h had it */
    uint32_t version;
    int32_t kind, depth, playouts;
    double exploration;
    int32_t max_nodes, playout_plies;
} options_v1;

START_TEST(test_options_version_1_and_2_accepted) {
    const size_t v1 = offsetof(alea_bot_options, node_budget);
    alea_bot_options o2, pattern;
    alea_state st;
    alea_rng rng;
    ck_assert_uint_eq(v1, 32);
    memset(&pattern, 0x5A, sizeof pattern);
    o2 = pattern;
    ck_assert_int_eq(alea_bot_options_init_version(&o2, ALEA_BOT_MCTS, 1), ALEA_OK);
    ck_assert_uint_eq(o2.version, 1);
    ck_assert_mem_eq((char *)&o2 + v1, (char *)&pattern + v1, sizeof o2 - v1);
    o2 = pattern;
    ck_assert_int_eq((alea_bot_options_init)(&o2, ALEA_BOT_MCTS), ALEA_OK);
    ck_assert_uint_eq(o2.version, 1);
    ck_assert_mem_eq((char *)&o2 + v1, (char *)&pattern + v1, sizeof o2 - v1);
    ck_assert_int_eq(alea_bot_options_init(&o2, ALEA_BOT_MCTS), ALEA_OK);
    ck_assert_uint_eq(o2.version, ALEA_BOT_OPTIONS_VERSION);
    ck_assert_int_eq(o2.node_budget, 0);
    ck_assert(o2.should_stop == NULL);
    alea_rng_seed(&rng, 8);
    for (size_t i = 0; i < alea_game_count(); i++) {
        acting_state(&st, i, 5, &rng);
        for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
            options_v1 *old = malloc(sizeof *old);
            alea_bot_options *o1 = (alea_bot_options *)(void *)old;
            size_t s1, s2;
            void *ws;
            uint64_t a1, a2;
            alea_rng r1 = rng, r2 = rng;
            ck_assert_ptr_nonnull(o1);
            ck_assert_int_eq(alea_bot_options_init_version(o1, kind, 1), ALEA_OK);
            ck_assert_int_eq(alea_bot_options_init_version(&o2, kind, 2), ALEA_OK);
            ck_assert_uint_eq(sizeof *old, v1);
            old->depth = o2.depth = 1;
            old->playouts = o2.playouts = 20;
            ck_assert_int_eq(alea_bot_workspace_size(&s1, o1, alea_state_game(&st), NULL),
                             ALEA_OK);
            ck_assert_int_eq(alea_bot_workspace_size(&s2, &o2, alea_state_game(&st), NULL),
                             ALEA_OK);
            ck_assert_uint_eq(s1, s2);
            ws = malloc(s1);
            ck_assert_int_eq(alea_bot_choose_with(&a1, &st, o1, ws, s1, &r1, NULL), ALEA_OK);
            ck_assert_int_eq(alea_bot_choose_with(&a2, &st, &o2, ws, s2, &r2, NULL), ALEA_OK);
            ck_assert_uint_eq(a1, a2);
            ck_assert_mem_eq(&r1, &r2, sizeof r1);
            if (kind == ALEA_BOT_EXPECTIMAX || kind == ALEA_BOT_HEURISTIC) {
                double v[ALEA_MAX_PLAYERS];
                size_t n;
                ck_assert_int_eq(alea_bot_evaluate(v, ALEA_MAX_PLAYERS, &n, &st, o1, ws, s1, NULL),
                                 ALEA_OK);
            }
            free(ws);
            free(old);
        }
    }
}
END_TEST

/* The seat's score after applying `a` minus before (P-7.2). */
static double score_gain(const alea_state *st, uint64_t a) {
    alea_state next = *st;
    int32_t before[ALEA_MAX_PLAYERS], after[ALEA_MAX_PLAYERS];
    size_t n;
    int seat = alea_state_current_player(st);
    alea_state_scores(before, ALEA_MAX_PLAYERS, &n, st);
    ck_assert_int_eq(alea_state_apply(&next, a, NULL), ALEA_OK);
    alea_state_scores(after, ALEA_MAX_PLAYERS, &n, &next);
    return after[seat] - before[seat];
}

/* Brute force through the public API: the best expected gain of the turn. */
static double best_turn(const alea_state *st) {
    uint64_t legal[ALEA_MAX_ACTIONS];
    size_t n;
    double best = -1e9;
    alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, st);
    for (size_t i = 0; i < n; i++) {
        double v;
        if ((legal[i] >> 24) == ALEA_DICE_POKER_HOLD) {
            alea_state thrown = *st;
            alea_outcome out[252];
            size_t m;
            v = 0;
            alea_state_apply(&thrown, legal[i], NULL);
            alea_state_chance_outcomes(out, 252, &m, &thrown);
            for (size_t k = 0; k < m; k++) {
                alea_state next = thrown;
                alea_state_apply(&next, out[k].action, NULL);
                v += out[k].prob * best_turn(&next);
            }
        } else {
            v = score_gain(st, legal[i]);
        }
        if (v > best)
            best = v;
    }
    return best;
}

/* The advisor's TURN objective is the exact expected gain of the turn (P-2.2,
   P-8.2), and its advice reaches it. */
START_TEST(test_dice_poker_advice_exact) {
    alea_state st;
    alea_rng rng;
    alea_rng_seed(&rng, test_seed(31));
    ck_assert_int_eq(alea_state_init(&st, "dice-poker players=1", NULL), ALEA_OK);
    /* A few turns scored at once (the last legal action is always a SCORE or a
       STRIKE, P-2.3), so that the card is not empty; then the second throw. */
    for (int turn = 0; turn < 6; turn++) {
        uint64_t legal[ALEA_MAX_ACTIONS];
        size_t n;
        ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
        alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, &st);
        ck_assert_int_eq(alea_state_apply(&st, legal[n - 1], NULL), ALEA_OK);
    }
    ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
    ck_assert_int_eq(alea_state_apply_text(&st, "hold none", NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK); /* one throw left */
    {
        alea_dice_poker_advice adv;
        alea_state before = st;
        double brute = best_turn(&st), got;
        ck_assert_int_eq(alea_dice_poker_advise(&adv, &st, ALEA_DICE_POKER_ADVISE_TURN), ALEA_OK);
        ck_assert_mem_eq(&st, &before, alea_state_size(&st));
        ck_assert_double_eq_tol(adv.expected, brute, 1e-9);
        ck_assert_int_eq(alea_state_check_action(&st, adv.action, NULL), ALEA_OK);
        if ((adv.action >> 24) == ALEA_DICE_POKER_HOLD) {
            alea_state thrown = st;
            alea_outcome out[252];
            size_t m;
            got = 0;
            alea_state_apply(&thrown, adv.action, NULL);
            alea_state_chance_outcomes(out, 252, &m, &thrown);
            for (size_t k = 0; k < m; k++) {
                alea_state next = thrown;
                alea_state_apply(&next, out[k].action, NULL);
                got += out[k].prob * best_turn(&next);
            }
        } else {
            got = score_gain(&st, adv.action);
        }
        ck_assert_double_eq_tol(got, brute, 1e-9);
        ck_assert_int_eq(alea_dice_poker_advise(&adv, &st, ALEA_DICE_POKER_ADVISE_PAR), ALEA_OK);
        ck_assert_int_eq(alea_state_check_action(&st, adv.action, NULL), ALEA_OK);
    }
}
END_TEST

START_TEST(test_dice_poker_advice_bad_input) {
    alea_dice_poker_advice adv = {42, 1.5};
    alea_state st, before;
    ck_assert_int_eq(alea_state_init(&st, "dice-poker", NULL), ALEA_OK);
    before = st;
    /* P-2.1: the dice must be thrown first. */
    ck_assert_int_eq(alea_dice_poker_advise(&adv, &st, ALEA_DICE_POKER_ADVISE_TURN),
                     ALEA_WRONG_PHASE);
    ck_assert_int_eq(alea_dice_poker_advise(NULL, &st, ALEA_DICE_POKER_ADVISE_TURN),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_dice_poker_advise(&adv, NULL, ALEA_DICE_POKER_ADVISE_TURN),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_dice_poker_advise(&adv, &st, 7), ALEA_INVALID_ARGUMENT);
    ck_assert_uint_eq(adv.action, 42);
    ck_assert_mem_eq(&st, &before, alea_state_size(&st));
    ck_assert_int_eq(alea_state_init(&st, "wise-dice", NULL), ALEA_OK);
    ck_assert_int_eq(alea_dice_poker_advise(&adv, &st, ALEA_DICE_POKER_ADVISE_TURN),
                     ALEA_INVALID_ARGUMENT);
}
END_TEST

/* Heuristic (seat alternating) against random in 40 seeded backgammon games:
   it must win at least 34.  Two random players reach that with probability
   about 1e-5 (binomial, p = 1/2). */
START_TEST(test_backgammon_heuristic_beats_random) {
    int wins = 0;
    const int games = 40;
    alea_rng rng;
    alea_rng_seed(&rng, test_seed(2024));
    for (int g = 0; g < games; g++) {
        alea_state st;
        alea_result r;
        int me = g % 2;
        ck_assert_int_eq(alea_state_init(&st, "backgammon", NULL), ALEA_OK);
        while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
            int p = alea_state_current_player(&st);
            uint64_t a;
            if (p == ALEA_PLAYER_CHANCE) {
                alea_state_roll(NULL, &st, &rng);
                continue;
            }
            ck_assert_int_eq(
                alea_bot_choose(&a, &st, p == me ? ALEA_BOT_HEURISTIC : ALEA_BOT_RANDOM, &rng),
                ALEA_OK);
            ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
        }
        ck_assert_int_eq(alea_state_result(&r, &st), ALEA_OK);
        wins += r.winner == me;
    }
    ck_assert_msg(wins >= 34, "heuristic won only %d of %d", wins, games);
}
END_TEST

/* Backgammon cube and resignations (§6, §7.3): the heuristic bot against a
   random one in matches and money sessions with resignations on.  Every
   choice is legal, each kind of cube and resignation answer the heuristic
   gives is one the rules allow at that point, and it both doubles and
   answers doubles and resignations over these games. */
START_TEST(test_backgammon_heuristic_cube_and_resign) {
    static const char *const specs[] = {"backgammon match=5 resign=on",
                                        "backgammon money=on games=3 beavers=on resign=on"};
    int doubled = 0, answered = 0, accepted = 0;
    alea_rng rng;
    alea_rng_seed(&rng, test_seed(77));
    for (int g = 0; g < 12; g++) {
        alea_state st;
        int me = g % 2;
        ck_assert_int_eq(alea_state_init(&st, specs[g % 2], NULL), ALEA_OK);
        while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
            int p = alea_state_current_player(&st);
            uint64_t a;
            int kind;
            if (p == ALEA_PLAYER_CHANCE) {
                ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
                continue;
            }
            ck_assert_int_eq(
                alea_bot_choose(&a, &st, p == me ? ALEA_BOT_HEURISTIC : ALEA_BOT_RANDOM, &rng),
                ALEA_OK);
            kind = (int)(a >> 48);
            if (p == me) {
                doubled += kind == ALEA_BACKGAMMON_DOUBLE;
                answered += kind == ALEA_BACKGAMMON_TAKE || kind == ALEA_BACKGAMMON_DROP;
                accepted += kind == ALEA_BACKGAMMON_ACCEPT;
                ck_assert_int_ne(kind, ALEA_BACKGAMMON_RESIGN); /* it never resigns */
            }
            ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
        }
    }
    ck_assert_int_gt(doubled, 0);
    ck_assert_int_gt(answered, 0);
    ck_assert_int_gt(accepted, 0);
}
END_TEST

/* Greedy (seat 0) against random (seat 1) in dice poker, 200 seeded games:
   taking the best immediate score must win the clear majority. */
START_TEST(test_greedy_beats_random_dice_poker) {
    /* greedy wins about 996 in 1000: 20 games in the slow builds still fail
       below 18 with a chance near 1 in 10 000 */
    int wins = 0;
    const int games = (int)test_scale_at_least(200, 20);
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
                alea_state_roll(NULL, &st, &rng);
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
    printf("greedy won %d of %d dice-poker games against random\n", wins, games);
    ck_assert_msg(wins >= games * 9 / 10, "greedy won only %d of %d", wins, games);
}
END_TEST

/* ---- the ply kind, levels and ranked actions (alea 1.1) ---- */

/* Backgammon names its levels weakest first, each of kind ply; a level's
   options are whole and valid; an unknown level is refused by name with
   the list of levels, the options untouched; games without levels say so. */
START_TEST(test_levels_named_and_refused) {
    const alea_game *bg = alea_game_find("backgammon");
    alea_bot_options o, before;
    alea_error err;
    size_t n = 0, size;
    while (alea_bot_level_name(bg, n))
        n++;
    ck_assert_uint_ge(n, 5);
    ck_assert_str_eq(alea_bot_level_name(bg, 0), "beginner");
    ck_assert_str_eq(alea_bot_level_name(bg, n - 1), "expert");
    ck_assert_ptr_null(alea_bot_level_name(NULL, 0));
    for (size_t i = 0; i < n; i++) {
        memset(&o, 0xAB, sizeof o);
        ck_assert_int_eq(alea_bot_options_level(&o, bg, alea_bot_level_name(bg, i), NULL), ALEA_OK);
        ck_assert_uint_eq(o.version, ALEA_BOT_OPTIONS_VERSION);
        ck_assert_int_eq(o.kind, ALEA_BOT_PLY);
        ck_assert_int_eq(alea_bot_workspace_size(&size, &o, bg, NULL), ALEA_OK);
    }
    memset(&o, 0x5A, sizeof o);
    before = o;
    memset(&err, 0, sizeof err);
    ck_assert_int_eq(alea_bot_options_level(&o, bg, "grandmaster", &err), ALEA_INVALID_ARGUMENT);
    ck_assert_mem_eq(&o, &before, sizeof o);
    ck_assert_ptr_nonnull(strstr(err.message, "expert"));
    ck_assert_int_eq(alea_bot_options_level(&o, bg, NULL, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_options_level(&o, alea_game_find("plateau"), "expert", &err),
                     ALEA_OK);
    ck_assert_int_eq(o.kind, ALEA_BOT_PLY);
    for (size_t i = 0; i < alea_game_count(); i++) { /* a game without levels, if any is left */
        const alea_game *g = alea_game_at(i);
        if (alea_bot_level_name(g, 0))
            continue;
        ck_assert_int_eq(alea_bot_options_level(&o, g, "expert", &err), ALEA_INVALID_ARGUMENT);
        ck_assert_ptr_nonnull(strstr(err.message, "no levels"));
    }
}
END_TEST

/* Plays seeded backgammon turns to a move (§5) with at least `min` legal moves. */
static void backgammon_move_position(alea_state *st, uint64_t seed, size_t min) {
    alea_rng rng;
    memset(st, 0, sizeof *st); /* the bytes past the game's state: compared whole below */
    alea_rng_seed(&rng, seed);
    for (;;) {
        size_t n = 0;
        uint64_t a;
        ck_assert_int_eq(alea_state_init(st, "backgammon", NULL), ALEA_OK);
        for (int ply = 0; ply < 60; ply++) {
            if (alea_state_current_player(st) == ALEA_PLAYER_CHANCE) {
                ck_assert_int_eq(alea_state_roll(NULL, st, &rng), ALEA_OK);
                continue;
            }
            if (alea_state_current_player(st) == ALEA_PLAYER_TERMINAL)
                break;
            alea_state_legal_actions(NULL, 0, &n, st);
            if (ply > 6 && n >= min)
                return;
            ck_assert_int_eq(alea_bot_choose(&a, st, ALEA_BOT_RANDOM, &rng), ALEA_OK);
            ck_assert_int_eq(alea_state_apply(st, a, NULL), ALEA_OK);
        }
    }
}

/* Ranked moves (§5): every legal move once, best first (deeper ply, then
   value), each with the five probabilities in order (wbg <= wg <= w, lbg <=
   lg <= 1 - w) and the cubeless equity they give; the ply bot without noise
   plays the first; the move filters carry at most filter_keep moves to 1-ply. */
START_TEST(test_rank_backgammon_moves_best_first) {
    for (uint64_t seed = 1; seed <= 6; seed++) {
        alea_state st, before;
        alea_bot_options o;
        alea_ranked_action *r = calloc(ALEA_BACKGAMMON_MAX_ACTIONS, sizeof *r);
        uint64_t legal[ALEA_BACKGAMMON_MAX_ACTIONS], choice;
        size_t n, count, size, deep = 0;
        alea_rng rng;
        void *ws;
        backgammon_move_position(&st, test_seed(seed), 6);
        before = st;
        ck_assert_int_eq(alea_state_legal_actions(legal, ALEA_BACKGAMMON_MAX_ACTIONS, &n, &st),
                         ALEA_OK);
        ck_assert_int_eq(alea_bot_options_init(&o, ALEA_BOT_PLY), ALEA_OK);
        o.plies = 1;
        o.filter_keep = 3;
        ws = workspace_for(&o, &st, &size);
        ck_assert_int_eq(
            alea_bot_rank(r, ALEA_BACKGAMMON_MAX_ACTIONS, &count, &st, &o, ws, size, NULL),
            ALEA_OK);
        ck_assert_uint_eq(count, n);
        ck_assert_mem_eq(&st, &before, sizeof st);
        for (size_t i = 0; i < n; i++) {
            const double *d = r[i].details;
            size_t seen = 0;
            for (size_t j = 0; j < n; j++)
                seen += r[j].action == legal[i];
            ck_assert_uint_eq(seen, 1);
            if (i > 0)
                ck_assert(r[i - 1].plies > r[i].plies ||
                          (r[i - 1].plies == r[i].plies && r[i - 1].value >= r[i].value));
            deep += r[i].plies == 1;
            ck_assert_uint_eq(r[i].detail_count, 6);
            ck_assert(d[0] >= 0 && d[0] <= 1 && d[2] <= d[1] + 1e-9 && d[1] <= d[0] + 1e-9);
            ck_assert(d[4] <= d[3] + 1e-9 && d[3] <= 1 - d[0] + 1e-9);
            ck_assert_double_eq_tol(d[5], 2 * d[0] - 1 + d[1] - d[3] + d[2] - d[4], 1e-9);
            ck_assert_double_eq_tol(r[i].value, d[5], 1e-9);
        }
        ck_assert_uint_ge(deep, 1);
        ck_assert_uint_le(deep, 3);
        alea_rng_seed(&rng, 5);
        ck_assert_int_eq(alea_bot_choose_with(&choice, &st, &o, ws, size, &rng, NULL), ALEA_OK);
        ck_assert_uint_eq(choice, r[0].action);
        free(ws);
        free(r);
    }
}
END_TEST

/* A short output keeps the best `capacity` and says BUFFER_TOO_SMALL with
   the count; kinds that do not value actions are UNSUPPORTED; a chance node
   is WRONG_PHASE; the heuristic kind ranks every game (Plateau from the
   seat's observation); the state is unchanged throughout. */
START_TEST(test_rank_refusals_and_short_buffers) {
    alea_state st, before;
    alea_bot_options o;
    alea_ranked_action full[ALEA_BACKGAMMON_MAX_ACTIONS], part[3];
    size_t count = 0, size;
    alea_error err;
    void *ws;
    backgammon_move_position(&st, test_seed(9), 8);
    before = st;
    for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
        ck_assert_int_eq(alea_bot_options_init(&o, kind), ALEA_OK);
        o.plies = 0;
        ws = workspace_for(&o, &st, &size);
        if (kind == ALEA_BOT_PLY || kind == ALEA_BOT_HEURISTIC) {
            ck_assert_int_eq(
                alea_bot_rank(full, ALEA_BACKGAMMON_MAX_ACTIONS, &count, &st, &o, ws, size, NULL),
                ALEA_OK);
            memset(&err, 0, sizeof err);
            ck_assert_int_eq(alea_bot_rank(part, 3, &count, &st, &o, ws, size, &err),
                             ALEA_BUFFER_TOO_SMALL);
            ck_assert_uint_ge(count, 8);
            for (int i = 0; i < 3; i++)
                ck_assert_uint_eq(part[i].action, full[i].action);
            ck_assert_int_eq(alea_bot_rank(full, 8, &count, &st, &o, ws, size - 1, NULL),
                             ALEA_BUFFER_TOO_SMALL);
        } else {
            ck_assert_int_eq(
                alea_bot_rank(full, ALEA_BACKGAMMON_MAX_ACTIONS, &count, &st, &o, ws, size, NULL),
                ALEA_UNSUPPORTED);
        }
        ck_assert_int_eq(alea_bot_rank(full, 8, NULL, &st, &o, ws, size, NULL),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_mem_eq(&st, &before, sizeof st);
        free(ws);
    }
    ck_assert_int_eq(alea_state_init(&st, "backgammon", NULL), ALEA_OK); /* the opening throw */
    ck_assert_int_eq(alea_bot_options_init(&o, ALEA_BOT_PLY), ALEA_OK);
    ws = workspace_for(&o, &st, &size);
    ck_assert_int_eq(alea_bot_rank(full, 8, &count, &st, &o, ws, size, NULL), ALEA_WRONG_PHASE);
    free(ws);
    for (size_t i = 0; i < alea_game_count(); i++) {
        alea_rng rng;
        alea_rng_seed(&rng, 3);
        ck_assert_int_eq(alea_state_init(&st, alea_game_id(alea_game_at(i)), NULL), ALEA_OK);
        while (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE)
            ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
        ck_assert_int_eq(alea_bot_options_init(&o, ALEA_BOT_PLY), ALEA_OK);
        ws = workspace_for(&o, &st, &size);
        {
            alea_ranked_action *r = calloc(ALEA_MAX_ACTIONS, sizeof *r);
            size_t n;
            ck_assert_int_eq(alea_bot_rank(r, ALEA_MAX_ACTIONS, &count, &st, &o, ws, size, NULL),
                             ALEA_OK);
            ck_assert_int_eq(alea_state_legal_actions(NULL, 0, &n, &st), ALEA_BUFFER_TOO_SMALL);
            ck_assert_uint_eq(count, n);
            free(r);
        }
        free(ws);
    }
}
END_TEST

/* The ply bot's ranked cube answers (at most 4) of the state of `text`,
   searching `plies` deep. */
static size_t rank_cube_at(const char *text, int plies, alea_ranked_action r[4]) {
    alea_state st;
    alea_bot_options o;
    size_t count, size;
    void *ws;
    alea_error err;
    memset(&err, 0, sizeof err);
    ck_assert_msg(alea_state_from_text(&st, text, &err) == ALEA_OK, "%s", err.message);
    ck_assert_int_eq(alea_bot_options_init(&o, ALEA_BOT_PLY), ALEA_OK);
    o.plies = plies;
    ws = workspace_for(&o, &st, &size);
    ck_assert_int_eq(alea_bot_rank(r, 4, &count, &st, &o, ws, size, NULL), ALEA_OK);
    free(ws);
    return count;
}

/* The same at the default depth. */
static size_t rank_cube_of(const char *text, alea_ranked_action r[4]) {
    return rank_cube_at(text, 0, r);
}

/* Cube answers from the network (§7.3, money play): facing a double with
   the doubler's last two checkers on his ace point and 15 of his own still
   in the doubler's home board, a player drops; with the roles reversed (the
   doubler hopeless, about to lose a backgammon, §6) he takes: a beaver
   would let the doubler drop for 2 instead of losing 6. */
START_TEST(test_rank_cube_answers_clear_cases) {
    static const char *const lost =
        "backgammon money=on | take turn=0 dice=- cube=1/centre autos=0 resign=0 crawford=0 "
        "rejected=0 score=0-0 games=0 last=- white=1:2 red=19:3,20:3,21:3,22:3,23:3";
    static const char *const won =
        "backgammon money=on beavers=on | take turn=0 dice=- cube=1/centre autos=0 resign=0 "
        "crawford=0 rejected=0 score=0-0 games=0 last=- white=19:3,20:3,21:3,22:3,23:3 "
        "red=1:2";
    const char *const texts[2] = {lost, won};
    for (int k = 0; k < 2; k++) {
        alea_ranked_action r[4];
        size_t count = rank_cube_of(texts[k], r);
        ck_assert_int_eq((int)(r[0].action >> 48),
                         k == 0 ? ALEA_BACKGAMMON_DROP : ALEA_BACKGAMMON_TAKE);
        ck_assert_uint_eq(count, k == 0 ? 2 : 3);
    }
}
END_TEST

/* Money cube decisions of the expert's depth (§7.3, doc/bots.md "Cube and
   resignations"), 2-ply, in clear cases: no double at the opening
   position; in a race of 45 pips against 75 a double that the opponent
   must drop (the double's value is the drop's +1, and he drops); in one of
   66 against 72 a double he must take (less than +1, and he takes); with a
   gammon all but sure, too good to double (playing on is worth more than
   the +1 of a drop).  A decision within 0.1 of its threshold is valued one
   ply deeper: the race's double/pass (the player on roll loses 0.015 by
   not doubling) at 3-ply, the opening's no double at 2-ply. */
START_TEST(test_7_3_money_cube_expert_clear_cases) {
#define MONEY_CUBE_HEAD(phase)                                                                     \
    "backgammon money=on | " phase " turn=0 dice=- cube=1/centre autos=0 resign=0 crawford=0 "     \
    "rejected=0 score=0-0 games=0 last=- "
    static const char *const opening = "white=6:5,8:3,13:5,24:2 red=6:5,8:3,13:5,24:2";
    static const char *const pass = "white=1:3,2:3,3:3,4:3,5:3 red=4:5,5:5,6:5";
    static const char *const take = "white=2:2,3:2,4:3,5:4,6:4 red=3:2,4:4,5:4,6:5";
    static const char *const gammon = "white=1:2 red=19:3,20:3,21:3,22:3,23:3";
    static const struct {
        const char *head, *board;
        int best;
        double lo, hi; /* bounds of the best action's value */
        int plies;     /* the depth of the values (0: 2 or 3) */
    } cases[] = {
        {MONEY_CUBE_HEAD("cube"), opening, ALEA_BACKGAMMON_ROLL, -0.5, 0.5, 2},
        {MONEY_CUBE_HEAD("cube"), pass, ALEA_BACKGAMMON_DOUBLE, 1.0, 1.0, 3},
        {MONEY_CUBE_HEAD("take"), pass, ALEA_BACKGAMMON_DROP, -1.0, -1.0, 0},
        {MONEY_CUBE_HEAD("cube"), take, ALEA_BACKGAMMON_DOUBLE, 0.2, 0.99, 0},
        {MONEY_CUBE_HEAD("take"), take, ALEA_BACKGAMMON_TAKE, -0.99, -0.2, 0},
        {MONEY_CUBE_HEAD("cube"), gammon, ALEA_BACKGAMMON_ROLL, 1.5, 3.0, 2},
    };
#undef MONEY_CUBE_HEAD
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char text[400];
        alea_ranked_action r[4];
        snprintf(text, sizeof text, "%s%s", cases[k].head, cases[k].board);
        ck_assert_uint_eq(rank_cube_at(text, 2, r), 2);
        ck_assert_msg((int)(r[0].action >> 48) == cases[k].best, "case %zu: kind %d first", k,
                      (int)(r[0].action >> 48));
        ck_assert_msg(r[0].value > r[1].value && r[0].value >= cases[k].lo - 1e-9 &&
                          r[0].value <= cases[k].hi + 1e-9,
                      "case %zu: %g against %g", k, r[0].value, r[1].value);
        if (cases[k].plies)
            ck_assert_int_eq(r[0].plies, cases[k].plies);
        else
            ck_assert(r[0].plies == 2 || r[0].plies == 3);
    }
}
END_TEST

/* Match cube decisions from the match equity table (§7.4, doc/bots.md
   "Match equity"), in a 7-point match: after the Crawford game the trailer
   (4 away) doubles at the opening position, his cube being free; the
   leader, lost and facing the 2-away trailer's double, drops (the next game
   is then one for the match: the money formulas took); at 0-0 a sure
   backgammon is too good to double, and the player facing a double there
   drops. */
START_TEST(test_7_4_match_cube_clear_cases) {
#define MATCH_CUBE_HEAD(phase, score)                                                              \
    "backgammon match=7 | " phase " turn=0 dice=- cube=1/centre autos=0 resign=0 crawford=0 "     \
    "rejected=0 score=" score " games=0 last=- "
    static const char *const opening = "white=6:5,8:3,13:5,24:2 red=6:5,8:3,13:5,24:2";
    static const char *const gammon = "white=1:2 red=19:3,20:3,21:3,22:3,23:3";
    static const struct {
        const char *head, *board;
        int best;
    } cases[] = {
        {MATCH_CUBE_HEAD("cube", "3-6"), opening, ALEA_BACKGAMMON_DOUBLE},
        {MATCH_CUBE_HEAD("take", "5-6"), gammon, ALEA_BACKGAMMON_DROP},
        {MATCH_CUBE_HEAD("cube", "0-0"), gammon, ALEA_BACKGAMMON_ROLL},
        {MATCH_CUBE_HEAD("take", "0-0"), gammon, ALEA_BACKGAMMON_DROP},
    };
#undef MATCH_CUBE_HEAD
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char text[400];
        alea_ranked_action r[4];
        snprintf(text, sizeof text, "%s%s", cases[k].head, cases[k].board);
        ck_assert_uint_eq(rank_cube_of(text, r), 2);
        ck_assert_msg((int)(r[0].action >> 48) == cases[k].best, "case %zu: kind %d first", k,
                      (int)(r[0].action >> 48));
        ck_assert_msg(r[0].value > r[1].value, "case %zu: %g against %g", k, r[0].value,
                      r[1].value);
    }
}
END_TEST

static Suite *bot_suite(void) {
    Suite *s = suite_create("bot");
    TCase *tc = tcase_create("bot");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, test_names);
    tcase_add_test(tc, test_options_checked);
    tcase_add_test(tc, test_every_kind_legal_and_reproducible);
    tcase_add_test(tc, test_choose_by_kind_quick);
    tcase_add_test(tc, test_budget_respected);
    tcase_add_test(tc, test_mcts_tiny_tree);
    tcase_add_test(tc, test_bad_input_leaves_state);
    tcase_add_test(tc, test_expectimax_exact_bearoff);
    tcase_add_test(tc, test_dice_poker_advice_exact);
    tcase_add_test(tc, test_dice_poker_advice_bad_input);
    tcase_add_test(tc, test_backgammon_heuristic_beats_random);
    tcase_add_test(tc, test_backgammon_heuristic_cube_and_resign);
    tcase_add_test(tc, test_greedy_beats_random_dice_poker);
    tcase_add_test(tc, test_budget_of_one_node_and_stop_at_once_are_legal);
    tcase_add_test(tc, test_budget_bounds_depth_3_on_1454_moves);
    tcase_add_test(tc, test_budget_bounds_mcts);
    tcase_add_test(tc, test_budget_evaluate_deepest_completed);
    tcase_add_test(tc, test_options_version_1_and_2_accepted);
    tcase_add_test(tc, test_levels_named_and_refused);
    tcase_add_test(tc, test_rank_backgammon_moves_best_first);
    tcase_add_test(tc, test_rank_refusals_and_short_buffers);
    tcase_add_test(tc, test_rank_cube_answers_clear_cases);
    tcase_add_test(tc, test_7_4_match_cube_clear_cases);
    tcase_add_test(tc, test_7_3_money_cube_expert_clear_cases);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(bot_suite());
}
