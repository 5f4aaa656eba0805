/* Fuzz target: one-line state text (untrusted input of a game server).  An
   accepted text gives a valid state; writing it and reading that back gives
   the same state and the same text.  The `_n` twin on the exact bytes agrees
   with the C-string call, or refuses a NUL. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static char out[65536], again[65536];
    char *text = fuzz_text(data, size), *exact = fuzz_exact(data, size);
    alea_state st, back, st_n;
    alea_error err, err_n;
    alea_status s = alea_state_from_text(&st, text, &err);
    alea_status s_n = alea_state_from_text_n(&st_n, exact, size, &err_n);
    free(exact);
    if (fuzz_has_nul(data, size))
        FUZZ_ASSERT(s_n == ALEA_PARSE_ERROR);
    else
        FUZZ_ASSERT(s_n == s && (s != ALEA_OK || alea_state_equal(&st, &st_n)));
    if (s == ALEA_OK) {
        FUZZ_ASSERT(alea_state_validate(&st, NULL) == ALEA_OK);
        FUZZ_ASSERT(alea_state_to_text(out, sizeof out, NULL, &st) == ALEA_OK);
        FUZZ_ASSERT(alea_state_from_text(&back, out, NULL) == ALEA_OK);
        FUZZ_ASSERT(alea_state_equal(&st, &back));
        FUZZ_ASSERT(alea_state_to_text(again, sizeof again, NULL, &back) == ALEA_OK);
        FUZZ_ASSERT(strcmp(out, again) == 0);
        FUZZ_ASSERT(alea_state_to_json(out, sizeof out, NULL, &st) == ALEA_OK);
        FUZZ_ASSERT(alea_state_to_board(out, sizeof out, NULL, &st) == ALEA_OK);
    } else {
        FUZZ_ASSERT(err.message[0] != '\0');
    }
    free(text);
    return 0;
}
