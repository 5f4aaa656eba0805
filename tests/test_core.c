/* The generic layer: statuses, version and ABI, the registry, the state API's
   contracts (NULL, corrupt states, buffers, phases) on every registered game. */
#include "core/impl.h"
#include "support.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- statuses and version ---------------------------------------------- */

START_TEST(test_status_strings_and_names) {
    for (int s = 0; s < ALEA_STATUS_COUNT; s++) {
        ck_assert_ptr_nonnull(alea_status_str((alea_status)s));
        ck_assert(strncmp(alea_status_name((alea_status)s), "ALEA_", 5) == 0);
        for (int t = 0; t < s; t++)
            ck_assert_str_ne(alea_status_name((alea_status)s), alea_status_name((alea_status)t));
    }
    ck_assert_str_eq(alea_status_name(ALEA_ILLEGAL_ACTION), "ALEA_ILLEGAL_ACTION");
    ck_assert_str_eq(alea_status_str(ALEA_BUFFER_TOO_SMALL), "buffer too small");
    ck_assert_str_eq(alea_status_str((alea_status)999), "unknown status");
    ck_assert_str_eq(alea_status_name((alea_status)-1), "ALEA_UNKNOWN");
}
END_TEST

START_TEST(test_version_matches_headers) {
    char want[32];
    ck_assert_uint_eq(alea_version(), ALEA_VERSION_NUMBER);
    ck_assert_str_eq(alea_version_string(), ALEA_VERSION_STRING);
    snprintf(want, sizeof want, "%d.%d.%d", ALEA_VERSION_MAJOR, ALEA_VERSION_MINOR,
             ALEA_VERSION_PATCH);
    ck_assert_str_eq(alea_version_string(), want);
}
END_TEST

START_TEST(test_abi_check) {
    ck_assert_int_eq(ALEA_CHECK_ABI(), ALEA_OK);
    ck_assert_int_eq(alea_check_abi(ALEA_VERSION_NUMBER + 10000, sizeof(alea_state),
                                    sizeof(alea_rng), sizeof(alea_error), sizeof(alea_outcome),
                                    sizeof(alea_result)),
                     ALEA_ABI_MISMATCH);
    ck_assert_int_eq(alea_check_abi(ALEA_VERSION_NUMBER + 100, sizeof(alea_state), sizeof(alea_rng),
                                    sizeof(alea_error), sizeof(alea_outcome), sizeof(alea_result)),
                     ALEA_ABI_MISMATCH);
    ck_assert_int_eq(alea_check_abi(ALEA_VERSION_NUMBER, sizeof(alea_state) + 8, sizeof(alea_rng),
                                    sizeof(alea_error), sizeof(alea_outcome), sizeof(alea_result)),
                     ALEA_ABI_MISMATCH);
    ck_assert_int_eq(alea_check_abi(ALEA_VERSION_NUMBER, sizeof(alea_state), sizeof(alea_rng),
                                    sizeof(alea_error), sizeof(alea_outcome), 1),
                     ALEA_ABI_MISMATCH);
}
END_TEST

/* ---- registry ----------------------------------------------------------- */

START_TEST(test_registry_lists_and_finds_every_game) {
    ck_assert_uint_ge(alea_game_count(), 1);
    ck_assert_ptr_null(alea_game_at(alea_game_count()));
    ck_assert_ptr_null(alea_game_find(NULL));
    ck_assert_ptr_null(alea_game_find("no-such-game"));
    ck_assert_ptr_null(alea_game_find("dice-poker "));
    ck_assert_ptr_nonnull(alea_game_find("dice-poker"));
    ck_assert_ptr_null(alea_game_id(NULL));
    for (size_t i = 0; i < alea_game_count(); i++) {
        const alea_game *g = alea_game_at(i);
        alea_game_info info;
        ck_assert_int_eq(alea_game_get_info(&info, g), ALEA_OK);
        ck_assert_ptr_eq(alea_game_find(info.id), g);
        ck_assert_str_eq(alea_game_id(g), info.id);
        ck_assert(info.title && info.summary && *info.title && *info.summary);
        ck_assert(1 <= info.min_players && info.min_players <= info.max_players);
        ck_assert_int_le(info.max_players, ALEA_MAX_PLAYERS);
        ck_assert_uint_le(info.max_actions, ALEA_MAX_ACTIONS);
        ck_assert_uint_le(info.max_chance_outcomes, 256); /* state.c CHANCE_MAX: stack */
        ck_assert_uint_le(info.max_chance_outcomes, info.max_actions);
        ck_assert_uint_le(info.state_size, ALEA_STATE_MAX_SIZE);
        ck_assert_uint_eq(info.state_size % 8, 0);
        ck_assert_uint_le(info.option_count, 16);
    }
    ck_assert_int_eq(alea_game_get_info(NULL, alea_game_at(0)), ALEA_INVALID_ARGUMENT);
    {
        alea_game_info info;
        ck_assert_int_eq(alea_game_get_info(&info, NULL), ALEA_INVALID_ARGUMENT);
    }
}
END_TEST

