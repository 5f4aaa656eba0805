/*
 * The notation of actions (doc/rules/dice_poker.md, "Notation").
 *
 *   roll 1,1,3,5,6      the dice thrown now (any order; commas, blanks or none)
 *   hold 1,1,5          keep these dice and throw the others (P-2.2)
 *   hold none           throw all five again
 *   school 4            score School row 4 (P-4)
 *   write full          write a combination (P-3); `score` is the same verb
 *   strike poker        strike a combination cell out (P-2.3)
 *
 * An optional column number may follow the row (`write full 2`); it must be
 * the column the row fills next (P-2.3).  Words are case-insensitive; rows
 * also have English variants and their Polish names (names.c).
 */
#include "dice_poker/dp.h"

#include <string.h>

#define WORD_MAX 32

/* ---- formatting ---- */

alea_status alea__dp_format_action(alea__buf *b, const alea_state *st, uint64_t action) {
    (void)st;
    dp_action a;
    char dice[16];
    if (alea__dp_decode(&a, action, NULL) != ALEA_OK)
        return ALEA_INVALID_ARGUMENT;
    switch (a.kind) {
    case ALEA_DICE_POKER_ROLL:
        alea__dp_dice_text(dice, a.counts);
        alea__buf_printf(b, "roll %s", dice);
        break;
    case ALEA_DICE_POKER_HOLD:
        alea__dp_dice_text(dice, a.counts);
        alea__buf_printf(b, "hold %s", a.dice ? dice : "none");
        break;
    case ALEA_DICE_POKER_SCORE:
        if (dp_is_school(a.row))
            alea__buf_printf(b, "school %d", a.row + 1);
        else
            alea__buf_printf(b, "write %s", alea__dp_row_name(a.row));
        break;
    default:
        alea__buf_printf(b, "strike %s", alea__dp_row_name(a.row));
        break;
    }
    return ALEA_OK;
}

/* ---- parsing ---- */

static bool is_word_char(char ch) {
    unsigned char u = (unsigned char)ch;
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u == '-' || u == '_' || u >= 0x80;
}

/* A word after blanks, ASCII lower-cased, '_' read as '-'.  Returns its
   length (0 if none); a word too long reads as none. */
static size_t read_word(alea__scan *p, char out[WORD_MAX]) {
    alea__scan_space(p);
    size_t n = 0, start = p->pos;
    while (is_word_char(alea__scan_peek(p, 0))) {
        char ch = p->text[p->pos++];
        if (ch >= 'A' && ch <= 'Z')
            ch = (char)(ch - 'A' + 'a');
        if (n + 1 >= WORD_MAX) {
            p->pos = start;
            return 0;
        }
        out[n++] = (char)(ch == '_' ? '-' : ch);
    }
    out[n] = '\0';
    return n;
}

static bool is_die(char ch) {
    return ch >= '1' && ch <= '6';
}

/* dice := die { [","] die }, blanks allowed around the separators. */
static alea_status read_dice(alea__scan *p, uint8_t counts[DP_FACES], int *n) {
    *n = 0;
    memset(counts, 0, DP_FACES);
    alea__scan_space(p);
    for (;;) {
        char ch = alea__scan_peek(p, 0);
        if (ch >= '0' && ch <= '9' && !is_die(ch))
            return alea__scan_fail(p, "P-8.2: a die shows 1 to 6");
        if (!is_die(ch))
            return alea__scan_fail(p, "expected a die (1 to 6)");
        if (*n == DP_DICE)
            return alea__scan_fail(p, "P-2.1: there are only five dice");
        counts[ch - '1']++;
        (*n)++;
        p->pos++;
        size_t after = p->pos;
        alea__scan_space(p);
        if (alea__scan_peek(p, 0) == ',') {
            p->pos++;
            alea__scan_space(p);
            continue;
        }
        if (is_die(alea__scan_peek(p, 0)) ||
            (alea__scan_peek(p, 0) >= '0' && alea__scan_peek(p, 0) <= '9'))
            continue;
        p->pos = after;
        return ALEA_OK;
    }
}

/* An unsigned number of at most three digits after blanks; -1 if none. */
static int read_number(alea__scan *p) {
    alea__scan_space(p);
    int v = 0, digits = 0;
    while (alea__scan_peek(p, 0) >= '0' && alea__scan_peek(p, 0) <= '9' && digits < 4) {
        v = v * 10 + (p->text[p->pos++] - '0');
        digits++;
    }
    return digits == 0 ? -1 : digits > 3 ? 1000 : v;
}

static bool word_is(const char *w, const char *a, const char *b, const char *c) {
    return strcmp(w, a) == 0 || (b && strcmp(w, b) == 0) || (c && strcmp(w, c) == 0);
}

static bool is_school_word(const char *w) {
    return word_is(w, "school", "szkola",
                   "szko\xc5\x82"
                   "a");
}

/* "school N" (the word already read) -> row N - 1. */
static alea_status read_school_number(alea__scan *p, int *row) {
    alea__scan_space(p);
    size_t at = p->pos;
    int n = read_number(p);
    if (n < 1 || n > DP_SCHOOL_ROWS)
        return alea__scan_fail_at(p, at, "P-1.2: School rows are 1 to 6");
    *row = n - 1;
    return ALEA_OK;
}

/* A combination row name, possibly written as two words ("full house",
   "small straight"); or "school N" / "school-N". */
