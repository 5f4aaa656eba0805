/* Dice poker: every test vector of the rules (TV-1 .. TV-18) played through
   the public API, the rules they do not cover, the protocol (chance, holds,
   phases, bad values), the notation, the state text, JSON and the typed API.
   Rule numbers P-x.y: doc/rules/dice_poker.md. */
#include "support.h"

#include <alea/dice_poker.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice_poker/dp.h" /* internal: raw-state corruption, the reserve search */

enum {
    PAIR = ALEA_DICE_POKER_PAIR,
    THREE = ALEA_DICE_POKER_THREE,
    TWO_PAIRS = ALEA_DICE_POKER_TWO_PAIRS,
    FULL = ALEA_DICE_POKER_FULL,
    FOUR = ALEA_DICE_POKER_FOUR,
    POKER = ALEA_DICE_POKER_POKER,
    SMALL = ALEA_DICE_POKER_SMALL,
    LARGE = ALEA_DICE_POKER_LARGE,
    SUM = ALEA_DICE_POKER_SUM
};
#define SCHOOL(n) ((n)-1)
#define SCORE_A(row) ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_SCORE, row)
#define STRIKE_A(row) ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_STRIKE, row)

/* ---- helpers ------------------------------------------------------------ */

static void mk(alea_state *st, const char *spec) {
    alea_error err;
    alea_status s = alea_state_init(st, spec, &err);
    ck_assert_msg(s == ALEA_OK, "init %s: %s", spec, err.message);
}

/* "44442" -> counts per face. */
static void counts_of(const char *dice, uint8_t c[6]) {
    memset(c, 0, 6);
    for (; *dice; dice++)
        if (*dice >= '1' && *dice <= '6')
            c[*dice - '1']++;
}

static uint64_t roll_of(const char *dice) {
    uint8_t c[6];
    counts_of(dice, c);
    return ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_ROLL, alea_dice_poker_pack(c));
}

static uint64_t hold_of(const char *dice) {
    uint8_t c[6];
    counts_of(dice, c);
    return ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_HOLD, alea_dice_poker_pack(c));
}

static void act(alea_state *st, uint64_t a) {
    alea_error err;
    alea_status s = alea_state_apply(st, a, &err);
    ck_assert_msg(s == ALEA_OK, "apply 0x%llx: %s", (unsigned long long)a, err.message);
}

/* The five dice thrown at once (first throw of a turn: doubling, P-3.1). */
static void at_once(alea_state *st, const char *dice) {
    act(st, roll_of(dice));
}

/* The five dice reached by a re-throw of the last one (no doubling). */
static void held(alea_state *st, const char *dice) {
    char keep[5], last[2] = {dice[4], 0};
    memcpy(keep, dice, 4);
    keep[4] = 0;
    act(st, roll_of(dice));
    act(st, hold_of(keep));
    act(st, roll_of(last));
}

static void score(alea_state *st, int row) {
    act(st, SCORE_A(row));
}

static void strike(alea_state *st, int row) {
    act(st, STRIKE_A(row));
}

static void view_of(const alea_state *st, alea_dice_poker_view *v) {
    v->version = ALEA_DICE_POKER_VIEW_VERSION;
    ck_assert_int_eq(alea_dice_poker_get_view(v, st), ALEA_OK);
}

/* A scripted turn: dice, how ('o' at once, 'h' held, 's' at once then
   strike), row. */
typedef struct turn {
    const char *dice;
    char how;
    int row;
} turn;

static void play(alea_state *st, const turn *t) {
    if (t->how == 'h')
        held(st, t->dice);
    else
        at_once(st, t->dice);
    if (t->how == 's')
        strike(st, t->row);
    else
        score(st, t->row);
}

/* A turn that fills the seat's first open row except `avoid`, earning
   nothing: School rows get a zero (one die of each number, no reserve),
   combination rows are struck. */
static void filler(alea_state *st, int avoid) {
    alea_dice_poker_view v;
    view_of(st, &v);
    const alea_dice_poker_card *card = &v.card[v.seat];
    at_once(st, "12346");
    for (int r = 0; r < ALEA_DICE_POKER_ROWS; r++) {
        if (r == avoid || card->mark[r][v.columns - 1] != ALEA_DICE_POKER_EMPTY)
            continue;
        if (r < 6)
            score(st, r);
        else
            strike(st, r);
        return;
    }
    ck_abort_msg("no row left for a filler turn");
}

static int32_t score_of(const alea_state *st, int seat) {
    int32_t scores[ALEA_MAX_PLAYERS];
    size_t n;
    ck_assert_int_eq(alea_state_scores(scores, ALEA_MAX_PLAYERS, &n, st), ALEA_OK);
    return scores[seat];
}

static size_t legal(const alea_state *st, uint64_t *out) {
    size_t n;
    ck_assert_int_eq(alea_state_legal_actions(out, ALEA_MAX_ACTIONS, &n, st), ALEA_OK);
    return n;
}

static int is_legal(const alea_state *st, uint64_t a) {
    uint64_t acts[ALEA_MAX_ACTIONS];
    size_t n = legal(st, acts);
    for (size_t i = 0; i < n; i++)
        if (acts[i] == a)
            return 1;
    return 0;
}

static void text_of(const alea_state *st, char *buf, size_t cap) {
    size_t len;
    ck_assert_int_eq(alea_state_to_text(buf, cap, &len, st), ALEA_OK);
}

/* ---- combination values, checked by playing (P-3) ----------------------- */

/* expect[row - 6] for rows Pair .. Sum; 0 = not formed (only STRIKE). */
static void check_values(const char *dice, int at_once_flag, const int expect[9]) {
    for (int row = PAIR; row <= SUM; row++) {
        alea_state st;
        alea_dice_poker_view v;
        uint8_t c[6];
        int32_t value;
        mk(&st, "dice-poker players=1");
        if (at_once_flag)
            at_once(&st, dice);
        else
            held(&st, dice);
        counts_of(dice, c);
        ck_assert_int_eq(alea_dice_poker_combination_value(&value, row, c, at_once_flag), ALEA_OK);
        ck_assert_msg(value == expect[row - PAIR], "%s %s: table %d, want %d", dice,
                      alea__dp_row_name(row), value, expect[row - PAIR]);
        ck_assert(is_legal(&st, STRIKE_A(row))); /* P-2.3: always strikable */
        if (expect[row - PAIR] == 0) {
            test_refuse(&st, SCORE_A(row), ALEA_ILLEGAL_ACTION, "P-3");
            continue;
        }
        score(&st, row);
        view_of(&st, &v);
        ck_assert_int_eq(v.card[0].mark[row][0], ALEA_DICE_POKER_SCORED);
        ck_assert_msg(v.card[0].value[row][0] == expect[row - PAIR], "%s %s: wrote %d, want %d",
                      dice, alea__dp_row_name(row), v.card[0].value[row][0], expect[row - PAIR]);
    }
}

/*                        Pair Three 2pairs Full Four Poker Small Large Sum */
START_TEST(test_TV01_four_of_a_kind_at_once) {
    static const int want[9] = {16, 24, 0, 0, 72, 0, 0, 0, 36};
    check_values("44442", 1, want);
}
END_TEST

START_TEST(test_TV02_five_ones_at_once) {
    static const int want[9] = {4, 6, 0, 0, 48, 110, 0, 0, 10};
    check_values("11111", 1, want);
}
END_TEST

START_TEST(test_TV03_five_ones_held) {
    static const int want[9] = {2, 3, 0, 0, 24, 55, 0, 0, 5};
    check_values("11111", 0, want);
}
END_TEST

START_TEST(test_TV04_full_house_at_once) {
    static const int want[9] = {20, 18, 32, 38, 0, 0, 0, 0, 38};
    check_values("33355", 1, want);
}
END_TEST

START_TEST(test_TV05_straights) {
    static const int large[9] = {0, 0, 0, 0, 0, 0, 0, 40, 40};
    static const int small[9] = {0, 0, 0, 0, 0, 0, 15, 0, 15};
    check_values("23456", 1, large);
    check_values("12345", 0, small);
}
END_TEST

START_TEST(test_TV06_five_sixes_held) {
    static const int want[9] = {12, 18, 0, 0, 44, 80, 0, 0, 30};
    check_values("66666", 0, want);
}
END_TEST

START_TEST(test_TV07_doubling_after_full_rethrow) {
    alea_state st;
    alea_dice_poker_view v;
    /* throw 1 anything, throw 2 re-throws all five -> 5,5,5,2,2: doubled */
    mk(&st, "dice-poker players=1");
    at_once(&st, "12346");
    act(&st, hold_of(""));
    act(&st, roll_of("55522"));
    view_of(&st, &v);
    ck_assert_int_eq(v.all_five, 1);
    ck_assert_int_eq(v.throws, 2);
    score(&st, FULL);
    view_of(&st, &v);
    ck_assert_int_eq(v.card[0].value[FULL][0], 38);
    /* keep 5,5,5, re-throw two -> 2,2: not doubled */
    mk(&st, "dice-poker players=1");
    at_once(&st, "55513");
    act(&st, hold_of("555"));
    act(&st, roll_of("22"));
    view_of(&st, &v);
    ck_assert_int_eq(v.all_five, 0);
    score(&st, FULL);
    view_of(&st, &v);
    ck_assert_int_eq(v.card[0].value[FULL][0], 19);
    /* first throw 5,5,5,2,2 scored at once */
    mk(&st, "dice-poker players=1");
    at_once(&st, "55522");
    score(&st, FULL);
    view_of(&st, &v);
    ck_assert_int_eq(v.card[0].value[FULL][0], 38);
}
END_TEST

START_TEST(test_TV08_two_pairs_held) {
    static const int want[9] = {12, 0, 16, 0, 0, 0, 0, 0, 17};
    check_values("66221", 0, want);
}
END_TEST

START_TEST(test_P3_inclusions_and_exclusions) {
    /* P-3.3 / P-3.4 with dice held (no doubling) */
    static const int four_held[9] = {12, 18, 0, 0, 44, 0, 0, 0, 26};
    static const int full_held[9] = {4, 3, 6, 7, 0, 0, 0, 0, 7};
    static const int two_pairs[9] = {10, 0, 14, 0, 0, 0, 0, 0, 15};
    check_values("66662", 0, four_held); /* four is no Two pairs (P-3.4) */
    check_values("11122", 0, full_held); /* Pair uses the larger value (P-3.3) */
    check_values("55221", 0, two_pairs);
}
END_TEST

START_TEST(test_P3_values_table_matches_every_throw) {
    dp_value_set sets[ALEA_DICE_POKER_ROWS];
    alea__dp_achievable_values(sets);
    for (int row = 0; row < ALEA_DICE_POKER_ROWS; row++)
        for (int v = -1; v <= 300; v++) {
            int in = v >= 0 && v <= 160 && (sets[row].bits[v / 64] >> (v % 64) & 1u);
            ck_assert_msg(alea__dp_value_achievable(row, v) == in, "row %d value %d", row, v);
        }
    ck_assert(alea__dp_value_achievable(POKER, 160));
    ck_assert(alea__dp_value_achievable(POKER, 55));
    ck_assert(!alea__dp_value_achievable(POKER, 56));
    ck_assert(!alea__dp_value_achievable(PAIR, 14));
    ck_assert(alea__dp_value_achievable(PAIR, 24));
}
END_TEST

/* ---- School (P-4) ------------------------------------------------------- */

START_TEST(test_TV09_text_reserve_example) {
    alea_state st;
    alea_dice_poker_view v;
    mk(&st, "dice-poker players=1");
    at_once(&st, "44441");
    score(&st, SCHOOL(4));
    view_of(&st, &v);
    ck_assert_int_eq(v.card[0].mark[SCHOOL(4)][0], ALEA_DICE_POKER_CLOSED);
    ck_assert_int_eq(v.card[0].reserve, 4);
    ck_assert_int_eq(v.card[0].record_row, SCHOOL(4));
    ck_assert_int_eq(v.card[0].record_col, 0);
    at_once(&st, "33126");
    score(&st, SCHOOL(3));
    view_of(&st, &v);
    ck_assert_int_eq(v.card[0].mark[SCHOOL(3)][0], ALEA_DICE_POKER_CLOSED_RESERVE);
    ck_assert_int_eq(v.card[0].value[SCHOOL(3)][0], 0); /* the view: SCORED points only */
    ck_assert_int_eq(v.card[0].reserve, 1);
    ck_assert_int_eq(v.card[0].record_row, SCHOOL(3)); /* the "4" is struck out (P-4.5) */
    /* the School-3 row bonus is out of this player's reach */
    at_once(&st, "33312");
    score(&st, SCHOOL(3));
    at_once(&st, "33312");
    score(&st, SCHOOL(3));
    view_of(&st, &v);
    ck_assert_int_eq(v.bonus_owner[SCHOOL(3)], -1);
    ck_assert_int_eq(v.card[0].reserve, 1);
}
END_TEST

START_TEST(test_TV10_school_not_doubled) {
    alea_state st;
    alea_dice_poker_view v;
    mk(&st, "dice-poker players=1");
    at_once(&st, "22222");
    score(&st, SCHOOL(2));
    view_of(&st, &v);
    ck_assert_int_eq(v.card[0].mark[SCHOOL(2)][0], ALEA_DICE_POKER_CLOSED);
    ck_assert_int_eq(v.card[0].reserve, 4);
    ck_assert_int_eq(score_of(&st, 0), 4);
}
END_TEST

/* Scores School n with the dice of st and checks the outcome (P-4.1 .. P-4.3). */
static void school_outcome(alea_state *st, int n, int mark, int reserve) {
    alea_dice_poker_view v;
    int col;
    view_of(st, &v);
    for (col = 0; v.card[0].mark[n - 1][col] != ALEA_DICE_POKER_EMPTY; col++)
        ;
    score(st, SCHOOL(n));
    view_of(st, &v);
    ck_assert_msg(v.card[0].mark[n - 1][col] == mark, "School %d: mark %d, want %d", n,
                  v.card[0].mark[n - 1][col], mark);
    ck_assert_int_eq(v.card[0].reserve, reserve);
}

