/*
 * alea-referee --serve: a referee that speaks JSON lines (doc/referee-protocol.md).
 *
 * Each line of standard input is one request, a JSON object with "op" and an
 * optional "id" that the reply echoes; each reply is one line of JSON with
 * "ok".  A refusal has "status" (alea_status_name()) and "reason" (the rule-
 * citing text) and changes nothing.  The server keeps many games at once,
 * each with its own seeded dice.  Every input is bounded: a request line
 * (--max-line, default 65536 bytes), the number of open games (--max-games,
 * default 256), and the work of a request (one library call or one legal list).
 *
 * JSON is parsed and written with jansson, here in the program only; the
 * library stays free of dependencies.
 */
#include "referee_serve.h"

#include "common.h"

#include <jansson.h>

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DEFAULT_MAX_LINE 65536
#define DEFAULT_MAX_GAMES 256
#define VIEW_INITIAL 16384

typedef struct game_slot {
    uint64_t handle; /* 0: free */
    alea_state *st;
    alea_rng dice; /* the referee's own dice for "roll" */
} game_slot;

/* Games are found in constant time (issue 24 item 6): a handle names its
   slot, (handle - 1) % max_games, and the free slots are a stack, so that
   --max-games sets the memory, not the cost of every request. */
struct ex_server {
    game_slot *slots;
    size_t *free_slots; /* indices of the free slots; the next one on top */
    size_t max_games, open;
    uint64_t next_handle;
    uint64_t entropy; /* mixed into the seeds of games opened without one */
};

/* ---- who may act, and what a seat may see: the library's own answers ---- */

/* The move `text` by `seat` (a seat, or ALEA_PLAYER_CHANCE for the host's dice):
   ALEA_WRONG_PLAYER from anyone but the one who must act now. */
static alea_status seat_apply_text(alea_state *st, int seat, const char *text, size_t len,
                                   alea_error *err) {
    return alea_state_apply_text_as_n(st, seat, text, len, err);
}

/* What `seat` (or -1: a spectator) may see, as a JSON object (R11 hides
   Plateau's unseen faces). */
static alea_status seat_view_json(char *buf, size_t cap, size_t *len, const alea_state *st,
                                  int seat) {
    return alea_state_observation_json(buf, cap, len, st, seat < 0 ? ALEA_OBSERVER_PUBLIC : seat);
}

/* What each seat and a spectator may see of `action` played in `before`
   (alea_state_action_observation_text()): "seen", one text per seat, and
   "seen_public", for the host to tell every other seat what happened, each in
   its own view.  Nothing is set if the library refuses (the move is then
   refused too). */
static void set_seen(json_t *reply, const alea_state *before, uint64_t action) {
    char text[ALEA_ACTION_TEXT_MAX];
    json_t *seen = json_array();
    int players = alea_state_num_players(before);
    if (!seen)
        return;
    for (int p = 0; p < players; p++) {
        if (alea_state_action_observation_text(text, sizeof text, NULL, before, action, p) !=
            ALEA_OK) {
            json_decref(seen);
            return;
        }
        json_array_append_new(seen, json_string(text));
    }
    if (alea_state_action_observation_text(text, sizeof text, NULL, before, action,
                                           ALEA_OBSERVER_PUBLIC) != ALEA_OK) {
        json_decref(seen);
        return;
    }
    json_object_set_new(reply, "seen", seen);
    json_object_set_new(reply, "seen_public", json_string(text));
}

/* ---- replies ---- */

/* The length of the valid UTF-8 character at p (avail bytes left), 0 if none. */
static size_t utf8_char(const unsigned char *p, size_t avail) {
    unsigned char c = p[0];
    size_t k = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3
                         : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (k == 0 || k > avail)
        return 0;
    for (size_t i = 1; i < k; i++)
        if ((p[i] & 0xc0) != 0x80)
            return 0;
    if ((c == 0xe0 && p[1] < 0xa0) || (c == 0xed && p[1] > 0x9f) || (c == 0xf0 && p[1] < 0x90) ||
        (c == 0xf4 && p[1] > 0x8f))
        return 0; /* overlong, surrogate, beyond U+10FFFF */
    return k;
}

