/* Explicit lengths (issue 12 item 6): every text entry point has a `_n` twin
   reading text[0, len) only.  For each one: the exact text, every shorter
   length (the same answer as the NUL-terminated call on that prefix), len 0,
   and a NUL inside (ALEA_PARSE_ERROR at its offset, nothing changed).  The
   texts are copied into heap blocks of exactly len bytes, so that under ASan
   a read of text[len] is an error. */
#include "core/impl.h"
#include "support.h"

#include <alea/backgammon.h>
#include <alea/dice_poker.h>
#include <alea/plateau.h>
#include <alea/wise_dice.h>

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEXT_MAX 4096

/* A heap block holding exactly text[0, len), no terminator (free it). */
static char *exact(const char *text, size_t len) {
    char *p = malloc(len ? len : 1);
    ck_assert_ptr_nonnull(p);
    memcpy(p, text, len);
    return p;
}

/* A NUL-terminated copy of text[0, len) (free it). */
static char *prefix(const char *text, size_t len) {
    char *p = malloc(len + 1);
    ck_assert_ptr_nonnull(p);
    memcpy(p, text, len);
    p[len] = '\0';
    return p;
}

static void assert_same_error(const alea_error *a, const alea_error *b, alea_status s) {
    if (s == ALEA_OK)
        return;
    ck_assert_int_eq(a->status, b->status);
    ck_assert_int_eq(a->offset, b->offset);
    ck_assert_int_eq(a->line, b->line);
    ck_assert_str_eq(a->message, b->message);
}

static void assert_nul_error(const alea_error *err, alea_status s, size_t at) {
    char want[64];
    ck_assert_int_eq(s, ALEA_PARSE_ERROR);
    ck_assert_int_eq(err->status, ALEA_PARSE_ERROR);
    ck_assert_int_eq(err->offset, (int32_t)at);
    snprintf(want, sizeof want, "embedded NUL byte at offset %zu", at);
    ck_assert_msg(strstr(err->message, want) != NULL, "message '%s' lacks '%s'", err->message,
                  want);
}

/* text with a NUL written over byte `at` (or appended when at == len). */
static char *with_nul(const char *text, size_t len, size_t at) {
    char *p = malloc(len + 1);
    ck_assert_ptr_nonnull(p);
    memcpy(p, text, len);
    if (at == len)
        p[len] = 'x';
    p[at] = '\0';
    return p;
}

/* ---- spec: alea_state_init_n, alea_state_new_n ---- */

static void check_spec(const char *spec) {
    size_t len = strlen(spec);
    for (size_t k = 0; k <= len; k++) {
        char *t = exact(spec, k), *p = prefix(spec, k);
        alea_state a, b, *heap = NULL;
        alea_error ea, eb;
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        alea_status sa = alea_state_init_n(&a, t, k, &ea);
        alea_status sb = alea_state_init(&b, p, &eb);
        ck_assert_int_eq(sa, sb);
        assert_same_error(&ea, &eb, sa);
        ck_assert(memcmp(&a, &b, sizeof a) == 0);
        ck_assert_int_eq(alea_state_new_n(&heap, t, k, &ea), sb);
        ck_assert(sb != ALEA_OK || alea_state_equal(heap, &b));
        ck_assert(sb == ALEA_OK || heap == NULL);
        alea_state_free(heap);
        if (k == 0)
            ck_assert_int_eq(sa, ALEA_PARSE_ERROR); /* len 0: an empty spec */
        free(t);
        free(p);
    }
    for (size_t at = 0; at <= len; at++) {
        char *t = with_nul(spec, len, at);
        alea_state st, before;
        alea_state *heap = NULL;
        alea_error err;
        memset(&st, 0x5a, sizeof st);
        before = st;
        assert_nul_error(&err, alea_state_init_n(&st, t, len + 1, &err), at);
        ck_assert(memcmp(&st, &before, sizeof st) == 0);
        assert_nul_error(&err, alea_state_new_n(&heap, t, len + 1, &err), at);
        ck_assert_ptr_null(heap);
        free(t);
    }
}

START_TEST(test_spec_n_reads_exactly_len_bytes) {
    for (size_t i = 0; i < alea_game_count(); i++) {
        alea_state st;
        char spec[ALEA_SPEC_MAX];
        ck_assert_int_eq(alea_state_init(&st, alea_game_id(alea_game_at(i)), NULL), ALEA_OK);
        ck_assert_int_eq(alea_state_spec(spec, sizeof spec, NULL, &st), ALEA_OK);
        check_spec(spec);
        check_spec(alea_game_id(alea_game_at(i)));
    }
    check_spec("dice-poker players=3, columns=2");
}
END_TEST

