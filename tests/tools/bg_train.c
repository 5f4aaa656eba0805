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
 *
 * Supervised mode (--supervised PLIES): the networks learn positions
 * labelled by a deeper search.  A run starts from the weights of another
 * checkpoint (--from FILE, e.g. a TD run), which are also the teacher and
 * stay fixed: self-play games of the learning networks (0-ply, a random
 * legal move with probability --explore, so that they see varied
 * positions) give positions before a roll; each is taken with probability
 * --sample and labelled by the teacher's PLIES-ply probabilities
 * (alea__bg_ply_probs_nets, lib/backgammon/search.c), and the network of its
 * kind takes a step of gradient descent on the cross-entropy between its
 * six outputs and the label's (constant step --alpha).  --positions N stops
 * after N labelled positions.  The checkpoint keeps both runs (the TD games
 * and the labelled positions, the hours of each); progress every --every
 * positions, with the teacher's and the learner's 0-ply error on 1000
 * held-out positions labelled the same way.
 *
 *   alea-bg-train --checkpoint SUP --from TD --supervised 2 [--positions N]
 *                 [--seed S] [--alpha A] [--explore E] [--sample P] [--every N]
 *
 * Labelled files (--label, --fit, --score): the same positions and labels
 * written once to a file, then fitted in many passes (a label costs
 * milliseconds, a step microseconds), every 20th position held out; --score
 * measures any checkpoint against any file's labels.
 *
 *   alea-bg-train --checkpoint TEACHER --label FILE --plies 2 --positions N
 *   alea-bg-train --checkpoint FIT --from TEACHER --fit FILE [--epochs E] [--alpha A]
 *   alea-bg-train --checkpoint ANY --score FILE
 */
#include "backgammon/eval.h"
#include "backgammon/net.h"
#include "backgammon/search.h"

#include <errno.h>
#include <math.h>
#include <stddef.h>
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

#define CKPT_MAGIC_V1 "ALEABGT1" /* TD only: the checkpoint without `sup` */
#define CKPT_MAGIC_V2 "ALEABGT2" /* TD and online supervised: without `fit` */
#define CKPT_MAGIC "ALEABGT3"

/* The supervised run that follows a TD run (--supervised). */
typedef struct supervised {
    uint32_t plies; /* the labels' depth; 0: no supervised run */
    uint32_t teacher_checksum;
    uint64_t seed, games, positions;
    double alpha, explore, sample, cpu_seconds;
    alea_rng rng;
    weights teacher[BG_NET_COUNT]; /* the labels' networks, fixed */
} supervised;

typedef struct checkpoint {
    char magic[8];
    uint32_t inputs, hidden, outputs, pad;
    uint64_t seed, games;
    double alpha, cpu_seconds;
    uint64_t decay; /* games over which alpha halves (0: constant) */
    alea_rng rng;
    weights net[BG_NET_COUNT];
    uint32_t checksum; /* alea__bg_net_checksum of the weights */
    supervised sup;    /* ALEABGT2 and 3 */
    /* ALEABGT3: a supervised run over a labelled file (--fit) instead of
       fresh games: `sup` describes the labels (positions = the file's
       records), these the passes over them */
    struct fitted {
        uint64_t epochs, target, steps, pad;
    } fit;
} checkpoint;

static void views_of(const weights *w, bg_net out[BG_NET_COUNT]) {
    for (int k = 0; k < BG_NET_COUNT; k++) {
        out[k].w1 = w[k].w1;
        out[k].b1 = w[k].b1;
        out[k].w2 = w[k].w2;
        out[k].b2 = w[k].b2;
    }
}

