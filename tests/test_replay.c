/* Record replay (alea/record.h): good records replay to the same state, the
   first bad line is reported with its number and reason, every game. */
#include "support.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RECORD_MAX (1 << 20)

/* Plays a seeded random game of game i and writes its record; returns the
   final state in *final and the number of actions in *count.  The line of
   action k (0-based) is line k + 2 of the record. */
static char *make_record(alea_state *final, size_t *count, size_t i, uint64_t seed) {
    char *rec = malloc(RECORD_MAX);
    size_t len = 0, n = 0;
    alea_rng rng;
    alea_state st;
    ck_assert_ptr_nonnull(rec);
    alea_rng_seed(&rng, seed);
    ck_assert_int_eq(alea_state_init(&st, alea_game_id(alea_game_at(i)), NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_spec(rec, RECORD_MAX, &len, &st), ALEA_OK);
    rec[len++] = '\n';
    for (;;) {
        int p = alea_state_current_player(&st);
        uint64_t a;
        size_t m;
        if (p == ALEA_PLAYER_TERMINAL)
            break;
        if (p == ALEA_PLAYER_CHANCE) {
            alea_state before = st;
            ck_assert_int_eq(alea_state_roll(&a, &st, &rng), ALEA_OK);
            ck_assert_int_eq(alea_state_action_to_text(rec + len, RECORD_MAX - len, &m, &before, a),
                             ALEA_OK);
        } else {
            ck_assert_int_eq(alea_bot_choose(&a, &st, ALEA_BOT_RANDOM, &rng), ALEA_OK);
            ck_assert_int_eq(alea_state_action_to_text(rec + len, RECORD_MAX - len, &m, &st, a),
                             ALEA_OK);
            ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
        }
        len += m;
        rec[len++] = '\n';
        n++;
        ck_assert_uint_lt(len + ALEA_ACTION_TEXT_MAX, RECORD_MAX);
    }
    rec[len] = '\0';
    *final = st;
    *count = n;
    return rec;
}

/* Pointer to the start of 1-based line `line`. */
static char *line_start(char *rec, int line) {
    for (int i = 1; i < line; i++)
        rec = strchr(rec, '\n') + 1;
    return rec;
}

START_TEST(test_good_record_replays_exactly) {
    for (size_t i = 0; i < alea_game_count(); i++) {
        alea_state final, replayed;
        size_t n, applied;
        alea_error err;
        char *rec = make_record(&final, &n, i, 17 + i);
        ck_assert_int_eq(alea_record_replay(&replayed, &applied, rec, &err), ALEA_OK);
        ck_assert_uint_eq(applied, n);
        ck_assert(alea_state_equal(&replayed, &final));
        free(rec);
    }
}
END_TEST

/* Comments, blank lines, CRLF line ends and indentation are ignored. */
START_TEST(test_comments_blank_lines_crlf) {
    alea_state final, replayed;
    size_t n, applied;
    char *rec = make_record(&final, &n, 0, 4), *decorated = malloc(2 * RECORD_MAX);
    size_t j = 0;
    j += (size_t)sprintf(decorated, "# a game\n\n");
    for (char *p = rec; *p; p++) {
        if (*p == '\n')
            j += (size_t)sprintf(decorated + j, "  \r\n\t");
        else
            decorated[j++] = *p;
    }
    decorated[j] = '\0';
    ck_assert_int_eq(alea_record_replay(&replayed, &applied, decorated, NULL), ALEA_OK);
    ck_assert_uint_eq(applied, n);
    ck_assert(alea_state_equal(&replayed, &final));
    free(rec);
    free(decorated);
}
END_TEST

/* Garbage in the middle: the line number, a parse error, the state before it. */
START_TEST(test_first_bad_line_reported) {
    for (size_t i = 0; i < alea_game_count(); i++) {
        alea_state final, replayed, expect;
        size_t n, applied;
        alea_error err;
        char *rec = make_record(&final, &n, i, 33), *bad;
        int line = (int)(n / 2) + 2;
        /* Replay the first half to know the state before the bad line. */
        bad = line_start(rec, line);
        {
            char saved = *bad;
            *bad = '\0';
            ck_assert_int_eq(alea_record_replay(&expect, NULL, rec, NULL), ALEA_OK);
            *bad = saved;
        }
        memcpy(bad, "@@", 2);
        memset(&replayed, 0, sizeof replayed);
        ck_assert_int_eq(alea_record_replay(&replayed, &applied, rec, &err), ALEA_PARSE_ERROR);
        ck_assert_int_eq(err.line, line);
        ck_assert_int_eq(err.status, ALEA_PARSE_ERROR);
        ck_assert_uint_eq(applied, (size_t)line - 2);
        ck_assert(alea_state_equal(&replayed, &expect));
        free(rec);
    }
}
END_TEST

/* A move after the end of the game is a wrong-phase entry. */
START_TEST(test_entry_after_the_end) {
    alea_state final, replayed;
    size_t n, applied;
    alea_error err;
    char *rec = make_record(&final, &n, 0, 9);
    size_t len = strlen(rec);
    char last[ALEA_ACTION_TEXT_MAX];
    /* Repeat the last line. */
    char *p = rec + len - 1;
    while (p > rec && p[-1] != '\n')
        p--;
    snprintf(last, sizeof last, "%s", p);
    strcat(rec, last);
    ck_assert_int_eq(alea_record_replay(&replayed, &applied, rec, &err), ALEA_WRONG_PHASE);
    ck_assert_int_eq(err.line, (int)n + 2);
    ck_assert(alea_state_equal(&replayed, &final));
    free(rec);
}
END_TEST

START_TEST(test_bad_spec_and_empty_records) {
    alea_state st, before;
    alea_error err;
    size_t applied = 99;
    ck_assert_int_eq(alea_state_init(&st, "dice-poker", NULL), ALEA_OK);
    before = st;
    ck_assert_int_eq(alea_record_replay(&st, &applied, "# only a comment\n\n", &err),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_uint_eq(applied, 0);
    ck_assert_int_eq(alea_record_replay(&st, NULL, "", &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_record_replay(&st, NULL, "\n# c\nchess\nroll 1,2,3,4,5\n", &err),
                     ALEA_NOT_FOUND);
    ck_assert_int_eq(err.line, 3);
    ck_assert_int_eq(alea_record_replay(&st, NULL, "dice-poker players=0\n", &err),
                     ALEA_BAD_OPTION);
    ck_assert_int_eq(err.line, 1);
    ck_assert_mem_eq(&st, &before, alea_state_size(&before));
    ck_assert_int_eq(alea_record_replay(NULL, NULL, "dice-poker", &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_record_replay(&st, NULL, NULL, &err), ALEA_INVALID_ARGUMENT);
}
END_TEST

START_TEST(test_overlong_line) {
    alea_state st;
    alea_error err;
    char *rec = malloc(4096);
    strcpy(rec, "dice-poker\n");
    memset(rec + strlen(rec), 'x', 1000);
    rec[11 + 1000] = '\0';
    ck_assert_int_eq(alea_record_replay(&st, NULL, rec, &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(err.line, 2);
    free(rec);
}
END_TEST

static Suite *replay_suite(void) {
    Suite *s = suite_create("replay");
    TCase *tc = tcase_create("replay");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_good_record_replays_exactly);
    tcase_add_test(tc, test_comments_blank_lines_crlf);
    tcase_add_test(tc, test_first_bad_line_reported);
    tcase_add_test(tc, test_entry_after_the_end);
    tcase_add_test(tc, test_bad_spec_and_empty_records);
    tcase_add_test(tc, test_overlong_line);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(replay_suite());
}
