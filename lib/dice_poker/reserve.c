/*
 * Can the reserve of a card have come from some order of play?  (P-4)
 *
 * Every School cell records the change it made to the reserve: CLOSED adds 0,
 * n or 2n (P-4.1), CLOSED_RESERVE takes n or 2n (P-4.2).  The reserve is their
 * sum, and it never went below zero: a cell closed with the reserve needed
 * the reserve to hold its cost at that moment.  The player could fill his
 * rows in any order, but each row from left to right (P-2.3).  Finally the
 * record (P-4.5) sits in the cell that changed the reserve last.
 *
 * Deciding whether such an order exists: cells that add never hurt, so in a
 * best order each is played as soon as the cells before it in its row are.
 * What remains is the order of the cells that take from the reserve: a job
 * per such cell, which needs the reserve to hold its cost and then changes
 * it by its cost and the adding cells after it (up to the next job of its
 * row); the rows are chains of jobs.  That is the problem of sequencing jobs
 * with chain precedence to minimise the maximum cumulative cost, which a
 * priority rule solves exactly (Abdel-Wahab and Kameda 1978; Monma and
 * Sidney 1979): jobs that gain before jobs that lose, gainers by their need,
 * losers by what they leave (need less net cost) from the most; a job that
 * should come before its predecessor in its row is merged into it (the pair
 * needs max(need A, cost A + need B) and costs both), and the rows' merged
 * jobs, each row's in order already, are interleaved by the rule.  The order
 * found keeps the reserve at or above zero iff some order does.  A few
 * hundred bytes of stack (an earlier depth-first search over the 7^6
 * frontiers kept 14.7 KB of visited bits; tests/test_dice_poker.c compares
 * the two on random cards).
 */
#include "dice_poker/dp.h"

/* One School row as the search sees it. */
typedef struct row_plan {
    int costs;                   /* cells that take from the reserve */
    int cost[DP_MAX_COLS];       /* their (negative) changes, left to right */
    int before[DP_MAX_COLS + 1]; /* reserve change of the row once k of them are played,
                                    with every adding cell before the next one */
} row_plan;

/* Plans row r over its first `len` cells. */
static void plan_row(row_plan *plan, const dp_card *card, int r, int len) {
    int sum = 0;
    plan->costs = 0;
    for (int c = 0; c < len; c++) {
        int delta = alea__dp_school_delta(card, r, c);
        if (delta < 0) {
            plan->before[plan->costs] = sum;
            plan->cost[plan->costs++] = delta;
        }
        sum += delta;
    }
    plan->before[plan->costs] = sum;
}

/* A job, or jobs merged in their row's order. */
typedef struct job {
    int need; /* the reserve it needs at its start */
    int cost; /* what it takes from the reserve in all (negative: it adds) */
} job;

/* Should a come strictly before b (the priority rule above)? */
static bool goes_first(job a, job b) {
    bool a_gains = a.cost <= 0, b_gains = b.cost <= 0;
    if (a_gains != b_gains)
        return a_gains;
    return a_gains ? a.need < b.need : a.need - a.cost > b.need - b.cost;
}

static job merged(job a, job b) {
    job ab = {a.need > a.cost + b.need ? a.need : a.cost + b.need, a.cost + b.cost};
    return ab;
}

/* Is there an order of play of every row's jobs that never lets the reserve
   go below zero? */
static bool schedule_exists(const row_plan plans[DP_SCHOOL_ROWS]) {
    job jobs[DP_SCHOOL_ROWS][DP_MAX_COLS];
    int count[DP_SCHOOL_ROWS], at[DP_SCHOOL_ROWS] = {0}, reserve = 0;
    for (int r = 0; r < DP_SCHOOL_ROWS; r++) {
        const row_plan *pl = &plans[r];
        reserve += pl->before[0]; /* the adding cells before each row's first job */
        count[r] = 0;
        for (int k = 0; k < pl->costs; k++) {
            job j = {-pl->cost[k], pl->before[k] - pl->before[k + 1]};
            while (count[r] > 0 && goes_first(j, jobs[r][count[r] - 1]))
                j = merged(jobs[r][--count[r]], j);
            jobs[r][count[r]++] = j;
        }
    }
    for (;;) { /* the rows' heads, by the rule */
        int best = -1;
        for (int r = 0; r < DP_SCHOOL_ROWS; r++)
            if (at[r] < count[r] && (best < 0 || goes_first(jobs[r][at[r]], jobs[best][at[best]])))
                best = r;
        if (best < 0)
            return true;
        job j = jobs[best][at[best]++];
        if (reserve < j.need)
            return false;
        reserve -= j.cost;
    }
}

