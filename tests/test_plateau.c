/* Plateau: every test vector of the rule file (TV1 .. TV27) played through the
   public API, the exchange, the end of the game, the notation, the state text,
   the typed API, the public view (R11) and seeded random games.
   Rule numbers R-x.y / D-n: the rule file, summarised in doc/rules/plateau.md. */
#include "support.h"

#include <alea/plateau.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plateau/pl.h" /* internal: positions with restricted reserves, raw corruption */

/* ---- helpers ------------------------------------------------------------ */

/* ck_assert() reports every passing check to the runner (a write per call);
   loops over many random games use this instead. */
#define REQUIRE(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

static int sq_of(const char *name) {
    return (name[0] - 'a') + 4 * (name[1] - '1');
}

/* Reserves from the inventory: what is neither on the board nor held. */
static void refill(pl_state *s) {
    for (int p = 0; p < 2; p++) {
        uint8_t on[8];
        alea__pl_board_counts(s, p, on);
        for (int t = 0; t < PL_TYPES; t++)
            s->reserve[p][t] = (uint8_t)(alea__pl_count[t] - on[t] - s->prisoners[1 - p][t]);
    }
}

static void set_of(uint8_t out[8], const char *text) {
    alea__scan sc;
    alea__scan_init(&sc, text, strlen(text));
    ck_assert(alea__pl_set_read(&sc, out));
}

/* A position in phase PLAY: board "a1=BxxBrr d4=WxxWxx" (every face seen),
   seat to act, prisoners "R+M" held by Black and by White; reserves hold the
   rest. */
static pl_state *pos(alea_state *st, const char *board, int to_act, const char *black_holds,
                     const char *white_holds) {
    ck_assert_int_eq(alea_state_init(st, "plateau", NULL), ALEA_OK);
    pl_state *s = pl_of(st);
    s->phase = PL_PLAY;
    s->to_act = (uint8_t)to_act;
    s->plies = 10u + (uint32_t)to_act; /* R5: Black on turn after an even count */
    for (const char *p = board; *p;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        int sq = sq_of(p);
        p += 3;
        while (*p == 'B' || *p == 'W') {
            int ps = alea__pl_pstate_find(p[1], p[2]);
            ck_assert_int_ge(ps, 0);
            s->stack[sq][s->height[sq]++] = (uint8_t)(pl_piece(*p == 'W', ps) | PL_UPK);
            p += 3;
        }
    }
    set_of(s->prisoners[0], black_holds);
    set_of(s->prisoners[1], white_holds);
    refill(s);
    return s;
}

static size_t legal(const alea_state *st, uint64_t *out) {
    size_t n;
    REQUIRE(alea_state_legal_actions(out, ALEA_MAX_ACTIONS, &n, st) == ALEA_OK, "legal actions");
    return n;
}

static int kind_of(uint64_t a) {
    return (int)(a >> 28);
}

/* MOVE actions from `origin` (flip 0/1, or -1 for both), excluding stomps;
   *dests receives the landing squares as a bit set. */
static int moves_from(const alea_state *st, const char *origin, int flip, unsigned *dests,
                      int *stomps) {
    static uint64_t a[ALEA_MAX_ACTIONS];
    size_t n = legal(st, a);
    int count = 0, o = sq_of(origin);
    *dests = 0;
    if (stomps)
        *stomps = 0;
    for (size_t i = 0; i < n; i++) {
        alea_plateau_action d;
        if (kind_of(a[i]) != ALEA_PLATEAU_MOVE)
            continue;
        ck_assert_int_eq(alea_plateau_decode(&d, a[i]), ALEA_OK);
        if (d.square != o || (flip >= 0 && d.flip != flip))
            continue;
        if (d.target == o) {
            if (stomps)
                (*stomps)++;
            continue;
        }
        count++;
        *dests |= 1u << d.target;
    }
    return count;
}

static unsigned squares(const char *list) {
    unsigned set = 0;
    for (const char *p = list; *p; p += *p == ' ' ? 1 : 2)
        if (*p != ' ')
            set |= 1u << sq_of(p);
    return set;
}

static size_t count_kind(const alea_state *st, int kind) {
    static uint64_t a[ALEA_MAX_ACTIONS];
    size_t n = legal(st, a), c = 0;
    for (size_t i = 0; i < n; i++)
        c += kind_of(a[i]) == kind;
    return c;
}

static void play(alea_state *st, const char *text) {
    alea_error err;
    alea_status s = alea_state_apply_text(st, text, &err);
    ck_assert_msg(s == ALEA_OK, "'%s': %s", text, err.message);
}

/* Refused with this status and a reason starting with `rule`; state unchanged. */
static void refuse(alea_state *st, const char *text, alea_status want, const char *rule) {
    alea_state before;
    alea_error err;
    alea_state_copy(&before, st);
    alea_status s = alea_state_apply_text(st, text, &err);
    ck_assert_msg(s == want, "'%s' gave %s (%s)", text, alea_status_name(s),
                  s ? err.message : "applied");
    if (rule)
        ck_assert_msg(strncmp(err.message, rule, strlen(rule)) == 0, "'%s': reason '%s' not %s",
                      text, err.message, rule);
    ck_assert(memcmp(st, &before, alea_state_size(st)) == 0);
}

/* "BxxBrr" for a square (no knowledge marks), "" when empty. */
static const char *stack_of(const alea_state *st, const char *square) {
    static char buf[128];
    const pl_state *s = pl_cof(st);
    int sq = sq_of(square);
    buf[0] = '\0';
    for (int i = 0; i < s->height[sq]; i++) {
        char ps[3];
        uint8_t x = s->stack[sq][i];
        alea__pl_pstate_text(ps, pl_pstate(x));
        snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%c%s", pl_owner(x) ? 'W' : 'B', ps);
    }
    return buf;
}

static const char *held(const alea_state *st, int p) {
    static char buf[64];
    alea__buf b;
    alea__buf_init(&b, buf, sizeof buf);
    alea__pl_set_write(&b, pl_cof(st)->prisoners[p]);
    alea__buf_finish(&b, NULL);
    return buf;
}

static int winner(const alea_state *st) {
    alea_result r;
    alea_state_result(&r, st);
    return r.terminal ? r.winner : -2;
}

/* All actions of a position lead to pairwise different positions (R5.4). */
static void all_distinct(const alea_state *st) {
    static uint64_t a[ALEA_MAX_ACTIONS];
    static alea_state next[ALEA_MAX_ACTIONS];
    size_t n = legal(st, a);
    for (size_t i = 0; i < n; i++) {
        alea_state_copy(&next[i], st);
        REQUIRE(alea_state_apply(&next[i], a[i], NULL) == ALEA_OK, "apply %zu", i);
        /* knowledge bits are bookkeeping of R11, not part of action identity */
        pl_state *s = pl_of(&next[i]);
        for (int sq = 0; sq < PL_SQUARES; sq++)
            for (int k = 0; k < s->height[sq]; k++)
                s->stack[sq][k] &= PL_IDENT;
    }
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            REQUIRE(!alea_state_equal(&next[i], &next[j]), "actions %zu and %zu coincide", i, j);
}

/* ---- TV1 .. TV27 ---------------------------------------------------------- */

START_TEST(test_TV01_setup_squares_R4) {
    alea_state st;
    uint64_t a[ALEA_MAX_ACTIONS];
    ck_assert_int_eq(alea_state_init(&st, "plateau", NULL), ALEA_OK);
    size_t n = legal(&st, a);
    ck_assert_uint_eq(n, 1260);
    unsigned sqs = 0;
    for (size_t i = 0; i < n; i++) {
        ck_assert_int_eq(kind_of(a[i]), ALEA_PLATEAU_SETUP);
        sqs |= 1u << ((a[i] >> 8) & 15);
    }
    ck_assert_uint_eq(sqs, squares("a1 a2 a3 a4 b1 b4 c1 c4 d1 d2 d3 d4"));
    refuse(&st, "setup b2 xx rb", ALEA_ILLEGAL_ACTION, "R4.2");
    refuse(&st, "setup c3 xx xx", ALEA_ILLEGAL_ACTION, "R4.2");
    refuse(&st, "setup a1 rb br", ALEA_ILLEGAL_ACTION, "R4.2"); /* one Ace */
    refuse(&st, "on xx a1:0", ALEA_ILLEGAL_ACTION, "R4.2");
    play(&st, "setup a1 xx rb");
    ck_assert_str_eq(stack_of(&st, "a1"), "BxxBrb");
    ck_assert_uint_eq(legal(&st, a), 1155);
    refuse(&st, "setup a1 xx xx", ALEA_ILLEGAL_ACTION, "R4.3");
    play(&st, "setup d4 bb ox");
    ck_assert_int_eq(alea_state_current_player(&st), 0); /* R4.4 */
    ck_assert_int_eq(pl_cof(&st)->phase, PL_PLAY);
}
END_TEST

START_TEST(test_TV02_red_single_R7_4) {
    alea_state st;
    unsigned d;
    pos(&st, "b2=Wrr", 1, "-", "-");
    ck_assert_int_eq(moves_from(&st, "b2", -1, &d, NULL), 4);
    ck_assert_uint_eq(d, squares("a2 c2 b1 b3"));
}
END_TEST

START_TEST(test_TV03_blue_single_R7_4) {
    alea_state st;
    unsigned d;
    pos(&st, "b2=Wbb", 1, "-", "-");
    ck_assert_int_eq(moves_from(&st, "b2", -1, &d, NULL), 4);
    ck_assert_uint_eq(d, squares("a1 a3 c1 c3"));
}
END_TEST

