/*
 * The one-line state text (the part after "<spec> | "), doc/rules/backgammon.md
 * "State text":
 *
 *   text   = phase " turn=" P " dice=" dice " cube=" value "/" owner
 *            " autos=" N " resign=" L " crawford=" B " rejected=" L
 *            " score=" N "-" N " games=" N " last=" last
 *            " white=" points " red=" points
 *   phase  = "opening" / "cube" / "dice" / "move" / "take" / "beavered" / "resign" / "over"
 *   dice   = "-" / DIE DIE                      ; larger first
 *   owner  = "centre" / "0" / "1"
 *   last   = "-" / P ":" mult ":" value ":" ("bearoff" / "drop" / "resign")
 *   points = "-" / item *("," item)             ; own numbering, ascending, bar last
 *   item   = (1..24 / "bar") ":" 1..15
 *
 * rejected = the level of a resignation rejected this turn (0 none).
 * Numbers are decimal without leading zeros.  The generic layer then runs
 * alea__bg_validate() on the result.
 */
#include "backgammon/bg.h"

#include <string.h>

static const char *const phase_names[] = {"opening", "cube",     "dice",   "move",
                                          "take",    "beavered", "resign", "over"};
static const char *const how_names[] = {"", "bearoff", "drop", "resign"};

static void write_points(alea__buf *b, const bg_state *s, int player) {
    int c[26];
    bool any = false;
    alea__bg_counts(s, player, c);
    for (int i = 1; i <= 25; i++) {
        if (!c[i])
            continue;
        if (any)
            alea__buf_putc(b, ',');
        if (i == BG_BAR)
            alea__buf_printf(b, "bar:%d", c[i]);
        else
            alea__buf_printf(b, "%d:%d", i, c[i]);
        any = true;
    }
    if (!any)
        alea__buf_putc(b, '-');
}

void alea__bg_write_state(alea__buf *b, const alea_state *st) {
    const bg_state *s = bg_cof(st);
    alea__buf_printf(b, "%s turn=%d dice=", phase_names[s->phase], s->turn);
    if (s->die[0])
        alea__buf_printf(b, "%d%d", s->die[0], s->die[1]);
    else
        alea__buf_putc(b, '-');
    alea__buf_printf(b, " cube=%d/", 1 << s->cube_log);
    if (s->cube_owner == BG_CENTRE)
        alea__buf_puts(b, "centre");
    else
        alea__buf_printf(b, "%d", s->cube_owner);
    alea__buf_printf(b, " autos=%d resign=%d crawford=%d rejected=%d score=%lu-%lu games=%d last=",
                     s->autos, s->resign, (s->flags & BG_FLAG_CRAWFORD) != 0,
                     (s->flags & BG_FLAG_REJECTED) >> BG_FLAG_REJECTED_SHIFT,
                     (unsigned long)s->score[0], (unsigned long)s->score[1], s->games_played);
    if (s->games_played)
        alea__buf_printf(b, "%d:%d:%d:%s", s->last_winner, s->last_mult, 1 << s->last_cube,
                         how_names[s->last_how]);
    else
        alea__buf_putc(b, '-');
    alea__buf_puts(b, " white=");
    write_points(b, s, 0);
    alea__buf_puts(b, " red=");
    write_points(b, s, 1);
}

/* ---- reading ---- */

/* Consumes `literal` if the text at the cursor starts with it. */
static bool accept(alea__scan *rd, const char *literal) {
    if (!alea__scan_starts(rd, literal))
        return false;
    rd->pos += strlen(literal);
    return true;
}

/* Consumes `literal`; else fails at the cursor, naming the whole literal. */
static alea_status expect(alea__scan *rd, const char *literal) {
    if (accept(rd, literal))
        return ALEA_OK;
    return alea__fail(rd->err, ALEA_PARSE_ERROR, alea__scan_offset(rd),
                      "%s: expected '%s' at offset %zu", rd->what, literal, rd->pos);
}

