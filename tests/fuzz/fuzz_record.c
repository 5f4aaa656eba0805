/* Fuzz target: whole game records (the referee of a game server). */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size);
    alea_state st;
    alea_error err;
    size_t applied = 0;
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
