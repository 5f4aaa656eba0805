/* The step of a play loop in one call (alea/state.h): apply or roll, then the
   new state's player and legal actions.  A binding pays for every call into
   the library (ctypes: a few hundred ns), so a loop that would make three
   calls per step makes one. */
#include "core/impl.h"

/* At a chance node a play loop rolls rather than picks, so the outcomes are
   not listed (alea_state_legal_actions() gives them), nor anything at the end. */
void alea__step_list_after(const alea_game *g, const alea_state *st, uint64_t action,
                           alea_step *out) {
    int who = g->current_player(st);
    out->player = who;
    out->count = who >= 0 ? (uint32_t)g->legal_actions(st, out->actions) : 0;
    out->outcome = action;
}

ALEA_API alea_status alea_state_apply_and_list(alea_step *out, alea_state *state, uint64_t action,
                                               alea_error *err) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = alea__hot(state, &s, err);
    if (!g)
        return s;
    if (!out)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "out must not be NULL");
    s = alea__check_apply(g, state, action, err); /* apply() without its look-up */
    if (s != ALEA_OK)
        return s;
    alea__step_list_after(g, state, action, out);
    return ALEA_OK;
}

ALEA_API alea_status alea_state_roll_and_list(alea_step *out, alea_state *state, alea_rng *rng,
                                              alea_error *err) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = alea__hot(state, &s, err);
    uint64_t action;
    alea_rng saved;
    int who;
    if (!g)
        return s;
    if (!out || !rng)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "out and rng must not be NULL");
    who = g->current_player(state);
    if (who == ALEA_PLAYER_TERMINAL)
        return alea__fail(err, ALEA_WRONG_PHASE, -1, "the game is over: no dice to throw");
    if (who != ALEA_PLAYER_CHANCE)
        return alea__fail(err, ALEA_WRONG_PHASE, -1,
                          "seat %d must act: dice are thrown only at a chance node", who);
    saved = *rng;
    action = g->roll(state, rng); /* what alea_state_sample() does, checked above */
    s = g->check(state, action, err); /* a drawn outcome is legal; checked as every apply is */
    if (s != ALEA_OK) {
        *rng = saved;
        return s;
    }
    g->apply(state, action);
    alea__step_list_after(g, state, action, out);
    return ALEA_OK;
}
