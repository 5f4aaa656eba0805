/*
 * Jellyfish .mat match files (gnubg `export match mat`, eXtreme Gammon,
 * BGBlitz, servers): reading into events for the replayer, and writing.
 *
 *   ; [Key "value"]                          comments and header tags
 *    5 point match                           (0 point match: money play)
 *    Game 1                                  (any text after the number)
 *    name0 : 0                   name1 : 0   the score before the game
 *     1) 31: 8/5 6/5             62: 24/18 13/11
 *     2)  Doubles => 2            Takes
 *       Wins 1 point                          (left column: player 0)
 *
 * Entries: "dd: steps" (own numbering, 25 = bar, 0 = off, "*" hits, "(n)"
 * repeats; nothing, "???" or "Cannot Move" = no move), "Doubles => N",
 * "Beavers => N", "Takes", "Drops", "Wins N point(s) [and the match]".
 */
#include "backgammon/matchfile.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define MAT_LINE_MAX 1024 /* longer lines are refused (gnubg writes under 80 bytes) */
#define RIGHT_COLUMN 20 /* an entry this far from the line start (or the ')') is player 1's */

static int word_ci(const char *p, const char *w) {
    size_t n = 0;
    for (; w[n] != '\0'; n++)
        if (tolower((unsigned char)p[n]) != w[n])
            return 0;
    return !isalpha((unsigned char)p[n]);
}

/* An entry starts at p (at the line start or after a blank). */
static int entry_start(const char *p) {
    if (p[0] >= '1' && p[0] <= '6' && p[1] >= '1' && p[1] <= '6' && p[2] == ':')
        return 1;
    if (!strchr("dbtpw", tolower((unsigned char)p[0])) || p[0] == '\0')
        return 0; /* none of the words below starts so */
    static const char *const words[] = {"doubles", "double", "beavers", "beaver", "takes", "take",
                                        "drops",   "drop",   "passes",  "pass",   "wins",  "win"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (word_ci(p, words[i]))
            return 1;
    return 0;
}

/* Copies a move text, "/0" becoming "/off"; 0 if it does not fit. */
static int copy_move(char *out, size_t cap, const char *p, size_t n) {
    size_t o = 0;
    while (n && isspace((unsigned char)p[n - 1]))
        n--;
    while (n && isspace((unsigned char)*p)) {
        p++;
        n--;
    }
    if ((n >= 3 && strncmp(p, "???", 3) == 0) || (n >= 11 && word_ci(p, "cannot")))
        n = 0;
    for (size_t i = 0; i < n; i++) {
        const char *add = NULL;
        char one[2] = {p[i], 0};
        if (p[i] == '/' && i + 1 < n && p[i + 1] == '0' &&
            (i + 2 == n || !isdigit((unsigned char)p[i + 2]))) {
            add = "/off";
            i++;
        } else {
            add = one;
        }
        size_t k = strlen(add);
        if (o + k + 1 > cap)
            return 0;
        memcpy(out + o, add, k);
        o += k;
    }
    out[o] = '\0';
    return 1;
}

static int number_after(const char *p, size_t n, const char *marker, int *value) {
    for (size_t i = 0; i + strlen(marker) <= n; i++)
        if (strncmp(p + i, marker, strlen(marker)) == 0) {
            const char *q = p + i + strlen(marker);
            while (*q == ' ')
                q++;
            if (!isdigit((unsigned char)*q))
                return 0;
            *value = alea__mf_number(q, NULL);
            return 1;
        }
    return 0;
}

/* One entry of `n` bytes at p into e; 0 if it is not one. */
static int parse_entry(mf_event *e, const char *p, size_t n) {
    e->value = 0;
    e->move[0] = '\0';
    if (p[0] >= '1' && p[0] <= '6' && p[1] >= '1' && p[1] <= '6' && p[2] == ':') {
        e->kind = EV_MOVE;
        e->dice[0] = p[0] - '0';
        e->dice[1] = p[1] - '0';
        return copy_move(e->move, sizeof e->move, p + 3, n - 3);
    }
    if (word_ci(p, "doubles") || word_ci(p, "double")) {
        e->kind = EV_DOUBLE;
        number_after(p, n, "=>", &e->value);
        return 1;
    }
    if (word_ci(p, "beavers") || word_ci(p, "beaver")) {
        e->kind = EV_BEAVER;
        number_after(p, n, "=>", &e->value);
        return 1;
    }
    if (word_ci(p, "takes") || word_ci(p, "take")) {
        e->kind = EV_TAKE;
        return 1;
    }
    if (word_ci(p, "drops") || word_ci(p, "drop") || word_ci(p, "passes") || word_ci(p, "pass")) {
        e->kind = EV_DROP;
        return 1;
    }
    e->kind = EV_WIN;
    return number_after(p, n, word_ci(p, "wins") ? "wins" : "win", &e->value) ||
           number_after(p, n, word_ci(p, "wins") ? "Wins" : "Win", &e->value);
}

static int blank(const char *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!isspace((unsigned char)p[i]))
            return 0;
    return 1;
}

