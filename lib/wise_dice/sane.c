/* The cheap check before every hot call (lib/core/impl.h `sane`,
   doc/hardening.md "Any bytes are safe"): the fields that the move
   generator, check and apply use as indices are in range.  validate.c keeps
   every other invariant. */
#include "wise_dice/wd.h"

#include "core/bytes.h"

/* Nonzero if a byte of w is a square 96..253: neither on the board (W-2.1)
   nor WD_EXITED / WD_NOT_PLACED. */
static inline uint64_t bad_squares(uint64_t w) {
    uint64_t from96 = alea__bytes_above(w, WD_SQUARES - 1);
    uint64_t from254 = ((w & ALEA__BYTES(0x7F)) + ALEA__BYTES(2)) & w & ALEA__BYTES(0x80);
    return from96 & ~from254;
}

_Static_assert(offsetof(wd_state, height) == offsetof(wd_state, sq) + WD_PAWNS,
               "sq[] then height[]: 24 consecutive bytes");

bool alea__wd_sane(const alea_state *st) {
    /* bytes 4..7 of the middle word are heights 0..3 */
    static const uint8_t heights[8] = {0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF};
    const wd_state *s = wd_cof(st);
    uint64_t w1 = alea__load_bytes(s->sq, 8), w2 = alea__load_bytes(s->sq + 8, 8);
    uint64_t w3 = alea__load_bytes(s->height + 4, 8);
    /* W-2.1: squares on the board or off it (valid heights pass this test
       too); W-1.4: a height in a stack; W-5.1: the dice are pips 1..6,
       which pick pawns; W-8: the scores, which apply adds to */
    return s->phase <= WD_PHASE_OVER && s->player <= 1 && !(bad_squares(w1) | bad_squares(w2)) &&
           !alea__bytes_above((w2 & alea__load_bytes(heights, 8)) | w3, WD_PAWNS - 1) &&
           !alea__bytes_above(alea__load_bytes(s->roll, 4), 6) &&
           (s->phase != WD_PHASE_MOVE || (s->roll[0] && s->roll[1] && s->roll[2] && s->roll[3])) &&
           /* W-8: apply adds a move's points to the mover's score, so both
              are 0..WD_MAX_SCORE (a negative one is above it as unsigned) */
           (uint32_t)s->score[0] <= WD_MAX_SCORE && (uint32_t)s->score[1] <= WD_MAX_SCORE;
}
