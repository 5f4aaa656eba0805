/*
 * The one-line state text (the part after "<spec> | "), written and read back
 * strictly.  Grammar (doc/rules/wise_dice.md, "State text"):
 *
 *   text   = phase " " player " roll=" roll " final=" BIT " moves=" number
 *            " score=" number "," number " board=" stacks
 *   phase  = "setup" / "start" / "roll" / "move" / "over"
 *   player = "S" / "N" / "-"                    ; "-" in start and over
 *   roll   = 4DIE / "-"                         ; ascending; only in move
 *   stacks = "-" / stack *(" " stack)           ; squares ascending: A1, B1 .. H12
 *   stack  = square ":" pawn *("," pawn)        ; bottom to top
 *   pawn   = ("S" / "N") DIE
 *   number = "0" / NZDIGIT *DIGIT               ; at most 6 digits (a score: 7, W-8)
 *
 * A pawn that is not on the board has not been placed yet in the set-up
 * phase, and has exited in every other phase.  The derived tables are
 * rebuilt; the generic layer then runs alea__wd_validate().
 */
#include "wise_dice/wd.h"

#include <string.h>

static const char *const phase_names[] = {"setup", "start", "roll", "move", "over"};

/* ---- writing ---- */

static void write_pawn(alea__buf *b, int pawn) {
    alea__buf_putc(b, pawn / 6 == 0 ? 'S' : 'N');
    alea__buf_putc(b, (char)('1' + pawn % 6));
}

/* Writes the stack of square q bottom to top. */
static void write_stack(alea__buf *b, const wd_state *s, int q, int count) {
    for (int h = 0; h < count; h++)
        for (int p = 0; p < WD_PAWNS; p++)
            if (s->sq[p] == q && s->height[p] == h) {
                alea__buf_putc(b, h == 0 ? ':' : ',');
                write_pawn(b, p);
            }
}

void alea__wd_write_state(alea__buf *b, const alea_state *st) {
    const wd_state *s = wd_cof(st);
    wd_board bd;
    alea__wd_board(s, &bd);
    bool no_player = s->phase == WD_PHASE_START || s->phase == WD_PHASE_OVER;
    alea__buf_printf(b, "%s %s roll=", phase_names[s->phase],
                     no_player ? "-" : (s->player == 0 ? "S" : "N"));
    if (s->phase == WD_PHASE_MOVE)
        for (int i = 0; i < 4; i++)
            alea__buf_putc(b, (char)('0' + s->roll[i]));
    else
        alea__buf_putc(b, '-');
    alea__buf_printf(b, " final=%d moves=%lu score=%ld,%ld board=", s->final_turn,
                     (unsigned long)s->moves, (long)s->score[0], (long)s->score[1]);
    bool any = false;
    for (int q = 0; q < WD_SQUARES; q++) {
        if (bd.count[q] == 0)
            continue;
        char name[4];
        alea__wd_square_name(name, q);
        if (any)
            alea__buf_putc(b, ' ');
        alea__buf_puts(b, name);
        write_stack(b, s, q, bd.count[q]);
        any = true;
    }
    if (!any)
        alea__buf_putc(b, '-');
}

/* ---- reading ---- */

static alea_status read_die(alea__scan *rd, int *out) {
    char ch = alea__scan_peek(rd, 0);
    if (ch < '1' || ch > '6')
        return alea__scan_fail(rd, "expected a die 1..6");
    *out = ch - '0';
    rd->pos++;
    return ALEA_OK;
}