/* A number in [min, max], no leading zero. */
static alea_status number(alea__scan *rd, uint32_t min, uint32_t max, uint32_t *out) {
    uint64_t v = 0;
    size_t start = rd->pos;
    if (!alea__is_digit(alea__scan_peek(rd, 0)))
        return alea__scan_fail(rd, "expected a number");
    if (alea__scan_peek(rd, 0) == '0' && alea__is_digit(alea__scan_peek(rd, 1)))
        return alea__scan_fail(rd, "a number has no leading zero");
    while (alea__is_digit(alea__scan_peek(rd, 0))) {
        v = v * 10 + (uint64_t)(rd->text[rd->pos++] - '0');
        if (v > max) {
            rd->pos = start;
            return alea__scan_fail(rd, "number out of range");
        }
    }
    if (v < min) {
        rd->pos = start;
        return alea__scan_fail(rd, "number out of range");
    }
    *out = (uint32_t)v;
    return ALEA_OK;
}

static int word_index(alea__scan *rd, const char *const *names, int n) {
    for (int i = n - 1; i >= 0; i--) {
        if (names[i][0] && accept(rd, names[i]))
            return i;
    }
    return -1;
}

static int log2_of(uint32_t v) {
    for (int k = 0; k <= BG_MAX_CUBE_LOG; k++)
        if (v == 1u << k)
            return k;
    return -1;
}

static alea_status read_cube_value(alea__scan *rd, uint8_t *out) {
    uint32_t v = 0;
    size_t at = rd->pos;
    alea_status st = number(rd, 1, 32768, &v);
    if (st != ALEA_OK)
        return st;
    int k = log2_of(v);
    if (k < 0) {
        rd->pos = at;
        return alea__scan_fail(rd, "a cube value is a power of two");
    }
    *out = (uint8_t)k;
    return ALEA_OK;
}

static alea_status read_points(alea__scan *rd, bg_state *s, int player) {
    if (alea__scan_peek(rd, 0) == '-') {
        rd->pos++;
        return ALEA_OK;
    }
    int last = 0;
    for (;;) {
        uint32_t p = 0, n = 0;
        alea_status st;
        if (accept(rd, "bar")) {
            p = BG_BAR;
        } else if ((st = number(rd, 1, 24, &p)) != ALEA_OK) {
            return st;
        }
        if ((int)p <= last)
            return alea__scan_fail(rd, "points are written in ascending order, bar last");
        last = (int)p;
        if ((st = expect(rd, ":")) != ALEA_OK || (st = number(rd, 1, 15, &n)) != ALEA_OK)
            return st;
        if (p == BG_BAR) {
            s->bar[player] = (uint8_t)n;
        } else {
            int index = player == 0 ? (int)p - 1 : 24 - (int)p;
            if (s->board[index] != 0)
                return alea__fail(rd->err, ALEA_INVALID_STATE, -1,
                                  "§1: both players on one point (White's %d)", index + 1);
            s->board[index] = (int8_t)(player == 0 ? (int)n : -(int)n);
        }
        if (alea__scan_peek(rd, 0) != ',')
            return ALEA_OK;
        rd->pos++;
    }
}

static alea_status read_flag(alea__scan *rd, const char *key, bool *out) {
    alea_status st = expect(rd, key);
    uint32_t v = 0;
    if (st == ALEA_OK)
        st = number(rd, 0, 1, &v);
    if (st == ALEA_OK)
        *out = v != 0;
    return st;
}