START_TEST(test_TV04_mute_single_R7_4) {
    alea_state st;
    unsigned d;
    pos(&st, "b2=Wxx", 1, "-", "-");
    ck_assert_int_eq(moves_from(&st, "b2", -1, &d, NULL), 8);
    ck_assert_uint_eq(d, squares("a1 a2 a3 b1 b3 c1 c2 c3"));
}
END_TEST

START_TEST(test_TV05_twister_knight_leap_R7_8) {
    alea_state st;
    unsigned d;
    pos(&st, "b2=Wox", 1, "-", "-");
    ck_assert_int_eq(moves_from(&st, "b2", 0, &d, NULL), 4);
    ck_assert_uint_eq(d, squares("a4 c4 d1 d3"));
    ck_assert_int_eq(moves_from(&st, "b2", 1, &d, NULL), 8);
    ck_assert_uint_eq(d, squares("a1 a2 a3 b1 b3 c1 c2 c3"));
    ck_assert_int_eq(moves_from(&st, "b2", -1, &d, NULL), 12);
}
END_TEST

START_TEST(test_TV06_ace_flip_R7_3) {
    alea_state st;
    unsigned d;
    pos(&st, "a1=Brb", 0, "-", "-");
    ck_assert_int_eq(moves_from(&st, "a1", 0, &d, NULL), 2);
    ck_assert_uint_eq(d, squares("a2 b1"));
    ck_assert_int_eq(moves_from(&st, "a1", 1, &d, NULL), 1);
    ck_assert_uint_eq(d, squares("b2"));
    play(&st, "!a1/1-b2");
    ck_assert_str_eq(stack_of(&st, "b2"), "Bbr"); /* the flip persists */
}
END_TEST

START_TEST(test_TV07_stack_range_and_enumeration_R7_6_R7_9) {
    alea_state st;
    unsigned d;
    pos(&st, "a1=WxxWxxWrr", 1, "-", "-");
    ck_assert_int_eq(moves_from(&st, "a1", -1, &d, NULL), 38);
    ck_assert_uint_eq(d, squares("a2 a3 a4 b1 c1 d1"));
    all_distinct(&st);
}
END_TEST

START_TEST(test_TV08_range_counts_own_top_unit_R7_5) {
    alea_state st, x;
    unsigned d;
    int stomps;
    pos(&st, "a1=WxxBxxBrr", 0, "-", "-");
    ck_assert_int_eq(moves_from(&st, "a1", -1, &d, &stomps), 10);
    ck_assert_int_eq(stomps, 1);
    ck_assert_uint_eq(d, squares("a2 a3 b1 c1"));
    alea_state_copy(&x, &st);
    play(&x, "a1*");
    ck_assert_str_eq(stack_of(&x, "a1"), "BxxBrr");
    ck_assert_str_eq(held(&x, 0), "M");
    alea_state_copy(&x, &st);
    play(&x, "a1/2-a2");
    ck_assert_str_eq(stack_of(&x, "a1"), "Wxx");
    alea_state_copy(&x, &st);
    play(&x, "a1/1-a2");
    ck_assert_str_eq(stack_of(&x, "a1"), "WxxBxx");
    refuse(&st, "a1/2-a4", ALEA_ILLEGAL_ACTION, "R7.4");
    refuse(&st, "a1/3-a2", ALEA_ILLEGAL_ACTION, "R7.2");
}
END_TEST

START_TEST(test_TV09_blank_cannot_land_on_enemy_R7_11) {
    alea_state st;
    unsigned d;
    pos(&st, "b2=Bxx b3=Wxx", 0, "-", "-");
    moves_from(&st, "b2", -1, &d, NULL);
    ck_assert_uint_eq(d, squares("a1 a2 a3 b1 c1 c2 c3"));
    refuse(&st, "b2/1-b3", ALEA_ILLEGAL_ACTION, "R7.11");
}
END_TEST

START_TEST(test_TV10_simple_capture_R8) {
    alea_state st;
    unsigned d;
    pos(&st, "b2=Brr b3=WxxWrr", 0, "-", "-");
    moves_from(&st, "b2", -1, &d, NULL);
    ck_assert_uint_eq(d, squares("a2 c2 b1 b3"));
    play(&st, "b2/1-b3");
    ck_assert_str_eq(stack_of(&st, "b3"), "WxxBrr");
    ck_assert_str_eq(held(&st, 0), "R");
    ck_assert_int_eq(winner(&st), -2);
}
END_TEST

START_TEST(test_TV11_stomp_R7_13) {
    alea_state st, x;
    unsigned d;
    int stomps;
    pos(&st, "b3=WxxBrr", 0, "-", "-");
    moves_from(&st, "b3", -1, &d, &stomps);
    ck_assert_uint_eq(d, squares("a3 c3 b2 b4"));
    ck_assert_int_eq(stomps, 1);
    alea_state_copy(&x, &st);
    play(&x, "b3*");
    ck_assert_str_eq(stack_of(&x, "b3"), "Brr");
    ck_assert_str_eq(held(&x, 0), "M");
    alea_state_copy(&x, &st);
    play(&x, "b3/1-b4");
    ck_assert_str_eq(stack_of(&x, "b3"), "Wxx");
    /* variant: Red Mask blank up */
    pos(&st, "c2=WxxBxr", 0, "-", "-");
    refuse(&st, "c2*", ALEA_ILLEGAL_ACTION, "R7.13");
    moves_from(&st, "c2", 0, &d, &stomps);
    ck_assert_int_eq(stomps, 0);
    ck_assert_uint_eq(d, squares("b1 c1 d1 b2 d2 b3 c3 d3"));
    moves_from(&st, "c2", 1, &d, &stomps);
    ck_assert_int_eq(stomps, 1);
    ck_assert_uint_eq(d, squares("b2 d2 c1 c3"));
    play(&st, "!c2*");
    ck_assert_str_eq(stack_of(&st, "c2"), "Brx");
    ck_assert_str_eq(held(&st, 0), "M");
}
END_TEST

START_TEST(test_TV12_sandwich_capture_R8_2) {
    alea_state st;
    pos(&st, "b1=BxxBrr b3=WxxBbbWrr", 0, "-", "-");
    play(&st, "b1/2-b3");
    ck_assert_str_eq(stack_of(&st, "b3"), "BbbBxxBrr");
    ck_assert_str_eq(stack_of(&st, "b1"), "");
    ck_assert_str_eq(held(&st, 0), "M+R");
}
END_TEST

START_TEST(test_TV13_pick_up_increases_captures_R7_9) {
    alea_state st, x;
    pos(&st, "a1=BxxBrr a2=Bxx a3=WxxWxxWbb", 0, "-", "-");
    alea_state_copy(&x, &st);
    play(&x, "a1/2-a2:3-a3");
    ck_assert_str_eq(stack_of(&x, "a3"), "BxxBxxBrr");
    ck_assert_str_eq(stack_of(&x, "a1"), "");
    ck_assert_str_eq(stack_of(&x, "a2"), "");
    ck_assert_str_eq(held(&x, 0), "M+M+BL");
    play(&st, "a1/2-a3");
    ck_assert_str_eq(stack_of(&st, "a2"), "Bxx");
    ck_assert_str_eq(stack_of(&st, "a3"), "WxxBxxBrr");
    ck_assert_str_eq(held(&st, 0), "M+BL");
}
END_TEST

START_TEST(test_TV14_pin_with_coloured_piece_R7_9) {
    alea_state st, x;
    unsigned d;
    pos(&st, "a1=BbbBrr a2=Wxx", 0, "-", "-");
    moves_from(&st, "a1", -1, &d, NULL);
    ck_assert_uint_eq(d, squares("a2 a3 b1 c1"));
    alea_state_copy(&x, &st);
    play(&x, "a1/2-a2:1-a3");
    ck_assert_str_eq(stack_of(&x, "a1"), "");
    ck_assert_str_eq(stack_of(&x, "a2"), "WxxBbb");
    ck_assert_str_eq(stack_of(&x, "a3"), "Brr");
    ck_assert_str_eq(held(&x, 0), "-");
    play(&st, "a1/1-a2");
    ck_assert_str_eq(stack_of(&st, "a1"), "Bbb");
    ck_assert_str_eq(stack_of(&st, "a2"), "Brr");
    ck_assert_str_eq(held(&st, 0), "M");
    /* contrast: a blank piece cannot pin */
    pos(&st, "a1=BxxBrr a2=Wxx", 0, "-", "-");
    refuse(&st, "a1/2-a2:1-a3", ALEA_ILLEGAL_ACTION, "R7.9");
    play(&st, "a1/2-a3");
    pos(&st, "a1=BxxBrr a2=Wxx", 0, "-", "-");
    moves_from(&st, "a1", -1, &d, NULL);
    ck_assert_uint_eq(d, squares("a2 a3 b1 c1"));
}
END_TEST

START_TEST(test_TV15_blank_led_group_pins_with_lower_piece_R7_9) {
    alea_state st;
    unsigned d;
    pos(&st, "a1=BrrBxx a2=Wxx", 0, "-", "-");
    moves_from(&st, "a1", -1, &d, NULL);
    ck_assert_uint_eq(d, squares("a3 b1 c1 b2 c3"));
    play(&st, "a1/2-a2:1-a3");
    ck_assert_str_eq(stack_of(&st, "a2"), "WxxBrr");
    ck_assert_str_eq(stack_of(&st, "a3"), "Bxx");
}
END_TEST

