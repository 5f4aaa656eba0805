/* The cheap check before every hot call (lib/core/impl.h `sane`,
   doc/hardening.md "Any bytes are safe"): the fields that pick branches,
   index the two seats, or serve as distances and shifts are in range, tested
   8 bytes at once.  The checker counts are not read here: the move generator
   bounds its own list (movegen.c).  validate.c keeps every other invariant. */
#include "backgammon/bg.h"

#include "core/bytes.h"

_Static_assert(offsetof(bg_state, flags) == offsetof(bg_state, phase) + 7,
               "phase .. flags are 8 consecutive bytes");

bool alea__bg_sane(const alea_state *st) {
    /* phase and seat pick branches and index bar[] and score[]; the dice are
       distances (§4); the cube logs are shifts (§7.2) */
    static const uint8_t max[8] = {BG_OVER, 1, 6, 6, BG_MAX_CUBE_LOG, BG_CENTRE, 3, BG_FLAG_ALL};
    const bg_state *s = bg_cof(st);
    return !alea__bytes_above_each(alea__load_bytes(&s->phase, 8), max) &&
           s->max_cube_log <= BG_MAX_CUBE_LOG &&
           (s->phase != BG_MOVE || (s->die[0] && s->die[1])); /* 1..6 while moving */
}
