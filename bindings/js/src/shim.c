/* A helper of the JavaScript package, compiled into its WebAssembly only (not a
   function of the C API; it uses the public API alone): the i-th action of a
   step's list applied by its index, so that a play loop in JavaScript passes
   no 64-bit value across the boundary (a BigInt made and read per step). */
#include <alea/alea.h>

alea_status alea_js_apply_listed(alea_step *step, alea_state *state, uint32_t index,
                                 alea_error *err);

alea_status alea_js_apply_listed(alea_step *step, alea_state *state, uint32_t index,
                                 alea_error *err) {
    if (!step || index >= step->count)
        return ALEA_INVALID_ARGUMENT;
    return alea_state_apply_and_list(step, state, step->actions[index], err);
}
