/*
 * Plateau: moving a stack (R7) and capturing (R8).  The generator and the
 * runner follow the same rules; the property tests check that check()
 * (which uses the runner) accepts exactly the listed actions.
 */
#include "plateau/pl.h"

#include <string.h>

int alea__pl_path(int origin, int target, int face, int range, int mid[2]) {
    const pl_geo *g = &alea__pl_geo[origin][target];
    mid[0] = g->mid[0];
    mid[1] = g->mid[1];
    if (face == PL_ORANGE) /* R7.8: a knight leap; the range does not matter (D4) */
        return g->kind == PL_GEO_KNIGHT ? 1 : -1;
    /* R7.4: red orthogonal, blue diagonal, blank either; at most N squares (R7.5) */
    static const uint8_t allowed[4] = {PL_GEO_ORTHO | PL_GEO_DIAG, PL_GEO_ORTHO, PL_GEO_DIAG, 0};
    if (!(g->kind & allowed[face & 3]) || g->dist > range)
        return -1;
    return g->dist - 1;
}

int alea__pl_geometry(int origin, int target, int mid[2]) {
    const pl_geo *g = &alea__pl_geo[origin][target];
    mid[0] = g->mid[0];
    mid[1] = g->mid[1];
    return g->kind == PL_GEO_KNIGHT ? 1 : g->kind ? g->dist - 1 : 0;
}

/* ---- R8: captures ---- */

void alea__pl_capture(pl_state *s, int p, int sq) {
    uint8_t *x = s->stack[sq];
    int h = s->height[sq];
    if (h == 0 || alea__pl_face(pl_pstate(x[h - 1])) == PL_BLANK)
        return; /* R8.1: blank tops never capture */
    int c = alea__pl_top_unit(s, sq);
    for (int i = h - c - 1; i >= 0 && c > 0; i--) {
        if (pl_owner(x[i]) == p)
            continue; /* R8.2: own sandwiched pieces are skipped */
        s->prisoners[p][pl_type(x[i])]++;
        memmove(&x[i], &x[i + 1], (size_t)(h - i - 1));
        x[--h] = 0;
        if (i > 0)
            x[i - 1] |= PL_UPK; /* R11: the piece under it is uncovered */
        c--;
    }
    s->height[sq] = (uint8_t)h;
}

/* ---- the generator ---- */

typedef struct gen {
    const pl_state *s;
    int p;
    uint64_t *out;
    size_t n;
    uint64_t base; /* the action without its stops */
    int mid[2];
    int nmid;
} gen;

/* May `m` pieces stay in hand after a stop on q with group grp (R7.9)? */
static bool stop_ok(const pl_state *s, int p, int q, const uint8_t *grp, int g, int m) {
    int hq = s->height[q];
    if (m < 1 || m == g)
        return false;
    if (hq == 0)
        return m < g;
    if (pl_owner(s->stack[q][hq - 1]) == p)
        return m <= g + alea__pl_top_unit(s, q);
    /* a pin: only drop, and the new top of q shows a colour */
    return m < g && alea__pl_face(pl_pstate(grp[g - m - 1])) != PL_BLANK;
}

/* The group after a stop: the top m of stack(q) + grp. */
static int regroup(const pl_state *s, int q, const uint8_t *grp, int g, int m, uint8_t *out) {
    if (m < g) {
        memcpy(out, grp + (g - m), (size_t)m);
    } else {
        int extra = m - g, hq = s->height[q];
        memcpy(out, s->stack[q] + (hq - extra), (size_t)extra);
        memcpy(out + extra, grp, (size_t)g);
    }
    return m;
}

