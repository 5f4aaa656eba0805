/* minimal_wise_dice.c: a seeded game of wise dice between two greedy bots.
   It prints the game record (alea-referee accepts it), then reads the pawns
   through the typed view of <alea/wise_dice.h>. */
#include <alea/wise_dice.h>
#include <stdio.h>

int main(void) {
    alea_wise_dice_options opts = ALEA_WISE_DICE_OPTIONS_INIT;
    alea_wise_dice_view view = {.version = ALEA_WISE_DICE_VIEW_VERSION};
    alea_state st;
    alea_rng rng;
    alea_error err;
    char text[ALEA_SPEC_MAX];
    uint64_t action;

    opts.max_moves = 500; /* the move-count safeguard (W-10.5) */
    alea_rng_seed(&rng, 42);
    if (alea_wise_dice_init(&st, &opts, &err) != ALEA_OK)
        return fprintf(stderr, "%s\n", err.message), 1;
    alea_state_spec(text, sizeof text, NULL, &st);
    puts(text); /* a record starts with the spec */
    while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
        alea_status s = alea_state_current_player(&st) == ALEA_PLAYER_CHANCE
                            ? alea_state_sample(&action, &st, &rng) /* starter, four dice */
                            : alea_bot_choose(&action, &st, ALEA_BOT_GREEDY, &rng);
        alea_state_action_to_text(text, sizeof text, NULL, &st, action);
        puts(text); /* "place C1", "start S", "roll 1236", "2/3:L/1/6", "pass" */
        if (s != ALEA_OK || alea_state_apply(&st, action, &err) != ALEA_OK)
            return fprintf(stderr, "%s: %s\n", text, err.message), 1;
    }
    alea_wise_dice_get_view(&view, &st);
    printf("# final scores seat 0: %d, seat 1: %d\n", (int)view.score[0], (int)view.score[1]);
    for (int p = 0; p < 2; p++) {
        int out = 0;
        for (int pip = 1; pip <= 6; pip++)
            out += view.pawn[p][pip - 1].square == ALEA_WISE_DICE_EXITED;
        printf("# %s: %d pawn(s) exited\n", p == 0 ? "South" : "North", out);
    }
    return 0;
}
