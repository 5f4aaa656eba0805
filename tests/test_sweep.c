/* Every option value of every game (issue 6, coverage): one seeded random game
   per spec, where the specs are each option at its bounds (and each choice),
   and each pair of options away from their defaults.  At every node (every
   few under ALEA_TEST_QUICK) the generic contracts of alea/state.h hold:
   - the state validates, and its one-line text reads back equal and canonical;
   - the board and JSON writers succeed (JSON well-formed);
   - check_action() accepts exactly the listed actions among every action seen
     so far in the game (each game's "legal actions" rule, e.g. P-2, W-5, R5, §5),
     refusing the others with a reason and without touching the state;
   - listed actions round-trip through the notation.
   The game suites test each rule on chosen positions; this sweep reaches the
   option-dependent paths (cube, match, money, caps) they leave out. */
#include "support.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SPECS 160
#define POOL 256
#define TEXT_MAX 16384

typedef struct {
    char spec[MAX_SPECS][ALEA_SPEC_MAX];
    size_t n;
} spec_list;

/* "key=value" for option o at value v. */
static void option_word(char *out, size_t cap, const alea_option_info *o, int32_t v) {
    if (o->kind == ALEA_OPTION_CHOICE) {
        const char *p = o->choices;
        for (int32_t i = 0; i < v && p; i++) {
            p = strchr(p, '|');
            p = p ? p + 1 : NULL;
        }
        size_t len = p ? strcspn(p, "|") : 0;
        snprintf(out, cap, "%s=%.*s", o->name, (int)len, p ? p : "");
    } else {
        snprintf(out, cap, "%s=%ld", o->name, (long)v);
    }
}

/* Values worth a game: the bounds, one above the minimum, and every choice.
   Large maxima (match lengths, caps) are replaced by a small value, so that a
   game stays short; a value the game refuses (e.g. a cube limit that is not a
   power of two) is skipped later. */
static size_t values_of(int32_t *out, const alea_option_info *o) {
    size_t n = 0;
    int32_t cand[4] = {o->min, o->min + 1, o->max - o->min <= 8 ? o->max : o->min + 3, o->def};
    for (int k = 0; k < 4; k++) {
        int dup = cand[k] > o->max;
        for (size_t j = 0; j < n && !dup; j++)
            dup = out[j] == cand[k];
        if (!dup)
            out[n++] = cand[k];
    }
    return n;
}

/* A non-default value of each option, for the pairs. */
static int32_t other_value(const alea_option_info *o) {
    return o->def < o->max ? (o->max - o->min <= 8 ? o->max : o->def + 1) : o->min;
}

static int add(spec_list *l, const char *spec) {
    alea_state st;
    if (l->n >= MAX_SPECS || alea_state_init(&st, spec, NULL) != ALEA_OK)
        return 0;
    snprintf(l->spec[l->n++], ALEA_SPEC_MAX, "%s", spec);
    return 1;
}

static void specs_for(spec_list *l, const alea_game *g) {
    alea_game_info info;
    alea_option_info o[ALEA_SPEC_MAX / 16];
    char w1[64], w2[64], spec[ALEA_SPEC_MAX];
    alea_game_get_info(&info, g);
    l->n = 0;
    add(l, info.id);
    for (uint32_t i = 0; i < info.option_count; i++)
        alea_game_option(&o[i], g, i);
    for (uint32_t i = 0; i < info.option_count; i++) {
        int32_t v[4];
        size_t nv = values_of(v, &o[i]);
        for (size_t k = 0; k < nv; k++) {
            option_word(w1, sizeof w1, &o[i], v[k]);
            snprintf(spec, sizeof spec, "%s %s", info.id, w1);
            add(l, spec);
        }
        for (uint32_t j = i + 1; j < info.option_count; j++) {
            option_word(w1, sizeof w1, &o[i], other_value(&o[i]));
            option_word(w2, sizeof w2, &o[j], other_value(&o[j]));
            snprintf(spec, sizeof spec, "%s %s %s", info.id, w1, w2);
            /* a pair the game refuses alone (e.g. beavers without money play)
               is tried with a third option that enables it */
            for (uint32_t k = 0; !add(l, spec) && k < info.option_count; k++) {
                char w3[64];
                if (k == i || k == j)
                    continue;
                option_word(w3, sizeof w3, &o[k], other_value(&o[k]));
                snprintf(spec, sizeof spec, "%s %s %s %s", info.id, w1, w2, w3);
                if (add(l, spec))
                    break;
            }
        }
    }
}

