/* Stack use (doc/hardening.md "Stack"): every public function runs on a
   thread whose stack was painted with a pattern first; the lowest byte that
   no longer holds the pattern gives the high-water mark, less that of a probe
   that calls nothing.  The non-bot functions must stay under 16 KB (those
   not yet brought under it, and the bots, under their documented figures), on states from random games of all
   four games and the worst cases known: the 1454-move backgammon position,
   illegal and malformed move texts, Plateau's set-up with its long lists.
   Sanitizers and unoptimised builds use more stack: there the functions only
   run (on a large stack) and the limits are not asserted; under valgrind
   they run on a plain thread.
   ALEA_STACK_TABLE=1 prints the figure of every function. */
#define _POSIX_C_SOURCE 200809L /* pthread_attr_setstack, posix_memalign */
/* Tests the experimental tier too (doc/api.md "What 1.x guarantees"). */
#define ALEA_EXPERIMENTAL
#include "support.h"

#include <alea/backgammon.h>
#include <alea/dice_poker.h>
#include <alea/plateau.h>
#include <alea/wise_dice.h>
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||                        \
    __has_feature(memory_sanitizer)
#define SANITIZED 1
#endif
#endif
#if defined(__OPTIMIZE__) && !defined(SANITIZED)
#define ASSERT_LIMITS 1
#else
#define ASSERT_LIMITS 0
#endif

#define NON_BOT_LIMIT (16 * 1024)
#define STACK_BYTES (1024 * 1024) /* the painted thread's whole stack */
#define PAINT 0xA5

/* ---- the corpus: states, and texts to parse ---- */

#define MAX_STATES 64
#define TEXTS_PER_STATE 24

typedef struct corpus {
    alea_state st[MAX_STATES];
    size_t n;
    char text[MAX_STATES][TEXTS_PER_STATE][96]; /* action texts, legal and not */
    size_t ntext[MAX_STATES];
    char state_text[MAX_STATES][2048];
    char record[4][8192];
    size_t nrecord;
    uint64_t legal[MAX_STATES][ALEA_MAX_ACTIONS]; /* listed here, not in the probes */
    size_t nlegal[MAX_STATES];
} corpus;

static corpus C; /* static: the probes' stacks hold only what the calls use */

/* Position ID 3wcAAEAlpcpMAA with 1-1: 1454 moves (doc/rules/backgammon.md). */
static const char *const BG_1454 =
    "backgammon | move turn=1 dice=11 cube=1/centre autos=0 resign=0 crawford=0 rejected=0 "
    "score=0-0 games=0 last=- white=1:5,2:5 "
    "red=4:1,5:1,6:1,8:1,10:1,11:1,13:1,14:1,15:1,16:1,18:2,20:2,22:1";

/* Texts no game accepts, or that parse but are illegal here. */
static const char *const BAD_TEXTS[] = {
    "24/23 24/23 24/23 24/23", "bar/24 24/23 23/22 22/21", "13/7 8/7", "25/24*/23*/22*/21*",
    "6/off 6/off 6/off 6/off", "double", "take", "dice 4-1", "roll 1,2,3,4,5", "hold 9,9,9",
    "score full 2", "zz", "", "a1-b2", "A1 B2 C3 D4",
};

static void add_texts(size_t k) {
    uint64_t *legal = malloc(ALEA_MAX_ACTIONS * sizeof *legal);
    size_t n = 0, t = 0;
    ck_assert_ptr_nonnull(legal);
    alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, &C.st[k]);
    for (size_t i = 0; i < n && t < TEXTS_PER_STATE / 2; i += 1 + n / 8)
        if (alea_state_action_to_text(C.text[k][t], sizeof C.text[k][t], NULL, &C.st[k],
                                      legal[i]) == ALEA_OK)
            t++;
    for (size_t i = 0; i < sizeof BAD_TEXTS / sizeof BAD_TEXTS[0] && t < TEXTS_PER_STATE; i++)
        snprintf(C.text[k][t++], sizeof C.text[k][0], "%s", BAD_TEXTS[i]);
    C.ntext[k] = t;
    memcpy(C.legal[k], legal, n * sizeof *legal);
    C.nlegal[k] = n;
    alea_state_to_text(C.state_text[k], sizeof C.state_text[k], NULL, &C.st[k]);
    free(legal);
}

