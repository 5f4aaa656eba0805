/*
 * alea-wd-fit: fits the evaluation of wise dice (lib/wise_dice/eval.h) on
 * self-play games, the weights behind the ply bot (doc/bots.md "Wise dice:
 * the fitted evaluation").
 *
 *   alea-wd-fit [--rounds R] [--games N] [--seed S] [--noise X]
 *               [--write-c FILE --command TEXT]
 *
 * Each round plays N games in which both seats make the move the current
 * weights value best at 0-ply (plus a normal deviate of X on every value,
 * so that the games vary), the set-up at random.  Every position where a
 * player is about to roll outside a final turn is a sample: its inputs
 * (alea__wd_inputs, the roller's view), the points the roller then gained
 * on his opponent until the end, and his result.  The weights are the
 * least-squares fit of those points (a ridge of 1e-6 per sample); sigma is
 * the maximum-likelihood scale of the logistic curve from the estimated
 * final margin to the result (draws count half).  The next round plays
 * with the new weights.  Round 1 plays with the hand-set `start` weights
 * below (the library's own are not read, so that a run can be repeated).
 * Deterministic: the seed fixes every game and so every weight.
 */
#include "wise_dice/eval.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define K WD_EVAL_WEIGHTS

/* Round 1's weights: a guess (crossing chances grow towards the midline,
   blocked pawns cost, a clear home row and the roll are worth a few
   points), sigma 15 points. */
static const wd_eval_weights start = {
    {2, 3, 4, 5, 6, 7, 3, 3, 3, 3, 3, 3, -2, -5, 3, 3, 8},
    15.0,
};

typedef struct sample {
    float x[K];
    float lead;   /* the roller's points less his opponent's, now */
    float target; /* what he gained on him until the end */
    float result; /* 1 win, 0.5 draw, 0 loss (the roller's) */
} sample;

typedef struct samples {
    sample *s;
    size_t n, cap;
} samples;

static void push(samples *v, const sample *x) {
    if (v->n == v->cap) {
        v->cap = v->cap ? 2 * v->cap : 1 << 16;
        v->s = realloc(v->s, v->cap * sizeof *v->s);
        if (!v->s) {
            fprintf(stderr, "alea-wd-fit: out of memory\n");
            exit(1);
        }
    }
    v->s[v->n++] = *x;
}

static double normal(alea_rng *rng) {
    double sum = 0;
    for (int i = 0; i < 12; i++)
        sum += alea_rng_double(rng);
    return sum - 6.0;
}

/* One self-play game; its samples appended to v. */
static void play_game(const wd_eval_weights *w, double noise, alea_rng *rng, samples *v) {
    alea_state st;
    uint64_t legal[ALEA_WISE_DICE_MAX_ACTIONS];
    size_t first = v->n, n;
    if (alea_state_init(&st, "wise-dice", NULL) != ALEA_OK)
        exit(1);
    wd_state *s = wd_of(&st);
    while (s->phase != WD_PHASE_OVER) {
        if (s->phase == WD_PHASE_ROLL && !s->final_turn) {
            sample x;
            double in[K];
            alea__wd_inputs(s, s->player, in);
            for (int i = 0; i < K; i++)
                x.x[i] = (float)in[i];
            x.lead = (float)(s->score[s->player] - s->score[1 - s->player]);
            x.target = (float)s->player; /* the roller, until the end is known */
            push(v, &x);
        }
        if (s->phase == WD_PHASE_START || s->phase == WD_PHASE_ROLL) {
            alea_state_roll(NULL, &st, rng);
        } else if (s->phase == WD_PHASE_SETUP) {
            alea_state_legal_actions(legal, ALEA_WISE_DICE_MAX_ACTIONS, &n, &st);
            alea_state_apply(&st, legal[alea_rng_below(rng, n)], NULL);
        } else {
            size_t best = 0;
            double best_value = 0;
            n = alea__wd_legal_moves(s, legal);
            for (size_t i = 0; i < n; i++) {
                wd_state t = *s;
                alea__wd_play(&t, legal[i]);
                double val = alea__wd_static_value(&t, s->player, w).value;
                if (noise > 0)
                    val += noise * normal(rng);
                if (i == 0 || val > best_value) {
                    best_value = val;
                    best = i;
                }
            }
            alea__wd_play(s, legal[best]);
        }
    }
    for (size_t i = first; i < v->n; i++) {
        int roller = (int)v->s[i].target;
        double final = s->score[roller] - s->score[1 - roller];
        v->s[i].target = (float)(final - v->s[i].lead);
        v->s[i].result = final > 0 ? 1.0f : final < 0 ? 0.0f : 0.5f;
    }
}

