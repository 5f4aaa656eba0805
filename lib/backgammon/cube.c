/*
 * Backgammon: cube and resignation decisions from the trained evaluator
 * (doc/bots.md "Cube").  Rule numbers §x.y refer to doc/rules/backgammon.md.
 *
 * The network gives cubeless probabilities; the cube's worth follows Rick
 * Janowski's model ("Take-points in money games", 1993): the cubeful equity
 * is the cubeless (dead cube) equity and a fully live cube's equity mixed by
 * the cube efficiency x,
 *
 *     E = (1 - x) E_dead + x E_live,
 *
 * where E_live is piecewise linear in the chance p to win, through -L at
 * p = 0 and W at p = 1 (L, W: the average loss and win, gammons included),
 * -1 at the live take point TP = (L - 1/2) / (W + L + 1/2) and +1 at the
 * cash point CP = (L + 1) / (W + L + 1/2), whichever of them the cube's owner
 * can use.  Every value here is a cube unit of the cube before the decision.
 */
#include "backgammon/net.h"
#include "backgammon/search.h"

#include <string.h>

/* Janowski's cube efficiency: how much of a live cube's worth a real cube
   keeps (0 dead, 1 perfectly live); about 0.6 to 0.7 in contact play. */
#define CUBE_X 0.68

enum { CUBE_CENTRED, CUBE_MINE, CUBE_THEIRS };

/* Cubeful equity (cube units) of the player whose probabilities these are,
   the cube centred, his or his opponent's. */
static double cubeful(const double probs[5], int owner) {
    double p = probs[0], q = 1.0 - p;
    double w = p > 1e-7 ? 1.0 + (probs[1] + probs[2]) / p : 1.0;
    double l = q > 1e-7 ? 1.0 + (probs[3] + probs[4]) / q : 1.0;
    double x[4], e[4], live;
    int k = 0, i = 0;
    /* the live line's knots: (0, -L), his take point (-1) when the opponent
       may double him, his cash point (+1) when he may double, (1, W) */
    x[k] = 0, e[k++] = -l;
    if (owner != CUBE_MINE)
        x[k] = (l - 0.5) / (w + l + 0.5), e[k++] = -1;
    if (owner != CUBE_THEIRS)
        x[k] = (l + 1.0) / (w + l + 0.5), e[k++] = 1;
    x[k] = 1, e[k++] = w;
    while (i + 2 < k && p > x[i + 1])
        i++;
    live = x[i + 1] > x[i] ? e[i] + (e[i + 1] - e[i]) * (p - x[i]) / (x[i + 1] - x[i]) : e[i];
    return (1.0 - CUBE_X) * alea__bg_equity(probs) + CUBE_X * live;
}

/* Gammons count single under Jacoby while the cube is centred (§6). */
static void jacoby(const bg_state *s, double probs[5]) {
    if (s->mode == BG_MODE_MONEY && (s->opt & BG_OPT_JACOBY) && s->cube_owner == BG_CENTRE)
        probs[1] = probs[2] = probs[3] = probs[4] = 0;
}

/* The post-Crawford game of a match (§7.4): the leader needs one point. */
static bool post_crawford(const bg_state *s) {
    if (s->mode != BG_MODE_MATCH || (s->flags & BG_FLAG_CRAWFORD))
        return false;
    return s->score[0] + 1 == s->length || s->score[1] + 1 == s->length;
}

/* The probabilities of `player` before the roll of the player on roll, at
   the search's depth. */
static void probs_of(const bg_state *s, int player, int plies, double probs[5]) {
    bg_side side;
    alea__bg_side(&side, s, s->turn);
    alea__bg_ply_probs(&side, plies, probs);
    if (player != s->turn)
        alea__bg_probs_flip(probs);
}

static void fill(alea_ranked_action *out, double value, const double probs[5], int plies) {
    out->value = value;
    out->plies = plies;
    out->detail_count = 6;
    memcpy(out->details, probs, 5 * sizeof *probs);
    out->details[5] = alea__bg_equity(probs);
}

bool alea__bg_rank_cube(const alea_state *st, const uint64_t *legal, size_t n, int plies,
                        alea_ranked_action *out) {
    const bg_state *s = bg_cof(st);
    int me = alea__bg_to_act(s), own;
    double probs[5], played[5];
    if (me < 0 || s->phase == BG_MOVE)
        return false;
    probs_of(s, me, plies, probs);
    memcpy(played, probs, sizeof probs);
    jacoby(s, played);
    own = s->cube_owner == BG_CENTRE ? CUBE_CENTRED : s->cube_owner == me ? CUBE_MINE : CUBE_THEIRS;
    for (size_t i = 0; i < n; i++) {
        int kind = bg_kind(legal[i]);
        double v;
        switch (kind) {
        case ALEA_BACKGAMMON_ROLL: /* play on with the cube where it is */
            v = (s->opt & BG_OPT_CUBE) ? cubeful(played, own) : alea__bg_equity(played);
            break;
        case ALEA_BACKGAMMON_DOUBLE: { /* §7.3: the opponent takes (owning 2v), drops or beavers */
            double take = 2.0 * cubeful(probs, CUBE_THEIRS);
            bool beaver = s->mode == BG_MODE_MONEY && (s->opt & BG_OPT_BEAVERS) &&
                          s->cube_log + 2 <= s->max_cube_log && take < 0;
            v = beaver ? 2.0 * take : take < 1.0 ? take : 1.0;
            if (post_crawford(s) && s->score[me] + 1 != s->length)
                v = 1.0 + 1e-3; /* the trailer's cube is free: double at once */
            break;
        }
        case ALEA_BACKGAMMON_TAKE:
            /* the doubled player owns 2v; after a beaver the doubler takes 4v
               that the beaverer owns */
            v = s->phase == BG_BEAVERED ? 4.0 * cubeful(probs, CUBE_THEIRS)
                                        : 2.0 * cubeful(probs, CUBE_MINE);
            if (post_crawford(s) && s->phase == BG_TAKE)
                v = 1.0; /* the leader takes the trailer's free double */
            break;
        case ALEA_BACKGAMMON_DROP: /* §7.3: the cube before the double is lost */
            v = s->phase == BG_BEAVERED ? -2.0 : -1.0;
            break;
        case ALEA_BACKGAMMON_BEAVER: { /* keeps the cube at 4v, or wins 2v if dropped */
            double keep = 4.0 * cubeful(probs, CUBE_MINE);
            v = keep < 2.0 ? keep : 2.0;
            break;
        }
        case ALEA_BACKGAMMON_RESIGN: /* §6: level L, if accepted */
            v = -(double)(legal[i] & BG_PAYLOAD_MASK);
            break;
        case ALEA_BACKGAMMON_ACCEPT: /* the resigner's offer: L now */
            v = (double)s->resign;
            break;
        case ALEA_BACKGAMMON_REJECT: /* play on */
            v = (s->opt & BG_OPT_CUBE) ? cubeful(played, own) : alea__bg_equity(played);
            break;
        default:
            return false;
        }
        fill(&out[i], v, probs, plies);
    }
    return true;
}
