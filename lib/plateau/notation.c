/*
 * Plateau: action notation (doc/rules/plateau.md, "Notation").
 *
 *   setup  = "setup" SP square SP piece SP piece   ; bottom piece, then top
 *   onboard= ("on" / "onboard") SP piece SP square [":" level]   ; no level: on top
 *   move   = ["!"] square ["/" lift] *("-" square ":" keep) "-" square
 *   stomp  = ["!"] square ["/" lift] "*"
 *   offer  = "offer" SP set ; give = "give" SP set ; "decline" ; "pass"
 *   piece  = up-face down-face, letters x r b o (e.g. "rb", "xo")
 *   set    = type *("+" type) ; type = M / BL / R / BM / RM / T / A
 *
 * "!" flips the top piece first (R7.3); no lift means the whole top unit; a
 * stop names a square passed over and the pieces kept in hand (R7.9).  Case
 * is ignored.  The canonical text always writes the lift of a move, the
 * level of an onboard, and a stomp without its lift.
 */
#include "plateau/pl.h"

#include <ctype.h>
#include <string.h>

alea_status alea__pl_format_action(alea__buf *b, const alea_state *st, uint64_t action) {
    const pl_state *s = pl_cof(st);
    pl_action a;
    char sq[3], ps[3], ps2[3];
    if (alea__pl_decode(&a, action, NULL) != ALEA_OK)
        return ALEA_INVALID_ARGUMENT;
    alea__pl_square_text(sq, a.square);
    switch (a.kind) {
    case ALEA_PLATEAU_SETUP:
        alea__pl_pstate_text(ps, a.pstate);
        alea__pl_pstate_text(ps2, a.pstate2);
        alea__buf_printf(b, "setup %s %s %s", sq, ps2, ps);
        break;
    case ALEA_PLATEAU_ONBOARD:
        alea__pl_pstate_text(ps, a.pstate);
        alea__buf_printf(b, "on %s %s:%d", ps, sq, a.level);
        break;
    case ALEA_PLATEAU_MOVE:
        alea__buf_printf(b, "%s%s", a.flip ? "!" : "", sq);
        if (a.target == a.square) {
            if (a.k != alea__pl_top_unit(s, a.square))
                alea__buf_printf(b, "/%d", a.k);
            alea__buf_putc(b, '*');
            break;
        }
        alea__buf_printf(b, "/%d", a.k);
        {
            int mid[2] = {0, 0};
            int nmid = alea__pl_geometry(a.square, a.target, mid);
            for (int i = 0; i < nmid; i++) {
                if (a.m[i]) {
                    alea__pl_square_text(ps, mid[i]);
                    alea__buf_printf(b, "-%s:%d", ps, a.m[i]);
                }
            }
        }
        alea__pl_square_text(ps, a.target);
        alea__buf_printf(b, "-%s", ps);
        break;
    case ALEA_PLATEAU_OFFER:
    case ALEA_PLATEAU_GIVE:
        alea__buf_puts(b, a.kind == ALEA_PLATEAU_OFFER ? "offer " : "give ");
        alea__pl_set_write(b, a.set);
        break;
    case ALEA_PLATEAU_DECLINE:
        alea__buf_puts(b, "decline");
        break;
    default:
        alea__buf_puts(b, "pass");
        break;
    }
    return ALEA_OK;
}

/* ---- parsing ---- */

static bool read_square(alea__scan *sc, int *sq) {
    alea__scan_space(sc);
    char f = (char)tolower((unsigned char)alea__scan_peek(sc, 0)), r = alea__scan_peek(sc, 1);
    if (f < 'a' || f > 'd' || r < '1' || r > '4')
        return false;
    *sq = (f - 'a') + 4 * (r - '1');
    sc->pos += 2;
    return true;
}

static bool read_pstate(alea__scan *sc, int *ps) {
    alea__scan_space(sc);
    char up = alea__scan_peek(sc, 0), down = alea__scan_peek(sc, 1);
    if (!up || !down)
        return false;
    int v =
        alea__pl_pstate_find((char)tolower((unsigned char)up), (char)tolower((unsigned char)down));
    if (v < 0 || isalnum((unsigned char)alea__scan_peek(sc, 2)))
        return false;
    *ps = v;
    sc->pos += 2;
    return true;
}

static bool read_small(alea__scan *sc, int max, int *out) {
    int64_t v;
    if (!alea__scan_int(sc, 0, max, &v))
        return false;
    *out = (int)v;
    return true;
}

static alea_status junk(const alea__scan *sc, alea_error *err, const char *what) {
    return alea__fail(err, ALEA_PARSE_ERROR, alea__scan_offset(sc), "expected %s", what);
}

