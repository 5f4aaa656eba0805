/*
 * Legal moves (§5): every step sequence of the dice (both orders unless a
 * double), kept only when it uses the most dice (§5.3.1) and, when only one
 * die can be used, the larger one if possible (§5.3.2); one entry per
 * resulting position (§5.4).
 *
 * A depth-first search on one player's view.  The points that can move with a
 * die are found at once with bit masks: the opponent's blocks do not change
 * during a move (a hit only empties a blot), so a source p may move d unless
 * bit p - d of `blocked` is set; bearing off (§5.1) is added when no checker
 * is outside the home board.  Doubles visit sources in non-increasing order,
 * which reaches every multiset of steps once (a playable multiset is also
 * playable rear checkers first).  Results are told apart by a key (the
 * player's counts as nibbles, plus the points hit) in an open-addressing
 * table that grows with the number of results.  No allocation: everything is
 * on the stack.
 */
#include "backgammon/bg.h"

#include <string.h>

#define SLOTS_MIN 256u
#define SLOTS_MAX 8192u
#define BAR_BIT (1u << BG_BAR)

typedef struct gen {
    uint8_t me[26];
    uint8_t opp[26];
    uint32_t occ;     /* bit p: me[p] > 0, p = 1..25 */
    uint32_t blocked; /* bit t: the opponent holds my point t (2+ checkers) */
    int outside;      /* my checkers on points 7..25: bearing off needs 0 (§5.1) */
    uint64_t key[2];  /* me[1..16] and me[17..25] as nibbles; key[1] also the hit points << 36 */
    int n;
    uint32_t step[4]; /* from << 5 | to */
    int die[4];
    /* results */
    int rank;
    unsigned count;
    unsigned mask;
    uint64_t *out;
    int larger;
    bool dbl;
    uint64_t key0[ALEA_BACKGAMMON_MAX_ACTIONS], key1[ALEA_BACKGAMMON_MAX_ACTIONS];
    uint16_t home[ALEA_BACKGAMMON_MAX_ACTIONS]; /* the slot of each entry */
    uint16_t slot[SLOTS_MAX];
} gen;

static inline int low_bit(uint32_t m) {
#if defined(__GNUC__)
    return __builtin_ctz(m);
#else
    int b = 0;
    while (!(m & 1u)) {
        m >>= 1;
        b++;
    }
    return b;
#endif
}

static inline int top_bit(uint32_t m) {
#if defined(__GNUC__)
    return 31 - __builtin_clz(m);
#else
    int b = 0;
    while (m >>= 1)
        b++;
    return b;
#endif
}

static inline void key_add(gen *g, int p, uint64_t one_or_minus) {
    g->key[(p - 1) >> 4] += one_or_minus << (4 * ((p - 1) & 15));
}

/* §5.1: the points whose checker may move d now. */
static inline uint32_t sources(const gen *g, int d) {
    uint32_t m = g->occ & ~(g->blocked << d) & ~((2u << d) - 1u);
    if (g->occ & BAR_BIT)
        return m & BAR_BIT; /* the bar first */
    if (g->outside == 0 && g->occ) {
        if (g->occ >> d & 1u)
            m |= 1u << d; /* exact */
        else if (top_bit(g->occ) < d)
            m |= 1u << top_bit(g->occ); /* over-bearing from the highest point only */
    }
    return m;
}

/* Plays a step; returns 1 if it hit a blot.  `keys`: keep the dedup key
   (doubles need none, see leaf()). */
static inline int do_step(gen *g, int p, int d, bool keys) {
    int t = p - d, hit = 0;
    if (t < 0)
        t = 0;
    if (--g->me[p] == 0)
        g->occ &= ~(1u << p);
    if (keys)
        key_add(g, p, (uint64_t)-1);
    if (p >= 7 && t <= 6)
        g->outside--;
    g->me[t]++;
    if (t >= 1) {
        g->occ |= 1u << t;
        if (keys)
            key_add(g, t, 1);
        if (g->opp[t] == 1) {
            g->opp[t] = 0;
            if (keys)
                g->key[1] += (uint64_t)1 << (36 + t - 1);
            hit = 1;
        }
    }
    g->step[g->n] = (uint32_t)(p << 5 | t);
    g->die[g->n] = d;
    g->n++;
    return hit;
}

static inline void undo_step(gen *g, int hit, bool keys) {
    g->n--;
    int p = (int)(g->step[g->n] >> 5), t = (int)(g->step[g->n] & 31);
    if (hit) {
        g->opp[t] = 1;
        if (keys)
            g->key[1] -= (uint64_t)1 << (36 + t - 1);
    }
    if (--g->me[t] == 0 && t >= 1)
        g->occ &= ~(1u << t);
    if (keys && t >= 1)
        key_add(g, t, (uint64_t)-1);
    if (p >= 7 && t <= 6)
        g->outside++;
    g->me[p]++;
    g->occ |= 1u << p;
    if (keys)
        key_add(g, p, 1);
}