/* Solves a x = b (k x k) by Gaussian elimination with partial pivoting. */
static int solve(double a[K][K], double b[K], double x[K]) {
    for (int c = 0; c < K; c++) {
        int piv = c;
        for (int r = c + 1; r < K; r++)
            if (fabs(a[r][c]) > fabs(a[piv][c]))
                piv = r;
        if (fabs(a[piv][c]) < 1e-12)
            return -1;
        for (int j = 0; j < K; j++) {
            double t = a[c][j];
            a[c][j] = a[piv][j];
            a[piv][j] = t;
        }
        double t = b[c];
        b[c] = b[piv];
        b[piv] = t;
        for (int r = c + 1; r < K; r++) {
            double f = a[r][c] / a[c][c];
            for (int j = c; j < K; j++)
                a[r][j] -= f * a[c][j];
            b[r] -= f * b[c];
        }
    }
    for (int c = K - 1; c >= 0; c--) {
        double sum = b[c];
        for (int j = c + 1; j < K; j++)
            sum -= a[c][j] * x[j];
        x[c] = sum / a[c][c];
    }
    return 0;
}

static double margin_of(const sample *x, const double w[K]) {
    double m = x->lead;
    for (int i = 0; i < K; i++)
        m += w[i] * x->x[i];
    return m;
}

/* Mean log-loss of the results under scale sigma. */
static double log_loss(const samples *v, const double w[K], double sigma) {
    double sum = 0;
    for (size_t i = 0; i < v->n; i++) {
        double p = 1.0 / (1.0 + exp(-margin_of(&v->s[i], w) / sigma));
        p = p < 1e-9 ? 1e-9 : p > 1 - 1e-9 ? 1 - 1e-9 : p;
        double y = v->s[i].result;
        sum -= y * log(p) + (1 - y) * log(1 - p);
    }
    return sum / (double)v->n;
}

static void fit(const samples *v, wd_eval_weights *w) {
    static double a[K][K];
    double b[K] = {0}, x[K], sse = 0, sst = 0, mean = 0;
    memset(a, 0, sizeof a);
    for (size_t i = 0; i < v->n; i++) {
        const sample *s = &v->s[i];
        for (int r = 0; r < K; r++) {
            b[r] += s->x[r] * s->target;
            for (int c = 0; c < K; c++)
                a[r][c] += (double)s->x[r] * s->x[c];
        }
        mean += s->target;
    }
    for (int r = 0; r < K; r++)
        a[r][r] += 1e-6 * (double)v->n;
    if (solve(a, b, x) != 0) {
        fprintf(stderr, "alea-wd-fit: singular system\n");
        exit(1);
    }
    mean /= (double)v->n;
    for (size_t i = 0; i < v->n; i++) {
        const sample *s = &v->s[i];
        double e = s->target;
        for (int r = 0; r < K; r++)
            e -= x[r] * s->x[r];
        sse += e * e;
        sst += (s->target - mean) * (s->target - mean);
    }
    /* golden-section search of sigma on a log scale, 1..300 points */
    double lo = log(1.0), hi = log(300.0), g = (sqrt(5.0) - 1) / 2;
    for (int it = 0; it < 60; it++) {
        double m1 = hi - g * (hi - lo), m2 = lo + g * (hi - lo);
        if (log_loss(v, x, exp(m1)) < log_loss(v, x, exp(m2)))
            hi = m2;
        else
            lo = m1;
    }
    memcpy(w->w, x, sizeof x);
    w->sigma = exp((lo + hi) / 2);
    printf("  samples %zu, R^2 of the future margin %.3f, rms error %.2f points, sigma %.2f, "
           "log-loss %.4f\n",
           v->n, 1 - sse / sst, sqrt(sse / (double)v->n), w->sigma, log_loss(v, x, w->sigma));
}

