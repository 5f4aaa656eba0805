/*
 * Plateau: moving a stack (R7) and capturing (R8).  The generator and the
 * runner follow the same rules; the property tests check that check()
 * (which uses the runner) accepts exactly the listed actions.
 */
#include "core/bytes.h"
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

/* The generator reads each square's top once.  A moving group is described
   by its size g and a colour mask: bit i set when the piece i below its
   leader shows a coloured face.  A stop that keeps m in hand drops the
   pieces under the group's top m, so the new top of the square is the
   piece m below the leader: a pin needs bit m (R7.9).
   The group of the lift is the top of the origin's unit, and a pick-up puts
   the top of a square's unit under the group, so every mask is read from
   the squares' top units (bit 0, the leader, is never asked: m >= 1). */
typedef struct gen {
    uint64_t *end;               /* the end of the list's room */
    uint32_t own, enemy;         /* squares topped by the mover, by the opponent */
    int unit[PL_SQUARES];        /* own tops: the top unit (R1.4) */
    uint32_t colour[PL_SQUARES]; /* own tops: the colour mask of the top unit */
} gen;

/* The m (bit m) that may stay in hand after a stop on q with a group of g
   pieces and colour mask gm (R7.9): 1 <= m, m != g, m <= 15 (the field);
   an empty square: m < g; an own top: m <= g + its unit; a pin: m < g and
   the piece m below the leader shows a colour. */
static inline uint32_t stop_set(const gen *G, int q, int g, uint32_t gm) {
    uint32_t bit = 1u << q;
    if (G->own & bit) {
        int most = g + G->unit[q];
        most = most < 15 ? most : 15;
        return ((2u << most) - 2u) & ~(1u << g);
    }
    uint32_t below = (1u << g) - 2u; /* 1 <= m < g */
    return G->enemy & bit ? below & gm : below;
}

/* Reads the tops: own and enemy squares, and for own tops the unit and its
   colour mask. */
static void read_tops(gen *G, const pl_state *s, int p) {
    G->own = G->enemy = 0;
    /* read for a pick-up mask before the stop is known to pick up */
    memset(G->colour, 0, sizeof G->colour);
    for (int sq = 0; sq < PL_SQUARES; sq++) {
        int h = s->height[sq];
        if (h == 0)
            continue;
        const uint8_t *x = s->stack[sq];
        if (pl_owner(x[h - 1]) != p) {
            G->enemy |= 1u << sq;
            continue;
        }
        G->own |= 1u << sq;
        int n = 0;
        uint32_t colour = 0;
        do {
            colour |= (uint32_t)(alea__pl_face(pl_pstate(x[h - 1 - n])) != PL_BLANK) << n;
            n++;
        } while (n < h && pl_owner(x[h - 1 - n]) == p);
        G->unit[sq] = n;
        G->colour[sq] = colour;
    }
}

/* R7.3: the faces the leader may show (a flip only for two-faced pieces, D11). */
static inline int flips_of(uint8_t top) {
    return alea__pl_two_faced(pl_type(top)) ? 2 : 1;
}

/* R7.4, R7.5, R7.8 (D4), R7.11: the targets of a top unit of N pieces whose
   leader shows `face` (alea__pl_path() by table). */
static inline uint32_t targets_of(const gen *G, int o, int face, int big_n) {
    uint32_t reach = alea__pl_reach[o][face & 3][big_n < 3 ? big_n : 3];
    return face == PL_BLANK ? reach & ~G->enemy : reach;
}

/* ---- the walker: R7's moves generated in one place ---- */

/* Inlined into each of its users, so that the emit() they pass is a direct
   call the compiler can inline (the listing is the hottest call of the game). */
#if defined(__GNUC__)
#define PL_WALK static inline __attribute__((always_inline))
#else
#define PL_WALK static inline
#endif

/* What the walk does with the moves it finds (issue 25 item 4: listing,
   counting, "is there any" and checking one move all take this walk).  Each
   call of emit() gets a run of moves: `action`, then `action | m << shift`
   for each m of `set`, ascending (the stops of R7.9); emit() returns false
   to end the walk.  The emitters: */
