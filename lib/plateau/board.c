/*
 * Plateau: the human-readable board.  Rank 4 on top, a1 lower left (R1.1);
 * each square lists its stack bottom to top, a piece being its owner (B/W)
 * and its up- and down-face (x blank, r red, b blue, o orange), four pieces
 * a line so that the board stays within 80 columns.  It is drawn from a view
 * (view.c), so the same code draws the full board and what one seat may
 * know (R11: a face it has not seen is '?', a hidden reserve its size).
 */
#include "plateau/pl.h"

#include <string.h>

/* Pieces per text line of a square: four keep the board within 80 columns;
   a taller stack continues on the next line of its rank. */
#define PER_LINE 4
#define CELL_WIDTH (PER_LINE * 4 - 1)

/* Line `line` of a square's stack: pieces line*PER_LINE .. bottom to top. */
static size_t cell_text(char *out, size_t cap, const alea_plateau_view *v, int sq, int line) {
    alea__buf b;
    alea__buf_init(&b, out, cap);
    if (v->height[sq] == 0 && line == 0)
        alea__buf_putc(&b, '.');
    for (int i = line * PER_LINE; i < v->height[sq] && i < (line + 1) * PER_LINE; i++) {
        const alea_plateau_piece *pc = &v->stack[sq][i];
        alea__buf_printf(&b, "%s%c%c%c", i % PER_LINE ? " " : "", pc->owner ? 'W' : 'B',
                         alea__pl_face_char(pc->up), alea__pl_face_char(pc->down));
    }
    alea__buf_finish(&b, NULL);
    return b.len;
}

static void rule(alea__buf *b, int width) {
    alea__buf_puts(b, "   ");
    for (int f = 0; f < 4; f++) {
        alea__buf_putc(b, '+');
        for (int i = 0; i < width + 2; i++)
            alea__buf_putc(b, '-');
    }
    alea__buf_puts(b, "+\n");
}

/* A set of types from a view's counts. */
static void view_set(alea__buf *b, const int32_t *counts) {
    uint8_t c[8] = {0};
    for (int t = 0; t < PL_TYPES; t++)
        c[t] = (uint8_t)counts[t];
    alea__pl_set_write(b, c);
}

void alea__pl_write_board(alea__buf *b, const alea_state *st) {
    alea_plateau_view v;
    alea__pl_fill_view(&v, pl_cof(st), ALEA_PLATEAU_VIEWER_FULL);
    alea__pl_write_board_view(b, &v);
}

void alea__pl_write_board_view(alea__buf *b, const alea_plateau_view *s) {
    static const char *const who[2] = {"Black", "White"};
    char cell[CELL_WIDTH + 2];
    const int width = CELL_WIDTH;
    switch (s->phase) {
    case PL_SETUP:
        alea__buf_printf(b, "Set-up: %s places a two-piece stack", who[s->to_act]);
        break;
    case PL_PLAY:
        alea__buf_printf(b, "%s to play", who[s->to_act]);
        if (s->min_offer)
            alea__buf_printf(b, " (an offer of %d was declined)", (int)s->min_offer);
        break;
    case PL_RESPOND:
        alea__buf_printf(b, "%s answers the offer of ", who[s->to_act]);
        view_set(b, s->offer);
        alea__buf_printf(b, " (value %d)", (int)s->offer_value);
        break;
    default:
        alea__buf_puts(b, s->result == ALEA_PLATEAU_RESULT_DRAW    ? "Game over: draw"
                          : s->result == ALEA_PLATEAU_RESULT_BLACK ? "Game over: Black wins"
                                                                   : "Game over: White wins");
        break;
    }
    alea__buf_printf(b, "  [turn %lu]\n", (unsigned long)s->plies);
    rule(b, width);
    for (int r = 3; r >= 0; r--) {
        int lines = 1;
        for (int f = 0; f < 4; f++)
            if ((s->height[f + 4 * r] + PER_LINE - 1) / PER_LINE > lines)
                lines = (s->height[f + 4 * r] + PER_LINE - 1) / PER_LINE;
        for (int line = 0; line < lines; line++) {
            if (line == 0)
                alea__buf_printf(b, " %d ", r + 1);
            else
                alea__buf_puts(b, "   ");
            for (int f = 0; f < 4; f++) {
                size_t n = cell_text(cell, sizeof cell, s, f + 4 * r, line);
                alea__buf_printf(b, "| %s", cell);
                for (int i = (int)n; i < width + 1; i++)
                    alea__buf_putc(b, ' ');
            }
            alea__buf_puts(b, "|\n");
        }
        rule(b, width);
    }
    alea__buf_puts(b, "   ");
    for (int f = 0; f < 4; f++) {
        alea__buf_printf(b, "  %c", 'a' + f);
        for (int i = 0; i < width; i++)
            alea__buf_putc(b, ' ');
    }
    alea__buf_puts(b, "\n(stacks bottom to top, four pieces a line;\n"
                      " a piece: owner B/W, up-face, down-face: x blank r red b blue o orange;\n"
                      " types (R2): M Mute, BL Blue, R Red, BM Blue Mask, RM Red Mask, T Twister,"
                      " A Ace");
    if (s->viewer != ALEA_PLATEAU_VIEWER_FULL)
        alea__buf_printf(b, ",\n ? not seen; what %s may know)\n",
                         s->viewer == 0   ? "Black"
                         : s->viewer == 1 ? "White"
                                          : "a spectator");
    else
        alea__buf_puts(b, ")\n");
    for (int p = 0; p < 2; p++) {
        int32_t value = 0;
        alea__buf_printf(b, "%s: reserve ", who[p]);
        if (s->reserve[p][0] < 0)
            alea__buf_printf(b, "%d hidden", (int)s->reserve_size[p]);
        else
            view_set(b, s->reserve[p]);
        alea__buf_puts(b, "; prisoners held ");
        view_set(b, s->prisoners[p]);
        for (int t = 0; t < PL_TYPES; t++)
            value += s->prisoners[p][t] * alea__pl_value[t];
        alea__buf_printf(b, " (value %d)\n", (int)value);
    }
}
