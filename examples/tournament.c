/*
 * alea-bench --tournament: every pair of bots plays N seeded games of one game
 * spec, and a table gives each pair's score with a 95 % Wilson interval.
 *
 *   alea-bench --tournament [--games N] [--seed S] [--quiet] SPEC BOT BOT [BOT...]
 *
 * BOT is a bot name with optional parameters: "random", "heuristic",
 * "expectimax:depth=1", "mcts:playouts=300,exploration=0.7,nodes=20000,plies=0";
 * "budget=N" sets the node budget of a decision (alea_bot_options::node_budget).
 * The table ends with the CPU seconds per game and of the longest decision.
 * Games 2k and 2k+1 of a pair use the same dice seed with the seats swapped,
 * so luck cancels out as far as the play lets it; every bot draws from its own
 * stream.  A game's score for a bot is 1 if its seat alone ranks first, 1/2
 * for a shared first place (a draw), 0 otherwise; seats alternate between the
 * two bots (0: first bot of the game, 1: the other, 2: the first ...).
 */
#include "tournament.h"

#include "common.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_BOTS 16

typedef struct bot {
    const char *arg;
    alea_bot_options opts;
    void *ws;
    size_t ws_size;
} bot;

static void usage(FILE *f) {
    fprintf(f, "usage: alea-bench --tournament [--games N] [--seed S] [--quiet] SPEC BOT BOT "
               "[BOT...]\n"
               "  SPEC  a game spec, e.g. backgammon or \"dice-poker players=2\"\n"
               "  BOT   random | greedy | heuristic | expectimax[:depth=D] |\n"
               "        mcts[:playouts=P,exploration=C,nodes=N,plies=L] |\n"
               "        ply[:ply=P,noise=X,keep=K,margin=M] | a level of the game (expert...)\n"
               "        (any kind also :budget=B, the node budget of a decision)\n"
               "  --games N   games per pair of bots (default 100)\n"
               "  --seed S    seed of the dice and the bots (default 1)\n"
               "  --quiet     only the table\n");
}

/* "name:key=value,key=value" into options; the name is a kind or a level of
   the game. */
static int parse_bot(bot *b, const char *arg, const alea_game *game) {
    char name[32];
    const char *colon = strchr(arg, ':');
    size_t len = colon ? (size_t)(colon - arg) : strlen(arg);
    int kind;
    b->arg = arg;
    if (len >= sizeof name)
        return -1;
    memcpy(name, arg, len);
    name[len] = '\0';
    kind = alea_bot_find(name);
    if (kind >= 0 ? alea_bot_options_init(&b->opts, kind) != ALEA_OK
                  : alea_bot_options_level(&b->opts, game, name, NULL) != ALEA_OK)
        return -1;
    for (const char *p = colon; p && *p;) {
        char key[16];
        const char *eq = strchr(p + 1, '='), *next;
        char *end;
        double v;
        size_t klen;
        if (!eq)
            return -1;
        klen = (size_t)(eq - (p + 1));
        if (klen >= sizeof key)
            return -1;
        memcpy(key, p + 1, klen);
        key[klen] = '\0';
        v = strtod(eq + 1, &end);
        next = end;
        if (end == eq + 1 || (*next != ',' && *next != '\0') || !(v >= 0 && v <= 1e15))
            return -1;
        if (strcmp(key, "depth") == 0)
            b->opts.depth = (int32_t)v;
        else if (strcmp(key, "playouts") == 0)
            b->opts.playouts = (int32_t)v;
        else if (strcmp(key, "exploration") == 0)
            b->opts.exploration = v;
        else if (strcmp(key, "nodes") == 0)
            b->opts.max_nodes = (int32_t)v;
        else if (strcmp(key, "plies") == 0)
            b->opts.playout_plies = (int32_t)v;
        else if (strcmp(key, "budget") == 0)
            b->opts.node_budget = (int64_t)v;
        else if (strcmp(key, "ply") == 0)
            b->opts.plies = (int32_t)v;
        else if (strcmp(key, "noise") == 0)
            b->opts.noise = v;
        else if (strcmp(key, "keep") == 0)
            b->opts.filter_keep = (int32_t)v;
        else if (strcmp(key, "margin") == 0)
            b->opts.filter_margin = v;
        else
            return -1;
        p = *next ? next : NULL;
    }
    return 0;
}