static void views(const checkpoint *c, bg_net out[BG_NET_COUNT]) {
    views_of(c->net, out);
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

static uint32_t teacher_checksum_of(const checkpoint *c) {
    bg_net v[BG_NET_COUNT];
    views_of(c->sup.teacher, v);
    return alea__bg_net_checksum(v);
}

static int save(const checkpoint *c, const char *path) {
    char tmp[4096];
    FILE *f;
    checkpoint copy = *c;
    copy.checksum = checksum_of(c);
    copy.sup.teacher_checksum = c->sup.plies ? teacher_checksum_of(c) : 0;
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

/* 1 loaded, 0 no file, -1 a bad file.  An older checkpoint (ALEABGT1, the
   struct without `sup`; ALEABGT2, without `fit`) loads with what it lacks
   zeroed. */
static int load(checkpoint *c, const char *path) {
    FILE *f = fopen(path, "rb");
    size_t got, v1 = offsetof(checkpoint, sup), v2 = offsetof(checkpoint, fit);
    bool old;
    if (!f)
        return 0;
    memset(c, 0, sizeof *c);
    got = fread(c, 1, sizeof *c, f);
    fclose(f);
    old = (got == v1 && memcmp(c->magic, CKPT_MAGIC_V1, 8) == 0) ||
          (got == v2 && memcmp(c->magic, CKPT_MAGIC_V2, 8) == 0);
    if (old) {
        memset((char *)c + got, 0, sizeof *c - got);
        memcpy(c->magic, CKPT_MAGIC, 8);
    }
    if ((!old && (got != sizeof *c || memcmp(c->magic, CKPT_MAGIC, 8) != 0)) || c->inputs != IN ||
        c->hidden != H || c->outputs != OUT || c->checksum != checksum_of(c) ||
        (c->sup.plies && c->sup.teacher_checksum != teacher_checksum_of(c))) {
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
    alea_rng *explore; /* not NULL: a uniformly random legal move instead */
    uint32_t seen;
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
    if (c->explore) { /* reservoir sampling: each move kept with chance 1/seen */
        c->seen++;
        if (alea_rng_below(c->explore, c->seen) == 0) {
            c->any = true;
            c->action = action;
        }
        return;
    }
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
static int play_turn_explore(game *g, const bg_net *nets, int a, int b, float six[OUT],
                             alea_rng *explore) {
    chooser c;
    bg_view v;
    memset(&c, 0, sizeof c);
    c.nets = nets;
    c.explore = explore;
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
        if (six && !explore)
            memcpy(six, c.six, sizeof c.six);
        else if (six)
            value_after(nets, &after, six);
    } else if (six && nets) { /* no move: the position stands, the opponent rolls */
        value_after(nets, &c.side, six);
    }
    g->turn = 1 - g->turn;
    return 0;
}

static int play_turn(game *g, const bg_net *nets, int a, int b, float six[OUT]) {
    return play_turn_explore(g, nets, a, b, six, NULL);
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

static double cpu_now(void) {
    return (double)clock() / CLOCKS_PER_SEC;
}

/* ---- supervised: positions labelled by a deeper search ------------------ */

/* The six outcome probabilities of gnubg's five (clipped at 0: a search's
   average keeps them consistent up to rounding). */
static void six_of(const double pr[5], float six[OUT]) {
    double v[OUT] = {pr[2], pr[1] - pr[2], pr[0] - pr[1], 1 - pr[0] - pr[3], pr[3] - pr[4], pr[4]};
    for (int o = 0; o < OUT; o++)
        six[o] = (float)(v[o] > 0 ? v[o] : 0);
}

static double equity_of_six(const float six[OUT]) {
    return 3.0 * six[0] + 2.0 * six[1] + six[2] - six[3] - 2.0 * six[4] - 3.0 * six[5];
}

/* The label of the position of `side` (on roll, before his roll). */
static void label_of(const bg_net *teacher, int plies, const bg_side *side, float six[OUT]) {
    double pr[5];
    alea__bg_ply_probs_nets(teacher, side, plies, pr);
    six_of(pr, six);
}

typedef struct labelled {
    bg_pair pair;
    float six[OUT];
} labelled;

/* One self-play game of `nets` (a random move with probability explore),
   from rng; each position before a roll that is not over is handed to
   `take` with probability p_sample.  Returns the positions taken. */
typedef void (*take_fn)(void *ctx, const bg_side *side);
static uint64_t sampled_game(const bg_net *nets, alea_rng *rng, double explore, double p_sample,
                             take_fn take, void *ctx) {
    game g;
    uint64_t taken = 0;
    game_start(&g, rng);
    for (int ply = 0; ply < 10000; ply++) {
        int a, b;
        bool wild;
        if (alea_rng_double(rng) < p_sample) {
            bg_side side;
            alea__bg_side(&side, &g.s, g.turn);
            take(ctx, &side);
            taken++;
        }
        a = alea_rng_die(rng, 6);
        b = alea_rng_die(rng, 6);
        wild = alea_rng_double(rng) < explore;
        if (play_turn_explore(&g, nets, a > b ? a : b, a > b ? b : a, NULL, wild ? rng : NULL))
            break;
    }
    return taken;
}

typedef struct learner {
    checkpoint *c;
    const bg_net *nets, *teacher;
    float alpha;
} learner;

static void take_learn(void *ctx, const bg_side *side) {
    learner *l = ctx;
    bg_pair p;
    float six[OUT];
    int kind;
    label_of(l->teacher, (int)l->c->sup.plies, side, six);
    alea__bg_pair_of(&p, side);
    kind = alea__bg_pair_kind(&p);
    learn(&l->c->net[kind], &l->nets[kind], &p, six, l->alpha);
}

typedef struct held_out {
    labelled *s;
    int n, cap, plies;
    const bg_net *teacher;
} held_out;

static void take_held(void *ctx, const bg_side *side) {
    held_out *h = ctx;
    if (h->n >= h->cap)
        return;
    alea__bg_pair_of(&h->s[h->n].pair, side);
    label_of(h->teacher, h->plies, side, h->s[h->n].six);
    h->n++;
}

/* Mean |equity error| and cross-entropy of `nets` at 0-ply against the
   held-out labels. */
static void held_error(const held_out *h, const bg_net *nets, double *err, double *xent) {
    double e = 0, x = 0;
    for (int i = 0; i < h->n; i++) {
        bg_inputs in;
        float out[OUT];
        alea__bg_net_encode(&in, &h->s[i].pair);
        alea__bg_net_forward(&nets[alea__bg_pair_kind(&h->s[i].pair)], &in, out, NULL);
        e += fabs(equity_of_six(out) - equity_of_six(h->s[i].six));
        for (int o = 0; o < OUT; o++)
            x -= h->s[i].six[o] * log(out[o] > 1e-9f ? out[o] : 1e-9f);
    }
    *err = h->n ? e / h->n : 0;
    *xent = h->n ? x / h->n : 0;
}

static int run_supervised(checkpoint *c, const char *ckpt_path, unsigned long long target,
                          unsigned long long every, unsigned long long test_games) {
    bg_net nets[BG_NET_COUNT], teacher[BG_NET_COUNT];
    held_out h;
    learner l;
    double last, err, xent;
    unsigned long long since = 0, games = 0, next_report;
    views(c, nets);
    views_of(c->sup.teacher, teacher);
    memset(&h, 0, sizeof h);
    h.cap = 1000;
    h.plies = (int)c->sup.plies;
    h.teacher = teacher;
    h.s = calloc((size_t)h.cap, sizeof *h.s);
    if (!h.s)
        return 1;
    { /* held out: the teacher's own games, a stream no run uses */
        alea_rng r;
        alea_rng_seed(&r, 0x4E1D0u);
        while (h.n < h.cap)
            sampled_game(teacher, &r, c->sup.explore, c->sup.sample, take_held, &h);
    }
    held_error(&h, teacher, &err, &xent);
    printf("held out: %d positions, the teacher at 0-ply: |equity error| %.4f, cross-entropy "
           "%.4f\n",
           h.n, err, xent);
    l.c = c;
    l.nets = nets;
    l.teacher = teacher;
    l.alpha = (float)c->sup.alpha;
    last = cpu_now();
    next_report = (c->sup.positions / every + 1) * every;
    while (c->sup.positions < target) {
        uint64_t got =
            sampled_game(nets, &c->sup.rng, c->sup.explore, c->sup.sample, take_learn, &l);
        c->sup.positions += got;
        c->sup.games++;
        since += got;
        games++;
        if (c->sup.positions >= next_report || c->sup.positions >= target) {
            double now = cpu_now(), rate = (double)since / (now - last + 1e-9);
            c->sup.cpu_seconds += now - last;
            held_error(&h, nets, &err, &xent);
            printf("positions %llu (%llu games)  %.0f positions/s  %.2f h of CPU  left %.1f min"
                   "  held out: |equity error| %.4f, cross-entropy %.4f",
                   (unsigned long long)c->sup.positions, (unsigned long long)c->sup.games, rate,
                   c->sup.cpu_seconds / 3600,
                   target > c->sup.positions ? (double)(target - c->sup.positions) / rate / 60
                                             : 0.0,
                   err, xent);
            if (test_games)
                printf("  vs heuristic %+.3f ppg",
                       test_against_heuristic(nets, (int)test_games, 1000003));
            printf("\n");
            fflush(stdout);
            since = games = 0;
            next_report = (c->sup.positions / every + 1) * every;
            last = cpu_now();
            if (save(c, ckpt_path)) {
                free(h.s);
                return 1;
            }
        }
    }
    free(h.s);
    return 0;
}

/* ---- a labelled file: positions labelled once, fitted in many passes ---- */

/* --label writes positions of the teacher's self-play games (as the online
   run takes them) with their PLIES-ply labels to a file; --fit starts from
   the teacher's checkpoint and makes passes over the file, every 20th
   position held out.  A label costs milliseconds and a step microseconds:
   so each label serves many steps.  Both go on from where they stopped. */

#define DB_MAGIC "ALEABGD1"
#define DB_BATCH 1024
#define HELD_EVERY 20

typedef struct db_head {
    char magic[8];
    uint32_t plies, teacher_checksum;
    uint64_t seed, games, records;
    double explore, sample, cpu_seconds;
    alea_rng rng;
} db_head;

static int db_head_write(FILE *f, const db_head *h) {
    return fseek(f, 0, SEEK_SET) == 0 && fwrite(h, sizeof *h, 1, f) == 1 && fflush(f) == 0 ? 0
                                                                                           : -1;
}

/* 1 read, 0 no file, -1 not a labelled file. */
static int db_head_read(const char *path, db_head *h, FILE **keep) {
    FILE *f = fopen(path, keep ? "r+b" : "rb");
    if (!f)
        return 0;
    if (fread(h, sizeof *h, 1, f) != 1 || memcmp(h->magic, DB_MAGIC, 8) != 0) {
        fprintf(stderr, "alea-bg-train: %s is not a labelled file\n", path);
        fclose(f);
        return -1;
    }
    if (keep)
        *keep = f;
    else
        fclose(f);
    return 1;
}

typedef struct labeller {
    const bg_net *teacher;
    int plies, n;
    labelled buf[DB_BATCH];
} labeller;

static void take_label(void *ctx, const bg_side *side) {
    labeller *l = ctx;
    if (l->n >= DB_BATCH)
        return;
    alea__bg_pair_of(&l->buf[l->n].pair, side);
    label_of(l->teacher, l->plies, side, l->buf[l->n].six);
    l->n++;
}

static int run_label(const checkpoint *c, const char *db_path, int plies, unsigned long long target,
                     unsigned long long seed, double explore, double sample,
                     unsigned long long every) {
    static labeller l;
    bg_net teacher[BG_NET_COUNT];
    db_head h;
    FILE *f = NULL;
    int got = db_head_read(db_path, &h, &f);
    double last = cpu_now();
    unsigned long long since = 0, next_report;
    views(c, teacher);
    if (got < 0)
        return 1;
    if (got == 0) {
        memset(&h, 0, sizeof h);
        memcpy(h.magic, DB_MAGIC, 8);
        h.plies = (uint32_t)plies;
        h.teacher_checksum = checksum_of(c);
        h.seed = seed;
        h.explore = explore;
        h.sample = sample;
        alea_rng_seed(&h.rng, seed ^ 0xDB5EEDu);
        f = fopen(db_path, "w+b");
        if (!f || db_head_write(f, &h)) {
            fprintf(stderr, "alea-bg-train: cannot write %s: %s\n", db_path, strerror(errno));
            return 1;
        }
        printf("new labelled file %s: %u-ply labels of the weights 0x%08x, seed %llu, explore %g, "
               "sample %g\n",
               db_path, h.plies, h.teacher_checksum, seed, explore, sample);
    } else if (h.teacher_checksum != checksum_of(c) || h.plies != (uint32_t)plies) {
        fprintf(stderr, "alea-bg-train: %s holds %u-ply labels of the weights 0x%08x\n", db_path,
                h.plies, h.teacher_checksum);
        fclose(f);
        return 1;
    } else {
        printf("resumed %s: %llu positions of %llu games, %.2f h of CPU\n", db_path,
               (unsigned long long)h.records, (unsigned long long)h.games, h.cpu_seconds / 3600);
    }
    /* records past the head's count (a run stopped between the two writes) are overwritten */
    if (fseek(f, (long)(sizeof h + h.records * sizeof(labelled)), SEEK_SET) != 0) {
        fclose(f);
        return 1;
    }
    l.teacher = teacher;
    l.plies = plies;
    next_report = (h.records / every + 1) * every;
    while (h.records < target) {
        l.n = 0;
        sampled_game(teacher, &h.rng, h.explore, h.sample, take_label, &l);
        if (l.n && fwrite(l.buf, sizeof l.buf[0], (size_t)l.n, f) != (size_t)l.n) {
            fprintf(stderr, "alea-bg-train: cannot write %s: %s\n", db_path, strerror(errno));
            fclose(f);
            return 1;
        }
        h.records += (uint64_t)l.n;
        h.games++;
        since += (unsigned long long)l.n;
        if (h.records >= next_report || h.records >= target) {
            double now = cpu_now(), rate = (double)since / (now - last + 1e-9);
            long at = (long)(sizeof h + h.records * sizeof(labelled));
            h.cpu_seconds += now - last;
            if (db_head_write(f, &h) || fseek(f, at, SEEK_SET) != 0) {
                fclose(f);
                return 1;
            }
            printf("positions %llu (%llu games)  %.0f positions/s  %.2f h of CPU  left %.1f min\n",
                   (unsigned long long)h.records, (unsigned long long)h.games, rate,
                   h.cpu_seconds / 3600,
                   target > h.records ? (double)(target - h.records) / rate / 60 : 0.0);
            fflush(stdout);
            since = 0;
            last = cpu_now();
            next_report = (h.records / every + 1) * every;
        }
    }
    return fclose(f) == 0 ? 0 : 1;
}

/* A fit's start: the teacher's weights (the file's labels are theirs). */
static int fit_start(checkpoint *c, const db_head *h, double alpha, unsigned long long seed,
                     unsigned long long epochs) {
    if (h->teacher_checksum != checksum_of(c)) {
        fprintf(stderr, "alea-bg-train: the file's labels are not of these weights (0x%08x, "
                        "the checkpoint 0x%08x)\n",
                h->teacher_checksum, checksum_of(c));
        return -1;
    }
    memcpy(c->sup.teacher, c->net, sizeof c->net);
    c->sup.plies = h->plies;
    c->sup.seed = h->seed;
    c->sup.games = h->games;
    c->sup.positions = h->records;
    c->sup.explore = h->explore;
    c->sup.sample = h->sample;
    c->sup.cpu_seconds = h->cpu_seconds;
    c->sup.alpha = alpha;
    alea_rng_seed(&c->sup.rng, seed ^ 0xF17u);
    memset(&c->fit, 0, sizeof c->fit);
    c->fit.target = epochs;
    return 0;
}

/* The heads of the comma-separated labelled files in `list`, summed into
   *sum (they must share teacher and depth), and, if `out` is not NULL, all
   their positions in order (malloc'ed).  0, or -1 with the reason printed. */
static int db_read_all(const char *list, db_head *sum, labelled **out) {
    char path[4096];
    size_t got = 0;
    labelled *all = NULL;
    memset(sum, 0, sizeof *sum);
    for (const char *p = list; *p;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        db_head h;
        FILE *f = NULL;
        if (n == 0 || n >= sizeof path) {
            fprintf(stderr, "alea-bg-train: a bad file name in %s\n", list);
            free(all);
            return -1;
        }
        memcpy(path, p, n);
        path[n] = '\0';
        p += n + (comma != NULL);
        int read = db_head_read(path, &h, out ? &f : NULL);
        if (read != 1) {
            if (read == 0)
                fprintf(stderr, "alea-bg-train: no labelled file %s\n", path);
            free(all);
            return -1;
        }
        if (sum->records == 0) {
            *sum = h;
        } else if (h.teacher_checksum != sum->teacher_checksum || h.plies != sum->plies) {
            fprintf(stderr, "alea-bg-train: %s holds labels of other weights or depth\n", path);
            if (f)
                fclose(f);
            free(all);
            return -1;
        } else {
            sum->records += h.records;
            sum->games += h.games;
            sum->cpu_seconds += h.cpu_seconds;
        }
        if (out) {
            labelled *grown = realloc(all, (size_t)sum->records * sizeof *all + sizeof *all);
            if (!grown || fread(grown + got, sizeof *grown, h.records, f) != h.records) {
                fprintf(stderr, "alea-bg-train: cannot read %s\n", path);
                fclose(f);
                free(grown ? grown : all);
                return -1;
            }
            all = grown;
            got += h.records;
            fclose(f);
        }
    }
    if (out)
        *out = all;
    return 0;
}

/* The error of the checkpoint's networks at 0-ply against every label of
   the files (any teacher's): a measure on positions no fit saw. */
static int run_score(const checkpoint *c, const char *db_list) {
    db_head h;
    held_out all;
    bg_net nets[BG_NET_COUNT];
    double err, xent;
    memset(&all, 0, sizeof all);
    if (db_read_all(db_list, &h, &all.s) != 0)
        return 1;
    all.n = (int)h.records;
    views(c, nets);
    held_error(&all, nets, &err, &xent);
    printf("%s: %d positions, %u-ply labels of the weights 0x%08x; the networks 0x%08x at 0-ply: "
           "|equity error| %.4f, cross-entropy %.4f\n",
           db_list, all.n, h.plies, h.teacher_checksum, checksum_of(c), err, xent);
    free(all.s);
    return 0;
}

static int run_fit(checkpoint *c, const char *ckpt_path, const char *db_list) {
    db_head h;
    labelled *all;
    size_t *order, n_train = 0;
    held_out held;
    bg_net nets[BG_NET_COUNT];
    double err, xent;
    if (db_read_all(db_list, &h, &all) != 0)
        return 1;
    if (h.teacher_checksum != teacher_checksum_of(c) || h.records != c->sup.positions) {
        fprintf(stderr, "alea-bg-train: %s are not the files this fit started on\n", db_list);
        free(all);
        return 1;
    }
    order = malloc(h.records * sizeof *order);
    memset(&held, 0, sizeof held);
    held.s = malloc(h.records / HELD_EVERY * sizeof *held.s + sizeof *held.s);
    if (!order || !held.s) {
        free(all);
        free(order);
        free(held.s);
        return 1;
    }
    for (size_t i = 0; i < h.records; i++) {
        if (i % HELD_EVERY == HELD_EVERY - 1)
            held.s[held.n++] = all[i];
        else
            order[n_train++] = i;
    }
    views(c, nets);
    held_error(&held, nets, &err, &xent);
    printf("%llu positions, %zu for steps and %d held out (%u-ply labels); pass %llu of %llu: "
           "held out |equity error| %.4f, cross-entropy %.4f\n",
           (unsigned long long)h.records, n_train, held.n, h.plies,
           (unsigned long long)c->fit.epochs, (unsigned long long)c->fit.target, err, xent);
    while (c->fit.epochs < c->fit.target) {
        double start = cpu_now();
        for (size_t i = n_train; i > 1; i--) { /* a fresh order every pass */
            size_t j = (size_t)alea_rng_below(&c->sup.rng, i), t = order[i - 1];
            order[i - 1] = order[j];
            order[j] = t;
        }
        for (size_t i = 0; i < n_train; i++) {
            const labelled *r = &all[order[i]];
            int kind = alea__bg_pair_kind(&r->pair);
            learn(&c->net[kind], &nets[kind], &r->pair, r->six, (float)c->sup.alpha);
        }
        c->fit.epochs++;
        c->fit.steps += n_train;
        c->sup.cpu_seconds += cpu_now() - start;
        held_error(&held, nets, &err, &xent);
        printf("pass %llu of %llu  %.1f s  held out: |equity error| %.4f, cross-entropy %.4f\n",
               (unsigned long long)c->fit.epochs, (unsigned long long)c->fit.target,
               cpu_now() - start, err, xent);
        fflush(stdout);
        if (save(c, ckpt_path))
            break;
    }
    free(all);
    free(order);
    free(held.s);
    return c->fit.epochs < c->fit.target;
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
            " *   checksum: 0x%08x (FNV-1a of every float, alea__bg_net_checksum)\n",
            command, (unsigned long long)c->seed, (unsigned long long)c->games,
            c->cpu_seconds / 3600.0, c->alpha, (unsigned long long)c->decay, c->inputs, c->hidden,
            c->outputs, BG_NET_COUNT, checksum_of(c));
    if (c->sup.plies && c->fit.target)
        fprintf(f,
                " *   then:     %llu positions of %llu self-play games of those weights (seed\n"
                " *             %llu, explore %g, sample %g) labelled by their %u-ply search,\n"
                " *             %llu passes over them (every %dth held out), cross-entropy steps\n"
                " *             of alpha %g, %.2f more hours of CPU\n"
                " */\n",
                (unsigned long long)c->sup.positions, (unsigned long long)c->sup.games,
                (unsigned long long)c->sup.seed, c->sup.explore, c->sup.sample, c->sup.plies,
                (unsigned long long)c->fit.epochs, HELD_EVERY, c->sup.alpha,
                c->sup.cpu_seconds / 3600.0);
    else if (c->sup.plies)
        fprintf(
            f,
            " *   then:     %llu positions of %llu self-play games (seed %llu, explore %g, sample\n"
            " *             %g) labelled by the %u-ply search of those weights, cross-entropy\n"
            " *             steps of alpha %g, %.2f more hours of CPU\n"
            " */\n",
            (unsigned long long)c->sup.positions, (unsigned long long)c->sup.games,
            (unsigned long long)c->sup.seed, c->sup.explore, c->sup.sample, c->sup.plies,
            c->sup.alpha, c->sup.cpu_seconds / 3600.0);
    else
        fprintf(f, " */\n");
    fprintf(f, "#include \"backgammon/net.h\"\n\n");
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

static int usage(void) {
    fprintf(stderr,
            "usage: alea-bg-train --checkpoint FILE [--games N] [--seed S] [--alpha A]\n"
            "                     [--decay D] [--every N] [--test-games N] [--write-c FILE]\n"
            "                     [--command TEXT]\n"
            "       alea-bg-train --checkpoint FILE --supervised PLIES [--from TD-CHECKPOINT]\n"
            "                     [--positions N] [--seed S] [--alpha A] [--explore E]\n"
            "                     [--sample P] [--every N] [--test-games N]\n"
            "       alea-bg-train --checkpoint TEACHER --label FILE --plies P --positions N\n"
            "                     [--seed S] [--explore E] [--sample P] [--every N]\n"
            "       alea-bg-train --checkpoint FILE --fit LABELLED[,LABELLED...] [--from TEACHER]\n"
            "                     [--epochs E] [--alpha A] [--seed S]\n"
            "       alea-bg-train --checkpoint FILE --score LABELLED\n");
    return 2;
}

int main(int argc, char **argv) {
    const char *ckpt_path = NULL, *c_path = NULL, *command = NULL, *from = NULL;
    const char *label_path = NULL, *fit_path = NULL, *score_path = NULL;
    unsigned long long positions = 0, sup_plies = 0, label_plies = 0, epochs = 10;
    double explore = 0.1, sample = 0.25;
    bool alpha_set = false;
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
            alpha = strtod(v, NULL), alpha_set = true;
        else if (!strcmp(a, "--supervised"))
            sup_plies = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--from"))
            from = v;
        else if (!strcmp(a, "--positions"))
            positions = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--explore"))
            explore = strtod(v, NULL);
        else if (!strcmp(a, "--sample"))
            sample = strtod(v, NULL);
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
        else if (!strcmp(a, "--label"))
            label_path = v;
        else if (!strcmp(a, "--plies"))
            label_plies = strtoull(v, NULL, 10);
        else if (!strcmp(a, "--fit"))
            fit_path = v;
        else if (!strcmp(a, "--score"))
            score_path = v;
        else if (!strcmp(a, "--epochs"))
            epochs = strtoull(v, NULL, 10);
        else
            return usage();
    }
    if (!ckpt_path || every == 0)
        return usage();
    c = calloc(1, sizeof *c);
    if (!c)
        return 1;
    loaded = load(c, ckpt_path);
    if (score_path) {
        int bad = loaded != 1 || run_score(c, score_path);
        free(c);
        return bad;
    }
    if (label_path) { /* the checkpoint is the teacher: read, never written */
        int bad = loaded != 1 || label_plies < 1 || label_plies > 3 ||
                  run_label(c, label_path, (int)label_plies, positions, seed, explore, sample,
                            every);
        if (loaded == 0 || label_plies < 1 || label_plies > 3)
            fprintf(stderr, "alea-bg-train: --label needs a checkpoint and --plies 1 to 3\n");
        free(c);
        return bad;
    }
    if (fit_path) {
        db_head h;
        int bad = 0;
        if (!loaded && from) { /* a new fit from the teacher's weights */
            bad = db_read_all(fit_path, &h, NULL) != 0 || load(c, from) != 1 ||
                  fit_start(c, &h, alpha_set ? alpha : 0.001, seed, epochs) != 0;
        } else if (loaded != 1 || !c->fit.target) {
            fprintf(stderr, "alea-bg-train: --fit needs --from TEACHER or a fit's checkpoint\n");
            bad = 1;
        } else {
            c->fit.target = epochs > c->fit.target ? epochs : c->fit.target;
        }
        bad = bad || run_fit(c, ckpt_path, fit_path);
        free(c);
        return bad;
    }
    if (loaded == 1 && c->fit.target && !c_path) {
        fprintf(stderr, "alea-bg-train: %s is a fit's checkpoint: go on with --fit FILE\n",
                ckpt_path);
        free(c);
        return 1;
    }
    if (!loaded && from && sup_plies) { /* a supervised run from a TD run's weights */
        loaded = load(c, from);
        if (loaded == 0)
            fprintf(stderr, "alea-bg-train: no checkpoint %s\n", from);
        if (loaded == 1 && c->sup.plies) {
            fprintf(stderr, "alea-bg-train: %s holds a supervised run already\n", from);
            loaded = -1;
        }
        if (loaded == 1) {
            c->sup.plies = (uint32_t)sup_plies;
            c->sup.seed = seed;
            c->sup.alpha = alpha_set ? alpha : 0.002;
            c->sup.explore = explore;
            c->sup.sample = sample;
            alea_rng_seed(&c->sup.rng, seed ^ 0x59E5EEDu);
            memcpy(c->sup.teacher, c->net, sizeof c->net);
            printf("supervised run from %s (%llu TD games): seed %llu, labels at %u-ply, alpha %g, "
                   "explore %g, sample %g\n",
                   from, (unsigned long long)c->games, seed, c->sup.plies, c->sup.alpha,
                   c->sup.explore, c->sup.sample);
        } else {
            loaded = -1;
        }
    }
    if (loaded < 0 || (sup_plies && !loaded)) {
        if (sup_plies && !loaded)
            fprintf(stderr,
                    "alea-bg-train: --supervised needs --from or a supervised checkpoint\n");
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
    } else if (!from || !sup_plies || c->sup.games) {
        printf("resumed %s: seed %llu, %llu games, %.2f h of CPU", ckpt_path,
               (unsigned long long)c->seed, (unsigned long long)c->games, c->cpu_seconds / 3600);
        if (c->sup.plies)
            printf("; supervised (%u-ply labels, seed %llu): %llu positions of %llu games, %.2f h "
                   "of CPU",
                   c->sup.plies, (unsigned long long)c->sup.seed,
                   (unsigned long long)c->sup.positions, (unsigned long long)c->sup.games,
                   c->sup.cpu_seconds / 3600);
        printf("\n");
    }
    views(c, nets);
    if (c_path) {
        int bad = write_c(c, c_path, command ? command : "alea-bg-train");
        free(c);
        return bad ? 1 : 0;
    }
    if (c->sup.plies) {
        int bad = run_supervised(c, ckpt_path, positions, every, test_games);
        free(c);
        return bad;
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
