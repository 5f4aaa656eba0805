/*
 * GNU Backgammon's SGF (FF[4] GM[6], `save match`): reading into events for
 * the replayer, and writing.  One game tree per game:
 *
 *   (;FF[4]GM[6]CA[UTF-8]AP[..]MI[length:5][game:0][ws:0][bs:0]PW[a]PB[b]
 *     RU[Crawford:CrawfordGame:Jacoby:NoCube]RE[W+2R]
 *   ;B[21lnab] ;W[double] ;B[take] ;B[66])
 *
 * W is player 0, B player 1.  A move is the dice, then two letters a step:
 * a..x are the points in player 0's numbering (player 1's point p is the
 * letter 'a' + 24 - p), y the bar, z off.  ";PL[W]DI[52]" is a roll without a
 * move (a resignation follows).  Analysis properties are skipped; position
 * set-up nodes (AE, AB, AW, CV, CP) are refused.
 */
#include "backgammon/matchfile.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef struct sgf_reader {
    mf_replay *r;
    const char *p, *end; /* the text is [p, end): no NUL needed */
    int line;
} sgf_reader;

/* The byte k ahead, '\0' past the end. */
static char peek(const sgf_reader *s, size_t k) {
    if ((size_t)(s->end - s->p) > k)
        return s->p[k];
    return '\0';
}

static void skip_ws(sgf_reader *s) {
    while (peek(s, 0) && isspace((unsigned char)peek(s, 0))) {
        if (peek(s, 0) == '\n')
            s->line++;
        s->p++;
    }
}

/* One [value] into out (cut to cap - 1); 0 at a syntax error. */
static int value(sgf_reader *s, char *out, size_t cap) {
    size_t o = 0;
    if (peek(s, 0) != '[')
        return 0;
    s->p++;
    while (peek(s, 0) && peek(s, 0) != ']') {
        if (peek(s, 0) == '\\' && peek(s, 1))
            s->p++;
        if (peek(s, 0) == '\n')
            s->line++;
        if (o + 1 < cap)
            out[o++] = peek(s, 0);
        s->p++;
    }
    out[o] = '\0';
    if (peek(s, 0) != ']')
        return 0;
    s->p++;
    return 1;
}

typedef struct game_head {
    int length, score[2], crawford, jacoby, cube, re_player, re_points, re_resigned, has_re;
} game_head;

static alea_status fail(sgf_reader *s, alea_status st, const char *why) {
    return MF_FAIL(s->r, st, s->line, "%s", why);
}

static int S_turn(const sgf_reader *s) {
    return bg_cof(&s->r->st)->turn;
}

/* A W or B node value: cube words or dice and steps. */
static alea_status move_node(sgf_reader *s, int player, const char *v, int move_no, int line) {
    mf_event e;
    memset(&e, 0, sizeof e);
    e.player = player;
    e.line = line;
    e.move_no = move_no;
    if (strcmp(v, "double") == 0)
        e.kind = EV_DOUBLE;
    else if (strcmp(v, "take") == 0)
        e.kind = EV_TAKE;
    else if (strcmp(v, "drop") == 0)
        e.kind = EV_DROP;
    else if (strcmp(v, "beaver") == 0)
        e.kind = EV_BEAVER;
    else {
        size_t n = strlen(v), o = 0;
        if (n < 2 || n % 2 || n > 10 || v[0] < '1' || v[0] > '6' || v[1] < '1' || v[1] > '6')
            return MF_FAIL(s->r, ALEA_PARSE_ERROR, line,
                           "SGF move \"%.40s\": dice then up to four two-letter steps", v);
        e.kind = EV_MOVE;
        e.dice[0] = v[0] - '0';
        e.dice[1] = v[1] - '0';
        for (size_t i = 2; i < n; i += 2) {
            int pt[2];
            for (int k = 0; k < 2; k++) {
                char c = v[i + (size_t)k];
                if (c == 'y')
                    pt[k] = 25;
                else if (c == 'z')
                    pt[k] = 0;
                else if (c >= 'a' && c <= 'x')
                    pt[k] = player == 0 ? c - 'a' + 1 : 24 - (c - 'a');
                else
                    return MF_FAIL(s->r, ALEA_PARSE_ERROR, line,
                                   "SGF move \"%s\": '%c' is not a point (a-x, y bar, z off)", v,
                                   c);
            }
            int k = snprintf(e.move + o, sizeof e.move - o, "%s%d/%d", o ? " " : "", pt[0], pt[1]);
            o += (size_t)k;
        }
        for (char *q = e.move; (q = strstr(q, "/0")) != NULL && (q[2] == ' ' || q[2] == '\0');) {
            memmove(q + 4, q + 2, strlen(q + 2) + 1);
            memcpy(q, "/off", 4);
        }
    }
    return alea__mf_event(s->r, &e);
}

