/* The observation tensor of wise dice (doc/rules/wise_dice.md, "Observation
   tensor"): planes over the 96 squares (one per pawn, stack height, owner of
   the top pawn), then each pawn's state, the dice, the scores and the turn.
   "Mine" is the observer's (player 0's for the public observer); squares keep
   their absolute numbering.  Wise dice hides nothing. */
#include "wd.h"

#include <alea/wise_dice.h>
#include <string.h>

#define SQ 96
#define PLANES 15                /* 6 + 6 pawns, height, top mine, top the opponent's */
#define PAWNS (PLANES * SQ)      /* 1440: 12 pawns x 4 */
#define ROLL (PAWNS + 12 * 4)    /* 1488: 4 dice, then 6 counts per face */
#define SCORE (ROLL + 4 + 6)     /* 1498: mine, the opponent's */
#define PHASE (SCORE + 2)        /* 1500: one-hot 5 */
#define TO_ACT (PHASE + 5)       /* 1505: me, the opponent */
#define FINAL (TO_ACT + 2)       /* 1507 */
#define MOVES (FINAL + 1)        /* 1508 */
#define FIRST_SEAT (MOVES + 1)   /* 1509: 1 if the observer is player 0 */

/* A score / 100, at most 16: the tensors' values stay in [-4, 16] (alea/tensor.h), also in
   a game without a move cap, whose scores (W-8) have no bound of their own. */
static float score_float(int32_t score) {
    return score >= 1600 ? 16.0f : (float)score / 100.0f;
}

void alea__wd_tensor(const alea_state *st, int seat, float *out) {
    alea_wise_dice_view v;
    int me = seat == ALEA_OBSERVER_PUBLIC ? 0 : seat;
    memset(out, 0, sizeof *out * ALEA__WD_TENSOR_SIZE);
    memset(&v, 0, sizeof v);
    v.version = ALEA_WISE_DICE_VIEW_VERSION;
    if (alea_wise_dice_get_view(&v, st) != ALEA_OK)
        return; /* not reached: the core passes valid wise-dice states only */
    for (int side = 0; side < 2; side++) {
        int p = side == 0 ? me : 1 - me;
        for (int pip = 0; pip < 6; pip++) {
            const alea_wise_dice_pawn *pw = &v.pawn[p][pip];
            float *u = out + (size_t)PAWNS + (size_t)(4 * (side * 6 + pip));
            if (pw->square >= 0 && pw->square < SQ)
                out[(side * 6 + pip) * SQ + pw->square] = 1.0f;
            u[0] = pw->square == ALEA_WISE_DICE_NOT_PLACED ? 1.0f : 0.0f;
            u[1] = pw->square == ALEA_WISE_DICE_EXITED ? 1.0f : 0.0f;
            u[2] = (float)pw->free;
            u[3] = (float)pw->height / 12.0f;
        }
    }
    for (int sq = 0; sq < SQ; sq++) {
        int h = v.heights[sq];
        out[12 * SQ + sq] = (float)h / 12.0f;
        if (h > 0 && h <= 12) {
            int owner = v.stack[sq][h - 1] / 6; /* pawn code player * 6 + pip - 1 */
            out[(owner == me ? 13 : 14) * SQ + sq] = 1.0f;
        }
    }
    for (int d = 0; d < 4; d++) {
        out[ROLL + d] = (float)v.roll[d] / 6.0f;
        if (v.roll[d] >= 1 && v.roll[d] <= 6)
            out[ROLL + 4 + v.roll[d] - 1] += 0.25f;
    }
    out[SCORE] = score_float(v.score[me]);
    out[SCORE + 1] = score_float(v.score[1 - me]);
    if (v.phase >= 0 && v.phase < 5)
        out[PHASE + v.phase] = 1.0f;
    if (v.player == me)
        out[TO_ACT] = 1.0f;
    else if (v.player == 1 - me)
        out[TO_ACT + 1] = 1.0f;
    out[FINAL] = (float)v.final_turn;
    out[MOVES] = v.max_moves > 0 ? (float)v.moves / (float)v.max_moves : 0.0f;
    out[FIRST_SEAT] = me == 0 ? 1.0f : 0.0f;
}