/* A copy of s with every byte that is not part of valid UTF-8 replaced by '?'
   (a library message cut at its buffer's end may end inside a character, and
   jansson takes valid UTF-8 only).  Free it. */
static char *utf8_clean(const char *s) {
    size_t n = strlen(s), i = 0;
    char *out = malloc(n + 1);
    if (!out)
        return NULL;
    memcpy(out, s, n + 1);
    while (i < n) {
        size_t k = utf8_char((const unsigned char *)out + i, n - i);
        if (k == 0)
            out[i++] = '?';
        else
            i += k;
    }
    return out;
}

static void set_string(json_t *obj, const char *key, const char *value) {
    char *clean = utf8_clean(value);
    json_object_set_new(obj, key, clean ? json_string(clean) : json_null());
    free(clean);
}

/* A refusal: "ok": false, the status name and the reason. */
static void refuse(json_t *reply, alea_status status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void refuse(json_t *reply, alea_status status, const char *fmt, ...) {
    char reason[ALEA_ERROR_MESSAGE_SIZE * 2];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(reason, sizeof reason, fmt, ap);
    va_end(ap);
    json_object_set_new(reply, "ok", json_false());
    set_string(reply, "status", alea_status_name(status));
    set_string(reply, "reason", reason);
}

/* A refusal by the library, with its offset in the text when it has one. */
static void refuse_err(json_t *reply, alea_status status, const alea_error *err) {
    refuse(reply, status, "%s", err->message[0] ? err->message : alea_status_str(status));
    if (status == ALEA_PARSE_ERROR && err->offset >= 0)
        json_object_set_new(reply, "offset", json_integer(err->offset));
}

static json_t *player_json(int player) {
    if (player >= 0)
        return json_integer(player);
    return json_string(player == ALEA_PLAYER_CHANCE ? "chance" : "terminal");
}

/* "to_move": the seat to act, "chance" or "terminal". */
static void set_to_move(json_t *reply, const alea_state *st) {
    json_object_set_new(reply, "to_move", player_json(alea_state_current_player(st)));
}

/* ---- request fields ---- */

/* The string field `key` (NUL bytes included: jansson decodes \u0000). */
static int get_text(json_t *req, json_t *reply, const char *key, const char **text, size_t *len) {
    json_t *v = json_object_get(req, key);
    if (!json_is_string(v)) {
        refuse(reply, ALEA_INVALID_ARGUMENT, "\"%s\" must be a string", key);
        return -1;
    }
    *text = json_string_value(v);
    *len = json_string_length(v);
    return 0;
}

static game_slot *find_game(ex_server *srv, json_t *req, json_t *reply) {
    json_t *v = json_object_get(req, "game");
    json_int_t h;
    if (!json_is_integer(v)) {
        refuse(reply, ALEA_INVALID_ARGUMENT,
               "\"game\" must be the handle (an integer) that \"new\" replied");
        return NULL;
    }
    h = json_integer_value(v);
    if (h > 0) {
        game_slot *slot = &srv->slots[(uint64_t)(h - 1) % srv->max_games];
        if (slot->handle == (uint64_t)h)
            return slot;
    }
    refuse(reply, ALEA_NOT_FOUND, "no game %lld: never opened, or closed", (long long)h);
    return NULL;
}

/* "seat": an integer seat of the game; with allow_chance also "chance", with
   allow_public also "public" (-1), which "public": true without a seat means too. */
static int get_seat(json_t *req, json_t *reply, const alea_state *st, int allow_chance,
                    int allow_public, int *seat) {
    json_t *v = json_object_get(req, "seat");
    int players = alea_state_num_players(st);
    if (json_is_integer(v) && json_integer_value(v) >= 0 && json_integer_value(v) < players) {
        *seat = (int)json_integer_value(v);
        return 0;
    }
    if (allow_chance && json_is_string(v) && strcmp(json_string_value(v), "chance") == 0) {
        *seat = ALEA_PLAYER_CHANCE;
        return 0;
    }
    if (allow_public && ((json_is_string(v) && strcmp(json_string_value(v), "public") == 0) ||
                         (!v && json_is_true(json_object_get(req, "public"))))) {
        *seat = -1;
        return 0;
    }
    refuse(reply, ALEA_INVALID_ARGUMENT, "\"seat\" must be a seat of this game, 0 to %d%s",
           players - 1, allow_public ? ", or \"public\"" : allow_chance ? ", or \"chance\"" : "");
    return -1;
}

/* ---- operations ---- */

static uint64_t fresh_seed(ex_server *srv) {
    uint64_t seed = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (!f || fread(&seed, sizeof seed, 1, f) != 1)
        seed = (uint64_t)time(NULL) * 0x9E3779B97F4A7C15u;
    if (f)
        fclose(f);
    srv->entropy = srv->entropy * 6364136223846793005u + 1442695040888963407u;
    return seed ^ srv->entropy;
}

static void op_new(ex_server *srv, json_t *req, json_t *reply) {
    const char *spec;
    size_t len;
    json_t *seed = json_object_get(req, "seed");
    game_slot *slot = NULL;
    alea_error err = {0};
    alea_state st;
    char text[ALEA_SPEC_MAX];
    if (get_text(req, reply, "spec", &spec, &len) != 0)
        return;
    if (seed && !(json_is_integer(seed) && json_integer_value(seed) >= 0)) {
        refuse(reply, ALEA_INVALID_ARGUMENT, "\"seed\" must be an integer >= 0");
        return;
    }
    alea_status s = alea_state_init_n(&st, spec, len, &err);
    if (s != ALEA_OK) {
        refuse_err(reply, s, &err);
        return;
    }
    size_t index = 0;
    if (srv->open < srv->max_games) {
        index = srv->free_slots[srv->max_games - 1 - srv->open];
        slot = &srv->slots[index];
    }
    if (!slot) {
        refuse(reply, ALEA_OUT_OF_MEMORY, "too many games: at most %zu at once (close one first)",
               srv->max_games);
        return;
    }
    if (alea_state_clone(&slot->st, &st) != ALEA_OK) {
        refuse(reply, ALEA_OUT_OF_MEMORY, "out of memory");
        return;
    }
    alea_rng_seed(&slot->dice, seed ? (uint64_t)json_integer_value(seed) : fresh_seed(srv));
    /* the first handle from next_handle on that names this slot: handles
       grow, so none is ever reused */
    uint64_t h = srv->next_handle;
    h += (index + srv->max_games - (size_t)((h - 1) % srv->max_games)) % srv->max_games;
    slot->handle = h;
    srv->next_handle = h + 1;
    srv->open++;
    json_object_set_new(reply, "ok", json_true());
    json_object_set_new(reply, "game", json_integer((json_int_t)slot->handle));
    if (alea_state_spec(text, sizeof text, NULL, slot->st) == ALEA_OK)
        set_string(reply, "spec", text);
    json_object_set_new(reply, "players", json_integer(alea_state_num_players(slot->st)));
    set_to_move(reply, slot->st);
}

static void op_legal(ex_server *srv, json_t *req, json_t *reply) {
    game_slot *g = find_game(srv, req, reply);
    int seat;
    uint64_t actions[ALEA_MAX_ACTIONS];
    size_t n = 0;
    json_t *list;
    if (!g || get_seat(req, reply, g->st, 1, 0, &seat) != 0)
        return;
    list = json_array();
    if (alea_state_current_player(g->st) == seat &&
        alea_state_legal_actions(actions, ALEA_MAX_ACTIONS, &n, g->st) == ALEA_OK) {
        char text[ALEA_ACTION_TEXT_MAX];
        for (size_t i = 0; i < n; i++)
            json_array_append_new(list, json_string(ex_action_text(text, g->st, actions[i])));
    }
    json_object_set_new(reply, "ok", json_true());
    json_object_set_new(reply, "moves", list);
    set_to_move(reply, g->st);
}

/* "move" (a seat's move) and "dice" (the host's throw): the text, applied by `seat`. */
static void apply_as(game_slot *g, int seat, const char *text, size_t len, json_t *reply) {
    alea_error err = {0};
    alea_state *before = NULL;
    char done[ALEA_ACTION_TEXT_MAX] = "";
    uint64_t action = 0;
    /* the canonical text and what each seat sees are written in the state
       before the move */
    if (alea_state_action_from_text_n(&action, g->st, text, len, NULL) == ALEA_OK &&
        alea_state_clone(&before, g->st) == ALEA_OK)
        ex_action_text(done, before, action);
    alea_status s = seat_apply_text(g->st, seat, text, len, &err);
    if (s != ALEA_OK) {
        alea_state_free(before);
        refuse_err(reply, s, &err);
        return;
    }
    json_object_set_new(reply, "ok", json_true());
    set_string(reply, "move", done);
    if (before)
        set_seen(reply, before, action);
    alea_state_free(before);
    set_to_move(reply, g->st);
}

static void op_move(ex_server *srv, json_t *req, json_t *reply) {
    game_slot *g = find_game(srv, req, reply);
    const char *text;
    size_t len;
    int seat;
    if (g && get_seat(req, reply, g->st, 0, 0, &seat) == 0 &&
        get_text(req, reply, "move", &text, &len) == 0)
        apply_as(g, seat, text, len, reply);
}

static void op_dice(ex_server *srv, json_t *req, json_t *reply) {
    game_slot *g = find_game(srv, req, reply);
    const char *text;
    size_t len;
    if (g && get_text(req, reply, "dice", &text, &len) == 0)
        apply_as(g, ALEA_PLAYER_CHANCE, text, len, reply);
}

static void op_roll(ex_server *srv, json_t *req, json_t *reply) {
    game_slot *g = find_game(srv, req, reply);
    uint64_t outcome;
    char text[ALEA_ACTION_TEXT_MAX];
    alea_error err = {0};
    alea_rng saved;
    alea_state before;
    if (!g)
        return;
    int now = alea_state_current_player(g->st);
    if (now != ALEA_PLAYER_CHANCE) {
        if (now == ALEA_PLAYER_TERMINAL)
            refuse(reply, ALEA_WRONG_PHASE, "the game is over: no more actions");
        else
            refuse(reply, ALEA_WRONG_PHASE, "no dice to throw now: seat %d must move", now);
        return;
    }
    saved = g->dice;
    alea_status s = alea_state_sample(&outcome, g->st, &g->dice);
    if (s == ALEA_OK) {
        ex_action_text(text, g->st, outcome);
        alea_state_copy(&before, g->st);
        s = alea_state_apply(g->st, outcome, &err);
    }
    if (s != ALEA_OK) {
        g->dice = saved;
        refuse_err(reply, s, &err);
        return;
    }
    json_object_set_new(reply, "ok", json_true());
    set_string(reply, "dice", text);
    set_seen(reply, &before, outcome);
    set_to_move(reply, g->st);
}

static void op_view(ex_server *srv, json_t *req, json_t *reply) {
    game_slot *g = find_game(srv, req, reply);
    int seat;
    size_t cap = VIEW_INITIAL, len = 0;
    char *buf;
    json_t *view;
    json_error_t jerr;
    if (!g || get_seat(req, reply, g->st, 0, 1, &seat) != 0)
        return;
    buf = malloc(cap);
    alea_status s = buf ? seat_view_json(buf, cap, &len, g->st, seat) : ALEA_OUT_OF_MEMORY;
    if (s == ALEA_BUFFER_TOO_SMALL) {
        char *bigger = realloc(buf, len + 1);
        s = bigger ? seat_view_json(bigger, len + 1, &len, g->st, seat) : ALEA_OUT_OF_MEMORY;
        buf = bigger ? bigger : buf;
    }
    view = s == ALEA_OK ? json_loadb(buf, len, 0, &jerr) : NULL;
    free(buf);
    if (!view) {
        refuse(reply, s == ALEA_OK ? ALEA_INVALID_STATE : s, "no view of this game");
        return;
    }
    json_object_set_new(reply, "ok", json_true());
    json_object_set_new(reply, "view", view);
}

static void op_result(ex_server *srv, json_t *req, json_t *reply) {
    game_slot *g = find_game(srv, req, reply);
    alea_result r;
    json_t *scores, *ranks;
    if (!g)
        return;
    if (alea_state_result(&r, g->st) != ALEA_OK) {
        refuse(reply, ALEA_INVALID_STATE, "no result for this game");
        return;
    }
    scores = json_array();
    ranks = json_array();
    for (int i = 0; i < r.players && i < ALEA_MAX_PLAYERS; i++) {
        json_array_append_new(scores, json_integer(r.score[i]));
        json_array_append_new(ranks, json_integer(r.rank[i]));
    }
    json_object_set_new(reply, "ok", json_true());
    json_object_set_new(reply, "terminal", json_boolean(r.terminal));
    json_object_set_new(reply, "scores", scores);
    json_object_set_new(reply, "ranks", ranks);
    json_object_set_new(reply, "winner", r.winner >= 0 ? json_integer(r.winner) : json_null());
    json_object_set_new(reply, "draw", json_boolean(r.draw));
    set_to_move(reply, g->st);
}

static void op_close(ex_server *srv, json_t *req, json_t *reply) {
    game_slot *g = find_game(srv, req, reply);
    if (!g)
        return;
    alea_state_free(g->st);
    memset(g, 0, sizeof *g);
    srv->open--;
    srv->free_slots[srv->max_games - 1 - srv->open] = (size_t)(g - srv->slots);
    json_object_set_new(reply, "ok", json_true());
}

typedef struct op_entry {
    const char *name;
    void (*run)(ex_server *srv, json_t *req, json_t *reply);
} op_entry;

static const op_entry ops[] = {
    {"new", op_new},   {"legal", op_legal}, {"move", op_move},     {"roll", op_roll},
    {"dice", op_dice}, {"view", op_view},   {"result", op_result}, {"close", op_close},
};

/* ---- the server ---- */

ex_server *ex_server_new(size_t max_games) {
    ex_server *srv = calloc(1, sizeof *srv);
    if (!srv)
        return NULL;
    srv->max_games = max_games ? max_games : DEFAULT_MAX_GAMES;
    srv->slots = calloc(srv->max_games, sizeof *srv->slots);
    srv->free_slots = calloc(srv->max_games, sizeof *srv->free_slots);
    if (!srv->slots || !srv->free_slots) {
        free(srv->slots);
        free(srv->free_slots);
        free(srv);
        return NULL;
    }
    for (size_t i = 0; i < srv->max_games; i++) /* slot 0 on top */
        srv->free_slots[i] = srv->max_games - 1 - i;
    srv->next_handle = 1;
    srv->entropy = (uint64_t)time(NULL);
    return srv;
}

void ex_server_free(ex_server *srv) {
    if (!srv)
        return;
    for (size_t i = 0; i < srv->max_games; i++)
        alea_state_free(srv->slots[i].st);
    free(srv->slots);
    free(srv->free_slots);
    free(srv);
}

size_t ex_server_open_games(const ex_server *srv) {
    return srv ? srv->open : 0;
}

/* A reply that needs no allocation, when memory runs out. */
static const char oom_reply[] =
    "{\"id\":null,\"ok\":false,\"status\":\"ALEA_OUT_OF_MEMORY\",\"reason\":\"out of memory\"}";

static char *dump(json_t *reply) {
    char *text = reply ? json_dumps(reply, JSON_COMPACT) : NULL;
    json_decref(reply);
    if (!text) {
        text = malloc(sizeof oom_reply);
        if (text)
            memcpy(text, oom_reply, sizeof oom_reply);
    }
    return text;
}

char *ex_server_refuse_line(const char *reason) {
    json_t *reply = json_object();
    if (reply) {
        json_object_set_new(reply, "id", json_null());
        refuse(reply, ALEA_PARSE_ERROR, "%s", reason);
    }
    return dump(reply);
}

char *ex_server_handle(ex_server *srv, const char *line, size_t len) {
    json_error_t jerr;
    /* a key twice in an object is refused, at any depth: which of the two
       counts would be the parser's choice (issue 24 item 6) */
    json_t *req = json_loadb(line, len, JSON_ALLOW_NUL | JSON_REJECT_DUPLICATES, &jerr);
    json_t *reply = json_object(), *id, *op;
    if (!reply) {
        json_decref(req);
        return dump(NULL);
    }
    id = json_is_object(req) ? json_object_get(req, "id") : NULL;
    json_object_set(reply, "id", id ? id : json_null());
    if (!req) {
        refuse(reply, ALEA_PARSE_ERROR, "malformed JSON at column %d: %s", jerr.column, jerr.text);
        return dump(reply);
    }
    op = json_object_get(req, "op");
    if (!json_is_object(req)) {
        refuse(reply, ALEA_PARSE_ERROR, "a request is a JSON object, e.g. {\"op\":\"new\",...}");
    } else if (!json_is_string(op)) {
        refuse(reply, ALEA_INVALID_ARGUMENT, "\"op\" must be a string: new, legal, move, roll, "
                                             "dice, view, result or close");
    } else {
        const op_entry *found = NULL;
        for (size_t i = 0; !found && i < sizeof ops / sizeof ops[0]; i++)
            if (strlen(ops[i].name) == json_string_length(op) &&
                strcmp(ops[i].name, json_string_value(op)) == 0)
                found = &ops[i];
        if (found)
            found->run(srv, req, reply);
        else
            refuse(reply, ALEA_INVALID_ARGUMENT,
                   "unknown op: expected new, legal, move, roll, dice, view, result or close");
    }
    json_decref(req);
    return dump(reply);
}

/* Reads one line of at most `max` bytes into buf (room for max + 1).  Returns
   its length, or (size_t)-1 at the end of input; *too_long is set when the
   line was longer (its rest is skipped, so the next call reads the next line). */
static size_t read_line(FILE *in, char *buf, size_t max, int *too_long) {
    size_t n = 0;
    int c;
    *too_long = 0;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (n < max)
            buf[n++] = (char)c;
        else
            *too_long = 1;
    }
    if (c == EOF && n == 0 && !*too_long)
        return (size_t)-1;
    buf[n] = '\0';
    return n;
}