START_TEST(test_TV16_twister_with_stack_R7_8) {
    alea_state st;
    unsigned d;
    pos(&st, "b1=BrrBox", 0, "-", "-");
    ck_assert_int_eq(moves_from(&st, "b1", 0, &d, NULL), 9);
    ck_assert_uint_eq(d, squares("a3 c3 d2"));
    ck_assert_int_eq(moves_from(&st, "b1", 1, &d, NULL), 19);
    ck_assert_uint_eq(d, squares("a1 a2 b2 b3 c1 c2 d1 d3"));
    ck_assert_int_eq(moves_from(&st, "b1", -1, &d, NULL), 28);
    all_distinct(&st);
    pos(&st, "b1=BrrBox c1=Wxx", 0, "-", "-");
    moves_from(&st, "b1", 0, &d, NULL);
    ck_assert(!(d & squares("c1")));
    play(&st, "b1/2-c1:1-d2");
    ck_assert_str_eq(stack_of(&st, "c1"), "WxxBrr");
    ck_assert_str_eq(stack_of(&st, "d2"), "Box");
    pos(&st, "b1=BrrBox d2=Wrr", 0, "-", "-");
    play(&st, "b1/1-d2");
    ck_assert_str_eq(stack_of(&st, "d2"), "Box");
    ck_assert_str_eq(held(&st, 0), "R");
}
END_TEST

START_TEST(test_TV17_lift_fewer_keeps_range_R7_6) {
    alea_state st;
    pos(&st, "a1=BxxBrr", 0, "-", "-");
    play(&st, "a1/1-a3");
    ck_assert_str_eq(stack_of(&st, "a1"), "Bxx");
    ck_assert_str_eq(stack_of(&st, "a3"), "Brr");
}
END_TEST

START_TEST(test_TV18_landing_on_own_pin_captures_D8) {
    alea_state st;
    pos(&st, "b1=Bbb c2=WxxWxxWxxBrr", 0, "-", "-");
    play(&st, "b1/1-c2");
    ck_assert_str_eq(stack_of(&st, "c2"), "WxxBrrBbb");
    ck_assert_str_eq(held(&st, 0), "M+M");
    pos(&st, "b1=Bxx c2=WxxWxxWxxBrr", 0, "-", "-");
    play(&st, "b1/1-c2");
    ck_assert_str_eq(stack_of(&st, "c2"), "WxxWxxWxxBrrBxx");
    ck_assert_str_eq(held(&st, 0), "-");
}
END_TEST

/* Only the Ace in Black's reserve (the rest are set aside: reserve patched). */
static void only_in_reserve(alea_state *st, int p, int type) {
    pl_state *s = pl_of(st);
    memset(s->reserve[p], 0, 8);
    s->reserve[p][type] = 1;
}

START_TEST(test_TV19_onboarding_positions_R6_2) {
    alea_state st;
    uint64_t a[ALEA_MAX_ACTIONS];
    pos(&st, "a1=BxxBrr d4=WxxWxx", 0, "-", "-");
    only_in_reserve(&st, 0, ALEA_PLATEAU_PIECE_ACE);
    ck_assert_uint_eq(count_kind(&st, ALEA_PLATEAU_ONBOARD), 32);
    size_t n = legal(&st, a);
    for (size_t i = 0; i < n; i++)
        if (kind_of(a[i]) == ALEA_PLATEAU_ONBOARD)
            ck_assert_int_ne((int)((a[i] >> 5) & 15), sq_of("d4"));
    refuse(&st, "on rb d4:2", ALEA_ILLEGAL_ACTION, "R6.2");
    pos(&st, "c3=WxxBxxWrr", 0, "-", "-");
    only_in_reserve(&st, 0, ALEA_PLATEAU_PIECE_ACE);
    n = legal(&st, a);
    int c3 = 0;
    for (size_t i = 0; i < n; i++)
        if (kind_of(a[i]) == ALEA_PLATEAU_ONBOARD && ((a[i] >> 5) & 15) == (uint64_t)sq_of("c3")) {
            ck_assert_int_eq((int)(a[i] & 31), 2);
            c3++;
        }
    ck_assert_int_eq(c3, 2); /* two faces */
    refuse(&st, "on rb c3:0", ALEA_ILLEGAL_ACTION, "R6.2");
    refuse(&st, "on rb c3:1", ALEA_ILLEGAL_ACTION, "R6.2");
    refuse(&st, "on rb c3:3", ALEA_ILLEGAL_ACTION, "R6.2");
    play(&st, "on br c3:2");
    ck_assert_str_eq(stack_of(&st, "c3"), "WxxBxxBbrWrr");
}
END_TEST

START_TEST(test_TV20_six_unit_wins_R10_1) {
    alea_state st, x;
    pos(&st, "c2=BxxBxxBbbBrrBxx", 0, "-", "-");
    only_in_reserve(&st, 0, ALEA_PLATEAU_PIECE_ACE);
    for (int level = 1; level <= 5; level++) {
        char text[32];
        snprintf(text, sizeof text, "on rb c2:%d", level);
        alea_state_copy(&x, &st);
        play(&x, text);
        ck_assert_int_eq(winner(&x), 0);
    }
    alea_state_copy(&x, &st);
    play(&x, "on rb a1");
    ck_assert_int_eq(winner(&x), -2);
    pos(&st, "d1=BxxBxxBbbBrrBxxWrr", 0, "-", "-");
    only_in_reserve(&st, 0, ALEA_PLATEAU_PIECE_ACE);
    for (int level = 1; level <= 5; level++) {
        char text[32];
        snprintf(text, sizeof text, "on rb d1:%d", level);
        alea_state_copy(&x, &st);
        play(&x, text);
        ck_assert_int_eq(winner(&x), 0);
    }
    refuse(&st, "on rb d1:6", ALEA_ILLEGAL_ACTION, "R6.2");
}
END_TEST

START_TEST(test_TV21_prisoner_win_R10_2) {
    alea_state st;
    pos(&st, "b2=Brr b3=Wxx", 0, "M+M+BL+R+BM", "-");
    ck_assert_int_eq(alea_state_validate(&st, NULL), ALEA_OK);
    play(&st, "b2/1-b3");
    ck_assert_int_eq(winner(&st), 0);
    ck_assert_int_eq(pl_cof(&st)->result, ALEA_PLATEAU_RESULT_BLACK);
}
END_TEST

START_TEST(test_TV22_exchange_exact_value_R9_3) {
    alea_state st;
    uint64_t a[ALEA_MAX_ACTIONS];
    pos(&st, "a1=Bxx d4=Wxx", 1, "R+BL+M", "R");
    play(&st, "offer R");
    ck_assert_int_eq(alea_state_current_player(&st), 0);
    size_t n = legal(&st, a);
    ck_assert_uint_eq(n, 2);
    char t0[64], t1[64];
    alea_state_action_to_text(t0, sizeof t0, NULL, &st, a[0]);
    alea_state_action_to_text(t1, sizeof t1, NULL, &st, a[1]);
    ck_assert_str_eq(t0, "give M+BL"); /* ascending action order */
    ck_assert_str_eq(t1, "give R");
    refuse(&st, "give BL", ALEA_ILLEGAL_ACTION, "R9.3");
    refuse(&st, "give R+M", ALEA_ILLEGAL_ACTION, "R9.3");
    refuse(&st, "decline", ALEA_ILLEGAL_ACTION, "R9.3");
    refuse(&st, "a1/1-a2", ALEA_ILLEGAL_ACTION, "R9.7");
    int black_r = pl_cof(&st)->reserve[0][ALEA_PLATEAU_PIECE_RED];
    int white_r = pl_cof(&st)->reserve[1][ALEA_PLATEAU_PIECE_RED];
    play(&st, "give R");
    ck_assert_int_eq(pl_cof(&st)->reserve[0][ALEA_PLATEAU_PIECE_RED], black_r + 1);
    ck_assert_int_eq(pl_cof(&st)->reserve[1][ALEA_PLATEAU_PIECE_RED], white_r + 1);
    ck_assert_str_eq(held(&st, 1), "-");
    ck_assert_str_eq(held(&st, 0), "M+BL");
    ck_assert_int_eq(alea_state_current_player(&st), 0);
    ck_assert_int_eq(pl_cof(&st)->phase, PL_PLAY);
}
END_TEST

START_TEST(test_TV23_exchange_highest_value_below_R9_2) {
    alea_state st;
    uint64_t a[ALEA_MAX_ACTIONS];
    pos(&st, "a1=Bxx d4=Wxx", 1, "T+R+BL+M", "A");
    play(&st, "offer A");
    ck_assert_uint_eq(legal(&st, a), 1);
    char t[64];
    alea_state_action_to_text(t, sizeof t, NULL, &st, a[0]);
    ck_assert_str_eq(t, "give M+R+T");
    refuse(&st, "give T+R", ALEA_ILLEGAL_ACTION, "R9.3");
}
END_TEST

START_TEST(test_TV24_exchange_decline_and_reoffer_R9_6) {
    alea_state st;
    pos(&st, "a1=Bxx d4=Wxx", 1, "BL+R", "M+BL");
    play(&st, "offer M");
    ck_assert_uint_eq(count_kind(&st, ALEA_PLATEAU_GIVE), 3);
    ck_assert_uint_eq(count_kind(&st, ALEA_PLATEAU_DECLINE), 1);
    play(&st, "decline");
    ck_assert_int_eq(alea_state_current_player(&st), 1);
    refuse(&st, "offer M", ALEA_ILLEGAL_ACTION, "R9.6");
    ck_assert_uint_eq(count_kind(&st, ALEA_PLATEAU_OFFER), 2);
    ck_assert_uint_gt(count_kind(&st, ALEA_PLATEAU_ONBOARD), 0);
    ck_assert_uint_gt(count_kind(&st, ALEA_PLATEAU_MOVE), 0);
    alea_state x;
    alea_state_copy(&x, &st);
    play(&x, "offer BL");
    alea_state_copy(&x, &st);
    play(&x, "offer M+BL");
    play(&st, "d4/1-c4"); /* the turn ends: the bound is reset */
    ck_assert_int_eq(pl_cof(&st)->min_offer, 0);
}
END_TEST

