/* The cheap check before every hot call (lib/core/impl.h `sane`,
   doc/hardening.md "Any bytes are safe"): the fields that the lists of
   throws and keeps, check and apply use as divisors, indices or loop bounds
   are in range.  validate.c keeps every other invariant. */
#include "dice_poker/dp.h"

bool alea__dp_sane(const alea_state *st) {
    const dp_state *s = dp_cof(st);
    int dice = 0, held = 0;
    /* P-1.1, P-1.3: seats and columns bound the cards; P-2.2: three throws */
    if (s->players < 1 || s->players > ALEA_MAX_PLAYERS || s->columns < 1 ||
        s->columns > DP_MAX_COLS || s->phase > DP_PHASE_OVER || s->throws > DP_MAX_THROWS)
        return false;
    /* P-2.1: five dice, which bounds the throws and keeps listed */
    for (int f = 0; f < DP_FACES; f++) {
        dice += s->dice[f];
        held += s->held[f];
    }
    return dice <= DP_DICE && held <= DP_DICE;
}
