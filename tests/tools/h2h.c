/*
 * h2h: one bot of one build of libalea against one bot of another build, as
 * alea-bench --tournament plays a pair (games 2k and 2k+1 with the same seed
 * and the seats swapped; a win scores 1, a draw 1/2; 95 % Wilson interval).
 * doc/bots.md uses it to measure the bots that see only their seat's
 * observation against the omniscient bots of an earlier build.  The two
 * libraries are loaded with dlopen(RTLD_LOCAL), so each bot runs its own
 * build's code; the states pass between them as bytes (the state layout must
 * be the same in both builds), and build A's library referees the game.
 *
 *   cc -O2 -Iinclude tests/tools/h2h.c -o h2h -ldl -lm
 *   ./h2h LIB_A BOT_A LIB_B BOT_B SPEC GAMES SEED
 *
 * BOT is a kind name with an optional MCTS playout count or expectimax
 * depth: "mcts", "mcts:300", "expectimax:1", "greedy".  Not built by meson: a
 * measuring tool, not a test.
 */
#define _POSIX_C_SOURCE 200809L
#include <alea/alea.h>

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct lib {
    void *h;
    alea_status (*init)(alea_state *, const char *, alea_error *);
    int (*current)(const alea_state *);
    alea_status (*apply)(alea_state *, uint64_t, alea_error *);
    alea_status (*result)(alea_result *, const alea_state *);
    alea_status (*opts_init)(alea_bot_options *, int);
    int (*find)(const char *);
    alea_status (*ws_size)(size_t *, const alea_bot_options *, const alea_game *, alea_error *);
    alea_status (*choose)(uint64_t *, const alea_state *, const alea_bot_options *, void *, size_t,
                          alea_rng *, alea_error *);
    const alea_game *(*game)(const alea_state *);
    void (*seed)(alea_rng *, uint64_t);
    void (*jump)(alea_rng *);
} lib;

typedef struct bot {
    lib *l;
    alea_bot_options o;
    void *ws;
    size_t size;
} bot;

static void *sym(void *h, const char *name) {
    void *p = dlsym(h, name);
    if (!p) {
        fprintf(stderr, "h2h: %s missing\n", name);
        exit(2);
    }
    return p;
}

#define LOAD(l, field, name) memcpy(&(l)->field, &(void *){sym((l)->h, name)}, sizeof(void *))

static void load(lib *l, const char *path) {
    l->h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!l->h) {
        fprintf(stderr, "h2h: %s\n", dlerror());
        exit(2);
    }
    LOAD(l, init, "alea_state_init");
    LOAD(l, current, "alea_state_current_player");
    LOAD(l, apply, "alea_state_apply");
    LOAD(l, result, "alea_state_result");
    LOAD(l, opts_init, "alea_bot_options_init");
    LOAD(l, find, "alea_bot_find");
    LOAD(l, ws_size, "alea_bot_workspace_size");
    LOAD(l, choose, "alea_bot_choose_with");
    LOAD(l, game, "alea_state_game");
    LOAD(l, seed, "alea_rng_seed");
    LOAD(l, jump, "alea_rng_jump");
}

static void make_bot(bot *b, lib *l, const char *arg, const alea_state *st) {
    char name[32];
    const char *colon = strchr(arg, ':');
    snprintf(name, sizeof name, "%.*s", colon ? (int)(colon - arg) : (int)strlen(arg), arg);
    b->l = l;
    if (l->opts_init(&b->o, l->find(name)) != ALEA_OK) {
        fprintf(stderr, "h2h: bad bot %s\n", arg);
        exit(2);
    }
    if (colon && b->o.kind == ALEA_BOT_MCTS)
        b->o.playouts = atoi(colon + 1);
    if (colon && b->o.kind == ALEA_BOT_EXPECTIMAX)
        b->o.depth = atoi(colon + 1);
    if (l->ws_size(&b->size, &b->o, l->game(st), NULL) != ALEA_OK || !(b->ws = malloc(b->size))) {
        fprintf(stderr, "h2h: no workspace for %s\n", arg);
        exit(2);
    }
}

static uint64_t mix(uint64_t x) {
    x += 0x9E3779B97F4A7C15u;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9u;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBu;
    return x ^ (x >> 31);
}

/* One game, seat k played by seats[k]; the score of seat 0's bot. */
static double play(lib *ref, const char *spec, bot *seats[2], uint64_t seed) {
    alea_state st;
    alea_rng rng[2];
    alea_result r;
    ref->init(&st, spec, NULL);
    ref->seed(&rng[0], seed);
    ref->jump(&rng[0]);
    rng[1] = rng[0];
    ref->jump(&rng[1]);
    for (;;) {
        int who = ref->current(&st);
        uint64_t a;
        if (who < 0)
            break;
        bot *b = seats[who];
        if (b->l->choose(&a, &st, &b->o, b->ws, b->size, &rng[who], NULL) != ALEA_OK ||
            ref->apply(&st, a, NULL) != ALEA_OK) {
            fprintf(stderr, "h2h: a bot failed\n");
            exit(1);
        }
    }
    ref->result(&r, &st);
    return r.winner == 0 ? 1.0 : r.draw ? 0.5 : 0.0;
}

int main(int argc, char **argv) {
    lib la, lb;
    bot a, b;
    alea_state st;
    double score = 0;
    int wins = 0, losses = 0;
    if (argc != 8) {
        fprintf(stderr, "usage: h2h LIB_A BOT_A LIB_B BOT_B SPEC GAMES SEED\n");
        return 2;
    }
    load(&la, argv[1]);
    load(&lb, argv[3]);
    if (la.choose == lb.choose)
        fprintf(stderr, "h2h: both paths gave the same library: the bots share their code\n");
    if (la.init(&st, argv[5], NULL) != ALEA_OK)
        return 2;
    make_bot(&a, &la, argv[2], &st);
    make_bot(&b, &lb, argv[4], &st);
    int games = atoi(argv[6]);
    uint64_t seed = strtoull(argv[7], NULL, 10);
    clock_t t0 = clock();
    for (int g = 0; g < games; g++) {
        bot *seats[2];
        int swap = g & 1;
        seats[swap] = &a;
        seats[1 - swap] = &b;
        double s0 = play(&la, argv[5], seats, mix(seed * 1000003u + (uint64_t)(g / 2)));
        double sa = swap ? 1.0 - s0 : s0;
        score += sa;
        wins += sa == 1.0;
        losses += sa == 0.0;
    }
    double n = games, p = score / n, z = 1.959964;
    double c = (p + z * z / (2 * n)) / (1 + z * z / n);
    double h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
    printf("%s (%s) vs %s (%s): %d games, A wins %d, B wins %d, A score %.1f %% "
           "[%.1f %%, %.1f %%], %.2f s/game\n",
           argv[2], argv[1], argv[4], argv[3], games, wins, losses, 100 * p, 100 * (c - h),
           100 * (c + h), (double)(clock() - t0) / CLOCKS_PER_SEC / games);
    return 0;
}
