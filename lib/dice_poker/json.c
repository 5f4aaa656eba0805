/*
 * The "state" object of the JSON form.  Keys (doc/rules/dice_poker.md, "JSON
 * keys"):
 *
 *   phase        "throw", "decide" or "over"
 *   seat         seat whose turn it is (also while its dice are thrown); -1 when over
 *   turn         turns completed
 *   turns_total  turns in the whole game (P-7.1)
 *   columns      columns of each card
 *   throws       throws made this turn, 0..3
 *   all_five     the dice came from a throw of all five (doubling, P-3.1)
 *   dice         the five dice, ascending (empty unless phase is "decide")
 *   held         the dice kept during a re-throw, ascending
 *   to_throw     dice to throw now (0 unless phase is "throw")
 *   cards        one object per seat:
 *                  seat, reserve, zeros, score (P-7.2),
 *                  record: {"row", "column"} of the reserve record (P-4.5) or null,
 *                  rows: {row name: [cell per column]}, a cell being
 *                  {"mark": "empty|closed|closed-reserve|zero|scored|struck",
 *                   "value": points when scored; for a School cell the signed
 *                            change it made to the reserve; else 0}
 *   bonuses      [{"name", "owner": seat or null, "value"}], one per bonus
 */
#include "dice_poker/dp.h"

static void write_dice(alea__buf *b, const char *key, const uint8_t c[DP_FACES]) {
    bool first = true;
    alea__buf_printf(b, "\"%s\":[", key);
    for (int f = 0; f < DP_FACES; f++) {
        for (int i = 0; i < c[f]; i++) {
            alea__buf_printf(b, "%s%d", first ? "" : ",", f + 1);
            first = false;
        }
    }
    alea__buf_puts(b, "],");
}

static void write_cell(alea__buf *b, const dp_card *card, int r, int c) {
    int value = dp_is_school(r) ? alea__dp_school_delta(card, r, c) : card->value[r][c];
    alea__buf_printf(b, "{\"mark\":\"%s\",\"value\":%d}", alea__dp_mark_name(card->mark[r][c]),
                     value);
}

static void write_record(alea__buf *b, const dp_card *card) {
    if (card->record == 0) {
        alea__buf_puts(b, "\"record\":null,");
        return;
    }
    int cell = card->record - 1;
    alea__buf_printf(b, "\"record\":{\"row\":\"%s\",\"column\":%d},",
                     alea__dp_row_name(cell / DP_MAX_COLS), cell % DP_MAX_COLS + 1);
}

static void write_card(alea__buf *b, const dp_state *s, int seat) {
    const dp_card *card = &s->card[seat];
    alea__buf_printf(b, "{\"seat\":%d,\"reserve\":%d,\"zeros\":%d,\"score\":%d,", seat,
                     card->reserve, alea__dp_zeros(card, s->columns), alea__dp_score(s, seat));
    write_record(b, card);
    alea__buf_puts(b, "\"rows\":{");
    for (int r = 0; r < DP_ROWS; r++) {
        alea__buf_printf(b, "%s\"%s\":[", r ? "," : "", alea__dp_row_name(r));
        for (int c = 0; c < s->columns; c++) {
            if (c)
                alea__buf_putc(b, ',');
            write_cell(b, card, r, c);
        }
        alea__buf_putc(b, ']');
    }
    alea__buf_puts(b, "}}");
}

static void write_bonuses(alea__buf *b, const dp_state *s) {
    alea__buf_puts(b, "\"bonuses\":[");
    for (int i = 0; i < DP_ROW_BONUSES + s->columns; i++) {
        char name[16];
        alea__dp_bonus_name(name, i);
        alea__buf_printf(b, "%s{\"name\":\"%s\",\"owner\":", i ? "," : "", name);
        if (s->bonus_owner[i])
            alea__buf_printf(b, "%d", s->bonus_owner[i] - 1);
        else
            alea__buf_puts(b, "null");
        alea__buf_printf(b, ",\"value\":%d}", s->bonus_value[i]);
    }
    alea__buf_putc(b, ']');
}

void alea__dp_write_json(alea__buf *b, const alea_state *st) {
    static const char *const phases[] = {"throw", "decide", "over"};
    const dp_state *s = dp_cof(st);
    bool over = s->phase == DP_PHASE_OVER;
    alea__buf_printf(b,
                     "{\"phase\":\"%s\",\"seat\":%d,\"turn\":%d,\"turns_total\":%d,"
                     "\"columns\":%d,\"throws\":%d,\"all_five\":%s,",
                     phases[over ? DP_PHASE_OVER : s->phase], over ? -1 : dp_seat(s), s->turns,
                     dp_total_turns(s), s->columns, s->throws, s->all_five ? "true" : "false");
    write_dice(b, "dice", s->dice);
    write_dice(b, "held", s->held);
    alea__buf_printf(b, "\"to_throw\":%d,\"cards\":[",
                     s->phase == DP_PHASE_THROW ? DP_DICE - alea__dp_dice_count(s->held) : 0);
    for (int i = 0; i < s->players; i++) {
        if (i)
            alea__buf_putc(b, ',');
        write_card(b, s, i);
    }
    alea__buf_puts(b, "],");
    write_bonuses(b, s);
    alea__buf_putc(b, '}');
}