START_TEST(test_TV11_zeros) {
    alea_state st;
    mk(&st, "dice-poker players=1");
    at_once(&st, "11112"); /* School 1: +1 */
    score(&st, SCHOOL(1));
    at_once(&st, "62215");
    static const int rows[4] = {6, 5, 2, 1};
    for (int i = 0; i < 4; i++) {
        alea_state copy = st; /* the same dice, one row each */
        school_outcome(&copy, rows[i], ALEA_DICE_POKER_ZERO, 1);
    }
    mk(&st, "dice-poker players=1");
    at_once(&st, "11111"); /* School 1: +2 */
    score(&st, SCHOOL(1));
    at_once(&st, "14456");
    school_outcome(&st, 1, ALEA_DICE_POKER_CLOSED_RESERVE, 0);
}
END_TEST

START_TEST(test_TV12_one_die_required) {
    alea_state st;
    mk(&st, "dice-poker players=1");
    for (int i = 0; i < 3; i++) {
        at_once(&st, "55555");
        score(&st, SCHOOL(5));
    }
    at_once(&st, "11234");
    ck_assert(is_legal(&st, SCORE_A(SCHOOL(6)))); /* P-4.4: always legal */
    school_outcome(&st, 6, ALEA_DICE_POKER_ZERO, 30);
    ck_assert_int_eq(score_of(&st, 0), 30 - 200 + 25); /* School-5 bonus too */
}
END_TEST

START_TEST(test_P4_school_outcomes) {
    alea_state st;
    mk(&st, "dice-poker players=1");
    at_once(&st, "33312");
    school_outcome(&st, 3, ALEA_DICE_POKER_CLOSED, 0); /* P-4.1: k = 3 */
    at_once(&st, "66662");
    school_outcome(&st, 6, ALEA_DICE_POKER_CLOSED, 6); /* k = 4: + n */
    at_once(&st, "66666");
    school_outcome(&st, 6, ALEA_DICE_POKER_CLOSED, 18); /* k = 5: + 2n */
    at_once(&st, "66666");
    school_outcome(&st, 1, ALEA_DICE_POKER_ZERO, 18); /* P-4.3: k = 0 */
    mk(&st, "dice-poker players=1");
    at_once(&st, "66666");
    score(&st, SCHOOL(6)); /* res 12 */
    at_once(&st, "55123");
    school_outcome(&st, 5, ALEA_DICE_POKER_CLOSED_RESERVE, 7); /* P-4.2: k = 2, cost 5 */
    at_once(&st, "51234");
    school_outcome(&st, 5, ALEA_DICE_POKER_ZERO, 7); /* k = 1, cost 10 > 7 */
    at_once(&st, "66123");
    school_outcome(&st, 6, ALEA_DICE_POKER_CLOSED_RESERVE, 1); /* k = 2, cost 6 <= 7 */
}
END_TEST

START_TEST(test_P4_4_reserve_never_partial) {
    alea_state st;
    alea_dice_poker_view v;
    mk(&st, "dice-poker players=1");
    at_once(&st, "66662");
    score(&st, SCHOOL(6)); /* res 6 */
    at_once(&st, "51234");
    score(&st, SCHOOL(5)); /* cost 10 > 6: zero, reserve untouched */
    view_of(&st, &v);
    ck_assert_int_eq(v.card[0].mark[SCHOOL(5)][0], ALEA_DICE_POKER_ZERO);
    ck_assert_int_eq(v.card[0].reserve, 6);
    ck_assert_int_eq(v.card[0].record_row, SCHOOL(6)); /* a zero writes no record */
}
END_TEST

/* ---- bonuses (P-6) ------------------------------------------------------ */

START_TEST(test_TV13_school_row_bonus) {
    alea_state st;
    alea_dice_poker_view v;
    static const turn row5[3] = {
        {"55512", 'o', SCHOOL(5)}, {"55551", 'o', SCHOOL(5)}, {"55534", 'o', SCHOOL(5)}};
    mk(&st, "dice-poker players=1");
    for (int i = 0; i < 3; i++)
        play(&st, &row5[i]);
    view_of(&st, &v);
    ck_assert_int_eq(v.bonus_owner[SCHOOL(5)], 0);
    ck_assert_int_eq(v.bonus_value[SCHOOL(5)], 25);
    ck_assert_int_eq(v.card[0].reserve, 5);
    ck_assert_int_eq(score_of(&st, 0), 30);
    /* Seat 0 uses the reserve in column 2: no bonus for him; seat 1 wins it. */
    mk(&st, "dice-poker players=2");
    static const turn a[4] = {{"66666", 'o', SCHOOL(6)},
                              {"55512", 'o', SCHOOL(5)},
                              {"55123", 'o', SCHOOL(5)},
                              {"55512", 'o', SCHOOL(5)}};
    for (int i = 0; i < 4; i++) {
        play(&st, &a[i]);
        filler(&st, SCHOOL(5));
    }
    view_of(&st, &v);
    ck_assert_int_eq(v.card[0].mark[SCHOOL(5)][1], ALEA_DICE_POKER_CLOSED_RESERVE);
    ck_assert_int_eq(v.bonus_owner[SCHOOL(5)], -1); /* P-6.3: not blocked */
    for (int i = 0; i < 3; i++) {
        filler(&st, -1);
        play(&st, &row5[i]);
    }
    view_of(&st, &v);
    ck_assert_int_eq(v.bonus_owner[SCHOOL(5)], 1);
    ck_assert_int_eq(v.bonus_value[SCHOOL(5)], 25);
}
END_TEST

START_TEST(test_TV14_row_bonus_first_earner) {
    alea_state st;
    alea_dice_poker_view v;
    /* Three row 18, 12, 36, none struck: +36 */
    static const turn three[3] = {
        {"66612", 'h', THREE}, {"22213", 'o', THREE}, {"66612", 'o', THREE}};
    mk(&st, "dice-poker players=1");
    for (int i = 0; i < 3; i++)
        play(&st, &three[i]);
    view_of(&st, &v);
    ck_assert_int_eq(v.card[0].value[THREE][0], 18);
    ck_assert_int_eq(v.card[0].value[THREE][1], 12);
    ck_assert_int_eq(v.card[0].value[THREE][2], 36);
    ck_assert_int_eq(v.bonus_owner[THREE], 0);
    ck_assert_int_eq(v.bonus_value[THREE], 36);

    /* Three players: A fills Poker 55, 60, 110 on his turns 38..40; B a valid
       Poker row later; C strikes Poker (fillers strike every combination). */
    static const turn a_poker[3] = {
        {"11111", 'h', POKER}, {"22222", 'h', POKER}, {"11111", 'o', POKER}};
    static const turn b_poker[3] = {
        {"66666", 'o', POKER}, {"33333", 'h', POKER}, {"44444", 'o', POKER}};
    int done[3] = {0, 0, 0};
    mk(&st, "dice-poker players=3");
    for (int t = 0; t < 3 * 45; t++) {
        int seat = t % 3, k = ++done[seat]; /* k: the seat's turn number, from 1 */
        if (seat == 0 && k >= 38 && k <= 40)
            play(&st, &a_poker[k - 38]);
        else if (seat == 1 && k >= 41 && k <= 43)
            play(&st, &b_poker[k - 41]);
        else
            filler(&st, seat == 2 ? -1 : POKER);
        view_of(&st, &v);
        if (seat == 0 && k == 39)
            ck_assert_int_eq(v.bonus_owner[POKER], -1);
        if (seat == 0 && k == 40) {
            ck_assert_int_eq(v.bonus_owner[POKER], 0);
            ck_assert_int_eq(v.bonus_value[POKER], 110);
        }
    }
    view_of(&st, &v);
    ck_assert_int_eq(v.phase, ALEA_DICE_POKER_PHASE_OVER);
    for (int c = 0; c < 3; c++) {
        ck_assert_int_eq(v.card[1].mark[POKER][c], ALEA_DICE_POKER_SCORED); /* B valid... */
        ck_assert_int_eq(v.card[2].mark[POKER][c], ALEA_DICE_POKER_STRUCK);
    }
    ck_assert_int_eq(v.bonus_owner[POKER], 0); /* ...but second: nothing */
    ck_assert_int_eq(v.bonus_value[POKER], 110);
    ck_assert_int_eq(score_of(&st, 0), 55 + 60 + 110 + 110 - 200 * 18);
    ck_assert_int_eq(score_of(&st, 1), 160 + 65 + 140 - 200 * 18);
}
END_TEST

/* Column 1 of a one-column card, in the order given; returns the state. */
static void play_column(alea_state *st, const turn *turns, int n) {
    mk(st, "dice-poker players=1 columns=1");
    for (int i = 0; i < n; i++)
        play(st, &turns[i]);
}

START_TEST(test_TV15_column_bonus) {
    turn col[15] = {
        {"66666", 'o', SCHOOL(6)}, /* +12 */
        {"13456", 'o', SCHOOL(1)}, /* k = 1: closed with the reserve */
        {"22213", 'o', SCHOOL(2)}, {"33312", 'o', SCHOOL(3)}, {"44412", 'o', SCHOOL(4)},
        {"55512", 'o', SCHOOL(5)}, {"66123", 'h', PAIR},      {"55512", 'h', THREE},
        {"66551", 'h', TWO_PAIRS}, {"33355", 'o', FULL},      {"66661", 'h', FOUR},
        {"22222", 'h', POKER},     {"12345", 'h', SMALL},     {"23456", 'h', LARGE},
        {"66661", 'h', SUM},
    };
    alea_state st;
    alea_dice_poker_view v;
    play_column(&st, col, 15);
    view_of(&st, &v);
    static const int want[9] = {12, 15, 22, 38, 44, 60, 15, 20, 25};
    for (int r = PAIR; r <= SUM; r++)
        ck_assert_int_eq(v.card[0].value[r][0], want[r - PAIR]);
    ck_assert_int_eq(v.card[0].mark[SCHOOL(1)][0], ALEA_DICE_POKER_CLOSED_RESERVE);
    ck_assert_int_eq(v.bonus_owner[ALEA_DICE_POKER_COLUMN_BONUS(0)], 0);
    ck_assert_int_eq(v.bonus_value[ALEA_DICE_POKER_COLUMN_BONUS(0)], 60);
    /* School 6 a zero instead: no column bonus */
    col[0] = (turn){"12345", 'o', SCHOOL(6)};
    col[1] = (turn){"11123", 'o', SCHOOL(1)};
    play_column(&st, col, 15);
    view_of(&st, &v);
    ck_assert_int_eq(v.card[0].mark[SCHOOL(6)][0], ALEA_DICE_POKER_ZERO);
    ck_assert_int_eq(v.bonus_owner[ALEA_DICE_POKER_COLUMN_BONUS(0)], -1);
    /* a struck combination instead: no column bonus */
    col[0] = (turn){"66612", 'o', SCHOOL(6)};
    col[14] = (turn){"66661", 's', SUM};
    play_column(&st, col, 15);
    view_of(&st, &v);
    ck_assert_int_eq(v.bonus_owner[ALEA_DICE_POKER_COLUMN_BONUS(0)], -1);
    ck_assert_int_eq(v.bonus_owner[POKER], 0); /* the row bonuses still count */
}
END_TEST

