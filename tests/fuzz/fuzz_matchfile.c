/* Fuzz target: backgammon match files (.mat, .sgf), both parsers and both
   entry points (NUL-terminated and explicit length): every
   state handed to the callback is valid, a refusal names game, move and
   line, and a file read without error is written back and read again. */
#include "fuzz.h"

#include <alea/backgammon.h>

typedef struct seen {
    size_t actions;
    uint64_t list[4096];
} seen;

static alea_status on_entry(void *ctx, const alea_backgammon_match_entry *e) {
    seen *s = ctx;
    FUZZ_ASSERT(alea_state_validate(e->after, NULL) == ALEA_OK);
    FUZZ_ASSERT(e->game >= 1 && e->line >= 1);
    if (s->actions < 4096)
        s->list[s->actions] = e->action;
    s->actions++;
    return ALEA_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size);
    for (int format = ALEA_BACKGAMMON_FORMAT_AUTO; format <= ALEA_BACKGAMMON_FORMAT_SGF; format++) {
        static seen s;
        alea_backgammon_match_info info;
        alea_error err;
        info.version = ALEA_BACKGAMMON_MATCH_INFO_VERSION;
        s.actions = 0;
        alea_status st = alea_backgammon_read_match(&info, text, format, on_entry, &s, &err);
        /* the explicit-length form over the raw bytes (no terminator: ASan sees a read past
           them): the same answer, or the NUL refused */
        char *exact = fuzz_exact(data, size);
        alea_error err_n;
        alea_status st_n =
            alea_backgammon_read_match_n(NULL, exact, size, format, NULL, NULL, &err_n);
        free(exact);
        FUZZ_ASSERT(memchr(data, 0, size) ? st_n == ALEA_PARSE_ERROR : st_n == st);
        if (st != ALEA_OK) {
            FUZZ_ASSERT(err.message[0] != '\0');
            FUZZ_ASSERT(strncmp(err.message, "game ", 5) == 0);
            continue;
        }
        if (s.actions > 4096)
            continue;
        static char out[1 << 20];
        size_t len = 0;
        st = alea_backgammon_write_match(out, sizeof out, &len, ALEA_BACKGAMMON_FORMAT_MAT,
                                         info.spec, s.list, s.actions, NULL, &err);
        /* or refused by the rule .mat cannot carry (issue 24: crawford=off, Jacoby
           read from an .sgf) */
        FUZZ_ASSERT(st == ALEA_OK || st == ALEA_BUFFER_TOO_SMALL ||
                    (st == ALEA_INVALID_ARGUMENT && strstr(err.message, "§") != NULL &&
                     strstr(err.message, ".mat") != NULL));
        if (st == ALEA_OK)
            FUZZ_ASSERT(alea_backgammon_read_match(NULL, out, ALEA_BACKGAMMON_FORMAT_MAT, NULL,
                                                   NULL, &err) == ALEA_OK);
    }
    free(text);
    return 0;
}
