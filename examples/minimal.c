/* minimal.c: embed alea in a program: a seeded bot game of dice poker. */
#include <alea/alea.h>
#include <stdio.h>

int main(void) {
    alea_state st;
    alea_rng rng;
    alea_error err;
    alea_rng_seed(&rng, 42);
    if (alea_state_init(&st, "dice-poker players=2", &err) != ALEA_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    for (;;) {
        int who = alea_state_current_player(&st);
        uint64_t action;
        if (who == ALEA_PLAYER_TERMINAL)
            break;
        if (who == ALEA_PLAYER_CHANCE) /* throw the dice */
            alea_state_roll(NULL, &st, &rng);
        else if (alea_bot_choose(&action, &st, ALEA_BOT_GREEDY, &rng) != ALEA_OK ||
                 alea_state_apply(&st, action, &err) != ALEA_OK)
            return 1;
    }
    alea_result res;
    alea_state_result(&res, &st);
    for (int seat = 0; seat < res.players; seat++)
        printf("seat %d: %d points, rank %d\n", seat, (int)res.score[seat], (int)res.rank[seat]);
    return 0;
}
