/* Canonical actions only (issue 12 item 3; state.h: "Each distinct resulting
   state has exactly one legal action (the canonical one)").  Over seeded random
   games of every game and several option sets, at every node:
     - alea_state_check_action(x) is ALEA_OK exactly when x is in the list
       alea_state_legal_actions() gives, for every legal action with each of
       its 64 bits flipped and for random values;
     - a value is well-formed for alea_state_action_to_text() and the game's
       typed decode exactly when check() does not call it "not an action of
       this game" (ALEA_INVALID_ARGUMENT).
   A failure prints the seed, the state text and the action. */
#include "support.h"

#include <alea/backgammon.h>
#include <alea/dice_poker.h>
#include <alea/plateau.h>
#include <alea/wise_dice.h>

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Option sets: every mode of each game. */
static const char *const specs[] = {
    "backgammon",
    "backgammon match=5",
    "backgammon match=3 opening=standard resign=on max_cube=8",
    "backgammon money=on beavers=on jacoby=on resign=on",
    "backgammon money=on games=3 auto_doubles=2 resign=on",
    "dice-poker",
    "dice-poker players=1 columns=1",
    "dice-poker players=4 columns=2",
    "wise-dice",
    "wise-dice max-moves=20",
    "plateau",
    "plateau overpay=on max-plies=40",
};
#define N_SPECS (sizeof specs / sizeof specs[0])

/* Largest number of legal actions whose bits are all flipped at one node; the
   rest of a longer list is sampled. */
#define FLIP_PER_NODE 48