static alea_status read_row(alea__scan *p, int *row) {
    char w[WORD_MAX], w2[WORD_MAX], joined[2 * WORD_MAX];
    size_t at = (alea__scan_space(p), p->pos);
    if (read_word(p, w) == 0)
        return alea__scan_fail_at(p, at, "expected a row name");
    if (is_school_word(w))
        return read_school_number(p, row);
    size_t len = strlen(w);
    /* "school-4": the word stops before the digit, which follows at once */
    if (strcmp(w, "school-") == 0 && is_die(alea__scan_peek(p, 0)) &&
        !(alea__scan_peek(p, 1) >= '0' && alea__scan_peek(p, 1) <= '9')) {
        *row = p->text[p->pos++] - '1';
        return ALEA_OK;
    }
    size_t after = p->pos;
    if (read_word(p, w2) > 0) {
        memcpy(joined, w, len);
        joined[len] = '-';
        memcpy(joined + len + 1, w2, strlen(w2) + 1);
        if ((*row = alea__dp_row_find(joined)) >= 0)
            return ALEA_OK;
    }
    p->pos = after;
    if ((*row = alea__dp_row_find(w)) >= 0)
        return ALEA_OK;
    return alea__scan_fail_at(p, at, "unknown row name");
}

/* The optional column after the row (P-2.3): -1 when absent. */
static alea_status read_column(alea__scan *p, int *col) {
    alea__scan_space(p);
    size_t at = p->pos;
    *col = -1;
    if (alea__scan_peek(p, 0) < '0' || alea__scan_peek(p, 0) > '9')
        return ALEA_OK;
    *col = read_number(p);
    if (*col > 999)
        return alea__scan_fail_at(p, at, "column number too long");
    return ALEA_OK;
}

static alea_status read_action(alea__scan *p, dp_action *a, int *col) {
    char verb[WORD_MAX];
    size_t at = (alea__scan_space(p), p->pos);
    memset(a, 0, sizeof *a);
    a->row = -1;
    *col = -1;
    if (read_word(p, verb) == 0)
        return alea__scan_fail_at(p, at, "expected roll, hold, school, write or strike");
    if (word_is(verb, "roll", "throw", NULL)) {
        a->kind = ALEA_DICE_POKER_ROLL;
        return read_dice(p, a->counts, &a->dice);
    }
    if (word_is(verb, "hold", "keep", NULL)) {
        a->kind = ALEA_DICE_POKER_HOLD;
        char w[WORD_MAX];
        size_t before = p->pos;
        if (read_word(p, w) > 0 && (strcmp(w, "none") == 0 || strcmp(w, "-") == 0))
            return ALEA_OK;
        p->pos = before;
        return read_dice(p, a->counts, &a->dice);
    }
    alea_status st;
    if (is_school_word(verb)) {
        a->kind = ALEA_DICE_POKER_SCORE;
        st = read_school_number(p, &a->row);
    } else if (word_is(verb, "write", "score", "zapisz")) {
        a->kind = ALEA_DICE_POKER_SCORE;
        st = read_row(p, &a->row);
    } else if (word_is(verb, "strike", "cross", "skresl")) {
        a->kind = ALEA_DICE_POKER_STRIKE;
        st = read_row(p, &a->row);
    } else {
        return alea__scan_fail_at(p, at, "expected roll, hold, school, write or strike");
    }
    return st != ALEA_OK ? st : read_column(p, col);
}

/* P-2.3: a column given in the text must be the one the row fills next. */
static alea_status check_column(const dp_state *s, const dp_action *a, int col, alea_error *err) {
    if (col < 0 || a->row < 0)
        return ALEA_OK;
    int next = alea__dp_row_filled(&s->card[dp_seat(s)], s->columns, a->row) + 1;
    if (col != next)
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "P-2.3: row %s fills column %d next, not %d", alea__dp_row_title(a->row),
                          next, col);
    return ALEA_OK;
}

alea_status alea__dp_parse_action(const alea_state *st, const char *text, size_t len,
                                  uint64_t *action, alea_error *err) {
    alea__scan p;
    alea__scan_start(&p, text, len, err, NULL);
    dp_action a;
    int col;
    alea_status status = read_action(&p, &a, &col);
    if (status != ALEA_OK)
        return status;
    alea__scan_space(&p);
    if (alea__scan_peek(&p, 0) != '\0')
        return alea__scan_fail(&p, "unexpected text after the action");
    if ((status = alea__dp_check_phase(st, a.kind, err)) != ALEA_OK)
        return status;
    if (a.kind == ALEA_DICE_POKER_HOLD && a.dice == DP_DICE)
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "P-2.2: at least one die must be re-thrown (keep 0 to 4)");
    if (a.kind == ALEA_DICE_POKER_STRIKE && dp_is_school(a.row))
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1, "P-2.3: School rows cannot be struck out");
    uint64_t value = a.kind == ALEA_DICE_POKER_ROLL || a.kind == ALEA_DICE_POKER_HOLD
                         ? alea__dp_dice_action(a.kind, a.counts)
                         : ALEA_DICE_POKER_ACTION(a.kind, a.row);
    status = alea__dp_check(st, value, err);
    if (status == ALEA_OK)
        status = check_column(dp_cof(st), &a, col, err);
    if (status == ALEA_OK)
        *action = value;
    return status;
}
