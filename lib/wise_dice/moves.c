/*
 * Moves: the geometry of a tuple (W-7), its points (W-8), the legal action
 * list with one canonical action per resulting state (W-5.3, W-5.7 .. W-5.9),
 * and carrying a move out with the turn order that follows (W-5.6, W-10).
 *
 * Nothing here allocates: the generator runs on the caller's array.
 */
#include "wise_dice/wd.h"

#include <string.h>

#define WD_DIST_NEVER 99 /* a step count no distance reaches */

/* South's step vectors (W-3.3) in the order F, FL, FR, L, R, B, BL, BR;
   North's are the same times -1. */
static const int8_t step_col[WD_DIRS] = {0, -1, +1, -1, +1, 0, -1, +1};
static const int8_t step_row[WD_DIRS] = {+1, +1, +1, 0, 0, -1, -1, -1};

/* What the position says once for every tuple of a move. */
typedef struct context {
    uint8_t top[WD_SQUARES]; /* pawn id + 1 of each square's top pawn, 0 = empty */
    int player;
    int opp_free;    /* the opponent's free pawns before the move (W-7.6) */
    bool home_clear; /* no own pawn on the own home row (W-7.8) */
} context;

static inline bool is_free(const context *cx, const wd_state *s, int pawn) { /* W-1.5 */
    return s->sq[pawn] < WD_SQUARES && cx->top[s->sq[pawn]] == pawn + 1;
}

/* One pass over the pawns: the top of every square, the home row (W-7.8),
   then the opponent's free pawns (W-7.6). */
static void make_context(const wd_state *s, context *cx) {
    memset(cx->top, 0, sizeof cx->top);
    cx->player = s->player;
    cx->home_clear = true;
    int home = wd_home_row(s->player);
    for (int p = 0; p < WD_PAWNS; p++) {
        int q = s->sq[p];
        if (q >= WD_SQUARES)
            continue;
        int t = cx->top[q];
        if (t == 0 || s->height[p] > s->height[t - 1])
            cx->top[q] = (uint8_t)(p + 1);
        if (p / 6 == s->player && wd_row(q) == home)
            cx->home_clear = false;
    }
    cx->opp_free = 0;
    for (int p = (1 - s->player) * 6; p < (2 - s->player) * 6; p++)
        cx->opp_free += is_free(cx, s, p);
}

/* The pawn directly below `pawn`, or -1. */
static int pawn_below(const wd_state *s, int pawn) {
    if (s->height[pawn] == 0)
        return -1;
    for (int p = 0; p < WD_PAWNS; p++)
        if (s->sq[p] == s->sq[pawn] && s->height[p] + 1 == s->height[pawn])
            return p;
    return -1;
}

/* A pawn and a direction: its square, its step and how many steps reach a
   row edge (jr) or a side edge (jc) first (W-7.2). */
typedef struct ray {
    int pawn, from, c, r, dc, dr, jr, jc;
} ray;

static inline void make_ray(const wd_state *s, const context *cx, int pawn, int dir, ray *ry) {
    int sign = cx->player == 0 ? 1 : -1;
    ry->pawn = pawn;
    ry->from = s->sq[pawn];
    ry->c = wd_col(ry->from);
    ry->r = wd_row(ry->from);
    ry->dc = sign * step_col[dir];
    ry->dr = sign * step_row[dir];
    ry->jr = ry->dr > 0 ? WD_ROWS + 1 - ry->r : ry->dr < 0 ? ry->r : WD_DIST_NEVER;
    ry->jc = ry->dc > 0 ? WD_COLS - ry->c : ry->dc < 0 ? ry->c + 1 : WD_DIST_NEVER;
}

/* W-7.2 .. W-7.8 for a free pawn going `dist` steps along the ray: where it
   goes and whether it may.  m->points holds the bonus only (W-8.2, W-8.3). */
