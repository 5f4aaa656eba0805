/* Backgammon: every test vector of the rules (§10.1 opening counts, §10.2 and
   backgammon_edge_cases.txt, §8 Position IDs, §9 Match IDs), the rules they do
   not cover (scoring §6, cube §7, modes and options §7.1, Crawford §7.4),
   the notation (§5.6) with the reasons of illegal moves, the state text, JSON,
   the typed API, and seeded random games and matches.
   Rule numbers: doc/rules/backgammon.md and ../shared/rules/backgammon.md. */
#include "support.h"

#include <alea/backgammon.h>
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backgammon/bg.h" /* internal: positions from IDs, raw-state corruption */
#include "backgammon/met.h"    /* internal: the match equity table */
#include "backgammon/net.h"    /* internal: the trained evaluator's weights */
#include "backgammon/search.h" /* internal: n-ply values */
#include "backgammon_edge_cases.h"

#define MOVE_A(payload) ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_MOVE, payload)
#define KIND_A(kind) ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_##kind, 0)
#define DICE_A(a, b) ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_DICE, (a) << 3 | (b))
#define OPENING_A(w, r) ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_OPENING, (w) << 3 | (r))

static uint64_t legal[ALEA_MAX_ACTIONS];

/* Fails only when needed: Check's ck_assert records every passing call (a write
   each), far too slow inside the random games. */
#define REQUIRE(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

/* ---- helpers ------------------------------------------------------------ */

static void mk(alea_state *st, const char *spec) {
    alea_error err;
    alea_status s = alea_state_init(st, spec, &err);
    ck_assert_msg(s == ALEA_OK, "init %s: %s", spec, err.message);
}

/* A single game (spec) in phase MOVE: the position of a Position ID, player 0
   on roll (the ID's second half) with dice a, b. */
static void at_position(alea_state *st, const char *spec, const char *pid, int a, int b) {
    int32_t first[26], second[26];
    alea_error err;
    mk(st, spec);
    ck_assert_msg(alea_backgammon_decode_position_id(first, second, pid, &err) == ALEA_OK, "%s",
                  err.message);
    bg_state *s = bg_of(st);
    bg_side side;
    memset(&side, 0, sizeof side);
    for (int i = 0; i <= 25; i++)
        side.me[i] = (uint8_t)second[i];
    for (int i = 1; i <= 24; i++)
        side.opp[25 - i] = (uint8_t)first[i];
    side.opp_bar = (uint8_t)first[25];
    alea__bg_store(s, 0, &side);
    s->turn = 0;
    s->phase = BG_MOVE;
    s->die[0] = (uint8_t)(a > b ? a : b);
    s->die[1] = (uint8_t)(a > b ? b : a);
    ck_assert_msg(alea_state_validate(st, &err) == ALEA_OK, "%s", err.message);
}

static size_t legal_of(const alea_state *st) {
    size_t n;
    REQUIRE(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, st) == ALEA_OK, "legal actions");
    return n;
}

static void act(alea_state *st, uint64_t a) {
    alea_error err;
    alea_status s = alea_state_apply(st, a, &err);
    REQUIRE(s == ALEA_OK, "apply 0x%llx: %s", (unsigned long long)a, err.message);
}

static void act_text(alea_state *st, const char *text) {
    alea_error err;
    alea_status s = alea_state_apply_text(st, text, &err);
    ck_assert_msg(s == ALEA_OK, "apply '%s': %s", text, err.message);
}

static void pid_of(char out[15], const alea_state *st) {
    ck_assert_int_eq(alea_backgammon_position_id(out, ALEA_BACKGAMMON_POSITION_ID_SIZE, NULL, st),
                     ALEA_OK);
}

static void mid_of(char out[13], const alea_state *st) {
    ck_assert_int_eq(alea_backgammon_match_id(out, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, st),
                     ALEA_OK);
}

static void view_of(alea_backgammon_view *v, const alea_state *st) {
    v->version = ALEA_BACKGAMMON_VIEW_VERSION;
    REQUIRE(alea_backgammon_get_view(v, st) == ALEA_OK, "view");
}

static void from_ids(alea_state *st, const char *spec, const char *pid, const char *mid) {
    alea_error err;
    alea_status s = alea_backgammon_from_gnubg(st, spec, pid, mid, &err);
    ck_assert_msg(s == ALEA_OK, "%s %s: %s", pid, mid, err.message);
}

/* The Position ID after a move, the opponent on roll (the gnubg lists' first column). */
static void after_move(char out[15], const alea_state *st, uint64_t a) {
    alea_state next;
    memcpy(&next, st, sizeof next);
    act(&next, a);
    pid_of(out, &next);
}

/* ---- §10.1: the opening position ---------------------------------------- */

static const int opening_counts[7][7] = {
    /* [larger][smaller] */
    {0},
    {0, 42},
    {0, 15, 75},
    {0, 16, 17, 73},
    {0, 14, 18, 17, 52},
    {0, 8, 8, 9, 9, 4},
    {0, 10, 14, 14, 14, 7, 11},
};

START_TEST(test_10_1_opening_roll_counts) {
    /* loop index: the 21 rolls */
    int k = _i, hi = 1, lo = 1;
    for (int a = 1, i = 0; a <= 6; a++)
        for (int b = 1; b <= a; b++, i++)
            if (i == k) {
                hi = a;
                lo = b;
            }
    alea_state st;
    at_position(&st, "backgammon", "4HPwATDgc/ABMA", hi, lo);
    ck_assert_msg(legal_of(&st) == (size_t)opening_counts[hi][lo], "%d%d: %zu moves, want %d", hi,
                  lo, legal_of(&st), opening_counts[hi][lo]);
}
END_TEST

START_TEST(test_10_1_opening_total_447_and_190) {
    size_t total = 0, mixed = 0;
    for (int a = 1; a <= 6; a++) {
        for (int b = 1; b <= a; b++) {
            alea_state st;
            at_position(&st, "backgammon", "4HPwATDgc/ABMA", a, b);
            size_t n = legal_of(&st);
            total += n;
            mixed += a != b ? n : 0;
        }
    }
    ck_assert_uint_eq(total, 447);
    ck_assert_uint_eq(mixed, 190);
}
END_TEST

/* The legal set equals the moves written in `texts` (each parsed to its action). */
static void assert_set(alea_state *st, const char *const *texts, size_t n) {
    size_t m = legal_of(st);
    ck_assert_uint_eq(m, n);
    for (size_t i = 0; i < n; i++) {
        uint64_t a;
        alea_error err;
        ck_assert_msg(alea_state_action_from_text(&a, st, texts[i], &err) == ALEA_OK, "%s: %s",
                      texts[i], err.message);
        bool found = false;
        for (size_t j = 0; j < m; j++)
            found = found || legal[j] == a;
        ck_assert_msg(found, "%s is not in the legal list", texts[i]);
        for (size_t j = 0; j < i; j++) {
            uint64_t b;
            alea_state_action_from_text(&b, st, texts[j], NULL);
            ck_assert_msg(a != b, "%s and %s are one move", texts[i], texts[j]);
        }
    }
}