/* SplitMix64 finaliser: independent-looking seeds from (seed, pair, game). */
static uint64_t mix(uint64_t x) {
    x += 0x9E3779B97F4A7C15u;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9u;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBu;
    return x ^ (x >> 31);
}

/* One game: seat k is played by seat_bot[k].  Fills the result and raises
   *longest to the CPU seconds of the longest decision. */
static alea_status play(alea_result *res, const char *spec, bot *const *seat_bot, uint64_t seed,
                        double *longest, alea_error *err) {
    alea_state st;
    alea_rng dice, rng[ALEA_MAX_PLAYERS];
    alea_status s = alea_state_init(&st, spec, err);
    if (s != ALEA_OK)
        return s;
    alea_rng_seed(&dice, seed);
    rng[0] = dice;
    for (int k = 0; k < ALEA_MAX_PLAYERS; k++) { /* seat k: the dice stream jumped k + 1 times */
        if (k > 0)
            rng[k] = rng[k - 1];
        alea_rng_jump(&rng[k]);
    }
    for (;;) {
        int who = alea_state_current_player(&st);
        uint64_t a;
        if (who == ALEA_PLAYER_TERMINAL)
            break;
        if (who == ALEA_PLAYER_CHANCE) {
            s = alea_state_roll(NULL, &st, &dice);
        } else {
            bot *b = seat_bot[who];
            clock_t t0 = clock();
            double took;
            s = alea_bot_choose_with(&a, &st, &b->opts, b->ws, b->ws_size, &rng[who], err);
            took = (double)(clock() - t0) / CLOCKS_PER_SEC;
            if (took > *longest)
                *longest = took;
            if (s == ALEA_OK)
                s = alea_state_apply(&st, a, err);
        }
        if (s != ALEA_OK)
            return s;
    }
    return alea_state_result(res, &st);
}

/* 95 % Wilson score interval of a proportion p over n trials. */
static void wilson(double p, double n, double *lo, double *hi) {
    const double z = 1.959963984540054;
    double d = 1 + z * z / n, c = p + z * z / (2 * n);
    double h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n));
    *lo = (c - h) / d;
    *hi = (c + h) / d;
}

