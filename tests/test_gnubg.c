/*
 * Backgammon in GNU Backgammon's language: the agreement of §7.2, §7.3 and
 * §11 items 6-7 of the specification (dead cube, resignation re-offer,
 * maximum cube, the IDs of every state, finished games included), with the
 * vectors of issue 13 and others printed by gnubg 1.07 itself, and a property
 * over seeded random games of every mode that every ID pair alea writes reads
 * back into a state with the same IDs and the same legal actions.
 */
#include "support.h"
#include "fuzz/matchfile_oracle.h" /* filtered(), carried(): what a file holds */

#include <alea/backgammon.h>
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static void mk(alea_state *st, const char *spec) {
    alea_error err;
    ck_assert_msg(alea_state_init(st, spec, &err) == ALEA_OK, "%s: %s", spec, err.message);
}

static void from_ids(alea_state *st, const char *spec, const char *gnubgid) {
    char pid[15], mid[13];
    alea_error err;
    ck_assert_uint_eq(strlen(gnubgid), 27);
    memcpy(pid, gnubgid, 14);
    pid[14] = '\0';
    memcpy(mid, gnubgid + 15, 12);
    mid[12] = '\0';
    alea_status s = alea_backgammon_from_gnubg(st, spec, pid, mid, &err);
    ck_assert_msg(s == ALEA_OK, "%s %s: %s", spec, gnubgid, err.message);
}

static void ids_of(char out[28], const alea_state *st) {
    ck_assert_int_eq(alea_backgammon_position_id(out, ALEA_BACKGAMMON_POSITION_ID_SIZE, NULL, st),
                     ALEA_OK);
    out[14] = ':';
    ck_assert_int_eq(alea_backgammon_match_id(out + 15, ALEA_BACKGAMMON_MATCH_ID_SIZE, NULL, st),
                     ALEA_OK);
}

static void act_text(alea_state *st, const char *text) {
    alea_error err;
    ck_assert_msg(alea_state_apply_text(st, text, &err) == ALEA_OK, "'%s': %s", text, err.message);
}

static size_t legal(const alea_state *st, uint64_t *out) {
    size_t n = 0;
    ck_assert_int_eq(alea_state_legal_actions(out, ALEA_BACKGAMMON_MAX_ACTIONS, &n, st), ALEA_OK);
    return n;
}

static int has_double(const alea_state *st) {
    static uint64_t buf[ALEA_BACKGAMMON_MAX_ACTIONS];
    if (alea_state_current_player(st) < 0)
        return 0;
    size_t n = legal(st, buf);
    for (size_t i = 0; i < n; i++)
        if (buf[i] == ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_DOUBLE, 0))
            return 1;
    return 0;
}

/* The IDs of `st` read back (with `spec`) give the same IDs, the same player
   to act and, unless a resignation was rejected this turn (not in the IDs),
   the same legal actions.  Returns 0 on success, else prints why. */
static int round_trip(const alea_state *st, const char *spec, char *why, size_t cap) {
    static uint64_t a[ALEA_BACKGAMMON_MAX_ACTIONS], b[ALEA_BACKGAMMON_MAX_ACTIONS];
    char ids[28], again[28], pid[15], mid[13];
    alea_state back;
    alea_error err;
    ids_of(ids, st);
    memcpy(pid, ids, 14);
    pid[14] = '\0';
    memcpy(mid, ids + 15, 13);
    if (alea_backgammon_from_gnubg(&back, spec, pid, mid, &err) != ALEA_OK) {
        snprintf(why, cap, "%s refused: %s", ids, err.message);
        return 1;
    }
    ids_of(again, &back);
    if (strcmp(ids, again) != 0) {
        snprintf(why, cap, "%s read back as %s", ids, again);
        return 1;
    }
    /* The IDs do not tell the cube decision from the throw after `roll`
       (gnubg rolls in one command): such IDs read back as the decision. */
    if (alea_state_current_player(st) == ALEA_PLAYER_CHANCE &&
        alea_state_current_player(&back) >= 0 &&
        alea_state_apply_text(&back, "roll", NULL) != ALEA_OK) {
        snprintf(why, cap, "%s: a throw read back as a decision without roll", ids);
        return 1;
    }
    if (alea_state_current_player(st) != alea_state_current_player(&back)) {
        snprintf(why, cap, "%s: player %d read back as %d", ids, alea_state_current_player(st),
                 alea_state_current_player(&back));
        return 1;
    }
    char text[512];
    ck_assert_int_eq(alea_state_to_text(text, sizeof text, NULL, st), ALEA_OK);
    if (strstr(text, "rejected=0") && alea_state_current_player(st) != ALEA_PLAYER_TERMINAL) {
        size_t n = legal(st, a), m = legal(&back, b);
        if (n != m || memcmp(a, b, n * sizeof a[0]) != 0) {
            snprintf(why, cap, "%s: %zu legal actions read back as %zu", ids, n, m);
            return 1;
        }
    }
    return 0;
}

static void require_round_trip(const alea_state *st, const char *spec) {
    char why[256];
    ck_assert_msg(round_trip(st, spec, why, sizeof why) == 0, "%s", why);
}

