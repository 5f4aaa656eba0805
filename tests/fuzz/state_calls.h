/* Every public function that takes a state, called on one block of state bytes
   that may be damaged anywhere (issue 12 item 2, doc/hardening.md "Any bytes
   are safe").  Shared by tests/test_bytes.c (every byte and bit flipped) and
   tests/fuzz/fuzz_state_bytes.c (raw fuzzer bytes).  The includer defines
   CALLS_ASSERT(cond), which must stop the run when cond is false.

   What each call must do on bytes that alea_state_validate() refuses:
   - never crash, read or write out of bounds, trip UBSan or hang (the
     sanitizers and the test's timeout see to that);
   - a bad head gives ALEA_INVALID_ARGUMENT (or the documented NULL/0/INVALID);
   - the cold calls (text, board, JSON, spec, views, IDs, advice, bots)
     validate fully: ALEA_INVALID_STATE, nothing written;
   - the hot calls (current_player, legal_actions, chance_outcomes, check,
     apply, sample, roll, result, scores) may answer, but only within the game's bounds:
     a seat below num_players (or CHANCE / TERMINAL / INVALID), at most
     max_actions actions, outcomes whose numerators sum to their denominator,
     or ALEA_INVALID_STATE;
   - a call that fails leaves the bytes unchanged, and calls on a const state
     never change them. */
#ifndef ALEA_TESTS_STATE_CALLS_H
#define ALEA_TESTS_STATE_CALLS_H

#include <alea/alea.h>
#include <alea/backgammon.h>
#include <alea/dice_poker.h>
#include <alea/plateau.h>
#include <alea/playout.h>
#include <alea/tensor.h>
#include <alea/wise_dice.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifndef CALLS_ASSERT
#error "define CALLS_ASSERT(cond) before including state_calls.h"
#endif

/* What is known of the bytes under test, shared by the callers. */
typedef struct calls_ctx {
    const alea_state *st; /* the bytes under test (never written) */
    const alea_game *g;   /* alea_state_game(st): NULL for a bad head */
    alea_game_info info;  /* of g */
    int valid;            /* alea_state_validate(st) == ALEA_OK */
    uint64_t seed;        /* for the rng and the raw actions */
    uint64_t legal[ALEA_MAX_ACTIONS];
    size_t n_legal;                  /* legal actions listed (0 if the call failed) */
    char text[ALEA_ACTION_TEXT_MAX]; /* text of legal[0] if there is one, else "x" */
} calls_ctx;

/* A copy of the bytes to work on; the untouched original stays in ctx->st. */
static inline void calls_copy(alea_state *out, const calls_ctx *c) {
    memcpy(out, c->st, sizeof *out);
}

/* Calls that only read: the bytes are unchanged afterwards. */
static inline void calls_unchanged(const alea_state *work, const calls_ctx *c) {
    CALLS_ASSERT(memcmp(work, c->st, sizeof *work) == 0);
}

/* The status of a cold call: it validates fully. */
static inline void calls_cold(alea_status s, const calls_ctx *c) {
    if (!c->g)
        CALLS_ASSERT(s == ALEA_INVALID_ARGUMENT);
    else if (!c->valid)
        CALLS_ASSERT(s == ALEA_INVALID_STATE);
    else
        CALLS_ASSERT(s != ALEA_INVALID_STATE && s != ALEA_INVALID_ARGUMENT);
}

/* A text written under the snprintf contract. */
static inline void calls_text(alea_status s, const char *buf, size_t cap, size_t len) {
    if (s == ALEA_OK) {
        CALLS_ASSERT(len < cap && strlen(buf) == len);
    } else if (s == ALEA_BUFFER_TOO_SMALL) {
        CALLS_ASSERT(len >= cap);
    }
}

static inline int calls_seat_ok(int p, const calls_ctx *c) {
    int players = c->g ? alea_state_num_players(c->st) : 0;
    if (!c->g)
        return p == ALEA_PLAYER_INVALID;
    if (p == ALEA_PLAYER_INVALID)
        return !c->valid;
    return p == ALEA_PLAYER_CHANCE || p == ALEA_PLAYER_TERMINAL ||
           (p >= 0 && p < players && p < c->info.max_players);
}