static inline wd_verdict geometry(const wd_state *s, const context *cx, const ray *ry, int dist,
                                  wd_move *m) {
    m->pawn = ry->pawn;
    m->from = ry->from;
    /* W-7.3: squares on the way do not matter, only the first step off the board */
    if (ry->jr <= dist && ry->jr <= ry->jc) { /* W-7.4: the row test alone decides corners */
        bool far_edge = (ry->dr > 0) == (cx->player == 0);
        if (!far_edge)
            return WD_OFF_OWN;
        if (!cx->home_clear)
            return WD_HOME_ROW; /* W-7.8 */
        m->to = -1;
        m->points = WD_EXIT_BONUS; /* W-8.3 */
        m->tower = false;
        return WD_LEGAL; /* W-7.4: overshoot allowed */
    }
    if (ry->jc <= dist)
        return WD_OFF_SIDE;
    int nr = ry->r + dist * ry->dr;
    int q = wd_square(ry->c + dist * ry->dc, nr);
    int top = cx->top[q] - 1;
    /* W-7.6: covering the opponent's last free pawn is allowed only when the
       move uncovers another opponent pawn below the mover. */
    if (top >= 0 && top / 6 != cx->player && cx->opp_free == 1) {
        int below = pawn_below(s, ry->pawn);
        if (below < 0 || below / 6 == cx->player)
            return WD_LAST_FREE;
    }
    int r = ry->r;
    bool forward = cx->player == 0 ? (r <= 6 && nr >= 7) : (r >= 7 && nr <= 6); /* W-8.2 */
    m->to = q;
    m->points = forward ? WD_MIDLINE_BONUS : 0;
    m->tower = top >= 0; /* W-7.5 */
    return WD_LEGAL;
}

/* Removes I, K and Z from the roll; the die left is D (W-5.2), or 0. */
int alea__wd_direction_die(const wd_state *s, int pip, int dist, int points) {
    int left[4];
    memcpy(left, (int[4]){s->roll[0], s->roll[1], s->roll[2], s->roll[3]}, sizeof left);
    int want[3] = {pip, dist, points};
    for (int w = 0; w < 3; w++) {
        int i = 0;
        while (i < 4 && left[i] != want[w])
            i++;
        if (i == 4)
            return 0;
        left[i] = 0;
    }
    for (int i = 0; i < 4; i++)
        if (left[i] != 0)
            return left[i];
    return 0;
}

static wd_verdict evaluate(const wd_state *s, const context *cx, int pip, int dir, int dist,
                           int points, wd_move *m) {
    int die = alea__wd_direction_die(s, pip, dist, points);
    if (die == 0)
        return WD_NOT_IN_ROLL;
    if (!(wd_dirs_of(die) & (1u << dir)))
        return WD_BAD_DIR;
    int pawn = wd_pawn(cx->player, pip);
    if (s->sq[pawn] == WD_EXITED)
        return WD_PAWN_EXITED;
    if (!is_free(cx, s, pawn))
        return WD_PAWN_BLOCKED;
    ray ry;
    make_ray(s, cx, pawn, dir, &ry);
    wd_verdict v = geometry(s, cx, &ry, dist, m);
    if (v == WD_LEGAL)
        m->points += points; /* W-8.1 */
    return v;
}

/* The first spelling in W-5.9 order (d, then K) of the exit of pawn `pip`
   scoring Z = points; every such exit reaches the same state (W-5.8). */
static uint64_t first_exit(const wd_state *s, const context *cx, int pip, int points) {
    for (int dir = 0; dir < WD_DIRS; dir++) {
        for (int dist = 1; dist <= 6; dist++) {
            wd_move m;
            if (evaluate(s, cx, pip, dir, dist, points, &m) == WD_LEGAL && m.to < 0)
                return alea__wd_move_action(pip, dir, dist, points);
        }
    }
    return 0;
}

wd_verdict alea__wd_evaluate(const wd_state *s, int pip, int dir, int dist, int points,
                             wd_move *out, uint64_t *canonical) {
    context cx;
    wd_move m = {0, 0, -1, 0, false};
    make_context(s, &cx);
    wd_verdict v = evaluate(s, &cx, pip, dir, dist, points, &m);
    if (out)
        *out = m;
    if (canonical) /* W-5.9: an exit is written its first way; other moves one way only */
        *canonical = v == WD_LEGAL && m.to < 0 ? first_exit(s, &cx, pip, points)
                                               : alea__wd_move_action(pip, dir, dist, points);
    return v;
}

/* One way to give the three dice left after I to K, Z and D (W-5.2). */
typedef struct split {
    uint8_t dist, points;
    uint8_t dirs; /* the directions D allows (W-6.1) */
} split;

/* The splits of three ascending dice, in ascending (K, Z) order, each once. */
static int make_splits(const int rest[3], split out[6], unsigned *any_dirs) {
    int n = 0;
    *any_dirs = 0;
    for (int k = 0; k < 3; k++) {
        if (k > 0 && rest[k] == rest[k - 1])
            continue;
        int a = rest[k == 0 ? 1 : 0], b = rest[k == 2 ? 1 : 2]; /* the other two, ascending */
        out[n++] = (split){(uint8_t)rest[k], (uint8_t)a, (uint8_t)wd_dirs_of(b)};
        if (b != a)
            out[n++] = (split){(uint8_t)rest[k], (uint8_t)b, (uint8_t)wd_dirs_of(a)};
        *any_dirs |= wd_dirs_of(a) | wd_dirs_of(b);
    }
    return n;
}