START_TEST(test_TV16_final_score) {
    static const turn a[45] = {
        {"33125", 'o', PAIR},      {"55123", 'h', PAIR},      {"66123", 'o', PAIR},
        {"66551", 'h', TWO_PAIRS}, {"12346", 's', TWO_PAIRS}, {"66331", 'h', TWO_PAIRS},
        {"33355", 'o', FULL},      {"33355", 'h', FULL},      {"66644", 'h', FULL},
        {"66661", 'h', FOUR},      {"44442", 'o', FOUR},      {"12346", 's', FOUR},
        {"12346", 's', POKER},     {"11111", 'h', POKER},     {"12346", 's', POKER},
        {"12345", 'h', SMALL},     {"12345", 'o', SMALL},     {"12345", 'h', SMALL},
        {"23456", 'h', LARGE},     {"23456", 'o', LARGE},     {"12346", 's', LARGE},
        {"66663", 'h', SUM},       {"66631", 'h', SUM},       {"66644", 'o', SUM},
        {"66612", 'h', THREE},     {"55512", 'h', THREE},     {"66612", 'o', THREE},
        {"11111", 'o', SCHOOL(1)}, {"11123", 'o', SCHOOL(1)}, {"11123", 'o', SCHOOL(1)},
        {"22213", 'o', SCHOOL(2)}, {"22213", 'o', SCHOOL(2)}, {"22213", 'o', SCHOOL(2)},
        {"33312", 'o', SCHOOL(3)}, {"33312", 'o', SCHOOL(3)}, {"33312", 'o', SCHOOL(3)},
        {"44412", 'o', SCHOOL(4)}, {"44412", 'o', SCHOOL(4)}, {"44412", 'o', SCHOOL(4)},
        {"55512", 'o', SCHOOL(5)}, {"55551", 'o', SCHOOL(5)}, {"55512", 'o', SCHOOL(5)},
        {"66612", 'o', SCHOOL(6)}, {"66612", 'o', SCHOOL(6)}, {"12345", 'o', SCHOOL(6)},
    };
    turn b[45];
    int n = 0;
    for (int s = 1; s <= 4; s++) /* B claims School 1..4 and Three first */
        for (int i = 0; i < 3; i++)
            b[n++] = (turn){s == 1   ? "11123"
                            : s == 2 ? "22213"
                            : s == 3 ? "33312"
                                     : "44412",
                            'o', SCHOOL(s)};
    for (int i = 0; i < 3; i++)
        b[n++] = (turn){"66612", 'o', THREE};
    for (int i = 0; i < 3; i++)
        b[n++] = (turn){"12346", 'o', SCHOOL(5)}; /* zeros */
    for (int i = 0; i < 3; i++)
        b[n++] = (turn){"12345", 'o', SCHOOL(6)};
    for (int r = PAIR; r <= SUM; r++)
        if (r != THREE)
            for (int i = 0; i < 3; i++)
                b[n++] = (turn){"12346", 's', r};
    ck_assert_int_eq(n, 45);

    alea_state st;
    alea_dice_poker_view v;
    mk(&st, "dice-poker players=2 columns=3");
    for (int t = 0; t < 45; t++) {
        play(&st, &a[t]);
        play(&st, &b[t]);
    }
    view_of(&st, &v);
    ck_assert_int_eq(v.phase, ALEA_DICE_POKER_PHASE_OVER);
    ck_assert_int_eq(v.card[0].reserve, 7);
    static const int cells[9][3] = {{12, 10, 24}, {18, 15, 36}, {22, 0, 18},
                                    {38, 19, 26}, {44, 72, 0},  {0, 55, 0},
                                    {15, 30, 15}, {20, 40, 0},  {27, 22, 52}};
    int total = 0;
    for (int r = PAIR; r <= SUM; r++)
        for (int c = 0; c < 3; c++) {
            ck_assert_int_eq(v.card[0].value[r][c], cells[r - PAIR][c]);
            total += cells[r - PAIR][c];
        }
    ck_assert_int_eq(total, 630);
    /* A's bonuses: Pair 24, Full 38, Small 30, School-5 25 */
    int a_bonus = 0;
    for (int i = 0; i < ALEA_DICE_POKER_BONUSES; i++)
        if (v.bonus_owner[i] == 0)
            a_bonus += v.bonus_value[i];
    ck_assert_int_eq(v.bonus_owner[PAIR], 0);
    ck_assert_int_eq(v.bonus_value[PAIR], 24);
    ck_assert_int_eq(v.bonus_owner[FULL], 0);
    ck_assert_int_eq(v.bonus_value[FULL], 38);
    ck_assert_int_eq(v.bonus_owner[SMALL], 0);
    ck_assert_int_eq(v.bonus_value[SMALL], 30);
    ck_assert_int_eq(v.bonus_owner[SCHOOL(5)], 0);
    ck_assert_int_eq(v.bonus_value[SCHOOL(5)], 25);
    ck_assert_int_eq(v.bonus_owner[THREE], 1); /* claimed earlier by B */
    ck_assert_int_eq(v.bonus_value[THREE], 36);
    ck_assert_int_eq(a_bonus, 24 + 38 + 30 + 25);
    for (int c = 0; c < 3; c++)
        ck_assert_int_eq(v.bonus_owner[ALEA_DICE_POKER_COLUMN_BONUS(c)], -1);
    ck_assert_int_eq(v.card[0].score, 554);
    ck_assert_int_eq(score_of(&st, 0), 554);
    ck_assert_int_eq(score_of(&st, 1), 108 + 5 + 10 + 15 + 20 + 36 - 1200);
    alea_result res;
    ck_assert_int_eq(alea_state_result(&res, &st), ALEA_OK);
    ck_assert_int_eq(res.terminal, 1);
    ck_assert_int_eq(res.winner, 0);
}
END_TEST

START_TEST(test_P6_3_invalid_completion_does_not_block) {
    alea_state st;
    alea_dice_poker_view v;
    mk(&st, "dice-poker players=2");
    /* seat 0 completes Pair with a struck cell; seat 1 completes it validly later */
    static const turn a[3] = {{"66123", 'o', PAIR}, {"12346", 's', PAIR}, {"55123", 'o', PAIR}};
    static const turn b[3] = {{"22123", 'o', PAIR}, {"33124", 'h', PAIR}, {"44123", 'o', PAIR}};
    for (int i = 0; i < 3; i++) {
        play(&st, &a[i]);
        filler(&st, PAIR);
    }
    view_of(&st, &v);
    ck_assert_int_eq(v.bonus_owner[PAIR], -1);
    for (int i = 0; i < 3; i++) {
        filler(&st, PAIR);
        play(&st, &b[i]);
    }
    view_of(&st, &v);
    ck_assert_int_eq(v.bonus_owner[PAIR], 1);
    ck_assert_int_eq(v.bonus_value[PAIR], 16);
}
END_TEST

START_TEST(test_P6_8_row_and_column_bonus_one_action) {
    turn col[15] = {
        {"11123", 'o', SCHOOL(1)}, {"22213", 'o', SCHOOL(2)}, {"33312", 'o', SCHOOL(3)},
        {"44412", 'o', SCHOOL(4)}, {"55512", 'o', SCHOOL(5)}, {"66612", 'o', SCHOOL(6)},
        {"55512", 'h', THREE},     {"66551", 'h', TWO_PAIRS}, {"33355", 'o', FULL},
        {"66661", 'h', FOUR},      {"22222", 'h', POKER},     {"12345", 'h', SMALL},
        {"23456", 'h', LARGE},     {"66661", 'h', SUM},       {"66123", 'o', PAIR},
    };
    alea_state st;
    alea_dice_poker_view v;
    play_column(&st, col, 14);
    view_of(&st, &v);
    ck_assert_int_eq(v.bonus_owner[PAIR], -1);
    ck_assert_int_eq(v.bonus_owner[ALEA_DICE_POKER_COLUMN_BONUS(0)], -1);
    play(&st, &col[14]); /* Pair 24 completes the Pair row and column 1 */
    view_of(&st, &v);
    ck_assert_int_eq(v.bonus_owner[PAIR], 0);
    ck_assert_int_eq(v.bonus_value[PAIR], 24);
    ck_assert_int_eq(v.bonus_owner[ALEA_DICE_POKER_COLUMN_BONUS(0)], 0);
    ck_assert_int_eq(v.bonus_value[ALEA_DICE_POKER_COLUMN_BONUS(0)], 60);
}
END_TEST

START_TEST(test_P6_1_sum_has_no_row_bonus) {
    alea_state st;
    alea_dice_poker_view v;
    mk(&st, "dice-poker players=1 columns=1");
    at_once(&st, "66666");
    score(&st, SUM);
    view_of(&st, &v);
    for (int b = 0; b < ALEA_DICE_POKER_BONUSES; b++)
        ck_assert_int_eq(v.bonus_owner[b], -1);
    ck_assert_int_eq(score_of(&st, 0), 60);
}
END_TEST

/* ---- results (P-7) ------------------------------------------------------ */

START_TEST(test_P7_3_ties_and_ranks) {
    alea_state st;
    alea_result res;
    /* two players playing alike: a draw */
    mk(&st, "dice-poker players=2 columns=1");
    for (int t = 0; t < 30; t++)
        filler(&st, -1);
    ck_assert_int_eq(alea_state_result(&res, &st), ALEA_OK);
    ck_assert_int_eq(res.terminal, 1);
    ck_assert_int_eq(res.draw, 1);
    ck_assert_int_eq(res.winner, -1);
    ck_assert_int_eq(res.rank[0], 1);
    ck_assert_int_eq(res.rank[1], 1);
    ck_assert_int_eq(res.score[0], -1200);
    /* three players: seats 0 and 1 tie for first, seat 2 last */
    mk(&st, "dice-poker players=3 columns=1");
    for (int t = 0; t < 45; t++) {
        if (t % 3 != 2 && t < 3) {
            at_once(&st, "66666");
            score(&st, SUM);
        } else {
            filler(&st, -1);
        }
    }
    ck_assert_int_eq(alea_state_result(&res, &st), ALEA_OK);
    ck_assert_int_eq(res.terminal, 1);
    ck_assert_int_eq(res.draw, 0);
    ck_assert_int_eq(res.winner, -1);
    ck_assert_int_eq(res.rank[0], 1);
    ck_assert_int_eq(res.rank[1], 1);
    ck_assert_int_eq(res.rank[2], 3);
    ck_assert_int_eq(res.score[0], res.score[1]);
    ck_assert_int_lt(res.score[2], res.score[0]);
}
END_TEST

START_TEST(test_P7_2_scores_so_far) {
    alea_state st;
    alea_result res;
    mk(&st, "dice-poker players=2");
    at_once(&st, "44442");
    score(&st, FOUR);
    at_once(&st, "12345");
    score(&st, SCHOOL(6)); /* zero */
    ck_assert_int_eq(score_of(&st, 0), 72);
    ck_assert_int_eq(score_of(&st, 1), -200);
    ck_assert_int_eq(alea_state_result(&res, &st), ALEA_OK);
    ck_assert_int_eq(res.terminal, 0);
    ck_assert_int_eq(res.winner, -1);
    ck_assert_int_eq(res.rank[0], 1);
    ck_assert_int_eq(res.rank[1], 2);
}
END_TEST

/* ---- the turn (P-2) ----------------------------------------------------- */

START_TEST(test_TV17_protocol) {
    alea_state st;
    alea_dice_poker_view v;
    uint64_t acts[ALEA_MAX_ACTIONS];
    /* after throw 3 only SCHOOL / WRITE / STRIKE */
    mk(&st, "dice-poker players=1");
    at_once(&st, "12346");
    act(&st, hold_of("12"));
    act(&st, roll_of("666"));
    act(&st, hold_of("66"));
    act(&st, roll_of("123"));
    view_of(&st, &v);
    ck_assert_int_eq(v.throws, 3);
    size_t n = legal(&st, acts);
    ck_assert_uint_gt(n, 0);
    for (size_t i = 0; i < n; i++)
        ck_assert_uint_ge(acts[i] >> 24, ALEA_DICE_POKER_SCORE);
    test_refuse(&st, hold_of("66"), ALEA_ILLEGAL_ACTION, "P-2.2: no more re-throws");
    /* after throw 1 with 3,3,3,5,5: 11 keep-sets, not "keep all five" */
    mk(&st, "dice-poker players=1");
    at_once(&st, "33355");
    n = legal(&st, acts);
    size_t holds = 0;
    for (size_t i = 0; i < n; i++)
        holds += acts[i] >> 24 == ALEA_DICE_POKER_HOLD;
    ck_assert_uint_eq(holds, 11);
    test_refuse(&st, hold_of("33355"), ALEA_INVALID_ARGUMENT, "P-2.2");
    /* a row fills its leftmost empty cell: never a skipped column */
    mk(&st, "dice-poker players=1");
    at_once(&st, "33355");
    score(&st, FULL);
    at_once(&st, "33355");
    ck_assert_int_eq(alea_state_apply_text(&st, "write full 3", NULL), ALEA_ILLEGAL_ACTION);
    ck_assert_int_eq(alea_state_apply_text(&st, "write full 2", NULL), ALEA_OK);
    view_of(&st, &v);
    ck_assert_int_eq(v.card[0].mark[FULL][1], ALEA_DICE_POKER_SCORED);
    ck_assert_int_eq(v.card[0].mark[FULL][2], ALEA_DICE_POKER_EMPTY);
    at_once(&st, "22244");
    score(&st, FULL);
    view_of(&st, &v);
    ck_assert_int_eq(v.card[0].value[FULL][2], 28);
    at_once(&st, "22244");
    test_refuse(&st, SCORE_A(FULL), ALEA_ILLEGAL_ACTION, "P-2.3: row Full has no empty cell");
    test_refuse(&st, STRIKE_A(FULL), ALEA_ILLEGAL_ACTION, "P-2.3");
}
END_TEST

START_TEST(test_TV18_two_player_game_length) {
    alea_state st;
    alea_rng rng;
    alea_dice_poker_view v;
    uint64_t seed = test_seed(18);
    alea_rng_seed(&rng, seed);
    mk(&st, "dice-poker players=2 columns=3");
    int turns = 0;
    while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
        int p = alea_state_current_player(&st);
        if (p == ALEA_PLAYER_CHANCE) {
            ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
            continue;
        }
        uint64_t a;
        ck_assert_int_eq(alea_bot_choose(&a, &st, ALEA_BOT_RANDOM, &rng), ALEA_OK);
        act(&st, a);
        if (a >> 24 >= ALEA_DICE_POKER_SCORE) {
            turns++;
            ck_assert_msg(p == (turns - 1) % 2, "turn %d played by seat %d (seed %llu)", turns, p,
                          (unsigned long long)seed);
            view_of(&st, &v);
            ck_assert_int_eq(v.turns, turns);
        }
    }
    ck_assert_int_eq(turns, 90);
    view_of(&st, &v);
    ck_assert_int_eq(v.seat, -1);
    ck_assert_int_eq(v.phase, ALEA_DICE_POKER_PHASE_OVER);
}
END_TEST

START_TEST(test_P1_3_columns_and_players_set_game_length) {
    static const char *specs[] = {
        "dice-poker players=1 columns=1", "dice-poker players=4 columns=1",
        "dice-poker players=3 columns=6", "dice-poker players=1 columns=6"};
    static const int turns[] = {15, 60, 270, 90};
    for (int i = 0; i < 4; i++) {
        alea_state st;
        alea_rng rng;
        alea_dice_poker_view v;
        alea_rng_seed(&rng, test_seed(13) + (uint64_t)i);
        mk(&st, specs[i]);
        test_play_random(&st, &rng, 100000);
        view_of(&st, &v);
        ck_assert_int_eq(v.phase, ALEA_DICE_POKER_PHASE_OVER);
        ck_assert_int_eq(v.turns, turns[i]);
        ck_assert_int_eq(alea_state_validate(&st, NULL), ALEA_OK);
    }
}
END_TEST

START_TEST(test_P7_4_solitaire_takes_every_met_bonus) {
    alea_rng rng;
    alea_rng_seed(&rng, test_seed(74));
    for (int game = 0; game < 20; game++) {
        alea_state st;
        alea_dice_poker_view v;
        mk(&st, "dice-poker players=1");
        test_play_random(&st, &rng, 100000);
        view_of(&st, &v);
        ck_assert_int_eq(v.phase, ALEA_DICE_POKER_PHASE_OVER);
        for (int b = 0; b < 14 + 3; b++) {
            int value;
            int met = alea__dp_bonus_met(&dp_cof(&st)->card[0], 3, b, &value);
            ck_assert_int_eq(v.bonus_owner[b], met ? 0 : -1);
            if (met)
                ck_assert_int_eq(v.bonus_value[b], value);
        }
    }
}
END_TEST

