/*
 * Match files: the public functions, the replayer that plays the events of
 * a .mat or .sgf file through the rules (every entry checked, the first bad
 * one reported with its game, move and line), and the walk that the writers
 * use.  Decisions: doc/record-format.md "Match files".
 */
#include "backgammon/matchfile.h"
#include "core/games.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define A(kind, payload) ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_##kind, payload)

alea_status alea__mf_report(mf_replay *r, alea_status status, int line) {
    if (r->info) {
        r->info->error_game = r->game;
        r->info->error_move = r->move;
        r->info->error_line = line;
    }
    if (r->err) {
        alea__fail(r->err, status, -1, "game %d move %d (line %d): %s", r->game, r->move, line,
                   r->why);
        r->err->line = line;
    }
    return status;
}

int alea__mf_number(const char *p, const char **end) {
    int v = 0;
    const char *q = p;
    if (end)
        *end = p;
    if (*q < '0' || *q > '9')
        return -1;
    for (; *q >= '0' && *q <= '9'; q++)
        if (v < 1000000)
            v = v * 10 + (*q - '0');
    if (end)
        *end = q;
    return v > 1000000 ? 1000000 : v;
}

void alea__mf_name(mf_replay *r, int player, const char *name, size_t len) {
    if (!r->info)
        return;
    if (len >= ALEA_BACKGAMMON_NAME_MAX)
        len = ALEA_BACKGAMMON_NAME_MAX - 1;
    memcpy(r->info->names[player], name, len);
    r->info->names[player][len] = '\0';
}

alea_status alea__mf_begin(mf_replay *r, int length, int crawford, int jacoby, int cube) {
    char spec[ALEA_SPEC_MAX];
    alea_error e;
    if (length > 255)
        return MF_FAIL(r, ALEA_BAD_OPTION, r->line,
                       "§7.4: a match to %d points (alea plays matches up to 255)", length);
    if (length > 0)
        snprintf(spec, sizeof spec,
                 "backgammon match=%d crawford=%s cube=%s opening=standard resign=on", length,
                 crawford ? "on" : "off", cube ? "on" : "off");
    else
        snprintf(spec, sizeof spec,
                 "backgammon money=on games=%d jacoby=%s beavers=%s opening=standard resign=on",
                 r->games_total < 1      ? 1
                 : r->games_total > 1000 ? 1000
                                         : r->games_total,
                 jacoby ? "on" : "off", r->beavers ? "on" : "off");
    if (r->info) {
        snprintf(r->info->spec, sizeof r->info->spec, "%s", spec);
        r->info->match_length = length;
    }
    alea_status s = alea_state_init(&r->st, spec, &e);
    if (s != ALEA_OK)
        return MF_FAIL(r, s, r->line, "%s", e.message);
    return ALEA_OK;
}

static const bg_state *S(const mf_replay *r) {
    return bg_cof(&r->st);
}

/* Applies one action, after checking it unless `legal` says the parser did
   (its actions are legal ones); hands it to the callback. */
static alea_status play_checked(mf_replay *r, uint64_t action, int line, bool legal) {
    alea_error e;
    alea_state before;
    alea_status s = ALEA_OK;
    memcpy(&before, &r->st, sizeof before);
    if (legal)
        alea__backgammon_game.apply(&r->st, action);
    else
        s = alea_state_apply(&r->st, action, &e); /* checks; no change when refused */
    if (s != ALEA_OK)
        return MF_FAIL(r, s, line, "%s", e.message);
    int played = bg_cof(&before)->games_played;
    if (S(r)->games_played != played || S(r)->phase == BG_OVER)
        r->game_over = 1;
    if (r->info) {
        r->info->score[0] = (int32_t)(S(r)->score[0] > INT32_MAX ? INT32_MAX : S(r)->score[0]);
        r->info->score[1] = (int32_t)(S(r)->score[1] > INT32_MAX ? INT32_MAX : S(r)->score[1]);
        r->info->complete = r->game_over;
    }
    if (r->fn) {
        alea_backgammon_match_entry entry = {r->game, r->move, line,  r->first,
                                             action,  &before, &r->st};
        r->first = 0;
        s = r->fn(r->ctx, &entry);
        if (s != ALEA_OK)
            return s;
    }
    r->first = 0;
    return ALEA_OK;
}