int ex_referee_serve(FILE *in, FILE *out, size_t max_line, size_t max_games) {
    ex_server *srv = ex_server_new(max_games);
    char *line;
    int status = 0;
    if (max_line == 0)
        max_line = DEFAULT_MAX_LINE;
    line = malloc(max_line + 1);
    if (!srv || !line) {
        fprintf(stderr, "alea-referee: out of memory\n");
        ex_server_free(srv);
        free(line);
        return 2;
    }
    for (;;) {
        int too_long;
        size_t n = read_line(in, line, max_line, &too_long);
        char *reply, reason[96];
        if (n == (size_t)-1)
            break;
        if (too_long) {
            snprintf(reason, sizeof reason, "request line longer than %zu bytes", max_line);
            reply = ex_server_refuse_line(reason);
        } else {
            reply = ex_server_handle(srv, line, n);
        }
        if (!reply || fputs(reply, out) == EOF || putc('\n', out) == EOF || fflush(out) != 0) {
            free(reply);
            fprintf(stderr, "alea-referee: cannot write a reply: %s\n", strerror(errno));
            status = 2;
            break;
        }
        free(reply);
    }
    ex_server_free(srv);
    free(line);
    return status;
}

int ex_referee_serve_main(int argc, char **argv) {
    uint64_t max_line = DEFAULT_MAX_LINE, max_games = DEFAULT_MAX_GAMES;
    for (int i = 0; i < argc; i += 2) {
        uint64_t *target = strcmp(argv[i], "--max-line") == 0    ? &max_line
                           : strcmp(argv[i], "--max-games") == 0 ? &max_games
                                                                 : NULL;
        if (!target || i + 1 >= argc || ex_parse_u64(argv[i + 1], target) != 0 || *target == 0 ||
            *target > (uint64_t)1 << 30) {
            fprintf(stderr, "usage: alea-referee --serve [--max-line BYTES] [--max-games N]\n");
            return 2;
        }
    }
    return ex_referee_serve(stdin, stdout, (size_t)max_line, (size_t)max_games);
}
