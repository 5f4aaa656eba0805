/* minimal_backgammon.c: a seeded match to 3 points, with the doubling cube,
   between two greedy bots.  It prints the game record (alea-referee accepts
   it), then reads the match through the typed view of <alea/backgammon.h>. */
#include <alea/backgammon.h>
#include <stdio.h>

int main(void) {
    alea_backgammon_options opts = ALEA_BACKGAMMON_OPTIONS_INIT;
    alea_backgammon_view view = {.version = ALEA_BACKGAMMON_VIEW_VERSION};
    alea_state st;
    alea_rng rng;
    alea_error err;
    char text[ALEA_SPEC_MAX], pos_id[15], match_id[13];
    uint64_t action;

    opts.match = 3; /* the cube is on in a match, Crawford rule included (§7.4) */
    alea_rng_seed(&rng, 42);
    if (alea_backgammon_init(&st, &opts, &err) != ALEA_OK)
        return fprintf(stderr, "%s\n", err.message), 1;
    alea_state_spec(text, sizeof text, NULL, &st);
    puts(text); /* a record starts with the spec */
    while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
        alea_status s = alea_state_current_player(&st) == ALEA_PLAYER_CHANCE
                            ? alea_state_sample(&action, &st, &rng) /* throw the dice */
                            : alea_bot_choose(&action, &st, ALEA_BOT_GREEDY, &rng);
        alea_state_action_to_text(text, sizeof text, NULL, &st, action);
        puts(text); /* "opening 6-5", "dice 4-2", "24/20 13/11", "double", "take" ... */
        if (s != ALEA_OK || alea_state_apply(&st, action, &err) != ALEA_OK)
            return fprintf(stderr, "%s: %s\n", text, err.message), 1;
    }
    alea_backgammon_get_view(&view, &st);
    alea_backgammon_position_id(pos_id, ALEA_BACKGAMMON_POSITION_ID_SIZE, NULL, &st);
    alea_backgammon_match_id(match_id, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, &st);
    printf("# final scores seat 0: %d, seat 1: %d\n", (int)view.score[0], (int)view.score[1]);
    printf("# match to %d: %d games, cube %d, last game won by seat %d for %d point(s)\n",
           (int)view.match_length, (int)view.games_played, (int)view.cube_value,
           (int)view.last_winner, (int)view.last_value);
    printf("# gnubg Position ID %s Match ID %s\n", pos_id, match_id);
    return 0;
}
