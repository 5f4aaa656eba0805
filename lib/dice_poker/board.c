/*
 * The human-readable board: a header with the turn and the dice, then one
 * table per card.  Cells: "." empty, "x" closed (with "+N" when it added N
 * to the reserve), "r-N" closed with N from the reserve, "0" a zero, a number
 * for a written combination, "--" struck out; "*" marks the reserve record
 * (P-4.5).  The ★ column and row show each bonus: its value for the seat that
 * took it, "-" once it is out of this seat's reach (P-6.4), else ★.
 */
#include "dice_poker/dp.h"

#include <stdio.h>
#include <string.h>

#define CELL_WIDTH 6
#define TITLE_WIDTH 16
#define STAR "\xe2\x98\x85" /* ★: three bytes, one column */

static void pad(alea__buf *b, int n) {
    for (int i = 0; i < n; i++)
        alea__buf_putc(b, ' ');
}

/* Right-aligns text of `cols` display columns in a cell. */
static void put_cell(alea__buf *b, const char *text, int cols) {
    pad(b, CELL_WIDTH - cols);
    alea__buf_puts(b, text);
}

static void put_cell_text(alea__buf *b, const char *text) {
    put_cell(b, text, (int)strlen(text));
}

static void cell_text(char out[12], const dp_card *card, int r, int c) {
    int v = card->value[r][c];
    const char *rec = card->record == 1 + r * DP_MAX_COLS + c ? "*" : "";
    switch (card->mark[r][c]) {
    case ALEA_DICE_POKER_CLOSED:
        if (v == 0)
            snprintf(out, 12, "x");
        else
            snprintf(out, 12, "x+%d%s", v, rec);
        break;
    case ALEA_DICE_POKER_CLOSED_RESERVE:
        snprintf(out, 12, "r-%d%s", v, rec);
        break;
    case ALEA_DICE_POKER_ZERO:
        snprintf(out, 12, "0");
        break;
    case ALEA_DICE_POKER_SCORED:
        snprintf(out, 12, "%d", v);
        break;
    case ALEA_DICE_POKER_STRUCK:
        snprintf(out, 12, "--");
        break;
    default:
        snprintf(out, 12, ".");
        break;
    }
}

/* P-6.4: a bonus is out of a seat's reach once a cell breaks its condition
   or another seat has taken it. */
static bool out_of_reach(const dp_state *s, int seat, int bonus) {
    const dp_card *card = &s->card[seat];
    if (s->bonus_owner[bonus] != 0 && s->bonus_owner[bonus] != seat + 1)
        return true;
    for (int i = 0; i < (bonus < DP_ROW_BONUSES ? s->columns : DP_ROWS); i++) {
        int r = bonus < DP_ROW_BONUSES ? bonus : i;
        int c = bonus < DP_ROW_BONUSES ? i : bonus - DP_ROW_BONUSES;
        int mark = card->mark[r][c];
        if (mark == ALEA_DICE_POKER_STRUCK || mark == ALEA_DICE_POKER_ZERO ||
            (bonus < DP_SCHOOL_ROWS && mark == ALEA_DICE_POKER_CLOSED_RESERVE))
            return true;
    }
    return false;
}

static void put_bonus(alea__buf *b, const dp_state *s, int seat, int bonus) {
    char text[12];
    if (s->bonus_owner[bonus] == seat + 1) {
        snprintf(text, sizeof text, "+%d", s->bonus_value[bonus]);
        put_cell_text(b, text);
    } else if (out_of_reach(s, seat, bonus)) {
        put_cell_text(b, "-");
    } else {
        put_cell(b, STAR, 1);
    }
}

static void write_title(alea__buf *b, const char *title) {
    alea__buf_printf(b, "  %-*s", TITLE_WIDTH, title);
}

static void write_card(alea__buf *b, const dp_state *s, int seat) {
    const dp_card *card = &s->card[seat];
    bool to_play = s->phase != DP_PHASE_OVER && dp_seat(s) == seat;
    alea__buf_printf(b, "Seat %d%-*s", seat, TITLE_WIDTH - 4, to_play ? " (to play)" : "");
    for (int c = 0; c < s->columns; c++)
        alea__buf_printf(b, "%*d", CELL_WIDTH, c + 1);
    put_cell(b, STAR, 1);
    alea__buf_putc(b, '\n');
    for (int r = 0; r < DP_ROWS; r++) {
        write_title(b, alea__dp_row_title(r));
        for (int c = 0; c < s->columns; c++) {
            char text[12];
            cell_text(text, card, r, c);
            put_cell_text(b, text);
        }
        if (r < DP_ROW_BONUSES)
            put_bonus(b, s, seat, r);
        alea__buf_putc(b, '\n');
    }
    write_title(b, "Column bonus");
    for (int c = 0; c < s->columns; c++)
        put_bonus(b, s, seat, DP_ROW_BONUSES + c);
    alea__buf_printf(b, "\n  Reserve %d   Zeros %d   Score %d\n", card->reserve,
                     alea__dp_zeros(card, s->columns), alea__dp_score(s, seat));
}

static void write_dice_list(alea__buf *b, const uint8_t c[DP_FACES]) {
    for (int f = 0; f < DP_FACES; f++)
        for (int i = 0; i < c[f]; i++)
            alea__buf_printf(b, " %d", f + 1);
}

static void write_result(alea__buf *b, const dp_state *s) {
    int32_t best = INT32_MIN;
    int leaders = 0, leader = -1;
    for (int i = 0; i < s->players; i++) {
        int32_t score = alea__dp_score(s, i);
        if (score > best) {
            best = score;
            leaders = 1;
            leader = i;
        } else if (score == best) {
            leaders++;
        }
    }
    alea__buf_puts(b, "Game over: ");
    if (leaders == 1)
        alea__buf_printf(b, "seat %d wins with %d points", leader, best);
    else
        alea__buf_printf(b, "%d seats share first place with %d points (P-7.3)", leaders, best);
    alea__buf_putc(b, '\n');
}

static void write_turn(alea__buf *b, const dp_state *s) {
    int seat = dp_seat(s), m = DP_DICE - alea__dp_dice_count(s->held);
    if (s->phase == DP_PHASE_OVER) {
        write_result(b, s);
    } else if (s->phase == DP_PHASE_THROW && s->throws == 0) {
        alea__buf_printf(b, "Seat %d throws all five dice (throw 1 of 3)\n", seat);
    } else if (s->phase == DP_PHASE_THROW) {
        alea__buf_printf(b, "Seat %d keeps", seat);
        if (m == DP_DICE)
            alea__buf_puts(b, " nothing");
        write_dice_list(b, s->held);
        alea__buf_printf(b, " and throws %d %s (throw %d of 3)\n", m, m == 1 ? "die" : "dice",
                         s->throws + 1);
    } else {
        alea__buf_printf(b, "Seat %d to play, dice", seat);
        write_dice_list(b, s->dice);
        alea__buf_printf(b, " (throw %d of 3%s)\n", s->throws,
                         s->all_five ? ", all five at once: doubled" : "");
    }
}

void alea__dp_write_board(alea__buf *b, const alea_state *st) {
    const dp_state *s = dp_cof(st);
    int total = dp_total_turns(s);
    alea__buf_printf(b, "Dice poker: %d player%s, %d column%s, turn %d of %d\n", s->players,
                     s->players == 1 ? "" : "s", s->columns, s->columns == 1 ? "" : "s",
                     s->turns < total ? s->turns + 1 : total, total);
    write_turn(b, s);
    for (int i = 0; i < s->players; i++) {
        alea__buf_putc(b, '\n');
        write_card(b, s, i);
    }
}
