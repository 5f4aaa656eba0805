/* Fuzz target: GNU Backgammon Position and Match IDs (§8-9 of the rule file).
   The input is up to three lines: Position ID, Match ID, spec (the spec line
   may be missing: NULL = "backgammon").  An accepted pair must give a valid
   state whose own IDs and canonical spec give the same state back; a refused
   one must leave the output untouched.  The Position ID alone goes through
   the decoder too.  The `_n` twins on the exact bytes of the lines agree with
   the C-string calls, or refuse a NUL. */
#include "fuzz.h"

#include <alea/backgammon.h>

/* Cuts the text at the next newline; returns the rest (NULL at the end). */
static char *next_line(char *line) {
    char *nl = line ? strchr(line, '\n') : NULL;
    if (!nl)
        return NULL;
    *nl = '\0';
    return nl + 1;
}

static void check_round_trip(const alea_state *st) {
    char pid[15], mid[13], spec[ALEA_SPEC_MAX];
    alea_state again;
    alea_error err;
    size_t len = 0;
    FUZZ_ASSERT(alea_state_validate(st, NULL) == ALEA_OK);
    FUZZ_ASSERT(alea_backgammon_position_id(pid, ALEA_BACKGAMMON_POSITION_ID_SIZE, NULL, st) ==
                ALEA_OK);
    FUZZ_ASSERT(alea_backgammon_match_id(mid, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, st) == ALEA_OK);
    FUZZ_ASSERT(alea_state_spec(spec, sizeof spec, &len, st) == ALEA_OK);
    if (alea_backgammon_from_gnubg(&again, spec, pid, mid, &err) != ALEA_OK) {
        fprintf(stderr, "own IDs %s:%s (%s) refused: %s\n", pid, mid, spec, err.message);
        abort();
    }
    FUZZ_ASSERT(alea_state_equal(st, &again));
}

/* The explicit-length twins on exact copies of the same lines (the raw bytes,
   NUL bytes included): a NUL inside a line is ALEA_PARSE_ERROR, else the
   answer (status and state) of the C-string calls. */
static void check_n_twins(const uint8_t *data, size_t size, alea_status s, const alea_state *st,
                          alea_status s_pid, const int32_t first[26]) {
    size_t start[3] = {0, 0, 0}, len[3] = {0, 0, 0}, lines = 0, at = 0;
    int nul = 0;
    while (lines < 3) {
        const uint8_t *nl = memchr(data + at, '\n', size - at);
        start[lines] = at;
        len[lines] = nl ? (size_t)(nl - data) - at : size - at;
        nul |= memchr(data + at, 0, len[lines]) != NULL;
        lines++;
        if (!nl)
            break;
        at = (size_t)(nl - data) + 1;
    }
    char *pid = fuzz_exact(data + start[0], len[0]);
    char *mid = fuzz_exact(data + start[1], lines > 1 ? len[1] : 0);
    char *spec = fuzz_exact(data + start[2], lines > 2 ? len[2] : 0);
    alea_state out;
    int32_t a[26], b[26];
    memset(&out, 0xA5, sizeof out);
    alea_status s_n = alea_backgammon_from_gnubg_n(&out, lines > 2 ? spec : NULL, len[2], pid,
                                                   len[0], mid, lines > 1 ? len[1] : 0, NULL);
    alea_status s_pid_n = alea_backgammon_decode_position_id_n(a, b, pid, len[0], NULL);
    if (nul) {
        if (s_n != ALEA_PARSE_ERROR) {
            alea_error e;
            alea_backgammon_from_gnubg_n(&out, lines > 2 ? spec : NULL, len[2], pid, len[0], mid,
                                         lines > 1 ? len[1] : 0, &e);
            fprintf(stderr, "lines %zu (%zu %zu %zu): %s %s\n", lines, len[0], len[1], len[2],
                    alea_status_name(s_n), e.message);
        }
        FUZZ_ASSERT(s_n == ALEA_PARSE_ERROR);
    } else {
        FUZZ_ASSERT(s_n == s && (s != ALEA_OK || alea_state_equal(&out, st)));
        FUZZ_ASSERT(s_pid_n == s_pid && (s_pid != ALEA_OK || memcmp(a, first, sizeof a) == 0));
    }
    free(pid);
    free(mid);
    free(spec);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size);
    char *pid = text, *mid = next_line(pid), *spec = next_line(mid);
    alea_state st, untouched;
    alea_error err;
    int32_t first[26], second[26];
    (void)next_line(spec);
    memset(&st, 0xA5, sizeof st);
    memcpy(&untouched, &st, sizeof st);
    alea_status s = alea_backgammon_from_gnubg(&st, spec, pid, mid ? mid : "", &err);
    if (s == ALEA_OK)
        check_round_trip(&st);
    else {
        FUZZ_ASSERT(memcmp(&st, &untouched, sizeof st) == 0);
        FUZZ_ASSERT(err.message[0] != '\0');
    }
    alea_status s_pid = alea_backgammon_decode_position_id(first, second, pid, &err);
    check_n_twins(data, size, s, &st, s_pid, first);
    if (s_pid == ALEA_OK) {
        int a = 0, b = 0;
        for (int i = 0; i < 26; i++) {
            FUZZ_ASSERT(first[i] >= 0 && second[i] >= 0);
            a += first[i];
            b += second[i];
        }
        FUZZ_ASSERT(a == 15 && b == 15); /* off-board counts make up the rest */
    }
    free(text);
    return 0;
}
