/*
 * Observations (include/alea/state.h, issue 12 item 5): what one seat may
 * know.  The perfect-information games observe the whole state; Plateau hides
 * what R11 hides.  Over seeded random games: states that differ only in what
 * a seat has not seen give that seat byte-identical observations (text, JSON,
 * board), a difference it has seen gives different ones; the re-deal the bots
 * search (the determinize hook) keeps the observation and reads nothing
 * hidden; and every bot chooses alike on such twin states.
 */
#include "core/games.h"
#include "plateau/pl.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OBS_MAX 16384
#define REQUIRE(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond))                                                                               \
            ck_abort_msg(__VA_ARGS__);                                                             \
    } while (0)

typedef struct obs {
    char text[OBS_MAX];
    char json[OBS_MAX];
    char board[OBS_MAX];
} obs;

static void observe(obs *o, const alea_state *st, int seat) {
    ck_assert_int_eq(alea_state_observation_text(o->text, sizeof o->text, NULL, st, seat), ALEA_OK);
    ck_assert_int_eq(alea_state_observation_json(o->json, sizeof o->json, NULL, st, seat), ALEA_OK);
    ck_assert_int_eq(alea_state_observation_board(o->board, sizeof o->board, NULL, st, seat),
                     ALEA_OK);
}

static int same_obs(const obs *a, const obs *b) {
    return strcmp(a->text, b->text) == 0 && strcmp(a->json, b->json) == 0 &&
           strcmp(a->board, b->board) == 0;
}

static size_t legal(const alea_state *st, uint64_t *out) {
    size_t n = 0;
    ck_assert_int_eq(alea_state_legal_actions(out, ALEA_MAX_ACTIONS, &n, st), ALEA_OK);
    return n;
}

/* Plays `plies` random actions (dice thrown with rng); stops at the end. */
static void advance(alea_state *st, alea_rng *rng, int plies) {
    static uint64_t a[ALEA_MAX_ACTIONS];
    for (int i = 0; i < plies; i++) {
        int p = alea_state_current_player(st);
        if (p == ALEA_PLAYER_TERMINAL)
            return;
        if (p == ALEA_PLAYER_CHANCE) {
            ck_assert_int_eq(alea_state_roll(NULL, st, rng), ALEA_OK);
            continue;
        }
        size_t n = legal(st, a);
        ck_assert_int_eq(alea_state_apply(st, a[alea_rng_below(rng, n)], NULL), ALEA_OK);
    }
}

/* ---- perfect information ------------------------------------------------- */

static const char *const perfect_specs[] = {"backgammon", "backgammon match=5",
                                            "dice-poker players=3", "wise-dice"};

/* The observation of every seat and of a spectator is the state: the state
   text (read back by alea_state_from_text), the board, and the state's JSON
   with an "observer" key after "game". */
START_TEST(test_perfect_information_observation_is_the_whole_state) {
    static obs o;
    static char text[OBS_MAX], board[OBS_MAX], json[OBS_MAX], want[OBS_MAX];
    const char *spec = perfect_specs[_i];
    alea_state st, back;
    alea_rng rng;
    uint64_t seed = test_seed(21) + (uint64_t)_i;
    alea_rng_seed(&rng, seed);
    ck_assert_int_eq(alea_state_init(&st, spec, NULL), ALEA_OK);
    long steps = test_scale_at_least(60, 6);
    for (long k = 0; k < steps && alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL; k++) {
        int players = alea_state_num_players(&st);
        ck_assert_int_eq(alea_state_to_text(text, sizeof text, NULL, &st), ALEA_OK);
        ck_assert_int_eq(alea_state_to_board(board, sizeof board, NULL, &st), ALEA_OK);
        ck_assert_int_eq(alea_state_to_json(json, sizeof json, NULL, &st), ALEA_OK);
        for (int seat = -1; seat < players; seat++) {
            int who = seat < 0 ? ALEA_OBSERVER_PUBLIC : seat;
            const char *rest = strchr(json + 1, ',');
            observe(&o, &st, who);
            REQUIRE(strcmp(o.text, text) == 0, "%s seed %llu: observation text of %d differs", spec,
                    (unsigned long long)seed, who);
            REQUIRE(strcmp(o.board, board) == 0, "%s: observation board differs", spec);
            ck_assert_ptr_nonnull(rest);
            char who_s[16];
            if (seat < 0)
                snprintf(who_s, sizeof who_s, "\"public\"");
            else
                snprintf(who_s, sizeof who_s, "%d", seat);
            snprintf(want, sizeof want, "%.*s,\"observer\":%s%s", (int)(rest - json), json, who_s,
                     rest);
            REQUIRE(strcmp(o.json, want) == 0, "%s: observation JSON is not the state's", spec);
            REQUIRE(test_json_valid(o.json), "%s: observation JSON invalid", spec);
            ck_assert_int_eq(alea_state_from_text(&back, o.text, NULL), ALEA_OK);
            REQUIRE(alea_state_equal(&back, &st), "%s: observation text does not read back", spec);
        }
        /* a seat outside the game */
        ck_assert_int_eq(alea_state_observation_text(text, sizeof text, NULL, &st, players),
                         ALEA_INVALID_ARGUMENT);
        ck_assert_int_eq(
            alea_state_observation_json(text, sizeof text, NULL, &st, ALEA_PLAYER_CHANCE),
            ALEA_INVALID_ARGUMENT);
        advance(&st, &rng, 1 + (int)alea_rng_below(&rng, 6));
    }
}
END_TEST