/* The case of issue 12: "dice-poker\0players=3" is not "dice-poker". */
START_TEST(test_spec_n_nul_is_not_the_end) {
    static const char spec[] = "dice-poker\0players=3";
    alea_state st;
    alea_error err;
    assert_nul_error(&err, alea_state_init_n(&st, spec, sizeof spec - 1, &err), 10);
    ck_assert_str_eq(err.message, "spec: embedded NUL byte at offset 10");
    ck_assert_int_eq(alea_state_init_n(&st, spec, 10, &err), ALEA_OK);
    ck_assert_int_eq(alea_state_num_players(&st), 2);
}
END_TEST

/* ---- action text: alea_state_action_from_text_n, alea_state_apply_text_n,
   alea_state_apply_text_as_n ---- */

static void check_action_text(const alea_state *st, const char *text) {
    size_t len = strlen(text);
    for (size_t k = 0; k <= len; k++) {
        char *t = exact(text, k), *p = prefix(text, k);
        uint64_t a = 0, b = 0;
        alea_error ea, eb;
        alea_state sa = *st, sb = *st;
        alea_status ra = alea_state_action_from_text_n(&a, st, t, k, &ea);
        alea_status rb = alea_state_action_from_text(&b, st, p, &eb);
        ck_assert_int_eq(ra, rb);
        assert_same_error(&ea, &eb, ra);
        ck_assert_uint_eq(a, b);
        ra = alea_state_apply_text_n(&sa, t, k, &ea);
        rb = alea_state_apply_text(&sb, p, &eb);
        ck_assert_int_eq(ra, rb);
        assert_same_error(&ea, &eb, ra);
        ck_assert(memcmp(&sa, &sb, alea_state_size(st)) == 0);
        /* the same by the seat to act (or the host's dice), and by another seat */
        for (int by = 0; by < 2; by++) {
            int now = alea_state_current_player(st);
            int seat = by == 0 ? now : now == 0 ? 1 : 0;
            sa = *st;
            sb = *st;
            ra = alea_state_apply_text_as_n(&sa, seat, t, k, &ea);
            rb = alea_state_apply_text_as(&sb, seat, p, &eb);
            ck_assert_int_eq(ra, rb);
            assert_same_error(&ea, &eb, ra);
            ck_assert(memcmp(&sa, &sb, alea_state_size(st)) == 0);
        }
        if (k == 0)
            ck_assert_int_ne(ra, ALEA_OK); /* len 0: no action */
        free(t);
        free(p);
    }
    for (size_t at = 0; at <= len; at++) {
        char *t = with_nul(text, len, at);
        alea_state cur = *st;
        uint64_t a = 0;
        alea_error err;
        assert_nul_error(&err, alea_state_action_from_text_n(&a, &cur, t, len + 1, &err), at);
        assert_nul_error(&err, alea_state_apply_text_n(&cur, t, len + 1, &err), at);
        assert_nul_error(
            &err, alea_state_apply_text_as_n(&cur, alea_state_current_player(st), t, len + 1, &err),
            at);
        ck_assert(memcmp(&cur, st, alea_state_size(st)) == 0);
        free(t);
    }
}

/* Along seeded random games of every game: the text of a legal action, of an
   illegal one, and of a chance outcome. */
START_TEST(test_action_text_n_reads_exactly_len_bytes) {
    uint64_t seed = test_seed(1200 + (uint64_t)_i);
    alea_rng rng;
    alea_state st;
    long plies = test_scale_at_least(60, 12);
    alea_rng_seed(&rng, seed);
    ck_assert_int_eq(alea_state_init(&st, alea_game_id(alea_game_at((size_t)_i)), NULL), ALEA_OK);
    for (long ply = 0; ply < plies; ply++) {
        int who = alea_state_current_player(&st);
        uint64_t legal[ALEA_MAX_ACTIONS], a;
        size_t n = 0;
        char text[ALEA_ACTION_TEXT_MAX];
        if (who == ALEA_PLAYER_TERMINAL)
            break;
        ck_assert_int_eq(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, &st), ALEA_OK);
        a = who == ALEA_PLAYER_CHANCE ? 0 : legal[alea_rng_below(&rng, n)];
        if (who == ALEA_PLAYER_CHANCE)
            ck_assert_int_eq(alea_state_sample(&a, &st, &rng), ALEA_OK);
        ck_assert_int_eq(alea_state_action_to_text(text, sizeof text, NULL, &st, a), ALEA_OK);
        check_action_text(&st, text);
        ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
    }
    check_action_text(&st, "no such action 12");
}
END_TEST

