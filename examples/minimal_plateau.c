/* minimal_plateau.c: a seeded game of Plateau between two greedy bots.
   It prints the game record (alea-referee accepts it), then reads the board
   through the typed view of <alea/plateau.h>. */
#include <alea/plateau.h>
#include <stdio.h>

int main(void) {
    alea_plateau_options opts = ALEA_PLATEAU_OPTIONS_INIT;
    alea_plateau_view view = {.version = ALEA_PLATEAU_VIEW_VERSION};
    alea_state st;
    alea_rng rng;
    alea_error err;
    char text[ALEA_SPEC_MAX];
    uint64_t action;

    opts.max_plies = 400; /* a draw after 400 turns (R10.4) */
    alea_rng_seed(&rng, 42);
    if (alea_plateau_init(&st, &opts, &err) != ALEA_OK)
        return fprintf(stderr, "%s\n", err.message), 1;
    alea_state_spec(text, sizeof text, NULL, &st);
    puts(text); /* a record starts with the spec */
    while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
        if (alea_bot_choose(&action, &st, ALEA_BOT_GREEDY, &rng) != ALEA_OK)
            return 1; /* Plateau has no dice: a player is always to act */
        alea_state_action_to_text(text, sizeof text, NULL, &st, action);
        puts(text); /* "setup a1 xx rb", "on rb c2:1", "a1/2-a2:1-a3", "offer M+BL" ... */
        if (alea_state_apply(&st, action, &err) != ALEA_OK)
            return fprintf(stderr, "%s: %s\n", text, err.message), 1;
    }
    alea_plateau_get_view(&view, &st);
    int32_t scores[2]; /* prisoners held; 6 for the winner (R10) */
    size_t seats;
    alea_state_scores(scores, 2, &seats, &st);
    printf("# final scores seat 0: %d, seat 1: %d\n", (int)scores[0], (int)scores[1]);
    for (int p = 0; p < 2; p++) {
        uint8_t held[ALEA_PLATEAU_PIECE_TYPES];
        for (int t = 0; t < ALEA_PLATEAU_PIECE_TYPES; t++)
            held[t] = (uint8_t)view.prisoners[p][t];
        printf("# %s holds prisoners worth %d\n", p == 0 ? "Black" : "White",
               (int)alea_plateau_exchange_value(held));
    }
    printf("# result %d (1 Black wins, 2 White wins, 3 draw) after %d turns\n", (int)view.result,
           (int)view.plies);
    return 0;
}