/* ---- Plateau: twins ------------------------------------------------------ */

static int two_faced(int t) {
    return t >= ALEA_PLATEAU_PIECE_BLUE_MASK;
}

/* The side of type t that shows face f up, or -1 (R2.1). */
static int side_showing(int t, int f) {
    if (alea__pl_face(t * 2) == f)
        return 0;
    if (two_faced(t) && alea__pl_face(t * 2 + 1) == f)
        return 1;
    return -1;
}

/* A piece of `owner` whose type `viewer` does not know: on the board (sq >= 0;
   up >= 0 the up-face he saw, else none) or in the reserve (sq < 0, type t). */
typedef struct slot {
    int sq, level, up, t;
} slot;

static int hidden_slots(const pl_state *s, int owner, slot *out) {
    int n = 0;
    for (int sq = 0; sq < PL_SQUARES; sq++)
        for (int i = 0; i < s->height[sq]; i++) {
            uint8_t x = s->stack[sq][i];
            if (pl_owner(x) != owner || (x & PL_DNK))
                continue;
            out[n].sq = sq;
            out[n].level = i;
            out[n].up = (x & PL_UPK) ? alea__pl_face(pl_pstate(x)) : -1;
            out[n].t = pl_type(x);
            n++;
        }
    for (int t = 0; t < PL_TYPES; t++)
        for (int k = 0; k < s->reserve[owner][t]; k++) {
            out[n].sq = -1;
            out[n].level = 0;
            out[n].up = -1;
            out[n].t = t;
            n++;
        }
    return n;
}

/* Puts type t in a slot (a side that keeps its seen up-face, else random). */
static int put(pl_state *s, int owner, const slot *sl, int t, alea_rng *rng) {
    if (sl->sq < 0) {
        s->reserve[owner][sl->t]--;
        s->reserve[owner][t]++;
        return 1;
    }
    uint8_t *x = &s->stack[sl->sq][sl->level];
    int side =
        sl->up >= 0 ? side_showing(t, sl->up) : (two_faced(t) ? (int)alea_rng_below(rng, 2) : 0);
    if (side < 0)
        return 0;
    *x = (uint8_t)((*x & (PL_OWNER | PL_UPK | PL_DNK)) | (unsigned)(t * 2 + side));
    return 1;
}

/* Changes, in st, something of a seat other than `viewer` that `viewer` has
   not seen (R11): the side of a piece whose faces he never saw, or the types
   of two pieces he does not know (keeping every up-face he saw).  Built from
   the rules, independently of the library's re-deal.  1 if st changed. */
static int hidden_twin(alea_state *st, int viewer, alea_rng *rng) {
    pl_state *s = pl_of(st);
    slot sl[2 * PL_PIECES];
    for (int attempt = 0; attempt < 40; attempt++) {
        int owner = viewer == ALEA_OBSERVER_PUBLIC ? (int)alea_rng_below(rng, 2) : 1 - viewer;
        int n = hidden_slots(s, owner, sl);
        if (n == 0)
            continue;
        slot a = sl[alea_rng_below(rng, (uint64_t)n)], b = sl[alea_rng_below(rng, (uint64_t)n)];
        if (alea_rng_below(rng, 3) == 0) { /* flip an unseen piece */
            if (a.sq < 0 || a.up >= 0 || !two_faced(a.t))
                continue;
            s->stack[a.sq][a.level] ^= PL_SIDE;
            return 1;
        }
        if (a.t == b.t || (a.sq < 0 && b.sq < 0) ||
            side_showing(b.t, a.up < 0 ? alea__pl_face(b.t * 2) : a.up) < 0 ||
            side_showing(a.t, b.up < 0 ? alea__pl_face(a.t * 2) : b.up) < 0)
            continue;
        put(s, owner, &a, b.t, rng);
        put(s, owner, &b, a.t, rng);
        return 1;
    }
    return 0;
}

