/* The cheap check before every hot call (lib/core/impl.h `sane`,
   doc/hardening.md "Any bytes are safe"): the fields the move generator,
   check, apply and the dice use as indices, distances, shifts or counts are
   in range.  validate.c keeps every other invariant. */
#include "backgammon/bg.h"

bool alea__bg_sane(const alea_state *st) {
    const bg_state *s = bg_cof(st);
    int white = s->bar[0], red = s->bar[1];
    /* phase and seat pick branches and index bar[] and score[]; the dice are
       distances (§4); the cube logs are shifts (§7.2) */
    if (s->phase > BG_OVER || s->turn > 1 || s->cube_log > BG_MAX_CUBE_LOG ||
        s->max_cube_log > BG_MAX_CUBE_LOG || s->cube_owner > BG_CENTRE || s->resign > 3 ||
        s->die[0] > 6 || s->die[1] > 6 || (s->phase == BG_MOVE && (!s->die[0] || !s->die[1])))
        return false;
    /* §1: at most 15 checkers a side, which bounds the moves to max_actions */
    for (int i = 0; i < 24; i++) {
        int v = s->board[i];
        white += v > 0 ? v : 0;
        red += v < 0 ? -v : 0;
    }
    return white <= BG_CHECKERS && red <= BG_CHECKERS;
}
