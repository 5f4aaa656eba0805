/*
 * The one-line state text (the part after "<spec> | "), written and read back
 * strictly.  Grammar (doc/rules/dice_poker.md, "State text"):
 *
 *   text   = phase 1*(" ; " card) " ; bonus=" claims      ; one card per seat
 *   phase  = "throw throws=" DIGIT " held=" dice           ; dice must be thrown
 *          / "decide throws=" DIGIT " all-five=" DIGIT " dice=" dice
 *          / "over"
 *   dice   = "-" / face *("," face)                        ; ascending faces 1..6
 *   card   = "res=" number 15(" " row)                     ; rows in card order
 *   row    = cell *("," cell)                              ; `columns` cells
 *   cell   = "."                                           ; empty
 *          / "x" / "x+" number ["*"] / "r-" number ["*"] / "z"   ; School (P-4)
 *          / number / "-"                                  ; combination (P-3)
 *   claims = "-" / claim *("," claim)                      ; ascending bonus order
 *   claim  = bonus-name ":" DIGIT                          ; the seat that took it
 *   number = "0" / NZDIGIT *DIGIT                          ; at most 4 digits
 *
 * "x+N" is a School cell closed that added N to the reserve, "r-N" one closed
 * with the reserve that took N, "z" a zero; "*" marks the reserve record
 * (P-4.5).  Everything derived (turns, seat, scores, bonus values) is
 * recomputed; the generic layer then runs alea__dp_validate() on the result.
 */
#include "dice_poker/dp.h"

#include <string.h>

/* ---- writing ---- */

static void write_dice(alea__buf *b, const uint8_t c[DP_FACES]) {
    char dice[16];
    alea__dp_dice_text(dice, c);
    alea__buf_puts(b, dice);
}

static void write_phase(alea__buf *b, const dp_state *s) {
    switch (s->phase) {
    case DP_PHASE_THROW:
        alea__buf_printf(b, "throw throws=%d held=", s->throws);
        write_dice(b, s->held);
        break;
    case DP_PHASE_DECIDE:
        alea__buf_printf(b, "decide throws=%d all-five=%d dice=", s->throws, s->all_five);
        write_dice(b, s->dice);
        break;
    default:
        alea__buf_puts(b, "over");
        break;
    }
}

static void write_cell(alea__buf *b, const dp_card *card, int r, int c) {
    int v = card->value[r][c];
    const char *record = card->record == 1 + r * DP_MAX_COLS + c ? "*" : "";
    switch (card->mark[r][c]) {
    case ALEA_DICE_POKER_CLOSED:
        if (v == 0)
            alea__buf_putc(b, 'x');
        else
            alea__buf_printf(b, "x+%d%s", v, record);
        break;
    case ALEA_DICE_POKER_CLOSED_RESERVE:
        alea__buf_printf(b, "r-%d%s", v, record);
        break;
    case ALEA_DICE_POKER_ZERO:
        alea__buf_putc(b, 'z');
        break;
    case ALEA_DICE_POKER_SCORED:
        alea__buf_printf(b, "%d", v);
        break;
    case ALEA_DICE_POKER_STRUCK:
        alea__buf_putc(b, '-');
        break;
    default:
        alea__buf_putc(b, '.');
        break;
    }
}

static void write_card(alea__buf *b, const dp_state *s, const dp_card *card) {
    alea__buf_printf(b, " ; res=%d", card->reserve);
    for (int r = 0; r < DP_ROWS; r++) {
        for (int c = 0; c < s->columns; c++) {
            alea__buf_putc(b, c == 0 ? ' ' : ',');
            write_cell(b, card, r, c);
        }
    }
}

static void write_claims(alea__buf *b, const dp_state *s) {
    bool any = false;
    alea__buf_puts(b, " ; bonus=");
    for (int i = 0; i < DP_BONUSES; i++) {
        if (s->bonus_owner[i] == 0)
            continue;
        char name[16];
        alea__dp_bonus_name(name, i);
        alea__buf_printf(b, "%s%s:%d", any ? "," : "", name, s->bonus_owner[i] - 1);
        any = true;
    }
    if (!any)
        alea__buf_putc(b, '-');
}

void alea__dp_write_state(alea__buf *b, const alea_state *st) {
    const dp_state *s = dp_cof(st);
    write_phase(b, s);
    for (int i = 0; i < s->players; i++)
        write_card(b, s, &s->card[i]);
    write_claims(b, s);
}

/* ---- reading ---- */

