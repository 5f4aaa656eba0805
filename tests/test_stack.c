/* Stack use (doc/hardening.md "Stack"): every public function runs on a
   thread whose stack was painted with a pattern first; the lowest byte that
   no longer holds the pattern gives the high-water mark, less that of a probe
   that calls nothing.  The non-bot functions must stay under 16 KB, the bots
   under their documented figures, on states from random games of all four
   games (and damaged copies of some) and the worst cases known: the
   1454-move backgammon position, illegal and malformed move texts for every
   state, every seat, short buffers, Plateau's set-up with its long lists,
   whole records and match files.  Then every non-bot function runs again on
   a thread with a real 16 KB stack of its own (a guard page below it).
   Sanitizers take the limits doubled; under valgrind
   the probes run on a plain thread, unmeasured.
   ALEA_STACK_TABLE=1 prints the figure of every function. */
#define _POSIX_C_SOURCE 200809L /* pthread_attr_setstack, posix_memalign */
/* Tests the experimental tier too (doc/api.md "What 1.x guarantees"). */
#define ALEA_EXPERIMENTAL
#include "support.h"

#include <alea/backgammon.h>
#include <alea/dice_poker.h>
#include <alea/plateau.h>
#include <alea/playout.h>
#include <alea/tensor.h>
#include <alea/wise_dice.h>
#include <check.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||                         \
    __has_feature(memory_sanitizer)
#define SANITIZED 1
#endif
#endif
/* Sanitizers (redzones around locals, their own thread start) may take more
   stack: there the limits are doubled.  Measured (doc/hardening.md "Stack"):
   the largest non-bot figure is 11.2 KB under gcc 12 -O2, 11.1 KB under
   clang 14 -O2, 12.6 KB under gcc -O0 (same limits), 11.5 KB under gcc
   ASan+UBSan -O0. */
#if defined(SANITIZED)
#define LIMIT_SCALE 2
#else
#define LIMIT_SCALE 1
#endif

#define NON_BOT_LIMIT (16 * 1024)
#define STACK_BYTES (1024 * 1024) /* the painted thread's whole stack */
#define PAINT 0xA5

/* ---- the corpus: states, and texts to parse ---- */

#define MAX_STATES 144
#define PER_GAME 14 /* states kept of each random game (its end included) */
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
    uint64_t bg_actions[2048]; /* a whole backgammon game, for the match files */
    size_t nbg_actions;
    char match[2][16384]; /* it as .mat and .sgf */
} corpus;

static corpus C; /* static: the probes' stacks hold only what the calls use */

/* Position ID 3wcAAEAlpcpMAA with 1-1: 1454 moves (doc/rules/backgammon.md). */
static const char *const BG_1454 =
    "backgammon | move turn=1 dice=11 cube=1/centre autos=0 resign=0 crawford=0 rejected=0 "
    "score=0-0 games=0 last=- white=1:5,2:5 "
    "red=4:1,5:1,6:1,8:1,10:1,11:1,13:1,14:1,15:1,16:1,18:2,20:2,22:1";