/* ---- the callers: one per public function (or per use of it) ---- */

static inline void call_size_game(calls_ctx *c) {
    size_t n = alea_state_size(c->st);
    CALLS_ASSERT(c->g ? n == c->info.state_size : n == 0);
    CALLS_ASSERT(alea_state_game(c->st) == c->g);
}

static inline void call_validate(calls_ctx *c) {
    alea_error err;
    alea_status s = alea_state_validate(c->st, &err);
    CALLS_ASSERT(s == (c->valid ? ALEA_OK : c->g ? ALEA_INVALID_STATE : ALEA_INVALID_ARGUMENT));
    CALLS_ASSERT(s == ALEA_OK || (err.status == (int32_t)s && err.message[0]));
}

static inline void call_equal_hash_copy_clone(calls_ctx *c) {
    alea_state work, dst;
    alea_state *heap = NULL;
    calls_copy(&work, c);
    CALLS_ASSERT(alea_state_equal(&work, c->st) == (c->g != NULL));
    CALLS_ASSERT(alea_state_hash(&work) == alea_state_hash(c->st));
    CALLS_ASSERT(c->g || alea_state_hash(&work) == 0);
    CALLS_ASSERT(alea_state_copy(&dst, &work) == (c->g ? ALEA_OK : ALEA_INVALID_ARGUMENT));
    CALLS_ASSERT(!c->g || memcmp(&dst, &work, c->info.state_size) == 0);
    CALLS_ASSERT(alea_state_clone(&heap, &work) == (c->g ? ALEA_OK : ALEA_INVALID_ARGUMENT));
    CALLS_ASSERT(!c->g || memcmp(heap, &work, c->info.state_size) == 0);
    alea_state_free(heap);
    calls_unchanged(&work, c);
}

static inline void call_players(calls_ctx *c) {
    int n = alea_state_num_players(c->st);
    int p = alea_state_current_player(c->st);
    CALLS_ASSERT(c->g ? n >= 0 && n <= c->info.max_players : n == 0);
    CALLS_ASSERT(!c->valid || n >= c->info.min_players);
    CALLS_ASSERT(calls_seat_ok(p, c));
}

static inline void call_legal(calls_ctx *c) {
    alea_state work;
    uint64_t one;
    size_t n = 0, m = 0;
    alea_status s;
    calls_copy(&work, c);
    s = alea_state_legal_actions(c->legal, ALEA_MAX_ACTIONS, &n, &work);
    c->n_legal = 0;
    if (!c->g) {
        CALLS_ASSERT(s == ALEA_INVALID_ARGUMENT);
    } else if (s == ALEA_OK) {
        CALLS_ASSERT(n <= c->info.max_actions);
        for (size_t i = 1; i < n && c->valid; i++) /* damaged bytes: any order */
            CALLS_ASSERT(c->legal[i - 1] < c->legal[i]);
        c->n_legal = n;
        s = alea_state_legal_actions(&one, 1, &m, &work);
        CALLS_ASSERT(m == n && s == (n <= 1 ? ALEA_OK : ALEA_BUFFER_TOO_SMALL));
        CALLS_ASSERT(n == 0 || one == c->legal[0]);
    } else {
        CALLS_ASSERT(s == ALEA_INVALID_STATE && !c->valid);
    }
    calls_unchanged(&work, c);
}