START_TEST(test_10_1_opening_65_set) {
    static const char *const moves[] = {"24/13",    "24/18 13/8", "24/18 8/3", "13/8 13/7",
                                        "13/7 8/3", "13/2",       "8/3 8/2"};
    alea_state st;
    at_position(&st, "backgammon", "4HPwATDgc/ABMA", 6, 5);
    assert_set(&st, moves, 7);
    /* 13/8 8/2 is 13/2 (§5.4) */
    uint64_t a, b;
    ck_assert_int_eq(alea_state_action_from_text(&a, &st, "13/8 8/2", NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_action_from_text(&b, &st, "13/2", NULL), ALEA_OK);
    ck_assert(a == b);
    ck_assert_int_eq(alea_state_action_from_text(&b, &st, "13/7/2", NULL), ALEA_OK);
    ck_assert(a == b);
}
END_TEST

START_TEST(test_10_1_opening_55_set_6_1_blocked) {
    static const char *const moves[] = {"13/8(4)", "13/3(2)", "13/3 13/8(2)", "13/3 8/3(2)"};
    alea_state st;
    at_position(&st, "backgammon", "4HPwATDgc/ABMA", 5, 5);
    assert_set(&st, moves, 4);
    test_refuse_text(&st, "6/1 13/3 8/3", ALEA_ILLEGAL_ACTION, "§5.1: point 1 is blocked");
}
END_TEST

START_TEST(test_10_1_opening_31_gives_sGfw) {
    alea_state st;
    char pid[15];
    at_position(&st, "backgammon", "4HPwATDgc/ABMA", 3, 1);
    act_text(&st, "8/5 6/5");
    pid_of(pid, &st);
    ck_assert_str_eq(pid, "sGfwATDgc/ABMA");
}
END_TEST

/* ---- §10.2 and backgammon_edge_cases.txt -------------------------------- */

START_TEST(test_10_2_edge_case) {
    const edge_case *c = &edge_cases[_i];
    alea_state st;
    at_position(&st, "backgammon", c->pid, c->d1, c->d2);
    size_t n = legal_of(&st);
    if (c->n == 0) { /* §5.3.3: forfeited, the single "pass" action */
        ck_assert_uint_eq(n, 1);
        ck_assert(legal[0] == MOVE_A(0));
        char text[ALEA_ACTION_TEXT_MAX];
        alea_state_action_to_text(text, sizeof text, NULL, &st, legal[0]);
        ck_assert_str_eq(text, "pass");
        return;
    }
    ck_assert_msg(n == (size_t)c->n, "%s %d%d: %zu moves, want %d", c->pid, c->d1, c->d2, n, c->n);
    char got[12][15];
    for (size_t i = 0; i < n; i++)
        after_move(got[i], &st, legal[i]);
    for (int k = 0; k < c->n; k++) {
        bool found = false;
        for (size_t i = 0; i < n; i++)
            found = found || strcmp(got[i], c->moves[k].after) == 0;
        ck_assert_msg(found, "%s %d%d: %s (%s) missing", c->pid, c->d1, c->d2, c->moves[k].after,
                      c->moves[k].text);
        /* gnubg's notation parses to the move that gives that position */
        uint64_t a;
        alea_error err;
        ck_assert_msg(alea_state_action_from_text(&a, &st, c->moves[k].text, &err) == ALEA_OK,
                      "%s: %s", c->moves[k].text, err.message);
        char pid[15];
        after_move(pid, &st, a);
        ck_assert_str_eq(pid, c->moves[k].after);
        /* and with the mover still on roll */
        alea_state mover;
        memcpy(&mover, &st, sizeof mover);
        bg_side side;
        alea__bg_side(&side, bg_cof(&st), 0);
        alea__bg_play(&side, a);
        alea__bg_store(bg_of(&mover), 0, &side);
        alea__bg_position_id(pid, bg_cof(&mover));
        ck_assert_str_eq(pid, c->moves[k].mover);
    }
}
END_TEST

START_TEST(test_10_2_larger_die_reason) {
    alea_state st;
    at_position(&st, "backgammon", "4P8DABj/PwAEAA", 6, 5);
    test_refuse_text(&st, "13/8", ALEA_ILLEGAL_ACTION, "§5.3: must play the larger die (6)");
    act_text(&st, "13/7");
}
END_TEST

START_TEST(test_10_2_bar_first_reason) {
    alea_state st;
    at_position(&st, "backgammon", "yOfgAwDwOfgAKA", 4, 3);
    test_refuse_text(&st, "13/9 13/10", ALEA_ILLEGAL_ACTION,
                "§5.1: checker on the bar must enter first");
    /* both routes to 18: the hit one and the quiet one (§5.4) */
    uint64_t hit, quiet;
    ck_assert_int_eq(alea_state_action_from_text(&hit, &st, "bar/21*/18", NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_action_from_text(&quiet, &st, "bar/18", NULL), ALEA_OK);
    ck_assert(hit != quiet);
    ck_assert_int_eq(alea_state_action_from_text(&quiet, &st, "bar/22/18", NULL), ALEA_OK);
    char text[ALEA_ACTION_TEXT_MAX];
    alea_state_action_to_text(text, sizeof text, NULL, &st, hit);
    ck_assert_str_eq(text, "bar/21*/18");
    alea_state_action_to_text(text, sizeof text, NULL, &st, quiet);
    ck_assert_str_eq(text, "bar/18");
}
END_TEST

START_TEST(test_10_2_bear_off_outside_reason) {
    alea_state st;
    at_position(&st, "backgammon", "APD/ATB43wcAQA", 6, 5);
    test_refuse_text(&st, "6/off 5/off", ALEA_ILLEGAL_ACTION,
                "§5.1: checker on the bar must enter first");
    /* a position with one checker outside: 8 and home */
    at_position(&st, "backgammon", "4HPwATDgc/ABMA", 6, 5);
    test_refuse_text(&st, "6/off 6/1", ALEA_ILLEGAL_ACTION,
                "§5.1: cannot bear off with checkers outside home");
}
END_TEST

START_TEST(test_5_3_must_use_both_dice_reason) {
    alea_state st;
    at_position(&st, "backgammon", "4HPwATDgc/ABMA", 6, 5);
    test_refuse_text(&st, "24/18", ALEA_ILLEGAL_ACTION, "§5.3: must use both dice");
    test_refuse_text(&st, "13/4", ALEA_ILLEGAL_ACTION, "§5.2");
    test_refuse_text(&st, "24/18 7/2", ALEA_ILLEGAL_ACTION, "§5.1: player 0 has no checker on point 7");
    at_position(&st, "backgammon", "4HPwATDgc/ABMA", 4, 4);
    test_refuse_text(&st, "13/9 13/9", ALEA_ILLEGAL_ACTION, "§5.3: must use as many dice as possible");
    test_refuse_text(&st, "6/2 8/4 13/9 13/9 24/20", ALEA_ILLEGAL_ACTION, "four steps");
}
END_TEST

START_TEST(test_5_1_blocked_point_reason) {
    alea_state st;
    at_position(&st, "backgammon", "4HPwATDgc/ABMA", 5, 2);
    test_refuse_text(&st, "6/1 13/11", ALEA_ILLEGAL_ACTION, "§5.1: point 1 is blocked");
    at_position(&st, "backgammon", "4HPwATDgc/ABMA", 6, 6);
    test_refuse_text(&st, "24/12 13/7(2)", ALEA_ILLEGAL_ACTION, "§5.1: point 12 is blocked");
}
END_TEST

/* ---- §8 Position IDs ---------------------------------------------------- */

typedef struct pid_vector {
    const char *id;
    const char *first, *second; /* "p:n ..." own numbering, 25 = bar */
} pid_vector;

static const pid_vector pid_vectors[] = {
    {"4HPwATDgc/ABMA", "6:5 8:3 13:5 24:2", "6:5 8:3 13:5 24:2"},
    {"sGfwATDgc/ABMA", "5:2 6:4 8:2 13:5 24:2", "6:5 8:3 13:5 24:2"},
    {"4HPwATDg/w8AAA", "6:5 8:3 13:5 24:2", "6:15"},
    {"ADAAAQAkIAAAAA", "13:2 23:1", "15:1 17:1 24:1"},
    {"4AAAEAAAAAAAAA", "6:3", "1:1"},
    {"22zABwDgc/ABYA", "1:2 2:2 3:2 5:2 6:2 13:5", "6:5 8:3 13:5 25:2"},
    {"APB9HwA2AQAAAA", "13:5 14:5 15:5", "2:2 3:2 5:1"},
    {"yOfgAwDwOfgAKA", "4:1 6:5 8:3 13:5", "6:5 8:3 13:5 24:1 25:1"},
    {"AAAAAAAAAAAAAA", "", ""},
};

static void counts_of(int32_t c[26], const char *spec) {
    memset(c, 0, 26 * sizeof c[0]);
    int total = 0;
    for (const char *p = spec; *p;) {
        int point = (int)strtol(p, (char **)&p, 10);
        int n = (int)strtol(p + 1, (char **)&p, 10);
        c[point] = n;
        total += n;
        while (*p == ' ')
            p++;
    }
    c[0] = 15 - total;
}

START_TEST(test_8_position_id_vector) {
    const pid_vector *v = &pid_vectors[_i];
    int32_t first[26], second[26], want1[26], want2[26];
    alea_error err;
    ck_assert_msg(alea_backgammon_decode_position_id(first, second, v->id, &err) == ALEA_OK, "%s",
                  err.message);
    counts_of(want1, v->first);
    counts_of(want2, v->second);
    ck_assert_msg(memcmp(first, want1, sizeof first) == 0, "%s: first half", v->id);
    ck_assert_msg(memcmp(second, want2, sizeof second) == 0, "%s: second half", v->id);
    /* encode: player 1 on roll, so the first half is player 0's */
    alea_state st;
    mk(&st, "backgammon");
    bg_state *s = bg_of(&st);
    bg_side side;
    memset(&side, 0, sizeof side);
    for (int i = 0; i <= 25; i++)
        side.me[i] = (uint8_t)second[i];
    for (int i = 1; i <= 24; i++)
        side.opp[25 - i] = (uint8_t)first[i];
    side.opp_bar = (uint8_t)first[25];
    alea__bg_store(s, 1, &side);
    s->turn = 1;
    char id[15];
    alea__bg_position_id(id, s);
    ck_assert_str_eq(id, v->id);
}
END_TEST

START_TEST(test_8_start_key_bytes) {
    /* E0 73 F0 01 30 E0 73 F0 01 30 -> 4HPwATDgc/ABMA (§8 worked example) */
    alea_state st;
    char id[15];
    mk(&st, "backgammon");
    pid_of(id, &st);
    ck_assert_str_eq(id, "4HPwATDgc/ABMA");
}
END_TEST

START_TEST(test_8_corrupt_position_ids) {
    int32_t a[26], b[26];
    alea_error err;
    ck_assert_int_eq(alea_backgammon_decode_position_id(a, b, "4HPwATDgc/ABM", &err),
                     ALEA_PARSE_ERROR);
    ck_assert_int_eq(alea_backgammon_decode_position_id(a, b, "4HPwATDgc/ABM=", &err),
                     ALEA_PARSE_ERROR);
    ck_assert_int_eq(alea_backgammon_decode_position_id(a, b, "4HPwATDgc/ABM!", &err),
                     ALEA_PARSE_ERROR);
    /* 16 checkers: all ones first */
    ck_assert_int_eq(alea_backgammon_decode_position_id(a, b, "//8AAAAAAAAAAA", &err),
                     ALEA_INVALID_STATE);
    ck_assert_ptr_nonnull(strstr(err.message, "§8"));
    /* all ones: no separators */
    ck_assert_int_eq(alea_backgammon_decode_position_id(a, b, "/////////////A", &err),
                     ALEA_INVALID_STATE);
    ck_assert_int_eq(alea_backgammon_decode_position_id(a, b, NULL, &err), ALEA_INVALID_ARGUMENT);
}
END_TEST

START_TEST(test_8_shared_point_rejected) {
    /* first: 1 checker on its 1-point; second: 1 on its 24-point = the same point */
    alea_state st;
    mk(&st, "backgammon");
    bg_state *s = bg_of(&st);
    memset(s->board, 0, sizeof s->board);
    s->board[0] = 1; /* White's 1-point */
    s->turn = 1;
    char id[15];
    alea__bg_position_id(id, s);
    /* put Red there too by editing the ID bits is awkward: build the key by hand */
    int32_t a[26], b[26];
    ck_assert_int_eq(alea_backgammon_decode_position_id(a, b, id, NULL), ALEA_OK);
    /* key: first = {1:1}, second = {24:1}: bits 1,0 x25 ... */
    uint8_t key[10] = {0};
    int bit = 0;
    key[0] |= 1;      /* first player's point 1: one checker */
    bit = 1 + 1 + 24; /* its separators */
    bit += 23;        /* second player's points 1..23 empty */
    key[bit / 8] |= (uint8_t)(1u << (bit % 8));
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char text[15];
    for (int i = 0, o = 0; i < 10; i += 3) {
        uint32_t v = (uint32_t)key[i] << 16 | (i + 1 < 10 ? (uint32_t)key[i + 1] << 8 : 0) |
                     (i + 2 < 10 ? key[i + 2] : 0);
        int chars = i + 2 < 10 ? 4 : 2;
        for (int c = 0; c < chars; c++)
            text[o++] = b64[(v >> (18 - 6 * c)) & 63];
        text[o] = 0;
    }
    alea_error err;
    ck_assert_int_eq(alea_backgammon_decode_position_id(a, b, text, &err), ALEA_INVALID_STATE);
    ck_assert_ptr_nonnull(strstr(err.message, "one point"));
}
END_TEST

/* ---- §9 Match IDs ------------------------------------------------------- */

typedef struct mid_vector {
    const char *id;
    const char *spec;
    const char *pid;
    const char *again; /* what encoding the decoded state gives (NULL: the same) */
} mid_vector;

#define MONEY "backgammon money=on jacoby=on"
static const mid_vector mid_vectors[] = {
    {"MAEAAAAAAAAA", MONEY, "4HPwATDgc/ABMA", NULL},
    {"cAkAAAAAAAAA", MONEY, "4HPwATDgc/ABMA", NULL},
    {"MIEFAAAAAAAA", MONEY, "4HPwATDgc/ABMA", NULL},
    {"cAkKAAAAAAAA", MONEY, "4HPwATDgc/ABMA", NULL},
    {"cAkTAAAAAAAA", MONEY, "4HPwATDgc/ABMA", NULL},
    {"Q4kFAAAAAAAA", MONEY, "4HPwATDgc/ABMA", NULL},
    {"MEkAAAAAAAAA", MONEY " resign=on", "4HPwATDgc/ABMA", NULL},
    {"cAkLAAAAAAAE", "backgammon money=on", "4HPwATDgc/ABMA", NULL},
    {"QYkqASAAIAAA", "backgammon", "4HPwATDgc/ABMA", "QYkqASAAIAAE"},
    {"QYkqASAAIAAE", "backgammon", "4HPwATDgc/ABMA", NULL},
    {"MAHgAAAAAAAE", "backgammon", "4HPwATDgc/ABMA", NULL},
    {"cAkvAQAAAAAE", "backgammon", "4HPwATDgc/ABMA", NULL},
    {"cAkvASAAIAAE", "backgammon", "4HPwATDgc/ABMA", NULL},
    {"cAkXAAAAAAAA", MONEY, "4HPwATDgc/ABMA", NULL},
    {"8An7AGAAGAAE", "backgammon", "4HPwATDgc/ABMA", NULL},
    {"EgHgACAAKAAE", "backgammon", "4HPwATDgc/ABMA", NULL},
    {"MIGlABAACAAE", "backgammon", "4HPwATDgc/ABMA", NULL},
    {"cAmgABAACAAE", "backgammon", "sGfwATDgc/ABMA", NULL},
    {"cBGgABAACAAE", "backgammon", "sGfwATDgc/ABMA", NULL},
    {"QQmgABAACAAE", "backgammon", "sGfwATDgc/ABMA", NULL},
    {"QQm3ABAACAAE", "backgammon", "sGfwATDgc/ABMA", NULL},
    {"FgEyA4ABuAAE", "backgammon", "4HPwATDgc/ABMA", NULL},
};

START_TEST(test_9_match_id_vector) {
    const mid_vector *v = &mid_vectors[_i];
    alea_state st;
    char mid[13], pid[15];
    from_ids(&st, v->spec, v->pid, v->id);
    mid_of(mid, &st);
    ck_assert_str_eq(mid, v->again ? v->again : v->id);
    pid_of(pid, &st);
    ck_assert_str_eq(pid, v->pid);
}
END_TEST

START_TEST(test_9_match_id_fields) {
    alea_state st;
    alea_backgammon_view v;
    /* 9-pt match, score 2-4, cube 2 owned by player 0, player 1 rolled 52 */
    from_ids(&st, NULL, "4HPwATDgc/ABMA", "QYkqASAAIAAA");
    view_of(&v, &st);
    ck_assert_int_eq(v.match_length, 9);
    ck_assert_int_eq(v.score[0], 2);
    ck_assert_int_eq(v.score[1], 4);
    ck_assert_int_eq(v.cube_value, 2);
    ck_assert_int_eq(v.cube_owner, 0);
    ck_assert_int_eq(v.turn, 1);
    ck_assert_int_eq(v.dice[0], 5);
    ck_assert_int_eq(v.dice[1], 2);
    ck_assert_int_eq(v.phase, ALEA_BACKGAMMON_PHASE_MOVE);
    /* 7-pt match 6-3, Crawford game, player 1 rolled 66 */
    from_ids(&st, NULL, "4HPwATDgc/ABMA", "8An7AGAAGAAE");
    view_of(&v, &st);
    ck_assert_int_eq(v.crawford, 1);
    ck_assert_int_eq(v.score[0], 6);
    ck_assert_int_eq(v.dice[0], 6);
    /* 25-pt 24-23, cube 64 owned by player 1, player 0 rolled 44 */
    from_ids(&st, NULL, "4HPwATDgc/ABMA", "FgEyA4ABuAAE");
    view_of(&v, &st);
    ck_assert_int_eq(v.cube_value, 64);
    ck_assert_int_eq(v.cube_owner, 1);
    ck_assert_int_eq(v.post_crawford, 1);
    /* a pending double keeps the old cube (§9) */
    from_ids(&st, NULL, "sGfwATDgc/ABMA", "cBGgABAACAAE");
    view_of(&v, &st);
    ck_assert_int_eq(v.double_offered, 1);
    ck_assert_int_eq(v.cube_value, 1);
    ck_assert_int_eq(v.to_act, 0);
    ck_assert_int_eq(v.turn, 1);
    /* player 0 offers to resign a gammon */
    from_ids(&st, MONEY " resign=on", "4HPwATDgc/ABMA", "MEkAAAAAAAAA");
    view_of(&v, &st);
    ck_assert_int_eq(v.resign_offered, 2);
    ck_assert_int_eq(v.to_act, 1);
}
END_TEST

START_TEST(test_9_game_over_and_corrupt_match_ids) {
    alea_state st;
    alea_error err;
    /* MAIAAAAAAAAA: money, game over by bearing off (state 2), but nobody has
       borne off anything */
    ck_assert_int_eq(alea_backgammon_from_gnubg(&st, MONEY, "4HPwATDgc/ABMA", "MAIAAAAAAAAA", &err),
                     ALEA_INVALID_STATE);
    ck_assert_ptr_nonnull(strstr(err.message, "borne off"));
    ck_assert_int_eq(alea_backgammon_from_gnubg(&st, MONEY, "4HPwATDgc/ABMA", "MAEAAAAAAAA", &err),
                     ALEA_PARSE_ERROR);
    ck_assert_int_eq(alea_backgammon_from_gnubg(&st, MONEY, "4HPwATDgc/ABMA", "MAEAAAAAAA!A", &err),
                     ALEA_PARSE_ERROR);
    /* bits 67..71 set */
    ck_assert_int_eq(alea_backgammon_from_gnubg(&st, MONEY, "4HPwATDgc/ABMA", "MAEAAAAAAAA/", &err),
                     ALEA_INVALID_STATE);
    /* a cube in a single game */
    ck_assert_int_eq(
        alea_backgammon_from_gnubg(&st, "backgammon", "4HPwATDgc/ABMA", "Q4kFAAAAAAAA", &err),
        ALEA_INVALID_STATE);
    ck_assert_ptr_nonnull(strstr(err.message, "§7.1"));
    /* a resignation needs resign=on */
    ck_assert_int_eq(alea_backgammon_from_gnubg(&st, MONEY, "4HPwATDgc/ABMA", "MEkAAAAAAAAA", &err),
                     ALEA_INVALID_STATE);
}
END_TEST

START_TEST(test_9_game_flow_vectors) {
    /* 5-pt match 1-1: 31 played 8/5 6/5, double, take, 65 */
    alea_state st;
    char mid[13], pid[15];
    from_ids(&st, NULL, "4HPwATDgc/ABMA", "MIGlABAACAAE");
    act_text(&st, "8/5 6/5");
    mid_of(mid, &st);
    pid_of(pid, &st);
    ck_assert_str_eq(mid, "cAmgABAACAAE");
    ck_assert_str_eq(pid, "sGfwATDgc/ABMA");
    act_text(&st, "double");
    mid_of(mid, &st);
    ck_assert_str_eq(mid, "cBGgABAACAAE");
    act_text(&st, "take");
    mid_of(mid, &st);
    ck_assert_str_eq(mid, "QQmgABAACAAE");
    act(&st, DICE_A(6, 5));
    mid_of(mid, &st);
    ck_assert_str_eq(mid, "QQm3ABAACAAE");
}
END_TEST

START_TEST(test_9_drop_starts_next_game) {
    /* after a drop the next game starts at once; the doubler won 1 point */
    alea_state st;
    alea_backgammon_view v;
    from_ids(&st, NULL, "sGfwATDgc/ABMA", "cBGgABAACAAE");
    act_text(&st, "drop");
    view_of(&v, &st);
    ck_assert_int_eq(v.phase, ALEA_BACKGAMMON_PHASE_OPENING);
    ck_assert_int_eq(v.score[1], 2);
    ck_assert_int_eq(v.last_value, 1);
    ck_assert_int_eq(v.last_how, ALEA_BACKGAMMON_END_DROP);
    ck_assert_int_eq(v.last_winner, 1);
}
END_TEST

/* ---- §3 opening, §4 turn ------------------------------------------------ */

START_TEST(test_3_opening_seeds_rule) {
    alea_state st;
    alea_outcome out[64];
    size_t n;
    mk(&st, "backgammon");
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_CHANCE);
    ck_assert_int_eq(alea_state_chance_outcomes(out, 64, &n, &st), ALEA_OK);
    ck_assert_uint_eq(n, 30); /* ties thrown again */
    ck_assert_uint_eq(out[0].den, 30);
    test_refuse(&st, OPENING_A(3, 3), ALEA_ILLEGAL_ACTION, "§3.1");
    test_refuse(&st, DICE_A(3, 1), ALEA_ILLEGAL_ACTION, "§3");
    test_refuse(&st, KIND_A(DOUBLE), ALEA_WRONG_PHASE, NULL);
    act_text(&st, "opening 2-5"); /* Red starts, then throws two dice */
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_CHANCE);
    ck_assert_int_eq(alea_state_chance_outcomes(out, 64, &n, &st), ALEA_OK);
    ck_assert_uint_eq(n, 21);
    ck_assert_uint_eq(out[0].den, 36);
    act_text(&st, "dice 3-3"); /* a double on the first move (seed rule) */
    ck_assert_int_eq(alea_state_current_player(&st), 1);
    ck_assert_uint_eq(legal_of(&st), 73);
}
END_TEST

