/* Fuzz target: action sequences, valid and invalid, through every game.
   Byte 0 picks the game; then each 9-byte chunk is a flag and a value: an even
   flag applies legal action number (value mod count), an odd one applies the
   raw 64-bit value.  Refused actions must leave the state byte-identical;
   applied ones must have been listed; the state must stay valid.  The play
   loop's one-call steps agree with the separate calls: alea_state_apply_and_list
   (the same status and state, the next player and legal list, nothing written
   on a refusal) and, at a chance node, alea_state_roll_and_list against
   alea_state_roll with the same rng. */
#include "fuzz.h"

/* apply_and_list and roll_and_list on copies, against apply, roll and the list. */
static void check_steps(const alea_state *st, uint64_t action, uint64_t seed) {
    static alea_step step;
    static uint64_t legal[ALEA_MAX_ACTIONS];
    alea_state by_step, by_calls, before;
    alea_rng r1, r2;
    size_t n = 0;
    alea_state_copy(&by_step, st);
    alea_state_copy(&by_calls, st);
    alea_state_copy(&before, st);
    memset(&step, 0x5A, sizeof step);
    alea_status s = alea_state_apply_and_list(&step, &by_step, action, NULL);
    FUZZ_ASSERT(s == alea_state_apply(&by_calls, action, NULL));
    FUZZ_ASSERT(memcmp(&by_step, &by_calls, alea_state_size(st)) == 0);
    if (s != ALEA_OK) {
        FUZZ_ASSERT(memcmp(&by_step, &before, alea_state_size(st)) == 0);
        FUZZ_ASSERT(step.count == 0x5A5A5A5Au); /* not written */
    } else {
        int who = alea_state_current_player(&by_calls);
        FUZZ_ASSERT(step.player == who && step.outcome == action);
        FUZZ_ASSERT(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, &by_calls) == ALEA_OK);
        if (who >= 0)
            FUZZ_ASSERT(step.count == n && memcmp(step.actions, legal, n * sizeof legal[0]) == 0);
        else
            FUZZ_ASSERT(step.count == 0);
    }
    if (alea_state_current_player(st) != ALEA_PLAYER_CHANCE)
        return;
    alea_state_copy(&by_step, st);
    alea_state_copy(&by_calls, st);
    alea_rng_seed(&r1, seed);
    r2 = r1;
    uint64_t outcome = 0;
    FUZZ_ASSERT(alea_state_roll_and_list(&step, &by_step, &r1, NULL) == ALEA_OK);
    FUZZ_ASSERT(alea_state_roll(&outcome, &by_calls, &r2) == ALEA_OK);
    FUZZ_ASSERT(step.outcome == outcome && memcmp(&r1, &r2, sizeof r1) == 0);
    FUZZ_ASSERT(memcmp(&by_step, &by_calls, alea_state_size(st)) == 0);
    FUZZ_ASSERT(step.player == alea_state_current_player(&by_calls));
}

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
        check_steps(&st, action, value);
        fuzz_apply_checked(&st, action);
    }
    FUZZ_ASSERT(alea_state_validate(&st, NULL) == ALEA_OK);
    return 0;
}