static inline void call_chance(calls_ctx *c) {
    alea_state work;
    alea_outcome *o = malloc(sizeof *o * (c->g ? c->info.max_chance_outcomes + 1 : 1));
    size_t n = 0;
    alea_status s;
    CALLS_ASSERT(o != NULL);
    calls_copy(&work, c);
    s = alea_state_chance_outcomes(o, c->g ? c->info.max_chance_outcomes : 0, &n, &work);
    if (!c->g) {
        CALLS_ASSERT(s == ALEA_INVALID_ARGUMENT);
    } else if (s == ALEA_OK) {
        uint64_t sum = 0;
        CALLS_ASSERT(n >= 1 && n <= c->info.max_chance_outcomes);
        for (size_t i = 0; i < n; i++) {
            CALLS_ASSERT(o[i].den == o[0].den && o[i].num > 0);
            sum += o[i].num;
        }
        CALLS_ASSERT(sum == o[0].den);
        s = alea_state_chance_outcomes(o, 1, &n, &work);
        CALLS_ASSERT(s == ALEA_OK || s == ALEA_BUFFER_TOO_SMALL);
    } else {
        CALLS_ASSERT(s == ALEA_WRONG_PHASE || (s == ALEA_INVALID_STATE && !c->valid));
    }
    calls_unchanged(&work, c);
    free(o);
}

/* A few actions to try: listed ones, neighbours of them and raw values. */
static inline size_t calls_actions(const calls_ctx *c, uint64_t out[8]) {
    size_t k = 0;
    uint64_t r = c->seed * 0x9E3779B97F4A7C15u + 1;
    if (c->n_legal) {
        out[k++] = c->legal[0];
        out[k++] = c->legal[c->n_legal - 1];
        out[k++] = c->legal[(size_t)(r % c->n_legal)];
        out[k++] = c->legal[0] ^ (1ull << (r % 64));
    }
    out[k++] = 0;
    out[k++] = ~0ull;
    out[k++] = r;
    return k;
}

static inline void call_check_apply(calls_ctx *c) {
    uint64_t acts[8];
    size_t k = calls_actions(c, acts);
    for (size_t i = 0; i < k; i++) {
        alea_state work;
        alea_error err;
        alea_status s, t;
        calls_copy(&work, c);
        s = alea_state_check_action(&work, acts[i], &err);
        calls_unchanged(&work, c);
        t = alea_state_apply(&work, acts[i], &err);
        CALLS_ASSERT(s == t);
        if (!c->g)
            CALLS_ASSERT(s == ALEA_INVALID_ARGUMENT);
        if (s != ALEA_OK) {
            calls_unchanged(&work, c);
            CALLS_ASSERT(err.status == (int32_t)s && err.message[0]);
            CALLS_ASSERT(s != ALEA_INVALID_STATE || !c->valid);
        } else {
            /* applied: the result is at least a state whose head is intact */
            CALLS_ASSERT(alea_state_game(&work) == c->g);
        }
    }
}

static inline void call_text_actions(calls_ctx *c) {
    uint64_t acts[8];
    size_t k = calls_actions(c, acts);
    strcpy(c->text, "x");
    for (size_t i = 0; i < k; i++) {
        alea_state work;
        char buf[ALEA_ACTION_TEXT_MAX];
        size_t len = 0;
        alea_status s;
        uint64_t back = 0;
        calls_copy(&work, c);
        s = alea_state_action_to_text(buf, sizeof buf, &len, &work, acts[i]);
        calls_unchanged(&work, c);
        calls_text(s, buf, sizeof buf, len);
        if (!c->g)
            CALLS_ASSERT(s == ALEA_INVALID_ARGUMENT);
        if (s != ALEA_OK)
            continue;
        if (i == 0 && c->n_legal)
            memcpy(c->text, buf, len + 1);
        s = alea_state_action_from_text(&back, &work, buf, NULL);
        calls_unchanged(&work, c);
        CALLS_ASSERT(s != ALEA_INVALID_STATE || !c->valid);
    }
}

static inline void call_apply_text(calls_ctx *c) {
    const char *texts[3] = {c->text, "x", "1"};
    for (int i = 0; i < 3; i++) {
        alea_state work;
        alea_error err;
        uint64_t a = 0;
        alea_status s;
        calls_copy(&work, c);
        s = alea_state_action_from_text(&a, &work, texts[i], &err);
        calls_unchanged(&work, c);
        if (!c->g)
            CALLS_ASSERT(s == ALEA_INVALID_ARGUMENT);
        s = alea_state_apply_text(&work, texts[i], &err);
        if (s != ALEA_OK)
            calls_unchanged(&work, c);
        else
            CALLS_ASSERT(alea_state_game(&work) == c->g);
        CALLS_ASSERT(s != ALEA_INVALID_STATE || !c->valid);
    }
}