static void add_state(const alea_state *st) {
    if (C.n == MAX_STATES)
        return;
    C.st[C.n] = *st;
    add_texts(C.n);
    C.n++;
}

/* Random games of every game: states at several plies, the end, a record. */
static void build_corpus(void) {
    alea_rng rng;
    alea_state st;
    memset(&C, 0, sizeof C);
    alea_rng_seed(&rng, test_seed(2024));
    ck_assert_int_eq(alea_state_from_text(&st, BG_1454, NULL), ALEA_OK);
    add_state(&st);
    for (size_t g = 0; g < alea_game_count(); g++) {
        const char *id = alea_game_id(alea_game_at(g));
        for (int game = 0; game < 2; game++) {
            size_t used = 0;
            char *rec = game == 0 && C.nrecord < 4 ? C.record[C.nrecord++] : NULL;
            ck_assert_int_eq(alea_state_init(&st, id, NULL), ALEA_OK);
            if (rec)
                used = (size_t)snprintf(rec, sizeof C.record[0], "%s\n", id);
            for (int ply = 0; alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL; ply++) {
                uint64_t a;
                char text[128];
                if (ply % 7 == 0 || ply < 3)
                    add_state(&st);
                if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE)
                    alea_state_sample(&a, &st, &rng);
                else
                    alea_bot_choose(&a, &st, ALEA_BOT_RANDOM, &rng);
                if (rec && alea_state_action_to_text(text, sizeof text, NULL, &st, a) == ALEA_OK &&
                    used + strlen(text) + 2 < sizeof C.record[0])
                    used += (size_t)snprintf(rec + used, sizeof C.record[0] - used, "%s\n", text);
                ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
                if (ply > 400)
                    break;
            }
            add_state(&st);
        }
    }
}

/* ---- probes: one per public function, over the whole corpus ---- */

typedef void (*probe_fn)(void);

static char out_buf[65536];
static uint64_t legal_buf[ALEA_MAX_ACTIONS];
static alea_outcome outcome_buf[ALEA_MAX_ACTIONS];

#define EACH for (size_t k = 0; k < C.n; k++)