static int in_list(const uint64_t *list, size_t n, uint64_t x) {
    size_t lo = 0, hi = n; /* the list is ascending (state.h) */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (list[mid] == x)
            return 1;
        if (list[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* The game's typed decode: ALEA_OK for a well-formed value of that game. */
static alea_status typed_decode(const char *game, uint64_t x) {
    if (strcmp(game, "backgammon") == 0) {
        alea_backgammon_action a;
        return alea_backgammon_decode(&a, x);
    }
    if (strcmp(game, "dice-poker") == 0) {
        alea_dice_poker_action a;
        return alea_dice_poker_decode(&a, x);
    }
    if (strcmp(game, "wise-dice") == 0) {
        alea_wise_dice_action a;
        return alea_wise_dice_decode(&a, x);
    }
    alea_plateau_action a;
    return alea_plateau_decode(&a, x);
}

/* The action macros every game header has (issue 16: one set for the four
   games): ALEA_<GAME>_ACTION_KIND() is the kind the typed decode gives, and
   ALEA_<GAME>_ACTION(kind, payload) rebuilds the action from its parts. */
static int macro_kind_matches(const char *game, uint64_t x) {
    if (strcmp(game, "backgammon") == 0) {
        alea_backgammon_action a;
        return alea_backgammon_decode(&a, x) == ALEA_OK &&
               ALEA_BACKGAMMON_ACTION_KIND(x) == (uint64_t)a.kind &&
               ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_ACTION_KIND(x),
                                      ALEA_BACKGAMMON_ACTION_PAYLOAD(x)) == x;
    }
    if (strcmp(game, "dice-poker") == 0) {
        alea_dice_poker_action a;
        return alea_dice_poker_decode(&a, x) == ALEA_OK &&
               ALEA_DICE_POKER_ACTION_KIND(x) == (uint64_t)a.kind &&
               ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_ACTION_KIND(x),
                                      ALEA_DICE_POKER_ACTION_PAYLOAD(x)) == x;
    }
    if (strcmp(game, "wise-dice") == 0) {
        alea_wise_dice_action a;
        return alea_wise_dice_decode(&a, x) == ALEA_OK &&
               ALEA_WISE_DICE_ACTION_KIND(x) == (uint64_t)a.kind &&
               ALEA_WISE_DICE_ACTION(ALEA_WISE_DICE_ACTION_KIND(x),
                                     ALEA_WISE_DICE_ACTION_PAYLOAD(x)) == x;
    }
    alea_plateau_action a;
    return alea_plateau_decode(&a, x) == ALEA_OK &&
           ALEA_PLATEAU_ACTION_KIND(x) == (uint64_t)a.kind &&
           ALEA_PLATEAU_ACTION(ALEA_PLATEAU_ACTION_KIND(x), ALEA_PLATEAU_ACTION_PAYLOAD(x)) == x;
}

typedef struct probe {
    const alea_state *st;
    const uint64_t *legal;
    size_t n;
    uint64_t seed;
    const char *game;
    long checked;
} probe;

static void fail_at(const probe *p, uint64_t x, const char *what, alea_status got,
                    const alea_error *err) {
    char text[2048];
    size_t len;
    if (alea_state_to_text(text, sizeof text, &len, p->st) != ALEA_OK)
        strcpy(text, "(state text too long)");
    ck_abort_msg("seed %llu, state \"%s\", action %#llx: %s (got %s: %s)",
                 (unsigned long long)p->seed, text, (unsigned long long)x, what,
                 alea_status_name(got), err->message);
}

static void probe_value(probe *p, uint64_t x) {
    alea_error err;
    char buf[ALEA_ACTION_TEXT_MAX];
    size_t len;
    int legal = in_list(p->legal, p->n, x);
    memset(&err, 0, sizeof err);
    alea_status c = alea_state_check_action(p->st, x, &err);
    p->checked++;
    if ((c == ALEA_OK) != legal)
        fail_at(p, x, legal ? "a listed action is refused" : "an unlisted value is accepted", c,
                &err);
    alea_status t = alea_state_action_to_text(buf, sizeof buf, &len, p->st, x);
    alea_status d = typed_decode(p->game, x);
    if (t == ALEA_BUFFER_TOO_SMALL)
        fail_at(p, x, "ALEA_ACTION_TEXT_MAX does not suffice", t, &err);
    if ((c == ALEA_INVALID_ARGUMENT) != (t == ALEA_INVALID_ARGUMENT))
        fail_at(p, x, "check() and action_to_text() disagree on the form", t, &err);
    if ((c == ALEA_INVALID_ARGUMENT) != (d == ALEA_INVALID_ARGUMENT))
        fail_at(p, x, "check() and the typed decode disagree on the form", d, &err);
}

static void probe_node(probe *p, alea_rng *rng) {
    size_t most = test_quick() ? FLIP_PER_NODE / 4 : FLIP_PER_NODE; /* valgrind: fewer */
    size_t n = p->n, flips = n < most ? n : most;
    for (size_t k = 0; k < flips; k++) {
        uint64_t a = n <= most ? p->legal[k] : p->legal[alea_rng_below(rng, n)];
        probe_value(p, a);
        for (int b = 0; b < 64; b++)
            probe_value(p, a ^ ((uint64_t)1 << b));
    }
    for (int k = 0; k < 8; k++) {
        uint64_t r = alea_rng_next(rng), a = n ? p->legal[alea_rng_below(rng, n)] : 0;
        probe_value(p, r);
        probe_value(p, r >> 40);                                     /* small values */
        probe_value(p, (a & ~(uint64_t)0xFFFFFFFFFFFF) | (r >> 16)); /* a's kind, any payload */
        probe_value(p, a ^ (r & r >> 7 & r >> 13));                  /* a few bits of a flipped */
    }
}

/* The property over test_count() seeded games of one option set. */
START_TEST(test_check_accepts_exactly_the_legal_list) {
    const char *spec = specs[_i];
    long games = test_count("ALEA_CANONICAL_GAMES", 300) / 30;
    long checked = 0;
    if (games < 1)
        games = 1;
    for (long g = 0; g < games; g++) {
        uint64_t seed = test_seed(0xC4A0 + (uint64_t)_i * 1000) + (uint64_t)g;
        alea_state st;
        alea_rng rng, pick;
        uint64_t *legal = malloc(ALEA_MAX_ACTIONS * sizeof *legal);
        ck_assert_ptr_nonnull(legal);
        ck_assert_int_eq(alea_state_init(&st, spec, NULL), ALEA_OK);
        alea_rng_seed(&rng, seed);
        alea_rng_seed(&pick, seed ^ 0x5EED);
        for (int steps = 0; steps < 2000; steps++) {
            probe p = {&st, legal, 0, seed, alea_game_id(alea_state_game(&st)), 0};
            int now = alea_state_current_player(&st);
            ck_assert_int_eq(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &p.n, &st), ALEA_OK);
            if (now == ALEA_PLAYER_TERMINAL)
                break;
            for (size_t i = 1; i < p.n; i++)
                ck_assert_msg(legal[i - 1] < legal[i], "seed %llu: the list is not ascending",
                              (unsigned long long)seed);
            for (size_t i = 0; i < p.n; i++)
                ck_assert_msg(macro_kind_matches(p.game, legal[i]),
                              "seed %llu: action %#llx: the %s action macros disagree with "
                              "its typed decode",
                              (unsigned long long)seed, (unsigned long long)legal[i], p.game);
            probe_node(&p, &pick);
            checked += p.checked;
            ck_assert_int_eq(alea_state_apply(&st, legal[alea_rng_below(&rng, p.n)], NULL),
                             ALEA_OK);
        }
        free(legal);
    }
    ck_assert_int_gt(checked, 0);
}
END_TEST