static alea_status read_head(alea__scan *rd, wd_state *s) {
    int phase = -1;
    for (int i = 0; i < 5; i++) {
        size_t n = strlen(phase_names[i]);
        if (alea__scan_starts(rd, phase_names[i]) && alea__scan_peek(rd, n) == ' ') {
            phase = i;
            rd->pos += n;
            break;
        }
    }
    if (phase < 0)
        return alea__scan_fail(rd, "expected setup, start, roll, move or over");
    s->phase = (uint8_t)phase;
    alea_status st = alea__scan_expect(rd, " ");
    if (st)
        return st;
    bool no_player = phase == WD_PHASE_START || phase == WD_PHASE_OVER;
    if (no_player ? !alea__scan_accept(rd, '-')
                  : !(alea__scan_accept(rd, 'S') ||
                      (alea__scan_accept(rd, 'N') && (s->player = 1, true))))
        return alea__scan_fail(rd,
                               no_player ? "expected '-' (no player to act)" : "expected S or N");
    if ((st = alea__scan_expect(rd, " roll=")))
        return st;
    if (phase == WD_PHASE_MOVE) {
        int d = 0;
        for (int i = 0; i < 4; i++) {
            if ((st = read_die(rd, &d)))
                return st;
            if (i > 0 && d < s->roll[i - 1])
                return alea__scan_fail(rd, "the dice are written ascending");
            s->roll[i] = (uint8_t)d;
        }
    } else if (!alea__scan_accept(rd, '-')) {
        return alea__scan_fail(rd, "expected '-' (no dice on the table)");
    }
    long v = 0;
    if ((st = alea__scan_expect(rd, " final=")))
        return st;
    if (!alea__scan_accept(rd, '0')) {
        if (!alea__scan_accept(rd, '1'))
            return alea__scan_fail(rd, "expected 0 or 1");
        s->final_turn = 1;
    }
    if ((st = alea__scan_expect(rd, " moves=")) || (st = alea__scan_number(rd, 6, &v)))
        return st;
    s->moves = (uint32_t)v;
    for (int i = 0; i < 2; i++) {
        /* W-8: up to 26 points a move over 100000 moves, 2600000: seven digits */
        if ((st = alea__scan_expect(rd, i == 0 ? " score=" : ",")) ||
            (st = alea__scan_number(rd, 7, &v)))
            return st;
        s->score[i] = (int32_t)v;
    }
    return alea__scan_expect(rd, " board=");
}

static alea_status read_square(alea__scan *rd, int *q) {
    char c = alea__scan_peek(rd, 0);
    if (c < 'A' || c > 'H')
        return alea__scan_fail(rd, "expected a square A1..H12");
    rd->pos++;
    long row = 0;
    alea_status st = alea__scan_number(rd, 6, &row);
    if (st)
        return st;
    if (row < 1 || row > WD_ROWS)
        return alea__scan_fail(rd, "rows are 1..12");
    *q = wd_square(c - 'A', (int)row);
    return ALEA_OK;
}

static alea_status read_stacks(alea__scan *rd, wd_state *s) {
    if (alea__scan_accept(rd, '-'))
        return ALEA_OK;
    int last = -1;
    do {
        int q = 0;
        alea_status st = read_square(rd, &q);
        if (st)
            return st;
        if (q <= last)
            return alea__scan_fail(rd, "squares are written once each, in ascending order");
        last = q;
        if ((st = alea__scan_expect(rd, ":")))
            return st;
        int h = 0;
        do {
            int owner, pip = 0;
            if (alea__scan_accept(rd, 'S'))
                owner = 0;
            else if (alea__scan_accept(rd, 'N'))
                owner = 1;
            else
                return alea__scan_fail(rd, "expected a pawn S1..S6 or N1..N6");
            if ((st = read_die(rd, &pip)))
                return st;
            int p = wd_pawn(owner, pip);
            if (s->sq[p] != WD_NOT_PLACED)
                return alea__scan_fail(rd, "a pawn appears twice");
            s->sq[p] = (uint8_t)q;
            s->height[p] = (uint8_t)h++;
        } while (alea__scan_accept(rd, ','));
    } while (alea__scan_accept(rd, ' '));
    return ALEA_OK;
}

alea_status alea__wd_read_state(alea_state *st, alea__scan *sc, alea_error *err) {
    wd_state *s = wd_of(st);
    sc->err = err;
    sc->what = "wise-dice state text";
    if (!alea__scan_accept(sc, ' '))
        return alea__scan_fail(sc, "expected ' ' after '|'");
    s->player = 0;
    alea_status status = read_head(sc, s);
    if (status == ALEA_OK)
        status = read_stacks(sc, s);
    if (status != ALEA_OK)
        return status;
    /* W-4: absent pawns are still to be placed during set-up, exited after it */
    for (int p = 0; p < WD_PAWNS; p++)
        if (s->sq[p] == WD_NOT_PLACED && s->phase != WD_PHASE_SETUP)
            s->sq[p] = WD_EXITED;
    return ALEA_OK;
}