static inline void call_sample_roll(calls_ctx *c) {
    alea_state work;
    alea_rng rng, rng2;
    uint64_t o = 0, o2 = 0;
    alea_status s;
    alea_rng_seed(&rng, c->seed);
    rng2 = rng;
    calls_copy(&work, c);
    s = alea_state_sample(&o, &work, &rng);
    calls_unchanged(&work, c);
    if (!c->g)
        CALLS_ASSERT(s == ALEA_INVALID_ARGUMENT);
    CALLS_ASSERT(s == ALEA_OK || s == ALEA_WRONG_PHASE || s == ALEA_INVALID_ARGUMENT ||
                 (s == ALEA_INVALID_STATE && !c->valid));
    if (s == ALEA_OK && c->valid) {
        size_t i;
        for (i = 0; i < c->n_legal && c->legal[i] != o; i++)
            ;
        CALLS_ASSERT(i < c->n_legal);
    }
    s = alea_state_roll(&o2, &work, &rng2);
    if (s != ALEA_OK)
        calls_unchanged(&work, c);
    else
        CALLS_ASSERT(alea_state_game(&work) == c->g && o2 == o);
}

static inline void call_texts(calls_ctx *c) {
    alea_state work, back;
    char buf[4096];
    size_t len = 0;
    alea_status s;
    calls_copy(&work, c);
    s = alea_state_to_text(buf, sizeof buf, &len, &work);
    calls_cold(s, c);
    calls_text(s, buf, sizeof buf, len);
    if (s == ALEA_OK) /* whether it reads back is the validators' closure, not memory safety */
        (void)alea_state_from_text(&back, buf, NULL);
    s = alea_state_to_board(buf, sizeof buf, &len, &work);
    calls_cold(s, c);
    calls_text(s, buf, sizeof buf, len);
    s = alea_state_spec(buf, sizeof buf, &len, &work);
    calls_cold(s, c);
    calls_text(s, buf, sizeof buf, len);
    s = alea_state_to_text(buf, 8, &len, &work);
    calls_cold(s, c);
    calls_text(s, buf, 8, len);
    calls_unchanged(&work, c);
}

static inline void call_json(calls_ctx *c) {
    alea_state work;
    char *buf = malloc(1 << 16);
    size_t len = 0;
    alea_status s;
    CALLS_ASSERT(buf != NULL);
    calls_copy(&work, c);
    s = alea_state_to_json(buf, 1 << 16, &len, &work);
    calls_cold(s, c);
    calls_text(s, buf, 1 << 16, len);
    calls_unchanged(&work, c);
    free(buf);
}

/* The seat-checked entry points: each seat and the host's dice send the first
   listed action (or "x"), as a value and as text; a refusal changes nothing. */
static inline void call_seat(calls_ctx *c) {
    alea_state work;
    uint64_t a = c->n_legal ? c->legal[0] : c->seed;
    for (int seat = ALEA_PLAYER_CHANCE; seat < ALEA_MAX_PLAYERS; seat++) {
        alea_status s;
        calls_copy(&work, c);
        s = alea_state_check_as(&work, seat, a, NULL);
        if (!c->g)
            CALLS_ASSERT(s == ALEA_INVALID_ARGUMENT);
        calls_unchanged(&work, c);
        s = alea_state_apply_as(&work, seat, a, NULL);
        if (s != ALEA_OK)
            calls_unchanged(&work, c);
        calls_copy(&work, c);
        s = alea_state_apply_text_as(&work, seat, c->text, NULL);
        if (s != ALEA_OK)
            calls_unchanged(&work, c);
    }
}