/* The root node's properties. */
static alea_status root_prop(sgf_reader *s, const char *id, game_head *h) {
    char v[256];
    int first = 1;
    while (peek(s, 0) == '[') {
        if (!value(s, v, sizeof v))
            return fail(s, ALEA_PARSE_ERROR, "SGF: an unterminated [value] (truncated?)");
        if (strcmp(id, "MI") == 0) {
            if (strncmp(v, "length:", 7) == 0)
                h->length = alea__mf_number(v + 7, NULL);
            else if (strncmp(v, "ws:", 3) == 0)
                h->score[0] = alea__mf_number(v + 3, NULL);
            else if (strncmp(v, "bs:", 3) == 0)
                h->score[1] = alea__mf_number(v + 3, NULL);
        } else if (strcmp(id, "PW") == 0 || strcmp(id, "PB") == 0) {
            alea__mf_name(s->r, id[1] == 'B', v, strlen(v));
        } else if (strcmp(id, "RU") == 0 && first) {
            h->crawford = strstr(v, "Crawford") != NULL;
            h->jacoby = strstr(v, "Jacoby") != NULL;
            h->cube = strstr(v, "NoCube") == NULL;
            if (strstr(v, "ackgammon") || strstr(v, "ypergammon"))
                return fail(s, ALEA_PARSE_ERROR, "SGF: only standard backgammon is played (RU)");
        } else if (strcmp(id, "RE") == 0) {
            int pts =
                (v[0] == 'W' || v[0] == 'B') && v[1] == '+' ? alea__mf_number(v + 2, NULL) : -1;
            if (pts >= 0) {
                h->has_re = 1;
                h->re_player = v[0] == 'B';
                h->re_points = pts;
                h->re_resigned = strchr(v, 'R') != NULL;
            }
        } else if (strcmp(id, "CV") == 0) {
            return fail(s, ALEA_PARSE_ERROR,
                        "SGF: automatic doubles (CV) are not read (doc/record-format.md)");
        }
        first = 0;
    }
    return ALEA_OK;
}

static int prop_id(sgf_reader *s, char id[4]) {
    int n = 0;
    while (isupper((unsigned char)peek(s, 0))) {
        if (n < 3)
            id[n++] = peek(s, 0);
        s->p++;
    }
    id[n] = '\0';
    return n > 0;
}

