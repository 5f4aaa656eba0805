/*
 * Backgammon: the match equity table and match-play cube values (met.h,
 * doc/bots.md "Match equity").
 *
 * The continuous cube model: in a game whose win chance p moves without
 * jumps, the cube's owner doubles exactly at his opponent's take point, and
 * the chance to win the match is linear in p between the cube's two action
 * points (Keith's and Janowski's construction of take points in matches).
 * So each cube level is a pair of knots, found from the level above it, and
 * the top levels, where the cube can no longer matter, are dead: the line
 * from (0, L) to (1, W), the match chances of a lost and a won game.
 */
#include "backgammon/met.h"

#include <stdbool.h>
#include <stddef.h>

/* A piecewise linear function of p: v0 up to p0, then linear to v1 at p1,
   then v1. */
typedef struct knots {
    double p0, v0, p1, v1;
} knots;

static double at(const knots *k, double p) {
    if (p <= k->p0)
        return k->v0;
    if (p >= k->p1 || k->p1 - k->p0 < 1e-12)
        return k->v1;
    return k->v0 + (k->v1 - k->v0) * (p - k->p0) / (k->p1 - k->p0);
}

/* The least p with at(k, p) >= v (k increasing): 0 if always, 1 if never. */
static double solve(const knots *k, double v) {
    if (v <= k->v0)
        return 0.0;
    if (v >= k->v1 || k->p1 - k->p0 < 1e-12)
        return 1.0;
    return k->p0 + (k->p1 - k->p0) * (v - k->v0) / (k->v1 - k->v0);
}

double alea__bg_met_after(const bg_match_game *g, long k) {
    long a = g->a - (k > 0 ? k : 0), b = g->b - (k < 0 ? -k : 0);
    if (a <= 0)
        return 1.0;
    if (b <= 0)
        return 0.0;
    if (g->stage == BG_MET_PRE) /* §7.4: the first score 1 away starts the Crawford game */
        return g->met->pre[a - 1][b - 1];
    return a == 1 ? 1.0 - g->met->post[b - 1] : g->met->post[a - 1];
}

/* X's match chance when the game ends at cube c, won (sign +1) or lost. */
static double ends(const bg_match_game *g, long c, int sign) {
    const double *share = sign > 0 ? g->win : g->lose;
    double v = 0;
    for (int i = 0; i < 3; i++)
        v += share[i] * alea__bg_met_after(g, (long)sign * (i + 1) * c);
    return v;
}

/* No double can change the match any more: §7.4 the Crawford game, a cube
   at the limit, or every win already wins the match. */
bool alea__bg_met_cube_dead(const bg_match_game *g, long c) {
    return g->stage == BG_MET_CRAWFORD || c > g->max_cube / 2 || (c >= g->a && c >= g->b);
}

/* The knots of level c: the dead line, with X's double at Y's take point
   of level 2c (`y2`, Y owning it) and Y's at X's (`x2`), where given and
   better for the doubler than never doubling. */
static knots owned(const bg_match_game *g, long c, const knots *y2, const knots *x2) {
    knots k = {0.0, ends(g, c, -1), 1.0, ends(g, c, +1)}, line = k;
    if (y2) {
        double cash = alea__bg_met_after(g, c), cp = solve(y2, cash);
        if (cash >= at(&line, cp))
            k.p1 = cp, k.v1 = cash;
    }
    if (x2) {
        double drop = alea__bg_met_after(g, -c), tp = solve(x2, drop);
        if (drop <= at(&line, tp))
            k.p0 = tp, k.v0 = drop;
    }
    return k;
}

/* From the first dead level down to c: each level's knots, X's and Y's,
   from the level above. */
static knots level(const bg_match_game *g, long c, int owner) {
    int top = 0;
    knots kx, ky;
    while (!alea__bg_met_cube_dead(g, c << top))
        top++;
    kx = ky = owned(g, c << top, NULL, NULL);
    for (int i = top - 1; i >= 0; i--) {
        long ci = c << i;
        knots nx = owned(g, ci, &ky, NULL), ny = owned(g, ci, NULL, &kx);
        if (i == 0 && owner == BG_CUBE_CENTRED)
            return owned(g, ci, &ky, &kx);
        kx = nx, ky = ny;
    }
    return owner == BG_CUBE_Y ? ky : kx; /* a dead cube: the line either way */
}

double alea__bg_met_live(const bg_match_game *g, long c, int owner, double p) {
    knots k = level(g, c, owner);
    return at(&k, p);
}

double alea__bg_met_dead(const bg_match_game *g, long c, double p) {
    return p * ends(g, c, +1) + (1.0 - p) * ends(g, c, -1);
}

void alea__bg_met_fill(bg_met *m, int n) {
    const double gam = BG_MET_GAMMONS, bgm = BG_MET_BACKGAMMONS;
    bg_match_game g = {
        m, 0, 0, BG_MET_POST, 1L << 20, {1.0 - gam, gam - bgm, bgm}, {1.0 - gam, gam - bgm, bgm}};
    m->n = n;
    /* §7.4 after the Crawford game the trailer doubles at once; the leader
       takes or drops, whichever leaves the trailer less (the free drop) */
    m->post[0] = 0.5f;
    for (int t = 2; t <= n; t++) {
        g.a = t, g.b = 1;
        double take = 0.5 * ends(&g, 2, +1) + 0.5 * 0.0;
        double drop = alea__bg_met_after(&g, 1);
        m->post[t - 1] = (float)(take < drop ? take : drop);
    }
    /* the Crawford game: no cube */
    g.stage = BG_MET_CRAWFORD;
    m->pre[0][0] = 0.5f;
    for (int t = 2; t <= n; t++) {
        g.a = t, g.b = 1;
        m->pre[t - 1][0] = (float)alea__bg_met_dead(&g, 1, 0.5);
        m->pre[0][t - 1] = 1.0f - m->pre[t - 1][0];
    }
    /* before it, from the shortest scores up */
    g.stage = BG_MET_PRE;
    for (int s = 4; s <= 2 * n; s++)
        for (int a = 2; a <= n; a++) {
            int b = s - a;
            if (b < 2 || b > n)
                continue;
            g.a = a, g.b = b;
            m->pre[a - 1][b - 1] = (float)alea__bg_met_live(&g, 1, BG_CUBE_CENTRED, 0.5);
        }
}
