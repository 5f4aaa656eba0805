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
 * What remains is the order of the cells that take from the reserve.  A
 * position of the search is how many of them each row has played (a
 * "frontier"); the reserve at a frontier does not depend on the path, so a
 * depth-first search with a visited bit per frontier decides exactly.  There
 * are at most 7^6 frontiers (14.7 KB of bits on the stack).
 */
#include "dice_poker/dp.h"

#include <string.h>

#define MAX_FRONTIERS (7 * 7 * 7 * 7 * 7 * 7)

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

static int reserve_at(const row_plan plans[DP_SCHOOL_ROWS], const int p[DP_SCHOOL_ROWS]) {
    int res = 0;
    for (int r = 0; r < DP_SCHOOL_ROWS; r++)
        res += plans[r].before[p[r]];
    return res;
}

/* Depth-first search over frontiers for one that has played every cost. */
static bool schedule_exists(const row_plan plans[DP_SCHOOL_ROWS]) {
    uint8_t visited[(MAX_FRONTIERS + 7) / 8];
    int radix[DP_SCHOOL_ROWS], p[DP_SCHOOL_ROWS] = {0};
    int moved[6 * DP_MAX_COLS + 1], next[6 * DP_MAX_COLS + 1];
    int states = 1, total = 0;
    for (int r = 0; r < DP_SCHOOL_ROWS; r++) {
        radix[r] = states;
        states *= plans[r].costs + 1;
        total += plans[r].costs;
    }
    memset(visited, 0, (size_t)(states + 7) / 8);
    visited[0] = 1;
    int index = 0, depth = 0;
    next[0] = 0;
    for (;;) {
        if (depth == total)
            return true;
        int res = reserve_at(plans, p), r;
        for (r = next[depth]; r < DP_SCHOOL_ROWS; r++) {
            if (p[r] == plans[r].costs || res + plans[r].cost[p[r]] < 0)
                continue;
            int to = index + radix[r];
            if (!(visited[to / 8] & (1u << (to % 8))))
                break;
        }
        if (r < DP_SCHOOL_ROWS) { /* play the next cost of row r */
            next[depth] = r + 1;
            moved[depth++] = r;
            next[depth] = 0;
            p[r]++;
            index += radix[r];
            visited[index / 8] = (uint8_t)(visited[index / 8] | (1u << (index % 8)));
        } else if (depth == 0) {
            return false;
        } else { /* dead end: step back */
            r = moved[--depth];
            p[r]--;
            index -= radix[r];
        }
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
