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
    if (!w->ignore_column && !t->c && alea__dpo_key(w, st, &mask, &res, &cls) &&
        popcount_open(mask) == 1) {
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

/* ---- --write-c: the compact table and the dice tables as C data ---- */

/* Prints n values (dims[0] x ... , rank dims) with braces per dimension. */
static void put_nested(FILE *f, const long *v, const int *dims, int rank, size_t *at, int depth) {
    fputs("{", f);
    for (int i = 0; i < dims[0]; i++) {
        if (rank > 1)
            put_nested(f, v, dims + 1, rank - 1, at, depth + 1);
        else
            fprintf(f, "%ld", v[(*at)++]);
        if (i + 1 < dims[0])
            fputs((rank == 1 && i % 16 == 15) || rank > 1 ? ",\n" : ", ", f);
    }
    fputs("}", f);
}

static void put_array(FILE *f, const char *decl, const long *v, const int *dims, int rank) {
    size_t at = 0;
    fprintf(f, "%s = ", decl);
    put_nested(f, v, dims, rank, &at, 0);
    fputs(";\n\n", f);
}

static long *longs(size_t n) {
    long *v = calloc(n ? n : 1, sizeof *v);
    if (!v) {
        fprintf(stderr, "dp_optimal: out of memory\n");
        exit(2);
    }
    return v;
}

static int16_t quantum(double x) {
    double q = x * DPO_UNIT;
    long r = (long)(q < 0 ? q - 0.5 : q + 0.5);
    if (r < INT16_MIN || r > INT16_MAX) {
        fprintf(stderr, "dp_optimal: %g does not fit the compact table\n", x);
        exit(2);
    }
    return (int16_t)r;
}

typedef struct compact_build {
    dpo_compact c;
    int16_t *lost, *alive;
    uint32_t lost_block[DPO_MASKS / DPO_BLOCK + 1];
    uint16_t *alive_mask;
    uint32_t *alive_base;
    size_t nlost, nalive;
} compact_build;

/* The compact form of the exact table (optimal.h, dpo_compact). */
static void build_compact(compact_build *b, const dpo_dice *d, const dpo_table *t, int tail) {
    size_t masks = 0;
    b->nlost = b->nalive = 0;
    for (uint32_t mask = 0; mask < DPO_MASKS; mask++) {
        b->nlost += (size_t)alea__dpo_reserves(mask);
        if (mask != DPO_FULL && popcount_open(mask) <= tail) {
            masks++;
            b->nalive +=
                (size_t)alea__dpo_reserves(mask) * (size_t)(alea__dpo_classes(d, mask) - 1);
        }
    }
    b->lost = calloc(b->nlost, sizeof *b->lost);
    b->alive = calloc(b->nalive + 1, sizeof *b->alive);
    b->alive_mask = calloc(masks + 1, sizeof *b->alive_mask);
    b->alive_base = calloc(masks + 1, sizeof *b->alive_base);
    if (!b->lost || !b->alive || !b->alive_mask || !b->alive_base) {
        fprintf(stderr, "dp_optimal: out of memory\n");
        exit(2);
    }
    size_t at = 0, aat = 0, m = 0;
    for (uint32_t mask = 0; mask < DPO_MASKS; mask++) {
        int nres = alea__dpo_reserves(mask), ncls = alea__dpo_classes(d, mask);
        if (mask % DPO_BLOCK == 0)
            b->lost_block[mask / DPO_BLOCK] = (uint32_t)at;
        for (int r = 0; r < nres; r++)
            b->lost[at++] = quantum(t->v[t->base[mask] + (uint32_t)(r * ncls)]);
        if (mask == DPO_FULL || popcount_open(mask) > tail)
            continue;
        b->alive_mask[m] = (uint16_t)mask;
        b->alive_base[m++] = (uint32_t)aat;
        for (int r = 0; r < nres; r++)
            for (int c = 1; c < ncls; c++)
                b->alive[aat++] = quantum(t->v[t->base[mask] + (uint32_t)(r * ncls + c)]);
    }
    b->lost_block[DPO_MASKS / DPO_BLOCK] = (uint32_t)at;
    b->alive_base[m] = (uint32_t)aat;
    b->c = (dpo_compact){tail,          (uint32_t)m,   b->lost, b->lost_block,
                         b->alive_mask, b->alive_base, b->alive};
}

static uint64_t fnv_i16(const int16_t *v, size_t n, uint64_t h) {
    const unsigned char *p = (const unsigned char *)v;
    for (size_t i = 0; i < n * sizeof *v; i++)
        h = (h ^ p[i]) * 1099511628211ULL;
    return h;
}

static int write_c(const char *path, const compact_build *b, const dpo_dice *d, const char *cmd,
                   uint64_t *sum) {
    FILE *f = fopen(path, "w");
    long *v;
    int dims[3];
    if (!f)
        return -1;
    *sum = fnv_i16(b->alive, b->nalive, fnv_i16(b->lost, b->nlost, 1469598103934665603ULL));
    fprintf(f,
            "/*\n * Dice poker: the compact table of the one-column solitaire optimum and the\n"
            " * tables of the dice (lib/dice_poker/optimal.h: dpo_compact, dpo_dice),\n"
            " * written by tests/tools/dp_optimal.c.  Generated: do not edit.\n *\n"
            " *   made by:  %s\n"
            " *   values:   %zu with the column lost, %zu alive (masks with at most %d open\n"
            " *             cells), int16 in 1/%g point\n"
            " *   checksum: %016llx (FNV-1a 64 of lost then alive)\n */\n"
            "#include \"dice_poker/optimal.h\"\n\n",
            cmd, b->nlost, b->nalive, b->c.tail, DPO_UNIT, (unsigned long long)*sum);
    v = longs(b->nlost);
    for (size_t i = 0; i < b->nlost; i++)
        v[i] = b->lost[i];
    dims[0] = (int)b->nlost;
    fprintf(f, "#define LOST %zu\n#define ALIVE %zu\n#define ALIVE_MASKS %u\n\n", b->nlost,
            b->nalive, b->c.alive_masks);
    put_array(f, "static const int16_t lost[LOST]", v, dims, 1);
    free(v);
    v = longs(b->nalive);
    for (size_t i = 0; i < b->nalive; i++)
        v[i] = b->alive[i];
    dims[0] = (int)b->nalive;
    put_array(f, "static const int16_t alive[ALIVE]", v, dims, 1);
    free(v);
    v = longs(DPO_MASKS / DPO_BLOCK + 1);
    for (size_t i = 0; i <= DPO_MASKS / DPO_BLOCK; i++)
        v[i] = (long)b->lost_block[i];
    dims[0] = DPO_MASKS / DPO_BLOCK + 1;
    put_array(f, "static const uint32_t lost_block[DPO_MASKS / DPO_BLOCK + 1]", v, dims, 1);
    free(v);
    v = longs(b->c.alive_masks + 1);
    for (size_t i = 0; i < b->c.alive_masks; i++)
        v[i] = b->alive_mask[i];
    dims[0] = (int)b->c.alive_masks;
    put_array(f, "static const uint16_t alive_mask[ALIVE_MASKS]", v, dims, 1);
    for (size_t i = 0; i <= b->c.alive_masks; i++)
        v[i] = (long)b->alive_base[i];
    dims[0] = (int)b->c.alive_masks + 1;
    put_array(f, "static const uint32_t alive_base[ALIVE_MASKS + 1]", v, dims, 1);
    free(v);
    fprintf(f,
            "const dpo_compact alea__dpo_compact_data = {%d, ALIVE_MASKS, lost, lost_block, "
            "alive_mask, alive_base, alive};\n\n",
            b->c.tail);
    /* the dice tables, field by field in the order of dpo_dice */
    v = longs(DPO_HANDS * DPO_COMBOS * 2);
    fputs("const dpo_dice alea__dpo_dice_data = {\n", f);
#define FIELD(arr, n, ...)                                                                         \
    do {                                                                                           \
        const int dd[] = {__VA_ARGS__};                                                            \
        size_t at = 0;                                                                             \
        for (size_t i = 0; i < (n); i++)                                                           \
            v[i] = (long)((const arr *)(const void *)&d->FIELD_NAME)[i];                           \
        put_nested(f, v, dd, (int)(sizeof dd / sizeof dd[0]), &at, 0);                             \
        fputs(",\n", f);                                                                           \
    } while (0)
#define FIELD_NAME ms
    FIELD(uint8_t, DPO_MULTISETS * DP_FACES, DPO_MULTISETS, DP_FACES);
#undef FIELD_NAME
#define FIELD_NAME code
    FIELD(uint32_t, DPO_MULTISETS, DPO_MULTISETS);
#undef FIELD_NAME
#define FIELD_NAME first
    FIELD(int16_t, DP_DICE + 2, DP_DICE + 2);
#undef FIELD_NAME
#define FIELD_NAME up
    FIELD(int16_t, DPO_MULTISETS * DP_FACES, DPO_MULTISETS, DP_FACES);
#undef FIELD_NAME
#define FIELD_NAME down
    FIELD(int16_t, DPO_MULTISETS * DP_FACES, DPO_MULTISETS, DP_FACES);
#undef FIELD_NAME
    fputs("{", f);
    for (int i = 0; i < DPO_HANDS; i++)
        fprintf(f, "%a%s", d->p[i], i + 1 < DPO_HANDS ? (i % 6 == 5 ? ",\n" : ", ") : "},\n");
#define FIELD_NAME vcount
    FIELD(uint8_t, DPO_COMBOS, DPO_COMBOS);
#undef FIELD_NAME
#define FIELD_NAME vlist
    FIELD(uint8_t, DPO_COMBOS * DPO_ROW_VALUES, DPO_COMBOS, DPO_ROW_VALUES);
#undef FIELD_NAME
#define FIELD_NAME vidx
    FIELD(uint8_t, DPO_HANDS * DPO_COMBOS * 2, DPO_HANDS, DPO_COMBOS, 2);
#undef FIELD_NAME
#define FIELD_NAME vid
    FIELD(uint8_t, DP_MAX_CELL + 1, DP_MAX_CELL + 1);
#undef FIELD_NAME
#define FIELD_NAME cls_value
    FIELD(uint8_t, DPO_CLASSES, DPO_CLASSES);
#undef FIELD_NAME
#define FIELD_NAME rowcls
    FIELD(uint32_t, DPO_COMBOS, DPO_COMBOS);
#undef FIELD_NAME
#undef FIELD
    fputs("};\n", f);
    free(v);
    return fclose(f);
}

/* --spec: a bot's mean final score alone on any card (no optimum known). */
static int bot_games(const char *spec, alea_bot_kind bot, long games, unsigned long long seed) {
    alea_rng rng;
    alea_error err;
    double sum = 0, sum2 = 0, t0 = (double)clock() / CLOCKS_PER_SEC;
    long moves = 0;
    if (bot == ALEA_BOT_NONE || games < 2)
        return fail("--spec needs --bot and --games 2 or more", NULL);
    alea_rng_seed(&rng, seed);
    for (long g = 0; g < games; g++) {
        alea_state st;
        uint64_t a;
        int32_t score[ALEA_MAX_PLAYERS];
        size_t seats;
        if (alea_state_init(&st, spec, &err) != ALEA_OK)
            return fail("init", &err);
        while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
            bool chance = alea_state_current_player(&st) == ALEA_PLAYER_CHANCE;
            if ((chance ? alea_state_sample(&a, &st, &rng) : alea_bot_choose(&a, &st, bot, &rng)) !=
                    ALEA_OK ||
                alea_state_apply(&st, a, &err) != ALEA_OK)
                return fail("play", &err);
            moves += !chance;
        }
        if (alea_state_scores(score, ALEA_MAX_PLAYERS, &seats, &st) != ALEA_OK)
            return fail("scores", NULL);
        sum += score[0];
        sum2 += (double)score[0] * score[0];
    }
    double mean = sum / (double)games, var = (sum2 - sum * mean) / (double)(games - 1);
    double se = sqrt(var / (double)games), cpu = (double)clock() / CLOCKS_PER_SEC - t0;
    printf("%s, %s: %ld games; mean %.2f, sd %.2f, 95%% interval [%.2f, %.2f]; %.3f ms of CPU "
           "a decision\n",
           spec, alea_bot_name(bot), games, mean, sqrt(var), mean - 1.96 * se, mean + 1.96 * se,
           1e3 * cpu / (double)moves);
    return 0;
}