static alea_status read_digit(alea__scan *rd, uint8_t *out) {
    if (!alea__is_digit(alea__scan_peek(rd, 0)) || alea__is_digit(alea__scan_peek(rd, 1)))
        return alea__scan_fail(rd, "expected one digit");
    *out = (uint8_t)(rd->text[rd->pos++] - '0');
    return ALEA_OK;
}

/* dice = "-" / face *("," face), ascending, at most five. */
static alea_status read_dice(alea__scan *rd, uint8_t c[DP_FACES]) {
    memset(c, 0, DP_FACES);
    if (alea__scan_accept(rd, '-'))
        return ALEA_OK;
    int n = 0, last = 1;
    do {
        char ch = alea__scan_peek(rd, 0);
        if (ch < '1' || ch > '6')
            return alea__scan_fail(rd, "expected a die 1 to 6");
        if (ch - '0' < last)
            return alea__scan_fail(rd, "dice are written in ascending order");
        if (++n > DP_DICE)
            return alea__scan_fail(rd, "more than five dice");
        last = ch - '0';
        c[last - 1]++;
        rd->pos++;
    } while (alea__scan_accept(rd, ','));
    return ALEA_OK;
}

static alea_status read_phase(alea__scan *rd, dp_state *s) {
    alea_status st;
    if (alea__scan_starts(rd, "throw ")) {
        s->phase = DP_PHASE_THROW;
        if ((st = alea__scan_expect(rd, "throw throws=")) || (st = read_digit(rd, &s->throws)) ||
            (st = alea__scan_expect(rd, " held=")))
            return st;
        return read_dice(rd, s->held);
    }
    if (alea__scan_starts(rd, "decide ")) {
        s->phase = DP_PHASE_DECIDE;
        if ((st = alea__scan_expect(rd, "decide throws=")) || (st = read_digit(rd, &s->throws)) ||
            (st = alea__scan_expect(rd, " all-five=")) || (st = read_digit(rd, &s->all_five)) ||
            (st = alea__scan_expect(rd, " dice=")))
            return st;
        return read_dice(rd, s->dice);
    }
    if (alea__scan_starts(rd, "over")) {
        s->phase = DP_PHASE_OVER;
        rd->pos += 4;
        return ALEA_OK;
    }
    return alea__scan_fail(rd, "expected throw, decide or over");
}

/* A value too large for a cell can come from no throw. */
static alea_status store_value(alea__scan *rd, dp_card *card, int r, int c, int v) {
    if (v > 255)
        return alea__fail(rd->err, ALEA_INVALID_STATE, -1, "P-%s: %s column %d cannot hold %d",
                          dp_is_school(r) ? "4" : "3", alea__dp_row_title(r), c + 1, v);
    card->value[r][c] = (uint8_t)v;
    return ALEA_OK;
}

static alea_status read_record_mark(alea__scan *rd, dp_card *card, int r, int c) {
    if (!alea__scan_accept(rd, '*'))
        return ALEA_OK;
    if (card->record != 0)
        return alea__fail(rd->err, ALEA_INVALID_STATE, -1,
                          "P-4.5: a card has one reserve record, not two");
    card->record = (uint8_t)(1 + r * DP_MAX_COLS + c);
    return ALEA_OK;
}

static alea_status read_school_cell(alea__scan *rd, dp_card *card, int r, int c) {
    uint8_t *mark = &card->mark[r][c];
    long v = 0;
    alea_status st;
    if (alea__scan_accept(rd, '.'))
        return ALEA_OK;
    if (alea__scan_accept(rd, 'z')) {
        *mark = ALEA_DICE_POKER_ZERO;
        return ALEA_OK;
    }
    if (alea__scan_accept(rd, 'x')) {
        *mark = ALEA_DICE_POKER_CLOSED;
        if (!alea__scan_accept(rd, '+'))
            return ALEA_OK;
        if (alea__scan_peek(rd, 0) == '0')
            return alea__scan_fail(rd, "a change of 0 is written 'x'");
    } else if (alea__scan_accept(rd, 'r')) {
        *mark = ALEA_DICE_POKER_CLOSED_RESERVE;
        if ((st = alea__scan_expect(rd, "-")))
            return st;
    } else {
        return alea__scan_fail(rd, "a School cell is '.', 'x', 'x+N', 'r-N' or 'z'");
    }
    if ((st = alea__scan_number(rd, 4, &v)) || (st = store_value(rd, card, r, c, (int)v)))
        return st;
    return read_record_mark(rd, card, r, c);
}

