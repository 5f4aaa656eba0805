/* No-allocation test.  The library promises (alea/common.h) to allocate only
   in alea_state_new() and alea_state_clone().  This program is linked against
   the STATIC library with
       -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free
   so every call the library's objects make to those functions goes through
   the counters below.  For every registered game (found through the generic
   API only), with its default options and with each option at its extremes,
   it plays seeded games (random and bot moves, random and host-chosen dice)
   and asserts that the counters do not move across any call of the generic
   API on a state in caller memory.

   Environment: ALEA_TEST_SEED (default 20260101), ALEA_NOALLOC_GAMES (games
   per configuration, default 6; 1 when ALEA_TEST_SCALE is set, as in the
   sanitizer build, whose searching bots then run every 128th step, not 8th:
   what the library allocates does not depend on the build).  The seed is printed; re-run with it to
   reproduce a failure. */
#include <alea/alea.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void __real_free(void *p);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
void __wrap_free(void *p);

static unsigned long n_malloc, n_calloc, n_realloc, n_free;
static unsigned long search_every = 8; /* steps between calls of the searching bot kinds */

void *__wrap_malloc(size_t size) {
    n_malloc++;
    return __real_malloc(size);
}

void *__wrap_calloc(size_t n, size_t size) {
    n_calloc++;
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t size) {
    n_realloc++;
    return __real_realloc(p, size);
}

void __wrap_free(void *p) {
    n_free++;
    __real_free(p);
}

static unsigned long alloc_calls(void) {
    return n_malloc + n_calloc + n_realloc + n_free;
}

/* Context of the current check, for messages. */
static const char *cur_spec = "";
static uint64_t cur_seed;
static unsigned long cur_step;
static unsigned long failures, windows;