static int listed(const uint64_t *legal, size_t n, uint64_t a) {
    size_t lo = 0, hi = n; /* legal actions are ascending (state.h) */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (legal[mid] == a)
            return 1;
        if (legal[mid] < a)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* Words of every game's notation (doc/rules/<game>.md), good and damaged:
   whatever the node, parsing one either gives a listed action or refuses it
   with a reason (state.h alea_state_action_from_text()). */
static const char *const probes[] = {
    /* dice poker (P-2) */
    "roll 1,1,3,5,6", "hold 1,1,5", "hold none", "school 4", "write full", "write full 2",
    "strike poker", "score para", "hold 7", "write full 9", "strike",
    /* wise dice (W-4, W-5) */
    "place C1", "place 3 C1", "start S", "roll 1236", "2/3:L/1/6", "pass", "place Z9",
    "2/3:Q/1/6", "roll 1239",
    /* plateau (R4 .. R9) */
    "setup a1 xx rb", "on rb c2:1", "a1/2-a2:1-a3", "!b1/1-c3", "b3*", "offer M+BL", "give R",
    "decline", "a1/9-a2", "e5*",
    /* backgammon (§4 .. §7) */
    "13/7 8/7", "bar/22*", "24/18 13/11", "6/off", "double", "take", "drop", "beaver", "roll",
    "resign", "resign 2", "resign gammon", "resign 9", "resign single now", "accept", "reject",
    "pass now", "13/7 8/7 6/5 5/4 4/3", "13/12/11/10/9/8/7/6/5", "bar/25", "2-1: 13/11 6/5",
    "24/23 23/22 22/21 21/20 20/19 19/18 18/17 17/16 16/15",
};

static void probe_words(const char *spec, const alea_state *st, const uint64_t *legal, size_t n) {
    alea_state before = *st;
    for (size_t w = 0; w < sizeof probes / sizeof probes[0]; w++) {
        uint64_t a = 0;
        alea_error err;
        alea_status s = alea_state_action_from_text(&a, st, probes[w], &err);
        if (s == ALEA_OK) {
            ck_assert_msg(listed(legal, n, a), "[%s] '%s' parses to an unlisted action", spec,
                          probes[w]);
            continue;
        }
        ck_assert_msg(s == ALEA_PARSE_ERROR || s == ALEA_ILLEGAL_ACTION || s == ALEA_WRONG_PHASE,
                      "[%s] '%s': odd status %s", spec, probes[w], alea_status_name(s));
        ck_assert_msg(err.status == (int32_t)s && err.message[0], "[%s] '%s': no reason", spec,
                      probes[w]);
    }
    ck_assert_mem_eq(&before, st, sizeof before);
}

static void check_node(const char *spec, const alea_state *st, const uint64_t *legal, size_t n,
                       const uint64_t *pool, size_t pooled, alea_rng *rng) {
    static char text[TEXT_MAX], again[TEXT_MAX], json[4 * TEXT_MAX];
    alea_state back, probe = *st;
    alea_error err;
    ck_assert_msg(alea_state_validate(st, &err) == ALEA_OK, "[%s] validate: %s", spec,
                  err.message);
    ck_assert_int_eq(alea_state_to_text(text, sizeof text, NULL, st), ALEA_OK);
    ck_assert_msg(alea_state_from_text(&back, text, &err) == ALEA_OK, "[%s] %s: %s", spec,
                  err.message, text);
    ck_assert_msg(alea_state_equal(&back, st), "[%s] text round trip: %s", spec, text);
    ck_assert_int_eq(alea_state_to_text(again, sizeof again, NULL, &back), ALEA_OK);
    ck_assert_str_eq(again, text);
    ck_assert_int_eq(alea_state_to_board(json, sizeof json, NULL, st), ALEA_OK);
    ck_assert_int_eq(alea_state_to_json(json, sizeof json, NULL, st), ALEA_OK);
    ck_assert_msg(test_json_valid(json), "[%s] invalid JSON: %s", spec, json);
    for (size_t i = 0; i < pooled; i++) {
        alea_status s = alea_state_check_action(&probe, pool[i], &err);
        ck_assert_msg((s == ALEA_OK) == listed(legal, n, pool[i]),
                      "[%s] check_action(%#llx) = %s but it is %slisted (%s)", spec,
                      (unsigned long long)pool[i], alea_status_name(s),
                      listed(legal, n, pool[i]) ? "" : "not ", text);
        if (s != ALEA_OK) {
            ck_assert_msg(s == ALEA_ILLEGAL_ACTION || s == ALEA_WRONG_PHASE ||
                              s == ALEA_INVALID_ARGUMENT,
                          "[%s] odd status %s", spec, alea_status_name(s));
            ck_assert_msg(err.status == (int32_t)s && err.message[0], "[%s] no reason", spec);
        }
    }
    for (int k = 0; k < 4 && n > 0; k++) {
        uint64_t a = legal[alea_rng_below(rng, n)], parsed = 0;
        char word[ALEA_ACTION_TEXT_MAX];
        ck_assert_int_eq(alea_state_action_to_text(word, sizeof word, NULL, st, a), ALEA_OK);
        ck_assert_msg(alea_state_action_from_text(&parsed, st, word, &err) == ALEA_OK,
                      "[%s] parse '%s': %s", spec, word, err.message);
        ck_assert_msg(parsed == a, "[%s] '%s' parses to another action", spec, word);
    }
    ck_assert_mem_eq(&probe, st, sizeof probe);
    if (alea_state_current_player(st) != ALEA_PLAYER_TERMINAL)
        probe_words(spec, st, legal, n);
}

static void play(const char *spec, uint64_t seed) {
    static uint64_t legal[ALEA_MAX_ACTIONS], pool[POOL];
    size_t pooled = 0, step = 0;
    long every = test_stride(25); /* every 25th node under valgrind, 7th in the sanitizer builds */
    alea_state st;
    alea_rng rng;
    memset(&st, 0, sizeof st);
    alea_rng_seed(&rng, seed);
    ck_assert_int_eq(alea_state_init(&st, spec, NULL), ALEA_OK);
    for (;; step++) {
        int p = alea_state_current_player(&st);
        size_t n;
        uint64_t a;
        ck_assert_int_ne(p, ALEA_PLAYER_INVALID);
        ck_assert_int_eq(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, &st), ALEA_OK);
        /* the pool: every action met so far, a few from each node */
        for (int k = 0; k < 3 && n > 0; k++) {
            a = legal[alea_rng_below(&rng, n)];
            if (pooled < POOL && !listed(pool, pooled, a)) {
                size_t i = pooled++;
                while (i > 0 && pool[i - 1] > a) {
                    pool[i] = pool[i - 1];
                    i--;
                }
                pool[i] = a;
            }
        }
        if ((long)step % every == 0 || p == ALEA_PLAYER_TERMINAL)
            check_node(spec, &st, legal, n, pool, pooled, &rng);
        if (p == ALEA_PLAYER_TERMINAL)
            break;
        ck_assert_msg(step < 200000, "[%s] the game does not end", spec);
        if (p == ALEA_PLAYER_CHANCE) {
            ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
        } else {
            a = legal[alea_rng_below(&rng, n)];
            ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
        }
    }
}

START_TEST(test_every_option_value_keeps_the_state_contracts) {
    spec_list *l = malloc(sizeof *l);
    ck_assert_ptr_nonnull(l);
    specs_for(l, alea_game_at((size_t)_i));
    ck_assert_uint_gt(l->n, 1);
    printf("sweep: %s: %zu specs\n", alea_game_id(alea_game_at((size_t)_i)), l->n);
    for (size_t k = 0; k < l->n; k++)
        play(l->spec[k], test_seed(31) + k);
    free(l);
}
END_TEST

static Suite *sweep_suite(void) {
    Suite *s = suite_create("sweep");
    TCase *tc = tcase_create("sweep");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_every_option_value_keeps_the_state_contracts, 0,
                        (int)alea_game_count());
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(sweep_suite());
}
