/* Fuzz target: alea-referee --serve's request handler (examples/referee_serve.c).
   The input is split into lines, each handed to the handler as one request on
   one server (at most 4 open games); every reply must be one JSON object with
   a boolean "ok", and a refusal must carry an ALEA_ status name and a reason. */
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    ex_server *srv = ex_server_new(MAX_GAMES);
    size_t at = 0;
    FUZZ_ASSERT(srv != NULL);
    while (at < size) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        size_t len = nl ? (size_t)(nl - (data + at)) : size - at;
        /* exactly len bytes on the heap: a read past the line is an ASan error */
        char *line = malloc(len ? len : 1);
        char *reply;
        FUZZ_ASSERT(line != NULL);
        memcpy(line, data + at, len);
        reply = ex_server_handle(srv, line, len);
        check_reply(reply);
        free(reply);
        free(line);
        FUZZ_ASSERT(ex_server_open_games(srv) <= MAX_GAMES);
        at += len + 1;
    }
    ex_server_free(srv);
    return 0;
}