START_TEST(test_P2_2_rethrow_counts) {
    alea_state st;
    alea_dice_poker_view v;
    alea_outcome out[252];
    size_t n;
    static const size_t outcomes[6] = {1, 6, 21, 56, 126, 252};
    for (int keep = 0; keep <= 4; keep++) {
        mk(&st, "dice-poker players=1");
        at_once(&st, "12345");
        char kept[6] = "12345";
        kept[keep] = 0;
        act(&st, hold_of(kept));
        view_of(&st, &v);
        ck_assert_int_eq(v.phase, ALEA_DICE_POKER_PHASE_THROW);
        ck_assert_int_eq(alea__dp_dice_count(v.held), keep);
        ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_CHANCE);
        ck_assert_int_eq(alea_state_chance_outcomes(out, 252, &n, &st), ALEA_OK);
        ck_assert_uint_eq(n, outcomes[5 - keep]);
        /* a throw of the wrong number of dice */
        test_refuse(&st, roll_of(keep == 4 ? "12" : "1"), ALEA_ILLEGAL_ACTION, "P-2.2");
        act(&st, roll_of(&"66666"[keep]));
        view_of(&st, &v);
        ck_assert_int_eq(v.throws, 2);
        ck_assert_int_eq(v.all_five, keep == 0);
        ck_assert_int_eq(v.dice[5], 5 - keep);
    }
}
END_TEST

static size_t count_kind(const alea_state *st, int kind) {
    uint64_t acts[ALEA_MAX_ACTIONS];
    size_t n = legal(st, acts), k = 0;
    for (size_t i = 0; i < n; i++)
        k += acts[i] >> 24 == (uint64_t)kind;
    return k;
}

START_TEST(test_P8_2_hold_counts) {
    static const struct {
        const char *dice;
        size_t holds;
    } cases[] = {{"12346", 31}, {"55555", 5}, {"33355", 11}, {"22334", 17}, {"66661", 9}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        alea_state st;
        mk(&st, "dice-poker players=1");
        at_once(&st, cases[i].dice);
        ck_assert_uint_eq(count_kind(&st, ALEA_DICE_POKER_HOLD), cases[i].holds);
    }
}
END_TEST

START_TEST(test_P2_3_legal_scores_and_strikes) {
    alea_state st;
    mk(&st, "dice-poker players=1");
    at_once(&st, "12346"); /* Pair .. Large all absent: Sum only, plus 6 Schools */
    ck_assert_uint_eq(count_kind(&st, ALEA_DICE_POKER_SCORE), 7);
    ck_assert_uint_eq(count_kind(&st, ALEA_DICE_POKER_STRIKE), 9);
    mk(&st, "dice-poker players=1");
    at_once(&st, "33355"); /* Pair Three Two-pairs Full Sum + Schools */
    ck_assert_uint_eq(count_kind(&st, ALEA_DICE_POKER_SCORE), 11);
    ck_assert(is_legal(&st, STRIKE_A(SUM))); /* Sum may be struck (P-2.3) */
    test_refuse(&st, SCORE_A(POKER), ALEA_ILLEGAL_ACTION, "P-3: the dice 3,3,3,5,5 do not form Poker");
}
END_TEST

START_TEST(test_P8_2_chance_outcomes_exact) {
    static const size_t count[6] = {0, 6, 21, 56, 126, 252};
    for (int m = 1; m <= 5; m++) {
        alea_state st;
        alea_outcome out[252];
        uint64_t acts[ALEA_MAX_ACTIONS];
        size_t n, nl;
        mk(&st, "dice-poker players=1");
        if (m < 5) {
            at_once(&st, "12346");
            char keep[6] = "12346";
            keep[5 - m] = 0;
            act(&st, hold_of(keep));
        }
        ck_assert_int_eq(alea_state_chance_outcomes(out, 252, &n, &st), ALEA_OK);
        ck_assert_uint_eq(n, count[m]);
        nl = legal(&st, acts);
        ck_assert_uint_eq(nl, n);
        uint32_t den = 1, sum = 0;
        for (int i = 0; i < m; i++)
            den *= 6;
        double psum = 0;
        for (size_t i = 0; i < n; i++) {
            alea_dice_poker_action a;
            ck_assert_int_eq(alea_dice_poker_decode(&a, out[i].action), ALEA_OK);
            ck_assert_int_eq(a.kind, ALEA_DICE_POKER_ROLL);
            ck_assert_uint_eq(out[i].den, den);
            ck_assert_uint_eq(out[i].action, acts[i]);
            if (i)
                ck_assert_uint_gt(acts[i], acts[i - 1]);
            /* orderings of the multiset: m! / prod(c!) */
            uint32_t fact[6] = {1, 1, 2, 6, 24, 120}, num = fact[m];
            int dice = 0;
            for (int f = 0; f < 6; f++) {
                num /= fact[a.counts[f]];
                dice += a.counts[f];
            }
            ck_assert_int_eq(dice, m);
            ck_assert_uint_eq(out[i].num, num);
            ck_assert(out[i].prob == (double)num / (double)den);
            sum += out[i].num;
            psum += out[i].prob;
        }
        ck_assert_uint_eq(sum, den);
        ck_assert(psum > 0.999999 && psum < 1.000001);
    }
}
END_TEST

START_TEST(test_P8_2_roll_is_physical) {
    alea_rng rng, copy;
    alea_rng_seed(&rng, test_seed(822));
    for (int i = 0; i < 40; i++) {
        alea_state st;
        uint64_t outcome;
        int m = 5;
        mk(&st, "dice-poker players=1");
        if (i % 2) { /* a re-throw of three dice */
            at_once(&st, "12346");
            act(&st, hold_of("12"));
            m = 3;
        }
        copy = rng;
        uint8_t c[6] = {0};
        for (int k = 0; k < m; k++)
            c[alea_rng_die(&copy, 6) - 1]++;
        ck_assert_int_eq(alea_state_roll(&outcome, &st, &rng), ALEA_OK);
        ck_assert_uint_eq(outcome,
                          ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_ROLL, alea_dice_poker_pack(c)));
        ck_assert(memcmp(&rng, &copy, sizeof rng) == 0); /* exactly m draws */
    }
}
END_TEST

START_TEST(test_wrong_phase) {
    alea_state st;
    mk(&st, "dice-poker players=2");
    test_refuse(&st, hold_of("1"), ALEA_WRONG_PHASE, "P-2.1");
    test_refuse(&st, SCORE_A(SUM), ALEA_WRONG_PHASE, "P-2.1");
    test_refuse(&st, STRIKE_A(SUM), ALEA_WRONG_PHASE, "P-2.1");
    at_once(&st, "12345");
    test_refuse(&st, roll_of("12345"), ALEA_WRONG_PHASE, "P-2.2");
    alea_outcome out[252];
    size_t n;
    ck_assert_int_eq(alea_state_chance_outcomes(out, 252, &n, &st), ALEA_WRONG_PHASE);
    alea_rng rng;
    alea_rng_seed(&rng, 1);
    ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_WRONG_PHASE);
    /* a finished game takes no action */
    mk(&st, "dice-poker players=1 columns=1");
    for (int t = 0; t < 15; t++)
        filler(&st, -1);
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_TERMINAL);
    test_refuse(&st, roll_of("12345"), ALEA_WRONG_PHASE, NULL);
    test_refuse(&st, SCORE_A(SUM), ALEA_WRONG_PHASE, NULL);
    uint64_t acts[ALEA_MAX_ACTIONS];
    ck_assert_uint_eq(legal(&st, acts), 0);
}
END_TEST

START_TEST(test_garbage_values_are_invalid_arguments) {
    alea_state st;
    mk(&st, "dice-poker players=2");
    static const uint64_t at_throw[] = {
        0,
        1,
        UINT64_MAX,
        UINT64_C(5) << 24,
        UINT64_C(1) << 32,
        UINT64_C(0x100000000000001),
        ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_ROLL, 0),        /* no dice */
        ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_ROLL, 6),        /* six ones */
        ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_ROLL, 7),        /* count 7 */
        ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_ROLL, 0x249249), /* bits above 17 */
        ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_ROLL, 0x2D),     /* 5 ones, 5 twos */
        ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_HOLD, 5),        /* keep five */
        ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_SCORE, 15),
        ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_SCORE, 0xFFFFFF),
        ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_STRIKE, 3), /* a School row */
        ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_STRIKE, 15),
    };
    for (size_t i = 0; i < sizeof at_throw / sizeof at_throw[0]; i++) {
        test_refuse(&st, at_throw[i], ALEA_INVALID_ARGUMENT, NULL);
        char buf[ALEA_ACTION_TEXT_MAX];
        size_t len;
        ck_assert_int_eq(alea_state_action_to_text(buf, sizeof buf, &len, &st, at_throw[i]),
                         ALEA_INVALID_ARGUMENT);
    }
    test_refuse(&st, ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_STRIKE, 3), ALEA_INVALID_ARGUMENT,
           "P-2.3: School rows cannot be struck");
    /* random 64-bit values never crash and are legal exactly when listed */
    alea_rng rng;
    alea_rng_seed(&rng, test_seed(64));
    at_once(&st, "33355");
    for (long i = 0; i < test_scale(200000); i++) {
        uint64_t a = alea_rng_next(&rng);
        if (i % 2)
            a &= (UINT64_C(7) << 24) | 0xFFFFFF;
        if (i % 4 == 1)
            a &= (UINT64_C(7) << 24) | 0x3FFFF;
        alea_state before = st;
        alea_status s = alea_state_check_action(&st, a, NULL);
        ck_assert(s == ALEA_OK || s == ALEA_ILLEGAL_ACTION || s == ALEA_WRONG_PHASE ||
                  s == ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(s == ALEA_OK, is_legal(&st, a));
        ck_assert(memcmp(&before, &st, alea_state_size(&st)) == 0);
    }
}
END_TEST

START_TEST(test_illegal_actions_cite_rules_and_change_nothing) {
    alea_state st;
    mk(&st, "dice-poker players=2");
    test_refuse(&st, roll_of("1234"), ALEA_ILLEGAL_ACTION, "P-2.2: 5 dice are thrown now, not 4");
    at_once(&st, "12246");
    test_refuse(&st, hold_of("66"), ALEA_ILLEGAL_ACTION, "P-2.2: cannot keep 2 6s");
    test_refuse(&st, SCORE_A(FULL), ALEA_ILLEGAL_ACTION, "P-3: the dice 1,2,2,4,6 do not form Full");
    test_refuse(&st, SCORE_A(SMALL), ALEA_ILLEGAL_ACTION, "P-3");
    alea_error err;
    ck_assert_int_eq(alea_state_check_action(&st, SCORE_A(PAIR), &err), ALEA_OK);
}
END_TEST

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Every action-shaped value is legal iff listed (the property the generic
   layer relies on), over the states of random games. */
START_TEST(test_check_iff_legal_over_random_games) {
    alea_rng rng;
    uint64_t candidates[1024];
    size_t nc = 0;
    for (int m = 0; m <= 5; m++) {
        uint8_t c[6];
        alea__dp_multiset_first(c, m);
        do {
            if (m > 0)
                candidates[nc++] = ALEA_DICE_POKER_ACTION(1, alea_dice_poker_pack(c));
            if (m < 5)
                candidates[nc++] = ALEA_DICE_POKER_ACTION(2, alea_dice_poker_pack(c));
        } while (alea__dp_multiset_next(c));
    }
    for (int r = 0; r < 15; r++) {
        candidates[nc++] = SCORE_A(r);
        candidates[nc++] = STRIKE_A(r);
    }
    qsort(candidates, nc, sizeof candidates[0], cmp_u64);
    alea_rng_seed(&rng, test_seed(99));
    for (long game = 0; game < test_scale_at_least(6, 2); game++) {
        alea_state st;
        long step = 0;
        mk(&st, game % 2 ? "dice-poker players=3 columns=2" : "dice-poker players=1");
        while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
            uint64_t acts[ALEA_MAX_ACTIONS];
            size_t n = legal(&st, acts), k = 0;
            if (step++ % test_stride(5) != 0) { /* every 5th node under valgrind */
                test_play_random(&st, &rng, 1);
                continue;
            }
            for (size_t i = 0; i < nc; i++) {
                alea_error err;
                alea_status s = alea_state_check_action(&st, candidates[i], &err);
                int listed = k < n && acts[k] == candidates[i];
                ck_assert_msg((s == ALEA_OK) == listed, "0x%llx: %s",
                              (unsigned long long)candidates[i], s ? err.message : "ok");
                if (s != ALEA_OK)
                    ck_assert_msg(strstr(err.message, "P-"), "no rule in '%s'", err.message);
                k += (size_t)listed;
            }
            ck_assert_uint_eq(k, n); /* and nothing else is listed */
            test_play_random(&st, &rng, 1);
        }
    }
}
END_TEST

/* ---- notation ----------------------------------------------------------- */

START_TEST(test_notation_round_trip_every_legal_action) {
    alea_rng rng;
    alea_rng_seed(&rng, test_seed(7));
    for (long game = 0; game < test_scale_at_least(4, 2); game++) {
        alea_state st;
        long step = 0;
        mk(&st, game % 2 ? "dice-poker players=2 columns=4" : "dice-poker players=1");
        while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
            uint64_t acts[ALEA_MAX_ACTIONS];
            size_t n = legal(&st, acts);
            if (step++ % test_stride(3) != 0) { /* every 3rd node under valgrind */
                test_play_random(&st, &rng, 1);
                continue;
            }
            for (size_t i = 0; i < n; i++) {
                char buf[ALEA_ACTION_TEXT_MAX];
                size_t len;
                uint64_t back;
                alea_error err;
                ck_assert_int_eq(alea_state_action_to_text(buf, sizeof buf, &len, &st, acts[i]),
                                 ALEA_OK);
                ck_assert_uint_eq(len, strlen(buf));
                ck_assert_msg(alea_state_action_from_text(&back, &st, buf, &err) == ALEA_OK,
                              "'%s': %s", buf, err.message);
                ck_assert_uint_eq(back, acts[i]);
            }
            test_play_random(&st, &rng, 1);
        }
    }
}
END_TEST

