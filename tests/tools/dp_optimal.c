/*
 * dp_optimal: the exact optimum of solitaire dice poker on the one-column
 * card (`dice-poker players=1 columns=1`) by dynamic programming
 * (lib/dice_poker/optimal.h), then a check of the values against the
 * library's own rules by simulation: the policy that picks the action of
 * highest value (alea__dpo_action_values) plays games through
 * alea_state_apply, and their mean final score must lie within its 95 %
 * interval of the computed value.
 *
 *   dp_optimal [--open K] [--games N] [--seed S] [--write FILE] [--bound Z]
 *
 * --open K   solve only the game from a position with K open cells, reached by
 *            the greedy bot from seed S (15: the whole game, the default).
 * --valid    reach that position by scripted throws instead, which keep the
 *            column bonus alive (School 1..6 with four dice each, then Pair,
 *            Three, Two pairs, Full, Small, Large, Sum, Four, Poker).
 * --games N  simulate N games from that position (default 0).
 * --write    write the table (format: alea__dpo_table_view in optimal.h); the
 *            FNV-1a 64 checksum of its values is printed.
 * --read     read such a table instead of solving (the whole game only).
 * --bound Z  exit 1 unless |mean - value| <= Z standard errors (default 3).
 * --no-column  an experiment: solve and play as if the column bonus (P-6.7)
 *            were already lost (the rules still award it); the table then
 *            needs only the reserve states, 464 896 in all.
 * --bot NAME simulate that bot of alea_bot_choose instead (heuristic, greedy,
 *            ...), to measure how far it is from the optimum (no check).
 * Built by Meson (tests/meson.build); CI runs a small instance.
 */
#define _POSIX_C_SOURCE 200809L
#define ALEA_EXPERIMENTAL
#include "dice_poker/optimal.h"

#include <alea/bot.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int fail(const char *what, alea_error *err) {
    fprintf(stderr, "dp_optimal: %s%s%s\n", what, err ? ": " : "", err ? err->message : "");
    return 2;
}

static long last_turn_checks;
static int self_contained; /* odd games: alea__dp_action_values, its own work block */

static int popcount_open(uint32_t mask) {
    int n = 0;
    for (int r = 0; r < DP_ROWS; r++)
        n += !(mask >> r & 1u);
    return n;
}

/* Picks the legal action of highest value; its value into *value. */
static uint64_t best_action(dpo_work *w, const dpo_table *t, const alea_state *st, double *value) {
    uint64_t legal[ALEA_MAX_ACTIONS];
    double v[ALEA_MAX_ACTIONS];
    size_t n = 0;
    if (alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, st) != ALEA_OK || n == 0 ||
        (self_contained ? alea__dp_action_values(t, st, legal, n, v)
                        : alea__dpo_action_values(w, t, st, legal, n, v)) != ALEA_OK) {
        fprintf(stderr, "dp_optimal: no action values\n");
        exit(2);
    }
    size_t best = 0;
    for (size_t i = 1; i < n; i++)
        if (v[i] > v[best])
            best = i;
    *value = v[best];
    /* the last turn, independently: the advisor's exact expectimax of the
       turn's points, which applies the action through the rules when it
       completes a row or the column */
    alea_dice_poker_advice adv;
    uint32_t mask;
    int res, cls;
    if (!w->ignore_column && alea__dpo_key(w, st, &mask, &res, &cls) && popcount_open(mask) == 1) {
        if (alea_dice_poker_advise(&adv, st, ALEA_DICE_POKER_ADVISE_TURN) != ALEA_OK ||
            fabs(adv.expected - (v[best] - alea__dp_score(dp_cof(st), 0))) > 1e-9) {
            fprintf(stderr,
                    "dp_optimal: the last turn's value %.6f differs from the advisor's %.6f\n",
                    v[best] - alea__dp_score(dp_cof(st), 0), adv.expected);
            exit(1);
        }
        last_turn_checks++;
    }
    return legal[best];
}

