/*
 * Wise dice: the features of a position and its static value (eval.h).
 * Rule numbers refer to doc/rules/wise_dice.md.
 */
#include "wise_dice/eval.h"
#include "core/fmath.h"

#include <string.h>

/* The row of `square` counted from `player`'s home row, 1..12 (W-2.2). */
static int rel_row(int player, int square) {
    int r = wd_row(square);
    return player == 0 ? r : WD_ROWS + 1 - r;
}

/* The pawn directly on top of `pawn` (W-1.4), or -1. */
static int pawn_above(const wd_state *s, int pawn) {
    for (int p = 0; p < WD_PAWNS; p++)
        if (s->sq[p] == s->sq[pawn] && s->height[p] == s->height[pawn] + 1)
            return p;
    return -1;
}

void alea__wd_side_features(const wd_state *s, const wd_board *b, int player,
                            double f[WD_EVAL_SIDE]) {
    int home = 0, far_free = 0;
    memset(f, 0, WD_EVAL_SIDE * sizeof *f);
    for (int p = player * 6; p < player * 6 + 6; p++) {
        if (s->sq[p] >= WD_SQUARES)
            continue;
        int r = rel_row(player, s->sq[p]);
        home += r == 1;
        if (wd_is_free(b, s, p)) {
            f[WD_F_ROW + r - 1] += 1;
            far_free += r >= 7; /* W-2.3: the opponent's half */
        } else if (pawn_above(s, p) / 6 == player) {
            f[WD_F_UNDER_OWN] += 1;
        } else {
            f[WD_F_UNDER_ENEMY] += 1;
        }
    }
    if (home == 0) { /* W-7.8: this side may exit */
        f[WD_F_HOME_CLEAR] = 1;
        f[WD_F_EXIT_THREATS] = far_free;
    }
}

void alea__wd_inputs(const wd_state *s, int roller, double x[WD_EVAL_WEIGHTS]) {
    wd_board b;
    double mine[WD_EVAL_SIDE], theirs[WD_EVAL_SIDE];
    alea__wd_board(s, &b);
    alea__wd_side_features(s, &b, roller, mine);
    alea__wd_side_features(s, &b, 1 - roller, theirs);
    for (int i = 0; i < WD_EVAL_SIDE; i++)
        x[i] = mine[i] - theirs[i];
    x[WD_EVAL_SIDE] = 1.0;
}

double alea__wd_future_margin(const wd_state *s, int roller, const wd_eval_weights *w) {
    double x[WD_EVAL_WEIGHTS], m = 0;
    alea__wd_inputs(s, roller, x);
    for (int i = 0; i < WD_EVAL_WEIGHTS; i++)
        m += w->w[i] * x[i];
    return m;
}

/* P(the largest of four dice >= t) for t in 1..6; 1 below, 0 above. */
static double p_max_at_least(int t) {
    if (t <= 1)
        return 1.0;
    if (t > 6)
        return 0.0;
    double q = (t - 1) / 6.0;
    return 1.0 - q * q * q * q;
}

/* A rough chance that the roller's final turn (W-10.2) makes at least t
   points in one move: the scoring die alone (the largest die, W-8.1), a
   crossing of the midline (+10, W-8.2) or an exit (+20, W-8.3, allowed by
   W-7.8), each more likely the more free pawns could make it. */
static double final_at_least(const wd_state *s, int roller, int t) {
    wd_board b;
    double f[WD_EVAL_SIDE], near = 0, far = 0, cross, exit;
    if (t <= 0)
        return 1.0;
    alea__wd_board(s, &b);
    alea__wd_side_features(s, &b, roller, f);
    for (int r = 3; r <= 6; r++)
        near += f[WD_F_ROW + r - 1];
    far = f[WD_F_EXIT_THREATS];
    cross = 0.6 * (1.0 - 1.0 / (1.0 + near));
    exit = 0.8 * (1.0 - 1.0 / (1.0 + far));
    double a = 0.95 * p_max_at_least(t), c = cross * p_max_at_least(t - 10),
           e = exit * p_max_at_least(t - 20);
    return 1.0 - (1.0 - a) * (1.0 - c) * (1.0 - e);
}

wd_value alea__wd_static_value(const wd_state *s, int me, const wd_eval_weights *w) {
    wd_value v;
    int roller = s->player, opp = 1 - roller;
    double lead = (double)s->score[roller] - (double)s->score[opp], p;
    if (s->phase == WD_PHASE_OVER) { /* W-10.4 */
        double d = (double)s->score[me] - (double)s->score[1 - me];
        v.value = d > 0 ? 1.0 : d < 0 ? -1.0 : 0.0;
        v.margin = d;
        return v;
    }
    if (s->final_turn) { /* the roller must make up -lead in his last moves */
        int gap = s->score[opp] - s->score[roller];
        double win = final_at_least(s, roller, gap + 1), tie = final_at_least(s, roller, gap);
        p = win + 0.5 * (tie - win);
        v.margin = lead;
    } else {
        v.margin = lead + alea__wd_future_margin(s, roller, w);
        p = 1.0 / (1.0 + alea__exp(-v.margin / w->sigma));
    }
    v.value = 2.0 * p - 1.0;
    if (me != roller) {
        v.value = -v.value;
        v.margin = -v.margin;
    }
    return v;
}
