/* Accepted means consistent (issue 12, item 8): alea_state_from_text,
 * alea_backgammon_from_gnubg and alea_state_validate accept only states the
 * rules can reach (or the set-up positions the rule files allow), so that for
 * every accepted state each listed action passes check and applies, every
 * result validates and its text round-trips, and no counter can wrap.
 *
 * 1. Regression tests: the impossible states found by mutating state texts,
 *    each citing the rule that refuses it, and the reachable extremes next to
 *    them, which stay accepted and closed.
 * 2. The property test: states from seeded random games of every game and
 *    option set are mutated (one number or word of the text replaced by a
 *    neighbour, an extreme or a value from another state, two tokens swapped,
 *    raw bytes changed, backgammon's gnubg IDs changed); every mutated state
 *    that is accepted must be closed.
 *    ALEA_CLOSURE_GAMES games per option set (default 2), 12 states of each
 *    (3 under test_scale(), in the slow builds; 1 under valgrind, with a third
 *    of the compound mutations, pairs of pieces at most 3 apart deleted, not
 *    12, and one child in 4 round-tripped); ALEA_TEST_SEED moves the seeds.  A failure prints the seed and the state text.
 * Rule numbers: doc/rules/<game>.md. */
#include "support.h"

#include <alea/backgammon.h>
#include <alea/dice_poker.h>
#include <alea/plateau.h>
#include <alea/wise_dice.h>
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backgammon/bg.h" /* internal: raw-state fields */

#define TEXT_MAX 8192

static uint64_t legal[ALEA_MAX_ACTIONS];

#define REQUIRE(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

/* ---- helpers ------------------------------------------------------------ */

static void text_of(char *buf, const alea_state *st) {
    size_t len = 0;
    REQUIRE(alea_state_to_text(buf, TEXT_MAX, &len, st) == ALEA_OK && len < TEXT_MAX, "to_text");
}

static void from(alea_state *st, const char *text) {
    alea_error err;
    alea_status s = alea_state_from_text(st, text, &err);
    ck_assert_msg(s == ALEA_OK, "%s\n  refused: %s", text, err.message);
}

/* The text must be refused as ALEA_INVALID_STATE with a reason naming `rule`. */
static void refused(const char *text, const char *rule) {
    alea_state st;
    alea_error err;
    alea_status s = alea_state_from_text(&st, text, &err);
    ck_assert_msg(s == ALEA_INVALID_STATE, "%s\n  accepted (status %s)", text, alea_status_str(s));
    ck_assert_msg(strstr(err.message, rule) != NULL, "%s\n  refused with '%s', want %s", text,
                  err.message, rule);
}

static void act(alea_state *st, uint64_t a) {
    alea_error err;
    alea_status s = alea_state_apply(st, a, &err);
    ck_assert_msg(s == ALEA_OK, "apply: %s", err.message);
}

static void act_text(alea_state *st, const char *move) {
    alea_error err;
    alea_status s = alea_state_apply_text(st, move, &err);
    ck_assert_msg(s == ALEA_OK, "apply %s: %s", move, err.message);
}

/* Replaces the first `key` (e.g. "plies=") value in text by `value`. */
static void set_field(char *text, const char *key, const char *value) {
    char tail[TEXT_MAX];
    char *at = strstr(text, key);
    ck_assert_msg(at != NULL, "no %s in %s", key, text);
    at += strlen(key);
    size_t n = strcspn(at, " ");
    snprintf(tail, sizeof tail, "%s%s", value, at + n);
    memcpy(at, tail, strlen(tail) + 1);
}

/* ---- the closure check ------------------------------------------------------ */

typedef struct closure_ctx {
    const char *origin; /* how the state was made, for the failure message */
    uint64_t seed;
    const char *text;
    long bots; /* call the bots on this state */
} closure_ctx;