/* ---- §7.3 dead cube ------------------------------------------------------ */

START_TEST(test_7_3_dead_cube_no_double_as_gnubg) {
    alea_state st;
    /* issue 13: 7-point match 0-0, cube 32 owned by the player on roll:
       0 + 32 >= 7, gnubg says "The cube is dead" */
    from_ids(&st, "backgammon match=7", "4HPwATDgc/ABMA:BQHgAAAAAAAE");
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_CHANCE);
    ck_assert(!has_double(&st));
    from_ids(&st, "backgammon match=7 dead_cube=allow", "4HPwATDgc/ABMA:BQHgAAAAAAAE");
    ck_assert_int_eq(alea_state_current_player(&st), 0);
    ck_assert(has_double(&st));
    /* a match to 1: every cube is dead at 0-0 */
    mk(&st, "backgammon match=1");
    act_text(&st, "opening 5-2");
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_CHANCE);
    /* 5-point match 3-0: 3 + 1 < 5 may double; 3 + 2 >= 5 may not redouble */
    from_ids(&st, "backgammon match=5", "4HPwATDgc/ABMA:MAGgADAAAAAE");
    ck_assert(has_double(&st));
    act_text(&st, "double");
    act_text(&st, "take");
    act_text(&st, "dice 3-1");
    act_text(&st, "8/5 6/5");
    ck_assert(has_double(&st)); /* player 1 at 0: 0 + 2 < 5 */
    act_text(&st, "double");
    act_text(&st, "take");
    act_text(&st, "dice 3-1");
    act_text(&st, "8/5 6/5");
    act_text(&st, "dice 3-1"); /* player 1 at 0 owns 4: 0 + 4 < 5, but he is not on roll */
    act_text(&st, "8/5 6/5");
    ck_assert(!has_double(&st)); /* player 0 owns 4 at 3: dead */
    alea_error err;
    ck_assert_int_eq(
        alea_state_from_text(&st,
                             "backgammon match=5 | cube turn=0 dice=- cube=4/0 autos=0 "
                             "resign=0 crawford=0 rejected=0 score=3-0 games=0 "
                             "last=- white=6:5,8:3,13:5,24:2 red=6:5,8:3,13:5,24:2",
                             &err),
        ALEA_INVALID_STATE);
    ck_assert_ptr_nonnull(strstr(err.message, "§7.3"));
}
END_TEST

/* ---- §7.2 maximum cube --------------------------------------------------- */

START_TEST(test_7_2_max_cube_defaults_as_gnubg) {
    alea_state st;
    /* money: gnubg accepts a double at 2048 and refuses one at 4096 */
    from_ids(&st, "backgammon money=on", "4HPwATDgc/ABMA:CwEAAAAAAAAE");
    ck_assert(has_double(&st));
    from_ids(&st, "backgammon money=on", "4HPwATDgc/ABMA:DAEAAAAAAAAE");
    ck_assert(!has_double(&st));
    /* match: 64 (cube 32 may be doubled once the dead cube is allowed) */
    from_ids(&st, "backgammon match=7 dead_cube=allow", "4HPwATDgc/ABMA:BQHgAAAAAAAE");
    ck_assert(has_double(&st));
    from_ids(&st, "backgammon match=7 dead_cube=allow", "4HPwATDgc/ABMA:BgHgAAAAAAAE");
    ck_assert(!has_double(&st));
    /* the spec written back names the limit */
    mk(&st, "backgammon money=on");
    char text[512];
    ck_assert_int_eq(alea_state_to_text(text, sizeof text, NULL, &st), ALEA_OK);
    ck_assert_ptr_nonnull(strstr(text, "max_cube=4096"));
    mk(&st, "backgammon match=3");
    ck_assert_int_eq(alea_state_to_text(text, sizeof text, NULL, &st), ALEA_OK);
    ck_assert_ptr_nonnull(strstr(text, "max_cube=64"));
    mk(&st, "backgammon money=on max_cube=8");
    ck_assert_int_eq(alea_state_to_text(text, sizeof text, NULL, &st), ALEA_OK);
    ck_assert_ptr_nonnull(strstr(text, "max_cube=8"));
    alea_backgammon_options o = ALEA_BACKGAMMON_OPTIONS_INIT;
    o.money = 1;
    ck_assert_int_eq(alea_backgammon_init(&st, &o, NULL), ALEA_OK);
    ck_assert_int_eq(alea_state_to_text(text, sizeof text, NULL, &st), ALEA_OK);
    ck_assert_ptr_nonnull(strstr(text, "max_cube=4096"));
}
END_TEST

/* ---- gnubg flows: IDs after every action --------------------------------- */

typedef struct flow {
    const char *spec;
    const char *start; /* IDs, or NULL: the spec's initial state */
    const char *steps[8];
    const char *ids[8]; /* gnubg's IDs after each step (NULL: not compared) */
} flow;

