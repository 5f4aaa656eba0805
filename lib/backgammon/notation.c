/*
 * The notation (§5.6, doc/rules/backgammon.md "Notation"):
 *
 *   move    = "pass" / chain *(sep chain)        ; "pass": a forfeited roll (§5.3)
 *   chain   = point 1*("/" point ["*"]) ["(" count ")"]
 *   point   = "bar" / "off" / 1..25 (25 = bar, 0 = off)
 *   others  = "roll" / "double" / "take" / "drop" / "beaver" / "accept" / "reject"
 *           / "resign" ("single" / "gammon" / "backgammon" / 1..3)
 *   chance  = ["dice" / "roll"] d ["-"] d  /  "opening" white "-" red
 *             (bare or "roll" dice: the throw due now, the opening one first)
 *
 * The whole text is read by this grammar before the phase is looked at, so
 * malformed text is PARSE_ERROR in every phase, and a well-formed action gets
 * the status check() gives it (doc/api.md "Which status for which wrong input").
 *
 * Points are in the mover's numbering.  A chain may skip intermediate points
 * (24/13 with 6-5); the parser accepts any route and spelling that gives a
 * legal resulting position and maps it to the canonical action.  When the
 * text is well-formed but no legal move gives its position, the reason cites
 * the rule the text breaks first, found by playing it die by die.
 */
#include "backgammon/bg.h"
#include "core/bytes.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define MAX_CHAINS 8
#define MAX_HOPS 5

typedef struct chain {
    int n;                  /* points */
    int p[MAX_HOPS + 1];    /* own numbering, 25 bar, 0 off */
    bool hit[MAX_HOPS + 1]; /* "*" after the point */
    int count;              /* "(n)" */
} chain;

/* ---- formatting ---- */

static void put_point(alea__buf *b, int p) {
    if (p == BG_BAR)
        alea__buf_puts(b, "bar");
    else if (p == BG_OFF)
        alea__buf_puts(b, "off");
    else
        alea__buf_printf(b, "%d", p);
}

/* Steps -> chains of one checker (merged where a step continues another). */
static int steps_to_chains(const bg_side *before, uint64_t action, chain *out) {
    int from[4], to[4], n = alea__bg_steps(action, from, to), m = 0;
    bool hit[4], used[4] = {false, false, false, false};
    bg_side side = *before;
    for (int i = 0; i < n; i++) { /* which steps hit, in playing order */
        hit[i] = to[i] >= 1 && side.opp[to[i]] == 1;
        if (hit[i])
            side.opp[to[i]] = 0;
    }
    for (int i = 0; i < n; i++) {
        if (used[i])
            continue;
        chain *c = &out[m++];
        memset(c, 0, sizeof *c);
        c->n = 2;
        c->p[0] = from[i];
        c->p[1] = to[i];
        c->hit[0] = false;
        c->hit[1] = hit[i];
        c->count = 1;
        used[i] = true;
        for (bool grown = true; grown && c->p[c->n - 1] > 0;) {
            grown = false;
            for (int j = 0; j < n; j++) {
                if (!used[j] && from[j] == c->p[c->n - 1] && c->n <= MAX_HOPS) {
                    c->p[c->n] = to[j];
                    c->hit[c->n] = hit[j];
                    c->n++;
                    used[j] = true;
                    grown = true;
                    break;
                }
            }
        }
    }
    /* identical chains -> "(n)" */
    int k = 0;
    for (int i = 0; i < m; i++) {
        bool merged = false;
        for (int j = 0; j < k && !merged; j++) {
            if (out[j].n == out[i].n && memcmp(out[j].p, out[i].p, sizeof out[i].p) == 0 &&
                memcmp(out[j].hit, out[i].hit, sizeof out[i].hit) == 0) {
                out[j].count++;
                merged = true;
            }
        }
        if (!merged)
            out[k++] = out[i];
    }
    return k;
}

