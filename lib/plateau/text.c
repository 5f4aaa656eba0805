/*
 * Plateau: the one-line state text (the part after "<spec> | "), written and
 * read back strictly.  Grammar (doc/rules/plateau.md, "State text"):
 *
 *   text    = phase SP who " passes=" n " plies=" n " min=" n " offer=" set
 *             " reserve=" set "/" set " prisoners=" set "/" set *(SP stack)
 *   phase   = "setup" / "play" / "respond" / "over"
 *   who     = "black" / "white"                     ; the seat to act
 *           / "black-won" / "white-won" / "draw"    ; phase over
 *   stack   = square "=" 1*piece                    ; non-empty squares, a1 .. d4
 *   piece   = ("B" / "W") face face [mark]          ; up-face, down-face
 *   mark    = "?" (the opponent saw no face) / "!" (both faces); none: the up-face
 *   set     = "-" / type *("+" type)                ; types in table order
 *
 * reserve: Black's then White's own pieces off the board; prisoners: those
 * Black holds, then those White holds.  The generic layer then runs
 * alea__pl_validate() on the result.
 */
#include "plateau/pl.h"

#include <ctype.h>
#include <string.h>

static const char *const phase_names[4] = {"setup", "play", "respond", "over"};
static const char *const result_names[4] = {"", "black-won", "white-won", "draw"};

void alea__pl_piece_write(alea__buf *b, uint8_t piece) {
    char ps[3];
    alea__pl_pstate_text(ps, pl_pstate(piece));
    alea__buf_printf(b, "%c%s%s", pl_owner(piece) ? 'W' : 'B', ps,
                     !(piece & PL_UPK)  ? "?"
                     : (piece & PL_DNK) ? "!"
                                        : "");
}

void alea__pl_write_state(alea__buf *b, const alea_state *st) {
    const pl_state *s = pl_cof(st);
    alea__buf_printf(b, "%s %s passes=%d plies=%lu min=%d offer=", phase_names[s->phase & 3],
                     s->phase == PL_OVER ? result_names[s->result & 3]
                     : s->to_act         ? "white"
                                         : "black",
                     s->passes, (unsigned long)s->plies, s->min_offer);
    alea__pl_set_write(b, s->offer);
    alea__buf_puts(b, " reserve=");
    alea__pl_set_write(b, s->reserve[0]);
    alea__buf_putc(b, '/');
    alea__pl_set_write(b, s->reserve[1]);
    alea__buf_puts(b, " prisoners=");
    alea__pl_set_write(b, s->prisoners[0]);
    alea__buf_putc(b, '/');
    alea__pl_set_write(b, s->prisoners[1]);
    for (int sq = 0; sq < PL_SQUARES; sq++) {
        char name[3];
        if (s->height[sq] == 0)
            continue;
        alea__pl_square_text(name, sq);
        alea__buf_printf(b, " %s=", name);
        for (int i = 0; i < s->height[sq]; i++)
            alea__pl_piece_write(b, s->stack[sq][i]);
    }
}

/* ---- reading ---- */

static alea_status syntax(const alea__scan *sc, alea_error *err, const char *what) {
    return alea__fail(err, ALEA_PARSE_ERROR, alea__scan_offset(sc), "state text: expected %s",
                      what);
}

static bool lit(alea__scan *sc, const char *s) {
    if (!alea__scan_starts(sc, s))
        return false;
    sc->pos += strlen(s);
    return true;
}

static bool number(alea__scan *sc, int64_t max, int64_t *out) {
    char first = alea__scan_peek(sc, 0);
    if (!isdigit((unsigned char)first) ||
        (first == '0' && isdigit((unsigned char)alea__scan_peek(sc, 1))))
        return false;
    return alea__scan_int(sc, 0, max, out);
}

/* A set written canonically (type order): reading and writing again must
   give the same text. */
static bool set_exact(alea__scan *sc, uint8_t counts[8]) {
    size_t start = sc->pos;
    if (alea__scan_peek(sc, 0) == ' ' || !alea__pl_set_read(sc, counts))
        return false;
    char buf[128];
    alea__buf b;
    alea__buf_init(&b, buf, sizeof buf);
    alea__pl_set_write(&b, counts);
    size_t n = sc->pos - start;
    return b.len == n && strncmp(buf, sc->text + start, n) == 0;
}