static void p_nothing(void) {
}
static void p_legal_actions(void) {
    size_t n;
    EACH alea_state_legal_actions(legal_buf, ALEA_MAX_ACTIONS, &n, &C.st[k]);
}
static void p_legal_actions_small(void) {
    size_t n;
    EACH alea_state_legal_actions(legal_buf, 1, &n, &C.st[k]); /* too small */
}
static void p_chance_outcomes(void) {
    size_t n;
    EACH alea_state_chance_outcomes(outcome_buf, ALEA_MAX_ACTIONS, &n, &C.st[k]);
    EACH alea_state_chance_outcomes(outcome_buf, 1, &n, &C.st[k]);
}
static void p_check_action(void) {
    alea_error err;
    EACH {
        for (size_t i = 0; i < C.nlegal[k]; i++) {
            alea_state_check_action(&C.st[k], C.legal[k][i], &err);
            alea_state_check_action(&C.st[k], C.legal[k][i] ^ ((uint64_t)1 << (i % 64)), &err);
        }
        alea_state_check_action(&C.st[k], 0, &err);
        alea_state_check_action(&C.st[k], UINT64_MAX, &err);
    }
}
static void p_apply(void) {
    alea_error err;
    EACH {
        alea_state s = C.st[k];
        alea_state_apply(&s, 0x123456789ABCDEFu, &err);
        if (C.nlegal[k] > 0)
            alea_state_apply(&s, C.legal[k][C.nlegal[k] - 1], &err);
    }
}
static void p_apply_text(void) {
    alea_error err;
    EACH for (size_t t = 0; t < C.ntext[k]; t++) {
        alea_state s = C.st[k];
        alea_state_apply_text(&s, C.text[k][t], &err);
    }
}
static void p_action_from_text(void) {
    alea_error err;
    uint64_t a;
    EACH for (size_t t = 0; t < C.ntext[k]; t++)
        alea_state_action_from_text(&a, &C.st[k], C.text[k][t], &err);
}
static void p_action_to_text(void) {
    EACH {
        size_t n = C.nlegal[k], len;
        for (size_t i = 0; i < n; i += 1 + n / 16)
            alea_state_action_to_text(out_buf, sizeof out_buf, &len, &C.st[k], C.legal[k][i]);
        alea_state_action_to_text(out_buf, sizeof out_buf, &len, &C.st[k], UINT64_MAX);
    }
}
static void p_sample(void) {
    alea_rng rng;
    uint64_t a;
    alea_rng_seed(&rng, 1);
    EACH alea_state_sample(&a, &C.st[k], &rng);
}
static void p_roll(void) {
    alea_rng rng;
    alea_rng_seed(&rng, 1);
    EACH {
        alea_state s = C.st[k];
        uint64_t a;
        alea_state_roll(&a, &s, &rng);
    }
}
static void p_to_text(void) {
    size_t len;
    EACH alea_state_to_text(out_buf, sizeof out_buf, &len, &C.st[k]);
}
static void p_from_text(void) {
    alea_state s;
    alea_error err;
    EACH alea_state_from_text(&s, C.state_text[k], &err);
    alea_state_from_text(&s, "backgammon | move turn=9", &err);
}
static void p_to_board(void) {
    size_t len;
    EACH alea_state_to_board(out_buf, sizeof out_buf, &len, &C.st[k]);
}
static void p_to_json(void) {
    size_t len;
    EACH alea_state_to_json(out_buf, sizeof out_buf, &len, &C.st[k]);
}
static void p_spec(void) {
    size_t len;
    EACH alea_state_spec(out_buf, sizeof out_buf, &len, &C.st[k]);
}
static void p_scores(void) {
    int32_t v[ALEA_MAX_PLAYERS];
    size_t n;
    EACH alea_state_scores(v, ALEA_MAX_PLAYERS, &n, &C.st[k]);
}
static void p_result(void) {
    alea_result r;
    EACH alea_state_result(&r, &C.st[k]);
}
static void p_validate(void) {
    alea_error err;
    EACH alea_state_validate(&C.st[k], &err);
}
static void p_small_state_calls(void) {
    volatile uint64_t sink = 0;
    EACH {
        sink += (uint64_t)alea_state_equal(&C.st[k], &C.st[0]);
        sink += alea_state_hash(&C.st[k]);
        sink += (uint64_t)alea_state_current_player(&C.st[k]);
        sink += (uint64_t)alea_state_num_players(&C.st[k]);
        sink += alea_state_size(&C.st[k]);
        sink += (uint64_t)(alea_state_game(&C.st[k]) != NULL);
    }
    (void)sink;
}
static void p_init(void) {
    alea_state s;
    alea_error err;
    static const char *const specs[] = {"backgammon match=7 jacoby=on", "dice-poker players=4",
                                        "wise-dice", "plateau", "chess", "backgammon match=x"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++)
        alea_state_init(&s, specs[i], &err);
}
static void p_new_clone_copy_free(void) {
    alea_state *a = NULL, *b = NULL, s;
    alea_error err;
    if (alea_state_new(&a, "plateau", &err) == ALEA_OK && alea_state_clone(&b, a) == ALEA_OK) {
        alea_state_copy(&s, b);
        alea_state_free(b);
    }
    alea_state_free(a);
}
static void p_record_replay(void) {
    alea_state s;
    size_t applied;
    alea_error err;
    for (size_t i = 0; i < C.nrecord; i++)
        alea_record_replay(&s, &applied, C.record[i], &err);
    alea_record_replay(&s, &applied, "backgammon\ndice 3-1\n24/23 24/23 24/23 24/23\n", &err);
}
static void p_game(void) {
    alea_game_info info;
    alea_option_info opt;
    volatile size_t sink = alea_game_count();
    for (size_t g = 0; g < alea_game_count(); g++) {
        const alea_game *game = alea_game_at(g);
        alea_game_get_info(&info, game);
        sink += strlen(alea_game_id(game));
        sink += (size_t)(alea_game_find(alea_game_id(game)) == game);
        for (size_t o = 0; alea_game_option(&opt, game, o) == ALEA_OK; o++)
            sink++;
    }
    (void)sink;
}
static void p_rng(void) {
    alea_rng r;
    volatile double sink = 0;
    alea_rng_seed(&r, 5);
    sink += (double)alea_rng_next(&r) + (double)alea_rng_below(&r, 7) + alea_rng_die(&r, 6) +
            alea_rng_double(&r);
    alea_rng_jump(&r);
    (void)sink;
}
static void p_common(void) {
    volatile size_t sink = 0;
    for (int s = -1; s < 20; s++)
        sink += strlen(alea_status_str((alea_status)s)) + (alea_status_name((alea_status)s) != NULL);
    sink += alea_version() + strlen(alea_version_string());
    sink += (size_t)alea_check_abi(ALEA_VERSION_NUMBER, sizeof(alea_state), sizeof(alea_rng),
                                   sizeof(alea_error), sizeof(alea_outcome), sizeof(alea_result));
    (void)sink;
}
static void p_backgammon(void) {
    char pid[15], mid[13];
    int32_t first[26], second[26];
    alea_backgammon_view view;
    alea_backgammon_action act;
    alea_backgammon_options o;
    alea_state s;
    alea_error err;
    uint64_t a;
    memset(&o, 0, sizeof o);
    alea_backgammon_init(&s, &o, &err);
    alea_backgammon_init(&s, NULL, &err);
    memset(&view, 0, sizeof view);
    view.version = ALEA_BACKGAMMON_VIEW_VERSION;
    EACH {
        size_t n = 0;
        if (alea_backgammon_get_view(&view, &C.st[k]) != ALEA_OK)
            continue;
        if (alea_backgammon_position_id(pid, ALEA_BACKGAMMON_POSITION_ID_SIZE, NULL, &C.st[k]) ==
                ALEA_OK &&
            alea_backgammon_match_id(mid, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, &C.st[k]) ==
                ALEA_OK) {
            alea_backgammon_decode_position_id(first, second, pid, &err);
            alea_backgammon_from_gnubg(&s, NULL, pid, mid, &err);
        }
        n = C.nlegal[k];
        for (size_t i = 0; i < n; i += 1 + n / 8)
            if (alea_backgammon_decode(&act, C.legal[k][i]) == ALEA_OK)
                alea_backgammon_encode(&a, &act);
    }
    alea_backgammon_decode_position_id(first, second, "!!!!", &err);
}
static void p_dice_poker(void) {
    alea_dice_poker_view view;
    alea_dice_poker_action act;
    alea_state s;
    alea_error err;
    uint8_t counts[6] = {1, 1, 1, 1, 1, 0};
    int32_t v;
    uint64_t a;
    volatile uint32_t sink = alea_dice_poker_pack(counts);
    alea_dice_poker_init(&s, NULL, &err);
    alea_dice_poker_combination_value(&v, 3, counts, 1);
    memset(&view, 0, sizeof view);
    view.version = ALEA_DICE_POKER_VIEW_VERSION;
    EACH {
        size_t n = 0;
        if (alea_dice_poker_get_view(&view, &C.st[k]) != ALEA_OK)
            continue;
        n = C.nlegal[k];
        for (size_t i = 0; i < n; i++)
            if (alea_dice_poker_decode(&act, C.legal[k][i]) == ALEA_OK)
                alea_dice_poker_encode(&a, &act);
    }
    (void)sink;
}
static void p_wise_dice(void) {
    alea_wise_dice_view view;
    alea_wise_dice_action act;
    alea_state s;
    alea_error err;
    uint64_t a;
    alea_wise_dice_init(&s, NULL, &err);
    memset(&view, 0, sizeof view);
    view.version = ALEA_WISE_DICE_VIEW_VERSION;
    EACH {
        size_t n = 0;
        if (alea_wise_dice_get_view(&view, &C.st[k]) != ALEA_OK)
            continue;
        n = C.nlegal[k];
        for (size_t i = 0; i < n; i++)
            if (alea_wise_dice_decode(&act, C.legal[k][i]) == ALEA_OK)
                alea_wise_dice_encode(&a, &act);
    }
}
static void p_plateau(void) {
    alea_plateau_view view;
    alea_plateau_action act;
    alea_state s;
    alea_error err;
    uint8_t counts[ALEA_PLATEAU_PIECE_TYPES] = {0};
    uint64_t a;
    volatile int32_t sink = alea_plateau_exchange_value(counts);
    alea_plateau_init(&s, NULL, &err);
    memset(&view, 0, sizeof view);
    view.version = ALEA_PLATEAU_VIEW_VERSION;
    EACH {
        size_t n = 0, len;
        if (alea_plateau_get_view(&view, &C.st[k]) != ALEA_OK)
            continue;
        for (int32_t viewer = -1; viewer < 2; viewer++) {
            alea_plateau_get_public_view(&view, &C.st[k], viewer);
            alea_plateau_public_text(out_buf, sizeof out_buf, &len, &C.st[k], viewer);
            alea_plateau_public_json(out_buf, sizeof out_buf, &len, &C.st[k], viewer);
        }
        n = C.nlegal[k];
        for (size_t i = 0; i < n; i += 1 + n / 32)
            if (alea_plateau_decode(&act, C.legal[k][i]) == ALEA_OK)
                alea_plateau_encode(&a, &act);
    }
    (void)sink;
}

