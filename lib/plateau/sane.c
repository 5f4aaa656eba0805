/* The cheap check before every hot call (lib/core/impl.h `sane`,
   doc/hardening.md "Any bytes are safe"): the fields that the move
   generator, check and apply use as indices or loop bounds are in range,
   tested 8 bytes at once.  validate.c keeps every other invariant. */
#include "plateau/pl.h"

#include "core/bytes.h"

bool alea__pl_sane(const alea_state *st) {
    /* R2.1: at most this many pieces of each type, which bounds the subsets
       of prisoners listed as offers and gifts (R9) */
    static const uint8_t most[8] = {4, 2, 2, 1, 1, 1, 1, 0};
    const pl_state *s = pl_cof(st);
    uint64_t h1 = alea__load_bytes(s->height, 8), h2 = alea__load_bytes(s->height + 8, 8);
    uint64_t r1 = alea__load_bytes(s->reserve[0], 8), r2 = alea__load_bytes(s->reserve[1], 8);
    if (alea__bytes_above_each(alea__load_bytes(s->prisoners[0], 8), most) |
        alea__bytes_above_each(alea__load_bytes(s->prisoners[1], 8), most) |
        alea__bytes_above_each(alea__load_bytes(s->offer, 8), most) |
        alea__bytes_above_each(r1, most) | alea__bytes_above_each(r2, most) |
        alea__bytes_above(h1 | h2, PL_MAX_HEIGHT))
        return false;
    /* R1: the pieces on the board and in the reserves are at most every
       piece, which bounds every stack a move, a set-up or an entry makes
       (each sum below is under 256: the bytes were bounded above) */
    return s->phase <= PL_OVER && s->to_act <= 1 && s->result <= ALEA_PLATEAU_RESULT_DRAW &&
           alea__bytes_sum(h1) + alea__bytes_sum(h2) + alea__bytes_sum(r1) + alea__bytes_sum(r2) <=
               PL_MAX_HEIGHT;
}