static alea_status play(mf_replay *r, uint64_t action, int line) {
    return play_checked(r, action, line, false);
}

/* Plays the pass of a roll without a legal move that no resignation followed. */
alea_status alea__mf_flush(mf_replay *r) {
    int line = r->pass_pending;
    r->pass_pending = 0;
    return line ? play(r, A(MOVE, 0), line) : ALEA_OK;
}

alea_status alea__mf_game(mf_replay *r, int game, int line, int score0, int score1) {
    alea_status flushed = alea__mf_flush(r);
    if (flushed != ALEA_OK)
        return flushed;
    r->game = game;
    r->move = 0;
    r->line = line;
    if (game > 1 && !r->game_over)
        return MF_FAIL(r, ALEA_PARSE_ERROR, line, "game %d starts before game %d is finished", game,
                       game - 1);
    if (S(r)->phase == BG_OVER)
        return MF_FAIL(r, ALEA_INVALID_STATE, line,
                       "§7.4: the match is over after game %d; another game follows", game - 1);
    if (score0 >= 0 && ((uint32_t)score0 != S(r)->score[0] || (uint32_t)score1 != S(r)->score[1]))
        return MF_FAIL(r, ALEA_INVALID_STATE, line,
                       "§7.4: the score line says %d-%d, the games before give %lu-%lu", score0,
                       score1, (unsigned long)S(r)->score[0], (unsigned long)S(r)->score[1]);
    r->game_over = 0;
    r->dice_only = 0;
    r->first = 1;
    if (r->info)
        r->info->games = game;
    return ALEA_OK;
}

static const char *const who[2] = {"player 0 (White)", "player 1 (Red)"};

/* The roll of e->player: the opening throw, or a roll after declining to
   double; none when the game already holds these dice. */
static alea_status roll(mf_replay *r, const mf_event *e) {
    int hi = e->dice[0] > e->dice[1] ? e->dice[0] : e->dice[1];
    int lo = e->dice[0] + e->dice[1] - hi;
    if (S(r)->phase == BG_OPENING) {
        if (hi == lo)
            return MF_FAIL(r, ALEA_ILLEGAL_ACTION, e->line,
                           "§3: the opening roll %d-%d is a double (thrown again)", hi, lo);
        /* the starter has the higher die (§3.2) */
        return play(r, e->player == 0 ? A(OPENING, hi << 3 | lo) : A(OPENING, lo << 3 | hi),
                    e->line);
    }
    if (S(r)->turn != e->player || (S(r)->phase != BG_CUBE && S(r)->phase != BG_DICE))
        return MF_FAIL(r, ALEA_WRONG_PHASE, e->line, "§4: %s rolls, but %s", who[e->player],
                       S(r)->phase == BG_TAKE ? "a double awaits an answer"
                                              : "it is not his turn to roll");
    alea_status s = ALEA_OK;
    if (S(r)->phase == BG_CUBE)
        s = play(r, A(ROLL, 0), e->line);
    return s != ALEA_OK ? s : play(r, A(DICE, hi << 3 | lo), e->line);
}

/* Marks the hits ("*") of a move written as plain steps "a/b a/b" in the
   order played (SGF, and .mat files that leave them out): the notation
   would otherwise be free to pick a route that does not hit (§5.4). */
static void copy_text(char *out, size_t cap, const char *in) {
    size_t n = strlen(in);
    if (n >= cap)
        n = cap - 1;
    memcpy(out, in, n);
    out[n] = '\0';
}

