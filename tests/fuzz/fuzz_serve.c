/* Fuzz target: alea-referee --serve's request handler (examples/referee_serve.c).
   The input is split into lines, each handed to the handler as one request on
   one server (at most 4 open games); every reply must be one JSON object with
   a boolean "ok", and a refusal must carry an ALEA_ status name and a reason.
   Against a model of the open games (issue 24 item 7): a request that is not
   one JSON object with distinct keys is refused; a refusal changes no game's
   state and opens or closes none; "legal", "view" and "result" change
   nothing; "move", "dice" and "roll" change the named game only, to a valid
   state; "new" opens one game under a handle larger than every one before,
   "close" closes the named one. */
#include "fuzz.h"
#include "referee_serve.h"

#include <jansson.h>

#define MAX_GAMES 4

static void check_reply(const char *reply) {
    json_error_t jerr;
    json_t *r, *ok;
    FUZZ_ASSERT(reply != NULL);
    FUZZ_ASSERT(strchr(reply, '\n') == NULL); /* one line */
    r = json_loads(reply, 0, &jerr);
    FUZZ_ASSERT(json_is_object(r));
    ok = json_object_get(r, "ok");
    FUZZ_ASSERT(json_is_boolean(ok));
    FUZZ_ASSERT(json_object_get(r, "id") != NULL);
    if (json_is_false(ok)) {
        json_t *status = json_object_get(r, "status"), *reason = json_object_get(r, "reason");
        FUZZ_ASSERT(json_is_string(status));
        FUZZ_ASSERT(strncmp(json_string_value(status), "ALEA_", 5) == 0);
        FUZZ_ASSERT(json_is_string(reason) && json_string_length(reason) > 0);
    }
    json_decref(r);
}

typedef struct model {
    size_t open;
    uint64_t handle[MAX_GAMES];
    alea_state before[MAX_GAMES];
    uint64_t last_handle; /* handles grow: none is reused */
} model;

/* The named game of a request ("game": an integer), or 0. */
static uint64_t named_game(json_t *req) {
    json_t *g = json_object_get(req, "game");
    return json_is_integer(g) && json_integer_value(g) > 0 ? (uint64_t)json_integer_value(g) : 0;
}

static void check_model(ex_server *srv, model *m, json_t *req, const char *reply) {
    json_t *r = json_loads(reply, 0, NULL);
    int ok = json_is_true(json_object_get(r, "ok"));
    const char *op = json_string_value(json_object_get(req, "op"));
    uint64_t game = named_game(req);
    size_t changed = MAX_GAMES; /* the game that may change */
    if (!req)
        FUZZ_ASSERT(!ok); /* not one JSON object with distinct keys */
    if (ok && op && strcmp(op, "new") == 0) {
        json_int_t h = json_integer_value(json_object_get(r, "game"));
        FUZZ_ASSERT(h > 0 && (uint64_t)h > m->last_handle && m->open < MAX_GAMES);
        m->last_handle = (uint64_t)h;
        m->handle[m->open] = (uint64_t)h;
        alea_state_copy(&m->before[m->open], ex_server_game(srv, (uint64_t)h));
        changed = m->open++;
    } else if (ok && op && strcmp(op, "close") == 0) {
        size_t i;
        for (i = 0; i < m->open && m->handle[i] != game; i++)
            ;
        FUZZ_ASSERT(i < m->open && ex_server_game(srv, game) == NULL);
        m->open--;
        m->handle[i] = m->handle[m->open];
        m->before[i] = m->before[m->open];
    } else if (ok && op &&
               (strcmp(op, "move") == 0 || strcmp(op, "dice") == 0 || strcmp(op, "roll") == 0)) {
        for (changed = 0; changed < m->open && m->handle[changed] != game; changed++)
            ;
        FUZZ_ASSERT(changed < m->open);
    } else if (ok) {
        FUZZ_ASSERT(op && (strcmp(op, "legal") == 0 || strcmp(op, "view") == 0 ||
                           strcmp(op, "result") == 0));
    }
    FUZZ_ASSERT(ex_server_open_games(srv) == m->open);
    for (size_t i = 0; i < m->open; i++) {
        const alea_state *now = ex_server_game(srv, m->handle[i]);
        FUZZ_ASSERT(now != NULL);
        if (i == changed) {
            FUZZ_ASSERT(alea_state_validate(now, NULL) == ALEA_OK);
            alea_state_copy(&m->before[i], now);
        } else {
            FUZZ_ASSERT(memcmp(&m->before[i], now, alea_state_size(now)) == 0);
        }
    }
    json_decref(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static model m;
    ex_server *srv = ex_server_new(MAX_GAMES);
    size_t at = 0;
    FUZZ_ASSERT(srv != NULL);
    m.open = 0;
    m.last_handle = 0;
    while (at < size) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t len = nl ? (size_t)(nl - (data + at)) : size - at;
        /* exactly len bytes on the heap: a read past the line is an ASan error */
        char *line = malloc(len ? len : 1);
        char *reply;
        json_t *req;
        FUZZ_ASSERT(line != NULL);
        memcpy(line, data + at, len);
        req = json_loadb(line, len, JSON_ALLOW_NUL | JSON_REJECT_DUPLICATES, NULL);
        if (req && !json_is_object(req)) {
            json_decref(req);
            req = NULL;
        }
        reply = ex_server_handle(srv, line, len);
        check_reply(reply);
        check_model(srv, &m, req, reply);
        json_decref(req);
        free(reply);
        free(line);
        FUZZ_ASSERT(ex_server_open_games(srv) <= MAX_GAMES);
        at += len + 1;
    }
    ex_server_free(srv);
    return 0;
}