START_TEST(test_3_opening_standard_rule) {
    alea_state st;
    alea_backgammon_view v;
    mk(&st, "backgammon opening=standard");
    act(&st, OPENING_A(6, 3));
    view_of(&v, &st);
    ck_assert_int_eq(v.turn, 0);
    ck_assert_int_eq(v.dice[0], 6);
    ck_assert_int_eq(v.dice[1], 3);
    ck_assert_uint_eq(legal_of(&st), 14);
    mk(&st, "backgammon opening=standard match=9");
    act(&st, OPENING_A(3, 6));
    char mid[13];
    mid_of(mid, &st);
    ck_assert_str_eq(mid, "cAkvAQAAAAAE"); /* §9: player 1 won the opening 6-3 */
}
END_TEST

START_TEST(test_7_6_automatic_doubles) {
    alea_state st;
    alea_outcome out[64];
    size_t n;
    alea_backgammon_view v;
    mk(&st, "backgammon money=on auto_doubles=1");
    ck_assert_int_eq(alea_state_chance_outcomes(out, 64, &n, &st), ALEA_OK);
    ck_assert_uint_eq(n, 36);
    act(&st, OPENING_A(4, 4));
    view_of(&v, &st);
    ck_assert_int_eq(v.cube_value, 2);
    ck_assert_int_eq(v.cube_owner, ALEA_BACKGAMMON_CENTRE);
    ck_assert_int_eq(alea_state_chance_outcomes(out, 64, &n, &st), ALEA_OK);
    ck_assert_uint_eq(n, 30); /* the limit is reached */
    test_refuse(&st, OPENING_A(4, 4), ALEA_ILLEGAL_ACTION, "§3.1");
}
END_TEST