static void mark_hits(const bg_state *s, const char *in, char *out, size_t cap) {
    bg_side side;
    size_t o = 0;
    const char *p = in;
    copy_text(out, cap, in);
    if (strchr(in, '*') || strchr(in, '('))
        return;
    alea__bg_side(&side, s, s->turn);
    while (*p) {
        const char *q;
        int t, f = alea__mf_number(p, &q);
        if (f < 1 || f > 25 || *q != '/')
            break; /* not plain steps: the text as written */
        q++;
        if (strncmp(q, "off", 3) == 0) {
            t = 0;
            q += 3;
        } else {
            t = alea__mf_number(q, &q);
        }
        size_t n = (size_t)(q - p);
        if (t < 0 || t >= f || (*q != ' ' && *q != '\0'))
            break;
        int hit = t >= 1 && side.opp[t] == 1;
        if (hit)
            side.opp[t] = 0;
        if (side.me[f])
            side.me[f]--;
        side.me[t]++;
        if ((o ? 1 : 0) + n + (hit ? 1 : 0) >= cap - o) { /* no room: the text as written */
            copy_text(out, cap, in);
            return;
        }
        if (o)
            out[o++] = ' ';
        memcpy(out + o, p, n);
        o += n;
        if (hit)
            out[o++] = '*';
        out[o] = '\0';
        p += n;
        while (*p == ' ')
            p++;
    }
    if (*p)
        copy_text(out, cap, in);
}

static alea_status move(mf_replay *r, const mf_event *e) {
    alea_status s = roll(r, e);
    if (s != ALEA_OK)
        return s;
    if (S(r)->turn != e->player)
        return MF_FAIL(r, ALEA_WRONG_PHASE, e->line, "§3: %s does not start this game",
                       who[e->player]);
    uint64_t action;
    alea_error err;
    if (!e->move[0]) {
        /* §5.3 a forfeited roll, played with the next entry: unless that is
           the roller's resignation (§6), which the writers put there too */
        if (alea_state_check_action(&r->st, A(MOVE, 0), NULL) == ALEA_OK) {
            r->pass_pending = e->line;
            return ALEA_OK;
        }
        r->dice_only = e->line; /* a resignation after the roll, or a missing move */
        return ALEA_OK;
    }
    char text[sizeof e->move + 8];
    mark_hits(S(r), e->move, text, sizeof text);
    s = alea_state_action_from_text(&action, &r->st, text, &err);
    if (s != ALEA_OK)
        return MF_FAIL(r, s, e->line, "%d%d: %.40s: %.60s", e->dice[0], e->dice[1], e->move,
                       err.message);
    return play_checked(r, action, e->line, true);
}

static alea_status cube(mf_replay *r, const mf_event *e, uint64_t action, int acting) {
    if (alea__bg_to_act(S(r)) != acting)
        return MF_FAIL(r, ALEA_WRONG_PHASE, e->line, "§7.3: %s is not the one to %s", who[acting],
                       e->kind == EV_DOUBLE   ? "double"
                       : e->kind == EV_BEAVER ? "beaver"
                       : e->kind == EV_TAKE   ? "take"
                                              : "drop");
    int before = 1 << S(r)->cube_log;
    alea_status s = play(r, action, e->line);
    int want = (e->kind == EV_BEAVER ? 4 : 2) * before; /* a beaver: 4v (§7.3) */
    if (s == ALEA_OK && (e->kind == EV_DOUBLE || e->kind == EV_BEAVER) && e->value &&
        e->value != want)
        return MF_FAIL(r, ALEA_ILLEGAL_ACTION, e->line,
                       "§7.3: the cube is at %d, so a %s turns it to %d, not %d", before,
                       e->kind == EV_BEAVER ? "beaver" : "double", want, e->value);
    return s;
}

