/*
 * Dice poker: the ply bot's values and ranked actions (the rank hook of
 * core/impl.h; doc/bots.md "Dice poker: the optimal bot").  Each legal
 * action of a DECIDE state gets the seat's expected final score: the turn
 * is searched exactly (the expectimax of optimal.c over the keeps of each
 * throw, P-2.2, P-8.2), and the card after it is valued by the one-column
 * solitaire optimum that the library carries in compact form
 * (optimal_data.c):
 *  - one column: that value itself, the column bonus (P-6.7) included while
 *    it is alive and at most dpo_compact.tail cells are open (exact up to
 *    1/32 point there; elsewhere the value with the bonus lost);
 *  - more columns: the sum of each column's value as if it were a card of
 *    its own, the shared reserve (P-1.6) counted for the one column it helps
 *    most; each cell earns what it earns on a one-column card (a School row
 *    closed without the reserve 5n, a combination its value again, P-6.5,
 *    P-6.6), the stand-in for the row bonuses of the whole row; and the
 *    cell that completes a row whose bonus is still to be had earns that
 *    bonus once more: the race for it against the other seats (P-6.1).
 * Rule numbers P-x.y refer to doc/rules/dice_poker.md.
 */
#include "dice_poker/optimal.h"

#include <string.h>

static double lost_at(const dpo_compact *c, uint32_t off, uint32_t mask, int res) {
    int top = alea__dpo_reserves(mask) - 1;
    if (mask == DPO_FULL)
        return 0; /* no turn left; no column bonus (it is never alive here) */
    return c->lost[off + (uint32_t)(res < top ? res : top)] / DPO_UNIT;
}

/* The columns of a card: each one's filled rows and its table offset. */
typedef struct cols {
    int n;
    uint32_t mask[DP_MAX_COLS], off[DP_MAX_COLS];
} cols;

/* The value of the rest of the game of a card with these columns (one of
   them, `at`, replaced by `mask`/`off`) and reserve. */
static double card_value(const dpo_compact *c, const cols *k, int at, uint32_t mask, uint32_t off,
                         int res) {
    double sum = 0, best = 0;
    for (int i = 0; i < k->n; i++) {
        uint32_t m = i == at ? mask : k->mask[i], o = i == at ? off : k->off[i];
        double v0 = lost_at(c, o, m, 0), gain = lost_at(c, o, m, res) - v0;
        sum += v0;
        if (gain > best)
            best = gain;
    }
    return sum + best;
}

/* The endings of the turn of a card with several columns (see above). */
/* How many times a row bonus the turn would take counts, on top of what the
   cell earns as on a one-column card (doc/bots.md: measured 1 and 2). */
#define RACE 1

/* Whether row r's bonus can still be the seat's (P-6.1, P-6.5, P-6.6): no one
   took it and its filled cells meet the condition; the largest cell so far. */
static bool row_alive(const dp_state *s, const dp_card *card, int r, int upto, int *best) {
    *best = 0;
    if (r >= DP_ROW_BONUSES || s->bonus_owner[r] != 0)
        return false;
    for (int c = 0; c < upto; c++) {
        int mark = card->mark[r][c];
        if (mark != (dp_is_school(r) ? ALEA_DICE_POKER_CLOSED : ALEA_DICE_POKER_SCORED))
            return false;
        if (card->value[r][c] > *best)
            *best = card->value[r][c];
    }
    return true;
}

