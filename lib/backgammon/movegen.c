/*
 * Legal moves (§5): every step sequence of the dice (both orders unless a
 * double), kept only when it uses the most dice (§5.3.1) and, when only one
 * die can be used, the larger one if possible (§5.3.2); one entry per
 * resulting position (§5.4).
 *
 * A depth-first search on one player's view (bg_view).  The points that can
 * move with a die are found at once with bit masks: the opponent's blocks do
 * not change during a move (a hit only empties a blot), so a source p may
 * move d unless bit p - d of `blocked` is set; bearing off (§5.1) is added
 * when no checker is outside the home board, i.e. no bit above 6 of `occ`.
 * No allocation, no table: the duplicates are few and known in advance.
 *
 * Doubles visit sources in non-increasing order, which reaches every
 * multiset of steps once (a playable multiset is also playable rear checkers
 * first), and two multisets never give the same position (at the highest
 * point where they differ, the one moving more checkers from it leaves fewer
 * there, and only checkers from higher points, equal in both, land there).
 * Visiting each level in ascending order gives the list sorted already.
 *
 * Non-doubles: a position is its own checkers' change plus the blots hit.
 * Two different step pairs {p->p', q->q'} change the same checkers only when
 * one checker makes both steps, p -> m -> t, by either intermediate point m
 * (the smaller die first or the larger): the positions are the same unless a
 * blot stands on either m.  Any other coincidence is the same pair of steps
 * (both orders of two checkers, or two checkers borne off with either die),
 * that is the same action, which the set of pairs below holds once, in
 * order: no hash table, no sort.  So the larger-die-first
 * route of a single checker is dropped when the smaller-die-first one (the
 * larger encoding, canonical) is legal and neither route passes a blot.
 */
#include "backgammon/bg.h"

#include "core/bytes.h"

#include <string.h>

#define BAR_BIT (1u << BG_BAR)
#define HOME_MASK 0x7Eu         /* points 1..6 */
#define OUTSIDE_MASK 0x1FFFF80u /* points 7..24 */
#define MOVE_ACTION(payload) ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_MOVE, (payload))

/* Non-doubles keep the moves that use both dice as a set of pairs of steps:
   step index 2p for the larger die's step from p, 2p + 1 for the smaller
   die's (2p when it bears off as well: the same step), which orders the
   steps as their encodings do; pair[hi] has bit lo for the pair (hi >= lo). */
#define PAIR_ROWS 52

typedef struct gen {
    bg_view v;
    uint64_t *out;
    unsigned count;
    int rank;      /* 2 * dice used, +1 for the larger die alone (§5.3) */
    int small;     /* the smaller die of a non-double */
    uint64_t rows; /* bit hi: pair[hi] != 0 */
    uint64_t pair[PAIR_ROWS];
} gen;


