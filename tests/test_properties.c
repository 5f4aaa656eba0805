/* Property tests over many seeded random games of every registered game:
 *  - every legal action passes check and applies; check agrees with the list;
 *  - illegal and garbage actions are refused and leave the state byte-identical;
 *  - chance outcomes: the same set as the legal actions, probabilities exact, summing to 1;
 *  - state text and JSON round-trip; action notation round-trips to the canonical action;
 *  - clone == copy, equal states hash equally;
 *  - scores: alea_state_scores == result, ranks consistent; dice poker: the card sums up;
 *  - games terminate.
 * ALEA_PROPERTY_GAMES (default 10000, scaled by test_scale()) games per game id; ALEA_TEST_SEED moves the seeds.
 * Every failure message names the game and the seed that reproduces it. */
#include "support.h"

#include <alea/dice_poker.h>
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEXT_MAX 16384

typedef struct {
    const char *spec;
    uint64_t seed;
} ctx;

static void fail_at(const ctx *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void fail_at(const ctx *c, const char *fmt, ...) {
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    ck_abort_msg("[%s seed=%llu] %s", c->spec, (unsigned long long)c->seed, msg);
}

/* Fails with the spec and the seed that reproduce the game. */
#define CHECK(c, cond, ...)                                                                        \
    do {                                                                                           \
        if (!(cond))                                                                               \
            fail_at(c, __VA_ARGS__);                                                               \
    } while (0)

static void check_chance(const ctx *c, const alea_state *st, const uint64_t *legal, size_t n) {
    alea_outcome out[1024];
    size_t m;
    uint64_t sum = 0;
    CHECK(c, alea_state_chance_outcomes(out, 1024, &m, st) == ALEA_OK, "chance outcomes");
    CHECK(c, m == n, "outcomes %zu vs legal %zu", m, n);
    for (size_t i = 0; i < m; i++) {
        CHECK(c, out[i].action == legal[i], "outcome %zu differs from the legal action", i);
        CHECK(c, out[i].den == out[0].den, "one denominator per node");
        CHECK(c, out[i].num > 0, "zero-probability outcome listed");
        CHECK(c, out[i].prob == (double)out[i].num / (double)out[i].den, "prob is num/den");
        sum += out[i].num;
    }
    CHECK(c, sum == out[0].den, "probabilities sum to %llu/%u, not 1", (unsigned long long)sum,
          (unsigned)out[0].den);
}

static void check_text_forms(const ctx *c, const alea_state *st) {
    static char text[TEXT_MAX], again[TEXT_MAX], json[4 * TEXT_MAX];
    alea_state back;
    alea_error err;
    CHECK(c, alea_state_to_text(text, sizeof text, NULL, st) == ALEA_OK, "to_text");
    CHECK(c, alea_state_from_text(&back, text, &err) == ALEA_OK, "from_text: %s (%s)", err.message,
          text);
    CHECK(c, alea_state_equal(&back, st), "text round trip changes the state: %s", text);
    CHECK(c, alea_state_to_text(again, sizeof again, NULL, &back) == ALEA_OK, "to_text again");
    CHECK(c, strcmp(text, again) == 0, "text not canonical:\n%s\n%s", text, again);
    CHECK(c, alea_state_to_json(json, sizeof json, NULL, st) == ALEA_OK, "to_json");
    CHECK(c, test_json_valid(json), "invalid JSON: %s", json);
    CHECK(c, alea_state_validate(st, &err) == ALEA_OK, "validate: %s", err.message);
    CHECK(c, alea_state_to_board(json, sizeof json, NULL, st) == ALEA_OK, "to_board");
}

static void check_all_legal(const ctx *c, const alea_state *st, const uint64_t *legal, size_t n) {
    for (size_t i = 0; i < n; i++) {
        char text[ALEA_ACTION_TEXT_MAX];
        uint64_t parsed;
        alea_state next, *clone = NULL;
        alea_error err;
        CHECK(c, alea_state_action_to_text(text, sizeof text, NULL, st, legal[i]) == ALEA_OK,
              "format legal action %llu", (unsigned long long)legal[i]);
        CHECK(c, alea_state_action_from_text(&parsed, st, text, &err) == ALEA_OK, "parse '%s': %s",
              text, err.message);
        CHECK(c, parsed == legal[i], "'%s' parses to another action", text);
        alea_state_copy(&next, st);
        CHECK(c, alea_state_apply(&next, legal[i], &err) == ALEA_OK, "apply '%s': %s", text,
              err.message);
        CHECK(c, alea_state_clone(&clone, &next) == ALEA_OK, "clone");
        CHECK(c, alea_state_equal(clone, &next), "clone differs from copy");
        CHECK(c, alea_state_hash(clone) == alea_state_hash(&next), "equal states hash apart");
        alea_state_free(clone);
    }
}

/* Random values and near-misses of legal actions must be refused, unless
   check says they are legal, in which case they must be in the list. */
static void check_garbage(const ctx *c, alea_state *st, const uint64_t *legal, size_t n,
                          alea_rng *rng) {
    static alea_state before;
    alea_state_copy(&before, st);
    for (int k = 0; k < 4; k++) {
        uint64_t a = alea_rng_next(rng);
        alea_error err;
        alea_status s;
        if (k == 1)
            a &= 0xFFFFFFFu;
        else if (k >= 2 && n)
            a = legal[alea_rng_below(rng, n)] ^ ((uint64_t)1 << alea_rng_below(rng, 32));
        s = alea_state_apply(st, a, &err);
        if (s == ALEA_OK) {
            int found = 0;
            for (size_t i = 0; i < n && !found; i++)
                found = legal[i] == a;
            CHECK(c, found, "action %llu applied but is not listed", (unsigned long long)a);
            alea_state_copy(st, &before);
        } else {
            CHECK(c,
                  s == ALEA_ILLEGAL_ACTION || s == ALEA_INVALID_ARGUMENT || s == ALEA_WRONG_PHASE,
                  "odd status %s", alea_status_name(s));
            CHECK(c, err.status == (int32_t)s && err.message[0], "refusal without a reason");
            CHECK(c, memcmp(st, &before, alea_state_size(st)) == 0,
                  "a refused action changed the state");
        }
    }
}

static void check_scores(const ctx *c, const alea_state *st) {
    alea_result r;
    int32_t scores[ALEA_MAX_PLAYERS];
    size_t n;
    CHECK(c, alea_state_result(&r, st) == ALEA_OK, "result");
    CHECK(c, alea_state_scores(scores, ALEA_MAX_PLAYERS, &n, st) == ALEA_OK, "scores");
    CHECK(c, n == (size_t)r.players && r.players == alea_state_num_players(st), "seat count");
    CHECK(c, r.terminal == (alea_state_current_player(st) == ALEA_PLAYER_TERMINAL), "terminal");
    for (int i = 0; i < r.players; i++) {
        int above = 0;
        CHECK(c, scores[i] == r.score[i], "scores() and result disagree");
        for (int j = 0; j < r.players; j++)
            above += r.score[j] > r.score[i];
        CHECK(c, r.rank[i] == above + 1, "rank of seat %d", i);
    }
    if (strncmp(c->spec, "dice-poker", 10) == 0) {
        alea_dice_poker_view v;
        int32_t bonus[ALEA_MAX_PLAYERS] = {0};
        v.version = ALEA_DICE_POKER_VIEW_VERSION;
        CHECK(c, alea_dice_poker_get_view(&v, st) == ALEA_OK, "view");
        for (int b = 0; b < ALEA_DICE_POKER_BONUSES; b++) {
            if (v.bonus_owner[b] >= 0)
                bonus[v.bonus_owner[b]] += v.bonus_value[b];
        }
        for (int p = 0; p < v.players; p++) {
            const alea_dice_poker_card *card = &v.card[p];
            int32_t sum = card->reserve + bonus[p];
            for (int row = 0; row < ALEA_DICE_POKER_ROWS; row++) {
                for (int col = 0; col < v.columns; col++) {
                    sum += card->value[row][col];
                    sum -= card->mark[row][col] == ALEA_DICE_POKER_ZERO ? 200 : 0;
                }
            }
            CHECK(c, sum == r.score[p], "P-7.2: card of seat %d sums to %d, score %d", p, (int)sum,
                  (int)r.score[p]);
        }
    }
}

static void play_checked_game(const ctx *c, int deep_every) {
    static uint64_t legal[ALEA_MAX_ACTIONS];
    alea_state st;
    alea_rng rng;
    size_t steps = 0;
    alea_rng_seed(&rng, c->seed);
    CHECK(c, alea_state_init(&st, c->spec, NULL) == ALEA_OK, "init");
    for (;;) {
        int p = alea_state_current_player(&st);
        size_t n;
        int deep = deep_every > 0 && alea_rng_below(&rng, (uint64_t)deep_every) == 0;
        CHECK(c, p != ALEA_PLAYER_INVALID, "state became invalid");
        CHECK(c, alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, &st) == ALEA_OK, "legal");
        if (deep || p == ALEA_PLAYER_TERMINAL) {
            check_text_forms(c, &st);
            check_scores(c, &st);
        }
        if (p == ALEA_PLAYER_TERMINAL) {
            CHECK(c, n == 0, "legal actions at the end");
            return;
        }
        CHECK(c, n > 0, "no legal action at a live node");
        if (p == ALEA_PLAYER_CHANCE && deep)
            check_chance(c, &st, legal, n);
        if (deep)
            check_all_legal(c, &st, legal, n);
        check_garbage(c, &st, legal, n, &rng);
        if (p == ALEA_PLAYER_CHANCE) {
            CHECK(c, alea_state_roll(NULL, &st, &rng) == ALEA_OK, "roll");
        } else {
            uint64_t a = legal[alea_rng_below(&rng, n)];
            alea_error err;
            CHECK(c, alea_state_apply(&st, a, &err) == ALEA_OK, "apply: %s", err.message);
        }
        CHECK(c, ++steps < 1000000, "game does not end");
    }
}

