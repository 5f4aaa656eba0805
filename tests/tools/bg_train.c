/*
 * alea-bg-train: trains backgammon's evaluator (lib/backgammon/net.h) by
 * self-play, TD(0) (Tesauro's TD-Gammon with lambda = 0): both seats play
 * the move the current networks value best (0-ply), and after each move the
 * networks learn the position before it towards the value of the position
 * after it (the opponent's six outcome probabilities, reversed), or towards
 * the game's result once it is over (§6).  The contact network learns
 * contact positions, the race network races.
 *
 *   alea-bg-train --checkpoint FILE [--games N] [--seed S] [--alpha A]
 *                 [--decay D] [--every N] [--test-games N] [--write-c FILE]
 *
 * The step size after g games is A * D / (D + g) (constant with D = 0).
 *
 * Everything lives in the checkpoint (weights, games played, the random
 * stream, hours of CPU, the settings), written atomically every --every
 * games: a run stopped anywhere and started again with the same command
 * goes on where its last checkpoint was, and the weights after N games of
 * a seed are the same however many sittings made them.  --write-c writes
 * lib/backgammon/weights.c from the checkpoint (the command, seed, games and
 * hours in its header, with the checksum the tests check).
 *
 * Progress: games, games per second, time left, the mean game length and,
 * every --every games, points per game against the hand-made evaluator of
 * lib/backgammon/eval.c (the heuristic bot's), over --test-games games.
 */
#include "backgammon/eval.h"
#include "backgammon/net.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define H BG_NET_HIDDEN
#define IN BG_NET_INPUTS
#define OUT BG_NET_OUTPUTS

typedef struct weights {
    float w1[IN * H], b1[H], w2[OUT * H], b2[OUT];
} weights;

#define CKPT_MAGIC "ALEABGT1"

typedef struct checkpoint {
    char magic[8];
    uint32_t inputs, hidden, outputs, pad;
    uint64_t seed, games;
    double alpha, cpu_seconds;
    uint64_t decay; /* games over which alpha halves (0: constant) */
    alea_rng rng;
    weights net[BG_NET_COUNT];
    uint32_t checksum; /* alea__bg_net_checksum of the weights */
} checkpoint;

static void views(const checkpoint *c, bg_net out[BG_NET_COUNT]) {
    for (int k = 0; k < BG_NET_COUNT; k++) {
        out[k].w1 = c->net[k].w1;
        out[k].b1 = c->net[k].b1;
        out[k].w2 = c->net[k].w2;
        out[k].b2 = c->net[k].b2;
    }
}

/* He-style start: hidden weights uniform in +-sqrt(6 / 40) (about 40
   inputs are nonzero in a position), output weights small. */
static void init_weights(checkpoint *c) {
    alea_rng r;
    alea_rng_seed(&r, c->seed ^ 0x5EEDu);
    for (int k = 0; k < BG_NET_COUNT; k++) {
        weights *w = &c->net[k];
        memset(w, 0, sizeof *w);
        for (size_t i = 0; i < (size_t)IN * H; i++)
            w->w1[i] = (float)((alea_rng_double(&r) * 2 - 1) * 0.387);
        for (size_t i = 0; i < (size_t)OUT * H; i++)
            w->w2[i] = (float)((alea_rng_double(&r) * 2 - 1) * 0.05);
        for (int j = 0; j < H; j++)
            w->b1[j] = 0.01f;
    }
}

static uint32_t checksum_of(const checkpoint *c) {
    bg_net v[BG_NET_COUNT];
    views(c, v);
    return alea__bg_net_checksum(v);
}

static int save(const checkpoint *c, const char *path) {
    char tmp[4096];
    FILE *f;
    checkpoint copy = *c;
    copy.checksum = checksum_of(c);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    f = fopen(tmp, "wb");
    if (!f || fwrite(&copy, sizeof copy, 1, f) != 1 || fclose(f) != 0) {
        fprintf(stderr, "alea-bg-train: cannot write %s: %s\n", tmp, strerror(errno));
        return -1;
    }
    if (rename(tmp, path) != 0) {
        fprintf(stderr, "alea-bg-train: cannot rename %s: %s\n", tmp, strerror(errno));
        return -1;
    }
    return 0;
}

/* 1 loaded, 0 no file, -1 a bad file. */
static int load(checkpoint *c, const char *path) {
    FILE *f = fopen(path, "rb");
    size_t got;
    if (!f)
        return 0;
    got = fread(c, 1, sizeof *c, f);
    fclose(f);
    if (got != sizeof *c || memcmp(c->magic, CKPT_MAGIC, 8) != 0 || c->inputs != IN ||
        c->hidden != H || c->outputs != OUT || c->checksum != checksum_of(c)) {
        fprintf(stderr, "alea-bg-train: %s is not a checkpoint of this network shape\n", path);
        return -1;
    }
    return 1;
}