/* Recursion over the squares passed over: at most two deep (R7.9). */
static void stops(gen *G, int i, const uint8_t *grp, int g, // NOLINT(misc-no-recursion)
                  uint64_t stopbits) {
    if (i == G->nmid) {
        /* more than the room only on damaged bytes (sane.c: too many own stacks) */
        if (G->n < ALEA_PLATEAU_MAX_ACTIONS)
            G->out[G->n++] = G->base | stopbits;
        return;
    }
    int shift = i == 0 ? 4 : 0;
    stops(G, i + 1, grp, g, stopbits); /* no stop here */
    int q = G->mid[i];
    int hq = G->s->height[q];
    int most =
        hq && pl_owner(G->s->stack[q][hq - 1]) == G->p ? g + alea__pl_top_unit(G->s, q) : g - 1;
    for (int m = 1; m <= most && m <= 15; m++) {
        if (!stop_ok(G->s, G->p, q, grp, g, m))
            continue;
        uint8_t next[PL_MAX_HEIGHT];
        int g2 = regroup(G->s, q, grp, g, m, next);
        stops(G, i + 1, next, g2, stopbits | (uint64_t)m << shift);
    }
}

size_t alea__pl_list_moves(const pl_state *s, uint64_t *out, size_t n) {
    int p = s->to_act;
    gen G;
    G.s = s;
    G.p = p;
    G.out = out;
    G.n = n;
    for (int o = 0; o < PL_SQUARES; o++) {
        int h = s->height[o];
        if (h == 0 || pl_owner(s->stack[o][h - 1]) != p)
            continue; /* R7.1 */
        uint8_t top = s->stack[o][h - 1];
        int big_n = alea__pl_top_unit(s, o);
        int flips = alea__pl_two_faced(pl_type(top)) ? 2 : 1; /* R7.3, D11 */
        for (int f = 0; f < flips; f++) {
            int face = alea__pl_face(pl_pstate(top) ^ f);
            uint64_t head =
                (uint64_t)ALEA_PLATEAU_MOVE << 28 | (uint64_t)o << 20 | (uint64_t)f << 19;
            /* the reachable targets and their paths do not depend on k */
            int targets[PL_SQUARES], nmids[PL_SQUARES], mids[PL_SQUARES][2], nt = 0;
            for (int t = 0; t < PL_SQUARES; t++) {
                if (t == o)
                    continue;
                int n_mid = alea__pl_path(o, t, face, big_n, mids[nt]);
                if (n_mid < 0 || (face == PL_BLANK && pl_top_owner(s, t) == 1 - p))
                    continue; /* R7.4, R7.11 */
                targets[nt] = t;
                nmids[nt++] = n_mid;
            }
            bool stomp = face != PL_BLANK && big_n < h; /* R7.13, canonically k = N (D9) */
            for (int k = 1; k <= big_n && k <= 7; k++) {
                uint8_t grp[PL_MAX_HEIGHT];
                memcpy(grp, s->stack[o] + (h - k), (size_t)k);
                grp[k - 1] = (uint8_t)(top ^ (unsigned)f);
                bool stomp_done = !(stomp && k == big_n);
                for (int i = 0; i < nt; i++) {
                    if (!stomp_done && targets[i] > o && G.n < ALEA_PLATEAU_MAX_ACTIONS) {
                        out[G.n++] = head | (uint64_t)k << 16 | (uint64_t)o << 8;
                        stomp_done = true;
                    }
                    G.nmid = nmids[i];
                    G.mid[0] = mids[i][0];
                    G.mid[1] = mids[i][1];
                    G.base = head | (uint64_t)k << 16 | (uint64_t)targets[i] << 8;
                    stops(&G, 0, grp, k, 0);
                }
                if (!stomp_done && G.n < ALEA_PLATEAU_MAX_ACTIONS)
                    out[G.n++] = head | (uint64_t)k << 16 | (uint64_t)o << 8;
            }
        }
    }
    return G.n;
}

/* ---- the runner ---- */

