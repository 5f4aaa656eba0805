/* Fuzz target: backgammon match files (.mat, .sgf), both parsers and both
   entry points (NUL-terminated and explicit length): every
   state handed to the callback is valid, a refusal names game, move and
   line, and a file read without error is written back in both formats and
   reads back as the same games (the actions the formats carry, the score,
   the names as the format carries them), or the writer refuses by the rule
   the format lacks (issue 24 items 4 and 7). */
#include "fuzz.h"
#include "matchfile_oracle.h"

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
        static uint64_t fa[4096], fb[4096];
        size_t na = filtered(s.list, s.actions, fa);
        const char *names[2] = {info.names[0], info.names[1]};
        for (int out_format = ALEA_BACKGAMMON_FORMAT_MAT; out_format <= ALEA_BACKGAMMON_FORMAT_SGF;
             out_format++) {
            static char out[1 << 20];
            static seen back;
            alea_backgammon_match_info again;
            char want[ALEA_BACKGAMMON_NAME_MAX];
            size_t len = 0;
            st = alea_backgammon_write_match(out, sizeof out, &len, out_format, info.spec, s.list,
                                             s.actions, names, &err);
            /* or refused by the rule the format cannot carry (issue 24: crawford=off, Jacoby
               read from an .sgf into .mat; a beaver into .sgf) */
            if (st == ALEA_BUFFER_TOO_SMALL)
                continue;
            if (st != ALEA_OK) {
                FUZZ_ASSERT(st == ALEA_INVALID_ARGUMENT && strstr(err.message, "§") != NULL);
                FUZZ_ASSERT(strstr(err.message, "§6") == NULL); /* it read whole games */
                continue;
            }
            again.version = ALEA_BACKGAMMON_MATCH_INFO_VERSION;
            back.actions = 0;
            st = alea_backgammon_read_match(&again, out, out_format, on_entry, &back, &err);
            if (st != ALEA_OK) {
                fprintf(stderr, "written as %d, read back as %s: %s\n%s\n", out_format,
                        alea_status_name(st), err.message, out);
                FUZZ_FAIL("what alea writes, alea reads");
            }
            size_t nb = filtered(back.list, back.actions, fb);
            FUZZ_ASSERT(back.actions <= 4096 && nb == na && memcmp(fa, fb, na * sizeof fa[0]) == 0);
            FUZZ_ASSERT(again.score[0] == info.score[0] && again.score[1] == info.score[1]);
            FUZZ_ASSERT(again.games == info.games && again.complete == info.complete);
            for (int p = 0; p < 2; p++) {
                if (!printable(info.names[p]))
                    continue;
                carried(want, info.names[p], out_format);
                if (strcmp(again.names[p], want) != 0) {
                    fprintf(stderr, "format %d: name '%s' read back as '%s'\n", out_format, want,
                            again.names[p]);
                    FUZZ_FAIL("the same names");
                }
            }
        }
    }
    free(text);
    return 0;
}
