/* The cheap check before every hot call (lib/core/impl.h `sane`,
   doc/hardening.md "Any bytes are safe"): the fields that the move
   generator, check and apply use as indices are in range.  validate.c keeps
   every other invariant. */
#include "wise_dice/wd.h"

bool alea__wd_sane(const alea_state *st) {
    const wd_state *s = wd_cof(st);
    if (s->phase > WD_PHASE_OVER || s->player > 1)
        return false;
    /* W-5.1: the dice are pips 1..6, which pick pawns */
    for (int i = 0; i < 4; i++)
        if (s->roll[i] > 6 || (s->phase == WD_PHASE_MOVE && s->roll[i] < 1))
            return false;
    /* W-2.1, W-1.4: a square of the board (or off it), a height in a stack */
    for (int p = 0; p < WD_PAWNS; p++)
        if ((s->sq[p] >= WD_SQUARES && s->sq[p] < WD_EXITED) || s->height[p] >= WD_PAWNS)
            return false;
    return true;
}
