/* Fuzz target: what every seat sees of an accepted state (issue 24 item 7).
   The input is a state text (the corpus of fuzz_state_text serves); when
   alea_state_from_text() accepts it, every view of it is asked of every seat
   and the spectator, and of seats out of range:
   - the observation text, JSON and board, the whole-state text, JSON, board
     and spec keep the snprintf contract (a short buffer gets the same length,
     ALEA_BUFFER_TOO_SMALL and the text's prefix), give the same bytes twice,
     and the JSON parses; in a game of perfect information the observation
     text and board are the state's own;
   - the observation tensor has the game's size, finite values in [-4, 16],
     and a short buffer is refused with the buffer untouched;
   - the afterstate tensors list exactly the legal actions, and row i is the
     tensor of the state after action i (checked on three rows); too few rows
     are refused with the outputs untouched;
   - the game's own views (alea_<game>_get_view, Plateau's public text/JSON,
     backgammon's gnubg IDs) answer ALEA_OK;
   - a seat out of range gives ALEA_INVALID_ARGUMENT and writes nothing;
   - the state is byte-identical after every call. */
#define ALEA_EXPERIMENTAL
#include "fuzz.h"

#include <alea/backgammon.h>
#include <alea/dice_poker.h>
#include <alea/plateau.h>
#include <alea/tensor.h>
#include <alea/wise_dice.h>

#include <math.h>

#define TEXT_CAP (1 << 16)

typedef alea_status (*text_fn)(char *buf, size_t cap, size_t *len, const alea_state *st, int seat);

static alea_status whole_text(char *b, size_t c, size_t *l, const alea_state *st, int seat) {
    (void)seat;
    return alea_state_to_text(b, c, l, st);
}
static alea_status whole_json(char *b, size_t c, size_t *l, const alea_state *st, int seat) {
    (void)seat;
    return alea_state_to_json(b, c, l, st);
}
static alea_status whole_board(char *b, size_t c, size_t *l, const alea_state *st, int seat) {
    (void)seat;
    return alea_state_to_board(b, c, l, st);
}
static alea_status whole_spec(char *b, size_t c, size_t *l, const alea_state *st, int seat) {
    (void)seat;
    return alea_state_spec(b, c, l, st);
}
static alea_status plateau_text(char *b, size_t c, size_t *l, const alea_state *st, int seat) {
    return alea_plateau_public_text(b, c, l, st, seat);
}
static alea_status plateau_json(char *b, size_t c, size_t *l, const alea_state *st, int seat) {
    return alea_plateau_public_json(b, c, l, st, seat);
}

/* One text writer on (st, seat), which must succeed: the snprintf contract,
   the same bytes twice, valid JSON when `json`.  Leaves the text in out. */
static size_t check_text(text_fn fn, const alea_state *st, int seat, int json, char *out) {
    static char again[TEXT_CAP], small[TEXT_CAP];
    size_t len = 0, len2 = 0, len3 = 0;
    FUZZ_ASSERT(fn(out, TEXT_CAP, &len, st, seat) == ALEA_OK);
    FUZZ_ASSERT(len < TEXT_CAP && strlen(out) == len);
    FUZZ_ASSERT(fn(again, TEXT_CAP, &len2, st, seat) == ALEA_OK);
    FUZZ_ASSERT(len2 == len && memcmp(out, again, len + 1) == 0);
    if (json)
        FUZZ_ASSERT(fuzz_json_ok(out, len));
    if (len > 0) { /* a buffer one short, and one of a third: the prefix, terminated */
        size_t caps[2] = {len, len / 3 + 1};
        for (int k = 0; k < 2; k++) {
            memset(small, 0x5A, caps[k] + 1);
            FUZZ_ASSERT(fn(small, caps[k], &len3, st, seat) == ALEA_BUFFER_TOO_SMALL);
            FUZZ_ASSERT(len3 == len);
            FUZZ_ASSERT(small[caps[k] - 1] == '\0' && memcmp(small, out, caps[k] - 1) == 0);
            FUZZ_ASSERT((unsigned char)small[caps[k]] == 0x5A); /* nothing past the capacity */
        }
    }
    FUZZ_ASSERT(fn(NULL, 0, &len3, st, seat) == ALEA_BUFFER_TOO_SMALL && len3 == len);
    return len;
}