/* The bots' entry points (documented figures, not the 16 KB rule). */
static void p_bot_choose(void) {
    alea_rng rng;
    alea_rng_seed(&rng, 3);
    EACH for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
        uint64_t a;
        alea_bot_choose(&a, &C.st[k], kind, &rng);
    }
}
static unsigned char *bot_ws;
static size_t bot_ws_size;
static void p_bot_choose_with(void) {
    alea_rng rng;
    alea_rng_seed(&rng, 3);
    EACH for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
        alea_bot_options o;
        size_t need;
        uint64_t a;
        double v[ALEA_MAX_PLAYERS];
        alea_bot_options_init(&o, kind);
        o.depth = 1;
        o.playouts = 30;
        o.node_budget = 20000;
        if (alea_bot_workspace_size(&need, &o, alea_state_game(&C.st[k]), NULL) != ALEA_OK ||
            need > bot_ws_size)
            continue;
        alea_bot_choose_with(&a, &C.st[k], &o, bot_ws, bot_ws_size, &rng, NULL);
        alea_bot_evaluate(v, ALEA_MAX_PLAYERS, &need, &C.st[k], &o, bot_ws, bot_ws_size, NULL);
    }
}
static void p_dice_poker_advise(void) {
    alea_dice_poker_advice adv;
    EACH {
        alea_dice_poker_advise(&adv, &C.st[k], ALEA_DICE_POKER_ADVISE_TURN);
        alea_dice_poker_advise(&adv, &C.st[k], ALEA_DICE_POKER_ADVISE_PAR);
    }
}