/* `Wins N points`: checks a finished game, or ends it by a resignation. */
static alea_status win(mf_replay *r, const mf_event *e) {
    const bg_state *s = S(r);
    if (r->game_over) {
        int points = s->last_mult << s->last_cube;
        if (s->last_winner != e->player || (e->value && e->value != points))
            return MF_FAIL(r, ALEA_INVALID_STATE, e->line,
                           "§6: the game gave %s %d point%s, the file says %s wins %d",
                           who[s->last_winner], points, points == 1 ? "" : "s", who[e->player],
                           e->value);
        return ALEA_OK;
    }
    int loser = 1 - e->player, cube_value = 1 << s->cube_log;
    if (e->value % cube_value || e->value / cube_value < 1 || e->value / cube_value > 3)
        return MF_FAIL(r, ALEA_ILLEGAL_ACTION, e->line,
                       "§6: a resignation wins 1, 2 or 3 times the cube (%d), not %d", cube_value,
                       e->value);
    if (alea__bg_to_act(s) != loser || (s->phase != BG_CUBE && s->phase != BG_MOVE))
        return MF_FAIL(r, ALEA_WRONG_PHASE, e->line,
                       "§6: %s wins %d without a bear-off or a drop, but %s cannot resign "
                       "here (alea: at his cube decision or after his roll)",
                       who[e->player], e->value, who[loser]);
    r->dice_only = 0; /* the roll written without a move was the resigner's */
    alea_status st = play(r, A(RESIGN, e->value / cube_value), e->line);
    return st != ALEA_OK ? st : play(r, A(ACCEPT, 0), e->line);
}

alea_status alea__mf_event(mf_replay *r, const mf_event *e) {
    r->move = e->move_no;
    r->line = e->line;
    if (r->pass_pending &&
        !(e->kind == EV_WIN && !r->game_over && alea__bg_to_act(S(r)) == 1 - e->player)) {
        alea_status s = alea__mf_flush(r);
        if (s != ALEA_OK)
            return s;
    }
    r->pass_pending = 0; /* else the roller resigns: win() below */
    if (r->game_over && e->kind != EV_WIN)
        return MF_FAIL(r, ALEA_WRONG_PHASE, e->line, "§6: the game is over");
    if (r->dice_only && e->kind != EV_WIN)
        return MF_FAIL(r, ALEA_ILLEGAL_ACTION, r->dice_only,
                       "§5.3: the roll has legal moves, but none is written");
    switch (e->kind) {
    case EV_MOVE:
        return move(r, e);
    case EV_DOUBLE:
        if (S(r)->phase == BG_DICE && S(r)->turn == e->player)
            return MF_FAIL(r, ALEA_ILLEGAL_ACTION, e->line, "§7.3: %s may not double now",
                           who[e->player]);
        return cube(r, e, A(DOUBLE, 0), e->player);
    case EV_BEAVER:
        return cube(r, e, A(BEAVER, 0), e->player);
    case EV_TAKE:
        return cube(r, e, A(TAKE, 0), e->player);
    case EV_DROP:
        return cube(r, e, A(DROP, 0), e->player);
    default:
        return win(r, e);
    }
}

/* Counts the games of a file cheaply, for a money session's length. */
static int count_games(const char *text, size_t len, int sgf) {
    int n = 0;
    for (size_t i = 0; i < len; i++) {
        if (sgf) {
            n += alea__starts_at(text, len, i, "(;");
        } else if (i == 0 || text[i - 1] == '\n') {
            size_t j = i;
            while (j < len && (text[j] == ' ' || text[j] == '\t'))
                j++;
            n += alea__starts_at(text, len, j, "Game ");
        }
    }
    return n;
}

/* Whether a .mat file has a beaver entry (§7.3: "Beavers => N"), the field
   that says money play with beavers=on: the word in a move column, not on
   the score line after "Game N", where the players' names are. */
static int mat_has_beaver(const char *text, size_t len) {
    int score_line = 0;
    for (size_t i = 0; i < len;) {
        size_t end = i;
        while (end < len && text[end] != '\n')
            end++;
        size_t t = i;
        while (t < end && (text[t] == ' ' || text[t] == '\t'))
            t++;
        if (score_line) {
            score_line = 0;
        } else if (alea__starts_at(text, len, t, "Game ")) {
            score_line = 1;
        } else {
            for (size_t j = t; j + 6 <= end; j++)
                if ((j == t || text[j - 1] == ' ' || text[j - 1] == ')') &&
                    (alea__starts_at(text, len, j, "Beaver") ||
                     alea__starts_at(text, len, j, "beaver")))
                    return 1;
        }
        i = end + 1;
    }
    return 0;
}