/* Texts no game accepts, or that parse but are illegal here. */
static const char *const BAD_TEXTS[] = {
    "24/23 24/23 24/23 24/23",
    "bar/24 24/23 23/22 22/21",
    "13/7 8/7",
    "25/24*/23*/22*/21*",
    "6/off 6/off 6/off 6/off",
    "double",
    "take",
    "dice 4-1",
    "roll 1,2,3,4,5",
    "hold 9,9,9",
    "score full 2",
    "zz",
    "",
    "a1-b2",
    "A1 B2 C3 D4",
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

/* Random games of every game: states at several plies (at most PER_GAME of
   each, so that every game is in the corpus), the end, a record; then
   damaged copies of some (a byte changed: the refusals' paths). */
static void build_corpus(void) {
    alea_rng rng;
    alea_state st;
    size_t sound;
    memset(&C, 0, sizeof C);
    alea_rng_seed(&rng, test_seed(2024));
    ck_assert_int_eq(alea_state_from_text(&st, BG_1454, NULL), ALEA_OK);
    add_state(&st);
    for (size_t g = 0; g < alea_game_count(); g++) {
        const char *id = alea_game_id(alea_game_at(g));
        /* backgammon: the opening the match files carry (§3), for C.match */
        const char *spec = strcmp(id, "backgammon") == 0 ? "backgammon opening=standard" : id;
        for (int game = 0; game < 2; game++) {
            size_t used = 0, kept = 0;
            char *rec = game == 0 && C.nrecord < 4 ? C.record[C.nrecord++] : NULL;
            ck_assert_int_eq(alea_state_init(&st, spec, NULL), ALEA_OK);
            if (rec)
                used = (size_t)snprintf(rec, sizeof C.record[0], "%s\n", spec);
            for (int ply = 0; alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL; ply++) {
                uint64_t a;
                char text[128];
                if ((ply < 3 || ply % (kept < 8 ? 7 : 41) == 0) &&
                    kept + 1 < (test_quick() ? PER_GAME / 3 : PER_GAME)) {
                    add_state(&st);
                    kept++;
                }
                if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE)
                    alea_state_sample(&a, &st, &rng);
                else
                    alea_bot_choose(&a, &st, ALEA_BOT_RANDOM, &rng);
                if (rec && alea_state_action_to_text(text, sizeof text, NULL, &st, a) == ALEA_OK &&
                    used + strlen(text) + 2 < sizeof C.record[0])
                    used += (size_t)snprintf(rec + used, sizeof C.record[0] - used, "%s\n", text);
                if (game == 0 && strcmp(id, "backgammon") == 0 && C.nbg_actions < 2048)
                    C.bg_actions[C.nbg_actions++] = a;
                ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
                if (ply > 400)
                    break;
            }
            add_state(&st);
        }
    }
    for (int f = 0; f < 2; f++)
        ck_assert_int_eq(
            alea_backgammon_write_match(C.match[f], sizeof C.match[f], NULL,
                                        f ? ALEA_BACKGAMMON_FORMAT_SGF : ALEA_BACKGAMMON_FORMAT_MAT,
                                        "backgammon opening=standard", C.bg_actions, C.nbg_actions,
                                        NULL, NULL),
            ALEA_OK);
    sound = C.n;
    for (size_t k = 1; k < sound && C.n < MAX_STATES; k += 5) { /* damaged bytes */
        size_t size = alea_state_size(&C.st[k]), at = 8 + (k * 37) % (size - 8);
        C.st[C.n] = C.st[k];
        ((unsigned char *)&C.st[C.n])[at] ^= (unsigned char)(1u << (k % 8));
        memcpy(C.text[C.n], C.text[k], sizeof C.text[k]);
        C.ntext[C.n] = C.ntext[k];
        memcpy(C.legal[C.n], C.legal[k], C.nlegal[k] * sizeof C.legal[k][0]);
        C.nlegal[C.n] = C.nlegal[k];
        /* a state text with one field changed: parsed, then refused or accepted */
        memcpy(C.state_text[C.n], C.state_text[k], sizeof C.state_text[k]);
        char *eq = strchr(C.state_text[C.n], '=');
        if (eq && eq[1])
            eq[1] = (char)(eq[1] == '9' ? '0' : eq[1] + 1);
        C.n++;
    }
}

/* ---- probes: one per public function, over the whole corpus ---- */

typedef void (*probe_fn)(void);

static char out_buf[65536];
static uint64_t legal_buf[ALEA_MAX_ACTIONS];
static alea_outcome outcome_buf[ALEA_MAX_ACTIONS];

#define EACH for (size_t k = 0; k < C.n; k++)