static inline int low_bit(uint32_t m) {
    return alea__low_bit(m);
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

/* Eight points at once (SWAR): w holds eight signed counts, the mover's
   positive.  Writes the mover's counts; returns the three masks' eight bits. */
#define BYTES_01 0x0101010101010101u
#define BYTES_7F 0x7F7F7F7F7F7F7F7Fu
#define BYTES_80 0x8080808080808080u
static inline uint32_t byte_bits(uint64_t flags80) { /* 0x80 per set byte -> bit per byte */
    return (uint32_t)(((flags80 >> 7) * 0x0102040810204080u) >> 56);
}

static inline void view_word(bg_view *v, int first, uint64_t w, uint32_t *occ, uint32_t *blocked,
                             uint32_t *blots) {
    uint64_t neg = w & BYTES_80;
    uint64_t me = w & ~((neg >> 7) * 0xFFu); /* negative bytes to 0 */
    uint64_t t = ~w;                         /* zero bytes of t: the opponent's blots (-1) */
    uint64_t blot = ~((((t & BYTES_7F) + BYTES_7F) | t) & BYTES_80) & BYTES_80;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(v->me + first, &me, 8);
#else
    for (int k = 0; k < 8; k++) /* byte k of the word is point first + k */
        v->me[first + k] = (uint8_t)(me >> (8 * k));
#endif
    *occ |= byte_bits((me + BYTES_7F) & BYTES_80) << first; /* counts <= 15: no carry */
    *blocked |= byte_bits(neg & ~blot) << first;
    *blots |= byte_bits(blot) << first;
}

/* Byte-wise negation of counts in -15..15 (no byte carries into the next). */
static inline uint64_t negate_bytes(uint64_t w) {
    uint64_t n = ~w; /* -x = ~x + 1, the + 1 kept inside each byte's low 7 bits */
    return ((n & BYTES_7F) + BYTES_01) ^ (n & BYTES_80);
}

static inline uint64_t reverse_bytes(uint64_t w) {
#if defined(__GNUC__)
    return __builtin_bswap64(w);
#else
    uint64_t r = 0;
    for (int k = 0; k < 8; k++)
        r |= (w >> (8 * k) & 0xFFu) << (8 * (7 - k));
    return r;
#endif
}

/* 8 bytes of the board as a little-endian word (byte k = board[at + k]). */
static inline uint64_t board_word(const bg_state *s, int at) {
    uint64_t w = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(&w, s->board + at, 8);
#else
    for (int k = 0; k < 8; k++)
        w |= (uint64_t)(uint8_t)s->board[at + k] << (8 * k);
#endif
    return w;
}

static inline uint64_t red_word(const bg_state *s, int at) {
    return negate_bytes(reverse_bytes(board_word(s, at)));
}

void alea__bg_view(bg_view *v, const bg_state *s, int player) {
    uint32_t occ = 0, blocked = 0, blots = 0;
    /* own point i = 1..24 is board index i - 1 for White, 24 - i for Red */
    if (player == 0) {
        view_word(v, 1, board_word(s, 0), &occ, &blocked, &blots);
        view_word(v, 9, board_word(s, 8), &occ, &blocked, &blots);
        view_word(v, 17, board_word(s, 16), &occ, &blocked, &blots);
    } else {
        view_word(v, 1, red_word(s, 16), &occ, &blocked, &blots);
        view_word(v, 9, red_word(s, 8), &occ, &blocked, &blots);
        view_word(v, 17, red_word(s, 0), &occ, &blocked, &blots);
    }
    v->me[0] = 0;
    v->me[BG_BAR] = s->bar[player];
    v->occ = occ | (uint32_t)(s->bar[player] > 0) << BG_BAR;
    v->blocked = blocked;
    v->blots = blots;
}

/* The points where the mover has exactly one checker. */
static uint32_t lone_points(const bg_view *v) {
    uint32_t lone = 0;
    for (size_t k = 0; k < 3; k++) {
        uint64_t w = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        memcpy(&w, v->me + 1 + 8 * k, 8);
#else
        for (size_t j = 0; j < 8; j++)
            w |= (uint64_t)v->me[1 + 8 * k + j] << (8 * j);
#endif
        uint64_t t = w ^ BYTES_01; /* zero bytes: the ones */
        uint64_t one = ~((((t & BYTES_7F) + BYTES_7F) | t) & BYTES_80) & BYTES_80;
        lone |= byte_bits(one) << (1 + 8 * k);
    }
    return lone;
}

/* The points p > d whose p - d is not blocked (a constant of the move). */
static inline uint32_t open_for(const bg_view *v, int d) {
    return ~(v->blocked << d) & ~((2u << d) - 1u);
}

/* §5.1: the points whose checker may move d now. */
static inline uint32_t sources(const bg_view *v, int d, uint32_t open) {
    uint32_t occ = v->occ;
    if (occ & BAR_BIT)
        return occ & open & BAR_BIT; /* the bar first */
    uint32_t m = occ & open;
    if ((occ & ~HOME_MASK) == 0 && occ) { /* all home: bearing off */
        if (occ >> d & 1u)
            m |= 1u << d; /* exact */
        else if (occ < (1u << d))
            m |= 1u << top_bit(occ); /* over-bearing from the highest point only */
    }
    return m;
}

static inline int target(int p, int d) {
    return p > d ? p - d : 0;
}

static inline void do_step(bg_view *v, int p, int t) {
    if (--v->me[p] == 0)
        v->occ &= ~(1u << p);
    v->me[t]++;
    v->occ |= (1u << t) & ~1u; /* off (0) is no source */
}

static inline void undo_step(bg_view *v, int p, int t) {
    if (--v->me[t] == 0)
        v->occ &= ~(1u << t);
    v->me[p]++;
    v->occ |= 1u << p;
}

/* A sequence of `rank`: kept if the rank is the best so far (§5.3). */
static inline void emit(gen *g, int rank, uint64_t payload) {
    if (rank < g->rank)
        return;
    if (rank > g->rank) { /* a better kind of sequence: forget the others */
        g->rank = rank;
        g->count = 0;
    }
    g->out[g->count++] = MOVE_ACTION(payload);
}

static inline uint32_t step_of(int p, int t) {
    return (uint32_t)(p << BG_STEP_FROM_SHIFT | t);
}

/* Non-doubles: first die d1, then d2 (§5.2).  `skip`: second steps that need
   not be tried, because playing them first gave the same steps in the other
   order: a first step legal at the start stays legal after another step (the
   bar is emptied first; bearing off only gets easier as checkers come home
   and the highest point can only drop).  Only a checker that goes on from
   where the first step put it is new.  `alt_first`: the sources of d2 at the
   start when d1 is the larger die, else 0 (see the top of the file). */
static void two_dice(gen *g, int d1, int d2, uint32_t skip, uint32_t alt_first) {
    bg_view *v = &g->v;
    uint32_t open1 = open_for(v, d1), open2 = open_for(v, d2);
    uint32_t m1 = sources(v, d1, open1);
    int single_rank = d1 > d2 ? 3 : 2;
    while (m1) {
        int p = low_bit(m1);
        m1 &= m1 - 1;
        int t1 = target(p, d1);
        do_step(v, p, t1);
        uint32_t m2 = sources(v, d2, open2);
        if (!m2) {
            emit(g, single_rank, (uint64_t)step_of(p, t1) << bg_step_shift(0));
        } else {
            uint32_t on = t1 >= 1 ? 1u << t1 : 0u; /* the same checker going on */
            m2 &= ~(skip & ~on);
            if ((m2 & on) && alt_first && !(v->blots >> t1 & 1u)) {
                /* p -> t1 -> t with the larger die first: dropped if the
                   smaller die first is legal and passes no blot either */
                int m = p - d2;
                if (m >= 1 && (alt_first >> p & 1u) && !(v->blots >> m & 1u)) {
                    undo_step(v, p, t1);
                    do_step(v, p, m);
                    if (sources(v, d1, open1) >> m & 1u)
                        m2 &= ~on;
                    undo_step(v, p, m);
                    do_step(v, p, t1);
                }
            }
            int i1 = 2 * p + (d1 == g->small && p > d1);
            while (m2) {
                int q = low_bit(m2);
                m2 &= m2 - 1;
                int i2 = 2 * q + (d2 == g->small && q > d2);
                int hi = i1 > i2 ? i1 : i2, lo = i1 > i2 ? i2 : i1;
                g->rows |= (uint64_t)1 << hi;
                g->pair[hi] |= (uint64_t)1 << lo;
            }
        }
        undo_step(v, p, t1);
    }
}

/* two_dice() when no checker is on the bar and two or more are outside the
   home board: no step of the move can enter or bear off (§5.1), so a step
   from p only empties p when its checker was alone there (`lone`) and fills
   its target; the sources are found without playing the steps. */
static void two_dice_plain(gen *g, int d1, int d2, uint32_t skip, uint32_t alt_first,
                           uint32_t lone) {
    const bg_view *v = &g->v;
    uint32_t open1 = open_for(v, d1), open2 = open_for(v, d2);
    uint32_t m1 = v->occ & open1, base2 = v->occ & open2;
    int single_rank = d1 > d2 ? 3 : 2;
    int small1 = d1 == g->small, small2 = d2 == g->small; /* no clamped step here */
    while (m1) {
        int p = low_bit(m1);
        m1 &= m1 - 1;
        int t1 = p - d1; /* >= 1: p is in open1 */
        uint32_t on = 1u << t1;
        uint32_t m2 = (base2 & ~(lone & 1u << p)) | (on & open2);
        if (!m2) {
            emit(g, single_rank, (uint64_t)step_of(p, t1) << bg_step_shift(0));
            continue;
        }
        m2 &= ~(skip & ~on);
        if ((m2 & on) && alt_first && !(v->blots >> t1 & 1u)) {
            int m = p - d2; /* as in two_dice */
            if ((alt_first >> p & 1u) && !(v->blots >> m & 1u) && (open1 >> m & 1u))
                m2 &= ~on;
        }
        int i1 = 2 * p + small1;
        while (m2) {
            int q = low_bit(m2);
            m2 &= m2 - 1;
            int i2 = 2 * q + small2;
            int hi = i1 > i2 ? i1 : i2, lo = i1 > i2 ? i2 : i1;
            g->rows |= (uint64_t)1 << hi;
            g->pair[hi] |= (uint64_t)1 << lo;
        }
    }
}

/* Doubles: up to four steps of d, sources non-increasing (see the top). */
static void doubles(gen *g, int d) {
    bg_view *v = &g->v;
    uint32_t open = open_for(v, d);
    uint32_t m0 = sources(v, d, open);
    while (m0) {
        int p0 = low_bit(m0);
        m0 &= m0 - 1;
        int t0 = target(p0, d);
        uint64_t a0 = (uint64_t)step_of(p0, t0) << bg_step_shift(0);
        do_step(v, p0, t0);
        uint32_t m1 = sources(v, d, open) & ((2u << p0) - 1u);
        if (!m1)
            emit(g, 2, a0);
        while (m1) {
            int p1 = low_bit(m1);
            m1 &= m1 - 1;
            int t1 = target(p1, d);
            uint64_t a1 = a0 | (uint64_t)step_of(p1, t1) << bg_step_shift(1);
            do_step(v, p1, t1);
            uint32_t m2 = sources(v, d, open) & ((2u << p1) - 1u);
            if (!m2)
                emit(g, 4, a1);
            while (m2) {
                int p2 = low_bit(m2);
                m2 &= m2 - 1;
                int t2 = target(p2, d);
                uint64_t a2 = a1 | (uint64_t)step_of(p2, t2) << bg_step_shift(2);
                do_step(v, p2, t2);
                uint32_t m3 = sources(v, d, open) & ((2u << p2) - 1u);
                if (!m3) {
                    emit(g, 6, a2);
                } else if (g->rank < 8) {
                    g->rank = 8;
                    g->count = 0;
                }
                while (m3) {
                    int p3 = low_bit(m3);
                    m3 &= m3 - 1;
                    g->out[g->count++] = MOVE_ACTION(a2 | step_of(p3, target(p3, d)));
                }
                undo_step(v, p2, t2);
            }
            undo_step(v, p1, t1);
        }
        undo_step(v, p0, t0);
    }
}

/* Ascending, by insertion: the lists sorted here (one die playable) hold at
   most two passes of 25 steps, and are usually a handful. */
static void sort_actions(uint64_t *a, size_t n) {
    for (size_t i = 1; i < n; i++) {
        uint64_t v = a[i];
        size_t j = i;
        while (j > 0 && a[j - 1] > v) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = v;
    }
}

/* More than 15 checkers for the mover (§1), which only damaged bytes have
   (sane.c leaves the counts to this test): the doubles could then list more
   than ALEA_BACKGAMMON_MAX_ACTIONS moves, so none are listed. */
static bool too_many_checkers(const bg_view *v) {
    uint64_t w[3];
    memcpy(w, v->me + 1, sizeof w);
    if (alea__bytes_above(w[0] | w[1] | w[2], BG_CHECKERS)) /* then each sum is below 256 */
        return true;
    return alea__bytes_sum(w[0]) + alea__bytes_sum(w[1]) + alea__bytes_sum(w[2]) + v->me[BG_BAR] >
           BG_CHECKERS;
}

size_t alea__bg_legal_moves(const bg_view *view, int a, int b, uint64_t *out, int *max_dice) {
    gen g;
    g.v = *view;
    g.out = out;
    g.count = 0;
    g.rank = 0;
    if (a == b) {
        if (!too_many_checkers(&g.v))
            doubles(&g, a); /* at most 3060 results (alea/backgammon.h) */
    } else {
        if (a < b) {
            int t = a;
            a = b;
            b = t;
        }
        /* Order b-then-a skips a second step q that could have been played
           first (see two_dice). */
        uint32_t first_a = sources(&g.v, a, open_for(&g.v, a));
        uint32_t first_b = sources(&g.v, b, open_for(&g.v, b));
        g.small = b;
        g.rows = 0;
        memset(g.pair, 0, sizeof g.pair);
        uint32_t lone = lone_points(&g.v), outer = g.v.occ & OUTSIDE_MASK;
        if (!(g.v.occ & BAR_BIT) && ((outer & (outer - 1)) || (outer & ~lone))) {
            two_dice_plain(&g, a, b, 0, first_b, lone);
            two_dice_plain(&g, b, a, first_a, 0, lone);
        } else {
            two_dice(&g, a, b, 0, first_b);
            two_dice(&g, b, a, first_a, 0);
        }
        if (g.rows) { /* both dice used: the pairs, ascending */
            size_t n = 0;
            for (uint64_t rows = g.rows; rows; rows &= rows - 1) {
                int hi = alea__low_bit(rows), p = hi >> 1;
                uint64_t step = step_of(p, target(p, hi & 1 ? b : a));
                for (uint64_t m = g.pair[hi]; m; m &= m - 1) {
                    int lo = alea__low_bit(m), q = lo >> 1;
                    uint64_t low = step_of(q, target(q, lo & 1 ? b : a));
                    out[n++] = MOVE_ACTION(step << bg_step_shift(0) | low << bg_step_shift(1));
                }
            }
            g.count = (unsigned)n;
            g.rank = 4;
        } else if (g.count > 1) { /* one die: at most 25 steps a pass */
            size_t n = 1;
            sort_actions(out, g.count);
            for (size_t i = 1; i < g.count; i++) /* the same step found twice */
                if (out[i] != out[n - 1])
                    out[n++] = out[i];
            g.count = (unsigned)n;
        }
    }
    if (g.count == 0) { /* §5.3: the roll is forfeited */
        out[0] = MOVE_ACTION(0);
        g.count = 1;
    }
    if (max_dice)
        *max_dice = g.rank / 2;
    return g.count;
}

/* Doubles, one legal move at a time: sequences of `best` / 2 steps, in the
   order of doubles(). */
static void doubles_each(bg_view *v, int d, uint32_t open, int below, int steps, // NOLINT(misc-no-recursion)
                         uint64_t acc, int best, alea__bg_visit visit, void *ctx) {
    uint32_t m = sources(v, d, open) & ((2u << below) - 1u);
    if (!m && steps > 0 && 2 * steps == best)
        visit(ctx, MOVE_ACTION(acc));
    while (m) {
        int p = low_bit(m);
        m &= m - 1;
        int t = target(p, d);
        uint64_t a = acc | (uint64_t)step_of(p, t) << (30 - 10 * steps);
        if (steps == 3) {
            visit(ctx, MOVE_ACTION(a));
            continue;
        }
        do_step(v, p, t);
        doubles_each(v, d, open, p, steps + 1, a, best, visit, ctx);
        undo_step(v, p, t);
    }
}

void alea__bg_each_move(const bg_view *view, int a, int b, alea__bg_visit visit, void *ctx) {
    uint64_t few[64]; /* the moves of one die: at most two passes of 25 steps */
    int best = alea__bg_best_rank(view, a, b);
    if (best == 0 || (a == b && too_many_checkers(view))) { /* as alea__bg_legal_moves() */
        visit(ctx, MOVE_ACTION(0));
    } else if (a == b) {
        bg_view v = *view;
        doubles_each(&v, a, open_for(&v, a), BG_BAR, 0, 0, best, visit, ctx);
    } else { /* the passes of alea__bg_legal_moves(), without the list */
        gen g;
        if (a < b) {
            int t = a;
            a = b;
            b = t;
        }
        g.v = *view;
        g.out = few; /* singles only: at most 25 a pass */
        g.count = 0;
        g.rank = 0;
        g.small = b;
        g.rows = 0;
        memset(g.pair, 0, sizeof g.pair);
        uint32_t first_a = sources(&g.v, a, open_for(&g.v, a));
        uint32_t first_b = sources(&g.v, b, open_for(&g.v, b));
        two_dice(&g, a, b, 0, first_b);
        two_dice(&g, b, a, first_a, 0);
        if (g.rows) { /* both dice used: the pairs, ascending */
            for (uint64_t rows = g.rows; rows; rows &= rows - 1) {
                int hi = alea__low_bit(rows), p = hi >> 1;
                uint64_t step = step_of(p, target(p, hi & 1 ? b : a));
                for (uint64_t m = g.pair[hi]; m; m &= m - 1) {
                    int lo = alea__low_bit(m), q = lo >> 1;
                    uint64_t low = step_of(q, target(q, lo & 1 ? b : a));
                    visit(ctx, MOVE_ACTION(step << bg_step_shift(0) | low << bg_step_shift(1)));
                }
            }
        } else { /* one die: sorted, each step once */
            sort_actions(few, g.count);
            for (size_t i = 0; i < g.count; i++)
                if (i == 0 || few[i] != few[i - 1])
                    visit(ctx, few[i]);
        }
    }
}

/* Can the steps be played in their (descending) order with some assignment of
   the dice?  A legal move always can: rear checkers first never breaks §5.1
   (the bar is highest; moving higher checkers first only brings checkers home
   and clears the points above an over-bearing one), so a "no" here is exact
   and spares the generation of every legal move. */
/* The steps in their order, step i with dice[i]. */
static bool play_in_order(bg_view v, const int *from, const int *to, int n, const int *dice) {
    for (int i = 0; i < n; i++) {
        int d = dice[i];
        if (target(from[i], d) != to[i] || !(sources(&v, d, open_for(&v, d)) >> from[i] & 1u))
            return false;
        do_step(&v, from[i], to[i]);
    }
    return true;
}

static bool playable(const bg_view *v, const int *from, const int *to, int n, int d0, int d1) {
    if (d0 == d1) {
        const int dice[4] = {d0, d0, d0, d0};
        return n <= 4 && play_in_order(*v, from, to, n, dice);
    }
    const int first[2] = {d0, d1}, second[2] = {d1, d0};
    return n <= 2 &&
           (play_in_order(*v, from, to, n, first) || play_in_order(*v, from, to, n, second));
}

/* Doubles: the most steps of d (at most `left`) playable from here, sources
   at or below `below` (non-increasing, as in doubles()). */
static int most_steps(bg_view *v, int d, uint32_t open, int below, int left) { // NOLINT(misc-no-recursion)
    uint32_t m = sources(v, d, open) & ((2u << below) - 1u);
    int best = 0;
    while (m && best < left) {
        int p = low_bit(m);
        m &= m - 1;
        int t = target(p, d);
        do_step(v, p, t);
        int r = left > 1 ? 1 + most_steps(v, d, open, p, left - 1) : 1;
        undo_step(v, p, t);
        if (r > best)
            best = r;
    }
    return best;
}

int alea__bg_best_rank(const bg_view *view, int a, int b) {
    bg_view v = *view;
    if (a == b)
        return 2 * most_steps(&v, a, open_for(&v, a), BG_BAR, 4);
    if (a < b) {
        int t = a;
        a = b;
        b = t;
    }
    uint32_t open_a = open_for(&v, a), open_b = open_for(&v, b);
    for (int order = 0; order < 2; order++) { /* both dice: either may go first */
        int d1 = order ? b : a;
        uint32_t o1 = order ? open_b : open_a, o2 = order ? open_a : open_b;
        uint32_t m1 = sources(&v, d1, o1);
        while (m1) {
            int p = low_bit(m1), t = target(p, d1);
            m1 &= m1 - 1;
            do_step(&v, p, t);
            uint32_t more = sources(&v, order ? a : b, o2);
            undo_step(&v, p, t);
            if (more)
                return 4;
        }
    }
    return sources(&v, a, open_a) ? 3 : sources(&v, b, open_b) ? 2 : 0;
}

int alea__bg_rank_check(const bg_view *v, const int *from, const int *to, int n, int d0, int d1) {
    int best = alea__bg_best_rank(v, d0, d1);
    if (d0 == d1 || n == 0)
        return 2 * n == best;
    /* one step of a non-double: the larger die alone ranks 3, the smaller 2 */
    const int big[1] = {d0 > d1 ? d0 : d1};
    return n == 1 && (play_in_order(*v, from, to, 1, big) ? 3 : 2) == best;
}

int alea__bg_quick_check(const bg_view *v, const int *from, const int *to, int n, int d0, int d1) {
    if (n > 0 && !playable(v, from, to, n, d0, d1))
        return 0;
    /* Playable: surely in the list when it uses all four steps of a double
       (each multiset of steps is one position) or both dice of a non-double,
       unless it is one checker's route p/m/t whose other route p/m2/t, m2 > m,
       is legal too without a blot on either (then that one is canonical). */
    if (d0 == d1)
        return n == 4 ? 1 : 2;
    if (n != 2)
        return 2;
    if (to[0] != from[1] || to[0] < 1)
        return 1; /* two checkers: no other route gives this position */
    int p = from[0], m = to[0], t = to[1];
    int other = p - m == d0 ? d1 : d0, m2 = p - other;
    if (m2 <= m || (v->blots >> m & 1u) || (v->blots >> m2 & 1u))
        return 1;
    int f2[2] = {p, m2}, t2[2] = {m2, t};
    return playable(v, f2, t2, 2, d0, d1) ? 0 : 1;
}

uint64_t alea__bg_move_action(int n, const int from[4], const int to[4]) {
    uint32_t step[4] = {0, 0, 0, 0};
    for (int i = 0; i < n && i < 4; i++) {
        uint32_t v = (uint32_t)(from[i] << BG_STEP_FROM_SHIFT | to[i]);
        int j = i;
        while (j > 0 && step[j - 1] < v) { /* canonical order: descending */
            step[j] = step[j - 1];
            j--;
        }
        step[j] = v;
    }
    uint64_t payload = 0;
    for (int i = 0; i < 4; i++)
        payload |= (uint64_t)step[i] << bg_step_shift(i);
    return ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_MOVE, payload);
}

int alea__bg_steps(uint64_t action, int from[4], int to[4]) {
    if (bg_kind(action) != ALEA_BACKGAMMON_MOVE || (action & BG_MOVE_UNUSED_MASK))
        return -1;
    int n = 0;
    uint32_t prev = 0xFFFFFFFFu;
    for (int i = 0; i < 4; i++) {
        uint32_t step = (uint32_t)(action >> bg_step_shift(i)) & BG_STEP_MASK;
        if (step == 0) {
            for (int j = i + 1; j < 4; j++)
                if ((action >> bg_step_shift(j)) & BG_STEP_MASK)
                    return -1; /* a gap in the steps */
            break;
        }
        int f = (int)(step >> BG_STEP_FROM_SHIFT), t = (int)(step & BG_STEP_TO_MASK);
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