/* Runs `call` and fails if the library allocated or freed anything in it. */
#define NO_ALLOC(call)                                                                             \
    do {                                                                                           \
        unsigned long before_ = alloc_calls();                                                     \
        (void)(call);                                                                              \
        windows++;                                                                                 \
        if (alloc_calls() != before_) {                                                            \
            failures++;                                                                            \
            if (failures <= 20)                                                                    \
                printf("FAIL: %s allocated (%lu calls) [spec \"%s\", game seed %" PRIu64           \
                       ", step %lu]\n",                                                            \
                       #call, alloc_calls() - before_, cur_spec, cur_seed, cur_step);              \
        }                                                                                          \
    } while (0)

static void fail_status(const char *what, alea_status st, const alea_error *err) {
    failures++;
    if (failures <= 20)
        printf("FAIL: %s returned %s (%s) [spec \"%s\", game seed %" PRIu64
               ", step %lu] (a library error, not an allocation)\n",
               what, alea_status_name(st), err ? err->message : "", cur_spec, cur_seed, cur_step);
}

/* Big buffers are static: nothing here needs the heap. */
static uint64_t actions[ALEA_MAX_ACTIONS];
static alea_outcome outcomes[ALEA_MAX_ACTIONS];
static char text[1 << 16];
static char text2[1 << 16];
static char atext[ALEA_ACTION_TEXT_MAX];

enum { MAX_STEPS = 200000, MAX_CHECKED = 64 };

/* Plays one game of `spec` from its initial state. */
static void play_game(const char *spec, uint64_t seed) {
    alea_state st, copy, back;
    alea_rng rng;
    alea_error err;
    alea_status s;
    unsigned long step;

    memset(&err, 0, sizeof err);
    cur_spec = spec;
    cur_seed = seed;
    cur_step = 0;
    alea_rng_seed(&rng, seed);
    NO_ALLOC(s = alea_state_init(&st, spec, &err));
    if (s != ALEA_OK) {
        fail_status("alea_state_init", s, &err);
        return;
    }

    for (step = 0; step < MAX_STEPS; step++) {
        size_t n = 0, m = 0, len = 0, i;
        int player;
        uint64_t a = 0;
        alea_result res;
        int32_t scores[ALEA_MAX_PLAYERS];

        cur_step = step;
        NO_ALLOC(player = alea_state_current_player(&st));
        NO_ALLOC(alea_state_num_players(&st));
        NO_ALLOC(alea_state_size(&st));
        NO_ALLOC(alea_state_game(&st));
        NO_ALLOC(alea_state_validate(&st, &err));
        NO_ALLOC(alea_state_hash(&st));
        NO_ALLOC(alea_state_scores(scores, ALEA_MAX_PLAYERS, &m, &st));
        NO_ALLOC(alea_state_result(&res, &st));
        NO_ALLOC(alea_state_copy(&copy, &st));
        NO_ALLOC(alea_state_equal(&copy, &st));
        NO_ALLOC(alea_state_to_text(text, sizeof text, &len, &st));
        NO_ALLOC(alea_state_from_text(&back, text, &err));
        NO_ALLOC(alea_state_to_board(text2, sizeof text2, &len, &st));
        NO_ALLOC(alea_state_to_json(text2, sizeof text2, &len, &st));
        NO_ALLOC(alea_state_spec(text2, sizeof text2, &len, &st));
        NO_ALLOC(alea_state_to_text(text2, 8, &len, &st)); /* too small on purpose */

        NO_ALLOC(s = alea_state_legal_actions(actions, ALEA_MAX_ACTIONS, &n, &st));
        if (s != ALEA_OK) {
            fail_status("alea_state_legal_actions", s, NULL);
            return;
        }
        NO_ALLOC(alea_state_legal_actions(actions, 1, &m, &st)); /* too small on purpose */
        NO_ALLOC(alea_state_legal_actions(actions, ALEA_MAX_ACTIONS, &n, &st));
        if (player == ALEA_PLAYER_TERMINAL)
            break;

        /* Check legal actions and write them in notation: all of them at small
           nodes, a random sample of MAX_CHECKED at big ones. */
        for (i = 0; i < n && i < MAX_CHECKED; i++) {
            size_t k = n <= MAX_CHECKED ? i : (size_t)alea_rng_below(&rng, n);
            NO_ALLOC(alea_state_check_action(&st, actions[k], &err));
            NO_ALLOC(alea_state_action_to_text(atext, sizeof atext, &len, &st, actions[k]));
        }
        /* Rejected actions leave no trace either. */
        NO_ALLOC(alea_state_check_action(&st, UINT64_MAX, &err));
        NO_ALLOC(alea_state_apply(&copy, UINT64_MAX, &err));
        {
            /* the one-call steps, on a copy (the walk goes on with apply) */
            static alea_step one;
            alea_state twin = st;
            if (player == ALEA_PLAYER_CHANCE)
                NO_ALLOC(alea_state_roll_and_list(&one, &twin, &rng, &err));
            else if (n > 0)
                NO_ALLOC(alea_state_apply_and_list(&one, &twin, actions[n - 1], &err));
        }
        NO_ALLOC(alea_state_action_from_text(&a, &st, "no such move %%", &err));
        NO_ALLOC(alea_state_apply_text(&copy, "no such move %%", &err));

        if (player == ALEA_PLAYER_CHANCE) {
            NO_ALLOC(s = alea_state_chance_outcomes(outcomes, ALEA_MAX_ACTIONS, &m, &st));
            if (s != ALEA_OK) {
                fail_status("alea_state_chance_outcomes", s, NULL);
                return;
            }
            NO_ALLOC(alea_bot_choose(&a, &st, ALEA_BOT_RANDOM, &rng)); /* WRONG_PHASE */
            if (alea_rng_below(&rng, 3) == 0 && n > 0) {
                /* The host supplies the dice (drawn by alea_state_sample, or by itself). */
                if (alea_rng_below(&rng, 2) == 0) {
                    NO_ALLOC(s = alea_state_sample(&a, &st, &rng));
                    if (s != ALEA_OK) {
                        fail_status("alea_state_sample", s, NULL);
                        return;
                    }
                } else {
                    a = actions[alea_rng_below(&rng, n)];
                }
                NO_ALLOC(alea_state_action_to_text(atext, sizeof atext, &len, &st, a));
                NO_ALLOC(s = alea_state_apply(&st, a, &err));
                if (s != ALEA_OK) {
                    fail_status("alea_state_apply (chance outcome)", s, &err);
                    return;
                }
            } else {
                NO_ALLOC(s = alea_state_roll(&a, &st, &rng));
                if (s != ALEA_OK) {
                    fail_status("alea_state_roll", s, NULL);
                    return;
                }
            }
            continue;
        }

        NO_ALLOC(alea_state_chance_outcomes(outcomes, ALEA_MAX_ACTIONS, &m, &st)); /* WRONG_PHASE */
        NO_ALLOC(alea_state_roll(&a, &copy, &rng));                                /* WRONG_PHASE */
        NO_ALLOC(alea_state_sample(&a, &st, &rng));                                /* WRONG_PHASE */
        {
            int kind, searched = step % search_every == 0;
            uint64_t chosen[ALEA_BOT_KIND_COUNT];
            size_t n_chosen = 0;
            for (kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
                /* The searching kinds (the game's own search too: backgammon's
                   2-ply values thousands of positions) cost thousands of plies a
                   call: every 8th step (every 128th in the sanitizer builds). */
                if (!searched && (kind == ALEA_BOT_EXPECTIMAX || kind == ALEA_BOT_MCTS ||
                                  kind == ALEA_BOT_PLY))
                    continue;
                NO_ALLOC(s = alea_bot_choose(&chosen[n_chosen], &st, kind, &rng));
                if (s != ALEA_OK) {
                    fail_status("alea_bot_choose", s, NULL);
                    return;
                }
                n_chosen++;
            }
            /* Mostly bots, sometimes a uniformly random legal action. */
            if (n > 0 && alea_rng_below(&rng, 4) == 0)
                a = actions[alea_rng_below(&rng, n)];
            else
                a = chosen[alea_rng_below(&rng, n_chosen)];
        }
        /* Round-trip the chosen action through its notation, then apply it. */
        NO_ALLOC(s = alea_state_action_to_text(atext, sizeof atext, &len, &st, a));
        if (s == ALEA_OK) {
            uint64_t parsed = 0;
            NO_ALLOC(alea_state_action_from_text(&parsed, &st, atext, &err));
            NO_ALLOC(alea_state_apply_text(&copy, atext, &err));
        }
        NO_ALLOC(s = alea_state_apply(&st, a, &err));
        if (s != ALEA_OK) {
            fail_status("alea_state_apply", s, &err);
            return;
        }
    }
    if (step == MAX_STEPS)
        printf("note: \"%s\" (game seed %" PRIu64 ") did not end in %d steps\n", spec, seed,
               MAX_STEPS);
}

/* Plays `games` games of `spec` if the spec is accepted. */
static void play_spec(const char *spec, uint64_t seed, unsigned games, unsigned *played) {
    alea_state st;
    alea_error err;
    alea_status s;
    unsigned g;
    memset(&err, 0, sizeof err);
    s = alea_state_init(&st, spec, &err);
    if (s == ALEA_BAD_OPTION) {
        printf("note: \"%s\" rejected (%s): skipped\n", spec, err.message);
        return;
    }
    if (s != ALEA_OK) {
        cur_spec = spec;
        fail_status("alea_state_init", s, &err);
        return;
    }
    for (g = 0; g < games; g++) {
        play_game(spec, seed + g * UINT64_C(0x9E3779B97F4A7C15));
        (*played)++;
    }
}

int main(void) {
    const char *env = getenv("ALEA_TEST_SEED");
    const char *env_games = getenv("ALEA_NOALLOC_GAMES");
    uint64_t seed = env ? strtoull(env, NULL, 0) : UINT64_C(20260101);
    const char *scaled = getenv("ALEA_TEST_SCALE");
    unsigned games = env_games ? (unsigned)strtoul(env_games, NULL, 10) : scaled && *scaled ? 1u : 6u;
    if (scaled && *scaled)
        search_every = 128;
    size_t count = alea_game_count(), gi;
    unsigned played = 0;
    char spec[256];

    printf("seed %" PRIu64 " (ALEA_TEST_SEED=%" PRIu64 " reproduces), %u games per configuration\n",
           seed, seed, games);

    /* The counters must see the library's allocations, or the test proves nothing. */
    {
        alea_state *heap = NULL;
        const alea_game *g0 = alea_game_at(0);
        unsigned long before = alloc_calls();
        if (g0 == NULL) {
            printf("FAIL: alea_game_count() = %zu but alea_game_at(0) is NULL\n", count);
            return EXIT_FAILURE;
        }
        if (alea_state_new(&heap, alea_game_id(g0), NULL) != ALEA_OK || heap == NULL) {
            printf("FAIL: alea_state_new(\"%s\") failed\n", alea_game_id(g0));
            return EXIT_FAILURE;
        }
        alea_state_free(heap);
        if (alloc_calls() - before < 2) {
            printf("FAIL: alea_state_new/alea_state_free made %lu wrapped calls: the "
                   "--wrap counters do not see the library\n",
                   alloc_calls() - before);
            return EXIT_FAILURE;
        }
    }

    for (gi = 0; gi < count; gi++) {
        const alea_game *game = alea_game_at(gi);
        alea_game_info info;
        uint32_t oi;
        const char *id;
        if (game == NULL || alea_game_get_info(&info, game) != ALEA_OK) {
            printf("FAIL: game %zu of %zu has no info\n", gi, count);
            failures++;
            continue;
        }
        id = info.id;
        printf("game %s: %u option(s)\n", id, info.option_count);
        play_spec(id, seed, games, &played);
        /* Each option at its extremes (each choice, both booleans). */
        for (oi = 0; oi < info.option_count; oi++) {
            alea_option_info opt;
            int32_t v, k;
            if (alea_game_option(&opt, game, oi) != ALEA_OK) {
                printf("FAIL: %s option %u has no info\n", id, oi);
                failures++;
                continue;
            }
            /* Values to try: INT min and max, BOOL both, every CHOICE. */
            for (k = 0; k < 64; k++) {
                if (opt.kind == ALEA_OPTION_CHOICE) {
                    v = opt.min + k;
                    if (v > opt.max)
                        break;
                } else if (k < 2) {
                    v = k == 0 ? opt.min : opt.max;
                    if (k == 1 && opt.max == opt.min)
                        break;
                } else {
                    break;
                }
                if (opt.kind == ALEA_OPTION_CHOICE && opt.choices != NULL) {
                    /* The v-th name of "a|b|c". */
                    const char *p = opt.choices;
                    int32_t c;
                    size_t l;
                    for (c = 0; c < v && p != NULL; c++) {
                        p = strchr(p, '|');
                        if (p != NULL)
                            p++;
                    }
                    if (p == NULL)
                        break;
                    l = strcspn(p, "|");
                    snprintf(spec, sizeof spec, "%s %s=%.*s", id, opt.name, (int)l, p);
                } else if (opt.kind == ALEA_OPTION_BOOL) {
                    snprintf(spec, sizeof spec, "%s %s=%s", id, opt.name, v ? "on" : "off");
                } else {
                    snprintf(spec, sizeof spec, "%s %s=%ld", id, opt.name, (long)v);
                }
                play_spec(spec, seed, games, &played);
            }
        }
    }

    printf("%zu game(s), %u games played, %lu calls checked, %lu failure(s)\n", count, played,
           windows, failures);
    if (count == 0) {
        printf("FAIL: no game is registered\n");
        return EXIT_FAILURE;
    }
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