/* Changes something `viewer` has seen: flips a two-faced piece whose up-face
   he saw (his own, or one shown, R11), or, for a seat, swaps the types of one
   of his pieces on the board and one of his reserve.  1 if st changed. */
static int visible_change(alea_state *st, int viewer, alea_rng *rng) {
    pl_state *s = pl_of(st);
    for (int attempt = 0; attempt < 40; attempt++) {
        int sq = (int)alea_rng_below(rng, PL_SQUARES);
        if (s->height[sq] == 0)
            continue;
        int i = (int)alea_rng_below(rng, s->height[sq]);
        uint8_t *x = &s->stack[sq][i];
        int own = pl_owner(*x) == viewer;
        if (viewer != ALEA_OBSERVER_PUBLIC && own && alea_rng_below(rng, 2) == 0) {
            int t = (int)alea_rng_below(rng, PL_TYPES);
            if (t == pl_type(*x) || s->reserve[viewer][t] == 0)
                continue;
            s->reserve[viewer][t]--;
            s->reserve[viewer][pl_type(*x)]++;
            *x = (uint8_t)((*x & (PL_OWNER | PL_UPK | PL_DNK)) | (unsigned)(t * 2));
            return 1;
        }
        if ((own || (*x & PL_UPK)) && two_faced(pl_type(*x))) {
            *x ^= PL_SIDE;
            return 1;
        }
    }
    return 0;
}

static const int viewers[3] = {0, 1, ALEA_OBSERVER_PUBLIC};

START_TEST(test_R11_states_differing_only_in_unseen_faces_look_alike) {
    static obs a, b;
    uint64_t base = test_seed(31);
    long games = test_count("ALEA_OBSERVE_GAMES", 40), twins = 0, visible = 0;
    for (long g = 0; g < games; g++) {
        alea_state st, twin;
        alea_rng rng;
        uint64_t seed = base * 1009u + (uint64_t)g;
        alea_rng_seed(&rng, seed);
        ck_assert_int_eq(alea_state_init(&st, "plateau", NULL), ALEA_OK);
        while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
            for (int k = 0; k < 3; k++) {
                int v = viewers[k];
                alea_state_copy(&twin, &st);
                if (hidden_twin(&twin, v, &rng) && alea_state_validate(&twin, NULL) == ALEA_OK) {
                    REQUIRE(!alea_state_equal(&twin, &st), "seed %llu", (unsigned long long)seed);
                    observe(&a, &st, v);
                    observe(&b, &twin, v);
                    REQUIRE(same_obs(&a, &b),
                            "seed %llu: observer %d sees a difference he has not seen (R11):\n"
                            "%s\n%s",
                            (unsigned long long)seed, v, a.text, b.text);
                    twins++;
                }
                alea_state_copy(&twin, &st);
                if (visible_change(&twin, v, &rng) && alea_state_validate(&twin, NULL) == ALEA_OK) {
                    observe(&a, &st, v);
                    observe(&b, &twin, v);
                    REQUIRE(strcmp(a.text, b.text) != 0 && strcmp(a.json, b.json) != 0 &&
                                strcmp(a.board, b.board) != 0,
                            "seed %llu: observer %d misses a difference he has seen (R11):\n%s",
                            (unsigned long long)seed, v, a.text);
                    visible++;
                }
            }
            advance(&st, &rng, 1);
        }
    }
    printf("observe: %ld games, %ld hidden twins, %ld visible changes\n", games, twins, visible);
    ck_assert_int_gt(twins, games);
    ck_assert_int_gt(visible, games);
}
END_TEST

/* The example of doc/rules/plateau.md: after both set-ups each seat sees its
   own stack whole and only the top face of the other (R11: "after setup only
   the top face of the top piece is known"), a spectator only the top faces. */
