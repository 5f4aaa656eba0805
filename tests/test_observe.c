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
        /* every seat sees every action (dice included) in full */
        {
            static uint64_t list[ALEA_MAX_ACTIONS];
            char full[ALEA_ACTION_TEXT_MAX], seen[ALEA_ACTION_TEXT_MAX];
            size_t n = legal(&st, list);
            for (size_t i = 0; i < n; i += 1 + n / 16) {
                ck_assert_int_eq(alea_state_action_to_text(full, sizeof full, NULL, &st, list[i]),
                                 ALEA_OK);
                for (int seat = -1; seat < players; seat++) {
                    int who = seat < 0 ? ALEA_OBSERVER_PUBLIC : seat;
                    ck_assert_int_eq(alea_state_action_observation_text(seen, sizeof seen, NULL,
                                                                        &st, list[i], who),
                                     ALEA_OK);
                    ck_assert_str_eq(seen, full);
                }
            }
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

/* The converse of the twins below: a change of something the seat has seen
   changes all three forms of its observation. */
START_TEST(test_R11_a_difference_the_seat_has_seen_shows_in_every_form) {
    static obs a, b;
    uint64_t base = test_seed(31);
    long games = test_count("ALEA_OBSERVE_GAMES", 40), visible = 0;
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
    printf("observe: %ld games, %ld visible changes\n", games, visible);
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

/* What a seat sees of a move (alea_state_action_observation_text): the mover
   his whole action; the other seat and a spectator an opponent's set-up with
   only its top piece's up-face (R4.2, R11), an onboard on top with its
   up-face and one slid inside a stack with none (R6.2, R11), and every move,
   flip, stomp, offer, gift and pass in full (one-hand rule, R11). */
START_TEST(test_R11_move_observation_masks_what_the_move_hides) {
    static const struct {
        const char *move;
        const char *black, *white, *public_;
    } cases[] = {
        {"setup a1 xx rb", "setup a1 xx rb", "setup a1 ?? r?", "setup a1 ?? r?"},
        {"setup d4 bb ox", "setup d4 ?? o?", "setup d4 bb ox", "setup d4 ?? o?"},
        {"on xx a1:1", "on xx a1:1", "on ?? a1:1", "on ?? a1:1"},       /* inside: unseen */
        {"on bx d4:2", "on b? d4:2", "on bx d4:2", "on b? d4:2"},       /* on top: up-face */
        {"!a1/1-b2", "!a1/1-b2", "!a1/1-b2", "!a1/1-b2"},               /* R7.3: public */
        {"d4/1-c3", "d4/1-c3", "d4/1-c3", "d4/1-c3"},
    };
    alea_state st, before;
    char buf[ALEA_ACTION_TEXT_MAX];
    size_t len = 0;
    uint64_t a = 0;
    ck_assert_int_eq(alea_state_init(&st, "plateau", NULL), ALEA_OK);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *want[3] = {cases[i].black, cases[i].white, cases[i].public_};
        ck_assert_int_eq(alea_state_action_from_text(&a, &st, cases[i].move, NULL), ALEA_OK);
        for (int k = 0; k < 3; k++) {
            ck_assert_int_eq(
                alea_state_action_observation_text(buf, sizeof buf, &len, &st, a, viewers[k]),
                ALEA_OK);
            ck_assert_str_eq(buf, want[k]);
            ck_assert_uint_eq(len, strlen(want[k]));
        }
        alea_state_copy(&before, &st);
        ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
    }
    /* too small: the snprintf contract */
    ck_assert_int_eq(alea_state_action_observation_text(buf, 4, &len, &before, a, 0),
                     ALEA_BUFFER_TOO_SMALL);
    ck_assert_uint_eq(len, strlen("d4/1-c3"));
    ck_assert_str_eq(buf, "d4/");
    ck_assert_int_eq(alea_state_action_observation_text(NULL, 0, &len, &before, a, 0),
                     ALEA_BUFFER_TOO_SMALL);
    /* not legal now: what it would show is unknown (bad input: test_badinput.c) */
    ck_assert_int_eq(alea_state_action_observation_text(buf, sizeof buf, NULL, &st, a, 1),
                     ALEA_ILLEGAL_ACTION);
    ck_assert_str_eq(buf, "");
    /* damaged bytes show nothing */
    pl_of(&before)->height[0] = 200;
    ck_assert_int_eq(alea_state_action_observation_text(buf, sizeof buf, NULL, &before, a, 0),
                     ALEA_INVALID_STATE);
    ck_assert_str_eq(buf, "");
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

/* ---- twins: every channel of a seat --------------------------------------- */

/* Everything the library tells one seat (every function that takes a seat,
   and those that answer for the seat to act) must be the same for two states
   the seat cannot tell apart (issue 24).  Each channel below is one such
   function: it feeds what it tells `seat` about st to `out` as (key, value)
   pairs; twins must give, for every key both states have, the same values.
   Most channels have one key; the move observation is keyed by what the
   seat sees after the move, so that actions whose results the seat cannot
   tell apart are compared (the opponent's legal actions, which depend on
   his hidden reserve, differ between twins).  A new function that takes a
   seat joins this table (doc/hardening.md "Hidden information"). */

#define PAIRS_MAX (2 * ALEA_MAX_ACTIONS + 64)

typedef struct pair {
    uint64_t key, value;
} pair;

typedef struct told {
    pair p[PAIRS_MAX];
    size_t n;
} told;

static uint64_t fnv(uint64_t h, const void *data, size_t len) {
    const unsigned char *b = data;
    for (size_t i = 0; i < len; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}
#define FNV0 0xcbf29ce484222325ull

static void tell(told *out, uint64_t key, uint64_t value) {
    ck_assert_uint_lt(out->n, PAIRS_MAX);
    out->p[out->n].key = key;
    out->p[out->n].value = value;
    out->n++;
}

static uint64_t text_hash(const char *s) {
    return fnv(FNV0, s, strlen(s));
}

static int acts(const alea_state *st, int seat) {
    return alea_state_current_player(st) == seat;
}

static void ch_text(told *out, const alea_state *st, int seat, uint64_t seed) {
    static char buf[OBS_MAX];
    (void)seed;
    ck_assert_int_eq(alea_state_observation_text(buf, sizeof buf, NULL, st, seat), ALEA_OK);
    tell(out, 0, text_hash(buf));
}

static void ch_json(told *out, const alea_state *st, int seat, uint64_t seed) {
    static char buf[OBS_MAX];
    (void)seed;
    ck_assert_int_eq(alea_state_observation_json(buf, sizeof buf, NULL, st, seat), ALEA_OK);
    tell(out, 0, text_hash(buf));
}

static void ch_board(told *out, const alea_state *st, int seat, uint64_t seed) {
    static char buf[OBS_MAX];
    (void)seed;
    ck_assert_int_eq(alea_state_observation_board(buf, sizeof buf, NULL, st, seat), ALEA_OK);
    tell(out, 0, text_hash(buf));
}

static void ch_tensor(told *out, const alea_state *st, int seat, uint64_t seed) {
    static float t[8192];
    size_t len = 0;
    (void)seed;
    ck_assert_int_eq(alea_state_observation_tensor(t, 8192, &len, st, seat), ALEA_OK);
    tell(out, 0, fnv(FNV0, t, len * sizeof t[0]));
}

static void ch_afterstates(told *out, const alea_state *st, int seat, uint64_t seed) {
    static float *rows;
    static uint64_t a[ALEA_MAX_ACTIONS];
    size_t size = 0, n = 0;
    (void)seed;
    ck_assert_int_eq(alea_game_observation_size(&size, alea_state_game(st)), ALEA_OK);
    if (!rows)
        rows = malloc(sizeof *rows * 8192 * ALEA_MAX_ACTIONS / 2);
    ck_assert_ptr_nonnull(rows);
    ck_assert_uint_le(size * ALEA_MAX_ACTIONS, 8192 * ALEA_MAX_ACTIONS / 2);
    ck_assert_int_eq(alea_state_afterstate_tensors(rows, a, ALEA_MAX_ACTIONS, &n, st, seat),
                     ALEA_OK);
    tell(out, 0, fnv(fnv(FNV0, a, n * sizeof a[0]), rows, n * size * sizeof rows[0]));
}

/* The seat's own choices: its legal actions and their texts. */
static void ch_legal(told *out, const alea_state *st, int seat, uint64_t seed) {
    static uint64_t a[ALEA_MAX_ACTIONS];
    char text[ALEA_ACTION_TEXT_MAX];
    uint64_t h = FNV0;
    (void)seed;
    if (!acts(st, seat))
        return;
    size_t n = legal(st, a);
    tell(out, 0, fnv(FNV0, a, n * sizeof a[0]));
    for (size_t i = 0; i < n; i++) {
        ck_assert_int_eq(alea_state_action_to_text(text, sizeof text, NULL, st, a[i]), ALEA_OK);
        h = fnv(h, text, strlen(text) + 1);
    }
    tell(out, 1, h);
}

/* What the seat sees of each legal action (alea_state_action_observation_text),
   keyed by its observation after the action. */
static void ch_move_observation(told *out, const alea_state *st, int seat, uint64_t seed) {
    static uint64_t a[ALEA_MAX_ACTIONS];
    static char after_obs[OBS_MAX];
    char text[ALEA_ACTION_TEXT_MAX];
    (void)seed;
    if (alea_state_current_player(st) == ALEA_PLAYER_TERMINAL)
        return;
    size_t n = legal(st, a);
    for (size_t i = 0; i < n; i++) {
        alea_state child = *st;
        ck_assert_int_eq(
            alea_state_action_observation_text(text, sizeof text, NULL, st, a[i], seat), ALEA_OK);
        ck_assert_int_eq(alea_state_apply(&child, a[i], NULL), ALEA_OK);
        ck_assert_int_eq(
            alea_state_observation_text(after_obs, sizeof after_obs, NULL, &child, seat), ALEA_OK);
        tell(out, text_hash(after_obs), text_hash(text));
    }
}

/* The ranked actions of the seat to act (both kinds that rank). */
static void ch_ranked(told *out, const alea_state *st, int seat, uint64_t seed) {
    static alea_ranked_action r[ALEA_MAX_ACTIONS];
    static unsigned char ws[1 << 20];
    static const alea_bot_kind kinds[2] = {ALEA_BOT_HEURISTIC, ALEA_BOT_PLY};
    (void)seed;
    if (!acts(st, seat))
        return;
    for (int k = 0; k < 2; k++) {
        alea_bot_options o;
        size_t size = 0, n = 0;
        uint64_t h = FNV0;
        ck_assert_int_eq(alea_bot_options_init(&o, kinds[k]), ALEA_OK);
        ck_assert_int_eq(alea_bot_workspace_size(&size, &o, alea_state_game(st), NULL), ALEA_OK);
        ck_assert_uint_le(size, sizeof ws);
        ck_assert_int_eq(alea_bot_rank(r, ALEA_MAX_ACTIONS, &n, st, &o, ws, size, NULL), ALEA_OK);
        for (size_t i = 0; i < n; i++) {
            h = fnv(h, &r[i].action, sizeof r[i].action);
            h = fnv(h, &r[i].value, sizeof r[i].value);
        }
        tell(out, (uint64_t)k, h);
    }
}

/* One bot's choice and the rng it leaves, from the same seed. */
static uint64_t choice(const alea_state *st, const alea_bot_options *o, int kind, uint64_t seed) {
    static unsigned char ws[1 << 20];
    alea_rng r;
    uint64_t x = 0;
    size_t size = 0;
    alea_rng_seed(&r, seed);
    if (o) {
        ck_assert_int_eq(alea_bot_workspace_size(&size, o, alea_state_game(st), NULL), ALEA_OK);
        ck_assert_uint_le(size, sizeof ws);
        ck_assert_int_eq(alea_bot_choose_with(&x, st, o, ws, size, &r, NULL), ALEA_OK);
    } else {
        ck_assert_int_eq(alea_bot_choose(&x, st, (alea_bot_kind)kind, &r), ALEA_OK);
    }
    ck_assert_int_eq(alea_state_check_action(st, x, NULL), ALEA_OK);
    return fnv(fnv(FNV0, &x, sizeof x), &r, sizeof r);
}

/* Every bot kind (quick settings, and its defaults with expectimax at depth 1
   and MCTS at 200 playouts to keep the test short) and every named level of
   the game, all that the registry lists, so that a new kind or level joins. */
static void ch_bots(told *out, const alea_state *st, int seat, uint64_t seed) {
    const alea_game *g = alea_state_game(st);
    if (!acts(st, seat))
        return;
    for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
        alea_bot_options o;
        tell(out, (uint64_t)kind, choice(st, NULL, kind, seed));
        ck_assert_int_eq(alea_bot_options_init(&o, (alea_bot_kind)kind), ALEA_OK);
        o.depth = 1;
        o.playouts = 200;
        tell(out, 100 + (uint64_t)kind, choice(st, &o, kind, seed));
    }
    for (size_t i = 0; alea_bot_level_name(g, i); i++) {
        alea_bot_options o;
        ck_assert_int_eq(alea_bot_options_level(&o, g, alea_bot_level_name(g, i), NULL), ALEA_OK);
        tell(out, 200 + i, choice(st, &o, o.kind, seed));
    }
}

typedef struct channel {
    const char *name;
    void (*tell)(told *out, const alea_state *st, int seat, uint64_t seed);
} channel;

static const channel channels[] = {
    {"observation text", ch_text},
    {"observation JSON", ch_json},
    {"observation board", ch_board},
    {"observation tensor", ch_tensor},
    {"afterstate tensors", ch_afterstates},
    {"legal actions and their texts", ch_legal},
    {"move observation", ch_move_observation},
    {"ranked actions", ch_ranked},
    {"bot choices", ch_bots},
};
#define CHANNELS (sizeof channels / sizeof channels[0])

static int by_key(const void *x, const void *y) {
    const pair *a = x, *b = y;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return a->value < b->value ? -1 : a->value > b->value;
}

/* The set of values of the key at index i of a sorted list: their hash; i
   moves past them.  A set, not a count: several actions can look alike (the
   opponent onboards one of several pieces showing the same face). */
static uint64_t values_of(const told *t, size_t *i) {
    uint64_t k = t->p[*i].key, h = FNV0;
    for (size_t first = *i; *i < t->n && t->p[*i].key == k; (*i)++)
        if (*i == first || t->p[*i].value != t->p[*i - 1].value)
            h = fnv(h, &t->p[*i].value, sizeof t->p[*i].value);
    return h;
}

/* Whether every key both lists have carries the same values; *common counts them. */
static int agree(told *a, told *b, long *common) {
    size_t i = 0, j = 0;
    qsort(a->p, a->n, sizeof a->p[0], by_key);
    qsort(b->p, b->n, sizeof b->p[0], by_key);
    while (i < a->n && j < b->n) {
        if (a->p[i].key < b->p[j].key) {
            values_of(a, &i);
        } else if (a->p[i].key > b->p[j].key) {
            values_of(b, &j);
        } else {
            (*common)++;
            if (values_of(a, &i) != values_of(b, &j))
                return 0;
        }
    }
    return 1;
}

/* Makers of twins: a copy of st that `seat` cannot tell apart from it.
   The rules-built one is the game's own (independent of the library's
   re-deal); the re-deal (the game's determinize hook) works for any game
   with hidden information. */
typedef int (*twin_maker)(alea_state *st, int seat, alea_rng *rng);

static int redeal_twin(alea_state *st, int seat, alea_rng *rng) {
    const alea_game *g = alea_state_game(st);
    alea_state before = *st;
    g->determinize(st, seat, rng);
    return !alea_state_equal(st, &before);
}

static const struct {
    const char *game;
    twin_maker make;
} rule_twins[] = {{"plateau", hidden_twin}};

static twin_maker rules_twin_of(const alea_game *g) {
    for (size_t i = 0; i < sizeof rule_twins / sizeof rule_twins[0]; i++)
        if (strcmp(rule_twins[i].game, alea_game_id(g)) == 0)
            return rule_twins[i].make;
    return NULL;
}

static void state_text(char *buf, size_t cap, const alea_state *st) {
    ck_assert_int_eq(alea_state_to_text(buf, cap, NULL, st), ALEA_OK);
}

/* Every game with hidden information (an observe hook): over seeded random
   games, twins for each seat and the spectator from both makers, every
   channel compared.  The bots and ranked actions, the costly channels, on a
   quarter of the pairs (a twelfth under valgrind). */
START_TEST(test_R11_twins_every_channel_of_a_seat_is_blind_to_what_it_has_not_seen) {
    static told a, b;
    static char ta[OBS_MAX], tb[OBS_MAX];
    const alea_game *g = alea_game_at((size_t)_i);
    uint64_t base = test_seed(51);
    long games = test_count("ALEA_OBSERVE_TWIN_GAMES", 4), pairs = 0, common[CHANNELS] = {0};
    if (!g->observe) {
        ck_assert(g->determinize == NULL); /* perfect information: no twins */
        return;
    }
    ck_assert(g->determinize != NULL);
    twin_maker makers[2] = {redeal_twin, rules_twin_of(g)};
    for (long k = 0; k < games; k++) {
        alea_state st, twin;
        alea_rng rng;
        uint64_t seed = base * 4001u + (uint64_t)k;
        alea_rng_seed(&rng, seed);
        ck_assert_int_eq(alea_state_init(&st, alea_game_id(g), NULL), ALEA_OK);
        advance(&st, &rng, (int)alea_rng_below(&rng, 4));
        while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
            int players = alea_state_num_players(&st);
            for (int v = -1; v < players; v++) {
                int seat = v < 0 ? ALEA_OBSERVER_PUBLIC : v;
                for (int m = 0; m < 2; m++) {
                    alea_rng tr;
                    alea_rng_seed(&tr, alea_rng_next(&rng));
                    alea_state_copy(&twin, &st);
                    if (!makers[m] || !makers[m](&twin, seat, &tr) ||
                        alea_state_validate(&twin, NULL) != ALEA_OK)
                        continue;
                    pairs++;
                    uint64_t bot_seed = alea_rng_next(&rng);
                    for (size_t c = 0; c < CHANNELS; c++) {
                        int costly = channels[c].tell == ch_bots || channels[c].tell == ch_ranked;
                        /* until they compared something, then one pair in 4 (under
                           valgrind one in 12) */
                        if (costly && common[c] > 0 && pairs % (test_quick() ? 12 : 4) != 0)
                            continue;
                        a.n = b.n = 0;
                        channels[c].tell(&a, &st, seat, bot_seed);
                        channels[c].tell(&b, &twin, seat, bot_seed);
                        if (agree(&a, &b, &common[c]))
                            continue;
                        state_text(ta, sizeof ta, &st);
                        state_text(tb, sizeof tb, &twin);
                        ck_abort_msg("%s seed %llu (ALEA_TEST_SEED=%llu): the %s of seat %d "
                                     "differs on twins made by the %s maker:\n%s\n%s",
                                     alea_game_id(g), (unsigned long long)seed,
                                     (unsigned long long)base, channels[c].name, seat,
                                     m ? "rules" : "re-deal", ta, tb);
                    }
                }
            }
            advance(&st, &rng, 1 + (int)alea_rng_below(&rng, 5));
        }
    }
    printf("observe: %s: %ld twin pairs;", alea_game_id(g), pairs);
    for (size_t c = 0; c < CHANNELS; c++)
        printf(" %s %ld%s", channels[c].name, common[c], c + 1 < CHANNELS ? "," : "\n");
    ck_assert_int_gt(pairs, games);
    for (size_t c = 0; c < CHANNELS; c++) /* no channel compared nothing */
        ck_assert_int_gt(common[c], 0);
}
END_TEST

static Suite *observe_suite(void) {
    Suite *s = suite_create("observe");
    TCase *tc = tcase_create("observe");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, test_perfect_information_observation_is_the_whole_state, 0,
                        (int)(sizeof perfect_specs / sizeof perfect_specs[0]));
    tcase_add_test(tc, test_R11_observation_after_the_set_up);
    tcase_add_test(tc, test_R11_move_observation_masks_what_the_move_hides);
    tcase_add_test(tc, test_R11_a_difference_the_seat_has_seen_shows_in_every_form);
    tcase_add_test(tc, test_R11_redeal_keeps_the_observation_and_reads_nothing_hidden);
    tcase_add_loop_test(tc, test_R11_twins_every_channel_of_a_seat_is_blind_to_what_it_has_not_seen,
                        0, (int)alea_game_count());
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(observe_suite());
}