static const char *const names[K] = {"free pawns on row 1",
                                     "row 2",
                                     "row 3",
                                     "row 4",
                                     "row 5",
                                     "row 6",
                                     "row 7",
                                     "row 8",
                                     "row 9",
                                     "row 10",
                                     "row 11",
                                     "row 12",
                                     "blocked under an own pawn",
                                     "blocked under an enemy pawn",
                                     "home row clear",
                                     "home row clear: free pawns in the far half",
                                     "the roll (constant)"};

static void write_c(const char *path, const wd_eval_weights *w, const char *command,
                    unsigned long long seed, int rounds, int games) {
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        exit(1);
    }
    fprintf(f,
            "/*\n * Wise dice: the fitted weights of the evaluation (eval.h).\n"
            " * Written by tests/tools/wd_fit.c; do not edit.\n *\n"
            " *   %s\n *\n * seed %llu, %d rounds of %d self-play games.\n */\n",
            command, seed, rounds, games);
    fprintf(f, "#include \"wise_dice/eval.h\"\n\n/* clang-format off */\n"
               "const wd_eval_weights alea__wd_weights = {\n    {\n");
    for (int i = 0; i < K; i++)
        fprintf(f, "        %.6f, /* %s */\n", w->w[i], names[i]);
    fprintf(f, "    },\n    %.6f, /* sigma */\n};\n/* clang-format on */\n", w->sigma);
    fclose(f);
}

int main(int argc, char **argv) {
    int rounds = 4, games = 4000;
    unsigned long long seed = 1;
    double noise = 0.05;
    const char *out = NULL, *command = "alea-wd-fit";
    for (int i = 1; i < argc; i += 2) { /* option, value */
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!val) {
            fprintf(stderr, "alea-wd-fit: %s needs a value\n", a);
            return 2;
        }
        if (strcmp(a, "--rounds") == 0)
            rounds = atoi(val);
        else if (strcmp(a, "--games") == 0)
            games = atoi(val);
        else if (strcmp(a, "--seed") == 0)
            seed = strtoull(val, NULL, 10);
        else if (strcmp(a, "--noise") == 0)
            noise = atof(val);
        else if (strcmp(a, "--write-c") == 0)
            out = val;
        else if (strcmp(a, "--command") == 0)
            command = val;
        else {
            fprintf(stderr, "usage: alea-wd-fit [--rounds R] [--games N] [--seed S] "
                            "[--noise X] [--write-c FILE --command TEXT]\n");
            return 2;
        }
    }
    wd_eval_weights w = start;
    alea_rng rng;
    alea_rng_seed(&rng, seed);
    clock_t t0 = clock();
    for (int r = 1; r <= rounds; r++) {
        samples v = {NULL, 0, 0};
        for (int g = 0; g < games; g++)
            play_game(&w, noise, &rng, &v);
        printf("round %d: %d games, %.1f samples a game, %.0f s CPU\n", r, games,
               (double)v.n / games, (double)(clock() - t0) / CLOCKS_PER_SEC);
        fit(&v, &w);
        for (int i = 0; i < K; i++)
            printf("    %-45s %8.3f\n", names[i], w.w[i]);
        fflush(stdout);
        free(v.s);
    }
    if (out)
        write_c(out, &w, command, seed, rounds, games);
    return 0;
}
