/*
 * Every invariant of a dice-poker state, for states read from text and for
 * raw blocks handed to alea_state_validate(): the setup, each card (marks,
 * values, the reserve and its history, see reserve.c), the turn rotation, the
 * phase with its dice, and the bonuses.  Unused bytes must be zero, so that
 * equal states are equal bytes.
 */
#include "dice_poker/dp.h"

#include <string.h>

#define FAIL(...) alea__fail(err, ALEA_INVALID_STATE, -1, __VA_ARGS__)

static bool all_zero(const void *p, size_t n) {
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != 0)
            return false;
    return true;
}

static alea_status check_setup(const dp_state *s, alea_error *err) {
    if (s->players < 1 || s->players > ALEA_MAX_PLAYERS)
        return FAIL("P-1.1: %d players (1 to 4)", s->players);
    if (s->columns < 1 || s->columns > DP_MAX_COLS)
        return FAIL("P-1.3: %d columns (1 to 6)", s->columns);
    if (s->pad0 != 0 || !all_zero(s->pad1, sizeof s->pad1))
        return FAIL("unused bytes of the state are not zero");
    for (int i = s->players; i < ALEA_MAX_PLAYERS; i++)
        if (!all_zero(&s->card[i], sizeof s->card[i]))
            return FAIL("P-1.1: a card for seat %d, but there are %d players", i, s->players);
    return ALEA_OK;
}

/* P-1.7: which marks a cell of this row may carry, and its value. */
static alea_status check_cell(const dp_card *card, int row, int col, alea_error *err) {
    int mark = card->mark[row][col], value = card->value[row][col];
    if (dp_is_school(row)) {
        if (mark > ALEA_DICE_POKER_ZERO)
            return FAIL("P-1.7: %s column %d cannot be %s", alea__dp_row_title(row), col + 1,
                        alea__dp_mark_name(mark));
        return ALEA_OK; /* the values of School cells: reserve.c */
    }
    if (mark != ALEA_DICE_POKER_EMPTY && mark != ALEA_DICE_POKER_SCORED &&
        mark != ALEA_DICE_POKER_STRUCK)
        return FAIL("P-1.7: %s column %d cannot be %s", alea__dp_row_title(row), col + 1,
                    mark > ALEA_DICE_POKER_STRUCK ? "marked so" : alea__dp_mark_name(mark));
    if (mark == ALEA_DICE_POKER_SCORED && !alea__dp_value_achievable(row, value))
        return FAIL("P-3: no throw gives %d in row %s", value, alea__dp_row_title(row));
    if (mark != ALEA_DICE_POKER_SCORED && value != 0)
        return FAIL("P-5.1: %s column %d holds %d points but is not scored",
                    alea__dp_row_title(row), col + 1, value);
    return ALEA_OK;
}

static alea_status check_card(const dp_state *s, int seat, alea_error *err) {
    const dp_card *card = &s->card[seat];
    for (int r = 0; r < DP_ROWS; r++) {
        bool empty_seen = false;
        for (int c = 0; c < DP_MAX_COLS; c++) {
            if (c >= s->columns) {
                if (card->mark[r][c] != 0 || card->value[r][c] != 0)
                    return FAIL("P-1.3: seat %d has a cell in column %d of %d", seat, c + 1,
                                s->columns);
                continue;
            }
            alea_status st = check_cell(card, r, c, err);
            if (st != ALEA_OK)
                return st;
            bool empty = card->mark[r][c] == ALEA_DICE_POKER_EMPTY;
            if (!empty && empty_seen)
                return FAIL("P-2.3: seat %d skipped a cell of row %s", seat, alea__dp_row_title(r));
            empty_seen = empty_seen || empty;
        }
    }
    if (card->pad != 0)
        return FAIL("unused bytes of the state are not zero");
    return alea__dp_check_reserve(card, s->columns, err);
}

static int cells_filled(const dp_state *s, int seat) {
    int n = 0;
    for (int r = 0; r < DP_ROWS; r++)
        n += alea__dp_row_filled(&s->card[seat], s->columns, r);
    return n;
}

