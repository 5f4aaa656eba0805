/* Fuzz target: option specs ("dice-poker players=3 ..."). An accepted spec
   gives a valid state whose canonical spec gives the same state. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size);
    alea_state st, again;
    alea_error err;
    char canon[ALEA_SPEC_MAX];
    if (alea_state_init(&st, text, &err) == ALEA_OK) {
        FUZZ_ASSERT(alea_state_validate(&st, NULL) == ALEA_OK);
        FUZZ_ASSERT(alea_state_spec(canon, sizeof canon, NULL, &st) == ALEA_OK);
        FUZZ_ASSERT(alea_state_init(&again, canon, NULL) == ALEA_OK);
        FUZZ_ASSERT(alea_state_equal(&st, &again));
    } else {
        FUZZ_ASSERT(err.message[0] != '\0');
    }
    free(text);
    return 0;
}