void alea__bg_format_move(alea__buf *b, const bg_side *side, uint64_t action) {
    chain c[4];
    int n = steps_to_chains(side, action, c);
    if (n == 0) {
        alea__buf_puts(b, "pass");
        return;
    }
    for (int i = 0; i < n; i++) {
        if (i)
            alea__buf_putc(b, ' ');
        put_point(b, c[i].p[0]);
        for (int j = 1; j < c[i].n; j++) {
            /* intermediate points only where something was hit (24/18*\/13) */
            if (j < c[i].n - 1 && !c[i].hit[j])
                continue;
            alea__buf_putc(b, '/');
            put_point(b, c[i].p[j]);
            if (c[i].hit[j])
                alea__buf_putc(b, '*');
        }
        if (c[i].count > 1)
            alea__buf_printf(b, "(%d)", c[i].count);
    }
}

static const char *const resign_names[4] = {"", "single", "gammon", "backgammon"};

alea_status alea__bg_format_action(alea__buf *b, const alea_state *st, uint64_t action) {
    const bg_state *s = bg_cof(st);
    alea_backgammon_action a;
    if (alea__bg_decode(&a, action) != ALEA_OK)
        return ALEA_INVALID_ARGUMENT;
    switch (a.kind) {
    case ALEA_BACKGAMMON_OPENING:
        alea__buf_printf(b, "opening %d-%d", a.dice[0], a.dice[1]);
        break;
    case ALEA_BACKGAMMON_DICE:
        alea__buf_printf(b, "dice %d-%d", a.dice[0], a.dice[1]);
        break;
    case ALEA_BACKGAMMON_MOVE: {
        bg_side side;
        alea__bg_side(&side, s, s->turn);
        alea__bg_format_move(b, &side, action);
        break;
    }
    case ALEA_BACKGAMMON_RESIGN:
        alea__buf_printf(b, "resign %s", resign_names[a.value]);
        break;
    default: {
        static const char *const words[] = {"roll",   "double", "take",   "drop",
                                            "beaver", "resign", "accept", "reject"};
        alea__buf_puts(b, words[a.kind - ALEA_BACKGAMMON_ROLL]);
        break;
    }
    }
    return ALEA_OK;
}

/* ---- explaining an illegal move, die by die ---- */

typedef struct explainer {
    bg_side side;
    int avail[4]; /* dice not yet used */
    int navail;
    int used;
    int largest_used;
    int a, b;
    int player;
    char why[ALEA_ERROR_MESSAGE_SIZE];
} explainer;

static bool take_die(explainer *e, int d) {
    for (int i = 0; i < e->navail; i++) {
        if (e->avail[i] == d) {
            e->avail[i] = e->avail[--e->navail];
            e->used++;
            if (d > e->largest_used)
                e->largest_used = d;
            return true;
        }
    }
    return false;
}

/* One step of die d from p (§5.1); false with the reason in e->why. */
static bool explain_step(explainer *e, int p, int d) {
    bg_side *sd = &e->side;
    int t = p - d;
    if (sd->me[BG_BAR] && p != BG_BAR) {
        snprintf(e->why, sizeof e->why, "§5.1: checker on the bar must enter first");
        return false;
    }
    if (!sd->me[p]) {
        if (p == BG_BAR)
            snprintf(e->why, sizeof e->why, "§5.1: player %d has no checker on the bar", e->player);
        else
            snprintf(e->why, sizeof e->why, "§5.1: player %d has no checker on point %d", e->player,
                     p);
        return false;
    }
    if (t >= 1 && sd->opp[t] >= 2) {
        snprintf(e->why, sizeof e->why, "§5.1: point %d is blocked", t);
        return false;
    }
    if (t <= 0) {
        int outside = 0;
        for (int q = 7; q <= BG_BAR; q++)
            outside += sd->me[q];
        if (outside > 0) {
            snprintf(e->why, sizeof e->why, "§5.1: cannot bear off with checkers outside home");
            return false;
        }
        for (int q = p + 1; t < 0 && q <= 6; q++) {
            if (sd->me[q]) {
                snprintf(e->why, sizeof e->why,
                         "§5.1: cannot bear off from %d with a %d while point %d is occupied", p, d,
                         q);
                return false;
            }
        }
        t = 0;
    }
    sd->me[p]--;
    sd->me[t]++;
    if (t >= 1 && sd->opp[t] == 1) {
        sd->opp[t] = 0;
        sd->opp_bar++;
    }
    return true;
}

