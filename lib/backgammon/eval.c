/*
 * Backgammon: a static evaluator (the chance to win the current game from the
 * position alone) and the heuristic bot's policy built on it.  Hand-set
 * weights, no tables, no search: cheap enough for every leaf of a search.
 * Rule numbers §x.y refer to doc/rules/backgammon.md; points are in each
 * player's own numbering (§1: 1..24 from his ace point, bar 25, off 0).
 */
#include "backgammon/eval.h"
#include "core/fmath.h"
#include "core/games.h"

#include <string.h>

/* Rolls out of 36 that hit a blot at this distance from a single shooter,
   ignoring blocked points (the usual table). */
static const int hit_rolls[25] = {0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3,
                                  0, 0, 1,  1,  0,  1,  0,  1,  0, 0, 0, 1};

/* Value of a made point (two or more checkers, §1) by where it is: the home
   board and the bar point block the opponent's escape (§5.1: a point with two
   checkers cannot be landed on); anchors in the opponent's home (19..24) keep
   a way in. */
static const double point_value[25] = {
    0,    0.05, 0.10, 0.20, 0.30, 0.40, 0.35, 0.30, 0.15, 0.10, 0.08, 0.05, 0.03,
    0.03, 0.03, 0.03, 0.03, 0.03, 0.08, 0.10, 0.18, 0.20, 0.08, 0.08, 0.08};

/* Bonus for the longest run of consecutive made points (a prime) with an
   opponent checker still behind it. */
static const double prime_value[7] = {0, 0, 0.05, 0.15, 0.35, 0.60, 1.00};

static double logistic(double x) {
    return 1.0 / (1.0 + alea__exp(-x));
}

/* Lowest point (in v's numbering) holding an opponent checker: the
   opponent's rearmost checker, 0 if one is on the bar, 25 if none is left. */
static int opp_back(const bg_side *v) {
    if (v->opp_bar)
        return 0;
    for (int j = 1; j <= 24; j++)
        if (v->opp[j])
            return j;
    return 25;
}

/* Chance that a blot on point i is hit next roll (opponent checkers move up
   in this numbering, entering from 0). */
static double hit_chance(const bg_side *v, int i) {
    double miss = 1.0;
    if (v->opp_bar && i <= 24)
        miss *= 1.0 - hit_rolls[i] / 36.0;
    for (int j = 1; j < i; j++)
        if (v->opp[j] && i - j <= 24)
            miss *= 1.0 - hit_rolls[i - j] / 36.0;
    return 1.0 - miss;
}

/* One side's position features, good for its owner: made points, the prime,
   stacking, blots (weighted by `exposure`: 1 when the opponent rolls next),
   checkers on the bar against the opponent's home board, checkers off (§6). */
static double side_value(const bg_side *v, double exposure) {
    double val = 0.0;
    int back = opp_back(v), run = 0, best = 0, best_end = 0, closed = 0;
    for (int i = 1; i <= 24; i++) {
        if (v->me[i] >= 2) {
            val += point_value[i];
            if (++run > best) {
                best = run;
                best_end = i;
            }
        } else {
            run = 0;
        }
        if (v->me[i] > 3)
            val -= 0.04 * (v->me[i] - 3);
        if (v->me[i] == 1 && back < i)
            val -= exposure * hit_chance(v, i) * (0.10 + 0.02 * (25 - i));
        if (i >= 19 && v->opp[i] >= 2)
            closed++; /* the opponent's home point blocks my entry (§5.1) */
    }
    if (best >= 2 && back < best_end - best + 1)
        val += prime_value[best > 6 ? 6 : best];
    val -= v->me[BG_BAR] * (0.10 + 0.12 * closed);
    val += 0.02 * v->me[BG_OFF];
    return val;
}

/* Pips plus the Keith count's wastage terms: checkers stacked low and gaps
   on the high home points make a bear-off slower than its pips say. */
static double race_pips(const bg_side *v) {
    double p = 0;
    for (int i = 1; i <= 25; i++)
        p += i * v->me[i];
    p += 2.0 * (v->me[1] > 1 ? v->me[1] - 1 : 0) + (v->me[2] > 1 ? v->me[2] - 1 : 0) +
         (v->me[3] > 3 ? v->me[3] - 3 : 0);
    for (int i = 4; i <= 6; i++)
        p += v->me[i] == 0;
    return p * 8.0 / 7.0;
}

