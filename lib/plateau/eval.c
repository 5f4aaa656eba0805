/*
 * Plateau: the static evaluation behind the ply bot (search.c).  It reads a
 * whole state, so the search gives it only states re-dealt from the seat's
 * observation (R11, observe.c), never the true hidden faces.
 *
 * The unit is a prisoner: six of them win (R10.2), as does a unit of six
 * (R10.1).  For each seat X the terms are
 *   - the prisoners X holds (R10.2), more at 4 and 5, and a little for their
 *     exchange value (R9: a valuable prisoner buys back several pieces);
 *   - X's threats: the most X could capture with one move, a stomp over
 *     pinned pieces (R7.13) or a coloured leader landing on an enemy top
 *     within its range (R7.4, R7.5, R7.11, R8.2: as many as the group, the
 *     enemy pieces of the target counted), nearly whole for the seat to move
 *     (it takes them next) and at a discount for the other (who is answered
 *     first), plus a share of the second threat on another square;
 *   - the longest unit of X anywhere (R10.1), which one onboarding inside
 *     it completes (R6.2, R6.3);
 *   - the squares X tops (mobility, pins).
 * A seat to move that can win at once (a unit of five and a reserve piece,
 * or a capture with five prisoners) is valued as nearly won.  The weights
 * are hand-set and were tuned by short tournaments (doc/bots.md "Plateau").
 */
#include "core/bytes.h"
#include "plateau/search.h"

/* Weights, in prisoners. */
#define W_PRISONER 1.0
#define W_PRISONER_4 0.25     /* the fourth prisoner's extra weight */
#define W_PRISONER_5 0.6      /* the fifth's: one capture from the win */
#define W_VALUE 0.012         /* per point of exchange value held (R2.1) */
#define W_THREAT_TO_MOVE 0.85 /* the best capture of the seat to move */
#define W_THREAT_WAITING 0.35 /* the best capture of the other seat */
#define W_THREAT_SECOND 0.15  /* a second threat on another square */
#define W_TOP 0.04            /* per square topped */
#define W_NEAR_WIN 8.0        /* the seat to move wins with its next move */
#define W_FIVE_WAITING 1.5    /* a unit of five and a reserve, not to move */
static const double w_unit[PL_SIX] = {0.0, 0.0, 0.05, 0.15, 0.4, 0.9};

/* Per seat: what the terms need, found in one pass over the board. */
typedef struct side {
    int tops;         /* squares topped */
    int unit;         /* the longest unit anywhere (R1.4, R10.1) */
    int best, second; /* the two best captures from different squares */
    uint32_t topped;  /* bit sq: topped by this seat */
} side;

static void add_threat(side *x, int amount) {
    if (amount > x->best) {
        x->second = x->best;
        x->best = amount;
    } else if (amount > x->second) {
        x->second = amount;
    }
}

/* Score of seat `me` in prisoners (positive: ahead), for a running game. */
double alea__pl_lead(const pl_state *s, int me) {
    side d[2] = {{0}, {0}};
    int enemies[2][PL_SQUARES]; /* [X][sq]: pieces of X's opponent in stack sq */
    int unit_at[PL_SQUARES], below[PL_SQUARES];
    for (int sq = 0; sq < PL_SQUARES; sq++) {
        int h = s->height[sq], run = 0, owner = -1, count[2] = {0, 0};
        unit_at[sq] = below[sq] = 0;
        for (int i = 0; i < h; i++) {
            int o = pl_owner(s->stack[sq][i]);
            count[o]++;
            run = o == owner ? run + 1 : 1;
            owner = o;
            if (run > d[o].unit)
                d[o].unit = run;
        }
        enemies[0][sq] = count[1];
        enemies[1][sq] = count[0];
        if (h == 0)
            continue;
        d[owner].tops++;
        d[owner].topped |= 1u << sq;
        unit_at[sq] = run;
        below[sq] = count[1 - owner]; /* every enemy piece lies below the top unit */
    }
    for (int sq = 0; sq < PL_SQUARES; sq++) {
        int h = s->height[sq];
        if (h == 0)
            continue;
        uint8_t top = s->stack[sq][h - 1];
        int x = pl_owner(top), n = unit_at[sq], ps = pl_pstate(top);
        int faces = alea__pl_two_faced(pl_type(top)) ? 2 : 1; /* R7.3: a flip first */
        uint32_t enemy_tops = d[1 - x].topped;
        int range = n < 3 ? n : 3;
        for (int f = 0; f < faces; f++) {
            int face = alea__pl_face(ps ^ f);
            if (face == PL_BLANK)
                continue;      /* R7.11, R8.1: a blank leader captures nothing */
            if (below[sq] > 0) /* R7.13: a stomp */
                add_threat(&d[x], n < below[sq] ? n : below[sq]);
            for (uint32_t t = alea__pl_reach[sq][face][range] & enemy_tops; t; t &= t - 1) {
                int target = alea__low_bit(t), e = enemies[x][target];
                add_threat(&d[x], n < e ? n : e);
            }
        }
    }
    double score = 0.0;
    int mover = s->to_act;
    for (int x = 0; x < 2; x++) {
        const side *a = &d[x];
        int held = alea__pl_set_size(s->prisoners[x]);
        double v = W_PRISONER * held + W_VALUE * alea__pl_set_value(s->prisoners[x]);
        bool reserve = alea__pl_set_size(s->reserve[x]) > 0;
        if (held >= 4)
            v += W_PRISONER_4;
        if (held >= 5)
            v += W_PRISONER_5;
        v += w_unit[a->unit < PL_SIX ? a->unit : PL_SIX - 1] + W_TOP * a->tops;
        if (x == mover && s->phase == PL_PLAY &&
            ((a->unit >= PL_SIX - 1 && reserve) || held + a->best >= PL_SIX))
            v += W_NEAR_WIN; /* R10.1 by an onboarding, or R10.2 by a capture */
        else if (x != mover && a->unit >= PL_SIX - 1 && reserve)
            v += W_FIVE_WAITING;
        v += (x == mover ? W_THREAT_TO_MOVE : W_THREAT_WAITING) * a->best +
             W_THREAT_SECOND * a->second;
        score += x == me ? v : -v;
    }
    return score;
}

/* Value for seat `me` on the scale of alea_result::returns: a finished game
   its result, a running one its score squashed into (-1, 1). */
double alea__pl_worth(const pl_state *s, int me) {
    double x;
    if (s->phase == PL_OVER) {
        if (s->result == ALEA_PLATEAU_RESULT_DRAW)
            return 0.0;
        return s->result - ALEA_PLATEAU_RESULT_BLACK == me ? 1.0 : -1.0;
    }
    x = alea__pl_lead(s, me) / 3.0;
    /* a rational squash: cheap, odd, monotone, |value| < 1 */
    return x / (1.0 + (x < 0 ? -x : x));
}