/* Observations are cold calls: a damaged state gives no view at all. */
static inline void call_observations(calls_ctx *c) {
    alea_state work;
    char *buf = malloc(1 << 16);
    size_t len = 0;
    CALLS_ASSERT(buf != NULL);
    calls_copy(&work, c);
    for (int seat = ALEA_OBSERVER_PUBLIC; seat < 2; seat++) {
        alea_status s;
        if (seat == ALEA_PLAYER_INVALID || seat == ALEA_PLAYER_TERMINAL ||
            seat == ALEA_PLAYER_CHANCE)
            continue;
        s = alea_state_observation_text(buf, 1 << 16, &len, &work, seat);
        if (!c->valid)
            CALLS_ASSERT(s == (c->g ? ALEA_INVALID_STATE : ALEA_INVALID_ARGUMENT));
        calls_text(s, buf, 1 << 16, len);
        s = alea_state_observation_json(buf, 1 << 16, &len, &work, seat);
        if (!c->valid)
            CALLS_ASSERT(s == (c->g ? ALEA_INVALID_STATE : ALEA_INVALID_ARGUMENT));
        calls_text(s, buf, 1 << 16, len);
        s = alea_state_observation_board(buf, 1 << 16, &len, &work, seat);
        if (!c->valid)
            CALLS_ASSERT(s == (c->g ? ALEA_INVALID_STATE : ALEA_INVALID_ARGUMENT));
        calls_text(s, buf, 1 << 16, len);
    }
    calls_unchanged(&work, c);
    free(buf);
}

/* Tensors and afterstates index by the bytes: validated first. */
static inline void call_tensors(calls_ctx *c) {
    alea_state work;
    size_t size = 0, len = 0, rows = 0;
    calls_copy(&work, c);
    if (!c->g || alea_game_observation_size(&size, c->g) != ALEA_OK || size == 0)
        return;
    float *t = malloc(size * sizeof *t * 64);
    uint64_t acts[64];
    CALLS_ASSERT(t != NULL);
    alea_status s = alea_state_observation_tensor(t, size, &len, &work, 0);
    if (!c->valid)
        CALLS_ASSERT(s == ALEA_INVALID_STATE);
    s = alea_state_afterstate_tensors(t, acts, 64, &rows, &work, 0);
    if (!c->valid)
        CALLS_ASSERT(s == ALEA_INVALID_STATE);
    if (s == ALEA_OK)
        CALLS_ASSERT(rows <= 64);
    calls_unchanged(&work, c);
    free(t);
}

/* A batch of random playouts from the bytes: the start is validated. */
static inline void call_playouts(calls_ctx *c) {
    alea_state work;
    size_t need = 0;
    uint32_t plies[2];
    calls_copy(&work, c);
    if (!c->g || alea_playouts_workspace_size(&need, NULL, 0, c->g, NULL) != ALEA_OK)
        return;
    void *ws = malloc(need ? need : 1);
    CALLS_ASSERT(ws != NULL);
    alea_status s = alea_playouts(NULL, NULL, plies, &work, NULL, 0, c->seed, 0, 2, ws, need, NULL);
    if (!c->valid)
        CALLS_ASSERT(s == ALEA_INVALID_STATE);
    calls_unchanged(&work, c);
    free(ws);
}

static inline void call_result_scores(calls_ctx *c) {
    alea_state work;
    alea_result r;
    int32_t scores[ALEA_MAX_PLAYERS];
    size_t n = 0;
    alea_status s;
    calls_copy(&work, c);
    s = alea_state_result(&r, &work); /* a hot call: the cheap check only */
    if (!c->g)
        CALLS_ASSERT(s == ALEA_INVALID_ARGUMENT);
    else
        CALLS_ASSERT(s == ALEA_OK || (s == ALEA_INVALID_STATE && !c->valid));
    if (s == ALEA_OK)
        CALLS_ASSERT(r.players >= 1 && r.players <= ALEA_MAX_PLAYERS &&
                     (r.winner == -1 || (r.winner >= 0 && r.winner < r.players)));
    s = alea_state_scores(scores, ALEA_MAX_PLAYERS, &n, &work);
    CALLS_ASSERT(s == ALEA_OK ? n == (size_t)r.players : s != ALEA_BUFFER_TOO_SMALL);
    calls_unchanged(&work, c);
}