/* Printed by gnubg 1.07 (`set gnubgid`, the command, `positionid()`/`matchid()`). */
static const flow flows[] = {
    /* §11.7 bear-off: the loser is on roll, no dice (issue 13) */
    {"backgammon money=on",
     "APD/BwABAAAAAA:MAEFAAAAAAAE",
     {"1/off"},
     {"AAAAAOD/DwAAAA:cAoAACAAAAAE"}},
    /* §11.7 drop: the doubler stays on roll, the dropper acts last */
    {"backgammon money=on jacoby=on beavers=on",
     "4HPwATDgc/ABMA:MAEAAAAAAAAA",
     {"double", "drop"},
     {"4HPwATDgc/ABMA:MBkAAAAAAAAA", "4HPwATDgc/ABMA:MAwAABAAAAAA"}},
    /* §7.3 beaver pending, then dropped by the doubler (2 points to the beaverer) */
    {"backgammon money=on jacoby=on beavers=on",
     "4HPwATDgc/ABMA:MAEAAAAAAAAA",
     {"double", "beaver", "drop"},
     {"4HPwATDgc/ABMA:MBkAAAAAAAAA", "4HPwATDgc/ABMA:EREAAAAAAAAA", "4HPwATDgc/ABMA:EQQAAAAAEAAA"}},
    {"backgammon money=on jacoby=on beavers=on",
     "4HPwATDgc/ABMA:MAEAAAAAAAAA",
     {"double", "beaver", "take"},
     {"4HPwATDgc/ABMA:MBkAAAAAAAAA", "4HPwATDgc/ABMA:EREAAAAAAAAA", "4HPwATDgc/ABMA:EgEAAAAAAAAA"}},
    /* §11.7 accepted resignation: level and dice kept */
    {"backgammon money=on jacoby=on resign=on",
     "4HPwATDgc/ABMA:MIEFAAAAAAAA",
     {"resign single", "accept"},
     {"4HPwATDgc/ABMA:MKkFAAAAAAAA", "4HPwATDgc/ABMA:MKsFAAAACAAA"}},
    {"backgammon money=on jacoby=on resign=on",
     "4HPwATDgc/ABMA:cAkAAAAAAAAA",
     {"roll", "dice 4-2", "resign gammon", "accept"},
     {NULL, "4HPwATDgc/ABMA:cAkKAAAAAAAA", "4HPwATDgc/ABMA:cEEKAAAAAAAA",
      "4HPwATDgc/ABMA:cEMKACAAAAAA"}},
    /* §7.3 re-offer: a higher level after a rejection */
    {"backgammon money=on jacoby=on resign=on",
     "4HPwATDgc/ABMA:MIEFAAAAAAAA",
     {"resign single", "reject", "resign gammon", "reject", "resign backgammon"},
     {"4HPwATDgc/ABMA:MKkFAAAAAAAA", "4HPwATDgc/ABMA:MIEFAAAAAAAA", "4HPwATDgc/ABMA:MMkFAAAAAAAA",
      "4HPwATDgc/ABMA:MIEFAAAAAAAA", "4HPwATDgc/ABMA:MOkFAAAAAAAA"}},
    /* issue 13: a pending beaver reads back */
    {"backgammon money=on beavers=on",
     NULL,
     {"opening 3-1", "double", "beaver"},
     {NULL, NULL, "4HPwATDgc/ABMA:EREAAAAAAAAE"}},
    /* issue 13: a cube raised by automatic doubles reads back */
    {"backgammon money=on auto_doubles=2",
     NULL,
     {"opening 3-3", "opening 3-1"},
     {NULL, "4HPwATDgc/ABMA:MQEAAAAAAAAE"}},
    /* 5-point match 1-1: the flow of the specification's §9 table */
    {"backgammon match=5",
     "4HPwATDgc/ABMA:MIGlABAACAAE",
     {"8/5 6/5", "double", "take", "dice 6-5"},
     {"sGfwATDgc/ABMA:cAmgABAACAAE", "sGfwATDgc/ABMA:cBGgABAACAAE", "sGfwATDgc/ABMA:QQmgABAACAAE",
      "sGfwATDgc/ABMA:QQm3ABAACAAE"}},
};

START_TEST(test_11_7_ids_as_gnubg_after_every_action) {
    const flow *f = &flows[_i];
    alea_state st;
    char ids[28];
    if (f->start)
        from_ids(&st, f->spec, f->start);
    else
        mk(&st, f->spec);
    require_round_trip(&st, f->spec);
    for (int k = 0; k < 8 && f->steps[k]; k++) {
        act_text(&st, f->steps[k]);
        ids_of(ids, &st);
        if (f->ids[k])
            ck_assert_msg(strcmp(ids, f->ids[k]) == 0, "flow %d step '%s': %s, gnubg %s", _i,
                          f->steps[k], ids, f->ids[k]);
        require_round_trip(&st, f->spec);
    }
}
END_TEST