/* P-4.1 / P-4.2: the change a School cell records must be one its mark allows. */
static alea_status check_deltas(const dp_card *card, int columns, int *sum, int *changes,
                                alea_error *err) {
    *sum = 0;
    *changes = 0;
    for (int r = 0; r < DP_SCHOOL_ROWS; r++) {
        int n = r + 1;
        for (int c = 0; c < columns; c++) {
            int mark = card->mark[r][c], v = card->value[r][c];
            bool ok = mark == ALEA_DICE_POKER_CLOSED           ? (v == 0 || v == n || v == 2 * n)
                      : mark == ALEA_DICE_POKER_CLOSED_RESERVE ? (v == n || v == 2 * n)
                                                               : v == 0;
            if (!ok)
                return alea__fail(err, ALEA_INVALID_STATE, -1,
                                  "P-4: %s column %d cannot change the reserve by %d",
                                  alea__dp_row_title(r), c + 1, v);
            *sum += alea__dp_school_delta(card, r, c);
            *changes += v != 0;
        }
    }
    return ALEA_OK;
}

/* P-4.5: the record is in the cell that changed the reserve last, so that
   cell changed it, and no cell after it in its row did. */
static alea_status check_record(const dp_card *card, int columns, int changes, int *rec_row,
                                int *rec_col, alea_error *err) {
    *rec_row = -1;
    *rec_col = -1;
    if (card->record == 0) {
        if (changes > 0)
            return alea__fail(err, ALEA_INVALID_STATE, -1,
                              "P-4.5: the reserve changed but no cell holds its record");
        return ALEA_OK;
    }
    int cell = card->record - 1, r = cell / DP_MAX_COLS, c = cell % DP_MAX_COLS;
    if (r >= DP_SCHOOL_ROWS || c >= columns || card->value[r][c] == 0)
        return alea__fail(err, ALEA_INVALID_STATE, -1,
                          "P-4.5: the reserve record is in a cell that did not change it");
    for (int k = c + 1; k < columns; k++)
        if (card->value[r][k] != 0)
            return alea__fail(err, ALEA_INVALID_STATE, -1,
                              "P-4.5: %s column %d changed the reserve after the record",
                              alea__dp_row_title(r), k + 1);
    *rec_row = r;
    *rec_col = c;
    return ALEA_OK;
}

alea_status alea__dp_check_reserve(const dp_card *card, int columns, alea_error *err) {
    int sum, changes, rec_row, rec_col;
    alea_status st = check_deltas(card, columns, &sum, &changes, err);
    if (st != ALEA_OK)
        return st;
    if (card->reserve < 0)
        return alea__fail(err, ALEA_INVALID_STATE, -1, "P-4.4: the reserve %d is negative",
                          card->reserve);
    if (card->reserve != sum)
        return alea__fail(err, ALEA_INVALID_STATE, -1,
                          "P-4: the reserve %d is not the sum %d of its School changes",
                          card->reserve, sum);
    st = check_record(card, columns, changes, &rec_row, &rec_col, err);
    if (st != ALEA_OK)
        return st;
    /* Everything but the record cell (and the cells after it in its row,
       which changed nothing) was played before the record cell. */
    row_plan plans[DP_SCHOOL_ROWS];
    for (int r = 0; r < DP_SCHOOL_ROWS; r++)
        plan_row(&plans[r], card, r, r == rec_row ? rec_col : columns);
    if (!schedule_exists(plans))
        return alea__fail(err, ALEA_INVALID_STATE, -1,
                          "P-4.2: no order of play lets the reserve pay for every School "
                          "cell closed with it");
    return ALEA_OK;
}