int ex_tournament_main(int argc, char **argv) {
    bot bots[MAX_BOTS];
    int nbots = 0, quiet = 0, players;
    uint64_t games = 100, seed = 1;
    const char *spec = NULL;
    alea_state probe;
    alea_error err;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        uint64_t n;
        if (strcmp(a, "--tournament") == 0)
            continue;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--quiet") == 0) {
            quiet = 1;
        } else if (strcmp(a, "--games") == 0 && i + 1 < argc &&
                   ex_parse_u64(argv[i + 1], &n) == 0 && n > 0 && n <= 10000000) {
            games = n;
            i++;
        } else if (strcmp(a, "--seed") == 0 && i + 1 < argc &&
                   ex_parse_u64(argv[i + 1], &n) == 0) {
            seed = n;
            i++;
        } else if (a[0] == '-') {
            fprintf(stderr, "alea-bench --tournament: bad argument '%s'\n", a);
            usage(stderr);
            return 2;
        } else if (!spec) {
            spec = a;
        } else if (nbots == MAX_BOTS) {
            fprintf(stderr, "alea-bench --tournament: at most %d bots\n", MAX_BOTS);
            return 2;
        } else {
            bots[nbots++].arg = a; /* parsed once the game is known */
        }
    }
    if (!spec || nbots < 2) {
        usage(stderr);
        return 2;
    }
    if (alea_state_init(&probe, spec, &err) != ALEA_OK) {
        ex_print_error(stderr, "alea-bench --tournament: spec", (alea_status)err.status, &err);
        return 2;
    }
    for (int b = 0; b < nbots; b++) {
        if (parse_bot(&bots[b], bots[b].arg, alea_state_game(&probe)) != 0) {
            fprintf(stderr, "alea-bench --tournament: bad bot '%s'\n", bots[b].arg);
            usage(stderr);
            return 2;
        }
    }
    players = alea_state_num_players(&probe);
    if (players < 2) {
        fprintf(stderr, "alea-bench --tournament: '%s' has one seat; nothing to compare\n", spec);
        return 2;
    }
    for (int b = 0; b < nbots; b++) {
        alea_status s = alea_bot_workspace_size(&bots[b].ws_size, &bots[b].opts,
                                                alea_state_game(&probe), &err);
        if (s != ALEA_OK) {
            ex_print_error(stderr, bots[b].arg, s, &err);
            return 2;
        }
        bots[b].ws = malloc(bots[b].ws_size);
        if (!bots[b].ws)
            return 1;
    }
    printf("alea-bench --tournament: alea %s, spec \"%s\", %llu games per pair, seed %llu\n",
           alea_version_string(), spec, (unsigned long long)games, (unsigned long long)seed);
    printf("%-28s %-28s %7s %7s %7s %6s %7s  %-17s %8s %8s\n", "bot A", "bot B", "games",
           "A wins", "B wins", "draws", "A score", "95% CI (Wilson)", "s/game", "max s/mv");
    for (int i = 0; i < nbots; i++) {
        for (int j = i + 1; j < nbots; j++) {
            uint64_t wins[2] = {0, 0}, draws = 0;
            double longest = 0;
            clock_t t0 = clock();
            for (uint64_t g = 0; g < games; g++) {
                /* Seats alternate between the pair; odd games swap who starts. */
                bot *seat_bot[ALEA_MAX_PLAYERS];
                int first = (int)(g & 1);
                alea_result r;
                alea_status s;
                for (int k = 0; k < players; k++)
                    seat_bot[k] = (k + first) % 2 == 0 ? &bots[i] : &bots[j];
                s = play(&r, spec, seat_bot, mix(seed ^ mix(((uint64_t)i << 40) ^
                                                           ((uint64_t)j << 20) ^ (g >> 1))),
                         &longest, &err);
                if (s != ALEA_OK) {
                    ex_print_error(stderr, "alea-bench --tournament: game", s, &err);
                    return 1;
                }
                if (r.winner >= 0)
                    wins[seat_bot[r.winner] == &bots[i] ? 0 : 1]++;
                else
                    draws++;
                if (!quiet && games >= 10 && (g + 1) % (games / 10) == 0)
                    fprintf(stderr, "  %s vs %s: %llu/%llu games\r", bots[i].arg, bots[j].arg,
                            (unsigned long long)(g + 1), (unsigned long long)games);
            }
            {
                double n = (double)games, score = ((double)wins[0] + 0.5 * (double)draws) / n;
                double lo, hi, secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
                wilson(score, n, &lo, &hi);
                if (!quiet)
                    fprintf(stderr, "%78s\r", "");
                printf("%-28s %-28s %7llu %7llu %7llu %6llu %6.1f%%  [%5.1f%%, %5.1f%%] %8.4f "
                       "%8.4f\n",
                       bots[i].arg, bots[j].arg, (unsigned long long)games,
                       (unsigned long long)wins[0], (unsigned long long)wins[1],
                       (unsigned long long)draws, 100 * score, 100 * lo, 100 * hi, secs / n,
                       longest);
                fflush(stdout);
            }
        }
    }
    for (int b = 0; b < nbots; b++)
        free(bots[b].ws);
    return 0;
}