/* ---- the state API on every game ---------------------------------------- */

static void init_game(alea_state *st, size_t i) {
    ck_assert_int_eq(alea_state_init(st, alea_game_id(alea_game_at(i)), NULL), ALEA_OK);
}

/* Plays `steps` random actions from the start, to get a mid-game state. */
static void init_midgame(alea_state *st, size_t i, uint64_t seed, size_t steps) {
    alea_rng rng;
    alea_rng_seed(&rng, seed);
    init_game(st, i);
    test_play_random(st, &rng, steps);
}

START_TEST(test_state_basics) {
    for (size_t i = 0; i < alea_game_count(); i++) {
        alea_state st, copy;
        alea_state *heap = NULL, *clone = NULL;
        alea_game_info info;
        alea_game_get_info(&info, alea_game_at(i));
        init_game(&st, i);
        ck_assert_uint_eq(alea_state_size(&st), info.state_size);
        ck_assert_ptr_eq(alea_state_game(&st), alea_game_at(i));
        ck_assert_int_ge(alea_state_num_players(&st), info.min_players);
        ck_assert_int_eq(alea_state_validate(&st, NULL), ALEA_OK);
        ck_assert_int_eq(alea_state_copy(&copy, &st), ALEA_OK);
        ck_assert(alea_state_equal(&st, &copy));
        ck_assert_uint_eq(alea_state_hash(&st), alea_state_hash(&copy));
        ck_assert_int_eq(alea_state_new(&heap, info.id, NULL), ALEA_OK);
        ck_assert(alea_state_equal(heap, &st));
        ck_assert_int_eq(alea_state_clone(&clone, heap), ALEA_OK);
        ck_assert(alea_state_equal(clone, &st));
        alea_state_free(heap);
        alea_state_free(clone);
        alea_state_free(NULL);
        /* A mid-game state differs, and its hash does too (for these seeds). */
        init_midgame(&copy, i, 5, 7);
        ck_assert(!alea_state_equal(&st, &copy));
        ck_assert_uint_ne(alea_state_hash(&st), alea_state_hash(&copy));
    }
}
END_TEST

