/*
 * Expectimax (max-n) over decision and chance nodes, with the exact
 * probabilities num/den of the game's chance outcomes.  The workspace is a
 * stack of the states and lists of the nodes on the current path, so the C
 * stack carries only the small frames of the recursion and the heap is never
 * used.  A node for which the workspace has no room left is valued as a leaf
 * (only alea_bot_choose()'s fixed block can run short; alea_bot_workspace_size()
 * covers a full search).  Every node entered spends one node of the budget;
 * the searches deepen one decision at a time, so when the budget runs out
 * the deepest completed search gives the answer.
 */
/* alea_dice_poker_advise(), alea_bot_evaluate() and the quick settings are
   experimental (doc/api.md "What 1.x guarantees"). */
#define ALEA_EXPERIMENTAL
#include "core/bot_impl.h"

#include <string.h>

typedef struct xm {
    const alea_game *g;
    unsigned char *arena; /* a stack of states and lists, 8-aligned */
    size_t used, cap;
    size_t state;         /* bytes of a state */
    size_t actions, outcomes; /* bytes of the largest lists */
    int players;
    alea__bot_budget *b;
} xm;

/* Decisions plus chance nodes on one path: depth decisions, at most depth + 2
   chance nodes, and the root. */
static int levels_of(int depth) {
    return 2 * depth + 3;
}

size_t alea__bot_expectimax_size(const alea__bot_sizes *z, int depth) {
    return (size_t)levels_of(depth) * (z->state + z->list);
}

/* n bytes from the arena (rounded to 8), or NULL if they do not fit. */
static void *take(xm *x, size_t n) {
    void *p;
    n = (n + 7) & ~(size_t)7;
    if (n > x->cap - x->used)
        return NULL;
    p = x->arena + x->used;
    x->used += n;
    return p;
}

static void value(xm *x, const alea_state *st, int decisions, int chances,
                  double v[ALEA_MAX_PLAYERS]);

/* Value after applying `action` to st, in a state pushed on the arena; a
   leaf value if the arena has no room for it.  The recursion with value() is
   bounded: depth <= ALEA_BOT_MAX_DEPTH decisions, and the arena. */
static void child_value(xm *x, const alea_state *st, uint64_t action, int decisions, // NOLINT(misc-no-recursion)
                        int chances,
                        double v[ALEA_MAX_PLAYERS]) {
    size_t mark = x->used;
    alea_state *next;
    if (!alea__bot_spend(x->b)) { /* the search is abandoned: any value will do */
        memset(v, 0, ALEA_MAX_PLAYERS * sizeof v[0]);
        return;
    }
    next = take(x, x->state);
    if (!next) {
        alea__bot_leaf(x->g, st, v);
        return;
    }
    memcpy(next, st, x->g->state_size);
    x->g->apply(next, action);
    value(x, next, decisions, chances, v);
    x->used = mark;
}

/* A list is filled into the room for the largest one, then shrunk to its
   length, so deeper levels reuse what it did not need. */
static void value(xm *x, const alea_state *st, int decisions, int chances, // NOLINT(misc-no-recursion)
                  double v[ALEA_MAX_PLAYERS]) {
    int p = x->g->current_player(st);
    size_t mark = x->used;
    if (p == ALEA_PLAYER_TERMINAL || (p >= 0 && decisions == 0) ||
        (p == ALEA_PLAYER_CHANCE && chances == 0)) {
        alea__bot_leaf(x->g, st, v);
        return;
    }
    if (p == ALEA_PLAYER_CHANCE) {
        alea_outcome *out = take(x, x->outcomes);
        double sum[ALEA_MAX_PLAYERS] = {0};
        double den = 0;
        size_t n;
        if (!out) { /* no room left in the budget: value the node as it stands */
            alea__bot_leaf(x->g, st, v);
            return;
        }
        n = x->g->chance_outcomes(st, out);
        x->used = mark + ((n * sizeof *out + 7) & ~(size_t)7);
        for (size_t i = 0; i < n; i++) {
            double cv[ALEA_MAX_PLAYERS];
            child_value(x, st, out[i].action, decisions, chances - 1, cv);
            if (x->b->stopped)
                break; /* abandoned: cv may be unset */
            for (int k = 0; k < x->players; k++)
                sum[k] += (double)out[i].num * cv[k];
            den = (double)out[i].den;
        }
        for (int k = 0; k < ALEA_MAX_PLAYERS; k++)
            v[k] = k < x->players && den > 0 ? sum[k] / den : 0.0;
    } else {
        uint64_t *acts = take(x, x->actions);
        size_t n;
        int first = 1;
        if (!acts) {
            alea__bot_leaf(x->g, st, v);
            return;
        }
        n = x->g->legal_actions(st, acts);
        x->used = mark + n * sizeof *acts;
        if (n == 0) { /* a stuck seat (INVALID_STATE at the root): value it as it stands */
            alea__bot_leaf(x->g, st, v);
            x->used = mark;
            return;
        }
        for (size_t i = 0; i < n; i++) {
            double cv[ALEA_MAX_PLAYERS];
            child_value(x, st, acts[i], decisions - 1, chances, cv);
            if (x->b->stopped)
                break;
            if (first || cv[p] > v[p]) {
                memcpy(v, cv, sizeof cv);
                first = 0;
            }
        }
    }
    x->used = mark;
}