/* ---- state text: alea_state_from_text_n ---- */

static void check_state_text(const char *text) {
    size_t len = strlen(text);
    for (size_t k = 0; k <= len; k++) {
        char *t = exact(text, k), *p = prefix(text, k);
        alea_state a, b;
        alea_error ea, eb;
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        alea_status ra = alea_state_from_text_n(&a, t, k, &ea);
        alea_status rb = alea_state_from_text(&b, p, &eb);
        ck_assert_int_eq(ra, rb);
        assert_same_error(&ea, &eb, ra);
        ck_assert(memcmp(&a, &b, sizeof a) == 0);
        ck_assert(k == len || k == 0 || ra != ALEA_OK || alea_state_validate(&a, NULL) == ALEA_OK);
        if (k == len)
            ck_assert_int_eq(ra, ALEA_OK);
        if (k == 0)
            ck_assert_int_eq(ra, ALEA_PARSE_ERROR);
        free(t);
        free(p);
    }
    for (size_t at = 0; at <= len; at += 1 + at / 8) {
        char *t = with_nul(text, len, at);
        alea_state st;
        alea_error err;
        memset(&st, 0x33, sizeof st);
        alea_state before = st;
        assert_nul_error(&err, alea_state_from_text_n(&st, t, len + 1, &err), at);
        ck_assert(memcmp(&st, &before, sizeof st) == 0);
        free(t);
    }
}

START_TEST(test_state_text_n_reads_exactly_len_bytes) {
    uint64_t seed = test_seed(1300 + (uint64_t)_i);
    alea_rng rng;
    alea_state st;
    alea_rng_seed(&rng, seed);
    ck_assert_int_eq(alea_state_init(&st, alea_game_id(alea_game_at((size_t)_i)), NULL), ALEA_OK);
    for (int round = 0; round < 4; round++) {
        char text[TEXT_MAX];
        ck_assert_int_eq(alea_state_to_text(text, sizeof text, NULL, &st), ALEA_OK);
        check_state_text(text);
        test_play_random(&st, &rng, 1 + alea_rng_below(&rng, 40));
    }
}
END_TEST

/* ---- records: alea_record_replay_n ---- */

static size_t write_record(char *rec, size_t cap, size_t game, uint64_t seed) {
    alea_rng rng;
    alea_state st;
    size_t len = 0;
    alea_rng_seed(&rng, seed);
    ck_assert_int_eq(alea_state_init(&st, alea_game_id(alea_game_at(game)), NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_spec(rec, cap, &len, &st), ALEA_OK);
    rec[len++] = '\n';
    for (int ply = 0; ply < 30 && alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL; ply++) {
        alea_state before = st;
        uint64_t a;
        size_t m;
        if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE)
            ck_assert_int_eq(alea_state_roll(&a, &st, &rng), ALEA_OK);
        else {
            ck_assert_int_eq(alea_bot_choose(&a, &st, ALEA_BOT_RANDOM, &rng), ALEA_OK);
            ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
        }
        ck_assert_int_eq(alea_state_action_to_text(rec + len, cap - len, &m, &before, a), ALEA_OK);
        len += m;
        rec[len++] = '\n';
    }
    rec[len] = '\0';
    return len;
}