static inline unsigned hash_key(uint64_t k0, uint64_t k1) {
    uint64_t h = (k0 ^ (k1 * 0xC2B2AE3D27D4EB4Fu)) * 0x9E3779B97F4A7C15u;
    return (unsigned)(h >> 40);
}

/* The canonical action of the current steps: sorted descending.  Doubles
   play sources non-increasing, so their steps are sorted already. */
static inline uint64_t current_action(const gen *g) {
    uint64_t payload = 0;
    if (g->dbl || g->n < 2 || g->step[0] >= g->step[1]) {
        for (int i = 0; i < g->n; i++)
            payload |= (uint64_t)g->step[i] << (30 - 10 * i);
    } else {
        payload = (uint64_t)g->step[1] << 30 | (uint64_t)g->step[0] << 20;
    }
    return ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_MOVE, payload);
}

static void insert_slot(gen *g, unsigned i) {
    unsigned h = hash_key(g->key0[i], g->key1[i]) & g->mask;
    while (g->slot[h] < g->count && g->home[g->slot[h]] == h)
        h = (h + 1) & g->mask;
    g->slot[h] = (uint16_t)i;
    g->home[i] = (uint16_t)h;
}

/* Keeps the table at most half full. */
static void grow(gen *g) {
    unsigned slots = (g->mask + 1) * 2;
    g->mask = slots - 1;
    memset(g->slot, 0xFF, slots * sizeof g->slot[0]);
    unsigned n = g->count;
    g->count = 0;
    for (unsigned i = 0; i < n; i++) {
        g->count = i;
        insert_slot(g, i);
    }
    g->count = n;
}

/* A finished sequence: keep it if its rank is the best so far (§5.3). */
static void leaf(gen *g) {
    int rank = g->n * 2;
    if (g->n == 1 && !g->dbl && g->die[0] == g->larger)
        rank++;
    if (rank < g->rank)
        return;
    if (rank > g->rank) {
        /* A better kind of sequence: forget the others.  A slot is live only
           if it points below count at an entry whose home is that slot. */
        g->rank = rank;
        g->count = 0;
    }
    uint64_t action = current_action(g);
    if (g->dbl) {
        /* Doubles: each multiset of sources is visited once, and two multisets
           never give the same position (at the highest point where they
           differ, the one moving more checkers from it leaves fewer there,
           and only checkers from higher points, equal in both, land there). */
        if (g->count < ALEA_BACKGAMMON_MAX_ACTIONS - 3)
            g->out[g->count++] = action;
        return;
    }
    uint64_t k0 = g->key[0], k1 = g->key[1];
    unsigned h = hash_key(k0, k1) & g->mask;
    for (;;) {
        unsigned i = g->slot[h];
        if (i >= g->count || g->home[i] != h)
            break;
        if (g->key0[i] == k0 && g->key1[i] == k1) {
            if (action > g->out[i])
                g->out[i] = action; /* the canonical route: the largest encoding */
            return;
        }
        h = (h + 1) & g->mask;
    }
    if (g->count >= ALEA_BACKGAMMON_MAX_ACTIONS - 3)
        return; /* cannot happen: at most 3060 moves (alea/backgammon.h) */
    unsigned i = g->count++;
    g->slot[h] = (uint16_t)i;
    g->home[i] = (uint16_t)h;
    g->key0[i] = k0;
    g->key1[i] = k1;
    g->out[i] = action;
    if (2 * g->count > g->mask + 1 && g->mask + 1 < SLOTS_MAX)
        grow(g);
}

/* Non-doubles: first die d1, then d2 (§5.2).  `skip`: second steps that
   need not be tried, because playing them first gave the same position in
   the other order (see alea__bg_legal_moves). */
static void two_dice(gen *g, int d1, int d2, uint32_t skip) {
    uint32_t m1 = sources(g, d1);
    if (!m1) {
        leaf(g);
        return;
    }
    while (m1) {
        int p = low_bit(m1); /* ascending: the results come out nearly sorted */
        m1 &= m1 - 1;
        int h1 = do_step(g, p, d1, true);
        uint32_t m2 = sources(g, d2);
        if (!m2)
            leaf(g);
        /* the same checker going on (p - d1) is never skipped */
        m2 &= ~(skip & ~(p - d1 >= 1 ? 1u << (p - d1) : 0u));
        while (m2) {
            int q = low_bit(m2);
            m2 &= m2 - 1;
            int h2 = do_step(g, q, d2, true);
            leaf(g);
            undo_step(g, h2, true);
        }
        undo_step(g, h1, true);
    }
}

/* Doubles: up to four steps of d, sources non-increasing. */
/* Recursion over the dice of a double: at most four deep (§5.2). */
// NOLINTNEXTLINE(misc-no-recursion)
static void doubles(gen *g, int d, int left, int maxsrc) {
    uint32_t m = sources(g, d) & ((2u << maxsrc) - 1u);
    if (!m) {
        leaf(g);
        return;
    }
    while (m) {
        int p = low_bit(m);
        m &= m - 1;
        int h = do_step(g, p, d, false);
        if (left > 1)
            doubles(g, d, left - 1, p);
        else
            leaf(g);
        undo_step(g, h, false);
    }
}