static inline void call_bots(calls_ctx *c) {
    alea_state work;
    alea_rng rng;
    alea_bot_options opts;
    uint64_t a = 0;
    double v[ALEA_MAX_PLAYERS];
    size_t n = 0, size = 0;
    void *ws;
    alea_status s;
    int who = alea_state_current_player(c->st);
    alea_rng_seed(&rng, c->seed);
    calls_copy(&work, c);
    for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
        /* the searching bots only where they are cheap: invalid bytes are refused first */
        if ((kind == ALEA_BOT_MCTS || kind == ALEA_BOT_EXPECTIMAX) && c->valid)
            continue;
        s = alea_bot_choose(&a, &work, kind, &rng);
        if (c->g && !c->valid)
            CALLS_ASSERT(s == ALEA_INVALID_STATE);
        if (!c->g)
            CALLS_ASSERT(s == ALEA_INVALID_ARGUMENT);
        if (s == ALEA_OK) {
            size_t i;
            for (i = 0; i < c->n_legal && c->legal[i] != a; i++)
                ;
            CALLS_ASSERT(i < c->n_legal && who >= 0);
        }
    }
    CALLS_ASSERT(alea_bot_options_init(&opts, ALEA_BOT_HEURISTIC) == ALEA_OK);
    if (c->g && alea_bot_workspace_size(&size, &opts, c->g, NULL) == ALEA_OK) {
        ws = malloc(size);
        CALLS_ASSERT(ws != NULL);
        s = alea_bot_evaluate(v, ALEA_MAX_PLAYERS, &n, &work, &opts, ws, size, NULL);
        calls_cold(s, c);
        s = alea_bot_choose_with(&a, &work, &opts, ws, size, &rng, NULL);
        CALLS_ASSERT(s != ALEA_OK || c->valid);
        free(ws);
    }
    calls_unchanged(&work, c);
}

static inline void call_backgammon(calls_ctx *c) {
    alea_state work;
    alea_backgammon_view view;
    char pid[15], mid[13];
    calls_copy(&work, c);
    memset(&view, 0, sizeof view);
    view.version = ALEA_BACKGAMMON_VIEW_VERSION;
    if (c->g && strcmp(c->info.id, "backgammon") != 0) {
        CALLS_ASSERT(alea_backgammon_get_view(&view, &work) == ALEA_INVALID_ARGUMENT);
        return;
    }
    calls_cold(alea_backgammon_get_view(&view, &work), c);
    calls_cold(alea_backgammon_position_id(pid, ALEA_BACKGAMMON_POSITION_ID_SIZE, NULL, &work), c);
    calls_cold(alea_backgammon_match_id(mid, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, &work), c);
    calls_unchanged(&work, c);
}

static inline void call_dice_poker(calls_ctx *c) {
    alea_state work;
    alea_dice_poker_view view;
    alea_dice_poker_advice advice;
    calls_copy(&work, c);
    memset(&view, 0, sizeof view);
    view.version = ALEA_DICE_POKER_VIEW_VERSION;
    if (c->g && strcmp(c->info.id, "dice-poker") != 0) {
        CALLS_ASSERT(alea_dice_poker_get_view(&view, &work) == ALEA_INVALID_ARGUMENT);
        return;
    }
    calls_cold(alea_dice_poker_get_view(&view, &work), c);
    for (int obj = 0; obj < 2; obj++) {
        alea_status s = alea_dice_poker_advise(&advice, &work, obj);
        if (c->valid && s == ALEA_OK)
            CALLS_ASSERT(alea_state_check_action(&work, advice.action, NULL) == ALEA_OK);
        else if (s != ALEA_WRONG_PHASE)
            calls_cold(s, c);
    }
    calls_unchanged(&work, c);
}