int main(int argc, char **argv) {
    int open = DP_ROWS;
    long games = 0;
    unsigned long long seed = 1;
    const char *out = NULL, *in = NULL;
    double bound = 3;
    int valid = 0, no_column = 0;
    alea_bot_kind bot = ALEA_BOT_NONE;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--open") && i + 1 < argc)
            open = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--games") && i + 1 < argc)
            games = atol(argv[++i]);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--write") && i + 1 < argc)
            out = argv[++i];
        else if (!strcmp(argv[i], "--read") && i + 1 < argc)
            in = argv[++i];
        else if (!strcmp(argv[i], "--bot") && i + 1 < argc) {
            if ((bot = alea_bot_find(argv[++i])) == ALEA_BOT_NONE)
                return fail("unknown bot", NULL);
        } else if (!strcmp(argv[i], "--no-column"))
            no_column = 1;
        else if (!strcmp(argv[i], "--valid"))
            valid = 1;
        else if (!strcmp(argv[i], "--bound") && i + 1 < argc)
            bound = atof(argv[++i]);
        else
            return fprintf(stderr,
                           "usage: dp_optimal [--open K] [--games N] [--seed S] "
                           "[--valid] [--write FILE] [--read FILE] [--bound Z] [--bot NAME]\n"),
                   2;
    }
    if (open < 1 || open > DP_ROWS)
        return fail("--open must be 1..15", NULL);

    /* the start: the empty card, or the greedy bot's game until `open` cells remain */
    alea_state start;
    alea_error err;
    alea_rng rng;
    alea_rng_seed(&rng, seed);
    if (alea_state_init(&start, "dice-poker players=1 columns=1", &err) != ALEA_OK)
        return fail("init", &err);
    /* the scripted throws of --valid: a row, then the dice thrown at once */
    static const struct {
        int row;
        uint8_t dice[DP_FACES];
    } script[DP_ROWS] = {
        {0, {4, 1, 0, 0, 0, 0}},  {1, {1, 4, 0, 0, 0, 0}},  {2, {1, 0, 4, 0, 0, 0}},
        {3, {1, 0, 0, 4, 0, 0}},  {4, {1, 0, 0, 0, 4, 0}},  {5, {1, 0, 0, 0, 0, 4}},
        {6, {1, 1, 1, 0, 0, 2}},  {7, {1, 1, 0, 0, 3, 0}},  {8, {1, 0, 0, 0, 2, 2}},
        {9, {0, 0, 0, 0, 2, 3}},  {12, {1, 1, 1, 1, 1, 0}}, {13, {0, 1, 1, 1, 1, 1}},
        {14, {0, 0, 0, 0, 1, 4}}, {10, {1, 0, 0, 0, 0, 4}}, {11, {0, 0, 0, 0, 0, 5}},
    };
    for (int k = 0; valid && k < DP_ROWS - open; k++) {
        uint64_t roll = alea__dp_dice_action(ALEA_DICE_POKER_ROLL, script[k].dice);
        if (alea_state_apply(&start, roll, &err) != ALEA_OK ||
            alea_state_apply(&start, ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_SCORE, script[k].row),
                             &err) != ALEA_OK)
            return fail("scripted start", &err);
    }
    while (!(alea_state_current_player(&start) == ALEA_PLAYER_CHANCE &&
             dp_cof(&start)->throws == 0 && DP_ROWS - dp_cof(&start)->turns <= open)) {
        uint64_t a;
        alea_status s = alea_state_current_player(&start) == ALEA_PLAYER_CHANCE
                            ? alea_state_sample(&a, &start, &rng)
                            : alea_bot_choose(&a, &start, ALEA_BOT_GREEDY, &rng);
        if (s != ALEA_OK || alea_state_apply(&start, a, &err) != ALEA_OK)
            return fail("greedy start", &err);
    }

    static dpo_work w;
    static uint32_t base[DPO_MASKS + 1];
    alea__dpo_work_init(&w);
    w.ignore_column = (uint8_t)no_column;
    printf("work block %zu bytes\n", sizeof w);
    if (w.cls_value[DPO_CLASSES - 1] != DP_MAX_CELL)
        return fail("the classes of m are not the 17 expected", NULL);
    size_t states = alea__dpo_layout(&w, base);
    double *v = calloc(states, sizeof *v);
    if (!v)
        return fail("out of memory", NULL);
    dpo_table t = {base, v};
    uint32_t mask0;
    int res0, cls0;
    if (!alea__dpo_key(&w, &start, &mask0, &res0, &cls0))
        return fail("key", NULL);

    /* backward induction: every superset of the start's cells, fullest first */
    double t0 = now_s(), c0 = (double)clock() / CLOCKS_PER_SEC;
    size_t solved = 0;
    void *image = NULL;
    if (in) {
        FILE *f = fopen(in, "rb");
        long len;
        if (!f || fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 ||
            fseek(f, 0, SEEK_SET) != 0 || !(image = aligned_alloc(8, ((size_t)len + 7) / 8 * 8)) ||
            fread(image, 1, (size_t)len, f) != (size_t)len ||
            alea__dpo_table_view(&t, &w, image, (size_t)len) != ALEA_OK)
            return fail("cannot read the table", NULL);
        fclose(f);
    }
    for (uint32_t mask = DPO_MASKS; in == NULL && mask-- > 0;) {
        if ((mask & mask0) != mask0)
            continue;
        int nres = alea__dpo_reserves(mask), ncls = alea__dpo_classes(&w, mask);
        for (int r = 0; r < nres; r++)
            for (int c = 0; c < (no_column ? 1 : ncls); c++)
                v[base[mask] + (uint32_t)(r * ncls + c)] = mask == DPO_FULL
                                                               ? alea__dpo_terminal(&w, c)
                                                               : alea__dpo_turn(&w, &t, mask, r, c);
        solved += (size_t)nres * (size_t)(no_column ? 1 : ncls);
    }
    double secs = now_s() - t0, cpu = (double)clock() / CLOCKS_PER_SEC - c0;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    if (in && !alea__dpo_key(&w, &start, &mask0, &res0, &cls0))
        return fail("key", NULL);
    double value = t.v[t.base[mask0] + (uint32_t)(res0 * alea__dpo_classes(&w, mask0) + cls0)];
    double score0 = alea__dp_score(dp_cof(&start), 0);
    printf("start: %d open cells, score so far %.0f, state (mask %#x, reserve %d, class %d)\n",
           open, score0, mask0, res0, cls0);
    printf("states: %zu in the table, %zu solved; %.1f s (CPU %.1f s); peak RSS %.1f MB; table "
           "%.1f MB\n",
           states, solved, secs, cpu, (double)ru.ru_maxrss / 1024.0,
           (double)(states * sizeof *v + sizeof base) / 1e6);
    printf("optimal expected final score: %.4f\n", score0 + value);

    if (out) {
        FILE *f = fopen(out, "wb");
        uint64_t n64 = states, h = 1469598103934665603ULL;
        const uint32_t pad = 0;
        const unsigned char *p = (const unsigned char *)t.v;
        for (size_t i = 0; i < states * sizeof *v; i++)
            h = (h ^ p[i]) * 1099511628211ULL;
        if (!f || fwrite(DPO_MAGIC, 1, 8, f) != 8 || fwrite(&n64, sizeof n64, 1, f) != 1 ||
            fwrite(t.base, sizeof base, 1, f) != 1 || fwrite(&pad, sizeof pad, 1, f) != 1 ||
            fwrite(t.v, sizeof *v, states, f) != states || fclose(f) != 0)
            return fail("cannot write the table", NULL);
        printf("table written to %s: values FNV-1a 64 %016llx\n", out, (unsigned long long)h);
    }

    if (games > 0) {
        double sum = 0, sum2 = 0, worst = 0;
        t0 = now_s();
        for (long g = 0; g < games; g++) {
            alea_state st = start;
            self_contained = (int)(g & 1) && !no_column;
            while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
                uint64_t a;
                double av = 0;
                if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE) {
                    if (alea_state_sample(&a, &st, &rng) != ALEA_OK)
                        return fail("sample", NULL);
                } else if (bot != ALEA_BOT_NONE) {
                    if (alea_bot_choose(&a, &st, bot, &rng) != ALEA_OK)
                        return fail("bot", NULL);
                } else {
                    a = best_action(&w, &t, &st, &av);
                }
                if (alea_state_apply(&st, a, &err) != ALEA_OK)
                    return fail("apply", &err);
                /* a full card: the chosen value must be the score the rules give */
                if (!no_column && alea_state_current_player(&st) == ALEA_PLAYER_TERMINAL &&
                    fabs(av - alea__dp_score(dp_cof(&st), 0)) > 1e-6)
                    worst = fabs(av - alea__dp_score(dp_cof(&st), 0));
            }
            double s = alea__dp_score(dp_cof(&st), 0);
            sum += s;
            sum2 += s * s;
        }
        double mean = sum / (double)games, var = (sum2 - sum * mean) / (double)(games - 1);
        double se = sqrt(var / (double)games), dev = (mean - score0 - value) / se;
        printf("simulation: %ld games, %.1f s; mean %.4f, sd %.2f, 95%% interval [%.2f, %.2f]; "
               "(mean - value) / se = %.2f\n",
               games, now_s() - t0, mean, sqrt(var), mean - 1.96 * se, mean + 1.96 * se, dev);
        if (bot != ALEA_BOT_NONE || no_column)
            return printf("(no check: another policy)\n"), 0;
        if (worst > 0)
            return printf("FAIL: a last action's value differs from the final score by %g\n",
                          worst),
                   1;
        if (fabs(dev) > bound)
            return printf("FAIL: the mean is %.2f standard errors from the value\n", dev), 1;
        printf("ok (%ld last-turn decisions agree with alea_dice_poker_advise)\n",
               last_turn_checks);
    }
    free(v);
    free(image);
    return 0;
}