/* Ascending: insertion sort for short lists, else a bottom-up merge sort
   through tmp (room for n). */
static void sort_actions(uint64_t *a, size_t n, uint64_t *tmp) {
    const size_t run = 16;
    for (size_t lo = 0; lo < n; lo += run) {
        size_t hi = lo + run < n ? lo + run : n;
        for (size_t i = lo + 1; i < hi; i++) {
            uint64_t v = a[i];
            size_t j = i;
            while (j > lo && a[j - 1] > v) {
                a[j] = a[j - 1];
                j--;
            }
            a[j] = v;
        }
    }
    for (size_t width = run; width < n; width *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * width) {
            size_t mid = lo + width < n ? lo + width : n,
                   hi = lo + 2 * width < n ? lo + 2 * width : n;
            size_t i = lo, j = mid, k = lo;
            if (mid >= hi || a[mid - 1] <= a[mid])
                continue;
            while (i < mid && j < hi)
                tmp[k++] = a[i] <= a[j] ? a[i++] : a[j++];
            while (i < mid)
                tmp[k++] = a[i++];
            while (j < hi)
                tmp[k++] = a[j++];
            memcpy(a + lo, tmp + lo, (hi - lo) * sizeof *a);
        }
    }
}

size_t alea__bg_legal_moves(const bg_side *side, int a, int b, uint64_t *out, int *max_dice) {
    gen g;
    g.n = 0;
    memcpy(g.me, side->me, sizeof g.me);
    memcpy(g.opp, side->opp, sizeof g.opp);
    g.outside = 0;
    g.occ = g.blocked = 0;
    g.key[0] = g.key[1] = 0;
    for (int p = 1; p <= 25; p++)
        g.key[(p - 1) >> 4] |= (uint64_t)g.me[p] << (4 * ((p - 1) & 15));
    for (int p = 1; p <= 25; p++) {
        if (g.me[p]) {
            g.occ |= 1u << p;
            if (p >= 7)
                g.outside += g.me[p];
        }
        if (p <= 24 && g.opp[p] >= 2)
            g.blocked |= 1u << p;
    }
    g.rank = -1;
    g.count = 0;
    g.out = out;
    g.dbl = a == b;
    g.larger = a > b ? a : b;
    g.mask = SLOTS_MIN - 1;
    memset(g.slot, 0xFF, SLOTS_MIN * sizeof g.slot[0]);
    if (g.dbl) {
        doubles(&g, a, 4, BG_BAR);
    } else {
        /* Order b-then-a need not play a second step q that could have been
           played first: (a at q, then b at p) was tried in order a-then-b, with
           the same result (hits do not depend on the order, and a first step
           legal at the start stays legal, see playable() in notation.c).  Only
           a checker that goes on from where the first step put it is new. */
        uint32_t first_a = sources(&g, a);
        two_dice(&g, a, b, 0);
        two_dice(&g, b, a, first_a);
    }
    if (max_dice)
        *max_dice = g.rank / 2;
    sort_actions(out, g.count, g.key0); /* the keys are no longer needed */
    return g.count;
}

uint64_t alea__bg_move_action(int n, const int from[4], const int to[4]) {
    uint32_t step[4] = {0, 0, 0, 0};
    for (int i = 0; i < n && i < 4; i++) {
        uint32_t v = (uint32_t)(from[i] << 5 | to[i]);
        int j = i;
        while (j > 0 && step[j - 1] < v) { /* canonical order: descending */
            step[j] = step[j - 1];
            j--;
        }
        step[j] = v;
    }
    uint64_t payload = (uint64_t)step[0] << 30 | (uint64_t)step[1] << 20 | (uint64_t)step[2] << 10 |
                       (uint64_t)step[3];
    return ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_MOVE, payload);
}

int alea__bg_steps(uint64_t action, int from[4], int to[4]) {
    if (action >> 48 != ALEA_BACKGAMMON_MOVE || (action & 0xFF0000000000u))
        return -1;
    int n = 0;
    uint32_t prev = 0xFFFFFFFFu;
    for (int i = 0; i < 4; i++) {
        uint32_t step = (uint32_t)(action >> (30 - 10 * i)) & 0x3FFu;
        if (step == 0) {
            for (int j = i + 1; j < 4; j++)
                if ((action >> (30 - 10 * j)) & 0x3FFu)
                    return -1; /* a gap in the steps */
            break;
        }
        int f = (int)(step >> 5), t = (int)(step & 31);
        if (f < 1 || f > BG_BAR || t >= f || t > 24 || step > prev)
            return -1;
        prev = step;
        from[n] = f;
        to[n] = t;
        n++;
    }
    return n;
}

void alea__bg_play(bg_side *side, uint64_t action) {
    int from[4], to[4];
    int n = alea__bg_steps(action, from, to);
    for (int i = 0; i < n; i++) {
        side->me[from[i]]--;
        side->me[to[i]]++;
        if (to[i] >= 1 && side->opp[to[i]] == 1) { /* §5.1: the blot is hit */
            side->opp[to[i]] = 0;
            side->opp_bar++;
        }
    }
}