START_TEST(test_record_n_reads_exactly_len_bytes) {
    static char rec[TEXT_MAX * 4];
    size_t len = write_record(rec, sizeof rec, (size_t)_i, test_seed(1400 + (uint64_t)_i));
    /* every prefix (every 8th under valgrind, 2nd in the sanitizer builds: each is a replay) */
    for (size_t k = 0; k <= len; k += (size_t)test_stride(8)) {
        char *t = exact(rec, k), *p = prefix(rec, k);
        alea_state a, b;
        size_t na = 9, nb = 9;
        alea_error ea, eb;
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        alea_status ra = alea_record_replay_n(&a, &na, t, k, &ea);
        alea_status rb = alea_record_replay(&b, &nb, p, &eb);
        ck_assert_int_eq(ra, rb);
        assert_same_error(&ea, &eb, ra);
        ck_assert_uint_eq(na, nb);
        ck_assert(memcmp(&a, &b, sizeof a) == 0);
        if (k == 0)
            ck_assert_int_eq(ra, ALEA_INVALID_ARGUMENT); /* no spec line */
        if (k == len)
            ck_assert_int_eq(ra, ALEA_OK);
        free(t);
        free(p);
    }
    /* A NUL on line L: refused there, with the state before line L. */
    int line = 1;
    for (size_t at = 0; at < len; at++) {
        char *t = with_nul(rec, len, at);
        alea_state st, before;
        size_t applied = 99, before_applied = 0;
        alea_error err;
        alea_status s;
        memset(&st, 0, sizeof st);
        memset(&before, 0, sizeof before);
        /* the lines before the NUL's line replay as they are */
        size_t line_begin = at;
        while (line_begin > 0 && rec[line_begin - 1] != '\n')
            line_begin--;
        char *head = prefix(rec, line_begin);
        s = alea_record_replay(&before, &before_applied, head, NULL);
        ck_assert(line == 1 || s == ALEA_OK);
        assert_nul_error(&err, alea_record_replay_n(&st, &applied, t, len, &err), at);
        ck_assert_int_eq(err.line, line);
        ck_assert_uint_eq(applied, line == 1 ? 0 : before_applied);
        ck_assert(memcmp(&st, &before, sizeof st) == 0);
        if (rec[at] == '\n')
            line++;
        free(head);
        free(t);
    }
}
END_TEST

/* issue 12: this record printed "OK" in alea-referee. */
START_TEST(test_record_n_refuses_the_nul_of_issue_12) {
    static const char rec[] = "dice-poker players=2\nroll 1,2,3,4,5\n\0hold 9,9,9\n";
    alea_state st;
    size_t applied = 0;
    alea_error err;
    assert_nul_error(&err, alea_record_replay_n(&st, &applied, rec, sizeof rec - 1, &err), 36);
    ck_assert_int_eq(err.line, 3);
    ck_assert_uint_eq(applied, 1);
    ck_assert_int_eq(alea_record_replay(&st, &applied, rec, &err), ALEA_OK); /* the C string */
}
END_TEST

/* The line counter cannot overflow: it is a size_t reported saturated
   (2^31 lines are not replayed in a test; the conversion is what matters). */
START_TEST(test_record_line_number_saturates) {
    ck_assert_int_eq(alea__record_line(0), 0);
    ck_assert_int_eq(alea__record_line(1), 1);
    ck_assert_int_eq(alea__record_line((size_t)INT32_MAX - 1), INT32_MAX - 1);
    ck_assert_int_eq(alea__record_line((size_t)INT32_MAX), INT32_MAX);
    ck_assert_int_eq(alea__record_line((size_t)INT32_MAX + 1), INT32_MAX);
    ck_assert_int_eq(alea__record_line(SIZE_MAX), INT32_MAX);
}
END_TEST

/* A long record (many comment lines, then a bad entry): the line reported is
   the real one. */