/* ---- §6 scoring --------------------------------------------------------- */

/* A race where player 0 bears off its last checker with 2-1. */
static void last_checker(alea_state *st, const char *spec, int loser_off, int loser_back) {
    mk(st, spec);
    bg_state *s = bg_of(st);
    memset(s->board, 0, sizeof s->board);
    s->board[0] = 1; /* White: one checker on its 1-point, 14 off */
    /* Red: 15 - loser_off checkers; loser_back of them on White's home (Red's 19..24) */
    int red = 15 - loser_off;
    if (loser_back) {
        s->board[3] = (int8_t)-loser_back; /* White's 4 = Red's 21 */
        red -= loser_back;
    }
    if (red)
        s->board[12] = (int8_t)-red; /* White's 13 = Red's 12 */
    s->phase = BG_MOVE;
    s->turn = 0;
    s->die[0] = 2;
    s->die[1] = 1;
    alea_error err;
    ck_assert_msg(alea_state_validate(st, &err) == ALEA_OK, "%s", err.message);
}

START_TEST(test_6_single_gammon_backgammon) {
    alea_state st;
    alea_result r;
    last_checker(&st, "backgammon", 3, 0);
    act_text(&st, "1/off");
    alea_state_result(&r, &st);
    ck_assert_int_eq(r.terminal, 1);
    ck_assert_int_eq(r.winner, 0);
    ck_assert_int_eq(r.score[0], 1);
    ck_assert_int_eq(r.score[1], 0);
    last_checker(&st, "backgammon", 0, 0);
    act_text(&st, "1/off");
    alea_state_result(&r, &st);
    ck_assert_int_eq(r.score[0], 2);
    last_checker(&st, "backgammon", 0, 2);
    act_text(&st, "1/off");
    alea_state_result(&r, &st);
    ck_assert_int_eq(r.score[0], 3);
    ck_assert(r.returns[0] == 1.0 && r.returns[1] == -1.0);
    test_refuse(&st, KIND_A(ROLL), ALEA_WRONG_PHASE, "over");
}
END_TEST

START_TEST(test_6_cube_multiplies_and_jacoby) {
    alea_state st;
    alea_backgammon_view v;
    last_checker(&st, "backgammon money=on", 0, 2);
    bg_of(&st)->cube_log = 2;
    bg_of(&st)->cube_owner = 1;
    act_text(&st, "1/off");
    view_of(&v, &st);
    ck_assert_int_eq(v.last_value, 12); /* backgammon x 4 */
    ck_assert_int_eq(v.score[0], 12);
    last_checker(&st, "backgammon money=on jacoby=on", 0, 2);
    act_text(&st, "1/off");
    view_of(&v, &st);
    ck_assert_int_eq(v.last_value, 1); /* §7.6 Jacoby: centred cube, single */
    last_checker(&st, "backgammon money=on jacoby=on", 0, 0);
    bg_of(&st)->cube_log = 1;
    bg_of(&st)->cube_owner = 0;
    act_text(&st, "1/off");
    view_of(&v, &st);
    ck_assert_int_eq(v.last_value, 4); /* turned cube: gammon counts */
}
END_TEST

START_TEST(test_6_resignation_offers) {
    alea_state st;
    alea_backgammon_view v;
    at_position(&st, "backgammon resign=on", "4HPwATDgc/ABMA", 6, 5);
    ck_assert_uint_eq(legal_of(&st), 7 + 3);
    act_text(&st, "resign gammon");
    ck_assert_int_eq(alea_state_current_player(&st), 1);
    act_text(&st, "reject");
    ck_assert_int_eq(alea_state_current_player(&st), 0);
    ck_assert_uint_eq(legal_of(&st), 7 + 1); /* §7.3: only a higher level again */
    test_refuse_text(&st, "resign single", ALEA_ILLEGAL_ACTION, "§7.3");
    test_refuse_text(&st, "resign gammon", ALEA_ILLEGAL_ACTION, "§7.3");
    act_text(&st, "resign backgammon");
    act_text(&st, "reject");
    ck_assert_uint_eq(legal_of(&st), 7); /* nothing higher than a backgammon */
    test_refuse_text(&st, "resign backgammon", ALEA_ILLEGAL_ACTION, "§7.3");
    at_position(&st, "backgammon resign=on", "4HPwATDgc/ABMA", 6, 5);
    act_text(&st, "resign backgammon");
    act_text(&st, "accept");
    view_of(&v, &st);
    ck_assert_int_eq(v.phase, ALEA_BACKGAMMON_PHASE_OVER);
    ck_assert_int_eq(v.last_winner, 1);
    ck_assert_int_eq(v.score[1], 3);
    ck_assert_int_eq(v.last_how, ALEA_BACKGAMMON_END_RESIGN);
    at_position(&st, "backgammon", "4HPwATDgc/ABMA", 6, 5);
    test_refuse_text(&st, "resign single", ALEA_ILLEGAL_ACTION, "resign");
}
END_TEST

/* ---- §7 cube ------------------------------------------------------------ */

START_TEST(test_7_3_double_take_drop_owner) {
    alea_state st;
    alea_backgammon_view v;
    mk(&st, "backgammon match=7");
    act(&st, OPENING_A(5, 2));
    ck_assert_int_eq(alea_state_current_player(&st), 0);
    ck_assert_uint_eq(legal_of(&st), 2); /* roll, double */
    act_text(&st, "double");
    ck_assert_int_eq(alea_state_current_player(&st), 1);
    test_refuse(&st, KIND_A(BEAVER), ALEA_ILLEGAL_ACTION, "§7.3: beavers");
    act_text(&st, "take");
    view_of(&v, &st);
    ck_assert_int_eq(v.cube_value, 2);
    ck_assert_int_eq(v.cube_owner, 1);
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_CHANCE);
    act(&st, DICE_A(6, 5));
    act_text(&st, "24/13");
    /* player 1 owns the cube: may redouble */
    ck_assert_int_eq(alea_state_current_player(&st), 1);
    act_text(&st, "double");
    act_text(&st, "drop");
    view_of(&v, &st);
    ck_assert_int_eq(v.score[1], 2); /* the value before the refused double */
    ck_assert_int_eq(v.last_how, ALEA_BACKGAMMON_END_DROP);
    ck_assert_int_eq(v.phase, ALEA_BACKGAMMON_PHASE_OPENING);
    ck_assert_int_eq(v.cube_value, 1);
}
END_TEST

START_TEST(test_7_3_no_double_when_not_owner_or_at_max) {
    alea_state st;
    mk(&st, "backgammon match=7 max_cube=2");
    act(&st, OPENING_A(5, 2));
    act_text(&st, "double");
    act_text(&st, "take");
    act(&st, DICE_A(6, 5));
    act_text(&st, "24/13");
    /* player 1 owns the cube at the maximum: no decision node, dice at once */
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_CHANCE);
    test_refuse(&st, KIND_A(DOUBLE), ALEA_WRONG_PHASE, NULL);
}
END_TEST

START_TEST(test_7_3_beaver) {
    alea_state st;
    alea_backgammon_view v;
    mk(&st, "backgammon money=on beavers=on");
    act(&st, OPENING_A(5, 2));
    act_text(&st, "double");
    ck_assert_uint_eq(legal_of(&st), 3);
    act_text(&st, "beaver");
    view_of(&v, &st);
    ck_assert_int_eq(v.cube_value, 2);
    ck_assert_int_eq(v.cube_owner, 1);
    ck_assert_int_eq(v.double_offered, 1);
    ck_assert_int_eq(alea_state_current_player(&st), 0);
    act_text(&st, "take");
    view_of(&v, &st);
    ck_assert_int_eq(v.cube_value, 4);
    ck_assert_int_eq(v.cube_owner, 1); /* the beaverer keeps the cube */
    mk(&st, "backgammon money=on beavers=on");
    act(&st, OPENING_A(5, 2));
    act_text(&st, "double");
    act_text(&st, "beaver");
    act_text(&st, "drop");
    view_of(&v, &st);
    ck_assert_int_eq(v.score[1], 2); /* 2 x value before */
    ck_assert_int_eq(v.phase, ALEA_BACKGAMMON_PHASE_OVER);
}
END_TEST

/* `first` starts and doubles, the other takes, `first` moves, the other
   redoubles and `first` drops: the other wins 2. */
static void other_wins_two(alea_state *st, int first) {
    act(st, first == 0 ? OPENING_A(5, 2) : OPENING_A(2, 5));
    act_text(st, "double");
    act_text(st, "take");
    act(st, DICE_A(2, 1));
    legal_of(st);
    act(st, legal[0]);
    act_text(st, "double");
    act_text(st, "drop");
}

/* `first` starts and doubles, the other drops: `first` wins 1. */
static void first_wins_one(alea_state *st, int first) {
    act(st, first == 0 ? OPENING_A(5, 2) : OPENING_A(2, 5));
    act_text(st, "double");
    act_text(st, "drop");
}

START_TEST(test_7_5_crawford_example) {
    /* 5-point match: White 2-0 -> 2-1 -> 4-1 -> Crawford game -> Red wins 1: 4-2 ->
       doubling again */
    alea_state st;
    alea_backgammon_view v;
    mk(&st, "backgammon match=5 resign=on");
    other_wins_two(&st, 1);
    view_of(&v, &st);
    ck_assert_int_eq(v.score[0], 2);
    ck_assert_int_eq(v.crawford, 0);
    first_wins_one(&st, 1);
    view_of(&v, &st);
    ck_assert_int_eq(v.score[1], 1);
    ck_assert_int_eq(v.crawford, 0);
    other_wins_two(&st, 1);
    view_of(&v, &st);
    ck_assert_int_eq(v.score[0], 4);
    ck_assert_int_eq(v.crawford, 1);
    char mid[13];
    mid_of(mid, &st);
    act(&st, OPENING_A(5, 2));
    /* no double in the Crawford game; with resign=on the turn still starts
       with a decision (roll or resign, §6 as gnubg) */
    ck_assert_int_eq(alea_state_current_player(&st), 0);
    ck_assert_uint_eq(legal_of(&st), 1 + 3); /* roll, three offers */
    test_refuse(&st, KIND_A(DOUBLE), ALEA_ILLEGAL_ACTION, "§7.3");
    act_text(&st, "roll");
    act(&st, DICE_A(2, 1));
    act_text(&st, "resign single");
    act_text(&st, "accept");
    view_of(&v, &st);
    ck_assert_int_eq(v.score[0], 4);
    ck_assert_int_eq(v.score[1], 2);
    ck_assert_int_eq(v.crawford, 0);
    ck_assert_int_eq(v.post_crawford, 1);
    act(&st, OPENING_A(2, 5));
    ck_assert_int_eq(alea_state_current_player(&st), 1); /* doubling allowed again */
    ck_assert_uint_eq(legal_of(&st), 5);                 /* roll, double, three offers */
}
END_TEST