typedef struct probe {
    const char *name;
    probe_fn fn;
    size_t limit; /* bytes */
} probe;

/* Under 16 KB, the rule for every non-bot function; the few above it have a
   ceiling of their own, their documented figure (doc/hardening.md "Stack"),
   until they are brought under the rule. */
#define NB(f, fn) {f, fn, NON_BOT_LIMIT}
#define KB(n) ((size_t)(n) * 1024)
static const probe PROBES[] = {
    NB("alea_state_legal_actions", p_legal_actions),
    {"alea_state_legal_actions (a buffer below max_actions)", p_legal_actions_small, KB(36)},
    NB("alea_state_chance_outcomes", p_chance_outcomes),
    NB("alea_state_check_action", p_check_action),
    NB("alea_state_apply", p_apply),
    NB("alea_state_apply_text", p_apply_text),
    NB("alea_state_action_from_text", p_action_from_text),
    NB("alea_state_action_to_text", p_action_to_text),
    NB("alea_state_sample", p_sample),
    NB("alea_state_roll", p_roll),
    NB("alea_state_to_text", p_to_text),
    {"alea_state_from_text", p_from_text, KB(20)},
    NB("alea_state_to_board", p_to_board),
    NB("alea_state_to_json", p_to_json),
    NB("alea_state_spec", p_spec),
    NB("alea_state_scores", p_scores),
    NB("alea_state_result", p_result),
    {"alea_state_validate", p_validate, KB(20)}, /* dice poker P-4 */
    NB("alea_state_equal/hash/current_player/num_players/size/game", p_small_state_calls),
    NB("alea_state_init", p_init),
    NB("alea_state_new/clone/copy/free", p_new_clone_copy_free),
    NB("alea_record_replay", p_record_replay),
    NB("alea_game_* (count, at, find, get_info, id, option)", p_game),
    NB("alea_rng_*", p_rng),
    NB("alea_status_str/name, alea_version*, alea_check_abi", p_common),
    NB("alea_backgammon_*", p_backgammon),
    {"alea_dice_poker_* (but advise)", p_dice_poker, KB(20)}, /* P-4, in get_view */
    NB("alea_wise_dice_*", p_wise_dice),
    NB("alea_plateau_*", p_plateau),
    {"alea_dice_poker_advise", p_dice_poker_advise, KB(32)},
    {"alea_bot_choose", p_bot_choose, KB(80)},
    {"alea_bot_choose_with/evaluate", p_bot_choose_with, KB(32)},
};

