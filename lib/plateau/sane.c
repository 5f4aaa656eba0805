/* The cheap check before every hot call (lib/core/impl.h `sane`,
   doc/hardening.md "Any bytes are safe"): the fields that the move
   generator, check and apply use as indices or loop bounds are in range.
   validate.c keeps every other invariant. */
#include "plateau/pl.h"

bool alea__pl_sane(const alea_state *st) {
    const pl_state *s = pl_cof(st);
    if (s->phase > PL_OVER || s->to_act > 1)
        return false;
    /* R1: a stack holds at most every piece, which bounds the stack index */
    for (int q = 0; q < PL_SQUARES; q++)
        if (s->height[q] > PL_MAX_HEIGHT)
            return false;
    return true;
}