static void p_nothing(void) {}
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
/* The seats: the one to act, another, the host's dice, a seat out of range. */
static const int SEATS[] = {0, 1, 3, ALEA_PLAYER_CHANCE, 9};
#define NSEATS (sizeof SEATS / sizeof SEATS[0])
static void p_check_as(void) {
    alea_error err;
    EACH for (size_t j = 0; j < NSEATS; j++) {
        for (size_t i = 0; i < C.nlegal[k]; i += 1 + C.nlegal[k] / 16) {
            alea_state_check_as(&C.st[k], SEATS[j], C.legal[k][i], &err);
            alea_state_check_as(&C.st[k], SEATS[j], C.legal[k][i] ^ ((uint64_t)1 << (i % 64)),
                                &err);
        }
        alea_state_check_as(&C.st[k], SEATS[j], UINT64_MAX, &err);
    }
}
static void p_apply_as(void) {
    alea_error err;
    EACH for (size_t j = 0; j < NSEATS; j++) {
        alea_state s = C.st[k];
        alea_state_apply_as(&s, SEATS[j], 0x123456789ABCDEFu, &err);
        if (C.nlegal[k] > 0)
            alea_state_apply_as(&s, SEATS[j], C.legal[k][C.nlegal[k] - 1], &err);
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
static void p_step_calls(void) {
    static alea_step step; /* 32 KB: the caller's, not the call's stack */
    alea_error err;
    alea_rng rng;
    alea_rng_seed(&rng, 3);
    EACH {
        alea_state s = C.st[k];
        alea_state_apply_and_list(&step, &s, 0x123456789ABCDEFu, &err);
        if (C.nlegal[k] > 0)
            alea_state_apply_and_list(&step, &s, C.legal[k][C.nlegal[k] - 1], &err);
        s = C.st[k];
        alea_state_roll_and_list(&step, &s, &rng, &err);
    }
}
static void p_apply_text(void) {
    alea_error err;
    EACH for (size_t t = 0; t < C.ntext[k]; t++) {
        alea_state s = C.st[k];
        alea_state_apply_text(&s, C.text[k][t], &err);
    }
}
static void p_apply_text_n(void) {
    alea_error err;
    EACH for (size_t t = 0; t < C.ntext[k]; t++) {
        alea_state s = C.st[k];
        size_t len = strlen(C.text[k][t]);
        alea_state_apply_text_n(&s, C.text[k][t], len, &err);
        alea_state_apply_text_n(&s, C.text[k][t], len + 1, &err); /* the NUL inside */
    }
}
static void p_apply_text_as(void) {
    alea_error err;
    EACH for (size_t t = 0; t < C.ntext[k]; t++) for (size_t j = 0; j < NSEATS; j++) {
        alea_state s = C.st[k];
        alea_state_apply_text_as(&s, SEATS[j], C.text[k][t], &err);
        s = C.st[k];
        alea_state_apply_text_as_n(&s, SEATS[j], C.text[k][t], strlen(C.text[k][t]), &err);
    }
}
static void p_action_from_text(void) {
    alea_error err;
    uint64_t a;
    EACH for (size_t t = 0; t < C.ntext[k]; t++) {
        alea_state_action_from_text(&a, &C.st[k], C.text[k][t], &err);
        alea_state_action_from_text_n(&a, &C.st[k], C.text[k][t], strlen(C.text[k][t]), &err);
    }
}
static void p_action_to_text(void) {
    EACH {
        size_t n = C.nlegal[k], len;
        for (size_t i = 0; i < n; i += 1 + n / 16)
            alea_state_action_to_text(out_buf, sizeof out_buf, &len, &C.st[k], C.legal[k][i]);
        alea_state_action_to_text(out_buf, sizeof out_buf, &len, &C.st[k], UINT64_MAX);
    }
}
static void p_action_observation_text(void) {
    EACH {
        size_t n = C.nlegal[k], len;
        for (size_t i = 0; i < n; i += 1 + n / 16)
            for (size_t j = 0; j < NSEATS; j++)
                alea_state_action_observation_text(out_buf, sizeof out_buf, &len, &C.st[k],
                                                   C.legal[k][i], SEATS[j]);
        alea_state_action_observation_text(out_buf, sizeof out_buf, &len, &C.st[k], UINT64_MAX,
                                           ALEA_OBSERVER_PUBLIC);
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
static void p_from_text_n(void) {
    alea_state s;
    alea_error err;
    EACH alea_state_from_text_n(&s, C.state_text[k], strlen(C.state_text[k]), &err);
}
static void p_observation_text(void) {
    size_t len;
    EACH for (size_t j = 0; j < NSEATS; j++) {
        alea_state_observation_text(out_buf, sizeof out_buf, &len, &C.st[k], SEATS[j]);
        alea_state_observation_text(out_buf, 16, &len, &C.st[k], SEATS[j]);
    }
    EACH alea_state_observation_text(out_buf, sizeof out_buf, &len, &C.st[k], ALEA_OBSERVER_PUBLIC);
}
static void p_observation_json(void) {
    size_t len;
    EACH for (size_t j = 0; j < NSEATS; j++)
        alea_state_observation_json(out_buf, sizeof out_buf, &len, &C.st[k], SEATS[j]);
    EACH alea_state_observation_json(out_buf, sizeof out_buf, &len, &C.st[k], ALEA_OBSERVER_PUBLIC);
}
static void p_observation_board(void) {
    size_t len;
    EACH for (size_t j = 0; j < NSEATS; j++)
        alea_state_observation_board(out_buf, sizeof out_buf, &len, &C.st[k], SEATS[j]);
    EACH alea_state_observation_board(out_buf, sizeof out_buf, &len, &C.st[k],
                                      ALEA_OBSERVER_PUBLIC);
}
static float *tensor_buf; /* room for ALEA_MAX_ACTIONS rows of the largest tensor */
static size_t tensor_floats;
static void p_observation_tensor(void) {
    size_t len;
    EACH {
        alea_state_observation_tensor(tensor_buf, tensor_floats, &len, &C.st[k], 0);
        alea_state_observation_tensor(tensor_buf, tensor_floats, &len, &C.st[k],
                                      ALEA_OBSERVER_PUBLIC);
        alea_state_observation_tensor(tensor_buf, 3, &len, &C.st[k], 1);
    }
}
static void p_afterstate_tensors(void) {
    size_t rows;
    EACH {
        alea_state_afterstate_tensors(tensor_buf, legal_buf, ALEA_MAX_ACTIONS, &rows, &C.st[k],
                                      ALEA_OBSERVER_PUBLIC);
        alea_state_afterstate_tensors(tensor_buf, legal_buf, 2, &rows, &C.st[k], 0);
        alea_state_afterstate_tensors(NULL, NULL, 0, &rows, &C.st[k], 1);
    }
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
static const char *const SPECS[] = {"backgammon match=7 jacoby=on",
                                    "dice-poker players=4",
                                    "wise-dice",
                                    "plateau",
                                    "chess",
                                    "backgammon match=x",
                                    "plateau max-plies=39 overpay=on"};
#define NSPECS (sizeof SPECS / sizeof SPECS[0])
static void p_init(void) {
    alea_state s;
    alea_error err;
    for (size_t i = 0; i < NSPECS; i++)
        alea_state_init(&s, SPECS[i], &err);
}
static void p_init_n(void) {
    alea_state s, *n = NULL;
    alea_error err;
    for (size_t i = 0; i < NSPECS; i++) {
        alea_state_init_n(&s, SPECS[i], strlen(SPECS[i]), &err);
        alea_state_new_n(&n, SPECS[i], strlen(SPECS[i]) + 1, &err); /* the NUL inside */
        alea_state_free(n);
        n = NULL;
        if (alea_state_new_n(&n, SPECS[i], strlen(SPECS[i]), &err) == ALEA_OK)
            alea_state_free(n);
        n = NULL;
    }
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
static void p_record_replay_n(void) {
    alea_state s;
    size_t applied;
    alea_error err;
    for (size_t i = 0; i < C.nrecord; i++) {
        alea_record_replay_n(&s, &applied, C.record[i], strlen(C.record[i]), &err);
        alea_record_replay_n(&s, &applied, C.record[i], strlen(C.record[i]) + 1, &err);
    }
}
static void p_game(void) {
    alea_game_info info;
    alea_option_info opt;
    volatile size_t sink = alea_game_count();
    size_t n;
    for (size_t g = 0; g < alea_game_count(); g++) {
        const alea_game *game = alea_game_at(g);
        alea_game_get_info(&info, game);
        sink += strlen(alea_game_id(game));
        sink += (size_t)(alea_game_find(alea_game_id(game)) == game);
        sink += (size_t)(alea_game_find_n(alea_game_id(game), 3) == game);
        if (alea_game_observation_size(&n, game) == ALEA_OK)
            sink += n;
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
        sink +=
            strlen(alea_status_str((alea_status)s)) + (alea_status_name((alea_status)s) != NULL);
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
            alea_backgammon_decode_position_id_n(first, second, pid, strlen(pid), &err);
            alea_backgammon_from_gnubg(&s, NULL, pid, mid, &err);
            alea_backgammon_from_gnubg_n(&s, "backgammon match=5", 18, pid, strlen(pid), mid,
                                         strlen(mid), &err);
            mid[3] = (char)(mid[3] == 'A' ? 'B' : 'A'); /* another score or cube */
            alea_backgammon_from_gnubg(&s, "backgammon match=9", pid, mid, &err);
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

static alea_status count_entry(void *ctx, const alea_backgammon_match_entry *entry) {
    (*(size_t *)ctx) += entry->action != 0;
    return ALEA_OK;
}
static void p_match_files(void) {
    alea_backgammon_match_info info;
    alea_error err;
    size_t n = 0, len;
    static const char *const names[2] = {"Ann", "Bob"};
    for (int f = 0; f < 2; f++) {
        memset(&info, 0, sizeof info);
        info.version = ALEA_BACKGAMMON_MATCH_INFO_VERSION;
        alea_backgammon_read_match(&info, C.match[f], ALEA_BACKGAMMON_FORMAT_AUTO, count_entry, &n,
                                   &err);
        alea_backgammon_read_match_n(&info, C.match[f], strlen(C.match[f]),
                                     ALEA_BACKGAMMON_FORMAT_AUTO, count_entry, &n, &err);
        alea_backgammon_write_match(out_buf, sizeof out_buf, &len, f + 1, "backgammon",
                                    C.bg_actions, C.nbg_actions, names, &err);
        alea_backgammon_write_match(out_buf, 64, &len, f + 1, "backgammon match=3", C.bg_actions,
                                    C.nbg_actions, NULL, &err); /* refused */
    }
    alea_backgammon_read_match(NULL, " 1 point match\n\n Game 1\n Ann : 0  Bob : 0\n  1) 31: 8/5 6/5\n",
                               ALEA_BACKGAMMON_FORMAT_MAT, NULL, NULL, &err);
}
static void p_bot_registry(void) {
    alea_bot_options o;
    size_t need;
    volatile size_t sink = 0;
    for (int kind = -1; kind <= ALEA_BOT_KIND_COUNT; kind++) {
        const char *name = alea_bot_name(kind);
        sink += (size_t)alea_bot_find(name ? name : "nobody");
        memset(&o, 0, sizeof o); /* a kind out of range leaves it alone: refused below */
        alea_bot_options_init_version(&o, kind, ALEA_BOT_OPTIONS_VERSION);
        alea_bot_workspace_size(&need, &o, alea_game_at(0), NULL);
        alea_playouts_workspace_size(&need, &o, 1, alea_game_at(0), NULL);
        sink += need;
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
static void p_playouts(void) {
    alea_bot_options o[2];
    double returns[4 * ALEA_MAX_PLAYERS];
    int32_t scores[4 * ALEA_MAX_PLAYERS];
    uint32_t plies[4];
    alea_bot_options_init(&o[0], ALEA_BOT_RANDOM);
    alea_bot_options_init(&o[1], ALEA_BOT_HEURISTIC);
    EACH if (k % 4 == 0) {
        size_t need = 0;
        if (alea_playouts_workspace_size(&need, o, 2, alea_state_game(&C.st[k]), NULL) == ALEA_OK &&
            need <= bot_ws_size)
            alea_playouts(returns, scores, plies, &C.st[k], o, 2, 7, 0, 2, bot_ws, bot_ws_size,
                          NULL);
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
    size_t limit; /* bytes, in an optimised build without sanitizers */
} probe;

/* Every non-bot function under 16 KB (the rule); the bots under their
   documented figures (doc/hardening.md "Stack"). */
#define NB(f, fn)                                                                                  \
    { f, fn, NON_BOT_LIMIT }
#define KB(n) ((size_t)(n)*1024)
static const probe PROBES[] = {
    NB("alea_state_legal_actions", p_legal_actions),
    NB("alea_state_legal_actions (a buffer below max_actions)", p_legal_actions_small),
    NB("alea_state_chance_outcomes", p_chance_outcomes),
    NB("alea_state_check_action", p_check_action),
    NB("alea_state_check_as", p_check_as),
    NB("alea_state_apply", p_apply),
    NB("alea_state_apply_as", p_apply_as),
    NB("alea_state_apply_and_list, _roll_and_list", p_step_calls),
    NB("alea_state_apply_text", p_apply_text),
    NB("alea_state_apply_text_n", p_apply_text_n),
    NB("alea_state_apply_text_as, _as_n", p_apply_text_as),
    NB("alea_state_action_from_text, _n", p_action_from_text),
    NB("alea_state_action_to_text", p_action_to_text),
    NB("alea_state_action_observation_text", p_action_observation_text),
    NB("alea_state_sample", p_sample),
    NB("alea_state_roll", p_roll),
    NB("alea_state_to_text", p_to_text),
    NB("alea_state_from_text", p_from_text),
    NB("alea_state_from_text_n", p_from_text_n),
    NB("alea_state_to_board", p_to_board),
    NB("alea_state_to_json", p_to_json),
    NB("alea_state_spec", p_spec),
    NB("alea_state_observation_text", p_observation_text),
    NB("alea_state_observation_json", p_observation_json),
    NB("alea_state_observation_board", p_observation_board),
    NB("alea_state_observation_tensor", p_observation_tensor),
    NB("alea_state_afterstate_tensors", p_afterstate_tensors),
    NB("alea_state_scores", p_scores),
    NB("alea_state_result", p_result),
    NB("alea_state_validate", p_validate),
    NB("alea_state_equal/hash/current_player/num_players/size/game", p_small_state_calls),
    NB("alea_state_init", p_init),
    NB("alea_state_init_n, alea_state_new_n", p_init_n),
    NB("alea_state_new/clone/copy/free", p_new_clone_copy_free),
    NB("alea_record_replay", p_record_replay),
    NB("alea_record_replay_n", p_record_replay_n),
    NB("alea_game_* (count, at, find, find_n, get_info, id, option, observation_size)", p_game),
    NB("alea_rng_*", p_rng),
    NB("alea_status_str/name, alea_version*, alea_check_abi", p_common),
    NB("alea_backgammon_* (views, gnubg IDs, encode/decode)", p_backgammon),
    NB("alea_backgammon_read_match, _write_match", p_match_files),
    NB("alea_dice_poker_* (but advise)", p_dice_poker),
    NB("alea_wise_dice_*", p_wise_dice),
    NB("alea_plateau_*", p_plateau),
    NB("alea_bot_name/find/options_init_version/workspace_size, alea_playouts_workspace_size",
       p_bot_registry),
    {"alea_dice_poker_advise", p_dice_poker_advise, KB(32)},
    {"alea_bot_choose", p_bot_choose, KB(80)},
    {"alea_bot_choose_with/evaluate", p_bot_choose_with, KB(32)},
    {"alea_playouts (random and heuristic bots)", p_playouts, KB(32)},
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

/* Runs the probe on a thread whose stack is exactly `bytes`, with a page
   made inaccessible right below it: going past it is a crash (signal 11,
   which Check reports, naming the test). */
static void run_on_small_stack(probe_fn fn, size_t bytes) {
    const size_t page = 4096;
    unsigned char *mem = NULL;
    pthread_attr_t attr;
    pthread_t t;
    ck_assert_int_eq(posix_memalign((void **)&mem, page, page + bytes), 0);
    ck_assert_int_eq(mprotect(mem, page, PROT_NONE), 0);
    ck_assert_int_eq(pthread_attr_init(&attr), 0);
    ck_assert_int_eq(pthread_attr_setstack(&attr, mem + page, bytes), 0);
    ck_assert_int_eq(pthread_create(&t, &attr, trampoline, &fn), 0);
    ck_assert_int_eq(pthread_join(t, NULL), 0);
    pthread_attr_destroy(&attr);
    ck_assert_int_eq(mprotect(mem, page, PROT_READ | PROT_WRITE), 0);
    free(mem);
}

START_TEST(test_stack_high_water_marks) {
    size_t base, worst_non_bot = 0, over = 0, limit = 0, size;
    const char *first_over = NULL;
    int table = getenv("ALEA_STACK_TABLE") != NULL;
    build_corpus();
    bot_ws_size = 1u << 20;
    bot_ws = malloc(bot_ws_size);
    ck_assert_ptr_nonnull(bot_ws);
    tensor_floats = 0;
    for (size_t g = 0; g < alea_game_count(); g++)
        if (alea_game_observation_size(&size, alea_game_at(g)) == ALEA_OK && size > tensor_floats)
            tensor_floats = size;
    tensor_floats *= ALEA_MAX_ACTIONS;
    tensor_buf = malloc(tensor_floats * sizeof *tensor_buf);
    ck_assert_ptr_nonnull(tensor_buf);
    base = stack_used(p_nothing);
    if (table)
        printf("%zu states; thread and harness overhead %zu bytes; limits x%d%s\n", C.n, base,
               LIMIT_SCALE, under_valgrind() ? " (valgrind: not measured)" : "");
    for (size_t i = 0; i < sizeof PROBES / sizeof PROBES[0]; i++) {
        size_t used = stack_used(PROBES[i].fn), own = used > base ? used - base : 0;
        if (table)
            printf("%-62s %7zu bytes (limit %zu)\n", PROBES[i].name, own,
                   PROBES[i].limit * LIMIT_SCALE);
        if (PROBES[i].limit <= NON_BOT_LIMIT && own > worst_non_bot)
            worst_non_bot = own;
        if (own >= PROBES[i].limit * LIMIT_SCALE && !first_over) {
            first_over = PROBES[i].name;
            over = own;
            limit = PROBES[i].limit * LIMIT_SCALE;
        }
    }
    if (table)
        printf("largest figure under the 16 KB rule: %zu bytes\n", worst_non_bot);
    if (!under_valgrind()) {
        ck_assert_msg(!first_over, "%s used %zu bytes of stack, over its limit %zu", first_over,
                      over, limit);
        /* and each non-bot function really runs with its limit of stack, the
           thread's own use besides (rounded up to pages, plus one) */
        for (size_t i = 0; i < sizeof PROBES / sizeof PROBES[0]; i++)
            if (PROBES[i].limit <= NON_BOT_LIMIT)
                run_on_small_stack(PROBES[i].fn, NON_BOT_LIMIT * LIMIT_SCALE + base);
    }
    free(bot_ws);
    free(tensor_buf);
}
END_TEST

/* A buffer below max_actions is served without the whole list on the stack
   (the game's prefix hook, lib/core/impl.h): the count and the first entries
   are those of the full list, at every node of random games of every game,
   and afterstate tensors with too few rows leave the actions alone. */
static void compare_short_buffers(const alea_state *st, uint64_t *full, uint64_t *part) {
    const alea_game *g = alea_state_game(st);
    alea_game_info info;
    size_t n = 0, m, caps[6];
    alea_game_get_info(&info, g);
    ck_assert_int_eq(alea_state_legal_actions(full, ALEA_MAX_ACTIONS, &n, st), ALEA_OK);
    caps[0] = 0;
    caps[1] = 1;
    caps[2] = n / 2;
    caps[3] = n > 0 ? n - 1 : 0;
    caps[4] = n;
    caps[5] = n + 3;
    for (size_t c = 0; c < 6; c++) {
        size_t cap = caps[c];
        if (cap >= info.max_actions)
            continue;
        memset(part, 0xEE, (cap + 1) * sizeof *part);
        m = SIZE_MAX;
        ck_assert_int_eq(alea_state_legal_actions(part, cap, &m, st),
                         n > cap ? ALEA_BUFFER_TOO_SMALL : ALEA_OK);
        ck_assert_uint_eq(m, n);
        for (size_t i = 0; i < cap && i < n; i++)
            ck_assert_msg(part[i] == full[i], "entry %zu of %zu (buffer %zu)", i, n, cap);
        ck_assert_msg(part[cap < n ? cap : n] == 0xEEEEEEEEEEEEEEEEu, "written past the room");
    }
    if (n > 1 && n - 1 < info.max_actions) {
        size_t size = 0, rows = 0;
        float one[1];
        ck_assert_int_eq(alea_game_observation_size(&size, g), ALEA_OK);
        memset(part, 0xEE, n * sizeof *part);
        if (size <= 1) {
            ck_assert_int_eq(alea_state_afterstate_tensors(one, part, 0, &rows, st, 0),
                             ALEA_BUFFER_TOO_SMALL);
        } else {
            float *out = malloc((n - 1) * size * sizeof *out);
            ck_assert_ptr_nonnull(out);
            /* the seat to act: its list is the state's (with hidden information
               another seat's afterstates list a re-deal's moves) */
            int who = alea_state_current_player(st);
            ck_assert_int_eq(alea_state_afterstate_tensors(out, part, n - 1, &rows, st,
                                                           who >= 0 ? who : ALEA_OBSERVER_PUBLIC),
                             ALEA_BUFFER_TOO_SMALL);
            free(out);
        }
        ck_assert_uint_eq(rows, n);
        for (size_t i = 0; i + 1 < n; i++)
            ck_assert(part[i] == 0xEEEEEEEEEEEEEEEEu);
    }
}

START_TEST(test_short_buffers_get_the_lists_first_actions) {
    alea_rng rng;
    alea_state st;
    uint64_t *full = malloc(ALEA_MAX_ACTIONS * sizeof *full),
             *part = malloc((ALEA_MAX_ACTIONS + 1) * sizeof *part);
    uint64_t seed = test_seed(77);
    ck_assert_ptr_nonnull(full);
    ck_assert_ptr_nonnull(part);
    alea_rng_seed(&rng, seed);
    ck_assert_int_eq(alea_state_from_text(&st, BG_1454, NULL), ALEA_OK);
    compare_short_buffers(&st, full, part);
    for (size_t g = 0; g < alea_game_count(); g++) {
        const char *id = alea_game_id(alea_game_at(g));
        for (long game = 0; game < test_scale_at_least(6, 1); game++) {
            ck_assert_int_eq(alea_state_init(&st, id, NULL), ALEA_OK);
            for (int ply = 0; ply < 600; ply++) {
                uint64_t a;
                if (alea_state_current_player(&st) == ALEA_PLAYER_TERMINAL)
                    break;
                if (!test_quick() || ply % 5 == 0)
                    compare_short_buffers(&st, full, part);
                if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE)
                    alea_state_sample(&a, &st, &rng);
                else
                    alea_bot_choose(&a, &st, ALEA_BOT_RANDOM, &rng);
                ck_assert_msg(alea_state_apply(&st, a, NULL) == ALEA_OK, "seed %llu",
                              (unsigned long long)seed);
            }
        }
    }
    free(full);
    free(part);
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
#ifndef SANITIZED                                     /* ASan may keep frames on its own stacks */
    ck_assert_uint_ge(used - base, 20 * 1024 - 256);  /* less the frames both share */
    ck_assert_uint_lt(used - base, 20 * 1024 + 8192); /* plus a failing from_text */
#else
    ck_assert_uint_ge(used, base);
#endif
}
END_TEST

/* ... and a 20 KB frame does not fit the small stack the non-bot calls run on. */
START_TEST(test_stack_small_stack_stops_a_20k_frame) {
    run_on_small_stack(p_touch_20k, NON_BOT_LIMIT * LIMIT_SCALE + stack_used(p_nothing));
}
END_TEST

int main(void) {
    Suite *s = suite_create("stack");
    TCase *tc = tcase_create("stack");
    SRunner *sr;
    int failed;
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_stack_measure_sees_a_20k_frame);
    /* a crash by design: only in forked tests, optimised, without sanitizers
       (which report the overflow their own way) or valgrind */
    if (LIMIT_SCALE == 1 && !under_valgrind() &&
        !(getenv("CK_FORK") && strcmp(getenv("CK_FORK"), "no") == 0))
        tcase_add_test_raise_signal(tc, test_stack_small_stack_stops_a_20k_frame, SIGSEGV);
    tcase_add_test(tc, test_stack_high_water_marks);
    tcase_add_test(tc, test_short_buffers_get_the_lists_first_actions);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_ENV);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