static int games_per_id(void) {
    return (int)test_count("ALEA_PROPERTY_GAMES", 10000);
}

/* Specs for game i: one per seat count if the game has a "players" option. */
static size_t specs_for(char specs[][64], size_t i) {
    const alea_game *g = alea_game_at(i);
    alea_game_info info;
    size_t n = 0;
    alea_game_get_info(&info, g);
    for (uint32_t k = 0; k < info.option_count; k++) {
        alea_option_info o;
        alea_game_option(&o, g, k);
        if (strcmp(o.name, "players") != 0)
            continue;
        for (int p = o.min; p <= o.max && n < ALEA_MAX_PLAYERS; p++)
            snprintf(specs[n++], 64, "%s players=%d", info.id, p);
    }
    if (n == 0)
        snprintf(specs[n++], 64, "%s", info.id);
    return n;
}

START_TEST(test_random_games_keep_every_invariant) {
    uint64_t base = test_seed(1);
    int games = games_per_id();
    for (size_t i = 0; i < alea_game_count(); i++) {
        char specs[ALEA_MAX_PLAYERS][64];
        size_t nspecs = specs_for(specs, i);
        for (int g = 0; g < games; g++) {
            ctx c = {specs[(size_t)g % nspecs], base * 1000003u + (uint64_t)g};
            /* Deep checks on every step of every 100th game, else on 1 step in 200. */
            play_checked_game(&c, g % 100 == 0 ? 1 : 200);
        }
    }
}
END_TEST

static Suite *properties_suite(void) {
    Suite *s = suite_create("properties");
    TCase *tc = tcase_create("properties");
    tcase_set_timeout(tc, 3600);
    tcase_add_test(tc, test_random_games_keep_every_invariant);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(properties_suite());
}