typedef struct walker {
    uint64_t *at, *end; /* list: the next store and the end of the room */
    size_t over;        /* list: the moves found past the end of the room */
    uint64_t want;      /* is_move: the move looked for */
    bool found;         /* any, is_move */
} walker;
/* Passed on its own, not in walker: a constant argument of the inlined walk,
   so that each user's emit() is a direct, inlined call. */
typedef bool (*emitter)(walker *w, uint64_t action, uint32_t set, int shift);

/* Stores the run while there is room; past it, counts (the walk goes on). */
PL_WALK bool emit_list(walker *w, uint64_t action, uint32_t set, int shift) {
    uint64_t *at = w->at;   /* a local: the stores cannot change it (aliasing) */
    if (w->end - at > 16) { /* room for any run: 1 + at most 15 stops */
        *at++ = action;
        for (; set; set &= set - 1)
            *at++ = action | (uint64_t)alea__low_bit(set) << shift;
        w->at = at;
        return true;
    }
    for (int first = 1; first || set; first = 0) {
        uint64_t a = first ? action : action | (uint64_t)alea__low_bit(set) << shift;
        if (!first)
            set &= set - 1;
        if (at < w->end)
            *at++ = a;
        else
            w->over++;
    }
    w->at = at;
    return true;
}

PL_WALK bool emit_any(walker *w, uint64_t action, uint32_t set, int shift) {
    (void)action, (void)set, (void)shift;
    w->found = true;
    return false;
}

/* Whether the run holds w->want: the action itself, or it with one m of the
   set in the stop field at `shift`. */
PL_WALK bool emit_is(walker *w, uint64_t action, uint32_t set, int shift) {
    uint64_t x = w->want ^ action;
    if (x == 0 || ((x & ~((uint64_t)PL_MOVE_STOP_MASK << shift)) == 0 && x >> shift < 32 &&
                   (set >> (x >> shift) & 1u)))
        w->found = true;
    return !w->found;
}

/* The moves of a group of k pieces with colour mask gm from o to each target
   of `targets`, ascending: per target the move without a stop, then the
   stops (R7.9) on the one or two squares passed over, in the order of their
   fields (first square, then second).  False when emit() ended the walk. */
PL_WALK bool to_targets(const gen *G, walker *w, emitter emit, int o, uint64_t lift,
                        uint32_t targets, int k, uint32_t gm) {
    const pl_geo *row = alea__pl_geo[o];
    const uint32_t near = alea__pl_reach[o][PL_BLANK][1];
    for (; targets; targets &= targets - 1) {
        int t = alea__low_bit(targets);
        uint64_t base = lift | (uint64_t)t << PL_MOVE_TARGET_SHIFT;
        if (near >> t & 1u) { /* a neighbour: nowhere to stop */
            if (!emit(w, base, 0, 0))
                return false;
            continue;
        }
        const pl_geo *g = &row[t];
        if (g->dist != 3) { /* one square passed over (a knight leap: dist 0) */
            if (!emit(w, base, stop_set(G, g->mid[0], k, gm), PL_MOVE_STOP1_SHIFT))
                return false;
            continue;
        }
        int q1 = g->mid[0], q2 = g->mid[1];
        if (!emit(w, base, stop_set(G, q2, k, gm), PL_MOVE_STOP2_SHIFT))
            return false;
        uint32_t picked = (gm & ((1u << k) - 1u)) | G->colour[q1] << k;
        for (uint32_t s1 = stop_set(G, q1, k, gm); s1; s1 &= s1 - 1) {
            int m = alea__low_bit(s1);
            /* dropping keeps the top m of the group; picking up puts the top
               m - k of q1's unit under it */
            if (!emit(w, base | (uint64_t)m << PL_MOVE_STOP1_SHIFT,
                      stop_set(G, q2, m, m < k ? gm : picked), PL_MOVE_STOP2_SHIFT))
                return false;
        }
    }
    return true;
}

/* The part of the moves a walk visits, as masks: origins (bit o), flips
   (bit f), lifts (bit k), targets (bit t; the stomp's is its origin). */