/* A refused seat: ALEA_INVALID_ARGUMENT, the buffer untouched. */
static void check_refused(text_fn fn, const alea_state *st, int seat) {
    char buf[64];
    size_t len = 0;
    memset(buf, 0x5A, sizeof buf);
    FUZZ_ASSERT(fn(buf, sizeof buf, &len, st, seat) == ALEA_INVALID_ARGUMENT);
    for (size_t i = 0; i < sizeof buf; i++)
        FUZZ_ASSERT((unsigned char)buf[i] == 0x5A);
}

static void check_tensor(const float *t, size_t size) {
    for (size_t i = 0; i < size; i++)
        FUZZ_ASSERT(isfinite(t[i]) && t[i] >= -4.0f && t[i] <= 16.0f);
}

/* The tensor of seat, and its afterstate rows against apply + tensor. */
static void check_tensors(const alea_state *st, int seat, size_t size, const uint64_t *legal,
                          size_t n, uint64_t pick) {
    static float t[4096], t2[4096], rows[(size_t)ALEA_MAX_ACTIONS * 256];
    static uint64_t acts[ALEA_MAX_ACTIONS];
    size_t len = 0, nrows = 0;
    FUZZ_ASSERT(size <= 4096);
    FUZZ_ASSERT(alea_state_observation_tensor(t, size, &len, st, seat) == ALEA_OK && len == size);
    check_tensor(t, size);
    FUZZ_ASSERT(alea_state_observation_tensor(t2, size, &len, st, seat) == ALEA_OK);
    FUZZ_ASSERT(memcmp(t, t2, size * sizeof t[0]) == 0);
    t2[0] = 12345.0f;
    FUZZ_ASSERT(alea_state_observation_tensor(t2, size - 1, &len, st, seat) ==
                    ALEA_BUFFER_TOO_SMALL &&
                len == size && t2[0] == 12345.0f);
    if (size > 256 || n > ALEA_MAX_ACTIONS)
        return;
    FUZZ_ASSERT(alea_state_afterstate_tensors(rows, acts, ALEA_MAX_ACTIONS, &nrows, st, seat) ==
                ALEA_OK);
    FUZZ_ASSERT(nrows == n && memcmp(acts, legal, n * sizeof acts[0]) == 0);
    if (n == 0)
        return;
    size_t which[3] = {0, n - 1, (size_t)(pick % n)};
    for (int k = 0; k < 3; k++) {
        alea_state child;
        alea_state_copy(&child, st);
        FUZZ_ASSERT(alea_state_apply(&child, legal[which[k]], NULL) == ALEA_OK);
        FUZZ_ASSERT(alea_state_observation_tensor(t, size, &len, &child, seat) == ALEA_OK);
        FUZZ_ASSERT(memcmp(t, rows + which[k] * size, size * sizeof t[0]) == 0);
        check_tensor(rows + which[k] * size, size);
    }
    if (n > 1) { /* one row short: refused, the outputs untouched, the count given */
        acts[0] = 0x5A5A5A5Au;
        rows[0] = 12345.0f;
        nrows = 0;
        FUZZ_ASSERT(alea_state_afterstate_tensors(rows, acts, n - 1, &nrows, st, seat) ==
                    ALEA_BUFFER_TOO_SMALL);
        FUZZ_ASSERT(nrows == n && acts[0] == 0x5A5A5A5Au && rows[0] == 12345.0f);
    }
}

