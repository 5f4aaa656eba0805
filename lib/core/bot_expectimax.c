/*
 * Expectimax (max-n) over decision and chance nodes, with the exact
 * probabilities num/den of the game's chance outcomes.  The workspace holds one
 * level per node on the current path (a state and a list), so the C stack
 * carries only the small frames of the recursion and the heap is never used.
 */
#include "core/bot_impl.h"

#include <string.h>

typedef struct xm {
    const alea_game *g;
    unsigned char *base;
    size_t state, level; /* bytes of a state, of a level (state + list) */
    int players;
} xm;

/* Decisions plus chance nodes on one path: depth decisions, at most depth + 2
   chance nodes, and the root. */
static int levels_of(int depth) {
    return 2 * depth + 3;
}

size_t alea__bot_expectimax_size(const alea__bot_sizes *z, int depth) {
    return (size_t)levels_of(depth) * (z->state + z->list);
}

static alea_state *level_state(const xm *x, int lvl) {
    return (alea_state *)(void *)(x->base + (size_t)lvl * x->level);
}
static void *level_list(const xm *x, int lvl) {
    return x->base + (size_t)lvl * x->level + x->state;
}

static void value(const xm *x, int lvl, int decisions, int chances, double v[ALEA_MAX_PLAYERS]);

/* Value after applying `action` to level lvl's state, in level lvl + 1. */
static void child_value(const xm *x, int lvl, uint64_t action, int decisions, int chances,
                        double v[ALEA_MAX_PLAYERS]) {
    alea_state *next = level_state(x, lvl + 1);
    memcpy(next, level_state(x, lvl), x->g->state_size);
    x->g->apply(next, action);
    value(x, lvl + 1, decisions, chances, v);
}

static void value(const xm *x, int lvl, int decisions, int chances, double v[ALEA_MAX_PLAYERS]) {
    const alea_state *st = level_state(x, lvl);
    int p = x->g->current_player(st);
    if (p == ALEA_PLAYER_TERMINAL || (p >= 0 && decisions == 0) ||
        (p == ALEA_PLAYER_CHANCE && chances == 0)) {
        alea__bot_leaf(x->g, st, v);
        return;
    }
    if (p == ALEA_PLAYER_CHANCE) {
        alea_outcome *out = level_list(x, lvl);
        size_t n = x->g->chance_outcomes(st, out);
        double sum[ALEA_MAX_PLAYERS] = {0};
        double den = 0;
        for (size_t i = 0; i < n; i++) {
            double cv[ALEA_MAX_PLAYERS];
            child_value(x, lvl, out[i].action, decisions, chances - 1, cv);
            for (int k = 0; k < x->players; k++)
                sum[k] += (double)out[i].num * cv[k];
            den = (double)out[i].den;
        }
        for (int k = 0; k < ALEA_MAX_PLAYERS; k++)
            v[k] = k < x->players && den > 0 ? sum[k] / den : 0.0;
        return;
    } else {
        uint64_t *acts = level_list(x, lvl);
        size_t n = x->g->legal_actions(st, acts);
        int first = 1;
        if (n == 0) { /* a stuck seat (INVALID_STATE at the root): value it as it stands */
            alea__bot_leaf(x->g, st, v);
            return;
        }
        for (size_t i = 0; i < n; i++) {
            double cv[ALEA_MAX_PLAYERS];
            child_value(x, lvl, acts[i], decisions - 1, chances, cv);
            if (first || cv[p] > v[p]) {
                memcpy(v, cv, sizeof cv);
                first = 0;
            }
        }
    }
}

static void setup(xm *x, const alea_game *g, const alea_state *st, void *ws) {
    alea__bot_sizes z;
    alea__bot_sizes_of(&z, g);
    x->g = g;
    x->base = ws;
    x->state = z.state;
    x->level = z.state + z.list;
    x->players = g->num_players(st);
    memcpy(level_state(x, 0), st, g->state_size);
}

void alea__bot_expectimax_value(const alea_game *g, const alea_state *st, int depth, void *ws,
                                double v[ALEA_MAX_PLAYERS]) {
    xm x;
    setup(&x, g, st, ws);
    value(&x, 0, depth, depth + 2, v);
}

uint64_t alea__bot_expectimax_choose(const alea_game *g, const alea_state *st,
                                     const uint64_t *legal, size_t n, int depth, void *ws,
                                     alea_rng *rng) {
    xm x;
    int me = g->current_player(st);
    double best = 0;
    uint64_t choice = legal[0], ties = 0;
    setup(&x, g, st, ws);
    for (size_t i = 0; i < n; i++) {
        double cv[ALEA_MAX_PLAYERS];
        child_value(&x, 0, legal[i], depth - 1, depth + 2, cv);
        if (ties == 0 || cv[me] > best) {
            best = cv[me];
            choice = legal[i];
            ties = 1;
        } else if (cv[me] == best && alea_rng_below(rng, ++ties) == 0) {
            choice = legal[i]; /* reservoir: each exact tie kept with equal chance */
        }
    }
    return choice;
}