static void fail_at(const closure_ctx *c, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void fail_at(const closure_ctx *c, const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    ck_abort_msg("[%s seed=%llu] %s\n  state: %s", c->origin, (unsigned long long)c->seed, msg,
                 c->text);
}

#define CHECK(c, cond, ...)                                                                        \
    do {                                                                                           \
        if (!(cond))                                                                               \
            fail_at(c, __VA_ARGS__);                                                               \
    } while (0)

/* to_text -> from_text gives an equal state, and the text is canonical. */
static void round_trip(const closure_ctx *c, const alea_state *st, const char *what) {
    static char text[TEXT_MAX], again[TEXT_MAX];
    alea_state back;
    alea_error err;
    CHECK(c, alea_state_validate(st, &err) == ALEA_OK, "%s: validate: %s", what, err.message);
    text_of(text, st);
    CHECK(c, alea_state_from_text(&back, text, &err) == ALEA_OK, "%s: from_text refuses %s: %s",
          what, text, err.message);
    CHECK(c, alea_state_equal(&back, st), "%s: the text round trip changes the state: %s", what,
          text);
    text_of(again, &back);
    CHECK(c, strcmp(text, again) == 0, "%s: text not canonical", what);
}

/* Backgammon: the typed view, and the gnubg IDs read back to the same IDs
   (§11.7: every ID alea writes, finished games, pending beavers and automatic
   doubles included, as gnubg reads it). */
static void backgammon_forms(const closure_ctx *c, const alea_state *st) {
    static char text[TEXT_MAX];
    alea_backgammon_view v;
    alea_error err;
    v.version = ALEA_BACKGAMMON_VIEW_VERSION;
    CHECK(c, alea_backgammon_get_view(&v, st) == ALEA_OK, "typed view");
    char pid[15], mid[13], pid2[15], mid2[13];
    CHECK(c,
          alea_backgammon_position_id(pid, ALEA_BACKGAMMON_POSITION_ID_SIZE, NULL, st) == ALEA_OK,
          "position id");
    CHECK(c, alea_backgammon_match_id(mid, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, st) == ALEA_OK,
          "match id");
    text_of(text, st);
    *strchr(text, '|') = '\0';
    alea_state back;
    CHECK(c, alea_backgammon_from_gnubg(&back, text, pid, mid, &err) == ALEA_OK,
          "from_gnubg %s %s refused: %s", pid, mid, err.message);
    CHECK(c,
          alea_backgammon_position_id(pid2, ALEA_BACKGAMMON_POSITION_ID_SIZE, NULL, &back) ==
              ALEA_OK,
          "position id");
    CHECK(c, alea_backgammon_match_id(mid2, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, &back) == ALEA_OK,
          "match id");
    CHECK(c, strcmp(pid, pid2) == 0 && strcmp(mid, mid2) == 0, "IDs %s %s read back as %s %s",
          pid, mid, pid2, mid2);
}

/* What every seat and a spectator see: the observation text, JSON, board and
   tensor (finite numbers), and some legal actions as each may see them
   (alea_state_action_observation_text); with the bots, the afterstate tensors of every
   legal action, one row per action in the legal order (with hidden
   information, of the seat's fixed re-deal: test_seen_state). */
static void observations(const closure_ctx *c, const alea_state *st) {
    static char buf[4 * TEXT_MAX];
    static float tensor[4096];
    static float *after;
    static uint64_t acts[ALEA_MAX_ACTIONS], list[ALEA_MAX_ACTIONS], real[ALEA_MAX_ACTIONS];
    const alea_game *g = alea_state_game(st);
    size_t size = 0, len = 0, rows = 0, n = 0, nr = 0;
    CHECK(c, alea_game_observation_size(&size, g) == ALEA_OK && size <= 4096, "observation size");
    CHECK(c, alea_state_legal_actions(real, ALEA_MAX_ACTIONS, &nr, st) == ALEA_OK, "legal_actions");
    if (after == NULL) {
        after = malloc(sizeof(float) * 4096 * ALEA_MAX_ACTIONS / 2);
        REQUIRE(after != NULL, "malloc");
    }
    for (int seat = -1; seat < alea_state_num_players(st); seat++) {
        int who = seat < 0 ? ALEA_OBSERVER_PUBLIC : seat;
        alea_state seen;
        CHECK(c, alea_state_observation_text(buf, sizeof buf, NULL, st, who) == ALEA_OK,
              "observation_text seat %d", who);
        CHECK(c,
              alea_state_observation_json(buf, sizeof buf, NULL, st, who) == ALEA_OK &&
                  test_json_valid(buf),
              "observation_json seat %d", who);
        CHECK(c, alea_state_observation_board(buf, sizeof buf, NULL, st, who) == ALEA_OK,
              "observation_board seat %d", who);
        CHECK(c,
              alea_state_observation_tensor(tensor, 4096, &len, st, who) == ALEA_OK && len == size,
              "observation_tensor seat %d", who);
        for (size_t i = 0; i < size; i++)
            CHECK(c, tensor[i] == tensor[i] && tensor[i] > -1e30f && tensor[i] < 1e30f,
                  "observation_tensor seat %d: value %zu is %g", who, i, (double)tensor[i]);
        for (size_t i = 0; i < nr; i += 1 + nr / 4)
            CHECK(c,
                  alea_state_action_observation_text(buf, sizeof buf, &len, st, real[i], who) ==
                          ALEA_OK &&
                      len > 0 && len < ALEA_ACTION_TEXT_MAX,
                  "action_observation_text seat %d, action %zu", who, i);
        if (!c->bots)
            continue;
        test_seen_state(&seen, st, who); /* hidden information: a fixed re-deal */
        CHECK(c, alea_state_legal_actions(list, ALEA_MAX_ACTIONS, &n, &seen) == ALEA_OK,
              "legal_actions of the re-deal of seat %d", who);
        if (size * n > 4096 * ALEA_MAX_ACTIONS / 2)
            continue;
        CHECK(c,
              alea_state_afterstate_tensors(after, acts, ALEA_MAX_ACTIONS, &rows, st, who) ==
                      ALEA_OK &&
                  rows == n && memcmp(acts, list, n * sizeof *acts) == 0,
              "afterstate_tensors seat %d: %zu rows for %zu legal actions", who, rows, n);
        for (size_t i = 0; i < rows * size; i++)
            CHECK(c, after[i] == after[i] && after[i] > -1e30f && after[i] < 1e30f,
                  "afterstate_tensors seat %d: value %zu is %g", who, i, (double)after[i]);
    }
}

/* Every other form of the state: typed view, JSON, board, scores, result;
   Plateau's public views of both seats. */
static void other_forms(const closure_ctx *c, const alea_state *st) {
    static char buf[4 * TEXT_MAX];
    const alea_game *g = alea_state_game(st);
    alea_result r;
    int32_t scores[ALEA_MAX_PLAYERS];
    size_t n = 0;
    CHECK(c, alea_state_to_json(buf, sizeof buf, NULL, st) == ALEA_OK && test_json_valid(buf),
          "to_json");
    CHECK(c, alea_state_to_board(buf, sizeof buf, NULL, st) == ALEA_OK, "to_board");
    CHECK(c, alea_state_result(&r, st) == ALEA_OK, "result");
    CHECK(c, alea_state_scores(scores, ALEA_MAX_PLAYERS, &n, st) == ALEA_OK, "scores");
    observations(c, st);
    if (g == alea_game_find("backgammon")) {
        backgammon_forms(c, st);
    } else if (g == alea_game_find("dice-poker")) {
        alea_dice_poker_view v;
        v.version = ALEA_DICE_POKER_VIEW_VERSION;
        CHECK(c, alea_dice_poker_get_view(&v, st) == ALEA_OK, "typed view");
    } else if (g == alea_game_find("wise-dice")) {
        alea_wise_dice_view v;
        v.version = ALEA_WISE_DICE_VIEW_VERSION;
        CHECK(c, alea_wise_dice_get_view(&v, st) == ALEA_OK, "typed view");
    } else {
        alea_plateau_view v;
        v.version = ALEA_PLATEAU_VIEW_VERSION;
        CHECK(c, alea_plateau_get_view(&v, st) == ALEA_OK, "typed view");
        for (int seat = 0; seat < 2; seat++) {
            v.version = ALEA_PLATEAU_VIEW_VERSION;
            CHECK(c, alea_plateau_get_public_view(&v, st, seat) == ALEA_OK, "public view");
            CHECK(c, alea_plateau_public_text(buf, sizeof buf, NULL, st, seat) == ALEA_OK,
                  "public text");
            CHECK(c, alea_plateau_public_json(buf, sizeof buf, NULL, st, seat) == ALEA_OK &&
                         test_json_valid(buf),
                  "public json");
        }
    }
}

static bool listed(uint64_t a, const uint64_t *list, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (list[i] == a)
            return true;
    return false;
}

static size_t accepted_children;

/* Every listed action passes check and applies; every result validates and
   round-trips; the bots pick a listed action that passes check. */
static void closure(const closure_ctx *c, const alea_state *st) {
    static uint64_t list[ALEA_MAX_ACTIONS];
    alea_error err;
    size_t n = 0;
    round_trip(c, st, "the state");
    other_forms(c, st);
    int who = alea_state_current_player(st);
    CHECK(c, alea_state_legal_actions(list, ALEA_MAX_ACTIONS, &n, st) == ALEA_OK, "legal_actions");
    if (who == ALEA_PLAYER_TERMINAL) {
        CHECK(c, n == 0, "a finished game lists %zu actions", n);
        return;
    }
    CHECK(c, n > 0, "a live state lists no action");
    CHECK(c, who == ALEA_PLAYER_CHANCE || (who >= 0 && who < alea_state_num_players(st)),
          "current player %d", who);
    for (size_t i = 0; i < n; i++) {
        alea_state next;
        char name[64];
        CHECK(c, alea_state_check_action(st, list[i], &err) == ALEA_OK,
              "listed action %llu refused by check: %s", (unsigned long long)list[i], err.message);
        memcpy(&next, st, alea_state_size(st));
        CHECK(c, alea_state_apply(&next, list[i], &err) == ALEA_OK, "apply %llu: %s",
              (unsigned long long)list[i], err.message);
        if (alea_state_action_to_text(name, sizeof name, NULL, st, list[i]) != ALEA_OK)
            snprintf(name, sizeof name, "%llu", (unsigned long long)list[i]);
        CHECK(c, alea_state_validate(&next, &err) == ALEA_OK, "after %s: refused: %s", name,
              err.message);
        if (!test_quick() || i % 4 == 0) /* valgrind: every child validates, one in 4 round-trips */
            round_trip(c, &next, name);
        accepted_children++;
    }
    if (!c->bots)
        return;
    for (size_t i = 0; i < n; i++) { /* the notation reads back as the same action */
        char name[256];
        uint64_t back = 0;
        CHECK(c, alea_state_action_to_text(name, sizeof name, NULL, st, list[i]) == ALEA_OK,
              "action_to_text %llu", (unsigned long long)list[i]);
        CHECK(c, alea_state_action_from_text(&back, st, name, &err) == ALEA_OK && back == list[i],
              "'%s' reads back as %llu, not %llu", name, (unsigned long long)back,
              (unsigned long long)list[i]);
    }
    if (who == ALEA_PLAYER_CHANCE)
        return;
    for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
        alea_rng rng;
        uint64_t a = 0;
        alea_rng_seed(&rng, c->seed + (uint64_t)kind);
        CHECK(c, alea_bot_choose(&a, st, kind, &rng) == ALEA_OK, "bot %s", alea_bot_name(kind));
        CHECK(c, listed(a, list, n) && alea_state_check_action(st, a, NULL) == ALEA_OK,
              "bot %s picks %llu, not a legal action", alea_bot_name(kind), (unsigned long long)a);
    }
}

