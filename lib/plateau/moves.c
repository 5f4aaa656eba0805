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

/* The generator reads every square's height, top owner and top unit once
   (the library is built without strict aliasing, so reading them from the
   state again after each store into the action list would cost a load each
   time). */
typedef struct gen {
    const pl_state *s;
    int p;
    uint64_t *out;
    size_t n;
    size_t mask;  /* out[n & mask]: all ones, or a ring of 16 that only counts */
    size_t limit; /* a list stops at ALEA_PLATEAU_MAX_ACTIONS (or a short buffer), the ring never */
    uint64_t base; /* the action without its stops */
    int mid[2];
    int nmid;
    int height[PL_SQUARES];
    int owner[PL_SQUARES]; /* of the top piece; -1 when empty */
    int unit[PL_SQUARES];  /* the top unit (alea__pl_top_unit) */
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

/* Stores one action at n; returns the next n.  More than the list's room only
   on damaged bytes that sane.c lets through (too many own stacks). */
static inline size_t put(const gen *G, uint64_t *out, size_t n, uint64_t action) {
    if (n >= G->limit)
        return n;
    out[n & G->mask] = action;
    return n + 1;
}

/* The m (ascending) that may stay in hand after a stop on q with group grp
   of g pieces: stop_ok() on the generator's copies of the squares' tops. */
static int stop_counts(const gen *G, int q, const uint8_t *grp, int g, uint8_t *ms) {
    int c = 0;
    if (G->height[q] == 0) {
        for (int m = 1; m < g && m <= 15; m++)
            ms[c++] = (uint8_t)m;
    } else if (G->owner[q] == G->p) {
        for (int m = 1; m <= g + G->unit[q] && m <= 15; m++)
            if (m != g)
                ms[c++] = (uint8_t)m;
    } else { /* a pin: only drop, and the new top of q shows a colour */
        for (int m = 1; m < g && m <= 15; m++)
            if (alea__pl_face(pl_pstate(grp[g - m - 1])) != PL_BLANK)
                ms[c++] = (uint8_t)m;
    }
    return c;
}

/* The stops on the one or two squares passed over (R7.9), in ascending order:
   none, then each stop on the second square alone; then per stop m1 on the
   first, that stop alone and with each stop on the second. */
static void stops(gen *G, const uint8_t *grp, int g) {
    uint8_t m1s[16], m2s[16];
    uint64_t *out = G->out;
    size_t n = G->n;
    int last = G->mid[G->nmid - 1], c1, c2;
    n = put(G, out, n, G->base);
    if (G->nmid == 1) {
        c1 = stop_counts(G, last, grp, g, m1s);
        for (int i = 0; i < c1; i++)
            n = put(G, out, n, G->base | (uint64_t)m1s[i] << 4);
        G->n = n;
        return;
    }
    c2 = stop_counts(G, last, grp, g, m2s);
    for (int j = 0; j < c2; j++)
        n = put(G, out, n, G->base | m2s[j]);
    c1 = stop_counts(G, G->mid[0], grp, g, m1s);
    for (int i = 0; i < c1; i++) {
        uint8_t next[PL_MAX_HEIGHT];
        int m = m1s[i];
        uint64_t first = G->base | (uint64_t)m << 4;
        regroup(G->s, G->mid[0], grp, g, m, next);
        n = put(G, out, n, first);
        c2 = stop_counts(G, last, next, m, m2s);
        for (int j = 0; j < c2; j++)
            n = put(G, out, n, first | m2s[j]);
    }
    G->n = n;
}

static size_t list_moves(const pl_state *s, uint64_t *out, size_t n, size_t mask, size_t limit) {
    int p = s->to_act;
    gen G;
    G.s = s;
    G.p = p;
    G.out = out;
    G.n = n;
    G.mask = mask;
    G.limit = limit;
    unsigned enemy_tops = 0;
    for (int sq = 0; sq < PL_SQUARES; sq++) {
        G.height[sq] = s->height[sq];
        G.owner[sq] = pl_top_owner(s, sq);
        /* the top unit is only read for own tops (origins, own stops) */
        G.unit[sq] = G.owner[sq] == p ? alea__pl_top_unit(s, sq) : 0;
        if (G.owner[sq] == 1 - p)
            enemy_tops |= 1u << sq;
    }
    for (int o = 0; o < PL_SQUARES; o++) {
        int h = G.height[o];
        if (h == 0 || G.owner[o] != p)
            continue; /* R7.1 */
        uint8_t top = s->stack[o][h - 1];
        int big_n = G.unit[o];
        int flips = alea__pl_two_faced(pl_type(top)) ? 2 : 1; /* R7.3, D11 */
        for (int f = 0; f < flips; f++) {
            int face = alea__pl_face(pl_pstate(top) ^ f);
            uint64_t head =
                (uint64_t)ALEA_PLATEAU_MOVE << 28 | (uint64_t)o << 20 | (uint64_t)f << 19;
            /* the reachable targets and their paths do not depend on k
               (alea__pl_path() by table: R7.4, R7.5, R7.8 with D4; R7.11) */
            int targets[PL_SQUARES] = {0}, nmids[PL_SQUARES] = {0}, mids[PL_SQUARES][2], nt = 0;
            const pl_geo *row = alea__pl_geo[o];
            unsigned reach = alea__pl_reach[o][face & 3][big_n < 3 ? big_n : 3];
            if (face == PL_BLANK)
                reach &= ~enemy_tops;
            for (int t = 0; reach; t++, reach >>= 1) {
                if (!(reach & 1u))
                    continue;
                mids[nt][0] = row[t].mid[0];
                mids[nt][1] = row[t].mid[1];
                targets[nt] = t;
                nmids[nt++] = face == PL_ORANGE ? 1 : row[t].dist - 1;
            }
            bool stomp = face != PL_BLANK && big_n < h; /* R7.13, canonically k = N (D9) */
            uint8_t grp[PL_MAX_HEIGHT];
            for (int k = 1; k <= big_n && k <= 7; k++) {
                for (int j = 0; j < k; j++)
                    grp[j] = s->stack[o][h - k + j];
                grp[k - 1] = (uint8_t)(top ^ (unsigned)f);
                bool stomp_done = !(stomp && k == big_n);
                uint64_t lift = head | (uint64_t)k << 16;
                for (int i = 0; i < nt; i++) {
                    if (!stomp_done && targets[i] > o) {
                        G.n = put(&G, out, G.n, lift | (uint64_t)o << 8);
                        stomp_done = true;
                    }
                    if (nmids[i] == 0) { /* a neighbour: nowhere to stop */
                        G.n = put(&G, out, G.n, lift | (uint64_t)targets[i] << 8);
                        continue;
                    }
                    G.nmid = nmids[i];
                    G.mid[0] = mids[i][0];
                    G.mid[1] = mids[i][1];
                    G.base = lift | (uint64_t)targets[i] << 8;
                    stops(&G, grp, k);
                }
                if (!stomp_done)
                    G.n = put(&G, out, G.n, lift | (uint64_t)o << 8);
            }
        }
    }
    return G.n;
}

size_t alea__pl_list_moves(const pl_state *s, uint64_t *out, size_t n) {
    return list_moves(s, out, n, SIZE_MAX, ALEA_PLATEAU_MAX_ACTIONS);
}

size_t alea__pl_list_moves_upto(const pl_state *s, uint64_t *out, size_t n, size_t limit) {
    return list_moves(s, out, n, SIZE_MAX, limit);
}

size_t alea__pl_count_moves(const pl_state *s) {
    uint64_t ring[16]; /* the moves overwrite each other: only their number counts */
    return list_moves(s, ring, 0, 15, SIZE_MAX);
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