START_TEST(test_7_4_crawford_game_no_double) {
    alea_state st;
    alea_backgammon_view v;
    mk(&st, "backgammon match=5");
    bg_of(&st)->score[0] = 2;
    bg_of(&st)->score[1] = 1;
    /* player 1 doubles, player 0 drops: 2 -> 3? No: player 1 wins 1 -> 2-2.  Use player 0. */
    act(&st, OPENING_A(5, 2));
    act_text(&st, "double");
    act_text(&st, "take");
    act(&st, DICE_A(2, 1));
    act_text(&st, "13/11 6/5");
    act_text(&st, "double"); /* player 1 redoubles to 4 */
    act_text(&st, "drop");   /* player 0 drops: player 1 wins 2 -> 2-3 */
    view_of(&v, &st);
    ck_assert_int_eq(v.score[1], 3);
    ck_assert_int_eq(v.crawford, 0);
    act(&st, OPENING_A(5, 2));
    act_text(&st, "double");
    act_text(&st, "drop"); /* player 0 wins 1: 3-3 */
    view_of(&v, &st);
    ck_assert_int_eq(v.crawford, 0);
    act(&st, OPENING_A(2, 5));
    act_text(&st, "double");
    act_text(&st, "drop"); /* player 1 wins 1: 3-4: Crawford game next */
    view_of(&v, &st);
    ck_assert_int_eq(v.score[1], 4);
    ck_assert_int_eq(v.crawford, 1);
    act(&st, OPENING_A(5, 2));
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_CHANCE); /* no cube decision */
    test_refuse(&st, KIND_A(DOUBLE), ALEA_WRONG_PHASE, NULL);
    /* resign... play the Crawford game out by forcing its end: player 0 wins a single */
    bg_state *s = bg_of(&st);
    memset(s->board, 0, sizeof s->board);
    s->board[0] = 1;
    s->board[12] = -12;
    s->phase = BG_MOVE;
    s->die[0] = 2;
    s->die[1] = 1;
    s->turn = 0;
    act_text(&st, "1/off");
    view_of(&v, &st);
    ck_assert_int_eq(v.score[0], 4);
    ck_assert_int_eq(v.crawford, 0);
    ck_assert_int_eq(v.post_crawford, 1);
    /* 4-4 post-Crawford: §7.3 both cubes are dead (4 + 1 >= 5) */
    alea_state allow = st;
    act(&st, OPENING_A(5, 2));
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_CHANCE);
    bg_of(&allow)->opt |= BG_OPT_DEAD_ALLOW; /* dead_cube=allow */
    act(&allow, OPENING_A(5, 2));
    ck_assert_int_eq(alea_state_current_player(&allow), 0); /* doubling again */
}
END_TEST

/* ---- options §7.1 ------------------------------------------------------- */

START_TEST(test_7_1_invalid_combinations) {
    static const char *const bad[] = {
        "backgammon cube=on",
        "backgammon match=7 money=on",
        "backgammon jacoby=on",
        "backgammon match=7 beavers=on",
        "backgammon match=7 auto_doubles=1",
        "backgammon money=on cube=off jacoby=on",
        "backgammon max_cube=48 match=3",
        "backgammon games=3",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        alea_state st;
        alea_error err;
        ck_assert_msg(alea_state_init(&st, bad[i], &err) == ALEA_BAD_OPTION, "%s", bad[i]);
        ck_assert_msg(strstr(err.message, "§7"), "%s: %s", bad[i], err.message);
    }
    alea_state st;
    mk(&st, "backgammon match=7 cube=off");
    act(&st, OPENING_A(5, 2));
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_CHANCE);
    alea_backgammon_options o = ALEA_BACKGAMMON_OPTIONS_INIT;
    o.match = 5;
    ck_assert_int_eq(alea_backgammon_init(&st, &o, NULL), ALEA_OK);
    o.money = 1;
    ck_assert_int_eq(alea_backgammon_init(&st, &o, NULL), ALEA_BAD_OPTION);
    o.version = 99;
    ck_assert_int_eq(alea_backgammon_init(&st, &o, NULL), ALEA_INVALID_ARGUMENT);
}
END_TEST

/* ---- notation, text, JSON ----------------------------------------------- */

START_TEST(test_5_6_notation_spellings_and_garbage) {
    alea_state st;
    uint64_t a, b;
    alea_error err;
    at_position(&st, "backgammon", "4HPwATDgc/ABMA", 6, 5);
    ck_assert_int_eq(alea_state_action_from_text(&a, &st, "24/18 13/8", NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_action_from_text(&b, &st, "  13/8,24/18 ", NULL), ALEA_OK);
    ck_assert(a == b);
    ck_assert_int_eq(alea_state_action_from_text(&a, &st, "24/13", NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_action_from_text(&b, &st, "24/18/13", NULL), ALEA_OK);
    ck_assert(a == b);
    static const char *const junk[] = {"",      "24-18",  "24/",   "/18",     "x", "24/18 13/8 !",
                                       "26/20", "off/20", "18/24", "24/18(9)"};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++)
        ck_assert_msg(alea_state_action_from_text(&a, &st, junk[i], &err) == ALEA_PARSE_ERROR,
                      "'%s'", junk[i]);
    test_refuse_text(&st, "double", ALEA_ILLEGAL_ACTION, "§5");
    /* every legal action formats and parses back to itself */
    size_t n = legal_of(&st);
    for (size_t i = 0; i < n; i++) {
        char text[ALEA_ACTION_TEXT_MAX];
        ck_assert_int_eq(alea_state_action_to_text(text, sizeof text, NULL, &st, legal[i]),
                         ALEA_OK);
        ck_assert_int_eq(alea_state_action_from_text(&a, &st, text, NULL), ALEA_OK);
        ck_assert(a == legal[i]);
    }
    /* a non-canonical route as a number is refused with the canonical one named */
    int from[4] = {13, 7}, to[4] = {7, 2};
    test_refuse(&st, alea__bg_move_action(2, from, to), ALEA_ILLEGAL_ACTION, "§5.4");
    test_refuse(&st, ALEA_BACKGAMMON_ACTION(99, 0), ALEA_INVALID_ARGUMENT, NULL);
    test_refuse(&st, DICE_A(6, 5), ALEA_WRONG_PHASE, NULL);
}
END_TEST

START_TEST(test_state_text_round_trip_and_corrupt) {
    alea_state st, back;
    char text[1024];
    alea_error err;
    mk(&st, "backgammon match=7");
    act(&st, OPENING_A(5, 2));
    act_text(&st, "double");
    ck_assert_int_eq(alea_state_to_text(text, sizeof text, NULL, &st), ALEA_OK);
    ck_assert_int_eq(alea_state_from_text(&back, text, &err), ALEA_OK);
    ck_assert(alea_state_equal(&st, &back));
    static const char *const bad[] = {
        "backgammon | move turn=0 dice=56 cube=1/centre autos=0 resign=0 crawford=0 "
        "rejected=0 score=0-0 games=0 last=- white=6:5,8:3,13:5,24:2 red=6:5,8:3,13:5,24:2",
        "backgammon | move turn=0 dice=65 cube=3/centre autos=0 resign=0 crawford=0 "
        "rejected=0 score=0-0 games=0 last=- white=6:5,8:3,13:5,24:2 red=6:5,8:3,13:5,24:2",
        "backgammon | move turn=0 dice=65 cube=1/centre autos=0 resign=0 crawford=0 "
        "rejected=0 score=0-0 games=0 last=- white=8:3,6:5,13:5,24:2 red=6:5,8:3,13:5,24:2",
        "backgammon | jump turn=0",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_int_eq(alea_state_from_text(&back, bad[i], &err), ALEA_PARSE_ERROR);
    static const char *const impossible[] = {
        /* 16 checkers */
        "backgammon | move turn=0 dice=65 cube=1/centre autos=0 resign=0 crawford=0 "
        "rejected=0 score=0-0 games=0 last=- white=6:6,8:3,13:5,24:2 red=6:5,8:3,13:5,24:2",
        /* a shared point: White's 1 and Red's 24 */
        "backgammon | move turn=0 dice=65 cube=1/centre autos=0 resign=0 crawford=0 "
        "rejected=0 score=0-0 games=0 last=- white=1:1,6:4,8:3,13:5,24:2 red=6:5,8:3,13:5,24:2",
        /* a cube in a single game */
        "backgammon | move turn=0 dice=65 cube=2/0 autos=0 resign=0 crawford=0 "
        "rejected=0 score=0-0 games=0 last=- white=6:5,8:3,13:5,24:2 red=6:5,8:3,13:5,24:2",
        /* both on the bar against closed boards */
        "backgammon | move turn=0 dice=65 cube=1/centre autos=0 resign=0 crawford=0 "
        "rejected=0 score=0-0 games=0 last=- white=1:2,2:2,3:2,4:2,5:2,6:2,bar:3 "
        "red=1:2,2:2,3:2,4:2,5:2,6:2,bar:3",
        /* a game going on after all 15 are off */
        "backgammon | move turn=0 dice=65 cube=1/centre autos=0 resign=0 crawford=0 "
        "rejected=0 score=0-0 games=0 last=- white=- red=6:5,8:3,13:5,24:2",
        /* the single game's score without a result */
        "backgammon | move turn=0 dice=65 cube=1/centre autos=0 resign=0 crawford=0 "
        "rejected=0 score=1-0 games=0 last=- white=6:5,8:3,13:5,24:2 red=6:5,8:3,13:5,24:2",
    };
    for (size_t i = 0; i < sizeof impossible / sizeof impossible[0]; i++)
        ck_assert_msg(alea_state_from_text(&back, impossible[i], &err) == ALEA_INVALID_STATE,
                      "%zu: %s", i, err.message);
}
END_TEST

START_TEST(test_json_board_and_view) {
    alea_state st;
    char buf[4096];
    at_position(&st, "backgammon", "4HPwATDgc/ABMA", 6, 5);
    ck_assert_int_eq(alea_state_to_json(buf, sizeof buf, NULL, &st), ALEA_OK);
    ck_assert(test_json_valid(buf));
    ck_assert_ptr_nonnull(strstr(buf, "\"position_id\":\"4HPwATDgc/ABMA\""));
    ck_assert_ptr_nonnull(strstr(buf, "\"pips\":[167,167]"));
    ck_assert_int_eq(alea_state_to_board(buf, sizeof buf, NULL, &st), ALEA_OK);
    ck_assert_ptr_nonnull(strstr(buf, "Position ID 4HPwATDgc/ABMA"));
    alea_backgammon_view v;
    view_of(&v, &st);
    ck_assert_int_eq(v.pips[0], 167);
    ck_assert_int_eq(v.points[1][13], 5);
    alea_backgammon_action a;
    legal_of(&st);
    ck_assert_int_eq(alea_backgammon_decode(&a, legal[0]), ALEA_OK);
    uint64_t again;
    ck_assert_int_eq(alea_backgammon_encode(&again, &a), ALEA_OK);
    ck_assert(again == legal[0]);
    a.kind = ALEA_BACKGAMMON_MOVE;
    a.steps = 1;
    a.from[0] = 3;
    a.to[0] = 5;
    ck_assert_int_eq(alea_backgammon_encode(&again, &a), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_backgammon_decode(&a, ALEA_BACKGAMMON_ACTION(2, 1 << 3 | 6)),
                     ALEA_INVALID_ARGUMENT); /* smaller die first */
}
END_TEST

/* ---- random games and matches ------------------------------------------- */


/* §1 invariants of any reachable state. */
static void check_invariants(const alea_state *st, uint64_t seed) {
    const bg_state *s = bg_cof(st);
    alea_backgammon_view v;
    view_of(&v, st);
    for (int p = 0; p < 2; p++) {
        int total = 0, pips = 0;
        for (int i = 0; i < 26; i++) {
            total += v.points[p][i];
            pips += i * v.points[p][i];
        }
        REQUIRE(total == 15, "seed %llu: player %d has %d checkers", (unsigned long long)seed, p,
                total);
        REQUIRE((pips) == (v.pips[p]), "%s", "pips == v.pips[p]");
    }
    for (int i = 1; i <= 24; i++)
        REQUIRE(!(v.points[0][i] && v.points[1][25 - i]), "seed %llu: shared point",
                (unsigned long long)seed);
    char pid[15];
    int32_t first[26], second[26];
    alea__bg_position_id(pid, s);
    REQUIRE(alea_backgammon_decode_position_id(first, second, pid, NULL) == ALEA_OK, "%s", pid);
    for (int i = 0; i < 26; i++) {
        REQUIRE((second[i]) == (v.points[s->turn][i]), "%s", "second[i] == v.points[s->turn][i]");
        REQUIRE((first[i]) == (v.points[1 - s->turn][i]), "%s",
                "first[i] == v.points[1 - s->turn][i]");
    }
}

START_TEST(test_random_games_keep_invariants) {
    long games = test_count("ALEA_BACKGAMMON_GAMES", 10000);
    uint64_t base = test_seed(7);
    size_t largest = 0;
    for (int g = 0; g < games; g++) {
        alea_state st;
        alea_rng rng;
        uint64_t seed = base * 7919u + (uint64_t)g;
        alea_rng_seed(&rng, seed);
        mk(&st, g % 2 ? "backgammon" : "backgammon opening=standard");
        bool deep = g % 50 == 0;
        while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
            if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE) {
                REQUIRE(alea_state_roll(NULL, &st, &rng) == ALEA_OK, "roll");
                continue;
            }
            size_t n = legal_of(&st);
            largest = n > largest ? n : largest;
            if (deep) {
                check_invariants(&st, seed);
                for (size_t i = 0; i < n; i++) {
                    alea_state next = st;
                    act(&next, legal[i]);
                    check_invariants(&next, seed);
                    char pid[15];
                    alea__bg_position_id(pid, bg_cof(&next));
                    int32_t a[26], b[26];
                    REQUIRE(alea_backgammon_decode_position_id(a, b, pid, NULL) == ALEA_OK, "%s",
                            pid);
                }
            }
            /* a random garbage move is refused, the state unchanged */
            int from[4] = {(int)alea_rng_below(&rng, 25) + 1}, to[4] = {0};
            to[0] = (int)alea_rng_below(&rng, (uint64_t)from[0]);
            uint64_t junk = alea__bg_move_action(1, from, to);
            bool listed = false;
            for (size_t i = 0; i < n; i++)
                listed = listed || legal[i] == junk;
            if (!listed)
                test_refuse(&st, junk, ALEA_ILLEGAL_ACTION, "§5");
            act(&st, legal[alea_rng_below(&rng, n)]);
        }
        check_invariants(&st, seed);
    }
    ck_assert_uint_ge(largest, 1);
}
END_TEST