START_TEST(test_11_7_finished_game_ids_read_back) {
    alea_state st;
    alea_backgammon_view v;
    alea_result r;
    v.version = ALEA_BACKGAMMON_VIEW_VERSION;
    /* bear-off: a gammon, Red on roll */
    from_ids(&st, "backgammon money=on", "AAAAAOD/DwAAAA:cAoAACAAAAAE");
    ck_assert_int_eq(alea_state_current_player(&st), ALEA_PLAYER_TERMINAL);
    ck_assert_int_eq(alea_backgammon_get_view(&v, &st), ALEA_OK);
    ck_assert_int_eq(v.last_winner, 0);
    ck_assert_int_eq(v.last_value, 2);
    ck_assert_int_eq(v.last_how, ALEA_BACKGAMMON_END_BEAROFF);
    ck_assert_int_eq(v.turn, 1);
    alea_state_result(&r, &st);
    ck_assert_int_eq(r.winner, 0);
    /* a beaver dropped: the beaverer wins 2 */
    from_ids(&st, "backgammon money=on jacoby=on beavers=on", "4HPwATDgc/ABMA:EQQAAAAAEAAA");
    ck_assert_int_eq(alea_backgammon_get_view(&v, &st), ALEA_OK);
    ck_assert_int_eq(v.last_winner, 1);
    ck_assert_int_eq(v.last_value, 2);
    ck_assert_int_eq(v.last_how, ALEA_BACKGAMMON_END_DROP);
    /* a resignation accepted after the roll */
    from_ids(&st, "backgammon money=on resign=on", "4HPwATDgc/ABMA:cEMKACAAAAAA");
    ck_assert_int_eq(alea_backgammon_get_view(&v, &st), ALEA_OK);
    ck_assert_int_eq(v.last_winner, 0);
    ck_assert_int_eq(v.last_value, 2);
    ck_assert_int_eq(v.last_how, ALEA_BACKGAMMON_END_RESIGN);
    ck_assert_int_eq(v.dice[0], 4);
    ck_assert_int_eq(v.resign_offered, 0); /* nothing awaits an answer */
    /* 7-point match 1-0 after a drop (gnubg before `new game`): the next game */
    from_ids(&st, "backgammon match=7", "4HPwATDgc/ABMA:MAzgABAAAAAE");
    ck_assert_int_eq(alea_backgammon_get_view(&v, &st), ALEA_OK);
    ck_assert_int_eq(v.phase, ALEA_BACKGAMMON_PHASE_OPENING);
    ck_assert_int_eq(v.score[0], 1);
    ck_assert_int_eq(v.last_winner, 0);
    ck_assert_int_eq(v.last_how, ALEA_BACKGAMMON_END_DROP);
    /* 7-point match 0-2 after an accepted gammon resignation */
    from_ids(&st, "backgammon match=7 resign=on", "4HPwATDgc/ABMA:MEvgAAAAEAAE");
    ck_assert_int_eq(alea_backgammon_get_view(&v, &st), ALEA_OK);
    ck_assert_int_eq(v.score[1], 2);
    ck_assert_int_eq(v.last_value, 2);
    /* refused: the winner has not borne off; a resignation without a level */
    alea_error err;
    ck_assert_int_eq(alea_backgammon_from_gnubg(&st, "backgammon money=on", "4HPwATDgc/ABMA",
                                                "cAoAACAAAAAE", &err),
                     ALEA_INVALID_STATE);
    ck_assert_ptr_nonnull(strstr(err.message, "§6"));
    ck_assert_int_eq(alea_backgammon_from_gnubg(&st, "backgammon money=on resign=on",
                                                "4HPwATDgc/ABMA", "cAMKACAAAAAA", &err),
                     ALEA_INVALID_STATE);
    ck_assert_ptr_nonnull(strstr(err.message, "§11.7"));
}
END_TEST

/* ---- property: every state's IDs read back -------------------------------- */

static const char *const modes[] = {
    "backgammon",
    "backgammon resign=on",
    "backgammon match=1",
    "backgammon match=3",
    "backgammon match=3 crawford=off",
    "backgammon match=7 resign=on",
    "backgammon match=7 crawford=off",
    "backgammon match=7 dead_cube=allow",
    "backgammon match=3 opening=standard",
    "backgammon money=on games=3 jacoby=on",
    "backgammon money=on games=3 beavers=on resign=on",
    "backgammon money=on games=2 auto_doubles=3 beavers=on jacoby=on",
    "backgammon money=on auto_doubles=1 resign=on opening=standard",
};

START_TEST(test_11_7_every_state_ids_round_trip) {
    static uint64_t buf[ALEA_BACKGAMMON_MAX_ACTIONS];
    const char *spec = modes[_i];
    uint64_t base = test_seed(1300 + (uint64_t)_i * 1000);
    long games = test_count("ALEA_GNUBG_GAMES", 40);
    long states = 0;
    for (long g = 0; g < games; g++) {
        alea_state st;
        alea_rng rng;
        char why[256];
        alea_rng_seed(&rng, base + (uint64_t)g);
        mk(&st, spec);
        for (int step = 0; step < 20000; step++) {
            states++;
            ck_assert_msg(round_trip(&st, spec, why, sizeof why) == 0, "%s seed %llu step %d: %s",
                          spec, (unsigned long long)(base + (uint64_t)g), step, why);
            int p = alea_state_current_player(&st);
            if (p == ALEA_PLAYER_TERMINAL)
                break;
            if (p == ALEA_PLAYER_CHANCE) {
                ck_assert_int_eq(alea_state_roll(NULL, &st, &rng), ALEA_OK);
            } else {
                size_t n = legal(&st, buf);
                ck_assert_int_eq(alea_state_apply(&st, buf[alea_rng_below(&rng, n)], NULL),
                                 ALEA_OK);
            }
        }
    }
    ck_assert_int_gt(states, games);
}
END_TEST