/* A random continuation to the end (at most 400 steps): every state on the
   way validates and round-trips, so that no counter wraps further on. */
static void walk(const closure_ctx *c, const alea_state *from_state, uint64_t seed) {
    static uint64_t list[ALEA_MAX_ACTIONS];
    alea_state st;
    alea_rng rng;
    alea_error err;
    memcpy(&st, from_state, alea_state_size(from_state));
    alea_rng_seed(&rng, seed);
    for (int step = 0; step < 400 && alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL;
         step++) {
        size_t n = 0;
        CHECK(c, alea_state_legal_actions(list, ALEA_MAX_ACTIONS, &n, &st) == ALEA_OK && n > 0,
              "walk step %d: no legal action", step);
        uint64_t a = list[alea_rng_below(&rng, n)];
        CHECK(c, alea_state_apply(&st, a, &err) == ALEA_OK, "walk step %d: apply: %s", step,
              err.message);
        round_trip(c, &st, "a state further on");
    }
}

static void closed(const char *text) {
    alea_state st;
    closure_ctx c = {"regression", 0, text, 1};
    from(&st, text);
    closure(&c, &st);
}

/* ---- regression: backgammon ------------------------------------------------ */

#define BG_START "white=6:5,8:3,13:5,24:2 red=6:5,8:3,13:5,24:2"

/* §7.4, §6: each game scores at least one point, so a match to 255 has at most
   2 x 254 + 1 games; the 16-bit counter cannot wrap. */
START_TEST(test_7_4_games_counter_cannot_wrap) {
    refused("backgammon match=255 | dice turn=0 dice=- cube=1/centre autos=0 resign=0 "
            "crawford=0 rejected=0 score=254-254 games=65535 last=1:1:1:bearoff " BG_START,
            "§6");
    refused("backgammon match=255 | dice turn=0 dice=- cube=1/centre autos=0 resign=0 "
            "crawford=0 rejected=0 score=254-254 games=509 last=1:1:1:bearoff " BG_START,
            "§6");
    /* the most games a match to 255 can have played before its last game; at
       254-254 the cube is dead (§7.3), so the last game ends by a resignation */
    const char *most = "backgammon match=255 resign=on | cube turn=0 dice=- cube=1/centre autos=0 "
                       "resign=0 crawford=0 rejected=0 score=254-254 games=508 last=1:1:1:bearoff "
                       BG_START;
    alea_state st;
    closed(most);
    from(&st, most);
    act_text(&st, "resign single");
    act_text(&st, "accept");
    ck_assert_int_eq(bg_of(&st)->games_played, 509);
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_TERMINAL);
    closure_ctx c = {"regression", 0, most, 0};
    round_trip(&c, &st, "after resign, accept");
}
END_TEST

/* §7.1: a money session has at most 1000 games; money scores are bounded by
   the set-up score and what the games played can win (3 x max_cube each). */
START_TEST(test_7_1_money_scores_bounded_by_games) {
    refused("backgammon money=on games=5 | opening turn=0 dice=- cube=1/centre autos=0 resign=0 "
            "crawford=0 rejected=0 score=4294967295-0 games=4 last=0:1:1:bearoff " BG_START,
            "§7.1");
    refused("backgammon money=on games=5 | opening turn=0 dice=- cube=1/centre autos=0 resign=0 "
            "crawford=0 rejected=0 score=3-0 games=4 last=0:1:1:bearoff " BG_START,
            "§6"); /* four games give at least four points */
    closed("backgammon money=on games=5 | opening turn=0 dice=- cube=1/centre autos=0 resign=0 "
           "crawford=0 rejected=0 score=32767-400 games=4 last=0:3:64:bearoff " BG_START);
    closed("backgammon money=on games=5 | cube turn=1 dice=- cube=1/centre autos=0 resign=0 "
           "crawford=0 rejected=0 score=3-1 games=4 last=1:1:1:drop " BG_START);
}
END_TEST

/* §6, §7.3: a resignation before the roll is offered at the cube decision, so
   its offerer may double; after a rejection the offerer is back at the cube
   decision, where legal_actions and check agree. */
START_TEST(test_6_resign_before_roll_needs_a_cube_decision) {
    /* With resignations on every turn starts with a decision, as in gnubg (§7.3,
       doc/rules/backgammon.md): a player who may not double may still resign
       before the roll, and a rejection returns to that decision, whose legal
       list has no double (the contradiction issue 12 found). */
    const char *no_cube = "backgammon money=on resign=on | resign turn=0 dice=- cube=2/1 autos=0 "
                          "resign=1 crawford=0 rejected=0 score=0-0 games=0 last=- " BG_START;
    alea_state st;
    uint64_t acts[ALEA_MAX_ACTIONS];
    size_t n;
    closed(no_cube);
    from(&st, no_cube);
    act_text(&st, "reject");
    ck_assert_int_eq(bg_of(&st)->phase, BG_CUBE);
    ck_assert_int_eq(alea_state_legal_actions(acts, ALEA_MAX_ACTIONS, &n, &st), ALEA_OK);
    for (size_t i = 0; i < n; i++) {
        char text[ALEA_ACTION_TEXT_MAX];
        alea_state_action_to_text(text, sizeof text, NULL, &st, acts[i]);
        ck_assert_msg(strcmp(text, "double") != 0, "double listed for a player who may not");
        ck_assert_int_eq(alea_state_check_action(&st, acts[i], NULL), ALEA_OK);
    }
    closure_ctx c0 = {"regression", 1, no_cube, 1};
    closure(&c0, &st);
    const char *ok = "backgammon money=on resign=on | resign turn=0 dice=- cube=2/0 autos=0 "
                     "resign=1 crawford=0 rejected=0 score=0-0 games=0 last=- " BG_START;
    closed(ok);
    from(&st, ok);
    act_text(&st, "reject");
    ck_assert_int_eq(bg_of(&st)->phase, BG_CUBE);
    closure_ctx c = {"regression", 1, ok, 1};
    closure(&c, &st);
    /* after the roll the resigner may not double: the rejection returns to the move */
    from(&st, "backgammon money=on resign=on | resign turn=0 dice=31 cube=2/1 autos=0 resign=2 "
              "crawford=0 rejected=0 score=0-0 games=0 last=- " BG_START);
    act_text(&st, "reject");
    ck_assert_int_eq(bg_of(&st)->phase, BG_MOVE);
    closure(&c, &st);
}
END_TEST