/* §5 by brute force, independent of the generator: every sequence of single
   steps in every order of the dice, each step checked against §5.1 as
   written; keep the sequences using the most dice (§5.3.1), the larger die
   when only one is used (§5.3.2); one entry per resulting position, the
   largest encoding (§5.4). */
typedef struct ref_leaf {
    bg_side after;
    uint64_t action;
    int steps, larger;
} ref_leaf;

typedef struct ref_gen {
    ref_leaf *leaf;
    size_t n, cap;
    int from[4], to[4];
} ref_gen;

static bool ref_step_ok(const bg_side *sd, int p, int d) {
    int t = p - d;
    if (sd->me[p] == 0 || (sd->me[BG_BAR] > 0 && p != BG_BAR))
        return false;
    if (t >= 1)
        return sd->opp[t] < 2;
    for (int q = 7; q <= BG_BAR; q++)
        if (sd->me[q])
            return false; /* bearing off needs every checker home */
    for (int q = p + 1; t < 0 && q <= 6; q++)
        if (sd->me[q])
            return false; /* a larger die bears off from the highest point only */
    return true;
}

static uint64_t ref_action(int n, const int *from, const int *to) {
    uint32_t step[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++)
        step[i] = (uint32_t)(from[i] << 5 | to[i]);
    for (int i = 1; i < n; i++) /* descending */
        for (int j = i; j > 0 && step[j - 1] < step[j]; j--) {
            uint32_t t = step[j];
            step[j] = step[j - 1];
            step[j - 1] = t;
        }
    return MOVE_A((uint64_t)step[0] << 30 | (uint64_t)step[1] << 20 | (uint64_t)step[2] << 10 |
                  step[3]);
}

/* Recursion over the dice: at most four deep. */
// NOLINTNEXTLINE(misc-no-recursion)
static void ref_walk(ref_gen *g, const bg_side *sd, const int *dice, int nd, int depth,
                     int larger) {
    bool moved = false;
    for (int p = 1; depth < nd && p <= BG_BAR; p++) {
        int d = dice[depth];
        if (!ref_step_ok(sd, p, d))
            continue;
        bg_side next = *sd;
        int t = p - d < 0 ? 0 : p - d;
        next.me[p]--;
        next.me[t]++;
        if (t >= 1 && next.opp[t] == 1) {
            next.opp[t] = 0;
            next.opp_bar++;
        }
        g->from[depth] = p;
        g->to[depth] = t;
        moved = true;
        ref_walk(g, &next, dice, nd, depth + 1, depth == 0 ? d == larger : 0);
    }
    if (moved)
        return;
    if (g->n == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 1024;
        g->leaf = realloc(g->leaf, g->cap * sizeof *g->leaf);
        ck_assert_ptr_nonnull(g->leaf);
    }
    ref_leaf *l = &g->leaf[g->n++];
    memset(l, 0, sizeof *l);
    l->after = *sd;
    l->steps = depth;
    l->larger = larger;
    l->action = ref_action(depth, g->from, g->to);
}

static int ref_cmp(const void *x, const void *y) {
    const ref_leaf *a = x, *b = y;
    int c = memcmp(&a->after, &b->after, sizeof a->after);
    if (c)
        return c;
    return a->action < b->action ? 1 : a->action > b->action ? -1 : 0; /* largest first */
}

static int u64_cmp(const void *x, const void *y) {
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static size_t ref_moves(ref_gen *g, const bg_side *sd, int a, int b, uint64_t *out) {
    int orders[2][4] = {{a, b, a, b}, {b, a, b, a}};
    g->n = 0;
    if (a == b) {
        ref_walk(g, sd, orders[0], 4, 0, 0);
    } else {
        ref_walk(g, sd, orders[0], 2, 0, a > b ? a : b);
        ref_walk(g, sd, orders[1], 2, 0, a > b ? a : b);
    }
    int most = 0, larger = 0;
    for (size_t i = 0; i < g->n; i++)
        most = g->leaf[i].steps > most ? g->leaf[i].steps : most;
    for (size_t i = 0; i < g->n; i++)
        larger |= a != b && most == 1 && g->leaf[i].steps == 1 && g->leaf[i].larger;
    size_t k = 0;
    for (size_t i = 0; i < g->n; i++)
        if (g->leaf[i].steps == most && (!larger || g->leaf[i].larger))
            g->leaf[k++] = g->leaf[i];
    qsort(g->leaf, k, sizeof *g->leaf, ref_cmp);
    size_t n = 0;
    for (size_t i = 0; i < k; i++)
        if (i == 0 ||
            memcmp(&g->leaf[i].after, &g->leaf[i - 1].after, sizeof g->leaf[i].after) != 0)
            out[n++] = g->leaf[i].action;
    qsort(out, n, sizeof *out, u64_cmp);
    return n;
}

START_TEST(test_5_legal_moves_match_brute_force) {
    long games = test_count("ALEA_BACKGAMMON_REF_GAMES", 100);
    static uint64_t want[ALEA_MAX_ACTIONS];
    ref_gen g;
    memset(&g, 0, sizeof g);
    alea_rng rng;
    alea_rng_seed(&rng, test_seed(13));
    long rolls = 0;
    for (long n = 0; n < games; n++) {
        alea_state st;
        mk(&st, "backgammon");
        while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
            if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE) {
                REQUIRE(alea_state_roll(NULL, &st, &rng) == ALEA_OK, "roll");
                continue;
            }
            if (alea_rng_below(&rng, 8) == 0) { /* every roll on some positions */
                for (int a = 1; a <= 6; a++)
                    for (int b = 1; b <= a; b++) {
                        alea_state at = st;
                        bg_state *s = bg_of(&at);
                        bg_side sd;
                        s->die[0] = (uint8_t)a;
                        s->die[1] = (uint8_t)b;
                        alea__bg_side(&sd, s, s->turn);
                        size_t m = ref_moves(&g, &sd, a, b, want), got = legal_of(&at);
                        char pid[15];
                        alea__bg_position_id(pid, s);
                        REQUIRE(m == got, "%s %d-%d: %zu legal moves, brute force %zu", pid, a, b,
                                got, m);
                        for (size_t i = 0; i < m; i++)
                            REQUIRE(legal[i] == want[i], "%s %d-%d: move %zu is 0x%llx, not 0x%llx",
                                    pid, a, b, i, (unsigned long long)legal[i],
                                    (unsigned long long)want[i]);
                        rolls++;
                    }
            }
            size_t n_legal = legal_of(&st);
            act(&st, legal[alea_rng_below(&rng, n_legal)]);
        }
    }
    free(g.leaf);
    ck_assert_int_ge(rolls, 21);
}
END_TEST