typedef struct only {
    uint32_t origins, flips, lifts, targets;
} only;
static const only ALL = {~0u, ~0u, ~0u, ~0u};

/* Every move of the seat to act within `in`, ascending: per origin (R7.1)
   the faces its leader may show (R7.3), the lifts k (R7.2), and per lift the
   targets below the origin, the stomp (R7.13, canonically with k = N, D9),
   the targets above.  Bounded stack: the tops read once (gen, under 200
   bytes), no list. */
PL_WALK void walk(const pl_state *s, walker *w, emitter emit, only in) {
    int p = s->to_act;
    gen G;
    read_tops(&G, s, p);
    for (uint32_t origins = G.own & in.origins; origins; origins &= origins - 1) {
        int o = alea__low_bit(origins), h = s->height[o], big_n = G.unit[o]; /* R7.1 */
        uint8_t top = s->stack[o][h - 1];
        uint32_t gm = G.colour[o], before = (1u << o) - 1u;
        for (int f = 0; f < flips_of(top); f++) {
            if (!(in.flips >> f & 1u))
                continue;
            int face = alea__pl_face(pl_pstate(top) ^ f);
            uint64_t head = pl_kind_bits(ALEA_PLATEAU_MOVE) | (uint64_t)o << PL_MOVE_ORIGIN_SHIFT |
                            (uint64_t)f << PL_MOVE_FLIP_SHIFT;
            uint32_t targets = targets_of(&G, o, face, big_n) & in.targets;
            int stomp_k = face != PL_BLANK && big_n < h && (in.targets >> o & 1u) ? big_n : 0;
            for (int k = 1; k <= big_n && k <= (int)PL_MOVE_LIFT_MASK; k++) {
                uint64_t lift = head | (uint64_t)k << PL_MOVE_LIFT_SHIFT;
                if (!(in.lifts >> k & 1u))
                    continue;
                if (k != stomp_k) {
                    if (!to_targets(&G, w, emit, o, lift, targets, k, gm))
                        return;
                    continue;
                }
                if (!to_targets(&G, w, emit, o, lift, targets & before, k, gm) ||
                    !emit(w, lift | (uint64_t)o << PL_MOVE_TARGET_SHIFT, 0, 0) ||
                    !to_targets(&G, w, emit, o, lift, targets & ~before, k, gm))
                    return;
            }
        }
    }
}

/* The moves stored from out + n up to out + room; *all gets how many there
   are with unbounded room. */
static size_t list_moves(const pl_state *s, uint64_t *out, size_t n, size_t room, size_t *all) {
    walker w = {out + n, out + (n < room ? room : n), 0, 0, false};
    walk(s, &w, emit_list, ALL);
    if (all)
        *all = (size_t)(w.at - (out + n)) + w.over;
    return (size_t)(w.at - out);
}

size_t alea__pl_list_moves(const pl_state *s, uint64_t *out, size_t n) {
    return list_moves(s, out, n, PL_MAX_LEGAL, NULL);
}

size_t alea__pl_list_moves_upto(const pl_state *s, uint64_t *out, size_t n, size_t limit,
                                size_t *all) {
    return list_moves(s, out, n, limit < PL_MAX_LEGAL ? limit : PL_MAX_LEGAL, all);
}

bool alea__pl_any_move(const pl_state *s) {
    walker w = {NULL, NULL, 0, 0, false};
    walk(s, &w, emit_any, ALL);
    return w.found;
}

bool alea__pl_is_move(const pl_state *s, uint64_t action) {
    walker w = {NULL, NULL, 0, action, false};
    /* only the walk's part that can hold it: its origin, flip, lift, target */
    only in = {1u << (action >> PL_MOVE_ORIGIN_SHIFT & 15u),
               1u << (action >> PL_MOVE_FLIP_SHIFT & 1u),
               1u << (action >> PL_MOVE_LIFT_SHIFT & PL_MOVE_LIFT_MASK),
               1u << (action >> PL_MOVE_TARGET_SHIFT & 15u)};
    walk(s, &w, emit_is, in);
    return w.found;
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