/* ---- playing ---------------------------------------------------------- */

typedef struct game {
    bg_state s;
    int turn;
} game;

static void game_start(game *g, alea_rng *rng) {
    memset(&g->s, 0, sizeof g->s);
    alea__bg_start_board(&g->s);
    g->turn = (int)alea_rng_below(rng, 2);
}

typedef struct chooser {
    const bg_net *nets; /* the evaluator: a net pair, or NULL for eval.c's */
    bg_mover m;         /* the nets' forward pass before the move */
    bg_side side;       /* the mover's view before the move */
    int mover;
    double best;
    uint64_t action;
    float six[OUT]; /* the mover's outcome probabilities after the best move */
    bool any;
} chooser;

/* The mover's six outcome probabilities after a move: the opponent's, reversed. */
static void value_after(const bg_net *nets, const bg_side *after, float six[OUT]) {
    bg_pair p;
    alea__bg_pair_of(&p, after);
    if (after->me[0] == BG_CHECKERS) { /* the game is over: §6 */
        double pr[5];
        alea__bg_net_probs(&p, pr);
        memset(six, 0, OUT * sizeof *six);
        six[pr[2] > 0 ? 0 : pr[1] > 0 ? 1 : 2] = 1.0f;
        return;
    }
    alea__bg_pair_swap(&p);
    {
        bg_inputs in;
        float opp[OUT];
        alea__bg_net_encode(&in, &p);
        alea__bg_net_forward(&nets[alea__bg_pair_kind(&p)], &in, opp, NULL);
        for (int o = 0; o < OUT; o++)
            six[o] = opp[OUT - 1 - o];
    }
}

static void visit(void *ctx, uint64_t action) {
    chooser *c = ctx;
    bg_side after = c->side;
    double v;
    float six[OUT];
    alea__bg_play(&after, action);
    if (c->nets) {
        alea__bg_mover_six(&c->m, &after, six);
        v = 3.0 * six[0] + 2.0 * six[1] + six[2] - six[3] - 2.0 * six[4] - 3.0 * six[5];
    } else { /* eval.c's win chance, on the board after the move */
        bg_state t;
        memset(&t, 0, sizeof t);
        alea__bg_store(&t, c->mover, &after);
        t.turn = (uint8_t)(1 - c->mover);
        t.phase = BG_DICE;
        v = after.me[0] == BG_CHECKERS ? 2.0 : alea__bg_win_chance(&t, c->mover);
        memset(six, 0, sizeof six);
    }
    if (!c->any || v > c->best) {
        c->any = true;
        c->best = v;
        c->action = action;
        memcpy(c->six, six, sizeof six);
    }
}

/* Plays one turn of g with dice a, b by the evaluator `nets` (NULL: eval.c).
   Returns the game's points for the mover (1..3) when he bore off his last
   checker, else 0; *six gets the mover's outcome probabilities after it. */
static int play_turn(game *g, const bg_net *nets, int a, int b, float six[OUT]) {
    chooser c;
    bg_view v;
    memset(&c, 0, sizeof c);
    c.nets = nets;
    c.mover = g->turn;
    alea__bg_side(&c.side, &g->s, g->turn);
    if (nets)
        alea__bg_mover_start(&c.m, nets, &c.side);
    alea__bg_view(&v, &g->s, g->turn);
    alea__bg_each_move(&v, a, b, visit, &c);
    if (c.any && c.action != ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_MOVE, 0)) {
        bg_side after = c.side;
        alea__bg_play(&after, c.action);
        alea__bg_store(&g->s, g->turn, &after);
        if (after.me[0] == BG_CHECKERS) {
            bg_pair p;
            double pr[5];
            alea__bg_pair_of(&p, &after);
            alea__bg_net_probs(&p, pr);
            if (six) {
                memset(six, 0, OUT * sizeof *six);
                six[pr[2] > 0 ? 0 : pr[1] > 0 ? 1 : 2] = 1.0f;
            }
            return pr[2] > 0 ? 3 : pr[1] > 0 ? 2 : 1;
        }
        if (six)
            memcpy(six, c.six, sizeof c.six);
    } else if (six && nets) { /* no move: the position stands, the opponent rolls */
        value_after(nets, &c.side, six);
    }
    g->turn = 1 - g->turn;
    return 0;
}

/* ---- learning ----------------------------------------------------------- */

/* One step of gradient descent on the cross-entropy between the network's
   six outcome probabilities for pair p and `target`. */