static void game_views(const alea_state *st, const char *id, int players) {
    static char buf[TEXT_CAP];
    if (strcmp(id, "backgammon") == 0) {
        alea_backgammon_view v;
        char pid[ALEA_BACKGAMMON_POSITION_ID_SIZE], mid[ALEA_BACKGAMMON_MATCH_ID_SIZE];
        v.version = ALEA_BACKGAMMON_VIEW_VERSION;
        FUZZ_ASSERT(alea_backgammon_get_view(&v, st) == ALEA_OK);
        FUZZ_ASSERT(alea_backgammon_position_id(pid, sizeof pid, NULL, st) == ALEA_OK);
        FUZZ_ASSERT(alea_backgammon_match_id(mid, sizeof mid, NULL, st) == ALEA_OK);
    } else if (strcmp(id, "dice-poker") == 0) {
        alea_dice_poker_view v;
        v.version = ALEA_DICE_POKER_VIEW_VERSION;
        FUZZ_ASSERT(alea_dice_poker_get_view(&v, st) == ALEA_OK);
    } else if (strcmp(id, "wise-dice") == 0) {
        alea_wise_dice_view v;
        v.version = ALEA_WISE_DICE_VIEW_VERSION;
        FUZZ_ASSERT(alea_wise_dice_get_view(&v, st) == ALEA_OK);
    } else if (strcmp(id, "plateau") == 0) {
        alea_plateau_view v;
        v.version = ALEA_PLATEAU_VIEW_VERSION;
        FUZZ_ASSERT(alea_plateau_get_view(&v, st) == ALEA_OK);
        for (int seat = 0; seat < players; seat++) {
            v.version = ALEA_PLATEAU_VIEW_VERSION;
            FUZZ_ASSERT(alea_plateau_get_public_view(&v, st, seat) == ALEA_OK);
            check_text(plateau_text, st, seat, 0, buf);
            check_text(plateau_json, st, seat, 1, buf);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static char whole[TEXT_CAP], obs[TEXT_CAP], spec[ALEA_SPEC_MAX + 8];
    static uint64_t legal[ALEA_MAX_ACTIONS];
    char *text = fuzz_text(data, size);
    alea_state st, before;
    alea_game_info info;
    size_t n = 0, tsize = 0;
    uint64_t pick = 0;
    if (alea_state_from_text(&st, text, NULL) != ALEA_OK) {
        free(text);
        return 0;
    }
    free(text);
    for (size_t i = 0; i < size; i++)
        pick = pick * 31 + data[i];
    memcpy(&before, &st, sizeof st);
    FUZZ_ASSERT(alea_game_get_info(&info, alea_state_game(&st)) == ALEA_OK);
    int players = alea_state_num_players(&st);
    int perfect = strcmp(info.id, "plateau") != 0; /* R11: Plateau hides faces and reserves */
    FUZZ_ASSERT(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, &st) == ALEA_OK);
    FUZZ_ASSERT(alea_game_observation_size(&tsize, alea_state_game(&st)) == ALEA_OK && tsize > 0);

    check_text(whole_text, &st, 0, 0, whole);
    check_text(whole_json, &st, 0, 1, obs);
    size_t speclen = check_text(whole_spec, &st, 0, 0, spec);
    for (int seat = ALEA_OBSERVER_PUBLIC; seat < players; seat++) {
        if (seat < 0 && seat != ALEA_OBSERVER_PUBLIC)
            continue;
        check_text(alea_state_observation_text, &st, seat, 0, obs);
        if (perfect)
            FUZZ_ASSERT(strcmp(obs, whole) == 0);
        else /* "<spec> | <fields>" */
            FUZZ_ASSERT(strncmp(obs, spec, speclen) == 0 && strncmp(obs + speclen, " | ", 3) == 0);
        check_text(alea_state_observation_json, &st, seat, 1, obs);
        FUZZ_ASSERT(strstr(obs, "\"observer\"") != NULL);
        check_text(alea_state_observation_board, &st, seat, 0, obs);
        if (perfect) {
            check_text(whole_board, &st, 0, 0, whole);
            FUZZ_ASSERT(strcmp(obs, whole) == 0);
            check_text(whole_text, &st, 0, 0, whole); /* back for the next seat */
        }
        check_tensors(&st, seat, tsize, legal, n, pick + (uint64_t)seat);
    }
    {
        const int bad[] = {players,
                           ALEA_MAX_PLAYERS,
                           ALEA_PLAYER_CHANCE,
                           ALEA_PLAYER_TERMINAL,
                           ALEA_PLAYER_INVALID,
                           -5,
                           INT32_MIN,
                           INT32_MAX};
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            float t[4];
            uint64_t a[4];
            size_t len = 7;
            check_refused(alea_state_observation_text, &st, bad[k]);
            check_refused(alea_state_observation_json, &st, bad[k]);
            check_refused(alea_state_observation_board, &st, bad[k]);
            t[0] = 1.5f;
            FUZZ_ASSERT(alea_state_observation_tensor(t, 4, &len, &st, bad[k]) ==
                            ALEA_INVALID_ARGUMENT &&
                        t[0] == 1.5f);
            a[0] = 77;
            FUZZ_ASSERT(alea_state_afterstate_tensors(t, a, 0, &len, &st, bad[k]) ==
                            ALEA_INVALID_ARGUMENT &&
                        a[0] == 77);
            if (strcmp(info.id, "plateau") == 0) {
                check_refused(plateau_text, &st, bad[k]);
                check_refused(plateau_json, &st, bad[k]);
            }
        }
    }
    game_views(&st, info.id, players);
    FUZZ_ASSERT(memcmp(&before, &st, sizeof st) == 0);
    return 0;
}