static inline void call_wise_dice(calls_ctx *c) {
    alea_state work;
    alea_wise_dice_view view;
    calls_copy(&work, c);
    memset(&view, 0, sizeof view);
    view.version = ALEA_WISE_DICE_VIEW_VERSION;
    if (c->g && strcmp(c->info.id, "wise-dice") != 0) {
        CALLS_ASSERT(alea_wise_dice_get_view(&view, &work) == ALEA_INVALID_ARGUMENT);
        return;
    }
    calls_cold(alea_wise_dice_get_view(&view, &work), c);
    calls_unchanged(&work, c);
}

static inline void call_plateau(calls_ctx *c) {
    alea_state work;
    alea_plateau_view view;
    char buf[4096];
    size_t len = 0;
    calls_copy(&work, c);
    memset(&view, 0, sizeof view);
    view.version = ALEA_PLATEAU_VIEW_VERSION;
    if (c->g && strcmp(c->info.id, "plateau") != 0) {
        CALLS_ASSERT(alea_plateau_get_view(&view, &work) == ALEA_INVALID_ARGUMENT);
        return;
    }
    calls_cold(alea_plateau_get_view(&view, &work), c);
    for (int seat = 0; seat < 2; seat++) {
        alea_status s;
        memset(&view, 0, sizeof view);
        view.version = ALEA_PLATEAU_VIEW_VERSION;
        calls_cold(alea_plateau_get_public_view(&view, &work, seat), c);
        s = alea_plateau_public_text(buf, sizeof buf, &len, &work, seat);
        calls_cold(s, c);
        calls_text(s, buf, sizeof buf, len);
        s = alea_plateau_public_json(buf, sizeof buf, &len, &work, seat);
        calls_cold(s, c);
        calls_text(s, buf, sizeof buf, len);
    }
    calls_unchanged(&work, c);
}

/* The table of callers, in the order they run (call_legal first: the others
   use its list). */
typedef struct calls_entry {
    const char *name;
    void (*call)(calls_ctx *c);
} calls_entry;

static const calls_entry calls_table[] = {
    {"alea_state_size, alea_state_game", call_size_game},
    {"alea_state_validate", call_validate},
    {"alea_state_equal, _hash, _copy, _clone, _free", call_equal_hash_copy_clone},
    {"alea_state_num_players, _current_player", call_players},
    {"alea_state_legal_actions", call_legal},
    {"alea_state_chance_outcomes", call_chance},
    {"alea_state_check_action, _apply", call_check_apply},
    {"alea_state_action_to_text, _action_from_text", call_text_actions},
    {"alea_state_apply_text", call_apply_text},
    {"alea_state_sample, _roll", call_sample_roll},
    {"alea_state_to_text, _from_text, _to_board, _spec", call_texts},
    {"alea_state_to_json", call_json},
    {"alea_state_result, _scores", call_result_scores},
    {"alea_state_check_as, _apply_as, _apply_text_as", call_seat},
    {"alea_state_observation_text, _json, _board", call_observations},
    {"alea_state_observation_tensor, _afterstate_tensors", call_tensors},
    {"alea_playouts", call_playouts},
    {"alea_bot_choose, _choose_with, _evaluate", call_bots},
    {"alea_backgammon_get_view, _position_id, _match_id", call_backgammon},
    {"alea_dice_poker_get_view, _advise", call_dice_poker},
    {"alea_wise_dice_get_view", call_wise_dice},
    {"alea_plateau_get_view, _get_public_view, _public_text, _public_json", call_plateau},
};

#define CALLS_COUNT (sizeof calls_table / sizeof calls_table[0])

/* Fills the context for the bytes st (read only) and runs every caller.
   *now receives the name of the caller running, for failure messages. */
static inline void calls_run(calls_ctx *c, const alea_state *st, uint64_t seed, const char **now) {
    c->st = st;
    c->g = alea_state_game(st);
    memset(&c->info, 0, sizeof c->info);
    if (c->g)
        alea_game_get_info(&c->info, c->g);
    c->valid = alea_state_validate(st, NULL) == ALEA_OK;
    c->seed = seed;
    c->n_legal = 0;
    strcpy(c->text, "x");
    for (size_t i = 0; i < CALLS_COUNT; i++) {
        if (now)
            *now = calls_table[i].name;
        calls_table[i].call(c);
    }
}

#endif