static const char *const BG_1454_TEXT =
    "backgammon | move turn=1 dice=11 cube=1/centre autos=0 resign=0 crawford=0 rejected=0 "
    "score=0-0 games=0 last=- white=1:5,2:5 "
    "red=4:1,5:1,6:1,8:1,10:1,11:1,13:1,14:1,15:1,16:1,18:2,20:2,22:1";

static int in_sorted(const uint64_t *list, size_t n, uint64_t a) {
    for (size_t i = 0; i < n; i++)
        if (list[i] == a)
            return 1;
    return 0;
}

/* §5.3, §5.4: check() decides a move without the legal list (doc/hardening.md
   "Stack"); it must agree with membership in the list for every prefix of
   every legal move (fewer dice), every single step of either die from every
   point, and the forfeit, over random games, the largest lists and bear-offs. */
START_TEST(test_5_3_check_without_the_list_agrees_with_it) {
    static const char *const fixed[] = {
        "backgammon | move turn=1 dice=11 cube=1/centre autos=0 resign=0 crawford=0 rejected=0 "
        "score=0-0 games=0 last=- white=1:5,2:5 "
        "red=4:1,5:1,6:1,8:1,10:1,11:1,13:1,14:1,15:1,16:1,18:2,20:2,22:1",
        "backgammon | move turn=0 dice=61 cube=1/centre autos=0 resign=0 crawford=0 rejected=0 "
        "score=0-0 games=0 last=- white=2:1 red=1:1",
        "backgammon | move turn=0 dice=61 cube=1/centre autos=0 resign=0 crawford=0 rejected=0 "
        "score=0-0 games=0 last=- white=1:1,2:1 red=1:1",
    };
    alea_rng rng;
    alea_state st;
    long games = test_scale_at_least(60, 3), positions = 0;
    alea_rng_seed(&rng, test_seed(53));
    for (long g = -(long)(sizeof fixed / sizeof fixed[0]); g < games; g++) {
        if (g < 0)
            ck_assert_int_eq(alea_state_from_text(&st, fixed[-g - 1], NULL), ALEA_OK);
        else
            mk(&st, "backgammon");
        for (int ply = 0; ply < 400; ply++) {
            int who = alea_state_current_player(&st);
            if (who == ALEA_PLAYER_TERMINAL)
                break;
            if (who == ALEA_PLAYER_CHANCE) {
                ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
                continue;
            }
            size_t n = legal_of(&st);
            if (bg_of(&st)->phase == BG_MOVE) {
                const bg_state *b = bg_of(&st);
                positions++;
                for (size_t i = 0; i <= n; i++) {
                    int from[4], to[4], k = i < n ? alea__bg_steps(legal[i], from, to) : 0;
                    for (int len = 0; len < k; len++) {
                        uint64_t a = alea__bg_move_action(len, from, to);
                        ck_assert_msg((alea_state_check_action(&st, a, NULL) == ALEA_OK) ==
                                          in_sorted(legal, n, a),
                                      "prefix %llx of %llx (seed %llu)", (unsigned long long)a,
                                      (unsigned long long)legal[i],
                                      (unsigned long long)test_seed(53));
                    }
                    if (i < n)
                        continue;
                    for (int p = 1; p <= 25; p++)
                        for (int d = 0; d < 2; d++) {
                            int f[4] = {p, 0, 0, 0}, t[4] = {p - b->die[d], 0, 0, 0};
                            if (t[0] < 0)
                                t[0] = 0;
                            uint64_t a = alea__bg_move_action(1, f, t);
                            ck_assert_msg((alea_state_check_action(&st, a, NULL) == ALEA_OK) ==
                                              in_sorted(legal, n, a),
                                          "step %d/%d (seed %llu)", p, t[0],
                                          (unsigned long long)test_seed(53));
                        }
                }
            }
            if (g < 0)
                break;
            act(&st, legal[alea_rng_below(&rng, n)]);
        }
    }
    ck_assert_int_gt(positions, 10);
}
END_TEST

typedef struct visited {
    uint64_t got[ALEA_MAX_ACTIONS];
    size_t n;
} visited;

static void collect_move(void *ctx, uint64_t action) {
    visited *v = ctx;
    if (v->n < ALEA_MAX_ACTIONS)
        v->got[v->n] = action;
    v->n++;
}

/* §5: the moves visited one at a time (for the notation, without a list on
   the stack) are the legal list, in its order: random games, the largest
   lists, every roll of each position. */
START_TEST(test_5_moves_visited_one_at_a_time_are_the_list) {
    static visited v;
    static uint64_t list[ALEA_MAX_ACTIONS];
    alea_rng rng;
    alea_state st;
    long games = test_scale_at_least(40, 2);
    alea_rng_seed(&rng, test_seed(71));
    for (long g = -1; g < games; g++) {
        if (g < 0)
            ck_assert_int_eq(alea_state_from_text(&st, BG_1454_TEXT, NULL), ALEA_OK);
        else
            mk(&st, "backgammon");
        for (int ply = 0; ply < 300; ply++) {
            int who = alea_state_current_player(&st);
            if (who == ALEA_PLAYER_TERMINAL)
                break;
            if (who == ALEA_PLAYER_CHANCE) {
                ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
                continue;
            }
            if (bg_of(&st)->phase == BG_MOVE) {
                bg_view view;
                alea__bg_view(&view, bg_of(&st), bg_of(&st)->turn);
                for (int a = 1; a <= 6; a++)
                    for (int b = 1; b <= a; b++) {
                        int m = 0;
                        size_t n = alea__bg_legal_moves(&view, a, b, list, &m);
                        v.n = 0;
                        alea__bg_each_move(&view, a, b, collect_move, &v);
                        ck_assert_msg(v.n == n, "dice %d-%d: %zu visited, %zu listed (seed %llu)",
                                      a, b, v.n, n, (unsigned long long)test_seed(71));
                        ck_assert_mem_eq(v.got, list, n * sizeof list[0]);
                        ck_assert_int_eq(alea__bg_best_rank(&view, a, b) / 2, m);
                    }
            }
            if (g < 0)
                break;
            act(&st, legal[alea_rng_below(&rng, legal_of(&st))]);
        }
    }
}
END_TEST

/* §5.4: the largest legal lists found (doubles 1-1 and 2-2 on crowded boards,
   see doc/rules/backgammon.md) are complete and sorted: equal to the
   brute-force generator, and of the sizes recorded there. */
START_TEST(test_5_4_largest_lists_match_brute_force) {
    static const struct {
        const char *pid;
        int die;
        size_t count;
    } big[] = {{"3wcAAEAlpcpMAA", 1, 1454}, {"3wcAAEAlpcpMAA", 2, 1150}, {"HwAAgKmEUpoBAA", 1, 1107}};
    static uint64_t want[ALEA_MAX_ACTIONS];
    ref_gen g;
    alea_state st;
    alea_rng rng;
    char mid[13];
    memset(&g, 0, sizeof g);
    mk(&st, "backgammon");
    alea_rng_seed(&rng, 3);
    while (bg_of(&st)->phase != BG_MOVE) /* any position with the mover on roll */
        if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE)
            ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
        else
            act(&st, legal[0]);
    ck_assert_int_eq(alea_backgammon_match_id(mid, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, &st),
                     ALEA_OK);
    for (size_t k = 0; k < sizeof big / sizeof big[0]; k++) {
        alea_state at;
        alea_error err;
        bg_side sd;
        ck_assert_msg(alea_backgammon_from_gnubg(&at, NULL, big[k].pid, mid, &err) == ALEA_OK,
                      "%s: %s", big[k].pid, err.message);
        bg_state *s = bg_of(&at);
        s->die[0] = s->die[1] = (uint8_t)big[k].die;
        alea__bg_side(&sd, s, s->turn);
        size_t m = ref_moves(&g, &sd, big[k].die, big[k].die, want), got = legal_of(&at);
        ck_assert_uint_eq(got, big[k].count);
        ck_assert_uint_eq(m, got);
        for (size_t i = 0; i < m; i++)
            ck_assert_uint_eq(legal[i], want[i]);
    }
    free(g.leaf);
}
END_TEST

START_TEST(test_7_4_random_matches_to_7) {
    long matches = test_count("ALEA_BACKGAMMON_MATCHES", 200);
    uint64_t base = test_seed(11);
    for (int m = 0; m < matches; m++) {
        alea_state st;
        alea_rng rng;
        alea_backgammon_view v;
        uint64_t seed = base * 104729u + (uint64_t)m;
        alea_rng_seed(&rng, seed);
        mk(&st, m % 3 == 0 ? "backgammon match=7 resign=on" : "backgammon match=7");
        int crawford_games = 0, games = 0;
        uint32_t before[2] = {0, 0};
        bool was_crawford = false;
        while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
            view_of(&v, &st);
            if (v.games_played != games) { /* a game ended: the score rules */
                int w = v.last_winner;
                REQUIRE((v.score[w]) == ((int32_t)before[w] + v.last_value), "%s",
                        "v.score[w] == (int32_t)before[w] + v.last_value");
                REQUIRE((v.score[1 - w]) == ((int32_t)before[1 - w]), "%s",
                        "v.score[1 - w] == (int32_t)before[1 - w]");
                if (v.last_how == ALEA_BACKGAMMON_END_DROP)
                    ck_assert_int_le(v.last_value, 64);
                games = v.games_played;
                before[0] = (uint32_t)v.score[0];
                before[1] = (uint32_t)v.score[1];
                was_crawford = false;
            }
            if (v.crawford && !was_crawford) {
                crawford_games++;
                was_crawford = true;
                REQUIRE(v.score[0] == 6 || v.score[1] == 6, "%s",
                        "v.score[0] == 6 || v.score[1] == 6");
            }
            if (v.crawford)
                REQUIRE((v.cube_value) == (1), "%s", "v.cube_value == 1");
            if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE) {
                REQUIRE(alea_state_roll(NULL, &st, &rng) == ALEA_OK, "roll");
            } else {
                size_t n = legal_of(&st);
                act(&st, legal[alea_rng_below(&rng, n)]);
            }
        }
        view_of(&v, &st);
        REQUIRE(v.score[0] >= 7 || v.score[1] >= 7, "%s", "v.score[0] >= 7 || v.score[1] >= 7");
        REQUIRE(!(v.score[0] >= 7 && v.score[1] >= 7), "%s",
                "!(v.score[0] >= 7 && v.score[1] >= 7)");
        ck_assert_int_le(crawford_games, 1);
        /* exactly once if someone reached 6 before the end without skipping it */
    }
}
END_TEST

