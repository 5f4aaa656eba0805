/* The cheap check before every hot call (lib/core/impl.h `sane`,
   doc/hardening.md "Any bytes are safe"): the fields that the lists of
   throws and keeps, check and apply use as divisors, indices or loop bounds
   are in range, tested 8 bytes at once.  validate.c keeps every other
   invariant. */
#include "dice_poker/dp.h"

#include "core/bytes.h"

_Static_assert(offsetof(dp_state, pad0) == offsetof(dp_state, players) + 5,
               "players .. pad0 are 6 consecutive bytes");

bool alea__dp_sane(const alea_state *st) {
    /* P-1.1, P-1.3: 1..4 seats and 1..6 columns bound the cards (less one
       here: a 0 becomes 255); P-2.2: three throws */
    static const uint8_t one[8] = {1, 1, 0, 0, 0, 0, 0, 0};
    static const uint8_t max[8] = {ALEA_MAX_PLAYERS - 1, DP_MAX_COLS - 1, DP_PHASE_OVER,
                                   DP_MAX_THROWS,        1,               127, 127, 127};
    const dp_state *s = dp_cof(st);
    uint64_t head = alea__load_bytes(&s->players, 6) - alea__load_bytes(one, 6);
    uint64_t dice = alea__load_bytes(s->dice, DP_FACES), held = alea__load_bytes(s->held, DP_FACES);
    /* P-2.1: five dice, which bounds the throws and the keeps listed */
    return !alea__bytes_above_each(head, max) && !alea__bytes_above(dice | held, DP_DICE) &&
           alea__bytes_sum(dice) <= DP_DICE && alea__bytes_sum(held) <= DP_DICE;
}
