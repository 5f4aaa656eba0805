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
    int player;
    int opp_free;    /* the opponent's free pawns before the move (W-7.6) */
    bool home_clear; /* no own pawn on the own home row (W-7.8) */
} context;

static int free_pawns(const wd_state *s, int player) {
    int n = 0;
    for (int pip = 1; pip <= 6; pip++)
        n += wd_is_free(s, wd_pawn(player, pip));
    return n;
}

static void make_context(const wd_state *s, context *cx) {
    cx->player = s->player;
    cx->opp_free = free_pawns(s, 1 - s->player);
    cx->home_clear = true;
    int home = wd_home_row(s->player);
    for (int pip = 1; pip <= 6; pip++) {
        int q = s->sq[wd_pawn(s->player, pip)];
        if (q < WD_SQUARES && wd_row(q) == home)
            cx->home_clear = false;
    }
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

/* W-7.2 .. W-7.8 for a free pawn: where it goes and whether it may. */
static wd_verdict geometry(const wd_state *s, const context *cx, int pawn, int dir, int dist,
                           int points, wd_move *m) {
    int from = s->sq[pawn];
    int c = wd_col(from), r = wd_row(from);
    int sign = cx->player == 0 ? 1 : -1;
    int dc = sign * step_col[dir], dr = sign * step_row[dir];
    m->pawn = pawn;
    m->from = from;
    /* W-7.3: squares on the way do not matter, only the first step off the
       board: jr leaves through a row edge, jc through a side edge. */
    int jr = dr > 0 ? WD_ROWS + 1 - r : dr < 0 ? r : WD_DIST_NEVER;
    int jc = dc > 0 ? WD_COLS - c : dc < 0 ? c + 1 : WD_DIST_NEVER;
    if (jr <= dist && jr <= jc) { /* W-7.4: the row test alone decides corners */
        bool far_edge = (dr > 0) == (cx->player == 0);
        if (!far_edge)
            return WD_OFF_OWN;
        if (!cx->home_clear)
            return WD_HOME_ROW; /* W-7.8 */
        m->to = -1;
        m->points = points + WD_EXIT_BONUS; /* W-8.3 */
        m->tower = false;
        return WD_LEGAL; /* W-7.4: overshoot allowed */
    }
    if (jc <= dist)
        return WD_OFF_SIDE;
    int nr = r + dist * dr;
    int q = wd_square(c + dist * dc, nr);
    int top = s->top[q] - 1;
    /* W-7.6: covering the opponent's last free pawn is allowed only when the
       move uncovers another opponent pawn below the mover. */
    if (top >= 0 && top / 6 != cx->player && cx->opp_free == 1) {
        int below = pawn_below(s, pawn);
        if (below < 0 || below / 6 == cx->player)
            return WD_LAST_FREE;
    }
    bool forward = cx->player == 0 ? (r <= 6 && nr >= 7) : (r >= 7 && nr <= 6); /* W-8.2 */
    m->to = q;
    m->points = points + (forward ? WD_MIDLINE_BONUS : 0);
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
    if (!wd_is_free(s, pawn))
        return WD_PAWN_BLOCKED;
    return geometry(s, cx, pawn, dir, dist, points, m);
}

wd_verdict alea__wd_evaluate(const wd_state *s, int pip, int dir, int dist, int points,
                             wd_move *out) {
    context cx;
    wd_move m;
    make_context(s, &cx);
    wd_verdict v = evaluate(s, &cx, pip, dir, dist, points, &m);
    if (out)
        *out = m;
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

uint64_t alea__wd_canonical(const wd_state *s, int pip, int dir, int dist, int points) {
    context cx;
    wd_move m;
    make_context(s, &cx);
    if (evaluate(s, &cx, pip, dir, dist, points, &m) == WD_LEGAL && m.to < 0)
        return first_exit(s, &cx, pip, points);
    return alea__wd_move_action(pip, dir, dist, points);
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
        if (!wd_is_free(s, pawn)) /* W-7.1 */
            continue;
        int rest[3], r = 0;
        for (int j = 0; j < 4; j++)
            if (j != i)
                rest[r++] = roll[j];
        unsigned any_dir = 0; /* directions some split of the rest allows */
        for (int k = 0; k < 3; k++)
            for (int d = 0; d < 3; d++)
                if (d != k)
                    any_dir |= wd_dirs_of(rest[d]);
        for (int dir = 0; dir < WD_DIRS; dir++) {
            if (!(any_dir & (1u << dir)))
                continue;
            for (int k = 0; k < 3; k++) {
                if (k > 0 && rest[k] == rest[k - 1])
                    continue;
                int two[2], t = 0; /* the dice left for Z and D, ascending */
                for (int j = 0; j < 3; j++)
                    if (j != k)
                        two[t++] = rest[j];
                wd_move m;
                wd_verdict geo = WD_NOT_IN_ROLL; /* not computed yet */
                for (int z = 0; z < 2; z++) {
                    if (z == 1 && two[1] == two[0])
                        continue;
                    if (!(wd_dirs_of(two[1 - z]) & (1u << dir)))
                        continue; /* W-6.1 */
                    if (geo == WD_NOT_IN_ROLL)
                        geo = geometry(s, &cx, pawn, dir, rest[k], 0, &m);
                    if (geo != WD_LEGAL)
                        break;
                    if (m.to < 0) {
                        uint64_t bit = 1ull << ((pip - 1) * 6 + two[z] - 1);
                        if (exits_seen & bit)
                            continue; /* W-5.8: an earlier spelling is listed */
                        exits_seen |= bit;
                    }
                    out[n++] = alea__wd_move_action(pip, dir, rest[k], two[z]);
                }
            }
        }
    }
    if (n == 0) /* W-5.5 */
        out[n++] = ALEA_WISE_DICE_ACTION(ALEA_WISE_DICE_PASS, 0);
    return n;
}

void alea__wd_rebuild(wd_state *s) {
    memset(s->top, 0, sizeof s->top);
    memset(s->count, 0, sizeof s->count);
    for (int p = 0; p < WD_PAWNS; p++)
        if (s->sq[p] < WD_SQUARES)
            s->count[s->sq[p]]++;
    for (int p = 0; p < WD_PAWNS; p++)
        if (s->sq[p] < WD_SQUARES && s->height[p] + 1 == s->count[s->sq[p]])
            s->top[s->sq[p]] = (uint8_t)(p + 1);
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
        int below = pawn_below(s, m->pawn);
        s->count[m->from]--;
        s->top[m->from] = (uint8_t)(below + 1);
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
            s->sq[m->pawn] = (uint8_t)m->to;
            s->height[m->pawn] = s->count[m->to];
            s->count[m->to]++;
            s->top[m->to] = (uint8_t)(m->pawn + 1);
            if (m->tower)
                s->phase = WD_PHASE_ROLL; /* W-5.6: an extra move */
            else
                end_turn(s);
        }
    }
    if (s->phase != WD_PHASE_OVER && s->moves >= s->max_moves)
        game_over(s); /* W-10.5 */
}
