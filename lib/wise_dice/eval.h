/*
 * Wise dice: the evaluation of positions behind the ply bot (search.c) and
 * its trainer (tests/tools/wd_fit.c); doc/bots.md "Wise dice: the fitted
 * evaluation".
 *
 * A position where a player is about to roll (W-5.1) is described by
 * features of each side; the points the roller will still gain on his
 * opponent before the end are estimated as a linear function of the
 * difference of those features (WD_EVAL_SIDE weights) plus a constant (the
 * worth of having the roll), fitted by least squares on self-play games.
 * The estimated final margin (points now plus that estimate) becomes a
 * chance to win through a logistic curve of scale `sigma`, fitted by
 * maximum likelihood on the same games.
 */
#ifndef ALEA_WISE_DICE_EVAL_H
#define ALEA_WISE_DICE_EVAL_H

#include "wise_dice/wd.h"

/* The features of one side (eval.c, alea__wd_side_features): */
enum {
    WD_F_ROW = 0,           /* 12: free pawns on each row, counted from the own home row */
    WD_F_UNDER_OWN = 12,    /* blocked pawns with an own pawn directly on top (W-1.5) */
    WD_F_UNDER_ENEMY = 13,  /* blocked pawns with an enemy pawn directly on top */
    WD_F_HOME_CLEAR = 14,   /* 1 when no own pawn is on the home row: exits allowed (W-7.8) */
    WD_F_EXIT_THREATS = 15, /* home row clear: free pawns in the opponent's half */
    WD_EVAL_SIDE = 16       /* features of a side */
};
#define WD_EVAL_WEIGHTS (WD_EVAL_SIDE + 1) /* the differences, then the roller's constant */

typedef struct wd_eval_weights {
    double w[WD_EVAL_WEIGHTS];
    double sigma; /* points: the scale of the logistic curve */
} wd_eval_weights;

/* The weights in the library (weights.c, written by alea-wd-fit). */
extern const wd_eval_weights alea__wd_weights;

/* The features of `player`'s side of the position. */
void alea__wd_side_features(const wd_state *s, const wd_board *b, int player,
                            double f[WD_EVAL_SIDE]);
/* The inputs of the fit for a position with `roller` to roll: his side's
   features less his opponent's, then 1. */
void alea__wd_inputs(const wd_state *s, int roller, double x[WD_EVAL_WEIGHTS]);
/* The points `roller` is estimated to gain on his opponent from here on. */
double alea__wd_future_margin(const wd_state *s, int roller, const wd_eval_weights *w);

/* A value and the final point margin it stands for, both for one player. */
typedef struct wd_value {
    double value;  /* expected return: 2 P(win) + P(draw) - 1, in [-1, 1] */
    double margin; /* estimated final score difference */
} wd_value;

/* The static value for `me` of a position where someone is to roll, or of
   a finished game: the fitted curve; in a final turn (W-10.2) the chance
   that the roller's last moves overtake (a rough count of the points one
   move makes). */
wd_value alea__wd_static_value(const wd_state *s, int me, const wd_eval_weights *w);

/* ---- the search (search.c) ---- */

/* The value for `me` of a position (ROLL phase or over) at `plies`: 0 is
   the static value; n averages over the 126 rolls the (n-1)-ply value after
   the roller's best move, which he picks at 0-ply. */
wd_value alea__wd_search_value(const wd_state *s, int me, int plies, const wd_eval_weights *w);
/* The 0-ply choice of the player to move in a MOVE state, with weights w
   (used by the trainer's self-play): the index in legal[]. */
size_t alea__wd_best_move(const wd_state *s, const uint64_t *legal, size_t n,
                          const wd_eval_weights *w);
/* Carries out the legal action of a MOVE state (a move or a pass). */
void alea__wd_play(wd_state *s, uint64_t action);

bool alea__wd_rank(const alea_state *st, const uint64_t *legal, size_t n,
                   const alea__rank_params *p, alea_ranked_action *out);

#define WD_LEVEL_COUNT 5
extern const alea__bot_level alea__wd_levels[WD_LEVEL_COUNT];

#endif /* ALEA_WISE_DICE_EVAL_H */