/* alea_state_validate: the match length and the session length stay within the
   spec's ranges (§7.1: match 1..255, games 1..1000), or the state's own spec is
   refused. */
START_TEST(test_7_1_lengths_within_the_spec_ranges) {
    static const struct {
        const char *spec;
        uint16_t length;
    } bad[] = {{"backgammon match=5", 261},
               {"backgammon match=5", 1029},
               {"backgammon match=5", 16389},
               {"backgammon match=5", 256},
               {"backgammon money=on", 1001},
               {"backgammon money=on", 65535}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        alea_state st;
        alea_error err;
        ck_assert_int_eq(alea_state_init(&st, bad[i].spec, NULL), ALEA_OK);
        bg_of(&st)->length = bad[i].length;
        ck_assert_msg(alea_state_validate(&st, &err) == ALEA_INVALID_STATE, "%s length %u",
                      bad[i].spec, bad[i].length);
        ck_assert_ptr_nonnull(strstr(err.message, "§7.1"));
    }
    alea_state st;
    ck_assert_int_eq(alea_state_init(&st, "backgammon match=5", NULL), ALEA_OK);
    bg_of(&st)->length = 255;
    ck_assert_int_eq(alea_state_validate(&st, NULL), ALEA_OK);
}
END_TEST

/* §7.4: a post-Crawford game needs a Crawford game, which the trailer won. */
START_TEST(test_7_4_post_crawford_needs_a_crawford_game) {
    refused("backgammon match=5 | opening turn=0 dice=- cube=1/centre autos=0 resign=0 "
            "crawford=0 rejected=0 score=4-0 games=4 last=0:1:1:bearoff " BG_START,
            "§7.4");
    refused("backgammon match=5 | opening turn=0 dice=- cube=1/centre autos=0 resign=0 "
            "crawford=0 rejected=0 score=4-0 games=0 last=- " BG_START,
            "§7.4");
    /* the leader just reached 4: this is the Crawford game */
    refused("backgammon match=5 | opening turn=0 dice=- cube=1/centre autos=0 resign=0 "
            "crawford=0 rejected=0 score=4-2 games=4 last=0:2:1:bearoff " BG_START,
            "§7.4");
    /* a Crawford game: the leader won the last game and reached 4 with it */
    refused("backgammon match=5 | opening turn=0 dice=- cube=1/centre autos=0 resign=0 "
            "crawford=1 rejected=0 score=4-2 games=4 last=1:2:1:bearoff " BG_START,
            "§7.4");
    closed("backgammon match=5 | opening turn=0 dice=- cube=1/centre autos=0 resign=0 "
           "crawford=1 rejected=0 score=4-0 games=4 last=0:1:1:bearoff " BG_START);
    closed("backgammon match=5 | opening turn=0 dice=- cube=1/centre autos=0 resign=0 "
           "crawford=0 rejected=0 score=4-1 games=5 last=1:1:1:bearoff " BG_START);
    closed("backgammon match=5 | opening turn=0 dice=- cube=1/centre autos=0 resign=0 "
           "crawford=1 rejected=0 score=4-0 games=0 last=- " BG_START);
    /* the same from a Match ID: bit 7 (byte 0's top bit, the first character's
       top bit in Base64) is the Crawford flag (§9) */
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    alea_state st, back;
    alea_error err;
    char pid[15], mid[13];
    from(&st, "backgammon match=5 | dice turn=0 dice=- cube=1/centre autos=0 resign=0 "
              "crawford=1 rejected=0 score=4-0 games=0 last=- " BG_START);
    ck_assert_int_eq(alea_backgammon_position_id(pid, ALEA_BACKGAMMON_POSITION_ID_SIZE, NULL, &st),
                     ALEA_OK);
    ck_assert_int_eq(alea_backgammon_match_id(mid, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, &st),
                     ALEA_OK);
    ck_assert_int_eq(alea_backgammon_from_gnubg(&back, "backgammon", pid, mid, &err), ALEA_OK);
    ck_assert_int_ne(bg_of(&back)->flags & BG_FLAG_CRAWFORD, 0);
    mid[0] = b64[(strchr(b64, mid[0]) - b64) ^ 0x20];
    ck_assert_int_eq(alea_backgammon_from_gnubg(&back, "backgammon", pid, mid, &err),
                     ALEA_INVALID_STATE);
    ck_assert_ptr_nonnull(strstr(err.message, "§7.4"));
    /* without the Crawford rule the leader may be at 4-0 */
    closed("backgammon match=5 crawford=off | opening turn=0 dice=- cube=1/centre autos=0 "
           "resign=0 crawford=0 rejected=0 score=4-0 games=4 last=0:1:1:bearoff " BG_START);
}
END_TEST

/* §6: a finished game's multiplier is the one its last position gives. */
START_TEST(test_6_gammon_recorded_as_its_multiplier) {
    /* Red has borne off nothing and is home: a gammon */
    refused("backgammon | over turn=1 dice=- cube=1/centre autos=0 resign=0 crawford=0 "
            "rejected=0 score=1-0 games=1 last=0:1:1:bearoff white=- red=1:15",
            "§6");
    closed("backgammon | over turn=1 dice=- cube=1/centre autos=0 resign=0 crawford=0 "
           "rejected=0 score=2-0 games=1 last=0:2:1:bearoff white=- red=1:15");
    /* Red has borne off one: a single */
    refused("backgammon | over turn=1 dice=- cube=1/centre autos=0 resign=0 crawford=0 "
            "rejected=0 score=2-0 games=1 last=0:2:1:bearoff white=- red=1:14",
            "§6");
    closed("backgammon | over turn=1 dice=- cube=1/centre autos=0 resign=0 crawford=0 "
           "rejected=0 score=1-0 games=1 last=0:1:1:bearoff white=- red=1:14");
    /* a backgammon: a checker in the winner's home */
    refused("backgammon | over turn=1 dice=- cube=1/centre autos=0 resign=0 crawford=0 "
            "rejected=0 score=2-0 games=1 last=0:2:1:bearoff white=- red=1:14,19:1",
            "§6");
    /* §7.3: a dropped double is never a gammon */
    refused("backgammon money=on | over turn=0 dice=- cube=1/centre autos=0 resign=0 "
            "crawford=0 rejected=0 score=2-0 games=1 last=0:2:1:drop " BG_START,
            "§7.3");
    /* §6: the loser of a finished game has not borne off all 15 */
    refused("backgammon money=on | over turn=0 dice=- cube=1/centre autos=0 resign=0 "
            "crawford=0 rejected=0 score=1-0 games=1 last=0:1:1:drop white=1:1 red=-",
            "§6");
}
END_TEST

