/* Observation tensors (alea/tensor.h): the generic checks; the layouts are the
   games' own (their `tensor` hook). */
#include "core/impl.h"

#include <string.h>

ALEA_API alea_status alea_game_observation_size(size_t *size_out, const alea_game *game) {
    if (!size_out || !game)
        return ALEA_INVALID_ARGUMENT;
    if (!game->tensor)
        return ALEA_UNSUPPORTED;
    *size_out = game->tensor_size;
    return ALEA_OK;
}

static bool seat_ok(const alea_game *g, const alea_state *st, int seat) {
    return seat == ALEA_OBSERVER_PUBLIC || (seat >= 0 && seat < g->num_players(st));
}

ALEA_API alea_status alea_state_observation_tensor(float *out, size_t capacity, size_t *len_out,
                                                   const alea_state *state, int seat) {
    const alea_game *g = alea__game_of(state);
    if (!g || (!out && capacity))
        return ALEA_INVALID_ARGUMENT;
    if (g->validate(state, NULL) != ALEA_OK) /* the tensors index by the state's bytes */
        return ALEA_INVALID_STATE;
    if (!seat_ok(g, state, seat))
        return ALEA_INVALID_ARGUMENT;
    if (!g->tensor)
        return ALEA_UNSUPPORTED;
    if (len_out)
        *len_out = g->tensor_size;
    if (capacity < g->tensor_size)
        return ALEA_BUFFER_TOO_SMALL;
    g->tensor(state, seat, out);
    return ALEA_OK;
}

/* Fewer rows than the game's max_actions: the list is counted first
   (alea__legal_prefix() keeping nothing), and written only when it fits, so
   that rows too few leave actions_out alone; returns the list's length. */
static size_t count_into(const alea_game *g, const alea_state *st, uint64_t *rows,
                         size_t max_rows) {
    size_t n = alea__legal_prefix(g, st, NULL, 0);
    if (n <= max_rows && n)
        alea__legal_prefix(g, st, rows, max_rows);
    return n;
}

ALEA_API alea_status alea_state_afterstate_tensors(float *out, uint64_t *actions_out,
                                                   size_t max_rows, size_t *rows_out,
                                                   const alea_state *state, int seat) {
    const alea_game *g = alea__game_of(state);
    alea_state seen;
    size_t n;
    if (!g || !rows_out || ((!out || !actions_out) && max_rows))
        return ALEA_INVALID_ARGUMENT;
    if (g->validate(state, NULL) != ALEA_OK)
        return ALEA_INVALID_STATE;
    if (!seat_ok(g, state, seat))
        return ALEA_INVALID_ARGUMENT;
    if (!g->tensor)
        return ALEA_UNSUPPORTED;
    if (g->determinize) {
        /* Hidden information (issue 24): an action can capture or uncover
           what `seat` has not seen, which the child of the whole state
           would show him before he plays it.  The children are made from
           one fixed re-deal of what he has not seen instead (as
           alea_bot_rank() values them), which depends only on
           his observation. */
        alea__seen_by(g, &seen, state, seat);
        state = &seen;
    }
    if (g->current_player(state) == ALEA_PLAYER_TERMINAL)
        n = 0;
    else if (max_rows >= g->max_actions) /* the list straight into the caller's rows */
        n = g->legal_actions(state, actions_out);
    else
        n = count_into(g, state, actions_out, max_rows);
    *rows_out = n;
    if (n > max_rows)
        return ALEA_BUFFER_TOO_SMALL;
    for (size_t i = 0; i < n; i++) {
        alea_state child;
        memcpy(&child, state, g->state_size);
        g->apply(&child, actions_out[i]);
        g->tensor(&child, seat, out + i * g->tensor_size);
    }
    return ALEA_OK;
}