/* Whether the len bytes at text hold word anywhere. */
static int contains(const char *text, size_t len, const char *word) {
    for (size_t i = 0; i < len; i++)
        if (alea__starts_at(text, len, i, word))
            return 1;
    return 0;
}

ALEA_API alea_status alea_backgammon_read_match(alea_backgammon_match_info *info, const char *text,
                                                int32_t format, alea_backgammon_match_fn fn,
                                                void *ctx, alea_error *err) {
    return alea_backgammon_read_match_n(info, text, text ? strlen(text) : 0, format, fn, ctx, err);
}

ALEA_API alea_status alea_backgammon_read_match_n(alea_backgammon_match_info *info,
                                                  const char *text, size_t len, int32_t format,
                                                  alea_backgammon_match_fn fn, void *ctx,
                                                  alea_error *err) {
    if (!text || format < ALEA_BACKGAMMON_FORMAT_AUTO || format > ALEA_BACKGAMMON_FORMAT_SGF ||
        (info && info->version != ALEA_BACKGAMMON_MATCH_INFO_VERSION))
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "NULL text, a format other than 0..2, or a bad info version");
    alea_status bad = alea__text_check(text, len, "match file", err);
    if (bad != ALEA_OK) {
        if (info) {
            uint32_t version = info->version;
            memset(info, 0, sizeof *info);
            info->version = version;
        }
        return bad;
    }
    if (format == ALEA_BACKGAMMON_FORMAT_AUTO) {
        size_t lead = 0;
        while (lead < len && isspace((unsigned char)text[lead]))
            lead++;
        format = alea__starts_at(text, len, lead, "(;") ? ALEA_BACKGAMMON_FORMAT_SGF
                                                       : ALEA_BACKGAMMON_FORMAT_MAT;
    }
    mf_replay r;
    memset(&r, 0, sizeof r);
    r.fn = fn;
    r.ctx = ctx;
    r.info = info;
    r.err = err;
    if (info) {
        uint32_t version = info->version;
        memset(info, 0, sizeof *info);
        info->version = version;
        info->format = format;
        snprintf(info->names[0], sizeof info->names[0], "White");
        snprintf(info->names[1], sizeof info->names[1], "Red");
    }
    r.games_total = count_games(text, len, format == ALEA_BACKGAMMON_FORMAT_SGF);
    r.beavers = format == ALEA_BACKGAMMON_FORMAT_SGF
                    ? contains(text, len, ";W[beaver]") || contains(text, len, ";B[beaver]")
                    : mat_has_beaver(text, len);
    alea_status s = format == ALEA_BACKGAMMON_FORMAT_SGF ? alea__sgf_read(&r, text, len)
                                                         : alea__mat_read(&r, text, len);
    if (s == ALEA_OK)
        s = alea__mf_flush(&r);
    if (s == ALEA_OK && r.dice_only)
        return MF_FAIL(&r, ALEA_ILLEGAL_ACTION, r.dice_only,
                       "§5.3: the roll has legal moves, but none is written");
    if (s == ALEA_OK && r.game == 0)
        return MF_FAIL(&r, ALEA_PARSE_ERROR, r.line, "no game in the file");
    return s;
}

/* ---- the writers' walk ---- */

typedef struct game_end {
    int winner, points, resigned;
} game_end;

/* Plays on a copy to the end of the current game: who won, how many points. */
static game_end look_ahead(const alea_state *st, const uint64_t *actions, size_t count, size_t i) {
    alea_state t;
    memcpy(&t, st, sizeof t);
    game_end g = {-1, 0, 0};
    int played = bg_cof(&t)->games_played;
    for (; i < count; i++) {
        alea__backgammon_game.apply(&t, actions[i]); /* checked by alea__mf_walk() */
        const bg_state *s = bg_cof(&t);
        if (s->games_played != played) {
            g.winner = s->last_winner;
            g.points = s->last_mult << s->last_cube;
            g.resigned = s->last_how == ALEA_BACKGAMMON_END_RESIGN;
            break;
        }
    }
    return g;
}