/* P-2.4, P-8.1: one cell a turn, seats in order from seat 0. */
static alea_status check_turns(const dp_state *s, alea_error *err) {
    int total = 0;
    for (int i = 0; i < s->players; i++) {
        int expect = s->turns / s->players + (i < s->turns % s->players);
        int filled = cells_filled(s, i);
        if (filled != expect)
            return FAIL("P-8.1: after %d turns seat %d has %d cells filled, not %d", s->turns, i,
                        filled, expect);
        total += filled;
    }
    if (total != s->turns || s->turns > dp_total_turns(s))
        return FAIL("P-7.1: %d turns do not fit the cards", s->turns);
    return ALEA_OK;
}

/* P-2.1, P-2.2: what the dice and the throw count may be in each phase. */
static alea_status check_phase(const dp_state *s, alea_error *err) {
    int dice = alea__dp_dice_count(s->dice), held = alea__dp_dice_count(s->held);
    bool over = s->turns == dp_total_turns(s);
    switch (s->phase) {
    case DP_PHASE_THROW:
        if (over)
            return FAIL("P-7.1: every card is full, yet dice are thrown");
        if (s->throws >= DP_MAX_THROWS || dice != 0 || s->all_five != 0)
            return FAIL("P-2.2: a throw follows at most two throws, with no dice out");
        if (held > DP_DICE - 1 || (s->throws == 0 && held != 0))
            return FAIL("P-2.2: dice kept before a throw must be 0 to 4, after a throw");
        return ALEA_OK;
    case DP_PHASE_DECIDE:
        if (over)
            return FAIL("P-7.1: every card is full, yet a seat is to play");
        if (s->throws < 1 || s->throws > DP_MAX_THROWS || dice != DP_DICE || held != 0)
            return FAIL("P-2.2: a decision follows throw 1 to 3, with five dice out");
        if (s->all_five > 1 || (s->throws == 1 && s->all_five != 1))
            return FAIL("P-3.1: the first throw is always of all five dice");
        return ALEA_OK;
    case DP_PHASE_OVER:
        if (!over)
            return FAIL("P-7.1: the game is over but a card has an empty cell");
        if (s->throws != 0 || dice != 0 || held != 0 || s->all_five != 0)
            return FAIL("P-7.1: dice are out after the end of the game");
        return ALEA_OK;
    default:
        return FAIL("phase %d does not exist", s->phase);
    }
}

/* P-6.1 .. P-6.7: a bonus belongs to a seat that meets its condition, and is
   worth what that seat's card says; an unclaimed bonus is met by nobody
   (the first to meet it would have taken it). */
static alea_status check_bonus(const dp_state *s, int b, alea_error *err) {
    char name[16];
    int owner = s->bonus_owner[b], value;
    alea__dp_bonus_name(name, b);
    if (b >= DP_ROW_BONUSES + s->columns) {
        if (owner != 0 || s->bonus_value[b] != 0)
            return FAIL("P-6.1: bonus %s does not exist with %d columns", name, s->columns);
        return ALEA_OK;
    }
    if (owner == 0) {
        if (s->bonus_value[b] != 0)
            return FAIL("P-6.1: unclaimed bonus %s is worth points", name);
        for (int i = 0; i < s->players; i++)
            if (alea__dp_bonus_met(&s->card[i], s->columns, b, &value))
                return FAIL("P-6.2: seat %d earned bonus %s, yet it is unclaimed", i, name);
        return ALEA_OK;
    }
    if (owner > s->players)
        return FAIL("P-6.1: bonus %s is claimed by seat %d of %d", name, owner - 1, s->players);
    if (!alea__dp_bonus_met(&s->card[owner - 1], s->columns, b, &value))
        return FAIL("P-6.3: seat %d claims bonus %s without meeting its condition", owner - 1,
                    name);
    if (value != s->bonus_value[b])
        return FAIL("P-6: bonus %s of seat %d is worth %d, not %d", name, owner - 1, value,
                    s->bonus_value[b]);
    return ALEA_OK;
}

alea_status alea__dp_validate(const alea_state *st, alea_error *err) {
    const dp_state *s = dp_cof(st);
    alea_status status = check_setup(s, err);
    for (int i = 0; status == ALEA_OK && i < s->players; i++)
        status = check_card(s, i, err);
    if (status == ALEA_OK)
        status = check_turns(s, err);
    if (status == ALEA_OK)
        status = check_phase(s, err);
    for (int b = 0; status == ALEA_OK && b < DP_BONUSES; b++)
        status = check_bonus(s, b, err);
    return status;
}
