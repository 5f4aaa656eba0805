/*
 * The notation of actions (doc/rules/wise_dice.md, "Notation").
 *
 *   place C1      set-up: the next pawn on C1 (W-4.2); `place 3 C1` names the pawn
 *   start S       chance: South starts (W-4.3); `start N` for North
 *   roll 1236     chance: the four dice, any order, commas or blanks allowed (W-5.1)
 *   2/3:L/1/6     a move I/D:d/K/Z (W-5.2); `2/L/1/6` leaves D implied
 *   pass          no legal move (W-5.5)
 *
 * Words and directions are case-insensitive.  A move is read in any of its
 * spellings and returned as its canonical action (W-5.9).
 */
#include "wise_dice/wd.h"

#include <string.h>

void alea__wd_square_name(char out[4], int square) {
    int row = wd_row(square);
    out[0] = (char)('A' + wd_col(square));
    if (row >= 10) {
        out[1] = '1';
        out[2] = (char)('0' + row - 10);
    } else {
        out[1] = (char)('0' + row);
        out[2] = '\0';
    }
    out[3] = '\0';
}

/* ---- formatting ---- */

alea_status alea__wd_format_action(alea__buf *b, const alea_state *st, uint64_t action) {
    const wd_state *s = wd_cof(st);
    wd_action a;
    if (alea__wd_decode(&a, action, NULL) != ALEA_OK)
        return ALEA_INVALID_ARGUMENT;
    switch (a.kind) {
    case ALEA_WISE_DICE_PLACE:
        alea__buf_printf(b, "place %c%d", 'A' + a.column,
                         wd_home_row(s->phase == WD_PHASE_SETUP ? s->player : 0));
        break;
    case ALEA_WISE_DICE_START:
        alea__buf_printf(b, "start %c", a.player == 0 ? 'S' : 'N');
        break;
    case ALEA_WISE_DICE_ROLL:
        alea__buf_puts(b, "roll ");
        for (int i = 0; i < 4; i++)
            alea__buf_putc(b, (char)('0' + a.dice[i]));
        break;
    case ALEA_WISE_DICE_MOVE: {
        int die =
            s->phase == WD_PHASE_MOVE ? alea__wd_direction_die(s, a.pip, a.dist, a.points) : 0;
        char text[16], *t = text; /* I/D:d/K/Z, or I/d/K/Z when D cannot be derived */
        *t++ = (char)('0' + a.pip);
        *t++ = '/';
        if (die != 0) {
            *t++ = (char)('0' + die);
            *t++ = ':';
        }
        for (const char *d = alea__wd_dir_names[a.dir]; *d; d++)
            *t++ = *d;
        *t++ = '/';
        *t++ = (char)('0' + a.dist);
        *t++ = '/';
        *t++ = (char)('0' + a.points);
        *t = '\0';
        alea__buf_puts(b, text);
        break;
    }
    default:
        alea__buf_puts(b, "pass");
        break;
    }
    return ALEA_OK;
}

/* ---- parsing ---- */

static char lower(char c) {
    if (c >= 'A' && c <= 'Z')
        return (char)(c - 'A' + 'a');
    return c;
}

static bool is_alpha(char c) {
    c = lower(c);
    return c >= 'a' && c <= 'z';
}

/* A case-insensitive keyword not followed by a letter. */
static bool keyword(alea__scan *p, const char *kw) {
    size_t n = strlen(kw);
    for (size_t i = 0; i < n; i++)
        if (lower(alea__scan_peek(p, i)) != kw[i])
            return false;
    if (is_alpha(alea__scan_peek(p, n)))
        return false;
    p->pos += n;
    return true;
}

static bool digit(alea__scan *p, int lo, int hi, int *out) {
    char c = alea__scan_peek(p, 0);
    if (c < '0' + lo || c > '0' + hi)
        return false;
    *out = c - '0';
    p->pos++;
    return true;
}

static alea_status end(alea__scan *p) {
    alea__scan_space(p);
    return alea__scan_peek(p, 0) == '\0' ? ALEA_OK : alea__scan_fail(p, "unexpected text");
}

/* A square "A1" .. "H12". */
static bool square(alea__scan *p, int *col, int *row) {
    char c = lower(alea__scan_peek(p, 0));
    if (c < 'a' || c > 'h')
        return false;
    size_t save = p->pos++;
    int r = 0, n = 0;
    while (alea__scan_peek(p, 0) >= '0' && alea__scan_peek(p, 0) <= '9' && n < 3) {
        r = r * 10 + (p->text[p->pos++] - '0');
        n++;
    }
    if (n == 0 || r < 1 || r > WD_ROWS || (n == 2 && r < 10) || n > 2) {
        p->pos = save;
        return false;
    }
    *col = c - 'a';
    *row = r;
    return true;
}

static alea_status parse_place(alea__scan *p, const wd_state *s, uint64_t *action) {
    int pip = 0, col, row;
    alea__scan_space(p);
    if (digit(p, 1, 6, &pip))
        alea__scan_space(p);
    if (!square(p, &col, &row))
        return alea__scan_fail(p, "expected a square A1..H12");
    alea_status st = end(p);
    if (st != ALEA_OK)
        return st;
    *action = ALEA_WISE_DICE_ACTION(ALEA_WISE_DICE_PLACE, (unsigned)col);
    if (s->phase != WD_PHASE_SETUP)
        return ALEA_OK; /* the check reports the phase */
    if (row != wd_home_row(s->player))
        return alea__fail(p->err, ALEA_ILLEGAL_ACTION, -1,
                          "W-4.1: pawns are placed on the home row %d", wd_home_row(s->player));
    int next = 1;
    while (next <= 6 && s->sq[wd_pawn(s->player, next)] != WD_NOT_PLACED)
        next++;
    if (pip != 0 && pip != next)
        return alea__fail(p->err, ALEA_ILLEGAL_ACTION, -1,
                          "W-4.2: pawns are placed in the order 1..6; pawn %d is next", next);
    return ALEA_OK;
}