/* §7.4: the last game of a finished match is worth at most the winner's points,
   and the winner was short of the match before it. */
START_TEST(test_7_4_last_game_within_the_points) {
    refused("backgammon match=1 | over turn=1 dice=- cube=1/centre autos=0 resign=0 crawford=0 "
            "rejected=0 score=1-0 games=1 last=0:2:1:bearoff white=- red=1:15",
            "§6");
    refused("backgammon match=3 | over turn=1 dice=- cube=1/centre autos=0 resign=0 crawford=0 "
            "rejected=0 score=5-0 games=2 last=0:1:1:bearoff white=- red=1:14",
            "§7.4");
    closed("backgammon match=3 | over turn=1 dice=- cube=1/centre autos=0 resign=0 crawford=0 "
           "rejected=0 score=4-0 games=2 last=0:2:1:bearoff white=- red=1:15");
}
END_TEST

/* §5.1: a checker reaches the bar only by a hit, and the hitter's checker then
   stands on a point until he bears it off, which needs his bar empty. */
START_TEST(test_5_1_both_bars_need_a_checker_on_a_point) {
    refused("backgammon | move turn=0 dice=21 cube=1/centre autos=0 resign=0 crawford=0 "
            "rejected=0 score=0-0 games=0 last=- white=bar:15 red=bar:15",
            "§5.1");
    refused("backgammon | move turn=0 dice=21 cube=1/centre autos=0 resign=0 crawford=0 "
            "rejected=0 score=0-0 games=0 last=- white=bar:2 red=bar:1",
            "§5.1");
    closed("backgammon | move turn=0 dice=21 cube=1/centre autos=0 resign=0 crawford=0 "
           "rejected=0 score=0-0 games=0 last=- white=bar:14 red=1:1,bar:14");
}
END_TEST

/* §7.3, §6: the game a drop or a resignation ended had the cube or resign=on. */
START_TEST(test_6_last_game_ending_needs_its_option) {
    refused("backgammon match=5 cube=off | opening turn=0 dice=- cube=1/centre autos=0 "
            "resign=0 crawford=0 rejected=0 score=1-0 games=1 last=0:1:1:drop " BG_START,
            "§7.3");
    refused("backgammon match=5 | opening turn=0 dice=- cube=1/centre autos=0 resign=0 "
            "crawford=0 rejected=0 score=1-0 games=1 last=0:1:1:resign " BG_START,
            "§6");
}
END_TEST

/* ---- regression: Plateau ----------------------------------------------------- */

/* A Plateau state text after `plies` turns of a seeded random game without cap. */
static void plateau_at(char *text, uint32_t plies) {
    for (uint64_t seed = 1;; seed++) {
        alea_state st;
        alea_rng rng;
        ck_assert_int_eq(alea_state_init(&st, "plateau max-plies=0", NULL), ALEA_OK);
        alea_rng_seed(&rng, seed);
        for (;;) {
            text_of(text, &st);
            if (strstr(text, " | play ") && strstr(text, " passes=0 ")) {
                char want[32];
                snprintf(want, sizeof want, " plies=%u ", (unsigned)plies);
                if (strstr(text, want))
                    return;
            }
            size_t n = 0;
            if (alea_state_current_player(&st) < 0)
                break;
            ck_assert_int_eq(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, &st), ALEA_OK);
            act(&st, legal[alea_rng_below(&rng, (uint32_t)n)]);
        }
        ck_assert_msg(seed < 200, "no game reaches %u plies", (unsigned)plies);
    }
}

/* R10.4: with max-plies=39 the game is drawn at the end of turn 39. */
START_TEST(test_R10_4_cap_reached_is_over) {
    char text[TEXT_MAX];
    plateau_at(text, 39);
    set_field(text, "max-plies=", "39");
    refused(text, "R10.4");
    set_field(text, "max-plies=", "40");
    closed(text);
    set_field(text, "max-plies=", "38");
    refused(text, "R10.4");
}
END_TEST

/* R4, R10.4: play starts after the two set-ups (two plies), and the seat to act
   alternates with the plies. */
START_TEST(test_R4_play_needs_the_two_setups) {
    char text[TEXT_MAX];
    plateau_at(text, 12);
    set_field(text, " plies=", "0");
    refused(text, "R4");
    set_field(text, " plies=", "1");
    refused(text, "R4");
    set_field(text, " plies=", "13"); /* Black to act after an odd count */
    refused(text, "R5");
}
END_TEST

/* R10.4: a draw comes from two passes or the cap, nothing else. */
START_TEST(test_R10_4_draw_needs_passes_or_cap) {
    char text[TEXT_MAX], copy[TEXT_MAX];
    plateau_at(text, 12);
    char *at = strstr(text, "| play black ");
    ck_assert_ptr_nonnull(at);
    memcpy(at, "| over draw", 11);
    memmove(at + 11, at + 12, strlen(at + 12) + 1);
    memcpy(copy, text, sizeof copy);
    refused(text, "R10.4");
    set_field(text, "max-plies=", "12");
    closed(text);
    set_field(copy, "passes=", "2");
    closed(copy);
}
END_TEST

/* R10.4: without a cap, the ply counter's own limit is the cap, so it never
   wraps. */
START_TEST(test_R10_4_ply_counter_cannot_wrap) {
    char text[TEXT_MAX];
    plateau_at(text, 12);
    set_field(text, " plies=", "4294967294");
    closed(text);
    alea_state st;
    from(&st, text);
    size_t n = 0;
    ck_assert_int_eq(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, &st), ALEA_OK);
    act(&st, legal[0]);
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_TERMINAL);
    set_field(text, " plies=", "4294967295");
    refused(text, "R10.4");
}
END_TEST

/* ---- regression: wise dice ------------------------------------------------------ */

/* W-9.2, W-10.2, W-10.3: the first exit ends the game after the opponent's
   final turn, and the second exit ends that final turn, so a state with both
   players' pawns exited is over; in play it was accepted and its moves led to
   states refused by W-7.8 (issue 24). */
START_TEST(test_W_9_2_both_exited_is_over) {
    refused("wise-dice max-moves=1000 | move S roll=1134 final=0 moves=49 score=116,145 "
            "board=D1:N4 B2:N6 A3:S2 E5:N3 B6:S6 H6:S5 G7:N1,S1 F9:S4 A10:N2",
            "W-9.2");
    refused("wise-dice max-moves=1000 | roll N roll=- final=0 moves=49 score=116,145 "
            "board=D1:N4 B2:N6 A3:S2 E5:N3 B6:S6 H6:S5 G7:N1,S1 F9:S4 A10:N2",
            "W-9.2");
    refused("wise-dice max-moves=1000 | roll N roll=- final=1 moves=49 score=116,145 "
            "board=D1:N4 B2:N6 A3:S2 E5:N3 B6:S6 H6:S5 G7:N1,S1 F9:S4 A10:N2",
            "W-9.2");
    closed("wise-dice max-moves=1000 | over - roll=- final=0 moves=49 score=116,145 "
           "board=D1:N4 B2:N6 A3:S2 E5:N3 B6:S6 H6:S5 G7:N1,S1 F9:S4 A10:N2");
}
END_TEST