/* ---- match files: alea writes, alea reads back -------------------------- */

typedef struct collected {
    uint64_t actions[20000];
    size_t n;
} collected;

static alea_status collect(void *ctx, const alea_backgammon_match_entry *e) {
    collected *c = ctx;
    ck_assert_uint_lt(c->n, 20000);
    c->actions[c->n++] = e->action;
    return ALEA_OK;
}

/* A session of `spec` played to its end by random moves from `seed`, its
   actions (chance outcomes included) into *played. */
static void play_session(alea_state *st, const char *spec, uint64_t seed, collected *played) {
    static uint64_t buf[ALEA_BACKGAMMON_MAX_ACTIONS];
    alea_rng rng;
    alea_rng_seed(&rng, seed);
    mk(st, spec);
    played->n = 0;
    while (alea_state_current_player(st) != ALEA_PLAYER_TERMINAL && played->n < 20000) {
        uint64_t a;
        if (alea_state_current_player(st) == ALEA_PLAYER_CHANCE) {
            ck_assert_int_eq(alea_state_roll(&a, st, &rng), ALEA_OK);
        } else {
            a = buf[alea_rng_below(&rng, (uint32_t)legal(st, buf))];
            ck_assert_int_eq(alea_state_apply(st, a, NULL), ALEA_OK);
        }
        played->actions[played->n++] = a;
    }
}

static const char *const file_modes[] = {
    "backgammon match=1 opening=standard",
    "backgammon match=3 opening=standard resign=on",
    "backgammon match=5 opening=standard",
    "backgammon match=7 opening=standard resign=on",
    "backgammon match=3 opening=standard cube=off",
    "backgammon money=on games=3 opening=standard resign=on",
    "backgammon money=on games=2 opening=standard beavers=on",
    "backgammon opening=standard",
};

START_TEST(test_files_alea_writes_alea_reads) {
    static collected played, back;
    static uint64_t fa[20000], fb[20000];
    static char text[1 << 20];
    const char *spec = file_modes[_i];
    uint64_t base = test_seed(7700 + (uint64_t)_i * 100);
    long games = test_count("ALEA_GNUBG_GAMES", 30);
    for (long g = 0; g < games; g++) {
        alea_state st;
        play_session(&st, spec, base + (uint64_t)g, &played);
        for (int format = ALEA_BACKGAMMON_FORMAT_MAT; format <= ALEA_BACKGAMMON_FORMAT_SGF;
             format++) {
            alea_error err;
            size_t len = 0;
            alea_status s = alea_backgammon_write_match(text, sizeof text, &len, format, spec,
                                                        played.actions, played.n, NULL, &err);
            if (format == ALEA_BACKGAMMON_FORMAT_SGF && strstr(spec, "beavers=on") &&
                s == ALEA_INVALID_ARGUMENT)
                continue; /* gnubg's SGF has no beaver */
            ck_assert_msg(s == ALEA_OK, "%s seed %llu: %s", spec,
                          (unsigned long long)(base + (uint64_t)g), err.message);
            ck_assert_uint_eq(len, strlen(text));
            /* the snprintf contract: the same length with a short buffer */
            char small[8];
            size_t len2 = 0;
            ck_assert_int_eq(alea_backgammon_write_match(small, sizeof small, &len2, format, spec,
                                                         played.actions, played.n, NULL, NULL),
                             ALEA_BUFFER_TOO_SMALL);
            ck_assert_uint_eq(len2, len);
            alea_backgammon_match_info info;
            info.version = ALEA_BACKGAMMON_MATCH_INFO_VERSION;
            back.n = 0;
            s = alea_backgammon_read_match(&info, text, ALEA_BACKGAMMON_FORMAT_AUTO, collect, &back,
                                           &err);
            ck_assert_msg(s == ALEA_OK, "%s seed %llu format %d: %s\n%s", spec,
                          (unsigned long long)(base + (uint64_t)g), format, err.message, text);
            ck_assert_int_eq(info.format, format);
            ck_assert_int_eq(info.complete, 1);
            size_t na = filtered(played.actions, played.n, fa);
            size_t nb = filtered(back.actions, back.n, fb);
            ck_assert_msg(na == nb && memcmp(fa, fb, na * sizeof fa[0]) == 0,
                          "%s seed %llu format %d: %zu actions read back as %zu", spec,
                          (unsigned long long)(base + (uint64_t)g), format, na, nb);
            alea_result r;
            alea_state_result(&r, &st);
            ck_assert_int_eq(info.score[0], r.score[0]);
            ck_assert_int_eq(info.score[1], r.score[1]);
        }
    }
}
END_TEST

/* What alea writes, alea reads (issue 24 item 4), as a property over random
   sessions of every backgammon mode, both formats and names of any printable
   characters: the writer either refuses with a status and a reason naming
   the rule, or writes a file that reads back as the same games, the same
   result and the same names (but for the characters a format replaces: ':'
   and a first ';' in .mat, ']' and '\\' in .sgf; spaces at a name's ends in .mat).
   ALEA_MATCHFILE_SESSIONS sessions per mode (default 40). */
