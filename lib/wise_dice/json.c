/*
 * The "state" object of the JSON form.  Keys (doc/rules/wise_dice.md, "JSON
 * keys"):
 *
 *   phase       "setup", "start", "roll", "move" or "over"
 *   player      player to act (set-up, roll, move), else null
 *   final_turn  true while `player` plays the final turn (W-10.2)
 *   roll        the four dice ascending while moving, else []
 *   moves       moves plus passes made; max_moves the limit (W-10.5)
 *   scores      [South, North]
 *   stacks      [{"square": "B8", "pawns": ["N3", "S2"]}], bottom to top, squares ascending
 *   pawns       [[6 per player]] of {"pip", "square" (null when off the board),
 *               "height", "state": "free|blocked|exited|unplaced"}
 */
#include "wise_dice/wd.h"

static const char *const phase_names[] = {"setup", "start", "roll", "move", "over"};

/* A pawn's name in quotes after `sep`: "S3". */
static void write_name(alea__buf *b, const char *sep, int p) {
    alea__buf_puts(b, sep);
    alea__buf_putc(b, '"');
    alea__buf_putc(b, p / 6 == 0 ? 'S' : 'N');
    alea__buf_putc(b, (char)('1' + p % 6));
    alea__buf_putc(b, '"');
}

static void write_stacks(alea__buf *b, const wd_state *s, const wd_board *bd) {
    bool any = false;
    alea__buf_puts(b, "\"stacks\":[");
    for (int q = 0; q < WD_SQUARES; q++) {
        if (bd->count[q] == 0)
            continue;
        char name[4];
        alea__wd_square_name(name, q);
        alea__buf_puts(b, any ? ",{\"square\":\"" : "{\"square\":\"");
        alea__buf_puts(b, name);
        alea__buf_puts(b, "\",\"pawns\":[");
        for (int h = 0; h < bd->count[q]; h++)
            for (int p = 0; p < WD_PAWNS; p++)
                if (s->sq[p] == q && s->height[p] == h)
                    write_name(b, h ? "," : "", p);
        alea__buf_puts(b, "]}");
        any = true;
    }
    alea__buf_puts(b, "],");
}

static void write_pawn(alea__buf *b, const wd_state *s, const wd_board *bd, int p) {
    int q = s->sq[p];
    const char *state = q == WD_EXITED         ? "exited"
                        : q == WD_NOT_PLACED   ? "unplaced"
                        : wd_is_free(bd, s, p) ? "free"
                                               : "blocked";
    alea__buf_puts(b, "{\"pip\":");
    alea__buf_putc(b, (char)('1' + p % 6));
    alea__buf_puts(b, ",\"square\":");
    if (q < WD_SQUARES) {
        char name[4];
        alea__wd_square_name(name, q);
        alea__buf_putc(b, '"');
        alea__buf_puts(b, name);
        alea__buf_putc(b, '"');
    } else {
        alea__buf_puts(b, "null");
    }
    alea__buf_puts(b, ",\"height\":");
    if (s->height[p] >= 10)
        alea__buf_putc(b, '1');
    alea__buf_putc(b, (char)('0' + s->height[p] % 10));
    alea__buf_puts(b, ",\"state\":\"");
    alea__buf_puts(b, state);
    alea__buf_puts(b, "\"}");
}

void alea__wd_write_json(alea__buf *b, const alea_state *st) {
    const wd_state *s = wd_cof(st);
    wd_board bd;
    alea__wd_board(s, &bd);
    alea__buf_printf(b, "{\"phase\":\"%s\",\"player\":", phase_names[s->phase]);
    if (s->phase == WD_PHASE_START || s->phase == WD_PHASE_OVER)
        alea__buf_puts(b, "null");
    else
        alea__buf_printf(b, "%d", s->player);
    alea__buf_printf(b, ",\"final_turn\":%s,\"roll\":[", s->final_turn ? "true" : "false");
    if (s->phase == WD_PHASE_MOVE)
        alea__buf_printf(b, "%d,%d,%d,%d", s->roll[0], s->roll[1], s->roll[2], s->roll[3]);
    alea__buf_printf(b, "],\"moves\":%lu,\"max_moves\":%lu,\"scores\":[%ld,%ld],",
                     (unsigned long)s->moves, (unsigned long)s->max_moves, (long)s->score[0],
                     (long)s->score[1]);
    write_stacks(b, s, &bd);
    alea__buf_puts(b, "\"pawns\":[");
    for (int player = 0; player < 2; player++) {
        alea__buf_puts(b, player ? ",[" : "[");
        for (int pip = 1; pip <= 6; pip++) {
            if (pip > 1)
                alea__buf_putc(b, ',');
            write_pawn(b, s, &bd, wd_pawn(player, pip));
        }
        alea__buf_putc(b, ']');
    }
    alea__buf_puts(b, "]}");
}