/* ---- the property test --------------------------------------------------------- */

static const char *const specs[] = {
    "backgammon",
    "backgammon match=1",
    "backgammon match=3",
    "backgammon match=5 resign=on opening=standard",
    "backgammon match=4 crawford=off max_cube=4",
    "backgammon money=on games=3 resign=on",
    "backgammon money=on games=2 jacoby=on beavers=on auto_doubles=2",
    "backgammon money=on games=2 beavers=on max_cube=8 resign=on",
    "backgammon money=on jacoby=on auto_doubles=15 max_cube=2",
    "backgammon match=255 resign=on",
    "backgammon money=on games=1000 max_cube=32768 beavers=on jacoby=on auto_doubles=15 resign=on",
    "dice-poker players=1",
    "dice-poker players=2",
    "dice-poker players=3 columns=1",
    "dice-poker players=4 columns=2",
    "wise-dice",
    "wise-dice max-moves=12",
    "plateau",
    "plateau max-plies=30 overpay=on",
    "plateau max-plies=3",
    "plateau max-plies=1000000 overpay=on",
};
#define NSPECS (sizeof specs / sizeof specs[0])

#define POOL 256
#define TOKENS 512

typedef struct pool {
    char words[POOL][24];
    size_t nwords;
    char numbers[POOL][24];
    size_t nnumbers;
} pool;

typedef struct token {
    size_t at, len;
    bool number;
} token;

static bool word_char(char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_' || ch == '?' ||
           ch == '!';
}
static bool digit(char ch) {
    return ch >= '0' && ch <= '9';
}

static size_t tokenize(const char *t, token *out) {
    size_t n = 0;
    for (size_t i = 0; t[i] && n < TOKENS;) {
        bool num = digit(t[i]);
        if (!num && !word_char(t[i])) {
            i++;
            continue;
        }
        size_t j = i;
        while (t[j] && (num ? digit(t[j]) : word_char(t[j])))
            j++;
        out[n++] = (token){i, j - i, num};
        i = j;
    }
    return n;
}

static void pool_add(pool *p, const char *t, const token *k, alea_rng *rng) {
    char(*slots)[24] = k->number ? p->numbers : p->words;
    size_t *count = k->number ? &p->nnumbers : &p->nwords;
    if (k->len >= 24)
        return;
    size_t i = *count < POOL ? (*count)++ : alea_rng_below(rng, POOL);
    memcpy(slots[i], t + k->at, k->len);
    slots[i][k->len] = '\0';
}

/* out = text with token k replaced by `with`. */
static void replace(char *out, const char *text, const token *k, const char *with) {
    snprintf(out, TEXT_MAX, "%.*s%s%s", (int)k->at, text, with, text + k->at + k->len);
}

typedef struct tally {
    long tried, accepted, children;
} tally;

static void try_text(tally *t, const char *text, const char *origin, uint64_t seed) {
    alea_state st;
    t->tried++;
    if (alea_state_from_text(&st, text, NULL) != ALEA_OK)
        return;
    t->accepted++;
    closure_ctx c = {origin, seed, text, t->accepted % 16 == 0};
    closure(&c, &st);
    if (t->accepted % 4 == 0)
        walk(&c, &st, seed + (uint64_t)t->accepted);
}

static void try_bytes(tally *t, const alea_state *st, const char *origin, uint64_t seed) {
    static char text[TEXT_MAX];
    t->tried++;
    if (alea_state_validate(st, NULL) != ALEA_OK)
        return;
    t->accepted++;
    text_of(text, st);
    closure_ctx c = {origin, seed, text, t->accepted % 16 == 0};
    closure(&c, st);
    if (t->accepted % 4 == 0)
        walk(&c, st, seed + (uint64_t)t->accepted);
}

static const char *const extremes[] = {"0",          "1",          "2",          "3",
                                       "6",          "7",          "15",         "16",
                                       "255",        "256",        "1000",       "1001",
                                       "32767",      "32768",      "65535",      "65536",
                                       "2147483647", "2147483648", "4294967295", "4294967296"};

/* Every mutation of one state text. */
static void mutate_text(tally *t, const char *text, const pool *p, alea_rng *rng, uint64_t seed,
                        int picks) {
    static token tok[TOKENS];
    static char out[TEXT_MAX];
    size_t n = tokenize(text, tok);
    for (int r = 0; r < picks && n; r++) {
        const token *k = &tok[alea_rng_below(rng, n)];
        if (k->number) {
            char v[32];
            unsigned long long x = strtoull(text + k->at, NULL, 10);
            snprintf(v, sizeof v, "%llu", x + 1);
            replace(out, text, k, v);
            try_text(t, out, "number+1", seed);
            if (x > 0) {
                snprintf(v, sizeof v, "%llu", x - 1);
                replace(out, text, k, v);
                try_text(t, out, "number-1", seed);
            }
            replace(out, text, k, extremes[alea_rng_below(rng, sizeof extremes / sizeof *extremes)]);
            try_text(t, out, "extreme", seed);
            if (p->nnumbers && n > 1) { /* and a second field */
                static char twice[TEXT_MAX];
                static token tok2[TOKENS];
                replace(twice, text, k, p->numbers[alea_rng_below(rng, (uint32_t)p->nnumbers)]);
                size_t m = tokenize(twice, tok2);
                const token *k2 = &tok2[alea_rng_below(rng, m)];
                if (k2->number)
                    replace(out, twice, k2, p->numbers[alea_rng_below(rng, (uint32_t)p->nnumbers)]);
                else if (p->nwords)
                    replace(out, twice, k2, p->words[alea_rng_below(rng, (uint32_t)p->nwords)]);
                try_text(t, out, "two fields", seed);
            }
            if (p->nnumbers) {
                replace(out, text, k, p->numbers[alea_rng_below(rng, (uint32_t)p->nnumbers)]);
                try_text(t, out, "other number", seed);
            }
        } else if (p->nwords) {
            replace(out, text, k, p->words[alea_rng_below(rng, (uint32_t)p->nwords)]);
            try_text(t, out, "other word", seed);
        }
    }
    for (int r = 0; r < picks / 4 && n > 1; r++) { /* swap two tokens of one kind */
        size_t a = alea_rng_below(rng, (uint32_t)n), b = alea_rng_below(rng, (uint32_t)n);
        if (a == b || tok[a].number != tok[b].number)
            continue;
        if (a > b) {
            size_t x = a;
            a = b;
            b = x;
        }
        snprintf(out, TEXT_MAX, "%.*s%.*s%.*s%.*s%s", (int)tok[a].at, text, (int)tok[b].len,
                 text + tok[b].at, (int)(tok[b].at - tok[a].at - tok[a].len),
                 text + tok[a].at + tok[a].len, (int)tok[a].len, text + tok[a].at,
                 text + tok[b].at + tok[b].len);
        try_text(t, out, "swap", seed);
    }
}

