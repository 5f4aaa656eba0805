/* Bots on the generic API: uniform random and one-ply greedy. */
#include "core/impl.h"

#include <string.h>

static const char *const bot_names[ALEA_BOT_KIND_COUNT] = {"random", "greedy"};

ALEA_API const char *alea_bot_name(int kind) {
    return kind >= 0 && kind < ALEA_BOT_KIND_COUNT ? bot_names[kind] : NULL;
}

ALEA_API int alea_bot_find(const char *name) {
    for (int i = 0; name && i < ALEA_BOT_KIND_COUNT; i++) {
        if (strcmp(name, bot_names[i]) == 0)
            return i;
    }
    return -1;
}

/* The mover's score minus the best score of the others, after the action. */
static int64_t greedy_value(const alea_game *g, const alea_state *st, uint64_t action, int me) {
    alea_state next;
    alea_result r;
    int64_t best_other = INT64_MIN;
    memcpy(&next, st, g->state_size);
    g->apply(&next, action);
    memset(&r, 0, sizeof r);
    g->result(&next, &r);
    for (int i = 0; i < r.players; i++) {
        if (i != me && r.score[i] > best_other)
            best_other = r.score[i];
    }
    return (int64_t)r.score[me] - (best_other == INT64_MIN ? 0 : best_other);
}

static uint64_t choose_greedy(const alea_game *g, const alea_state *st, const uint64_t *actions,
                              size_t n, alea_rng *rng) {
    int me = g->current_player(st);
    int64_t best = INT64_MIN;
    uint64_t choice = actions[0], ties = 0;
    for (size_t i = 0; i < n; i++) {
        int64_t v = greedy_value(g, st, actions[i], me);
        if (v > best) {
            best = v;
            choice = actions[i];
            ties = 1;
        } else if (v == best && alea_rng_below(rng, ++ties) == 0) {
            /* Reservoir sampling: each tied action is kept with equal chance. */
            choice = actions[i];
        }
    }
    return choice;
}

ALEA_API alea_status alea_bot_choose(uint64_t *action_out, const alea_state *state, int kind,
                                     alea_rng *rng) {
    const alea_game *g = alea__game_of(state);
    uint64_t actions[ALEA_MAX_ACTIONS];
    size_t n;
    int player;
    if (!action_out || !g || !rng || !alea_bot_name(kind))
        return ALEA_INVALID_ARGUMENT;
    player = g->current_player(state);
    if (player < 0)
        return ALEA_WRONG_PHASE;
    n = g->legal_actions(state, actions);
    if (n == 0)
        return ALEA_INVALID_STATE;
    if (kind == ALEA_BOT_RANDOM)
        *action_out = actions[alea_rng_below(rng, n)];
    else
        *action_out = choose_greedy(g, state, actions, n, rng);
    return ALEA_OK;
}