static const char *const every_mode[] = {
    "backgammon opening=standard",
    "backgammon opening=standard resign=on",
    "backgammon opening=seeds",
    "backgammon match=1 opening=standard",
    "backgammon match=3 opening=standard resign=on",
    "backgammon match=5 opening=standard crawford=off",
    "backgammon match=3 opening=standard cube=off resign=on",
    "backgammon match=7 opening=standard resign=on max_cube=8",
    "backgammon match=5 opening=standard dead_cube=allow",
    "backgammon match=3 opening=seeds resign=on",
    "backgammon money=on games=3 opening=standard resign=on",
    "backgammon money=on games=4 opening=standard",
    "backgammon money=on games=3 opening=standard jacoby=on resign=on",
    "backgammon money=on games=3 opening=standard beavers=on resign=on",
    "backgammon money=on games=3 opening=standard auto_doubles=2",
    "backgammon money=on games=2 opening=standard cube=off resign=on",
    "backgammon money=on games=3 opening=standard max_cube=4 jacoby=on beavers=on resign=on",
};

static void random_name(char *out, size_t cap, alea_rng *rng) {
    size_t len = 1 + alea_rng_below(rng, (uint32_t)(cap < 24 ? cap - 1 : 23));
    for (size_t i = 0; i < len; i++)
        out[i] = (char)(0x20 + alea_rng_below(rng, 95)); /* every printable character */
    out[len] = '\0';
}

START_TEST(test_files_any_session_round_trips_or_is_refused) {
    static collected played, back;
    static uint64_t fa[20000], fb[20000];
    static char text[1 << 20];
    const char *spec = every_mode[_i];
    uint64_t base = test_seed(7900 + (uint64_t)_i * 1000);
    long sessions = test_count("ALEA_MATCHFILE_SESSIONS", 40);
    long written = 0, refused = 0;
    for (long g = 0; g < sessions; g++) {
        alea_state st;
        alea_rng rng;
        char names[2][32], want[2][ALEA_BACKGAMMON_NAME_MAX];
        alea_rng_seed(&rng, base + (uint64_t)g);
        random_name(names[0], sizeof names[0], &rng);
        random_name(names[1], sizeof names[1], &rng);
        if (g % 4 == 3) { /* §7.3: a name is not a beaver field */
            snprintf(names[0], sizeof names[0], "Beavers => 4");
            snprintf(names[1], sizeof names[1], "beaver");
        }
        const char *const np[2] = {names[0], names[1]};
        mk(&st, spec);
        played.n = 0;
        while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL && played.n < 20000) {
            uint64_t a;
            if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE) {
                ck_assert_int_eq(alea_state_roll(&a, &st, &rng), ALEA_OK);
            } else {
                static uint64_t buf[ALEA_BACKGAMMON_MAX_ACTIONS];
                size_t n = legal(&st, buf);
                a = buf[alea_rng_below(&rng, n)];
                ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
            }
            played.actions[played.n++] = a;
        }
        for (int format = ALEA_BACKGAMMON_FORMAT_MAT; format <= ALEA_BACKGAMMON_FORMAT_SGF;
             format++) {
            alea_error err;
            size_t len = 0;
            alea_status s = alea_backgammon_write_match(text, sizeof text, &len, format, spec,
                                                        played.actions, played.n, np, &err);
            if (s != ALEA_OK) { /* refused: a status and the rule that the format lacks */
                ck_assert_msg(s == ALEA_INVALID_ARGUMENT && strstr(err.message, "§") != NULL,
                              "%s seed %llu format %d: status %s, '%s'", spec,
                              (unsigned long long)(base + (uint64_t)g), format, alea_status_str(s),
                              err.message);
                if (refused++ == 0)
                    printf("files %s format %d refused: %s\n", spec, format, err.message);
                continue;
            }
            written++;
            alea_backgammon_match_info info;
            info.version = ALEA_BACKGAMMON_MATCH_INFO_VERSION;
            back.n = 0;
            s = alea_backgammon_read_match(&info, text, ALEA_BACKGAMMON_FORMAT_AUTO, collect, &back,
                                           &err);
            ck_assert_msg(s == ALEA_OK, "%s seed %llu format %d: %s\n%s", spec,
                          (unsigned long long)(base + (uint64_t)g), format, err.message, text);
            ck_assert_int_eq(info.complete, 1);
            size_t na = filtered(played.actions, played.n, fa);
            size_t nb = filtered(back.actions, back.n, fb);
            ck_assert_msg(na == nb && memcmp(fa, fb, na * sizeof fa[0]) == 0,
                          "%s seed %llu format %d: %zu actions read back as %zu\n%s", spec,
                          (unsigned long long)(base + (uint64_t)g), format, na, nb, text);
            alea_result r;
            alea_state_result(&r, &st);
            ck_assert_int_eq(info.score[0], r.score[0]);
            ck_assert_int_eq(info.score[1], r.score[1]);
            bool beaver = false;
            for (size_t i = 0; i < played.n; i++)
                beaver |= played.actions[i] >> 48 == ALEA_BACKGAMMON_BEAVER;
            ck_assert_msg(beaver == (strstr(info.spec, "beavers=on") != NULL),
                          "%s format %d: %s beaver, read back as %s", spec, format,
                          beaver ? "a" : "no", info.spec);
            for (int p = 0; p < 2; p++) {
                carried(want[p], names[p], format);
                ck_assert_msg(strcmp(info.names[p], want[p]) == 0,
                              "%s format %d: name '%s' read back as '%s'", spec, format, want[p],
                              info.names[p]);
            }
        }
    }
    printf("files %-70s %ld written and read back, %ld refused\n", spec, written, refused);
}
END_TEST