static bool no_dice(explainer *e, int from, int to) {
    char f[8], t[8];
    snprintf(f, sizeof f, from == BG_BAR ? "bar" : "%d", from);
    snprintf(t, sizeof t, to == BG_OFF ? "off" : "%d", to);
    snprintf(e->why, sizeof e->why, "§5.2: the dice %d-%d do not play %s/%s", e->a, e->b, f, t);
    return false;
}

/* A hop from -> to with the dice left: one die, or several on one checker. */
static bool explain_hop(explainer *e, int from, int to) {
    int dist = from - to;
    if (e->a == e->b) {
        int d = e->a, k = to == BG_OFF ? (dist + d - 1) / d : dist / d;
        if (k < 1 || k > e->navail || (to != BG_OFF && k * d != dist))
            return no_dice(e, from, to);
        for (int i = 0; i < k; i++) {
            if (!explain_step(e, from - i * d, d))
                return false;
            take_die(e, d);
        }
        return true;
    }
    /* one die: exact, or the smallest that over-bears */
    int pick = -1;
    for (int i = 0; i < e->navail; i++)
        if (e->avail[i] == dist)
            pick = i;
    for (int i = 0; pick < 0 && to == BG_OFF && i < e->navail; i++)
        if (e->avail[i] > dist && (pick < 0 || e->avail[i] < e->avail[pick]))
            pick = i;
    if (pick >= 0) {
        int d = e->avail[pick];
        if (!explain_step(e, from, d))
            return false;
        take_die(e, d);
        return true;
    }
    if (e->navail == 2 && (e->a + e->b == dist || (to == BG_OFF && e->a + e->b > dist))) {
        explainer first = *e;
        int x = e->a > e->b ? e->a : e->b, y = e->a + e->b - x;
        for (int order = 0; order < 2; order++) {
            int d1 = order ? y : x, d2 = order ? x : y;
            explainer tryit = first;
            if (explain_step(&tryit, from, d1) && explain_step(&tryit, from - d1, d2)) {
                *e = tryit;
                take_die(e, d1);
                take_die(e, d2);
                return true;
            }
            if (order == 0)
                memcpy(e->why, tryit.why, sizeof e->why);
        }
        return false;
    }
    return no_dice(e, from, to);
}

/* Why the chains are not a legal move (err gets ILLEGAL_ACTION); no legal
   list (doc/hardening.md "Stack"). */
static alea_status explain_chains(const bg_state *s, const chain *c, int nc, alea_error *err) {
    explainer e;
    memset(&e, 0, sizeof e);
    alea__bg_side(&e.side, s, s->turn);
    e.a = s->die[0];
    e.b = s->die[1];
    e.player = s->turn;
    e.navail = e.a == e.b ? 4 : 2;
    for (int i = 0; i < e.navail; i++)
        e.avail[i] = i % 2 ? e.b : e.a;
    for (int i = 0; i < nc; i++) {
        for (int r = 0; r < c[i].count; r++) {
            for (int j = 0; j + 1 < c[i].n; j++) {
                if (!explain_hop(&e, c[i].p[j], c[i].p[j + 1]))
                    return alea__fail(err, ALEA_ILLEGAL_ACTION, -1, "%s", e.why);
            }
        }
    }
    bg_view view;
    alea__bg_view(&view, s, s->turn);
    int m = alea__bg_best_rank(&view, e.a, e.b) / 2;
    if (e.used < m)
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          m == 2 && e.a != e.b ? "§5.3: must use both dice"
                                               : "§5.3: must use as many dice as possible (%d)",
                          m);
    if (m == 1 && e.a != e.b && e.largest_used != (e.a > e.b ? e.a : e.b))
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1, "§5.3: must play the larger die (%d)",
                          e.a > e.b ? e.a : e.b);
    return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                      "§5.4: no legal move with dice %d-%d gives "
                      "this position",
                      e.a, e.b);
}

