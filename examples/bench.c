/*
 * alea-bench: speed of every registered game, single core, seeded.
 *
 *   alea-bench [--game ID | --spec SPEC] [--seed N] [--games N] [--time S]
 *              [--positions N] [--iterations N] [--callgrind] [--legal-only]
 *
 * Per game it measures:
 *  - random playouts: complete games, random move vs random move, dice thrown
 *    with alea_state_roll(); games per second and actions per game;
 *  - on a fixed set of decision positions sampled from seeded random games:
 *    ns per alea_state_legal_actions(), alea_state_copy(), alea_state_apply(),
 *    alea_state_action_to_text(), alea_state_action_from_text() and
 *    alea_state_apply_text_as_n() (a referee's path: the seat's text applied).
 *
 * By default each measure runs for a fixed time (--time, about a quarter of it
 * for each per-call measure).  With --iterations N (or --callgrind) the work is
 * fixed instead: --games playouts (default 20), and every position is used N
 * times per measure, so that
 *
 *   valgrind --tool=callgrind --toggle-collect=bench_legal_loop \
 *       ./alea-bench --game dice-poker --legal-only --iterations 50
 *
 * counts the instructions of exactly the calls printed (divide by them), and
 *
 *   valgrind --tool=callgrind --toggle-collect=playout \
 *       ./alea-bench --game backgammon --games 200 --iterations 1 --positions 10
 *
 * those of 200 random games (legal actions, apply, dice: divide by 200).
 * The states are stored packed, alea_state_size() bytes apart (see alea/state.h).
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime() */
#include "common.h"
#include "tournament.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

#define DEFAULT_SEED 1u
#define DEFAULT_POSITIONS 2000
#define DEFAULT_SECONDS 1.0
#define DEFAULT_FIXED_GAMES 20
#define DEFAULT_CALLGRIND_ITERATIONS 20
#define MAX_PLIES 1000000L

typedef struct bench_options {
    uint64_t seed;
    const char *game_id;
    const char *spec;
    long games;     /* playouts; 0: as many as fit in `seconds` */
    double seconds; /* playout time; each per-call measure gets a quarter */
    size_t positions;
    long iterations; /* > 0: fixed work, no time checks */
    int legal_only;
} bench_options;

/* The positions of one game, packed `stride` bytes apart, and an action for each. */
typedef struct position_set {
    unsigned char *block;
    size_t stride, count;
    uint64_t *action;
    char (*text)[ALEA_ACTION_TEXT_MAX];
} position_set;

