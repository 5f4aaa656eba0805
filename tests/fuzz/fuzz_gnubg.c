/* Fuzz target: GNU Backgammon Position and Match IDs (§8-9 of the rule file).
   The input is up to three lines: Position ID, Match ID, spec (the spec line
   may be missing: NULL = "backgammon").  An accepted pair must give a valid
   state whose own IDs and canonical spec give the same state back; a refused
   one must leave the output untouched.  The Position ID alone goes through
   the decoder too. */
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size);
    char *pid = text, *mid = next_line(pid), *spec = next_line(mid);
    alea_state st, untouched;
    alea_error err;
    int32_t first[26], second[26];
    (void)next_line(spec);
    memset(&st, 0xA5, sizeof st);
    memcpy(&untouched, &st, sizeof st);
    if (alea_backgammon_from_gnubg(&st, spec, pid, mid ? mid : "", &err) == ALEA_OK)
        check_round_trip(&st);
    else {
        FUZZ_ASSERT(memcmp(&st, &untouched, sizeof st) == 0);
        FUZZ_ASSERT(err.message[0] != '\0');
    }
    if (alea_backgammon_decode_position_id(first, second, pid, &err) == ALEA_OK) {
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