/* "name0 : 3     name1 : 4": the names and scores. */
static int score_line(mf_replay *r, const char *p, size_t n, int *s0, int *s1) {
    const char *end = p + n, *c0 = memchr(p, ':', n);
    if (!c0)
        return 0;
    const char *q = c0 + 1;
    while (q < end && *q == ' ')
        q++;
    if (q >= end || !isdigit((unsigned char)*q))
        return 0;
    *s0 = alea__mf_number(q, NULL);
    while (q < end && isdigit((unsigned char)*q))
        q++;
    const char *c1 = memchr(q, ':', (size_t)(end - q));
    if (!c1)
        return 0;
    const char *n1 = q;
    while (n1 < c1 && isspace((unsigned char)*n1))
        n1++;
    const char *z = c1 + 1;
    while (z < end && *z == ' ')
        z++;
    if (z >= end || !isdigit((unsigned char)*z))
        return 0;
    *s1 = alea__mf_number(z, NULL);
    const char *n0 = p;
    while (n0 < c0 && isspace((unsigned char)*n0))
        n0++;
    const char *e0 = c0, *e1 = c1;
    while (e0 > n0 && isspace((unsigned char)e0[-1]))
        e0--;
    while (e1 > n1 && isspace((unsigned char)e1[-1]))
        e1--;
    alea__mf_name(r, 0, n0, (size_t)(e0 - n0));
    alea__mf_name(r, 1, n1, (size_t)(e1 - n1));
    return 1;
}

/* The entries of one line: the part after "N)" (or the whole line). */
static alea_status line_entries(mf_replay *r, const char *p, size_t n, int line, int move_no,
                                int row) {
    size_t starts[3];
    int k = 0;
    for (size_t i = 0; i < n && k < 3; i++)
        if ((i == 0 || isspace((unsigned char)p[i - 1])) && entry_start(p + i)) {
            if (k && (p[starts[k - 1]] >= '1' && p[starts[k - 1]] <= '6') && p[i] >= '1' &&
                p[i] <= '6' && i - starts[k - 1] < 4)
                continue;
            starts[k++] = i;
            /* skip the move text of a dice entry up to the next blank run */
        }
    if (k == 0) {
        if (blank(p, n))
            return ALEA_OK;
        return MF_FAIL(r, ALEA_PARSE_ERROR, line, "not a .mat entry: %.*s", (int)(n > 40 ? 40 : n),
                       p);
    }
    if (k > 2)
        return MF_FAIL(r, ALEA_PARSE_ERROR, line, "more than two entries on one line");
    if (!blank(p, starts[0]))
        return MF_FAIL(r, ALEA_PARSE_ERROR, line, "not a .mat entry: %.*s",
                       (int)(starts[0] > 40 ? 40 : starts[0]), p);
    for (int j = 0; j < k; j++) {
        size_t end = j + 1 < k ? starts[j + 1] : n;
        mf_event e;
        memset(&e, 0, sizeof e);
        e.line = line;
        e.move_no = move_no;
        e.player = j == 1 || starts[j] >= (size_t)(row ? RIGHT_COLUMN - 4 : RIGHT_COLUMN);
        if (!parse_entry(&e, p + starts[j], end - starts[j]))
            return MF_FAIL(r, ALEA_PARSE_ERROR, line, "not a .mat entry: %.*s",
                           (int)(end - starts[j] > 40 ? 40 : end - starts[j]), p + starts[j]);
        alea_status s = alea__mf_event(r, &e);
        if (s != ALEA_OK)
            return s;
    }
    return ALEA_OK;
}