/* ---- the trained evaluator (doc/bots.md "The network") ---- */

/* The weights compiled in are the file's: their checksum is the one the
   generated lib/backgammon/weights.c states in its header and its constant,
   the header names the command, seed, games and hours that made them, and
   the networks are not all zero. */
START_TEST(test_evaluator_weights_file_and_checksum) {
    char path[4096], line[512], stated[32];
    FILE *f;
    bool command = false, run = false, sum = false, nonzero = false;
    uint32_t computed = alea__bg_net_checksum(alea__bg_nets);
    ck_assert_uint_eq(computed, alea__bg_nets_checksum);
    snprintf(stated, sizeof stated, "checksum: 0x%08x", (unsigned)computed);
    snprintf(path, sizeof path, "%s/lib/backgammon/weights.c", ALEA_SOURCE_ROOT);
    f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    for (int i = 0; i < 12 && fgets(line, sizeof line, f); i++) {
        command |= strstr(line, "made by:  alea-bg-train") != NULL;
        run |= strstr(line, "self-play games") && strstr(line, "hours of CPU") &&
               strstr(line, "seed ");
        sum |= strstr(line, stated) != NULL;
    }
    fclose(f);
    ck_assert_msg(command && run && sum, "weights.c header: command %d, run %d, checksum %d",
                  command, run, sum);
    for (int k = 0; k < BG_NET_COUNT; k++)
        for (size_t i = 0; i < (size_t)BG_NET_INPUTS * BG_NET_HIDDEN && !nonzero; i++)
            nonzero = alea__bg_nets[k].w1[i] != 0.0f;
    ck_assert(nonzero);
}
END_TEST

/* The five probabilities of positions from random games are ordered (§6:
   a backgammon is a gammon is a win), a finished game's are exact, and the
   n-ply values of a position are the same numbers on every call. */
START_TEST(test_evaluator_probabilities_consistent) {
    alea_rng rng;
    long games = test_scale_at_least(20, 2); /* both depths, 0 and 1 ply */
    alea_rng_seed(&rng, test_seed(31));
    for (int game = 0; game < games; game++) {
        alea_state st;
        ck_assert_int_eq(alea_state_init(&st, "backgammon", NULL), ALEA_OK);
        while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
            const bg_state *s = (const bg_state *)(const void *)&st;
            uint64_t a;
            if (s->phase == BG_DICE) {
                bg_side side;
                double p[5], again[5];
                alea__bg_side(&side, s, s->turn);
                alea__bg_ply_probs(&side, game % 2, p);
                alea__bg_ply_probs(&side, game % 2, again);
                ck_assert_mem_eq(p, again, sizeof p);
                ck_assert(p[0] >= 0 && p[0] <= 1);
                ck_assert(p[2] <= p[1] + 1e-6 && p[1] <= p[0] + 1e-6);
                ck_assert(p[4] <= p[3] + 1e-6 && p[3] <= 1 - p[0] + 1e-6);
            }
            if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE)
                ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
            else {
                ck_assert_int_eq(alea_bot_choose(&a, &st, ALEA_BOT_RANDOM, &rng), ALEA_OK);
                ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
            }
        }
    }
    {
        bg_pair p;
        double probs[5];
        memset(&p, 0, sizeof p);
        p.c[0][0] = 15; /* the player on roll has borne off all; the loser has 15 on his bar */
        p.c[1][25] = 15;
        alea__bg_net_probs(&p, probs);
        ck_assert(probs[0] == 1 && probs[1] == 1 && probs[2] == 1 && probs[3] == 0 &&
                  probs[4] == 0);
        ck_assert_double_eq(alea__bg_equity(probs), 3.0);
    }
}
END_TEST


/* The match equity table (met.c, doc/bots.md "Match equity") over 25
   points: a chance in (0, 1); the two players' chances at one score sum to
   1 (so an even score is 1/2); more points to go is worse, the opponent's
   more better; §7.4 the Crawford game (leader 1 away) at 2 away near the
   published 0.68 to 0.70 for the leader, and after it the trailer's chance
   never rises with the points he needs, equal at 3 and 4 away (the
   leader's free drop) and 1/2 at 2 away (one game for the match). */
START_TEST(test_7_4_match_equity_table) {
    bg_met m;
    const double tol = 1e-6;
    alea__bg_met_fill(&m, 25);
    ck_assert_int_eq(m.n, 25);
    for (int a = 1; a <= 25; a++)
        for (int b = 1; b <= 25; b++) {
            double v = m.pre[a - 1][b - 1];
            ck_assert_msg(v > 0 && v < 1, "%d-away against %d-away: %g", a, b, v);
            ck_assert_msg(fabs(v + m.pre[b - 1][a - 1] - 1) < tol, "%d, %d: %g + %g", a, b, v,
                          m.pre[b - 1][a - 1]);
            if (a > 1)
                ck_assert_msg(v < m.pre[a - 2][b - 1] + tol, "%d-away no better than %d", a, a - 1);
            if (b > 1)
                ck_assert_msg(v > m.pre[a - 1][b - 2] - tol, "against %d no worse than %d", b,
                              b - 1);
        }
    ck_assert_double_eq_tol(m.pre[0][0], 0.5, tol);
    ck_assert_double_eq_tol(m.pre[6][6], 0.5, tol);
    ck_assert_msg(m.pre[0][1] > 0.66 && m.pre[0][1] < 0.71, "Crawford 1-2: %g", m.pre[0][1]);
    ck_assert_double_eq_tol(m.post[0], 0.5, tol);
    ck_assert_double_eq_tol(m.post[1], 0.5, tol);
    ck_assert_double_eq_tol(m.post[2], m.post[3], tol);
    for (int t = 2; t <= 25; t++)
        ck_assert_msg(m.post[t - 1] <= m.post[t - 2] + tol && m.post[t - 1] > 0, "post %d", t);
    /* the trailer t away is better off after the Crawford game than in it:
       his cube is free then */
    for (int t = 2; t <= 25; t++)
        ck_assert_msg(m.post[t - 1] > m.pre[t - 1][0] - tol, "Crawford %d", t);
}
END_TEST

static Suite *backgammon_suite(void) {
    Suite *s = suite_create("backgammon");
    TCase *tc = tcase_create("rules");
    tcase_add_loop_test(tc, test_10_1_opening_roll_counts, 0, 21);
    tcase_add_test(tc, test_10_1_opening_total_447_and_190);
    tcase_add_test(tc, test_evaluator_weights_file_and_checksum);
    tcase_add_test(tc, test_evaluator_probabilities_consistent);
    tcase_add_test(tc, test_10_1_opening_65_set);
    tcase_add_test(tc, test_10_1_opening_55_set_6_1_blocked);
    tcase_add_test(tc, test_10_1_opening_31_gives_sGfw);
    tcase_add_loop_test(tc, test_10_2_edge_case, 0,
                        (int)(sizeof edge_cases / sizeof edge_cases[0]));
    tcase_add_test(tc, test_10_2_larger_die_reason);
    tcase_add_test(tc, test_10_2_bar_first_reason);
    tcase_add_test(tc, test_10_2_bear_off_outside_reason);
    tcase_add_test(tc, test_5_3_must_use_both_dice_reason);
    tcase_add_test(tc, test_5_1_blocked_point_reason);
    tcase_add_loop_test(tc, test_8_position_id_vector, 0,
                        (int)(sizeof pid_vectors / sizeof pid_vectors[0]));
    tcase_add_test(tc, test_8_start_key_bytes);
    tcase_add_test(tc, test_8_corrupt_position_ids);
    tcase_add_test(tc, test_8_shared_point_rejected);
    tcase_add_loop_test(tc, test_9_match_id_vector, 0,
                        (int)(sizeof mid_vectors / sizeof mid_vectors[0]));
    tcase_add_test(tc, test_9_match_id_fields);
    tcase_add_test(tc, test_9_game_over_and_corrupt_match_ids);
    tcase_add_test(tc, test_9_game_flow_vectors);
    tcase_add_test(tc, test_9_drop_starts_next_game);
    tcase_add_test(tc, test_3_opening_seeds_rule);
    tcase_add_test(tc, test_3_opening_standard_rule);
    tcase_add_test(tc, test_7_6_automatic_doubles);
    tcase_add_test(tc, test_6_single_gammon_backgammon);
    tcase_add_test(tc, test_6_cube_multiplies_and_jacoby);
    tcase_add_test(tc, test_6_resignation_offers);
    tcase_add_test(tc, test_7_3_double_take_drop_owner);
    tcase_add_test(tc, test_7_3_no_double_when_not_owner_or_at_max);
    tcase_add_test(tc, test_7_3_beaver);
    tcase_add_test(tc, test_7_5_crawford_example);
    tcase_add_test(tc, test_7_4_crawford_game_no_double);
    tcase_add_test(tc, test_7_4_match_equity_table);
    tcase_add_test(tc, test_7_1_invalid_combinations);
    tcase_add_test(tc, test_5_6_notation_spellings_and_garbage);
    tcase_add_test(tc, test_state_text_round_trip_and_corrupt);
    tcase_add_test(tc, test_json_board_and_view);
    suite_add_tcase(s, tc);
    TCase *rnd = tcase_create("random");
    tcase_set_timeout(rnd, 3600);
    tcase_add_test(rnd, test_random_games_keep_invariants);
    tcase_add_test(rnd, test_7_4_random_matches_to_7);
    tcase_add_test(rnd, test_5_legal_moves_match_brute_force);
    tcase_add_test(rnd, test_5_4_largest_lists_match_brute_force);
    tcase_add_test(rnd, test_5_3_check_without_the_list_agrees_with_it);
    tcase_add_test(rnd, test_5_moves_visited_one_at_a_time_are_the_list);
    suite_add_tcase(s, rnd);
    return s;
}

int main(void) {
    return test_run(backgammon_suite());
}