/* The pieces of a text: runs between spaces, commas, colons and slashes. */
static bool delimiter(char ch) {
    return ch == ' ' || ch == ',' || ch == ':' || ch == '/' || ch == ';';
}

/* One structural change of in, into out: a piece deleted with the delimiter
   before it (a pawn, a stack, a checker count, a card, a field gone),
   duplicated, or replaced by another piece of the text. */
static void mutate_piece(char *out, const char *in, alea_rng *rng) {
    size_t starts[TOKENS], n = 0, len = strlen(in);
    bool fields = alea_rng_below(rng, 2); /* whole fields: runs between spaces */
#define DELIM(ch) (fields ? (ch) == ' ' : delimiter(ch))
    for (size_t i = 1; i < len && n < TOKENS; i++)
        if (DELIM(in[i - 1]) && !DELIM(in[i]))
            starts[n++] = i;
    if (n == 0) {
        snprintf(out, TEXT_MAX, "%s", in);
        return;
    }
    size_t a = starts[alea_rng_below(rng, (uint32_t)n)], b = a;
    while (in[b] && !DELIM(in[b]))
        b++;
    switch (alea_rng_below(rng, 3)) {
    case 0: /* delete */
        snprintf(out, TEXT_MAX, "%.*s%s", (int)(a - 1), in, in + b);
        break;
    case 1: /* duplicate */
        snprintf(out, TEXT_MAX, "%.*s%c%s", (int)b, in, in[a - 1], in + a);
        break;
    default: { /* replaced by another piece */
        size_t c = starts[alea_rng_below(rng, (uint32_t)n)], d = c;
        while (in[d] && !DELIM(in[d]))
            d++;
        snprintf(out, TEXT_MAX, "%.*s%.*s%s", (int)a, in, (int)(d - c), in + c, in + b);
        break;
    }
    }
#undef DELIM
}

/* One change of a number or word of in, into out (see mutate_text). */
static void mutate_token(char *out, const char *in, const pool *p, alea_rng *rng) {
    static token tok[TOKENS];
    size_t n = tokenize(in, tok);
    snprintf(out, TEXT_MAX, "%s", in);
    if (n == 0)
        return;
    const token *k = &tok[alea_rng_below(rng, (uint32_t)n)];
    char v[32];
    if (!k->number) {
        if (p->nwords)
            replace(out, in, k, p->words[alea_rng_below(rng, (uint32_t)p->nwords)]);
        return;
    }
    unsigned long long x = strtoull(in + k->at, NULL, 10);
    switch (alea_rng_below(rng, 4)) {
    case 0:
        snprintf(v, sizeof v, "%llu", x + 1);
        break;
    case 1:
        snprintf(v, sizeof v, "%llu", x ? x - 1 : 0);
        break;
    case 2:
        snprintf(v, sizeof v, "%s",
                 extremes[alea_rng_below(rng, sizeof extremes / sizeof *extremes)]);
        break;
    default:
        snprintf(v, sizeof v, "%s",
                 p->nnumbers ? p->numbers[alea_rng_below(rng, (uint32_t)p->nnumbers)] : "0");
        break;
    }
    replace(out, in, k, v);
}

/* Every text with one or two pieces deleted (fields between spaces, then the
   finer pieces between spaces, commas, colons and slashes), after the '|':
   exhaustive (pairs at most 12 pieces apart), since a state two deletions away is often accepted (W-9.2:
   both players' pawns exited, play going on) while one random deletion in a
   few hundred finds it. */
static void delete_pairs(tally *t, const char *text, uint64_t seed, bool fine) {
    static char out[TEXT_MAX];
    size_t a[TOKENS], b[TOKENS], n = 0, len = strlen(text);
    const char *bar = strchr(text, '|');
    size_t from = bar ? (size_t)(bar - text) + 2 : 1;
    for (size_t i = from; i < len && n < TOKENS; i++) {
        bool d0 = fine ? delimiter(text[i - 1]) : text[i - 1] == ' ';
        bool d1 = fine ? delimiter(text[i]) : text[i] == ' ';
        if (d0 && !d1) {
            a[n] = i - 1; /* the delimiter before the piece */
            b[n] = i;
            while (b[n] < len && !(fine ? delimiter(text[b[n]]) : text[b[n]] == ' '))
                b[n]++;
            n++;
        }
    }
    size_t span = test_quick() ? 3 : 12; /* dice poker: 100 pieces; valgrind: nearer pairs */
    for (size_t i = 0; i < n; i++)
        for (size_t j = i; j < n && j <= i + span; j++) {
            if (i == j)
                snprintf(out, TEXT_MAX, "%.*s%s", (int)a[i], text, text + b[i]);
            else
                snprintf(out, TEXT_MAX, "%.*s%.*s%s", (int)a[i], text, (int)(a[j] - b[i]),
                         text + b[i], text + b[j]);
            try_text(t, out, i == j ? "one piece deleted" : "two pieces deleted", seed);
        }
}

/* Compound mutations: one to four changes in a row, each a structural one
   (mutate_piece) or a number or word (mutate_token), so that states two or
   three edits away from any reachable one are tried too (W-9.2's state with
   both players' pawns exited and play going on is two deletions away). */
static void mutate_compound(tally *t, const char *text, const pool *p, alea_rng *rng, uint64_t seed,
                            int rounds) {
    static char a[TEXT_MAX], b[TEXT_MAX];
    for (int r = 0; r < rounds; r++) {
        snprintf(a, sizeof a, "%s", text);
        for (int k = 0, m = 1 + (int)alea_rng_below(rng, 4); k < m; k++) {
            if (alea_rng_below(rng, 2))
                mutate_piece(b, a, rng);
            else
                mutate_token(b, a, p, rng);
            memcpy(a, b, sizeof a);
            try_text(t, a, k ? "compound" : "piece", seed);
        }
    }
}

/* Raw bytes after the head: one to three bytes set to a random value, a
   neighbour or an extreme, or a run of bytes copied from another state of
   the same game at the same offset (a field of another position). */
static void mutate_bytes(tally *t, const alea_state *st, const alea_state *others, size_t nothers,
                         alea_rng *rng, uint64_t seed, int rounds) {
    size_t size = alea_state_size(st);
    for (int r = 0; r < rounds; r++) {
        alea_state m;
        memcpy(&m, st, size);
        unsigned char *b = (unsigned char *)&m;
        int k = 1 + (int)alea_rng_below(rng, 3);
        for (int j = 0; j < k; j++) {
            size_t at = 8 + alea_rng_below(rng, (uint32_t)(size - 8));
            switch (alea_rng_below(rng, 6)) {
            case 4: { /* a run of 1..8 bytes of another state */
                const unsigned char *o =
                    (const unsigned char *)&others[alea_rng_below(rng, (uint32_t)nothers)];
                size_t len = 1 + alea_rng_below(rng, 8);
                if (at + len > size)
                    len = size - at;
                memcpy(b + at, o + at, len);
                break;
            }
            case 5: /* the values next to the extremes: 0xFE, 0x7F, 0x80, 0x01 */
                b[at] = (unsigned char[]){0xFE, 0x7F, 0x80, 0x01}[alea_rng_below(rng, 4)];
                break;
            case 0:
                b[at] = (unsigned char)alea_rng_below(rng, 256);
                break;
            case 1:
                b[at]++;
                break;
            case 2:
                b[at]--;
                break;
            default:
                b[at] = alea_rng_below(rng, 2) ? 0xFF : 0;
                break;
            }
        }
        try_bytes(t, &m, "bytes", seed);
    }
}