static alea_status parse_start(alea__scan *p, uint64_t *action) {
    alea__scan_space(p);
    int who;
    if (keyword(p, "s") || keyword(p, "south") || alea__scan_peek(p, 0) == '0')
        who = 0;
    else if (keyword(p, "n") || keyword(p, "north") || alea__scan_peek(p, 0) == '1')
        who = 1;
    else
        return alea__scan_fail(p, "expected S or N");
    if (alea__scan_peek(p, 0) == '0' || alea__scan_peek(p, 0) == '1')
        p->pos++;
    *action = ALEA_WISE_DICE_ACTION(ALEA_WISE_DICE_START, (unsigned)who);
    return end(p);
}

static alea_status parse_roll(alea__scan *p, uint64_t *action) {
    int d[4];
    for (int i = 0; i < 4; i++) {
        alea__scan_space(p);
        if (i > 0 && alea__scan_peek(p, 0) == ',') {
            p->pos++;
            alea__scan_space(p);
        }
        if (!digit(p, 1, 6, &d[i]))
            return alea__scan_fail(p, "expected four dice 1..6");
    }
    for (int i = 1; i < 4; i++) /* any order is accepted; the action is sorted */
        for (int j = i; j > 0 && d[j] < d[j - 1]; j--) {
            int t = d[j];
            d[j] = d[j - 1];
            d[j - 1] = t;
        }
    *action = alea__wd_roll_action(d);
    return end(p);
}

static bool direction(alea__scan *p, int *dir) {
    for (int d = WD_DIRS - 1; d >= 0; d--) { /* two-letter names first */
        const char *name = alea__wd_dir_names[d];
        size_t n = strlen(name);
        if (n == 2 && lower(alea__scan_peek(p, 0)) == lower(name[0]) &&
            lower(alea__scan_peek(p, 1)) == lower(name[1])) {
            p->pos += 2;
            *dir = d;
            return true;
        }
    }
    for (int d = 0; d < WD_DIRS; d++) {
        const char *name = alea__wd_dir_names[d];
        if (strlen(name) == 1 && lower(alea__scan_peek(p, 0)) == lower(name[0])) {
            p->pos++;
            *dir = d;
            return true;
        }
    }
    return false;
}

/* I/D:d/K/Z or I/d/K/Z. */
static alea_status parse_move(alea__scan *p, const wd_state *s, uint64_t *action) {
    int pip, die = 0, dir, dist, points;
    if (!digit(p, 1, 6, &pip))
        return alea__scan_fail(p, "expected the indicator die 1..6");
    if (alea__scan_peek(p, 0) != '/')
        return alea__scan_fail(p, "expected '/'");
    p->pos++;
    if (digit(p, 1, 6, &die)) {
        if (alea__scan_peek(p, 0) != ':')
            return alea__scan_fail(p, "expected ':' after the direction die");
        p->pos++;
    }
    if (!direction(p, &dir))
        return alea__scan_fail(p, "expected a direction F, FL, FR, L, R, B, BL or BR");
    if (alea__scan_peek(p, 0) != '/')
        return alea__scan_fail(p, "expected '/'");
    p->pos++;
    if (!digit(p, 1, 6, &dist))
        return alea__scan_fail(p, "expected the distance die 1..6");
    if (alea__scan_peek(p, 0) != '/')
        return alea__scan_fail(p, "expected '/'");
    p->pos++;
    if (!digit(p, 1, 6, &points))
        return alea__scan_fail(p, "expected the scoring die 1..6");
    alea_status st = end(p);
    if (st != ALEA_OK)
        return st;
    *action = alea__wd_move_action(pip, dir, dist, points);
    if (s->phase != WD_PHASE_MOVE)
        return ALEA_OK; /* the check reports the phase */
    int left = alea__wd_direction_die(s, pip, dist, points);
    if (die != 0 && left != 0 && die != left)
        return alea__fail(p->err, ALEA_ILLEGAL_ACTION, -1,
                          "W-5.2: with I=%d, K=%d, Z=%d the direction die is %d, not %d", pip, dist,
                          points, left, die);
    wd_move m;
    uint64_t canonical;
    if (alea__wd_evaluate(s, pip, dir, dist, points, &m, &canonical) == WD_LEGAL)
        *action = canonical; /* W-5.9 */
    return ALEA_OK;
}

alea_status alea__wd_parse_action(const alea_state *st, const char *text, size_t len,
                                  uint64_t *action, alea_error *err) {
    const wd_state *s = wd_cof(st);
    alea__scan p;
    alea__scan_start(&p, text, len, err, NULL);
    alea_status status;
    alea__scan_space(&p);
    if (keyword(&p, "pass")) {
        *action = ALEA_WISE_DICE_ACTION(ALEA_WISE_DICE_PASS, 0);
        status = end(&p);
    } else if (keyword(&p, "place")) {
        status = parse_place(&p, s, action);
    } else if (keyword(&p, "start")) {
        status = parse_start(&p, action);
    } else if (keyword(&p, "roll")) {
        status = parse_roll(&p, action);
    } else if (alea__scan_peek(&p, 0) >= '0' && alea__scan_peek(&p, 0) <= '9') {
        status = parse_move(&p, s, action);
    } else {
        status = alea__scan_fail(&p, "expected place, start, roll, pass or a move I/D:d/K/Z");
    }
    if (status != ALEA_OK)
        return status;
    return alea__wd_check(st, *action, err);
}