static int chains_of_action(uint64_t action, chain *c) {
    int from[4], to[4], n = alea__bg_steps(action, from, to);
    for (int i = 0; i < n; i++) {
        memset(&c[i], 0, sizeof c[i]);
        c[i].n = 2;
        c[i].p[0] = from[i];
        c[i].p[1] = to[i];
        c[i].count = 1;
    }
    return n < 0 ? 0 : n;
}

/* check() of a MOVE action: legal, else why not.  Decided without the legal
   list (doc/hardening.md "Stack"). */
alea_status alea__bg_explain_move(const bg_state *s, uint64_t action, const int *from,
                                  const int *to, int steps, alea_error *err) {
    chain c[4];
    bg_view view;
    int a = s->die[0], b = s->die[1];
    alea__bg_view(&view, s, s->turn);
    int quick = alea__bg_quick_check(&view, from, to, steps, a, b);
    if (quick == 0)
        return explain_chains(s, c, chains_of_action(action, c), err);
    if (quick == 1 || alea__bg_rank_check(&view, from, to, steps, a, b))
        return ALEA_OK;
    int nc = chains_of_action(action, c);
    if (nc == 0)
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "§5.3: the roll can be played, it is not forfeited");
    /* The only legal position a refused playable action can give: one checker
       borne off with one die, p/off, where both dice must be used, p/m/off. */
    if (steps == 1 && to[0] == 0 && a != b) {
        bg_side side, other;
        alea__bg_side(&side, s, s->turn);
        other = side;
        alea__bg_play(&other, action);
        for (int k = 0; k < 2; k++) {
            int d = k ? b : a, p = from[0];
            int f2[4] = {p, p - d, 0, 0}, t2[4] = {p - d, 0, 0, 0};
            if (p <= d || alea__bg_quick_check(&view, f2, t2, 2, a, b) != 1)
                continue;
            uint64_t canon = alea__bg_move_action(2, f2, t2);
            bg_side r = side;
            alea__bg_play(&r, canon);
            if (memcmp(&r, &other, sizeof r) == 0)
                return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                                  "§5.4: the same move has the canonical action %llu",
                                  (unsigned long long)canon);
        }
    }
    return explain_chains(s, c, nc, err);
}

/* ---- parsing ---- */

static void blanks(alea__scan *p) {
    while (alea__scan_peek(p, 0) == ' ' || alea__scan_peek(p, 0) == '\t' ||
           alea__scan_peek(p, 0) == ',')
        p->pos++;
}

static bool word_at(alea__scan *p, const char *w) {
    size_t n = strlen(w);
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)alea__scan_peek(p, i)) != w[i])
            return false;
    if (isalnum((unsigned char)alea__scan_peek(p, n)))
        return false;
    p->pos += n;
    return true;
}

static bool read_point(alea__scan *p, int *out) {
    if (word_at(p, "bar")) {
        *out = BG_BAR;
        return true;
    }
    if (word_at(p, "off")) {
        *out = BG_OFF;
        return true;
    }
    int v = 0, digits = 0;
    while (isdigit((unsigned char)alea__scan_peek(p, 0)) && digits < 3) {
        v = v * 10 + (p->text[p->pos++] - '0');
        digits++;
    }
    if (digits == 0 || v > 25)
        return false;
    *out = v;
    return true;
}