/* A state with a bad header is refused everywhere, never read further. */
START_TEST(test_corrupt_header_refused_everywhere) {
    alea_state st, before;
    uint64_t a[8];
    alea_outcome o[4];
    alea_result r;
    int32_t scores[4];
    char buf[64];
    size_t n;
    alea_error err;
    alea_rng rng;
    alea_rng_seed(&rng, 1);
    memset(&st, 0xA5, sizeof st);
    before = st;
    ck_assert_uint_eq(alea_state_size(&st), 0);
    ck_assert_ptr_null(alea_state_game(&st));
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_INVALID);
    ck_assert_int_eq(alea_state_num_players(&st), 0);
    ck_assert_int_eq(alea_state_validate(&st, &err), ALEA_INVALID_ARGUMENT);
    ck_assert(strstr(err.message, "header"));
    ck_assert(!alea_state_equal(&st, &st));
    ck_assert_uint_eq(alea_state_hash(&st), 0);
    ck_assert_int_eq(alea_state_legal_actions(a, 8, &n, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_chance_outcomes(o, 4, &n, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_check_action(&st, 0, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_apply(&st, 0, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_apply_text(&st, "x", NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_action_to_text(buf, sizeof buf, &n, &st, 0), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_action_from_text(a, &st, "x", NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_to_text(buf, sizeof buf, &n, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_to_board(buf, sizeof buf, &n, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_to_json(buf, sizeof buf, &n, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_spec(buf, sizeof buf, &n, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_scores(scores, 4, &n, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_result(&r, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_copy(&before, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_clone(&(alea_state *){NULL}, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_choose(a, &st, ALEA_BOT_RANDOM, &rng), ALEA_INVALID_ARGUMENT);
    ck_assert_mem_eq(&st, &before, sizeof st);
    /* A good header with a size that does not match the game is refused too. */
    init_game(&st, 0);
    ((uint16_t *)(void *)&st)[3] ^= 8;
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_INVALID);
}
END_TEST

START_TEST(test_null_arguments) {
    alea_state st;
    uint64_t a[4];
    alea_outcome o[4];
    size_t n;
    char buf[16];
    alea_rng rng;
    alea_rng_seed(&rng, 1);
    init_game(&st, 0);
    ck_assert_int_eq(alea_state_current_player(NULL), ALEA_PLAYER_INVALID);
    ck_assert_int_eq(alea_state_legal_actions(a, 4, NULL, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_legal_actions(NULL, 4, &n, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_legal_actions(a, 4, &n, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_chance_outcomes(NULL, 4, &n, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_chance_outcomes(o, 4, NULL, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_roll(NULL, &st, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_roll(NULL, NULL, &rng), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_apply(NULL, 0, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_apply_text(&st, NULL, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_action_from_text(NULL, &st, "x", NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_action_to_text(NULL, 4, &n, &st, 0), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_to_text(NULL, 4, &n, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_from_text(NULL, "x", NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_from_text(&st, NULL, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_scores(NULL, 4, &n, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_scores(NULL, 0, NULL, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_result(NULL, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_copy(NULL, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_copy(&st, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_clone(NULL, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_new(NULL, "dice-poker", NULL), ALEA_INVALID_ARGUMENT);
    ck_assert(!alea_state_equal(NULL, &st));
    ck_assert_uint_eq(alea_state_hash(NULL), 0);
    ck_assert_int_eq(alea_state_validate(NULL, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_bot_choose(NULL, &st, 0, &rng), ALEA_INVALID_ARGUMENT);
    /* Measuring with a zero capacity and a NULL buffer is allowed. */
    ck_assert_int_eq(alea_state_to_text(NULL, 0, &n, &st), ALEA_BUFFER_TOO_SMALL);
    ck_assert_uint_gt(n, 0);
    (void)buf;
}
END_TEST

/* The snprintf contract on every text writer. */
START_TEST(test_buffers_snprintf_contract) {
    typedef alea_status (*writer)(char *, size_t, size_t *, const alea_state *);
    static const writer writers[] = {alea_state_to_text, alea_state_to_board, alea_state_to_json,
                                     alea_state_spec};
    for (size_t i = 0; i < alea_game_count(); i++) {
        alea_state st;
        init_midgame(&st, i, 11, 5);
        for (size_t w = 0; w < sizeof writers / sizeof writers[0]; w++) {
            char full[16384], small[8];
            size_t need, n;
            ck_assert_int_eq(writers[w](full, sizeof full, &need, &st), ALEA_OK);
            ck_assert_uint_eq(strlen(full), need);
            memset(small, 'x', sizeof small);
            ck_assert_int_eq(writers[w](small, sizeof small, &n, &st), ALEA_BUFFER_TOO_SMALL);
            ck_assert_uint_eq(n, need);
            ck_assert_int_eq(small[sizeof small - 1], '\0');
            ck_assert(strncmp(small, full, sizeof small - 1) == 0);
            {
                char *exact = malloc(need + 1);
                ck_assert_int_eq(writers[w](exact, need + 1, &n, &st), ALEA_OK);
                ck_assert_str_eq(exact, full);
                ck_assert_int_eq(writers[w](exact, need, &n, &st), ALEA_BUFFER_TOO_SMALL);
                free(exact);
            }
        }
    }
}
END_TEST

START_TEST(test_legal_actions_small_buffer) {
    for (size_t i = 0; i < alea_game_count(); i++) {
        alea_state st;
        uint64_t all[ALEA_MAX_ACTIONS], few[2];
        size_t n, m;
        init_midgame(&st, i, 3, 4);
        ck_assert_int_eq(alea_state_legal_actions(all, ALEA_MAX_ACTIONS, &n, &st), ALEA_OK);
        ck_assert_uint_gt(n, 2);
        ck_assert_int_eq(alea_state_legal_actions(few, 2, &m, &st), ALEA_BUFFER_TOO_SMALL);
        ck_assert_uint_eq(m, n);
        ck_assert_uint_eq(few[0], all[0]);
        ck_assert_uint_eq(few[1], all[1]);
        ck_assert_int_eq(alea_state_legal_actions(NULL, 0, &m, &st), ALEA_BUFFER_TOO_SMALL);
        ck_assert_uint_eq(m, n);
        for (size_t k = 1; k < n; k++)
            ck_assert_uint_lt(all[k - 1], all[k]); /* ascending, no duplicates */
    }
}
END_TEST

/* Chance and player phases are kept apart. */
START_TEST(test_phases) {
    for (size_t i = 0; i < alea_game_count(); i++) {
        alea_state st, before;
        alea_rng rng;
        alea_outcome o[ALEA_MAX_ACTIONS / 4];
        size_t n;
        uint64_t a;
        int guard = 0;
        alea_rng_seed(&rng, 8);
        init_game(&st, i);
        /* Walk to the first chance node and the first player node. */
        while (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE && guard++ < 1000)
            alea_state_roll(NULL, &st, &rng);
        ck_assert_int_ge(alea_state_current_player(&st), 0);
        before = st;
        ck_assert_int_eq(alea_state_chance_outcomes(o, 4, &n, &st), ALEA_WRONG_PHASE);
        ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_WRONG_PHASE);
        ck_assert_int_eq(alea_state_sample(&a, &st, &rng), ALEA_WRONG_PHASE);
        ck_assert_mem_eq(&st, &before, alea_state_size(&st));
        /* Play to the end: then everything that acts is refused. */
        test_play_random(&st, &rng, 1000000);
        ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_TERMINAL);
        before = st;
        ck_assert_int_eq(alea_state_legal_actions(NULL, 0, &n, &st), ALEA_OK);
        ck_assert_uint_eq(n, 0);
        ck_assert_int_eq(alea_state_apply(&st, 0, NULL), ALEA_WRONG_PHASE);
        ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_WRONG_PHASE);
        ck_assert_int_eq(alea_state_action_from_text(&a, &st, "x", NULL), ALEA_WRONG_PHASE);
        ck_assert_int_eq(alea_bot_choose(&a, &st, ALEA_BOT_GREEDY, &rng), ALEA_WRONG_PHASE);
        ck_assert_mem_eq(&st, &before, alea_state_size(&st));
    }
}
END_TEST

START_TEST(test_state_text_errors) {
    alea_state st, before;
    alea_error err;
    char long_spec[400];
    init_game(&st, 0);
    before = st;
    ck_assert_int_eq(alea_state_from_text(&st, "no bar here", &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(alea_state_from_text(&st, "chess | x", &err), ALEA_NOT_FOUND);
    ck_assert_int_eq(alea_state_from_text(&st, "dice-poker players=9 | x", &err), ALEA_BAD_OPTION);
    memset(long_spec, 'a', sizeof long_spec);
    long_spec[sizeof long_spec - 3] = '|';
    long_spec[sizeof long_spec - 1] = '\0';
    ck_assert_int_eq(alea_state_from_text(&st, long_spec, &err), ALEA_PARSE_ERROR);
    ck_assert_mem_eq(&st, &before, alea_state_size(&st));
}
END_TEST

START_TEST(test_json_view_keys) {
    for (size_t i = 0; i < alea_game_count(); i++) {
        alea_state st;
        char json[32768];
        init_midgame(&st, i, 21, 9);
        ck_assert_int_eq(alea_state_to_json(json, sizeof json, NULL, &st), ALEA_OK);
        ck_assert_msg(test_json_valid(json), "invalid JSON: %s", json);
        for (const char *const *k =
                 (const char *const[]){
                     "\"game\":", "\"spec\":", "\"text\":", "\"current_player\":", "\"players\":",
                     "\"scores\":", "\"terminal\":", "\"state\":", NULL};
             *k; k++)
            ck_assert_msg(strstr(json, *k), "missing %s", *k);
    }
}
END_TEST

/* sample draws what roll applies, and changes nothing itself. */
START_TEST(test_sample_then_apply_equals_roll) {
    for (size_t i = 0; i < alea_game_count(); i++) {
        alea_state a, b, before;
        alea_rng ra, rb;
        int rolls = 0;
        alea_rng_seed(&ra, 41);
        alea_rng_seed(&rb, 41);
        init_game(&a, i);
        init_game(&b, i);
        while (alea_state_current_player(&a) != ALEA_PLAYER_TERMINAL && rolls < 50) {
            uint64_t x, y;
            if (alea_state_current_player(&a) != ALEA_PLAYER_CHANCE) {
                ck_assert_int_eq(alea_bot_choose(&x, &a, ALEA_BOT_RANDOM, &ra), ALEA_OK);
                ck_assert_int_eq(alea_bot_choose(&y, &b, ALEA_BOT_RANDOM, &rb), ALEA_OK);
                ck_assert_int_eq(alea_state_apply(&a, x, NULL), ALEA_OK);
                ck_assert_int_eq(alea_state_apply(&b, y, NULL), ALEA_OK);
                continue;
            }
            before = b;
            ck_assert_int_eq(alea_state_roll(&x, &a, &ra), ALEA_OK);
            ck_assert_int_eq(alea_state_sample(&y, &b, &rb), ALEA_OK);
            ck_assert_mem_eq(&b, &before, alea_state_size(&b));
            ck_assert_uint_eq(x, y);
            ck_assert_int_eq(alea_state_apply(&b, y, NULL), ALEA_OK);
            ck_assert(alea_state_equal(&a, &b));
            rolls++;
        }
        ck_assert_int_eq(alea_state_sample(NULL, &a, &ra), ALEA_INVALID_ARGUMENT);
    }
}
END_TEST

/* The one text cursor of lib/core (core/impl.h): bounded by its length, its
   failures at the exact offset, prefixed with its name when it has one. */
START_TEST(test_scan_cursor) {
    alea_error e;
    alea__scan sc;
    long v = 0;
    alea__scan_start(&sc, "ab12", 1, &e, "demo");
    ck_assert_int_eq(alea__scan_peek(&sc, 0), 'a');
    ck_assert_int_eq(alea__scan_peek(&sc, 1), '\0'); /* past len: the end, not 'b' */
    ck_assert(!alea__scan_starts(&sc, "ab"));
    ck_assert_int_eq(alea__scan_expect(&sc, "ab"), ALEA_PARSE_ERROR);
    ck_assert_int_eq(e.offset, 1); /* at the first byte that differs */
    ck_assert_str_eq(e.message, "demo: expected 'b' at offset 1");

    alea__scan_start(&sc, "ab012", 5, &e, NULL);
    ck_assert(alea__scan_accept(&sc, 'a'));
    ck_assert(!alea__scan_accept(&sc, 'a'));
    ck_assert_int_eq(alea__scan_number(&sc, 3, &v), ALEA_PARSE_ERROR);
    ck_assert_str_eq(e.message, "expected a number at offset 1");
    sc.pos = 2;
    ck_assert_int_eq(alea__scan_number(&sc, 3, &v), ALEA_PARSE_ERROR);
    ck_assert_str_eq(e.message, "a number has no leading zero at offset 3");
    ck_assert_int_eq(alea__scan_fail_at(&sc, 0, "here"), ALEA_PARSE_ERROR);
    ck_assert_int_eq(e.offset, 0);
    ck_assert_str_eq(e.message, "here at offset 0");

    alea__scan_init(&sc, "  Cube=on", 9);
    ck_assert(alea__scan_keyword(&sc, "cube"));
    ck_assert(alea__scan_char(&sc, '='));
    ck_assert(alea__scan_keyword(&sc, "on"));
    ck_assert(alea__scan_at_end(&sc));
    ck_assert_int_eq(alea__scan_offset(&sc), 9);
}
END_TEST

/* The core draws no chance outcome itself (lib/core/impl.h): a game with
   chance nodes brings both chance hooks. */
START_TEST(test_games_with_chance_have_their_own_draw) {
    for (size_t i = 0; i < alea_game_count(); i++) {
        const alea_game *g = alea_game_at(i);
        if (g->max_chance_outcomes == 0)
            continue;
        ck_assert_msg(g->roll != NULL && g->chance_outcomes != NULL, "%s: chance hooks", g->id);
    }
}
END_TEST

/* state.h alea_state_apply_and_list() / alea_state_roll_and_list(): one step
   of seeded random games of every game, taken by the one call on a state and
   by apply() (or sample() and apply()), current_player() and legal_actions()
   on its twin, gives the same state, player, outcome and list (a seat's legal
   actions; none at chance nodes), to the end of the game. */
START_TEST(test_step_calls_equal_apply_then_list) {
    static alea_step step;
    static uint64_t want[ALEA_MAX_ACTIONS];
    long games = test_scale_at_least(20, 2);
    for (size_t i = 0; i < alea_game_count(); i++) {
        for (long g = 0; g < games; g++) {
            uint64_t seed = test_seed(700 + (uint64_t)g);
            const char *id = alea_game_id(alea_game_at(i));
            alea_state a, b;
            alea_rng ra, rb, pick;
            size_t n = 0, m = 0;
            int steps = 0;
            alea_rng_seed(&ra, seed);
            alea_rng_seed(&rb, seed);
            alea_rng_seed(&pick, seed ^ 0x5DEECE66Du);
            init_game(&a, i);
            init_game(&b, i);
            ck_assert_int_eq(alea_state_legal_actions(step.actions, ALEA_MAX_ACTIONS, &n, &a),
                             ALEA_OK);
            step.count = (uint32_t)n;
            step.player = alea_state_current_player(&a);
            while (step.player != ALEA_PLAYER_TERMINAL) {
                alea_error err;
                uint64_t x = 0, y = 0;
                ck_assert_msg(step.player == ALEA_PLAYER_CHANCE || step.count > 0,
                              "%s seed %llu step %d: a seat without actions", id,
                              (unsigned long long)seed, steps);
                if (step.player == ALEA_PLAYER_CHANCE) {
                    ck_assert_int_eq(alea_state_roll_and_list(&step, &a, &ra, &err), ALEA_OK);
                    /* roll() is sample() then apply() (test_sample_then_apply_equals_roll) */
                    ck_assert_int_eq(alea_state_sample(&y, &b, &rb), ALEA_OK);
                    ck_assert_int_eq(alea_state_apply(&b, y, NULL), ALEA_OK);
                } else {
                    x = step.actions[alea_rng_below(&pick, step.count)];
                    ck_assert_int_eq(alea_state_apply_and_list(&step, &a, x, &err), ALEA_OK);
                    ck_assert_int_eq(alea_state_apply(&b, x, NULL), ALEA_OK);
                    y = x;
                }
                ck_assert_uint_eq(step.outcome, y);
                ck_assert_msg(alea_state_equal(&a, &b), "%s seed %llu step %d: states differ", id,
                              (unsigned long long)seed, steps);
                ck_assert_int_eq(step.player, alea_state_current_player(&b));
                ck_assert_int_eq(alea_state_legal_actions(want, ALEA_MAX_ACTIONS, &m, &b), ALEA_OK);
                if (step.player < 0) /* a chance node, or the end: nothing is listed */
                    m = 0;
                ck_assert_uint_eq(step.count, m);
                ck_assert_mem_eq(step.actions, want, m * sizeof want[0]);
                steps++;
            }
            ck_assert_uint_eq(step.count, 0);
            /* The end refuses both calls. */
            ck_assert_int_eq(alea_state_apply_and_list(&step, &a, 0, NULL), ALEA_WRONG_PHASE);
            ck_assert_int_eq(alea_state_roll_and_list(&step, &a, &ra, NULL), ALEA_WRONG_PHASE);
        }
    }
}
END_TEST

static Suite *core_suite(void) {
    Suite *s = suite_create("core");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_status_strings_and_names);
    tcase_add_test(tc, test_version_matches_headers);
    tcase_add_test(tc, test_abi_check);
    tcase_add_test(tc, test_registry_lists_and_finds_every_game);
    tcase_add_test(tc, test_state_basics);
    tcase_add_test(tc, test_corrupt_header_refused_everywhere);
    tcase_add_test(tc, test_null_arguments);
    tcase_add_test(tc, test_buffers_snprintf_contract);
    tcase_add_test(tc, test_legal_actions_small_buffer);
    tcase_add_test(tc, test_phases);
    tcase_add_test(tc, test_sample_then_apply_equals_roll);
    tcase_add_test(tc, test_step_calls_equal_apply_then_list);
    tcase_add_test(tc, test_state_text_errors);
    tcase_add_test(tc, test_json_view_keys);
    tcase_add_test(tc, test_games_with_chance_have_their_own_draw);
    tcase_add_test(tc, test_scan_cursor);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(core_suite());
}
