/* Fuzz target: move notation of every game.  Byte 0 picks the game, bytes 1-2
   a position (a seeded random game cut after that many steps), the rest is the
   move text.  An accepted text is a legal action whose own text parses back to
   it.  The `_n` twin on the exact bytes agrees with the C-string call, or
   refuses a NUL. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    alea_state st;
    alea_rng rng;
    alea_error err;
    uint64_t action, again;
    char *text, canon[ALEA_ACTION_TEXT_MAX];
    unsigned steps;
    if (size < 3)
        return 0;
    if (alea_state_init(&st, alea_game_id(alea_game_at(data[0] % alea_game_count())), NULL) !=
        ALEA_OK)
        abort();
    alea_rng_seed(&rng, data[1]);
    for (steps = data[2]; steps > 0; steps--) {
        int p = alea_state_current_player(&st);
        if (p == ALEA_PLAYER_TERMINAL)
            break;
        if (p == ALEA_PLAYER_CHANCE)
            alea_state_roll(NULL, &st, &rng);
        else if (alea_bot_choose(&action, &st, ALEA_BOT_RANDOM, &rng) == ALEA_OK)
            alea_state_apply(&st, action, NULL);
    }
    text = fuzz_text(data + 3, size - 3);
    {
        char *exact = fuzz_exact(data + 3, size - 3);
        uint64_t action_n = 0;
        alea_status s = alea_state_action_from_text(&action, &st, text, NULL);
        alea_status s_n = alea_state_action_from_text_n(&action_n, &st, exact, size - 3, NULL);
        free(exact);
        if (fuzz_has_nul(data + 3, size - 3))
            FUZZ_ASSERT(s_n == ALEA_PARSE_ERROR);
        else
            FUZZ_ASSERT(s_n == s && (s != ALEA_OK || action_n == action));
    }
    if (alea_state_action_from_text(&action, &st, text, &err) == ALEA_OK) {
        FUZZ_ASSERT(alea_state_check_action(&st, action, NULL) == ALEA_OK);
        FUZZ_ASSERT(alea_state_action_to_text(canon, sizeof canon, NULL, &st, action) == ALEA_OK);
        FUZZ_ASSERT(alea_state_action_from_text(&again, &st, canon, NULL) == ALEA_OK);
        FUZZ_ASSERT(again == action);
    } else {
        FUZZ_ASSERT(err.message[0] != '\0');
    }
    free(text);
    return 0;
}
