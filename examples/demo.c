/*
 * alea-demo: plays one seeded bot game of every registered game and prints it.
 *
 *   alea-demo [--seed N] [--game ID | --spec "ID key=value ..."] [--quiet]
 *             [--board-every N] [--seat0 KIND] ... [--seat3 KIND] [--list]
 *
 * KIND is a bot name ("greedy", "random").  By default seat 0 is greedy and
 * the other seats are random.  Every action is printed with its number, which
 * is also its line in a record (line 1 is the spec), and with the seat that
 * made it; dice are printed as "dice".  Nothing here knows any game: a new
 * game in the registry is demonstrated without changes.
 */
#include "common.h"

#include <stdlib.h>
#include <string.h>

#define DEFAULT_SEED 2024u
#define DEFAULT_BOARD_EVERY 50
/* A safety net against a game that never ends. */
#define MAX_PLIES 1000000L

typedef struct demo_options {
    uint64_t seed;
    const char *game_id; /* NULL: every game */
    const char *spec;    /* NULL: the game's defaults */
    int quiet;
    long board_every;          /* print the board every N player moves; 0: never */
    int bot[ALEA_MAX_PLAYERS]; /* bot kind per seat */
} demo_options;

static void usage(FILE *f) {
    fprintf(f,
            "usage: alea-demo [options]\n"
            "  --seed N         seed of the dice and the bots (default %u)\n"
            "  --game ID        play only this game (default: every registered game)\n"
            "  --spec SPEC      play this spec, e.g. \"dice-poker players=3\"\n"
            "  --quiet          print the moves only (no boards)\n"
            "  --board-every N  print the board every N player moves (default %d, 0: never)\n"
            "  --seatK KIND     bot of seat K (0..%d): random or greedy\n"
            "                   (default: seat 0 greedy, the others random)\n"
            "  --list           list the registered games and their options\n"
            "  --version        print the version and exit\n",
            DEFAULT_SEED, DEFAULT_BOARD_EVERY, ALEA_MAX_PLAYERS - 1);
}

/* Copies name number `index` of "a|b|c" into buf. */
static const char *choice_name(char *buf, size_t cap, const char *choices, int32_t index) {
    const char *p = choices != NULL ? choices : "";
    for (int32_t k = 0; k < index && strchr(p, '|') != NULL; k++)
        p = strchr(p, '|') + 1;
    size_t n = strcspn(p, "|");
    if (n >= cap)
        n = cap - 1;
    memcpy(buf, p, n);
    buf[n] = '\0';
    return buf;
}

/* --list: the registry, with every option of every game. */
static int list_games(void) {
    for (size_t i = 0; i < alea_game_count(); i++) {
        const alea_game *game = alea_game_at(i);
        alea_game_info info;
        if (alea_game_get_info(&info, game) != ALEA_OK)
            return 1;
        printf("%-12s %s: %s\n", info.id, info.title, info.summary);
        printf("%-12s players %d..%d, at most %u legal actions, state %u bytes\n", "",
               (int)info.min_players, (int)info.max_players, info.max_actions, info.state_size);
        for (size_t k = 0; k < info.option_count; k++) {
            alea_option_info opt;
            if (alea_game_option(&opt, game, k) != ALEA_OK)
                return 1;
            char name[64];
            if (opt.kind == ALEA_OPTION_CHOICE)
                printf("%-12s   %s=%s (%s): %s\n", "", opt.name,
                       choice_name(name, sizeof name, opt.choices, opt.def), opt.choices, opt.help);
            else if (opt.kind == ALEA_OPTION_BOOL)
                printf("%-12s   %s=%s (on/off): %s\n", "", opt.name, opt.def ? "on" : "off",
                       opt.help);
            else
                printf("%-12s   %s=%d (%d..%d): %s\n", "", opt.name, (int)opt.def, (int)opt.min,
                       (int)opt.max, opt.help);
        }
    }
    return 0;
}