static alea_status game_tree(sgf_reader *s, int game, int *file_length) {
    game_head h;
    memset(&h, 0, sizeof h);
    h.cube = 1;
    int move_no = 0, line = s->line, nodes = 0, pl = -1;
    s->p++; /* '(' */
    skip_ws(s);
    while (peek(s, 0) == ';') {
        s->p++;
        nodes++;
        skip_ws(s);
        while (isupper((unsigned char)peek(s, 0))) {
            char id[4], v[256];
            int at = s->line;
            prop_id(s, id);
            skip_ws(s);
            if (nodes == 1) {
                alea_status st = root_prop(s, id, &h);
                if (st != ALEA_OK)
                    return st;
            } else if ((strcmp(id, "W") == 0 || strcmp(id, "B") == 0)) {
                if (!value(s, v, sizeof v))
                    return fail(s, ALEA_PARSE_ERROR, "SGF: an unterminated [value] (truncated?)");
                s->r->move = ++move_no;
                alea_status st = move_node(s, id[0] == 'B', v, move_no, at);
                if (st != ALEA_OK)
                    return st;
            } else if (strcmp(id, "PL") == 0 || strcmp(id, "DI") == 0) {
                /* dice rolled without a move (a resignation follows): ;PL[W]DI[52] */
                if (!value(s, v, sizeof v))
                    return fail(s, ALEA_PARSE_ERROR, "SGF: an unterminated [value] (truncated?)");
                if (id[0] == 'P') {
                    pl = v[0] == 'B';
                } else {
                    mf_event e;
                    memset(&e, 0, sizeof e);
                    e.kind = EV_MOVE;
                    e.player = pl >= 0 ? pl : S_turn(s);
                    e.line = at;
                    e.move_no = ++move_no;
                    s->r->move = move_no;
                    if (strlen(v) != 2 || v[0] < '1' || v[0] > '6' || v[1] < '1' || v[1] > '6')
                        return MF_FAIL(s->r, ALEA_PARSE_ERROR, at, "SGF: DI[%.20s] is not two dice",
                                       v);
                    e.dice[0] = v[0] - '0';
                    e.dice[1] = v[1] - '0';
                    alea_status st = alea__mf_event(s->r, &e);
                    if (st != ALEA_OK)
                        return st;
                }
            } else if (strcmp(id, "AE") == 0 || strcmp(id, "AB") == 0 || strcmp(id, "AW") == 0 ||
                       strcmp(id, "CV") == 0 || strcmp(id, "CP") == 0) {
                return MF_FAIL(s->r, ALEA_PARSE_ERROR, at,
                               "SGF: position set-up (%s) is not a game record", id);
            }
            while (peek(s, 0) == '[')
                if (!value(s, v, sizeof v))
                    return fail(s, ALEA_PARSE_ERROR, "SGF: an unterminated [value] (truncated?)");
            skip_ws(s);
        }
        if (nodes == 1) {
            alea_status st = ALEA_OK;
            if (game == 1) {
                *file_length = h.length;
                st = alea__mf_begin(s->r, h.length, h.crawford, h.jacoby, h.cube);
            } else if (h.length != *file_length) {
                return MF_FAIL(s->r, ALEA_PARSE_ERROR, line,
                               "SGF: game %d is of a match to %d, the file's first to %d", game,
                               h.length, *file_length);
            }
            if (st == ALEA_OK)
                st = alea__mf_game(s->r, game, line, h.score[0], h.score[1]);
            if (st != ALEA_OK)
                return st;
        }
    }
    if (peek(s, 0) != ')')
        return fail(s, ALEA_PARSE_ERROR,
                    peek(s, 0) ? "SGF: expected ';' or ')'"
                          : "SGF: the file ends inside a game (truncated?)");
    s->p++;
    if (nodes == 0)
        return fail(s, ALEA_PARSE_ERROR, "SGF: an empty game");
    if (h.has_re) {
        mf_event e;
        memset(&e, 0, sizeof e);
        e.kind = EV_WIN;
        e.player = h.re_player;
        e.value = h.re_points;
        e.resigned = h.re_resigned;
        e.line = s->line;
        e.move_no = move_no;
        if (!s->r->game_over && !h.re_resigned)
            return MF_FAIL(s->r, ALEA_INVALID_STATE, s->line,
                           "§6: RE says the game is won, but it is not finished");
        return alea__mf_event(s->r, &e);
    }
    if (!s->r->game_over)
        return MF_FAIL(s->r, ALEA_PARSE_ERROR, s->line,
                       "SGF: game %d ends without a result (RE) or a finished game", game);
    return ALEA_OK;
}