/* ---- the painted thread ---- */

static void *trampoline(void *arg) {
    (*(probe_fn *)arg)();
    return NULL;
}

/* Valgrind marks a dead thread's stack unreadable (and puts LD_PRELOAD in
   the environment): there the probes run on a plain thread, unmeasured. */
static int under_valgrind(void) {
    const char *p = getenv("LD_PRELOAD");
    return p && strstr(p, "vgpreload") != NULL;
}

/* Bytes of stack the probe touched, from the top of the painted region (0
   under valgrind). */
static size_t stack_used(probe_fn fn) {
    static unsigned char *mem;
    pthread_attr_t attr;
    pthread_t t;
    size_t i;
    if (under_valgrind()) {
        ck_assert_int_eq(pthread_create(&t, NULL, trampoline, &fn), 0);
        ck_assert_int_eq(pthread_join(t, NULL), 0);
        return 0;
    }
    if (!mem)
        ck_assert_int_eq(posix_memalign((void **)&mem, 65536, STACK_BYTES), 0);
    memset(mem, PAINT, STACK_BYTES);
    ck_assert_int_eq(pthread_attr_init(&attr), 0);
    ck_assert_int_eq(pthread_attr_setstack(&attr, mem, STACK_BYTES), 0);
    ck_assert_int_eq(pthread_create(&t, &attr, trampoline, &fn), 0);
    ck_assert_int_eq(pthread_join(t, NULL), 0);
    pthread_attr_destroy(&attr);
    for (i = 0; i < STACK_BYTES && mem[i] == PAINT; i++)
        continue;
    return STACK_BYTES - i; /* the stack grows down from mem + STACK_BYTES */
}

START_TEST(test_stack_high_water_marks) {
    size_t base, worst_non_bot = 0, over = 0;
    const char *first_over = NULL;
    int table = getenv("ALEA_STACK_TABLE") != NULL;
    build_corpus();
    bot_ws_size = 1u << 20;
    bot_ws = malloc(bot_ws_size);
    ck_assert_ptr_nonnull(bot_ws);
    base = stack_used(p_nothing);
    if (table)
        printf("%zu states; thread and harness overhead %zu bytes%s\n", C.n, base,
               ASSERT_LIMITS ? "" : " (limits not asserted in this build)");
    for (size_t i = 0; i < sizeof PROBES / sizeof PROBES[0]; i++) {
        size_t used = stack_used(PROBES[i].fn), own = used > base ? used - base : 0;
        if (table)
            printf("%-62s %7zu bytes (limit %zu)\n", PROBES[i].name, own, PROBES[i].limit);
        if (PROBES[i].limit <= NON_BOT_LIMIT && own > worst_non_bot)
            worst_non_bot = own;
        if (own >= PROBES[i].limit && !first_over) {
            first_over = PROBES[i].name;
            over = own;
        }
    }
    if (table)
        printf("largest figure under the 16 KB rule: %zu bytes\n", worst_non_bot);
    free(bot_ws);
    if (ASSERT_LIMITS && !under_valgrind())
        ck_assert_msg(!first_over, "%s used %zu bytes of stack, over its limit", first_over,
                      over);
}
END_TEST

/* The measurement itself: a probe that touches 20 KB is seen as at least that. */
static void p_touch_20k(void) {
    char block[20 * 1024];
    alea_state st;
    memset(block, 'x', sizeof block); /* escapes below: the writes must happen */
    block[sizeof block - 1] = '\0';
    alea_state_from_text(&st, block, NULL);
}

START_TEST(test_stack_measure_sees_a_20k_frame) {
    size_t base = stack_used(p_nothing), used = stack_used(p_touch_20k);
    if (under_valgrind())
        return;
#ifndef SANITIZED /* ASan may keep frames on its own stacks */
    ck_assert_uint_ge(used - base, 20 * 1024 - 256); /* less the frames both share */
    ck_assert_uint_lt(used - base, 20 * 1024 + 8192); /* plus a failing from_text */
#else
    ck_assert_uint_ge(used, base);
#endif
}
END_TEST

int main(void) {
    Suite *s = suite_create("stack");
    TCase *tc = tcase_create("stack");
    SRunner *sr;
    int failed;
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_stack_measure_sees_a_20k_frame);
    tcase_add_test(tc, test_stack_high_water_marks);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