/* The value the issue found (0x2100000000009): backgammon dice 1-1 with bit 44
   set passed check() and apply() although decode() refused it.  With
   opening=seeds the starter then throws two dice (§3.3). */
START_TEST(test_backgammon_dice_with_high_payload_bits_refused) {
    alea_state st;
    uint64_t dice = ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_DICE, 1 << 3 | 1);
    ck_assert_int_eq(alea_state_init(&st, "backgammon", NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_apply_text(&st, "opening 3-1", NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_CHANCE);
    ck_assert_int_eq(alea_state_check_action(&st, dice, NULL), ALEA_OK);
    for (int b = 6; b < 48; b++)
        test_refuse(&st, dice | (uint64_t)1 << b, ALEA_INVALID_ARGUMENT, "not a backgammon action");
    test_refuse(&st, UINT64_C(0x2100000000009), ALEA_INVALID_ARGUMENT, NULL);
}
END_TEST

/* One path from a text to a state change (issue 25 item 3; state.h): applying
   a text, or a value, gives exactly what the separate steps give: the same
   status, the same reason and the same state as action_from_text() then
   apply(), and as check_action() for a value.  Texts: the
   legal actions' own, those of other nodes of the game (mostly illegal here),
   and each with one character changed; values: legal ones with a bit flipped. */
static void same_outcome(const char *spec, uint64_t seed, const alea_state *st, const char *what,
                         alea_status s1, const alea_error *e1, const alea_state *a1, alea_status s2,
                         const alea_error *e2, const alea_state *a2) {
    char text[4096];
    if (s1 == s2 && (s1 == ALEA_OK || strcmp(e1->message, e2->message) == 0) &&
        memcmp(a1, a2, sizeof *a1) == 0)
        return;
    if (alea_state_to_text(text, sizeof text, NULL, st) != ALEA_OK)
        strcpy(text, "(too long)");
    ck_abort_msg("[%s seed %llu] %s: one path %s (%s), steps %s (%s)\n  state: %s", spec,
                 (unsigned long long)seed, what, alea_status_name(s1), s1 ? e1->message : "",
                 alea_status_name(s2), s2 ? e2->message : "", text);
}

static void compare_text(const char *spec, uint64_t seed, const alea_state *st, const char *text) {
    alea_state one = *st, steps = *st;
    alea_error e1, e2;
    uint64_t a = 0;
    int seat = alea_state_current_player(st);
    memset(&e1, 0, sizeof e1);
    memset(&e2, 0, sizeof e2);
    alea_status s1 = alea_state_apply_text_n(&one, text, strlen(text), &e1);
    alea_status s2 = alea_state_action_from_text_n(&a, st, text, strlen(text), &e2);
    if (s2 == ALEA_OK)
        s2 = alea_state_apply(&steps, a, &e2);
    same_outcome(spec, seed, st, text, s1, &e1, &one, s2, &e2, &steps);
    if (seat >= 0) { /* the seat's own text: the referee's path */
        one = *st;
        s1 = alea_state_apply_text_as_n(&one, seat, text, strlen(text), &e1);
        same_outcome(spec, seed, st, text, s1, &e1, &one, s2, &e2, &steps);
    }
}

START_TEST(test_one_path_from_text_or_value_to_the_state) {
    const char *spec = specs[_i];
    uint64_t seed = test_seed(0x7E47 + (uint64_t)_i);
    long games = test_scale_at_least(6, 1), checked = 0;
    static uint64_t legal[ALEA_MAX_ACTIONS];
    static char others[64][ALEA_ACTION_TEXT_MAX];
    size_t n_others = 0;
    alea_rng rng;
    alea_rng_seed(&rng, seed);
    for (long g = 0; g < games; g++) {
        alea_state st;
        memset(&st, 0, sizeof st);
        ck_assert_int_eq(alea_state_init(&st, spec, NULL), ALEA_OK);
        for (int step = 0; step < 3000 && alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL;
             step++) {
            size_t n = 0;
            ck_assert_int_eq(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, &st), ALEA_OK);
            for (int k = 0; k < 4 && n > 0; k++) {
                uint64_t x = legal[alea_rng_below(&rng, (uint32_t)n)];
                char text[ALEA_ACTION_TEXT_MAX], bent[ALEA_ACTION_TEXT_MAX];
                ck_assert_int_eq(alea_state_action_to_text(text, sizeof text, NULL, &st, x),
                                 ALEA_OK);
                compare_text(spec, seed, &st, text);
                strcpy(bent, text);
                bent[alea_rng_below(&rng, (uint32_t)strlen(bent))] =
                    "0123456789abcdefghx-/ ,:*"[alea_rng_below(&rng, 25)];
                compare_text(spec, seed, &st, bent);
                compare_text(spec, seed, &st, others[alea_rng_below(&rng, 64)]);
                strcpy(others[n_others++ % 64], text);
                /* a value with one bit flipped: apply() says what check_action() says */
                uint64_t v = x ^ ((uint64_t)1 << alea_rng_below(&rng, 64));
                alea_state one = st;
                alea_error e1, e2;
                memset(&e1, 0, sizeof e1);
                memset(&e2, 0, sizeof e2);
                alea_status s1 = alea_state_apply(&one, v, &e1);
                alea_status s2 = alea_state_check_action(&st, v, &e2);
                if (s2 != ALEA_OK)
                    same_outcome(spec, seed, &st, "a value", s1, &e1, &one, s2, &e2, &st);
                else
                    ck_assert_int_eq(s1, ALEA_OK);
                checked += 4;
            }
            if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE)
                ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
            else
                ck_assert_int_eq(
                    alea_state_apply(&st, legal[alea_rng_below(&rng, (uint32_t)n)], NULL), ALEA_OK);
        }
    }
    ck_assert_int_gt(checked, 0);
}
END_TEST

static Suite *canonical_suite(void) {
    Suite *s = suite_create("canonical");
    TCase *tc = tcase_create("canonical");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_check_accepts_exactly_the_legal_list, 0, (int)N_SPECS);
    tcase_add_test(tc, test_backgammon_dice_with_high_payload_bits_refused);
    tcase_add_loop_test(tc, test_one_path_from_text_or_value_to_the_state, 0, (int)N_SPECS);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(canonical_suite());
}