START_TEST(test_TV25_offer_needs_opponent_prisoners_D14) {
    alea_state st;
    pos(&st, "a1=Bxx d4=Wxx", 1, "-", "M");
    ck_assert_uint_eq(count_kind(&st, ALEA_PLATEAU_OFFER), 0);
    refuse(&st, "offer M", ALEA_ILLEGAL_ACTION, "R9.1");
}
END_TEST

START_TEST(test_TV26_forced_pass_then_winning_stomp_R5_2) {
    alea_state st;
    uint64_t a[ALEA_MAX_ACTIONS];
    pos(&st, "a1=WxxWxxWxxBxx a2=WxxWbbWbbBrr b1=WrrBbb", 1, "R+BM+RM+T+A", "-");
    ck_assert_int_eq(alea_state_validate(&st, NULL), ALEA_OK);
    ck_assert_uint_eq(legal(&st, a), 1);
    ck_assert_uint_eq(a[0], (uint64_t)ALEA_PLATEAU_PASS << 28);
    play(&st, "pass");
    ck_assert_int_eq(pl_cof(&st)->passes, 1);
    refuse(&st, "pass", ALEA_ILLEGAL_ACTION, "R5.2");
    play(&st, "a2*");
    ck_assert_str_eq(stack_of(&st, "a2"), "WxxWbbBrr");
    ck_assert_int_eq(winner(&st), 0);
}
END_TEST

START_TEST(test_TV27_equivalent_onboarding_levels_R5_6) {
    alea_state st;
    uint64_t parsed, a[ALEA_MAX_ACTIONS];
    alea_error err;
    unsigned d;
    pos(&st, "a1=BxxBxx", 0, "-", "-");
    only_in_reserve(&st, 0, ALEA_PLATEAU_PIECE_MUTE);
    ck_assert_uint_eq(count_kind(&st, ALEA_PLATEAU_ONBOARD), 16);
    ck_assert_int_eq(moves_from(&st, "a1", -1, &d, NULL), 15);
    all_distinct(&st);
    ck_assert_int_eq(alea_state_action_from_text(&parsed, &st, "on xx a1:2", &err), ALEA_OK);
    ck_assert_uint_eq(parsed, (uint64_t)ALEA_PLATEAU_ONBOARD << 28 | 0u << 12 | 0u << 5 | 1u);
    ck_assert_int_eq(alea_state_action_from_text(&parsed, &st, "on xx a1", &err), ALEA_OK);
    ck_assert_uint_eq(parsed & 31, 1);
    /* the non-canonical value itself is not in the list */
    ck_assert_int_eq(alea_state_check_action(&st, (uint64_t)ALEA_PLATEAU_ONBOARD << 28 | 2u, &err),
                     ALEA_ILLEGAL_ACTION);
    ck_assert(strncmp(err.message, "R5.6", 4) == 0);
    size_t n = legal(&st, a);
    (void)n;
    pos(&st, "c3=WxxBxxBxxWrr", 0, "-", "-");
    only_in_reserve(&st, 0, ALEA_PLATEAU_PIECE_MUTE);
    ck_assert_uint_eq(count_kind(&st, ALEA_PLATEAU_ONBOARD), 16);
    ck_assert_int_eq(alea_state_action_from_text(&parsed, &st, "on xx c3:3", &err), ALEA_OK);
    ck_assert_uint_eq(parsed & 31, 2);
    refuse(&st, "on xx c3:1", ALEA_ILLEGAL_ACTION, "R6.2");
    play(&st, "on xx c3:3");
    ck_assert_str_eq(stack_of(&st, "c3"), "WxxBxxBxxBxxWrr");
}
END_TEST

/* ---- rules beyond the vectors -------------------------------------------- */

START_TEST(test_overpay_option_D12) {
    alea_state st;
    pos(&st, "a1=Bxx d4=Wxx", 1, "R+BL+M", "R");
    pl_of(&st)->overpay = 1;
    play(&st, "offer R");
    /* value 5 exactly ({R}, {BL, M}) or more than 5 ({R,M}, {R,BL}, {R,BL,M}) */
    ck_assert_uint_eq(count_kind(&st, ALEA_PLATEAU_GIVE), 5);
    refuse(&st, "give BL", ALEA_ILLEGAL_ACTION, "R9.3");
    play(&st, "give R+M");
}
END_TEST

START_TEST(test_two_passes_draw_R10_4) {
    alea_state st;
    pos(&st, "a1=WxxWxxWxxBxx a2=WxxWbbWbbBrr b1=WrrBbb", 1, "R+BM+RM+T", "-");
    /* Black: only onboarding of his 9 reserve pieces?  Take them away. */
    memset(pl_of(&st)->reserve[1], 0, 8);
    pl_of(&st)->prisoners[0][ALEA_PLATEAU_PIECE_ACE] = 1;
    play(&st, "pass");
    ck_assert_int_eq(winner(&st), -2);
    pl_of(&st)->passes = 1;
    /* Black passes too if he has nothing: a position where he cannot act */
    pos(&st, "a1=BxxWxx", 0, "-", "-");
    memset(pl_of(&st)->reserve[0], 0, 8);
    pl_of(&st)->passes = 1;
    play(&st, "pass");
    ck_assert_int_eq(pl_cof(&st)->result, ALEA_PLATEAU_RESULT_DRAW);
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_TERMINAL);
}
END_TEST

START_TEST(test_ply_cap_R10_4) {
    alea_state st;
    alea_rng rng;
    ck_assert_int_eq(alea_state_init(&st, "plateau max-plies=6", NULL), ALEA_OK);
    alea_rng_seed(&rng, 3);
    size_t steps = test_play_random(&st, &rng, 1000);
    ck_assert_uint_le(steps, 12);
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_TERMINAL);
    ck_assert_uint_le(pl_cof(&st)->plies, 6);
}
END_TEST

START_TEST(test_flip_rules_R7_3) {
    alea_state st;
    pos(&st, "a1=Brr", 0, "-", "-");
    refuse(&st, "!a1/1-a2", ALEA_ILLEGAL_ACTION, "R7.3");
    refuse(&st, "b2/1-b3", ALEA_ILLEGAL_ACTION, "R7.1");
    pos(&st, "a1=Bxx a2=Wrr", 0, "-", "-");
    refuse(&st, "a2/1-a3", ALEA_ILLEGAL_ACTION, "R7.1");
}
END_TEST

/* ---- notation ------------------------------------------------------------- */