static alea_state *position(const position_set *ps, size_t i) {
    return (alea_state *)(void *)(ps->block + i * ps->stride);
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One random game from *st to its end; returns the number of actions, or -1.
   Named and not inlined, for callgrind --toggle-collect=playout. */
NOINLINE static long playout(alea_state *st, alea_rng *rng, uint64_t *buf) {
    long n = 0;
    for (;;) {
        int who = alea_state_current_player(st);
        size_t count;
        if (who == ALEA_PLAYER_TERMINAL)
            return n;
        if (++n > MAX_PLIES)
            return -1;
        if (who == ALEA_PLAYER_CHANCE) {
            if (alea_state_roll(NULL, st, rng) != ALEA_OK)
                return -1;
        } else if (alea_state_legal_actions(buf, ALEA_MAX_ACTIONS, &count, st) != ALEA_OK ||
                   count == 0 ||
                   alea_state_apply(st, buf[alea_rng_below(rng, count)], NULL) != ALEA_OK) {
            return -1;
        }
    }
}

/* ---- the measured loops (named, for callgrind --toggle-collect) ---- */

NOINLINE static size_t bench_legal_loop(const position_set *ps, long reps, uint64_t *buf) {
    size_t bad = 0, count;
    for (long r = 0; r < reps; r++)
        for (size_t i = 0; i < ps->count; i++)
            bad +=
                alea_state_legal_actions(buf, ALEA_MAX_ACTIONS, &count, position(ps, i)) != ALEA_OK;
    return bad;
}

NOINLINE static size_t bench_copy_loop(const position_set *ps, long reps, alea_state *scratch) {
    size_t bad = 0;
    for (long r = 0; r < reps; r++)
        for (size_t i = 0; i < ps->count; i++)
            bad += alea_state_copy(scratch, position(ps, i)) != ALEA_OK;
    return bad;
}

NOINLINE static size_t bench_apply_loop(const position_set *ps, long reps, alea_state *scratch) {
    size_t bad = 0;
    for (long r = 0; r < reps; r++)
        for (size_t i = 0; i < ps->count; i++) {
            alea_state_copy(scratch, position(ps, i));
            bad += alea_state_apply(scratch, ps->action[i], NULL) != ALEA_OK;
        }
    return bad;
}

NOINLINE static size_t bench_to_text_loop(const position_set *ps, long reps) {
    size_t bad = 0;
    char text[ALEA_ACTION_TEXT_MAX];
    for (long r = 0; r < reps; r++)
        for (size_t i = 0; i < ps->count; i++)
            bad += alea_state_action_to_text(text, sizeof text, NULL, position(ps, i),
                                             ps->action[i]) != ALEA_OK;
    return bad;
}

NOINLINE static size_t bench_from_text_loop(const position_set *ps, long reps) {
    size_t bad = 0;
    uint64_t a;
    for (long r = 0; r < reps; r++)
        for (size_t i = 0; i < ps->count; i++)
            bad += alea_state_action_from_text(&a, position(ps, i), ps->text[i], NULL) != ALEA_OK ||
                   a != ps->action[i];
    return bad;
}

/* What a referee does with a move a seat sent: the seat's text applied. */
NOINLINE static size_t bench_apply_text_as_loop(const position_set *ps, long reps,
                                                alea_state *scratch) {
    size_t bad = 0;
    for (long r = 0; r < reps; r++)
        for (size_t i = 0; i < ps->count; i++) {
            alea_state_copy(scratch, position(ps, i));
            bad += alea_state_apply_text_as_n(scratch, alea_state_current_player(scratch),
                                              ps->text[i], strlen(ps->text[i]),
                                              NULL) != ALEA_OK;
        }
    return bad;
}

typedef enum { M_LEGAL, M_COPY, M_APPLY, M_TO_TEXT, M_FROM_TEXT, M_APPLY_TEXT_AS } measure_kind;

static size_t run_measure(measure_kind m, const position_set *ps, long reps, uint64_t *buf,
                          alea_state *scratch) {
    switch (m) {
    case M_LEGAL:
        return bench_legal_loop(ps, reps, buf);
    case M_COPY:
        return bench_copy_loop(ps, reps, scratch);
    case M_APPLY:
        return bench_apply_loop(ps, reps, scratch);
    case M_TO_TEXT:
        return bench_to_text_loop(ps, reps);
    case M_FROM_TEXT:
        return bench_from_text_loop(ps, reps);
    case M_APPLY_TEXT_AS:
        return bench_apply_text_as_loop(ps, reps, scratch);
    }
    return 1;
}

/* Times one measure; prints its row; returns ns per call (or -1 on failure). */
static double measure(const char *name, measure_kind m, const position_set *ps,
                      const bench_options *opt, uint64_t *buf, alea_state *scratch) {
    long reps = opt->iterations;
    double t0, elapsed;
    if (reps <= 0) { /* timed: one pass to calibrate, then enough for the target time */
        double target = opt->seconds / 4;
        t0 = now();
        if (run_measure(m, ps, 1, buf, scratch) != 0)
            goto failed;
        double one = now() - t0;
        reps = one > 0 ? (long)(target / one) + 1 : 1000;
        if (reps > 1000000)
            reps = 1000000;
    }
    t0 = now();
    if (run_measure(m, ps, reps, buf, scratch) != 0)
        goto failed;
    elapsed = now() - t0;
    double calls = (double)reps * (double)ps->count;
    printf("  %-22s %12.0f %10.3f %10.1f\n", name, calls, elapsed, elapsed * 1e9 / calls);
    return elapsed * 1e9 / calls;
failed:
    printf("  %-22s FAILED (a call returned an error or a different action)\n", name);
    return -1;
}

/* Samples ps->count decision positions from seeded random games, with an action each. */
static int collect_positions(position_set *ps, const alea_state *start, alea_rng *rng,
                             uint64_t *buf, size_t *max_moves, size_t *max_chance,
                             double *avg_moves) {
    size_t n = 0, sum = 0;
    *max_moves = *max_chance = 0;
    while (n < ps->count) {
        alea_state st;
        long plies = 0;
        alea_state_copy(&st, start);
        while (n < ps->count) {
            int who = alea_state_current_player(&st);
            size_t count;
            if (who == ALEA_PLAYER_TERMINAL)
                break;
            if (alea_state_legal_actions(buf, ALEA_MAX_ACTIONS, &count, &st) != ALEA_OK ||
                count == 0 || ++plies > MAX_PLIES)
                return -1;
            if (who == ALEA_PLAYER_CHANCE) {
                if (count > *max_chance)
                    *max_chance = count;
                if (alea_state_roll(NULL, &st, rng) != ALEA_OK)
                    return -1;
                continue;
            }
            if (count > *max_moves)
                *max_moves = count;
            uint64_t action = buf[alea_rng_below(rng, count)];
            if (alea_rng_below(rng, 4) == 0) { /* keep about one decision in four */
                alea_state_copy(position(ps, n), &st);
                ps->action[n] = action;
                if (alea_state_action_to_text(ps->text[n], ALEA_ACTION_TEXT_MAX, NULL, &st,
                                              action) != ALEA_OK)
                    return -1;
                sum += count;
                n++;
            }
            if (alea_state_apply(&st, action, NULL) != ALEA_OK)
                return -1;
        }
    }
    *avg_moves = n > 0 ? (double)sum / (double)n : 0;
    return 0;
}

/* Benchmarks one game; returns 0 or 1. */
static int bench_game(const char *spec, const bench_options *opt, uint64_t *buf) {
    alea_state start, scratch;
    alea_error err = {0};
    alea_status s = alea_state_init(&start, spec, &err);
    if (s != ALEA_OK) {
        ex_print_error(stderr, spec, s, &err);
        return 1;
    }
    alea_game_info info;
    char canon[EX_SPEC_MAX];
    if (alea_game_get_info(&info, alea_state_game(&start)) != ALEA_OK ||
        alea_state_spec(canon, sizeof canon, NULL, &start) != ALEA_OK)
        return 1;
    size_t size = alea_state_size(&start);

    printf("\n%s: %s\n", info.id, info.title);
    printf("  spec                   %s\n", canon);
    printf("  state size             %zu bytes (game info: %u; sizeof(alea_state) = %zu)\n", size,
           info.state_size, sizeof(alea_state));

    alea_rng rng;
    alea_rng_seed(&rng, opt->seed);
    int failed = 0;

    if (!opt->legal_only) {
        long games = 0, actions = 0;
        long want = opt->games > 0 ? opt->games : opt->iterations > 0 ? DEFAULT_FIXED_GAMES : 0;
        double t0 = now(), elapsed = 0;
        while (want > 0 ? games < want : elapsed < opt->seconds) {
            alea_state st;
            alea_state_copy(&st, &start);
            long n = playout(&st, &rng, buf);
            if (n < 0) {
                printf("  random playouts        FAILED (game %ld)\n", games + 1);
                return 1;
            }
            actions += n;
            games++;
            if (want == 0)
                elapsed = now() - t0;
        }
        elapsed = now() - t0;
        printf("  random playouts        %ld games in %.3f s: %.1f games/s, "
               "%.1f actions/game, %.0f ns/action\n",
               games, elapsed, (double)games / elapsed, (double)actions / (double)games,
               elapsed * 1e9 / (double)actions);
    }

    position_set ps;
    ps.stride = (size + 7) / 8 * 8;
    ps.count = opt->positions;
    ps.block = malloc(ps.stride * ps.count);
    ps.action = malloc(sizeof *ps.action * ps.count);
    ps.text = malloc(sizeof *ps.text * ps.count);
    if (ps.block == NULL || ps.action == NULL || ps.text == NULL) {
        fprintf(stderr, "alea-bench: out of memory\n");
        failed = 1;
        goto done;
    }
    size_t max_moves, max_chance;
    double avg_moves;
    alea_rng_seed(&rng, opt->seed); /* the same positions whatever ran before */
    if (collect_positions(&ps, &start, &rng, buf, &max_moves, &max_chance, &avg_moves) != 0) {
        printf("  positions              FAILED to collect\n");
        failed = 1;
        goto done;
    }
    printf("  positions              %zu decision nodes of seeded random games;\n"
           "                         legal moves: %.1f on average, at most %zu "
           "(chance nodes: at most %zu)\n",
           ps.count, avg_moves, max_moves, max_chance);
    printf("  %-22s %12s %10s %10s\n", "call", "calls", "seconds", "ns/call");
    failed |= measure("legal_actions", M_LEGAL, &ps, opt, buf, &scratch) < 0;
    if (opt->iterations > 0)
        printf("  %-22s instructions: valgrind --tool=callgrind --toggle-collect=bench_legal_loop"
               "\n  %-22s gives the Ir of these %.0f calls\n",
               "", "", (double)opt->iterations * (double)ps.count);
    if (!opt->legal_only) {
        double copy = measure("copy", M_COPY, &ps, opt, buf, &scratch);
        double both = measure("copy + apply", M_APPLY, &ps, opt, buf, &scratch);
        if (copy >= 0 && both >= 0)
            printf("  %-22s %12s %10s %10.1f\n", "  = apply alone", "", "", both - copy);
        failed |= copy < 0 || both < 0;
        failed |= measure("action_to_text", M_TO_TEXT, &ps, opt, buf, &scratch) < 0;
        failed |= measure("action_from_text", M_FROM_TEXT, &ps, opt, buf, &scratch) < 0;
        double as = measure("copy + apply_text_as", M_APPLY_TEXT_AS, &ps, opt, buf, &scratch);
        if (copy >= 0 && as >= 0)
            printf("  %-22s %12s %10s %10.1f\n", "  = apply_text_as alone", "", "", as - copy);
        failed |= as < 0;
    }
done:
    free(ps.block);
    free(ps.action);
    free(ps.text);
    return failed;
}

static void usage(FILE *f) {
    fprintf(f,
            "usage: alea-bench [options]\n"
            "  --game ID        only this game (default: every registered game)\n"
            "  --spec SPEC      only this spec, e.g. \"dice-poker players=4\"\n"
            "  --seed N         seed of the games and positions (default %u)\n"
            "  --games N        play exactly N random playouts (default: for --time)\n"
            "  --time S         seconds of playouts; each per-call measure gets S/4 "
            "(default %.1f)\n"
            "  --positions N    decision positions for the per-call measures (default %d)\n"
            "  --iterations N   fixed work: each position N times per measure, no timing\n"
            "  --callgrind      fixed work for valgrind (--iterations %d unless given)\n"
            "  --legal-only     measure alea_state_legal_actions only\n"
            "  --tournament ... play bots against each other (alea-bench --tournament --help)\n"
            "  --version        print the version and exit\n",
            DEFAULT_SEED, DEFAULT_SECONDS, DEFAULT_POSITIONS, DEFAULT_CALLGRIND_ITERATIONS);
}

int main(int argc, char **argv) {
    if (ex_version_requested(argc, argv, "alea-bench"))
        return 0;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--tournament") == 0)
            return ex_tournament_main(argc, argv);
    bench_options opt;
    memset(&opt, 0, sizeof opt);
    opt.seed = DEFAULT_SEED;
    opt.seconds = DEFAULT_SECONDS;
    opt.positions = DEFAULT_POSITIONS;
    int callgrind = 0;

    if (ALEA_CHECK_ABI() != ALEA_OK) {
        fprintf(stderr, "alea-bench: built against other alea headers than the library %s\n",
                alea_version_string());
        return 1;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t n = 0;
        char *end = NULL;
        int num = val != NULL && ex_parse_u64(val, &n) == 0 && n > 0 && n <= 100000000;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--legal-only") == 0) {
            opt.legal_only = 1;
        } else if (strcmp(a, "--callgrind") == 0) {
            callgrind = 1;
        } else if (strcmp(a, "--game") == 0 && val != NULL) {
            opt.game_id = argv[++i];
        } else if (strcmp(a, "--spec") == 0 && val != NULL) {
            opt.spec = argv[++i];
        } else if (strcmp(a, "--seed") == 0 && val != NULL && ex_parse_u64(val, &n) == 0) {
            opt.seed = n;
            i++;
        } else if (strcmp(a, "--games") == 0 && num) {
            opt.games = (long)n;
            i++;
        } else if (strcmp(a, "--time") == 0 && val != NULL && strtod(val, &end) > 0 &&
                   *end == '\0') {
            opt.seconds = strtod(val, NULL);
            i++;
        } else if (strcmp(a, "--positions") == 0 && num) {
            opt.positions = (size_t)n;
            i++;
        } else if (strcmp(a, "--iterations") == 0 && num) {
            opt.iterations = (long)n;
            i++;
        } else {
            fprintf(stderr, "alea-bench: bad argument '%s'\n", a);
            usage(stderr);
            return 2;
        }
    }
    if (callgrind && opt.iterations == 0)
        opt.iterations = DEFAULT_CALLGRIND_ITERATIONS;

    uint64_t *buf = malloc(sizeof *buf * ALEA_MAX_ACTIONS);
    if (buf == NULL)
        return 1;
    printf("alea-bench: alea %s, seed %llu, one thread, ", alea_version_string(),
           (unsigned long long)opt.seed);
    if (opt.iterations > 0)
        printf("fixed work (%ld iterations of %zu positions per call measure)\n", opt.iterations,
               opt.positions);
    else
        printf("timed (%.1f s of playouts, %.2f s per call measure)\n", opt.seconds,
               opt.seconds / 4);

    int failed = 0;
    if (opt.spec != NULL) {
        failed = bench_game(opt.spec, &opt, buf);
    } else if (opt.game_id != NULL) {
        if (alea_game_find(opt.game_id) == NULL) {
            fprintf(stderr, "alea-bench: no game '%s'\n", opt.game_id);
            failed = 2;
        } else {
            failed = bench_game(opt.game_id, &opt, buf);
        }
    } else {
        for (size_t i = 0; i < alea_game_count(); i++)
            failed |= bench_game(alea_game_id(alea_game_at(i)), &opt, buf);
    }
    free(buf);
    return failed;
}