/* A move or stomp, from the origin on. */
static alea_status parse_move(const pl_state *s, alea__scan *sc, pl_action *a, alea_error *err) {
    int sqs[4], keep[4], count = 0;
    a->kind = ALEA_PLATEAU_MOVE;
    a->flip = alea__scan_char(sc, '!');
    if (!read_square(sc, &a->square))
        return junk(sc, err, "a square such as a1");
    a->k = 0;
    if (alea__scan_char(sc, '/') && !read_small(sc, 7, &a->k))
        return junk(sc, err, "a lift count 1..7");
    if (alea__scan_char(sc, '*')) {
        a->target = a->square;
    } else {
        while (alea__scan_char(sc, '-')) {
            if (count == 3 || !read_square(sc, &sqs[count]))
                return junk(sc, err, "a square after '-'");
            keep[count] = 0;
            if (alea__scan_char(sc, ':') && (!read_small(sc, 15, &keep[count]) || !keep[count]))
                return junk(sc, err, "a number of pieces kept 1..15");
            count++;
        }
        if (count == 0 || keep[count - 1])
            return junk(sc, err, "'-' and the landing square, or '*' for a stomp");
        a->target = sqs[count - 1];
    }
    if (!alea__scan_at_end(sc))
        return junk(sc, err, "the end of the move");
    if (a->k == 0) {
        a->k = alea__pl_top_unit(s, a->square); /* the whole top unit */
        if (a->k == 0)
            return alea__fail(err, ALEA_ILLEGAL_ACTION, -1, "R7.1: no stack on that square");
        if (a->k > 7)
            a->k = 7;
    }
    int mid[2], nmid = a->target == a->square ? 0 : alea__pl_geometry(a->square, a->target, mid);
    int next = 0;
    for (int i = 0; i < count - 1; i++) {
        while (next < nmid && mid[next] != sqs[i])
            next++;
        if (next == nmid)
            return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                              "R7.9: a stop must be on a square passed over, in order, once");
        a->m[next++] = keep[i];
    }
    return ALEA_OK;
}

static alea_status parse_set(alea__scan *sc, pl_action *a, int kind, alea_error *err) {
    a->kind = kind;
    if (!alea__pl_set_read(sc, a->set) || alea__pl_set_size(a->set) == 0)
        return junk(sc, err, "prisoner types such as M+BL");
    for (int t = 0; t < PL_TYPES; t++)
        if (a->set[t] > alea__pl_count[t])
            return alea__fail(err, ALEA_ILLEGAL_ACTION, -1, "R2.1: there are only %d %s",
                              alea__pl_count[t], alea__pl_type_code(t));
    return ALEA_OK;
}

static alea_status parse_form(const pl_state *s, alea__scan *sc, pl_action *a, alea_error *err) {
    memset(a, 0, sizeof *a);
    if (alea__scan_keyword(sc, "setup")) {
        a->kind = ALEA_PLATEAU_SETUP;
        if (!read_square(sc, &a->square) || !read_pstate(sc, &a->pstate2) ||
            !read_pstate(sc, &a->pstate))
            return junk(sc, err, "setup <square> <bottom piece> <top piece>, e.g. setup a1 xx rb");
    } else if (alea__scan_keyword(sc, "on") || alea__scan_keyword(sc, "onboard")) {
        a->kind = ALEA_PLATEAU_ONBOARD;
        if (!read_pstate(sc, &a->pstate) || !read_square(sc, &a->square))
            return junk(sc, err, "on <piece> <square>[:<level>], e.g. on rb c2:1");
        a->level = s->height[a->square];
        if (alea__scan_char(sc, ':') && !read_small(sc, PL_MAX_HEIGHT, &a->level))
            return junk(sc, err, "a level 0..24");
    } else if (alea__scan_keyword(sc, "offer")) {
        alea_status st = parse_set(sc, a, ALEA_PLATEAU_OFFER, err);
        if (st != ALEA_OK)
            return st;
    } else if (alea__scan_keyword(sc, "give")) {
        alea_status st = parse_set(sc, a, ALEA_PLATEAU_GIVE, err);
        if (st != ALEA_OK)
            return st;
    } else if (alea__scan_keyword(sc, "decline")) {
        a->kind = ALEA_PLATEAU_DECLINE;
    } else if (alea__scan_keyword(sc, "pass")) {
        a->kind = ALEA_PLATEAU_PASS;
    } else {
        return parse_move(s, sc, a, err);
    }
    if (!alea__scan_at_end(sc))
        return junk(sc, err, "the end of the action");
    return ALEA_OK;
}

/* R5.6: an onboard spelling that R6.2 allows maps to the lowest level giving
   the same stack. */
static void canonical_onboard(const pl_state *s, pl_action *a) {
    int p = s->to_act, sq = a->square, i = a->level, h = s->height[sq];
    uint8_t piece = pl_piece(p, a->pstate);
    if (i < 1 || i > h || pl_owner(s->stack[sq][i - 1]) != p)
        return;
    while (i >= 2 && (s->stack[sq][i - 1] & PL_IDENT) == piece &&
           pl_owner(s->stack[sq][i - 2]) == p)
        i--;
    a->level = i;
}

/* The canonical action the text denotes, checked for its form only. */
static alea_status read_action(const alea_state *st, const char *text, size_t len, uint64_t *action,
                               alea_error *err) {
    const pl_state *s = pl_cof(st);
    alea__scan sc;
    pl_action a;
    alea__scan_init(&sc, text, len);
    alea_status status = parse_form(s, &sc, &a, err);
    if (status != ALEA_OK)
        return status;
    if (a.kind == ALEA_PLATEAU_ONBOARD && s->phase == PL_PLAY)
        canonical_onboard(s, &a);
    *action = alea__pl_encode(&a);
    return ALEA_OK;
}

alea_status alea__pl_parse_action(const alea_state *st, const char *text, size_t len,
                                  uint64_t *action, alea_error *err) {
    alea_error local;
    uint64_t v = 0;
    alea_status status = read_action(st, text, len, &v, err);
    if (status != ALEA_OK)
        return status;
    status = alea__pl_check(st, v, &local);
    if (status == ALEA_INVALID_ARGUMENT)
        return alea__fail(err, ALEA_PARSE_ERROR, 0, "not a plateau action: %s", local.message);
    if (status != ALEA_OK) {
        if (err)
            *err = local;
        return status;
    }
    *action = v;
    return ALEA_OK;
}