static bool read_piece(alea__scan *sc, uint8_t *out) {
    char p[4];
    for (size_t i = 0; i < 4; i++)
        p[i] = alea__scan_peek(sc, i);
    if (p[0] != 'B' && p[0] != 'W')
        return false;
    if (!p[1] || !p[2])
        return false;
    int ps = alea__pl_pstate_find(p[1], p[2]);
    if (ps < 0)
        return false;
    uint8_t piece = pl_piece(p[0] == 'W', ps);
    size_t n = 3;
    if (p[3] == '!') {
        piece |= PL_UPK | PL_DNK;
        n++;
    } else if (p[3] == '?') {
        n++;
    } else {
        piece |= PL_UPK;
    }
    *out = piece;
    sc->pos += n;
    return true;
}

alea_status alea__pl_read_state(alea_state *st, alea__scan *sc, alea_error *err) {
    pl_state *s = pl_of(st);
    int64_t v;
    alea__scan_space(sc);
    int phase = -1;
    for (int i = 0; i < 4; i++)
        if (phase < 0 && alea__scan_keyword(sc, phase_names[i]))
            phase = i;
    if (phase < 0)
        return syntax(sc, err, "a phase: setup, play, respond or over");
    s->phase = (uint8_t)phase;
    if (!lit(sc, " "))
        return syntax(sc, err, "one space");
    if (phase == PL_OVER) {
        int r = 0;
        for (int i = 1; i < 4 && !r; i++)
            if (alea__scan_keyword(sc, result_names[i]))
                r = i;
        if (!r)
            return syntax(sc, err, "black-won, white-won or draw");
        s->result = (uint8_t)r;
        s->to_act = 0;
    } else if (alea__scan_keyword(sc, "black") || alea__scan_keyword(sc, "white")) {
        s->to_act = sc->text[sc->pos - 5] == 'w';
        s->result = 0;
    } else {
        return syntax(sc, err, "black or white");
    }
    if (!lit(sc, " passes=") || !number(sc, 2, &v))
        return syntax(sc, err, " passes=<0..2>");
    s->passes = (uint8_t)v;
    if (!lit(sc, " plies=") || !number(sc, UINT32_MAX, &v))
        return syntax(sc, err, " plies=<number>");
    s->plies = (uint32_t)v;
    if (!lit(sc, " min=") || !number(sc, 255, &v))
        return syntax(sc, err, " min=<number>");
    s->min_offer = (uint8_t)v;
    if (!lit(sc, " offer=") || !set_exact(sc, s->offer))
        return syntax(sc, err, " offer=<set>");
    if (!lit(sc, " reserve=") || !set_exact(sc, s->reserve[0]) || !lit(sc, "/") ||
        !set_exact(sc, s->reserve[1]))
        return syntax(sc, err, " reserve=<set>/<set>");
    if (!lit(sc, " prisoners=") || !set_exact(sc, s->prisoners[0]) || !lit(sc, "/") ||
        !set_exact(sc, s->prisoners[1]))
        return syntax(sc, err, " prisoners=<set>/<set>");
    memset(s->height, 0, sizeof s->height);
    memset(s->stack, 0, sizeof s->stack);
    int last = -1;
    while (alea__scan_peek(sc, 0) == ' ') {
        sc->pos++;
        char p[3] = {alea__scan_peek(sc, 0), alea__scan_peek(sc, 1), alea__scan_peek(sc, 2)};
        if (p[0] < 'a' || p[0] > 'd' || p[1] < '1' || p[1] > '4' || p[2] != '=')
            return syntax(sc, err, "<square>=<pieces>");
        int sq = (p[0] - 'a') + 4 * (p[1] - '1');
        if (sq <= last)
            return syntax(sc, err, "squares in order a1, b1, ... d4, each once");
        last = sq;
        sc->pos += 3;
        int h = 0;
        uint8_t piece;
        while (h < PL_MAX_HEIGHT && read_piece(sc, &piece))
            s->stack[sq][h++] = piece;
        if (h == 0 || (alea__scan_peek(sc, 0) != ' ' && alea__scan_peek(sc, 0) != '\0'))
            return syntax(sc, err, "pieces such as Bxx?Brb (at most 24)");
        s->height[sq] = (uint8_t)h;
    }
    if (alea__scan_peek(sc, 0) != '\0')
        return syntax(sc, err, "the end of the state");
    return ALEA_OK;
}