START_TEST(test_record_n_counts_long_records) {
    size_t lines = (size_t)test_scale_at_least(200000, 5000), len = 0;
    const char head[] = "wise-dice\n", comment[] = "# c\n", bad[] = "place Z9\n";
    char *rec = malloc(sizeof head + lines * (sizeof comment - 1) + sizeof bad);
    alea_state st;
    alea_error err;
    ck_assert_ptr_nonnull(rec);
    memcpy(rec, head, sizeof head - 1);
    len = sizeof head - 1;
    for (size_t i = 0; i < lines; i++, len += sizeof comment - 1)
        memcpy(rec + len, comment, sizeof comment - 1);
    memcpy(rec + len, bad, sizeof bad - 1);
    len += sizeof bad - 1;
    ck_assert_int_eq(alea_record_replay_n(&st, NULL, rec, len, &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(err.line, (int32_t)lines + 2);
    free(rec);
}
END_TEST

/* ---- gnubg IDs and game ids ---- */

START_TEST(test_gnubg_ids_n_read_exactly_len_bytes) {
    static const char pid[] = "4HPwATDgc/ABMA", mid[] = "cAkAAAAAAAAA", spec[] = "backgammon";
    int32_t f1[26], s1[26], f2[26], s2[26];
    alea_error ea, eb;
    for (size_t k = 0; k <= 14; k++) {
        char *t = exact(pid, k), *p = prefix(pid, k);
        alea_status ra = alea_backgammon_decode_position_id_n(f1, s1, t, k, &ea);
        alea_status rb = alea_backgammon_decode_position_id(f2, s2, p, &eb);
        ck_assert_int_eq(ra, rb);
        assert_same_error(&ea, &eb, ra);
        ck_assert_int_eq(ra, k == 14 ? ALEA_OK : ALEA_PARSE_ERROR);
        ck_assert(ra != ALEA_OK || memcmp(f1, f2, sizeof f1) == 0);
        free(t);
        free(p);
    }
    for (size_t k = 0; k <= 12; k++) {
        char *t = exact(mid, k), *p = prefix(mid, k), *tp = exact(pid, 14), *ts = exact(spec, 10);
        alea_state a, b;
        memset(&a, 0, sizeof a);
        memset(&b, 0, sizeof b);
        alea_status ra = alea_backgammon_from_gnubg_n(&a, ts, 10, tp, 14, t, k, &ea);
        alea_status rb = alea_backgammon_from_gnubg(&b, spec, pid, p, &eb);
        ck_assert_int_eq(ra, rb);
        assert_same_error(&ea, &eb, ra);
        ck_assert_int_eq(ra, k == 12 ? ALEA_OK : ALEA_PARSE_ERROR);
        ck_assert(memcmp(&a, &b, sizeof a) == 0);
        ck_assert_int_eq(alea_backgammon_from_gnubg_n(&a, NULL, 99, tp, 14, t, k, &ea), rb);
        free(t);
        free(p);
        free(tp);
        free(ts);
    }
    for (size_t at = 0; at < 14; at++) {
        char *t = with_nul(pid, 14, at);
        assert_nul_error(&ea, alea_backgammon_decode_position_id_n(f1, s1, t, 14, &ea), at);
        free(t);
    }
    for (size_t at = 0; at < 12; at++) {
        char *t = with_nul(mid, 12, at), *s = with_nul(spec, 10, at < 10 ? at : 9);
        alea_state st, before;
        memset(&st, 0x11, sizeof st);
        before = st;
        assert_nul_error(&ea, alea_backgammon_from_gnubg_n(&st, spec, 10, pid, 14, t, 12, &ea), at);
        assert_nul_error(&ea, alea_backgammon_from_gnubg_n(&st, s, 10, pid, 14, mid, 12, &ea),
                         at < 10 ? at : 9);
        /* whatever else is wrong: a NUL in the Match ID or the spec comes first (fuzz_gnubg
           found an 18-checker Position ID answered ALEA_INVALID_STATE before a NUL in the
           spec) */
        assert_nul_error(
            &ea, alea_backgammon_from_gnubg_n(&st, spec, 10, "4HPkbSDgc/ABMA", 14, t, 12, &ea), at);
        assert_nul_error(
            &ea, alea_backgammon_from_gnubg_n(&st, s, 10, "4HPkbSDgc/ABMA", 14, mid, 12, &ea),
            at < 10 ? at : 9);
        assert_nul_error(&ea, alea_backgammon_from_gnubg_n(&st, s, 10, pid, 14, "x", 1, &ea),
                         at < 10 ? at : 9);
        ck_assert(memcmp(&st, &before, sizeof st) == 0);
        free(t);
        free(s);
    }
}
END_TEST

/* ---- match files: alea_backgammon_read_match_n ---- */

static alea_status read_match_into(const char *text, size_t len, int nul_terminated,
                                   alea_backgammon_match_info *info, alea_error *err) {
    memset(info, 0, sizeof *info);
    memset(err, 0, sizeof *err);
    info->version = ALEA_BACKGAMMON_MATCH_INFO_VERSION;
    return nul_terminated ? alea_backgammon_read_match(info, text, 0, NULL, NULL, err)
                          : alea_backgammon_read_match_n(info, text, len, 0, NULL, NULL, err);
}

START_TEST(test_match_file_n_reads_exactly_len_bytes) {
    static char file[1 << 16];
    static uint64_t actions[4096];
    int format = ALEA_BACKGAMMON_FORMAT_MAT + _i;
    uint64_t seed = test_seed(1500 + (uint64_t)_i);
    alea_state st;
    alea_rng rng;
    size_t n = 0, len = 0;
    /* the opening the match files carry (§3) */
    ck_assert_int_eq(alea_state_init(&st, "backgammon match=3 opening=standard", NULL), ALEA_OK);
    alea_rng_seed(&rng, seed);
    while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL && n < 4096) {
        uint64_t a, legal[ALEA_BACKGAMMON_MAX_ACTIONS];
        size_t count = 0;
        if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE) {
            ck_assert_int_eq(alea_state_roll(&a, &st, &rng), ALEA_OK);
        } else {
            ck_assert_int_eq(
                alea_state_legal_actions(legal, ALEA_BACKGAMMON_MAX_ACTIONS, &count, &st),
                ALEA_OK);
            a = legal[alea_rng_below(&rng, count)];
            ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
        }
        actions[n++] = a;
    }
    ck_assert_int_eq(alea_backgammon_write_match(file, sizeof file, &len, format,
                                                 "backgammon match=3 opening=standard", actions, n,
                                                 NULL, NULL),
                     ALEA_OK);
    /* every prefix: the answer of the NUL-terminated call on it */
    for (size_t k = 0; k <= len; k += (size_t)test_stride(8) * (k < 300 ? 1 : 7)) {
        char *t = exact(file, k), *p = prefix(file, k);
        alea_backgammon_match_info ia, ib;
        alea_error ea, eb;
        alea_status ra = read_match_into(t, k, 0, &ia, &ea);
        alea_status rb = read_match_into(p, k, 1, &ib, &eb);
        ck_assert_msg(ra == rb, "seed %llu length %zu: %d != %d", (unsigned long long)seed, k,
                      (int)ra, (int)rb);
        assert_same_error(&ea, &eb, ra);
        ck_assert(memcmp(&ia, &ib, sizeof ia) == 0);
        if (k == len)
            ck_assert_int_eq(ra, ALEA_OK);
        free(t);
        free(p);
    }
    /* a NUL anywhere: refused at its offset, whatever follows */
    for (size_t at = 0; at <= len; at += 13) {
        char *t = with_nul(file, len, at);
        alea_backgammon_match_info info;
        alea_error err;
        assert_nul_error(&err, read_match_into(t, len + 1, 0, &info, &err), at);
        ck_assert_int_eq(info.games, 0);
        free(t);
    }
}
END_TEST