static void parses_to(const alea_state *st, const char *text, uint64_t want) {
    uint64_t a = 0;
    alea_error err;
    alea_status s = alea_state_action_from_text(&a, st, text, &err);
    ck_assert_msg(s == ALEA_OK, "'%s': %s", text, err.message);
    ck_assert_msg(a == want, "'%s' gave 0x%llx, want 0x%llx", text, (unsigned long long)a,
                  (unsigned long long)want);
}

static void parse_fails(const alea_state *st, const char *text, alea_status want, int offset,
                        const char *reason) {
    uint64_t a = 12345;
    alea_error err;
    alea_status s = alea_state_action_from_text(&a, st, text, &err);
    ck_assert_msg(s == want, "'%s' gave %s (%s)", text, alea_status_name(s), s ? err.message : "");
    ck_assert_uint_eq(a, 12345);
    if (offset >= 0)
        ck_assert_msg(err.offset == offset, "'%s': offset %d, want %d (%s)", text, err.offset,
                      offset, err.message);
    if (reason)
        ck_assert_msg(strstr(err.message, reason), "'%s': '%s' lacks '%s'", text, err.message,
                      reason);
}

START_TEST(test_notation_spellings) {
    alea_state st;
    mk(&st, "dice-poker players=1");
    parses_to(&st, "roll 6,1,3,3,2", roll_of("12336"));
    parses_to(&st, "roll 6 1 3 3 2", roll_of("12336"));
    parses_to(&st, "  ROLL 6, 1 ,3,3 , 2  ", roll_of("12336"));
    parses_to(&st, "roll 61332", roll_of("12336"));
    parses_to(&st, "throw 6,1,3,3,2", roll_of("12336"));
    at_once(&st, "11356");
    parses_to(&st, "hold 5,1,1", hold_of("115"));
    parses_to(&st, "keep 1 1 5", hold_of("115"));
    parses_to(&st, "Hold None", hold_of(""));
    parses_to(&st, "hold -", hold_of(""));
    act(&st, hold_of("11"));
    parses_to(&st, "roll 6,1,3", roll_of("136"));
    act(&st, roll_of("133"));
    /* dice 1,1,1,3,3 */
    parses_to(&st, "school 1", SCORE_A(0));
    parses_to(&st, "score school 4", SCORE_A(3));
    parses_to(&st, "write school-6", SCORE_A(5));
    parses_to(&st, "SZKOLA 2", SCORE_A(1));
    parses_to(&st,
              "szko\xc5\x82"
              "a 2",
              SCORE_A(1));
    parses_to(&st, "school 1 1", SCORE_A(0));
    parses_to(&st, "write full", SCORE_A(FULL));
    parses_to(&st, "Score FULL", SCORE_A(FULL));
    parses_to(&st, "write full house", SCORE_A(FULL));
    parses_to(&st, "write full 1", SCORE_A(FULL));
    parses_to(&st, "write para", SCORE_A(PAIR));
    parses_to(&st, "write pair", SCORE_A(PAIR));
    parses_to(&st, "write trojka", SCORE_A(THREE));
    parses_to(&st, "write tr\xc3\xb3jka", SCORE_A(THREE));
    parses_to(&st, "write three-of-a-kind", SCORE_A(THREE));
    parses_to(&st, "write dwie-pary", SCORE_A(TWO_PAIRS));
    parses_to(&st, "write two-pairs", SCORE_A(TWO_PAIRS));
    parses_to(&st, "write two pairs", SCORE_A(TWO_PAIRS));
    parses_to(&st, "write two_pairs 1", SCORE_A(TWO_PAIRS));
    parses_to(&st, "write suma", SCORE_A(SUM));
    parses_to(&st, "strike kareta", STRIKE_A(FOUR));
    parses_to(&st, "strike four-of-a-kind", STRIKE_A(FOUR));
    parses_to(&st, "strike poker", STRIKE_A(POKER));
    parses_to(&st, "cross five-of-a-kind", STRIKE_A(POKER));
    parses_to(&st, "strike maly-strit", STRIKE_A(SMALL));
    parses_to(&st, "strike ma\xc5\x82y-strit", STRIKE_A(SMALL));
    parses_to(&st, "strike small-straight", STRIKE_A(SMALL));
    parses_to(&st, "strike small straight 1", STRIKE_A(SMALL));
    parses_to(&st, "strike duzy-strit", STRIKE_A(LARGE));
    parses_to(&st, "strike du\xc5\xbcy-strit", STRIKE_A(LARGE));
    parses_to(&st, "strike large-straight", STRIKE_A(LARGE));
    parses_to(&st, "strike sum", STRIKE_A(SUM));
}
END_TEST

START_TEST(test_notation_errors) {
    alea_state st;
    mk(&st, "dice-poker players=1");
    parse_fails(&st, "", ALEA_PARSE_ERROR, 0, NULL);
    parse_fails(&st, "jump 3", ALEA_PARSE_ERROR, 0, NULL);
    parse_fails(&st, "roll", ALEA_PARSE_ERROR, 4, NULL);
    parse_fails(&st, "roll 1,7,1,1,1", ALEA_PARSE_ERROR, 7, "1 to 6");
    parse_fails(&st, "roll 1,0", ALEA_PARSE_ERROR, 7, NULL);
    parse_fails(&st, "roll 1,2,3,4,5,6", ALEA_PARSE_ERROR, 15, "five dice");
    parse_fails(&st, "roll 1,,2", ALEA_PARSE_ERROR, 7, NULL);
    parse_fails(&st, "roll 1,2,", ALEA_PARSE_ERROR, 9, NULL);
    parse_fails(&st, "roll 1,2,3,4,5 x", ALEA_PARSE_ERROR, 15, NULL);
    parse_fails(&st, "roll 1,2", ALEA_ILLEGAL_ACTION, -1, "P-2.2: 5 dice are thrown now, not 2");
    parse_fails(&st, "hold 1", ALEA_WRONG_PHASE, -1, "P-2.1");
    parse_fails(&st, "hold 1,1,1,1,1", ALEA_WRONG_PHASE, -1, "P-2.1");
    parse_fails(&st, "strike school 2", ALEA_WRONG_PHASE, -1, "P-2.1");
    at_once(&st, "11356");
    parse_fails(&st, "roll 1,2,3,4,5", ALEA_WRONG_PHASE, -1, "P-2.2");
    parse_fails(&st, "write fool", ALEA_PARSE_ERROR, 6, "row");
    parse_fails(&st, "write", ALEA_PARSE_ERROR, 5, NULL);
    parse_fails(&st, "school 9", ALEA_PARSE_ERROR, 7, "P-1.2");
    parse_fails(&st, "school x", ALEA_PARSE_ERROR, 7, NULL);
    parse_fails(&st, "write full extra", ALEA_PARSE_ERROR, 11, NULL);
    parse_fails(&st, "write full 12345", ALEA_PARSE_ERROR, 11, NULL);
    parse_fails(&st, "write poker", ALEA_ILLEGAL_ACTION, -1, "P-3");
    parse_fails(&st, "write pair 2", ALEA_ILLEGAL_ACTION, -1,
                "P-2.3: row Pair fills column 1 next, not 2");
    parse_fails(&st, "write pair 0", ALEA_ILLEGAL_ACTION, -1, "P-2.3");
    parse_fails(&st, "hold 1,1,1", ALEA_ILLEGAL_ACTION, -1, "P-2.2: cannot keep 3 1s");
    parse_fails(&st, "hold 1,1,3,5,6", ALEA_ILLEGAL_ACTION, -1, "P-2.2: at least one die");
    parse_fails(&st, "strike school 3", ALEA_ILLEGAL_ACTION, -1, "P-2.3");
    parse_fails(&st, "hold 1,9", ALEA_PARSE_ERROR, 7, NULL);
    parse_fails(&st, "hold", ALEA_PARSE_ERROR, 4, NULL);
    char longword[200];
    memset(longword, 'a', sizeof longword - 1);
    longword[sizeof longword - 1] = 0;
    memcpy(longword, "write ", 6);
    parse_fails(&st, longword, ALEA_PARSE_ERROR, 6, NULL);
    uint64_t a;
    ck_assert_int_eq(alea_state_action_from_text(&a, &st, NULL, NULL), ALEA_INVALID_ARGUMENT);
}
END_TEST

START_TEST(test_notation_format) {
    alea_state st;
    char buf[ALEA_ACTION_TEXT_MAX];
    size_t len;
    static const struct {
        uint64_t action;
        const char *text;
    } cases[] = {
        {ALEA_DICE_POKER_ACTION(1, 0), NULL},
        {0, "roll 1,1,3,5,6"},
        {0, "hold 1,1,5"},
        {0, "hold none"},
        {SCORE_A(3), "school 4"},
        {SCORE_A(FULL), "write full"},
        {SCORE_A(TWO_PAIRS), "write two-pairs"},
        {STRIKE_A(POKER), "strike poker"},
        {STRIKE_A(SMALL), "strike small-straight"},
        {STRIKE_A(SUM), "strike sum"},
    };
    mk(&st, "dice-poker players=1");
    for (size_t i = 1; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t a = cases[i].action;
        if (i == 1)
            a = roll_of("65113");
        if (i == 2)
            a = hold_of("511");
        if (i == 3)
            a = hold_of("");
        ck_assert_int_eq(alea_state_action_to_text(buf, sizeof buf, &len, &st, a), ALEA_OK);
        ck_assert_str_eq(buf, cases[i].text);
    }
    ck_assert_int_eq(alea_state_action_to_text(buf, 4, &len, &st, SCORE_A(FULL)),
                     ALEA_BUFFER_TOO_SMALL);
    ck_assert_uint_eq(len, strlen("write full"));
}
END_TEST

/* ---- state text --------------------------------------------------------- */

START_TEST(test_state_text_initial) {
    alea_state st, back;
    char buf[4096];
    mk(&st, "dice-poker players=1 columns=2");
    text_of(&st, buf, sizeof buf);
    ck_assert_str_eq(buf, "dice-poker players=1 columns=2 | throw throws=0 held=- ; res=0 "
                          ".,. .,. .,. .,. .,. .,. .,. .,. .,. .,. .,. .,. .,. .,. .,. ; "
                          "bonus=-");
    ck_assert_int_eq(alea_state_from_text(&back, buf, NULL), ALEA_OK);
    ck_assert(alea_state_equal(&back, &st));
    /* a written position */
    at_once(&st, "44441");
    score(&st, SCHOOL(4));
    at_once(&st, "33126");
    score(&st, SCHOOL(3));
    at_once(&st, "66666");
    score(&st, POKER);
    at_once(&st, "12346");
    act(&st, hold_of("46"));
    text_of(&st, buf, sizeof buf);
    ck_assert_str_eq(buf, "dice-poker players=1 columns=2 | throw throws=1 held=4,6 ; res=1 "
                          ".,. .,. r-3*,. x+4,. .,. .,. .,. .,. .,. .,. .,. 160,. .,. .,. "
                          ".,. ; bonus=-");
    ck_assert_int_eq(alea_state_from_text(&back, buf, NULL), ALEA_OK);
    ck_assert(alea_state_equal(&back, &st));
}
END_TEST

START_TEST(test_state_text_round_trip_random_games) {
    static const char *specs[] = {"dice-poker players=2", "dice-poker players=1 columns=6",
                                  "dice-poker players=4 columns=1",
                                  "dice-poker players=3 columns=2"};
    alea_rng rng;
    alea_rng_seed(&rng, test_seed(2024));
    for (long game = 0; game < test_scale_at_least(8, 4); game++) {
        alea_state st;
        mk(&st, specs[game % 4]);
        for (;;) {
            char buf[8192], again[8192];
            alea_state back;
            alea_error err;
            text_of(&st, buf, sizeof buf);
            ck_assert_msg(alea_state_from_text(&back, buf, &err) == ALEA_OK, "%s\n%s", err.message,
                          buf);
            ck_assert(memcmp(&back, &st, alea_state_size(&st)) == 0);
            text_of(&back, again, sizeof again);
            ck_assert_str_eq(again, buf);
            ck_assert_int_eq(alea_state_validate(&st, NULL), ALEA_OK);
            if (alea_state_current_player(&st) == ALEA_PLAYER_TERMINAL)
                break;
            test_play_random(&st, &rng, 1);
        }
    }
}
END_TEST

/* Replaces the first occurrence of `from` (after `after`) by `to`. */
static int mutate(char *out, size_t cap, const char *text, const char *from, const char *to) {
    const char *p = strstr(text, from);
    if (!p)
        return 0;
    snprintf(out, cap, "%.*s%s%s", (int)(p - text), text, to, p + strlen(from));
    return 1;
}

static void rejects(const char *text, alea_status want) {
    alea_state st;
    alea_error err;
    memset(&st, 0x5a, sizeof st);
    alea_state keep = st;
    alea_status s = alea_state_from_text(&st, text, &err);
    ck_assert_msg(s == want, "gave %s, want %s (%s)\n%s", alea_status_name(s),
                  alea_status_name(want), s ? err.message : "", text);
    ck_assert(memcmp(&st, &keep, sizeof st) == 0);
    if (s == ALEA_PARSE_ERROR)
        ck_assert(err.offset >= 0 && (size_t)err.offset <= strlen(text));
}