static void learn(weights *w, const bg_net *view, const bg_pair *p, const float target[OUT],
                  float alpha) {
    bg_inputs in;
    float out[OUT], h[H], dz[OUT], dh[H];
    alea__bg_net_encode(&in, p);
    alea__bg_net_forward(view, &in, out, h);
    for (int o = 0; o < OUT; o++)
        dz[o] = out[o] - target[o];
    for (int j = 0; j < H; j++) {
        float acc = 0;
        for (int o = 0; o < OUT; o++)
            acc += w->w2[o * H + j] * dz[o];
        dh[j] = h[j] > 0 ? acc : 0;
    }
    for (int o = 0; o < OUT; o++) {
        float g = alpha * dz[o];
        for (int j = 0; j < H; j++)
            w->w2[o * H + j] -= g * h[j];
        w->b2[o] -= g;
    }
    for (int j = 0; j < H; j++)
        w->b1[j] -= alpha * dh[j];
    for (int k = 0; k < in.count; k++) {
        float *row = w->w1 + (size_t)in.index[k] * H, g = alpha * in.value[k];
        for (int j = 0; j < H; j++)
            row[j] -= g * dh[j];
    }
}

/* One self-play game with learning; returns its plies. */
static int train_game(checkpoint *c, const bg_net *nets, float alpha) {
    game g;
    int plies = 0;
    game_start(&g, &c->rng);
    for (;;) {
        bg_side side;
        bg_pair before;
        float target[OUT];
        int a = alea_rng_die(&c->rng, 6), b = alea_rng_die(&c->rng, 6), kind, points;
        alea__bg_side(&side, &g.s, g.turn);
        alea__bg_pair_of(&before, &side);
        kind = alea__bg_pair_kind(&before);
        points = play_turn(&g, nets, a > b ? a : b, a > b ? b : a, target);
        learn(&c->net[kind], &nets[kind], &before, target, alpha);
        plies++;
        if (points || plies > 10000)
            return plies;
    }
}

/* Points per game of the networks against eval.c's evaluator over n games
   (pairs on the same dice, seats swapped), from a stream of its own. */
static double test_against_heuristic(const bg_net *nets, int n, uint64_t seed) {
    long points = 0;
    for (int i = 0; i < n; i += 2) {
        for (int swap = 0; swap < 2; swap++) {
            alea_rng r;
            game g;
            alea_rng_seed(&r, seed + (uint64_t)i);
            game_start(&g, &r);
            for (int ply = 0; ply < 10000; ply++) {
                int a = alea_rng_die(&r, 6), b = alea_rng_die(&r, 6), mover = g.turn;
                bool net_moves = (mover == 0) != (swap == 1);
                int p = play_turn(&g, net_moves ? nets : NULL, a > b ? a : b, a > b ? b : a, NULL);
                if (p) {
                    points += net_moves ? p : -p;
                    break;
                }
            }
        }
    }
    return (double)points / (double)(n - n % 2);
}

/* ---- the weights file ------------------------------------------------------ */

static void write_array(FILE *f, const char *name, const float *v, size_t n) {
    fprintf(f, "static const float %s[%zu] = {", name, n);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s%af", i == 0 ? "\n    " : i % 6 ? ", " : ",\n    ", (double)v[i]);
    fprintf(f, "\n};\n\n");
}

static int write_c(const checkpoint *c, const char *path, const char *command) {
    static const char *kinds[BG_NET_COUNT] = {"contact", "race"};
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "alea-bg-train: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    fprintf(f,
            "/*\n"
            " * Backgammon: the weights of the trained evaluator (net.h), written by\n"
            " * tests/tools/bg_train.c.  Generated: do not edit.\n"
            " *\n"
            " *   made by:  %s\n"
            " *   seed %llu, %llu self-play games, %.2f hours of CPU, alpha %g, decay %llu\n"
            " *   shape:    %u inputs, %u hidden (ReLU), %u outputs (softmax), x%d networks\n"
            " *   checksum: 0x%08x (FNV-1a of every float, alea__bg_net_checksum)\n"
            " */\n"
            "#include \"backgammon/net.h\"\n\n",
            command, (unsigned long long)c->seed, (unsigned long long)c->games,
            c->cpu_seconds / 3600.0, c->alpha, (unsigned long long)c->decay, c->inputs, c->hidden,
            c->outputs, BG_NET_COUNT, checksum_of(c));
    fprintf(f,
            "_Static_assert(BG_NET_INPUTS == %u && BG_NET_HIDDEN == %u && BG_NET_OUTPUTS == %u,\n"
            "               \"weights.c matches the shape of net.h\");\n\n",
            c->inputs, c->hidden, c->outputs);
    for (int k = 0; k < BG_NET_COUNT; k++) {
        char name[64];
        snprintf(name, sizeof name, "%s_w1", kinds[k]);
        write_array(f, name, c->net[k].w1, (size_t)IN * H);
        snprintf(name, sizeof name, "%s_b1", kinds[k]);
        write_array(f, name, c->net[k].b1, H);
        snprintf(name, sizeof name, "%s_w2", kinds[k]);
        write_array(f, name, c->net[k].w2, (size_t)OUT * H);
        snprintf(name, sizeof name, "%s_b2", kinds[k]);
        write_array(f, name, c->net[k].b2, OUT);
    }
    fprintf(f, "const bg_net alea__bg_nets[BG_NET_COUNT] = {\n");
    for (int k = 0; k < BG_NET_COUNT; k++)
        fprintf(f, "    {%s_w1, %s_b1, %s_w2, %s_b2},\n", kinds[k], kinds[k], kinds[k], kinds[k]);
    fprintf(f, "};\n\nconst uint32_t alea__bg_nets_checksum = 0x%08xu;\n", checksum_of(c));
    return fclose(f) == 0 ? 0 : -1;
}