/* Backgammon: one or two characters of the Position ID or the Match ID
   replaced by another Base64 character, read with alea_backgammon_from_gnubg. */
static void mutate_ids(tally *t, const alea_state *st, alea_rng *rng, uint64_t seed, int rounds) {
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    static char text[TEXT_MAX];
    char pid[15], mid[13];
    if (alea_state_game(st) != alea_game_find("backgammon"))
        return;
    text_of(text, st);
    *strchr(text, '|') = '\0';
    for (int r = 0; r < rounds; r++) {
        alea_state back;
        REQUIRE(alea_backgammon_position_id(pid, ALEA_BACKGAMMON_POSITION_ID_SIZE, NULL, st) ==
                    ALEA_OK,
                "position id");
        REQUIRE(alea_backgammon_match_id(mid, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, st) == ALEA_OK,
                "match id");
        int k = 1 + (int)alea_rng_below(rng, 2);
        for (int j = 0; j < k; j++) {
            char *id = alea_rng_below(rng, 2) ? pid : mid;
            id[alea_rng_below(rng, strlen(id))] = b64[alea_rng_below(rng, 64)];
        }
        t->tried++;
        if (alea_backgammon_from_gnubg(&back, text, pid, mid, NULL) != ALEA_OK)
            continue;
        t->accepted++;
        static char shown[TEXT_MAX + 64];
        snprintf(shown, sizeof shown, "%s | gnubg %s:%s", text, pid, mid);
        closure_ctx c = {"gnubg ids", seed, shown, t->accepted % 16 == 0};
        closure(&c, &back);
    }
}

/* States along a seeded random game: every few steps and the last. */
static size_t sample_game(alea_state *out, size_t max, const char *spec, uint64_t seed) {
    alea_state st;
    alea_rng rng;
    size_t n = 0, step = 0;
    ck_assert_int_eq(alea_state_init(&st, spec, NULL), ALEA_OK);
    alea_rng_seed(&rng, seed);
    uint32_t every = 3 + (uint32_t)alea_rng_below(&rng, 12);
    for (;;) {
        int who = alea_state_current_player(&st);
        if (step % every == 0 && n < max)
            memcpy(&out[n++], &st, sizeof st);
        if (who == ALEA_PLAYER_TERMINAL || step > 4000)
            break;
        size_t m = 0;
        REQUIRE(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &m, &st) == ALEA_OK && m > 0,
                "[%s seed=%llu] legal", spec, (unsigned long long)seed);
        act(&st, legal[alea_rng_below(&rng, (uint32_t)m)]);
        step++;
    }
    if (n < max)
        memcpy(&out[n++], &st, sizeof st);
    else
        memcpy(&out[max - 1], &st, sizeof st);
    return n;
}

#define SAMPLES 12

START_TEST(test_property_accepted_states_are_closed) {
    static alea_state states[SAMPLES];
    static char text[TEXT_MAX];
    static token tok[TOKENS];
    static pool p;
    const char *spec = specs[_i];
    long games = test_count("ALEA_CLOSURE_GAMES", 2);
    uint64_t base = test_seed(20261201);
    tally t = {0, 0, 0};
    alea_rng rng;
    memset(&p, 0, sizeof p);
    alea_rng_seed(&rng, base ^ (uint64_t)_i);
    accepted_children = 0;
    for (long g = 0; g < games; g++) {
        uint64_t seed = base * 1000003u + (uint64_t)_i * 7919u + (uint64_t)g;
        size_t n = sample_game(states, SAMPLES, spec, seed);
        for (size_t i = 0; i < n; i++) { /* words and numbers of this game, for the others */
            text_of(text, &states[i]);
            size_t m = tokenize(text, tok);
            for (size_t j = 0; j < m; j++)
                pool_add(&p, text, &tok[j], &rng);
        }
        /* the slow runners mutate a few of the sampled states, spread along the
           game (valgrind: the middle one) */
        size_t used = (size_t)test_scale_at_least(SAMPLES, test_quick() ? 1 : 3);
        for (size_t u = 0; u < used && u < n; u++) {
            size_t i = used >= n ? u : used == 1 ? n / 2 : u * (n - 1) / (used - 1);
            text_of(text, &states[i]);
            mutate_text(&t, text, &p, &rng, seed, 16);
            mutate_compound(&t, text, &p, &rng, seed, test_quick() ? 16 : 48);
            delete_pairs(&t, text, seed, false);
            delete_pairs(&t, text, seed, true);
            mutate_bytes(&t, &states[i], states, n, &rng, seed, 16);
            mutate_ids(&t, &states[i], &rng, seed, 8);
        }
    }
    t.children = (long)accepted_children;
    printf("closure %-60s games %ld: %ld mutated states tried, %ld accepted and closed "
           "(%ld children)\n",
           spec, games, t.tried, t.accepted, t.children);
    ck_assert_int_gt(t.tried, 0);
}
END_TEST

static Suite *closure_suite(void) {
    Suite *s = suite_create("closure");
    TCase *bg = tcase_create("backgammon");
    tcase_add_test(bg, test_7_4_games_counter_cannot_wrap);
    tcase_add_test(bg, test_7_1_money_scores_bounded_by_games);
    tcase_add_test(bg, test_6_resign_before_roll_needs_a_cube_decision);
    tcase_add_test(bg, test_7_1_lengths_within_the_spec_ranges);
    tcase_add_test(bg, test_7_4_post_crawford_needs_a_crawford_game);
    tcase_add_test(bg, test_6_gammon_recorded_as_its_multiplier);
    tcase_add_test(bg, test_7_4_last_game_within_the_points);
    tcase_add_test(bg, test_5_1_both_bars_need_a_checker_on_a_point);
    tcase_add_test(bg, test_6_last_game_ending_needs_its_option);
    suite_add_tcase(s, bg);
    TCase *pl = tcase_create("plateau");
    tcase_add_test(pl, test_R10_4_cap_reached_is_over);
    tcase_add_test(pl, test_R4_play_needs_the_two_setups);
    tcase_add_test(pl, test_R10_4_draw_needs_passes_or_cap);
    tcase_add_test(pl, test_R10_4_ply_counter_cannot_wrap);
    suite_add_tcase(s, pl);
    TCase *wd = tcase_create("wise_dice");
    tcase_add_test(wd, test_W_9_2_both_exited_is_over);
    suite_add_tcase(s, wd);
    TCase *prop = tcase_create("property");
    tcase_set_timeout(prop, 300);
    tcase_add_loop_test(prop, test_property_accepted_states_are_closed, 0, (int)NSPECS);
    suite_add_tcase(s, prop);
    return s;
}

int main(void) {
    return test_run(closure_suite());
}