double alea__bg_win_chance(const bg_state *s, int player) {
    bg_side me, them;
    int on_roll = s->phase == BG_OPENING ? -1 : s->turn;
    double tempo = on_roll < 0 ? 0 : on_roll == player ? 1 : -1;
    int my_back = 0;
    alea__bg_side(&me, s, player);
    alea__bg_side(&them, s, 1 - player);
    if (me.me[BG_OFF] == BG_CHECKERS)
        return 1.0;
    if (them.me[BG_OFF] == BG_CHECKERS)
        return 0.0;
    for (int i = 25; i >= 1 && !my_back; i--)
        if (me.me[i])
            my_back = i;
    if (my_back < opp_back(&me)) {
        /* No contact left: a race, won by the shorter effective pip count;
           being on roll is worth about half a roll (4 pips). */
        double a = race_pips(&me), b = race_pips(&them);
        return logistic(1.65 * (b - a + 4.0 * tempo) / alea__sqrt(a + b + 1.0));
    } else {
        double pa = 0, pb = 0, x;
        for (int i = 1; i <= 25; i++) {
            pa += i * me.me[i];
            pb += i * them.me[i];
        }
        /* The side that rolls next can hit; the other side's blots are exposed. */
        x = side_value(&me, tempo < 0 ? 1.0 : 0.3) - side_value(&them, tempo > 0 ? 1.0 : 0.3) +
            0.012 * (pb - pa) + 0.10 * tempo;
        return logistic(1.2 * x);
    }
}

double alea__bg_evaluate(const alea_state *st, int player) {
    return 2.0 * alea__bg_win_chance(bg_cof(st), player) - 1.0;
}

static bool pick(const uint64_t *legal, size_t n, int kind, uint64_t *out) {
    for (size_t i = 0; i < n; i++) {
        if (bg_kind(legal[i]) == kind) {
            *out = legal[i];
            return true;
        }
    }
    return false;
}

/* Cube thresholds (§7.3) from the win chance alone: double from 70 %, take
   while the taker keeps 25 % (the money-play take point without gammons). */
#define DOUBLE_FROM 0.70
#define TAKE_FROM 0.25

bool alea__bg_advise(const alea_state *st, const uint64_t *legal, size_t n, uint64_t *out) {
    const bg_state *s = bg_cof(st);
    int me = alea__bg_to_act(s);
    double best = -1.0;
    bool found = false;
    if (me < 0)
        return false;
    switch (s->phase) {
    case BG_CUBE: /* §7.3: double before rolling, or roll */
        if (alea__bg_win_chance(s, me) >= DOUBLE_FROM && pick(legal, n, ALEA_BACKGAMMON_DOUBLE, out))
            return true;
        return pick(legal, n, ALEA_BACKGAMMON_ROLL, out);
    case BG_TAKE:     /* §7.3: the doubled player; never beavers */
    case BG_BEAVERED: /* §7.3: the doubler answers a beaver the same way */
        return pick(legal, n,
                    alea__bg_win_chance(s, me) >= TAKE_FROM ? ALEA_BACKGAMMON_TAKE
                                                            : ALEA_BACKGAMMON_DROP,
                    out);
    case BG_RESIGN: /* §6: a resignation ends the game in our favour now */
        return pick(legal, n, ALEA_BACKGAMMON_ACCEPT, out);
    case BG_MOVE: /* §5: one ply over the distinct resulting positions; never resigns */
        for (size_t i = 0; i < n; i++) {
            alea_state next;
            double p;
            if (bg_kind(legal[i]) != ALEA_BACKGAMMON_MOVE)
                continue;
            memcpy(&next, st, sizeof(bg_state));
            alea__backgammon_game.apply(&next, legal[i]);
            if (bg_cof(&next)->games_played != s->games_played) /* bore off the last (§6) */
                p = bg_cof(&next)->last_winner == me ? 1.0 + 0.01 * bg_cof(&next)->last_mult : 0;
            else
                p = alea__bg_win_chance(bg_cof(&next), me);
            if (!found || p > best) {
                best = p;
                *out = legal[i];
                found = true;
            }
        }
        return found;
    default:
        return false;
    }
}
