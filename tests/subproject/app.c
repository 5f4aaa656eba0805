/* app.c: the superproject's program.  It plays one seeded bot game of every
   registered game through the generic API and uses a typed header, so a
   subproject build that lost a game, a header or the dependency's include
   path fails here. */
#include <alea/alea.h>
#include <alea/dice_poker.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    alea_dice_poker_options opts = ALEA_DICE_POKER_OPTIONS_INIT;
    alea_state st;
    alea_rng rng;
    if (ALEA_CHECK_ABI() != ALEA_OK || strcmp(alea_version_string(), ALEA_VERSION_STRING) != 0)
        return fprintf(stderr, "headers and library disagree\n"), 1;
    if (alea_game_count() != 4 || alea_dice_poker_init(&st, &opts, NULL) != ALEA_OK)
        return fprintf(stderr, "expected the four games, dice poker among them\n"), 1;
    for (size_t i = 0; i < alea_game_count(); i++) {
        const char *id = alea_game_id(alea_game_at(i));
        uint64_t action;
        int plies = 0;
        alea_rng_seed(&rng, 7);
        if (alea_state_init(&st, id, NULL) != ALEA_OK)
            return fprintf(stderr, "%s: cannot start\n", id), 1;
        while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL && plies++ < 100000) {
            alea_status s = alea_state_current_player(&st) == ALEA_PLAYER_CHANCE
                                ? alea_state_sample(&action, &st, &rng)
                                : alea_bot_choose(&action, &st, ALEA_BOT_RANDOM, &rng);
            if (s != ALEA_OK || alea_state_apply(&st, action, NULL) != ALEA_OK)
                return fprintf(stderr, "%s: ply %d refused\n", id, plies), 1;
        }
        if (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL)
            return fprintf(stderr, "%s: no end\n", id), 1;
        printf("%s: played to the end in %d plies\n", id, plies);
    }
    printf("superproject: alea %s as a subproject, %zu games\n", alea_version_string(),
           alea_game_count());
    return 0;
}