static void fill_columns(dpo_turn *t, const dpo_dice *d, const dpo_compact *c, const dp_state *s,
                         const dp_card *card, uint32_t *full) {
    cols k;
    const int res = card->reserve, columns = s->columns;
    k.n = columns;
    for (int i = 0; i < columns; i++) {
        k.mask[i] = 0;
        for (int r = 0; r < DP_ROWS; r++)
            if (card->mark[r][i] != ALEA_DICE_POKER_EMPTY)
                k.mask[i] |= 1u << r;
        k.off[i] = alea__dpo_lost_offset(c, k.mask[i]);
    }
    *full = 0;
    for (int r = 0; r < DP_ROWS; r++) {
        int col = alea__dp_row_filled(card, columns, r); /* P-2.3: the leftmost empty cell */
        uint32_t next, off;
        int best;
        if (col >= columns) {
            *full |= 1u << r;
            continue;
        }
        /* the race (P-6.1): completing the row now takes its bonus */
        const int race = row_alive(s, card, r, col, &best) && col == columns - 1 ? RACE : 0;
        next = k.mask[col] | 1u << r;
        off = alea__dpo_lost_offset(c, next);
        if (dp_is_school(r)) {
            for (int n = 0; n <= DP_DICE; n++) {
                uint8_t mark;
                int delta, reward;
                alea__dp_school_outcome(r + 1, n, res, &mark, &delta); /* P-4 */
                reward = delta;
                if (mark == ALEA_DICE_POKER_CLOSED)
                    reward += (1 + race) * 5 * (r + 1); /* P-6.5 */
                else if (mark == ALEA_DICE_POKER_ZERO)
                    reward -= DP_ZERO_PENALTY; /* P-5.2 */
                t->wschool[r][n] = reward + card_value(c, &k, col, next, off, res + delta);
            }
            continue;
        }
        int j = r - DP_SCHOOL_ROWS;
        double after = card_value(c, &k, col, next, off, res);
        t->wstrike[j] = after;
        for (int i = 0; i < d->vcount[j]; i++) {
            int v = d->vlist[j][i];
            int bonus = r == ALEA_DICE_POKER_SUM ? 0 : v + race * (v > best ? v : best); /* P-6.6 */
            t->wcomb[j][i] = v + bonus + after;
        }
    }
}

bool alea__dp_rank(const alea_state *st, const uint64_t *legal, size_t n,
                   const alea__rank_params *p, alea_ranked_action *out) {
    const dp_state *s = dp_cof(st);
    const dpo_dice *d = &alea__dpo_dice_data;
    const dpo_compact *c = &alea__dpo_compact_data;
    const int seat = dp_seat(s);
    const dp_card *card = &s->card[seat];
    dpo_turn t;
    double *values;
    uint32_t full;
    (void)p; /* the turn is searched to its end; the rest is the table's */
    if (!c->lost || s->phase != DP_PHASE_DECIDE || n > (size_t)2 * DPO_HANDS)
        return false;
    if (s->columns == 1) {
        dpo_table table = {NULL, NULL, c};
        int res, cls;
        /* the column bonus is alive for nobody once someone took it */
        alea__dpo_card_key(d, card, s->bonus_owner[DP_ROW_BONUSES] == 0, &full, &res, &cls);
        alea__dpo_turn_of(d, &t, &table, full, res, cls);
    } else {
        fill_columns(&t, d, c, s, card, &full);
        alea__dpo_solve(d, &t, full);
    }
    values = &t.s3[0][0]; /* free after the solve: room for 504 */
    if (alea__dpo_values_of(d, &t, s, full, legal, n, values) != ALEA_OK)
        return false;
    const double now = alea__dp_score(s, seat);
    for (size_t i = 0; i < n; i++) {
        memset(&out[i], 0, sizeof out[i]);
        out[i].value = now + values[i];
        out[i].plies = p->plies; /* the turn is solved whole at any depth: every action alike */
    }
    return true;
}

/* The levels of play (doc/bots.md "Dice poker: levels"), each measured
   stronger than the one before: this search with normal noise of this many
   points on each action's value (alea_bot_options.noise is at most 10), or
   the advisor of the heuristic kind. */
const alea__bot_level alea__dp_levels[DP_LEVELS] = {
    {"beginner", ALEA_BOT_PLY, 1, 6.0, 0, 0},
    {"intermediate", ALEA_BOT_HEURISTIC, 1, 0.0, 0, 0},
    {"advanced", ALEA_BOT_PLY, 1, 3.0, 0, 0},
    {"expert", ALEA_BOT_PLY, 1, 0.0, 0, 0},
};