static alea_status read_chain(alea__scan *p, chain *c) {
    memset(c, 0, sizeof *c);
    c->count = 1;
    if (!read_point(p, &c->p[0]))
        return alea__scan_fail(p, "expected a point (1-25, bar or off)");
    c->n = 1;
    if (c->p[0] == BG_OFF)
        return alea__scan_fail(p, "a move cannot start off the board");
    while (alea__scan_peek(p, 0) == '/') {
        p->pos++;
        if (c->n > MAX_HOPS)
            return alea__scan_fail(p, "too many points in one move");
        if (!read_point(p, &c->p[c->n]))
            return alea__scan_fail(p, "expected a point (1-25, bar or off) after '/'");
        if (c->p[c->n] >= c->p[c->n - 1] || c->p[c->n] == BG_BAR)
            return alea__scan_fail(p, "§1: checkers move from higher to lower points");
        if (alea__scan_peek(p, 0) == '*') {
            p->pos++;
            c->hit[c->n] = true;
        }
        c->n++;
        if (c->p[c->n - 1] == BG_OFF && alea__scan_peek(p, 0) == '/')
            return alea__scan_fail(p, "nothing follows off");
    }
    if (c->n < 2)
        return alea__scan_fail(p, "expected '/' and a destination");
    if (alea__scan_peek(p, 0) == '(') {
        p->pos++;
        char ch = alea__scan_peek(p, 0);
        if (ch < '1' || ch > '4' || alea__scan_peek(p, 1) != ')')
            return alea__scan_fail(p, "expected (1) to (4)");
        c->count = ch - '0';
        p->pos += 2;
    }
    return ALEA_OK;
}

static bool blank_end(alea__scan *p) {
    blanks(p);
    return alea__scan_peek(p, 0) == '\0';
}

/* The search of match_move(): the legal move that leaves `want`, the hits
   the text marks preferred. */
typedef struct matcher {
    bg_side side, want;
    uint32_t marked;
    int best_score;
    uint64_t best;
} matcher;

static void match_one(void *ctx, uint64_t action) {
    matcher *m = ctx;
    bg_side r = m->side;
    alea__bg_play(&r, action);
    if (memcmp(r.me, m->want.me, sizeof r.me) != 0)
        return;
    uint32_t hits = 0;
    for (int t = 1; t <= 24; t++)
        if (m->side.opp[t] == 1 && r.opp[t] == 0)
            hits |= 1u << t;
    /* prefer the hits the text marks; then the fewest others (bar/18 vs bar/21*\/18) */
    int score = 100 - alea__bit_count(hits ^ m->marked);
    if ((hits & m->marked) != m->marked)
        score -= 50;
    if (score > m->best_score) {
        m->best_score = score;
        m->best = action;
    }
}

/* The legal move whose position the chains describe, found without a list
   of the legal moves (doc/hardening.md "Stack"). */
static alea_status match_move(const bg_state *s, const chain *c, int nc, uint64_t *out,
                              alea_error *err) {
    matcher m;
    bg_view view;
    alea__bg_side(&m.side, s, s->turn);
    m.want = m.side;
    m.marked = 0;
    int hops = 0;
    for (int i = 0; i < nc; i++) {
        for (int r = 0; r < c[i].count; r++) {
            hops += c[i].n - 1;
            if (m.want.me[c[i].p[0]] == 0)
                return explain_chains(s, c, nc, err);
            m.want.me[c[i].p[0]]--;
            m.want.me[c[i].p[c[i].n - 1]]++;
        }
        for (int j = 1; j < c[i].n; j++)
            if (c[i].hit[j])
                m.marked |= 1u << c[i].p[j];
    }
    if (hops > 4)
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1, "§5.2: at most four steps in a move");
    m.best_score = -1;
    m.best = 0;
    alea__bg_view(&view, s, s->turn);
    alea__bg_each_move(&view, s->die[0], s->die[1], match_one, &m);
    if (m.best_score < 0)
        return explain_chains(s, c, nc, err);
    *out = m.best;
    return ALEA_OK;
}

/* The chains of a move ("pass" gives none), syntax only: the phase is looked at
   after the whole text has been read, so that malformed text is PARSE_ERROR in
   every phase (doc/api.md "Which status"). */
