/* The observation tensor of Plateau (doc/rules/plateau.md, "Observation
   tensor"): planes over the 16 squares for the top six levels of each stack,
   then reserves, prisoners, the offer and the turn.  It is built from the
   public views (R11, view.c), so it holds exactly what the observer may know:
   a seat's tensor is its public view's; the public observer's takes each
   piece from the view of its owner's opponent (the faces that were shown)
   and masks both reserves. */
#include "pl.h"

#include <alea/plateau.h>
#include <string.h>

#define SQ ALEA_PLATEAU_SQUARES
#define LEVELS 6                       /* levels encoded, from the top */
#define PER_LEVEL 20                   /* owner 2, type 7+1, up 4+1, down 4+1 */
#define STACKS (LEVELS * PER_LEVEL)    /* channel of the height, then own / other pieces */
#define SCALARS ((STACKS + 3) * SQ)    /* 1968 */
#define RESERVE SCALARS                /* mine 7, other 7, other unknown, sizes 2 */
#define PRISONERS (RESERVE + 17)       /* 1985: held by me 7, by the other 7 */
#define OFFER (PRISONERS + 14)         /* 1999: 7 types, value */
#define PHASE (OFFER + 8)              /* 2007: one-hot 4 */
#define TO_ACT (PHASE + 4)             /* 2011: me, the other */
#define COUNTERS (TO_ACT + 2)          /* 2013: passes, min offer, plies */

static void one_hot(float *out, int value, int n) {
    if (value >= 0 && value < n)
        out[(size_t)value * SQ] = 1.0f;
    else
        out[(size_t)n * SQ] = 1.0f; /* the "unknown" channel */
}

void alea__pl_tensor(const alea_state *st, int seat, float *out) {
    alea_plateau_view v, other;
    int me = seat == ALEA_OBSERVER_PUBLIC ? 0 : seat, opp = 1 - me;
    memset(out, 0, sizeof *out * ALEA__PL_TENSOR_SIZE);
    memset(&v, 0, sizeof v);
    memset(&other, 0, sizeof other);
    v.version = other.version = ALEA_PLATEAU_VIEW_VERSION;
    if (alea_plateau_get_public_view(&v, st, me) != ALEA_OK)
        return; /* not reached: the core passes valid plateau states only */
    if (seat == ALEA_OBSERVER_PUBLIC) {
        /* seat 0's own pieces as seat 1 knows them */
        if (alea_plateau_get_public_view(&other, st, opp) != ALEA_OK)
            return;
        for (int sq = 0; sq < SQ; sq++)
            for (int l = 0; l < v.height[sq]; l++)
                if (v.stack[sq][l].owner == me)
                    v.stack[sq][l] = other.stack[sq][l];
    }
    for (int sq = 0; sq < SQ; sq++) {
        int h = v.height[sq];
        for (int d = 0; d < LEVELS && d < h; d++) {
            const alea_plateau_piece *pc = &v.stack[sq][h - 1 - d];
            float *ch = out + (size_t)d * PER_LEVEL * SQ + sq;
            ch[(size_t)(pc->owner == me ? 0 : 1) * SQ] = 1.0f;
            one_hot(ch + (size_t)2 * SQ, pc->type, ALEA_PLATEAU_PIECE_TYPES);
            one_hot(ch + (size_t)10 * SQ, pc->up, 4);
            one_hot(ch + (size_t)15 * SQ, pc->down, 4);
        }
        out[STACKS * SQ + sq] = (float)h / 24.0f;
        for (int l = 0; l < h; l++)
            out[(STACKS + (v.stack[sq][l].owner == me ? 1 : 2)) * SQ + sq] += 1.0f / 12.0f;
    }
    for (int t = 0; t < ALEA_PLATEAU_PIECE_TYPES; t++) {
        out[RESERVE + t] = seat == ALEA_OBSERVER_PUBLIC ? 0.0f : (float)v.reserve[me][t] / 4.0f;
        out[RESERVE + 7 + t] = v.reserve[opp][t] > 0 ? (float)v.reserve[opp][t] / 4.0f : 0.0f;
        out[PRISONERS + t] = (float)v.prisoners[me][t] / 4.0f;
        out[PRISONERS + 7 + t] = (float)v.prisoners[opp][t] / 4.0f;
        out[OFFER + t] = (float)v.offer[t] / 4.0f;
    }
    out[RESERVE + 14] = 1.0f; /* the other seat's reserve is never known (R11) */
    out[RESERVE + 15] = (float)v.reserve_size[me] / 12.0f;
    out[RESERVE + 16] = (float)v.reserve_size[opp] / 12.0f;
    out[OFFER + 7] = (float)v.offer_value / 100.0f;
    if (v.phase >= 0 && v.phase < 4)
        out[PHASE + v.phase] = 1.0f;
    if (v.to_act == me)
        out[TO_ACT] = 1.0f;
    else if (v.to_act == opp)
        out[TO_ACT + 1] = 1.0f;
    out[COUNTERS] = (float)v.passes / 2.0f;
    out[COUNTERS + 1] = (float)v.min_offer / 100.0f;
    out[COUNTERS + 2] = v.max_plies > 0 ? (float)v.plies / (float)v.max_plies : 0.0f;
}
