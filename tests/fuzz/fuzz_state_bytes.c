/* Fuzz target: raw state bytes through every public function that takes a
   state (issue 12 item 2, doc/hardening.md "Any bytes are safe").  Byte 0
   picks a seed state: a game and a number of seeded random actions from its
   start; the rest of the input overwrites the state's bytes from offset 8
   (after the head) on, or from offset 0 when the first byte is odd in its top
   bit, so that the head is fuzzed too.  tests/fuzz/state_calls.h holds the
   callers and the contract each must keep on damaged bytes. */
/* Tests the experimental tier too (doc/api.md "What 1.x guarantees"). */
#define ALEA_EXPERIMENTAL
#include "fuzz.h"

#define CALLS_ASSERT(cond) FUZZ_ASSERT(cond)
#include "state_calls.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static calls_ctx ctx; /* 33 KB: off the stack */
    alea_state st;
    alea_rng rng;
    size_t at, size_of;
    if (size < 1)
        return 0;
    memset(&st, 0, sizeof st);
    if (alea_state_init(&st, alea_game_id(alea_game_at(data[0] % alea_game_count())), NULL) !=
        ALEA_OK)
        abort();
    alea_rng_seed(&rng, data[0]);
    /* (data[0] / 4) % 32 * 7 random actions: the start, the middle and the end of games */
    for (int i = 0, steps = (data[0] >> 2) % 32 * 7; i < steps; i++) {
        int who = alea_state_current_player(&st);
        uint64_t legal[ALEA_MAX_ACTIONS];
        size_t n = 0;
        if (who == ALEA_PLAYER_TERMINAL)
            break;
        if (who == ALEA_PLAYER_CHANCE) {
            FUZZ_ASSERT(alea_state_roll(NULL, &st, &rng) == ALEA_OK);
            continue;
        }
        FUZZ_ASSERT(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, &st) == ALEA_OK && n);
        FUZZ_ASSERT(alea_state_apply(&st, legal[alea_rng_below(&rng, n)], NULL) == ALEA_OK);
    }
    size_of = alea_state_size(&st);
    at = (data[0] & 0x80) ? 0 : 8;
    for (size_t i = 1; i < size && at < size_of; i++)
        ((unsigned char *)&st)[at++] = data[i];
    calls_run(&ctx, &st, data[0], NULL);
    return 0;
}