static alea_status read_move(alea__scan *p, chain *c, int *nc, bool *pass) {
    *nc = 0;
    *pass = false;
    blanks(p);
    if (word_at(p, "pass") || word_at(p, "forfeit")) {
        *pass = true;
        return blank_end(p) ? ALEA_OK : alea__scan_fail(p, "unexpected text after pass");
    }
    while (!blank_end(p)) {
        if (*nc == MAX_CHAINS)
            return alea__scan_fail(p, "too many moves");
        alea_status st = read_chain(p, &c[*nc]);
        if (st != ALEA_OK)
            return st;
        (*nc)++;
        if (alea__scan_peek(p, 0) && alea__scan_peek(p, 0) != ' ' &&
            alea__scan_peek(p, 0) != '\t' && alea__scan_peek(p, 0) != ',')
            return alea__scan_fail(p, "unexpected character");
    }
    return *nc ? ALEA_OK : alea__scan_fail(p, "expected a move such as 24/18 13/11");
}

static alea_status parse_move(alea__scan *p, const bg_state *s, uint64_t *out) {
    chain c[MAX_CHAINS];
    int nc;
    bool pass;
    alea_status st = read_move(p, c, &nc, &pass);
    if (st != ALEA_OK)
        return st;
    if (s->phase != BG_MOVE) /* the status check() gives a move now */
        return alea__bg_check_state(s, ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_MOVE, 0), p->err);
    if (!pass)
        return match_move(s, c, nc, out, p->err);
    bg_view view; /* §5.3: a roll is forfeited when no die can be played */
    alea__bg_view(&view, s, s->turn);
    if (alea__bg_best_rank(&view, s->die[0], s->die[1]) == 0) {
        *out = ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_MOVE, 0);
        return ALEA_OK;
    }
    return alea__fail(p->err, ALEA_ILLEGAL_ACTION, -1,
                      "§5.3: the roll %d-%d can be played, it is not forfeited", s->die[0],
                      s->die[1]);
}

static bool read_die(alea__scan *p, int *d) {
    char ch = alea__scan_peek(p, 0);
    if (ch < '1' || ch > '6')
        return false;
    p->pos++;
    *d = ch - '0';
    return true;
}

/* "6-5", "65", "6 5", "6,5" */
static alea_status parse_dice(alea__scan *p, int *a, int *b) {
    blanks(p);
    if (!read_die(p, a))
        return alea__scan_fail(p, "expected a die 1 to 6");
    if (alea__scan_peek(p, 0) == '-')
        p->pos++;
    else
        blanks(p);
    if (!read_die(p, b))
        return alea__scan_fail(p, "expected a second die 1 to 6");
    return blank_end(p) ? ALEA_OK : alea__scan_fail(p, "unexpected text after the dice");
}

/* A chance outcome in any phase: "opening 6-1", "dice 4-1", "roll 4-1", or
   bare dice "4-1" (the throw due now: the opening one at the start).  *found
   is false (and nothing consumed) when the text is no chance outcome. */
static alea_status parse_chance(alea__scan *p, const bg_state *s, uint64_t *out, bool *found) {
    size_t at = p->pos;
    int a = 0, b = 0, kind = 0;
    *found = true;
    if (word_at(p, "opening")) {
        kind = ALEA_BACKGAMMON_OPENING;
    } else if (word_at(p, "dice")) {
        kind = ALEA_BACKGAMMON_DICE;
    } else {
        alea__scan q = *p;
        q.err = NULL;
        bool roll = word_at(&q, "roll");
        blanks(&q);
        if (!isdigit((unsigned char)alea__scan_peek(&q, 0)) ||
            (!roll && parse_dice(&q, &a, &b) != ALEA_OK)) {
            *found = false; /* a word, or a move */
            p->pos = at;
            return ALEA_OK;
        }
        word_at(p, "roll");
    }
    alea_status st = parse_dice(p, &a, &b);
    if (st != ALEA_OK)
        return st;
    if (!kind)
        kind = s->phase == BG_OPENING ? ALEA_BACKGAMMON_OPENING : ALEA_BACKGAMMON_DICE;
    if (kind == ALEA_BACKGAMMON_DICE && a < b) {
        int t = a;
        a = b;
        b = t;
    }
    *out = ALEA_BACKGAMMON_ACTION(kind, bg_dice_payload(a, b));
    return alea__bg_check_state(s, *out, p->err);
}

