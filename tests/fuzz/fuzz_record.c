/* Fuzz target: whole game records (the referee of a game server).  The `_n`
   twin on the exact bytes agrees with the C-string call when there is no NUL,
   and never accepts a record that holds one. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size);
    alea_state st;
    alea_error err;
    size_t applied = 0, applied_n = 0;
    alea_state st_n;
    char *exact = fuzz_exact(data, size);
    alea_status s_n;
    memset(&st_n, 0, sizeof st_n);
    s_n = alea_record_replay_n(&st_n, &applied_n, exact, size, NULL);
    free(exact);
    memset(&st, 0, sizeof st);
    if (fuzz_has_nul(data, size))
        FUZZ_ASSERT(s_n != ALEA_OK);
    else
        FUZZ_ASSERT(s_n == alea_record_replay(&st, &applied, text, NULL) && applied_n == applied &&
                    memcmp(&st, &st_n, sizeof st) == 0);
    memset(&st, 0, sizeof st);
    if (alea_record_replay(&st, &applied, text, &err) == ALEA_OK) {
        FUZZ_ASSERT(alea_state_validate(&st, NULL) == ALEA_OK);
    } else {
        FUZZ_ASSERT(err.message[0] != '\0');
        /* The state before the bad line, when the spec line was good. */
        FUZZ_ASSERT(alea_state_size(&st) == 0 || alea_state_validate(&st, NULL) == ALEA_OK);
    }
    free(text);
    return 0;
}
