/*
 * The human-readable board: row 12 at the top (North's home row), row 1 at
 * the bottom (South's).  A square shows its top pawn, and ":n" after it when
 * the stack holds n >= 2 pawns; the towers are listed bottom to top below.
 *
 *          A     B     C     D     E     F     G     H
 *     12  N1    N2    .     ...
 *     ...
 *      8  .     .     .     .     S1:2  .     .     .
 */
#include "wise_dice/wd.h"

#include <string.h>

static const char *const phase_titles[] = {"set-up", "drawing the starter", "rolling", "moving",
                                           "over"};

static void write_cell(alea__buf *b, const wd_board *s, int q) {
    char cell[8] = ".";
    int top = s->top[q] - 1;
    int len = 1;
    if (top >= 0) {
        cell[0] = top / 6 == 0 ? 'S' : 'N';
        cell[1] = (char)('1' + top % 6);
        len = 2;
        if (s->count[q] >= 2) {
            cell[2] = ':';
            if (s->count[q] >= 10)
                cell[len + 1] = '1', len++;
            cell[len + 1] = (char)('0' + s->count[q] % 10);
            len += 2;
        }
        cell[len] = '\0';
    }
    alea__buf_puts(b, "  "); /* a column is six characters wide */
    alea__buf_puts(b, cell);
    for (size_t pad = strlen(cell); pad < 4; pad++)
        alea__buf_putc(b, ' ');
}

static void write_towers(alea__buf *b, const wd_state *s, const wd_board *bd) {
    bool any = false;
    for (int q = 0; q < WD_SQUARES; q++) {
        if (bd->count[q] < 2)
            continue;
        char name[4];
        alea__wd_square_name(name, q);
        alea__buf_printf(b, "%s %s [", any ? "," : "towers (bottom to top):", name);
        for (int h = 0; h < bd->count[q]; h++)
            for (int p = 0; p < WD_PAWNS; p++)
                if (s->sq[p] == q && s->height[p] == h)
                    alea__buf_printf(b, "%s%c%d", h ? " " : "", p / 6 == 0 ? 'S' : 'N', p % 6 + 1);
        alea__buf_putc(b, ']');
        any = true;
    }
    if (any)
        alea__buf_putc(b, '\n');
}

static void write_player(alea__buf *b, const wd_state *s, int player) {
    alea__buf_printf(b, "%s: %ld points, exited:", player == 0 ? "South (row 1)" : "North (row 12)",
                     (long)s->score[player]);
    bool any = false;
    for (int pip = 1; pip <= 6; pip++)
        if (s->sq[wd_pawn(player, pip)] == WD_EXITED) {
            alea__buf_printf(b, " %d", pip);
            any = true;
        }
    alea__buf_puts(b, any ? "\n" : " none\n");
}

void alea__wd_write_board(alea__buf *b, const alea_state *st) {
    const wd_state *s = wd_cof(st);
    wd_board bd;
    alea__wd_board(s, &bd);
    alea__buf_puts(b, "    ");
    for (int c = 0; c < WD_COLS; c++)
        alea__buf_printf(b, "  %c   ", 'A' + c);
    alea__buf_putc(b, '\n');
    for (int r = WD_ROWS; r >= 1; r--) {
        alea__buf_printf(b, "%3d ", r);
        for (int c = 0; c < WD_COLS; c++)
            write_cell(b, &bd, wd_square(c, r));
        alea__buf_printf(b, "%3d\n", r);
        if (r == 7)
            alea__buf_puts(b, "    ------------------------------------------------ midline\n");
    }
    write_towers(b, s, &bd);
    write_player(b, s, 0);
    write_player(b, s, 1);
    alea__buf_printf(b, "phase: %s", phase_titles[s->phase]);
    if (s->phase == WD_PHASE_SETUP || s->phase == WD_PHASE_ROLL || s->phase == WD_PHASE_MOVE)
        alea__buf_printf(b, ", %s to act", s->player == 0 ? "South" : "North");
    if (s->phase == WD_PHASE_MOVE)
        alea__buf_printf(b, ", roll %d %d %d %d", s->roll[0], s->roll[1], s->roll[2], s->roll[3]);
    if (s->final_turn)
        alea__buf_puts(b, ", final turn");
    alea__buf_printf(b, ", moves %lu of %lu\n", (unsigned long)s->moves,
                     (unsigned long)s->max_moves);
}
