/* The cheap check before every hot call (lib/core/impl.h `sane`,
   doc/hardening.md "Any bytes are safe"): the fields that the move
   generator, check and apply use as indices or loop bounds are in range.
   validate.c keeps every other invariant. */
#include "plateau/pl.h"

#include "core/bytes.h"

bool alea__pl_sane(const alea_state *st) {
    /* R2.1: at most this many pieces of each type, which bounds the subsets
       of prisoners listed as offers and gifts (R9) */
    static const uint8_t most[8] = {4, 2, 2, 1, 1, 1, 1, 0};
    const pl_state *s = pl_cof(st);
    if (alea__bytes_above_each(alea__load_bytes(s->prisoners[0], 8), most) |
        alea__bytes_above_each(alea__load_bytes(s->prisoners[1], 8), most) |
        alea__bytes_above_each(alea__load_bytes(s->offer, 8), most))
        return false;
    /* the result picks the winner's score (R10); R1: a stack holds at most
       every piece, which bounds the stack index */
    return s->phase <= PL_OVER && s->to_act <= 1 && s->result <= ALEA_PLATEAU_RESULT_DRAW &&
           !alea__bytes_above(alea__load_bytes(s->height, 8) | alea__load_bytes(s->height + 8, 8),
                              PL_MAX_HEIGHT);
}