START_TEST(test_state_text_rejects_impossible_fields) {
    /* TV-9 position after throw 1 of turn 3, two players */
    alea_state st;
    char base[4096], bad[4096];
    mk(&st, "dice-poker players=2 columns=2");
    at_once(&st, "44441");
    score(&st, SCHOOL(4)); /* seat 0: x+4* */
    at_once(&st, "22222");
    score(&st, PAIR); /* seat 1: 8 */
    at_once(&st, "33126");
    score(&st, SCHOOL(3)); /* seat 0: r-3*, res 1 */
    at_once(&st, "66612");
    text_of(&st, base, sizeof base);
    ck_assert_str_eq(base, "dice-poker players=2 columns=2 | decide throws=1 all-five=1 "
                           "dice=1,2,6,6,6 ; res=1 .,. .,. r-3*,. x+4,. .,. .,. .,. .,. .,. .,. "
                           ".,. .,. .,. .,. .,. ; res=0 .,. .,. .,. .,. .,. .,. 8,. .,. .,. .,. "
                           ".,. .,. .,. .,. .,. ; bonus=-");
    ck_assert_int_eq(alea_state_from_text(&st, base, NULL), ALEA_OK);
    static const struct {
        const char *from, *to;
        alea_status want;
    } cases[] = {
        {"res=1", "res=2", ALEA_INVALID_STATE}, /* not the sum of the changes */
        {"res=1", "res=-1", ALEA_PARSE_ERROR},
        {"res=1", "res=01", ALEA_PARSE_ERROR},
        {"res=1", "res=99999", ALEA_PARSE_ERROR},
        {"res=1", "res=x", ALEA_PARSE_ERROR},
        {"r-3*", "r-3", ALEA_INVALID_STATE},   /* the record moved nowhere */
        {"x+4,", "x+4*,", ALEA_INVALID_STATE}, /* two records */
        {"r-3*", "r-6*", ALEA_INVALID_STATE},  /* 6 is no change of School 3 */
        {"r-3*", "r-4*", ALEA_INVALID_STATE},
        {"r-3*", "x+3*", ALEA_INVALID_STATE}, /* reserve would be 7 */
        {"r-3*", "x", ALEA_INVALID_STATE},    /* the record is not in a cell */
        {"r-3*", "z", ALEA_INVALID_STATE},
        {"r-3*", "r-300*", ALEA_INVALID_STATE},
        {"r-3*", "q", ALEA_PARSE_ERROR},
        {"r-3*", "x+0", ALEA_PARSE_ERROR},
        {"r-3*", "7", ALEA_PARSE_ERROR},      /* a number in a School row */
        {"x+4,", "x+8,", ALEA_INVALID_STATE}, /* 8 = 2n is fine, but res would be 5 */
        {"x+4,", "x+5,", ALEA_INVALID_STATE},
        {" 8,", " 7,", ALEA_INVALID_STATE}, /* no throw gives Pair 7 */
        {" 8,", " 161,", ALEA_INVALID_STATE},
        {" 8,", " 999,", ALEA_INVALID_STATE},
        {" 8,", " x,", ALEA_PARSE_ERROR},
        {" 8,", " .,", ALEA_INVALID_STATE},               /* seat 1 played no turn */
        {" 8,", " -,", ALEA_OK},                          /* a strike instead: possible */
        {" 8,.", " 8,8", ALEA_INVALID_STATE},             /* two turns for seat 1 */
        {" 8,.", " .,8", ALEA_INVALID_STATE},             /* a skipped cell */
        {"res=0 .,.", "res=0 z,.", ALEA_OK},              /* seat 1 two turns, seat 0 too */
        {"res=1 .,.", "res=1 z,.", ALEA_INVALID_STATE},   /* seat 0 three turns */
        {"all-five=1", "all-five=0", ALEA_INVALID_STATE}, /* throw 1 is of all five */
        {"all-five=1", "all-five=2", ALEA_INVALID_STATE},
        {"throws=1", "throws=4", ALEA_INVALID_STATE},
        {"throws=1", "throws=0", ALEA_INVALID_STATE},
        {"throws=1", "throws=12", ALEA_PARSE_ERROR},
        {"dice=1,2,6,6,6", "dice=1,2,6,6", ALEA_INVALID_STATE},
        {"dice=1,2,6,6,6", "dice=1,2,6,6,6,6", ALEA_PARSE_ERROR},
        {"dice=1,2,6,6,6", "dice=2,1,6,6,6", ALEA_PARSE_ERROR},
        {"dice=1,2,6,6,6", "dice=1,2,6,6,7", ALEA_PARSE_ERROR},
        {"dice=1,2,6,6,6", "dice=-", ALEA_INVALID_STATE},
        {"decide throws=1 all-five=1 dice=1,2,6,6,6", "throw throws=0 held=1", ALEA_INVALID_STATE},
        {"decide throws=1 all-five=1 dice=1,2,6,6,6", "throw throws=1 held=1,2,6,6,6",
         ALEA_INVALID_STATE},
        {"decide throws=1 all-five=1 dice=1,2,6,6,6", "throw throws=3 held=-", ALEA_INVALID_STATE},
        {"decide throws=1 all-five=1 dice=1,2,6,6,6", "throw throws=2 held=6", ALEA_OK},
        {"decide throws=1 all-five=1 dice=1,2,6,6,6", "over", ALEA_INVALID_STATE},
        {"decide", "decided", ALEA_PARSE_ERROR},
        {"| decide", "|  decide", ALEA_PARSE_ERROR},
        {"| decide", "|decide", ALEA_PARSE_ERROR},
        {"decide", "Decide", ALEA_PARSE_ERROR},
        {" ; bonus=-", " ; bonus=pair:1", ALEA_INVALID_STATE}, /* Pair row not complete */
        {" ; bonus=-", " ; bonus=pair:7", ALEA_INVALID_STATE},
        {" ; bonus=-", " ; bonus=pear:1", ALEA_PARSE_ERROR},
        {" ; bonus=-", " ; bonus=column-3:0", ALEA_PARSE_ERROR}, /* only 2 columns */
        {" ; bonus=-", " ; bonus=", ALEA_PARSE_ERROR},
        {" ; bonus=-", " ; bonus=-,", ALEA_PARSE_ERROR},
        {" ; bonus=-", "", ALEA_PARSE_ERROR},
        {" ; bonus=-", " ; bonus=- ", ALEA_PARSE_ERROR},
        {" ; bonus=-", " ; bonus=-x", ALEA_PARSE_ERROR},
        {" ; res=0", " ;  res=0", ALEA_PARSE_ERROR},
        {" ; res=0", " ; res=0 .,. ; res=0", ALEA_PARSE_ERROR},
        {"players=2", "players=3", ALEA_PARSE_ERROR}, /* a card missing */
        {"columns=2", "columns=3", ALEA_PARSE_ERROR},
        {"players=2", "players=9", ALEA_BAD_OPTION},
        {"dice-poker players", "dice-pokr players", ALEA_NOT_FOUND},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ck_assert_msg(mutate(bad, sizeof bad, base, cases[i].from, cases[i].to), "case %zu", i);
        if (cases[i].want == ALEA_OK) {
            alea_state ok;
            char again[4096];
            alea_error err;
            ck_assert_msg(alea_state_from_text(&ok, bad, &err) == ALEA_OK, "%s\n%s", err.message,
                          bad);
            text_of(&ok, again, sizeof again);
            ck_assert_str_eq(again, bad);
        } else {
            rejects(bad, cases[i].want);
        }
    }
    /* every proper prefix fails, and never crashes */
    for (size_t n = 0; n < strlen(base); n++) {
        memcpy(bad, base, n);
        bad[n] = 0;
        alea_state tmp;
        ck_assert_msg(alea_state_from_text(&tmp, bad, NULL) != ALEA_OK, "prefix %zu accepted", n);
    }
}
END_TEST

START_TEST(test_state_text_rejects_impossible_histories) {
    static const struct {
        const char *text;
        alea_status want;
    } cases[] = {
        /* P-4.2: a cell paid from a reserve that was still empty */
        {"dice-poker players=1 columns=2 | throw throws=0 held=- ; res=2 .,. x+4,r-2* .,. .,. "
         ".,. .,. .,. .,. .,. .,. .,. .,. .,. .,. .,. ; bonus=-",
         ALEA_OK},
        {"dice-poker players=1 columns=2 | throw throws=0 held=- ; res=2 .,. r-2,x+4* .,. .,. "
         ".,. .,. .,. .,. .,. .,. .,. .,. .,. .,. .,. ; bonus=-",
         ALEA_INVALID_STATE},
        /* the record must be the last change: here the +4 of School 2 came later */
        {"dice-poker players=1 columns=2 | throw throws=0 held=- ; res=1 .,. .,. r-3*,. x+4,. "
         ".,. .,. .,. .,. .,. .,. .,. .,. .,. .,. .,. ; bonus=-",
         ALEA_OK},
        {"dice-poker players=1 columns=2 | throw throws=0 held=- ; res=1 .,. .,. r-3,. x+4*,. "
         ".,. .,. .,. .,. .,. .,. .,. .,. .,. .,. .,. ; bonus=-",
         ALEA_INVALID_STATE},
        /* School 5 +10, School 6: -6 then +6: fine; -6 first needs the 10 first */
        {"dice-poker players=1 columns=2 | throw throws=0 held=- ; res=10 .,. .,. .,. .,. "
         "x+10,. r-6,x+6* .,. .,. .,. .,. .,. .,. .,. .,. .,. ; bonus=-",
         ALEA_OK},
        {"dice-poker players=1 columns=2 | throw throws=0 held=- ; res=10 .,. .,. .,. .,. "
         "x+10*,. r-6,x+6 .,. .,. .,. .,. .,. .,. .,. .,. .,. ; bonus=-",
         ALEA_INVALID_STATE},
        /* a bonus unclaimed although met, and a School bonus with a reserve cell */
        {"dice-poker players=1 columns=1 | throw throws=0 held=- ; res=0 x . . . . . . . . . . "
         ". . . . ; bonus=-",
         ALEA_INVALID_STATE},
        {"dice-poker players=1 columns=1 | throw throws=0 held=- ; res=0 x . . . . . . . . . . "
         ". . . . ; bonus=school-1:0",
         ALEA_OK},
        {"dice-poker players=1 columns=1 | throw throws=0 held=- ; res=0 x+2 r-2* . . . . . . . "
         ". . . . . . ; bonus=school-1:0",
         ALEA_OK},
        {"dice-poker players=1 columns=1 | throw throws=0 held=- ; res=0 x+2 r-2* . . . . . . . "
         ". . . . . . ; bonus=school-1:0,school-2:0",
         ALEA_INVALID_STATE},
        /* the rotation: seat 1 cannot be ahead of seat 0 */
        {"dice-poker players=2 columns=1 | throw throws=0 held=- ; res=0 . . . . . . . . . . . "
         ". . . . ; res=0 . . . . . . - . . . . . . . . ; bonus=-",
         ALEA_INVALID_STATE},
        /* over while cells are empty; throw when all is full */
        {"dice-poker players=1 columns=1 | over ; res=0 . . . . . . . . . . . . . . . ; bonus=-",
         ALEA_INVALID_STATE},
        {"dice-poker players=1 columns=1 | throw throws=0 held=- ; res=0 z z z z z z - - - - - - "
         "- - - ; bonus=-",
         ALEA_INVALID_STATE},
        {"dice-poker players=1 columns=1 | over ; res=0 z z z z z z - - - - - - - - - ; bonus=-",
         ALEA_OK},
        /* the column bonus: met, so it must be claimed, with its value */
        {"dice-poker players=1 columns=1 | over ; res=0 x x x x x x 12 18 16 19 44 60 15 20 "
         "25 ; bonus=school-1:0,school-2:0,school-3:0,school-4:0,school-5:0,school-6:0,pair:0,"
         "three:0,two-pairs:0,full:0,four:0,poker:0,small-straight:0,large-straight:0,"
         "column-1:0",
         ALEA_OK},
        {"dice-poker players=1 columns=1 | over ; res=0 x x x x x x 12 18 16 19 44 60 15 20 "
         "25 ; bonus=school-1:0,school-2:0,school-3:0,school-4:0,school-5:0,school-6:0,pair:0,"
         "three:0,two-pairs:0,full:0,four:0,poker:0,small-straight:0,large-straight:0",
         ALEA_INVALID_STATE},
        {"dice-poker players=1 columns=1 | over ; res=0 x x x x x x 12 18 16 19 44 60 15 20 "
         "25 ; bonus=pair:0,school-1:0",
         ALEA_PARSE_ERROR},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (cases[i].want != ALEA_OK) {
            rejects(cases[i].text, cases[i].want);
            continue;
        }
        alea_state st;
        alea_error err;
        char again[4096];
        ck_assert_msg(alea_state_from_text(&st, cases[i].text, &err) == ALEA_OK, "case %zu: %s", i,
                      err.message);
        text_of(&st, again, sizeof again);
        ck_assert_str_eq(again, cases[i].text);
    }
}
END_TEST

START_TEST(test_state_text_random_mutations_never_crash) {
    alea_rng rng;
    alea_rng_seed(&rng, test_seed(555));
    static const char alphabet[] = " ;,.-+*=:|0123456789xrzabcdefghijklmnopqrstuvwxyz";
    for (int game = 0; game < 3; game++) {
        alea_state st;
        mk(&st, game == 1 ? "dice-poker players=3 columns=2" : "dice-poker players=2");
        test_play_random(&st, &rng, 150 + 200 * (size_t)game);
        char base[8192];
        text_of(&st, base, sizeof base);
        size_t len = strlen(base);
        for (long i = 0; i < test_scale(3000); i++) {
            char bad[8192];
            memcpy(bad, base, len + 1);
            int edits = 1 + (int)alea_rng_below(&rng, 3);
            for (int e = 0; e < edits; e++) {
                size_t at = (size_t)alea_rng_below(&rng, len);
                bad[at] = alphabet[alea_rng_below(&rng, sizeof alphabet - 1)];
            }
            alea_state out;
            alea_error err;
            if (alea_state_from_text(&out, bad, &err) == ALEA_OK) {
                char again[8192];
                alea_state back;
                ck_assert_int_eq(alea_state_validate(&out, NULL), ALEA_OK);
                text_of(&out, again, sizeof again);
                /* the state part has one spelling; the spec part is read leniently
                   ("dice-poker,players=3"), so it round-trips as a state */
                ck_assert_str_eq(strchr(again, '|'), strchr(bad, '|'));
                ck_assert_int_eq(alea_state_from_text(&back, again, NULL), ALEA_OK);
                ck_assert(alea_state_equal(&back, &out));
            } else {
                ck_assert(err.status == ALEA_PARSE_ERROR || err.status == ALEA_INVALID_STATE ||
                          err.status == ALEA_BAD_OPTION || err.status == ALEA_NOT_FOUND);
            }
        }
    }
}
END_TEST

