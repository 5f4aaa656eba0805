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
 *
 * In a match (up to BG_MET_MAX points) the same mixture is taken in match
 * winning chances (met.h): the dead cube's chance from the match equity
 * table at the game's gammon shares, the live cube's from the continuous
 * model at this score, and the result expressed in cube units again (the
 * chance of losing the cube's points -1, of winning them +1).
 */
#include "backgammon/met.h"
#include "backgammon/net.h"
#include "backgammon/search.h"

#include <string.h>

/* Janowski's cube efficiency: how much of a live cube's worth a real cube
   keeps (0 dead, 1 perfectly live); about 0.6 to 0.7 in contact play.
   Other values, and others for races or for answering a double, did no
   better on gnubg's judgement (doc/bots.md "Cube play of the expert
   level"). */
#define CUBE_X 0.68

/* A money cube decision closer than this (equity) to its threshold at the
   level's plies is taken from probabilities one ply deeper (doc/bots.md
   "Cube play of the expert level"): about one decision in twelve. */
#define CLOSE_MARGIN 0.1

enum { CUBE_CENTRED, CUBE_MINE, CUBE_THEIRS };

/* Cubeful equity (cube units) of the player whose probabilities these are,
   the cube centred, his or his opponent's. */
static double cubeful(const double probs[5], int owner, double cube_x) {
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
    return (1.0 - cube_x) * alea__bg_equity(probs) + cube_x * live;
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

/* A match decision: the game from the view of the player to act, the
   table filled up to its score. */
typedef struct match_cube {
    bg_met met;
    bg_match_game g;
    long c;      /* the cube before the decision */
    double p, x; /* the chance to win the game, the cube efficiency */
} match_cube;

static bool in_match(const bg_state *s) {
    return s->mode == BG_MODE_MATCH && s->length <= BG_MET_MAX;
}

static void match_start(match_cube *m, const bg_state *s, int me, const double probs[5], double x) {
    double p = probs[0], q = 1.0 - p;
    int a = (int)(s->length - s->score[me]), b = (int)(s->length - s->score[1 - me]);
    alea__bg_met_fill(&m->met, a > b ? a : b);
    m->g.met = &m->met;
    m->g.a = a, m->g.b = b;
    m->g.stage = (s->flags & BG_FLAG_CRAWFORD) ? BG_MET_CRAWFORD
                 : post_crawford(s)            ? BG_MET_POST
                                               : BG_MET_PRE;
    m->g.max_cube = 1L << s->max_cube_log;
    /* the shares of this game's wins and losses that are gammons and backgammons */
    m->g.win[2] = p > 1e-7 ? probs[2] / p : 0.0;
    m->g.win[1] = p > 1e-7 ? (probs[1] - probs[2]) / p : 0.0;
    m->g.lose[2] = q > 1e-7 ? probs[4] / q : 0.0;
    m->g.lose[1] = q > 1e-7 ? (probs[3] - probs[4]) / q : 0.0;
    m->g.win[0] = 1.0 - m->g.win[1] - m->g.win[2];
    m->g.lose[0] = 1.0 - m->g.lose[1] - m->g.lose[2];
    m->c = 1L << s->cube_log;
    m->p = p, m->x = x;
}

/* A match winning chance in cube units of the cube before the decision. */
static double match_units(const match_cube *m, double mwc) {
    double lo = alea__bg_met_after(&m->g, -m->c), hi = alea__bg_met_after(&m->g, m->c);
    return hi > lo ? 2.0 * (mwc - lo) / (hi - lo) - 1.0 : 0.0;
}

/* The cubeful match chance with the cube at c, owned as met.h says. */
static double match_cubeful(const match_cube *m, long c, int owner) {
    return (1.0 - m->x) * alea__bg_met_dead(&m->g, c, m->p) +
           m->x * alea__bg_met_live(&m->g, c, owner, m->p);
}

/* The match value (cube units) of one cube or resignation action. */
static double match_value(const match_cube *m, const bg_state *s, int me, uint64_t action) {
    int own = s->cube_owner == BG_CENTRE ? BG_CUBE_CENTRED
              : s->cube_owner == me      ? BG_CUBE_X
                                         : BG_CUBE_Y;
    long c = m->c;
    double v;
    switch (bg_kind(action)) {
    case ALEA_BACKGAMMON_DOUBLE: { /* §7.3: the opponent takes (owning 2c) or drops */
        double take = match_cubeful(m, 2 * c, BG_CUBE_Y), drop = alea__bg_met_after(&m->g, c);
        v = take < drop ? take : drop;
        break;
    }
    case ALEA_BACKGAMMON_TAKE: /* owning 2c */
        v = match_cubeful(m, 2 * c, BG_CUBE_X);
        break;
    case ALEA_BACKGAMMON_DROP:
        v = alea__bg_met_after(&m->g, -c);
        break;
    case ALEA_BACKGAMMON_RESIGN: /* §6: level L of the cube's points, if accepted */
        v = alea__bg_met_after(&m->g, -(long)(action & BG_PAYLOAD_MASK) * c);
        break;
    case ALEA_BACKGAMMON_ACCEPT:
        v = alea__bg_met_after(&m->g, (long)s->resign * c);
        break;
    default: /* roll, reject: play on */
        v = match_cubeful(m, c, own);
        break;
    }
    return match_units(m, v);
}

static void fill(alea_ranked_action *out, double value, const double probs[5], int plies) {
    out->value = value;
    out->plies = plies;
    out->detail_count = 6;
    memcpy(out->details, probs, 5 * sizeof *probs);
    out->details[5] = alea__bg_equity(probs);
}

/* Match play (§7.4): the values from the match equity table; the
   post-Crawford trailer doubles at once, his cube being free. */
static bool rank_match(const bg_state *s, int me, const double probs[5], double x,
                       const uint64_t *legal, size_t n, int plies, alea_ranked_action *out) {
    match_cube m;
    match_start(&m, s, me, probs, x);
    for (size_t i = 0; i < n; i++) {
        int kind = bg_kind(legal[i]);
        double v;
        if (kind < ALEA_BACKGAMMON_ROLL || kind > ALEA_BACKGAMMON_REJECT ||
            kind == ALEA_BACKGAMMON_BEAVER)
            return false;
        v = match_value(&m, s, me, legal[i]);
        if (kind == ALEA_BACKGAMMON_DOUBLE && alea__bg_met_cube_dead(&m.g, m.c))
            v = match_value(&m, s, me, (uint64_t)ALEA_BACKGAMMON_ROLL << BG_KIND_SHIFT) -
                1e-3; /* no gain */
        else if (kind == ALEA_BACKGAMMON_DOUBLE && post_crawford(s) &&
                 s->score[me] + 1 != s->length)
            v = 1.0 + 1e-3;
        fill(&out[i], v, probs, plies);
    }
    return true;
}

/* How far from its threshold a money decision is (equity, cube units of
   the cube before it): doubling against not doubling for the player on
   roll (phase CUBE), taking against dropping for the doubled player (TAKE)
   or for the doubler facing a beaver (BEAVERED); large when there is no
   such decision. */
static double money_margin(const bg_state *s, const double probs[5], const double played[5],
                           int own, double x) {
    double d;
    switch (s->phase) {
    case BG_CUBE: {
        double take = 2.0 * cubeful(probs, CUBE_THEIRS, x);
        d = (take < 1.0 ? take : 1.0) - cubeful(played, own, x);
        break;
    }
    case BG_TAKE:
        d = 2.0 * cubeful(probs, CUBE_MINE, x) + 1.0;
        break;
    case BG_BEAVERED:
        d = 4.0 * cubeful(probs, CUBE_THEIRS, x) + 2.0;
        break;
    default:
        return 1e9;
    }
    return d < 0 ? -d : d;
}

bool alea__bg_rank_cube(const alea_state *st, const uint64_t *legal, size_t n, int plies,
                        alea_ranked_action *out) {
    const bg_state *s = bg_cof(st);
    int me = alea__bg_to_act(s), own;
    double probs[5], played[5], x = CUBE_X;
    if (me < 0 || s->phase == BG_MOVE)
        return false;
    probs_of(s, me, plies, probs);
    if (in_match(s))
        return rank_match(s, me, probs, x, legal, n, plies, out);
    memcpy(played, probs, sizeof probs);
    jacoby(s, played);
    own = s->cube_owner == BG_CENTRE ? CUBE_CENTRED : s->cube_owner == me ? CUBE_MINE : CUBE_THEIRS;
    /* A close decision is looked at again one ply deeper (money play). */
    if (plies >= 1 && plies < ALEA_BOT_MAX_PLIES && (s->opt & BG_OPT_CUBE) &&
        money_margin(s, probs, played, own, x) < CLOSE_MARGIN) {
        probs_of(s, me, ++plies, probs);
        memcpy(played, probs, sizeof probs);
        jacoby(s, played);
    }
    for (size_t i = 0; i < n; i++) {
        int kind = bg_kind(legal[i]);
        double v;
        switch (kind) {
        case ALEA_BACKGAMMON_ROLL: /* play on with the cube where it is */
            v = (s->opt & BG_OPT_CUBE) ? cubeful(played, own, x) : alea__bg_equity(played);
            break;
        case ALEA_BACKGAMMON_DOUBLE: { /* §7.3: the opponent takes (owning 2v), drops or beavers */
            double take = 2.0 * cubeful(probs, CUBE_THEIRS, x);
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
            v = s->phase == BG_BEAVERED ? 4.0 * cubeful(probs, CUBE_THEIRS, x)
                                        : 2.0 * cubeful(probs, CUBE_MINE, x);
            if (post_crawford(s) && s->phase == BG_TAKE)
                v = 1.0; /* the leader takes the trailer's free double */
            break;
        case ALEA_BACKGAMMON_DROP: /* §7.3: the cube before the double is lost */
            v = s->phase == BG_BEAVERED ? -2.0 : -1.0;
            break;
        case ALEA_BACKGAMMON_BEAVER: { /* keeps the cube at 4v, or wins 2v if dropped */
            double keep = 4.0 * cubeful(probs, CUBE_MINE, x);
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
            v = (s->opt & BG_OPT_CUBE) ? cubeful(played, own, x) : alea__bg_equity(played);
            break;
        default:
            return false;
        }
        fill(&out[i], v, probs, plies);
    }
    return true;
}