static void setup(xm *x, const alea_game *g, const alea_state *st, void *ws, size_t size,
                  alea__bot_budget *b) {
    x->g = g;
    x->b = b;
    x->arena = ws;
    x->used = 0;
    x->cap = size;
    x->state = (g->state_size + 7) & ~(size_t)7;
    x->actions = (size_t)g->max_actions * sizeof(uint64_t);
    x->outcomes = (size_t)g->max_chance_outcomes * sizeof(alea_outcome);
    x->players = g->num_players(st);
}

int alea__bot_expectimax_value(const alea_game *g, const alea_state *st, int depth, void *ws,
                               size_t size, alea__bot_budget *b, double v[ALEA_MAX_PLAYERS]) {
    xm x;
    int done = 0;
    setup(&x, g, st, ws, size, b);
    alea__bot_leaf(g, st, v);
    for (int d = 1; d <= depth; d++) {
        double cv[ALEA_MAX_PLAYERS];
        value(&x, st, d, d + 2, cv);
        if (b->stopped)
            break;
        memcpy(v, cv, sizeof cv);
        done = d;
    }
    return done;
}

/* One root search to `depth` decisions; ties drawn from *rng.  Returns the
   number of actions valued (n unless the budget ran out). */
static size_t search_root(xm *x, const alea_state *st, const uint64_t *legal, size_t n,
                          int depth, alea_rng *rng, uint64_t *choice) {
    int me = x->g->current_player(st);
    double best = 0;
    uint64_t ties = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        double cv[ALEA_MAX_PLAYERS];
        child_value(x, st, legal[i], depth - 1, depth + 2, cv);
        if (x->b->stopped)
            break;
        if (ties == 0 || cv[me] > best) {
            best = cv[me];
            *choice = legal[i];
            ties = 1;
        } else if (cv[me] == best && alea_rng_below(rng, ++ties) == 0) {
            *choice = legal[i]; /* reservoir: each exact tie kept with equal chance */
        }
    }
    return i;
}

uint64_t alea__bot_expectimax_choose(const alea_game *g, const alea_state *st,
                                     const uint64_t *legal, size_t n, int depth, void *ws,
                                     size_t size, alea__bot_budget *b, alea_rng *rng) {
    xm x;
    alea_rng after = *rng;
    uint64_t answer = legal[0];
    int found = 0;
    setup(&x, g, st, ws, size, b);
    /* Every depth breaks its ties from the same stream, so a search the budget
       lets finish answers (and draws) exactly as a single search to its depth. */
    for (int d = 1; d <= depth; d++) {
        alea_rng r = *rng;
        uint64_t choice = legal[0];
        size_t valued = search_root(&x, st, legal, n, d, &r, &choice);
        if (valued == n || (d == 1 && valued > 0)) {
            answer = choice;
            after = r;
            found = 1;
        }
        if (valued < n)
            break;
    }
    if (!found)
        answer = legal[alea_rng_below(&after, n)];
    *rng = after;
    return answer;
}

uint64_t alea__bot_expectimax_choose_sampled(const alea_game *g, const alea_state *st,
                                             alea_state *det, int samples, const uint64_t *legal,
                                             size_t n, int depth, void *ws, size_t size,
                                             alea__bot_budget *b, alea_rng *rng) {
    xm x;
    int me = g->current_player(st);
    double best = 0;
    uint64_t choice = legal[0], ties = 0;
    alea_rng deal = *rng, r;
    alea_rng_jump(rng); /* the ties draw from a stream apart from the re-deals */
    setup(&x, g, st, ws, size, b);
    for (size_t i = 0; i < n && !b->stopped; i++) {
        double sum = 0;
        r = deal; /* the same re-deals for every action */
        for (int k = 0; k < samples && !b->stopped; k++) {
            double cv[ALEA_MAX_PLAYERS];
            memcpy(det, st, g->state_size);
            g->determinize(det, me, &r);
            child_value(&x, det, legal[i], depth - 1, depth + 2, cv);
            sum += cv[me];
        }
        if (b->stopped) /* this action's value is incomplete: the best so far stands */
            break;
        if (ties == 0 || sum > best) {
            best = sum;
            choice = legal[i];
            ties = 1;
        } else if (sum == best && alea_rng_below(rng, ++ties) == 0) {
            choice = legal[i];
        }
    }
    if (ties == 0) /* the budget valued no action */
        choice = legal[alea_rng_below(rng, n)];
    return choice;
}