/* Every ordering of the roll (W-5.3): I, then d, then K, then Z ascending,
   which is ascending action order; D is the die left.  Equal dice give one
   tuple because each value is tried once per role. */
size_t alea__wd_legal_moves(const wd_state *s, uint64_t *out) {
    context cx;
    make_context(s, &cx);
    const uint8_t *roll = s->roll;
    uint64_t exits_seen = 0; /* bit (pip - 1) * 6 + Z - 1: that exit is listed (W-5.8) */
    size_t n = 0;
    for (int i = 0; i < 4; i++) {
        if (i > 0 && roll[i] == roll[i - 1])
            continue;
        int pip = roll[i], pawn = wd_pawn(cx.player, pip);
        if (!is_free(&cx, s, pawn)) /* W-7.1 */
            continue;
        int rest[3], r = 0;
        for (int j = 0; j < 4; j++)
            if (j != i)
                rest[r++] = roll[j];
        split sp[6];
        unsigned any_dirs;
        int ns = make_splits(rest, sp, &any_dirs);
        for (int dir = 0; dir < WD_DIRS; dir++) {
            unsigned bit = 1u << dir;
            if (!(any_dirs & bit))
                continue;
            int last_dist = 0;
            wd_verdict geo = WD_NOT_IN_ROLL;
            wd_move m;
            ray ry;
            make_ray(s, &cx, pawn, dir, &ry);
            for (int k = 0; k < ns; k++) {
                if (!(sp[k].dirs & bit))
                    continue; /* W-6.1 */
                if (sp[k].dist != last_dist) {
                    last_dist = sp[k].dist;
                    geo = geometry(s, &cx, &ry, last_dist, &m);
                }
                if (geo != WD_LEGAL)
                    continue;
                if (m.to < 0) {
                    uint64_t seen = 1ull << ((pip - 1) * 6 + sp[k].points - 1);
                    if (exits_seen & seen)
                        continue; /* W-5.8: an earlier spelling is listed */
                    exits_seen |= seen;
                }
                out[n++] = alea__wd_move_action(pip, dir, sp[k].dist, sp[k].points);
            }
        }
    }
    if (n == 0) /* W-5.5 */
        out[n++] = ALEA_WISE_DICE_ACTION(ALEA_WISE_DICE_PASS, 0);
    return n;
}

void alea__wd_board(const wd_state *s, wd_board *b) {
    memset(b, 0, sizeof *b);
    for (int p = 0; p < WD_PAWNS; p++)
        if (s->sq[p] < WD_SQUARES)
            b->count[s->sq[p]]++;
    for (int p = 0; p < WD_PAWNS; p++)
        if (s->sq[p] < WD_SQUARES && s->height[p] + 1 == b->count[s->sq[p]])
            b->top[s->sq[p]] = (uint8_t)(p + 1);
}

/* W-10.3, W-10.5: the game stops; the fields of a running turn are cleared. */
static void game_over(wd_state *s) {
    s->phase = WD_PHASE_OVER;
    s->player = 0;
    s->final_turn = 0;
}

/* The turn passes (W-5.6) or, after a final turn, the game ends (W-10.3). */
static void end_turn(wd_state *s) {
    if (s->final_turn) {
        game_over(s);
        return;
    }
    s->player = (uint8_t)(1 - s->player);
    s->phase = WD_PHASE_ROLL;
}

void alea__wd_make_move(wd_state *s, const wd_move *m) {
    memset(s->roll, 0, sizeof s->roll);
    s->moves++;
    if (m == NULL) { /* a pass (W-5.5): the turn ends, extra moves included */
        end_turn(s);
    } else {
        s->score[s->player] += m->points; /* W-8 */
        if (m->to < 0) {                  /* W-9.1 */
            s->sq[m->pawn] = WD_EXITED;
            s->height[m->pawn] = 0;
            if (s->final_turn) { /* W-10.2: an exit ends the final turn too */
                game_over(s);
            } else { /* W-10.1: the opponent plays a final turn */
                s->final_turn = 1;
                s->player = (uint8_t)(1 - s->player);
                s->phase = WD_PHASE_ROLL;
            }
        } else {
            int height = 0; /* on top of what stands on the destination */
            for (int p = 0; p < WD_PAWNS; p++)
                height += s->sq[p] == m->to;
            s->sq[m->pawn] = (uint8_t)m->to;
            s->height[m->pawn] = (uint8_t)height;
            if (m->tower)
                s->phase = WD_PHASE_ROLL; /* W-5.6: an extra move */
            else
                end_turn(s);
        }
    }
    if (s->phase != WD_PHASE_OVER && s->moves >= s->max_moves)
        game_over(s); /* W-10.5 */
}
