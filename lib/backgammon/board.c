/*
 * The human-readable board: White (X) moves from its 24 to its 1 (bottom
 * right is White's home), Red (O) the other way; points are labelled in
 * White's numbering, with Red's own number below/above in brackets where it
 * helps.  Then bar, borne-off checkers, pips, cube, dice, score and the gnubg
 * IDs.
 */
#include "backgammon/bg.h"

static const char *const phase_text[] = {
    "opening throw", "roll or double",        "dice to throw",          "move",
    "take or drop",  "take or drop a beaver", "answer the resignation", "over"};

static void cell(alea__buf *b, int v) {
    if (v == 0)
        alea__buf_puts(b, "  . ");
    else
        alea__buf_printf(b, " %c%-2d", v > 0 ? 'X' : 'O', v > 0 ? v : -v);
}

static void row(alea__buf *b, const bg_state *s, int from, int step) {
    alea__buf_puts(b, " |");
    for (int k = 0; k < 12; k++) {
        int g = from + step * k; /* White's point */
        if (k == 6)
            alea__buf_puts(b, " |");
        cell(b, s->board[g - 1]);
    }
    alea__buf_puts(b, " |\n");
}

static void labels(alea__buf *b, int from, int step) {
    alea__buf_puts(b, "  ");
    for (int k = 0; k < 12; k++) {
        if (k == 6)
            alea__buf_puts(b, "  ");
        alea__buf_printf(b, " %3d", from + step * k);
    }
    alea__buf_putc(b, '\n');
}

void alea__bg_write_board(alea__buf *b, const alea_state *st) {
    const bg_state *s = bg_cof(st);
    int c0[26], c1[26];
    char pid[15], mid[13];
    alea__bg_counts(s, 0, c0);
    alea__bg_counts(s, 1, c1);
    labels(b, 13, 1);
    row(b, s, 13, 1);
    row(b, s, 12, -1);
    labels(b, 12, -1);
    alea__buf_printf(b, "White X: bar %d, off %d, pips %d    Red O: bar %d, off %d, pips %d\n",
                     c0[BG_BAR], c0[0], alea__bg_pips(s, 0), c1[BG_BAR], c1[0],
                     alea__bg_pips(s, 1));
    if (s->opt & BG_OPT_CUBE) {
        alea__buf_printf(b, "Cube %d, ", 1 << s->cube_log);
        if (s->cube_owner == BG_CENTRE)
            alea__buf_puts(b, "centred");
        else
            alea__buf_printf(b, "owned by %s", s->cube_owner == 0 ? "White" : "Red");
        alea__buf_puts(b, (s->flags & BG_FLAG_CRAWFORD) ? " (Crawford game)\n" : "\n");
    }
    if (s->mode == BG_MODE_MATCH)
        alea__buf_printf(b, "Match to %d: White %lu, Red %lu\n", s->length,
                         (unsigned long)s->score[0], (unsigned long)s->score[1]);
    else if (s->mode == BG_MODE_MONEY)
        alea__buf_printf(b, "Money, game %d of %d: White %lu, Red %lu\n",
                         s->games_played + (s->phase != BG_OVER), s->length,
                         (unsigned long)s->score[0], (unsigned long)s->score[1]);
    if (s->phase == BG_OVER) {
        static const char *const kinds[] = {"", "single game", "gammon", "backgammon"};
        alea__buf_printf(b, "Over: %s wins %d point%s (%s%s)\n",
                         s->last_winner == 0 ? "White" : "Red", s->last_mult << s->last_cube,
                         (s->last_mult << s->last_cube) == 1 ? "" : "s",
                         s->last_how == ALEA_BACKGAMMON_END_BEAROFF ? kinds[s->last_mult]
                         : s->last_how == ALEA_BACKGAMMON_END_DROP  ? "double dropped"
                                                                    : "resignation",
                         "");
    } else {
        alea__buf_printf(b, "%s: %s", s->turn == 0 ? "White" : "Red", phase_text[s->phase]);
        if (s->die[0])
            alea__buf_printf(b, ", dice %d-%d", s->die[0], s->die[1]);
        if (s->phase == BG_RESIGN)
            alea__buf_printf(b, " (offers to resign %d x cube)", s->resign);
        alea__buf_putc(b, '\n');
    }
    alea__bg_position_id(pid, s);
    alea__bg_match_id(mid, s);
    alea__buf_printf(b, "Position ID %s  Match ID %s\n", pid, mid);
}