static alea_status read_head(alea__scan *rd, bg_state *s) {
    alea_status st;
    uint32_t v = 0;
    int phase = word_index(rd, phase_names, 8);
    if (phase < 0)
        return alea__scan_fail(
            rd, "expected a phase (opening, cube, dice, move, take, beavered, resign, "
                "over)");
    s->phase = (uint8_t)phase;
    if ((st = expect(rd, " turn=")) || (st = number(rd, 0, 1, &v)))
        return st;
    s->turn = (uint8_t)v;
    if ((st = expect(rd, " dice=")))
        return st;
    if (alea__scan_peek(rd, 0) == '-') {
        rd->pos++;
    } else {
        for (int i = 0; i < 2; i++) {
            char c = alea__scan_peek(rd, 0);
            if (c < '1' || c > '6')
                return alea__scan_fail(rd, "expected a die 1 to 6");
            s->die[i] = (uint8_t)(c - '0');
            rd->pos++;
        }
        if (s->die[0] < s->die[1])
            return alea__scan_fail(rd, "the larger die comes first");
    }
    if ((st = expect(rd, " cube=")) || (st = read_cube_value(rd, &s->cube_log)) ||
        (st = expect(rd, "/")))
        return st;
    if (accept(rd, "centre")) {
        s->cube_owner = BG_CENTRE;
    } else if ((st = number(rd, 0, 1, &v)) != ALEA_OK) {
        return st;
    } else {
        s->cube_owner = (uint8_t)v;
    }
    if ((st = expect(rd, " autos=")) || (st = number(rd, 0, 15, &v)))
        return st;
    s->autos = (uint8_t)v;
    if ((st = expect(rd, " resign=")) || (st = number(rd, 0, 3, &v)))
        return st;
    s->resign = (uint8_t)v;
    bool crawford;
    if ((st = read_flag(rd, " crawford=", &crawford)) || (st = expect(rd, " rejected=")) ||
        (st = number(rd, 0, 3, &v)))
        return st;
    s->flags = (uint8_t)((crawford ? BG_FLAG_CRAWFORD : 0) | v << BG_FLAG_REJECTED_SHIFT);
    return ALEA_OK;
}

static alea_status read_tail(alea__scan *rd, bg_state *s) {
    alea_status st;
    uint32_t v = 0;
    for (int i = 0; i < 2; i++) {
        if ((st = expect(rd, i ? "-" : " score=")) || (st = number(rd, 0, UINT32_MAX, &v)))
            return st;
        s->score[i] = v;
    }
    if ((st = expect(rd, " games=")) || (st = number(rd, 0, 65535, &v)))
        return st;
    s->games_played = (uint16_t)v;
    if ((st = expect(rd, " last=")))
        return st;
    if (alea__scan_peek(rd, 0) == '-') {
        rd->pos++;
    } else {
        if ((st = number(rd, 0, 1, &v)))
            return st;
        s->last_winner = (uint8_t)v;
        if ((st = expect(rd, ":")) || (st = number(rd, 1, 3, &v)))
            return st;
        s->last_mult = (uint8_t)v;
        if ((st = expect(rd, ":")) || (st = read_cube_value(rd, &s->last_cube)) ||
            (st = expect(rd, ":")))
            return st;
        int how = word_index(rd, how_names, 4);
        if (how < 1)
            return alea__scan_fail(rd, "expected bearoff, drop or resign");
        s->last_how = (uint8_t)how;
        if (s->games_played == 0)
            return alea__scan_fail(rd, "a last game needs games >= 1");
    }
    memset(s->board, 0, sizeof s->board);
    s->bar[0] = s->bar[1] = 0;
    if ((st = expect(rd, " white=")) || (st = read_points(rd, s, 0)) ||
        (st = expect(rd, " red=")) || (st = read_points(rd, s, 1)))
        return st;
    return ALEA_OK;
}

alea_status alea__bg_read_state(alea_state *st, alea__scan *sc, alea_error *err) {
    bg_state *s = bg_of(st);
    alea__scan_space(sc);
    sc->err = err;
    sc->what = "backgammon state text";
    alea_status status = read_head(sc, s);
    if (status == ALEA_OK)
        status = read_tail(sc, s);
    return status;
}