alea_status alea__sgf_read(mf_replay *r, const char *text, size_t len) {
    sgf_reader s = {r, text, text + len, 1};
    int game = 0, length = 0;
    skip_ws(&s);
    while (peek(&s, 0)) {
        if (peek(&s, 0) != '(' || peek(&s, 1) != ';') {
            r->line = s.line;
            return fail(&s, ALEA_PARSE_ERROR, "SGF: expected \"(;\" (a game tree)");
        }
        alea_status st = game_tree(&s, ++game, &length);
        if (st != ALEA_OK)
            return st;
        skip_ws(&s);
    }
    r->line = s.line;
    if (game == 0)
        return fail(&s, ALEA_PARSE_ERROR, "no game in the file");
    return ALEA_OK;
}

/* ---- writing ---- */

static void name(alea__buf *b, const char *s) {
    for (; *s; s++) {
        char c = *s;
        if (c == ']' || c == '\\' || c == '\n' || c == '\r')
            c = '_';
        alea__buf_putc(b, c);
    }
}

static void sgf_game(mf_writer *w, int game, const bg_state *s, int winner, int points,
                     int resigned) {
    alea__buf *b = w->b;
    alea__buf_printf(b, "(;FF[4]GM[6]CA[UTF-8]AP[alea]MI[length:%d][game:%d][ws:%lu][bs:%lu]PW[",
                     w->length, game - 1, (unsigned long)s->score[0], (unsigned long)s->score[1]);
    name(b, w->names[0]);
    alea__buf_puts(b, "]PB[");
    name(b, w->names[1]);
    alea__buf_putc(b, ']');
    int crawford_game = (s->flags & BG_FLAG_CRAWFORD) != 0;
    if (w->crawford_rule || w->jacoby || !w->cube) {
        const char *sep = "";
        alea__buf_puts(b, "RU[");
        if (!w->cube) {
            alea__buf_puts(b, "NoCube");
            sep = ":";
        }
        if (w->crawford_rule && w->length) {
            alea__buf_printf(b, "%sCrawford", sep);
            sep = ":";
            if (crawford_game)
                alea__buf_puts(b, ":CrawfordGame");
        }
        if (w->jacoby)
            alea__buf_printf(b, "%sJacoby", sep);
        alea__buf_putc(b, ']');
    }
    if (winner >= 0)
        alea__buf_printf(b, "RE[%c+%d%s]", winner ? 'B' : 'W', points, resigned ? "R" : "");
}

static char letter(int player, int point) {
    if (point == 25)
        return 'y';
    if (point == 0)
        return 'z';
    return (char)(player == 0 ? 'a' + point - 1 : 'a' + 24 - point);
}

static void sgf_entry(mf_writer *w, const mf_entry *e) {
    char c = e->player ? 'B' : 'W';
    switch (e->kind) {
    case EV_MOVE: {
        int from[4], to[4], n = alea__bg_steps(e->action, from, to);
        alea__buf_printf(w->b, "\n;%c[%d%d", c, e->dice[0], e->dice[1]);
        for (int i = 0; i < n; i++) {
            alea__buf_putc(w->b, letter(e->player, from[i]));
            alea__buf_putc(w->b, letter(e->player, to[i]));
        }
        alea__buf_putc(w->b, ']');
        break;
    }
    case EV_DICE: /* gnubg's MOVE_SETDICE: dice rolled, then a resignation */
        alea__buf_printf(w->b, "\n;PL[%c]DI[%d%d]", c, e->dice[0], e->dice[1]);
        break;
    case EV_DOUBLE:
        alea__buf_printf(w->b, "\n;%c[double]", c);
        break;
    case EV_TAKE:
        alea__buf_printf(w->b, "\n;%c[take]", c);
        break;
    case EV_DROP:
        alea__buf_printf(w->b, "\n;%c[drop]", c);
        break;
    default: /* the result is in RE */
        break;
    }
}

static void sgf_game_end(mf_writer *w, const bg_state *s) {
    (void)s;
    alea__buf_puts(w->b, ")\n");
}

void alea__sgf_writer(mf_writer *w) {
    w->game = sgf_game;
    w->entry = sgf_entry;
    w->game_end = sgf_game_end;
}