START_TEST(test_notation_spellings_and_errors) {
    alea_state st;
    uint64_t x, y;
    alea_error err;
    pos(&st, "a1=BxxBrr a2=Wxx", 0, "-", "-");
    ck_assert_int_eq(alea_state_action_from_text(&x, &st, "a1/2-a3", NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_action_from_text(&y, &st, "  A1-A3 ", NULL), ALEA_OK);
    ck_assert_uint_eq(x, y);
    ck_assert_int_eq(alea_state_action_from_text(&y, &st, "onboard XX b2", NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_action_from_text(&x, &st, "on xx b2:0", NULL), ALEA_OK);
    ck_assert_uint_eq(x, y);
    const char *junk[] = {"",      "zz",         "a5-a1",    "a1-",      "a1/-a2",  "on qq a1",
                          "offer", "offer Q",    "give",     "setup",    "a1/9-a2", "pass now",
                          "a1 a2", "a1-a2:0-a3", "on xx e1", "decline x"};
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++) {
        alea_status s = alea_state_action_from_text(&x, &st, junk[i], &err);
        ck_assert_msg(s == ALEA_PARSE_ERROR, "'%s' gave %s", junk[i], alea_status_name(s));
        ck_assert_int_ge(err.offset, 0);
    }
    refuse(&st, "a1/2-b1:1-a3", ALEA_ILLEGAL_ACTION, "R7.9");
    refuse(&st, "offer M+M+M+M+M", ALEA_ILLEGAL_ACTION, "R2.1");
}
END_TEST

START_TEST(test_notation_format) {
    alea_state st;
    char t[ALEA_ACTION_TEXT_MAX];
    alea_plateau_action a;
    uint64_t v;
    pos(&st, "a1=BxxBrr", 0, "-", "-");
    memset(&a, 0, sizeof a);
    a.kind = ALEA_PLATEAU_MOVE;
    a.square = sq_of("a1");
    a.target = sq_of("a4");
    a.lift = 2;
    a.stop[0] = 1;
    a.flip = 1;
    ck_assert_int_eq(alea_plateau_encode(&v, &a), ALEA_OK);
    ck_assert_int_eq(alea_state_action_to_text(t, sizeof t, NULL, &st, v), ALEA_OK);
    ck_assert_str_eq(t, "!a1/2-a2:1-a4");
    memset(&a, 0, sizeof a);
    a.kind = ALEA_PLATEAU_SETUP;
    a.square = 3;
    a.type = ALEA_PLATEAU_PIECE_ACE;
    a.side = 1;
    ck_assert_int_eq(alea_plateau_encode(&v, &a), ALEA_OK);
    ck_assert_int_eq(alea_state_action_to_text(t, sizeof t, NULL, &st, v), ALEA_OK);
    ck_assert_str_eq(t, "setup d1 xx br");
    ck_assert_int_eq(alea_state_action_to_text(t, sizeof t, NULL, &st, 0), ALEA_INVALID_ARGUMENT);
}
END_TEST

/* ---- state text ------------------------------------------------------------ */

START_TEST(test_state_text_initial_and_corrupt) {
    alea_state st, back;
    char t[2048];
    alea_error err;
    ck_assert_int_eq(alea_state_init(&st, "plateau", NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_to_text(t, sizeof t, NULL, &st), ALEA_OK);
    ck_assert_str_eq(t, "plateau overpay=off max-plies=0 | setup black passes=0 plies=0 min=0 "
                        "offer=- reserve=M+M+M+M+BL+BL+R+R+BM+RM+T+A/M+M+M+M+BL+BL+R+R+BM+RM+T+A "
                        "prisoners=-/-");
    const char *base = "plateau | play black passes=0 plies=10 min=0 offer=- "
                       "reserve=M+M+M+BL+BL+R+R+BM+RM+T+A/M+M+M+BL+BL+R+R+BM+RM+T prisoners=-/- "
                       "a1=Bxx? b2=Wxx Wox!";
    (void)base;
    ck_assert_int_eq(alea_state_from_text(&back,
                                          "plateau | play black passes=0 plies=10 min=0 "
                                          "offer=- reserve=M+M+M+BL+BL+R+R+BM+RM+T+A/"
                                          "M+M+BL+BL+R+R+BM+RM+A prisoners=-/- a1=Bxx "
                                          "b2=WxxWxxWox!",
                                          &err),
                     ALEA_OK);
    struct {
        const char *text;
        alea_status want;
    } bad[] = {
        /* syntax */
        {"plateau | play", ALEA_PARSE_ERROR},
        {"plateau | play black passes=0 plies=10 min=0 offer=- reserve=-/- prisoners=-/- a1=",
         ALEA_PARSE_ERROR},
        {"plateau | play black passes=0 plies=10 min=0 offer=- reserve=BL+M/- prisoners=-/-",
         ALEA_PARSE_ERROR}, /* not canonical order */
        {"plateau | play black passes=00 plies=10 min=0 offer=- reserve=-/- prisoners=-/-",
         ALEA_PARSE_ERROR},
        {"plateau | play black passes=0 plies=10 min=0 offer=- reserve=-/- prisoners=-/- b1=Bxx "
         "a1=Bxx",
         ALEA_PARSE_ERROR},
        {"plateau | play black passes=0 plies=10 min=0 offer=- reserve=-/- prisoners=-/- a1=Bqq",
         ALEA_PARSE_ERROR},
        /* invariants */
        {"plateau | play black passes=0 plies=10 min=0 offer=- reserve=-/- prisoners=-/-",
         ALEA_INVALID_STATE}, /* pieces missing */
        {"plateau | play black passes=0 plies=10 min=0 offer=- "
         "reserve=M+M+M+BL+BL+R+R+BM+RM+T+A/M+M+M+M+BL+BL+R+R+BM+RM+T+A prisoners=-/- a1=Bxx?",
         ALEA_INVALID_STATE}, /* top face hidden */
        {"plateau | respond black passes=0 plies=10 min=0 offer=- "
         "reserve=M+M+M+BL+BL+R+R+BM+RM+T+A/M+M+M+M+BL+BL+R+R+BM+RM+T+A prisoners=-/- a1=Bxx",
         ALEA_INVALID_STATE}, /* respond without an offer */
        {"plateau | play black passes=0 plies=10 min=0 offer=- "
         "reserve=M+M+M+BL+BL+R+R+BM+RM+T+A/M+M+M+M+BL+BL+R+R+BM+RM+T+A prisoners=-/- a1=Bbx",
         ALEA_INVALID_STATE}, /* a piece that does not exist: one Blue Mask too many? no: bx ok */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0] - 1; i++) {
        alea_state x;
        memset(&x, 0x5A, sizeof x);
        alea_state keep = x;
        alea_status s = alea_state_from_text(&x, bad[i].text, &err);
        ck_assert_msg(s == bad[i].want, "case %zu gave %s: %s", i, alea_status_name(s),
                      err.message);
        ck_assert(memcmp(&x, &keep, sizeof x) == 0);
    }
}
END_TEST

START_TEST(test_validate_raw_corruptions) {
    alea_state st;
    pos(&st, "a1=BxxBrr b2=WxxWbb", 0, "-", "-");
    ck_assert_int_eq(alea_state_validate(&st, NULL), ALEA_OK);
    struct {
        void (*f)(pl_state *);
    } cases[8];
    (void)cases;
    alea_state x;
    alea_state_copy(&x, &st);
    pl_of(&x)->stack[0][5] = 3; /* above the stack */
    ck_assert_int_eq(alea_state_validate(&x, NULL), ALEA_INVALID_STATE);
    alea_state_copy(&x, &st);
    pl_of(&x)->stack[0][0] = 0x01 | PL_UPK; /* Mute with side 1 */
    ck_assert_int_eq(alea_state_validate(&x, NULL), ALEA_INVALID_STATE);
    alea_state_copy(&x, &st);
    pl_of(&x)->reserve[0][0]++;
    ck_assert_int_eq(alea_state_validate(&x, NULL), ALEA_INVALID_STATE);
    alea_state_copy(&x, &st);
    pl_of(&x)->min_offer = 3;
    pl_of(&x)->phase = PL_RESPOND;
    ck_assert_int_eq(alea_state_validate(&x, NULL), ALEA_INVALID_STATE);
    alea_state_copy(&x, &st);
    pl_of(&x)->result = ALEA_PLATEAU_RESULT_WHITE;
    pl_of(&x)->phase = PL_OVER;
    ck_assert_int_eq(alea_state_validate(&x, NULL), ALEA_INVALID_STATE); /* no reason to win */
    alea_state_copy(&x, &st);
    pl_of(&x)->stack[0][0] = (uint8_t)((pl_of(&x)->stack[0][0] & ~PL_UPK) | PL_DNK);
    ck_assert_int_eq(alea_state_validate(&x, NULL), ALEA_INVALID_STATE);
    alea_state_copy(&x, &st);
    pl_of(&x)->passes = 2;
    ck_assert_int_eq(alea_state_validate(&x, NULL), ALEA_INVALID_STATE);
}
END_TEST

START_TEST(test_board_shows_stacks) {
    alea_state st;
    char b[4096];
    pos(&st, "a1=BxxBrr d4=WxxWox", 0, "R", "-");
    ck_assert_int_eq(alea_state_to_board(b, sizeof b, NULL, &st), ALEA_OK);
    ck_assert_ptr_nonnull(strstr(b, "Bxx Brr"));
    ck_assert_ptr_nonnull(strstr(b, "Wxx Wox"));
    ck_assert_ptr_nonnull(strstr(b, "Black to play"));
    ck_assert_ptr_nonnull(strstr(b, "prisoners held R"));
}
END_TEST

/* ---- typed API and the public view ---------------------------------------- */

START_TEST(test_typed_init_encode_decode) {
    alea_state st;
    alea_plateau_options o = ALEA_PLATEAU_OPTIONS_INIT;
    char spec[128];
    o.overpay = 1;
    o.max_plies = 50;
    ck_assert_int_eq(alea_plateau_init(&st, &o, NULL), ALEA_OK);
    alea_state_spec(spec, sizeof spec, NULL, &st);
    ck_assert_str_eq(spec, "plateau overpay=on max-plies=50");
    o.max_plies = -1;
    ck_assert_int_eq(alea_plateau_init(&st, &o, NULL), ALEA_BAD_OPTION);
    o.version = 9;
    ck_assert_int_eq(alea_plateau_init(&st, &o, NULL), ALEA_INVALID_ARGUMENT);
    uint64_t a[ALEA_MAX_ACTIONS];
    pos(&st, "a1=BrrBxx a2=Wxx", 0, "M", "BL");
    size_t n = legal(&st, a);
    for (size_t i = 0; i < n; i++) {
        alea_plateau_action d;
        uint64_t v;
        ck_assert_int_eq(alea_plateau_decode(&d, a[i]), ALEA_OK);
        ck_assert_int_eq(alea_plateau_encode(&v, &d), ALEA_OK);
        ck_assert_uint_eq(v, a[i]);
    }
    alea_plateau_action d;
    ck_assert_int_eq(alea_plateau_decode(&d, 0), ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_plateau_decode(&d, (uint64_t)8 << 28), ALEA_INVALID_ARGUMENT);
    uint8_t set[7] = {1, 1, 0, 0, 0, 0, 1};
    ck_assert_int_eq(alea_plateau_exchange_value(set), 26);
}
END_TEST

START_TEST(test_public_view_masks_hidden_faces_R11) {
    alea_state st;
    alea_plateau_view v;
    char t[2048];
    ck_assert_int_eq(alea_state_init(&st, "plateau", NULL), ALEA_OK);
    play(&st, "setup a1 rb ox");
    play(&st, "setup d4 xx bx");
    v.version = ALEA_PLATEAU_VIEW_VERSION;
    ck_assert_int_eq(alea_plateau_get_public_view(&v, &st, 1), ALEA_OK);
    /* White sees only the orange top of Black's stack (3 of 4 faces hidden) */
    ck_assert_int_eq(v.stack[0][1].up, ALEA_PLATEAU_FACE_ORANGE);
    ck_assert_int_eq(v.stack[0][1].down, -1);
    ck_assert_int_eq(v.stack[0][1].type, ALEA_PLATEAU_PIECE_TWISTER);
    ck_assert_int_eq(v.stack[0][0].up, -1);
    ck_assert_int_eq(v.stack[0][0].type, -1);
    ck_assert_int_eq(v.reserve[0][0], -1);
    ck_assert_int_eq(v.reserve_size[0], 10);
    ck_assert_int_eq(v.reserve[1][ALEA_PLATEAU_PIECE_MUTE], 3);
    ck_assert_int_eq(alea_plateau_public_text(t, sizeof t, NULL, &st, 1), ALEA_OK);
    ck_assert_ptr_nonnull(strstr(t, "a1=B??Bo?"));
    ck_assert_ptr_nonnull(strstr(t, "reserve=#10/"));
    /* flipping shows both faces and the up-face under it */
    play(&st, "!a1/1-b2");
    ck_assert_int_eq(alea_plateau_get_public_view(&v, &st, 1), ALEA_OK);
    ck_assert_int_eq(v.stack[5][0].up, ALEA_PLATEAU_FACE_BLANK);
    ck_assert_int_eq(v.stack[5][0].down, ALEA_PLATEAU_FACE_ORANGE);
    ck_assert_int_eq(v.stack[0][0].up, ALEA_PLATEAU_FACE_RED);
    ck_assert_int_eq(v.stack[0][0].down, -1);
    ck_assert_int_eq(alea_plateau_public_json(t, sizeof t, NULL, &st, 1), ALEA_OK);
    ck_assert(test_json_valid(t));
    ck_assert_int_eq(alea_plateau_get_public_view(&v, &st, 2), ALEA_INVALID_ARGUMENT);
}
END_TEST

/* ---- seeded random games ---------------------------------------------------- */

static long games(void) {
    return test_count("ALEA_PLATEAU_GAMES", 10000);
}

/* L of R9.2 by brute force over the responder's pool (mixed-radix counter). */
static int largest_below(const pl_state *s) {
    int best = 0, offer = alea__pl_set_value(s->offer);
    const uint8_t *pool = s->prisoners[s->to_act];
    uint8_t c[8] = {0};
    for (;;) {
        int t = 0;
        while (t < 7 && c[t] == pool[t])
            c[t++] = 0;
        if (t == 7)
            return best;
        c[t]++;
        int v = alea__pl_set_value(c);
        if (v <= offer && v > best)
            best = v;
    }
}

static void check_public_view(const alea_state *st, uint64_t seed) {
    const pl_state *s = pl_cof(st);
    for (int viewer = 0; viewer < 2; viewer++) {
        alea_plateau_view v;
        v.version = ALEA_PLATEAU_VIEW_VERSION;
        REQUIRE((alea_plateau_get_public_view(&v, st, viewer)) == (ALEA_OK), "%s",
                "alea_plateau_get_public_view(&v, st, viewer)");
        for (int sq = 0; sq < PL_SQUARES; sq++) {
            REQUIRE((v.height[sq]) == (s->height[sq]), "%s", "v.height[sq]");
            for (int i = 0; i < s->height[sq]; i++) {
                uint8_t x = s->stack[sq][i];
                const alea_plateau_piece *p = &v.stack[sq][i];
                int up = alea__pl_face(pl_pstate(x)), down = alea__pl_face(pl_pstate(x) ^ 1);
                REQUIRE((p->owner) == (pl_owner(x)), "%s", "p->owner");
                if (pl_owner(x) == viewer) {
                    REQUIRE(p->up == up && p->down == down && p->type == pl_type(x), "%s",
                            "p->up == up && p->down == down && p->type == pl_type(x)");
                    continue;
                }
                /* never a face the viewer has not seen; what is shown is true */
                REQUIRE(p->up == ((x & PL_UPK) ? up : -1), "seed %llu: up-face leaked",
                        (unsigned long long)seed);
                REQUIRE(p->down == ((x & PL_DNK) ? down : -1), "seed %llu: down-face leaked",
                        (unsigned long long)seed);
                REQUIRE(p->type == -1 || p->type == pl_type(x), "%s",
                        "p->type == -1 || p->type == pl_type(x)");
                if (i == s->height[sq] - 1)
                    REQUIRE(p->up == up, "%s", "p->up == up"); /* the top is public */
            }
        }
        for (int t = 0; t < PL_TYPES; t++)
            REQUIRE((v.reserve[1 - viewer][t]) == (-1), "%s", "v.reserve[1 - viewer][t]");
    }
}

START_TEST(test_random_games_conserve_pieces_and_exchange_values) {
    static uint64_t a[ALEA_MAX_ACTIONS];
    uint64_t base = test_seed(5);
    long n_games = games();
    size_t largest = 0;
    for (int g = 0; g < n_games; g++) {
        alea_state st;
        alea_rng rng;
        uint64_t seed = base * 7919u + (uint64_t)g;
        alea_rng_seed(&rng, seed);
        ck_assert_int_eq(alea_state_init(&st, g % 3 ? "plateau" : "plateau overpay=1", NULL),
                         ALEA_OK);
        while (alea_state_current_player(&st) >= 0) {
            const pl_state *s = pl_cof(&st);
            size_t n = legal(&st, a);
            if (n > largest)
                largest = n;
            for (size_t i = 1; i < n; i++)
                REQUIRE(a[i - 1] < a[i], "seed %llu: actions not ascending",
                        (unsigned long long)seed);
            REQUIRE(alea_state_validate(&st, NULL) == ALEA_OK, "seed %llu",
                    (unsigned long long)seed); /* 24 pieces conserved, R2.1 */
            if (s->phase == PL_RESPOND) {
                int L = largest_below(s), decl = 0;
                for (size_t i = 0; i < n; i++) {
                    if (kind_of(a[i]) == ALEA_PLATEAU_DECLINE) {
                        decl = 1;
                        continue;
                    }
                    uint8_t c[8];
                    alea__pl_unpack(c, (uint32_t)(a[i] & 0x1FFFFF));
                    int v = alea__pl_set_value(c);
                    REQUIRE(L == 0 || v == L || (s->overpay && v > L), "%s",
                            "L == 0 || v == L || (s->overpay && v > L)");
                }
                REQUIRE((decl) == (L == 0), "%s", "decl");
            }
            if (g % 50 == 0)
                check_public_view(&st, seed);
            uint64_t pick = a[alea_rng_below(&rng, n)];
            /* garbage: never applies unless listed, state unchanged */
            {
                alea_state before;
                alea_state_copy(&before, &st);
                uint64_t junk = alea_rng_next(&rng) & 0xFFFFFFFFu;
                if (alea_state_apply(&st, junk, NULL) == ALEA_OK) {
                    int found = 0;
                    for (size_t i = 0; i < n && !found; i++)
                        found = a[i] == junk;
                    REQUIRE(found, "%s", "found");
                    alea_state_copy(&st, &before);
                }
                REQUIRE(memcmp(&st, &before, alea_state_size(&st)) == 0, "%s",
                        "memcmp(&st, &before, alea_state_size(&st)) == 0");
            }
            REQUIRE((alea_state_apply(&st, pick, NULL)) == (ALEA_OK), "%s",
                    "alea_state_apply(&st, pick, NULL)");
        }
        check_public_view(&st, seed);
    }
    ck_assert_uint_le(largest, ALEA_MAX_ACTIONS);
    printf("plateau: %ld random games, largest legal-action count %zu\n", n_games, largest);
}
END_TEST

START_TEST(test_random_positions_actions_distinct_R5_4) {
    alea_state st;
    alea_rng rng;
    alea_rng_seed(&rng, test_seed(11));
    for (int g = 0; g < 200; g++) {
        REQUIRE((alea_state_init(&st, "plateau", NULL)) == (ALEA_OK), "%s", "init");
        test_play_random(&st, &rng, 2 + alea_rng_below(&rng, 60));
        if (alea_state_current_player(&st) >= 0 && pl_cof(&st)->phase != PL_SETUP)
            all_distinct(&st);
    }
}
END_TEST

/* ---- a straightforward reference generator ------------------------------ */

/* The legal actions of a PLAY, SETUP or RESPOND state straight from the rule
   text, without the library's tables, masks or orderings: every candidate
   is built and tested one by one, then the list is sorted.  The library's
   generator (lib/plateau/game.c, moves.c, exchange.c) must give exactly this
   list (R5.4-R5.6: one action per resulting state, canonical spellings). */

typedef struct ref_list {
    uint64_t *a;
    size_t n;
} ref_list;

static void ref_put(ref_list *l, uint64_t action) {
    ck_assert_uint_lt(l->n, ALEA_MAX_ACTIONS);
    l->a[l->n++] = action;
}

static int cmp_u64(const void *x, const void *y) {
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static int ref_owner_at(const pl_state *s, int sq, int level) {
    return (s->stack[sq][level] >> 4) & 1;
}

static int ref_face(uint8_t piece) {
    return alea__pl_face(piece & 15);
}

/* R1.4 */
static int ref_top_unit(const pl_state *s, int sq) {
    int h = s->height[sq], n = 0;
    while (n < h && ref_owner_at(s, sq, h - 1 - n) == ref_owner_at(s, sq, h - 1))
        n++;
    return n;
}

static uint64_t ref_move(int o, int f, int k, int t, int m1, int m2) {
    return (uint64_t)ALEA_PLATEAU_MOVE << 28 | (uint64_t)o << 20 | (uint64_t)f << 19 |
           (uint64_t)k << 16 | (uint64_t)t << 8 | (uint64_t)m1 << 4 | (uint64_t)m2;
}

/* R7.9: the stops on mids[i..] for the group grp (bottom first) of g
   pieces; ms[j]: the pieces kept in hand after a stop on mids[j], 0 none. */
static void ref_stops(ref_list *l, const pl_state *s, int p, const int *mids, int nmid, int i,
                      const uint8_t *grp, int g, const int head[4], int ms[2]) {
    if (i == nmid) {
        ref_put(l, ref_move(head[0], head[1], head[2], head[3], ms[0], ms[1]));
        return;
    }
    ref_stops(l, s, p, mids, nmid, i + 1, grp, g, head, ms); /* no stop here */
    int q = mids[i], hq = s->height[q];
    for (int m = 1; m <= 15; m++) {
        bool ok;
        if (m == g)
            ok = false;
        else if (hq == 0)
            ok = m < g;
        else if (ref_owner_at(s, q, hq - 1) == p)
            ok = m <= g + ref_top_unit(s, q);
        else /* a pin: the highest dropped piece shows a colour */
            ok = m < g && ref_face(grp[g - m - 1]) != PL_BLANK;
        if (!ok)
            continue;
        uint8_t all[2 * PL_MAX_HEIGHT];
        memcpy(all, s->stack[q], (size_t)hq);
        memcpy(all + hq, grp, (size_t)g);
        ms[i] = m;
        ref_stops(l, s, p, mids, nmid, i + 1, all + hq + g - m, m, head, ms);
        ms[i] = 0;
    }
}

/* The per-target move counts of the relaxation behind PL_MAX_LEGAL
   (tests/tools/plateau_bound.c), summed over the targets ref_moves() finds:
   the list may never be longer. */
static long ref_relaxed;

static int ref_own_unit(const pl_state *s, int q) {
    int h = s->height[q];
    return h && ref_owner_at(s, q, h - 1) == s->to_act ? ref_top_unit(s, q) : 0;
}

static void ref_moves(ref_list *l, const pl_state *s) {
    static const int ortho[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    static const int diag[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    static const int knight[8][2] = {{1, 2}, {-1, 2}, {1, -2}, {-1, -2},
                                     {2, 1}, {2, -1}, {-2, 1}, {-2, -1}};
    int p = s->to_act;
    for (int o = 0; o < PL_SQUARES; o++) {
        int h = s->height[o];
        if (h == 0 || ref_owner_at(s, o, h - 1) != p)
            continue; /* R7.1 */
        uint8_t top = s->stack[o][h - 1];
        int big_n = ref_top_unit(s, o), x = o % 4, y = o / 4;
        int type = (top >> 1) & 7;
        for (int f = 0; f < (type >= 3 ? 2 : 1); f++) { /* R7.3: two-faced types only */
            int face = ref_face((uint8_t)(top ^ f));
            int targets[32], mids[32][2], nmids[32], nt = 0;
            if (face == PL_ORANGE) { /* R7.8 */
                for (int d = 0; d < 8; d++) {
                    int dx = knight[d][0], dy = knight[d][1], tx = x + dx, ty = y + dy;
                    if (tx < 0 || tx > 3 || ty < 0 || ty > 3)
                        continue;
                    int mx = x + (abs(dx) == 2 ? dx / 2 : 0), my = y + (abs(dy) == 2 ? dy / 2 : 0);
                    targets[nt] = tx + 4 * ty;
                    mids[nt][0] = mx + 4 * my;
                    nmids[nt++] = 1;
                }
            } else { /* R7.4, R7.5 */
                for (int set = 0; set < 2; set++) {
                    if ((set == 0 && face == PL_BLUE) || (set == 1 && face == PL_RED))
                        continue;
                    for (int d = 0; d < 4; d++) {
                        int dx = set ? diag[d][0] : ortho[d][0],
                            dy = set ? diag[d][1] : ortho[d][1];
                        for (int dist = 1; dist <= big_n; dist++) {
                            int tx = x + dist * dx, ty = y + dist * dy, t = tx + 4 * ty;
                            if (tx < 0 || tx > 3 || ty < 0 || ty > 3)
                                break;
                            int ht = s->height[t];
                            if (face == PL_BLANK && ht && ref_owner_at(s, t, ht - 1) != p)
                                continue; /* R7.11 */
                            targets[nt] = t;
                            for (int i = 1; i < dist; i++)
                                mids[nt][i - 1] = (x + i * dx) + 4 * (y + i * dy);
                            nmids[nt++] = dist - 1;
                        }
                    }
                }
            }
            for (int k = 1; k <= big_n && k <= 7; k++) {
                uint8_t grp[PL_MAX_HEIGHT];
                memcpy(grp, s->stack[o] + h - k, (size_t)k);
                grp[k - 1] = (uint8_t)(top ^ f);
                for (int i = 0; i < nt; i++) {
                    int head[4] = {o, f, k, targets[i]}, ms[2] = {0, 0};
                    ref_stops(l, s, p, mids[i], nmids[i], 0, grp, k, head, ms);
                    long a = k + (nmids[i] ? ref_own_unit(s, mids[i][0]) : 0);
                    ref_relaxed += nmids[i] == 0 ? 1
                                   : nmids[i] == 1
                                       ? a
                                       : a * (a + 1) / 2 + a * ref_own_unit(s, mids[i][1]);
                }
                ref_relaxed += k == big_n && face != PL_BLANK; /* a stomp */
                if (k == big_n && face != PL_BLANK && big_n < h)
                    ref_put(l, ref_move(o, f, k, o, 0, 0)); /* R7.13, D9 */
            }
        }
    }
}

/* R6.2, R5.5, R5.6 */
static void ref_onboards(ref_list *l, const pl_state *s) {
    int p = s->to_act;
    for (int ps = 0; ps < 14; ps++) {
        if (!alea__pl_pstate_ok(ps) || s->reserve[p][ps >> 1] == 0)
            continue;
        for (int sq = 0; sq < PL_SQUARES; sq++) {
            int h = s->height[sq];
            uint8_t made[PL_MAX_HEIGHT + 1][PL_MAX_HEIGHT + 1];
            for (int level = 0; level <= h; level++) {
                if (!(h == 0 ? level == 0 : level >= 1 && ref_owner_at(s, sq, level - 1) == p))
                    continue;
                for (int i = 0, j = 0; i <= h; i++)
                    made[level][i] =
                        i == level ? pl_piece(p, ps) : (uint8_t)(s->stack[sq][j++] & PL_IDENT);
                bool same = false; /* a lower legal level that gives the same stack */
                for (int lower = 0; lower < level && !same; lower++)
                    same =
                        (h == 0 ? lower == 0 : lower >= 1 && ref_owner_at(s, sq, lower - 1) == p) &&
                        memcmp(made[lower], made[level], (size_t)h + 1) == 0;
                if (!same)
                    ref_put(l, (uint64_t)ALEA_PLATEAU_ONBOARD << 28 |
                                   (uint64_t)(ps << 12 | sq << 5 | level));
            }
        }
    }
}

static int ref_value(const int c[7]) {
    static const int v[7] = {1, 4, 5, 8, 10, 15, 21}; /* R2.1 */
    int sum = 0;
    for (int t = 0; t < 7; t++)
        sum += c[t] * v[t];
    return sum;
}

/* Every non-empty sub-multiset of pool: its counts into sets[], returns how many. */
static int ref_subsets(const uint8_t pool[8], int sets[][7]) {
    int n = 0, c[7];
    for (c[0] = 0; c[0] <= pool[0]; c[0]++)
        for (c[1] = 0; c[1] <= pool[1]; c[1]++)
            for (c[2] = 0; c[2] <= pool[2]; c[2]++)
                for (c[3] = 0; c[3] <= pool[3]; c[3]++)
                    for (c[4] = 0; c[4] <= pool[4]; c[4]++)
                        for (c[5] = 0; c[5] <= pool[5]; c[5]++)
                            for (c[6] = 0; c[6] <= pool[6]; c[6]++)
                                if (c[0] + c[1] + c[2] + c[3] + c[4] + c[5] + c[6] > 0)
                                    memcpy(sets[n++], c, sizeof c);
    return n;
}

static uint64_t ref_set_bits(const int c[7]) {
    uint64_t v = 0;
    for (int t = 0; t < 7; t++)
        v |= (uint64_t)c[t] << (3 * t);
    return v;
}

static size_t ref_legal(const pl_state *s, uint64_t *out) {
    ref_list l = {out, 0};
    int p = s->to_act, sets[1 << 12][7];
    if (s->phase == PL_SETUP) { /* R4.2, R4.3 */
        for (int sq = 0; sq < PL_SQUARES; sq++) {
            int x = sq % 4, y = sq / 4;
            if (s->height[sq] || !(x == 0 || x == 3 || y == 0 || y == 3))
                continue;
            for (int b = 0; b < 14; b++)
                for (int t = 0; t < 14; t++) {
                    if (!alea__pl_pstate_ok(b) || !alea__pl_pstate_ok(t))
                        continue;
                    int need_b = 1 + ((b >> 1) == (t >> 1));
                    if (s->reserve[p][b >> 1] < need_b || s->reserve[p][t >> 1] < 1)
                        continue;
                    ref_put(&l,
                            (uint64_t)ALEA_PLATEAU_SETUP << 28 | (uint64_t)(sq << 8 | b << 4 | t));
                }
        }
    } else if (s->phase == PL_RESPOND) { /* R9.2 - R9.4, D12 */
        int n = ref_subsets(s->prisoners[p], sets), offer[7], largest = 0;
        for (int t = 0; t < 7; t++)
            offer[t] = s->offer[t];
        for (int i = 0; i < n; i++)
            if (ref_value(sets[i]) <= ref_value(offer) && ref_value(sets[i]) > largest)
                largest = ref_value(sets[i]);
        for (int i = 0; i < n; i++) {
            int v = ref_value(sets[i]);
            if (largest == 0 || v == largest || (s->overpay && v > largest))
                ref_put(&l, (uint64_t)ALEA_PLATEAU_GIVE << 28 | ref_set_bits(sets[i]));
        }
        if (largest == 0)
            ref_put(&l, (uint64_t)ALEA_PLATEAU_DECLINE << 28);
    } else if (s->phase == PL_PLAY) {
        ref_onboards(&l, s);
        ref_moves(&l, s);
        int theirs = 0; /* D14, R9.1, R9.6 */
        for (int t = 0; t < 7; t++)
            theirs += s->prisoners[1 - p][t];
        if (theirs > 0) {
            int n = ref_subsets(s->prisoners[p], sets);
            for (int i = 0; i < n; i++)
                if (ref_value(sets[i]) > s->min_offer)
                    ref_put(&l, (uint64_t)ALEA_PLATEAU_OFFER << 28 | ref_set_bits(sets[i]));
        }
        if (l.n == 0)
            ref_put(&l, (uint64_t)ALEA_PLATEAU_PASS << 28); /* R5.2 */
    }
    qsort(l.a, l.n, sizeof *l.a, cmp_u64);
    return l.n;
}

/* The library's list equals the reference's, element by element (so it is
   ascending too), at every decision node of seeded random games; the move
   check without a list (alea__pl_any_move(), used for R5.2) agrees; and no
   list is longer than the proven bound PL_MAX_LEGAL (lib/plateau/pl.h). */
START_TEST(test_legal_equals_reference_generator) {
    static uint64_t got[ALEA_MAX_ACTIONS], want[ALEA_MAX_ACTIONS];
    uint64_t base = test_seed(1603);
    long n_games = test_count("ALEA_PLATEAU_REFERENCE_GAMES", 120);
    size_t nodes = 0, largest = 0, largest_moves = 0, largest_onboards = 0;
    for (long g = 0; g < n_games; g++) {
        alea_state st;
        alea_rng rng;
        uint64_t seed = base * 104729u + (uint64_t)g;
        alea_rng_seed(&rng, seed);
        ck_assert_int_eq(alea_state_init(&st, g % 4 ? "plateau" : "plateau overpay=1", NULL),
                         ALEA_OK);
        while (alea_state_current_player(&st) >= 0) {
            const pl_state *s = pl_cof(&st);
            ref_relaxed = 0;
            size_t n = legal(&st, got), m = ref_legal(s, want), moves = 0;
            REQUIRE(n == m && memcmp(got, want, n * sizeof *got) == 0,
                    "seed %llu game %ld ply %u: %zu listed, the reference %zu",
                    (unsigned long long)seed, g, (unsigned)s->plies, n, m);
            size_t onboards = 0;
            for (size_t i = 0; i < m; i++) {
                moves += kind_of(want[i]) == ALEA_PLATEAU_MOVE;
                onboards += kind_of(want[i]) == ALEA_PLATEAU_ONBOARD;
            }
            largest_onboards = onboards > largest_onboards ? onboards : largest_onboards;
            if (s->phase == PL_PLAY)
                REQUIRE(alea__pl_any_move(s) == (moves > 0), "seed %llu game %ld: any_move",
                        (unsigned long long)seed, g);
            REQUIRE((long)moves <= ref_relaxed, "seed %llu game %ld: %zu moves, relaxation %ld",
                    (unsigned long long)seed, g, moves, ref_relaxed);
            largest = n > largest ? n : largest;
            largest_moves = moves > largest_moves ? moves : largest_moves;
            nodes++;
            ck_assert_int_eq(alea_state_apply(&st, got[alea_rng_below(&rng, n)], NULL), ALEA_OK);
        }
    }
    ck_assert_uint_le(largest, PL_MAX_LEGAL);
    ck_assert_uint_le(largest_moves, PL_MAX_MOVES);
    ck_assert_uint_le(largest_onboards, PL_MAX_ONBOARDS);
    printf("plateau: %zu nodes of %ld games equal the reference generator; largest list %zu "
           "(bound %d), moves %zu (bound %d), onboards %zu (bound %d)\n",
           nodes, n_games, largest, (int)PL_MAX_LEGAL, largest_moves, (int)PL_MAX_MOVES,
           largest_onboards, (int)PL_MAX_ONBOARDS);
}
END_TEST

/* The position that comes closest to the bound of PL_MAX_LEGAL: tops of
   units 5, 5 and 2 on d4, c4 and b4 (tests/tools/plateau_bound.c finds these
   units) with the Red Mask, the Twister and the Blue Mask on top, an enemy
   piece under each (stomps), every other square empty.  Its moves are
   exactly the relaxation's count with the real pieces: d4 blank 420 + red
   366, c4 blank 115 + orange 56, b4 blank 29 + blue 8 (stomps included),
   994 in all, under the bound's 1044 for moves. */
START_TEST(test_longest_move_list_within_the_bound) {
    alea_state st;
    static uint64_t a[ALEA_MAX_ACTIONS];
    /* Black's twelve pieces (R2.1) on the board, nothing in reserve */
    pl_state *s = pos(&st, "b4=WxxBxxBbx c4=WxxBrbBxxBbbBrrBox d4=WxxBxxBxxBbbBrrBrx", 0, "-", "-");
    ck_assert_int_eq(alea__pl_set_size(s->reserve[0]), 0);
    ck_assert_int_eq(alea_state_validate(&st, NULL), ALEA_OK);
    size_t n = legal(&st, a), moves = 0;
    for (size_t i = 0; i < n; i++)
        moves += kind_of(a[i]) == ALEA_PLATEAU_MOVE;
    ck_assert_uint_eq(moves, 994);
    ck_assert_uint_le(moves, PL_MAX_MOVES);
    ck_assert_uint_le(n, PL_MAX_LEGAL);
    alea_game_info info;
    ck_assert_int_eq(alea_game_get_info(&info, alea_state_game(&st)), ALEA_OK);
    ck_assert_uint_eq(info.max_actions, PL_MAX_LEGAL);
    ref_relaxed = 0;
    ck_assert_uint_eq(ref_legal(s, a), n);
}
END_TEST

/* ---- suite -------------------------------------------------------------------- */

static TCase *tcase(const char *name) {
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, 600);
    return tc;
}

/* R10.4: a cap that would fall inside the set-up is refused (found by fuzzing:
   "max-plies=1" let the set-up run past the cap into an invalid state). */
START_TEST(test_R10_4_cap_leaves_room_for_the_setup) {
    alea_state st;
    alea_error err;
    ck_assert_int_eq(alea_state_init(&st, "plateau max-plies=1", &err), ALEA_BAD_OPTION);
    ck_assert(strstr(err.message, "R10.4") != NULL);
    ck_assert_int_eq(alea_state_init(&st, "plateau max-plies=2", &err), ALEA_BAD_OPTION);
    ck_assert_int_eq(alea_state_init(&st, "plateau max-plies=3", &err), ALEA_OK);
    ck_assert_int_eq(alea_state_init(&st, "plateau max-plies=0", &err), ALEA_OK);
}
END_TEST

static Suite *plateau_suite(void) {
    Suite *s = suite_create("plateau");
    TCase *tc = tcase("vectors");
    tcase_add_test(tc, test_TV01_setup_squares_R4);
    tcase_add_test(tc, test_R10_4_cap_leaves_room_for_the_setup);
    tcase_add_test(tc, test_TV02_red_single_R7_4);
    tcase_add_test(tc, test_TV03_blue_single_R7_4);
    tcase_add_test(tc, test_TV04_mute_single_R7_4);
    tcase_add_test(tc, test_TV05_twister_knight_leap_R7_8);
    tcase_add_test(tc, test_TV06_ace_flip_R7_3);
    tcase_add_test(tc, test_TV07_stack_range_and_enumeration_R7_6_R7_9);
    tcase_add_test(tc, test_TV08_range_counts_own_top_unit_R7_5);
    tcase_add_test(tc, test_TV09_blank_cannot_land_on_enemy_R7_11);
    tcase_add_test(tc, test_TV10_simple_capture_R8);
    tcase_add_test(tc, test_TV11_stomp_R7_13);
    tcase_add_test(tc, test_TV12_sandwich_capture_R8_2);
    tcase_add_test(tc, test_TV13_pick_up_increases_captures_R7_9);
    tcase_add_test(tc, test_TV14_pin_with_coloured_piece_R7_9);
    tcase_add_test(tc, test_TV15_blank_led_group_pins_with_lower_piece_R7_9);
    tcase_add_test(tc, test_TV16_twister_with_stack_R7_8);
    tcase_add_test(tc, test_TV17_lift_fewer_keeps_range_R7_6);
    tcase_add_test(tc, test_TV18_landing_on_own_pin_captures_D8);
    tcase_add_test(tc, test_TV19_onboarding_positions_R6_2);
    tcase_add_test(tc, test_TV20_six_unit_wins_R10_1);
    tcase_add_test(tc, test_TV21_prisoner_win_R10_2);
    tcase_add_test(tc, test_TV22_exchange_exact_value_R9_3);
    tcase_add_test(tc, test_TV23_exchange_highest_value_below_R9_2);
    tcase_add_test(tc, test_TV24_exchange_decline_and_reoffer_R9_6);
    tcase_add_test(tc, test_TV25_offer_needs_opponent_prisoners_D14);
    tcase_add_test(tc, test_TV26_forced_pass_then_winning_stomp_R5_2);
    tcase_add_test(tc, test_TV27_equivalent_onboarding_levels_R5_6);
    suite_add_tcase(s, tc);

    tc = tcase("rules");
    tcase_add_test(tc, test_overpay_option_D12);
    tcase_add_test(tc, test_two_passes_draw_R10_4);
    tcase_add_test(tc, test_ply_cap_R10_4);
    tcase_add_test(tc, test_flip_rules_R7_3);
    suite_add_tcase(s, tc);

    tc = tcase("text");
    tcase_add_test(tc, test_notation_spellings_and_errors);
    tcase_add_test(tc, test_notation_format);
    tcase_add_test(tc, test_state_text_initial_and_corrupt);
    tcase_add_test(tc, test_validate_raw_corruptions);
    tcase_add_test(tc, test_board_shows_stacks);
    suite_add_tcase(s, tc);

    tc = tcase("typed");
    tcase_add_test(tc, test_typed_init_encode_decode);
    tcase_add_test(tc, test_public_view_masks_hidden_faces_R11);
    suite_add_tcase(s, tc);

    tc = tcase("random");
    tcase_add_test(tc, test_random_games_conserve_pieces_and_exchange_values);
    tcase_add_test(tc, test_random_positions_actions_distinct_R5_4);
    tcase_add_test(tc, test_legal_equals_reference_generator);
    tcase_add_test(tc, test_longest_move_list_within_the_bound);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(plateau_suite());
}