alea_status alea__mat_read(mf_replay *r, const char *text, size_t size) {
    int line = 0, length = -1, game = 0, want_score = 0, move_no = 0;
    const char *at = text, *stop = text + size;
    char copy[MAT_LINE_MAX + 1]; /* the line, NUL-terminated for the entry parsers */
    while (at < stop) {
        const char *nl = memchr(at, '\n', (size_t)(stop - at));
        size_t n = nl ? (size_t)(nl - at) : (size_t)(stop - at);
        const char *next = nl ? nl + 1 : stop;
        line++;
        r->line = line;
        if (n > MAT_LINE_MAX)
            return MF_FAIL(r, ALEA_PARSE_ERROR, line, "a line longer than %d bytes",
                           MAT_LINE_MAX);
        memcpy(copy, at, n);
        copy[n] = '\0';
        const char *p = copy;
        if (n && p[n - 1] == '\r')
            n--;
        size_t lead = 0;
        while (lead < n && isspace((unsigned char)p[lead]))
            lead++;
        const char *t = p + lead;
        size_t tn = n - lead;
        alea_status s = ALEA_OK;
        if (tn == 0 || *t == ';') {
            /* blank line, comment or header tag */
        } else if (want_score) {
            int s0, s1;
            if (!score_line(r, t, tn, &s0, &s1))
                return MF_FAIL(r, ALEA_PARSE_ERROR, line,
                               "expected the score line \"name : N   name : N\"");
            want_score = 0;
            s = alea__mf_game(r, game, line, s0, s1);
        } else if (length < 0) {
            const char *word;
            int len = alea__mf_number(t, &word);
            while (*word == ' ' || *word == '\t')
                word++;
            if (len < 0 || (strncmp(word, "point", 5) != 0 && strncmp(word, "Point", 5) != 0))
                return MF_FAIL(r, ALEA_PARSE_ERROR, line,
                               "expected \"N point match\" before the games");
            length = len;
            s = alea__mf_begin(r, length, 1, 0, 1);
        } else if (tn > 5 && strncmp(t, "Game", 4) == 0 && isspace((unsigned char)t[4])) {
            const char *g_at = t + 5;
            while (*g_at == ' ' || *g_at == '\t')
                g_at++;
            int g = alea__mf_number(g_at, NULL);
            if (g != game + 1)
                return MF_FAIL(r, ALEA_PARSE_ERROR, line, "game %d follows game %d", g, game);
            if (game > 0 && !r->game_over)
                return MF_FAIL(r, ALEA_PARSE_ERROR, line,
                               "game %d ends without its result (Wins N points)", game);
            game = g;
            r->game = game;
            move_no = 0;
            want_score = 1;
        } else if (game == 0) {
            return MF_FAIL(r, ALEA_PARSE_ERROR, line, "expected \"Game 1\"");
        } else {
            const char *paren = memchr(t, ')', tn);
            if (paren && paren - t <= 4 && isdigit((unsigned char)*t)) {
                int m = alea__mf_number(t, NULL);
                if (m != move_no + 1 && m != move_no)
                    return MF_FAIL(r, ALEA_PARSE_ERROR, line, "move %d follows move %d", m,
                                   move_no);
                move_no = m;
                r->move = m;
                s = line_entries(r, paren + 1, (size_t)(t + tn - paren - 1), line, m, 1);
            } else {
                s = line_entries(r, p, n, line, move_no, 0);
            }
        }
        if (s != ALEA_OK)
            return s;
        at = next;
    }
    r->line = line;
    if (length < 0 || game == 0)
        return MF_FAIL(r, ALEA_PARSE_ERROR, line, "no game in the file");
    if (want_score || !r->game_over)
        return MF_FAIL(r, ALEA_PARSE_ERROR, line,
                       "the file ends in game %d without its result (truncated?)", game);
    return ALEA_OK;
}

/* ---- writing ---- */

/* gnubg's plain steps: "13/8 8/4* 25/21 6/0" in the mover's numbering. */
static void format_steps(char *out, size_t cap, const mf_entry *e) {
    int from[4], to[4], n = alea__bg_steps(e->action, from, to);
    bg_side side = e->side;
    size_t o = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        int hit = to[i] >= 1 && to[i] <= 24 && side.opp[to[i]] == 1;
        side.me[from[i]]--;
        if (to[i] >= 1 && to[i] <= 24) {
            side.me[to[i]]++;
            if (hit)
                side.opp[to[i]] = 0;
        }
        int k =
            snprintf(out + o, cap - o, "%s%d/%d%s", i ? " " : "", from[i], to[i], hit ? "*" : "");
        if (k < 0 || (size_t)k >= cap - o)
            return;
        o += (size_t)k;
    }
}