/* .mat lines are bounded: a longer one is refused, not read past. */
START_TEST(test_match_file_long_line_refused) {
    static char file[4096];
    size_t len = (size_t)snprintf(file, sizeof file, " 1 point match\n;");
    memset(file + len, 'x', 1100);
    len += 1100;
    alea_backgammon_match_info info;
    alea_error err;
    ck_assert_int_eq(read_match_into(file, len, 0, &info, &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(err.line, 2);
    ck_assert_ptr_nonnull(strstr(err.message, "longer than 1024"));
}
END_TEST

START_TEST(test_game_find_n_reads_exactly_len_bytes) {
    for (size_t i = 0; i < alea_game_count(); i++) {
        const alea_game *g = alea_game_at(i);
        const char *id = alea_game_id(g);
        size_t len = strlen(id);
        for (size_t k = 0; k <= len; k++) {
            char *t = exact(id, k), *p = prefix(id, k);
            ck_assert_ptr_eq(alea_game_find_n(t, k), alea_game_find(p));
            ck_assert(k == len ? alea_game_find_n(t, k) == g : alea_game_find_n(t, k) == NULL);
            free(t);
            free(p);
        }
        char *t = with_nul(id, len, len);
        ck_assert_ptr_null(alea_game_find_n(t, len + 1));
        free(t);
    }
    ck_assert_ptr_null(alea_game_find_n(NULL, 3));
    ck_assert_ptr_eq(alea_game_find_n("plateau-x", 7), alea_game_find("plateau"));
}
END_TEST

/* The published limits (issue 16): the texts of every state, every seat's
   observation included, fit the game's ALEA_<GAME>_*_MAX and the generic
   ALEA_*_MAX, over random games to their end with the widest options (the
   most seats, columns and cube, the longest specs). */
typedef struct limits {
    const char *spec;
    size_t text, obs_text, json, obs_json;
} limits;

static const limits published[] = {
    {"backgammon money=on games=1000 beavers=on jacoby=on resign=on auto_doubles=15 "
     "max_cube=32768 opening=standard",
     ALEA_BACKGAMMON_STATE_TEXT_MAX, ALEA_BACKGAMMON_OBSERVATION_TEXT_MAX, ALEA_BACKGAMMON_JSON_MAX,
     ALEA_BACKGAMMON_OBSERVATION_JSON_MAX},
    {"backgammon match=255 resign=on dead_cube=allow", ALEA_BACKGAMMON_STATE_TEXT_MAX,
     ALEA_BACKGAMMON_OBSERVATION_TEXT_MAX, ALEA_BACKGAMMON_JSON_MAX,
     ALEA_BACKGAMMON_OBSERVATION_JSON_MAX},
    {"dice-poker players=4 columns=6", ALEA_DICE_POKER_STATE_TEXT_MAX,
     ALEA_DICE_POKER_OBSERVATION_TEXT_MAX, ALEA_DICE_POKER_JSON_MAX,
     ALEA_DICE_POKER_OBSERVATION_JSON_MAX},
    {"wise-dice max-moves=100000", ALEA_WISE_DICE_STATE_TEXT_MAX,
     ALEA_WISE_DICE_OBSERVATION_TEXT_MAX, ALEA_WISE_DICE_JSON_MAX,
     ALEA_WISE_DICE_OBSERVATION_JSON_MAX},
    {"plateau overpay=on max-plies=1000000", ALEA_PLATEAU_STATE_TEXT_MAX,
     ALEA_PLATEAU_OBSERVATION_TEXT_MAX, ALEA_PLATEAU_JSON_MAX, ALEA_PLATEAU_OBSERVATION_JSON_MAX},
};

typedef alea_status (*seat_writer)(char *, size_t, size_t *, const alea_state *, int);
typedef alea_status (*writer)(char *, size_t, size_t *, const alea_state *);

/* Written with a buffer of exactly `bound` bytes, the text must fit (ALEA_OK). */
static size_t fits(alea_status s, const size_t *len_out, size_t bound, size_t generic,
                   const char *what, const alea_state *st, uint64_t seed) {
    size_t len = *len_out;
    ck_assert_msg(s == ALEA_OK && len < bound && bound <= generic,
                  "seed %llu, %s: %s needs %zu bytes with the NUL, the limit is %zu (%s)",
                  (unsigned long long)seed, alea_game_id(alea_state_game(st)), what, len + 1, bound,
                  alea_status_name(s));
    return len;
}

START_TEST(test_published_text_limits_hold) {
    const limits *l = &published[_i];
    static char buf[ALEA_JSON_MAX];
    size_t most[4] = {0};
    long games = test_count("ALEA_LIMIT_GAMES", 60) / 10;
    /* a random money session of 1000 games runs to the cap: shorter in the slow
       builds, one game of 400 steps under valgrind (every text at every step) */
    long cap = test_quick() ? 400 : test_scale_at_least(200000, 2000);
    long least = test_quick() ? 1 : 2;
    for (long g = 0; g < (games < least ? least : games); g++) {
        uint64_t seed = test_seed(0x11A175) + (uint64_t)g;
        alea_state st;
        alea_rng rng;
        uint64_t legal[ALEA_MAX_ACTIONS];
        ck_assert_int_eq(alea_state_init(&st, l->spec, NULL), ALEA_OK);
        alea_rng_seed(&rng, seed);
        for (long step = 0; step < cap; step++) {
            int now = alea_state_current_player(&st), seats = alea_state_num_players(&st);
            size_t len = 0, n;
            len = fits(alea_state_to_text(buf, l->text, &len, &st), &len, l->text,
                       ALEA_STATE_TEXT_MAX, "state text", &st, seed);
            most[0] = len > most[0] ? len : most[0];
            len = fits(alea_state_to_json(buf, l->json, &len, &st), &len, l->json, ALEA_JSON_MAX,
                       "JSON", &st, seed);
            most[2] = len > most[2] ? len : most[2];
            for (int k = -1; k < seats; k++) {
                int seat = k < 0 ? ALEA_OBSERVER_PUBLIC : k;
                len = fits(alea_state_observation_text(buf, l->obs_text, &len, &st, seat), &len,
                           l->obs_text, ALEA_OBSERVATION_TEXT_MAX, "observation text", &st, seed);
                most[1] = len > most[1] ? len : most[1];
                len = fits(alea_state_observation_json(buf, l->obs_json, &len, &st, seat), &len,
                           l->obs_json, ALEA_OBSERVATION_JSON_MAX, "observation JSON", &st, seed);
                most[3] = len > most[3] ? len : most[3];
            }
            if (now == ALEA_PLAYER_TERMINAL)
                break;
            if (now == ALEA_PLAYER_CHANCE) {
                ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
                continue;
            }
            ck_assert_int_eq(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, &st), ALEA_OK);
            ck_assert_int_eq(alea_state_apply(&st, legal[alea_rng_below(&rng, n)], NULL), ALEA_OK);
        }
    }
    /* the bounds are not vacuous: the texts measured are a sizeable part of them */
    ck_assert_uint_gt(most[0] * 8, l->text);
    ck_assert_uint_gt(most[2] * 8, l->json);
    ck_assert_uint_gt(most[1] * 8, l->obs_text);
    ck_assert_uint_gt(most[3] * 8, l->obs_json);
}
END_TEST

/* A constructed backgammon state with every field at its widest (the longest
   spec, 8-digit money scores, the largest cube owned, a resignation pending,
   15 points listed for White): its texts fit the published limits too. */
START_TEST(test_published_text_limits_hold_for_a_widest_backgammon_state) {
    static const char text[] =
        "backgammon match=0 money=on games=1000 cube=on crawford=on jacoby=on beavers=on "
        "auto_doubles=15 max_cube=32768 opening=standard resign=on dead_cube=refuse | resign "
        "turn=0 dice=- cube=32768/1 autos=0 resign=3 crawford=0 rejected=0 "
        "score=49000000-49000000 games=999 last=0:3:32768:resign "
        "white=1:1,2:1,3:1,4:1,5:1,6:1,7:1,8:1,9:1,10:1,11:1,12:1,13:1,14:1,bar:1 "
        "red=1:1,2:1,3:1,4:1,5:1,6:1,7:1,8:1,9:1,10:5,bar:1";
    static char buf[ALEA_JSON_MAX];
    alea_state st;
    alea_error err;
    size_t len = 0;
    ck_assert_msg(alea_state_from_text(&st, text, &err) == ALEA_OK, "%s", err.message);
    fits(alea_state_to_text(buf, ALEA_BACKGAMMON_STATE_TEXT_MAX, &len, &st), &len,
         ALEA_BACKGAMMON_STATE_TEXT_MAX, ALEA_STATE_TEXT_MAX, "state text", &st, 0);
    ck_assert_str_eq(buf, text);
    fits(alea_state_to_json(buf, ALEA_BACKGAMMON_JSON_MAX, &len, &st), &len,
         ALEA_BACKGAMMON_JSON_MAX, ALEA_JSON_MAX, "JSON", &st, 0);
    for (int seat = -1; seat < 2; seat++) {
        int who = seat < 0 ? ALEA_OBSERVER_PUBLIC : seat;
        fits(alea_state_observation_text(buf, ALEA_BACKGAMMON_OBSERVATION_TEXT_MAX, &len, &st, who),
             &len, ALEA_BACKGAMMON_OBSERVATION_TEXT_MAX, ALEA_OBSERVATION_TEXT_MAX,
             "observation text", &st, 0);
        fits(alea_state_observation_json(buf, ALEA_BACKGAMMON_OBSERVATION_JSON_MAX, &len, &st, who),
             &len, ALEA_BACKGAMMON_OBSERVATION_JSON_MAX, ALEA_OBSERVATION_JSON_MAX,
             "observation JSON", &st, 0);
    }
}
END_TEST

static Suite *lengths_suite(void) {
    Suite *s = suite_create("lengths");
    TCase *tc = tcase_create("lengths");
    int games = (int)alea_game_count();
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_spec_n_reads_exactly_len_bytes);
    tcase_add_test(tc, test_spec_n_nul_is_not_the_end);
    tcase_add_loop_test(tc, test_action_text_n_reads_exactly_len_bytes, 0, games);
    tcase_add_loop_test(tc, test_state_text_n_reads_exactly_len_bytes, 0, games);
    tcase_add_loop_test(tc, test_record_n_reads_exactly_len_bytes, 0, games);
    tcase_add_test(tc, test_record_n_refuses_the_nul_of_issue_12);
    tcase_add_test(tc, test_record_line_number_saturates);
    tcase_add_test(tc, test_record_n_counts_long_records);
    tcase_add_test(tc, test_gnubg_ids_n_read_exactly_len_bytes);
    tcase_add_test(tc, test_game_find_n_reads_exactly_len_bytes);
    tcase_add_loop_test(tc, test_match_file_n_reads_exactly_len_bytes, 0, 2);
    tcase_add_test(tc, test_match_file_long_line_refused);
    tcase_add_loop_test(tc, test_published_text_limits_hold, 0,
                        (int)(sizeof published / sizeof published[0]));
    tcase_add_test(tc, test_published_text_limits_hold_for_a_widest_backgammon_state);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(lengths_suite());
}