int main(int argc, char **argv) {
    int open = DP_ROWS;
    long games = 0;
    unsigned long long seed = 1;
    const char *out = NULL, *in = NULL;
    double bound = 3, bot_bound = 0;
    int valid = 0, no_column = 0, tail = -1;
    const char *write_c_path = NULL, *spec = NULL;
    char cmd[512] = "dp_optimal";
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
        else if (!strcmp(argv[i], "--bot-bound") && i + 1 < argc)
            bot_bound = atof(argv[++i]);
        else if (!strcmp(argv[i], "--spec") && i + 1 < argc)
            spec = argv[++i];
        else if (!strcmp(argv[i], "--tail") && i + 1 < argc)
            tail = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--write-c") && i + 1 < argc)
            write_c_path = argv[++i];
        else
            return fprintf(stderr,
                           "usage: dp_optimal [--open K] [--games N] [--seed S] "
                           "[--valid] [--write FILE] [--read FILE] [--bound Z] [--bot NAME] "
                           "[--bot-bound Z] [--tail K] [--write-c FILE]\n"),
                   2;
    }
    /* the sanitizer builds (ALEA_TEST_SCALE=10: tests/support.h) play a tenth of the
       games; the interval checks widen with it, the exact ones stay exact */
    const char *scale = getenv("ALEA_TEST_SCALE");
    if (scale && atol(scale) > 1 && games / atol(scale) >= 100)
        games /= atol(scale);
    for (int i = 1; i < argc; i++)
        if (strlen(cmd) + strlen(argv[i]) + 2 < sizeof cmd)
            strcat(strcat(cmd, " "), argv[i]);
    if (write_c_path && (tail < 0 || open != DP_ROWS || no_column))
        return fail("--write-c needs --tail K and the whole game with the column bonus", NULL);
    if (open < 1 || open > DP_ROWS)
        return fail("--open must be 1..15", NULL);
    if (spec)
        return bot_games(spec, bot, games, seed);

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
    if (w.d.cls_value[DPO_CLASSES - 1] != DP_MAX_CELL)
        return fail("the classes of m are not the 17 expected", NULL);
    size_t states = alea__dpo_layout(&w.d, base);
    double *v = calloc(states, sizeof *v);
    if (!v)
        return fail("out of memory", NULL);
    dpo_table t = {base, v, NULL};
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
            alea__dpo_table_view(&t, &w.d, image, (size_t)len) != ALEA_OK)
            return fail("cannot read the table", NULL);
        fclose(f);
    }
    for (uint32_t mask = DPO_MASKS; in == NULL && mask-- > 0;) {
        if ((mask & mask0) != mask0)
            continue;
        int nres = alea__dpo_reserves(mask), ncls = alea__dpo_classes(&w.d, mask);
        for (int r = 0; r < nres; r++)
            for (int c = 0; c < (no_column ? 1 : ncls); c++)
                v[base[mask] + (uint32_t)(r * ncls + c)] = mask == DPO_FULL
                                                               ? alea__dpo_terminal(&w.d, c)
                                                               : alea__dpo_turn(&w, &t, mask, r, c);
        solved += (size_t)nres * (size_t)(no_column ? 1 : ncls);
    }
    double secs = now_s() - t0, cpu = (double)clock() / CLOCKS_PER_SEC - c0;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    if (in && !alea__dpo_key(&w, &start, &mask0, &res0, &cls0))
        return fail("key", NULL);
    double value = t.v[t.base[mask0] + (uint32_t)(res0 * alea__dpo_classes(&w.d, mask0) + cls0)];
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

    static compact_build cb;
    int rc = 0;
    if (tail >= 0) {
        build_compact(&cb, &w.d, &t, tail);
        printf(
            "compact table: %zu values with the column lost, %zu alive (%u masks with at most %d "
            "open cells): %.2f MB as int16\n",
            cb.nlost, cb.nalive, cb.c.alive_masks, tail,
            (double)((cb.nlost + cb.nalive) * 2 + sizeof cb.lost_block + cb.c.alive_masks * 6) /
                1e6);
        uint64_t sum = 0;
        if (write_c_path && write_c(write_c_path, &cb, &w.d, cmd, &sum) != 0)
            return fail("cannot write the C table", NULL);
        if (write_c_path)
            printf("C table written to %s: checksum %016llx\n", write_c_path,
                   (unsigned long long)sum);
        t.c = &cb.c; /* the simulation plays the compact table's policy */
    }
    if (games > 0) {
        double sum = 0, sum2 = 0, worst = 0;
        t0 = now_s();
        for (long g = 0; g < games; g++) {
            alea_state st = start;
            self_contained = (int)(g & 1) && !no_column && tail < 0;
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
                if (!no_column && tail < 0 &&
                    alea_state_current_player(&st) == ALEA_PLAYER_TERMINAL &&
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
        if (bot != ALEA_BOT_NONE && bot_bound > 0 && fabs(dev) > bot_bound) {
            printf("FAIL: the bot's mean is %.2f standard errors from the optimum\n", dev);
            rc = 1;
        } else if (bot != ALEA_BOT_NONE && bot_bound > 0) {
            printf("ok: the bot's mean is within %.2f standard errors of the optimum\n", bot_bound);
        } else if (bot != ALEA_BOT_NONE || no_column || tail >= 0) {
            printf("(no check: another policy)\n");
        } else if (worst > 0) {
            printf("FAIL: a last action's value differs from the final score by %g\n", worst);
            rc = 1;
        } else if (fabs(dev) > bound) {
            printf("FAIL: the mean is %.2f standard errors from the value\n", dev);
            rc = 1;
        } else {
            printf("ok (%ld last-turn decisions agree with alea_dice_poker_advise)\n",
                   last_turn_checks);
        }
    }
    free(cb.lost);
    free(cb.alive);
    free(cb.alive_mask);
    free(cb.alive_base);
    free(v);
    free(image);
    return rc;
}