static void flush_row(mf_writer *w) {
    const char *left = w->pending, *right = w->pending + 128;
    if (!left[0] && !right[0])
        return;
    if (right[0])
        alea__buf_printf(w->b, "%3d) %-32s  %s\n", ++w->row, left, right);
    else
        alea__buf_printf(w->b, "%3d) %s\n", ++w->row, left);
    w->pending[0] = w->pending[128] = '\0';
}

/* A name as the score line carries it: ':' ends a name there, a line break
   ends the line, other control characters are white space to the reader (a
   vertical tab before a ';' made the line a comment) and a ';' first makes it
   a comment, so each becomes '_'. */
static void mat_name(char *out, size_t cap, const char *name) {
    size_t n = 0;
    int first = 1;
    for (; *name && n + 1 < cap; name++) {
        char c = *name;
        unsigned char u = (unsigned char)c;
        if (c == ':' || u < 0x20 || u == 0x7F || (first && c == ';'))
            c = '_';
        if (c != ' ')
            first = 0;
        out[n++] = c;
    }
    out[n] = '\0';
}

static void mat_game(mf_writer *w, int game, const bg_state *s, int winner, int points,
                     int resigned) {
    char sz[160], n0[ALEA_BACKGAMMON_NAME_MAX], n1[ALEA_BACKGAMMON_NAME_MAX];
    mat_name(n0, sizeof n0, w->names[0]);
    mat_name(n1, sizeof n1, w->names[1]);
    (void)winner;
    (void)points;
    (void)resigned;
    if (game == 1)
        alea__buf_printf(w->b, " %d point match\n\n", w->length);
    alea__buf_printf(w->b, " Game %d\n", game);
    snprintf(sz, sizeof sz, "%s : %lu", n0, (unsigned long)s->score[0]);
    /* at least one space after the first score, whatever the first name's length (a
       second name starting with digits would extend the score) */
    alea__buf_printf(w->b, " %-30s %s : %lu\n", sz, n1, (unsigned long)s->score[1]);
    w->row = 0;
    w->pending[0] = w->pending[128] = '\0';
}

static void mat_entry(mf_writer *w, const mf_entry *e) {
    char text[100];
    if (e->kind == EV_WIN) {
        /* as gnubg: after a drop in the left column, the result is the right
           entry of the same row */
        if (e->player == 1 && w->pending[0] && !w->pending[128]) {
            snprintf(w->pending + 128, 128, "Wins %d point%s", e->value, e->value == 1 ? "" : "s");
            flush_row(w);
            return;
        }
        flush_row(w);
        alea__buf_printf(w->b, "%s Wins %d point%s\n",
                         e->player ? "                                 " : "     ", e->value,
                         e->value == 1 ? "" : "s");
        return;
    }
    switch (e->kind) {
    case EV_DICE:
        snprintf(text, sizeof text, "%d%d:", e->dice[0], e->dice[1]);
        break;
    case EV_MOVE: {
        char steps[80];
        format_steps(steps, sizeof steps, e);
        snprintf(text, sizeof text, "%d%d: %s", e->dice[0], e->dice[1], steps);
        break;
    }
    case EV_DOUBLE:
        snprintf(text, sizeof text, " Doubles => %d", e->value);
        break;
    case EV_BEAVER:
        snprintf(text, sizeof text, " Beavers => %d", e->value);
        break;
    case EV_TAKE:
        snprintf(text, sizeof text, " Takes");
        break;
    default:
        snprintf(text, sizeof text, " Drops");
        break;
    }
    /* a new row when this column, or (for the left one) the right one, is used */
    if (e->player == 0 ? (w->pending[0] || w->pending[128]) : w->pending[128] != '\0')
        flush_row(w);
    snprintf(e->player ? w->pending + 128 : w->pending, 128, "%s", text);
}

static void mat_game_end(mf_writer *w, const bg_state *s) {
    (void)s;
    flush_row(w);
    alea__buf_putc(w->b, '\n');
}

void alea__mat_writer(mf_writer *w) {
    w->game = mat_game;
    w->entry = mat_entry;
    w->game_end = mat_game_end;
}