/* ---- the command -------------------------------------------------------- */

static double cpu_now(void) {
    return (double)clock() / CLOCKS_PER_SEC;
}

static int usage(void) {
    fprintf(stderr,
            "usage: alea-bg-train --checkpoint FILE [--games N] [--seed S] [--alpha A]\n"
            "                     [--decay D] [--every N] [--test-games N] [--write-c FILE]\n"
            "                     [--command TEXT]\n");
    return 2;
}

int main(int argc, char **argv) {
    const char *ckpt_path = NULL, *c_path = NULL, *command = NULL;
    unsigned long long target = 0, seed = 1, every = 10000, test_games = 2000, decay = 0;
    double alpha = 0.01;
    checkpoint *c;
    bg_net nets[BG_NET_COUNT];
    int loaded;
    for (int i = 1; i < argc; i += 2) { /* --option value pairs */
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v)
            return usage();
        if (!strcmp(a, "--checkpoint"))
            ckpt_path = v;
        else if (!strcmp(a, "--games"))
            target = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--seed"))
            seed = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--alpha"))
            alpha = strtod(v, NULL);
        else if (!strcmp(a, "--decay"))
            decay = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--every"))
            every = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--test-games"))
            test_games = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--write-c"))
            c_path = v;
        else if (!strcmp(a, "--command"))
            command = v;
        else
            return usage();
    }
    if (!ckpt_path || every == 0)
        return usage();
    c = calloc(1, sizeof *c);
    if (!c)
        return 1;
    loaded = load(c, ckpt_path);
    if (loaded < 0) {
        free(c);
        return 1;
    }
    if (!loaded) {
        memcpy(c->magic, CKPT_MAGIC, 8);
        c->inputs = IN;
        c->hidden = H;
        c->outputs = OUT;
        c->seed = seed;
        c->alpha = alpha;
        c->decay = decay;
        alea_rng_seed(&c->rng, seed);
        init_weights(c);
        printf("new run: seed %llu, alpha %g, decay %llu, %u-%u-%u x%d\n", seed, alpha, decay, IN,
               H, OUT, BG_NET_COUNT);
    } else {
        printf("resumed %s: seed %llu, %llu games, %.2f h of CPU\n", ckpt_path,
               (unsigned long long)c->seed, (unsigned long long)c->games, c->cpu_seconds / 3600);
    }
    views(c, nets);
    if (c_path) {
        int bad = write_c(c, c_path, command ? command : "alea-bg-train");
        free(c);
        return bad ? 1 : 0;
    }
    {
        double last = cpu_now();
        unsigned long long since = 0, plies = 0;
        while (c->games < target) {
            double step =
                c->decay ? c->alpha * (double)c->decay / (double)(c->decay + c->games) : c->alpha;
            plies += (unsigned long long)train_game(c, nets, (float)step);
            c->games++;
            since++;
            if (c->games % every == 0 || c->games == target) {
                double now = cpu_now(), rate = (double)since / (now - last + 1e-9);
                c->cpu_seconds += now - last;
                printf("games %llu  %.0f games/s  %.1f plies/game  %.1f h of CPU  left %.1f min",
                       (unsigned long long)c->games, rate, (double)plies / (double)since,
                       c->cpu_seconds / 3600, (double)(target - c->games) / rate / 60);
                if (test_games)
                    printf("  vs heuristic %+.3f ppg",
                           test_against_heuristic(nets, (int)test_games, 1000003));
                printf("\n");
                fflush(stdout);
                since = plies = 0;
                last = cpu_now();
                if (save(c, ckpt_path)) {
                    free(c);
                    return 1;
                }
            }
        }
    }
    free(c);
    return 0;
}