alea_status alea__pl_run_move(pl_state *s, const pl_action *a, alea_error *err) {
    int p = s->to_act, o = a->square, h = s->height[o];
    char name[3], tname[3];
    alea__pl_square_text(name, o);
    alea__pl_square_text(tname, a->target);
    if (h == 0 || pl_owner(s->stack[o][h - 1]) != p)
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "R7.1: %s is not topped by a piece of the mover", name);
    uint8_t *top = &s->stack[o][h - 1];
    if (a->flip) {
        if (!alea__pl_two_faced(pl_type(*top)))
            return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                              "R7.3: the top piece on %s has one face only (D11)", name);
        *top = (uint8_t)((*top ^ PL_SIDE) | PL_UPK | PL_DNK); /* R11: both faces shown */
        if (h > 1)
            s->stack[o][h - 2] |= PL_UPK;
    }
    int face = alea__pl_face(pl_pstate(*top)), big_n = alea__pl_top_unit(s, o);
    if (a->target == o) {
        if (face == PL_BLANK)
            return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                              "R7.13: a stomp needs a coloured top face on %s", name);
        if (big_n == h)
            return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                              "R7.13: no enemy piece under the top unit on %s", name);
        if (a->k != big_n || a->m[0] || a->m[1])
            return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                              "R7.13: a stomp is written with lift %d (the top unit) and no "
                              "stops, not lift %d",
                              big_n, a->k);
        alea__pl_capture(s, p, o);
        return ALEA_OK;
    }
    if (a->k > big_n)
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "R7.2: cannot lift %d pieces, the top unit on %s has %d", a->k, name,
                          big_n);
    int mid[2] = {0, 0};
    int nmid = alea__pl_path(o, a->target, face, big_n, mid);
    if (nmid < 0)
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "R7.4: a leader showing %c with range %d cannot go from %s to %s",
                          alea__pl_face_char(face), big_n, name, tname);
    for (int i = nmid; i < 2; i++)
        if (a->m[i])
            return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                              "R7.9: stop %d is on no square passed over (the path has %d)", i + 1,
                              nmid);
    if (face == PL_BLANK && pl_top_owner(s, a->target) == 1 - p)
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "R7.11: a blank leader may not land on the enemy on %s", tname);
    /* R7.2: lift */
    uint8_t grp[PL_MAX_HEIGHT];
    int g = a->k;
    memcpy(grp, s->stack[o] + (h - g), (size_t)g);
    memset(s->stack[o] + (h - g), 0, (size_t)g);
    s->height[o] = (uint8_t)(h - g);
    if (h - g > 0)
        s->stack[o][h - g - 1] |= PL_UPK; /* R11: uncovered */
    /* R7.9: stops */
    for (int i = 0; i < nmid && i < 2; i++) { /* at most two squares passed over */
        int m = a->m[i], q = mid[i];
        if (m == 0)
            continue;
        if (!stop_ok(s, p, q, grp, g, m)) {
            char qn[3];
            alea__pl_square_text(qn, q);
            return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                              "R7.9: cannot keep %d of %d pieces after a stop on %s%s", m, g, qn,
                              pl_top_owner(s, q) == 1 - p && m < g
                                  ? " (a pin must leave a coloured face on top)"
                                  : "");
        }
        int hq = s->height[q];
        memcpy(s->stack[q] + hq, grp, (size_t)g);
        hq += g;
        g = m;
        memcpy(grp, s->stack[q] + (hq - g), (size_t)g);
        memset(s->stack[q] + (hq - g), 0, (size_t)g);
        hq -= g;
        if (hq > 0)
            s->stack[q][hq - 1] |= PL_UPK; /* the new top of q is seen */
        s->height[q] = (uint8_t)hq;
    }
    /* R7.11: land, R7.12: capture */
    int t = a->target, ht = s->height[t];
    memcpy(s->stack[t] + ht, grp, (size_t)g);
    s->height[t] = (uint8_t)(ht + g);
    alea__pl_capture(s, p, t);
    return ALEA_OK;
}
