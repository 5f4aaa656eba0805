/* Fuzz target: option specs ("dice-poker players=3 ..."). An accepted spec
   gives a valid state whose canonical spec gives the same state.  The `_n`
   twin on the exact bytes agrees with the C-string call, or refuses a NUL, and
   so does alea_state_new_n(). */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size), *exact = fuzz_exact(data, size);
    alea_state st, again, st_n;
    alea_error err, err_n;
    char canon[ALEA_SPEC_MAX];
    alea_status s = alea_state_init(&st, text, &err);
    alea_status s_n = alea_state_init_n(&st_n, exact, size, &err_n);
    { /* the allocating twin: the same answer, nothing handed out on a refusal */
        alea_state *heap = (alea_state *)&st; /* any non-NULL value: it must be set */
        alea_status s_new = alea_state_new_n(&heap, exact, size, NULL);
        FUZZ_ASSERT(s_new == s_n &&
                    (s_new == ALEA_OK ? heap && alea_state_equal(heap, &st_n) : heap == NULL));
        alea_state_free(heap);
    }
    free(exact);
    if (fuzz_has_nul(data, size))
        FUZZ_ASSERT(s_n == ALEA_PARSE_ERROR);
    else
        FUZZ_ASSERT(s_n == s && (s != ALEA_OK || alea_state_equal(&st, &st_n)));
    if (s == ALEA_OK) {
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
