/* The cheap check before every hot call (lib/core/impl.h `sane`,
   doc/hardening.md "Any bytes are safe"): the fields that the lists of
   throws and keeps, check and apply use as divisors, indices or loop bounds
   are in range, tested 8 bytes at once.  validate.c keeps every other
   invariant. */
#include "dice_poker/dp.h"

#include "core/bytes.h"

_Static_assert(offsetof(dp_state, pad0) == offsetof(dp_state, players) + 5,
               "players .. pad0 are 6 consecutive bytes");
_Static_assert(offsetof(dp_state, held) == offsetof(dp_state, dice) + DP_FACES &&
                   offsetof(dp_state, bonus_owner) == offsetof(dp_state, held) + DP_FACES,
               "dice[], held[], bonus_owner[] are consecutive");

bool alea__dp_sane(const alea_state *st) {
    /* P-1.1, P-1.3: 1..4 seats and 1..6 columns bound the cards (less one
       here: a 0 becomes 255); P-2.2: three throws; then the turn counter */
    static const uint8_t one[8] = {1, 1, 0, 0, 0, 0, 0, 0};
    static const uint8_t max[8] = {
        ALEA_MAX_PLAYERS - 1, DP_MAX_COLS - 1, DP_PHASE_OVER, DP_MAX_THROWS, 1, 127, 127, 127};
    static const uint8_t six[8] = {255, 255, 255, 255, 255, 255, 0, 0};
    static const uint8_t four[8] = {255, 255, 255, 255, 0, 0, 0, 0};
    const dp_state *s = dp_cof(st);
    uint64_t head =
        (alea__load_bytes(&s->players, 8) & alea__load_bytes(six, 8)) - alea__load_bytes(one, 8);
    uint64_t lo = alea__load_bytes(s->dice, 8);     /* dice[0..5], held[0..1] */
    uint64_t hi = alea__load_bytes(s->held + 2, 8); /* held[2..5], bonus owners */
    uint64_t dice = lo | (hi & alea__load_bytes(four, 8));
    /* P-2.1: five dice, which bounds the keeps listed: each byte at most 5,
       and the dice out with two faces' kept dice at most 5 in all (validate
       allows dice out or kept, never both; the sum, from a multiply, is
       right when every byte is at most 5, and only matters then).  More
       kept dice than five only leave none to throw (game.c dice_to_throw).
       The tests of alea__bytes_above_each() and alea__bytes_above() with
       the sum's, before one mask: the cheapest hot call is apply
       (doc/hardening.md "Any bytes are safe"). */
    uint64_t room = ALEA__BYTES(127) - alea__load_bytes(max, 8);
    uint64_t sum = (lo * ALEA__BYTES(1)) >> 56;
    uint64_t top = ((head & ALEA__BYTES(0x7F)) + room) | head |
                   ((dice & ALEA__BYTES(0x7F)) + ALEA__BYTES(127 - DP_DICE)) | dice |
                   (sum + 127 - DP_DICE);
    return (top & ALEA__BYTES(0x80)) == 0;
}