/* ---- the state in memory ------------------------------------------------ */

START_TEST(test_validate_raw_corruptions) {
    alea_state st;
    alea_rng rng;
    alea_rng_seed(&rng, test_seed(31));
    mk(&st, "dice-poker players=2");
    test_play_random(&st, &rng, 120);
    ck_assert_int_eq(alea_state_validate(&st, NULL), ALEA_OK);
    ck_assert_uint_eq(alea_state_size(&st), sizeof(dp_state));
    /* any single byte of the game part changed to other values: never a crash;
       most are caught; if accepted it must still round-trip */
    for (size_t i = sizeof(alea__head); i < sizeof(dp_state); i++) {
        for (int v = 0; v < 256; v += 37) {
            alea_state bad = st;
            uint8_t *bytes = (uint8_t *)&bad;
            if (bytes[i] == (uint8_t)v)
                continue;
            bytes[i] = (uint8_t)v;
            if (alea_state_validate(&bad, NULL) == ALEA_OK) {
                char buf[8192];
                alea_state back;
                text_of(&bad, buf, sizeof buf);
                ck_assert_int_eq(alea_state_from_text(&back, buf, NULL), ALEA_OK);
                ck_assert(memcmp(&back, &bad, sizeof(dp_state)) == 0);
            }
        }
    }
    static const size_t must_fail[] = {
        offsetof(dp_state, players),
        offsetof(dp_state, columns),
        offsetof(dp_state, phase),
        offsetof(dp_state, pad0),
        offsetof(dp_state, turns),
        offsetof(dp_state, pad1),
        offsetof(dp_state, card) + 3 * sizeof(dp_card), /* a card for seat 3 */
        offsetof(dp_state, card) + offsetof(dp_card, pad),
        offsetof(dp_state, card) + offsetof(dp_card, reserve),
        offsetof(dp_state, bonus_owner) + 19,
        offsetof(dp_state, bonus_value) + 19,
    };
    for (size_t i = 0; i < sizeof must_fail / sizeof must_fail[0]; i++) {
        alea_state bad = st;
        ((uint8_t *)&bad)[must_fail[i]] ^= 0x41;
        ck_assert_msg(alea_state_validate(&bad, NULL) == ALEA_INVALID_STATE, "byte %zu",
                      must_fail[i]);
        alea_dice_poker_view v;
        v.version = ALEA_DICE_POKER_VIEW_VERSION;
        ck_assert_int_eq(alea_dice_poker_get_view(&v, &bad), ALEA_INVALID_STATE);
    }
}
END_TEST

/* Brute force over every order of play of a few School cells: the reserve
   search of reserve.c must agree. */
static int brute_ok(const dp_card *card, int columns, int pos[6], int res, int last) {
    int any = 0, done = 1;
    for (int r = 0; r < 6; r++) {
        if (pos[r] >= columns || card->mark[r][pos[r]] == ALEA_DICE_POKER_EMPTY)
            continue;
        done = 0;
        int c = pos[r], d = alea__dp_school_delta(card, r, c);
        if (res + d < 0)
            continue;
        pos[r]++;
        any = brute_ok(card, columns, pos, res + d, d ? 1 + r * 6 + c : last);
        pos[r]--;
        if (any)
            return 1;
    }
    return done && res == card->reserve && last == card->record;
}

START_TEST(test_P4_reserve_history_matches_brute_force) {
    alea_rng rng;
    int accepted = 0, rejected = 0;
    alea_rng_seed(&rng, test_seed(45));
    for (long trial = 0; trial < test_scale(20000); trial++) {
        dp_card card;
        memset(&card, 0, sizeof card);
        int cells = 0, sum = 0, changes[36], nchanges = 0;
        for (int r = 0; r < 6; r++) {
            int n = r + 1, len = (int)alea_rng_below(&rng, 4);
            for (int c = 0; c < len && cells < 7; c++, cells++) {
                int kind = (int)alea_rng_below(&rng, 3);
                if (kind == 0) {
                    card.mark[r][c] = ALEA_DICE_POKER_CLOSED;
                    card.value[r][c] = (uint8_t)(n * (int)alea_rng_below(&rng, 3));
                } else if (kind == 1) {
                    card.mark[r][c] = ALEA_DICE_POKER_CLOSED_RESERVE;
                    card.value[r][c] = (uint8_t)(n * (1 + (int)alea_rng_below(&rng, 2)));
                } else {
                    card.mark[r][c] = ALEA_DICE_POKER_ZERO;
                }
                int d = alea__dp_school_delta(&card, r, c);
                sum += d;
                if (d)
                    changes[nchanges++] = 1 + r * 6 + c;
            }
        }
        if (sum < 0)
            continue;
        card.reserve = (int16_t)(alea_rng_below(&rng, 5) ? sum : (int)alea_rng_below(&rng, 20));
        card.record = (uint8_t)(nchanges == 0 || alea_rng_below(&rng, 8) == 0
                                    ? 0
                                    : changes[alea_rng_below(&rng, (uint64_t)nchanges)]);
        int pos[6] = {0};
        int want = brute_ok(&card, 3, pos, 0, 0);
        int got = alea__dp_check_reserve(&card, 3, NULL) == ALEA_OK;
        ck_assert_msg(got == want, "trial %ld: search %d, brute force %d", trial, got, want);
        accepted += want;
        rejected += !want;
    }
    /* Both outcomes are common: the brute force is really exercised. */
    ck_assert_int_gt(accepted, test_scale(20000) / 20);
    ck_assert_int_gt(rejected, test_scale(20000) / 20);
}
END_TEST

/* The reserve search of reserve.c (a priority rule over the rows' chains of
   jobs) against the exact depth-first search it replaced (a visited bit per
   frontier, copied here), on random full-size cards whose record and sum are
   right, so that only the order of play decides. */
#define REF_FRONTIERS (7 * 7 * 7 * 7 * 7 * 7)

/* One School row as the search sees it. */
typedef struct ref_plan {
    int costs;                   /* cells that take from the reserve */
    int cost[DP_MAX_COLS];       /* their (negative) changes, left to right */
    int before[DP_MAX_COLS + 1]; /* reserve change of the row once k of them are played,
                                    with every adding cell before the next one */
} ref_plan;

/* Plans row r over its first `len` cells. */
static void ref_plan_row(ref_plan *plan, const dp_card *card, int r, int len) {
    int sum = 0;
    plan->costs = 0;
    for (int c = 0; c < len; c++) {
        int delta = alea__dp_school_delta(card, r, c);
        if (delta < 0) {
            plan->before[plan->costs] = sum;
            plan->cost[plan->costs++] = delta;
        }
        sum += delta;
    }
    plan->before[plan->costs] = sum;
}

static int ref_reserve_at(const ref_plan plans[DP_SCHOOL_ROWS], const int p[DP_SCHOOL_ROWS]) {
    int res = 0;
    for (int r = 0; r < DP_SCHOOL_ROWS; r++)
        res += plans[r].before[p[r]];
    return res;
}

/* Depth-first search over frontiers for one that has played every cost. */
static bool ref_schedule_exists(const ref_plan plans[DP_SCHOOL_ROWS]) {
    uint8_t visited[(REF_FRONTIERS + 7) / 8];
    int radix[DP_SCHOOL_ROWS], p[DP_SCHOOL_ROWS] = {0};
    int moved[6 * DP_MAX_COLS + 1], next[6 * DP_MAX_COLS + 1];
    int states = 1, total = 0;
    for (int r = 0; r < DP_SCHOOL_ROWS; r++) {
        radix[r] = states;
        states *= plans[r].costs + 1;
        total += plans[r].costs;
    }
    memset(visited, 0, (size_t)(states + 7) / 8);
    visited[0] = 1;
    int index = 0, depth = 0;
    next[0] = 0;
    for (;;) {
        if (depth == total)
            return true;
        int res = ref_reserve_at(plans, p), r;
        for (r = next[depth]; r < DP_SCHOOL_ROWS; r++) {
            if (p[r] == plans[r].costs || res + plans[r].cost[p[r]] < 0)
                continue;
            int to = index + radix[r];
            if (!(visited[to / 8] & (1u << (to % 8))))
                break;
        }
        if (r < DP_SCHOOL_ROWS) { /* play the next cost of row r */
            next[depth] = r + 1;
            moved[depth++] = r;
            next[depth] = 0;
            p[r]++;
            index += radix[r];
            visited[index / 8] = (uint8_t)(visited[index / 8] | (1u << (index % 8)));
        } else if (depth == 0) {
            return false;
        } else { /* dead end: step back */
            r = moved[--depth];
            p[r]--;
            index -= radix[r];
        }
    }
}

START_TEST(test_P4_reserve_rule_matches_frontier_search) {
    alea_rng rng;
    int accepted = 0, rejected = 0;
    alea_rng_seed(&rng, test_seed(46));
    for (long trial = 0; trial < test_scale(20000); trial++) {
        dp_card card;
        int sum = 0, last_change[6], rec_rows[6], nrec = 0;
        memset(&card, 0, sizeof card);
        int adds = 1 + (int)alea_rng_below(&rng, 4); /* from few adding cells to many */
        for (int r = 0; r < 6; r++) {
            int n = r + 1, len = (int)alea_rng_below(&rng, 7);
            last_change[r] = -1;
            for (int c = 0; c < len; c++) {
                /* a row's first cell often takes: orders then matter */
                if (c == 0 ? alea_rng_below(&rng, 3) == 0 : (int)alea_rng_below(&rng, 5) < adds) {
                    card.mark[r][c] = ALEA_DICE_POKER_CLOSED;
                    card.value[r][c] = (uint8_t)(n * (int)alea_rng_below(&rng, 3));
                } else {
                    card.mark[r][c] = ALEA_DICE_POKER_CLOSED_RESERVE;
                    card.value[r][c] = (uint8_t)(n * (1 + (int)alea_rng_below(&rng, 2)));
                }
                sum += alea__dp_school_delta(&card, r, c);
                if (card.value[r][c])
                    last_change[r] = c;
            }
            if (last_change[r] >= 0)
                rec_rows[nrec++] = r;
        }
        if (sum < 0)
            continue;
        card.reserve = (int16_t)sum;
        int rec_row = -1, rec_col = -1;
        if (nrec) {
            rec_row = rec_rows[alea_rng_below(&rng, (uint64_t)nrec)];
            rec_col = last_change[rec_row];
            card.record = (uint8_t)(1 + rec_row * 6 + rec_col);
        }
        ref_plan plans[DP_SCHOOL_ROWS];
        for (int r = 0; r < DP_SCHOOL_ROWS; r++)
            ref_plan_row(&plans[r], &card, r, r == rec_row ? rec_col : 6);
        int want = ref_schedule_exists(plans);
        int got = alea__dp_check_reserve(&card, 6, NULL) == ALEA_OK;
        ck_assert_msg(got == want, "trial %ld (seed %lu): rule %d, frontier search %d", trial,
                      (unsigned long)test_seed(46), got, want);
        accepted += want;
        rejected += !want;
    }
    ck_assert_int_gt(accepted, test_scale(20000) / 20);
    ck_assert_int_gt(rejected, test_scale(20000) / 20);
}
END_TEST

/* ---- JSON and board ----------------------------------------------------- */

START_TEST(test_json_valid_through_games) {
    alea_rng rng;
    alea_rng_seed(&rng, test_seed(11));
    static char buf[65536];
    for (int game = 0; game < 3; game++) {
        alea_state st;
        mk(&st, game == 2 ? "dice-poker players=4 columns=6" : "dice-poker players=2");
        int step = 0;
        for (;;) {
            size_t len;
            ck_assert_int_eq(alea_state_to_json(buf, sizeof buf, &len, &st), ALEA_OK);
            /* every node, or every 4th under valgrind (and always the last) */
            if (!test_quick() || step % 4 == 0 ||
                alea_state_current_player(&st) == ALEA_PLAYER_TERMINAL)
                ck_assert_msg(test_json_valid(buf), "%s", buf);
            if (step++ == 0)
                ck_assert(strstr(buf, "\"state\":{\"phase\":\"throw\",\"seat\":0,\"turn\":0,"));
            if (alea_state_current_player(&st) == ALEA_PLAYER_TERMINAL)
                break;
            test_play_random(&st, &rng, 1 + (size_t)(step % 3));
        }
        ck_assert(strstr(buf, "\"phase\":\"over\",\"seat\":-1"));
        ck_assert(strstr(buf, "\"bonuses\":[{\"name\":\"school-1\",\"owner\":"));
        ck_assert(strstr(buf, "\"rows\":{\"school-1\":[{\"mark\":"));
    }
}
END_TEST

