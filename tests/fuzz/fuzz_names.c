/* Fuzz target: the names a host passes through from its users (issue 24
   item 7): game ids (alea_game_find, _find_n), bot kinds (alea_bot_find) and
   levels of play (alea_bot_options_level).  A name is found only when it is
   exactly one of the library's own (alea_game_id, alea_bot_name,
   alea_bot_level_name); the `_n` twin on the exact bytes agrees with the
   C-string call, or refuses a NUL; a level refused leaves the options
   untouched and says why, a level found gives options the bots accept. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = fuzz_text(data, size), *exact = fuzz_exact(data, size);
    const alea_game *g = alea_game_find(text), *g_n = alea_game_find_n(exact, size);
    free(exact);
    FUZZ_ASSERT(fuzz_has_nul(data, size) ? g_n == NULL : g_n == g);
    FUZZ_ASSERT(g == NULL || strcmp(alea_game_id(g), text) == 0);
    if (!g) /* every game's id is found */
        for (size_t i = 0; i < alea_game_count(); i++)
            FUZZ_ASSERT(strcmp(alea_game_id(alea_game_at(i)), text) != 0);

    alea_bot_kind kind = alea_bot_find(text);
    FUZZ_ASSERT(kind == ALEA_BOT_NONE || (kind >= 0 && kind < ALEA_BOT_KIND_COUNT &&
                                          strcmp(alea_bot_name(kind), text) == 0));
    if (kind == ALEA_BOT_NONE)
        for (int k = 0; k < ALEA_BOT_KIND_COUNT; k++)
            FUZZ_ASSERT(strcmp(alea_bot_name((alea_bot_kind)k), text) != 0);

    for (size_t i = 0; i < alea_game_count(); i++) {
        const alea_game *game = alea_game_at(i);
        alea_bot_options o, untouched;
        alea_error err;
        size_t level = 0, ws = 0;
        memset(&o, 0x5A, sizeof o);
        untouched = o;
        alea_status s = alea_bot_options_level(&o, game, text, &err);
        while (alea_bot_level_name(game, level) &&
               strcmp(alea_bot_level_name(game, level), text) != 0)
            level++;
        if (alea_bot_level_name(game, level)) { /* one of the game's levels */
            FUZZ_ASSERT(s == ALEA_OK && o.version == ALEA_BOT_OPTIONS_VERSION);
            FUZZ_ASSERT(alea_bot_workspace_size(&ws, &o, game, NULL) == ALEA_OK && ws > 0);
        } else {
            FUZZ_ASSERT(s == ALEA_INVALID_ARGUMENT && err.message[0]);
            FUZZ_ASSERT(memcmp(&o, &untouched, sizeof o) == 0);
        }
    }
    free(text);
    return 0;
}