/* §6: a file holds whole games, each with its result, and the readers refuse
   one that stops inside a game; so the writer refuses every prefix of a
   session that stops inside a game (or holds none), and every other prefix
   reads back (found by tests/fuzz/fuzz_match_write: an unfinished session
   was written with ALEA_OK, then refused as truncated). */
START_TEST(test_6_files_hold_whole_games_only) {
    static collected played;
    static char text[1 << 20];
    static const char *const specs[] = {"backgammon match=3 opening=standard resign=on",
                                        "backgammon money=on games=3 opening=standard resign=on"};
    const char *spec = specs[_i];
    uint64_t seed = test_seed(8800 + (uint64_t)_i);
    alea_state st;
    play_session(&st, spec, seed, &played);
    long whole = 0, refused = 0;
    mk(&st, spec);
    for (size_t k = 0; k <= played.n; k++) {
        /* a game boundary: nothing played yet in the game to come, at least one game over */
        alea_backgammon_view v;
        v.version = ALEA_BACKGAMMON_VIEW_VERSION;
        ck_assert_int_eq(alea_backgammon_get_view(&v, &st), ALEA_OK);
        int boundary = v.games_played > 0 && (v.phase == ALEA_BACKGAMMON_PHASE_OPENING ||
                                              v.phase == ALEA_BACKGAMMON_PHASE_OVER);
        for (int format = ALEA_BACKGAMMON_FORMAT_MAT; format <= ALEA_BACKGAMMON_FORMAT_SGF;
             format++) {
            alea_error err;
            alea_status s = alea_backgammon_write_match(text, sizeof text, NULL, format, spec,
                                                        played.actions, k, NULL, &err);
            if (!boundary) {
                ck_assert_msg(s == ALEA_INVALID_ARGUMENT && strstr(err.message, "§6") != NULL,
                              "%s seed %llu, %zu actions, format %d: %s", spec,
                              (unsigned long long)seed, k, format, alea_status_str(s));
                refused++;
                continue;
            }
            ck_assert_msg(s == ALEA_OK, "%s: %s", spec, err.message);
            s = alea_backgammon_read_match(NULL, text, format, NULL, NULL, &err);
            ck_assert_msg(s == ALEA_OK, "%s seed %llu, %zu actions, format %d: %s", spec,
                          (unsigned long long)seed, k, format, err.message);
            whole++;
        }
        if (k < played.n)
            ck_assert_int_eq(alea_state_apply(&st, played.actions[k], NULL), ALEA_OK);
    }
    ck_assert_int_gt(whole, 0);
    ck_assert_int_gt(refused, 0);
}
END_TEST

/* .mat names with control characters (tests/fuzz/fuzz_match_write: a
   vertical tab, white space to the reader, before a ';' made the score line a
   comment, and the file unreadable): each becomes '_', and the file reads
   back with the names as written.  A first name long enough to fill its
   column still leaves a space before the second (fuzz_match_write: a second
   name starting with digits read as part of the first score, 6666). */
START_TEST(test_files_mat_names_with_control_characters) {
    static const char *const names[][2] = {
        {"\v;", "Bob ] \\$ \b;"}, {"\t;x", "a\tb\x01"}, {"\f: y", "\x7f"}, {" \r;", "ok"},
        {"abcdefghijklmnopqrstuvwxyz0123456789", "6666x;"}, {"abcdefghijklmnopqrstuvwxyz", "12"}};
    static const char *const want[][2] = {
        {"_;", "Bob ] \\$ _;"}, {"_;x", "a_b_"}, {"__ y", "_"}, {"_;", "ok"},
        {"abcdefghijklmnopqrstuvwxyz0123456789", "6666x;"}, {"abcdefghijklmnopqrstuvwxyz", "12"}};
    static char text[1 << 16];
    /* one whole game: the opening roll, a resignation at once, accepted */
    alea_state st;
    uint64_t actions[3];
    mk(&st, "backgammon match=3 opening=standard resign=on");
    for (int i = 0; i < 3; i++) {
        static const char *const moves[] = {"opening 1-2", "resign single", "accept"};
        ck_assert_int_eq(alea_state_action_from_text(&actions[i], &st, moves[i], NULL), ALEA_OK);
        ck_assert_int_eq(alea_state_apply(&st, actions[i], NULL), ALEA_OK);
    }
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        alea_error err;
        alea_backgammon_match_info info;
        ck_assert_int_eq(alea_backgammon_write_match(text, sizeof text, NULL,
                                                     ALEA_BACKGAMMON_FORMAT_MAT,
                                                     "backgammon match=3 opening=standard resign=on",
                                                     actions, 3, names[k], &err),
                         ALEA_OK);
        info.version = ALEA_BACKGAMMON_MATCH_INFO_VERSION;
        ck_assert_msg(alea_backgammon_read_match(&info, text, ALEA_BACKGAMMON_FORMAT_MAT, NULL,
                                                 NULL, &err) == ALEA_OK,
                      "names %zu: %s\n%s", k, err.message, text);
        ck_assert_str_eq(info.names[0], want[k][0]);
        ck_assert_str_eq(info.names[1], want[k][1]);
    }
}
END_TEST