START_TEST(test_R11_observation_after_the_set_up) {
    static obs o;
    alea_state st;
    const char *spec = "plateau overpay=off max-plies=0 | play black passes=0 plies=2 min=0 "
                       "offer=- ";
    char want[512];
    ck_assert_int_eq(alea_state_init(&st, "plateau", NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_apply_text(&st, "setup a1 xx rb", NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_apply_text(&st, "setup d4 bb ox", NULL), ALEA_OK);
    observe(&o, &st, 1);
    snprintf(want, sizeof want,
             "%sviewer=white reserve=#10/M+M+M+M+BL+R+R+BM+RM+A prisoners=-/- a1=B??Br? "
             "d4=Wbb?Wox",
             spec);
    ck_assert_str_eq(o.text, want);
    observe(&o, &st, 0);
    snprintf(want, sizeof want,
             "%sviewer=black reserve=M+M+M+BL+BL+R+R+BM+RM+T/#10 prisoners=-/- a1=Bxx?Brb "
             "d4=W??Wo?",
             spec);
    ck_assert_str_eq(o.text, want);
    ck_assert_ptr_nonnull(strstr(o.json, "\"observer\":0"));
    ck_assert_ptr_nonnull(strstr(o.json, "\"reserve\":[[\"M\",\"M\",\"M\",\"BL\""));
    ck_assert_ptr_nonnull(strstr(o.json, ",10]"));
    ck_assert_ptr_null(strstr(o.json, "\"seen\""));
    ck_assert_int_eq(test_json_valid(o.json), 1);
    ck_assert_ptr_nonnull(strstr(o.board, "| W?? Wo?"));
    ck_assert_ptr_nonnull(strstr(o.board, "White: reserve 10 hidden"));
    observe(&o, &st, ALEA_OBSERVER_PUBLIC);
    snprintf(want, sizeof want, "%sviewer=public reserve=#10/#10 prisoners=-/- a1=B??Br? d4=W??Wo?",
             spec);
    ck_assert_str_eq(o.text, want);
    ck_assert_ptr_nonnull(strstr(o.json, "\"observer\":\"public\""));
    ck_assert_ptr_nonnull(strstr(o.board, "what a spectator may know"));
    /* the host's views still show everything */
    char full[4096];
    ck_assert_int_eq(alea_state_to_board(full, sizeof full, NULL, &st), ALEA_OK);
    ck_assert_ptr_nonnull(strstr(full, "| Wbb Wox"));
    /* seats out of range */
    ck_assert_int_eq(alea_state_observation_board(full, sizeof full, NULL, &st, 2),
                     ALEA_INVALID_ARGUMENT);
    ck_assert_int_eq(alea_state_observation_text(full, sizeof full, NULL, &st, -1),
                     ALEA_INVALID_ARGUMENT);
}
END_TEST

/* ---- Plateau: the re-deal the bots search ---------------------------------- */

START_TEST(test_R11_redeal_keeps_the_observation_and_reads_nothing_hidden) {
    static obs a, b;
    static uint64_t la[ALEA_MAX_ACTIONS], lb[ALEA_MAX_ACTIONS];
    uint64_t base = test_seed(41);
    long games = test_count("ALEA_OBSERVE_GAMES", 40), checked = 0, changed = 0;
    for (long g = 0; g < games; g++) {
        alea_state st;
        alea_rng rng;
        uint64_t seed = base * 2003u + (uint64_t)g;
        alea_rng_seed(&rng, seed);
        ck_assert_int_eq(alea_state_init(&st, g % 2 ? "plateau" : "plateau overpay=on", NULL),
                         ALEA_OK);
        while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
            for (int k = 0; k < 3; k++) {
                int v = viewers[k];
                alea_state det, twin, det2;
                alea_rng r1, r2;
                uint64_t deal = alea_rng_next(&rng);
                alea_state_copy(&det, &st);
                alea_rng_seed(&r1, deal);
                alea__plateau_game.determinize(&det, v, &r1);
                REQUIRE(alea_state_validate(&det, NULL) == ALEA_OK,
                        "seed %llu: the re-deal is not a valid state", (unsigned long long)seed);
                observe(&a, &st, v);
                observe(&b, &det, v);
                REQUIRE(same_obs(&a, &b), "seed %llu: the re-deal changed what %d saw:\n%s\n%s",
                        (unsigned long long)seed, v, a.text, b.text);
                changed += !alea_state_equal(&det, &st);
                if (v == alea_state_current_player(&st)) { /* the seat's moves are the same */
                    size_t na = legal(&st, la), nb = legal(&det, lb);
                    REQUIRE(na == nb && memcmp(la, lb, na * sizeof la[0]) == 0,
                            "seed %llu: legal actions depend on hidden faces",
                            (unsigned long long)seed);
                }
                alea_state_copy(&twin, &st);
                if (hidden_twin(&twin, v, &rng) && alea_state_validate(&twin, NULL) == ALEA_OK) {
                    alea_state_copy(&det2, &twin);
                    alea_rng_seed(&r2, deal);
                    alea__plateau_game.determinize(&det2, v, &r2);
                    REQUIRE(alea_state_equal(&det, &det2),
                            "seed %llu: the re-deal depends on what %d has not seen",
                            (unsigned long long)seed, v);
                    checked++;
                }
            }
            advance(&st, &rng, 1);
        }
    }
    printf("observe: re-deal checked on %ld twins, changed %ld states\n", checked, changed);
    ck_assert_int_gt(checked, games);
    ck_assert_int_gt(changed, games);
}
END_TEST

/* Every bot kind, with the same seed, chooses the same action on two states
   that differ only in what the seat to act has not seen (R11). */
START_TEST(test_R11_bots_choose_alike_when_only_unseen_faces_differ) {
    uint64_t base = test_seed(51);
    long games = test_count("ALEA_OBSERVE_BOT_GAMES", 6), compared = 0;
    static unsigned char ws[1 << 20];
    for (long g = 0; g < games; g++) {
        alea_state st, twin;
        alea_rng rng;
        uint64_t seed = base * 4001u + (uint64_t)g;
        alea_rng_seed(&rng, seed);
        ck_assert_int_eq(alea_state_init(&st, "plateau", NULL), ALEA_OK);
        advance(&st, &rng, 2 + (int)alea_rng_below(&rng, 8));
        while (alea_state_current_player(&st) >= 0) {
            int me = alea_state_current_player(&st);
            alea_state_copy(&twin, &st);
            if (hidden_twin(&twin, me, &rng) && alea_state_validate(&twin, NULL) == ALEA_OK) {
                for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
                    uint64_t x = 0, y = 0, bot_seed = alea_rng_next(&rng);
                    alea_rng r1, r2;
                    alea_bot_options o;
                    size_t size = 0;
                    alea_rng_seed(&r1, bot_seed);
                    alea_rng_seed(&r2, bot_seed);
                    ck_assert_int_eq(alea_bot_choose(&x, &st, kind, &r1), ALEA_OK);
                    ck_assert_int_eq(alea_bot_choose(&y, &twin, kind, &r2), ALEA_OK);
                    REQUIRE(x == y, "seed %llu: the %s bot reads hidden faces",
                            (unsigned long long)seed, alea_bot_name(kind));
                    REQUIRE(memcmp(&r1, &r2, sizeof r1) == 0, "seed %llu",
                            (unsigned long long)seed);
                    /* the full defaults (expectimax depth 2 is slow: depth 1) */
                    ck_assert_int_eq(alea_bot_options_init(&o, kind), ALEA_OK);
                    o.depth = 1;
                    o.playouts = 200;
                    ck_assert_int_eq(alea_bot_workspace_size(&size, &o, alea_state_game(&st), NULL),
                                     ALEA_OK);
                    ck_assert_uint_le(size, sizeof ws);
                    ck_assert_int_eq(alea_bot_choose_with(&x, &st, &o, ws, size, &r1, NULL),
                                     ALEA_OK);
                    ck_assert_int_eq(alea_bot_choose_with(&y, &twin, &o, ws, size, &r2, NULL),
                                     ALEA_OK);
                    REQUIRE(x == y, "seed %llu: the %s bot (defaults) reads hidden faces",
                            (unsigned long long)seed, alea_bot_name(kind));
                    ck_assert_int_eq(alea_state_check_action(&st, x, NULL), ALEA_OK);
                }
                compared++;
            }
            advance(&st, &rng, 3 + (int)alea_rng_below(&rng, 10));
        }
    }
    printf("observe: bots compared on %ld twin positions\n", compared);
    ck_assert_int_gt(compared, games);
}
END_TEST

static Suite *observe_suite(void) {
    Suite *s = suite_create("observe");
    TCase *tc = tcase_create("observe");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_perfect_information_observation_is_the_whole_state, 0,
                        (int)(sizeof perfect_specs / sizeof perfect_specs[0]));
    tcase_add_test(tc, test_R11_observation_after_the_set_up);
    tcase_add_test(tc, test_R11_states_differing_only_in_unseen_faces_look_alike);
    tcase_add_test(tc, test_R11_redeal_keeps_the_observation_and_reads_nothing_hidden);
    tcase_add_test(tc, test_R11_bots_choose_alike_when_only_unseen_faces_differ);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(observe_suite());
}
