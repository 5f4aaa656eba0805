/*
 * The card: School outcomes (P-4), bonuses (P-6) and the score (P-5, P-7.2).
 */
#include "dice_poker/dp.h"

int alea__dp_row_filled(const dp_card *card, int columns, int row) {
    int n = 0;
    while (n < columns && card->mark[row][n] != ALEA_DICE_POKER_EMPTY)
        n++;
    return n;
}

void alea__dp_school_outcome(int n, int k, int res, uint8_t *mark, int *delta) {
    if (k >= 3) { /* P-4.1: each die beyond three adds n */
        *mark = ALEA_DICE_POKER_CLOSED;
        *delta = (k - 3) * n;
    } else if (k >= 1 && res >= (3 - k) * n) { /* P-4.2: compulsory (P-4.4) */
        *mark = ALEA_DICE_POKER_CLOSED_RESERVE;
        *delta = -(3 - k) * n;
    } else { /* P-4.3: no die of n, or too small a reserve */
        *mark = ALEA_DICE_POKER_ZERO;
        *delta = 0;
    }
}

int alea__dp_school_delta(const dp_card *card, int row, int col) {
    int v = card->value[row][col];
    switch (card->mark[row][col]) {
    case ALEA_DICE_POKER_CLOSED:
        return v;
    case ALEA_DICE_POKER_CLOSED_RESERVE:
        return -v;
    default:
        return 0;
    }
}

/* P-6.5: every cell CLOSED without the reserve; adding to it is fine. */
static bool school_bonus_met(const dp_card *card, int columns, int row, int *value) {
    for (int c = 0; c < columns; c++)
        if (card->mark[row][c] != ALEA_DICE_POKER_CLOSED)
            return false;
    *value = 5 * (row + 1);
    return true;
}

/* P-6.6: every cell SCORED; the bonus is the largest one. */
static bool combination_bonus_met(const dp_card *card, int columns, int row, int *value) {
    int best = 0;
    for (int c = 0; c < columns; c++) {
        if (card->mark[row][c] != ALEA_DICE_POKER_SCORED)
            return false;
        if (card->value[row][c] > best)
            best = card->value[row][c];
    }
    *value = best;
    return true;
}

/* P-6.7: the whole column filled, no STRUCK and no ZERO cell (a School cell
   closed with the reserve is fine); the bonus is its largest combination. */
static bool column_bonus_met(const dp_card *card, int col, int *value) {
    int best = 0;
    for (int r = 0; r < DP_ROWS; r++) {
        int mark = card->mark[r][col];
        if (mark == ALEA_DICE_POKER_EMPTY || mark == ALEA_DICE_POKER_STRUCK ||
            mark == ALEA_DICE_POKER_ZERO)
            return false;
        if (dp_is_combination(r) && card->value[r][col] > best)
            best = card->value[r][col];
    }
    *value = best;
    return true;
}

bool alea__dp_bonus_met(const dp_card *card, int columns, int bonus, int *value) {
    if (bonus < 0 || bonus >= DP_ROW_BONUSES + columns)
        return false;
    if (dp_is_school(bonus))
        return school_bonus_met(card, columns, bonus, value);
    if (bonus < DP_ROW_BONUSES)
        return combination_bonus_met(card, columns, bonus, value);
    return column_bonus_met(card, bonus - DP_ROW_BONUSES, value);
}

/* P-6.1 / P-6.3: the first player who meets the condition takes the bonus;
   one who completes without meeting it takes nothing and blocks nobody. */
static void award(dp_state *s, int seat, int bonus) {
    int value;
    if (s->bonus_owner[bonus] != 0)
        return;
    if (!alea__dp_bonus_met(&s->card[seat], s->columns, bonus, &value))
        return;
    s->bonus_owner[bonus] = (uint8_t)(seat + 1);
    s->bonus_value[bonus] = (uint8_t)value;
}

/* P-6.2: a bonus is earned by the action that fills its last cell, so only
   the row and the column of that cell can newly qualify.  P-6.8: both are
   checked. */
void alea__dp_award_bonuses(dp_state *s, int seat, int row, int col) {
    const dp_card *card = &s->card[seat];
    if (row < DP_ROW_BONUSES && alea__dp_row_filled(card, s->columns, row) == s->columns)
        award(s, seat, row);
    bool column_full = true;
    for (int r = 0; r < DP_ROWS; r++)
        column_full = column_full && card->mark[r][col] != ALEA_DICE_POKER_EMPTY;
    if (column_full)
        award(s, seat, DP_ROW_BONUSES + col);
}

int alea__dp_zeros(const dp_card *card, int columns) {
    int zeros = 0;
    for (int r = 0; r < DP_SCHOOL_ROWS; r++)
        for (int c = 0; c < columns; c++)
            zeros += card->mark[r][c] == ALEA_DICE_POKER_ZERO;
    return zeros;
}

/* P-7.2: SCORED cells + bonuses claimed + reserve - 200 per ZERO. */
int32_t alea__dp_score(const dp_state *s, int seat) {
    const dp_card *card = &s->card[seat];
    int32_t score = card->reserve;
    for (int r = DP_SCHOOL_ROWS; r < DP_ROWS; r++)
        for (int c = 0; c < s->columns; c++)
            if (card->mark[r][c] == ALEA_DICE_POKER_SCORED)
                score += card->value[r][c];
    for (int b = 0; b < DP_BONUSES; b++)
        if (s->bonus_owner[b] == seat + 1)
            score += s->bonus_value[b];
    return score - DP_ZERO_PENALTY * alea__dp_zeros(card, s->columns);
}