/* A short game written by alea, broken by hand: each refused at its line. */
START_TEST(test_files_broken_copies_refused_at_their_line) {
    static const char good[] = " 3 point match\n"
                               "\n"
                               " Game 1\n"
                               " White : 0                      Red : 0\n"
                               "  1) 31: 8/5 6/5                       62: 24/18 13/11\n"
                               "  2)  Doubles => 2                      Takes\n"
                               "  3) 64: 24/18 13/9                    55: 13/3 6/1(2)\n";
    static const struct {
        const char *from, *to;
        alea_status status;
        int line;
        const char *reason;
    } cases[] = {
        {"24/18 13/9", "24/18 13/8", ALEA_ILLEGAL_ACTION, 7, "§5"},       /* an illegal move */
        {"31: 8/5 6/5", "31: 8/5 6/5 6/3", ALEA_ILLEGAL_ACTION, 5, "§5"}, /* a die too many */
        {"  2)  Doubles => 2 ", "  2)                  ", ALEA_WRONG_PHASE, 6, "§7.3"},
        {" Doubles => 2", " Doubles => 4", ALEA_ILLEGAL_ACTION, 6, "§7.3"},
        {"Red : 0\n", "Red : 1\n", ALEA_INVALID_STATE, 4, "§7.4"},
        {"62: 24/18", "6x: 24/18", ALEA_PARSE_ERROR, 5, "expected"},
    };
    alea_error err;
    /* the good one stops in game 1: truncated */
    ck_assert_int_eq(alea_backgammon_read_match(NULL, good, 0, NULL, NULL, &err), ALEA_PARSE_ERROR);
    ck_assert_int_eq(err.line, 7);
    ck_assert_ptr_nonnull(strstr(err.message, "truncated"));
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[1024];
        const char *at = strstr(good, cases[i].from);
        ck_assert_ptr_nonnull(at);
        snprintf(text, sizeof text, "%.*s%s%s", (int)(at - good), good, cases[i].to,
                 at + strlen(cases[i].from));
        alea_backgammon_match_info info;
        info.version = ALEA_BACKGAMMON_MATCH_INFO_VERSION;
        alea_status s = alea_backgammon_read_match(&info, text, 0, NULL, NULL, &err);
        ck_assert_msg(s == cases[i].status && err.line == cases[i].line &&
                          strstr(err.message, cases[i].reason) != NULL,
                      "case %zu: status %d line %d: %s", i, (int)s, (int)err.line, err.message);
        ck_assert_int_eq(info.error_line, cases[i].line);
        ck_assert_int_eq(info.error_game, 1);
        char where[64];
        snprintf(where, sizeof where, "game 1 move %d (line %d): ", (int)info.error_move,
                 cases[i].line);
        ck_assert_msg(strncmp(err.message, where, strlen(where)) == 0, "%s", err.message);
    }
}
END_TEST

static Suite *gnubg_suite(void) {
    Suite *s = suite_create("gnubg");
    TCase *tc = tcase_create("agreement");
    tcase_add_test(tc, test_7_3_dead_cube_no_double_as_gnubg);
    tcase_add_test(tc, test_7_2_max_cube_defaults_as_gnubg);
    tcase_add_loop_test(tc, test_11_7_ids_as_gnubg_after_every_action, 0,
                        (int)(sizeof flows / sizeof flows[0]));
    tcase_add_test(tc, test_11_7_finished_game_ids_read_back);
    tcase_add_loop_test(tc, test_11_7_every_state_ids_round_trip, 0,
                        (int)(sizeof modes / sizeof modes[0]));
    suite_add_tcase(s, tc);
    TCase *files = tcase_create("files");
    tcase_set_timeout(files, 600);
    tcase_add_loop_test(files, test_files_any_session_round_trips_or_is_refused, 0,
                        (int)(sizeof every_mode / sizeof every_mode[0]));
    tcase_add_loop_test(files, test_files_alea_writes_alea_reads, 0,
                        (int)(sizeof file_modes / sizeof file_modes[0]));
    tcase_add_test(files, test_files_broken_copies_refused_at_their_line);
    tcase_add_loop_test(files, test_6_files_hold_whole_games_only, 0, 2);
    tcase_add_test(files, test_files_mat_names_with_control_characters);
    suite_add_tcase(s, files);
    return s;
}

int main(void) {
    return test_run(gnubg_suite());
}