START_TEST(test_board_shows_cards_dice_and_bonuses) {
    alea_state st;
    static char buf[16384];
    size_t len;
    mk(&st, "dice-poker players=2");
    at_once(&st, "44441");
    score(&st, SCHOOL(4));
    at_once(&st, "66123");
    score(&st, PAIR);
    at_once(&st, "33126");
    ck_assert_int_eq(alea_state_to_board(buf, sizeof buf, &len, &st), ALEA_OK);
    ck_assert_uint_eq(len, strlen(buf));
    ck_assert(buf[len - 1] == '\n');
    ck_assert(strstr(buf, "turn 3 of 90"));
    ck_assert(strstr(buf, "Seat 0 to play, dice 1 2 3 3 6 (throw 1 of 3, all five at once"));
    ck_assert(strstr(buf, "Seat 0 (to play)"));
    ck_assert(strstr(buf, "School 4"));
    ck_assert(strstr(buf, "x+4*"));
    ck_assert(strstr(buf, "Large straight"));
    ck_assert(strstr(buf, "\xe2\x98\x85"));
    ck_assert(strstr(buf, "Reserve 4"));
    ck_assert(strstr(buf, "Score 24"));
    act(&st, hold_of("33"));
    ck_assert_int_eq(alea_state_to_board(buf, sizeof buf, &len, &st), ALEA_OK);
    ck_assert(strstr(buf, "Seat 0 keeps 3 3 and throws 3 dice (throw 2 of 3)"));
    ck_assert_int_eq(alea_state_to_board(buf, 10, &len, &st), ALEA_BUFFER_TOO_SMALL);
    ck_assert_uint_eq(strlen(buf), 9);
    /* a finished game names the winner; a bonus out of reach shows '-' */
    mk(&st, "dice-poker players=1 columns=1");
    for (int t = 0; t < 15; t++)
        filler(&st, -1);
    ck_assert_int_eq(alea_state_to_board(buf, sizeof buf, &len, &st), ALEA_OK);
    ck_assert(strstr(buf, "Game over: seat 0 wins with -1200 points"));
    ck_assert(strstr(buf, "--"));
}
END_TEST

/* ---- the typed API ------------------------------------------------------ */

START_TEST(test_typed_init_with_options) {
    alea_state a, b;
    alea_error err;
    alea_dice_poker_options opts = ALEA_DICE_POKER_OPTIONS_INIT;
    ck_assert_int_eq(alea_dice_poker_init(&a, &opts, &err), ALEA_OK);
    mk(&b, "dice-poker");
    ck_assert(alea_state_equal(&a, &b));
    opts.players = 4;
    opts.columns = 6;
    ck_assert_int_eq(alea_dice_poker_init(&a, &opts, &err), ALEA_OK);
    mk(&b, "dice-poker players=4 columns=6");
    ck_assert(alea_state_equal(&a, &b));
    opts.columns = 7;
    ck_assert_int_eq(alea_dice_poker_init(&a, &opts, &err), ALEA_BAD_OPTION);
    opts.columns = 3;
    opts.players = 0;
    ck_assert_int_eq(alea_dice_poker_init(&a, &opts, &err), ALEA_BAD_OPTION);
    opts.players = 2;
    opts.version = 2;
    ck_assert_int_eq(alea_dice_poker_init(&a, &opts, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_dice_poker_init(NULL, &opts, &err), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_dice_poker_init(&a, NULL, &err), ALEA_INVALID_ARGUMENT);
    alea_game_info info;
    ck_assert_int_eq(alea_game_get_info(&info, alea_game_find("dice-poker")), ALEA_OK);
    ck_assert_int_eq(info.min_players, 1);
    ck_assert_int_eq(info.max_players, 4);
    ck_assert_uint_eq(info.max_actions, 252);
    ck_assert_uint_eq(info.max_chance_outcomes, 252);
    ck_assert_uint_eq(info.state_size, sizeof(dp_state));
    ck_assert_uint_eq(info.state_size % 8, 0);
    ck_assert_uint_eq(info.option_count, 2);
}
END_TEST

START_TEST(test_typed_encode_decode) {
    alea_dice_poker_action a, back;
    uint64_t v;
    memset(&a, 0, sizeof a);
    a.kind = ALEA_DICE_POKER_ROLL;
    a.row = -1;
    a.counts[0] = 2;
    a.counts[4] = 1;
    a.counts[5] = 2;
    ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_OK);
    ck_assert_uint_eq(v, roll_of("11566"));
    ck_assert_int_eq(alea_dice_poker_decode(&back, v), ALEA_OK);
    ck_assert(memcmp(&a, &back, sizeof a) == 0);
    a.kind = ALEA_DICE_POKER_HOLD;
    ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_INVALID_ARGUMENT); /* 5 kept */
    a.counts[5] = 1;
    ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_OK);
    ck_assert_uint_eq(v, hold_of("1156"));
    memset(a.counts, 0, sizeof a.counts);
    ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_OK); /* hold none */
    a.kind = ALEA_DICE_POKER_ROLL;
    ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_INVALID_ARGUMENT); /* no dice */
    a.counts[2] = 6;
    ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_INVALID_ARGUMENT);
    memset(&a, 0, sizeof a);
    a.kind = ALEA_DICE_POKER_SCORE;
    a.row = SCHOOL(3);
    ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_OK);
    ck_assert_uint_eq(v, SCORE_A(2));
    ck_assert_int_eq(alea_dice_poker_decode(&back, v), ALEA_OK);
    ck_assert(memcmp(&a, &back, sizeof a) == 0);
    a.kind = ALEA_DICE_POKER_STRIKE;
    ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_INVALID_ARGUMENT);
    a.row = SUM;
    ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_OK);
    a.row = 15;
    ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_INVALID_ARGUMENT);
    a.row = -1;
    ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_INVALID_ARGUMENT);
    a.kind = 7;
    a.row = 8;
    ck_assert_int_eq(alea_dice_poker_encode(&v, &a), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_dice_poker_encode(NULL, &a), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_dice_poker_encode(&v, NULL), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_dice_poker_decode(NULL, v), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_dice_poker_decode(&back, UINT64_MAX), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_dice_poker_decode(&back, 0), ALEA_INVALID_ARGUMENT);
    /* every legal action of some states survives the round trip */
    alea_state st;
    uint64_t acts[ALEA_MAX_ACTIONS];
    mk(&st, "dice-poker players=1");
    for (int k = 0; k < 2; k++) {
        size_t n = legal(&st, acts);
        for (size_t i = 0; i < n; i++) {
            ck_assert_int_eq(alea_dice_poker_decode(&back, acts[i]), ALEA_OK);
            ck_assert_int_eq(alea_dice_poker_encode(&v, &back), ALEA_OK);
            ck_assert_uint_eq(v, acts[i]);
        }
        if (k == 0)
            at_once(&st, "11233");
    }
    uint8_t c[6] = {1, 2, 3, 4, 5, 6};
    ck_assert_uint_eq(alea_dice_poker_pack(c),
                      1u | 2u << 3 | 3u << 6 | 4u << 9 | 5u << 12 | 6u << 15);
    ck_assert_uint_eq(alea_dice_poker_pack(NULL), 0);
}
END_TEST

START_TEST(test_typed_combination_value) {
    uint8_t c[6];
    int32_t v;
    counts_of("44442", c);
    ck_assert_int_eq(alea_dice_poker_combination_value(&v, FOUR, c, 1), ALEA_OK);
    ck_assert_int_eq(v, 72);
    ck_assert_int_eq(alea_dice_poker_combination_value(&v, FOUR, c, 0), ALEA_OK);
    ck_assert_int_eq(v, 36);
    ck_assert_int_eq(alea_dice_poker_combination_value(&v, FULL, c, 1), ALEA_OK);
    ck_assert_int_eq(v, 0);
    ck_assert_int_eq(alea_dice_poker_combination_value(&v, SCHOOL(4), c, 1), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_dice_poker_combination_value(&v, 15, c, 1), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_dice_poker_combination_value(NULL, FOUR, c, 1), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_dice_poker_combination_value(&v, FOUR, NULL, 1), ALEA_INVALID_ARGUMENT);
    counts_of("4444", c);
    ck_assert_int_eq(alea_dice_poker_combination_value(&v, FOUR, c, 1), ALEA_INVALID_ARGUMENT);
    c[0] = 250; /* no overflow into a "sum of 5" */
    c[1] = 11;
    ck_assert_int_eq(alea_dice_poker_combination_value(&v, SUM, c, 0), ALEA_INVALID_ARGUMENT);
}
END_TEST

START_TEST(test_typed_get_view) {
    alea_state st;
    alea_dice_poker_view v;
    mk(&st, "dice-poker players=3 columns=4");
    at_once(&st, "12236");
    memset(&v, 0xff, sizeof v);
    v.version = ALEA_DICE_POKER_VIEW_VERSION;
    ck_assert_int_eq(alea_dice_poker_get_view(&v, &st), ALEA_OK);
    ck_assert_int_eq(v.players, 3);
    ck_assert_int_eq(v.columns, 4);
    ck_assert_int_eq(v.phase, ALEA_DICE_POKER_PHASE_DECIDE);
    ck_assert_int_eq(v.seat, 0);
    ck_assert_int_eq(v.throws, 1);
    ck_assert_int_eq(v.all_five, 1);
    ck_assert_int_eq(v.turns, 0);
    ck_assert_int_eq(v.dice[1], 2);
    ck_assert_int_eq(v.held[1], 0);
    ck_assert_int_eq(v.bonus_owner[0], -1);
    ck_assert_int_eq(v.card[0].record_row, -1);
    ck_assert_int_eq(v.card[3].score, 0);
    v.version = 2;
    ck_assert_int_eq(alea_dice_poker_get_view(&v, &st), ALEA_INVALID_ARGUMENT);
    v.version = 0;
    ck_assert_int_eq(alea_dice_poker_get_view(&v, &st), ALEA_INVALID_ARGUMENT);
    v.version = ALEA_DICE_POKER_VIEW_VERSION;
    ck_assert_int_eq(alea_dice_poker_get_view(NULL, &st), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_dice_poker_get_view(&v, NULL), ALEA_INVALID_ARGUMENT);
    alea_state bad = st;
    memset(&bad, 0, 8); /* no header */
    ck_assert_int_eq(alea_dice_poker_get_view(&v, &bad), ALEA_INVALID_ARGUMENT);
}
END_TEST

/* ---- suite -------------------------------------------------------------- */

static TCase *tcase(const char *name) {
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, 600);
    return tc;
}

static Suite *dice_poker_suite(void) {
    Suite *s = suite_create("dice_poker");
    TCase *tc = tcase("vectors");
    tcase_add_test(tc, test_TV01_four_of_a_kind_at_once);
    tcase_add_test(tc, test_TV02_five_ones_at_once);
    tcase_add_test(tc, test_TV03_five_ones_held);
    tcase_add_test(tc, test_TV04_full_house_at_once);
    tcase_add_test(tc, test_TV05_straights);
    tcase_add_test(tc, test_TV06_five_sixes_held);
    tcase_add_test(tc, test_TV07_doubling_after_full_rethrow);
    tcase_add_test(tc, test_TV08_two_pairs_held);
    tcase_add_test(tc, test_TV09_text_reserve_example);
    tcase_add_test(tc, test_TV10_school_not_doubled);
    tcase_add_test(tc, test_TV11_zeros);
    tcase_add_test(tc, test_TV12_one_die_required);
    tcase_add_test(tc, test_TV13_school_row_bonus);
    tcase_add_test(tc, test_TV14_row_bonus_first_earner);
    tcase_add_test(tc, test_TV15_column_bonus);
    tcase_add_test(tc, test_TV16_final_score);
    tcase_add_test(tc, test_TV17_protocol);
    tcase_add_test(tc, test_TV18_two_player_game_length);
    suite_add_tcase(s, tc);

    tc = tcase("rules");
    tcase_add_test(tc, test_P3_inclusions_and_exclusions);
    tcase_add_test(tc, test_P3_values_table_matches_every_throw);
    tcase_add_test(tc, test_P4_school_outcomes);
    tcase_add_test(tc, test_P4_4_reserve_never_partial);
    tcase_add_test(tc, test_P6_3_invalid_completion_does_not_block);
    tcase_add_test(tc, test_P6_8_row_and_column_bonus_one_action);
    tcase_add_test(tc, test_P6_1_sum_has_no_row_bonus);
    tcase_add_test(tc, test_P7_3_ties_and_ranks);
    tcase_add_test(tc, test_P7_2_scores_so_far);
    tcase_add_test(tc, test_P1_3_columns_and_players_set_game_length);
    tcase_add_test(tc, test_P7_4_solitaire_takes_every_met_bonus);
    tcase_add_test(tc, test_P4_reserve_history_matches_brute_force);
    tcase_add_test(tc, test_P4_reserve_rule_matches_frontier_search);
    suite_add_tcase(s, tc);

    tc = tcase("protocol");
    tcase_add_test(tc, test_P2_2_rethrow_counts);
    tcase_add_test(tc, test_P8_2_hold_counts);
    tcase_add_test(tc, test_P2_3_legal_scores_and_strikes);
    tcase_add_test(tc, test_P8_2_chance_outcomes_exact);
    tcase_add_test(tc, test_P8_2_roll_is_physical);
    tcase_add_test(tc, test_wrong_phase);
    tcase_add_test(tc, test_garbage_values_are_invalid_arguments);
    tcase_add_test(tc, test_illegal_actions_cite_rules_and_change_nothing);
    tcase_add_test(tc, test_check_iff_legal_over_random_games);
    suite_add_tcase(s, tc);

    tc = tcase("notation");
    tcase_add_test(tc, test_notation_round_trip_every_legal_action);
    tcase_add_test(tc, test_notation_spellings);
    tcase_add_test(tc, test_notation_errors);
    tcase_add_test(tc, test_notation_format);
    suite_add_tcase(s, tc);

    tc = tcase("text");
    tcase_add_test(tc, test_state_text_initial);
    tcase_add_test(tc, test_state_text_round_trip_random_games);
    tcase_add_test(tc, test_state_text_rejects_impossible_fields);
    tcase_add_test(tc, test_state_text_rejects_impossible_histories);
    tcase_add_test(tc, test_state_text_random_mutations_never_crash);
    tcase_add_test(tc, test_validate_raw_corruptions);
    tcase_add_test(tc, test_json_valid_through_games);
    tcase_add_test(tc, test_board_shows_cards_dice_and_bonuses);
    suite_add_tcase(s, tc);

    tc = tcase("typed");
    tcase_add_test(tc, test_typed_init_with_options);
    tcase_add_test(tc, test_typed_encode_decode);
    tcase_add_test(tc, test_typed_combination_value);
    tcase_add_test(tc, test_typed_get_view);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(dice_poker_suite());
}
