/* The observation tensor of backgammon (doc/rules/backgammon.md, "Observation
   tensor"): TD-Gammon's encoding of the board from the observer's side, then
   the dice, the cube and the match score.  Backgammon hides nothing, so a seat
   only chooses the side the tensor is written from (the public observer gets
   seat 0's). */
#include "bg.h"

#include <alea/backgammon.h>
#include <string.h>

/* TD-Gammon's four units for n checkers on a point. */
static void units(float *u, int n) {
    u[0] = n >= 1 ? 1.0f : 0.0f;
    u[1] = n >= 2 ? 1.0f : 0.0f;
    u[2] = n >= 3 ? 1.0f : 0.0f;
    u[3] = n > 3 ? (float)(n - 3) / 2.0f : 0.0f;
}

static float log2_of(int v) {
    int k = 0;
    while (v > 1) {
        v >>= 1;
        k++;
    }
    return (float)k;
}

void alea__bg_tensor(const alea_state *st, int seat, float *out) {
    alea_backgammon_view v;
    int me = seat == ALEA_OBSERVER_PUBLIC ? 0 : seat, opp = 1 - me;
    memset(out, 0, sizeof *out * ALEA__BG_TENSOR_SIZE);
    memset(&v, 0, sizeof v);
    v.version = ALEA_BACKGAMMON_VIEW_VERSION;
    if (alea_backgammon_get_view(&v, st) != ALEA_OK)
        return; /* not reached: the core passes valid backgammon states only */
    for (int i = 1; i <= 24; i++) {
        units(out + (size_t)(4 * (i - 1)), v.points[me][i]);
        /* the same physical point is the opponent's point 25 - i (§1) */
        units(out + 96 + (size_t)(4 * (i - 1)), v.points[opp][25 - i]);
    }
    out[192] = (float)v.points[me][25] / 2.0f;
    out[193] = (float)v.points[opp][25] / 2.0f;
    out[194] = (float)v.points[me][0] / 15.0f;
    out[195] = (float)v.points[opp][0] / 15.0f;
    if (v.phase != ALEA_BACKGAMMON_PHASE_OVER) {
        out[196] = v.turn == me ? 1.0f : 0.0f;
        out[197] = v.turn == opp ? 1.0f : 0.0f;
    }
    out[198] = (float)v.dice[0] / 6.0f;
    out[199] = (float)v.dice[1] / 6.0f;
    out[200] = (float)v.cube_enabled;
    out[201] = log2_of(v.cube_value) / 6.0f;
    out[202] = v.cube_owner == me ? 1.0f : 0.0f;
    out[203] = v.cube_owner == opp ? 1.0f : 0.0f;
    out[204] = (float)v.double_offered;
    out[205] = (float)v.resign_offered / 3.0f;
    out[206] = v.match_length > 0 ? 1.0f : 0.0f;
    if (v.match_length > 0) {
        out[207] = (float)v.score[me] / (float)v.match_length;
        out[208] = (float)v.score[opp] / (float)v.match_length;
    }
    out[209] = (float)v.crawford;
    out[210] = (float)v.post_crawford;
}