/* The rules a file cannot carry: its reader replays with
   `opening=standard resign=on` and what the header holds (.mat: the match
   length only; .sgf: also Crawford, Jacoby and cube use), so a spec outside
   that is refused rather than written as a file that reads back as other
   games (issue 24). */
static alea_status beyond_the_format(const bg_state *b, int32_t format, alea_error *err) {
    int mat = format == ALEA_BACKGAMMON_FORMAT_MAT;
    const char *ext = mat ? ".mat" : ".sgf";
    if (!(b->opt & BG_OPT_STANDARD))
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "§3: %s holds the standard opening only, not opening=seeds", ext);
    if (b->auto_limit)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "§7.6: %s has no automatic doubles (auto_doubles=%d)", ext,
                          b->auto_limit);
    if (b->mode == BG_MODE_MATCH && (b->opt & BG_OPT_DEAD_ALLOW))
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "§7.3: %s has no field for dead_cube=allow", ext);
    if (mat && b->mode == BG_MODE_MATCH && (b->opt & BG_OPT_CUBE) && !(b->opt & BG_OPT_CRAWFORD))
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "§7.4: .mat has no field for crawford=off (write .sgf)");
    if (mat && b->mode == BG_MODE_MONEY && (b->opt & BG_OPT_JACOBY))
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "§7.6: .mat has no field for the Jacoby rule (write .sgf)");
    return ALEA_OK;
}

alea_status alea__mf_walk(mf_writer *w, const char *spec, const uint64_t *actions, size_t count,
                          alea_error *err) {
    alea_state st;
    alea_status s = alea_state_init(&st, spec, err);
    if (s != ALEA_OK)
        return s;
    if (alea_state_game(&st) != &alea__backgammon_game)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "%s is not a backgammon spec", spec);
    for (size_t i = 0; i < count; i++) {
        s = alea_state_apply(&st, actions[i], err); /* checks, as check_action would */
        if (s != ALEA_OK) {
            if (err)
                err->offset = (int32_t)(i > INT32_MAX ? INT32_MAX : i);
            return s;
        }
    }
    /* the readers refuse a file that stops inside a game (or holds none): so does the
       writer, rather than write what it cannot read back */
    const bg_state *last = bg_cof(&st);
    int unfinished = last->games_played + 1;
    if (last->games_played > 0 && (last->phase == BG_OPENING || last->phase == BG_OVER))
        unfinished = 0;
    alea_state_init(&st, spec, NULL); /* it worked just above */
    const bg_state *b = bg_cof(&st);
    s = beyond_the_format(b, w->format, err);
    if (s != ALEA_OK)
        return s;
    if (unfinished)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "§6: the actions stop inside game %d, before its result: .mat and "
                          ".sgf hold whole games only",
                          unfinished);
    w->length = b->mode == BG_MODE_MATCH ? b->length : 0;
    w->crawford_rule = (b->opt & BG_OPT_CRAWFORD) && (b->opt & BG_OPT_CUBE);
    w->jacoby = (b->opt & BG_OPT_JACOBY) != 0;
    w->cube = (b->opt & BG_OPT_CUBE) != 0;
    int game = 0, started = 0;
    for (size_t i = 0; i < count; i++) {
        uint64_t a = actions[i];
        int kind = bg_kind(a);
        bg_state before = *b;
        if (!started && before.phase == BG_OPENING) {
            game++;
            started = 1;
            game_end g = look_ahead(&st, actions, count, i);
            w->game(w, game, b, g.winner, g.points, g.resigned);
        }
        alea__backgammon_game.apply(&st, a); /* checked in the first pass */
        mf_entry e;
        memset(&e, 0, sizeof e);
        e.player = before.turn;
        switch (kind) {
        case ALEA_BACKGAMMON_OPENING:
            if (b->phase == BG_MOVE) /* standard opening: these dice are the first roll */
                continue;
            continue;
        case ALEA_BACKGAMMON_DICE:
        case ALEA_BACKGAMMON_ROLL:
        case ALEA_BACKGAMMON_REJECT:
            continue;
        case ALEA_BACKGAMMON_RESIGN:
            /* accepted after the roll: the dice are written, without a move */
            if (before.phase != BG_MOVE || i + 1 >= count ||
                bg_kind(actions[i + 1]) != ALEA_BACKGAMMON_ACCEPT)
                continue;
            e.kind = EV_DICE;
            e.dice[0] = before.die[0];
            e.dice[1] = before.die[1];
            break;
        case ALEA_BACKGAMMON_MOVE:
            e.kind = EV_MOVE;
            e.dice[0] = before.die[0];
            e.dice[1] = before.die[1];
            e.action = a;
            alea__bg_side(&e.side, &before, before.turn);
            break;
        case ALEA_BACKGAMMON_DOUBLE:
            e.kind = EV_DOUBLE;
            e.value = 2 << before.cube_log;
            break;
        case ALEA_BACKGAMMON_BEAVER:
            e.kind = EV_BEAVER;
            e.player = 1 - before.turn;
            e.value = 4 << before.cube_log;
            break;
        case ALEA_BACKGAMMON_TAKE:
        case ALEA_BACKGAMMON_DROP:
            e.kind = kind == ALEA_BACKGAMMON_TAKE ? EV_TAKE : EV_DROP;
            e.player = alea__bg_to_act(&before);
            break;
        default: /* ACCEPT: the end is written below */
            break;
        }
        if (kind != ALEA_BACKGAMMON_ACCEPT)
            w->entry(w, &e);
        if (b->games_played != before.games_played) {
            mf_entry end;
            memset(&end, 0, sizeof end);
            end.kind = EV_WIN;
            end.player = b->last_winner;
            end.value = b->last_mult << b->last_cube;
            end.resigned = b->last_how == ALEA_BACKGAMMON_END_RESIGN;
            w->entry(w, &end);
            w->game_end(w, b);
            started = 0;
        }
    }
    if (started)
        w->game_end(w, b);
    return ALEA_OK;
}

