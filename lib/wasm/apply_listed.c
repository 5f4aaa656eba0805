/* A helper of the JavaScript package, compiled into its WebAssembly only
   (bindings/js/build.sh compiles every file of lib/; lib/meson.build does not
   list this one: it is not a function of the C API, and the package's own code
   calls it only through the wasm export): the i-th action of a step's list applied by its index,
   so that a play loop in JavaScript passes no 64-bit value across the boundary
   (a BigInt made and read per step), and then the new state's step as
   alea_state_apply_and_list() writes it.

   The list is the library's own legal list of this very state: the wrapper
   (State.applyLegal) calls this only while `step` is the step it last wrote for
   the state and the state's bytes have not changed since.  A seat's action taken
   from it is therefore legal, and is applied without the game's check() again,
   as alea_playouts() applies its random choices (lib/core/playout.c): the check
   is what alea_state_apply() adds to a game's apply hook, and for backgammon it
   is a fifth of a random game's work (the move re-played against the dice,
   alea__bg_explain_move).  The state must still pass the game's sane() hook, and
   the step's player must still be the state's: otherwise, and for a chance
   node's outcome, the checked alea_state_apply_and_list() does the work. */
#include "core/impl.h"

alea_status alea_js_apply_listed(alea_step *step, alea_state *state, uint32_t index,
                                 alea_error *err);

alea_status alea_js_apply_listed(alea_step *step, alea_state *state, uint32_t index,
                                 alea_error *err) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = alea__hot(state, &s, err);
    if (!g)
        return s;
    if (!step || index >= step->count)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "no action %u in the list",
                          (unsigned)index);
    uint64_t action = step->actions[index];
    if (step->player < 0 || g->current_player(state) != step->player)
        return alea_state_apply_and_list(step, state, action, err); /* checked */
    g->apply(state, action);
    alea__step_list_after(g, state, action, step);
    return ALEA_OK;
}
