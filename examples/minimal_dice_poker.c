/* minimal_dice_poker.c: a seeded game of dice poker between two greedy bots.
   It prints the game record (alea-referee accepts it), then reads the cards
   through the typed view of <alea/dice_poker.h>. */
#include <alea/dice_poker.h>
#include <stdio.h>

int main(void) {
    alea_dice_poker_options opts = ALEA_DICE_POKER_OPTIONS_INIT; /* 2 players, 3 columns */
    alea_dice_poker_view view = {.version = ALEA_DICE_POKER_VIEW_VERSION};
    alea_state st;
    alea_rng rng;
    alea_error err;
    char text[ALEA_SPEC_MAX];
    uint64_t action;

    alea_rng_seed(&rng, 42);
    if (alea_dice_poker_init(&st, &opts, &err) != ALEA_OK)
        return fprintf(stderr, "%s\n", err.message), 1;
    alea_state_spec(text, sizeof text, NULL, &st);
    puts(text); /* a record starts with the spec */
    while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
        alea_status s = alea_state_current_player(&st) == ALEA_PLAYER_CHANCE
                            ? alea_state_sample(&action, &st, &rng) /* throw the dice */
                            : alea_bot_choose(&action, &st, ALEA_BOT_GREEDY, &rng);
        alea_state_action_to_text(text, sizeof text, NULL, &st, action);
        puts(text); /* "roll 1,1,3,5,6", "hold 1,1", "write full", "school 4" ... */
        if (s != ALEA_OK || alea_state_apply(&st, action, &err) != ALEA_OK)
            return fprintf(stderr, "%s: %s\n", text, err.message), 1;
    }
    alea_dice_poker_get_view(&view, &st);
    printf("# final scores");
    for (int p = 0; p < view.players; p++)
        printf("%s seat %d: %d", p ? "," : "", p, (int)view.card[p].score);
    for (int p = 0; p < view.players; p++)
        printf("\n# seat %d: reserve %d", p, (int)view.card[p].reserve);
    printf("\n");
    return 0;
}