typedef struct word_kind {
    const char *word;
    int kind;
} word_kind;

static const word_kind words[] = {
    {"roll", ALEA_BACKGAMMON_ROLL},       {"double", ALEA_BACKGAMMON_DOUBLE},
    {"redouble", ALEA_BACKGAMMON_DOUBLE}, {"take", ALEA_BACKGAMMON_TAKE},
    {"drop", ALEA_BACKGAMMON_DROP},       {"refuse", ALEA_BACKGAMMON_DROP},
    {"beaver", ALEA_BACKGAMMON_BEAVER},   {"accept", ALEA_BACKGAMMON_ACCEPT},
    {"reject", ALEA_BACKGAMMON_REJECT},   {"decline", ALEA_BACKGAMMON_REJECT},
};

static alea_status parse_word(alea__scan *p, const bg_state *s, uint64_t *out, bool *found) {
    *found = true;
    if (word_at(p, "resign")) {
        blanks(p);
        int level = 0;
        for (int i = 1; i <= 3 && !level; i++)
            if (word_at(p, resign_names[i]))
                level = i;
        if (!level && alea__scan_peek(p, 0) >= '1' && alea__scan_peek(p, 0) <= '3')
            level = p->text[p->pos++] - '0';
        if (!level)
            return alea__scan_fail(p, "expected single, gammon or backgammon");
        if (!blank_end(p))
            return alea__scan_fail(p, "unexpected text after the resignation");
        *out = ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_RESIGN, level);
        return alea__bg_check_state(s, *out, p->err);
    }
    int kind = 0;
    if (s->phase == BG_TAKE || s->phase == BG_BEAVERED) {
        if (word_at(p, "pass"))
            kind = ALEA_BACKGAMMON_DROP; /* gnubg's word for a drop */
        else if (word_at(p, "accept"))
            kind = ALEA_BACKGAMMON_TAKE;
    }
    if (s->phase == BG_RESIGN && word_at(p, "pass"))
        kind = ALEA_BACKGAMMON_REJECT;
    for (size_t i = 0; !kind && i < sizeof words / sizeof words[0]; i++)
        if (word_at(p, words[i].word))
            kind = words[i].kind;
    if (!kind) {
        *found = false;
        return ALEA_OK;
    }
    if (!blank_end(p))
        return alea__scan_fail(p, "unexpected text after the word");
    *out = ALEA_BACKGAMMON_ACTION(kind, 0);
    return alea__bg_check_state(s, *out, p->err);
}

alea_status alea__bg_parse_action(const alea_state *st, const char *text, size_t len,
                                  uint64_t *action, alea_error *err) {
    const bg_state *s = bg_cof(st);
    alea__scan p;
    alea__scan_start(&p, text, len, err, NULL);
    bool found;
    blanks(&p);
    alea_status status = parse_chance(&p, s, action, &found);
    if (found)
        return status;
    size_t at = p.pos;
    if (isalpha((unsigned char)alea__scan_peek(&p, 0)) && !word_at(&p, "bar") &&
        !word_at(&p, "off")) {
        status = parse_word(&p, s, action, &found);
        if (found)
            return status;
        p.pos = at;
        if (!word_at(&p, "pass") && !word_at(&p, "forfeit"))
            return alea__scan_fail(&p,
                                   "expected a move (24/18), dice (4-1), roll, double, take, drop, "
                                   "beaver, resign, accept or reject");
    }
    p.pos = at;
    return parse_move(&p, s, action);
}