/* Plays one game from `spec`; returns 0, or 1 after printing what went wrong. */
static int play_game(const char *spec, const demo_options *opt) {
    alea_error err = {0};
    alea_state st;
    alea_status s = alea_state_init(&st, spec, &err);
    if (s != ALEA_OK) {
        ex_print_error(stderr, spec, s, &err);
        return 1;
    }

    alea_game_info info;
    char canon[EX_SPEC_MAX];
    if (alea_game_get_info(&info, alea_state_game(&st)) != ALEA_OK ||
        alea_state_spec(canon, sizeof canon, NULL, &st) != ALEA_OK) {
        fprintf(stderr, "alea-demo: cannot describe %s\n", spec);
        return 1;
    }
    int players = alea_state_num_players(&st);

    printf("=== %s ===\n", info.title);
    printf("spec: %s\nseed: %llu\nseats:", canon, (unsigned long long)opt->seed);
    for (int p = 0; p < players; p++)
        printf(" %d=%s", p, alea_bot_name(opt->bot[p]));
    printf("\n");
    if (!opt->quiet) {
        printf("%s\n\n", info.summary);
        ex_print_board(stdout, &st);
    }

    /* Two streams from one seed: the dice, and the bots' choices. */
    alea_rng dice, bots;
    alea_rng_seed(&dice, opt->seed);
    bots = dice;
    alea_rng_jump(&bots);

    long ply = 0, moves = 0;
    char text[ALEA_ACTION_TEXT_MAX];
    for (;;) {
        int who = alea_state_current_player(&st);
        uint64_t action;
        if (who == ALEA_PLAYER_TERMINAL)
            break;
        if (++ply > MAX_PLIES) {
            fprintf(stderr, "alea-demo: %s did not end after %ld actions\n", info.id, MAX_PLIES);
            return 1;
        }
        if (who == ALEA_PLAYER_CHANCE) {
            /* alea_state_roll applies the outcome at once; keep the state it
               was thrown in, to write the roll in notation. */
            alea_state before;
            alea_state_copy(&before, &st);
            s = alea_state_roll(&action, &st, &dice);
            if (s != ALEA_OK) {
                ex_print_error(stderr, "alea_state_roll", s, NULL);
                return 1;
            }
            printf("%5ld  dice    %s\n", ply, ex_action_text(text, &before, action));
            continue;
        }
        if (who < 0 || who >= players) {
            fprintf(stderr, "alea-demo: bad current player %d\n", who);
            return 1;
        }
        s = alea_bot_choose(&action, &st, opt->bot[who], &bots);
        if (s != ALEA_OK) {
            ex_print_error(stderr, "alea_bot_choose", s, NULL);
            return 1;
        }
        ex_action_text(text, &st, action); /* before applying: the text needs the context */
        s = alea_state_apply(&st, action, &err);
        if (s != ALEA_OK) {
            ex_print_error(stderr, "alea_state_apply", s, &err);
            return 1;
        }
        printf("%5ld  seat %d  %s\n", ply, who, text);
        moves++;
        if (!opt->quiet && opt->board_every > 0 && moves % opt->board_every == 0 &&
            alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
            printf("\n");
            ex_print_board(stdout, &st);
            printf("\n");
        }
    }

    if (!opt->quiet) {
        printf("\nFinal position after %ld actions (%ld moves):\n", ply, moves);
        ex_print_board(stdout, &st);
    } else {
        printf("%ld actions (%ld moves)\n", ply, moves);
    }
    if (ex_print_result(stdout, &st) != ALEA_OK) {
        fprintf(stderr, "alea-demo: no result\n");
        return 1;
    }
    printf("\n");
    return 0;
}

int main(int argc, char **argv) {
    if (ex_version_requested(argc, argv, "alea-demo"))
        return 0;
    demo_options opt;
    memset(&opt, 0, sizeof opt);
    opt.seed = DEFAULT_SEED;
    opt.board_every = DEFAULT_BOARD_EVERY;
    opt.bot[0] = ALEA_BOT_GREEDY;
    for (int p = 1; p < ALEA_MAX_PLAYERS; p++)
        opt.bot[p] = ALEA_BOT_RANDOM;

    if (ALEA_CHECK_ABI() != ALEA_OK) {
        fprintf(stderr, "alea-demo: built against other alea headers than the library %s\n",
                alea_version_string());
        return 1;
    }

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t n;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--list") == 0) {
            return list_games();
        } else if (strcmp(a, "--quiet") == 0 || strcmp(a, "-q") == 0) {
            opt.quiet = 1;
        } else if (strcmp(a, "--seed") == 0 && val != NULL && ex_parse_u64(val, &n) == 0) {
            opt.seed = n;
            i++;
        } else if (strcmp(a, "--board-every") == 0 && val != NULL && ex_parse_u64(val, &n) == 0 &&
                   n < 1000000) {
            opt.board_every = (long)n;
            i++;
        } else if (strcmp(a, "--game") == 0 && val != NULL) {
            opt.game_id = val;
            i++;
        } else if (strcmp(a, "--spec") == 0 && val != NULL) {
            opt.spec = val;
            i++;
        } else if (strncmp(a, "--seat", 6) == 0 && a[6] >= '0' && a[6] < '0' + ALEA_MAX_PLAYERS &&
                   a[7] == '\0' && val != NULL && alea_bot_find(val) >= 0) {
            opt.bot[a[6] - '0'] = alea_bot_find(val);
            i++;
        } else {
            fprintf(stderr, "alea-demo: bad argument '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }

    if (opt.spec != NULL)
        return play_game(opt.spec, &opt);
    if (opt.game_id != NULL) {
        if (alea_game_find(opt.game_id) == NULL) {
            fprintf(stderr, "alea-demo: no game '%s' (try --list)\n", opt.game_id);
            return 2;
        }
        return play_game(opt.game_id, &opt);
    }
    int failed = 0;
    for (size_t i = 0; i < alea_game_count(); i++)
        failed |= play_game(alea_game_id(alea_game_at(i)), &opt);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "alea-demo: error writing the output\n");
        return 1;
    }
    return failed;
}