static alea_status read_combination_cell(alea__scan *rd, dp_card *card, int r, int c) {
    long v;
    alea_status st;
    if (alea__scan_accept(rd, '.'))
        return ALEA_OK;
    if (alea__scan_accept(rd, '-')) {
        card->mark[r][c] = ALEA_DICE_POKER_STRUCK;
        return ALEA_OK;
    }
    if (!alea__is_digit(alea__scan_peek(rd, 0)))
        return alea__scan_fail(rd, "a combination cell is '.', a number or '-'");
    if ((st = alea__scan_number(rd, 4, &v)) || (st = store_value(rd, card, r, c, (int)v)))
        return st;
    card->mark[r][c] = ALEA_DICE_POKER_SCORED;
    return ALEA_OK;
}

static alea_status read_card(alea__scan *rd, const dp_state *s, dp_card *card) {
    long res = 0;
    alea_status st;
    if ((st = alea__scan_expect(rd, " ; res=")) || (st = alea__scan_number(rd, 4, &res)))
        return st;
    card->reserve = (int16_t)res;
    for (int r = 0; r < DP_ROWS; r++) {
        for (int c = 0; c < s->columns; c++) {
            if ((st = alea__scan_expect(rd, c == 0 ? " " : ",")))
                return st;
            st = dp_is_school(r) ? read_school_cell(rd, card, r, c)
                                 : read_combination_cell(rd, card, r, c);
            if (st)
                return st;
        }
    }
    return ALEA_OK;
}

static int find_bonus(const dp_state *s, const char *word, size_t len) {
    for (int b = 0; b < DP_ROW_BONUSES + s->columns; b++) {
        char name[16];
        alea__dp_bonus_name(name, b);
        if (strlen(name) == len && strncmp(name, word, len) == 0)
            return b;
    }
    return -1;
}

/* claims = "-" / claim *("," claim), claim = name ":" DIGIT. */
static alea_status read_claims(alea__scan *rd, dp_state *s) {
    alea_status st = alea__scan_expect(rd, " ; bonus=");
    if (st || alea__scan_accept(rd, '-'))
        return st;
    int last = -1;
    do {
        size_t start = rd->pos;
        while ((alea__scan_peek(rd, 0) >= 'a' && alea__scan_peek(rd, 0) <= 'z') ||
               alea__scan_peek(rd, 0) == '-' || alea__is_digit(alea__scan_peek(rd, 0)))
            rd->pos++;
        int b = find_bonus(s, rd->text + start, rd->pos - start);
        if (b < 0) {
            rd->pos = start;
            return alea__scan_fail(rd, "unknown bonus name");
        }
        if (b <= last) {
            rd->pos = start;
            return alea__scan_fail(rd, "bonuses are listed once each, in card order");
        }
        last = b;
        uint8_t seat = 0;
        if ((st = alea__scan_expect(rd, ":")) || (st = read_digit(rd, &seat)))
            return st;
        s->bonus_owner[b] = (uint8_t)(seat + 1);
    } while (alea__scan_accept(rd, ','));
    return ALEA_OK;
}

/* Bonus values and the turn count follow from the cards. */
static void derive(dp_state *s) {
    int turns = 0;
    for (int i = 0; i < s->players; i++)
        for (int r = 0; r < DP_ROWS; r++)
            turns += alea__dp_row_filled(&s->card[i], s->columns, r);
    s->turns = (uint16_t)turns;
    for (int b = 0; b < DP_BONUSES; b++) {
        int owner = s->bonus_owner[b], value;
        if (owner >= 1 && owner <= s->players &&
            alea__dp_bonus_met(&s->card[owner - 1], s->columns, b, &value))
            s->bonus_value[b] = (uint8_t)value;
    }
}

alea_status alea__dp_read_state(alea_state *st, alea__scan *sc, alea_error *err) {
    dp_state *s = dp_of(st);
    sc->err = err;
    sc->what = "dice-poker state text";
    alea_status status = alea__scan_expect(sc, " "); /* the writer's " | ", exactly */
    if (status == ALEA_OK)
        status = read_phase(sc, s);
    for (int i = 0; status == ALEA_OK && i < s->players; i++)
        status = read_card(sc, s, &s->card[i]);
    if (status == ALEA_OK)
        status = read_claims(sc, s);
    if (status == ALEA_OK && alea__scan_peek(sc, 0) != '\0')
        status = alea__scan_fail(sc, "unexpected text after the state");
    if (status != ALEA_OK)
        return status;
    derive(s);
    return ALEA_OK;
}
