/* Fuzz target: action sequences, valid and invalid, through every game.
   Byte 0 picks the game; then each 9-byte chunk is a flag and a value: an even
   flag applies legal action number (value mod count), an odd one applies the
   raw 64-bit value.  Refused actions must leave the state byte-identical;
   applied ones must have been listed; the state must stay valid. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    alea_state st;
    uint64_t legal[ALEA_MAX_ACTIONS];
    if (size < 1)
        return 0;
    if (alea_state_init(&st, alea_game_id(alea_game_at(data[0] % alea_game_count())), NULL) !=
        ALEA_OK)
        abort();
    for (size_t at = 1; at + 9 <= size; at += 9) {
        uint64_t value = 0, action;
        size_t n = 0;
        for (int i = 0; i < 8; i++)
            value |= (uint64_t)data[at + 1 + (size_t)i] << (8 * i);
        FUZZ_ASSERT(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, &st) == ALEA_OK);
        if (n == 0)
            break;
        action = (data[at] & 1) ? value : legal[value % n];
        fuzz_apply_checked(&st, action);
    }
    FUZZ_ASSERT(alea_state_validate(&st, NULL) == ALEA_OK);
    return 0;
}