ALEA_API alea_status alea_backgammon_write_match(char *buf, size_t capacity, size_t *len_out,
                                                 int32_t format, const char *spec,
                                                 const uint64_t *actions, size_t count,
                                                 const char *const names[2], alea_error *err) {
    if ((!buf && capacity) || !spec || (!actions && count) ||
        (format != ALEA_BACKGAMMON_FORMAT_MAT && format != ALEA_BACKGAMMON_FORMAT_SGF))
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "NULL buffer with a capacity, NULL spec or actions, or a format other "
                          "than MAT (1) or SGF (2)");
    alea__buf b;
    alea__buf_init(&b, buf, capacity);
    mf_writer w;
    memset(&w, 0, sizeof w);
    w.b = &b;
    w.format = format;
    w.names[0] = names && names[0] ? names[0] : "White";
    w.names[1] = names && names[1] ? names[1] : "Red";
    if (format == ALEA_BACKGAMMON_FORMAT_SGF) {
        for (size_t i = 0; i < count; i++)
            if (bg_kind(actions[i]) == ALEA_BACKGAMMON_BEAVER)
                return alea__fail(err, ALEA_INVALID_ARGUMENT, (int32_t)(i > INT32_MAX ? 0 : i),
                                  "§7.3: gnubg's SGF has no beaver (write .mat)");
        alea__sgf_writer(&w);
    } else {
        alea__mat_writer(&w);
    }
    alea_status s = alea__mf_walk(&w, spec, actions, count, err);
    if (s != ALEA_OK) {
        alea__buf_init(&b, buf, capacity);
        alea__buf_finish(&b, NULL);
        return s;
    }
    return alea__buf_finish(&b, len_out);
}
