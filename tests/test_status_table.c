/* One status table for all games (doc/api.md "Which status for which wrong
   input", issue 12 item 4).  One row per (game, situation, input, expected
   status), for the text entry points (action_from_text, apply_text,
   apply_text_as) and the integer ones (check_action, apply, check_as,
   apply_as).  The order of the checks, and so the status when an input is
   wrong in two ways, is the table's:
     1. NULL or corrupt state, or a seat that is no seat   INVALID_ARGUMENT
     2. the game is over                                   WRONG_PHASE
     3. sent by someone who must not act now (_as only)    WRONG_PLAYER
     4. text that is no notation of the game               PARSE_ERROR
        a value that is no action of the game              INVALID_ARGUMENT
     5. a player's action at a chance node, or a chance
        outcome where a player must act                    WRONG_PHASE
     6. any other action the rules forbid here and now,
        a cube action or a move at the wrong time included ILLEGAL_ACTION
   Every refusal has a reason and leaves the state byte-identical. */
#include "support.h"

#include <alea/backgammon.h>
#include <alea/dice_poker.h>
#include <alea/plateau.h>
#include <alea/wise_dice.h>

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* row.seat: the plain entry points, not the _as ones */
#define PLAIN 99
#define CHANCE ALEA_PLAYER_CHANCE

typedef enum input { TEXT, VALUE, VALUE_OF } input;

typedef struct row {
    const char *situation;
    const char *record; /* spec, then actions, separated by " ; "; "@end" plays on to the end */
    int seat;
    input kind;
    const char *text;  /* TEXT: the input; VALUE_OF: a text that denotes the value ... */
    const char *from;  /* ... in this record */
    uint64_t value;    /* VALUE */
    alea_status want;
    const char *reason; /* a part of the reason, or NULL */
} row;

/* ---- positions ---- */

#define BG "backgammon match=5"
#define BG_OPEN BG
#define BG_CUBE BG " ; opening 6-1"
#define BG_DICE BG_CUBE " ; roll"
#define BG_MOVE BG_DICE " ; dice 4-1"
#define BG_TAKE BG_CUBE " ; double"
#define BG_END "backgammon ; @end"

#define DP "dice-poker players=2 columns=3"
#define DP_THROW DP
#define DP_DECIDE DP " ; roll 1,1,2,4,6"
#define DP_THIRD DP_DECIDE " ; hold 1,1 ; roll 1,2,3 ; hold 1,1,1 ; roll 5,5"
#define DP_END "dice-poker players=1 columns=1 ; @end"

#define WD "wise-dice"
#define WD_PLACE WD
#define WD_SET                                                                                     \
    WD " ; place F1 ; place D1 ; place G1 ; place C1 ; place H1 ; place E1 ; place D12 ; "        \
       "place E12 ; place H12 ; place G12 ; place B12 ; place C12"
#define WD_ROLL WD_SET " ; start N"
#define WD_MOVE WD_ROLL " ; roll 1124"
#define WD_END "wise-dice max-moves=4 ; @end"

#define PL "plateau"
#define PL_SETUP PL
#define PL_PLAY PL " ; setup b4 bx rx ; setup c4 bb rr"
#define PL_END "plateau max-plies=12 ; @end"

#define BGA(kind, payload) ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_##kind, payload)
#define DPA(kind, payload) ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_##kind, payload)
#define WDA(kind, payload) ALEA_WISE_DICE_ACTION(ALEA_WISE_DICE_##kind, payload)
#define PLA(kind, payload) ((uint64_t)ALEA_PLATEAU_##kind << 28 | (payload))

static const row rows[] = {
    /* ---- backgammon ---- */
    {"legal move", BG_MOVE, PLAIN, TEXT, "13/9 6/5", NULL, 0, ALEA_OK, NULL},
    {"legal move from its seat", BG_MOVE, 0, VALUE_OF, "13/9 6/5", BG_MOVE, 0, ALEA_OK, NULL},
    {"host's dice", BG_DICE, CHANCE, TEXT, "dice 4-1", NULL, 0, ALEA_OK, NULL},
    {"take by the doubled seat", BG_TAKE, 1, TEXT, "take", NULL, 0, ALEA_OK, NULL},
    {"malformed move", BG_MOVE, PLAIN, TEXT, "13/x", NULL, 0, ALEA_PARSE_ERROR, NULL},
    {"malformed dice", BG_DICE, PLAIN, TEXT, "dice 4-7", NULL, 0, ALEA_PARSE_ERROR, NULL},
    {"malformed move at a chance node", BG_DICE, PLAIN, TEXT, "24/30", NULL, 0, ALEA_PARSE_ERROR,
     NULL},
    {"malformed word", BG_CUBE, PLAIN, TEXT, "zzz", NULL, 0, ALEA_PARSE_ERROR, NULL},
    {"another game's notation", BG_MOVE, PLAIN, TEXT, "hold 1,1", NULL, 0, ALEA_PARSE_ERROR, NULL},
    {"move at a chance node", BG_DICE, PLAIN, TEXT, "13/9 6/5", NULL, 0, ALEA_WRONG_PHASE, "§4"},
    {"move at a chance node", BG_DICE, PLAIN, VALUE_OF, "13/9 6/5", BG_MOVE, 0, ALEA_WRONG_PHASE,
     "§4"},
    {"move at the opening", BG_OPEN, PLAIN, TEXT, "24/18", NULL, 0, ALEA_WRONG_PHASE, NULL},
    {"pass at a chance node", BG_DICE, PLAIN, TEXT, "pass", NULL, 0, ALEA_WRONG_PHASE, NULL},
    {"cube action at a chance node", BG_DICE, PLAIN, TEXT, "double", NULL, 0, ALEA_WRONG_PHASE,
     NULL},
    {"cube action at a chance node", BG_DICE, PLAIN, VALUE, NULL, NULL, BGA(DOUBLE, 0),
     ALEA_WRONG_PHASE, NULL},
    {"dice at a move", BG_MOVE, PLAIN, TEXT, "dice 4-1", NULL, 0, ALEA_WRONG_PHASE, "§5"},
    {"bare dice at a move", BG_MOVE, PLAIN, TEXT, "4-1", NULL, 0, ALEA_WRONG_PHASE, "§5"},
    {"dice at a move", BG_MOVE, PLAIN, VALUE, NULL, NULL, BGA(DICE, 4 << 3 | 1), ALEA_WRONG_PHASE,
     "§5"},
    {"opening dice at a move", BG_MOVE, PLAIN, TEXT, "opening 6-1", NULL, 0, ALEA_WRONG_PHASE,
     NULL},
    {"dice before the roll", BG_CUBE, PLAIN, TEXT, "roll 6-5", NULL, 0, ALEA_WRONG_PHASE, "§7.3"},
    {"dice at a double", BG_TAKE, PLAIN, TEXT, "6-5", NULL, 0, ALEA_WRONG_PHASE, "§7.3"},
    {"double at a move", BG_MOVE, PLAIN, TEXT, "double", NULL, 0, ALEA_ILLEGAL_ACTION, "§7.3"},
    {"double at a move", BG_MOVE, PLAIN, VALUE, NULL, NULL, BGA(DOUBLE, 0), ALEA_ILLEGAL_ACTION,
     "§7.3"},
    {"take at a move", BG_MOVE, PLAIN, TEXT, "take", NULL, 0, ALEA_ILLEGAL_ACTION, "§7.3"},
    {"take before the roll", BG_CUBE, PLAIN, VALUE, NULL, NULL, BGA(TAKE, 0), ALEA_ILLEGAL_ACTION,
     "§7.3"},
    {"roll at a move", BG_MOVE, PLAIN, TEXT, "roll", NULL, 0, ALEA_ILLEGAL_ACTION, "§7.3"},
    {"double at a double", BG_TAKE, PLAIN, TEXT, "double", NULL, 0, ALEA_ILLEGAL_ACTION, "§7.3"},
    {"move before the roll", BG_CUBE, PLAIN, TEXT, "13/9 6/5", NULL, 0, ALEA_ILLEGAL_ACTION, "§5"},
    {"move before the roll", BG_CUBE, PLAIN, VALUE_OF, "13/9 6/5", BG_MOVE, 0, ALEA_ILLEGAL_ACTION,
     "§5"},
    {"move at a double", BG_TAKE, PLAIN, TEXT, "13/9 6/5", NULL, 0, ALEA_ILLEGAL_ACTION, "§7.3"},
    {"opening dice at a roll", BG_DICE, PLAIN, TEXT, "opening 6-1", NULL, 0, ALEA_ILLEGAL_ACTION,
     "§4"},
    {"equal opening dice", BG_OPEN, PLAIN, TEXT, "opening 3-3", NULL, 0, ALEA_ILLEGAL_ACTION,
     "§3.1"},
    {"illegal move", BG_MOVE, PLAIN, TEXT, "24/19", NULL, 0, ALEA_ILLEGAL_ACTION, "§5"},
    {"another game's action", BG_MOVE, PLAIN, VALUE, NULL, NULL, DPA(SCORE, 0),
     ALEA_INVALID_ARGUMENT, NULL},
    {"not an action", BG_DICE, PLAIN, VALUE, NULL, NULL, UINT64_MAX, ALEA_INVALID_ARGUMENT, NULL},
    {"non-canonical dice", BG_DICE, PLAIN, VALUE, NULL, NULL, UINT64_C(0x2100000000009),
     ALEA_INVALID_ARGUMENT, NULL},
    {"after the end", BG_END, PLAIN, TEXT, "13/9", NULL, 0, ALEA_WRONG_PHASE, "over"},
    {"garbage after the end", BG_END, PLAIN, TEXT, "zzz", NULL, 0, ALEA_WRONG_PHASE, "over"},
    {"after the end", BG_END, PLAIN, VALUE, NULL, NULL, BGA(DICE, 4 << 3 | 1), ALEA_WRONG_PHASE,
     "over"},
    {"not an action after the end", BG_END, PLAIN, VALUE, NULL, NULL, UINT64_MAX,
     ALEA_WRONG_PHASE, "over"},
    {"after the end from a seat", BG_END, 1, TEXT, "double", NULL, 0, ALEA_WRONG_PHASE, "over"},
    {"out of turn", BG_MOVE, 1, TEXT, "13/9 6/5", NULL, 0, ALEA_WRONG_PLAYER,
     "seat 1 moved, but seat 0 must move"},
    {"out of turn", BG_MOVE, 1, VALUE_OF, "13/9 6/5", BG_MOVE, 0, ALEA_WRONG_PLAYER,
     "seat 1 moved, but seat 0 must move"},
    {"out of turn, malformed", BG_MOVE, 1, TEXT, "zzz", NULL, 0, ALEA_WRONG_PLAYER, "seat 1"},
    {"the host at a move", BG_MOVE, CHANCE, TEXT, "dice 6-5", NULL, 0, ALEA_WRONG_PLAYER,
     "seat 0 must move"},
    {"a seat sends the dice", BG_DICE, 0, TEXT, "dice 4-1", NULL, 0, ALEA_WRONG_PLAYER,
     "seat 0 sent a chance outcome, but only the host's dice (ALEA_PLAYER_CHANCE) may"},
    {"a seat sends the dice", BG_DICE, 0, VALUE, NULL, NULL, BGA(DICE, 4 << 3 | 1),
     ALEA_WRONG_PLAYER, "chance outcome"},
    {"a seat moves at a chance node", BG_DICE, 1, TEXT, "13/9 6/5", NULL, 0, ALEA_WRONG_PLAYER,
     "the dice must be thrown (chance), not seat 1 move"},
    {"the doubler takes", BG_TAKE, 0, TEXT, "take", NULL, 0, ALEA_WRONG_PLAYER,
     "seat 0 moved, but seat 1 must move"},

    /* ---- dice poker ---- */
    {"legal hold", DP_DECIDE, PLAIN, TEXT, "hold 1,1", NULL, 0, ALEA_OK, NULL},
    {"legal hold from its seat", DP_DECIDE, 0, TEXT, "hold 1,1", NULL, 0, ALEA_OK, NULL},
    {"host's dice", DP_THROW, CHANCE, TEXT, "roll 1,1,3,5,6", NULL, 0, ALEA_OK, NULL},
    {"malformed dice", DP_THROW, PLAIN, TEXT, "roll 1,7", NULL, 0, ALEA_PARSE_ERROR, NULL},
    {"malformed hold", DP_DECIDE, PLAIN, TEXT, "hold 9", NULL, 0, ALEA_PARSE_ERROR, NULL},
    {"malformed hold at a chance node", DP_THROW, PLAIN, TEXT, "hold 9", NULL, 0,
     ALEA_PARSE_ERROR, NULL},
    {"another game's notation", DP_DECIDE, PLAIN, TEXT, "13/9 6/5", NULL, 0, ALEA_PARSE_ERROR,
     NULL},
    {"decision at a chance node", DP_THROW, PLAIN, TEXT, "write full", NULL, 0, ALEA_WRONG_PHASE,
     "P-2.1"},
    {"decision at a chance node", DP_THROW, PLAIN, VALUE_OF, "hold 1,1", DP_DECIDE, 0,
     ALEA_WRONG_PHASE, "P-2.1"},
    {"dice at a decision", DP_DECIDE, PLAIN, TEXT, "roll 1,2,3,4,5", NULL, 0, ALEA_WRONG_PHASE,
     "P-2.2"},
    {"dice at a decision", DP_DECIDE, PLAIN, VALUE_OF, "roll 1,1,3,5,6", DP_THROW, 0,
     ALEA_WRONG_PHASE, "P-2.2"},
    {"hold after the third throw", DP_THIRD, PLAIN, TEXT, "hold 5", NULL, 0, ALEA_ILLEGAL_ACTION,
     "P-2.2"},
    {"hold after the third throw", DP_THIRD, PLAIN, VALUE_OF, "hold 1", DP_DECIDE, 0,
     ALEA_ILLEGAL_ACTION, "P-2.2"},
    {"keep dice not thrown", DP_DECIDE, PLAIN, TEXT, "hold 3", NULL, 0, ALEA_ILLEGAL_ACTION,
     "P-2.2"},
    {"dice that do not form the row", DP_DECIDE, PLAIN, TEXT, "write poker", NULL, 0,
     ALEA_ILLEGAL_ACTION, "P-3"},
    {"wrong number of dice", DP_THROW, PLAIN, TEXT, "roll 1,2", NULL, 0, ALEA_ILLEGAL_ACTION,
     "P-2.2"},
    /* a hold of all five dice is notation, but no value of the encoding (P-8.2) */
    {"keep all five dice", DP_DECIDE, PLAIN, TEXT, "hold 1,1,2,4,6", NULL, 0,
     ALEA_ILLEGAL_ACTION, "P-2.2"},
    {"keep all five dice", DP_DECIDE, PLAIN, VALUE, NULL, NULL,
     DPA(HOLD, 2 | 1 << 3 | 1 << 9 | 1 << 15), ALEA_INVALID_ARGUMENT, "P-2.2"},
    {"another game's action", DP_DECIDE, PLAIN, VALUE, NULL, NULL, BGA(MOVE, 0),
     ALEA_INVALID_ARGUMENT, NULL},
    {"not an action", DP_THROW, PLAIN, VALUE, NULL, NULL, DPA(STRIKE, 0), ALEA_INVALID_ARGUMENT,
     NULL},
    {"after the end", DP_END, PLAIN, TEXT, "hold 1", NULL, 0, ALEA_WRONG_PHASE, "over"},
    {"after the end", DP_END, PLAIN, VALUE_OF, "hold 1,1", DP_DECIDE, 0, ALEA_WRONG_PHASE, "over"},
    {"out of turn", DP_DECIDE, 1, TEXT, "hold 1,1", NULL, 0, ALEA_WRONG_PLAYER,
     "seat 1 moved, but seat 0 must move"},
    {"out of turn", DP_DECIDE, 1, VALUE_OF, "hold 1,1", DP_DECIDE, 0, ALEA_WRONG_PLAYER, NULL},
    {"the host at a decision", DP_DECIDE, CHANCE, TEXT, "write full", NULL, 0, ALEA_WRONG_PLAYER,
     "host's dice"},
    {"a seat sends the dice", DP_THROW, 0, TEXT, "roll 1,1,3,5,6", NULL, 0, ALEA_WRONG_PLAYER,
     "seat 0 sent a chance outcome"},

    /* ---- wise dice ---- */
    {"legal placement", WD_PLACE, PLAIN, TEXT, "place C1", NULL, 0, ALEA_OK, NULL},
    {"legal move from its seat", WD_MOVE, 1, TEXT, "4/1:R/2/1", NULL, 0, ALEA_OK, NULL},
    {"host's dice", WD_ROLL, CHANCE, TEXT, "roll 1124", NULL, 0, ALEA_OK, NULL},
    {"malformed placement", WD_PLACE, PLAIN, TEXT, "place K1", NULL, 0, ALEA_PARSE_ERROR, NULL},
    {"malformed dice", WD_ROLL, PLAIN, TEXT, "roll 1127", NULL, 0, ALEA_PARSE_ERROR, NULL},
    {"malformed move at a chance node", WD_ROLL, PLAIN, TEXT, "4/1:X/2/1", NULL, 0,
     ALEA_PARSE_ERROR, NULL},
    {"move at a chance node", WD_ROLL, PLAIN, TEXT, "4/1:R/2/1", NULL, 0, ALEA_WRONG_PHASE,
     "W-5.1"},
    {"move at a chance node", WD_ROLL, PLAIN, VALUE_OF, "4/1:R/2/1", WD_MOVE, 0, ALEA_WRONG_PHASE,
     "W-5.1"},
    {"placement at the draw of the starter", WD_SET, PLAIN, TEXT, "place C1", NULL, 0,
     ALEA_WRONG_PHASE, "W-4.3"},
    {"dice at a move", WD_MOVE, PLAIN, TEXT, "roll 1124", NULL, 0, ALEA_WRONG_PHASE, "W-5.2"},
    {"dice at a move", WD_MOVE, PLAIN, VALUE_OF, "roll 1124", WD_ROLL, 0, ALEA_WRONG_PHASE,
     "W-5.2"},
    {"starter at a placement", WD_PLACE, PLAIN, TEXT, "start N", NULL, 0, ALEA_WRONG_PHASE,
     "W-4.2"},
    {"placement at a move", WD_MOVE, PLAIN, TEXT, "place C12", NULL, 0, ALEA_ILLEGAL_ACTION,
     "W-5.2"},
    {"placement at a move", WD_MOVE, PLAIN, VALUE, NULL, NULL, WDA(PLACE, 2), ALEA_ILLEGAL_ACTION,
     "W-5.2"},
    {"starter at a roll", WD_ROLL, PLAIN, TEXT, "start S", NULL, 0, ALEA_ILLEGAL_ACTION, "W-5.1"},
    {"pass at a placement", WD_PLACE, PLAIN, TEXT, "pass", NULL, 0, ALEA_ILLEGAL_ACTION, "W-4.2"},
    {"illegal move", WD_MOVE, PLAIN, TEXT, "4/1:F/2/1", NULL, 0, ALEA_ILLEGAL_ACTION, NULL},
    {"another game's action", WD_MOVE, PLAIN, VALUE, NULL, NULL, BGA(DOUBLE, 0),
     ALEA_INVALID_ARGUMENT, NULL},
    {"not an action", WD_PLACE, PLAIN, VALUE, NULL, NULL, WDA(PLACE, 8), ALEA_INVALID_ARGUMENT,
     NULL},
    {"after the end", WD_END, PLAIN, TEXT, "pass", NULL, 0, ALEA_WRONG_PHASE, "over"},
    {"after the end", WD_END, PLAIN, VALUE, NULL, NULL, WDA(PASS, 0), ALEA_WRONG_PHASE, "over"},
    {"out of turn", WD_MOVE, 0, TEXT, "4/1:R/2/1", NULL, 0, ALEA_WRONG_PLAYER,
     "seat 0 moved, but seat 1 must move"},
    {"out of turn", WD_PLACE, 1, VALUE, NULL, NULL, WDA(PLACE, 2), ALEA_WRONG_PLAYER, NULL},
    {"a seat draws the starter", WD_SET, 0, TEXT, "start S", NULL, 0, ALEA_WRONG_PLAYER,
     "chance outcome"},

    /* ---- plateau (no chance nodes) ---- */
    {"legal set-up", PL_SETUP, PLAIN, TEXT, "setup b4 bx rx", NULL, 0, ALEA_OK, NULL},
    {"legal move from its seat", PL_PLAY, 0, TEXT, "b4/2-c4", NULL, 0, ALEA_OK, NULL},
    {"malformed set-up", PL_SETUP, PLAIN, TEXT, "setup b4 bx", NULL, 0, ALEA_PARSE_ERROR, NULL},
    {"malformed move", PL_PLAY, PLAIN, TEXT, "b4/9-c4", NULL, 0, ALEA_PARSE_ERROR, NULL},
    {"another game's notation", PL_PLAY, PLAIN, TEXT, "dice 4-1", NULL, 0, ALEA_PARSE_ERROR, NULL},
    {"move during the set-up", PL_SETUP, PLAIN, TEXT, "b4/2-c4", NULL, 0, ALEA_ILLEGAL_ACTION,
     "R4.2"},
    {"move during the set-up", PL_SETUP, PLAIN, VALUE_OF, "b4/2-c4", PL_PLAY, 0,
     ALEA_ILLEGAL_ACTION, "R4.2"},
    {"set-up during play", PL_PLAY, PLAIN, TEXT, "setup a1 bx rx", NULL, 0, ALEA_ILLEGAL_ACTION,
     "R5.1"},
    {"answer with no offer", PL_PLAY, PLAIN, TEXT, "decline", NULL, 0, ALEA_ILLEGAL_ACTION,
     "R5.1"},
    {"illegal move", PL_PLAY, PLAIN, TEXT, "b4/2-b1", NULL, 0, ALEA_ILLEGAL_ACTION, NULL},
    {"another game's action", PL_PLAY, PLAIN, VALUE, NULL, NULL, BGA(ROLL, 0),
     ALEA_INVALID_ARGUMENT, NULL},
    {"not an action", PL_PLAY, PLAIN, VALUE, NULL, NULL, PLA(PASS, 1), ALEA_INVALID_ARGUMENT,
     NULL},
    {"after the end", PL_END, PLAIN, TEXT, "pass", NULL, 0, ALEA_WRONG_PHASE, "over"},
    {"after the end", PL_END, PLAIN, VALUE, NULL, NULL, PLA(PASS, 0), ALEA_WRONG_PHASE, "over"},
    {"out of turn", PL_PLAY, 1, TEXT, "b4/2-c4", NULL, 0, ALEA_WRONG_PLAYER,
     "seat 1 moved, but seat 0 must move"},
    {"out of turn", PL_SETUP, 1, VALUE_OF, "setup b4 bx rx", PL_SETUP, 0, ALEA_WRONG_PLAYER,
     NULL},
    {"the host in a game without dice", PL_PLAY, CHANCE, TEXT, "b4/2-c4", NULL, 0,
     ALEA_WRONG_PLAYER, "host's dice"},
};
#define N_ROWS (sizeof rows / sizeof rows[0])

/* The position of a record: its spec, then each action by text; "@end" plays
   seeded random actions to the end. */
static void reach(alea_state *st, const char *record) {
    char buf[1024], *part = buf;
    alea_error err;
    snprintf(buf, sizeof buf, "%s", record);
    for (int first = 1; part; first = 0) {
        char *next = strchr(part, ';');
        if (next)
            *next++ = '\0';
        while (*part == ' ')
            part++;
        if (first) {
            ck_assert_msg(alea_state_init(st, part, &err) == ALEA_OK, "spec \"%s\": %s", part,
                          err.message);
        } else if (strncmp(part, "@end", 4) == 0) {
            alea_rng rng;
            alea_rng_seed(&rng, test_seed(12));
            test_play_random(st, &rng, 100000);
            ck_assert_int_eq(alea_state_current_player(st), ALEA_PLAYER_TERMINAL);
        } else {
            ck_assert_msg(alea_state_apply_text(st, part, &err) == ALEA_OK, "\"%s\" in %s: %s",
                          part, record, err.message);
        }
        part = next;
    }
}

/* The status and the reason, and the state unchanged on a refusal (changed
   only by an apply that succeeds). */
static void expect(const row *r, const char *entry, const alea_state *st, const alea_state *before,
                   alea_status got, const alea_error *err, int applies) {
    ck_assert_msg(got == r->want, "%s / %s / \"%s\" %#llx seat %d: %s gave %s (%s), want %s",
                  r->record, r->situation, r->text ? r->text : "", (unsigned long long)r->value,
                  r->seat, entry, alea_status_name(got), got ? err->message : "",
                  alea_status_name(r->want));
    if (got == ALEA_OK) {
        ck_assert_msg(!applies || memcmp(st, before, sizeof *st) != 0, "%s: %s changed nothing",
                      r->situation, entry);
        return;
    }
    ck_assert_int_eq(err->status, (int32_t)got);
    ck_assert_msg(err->message[0] != '\0', "%s: %s gave no reason", r->situation, entry);
    if (r->reason)
        ck_assert_msg(strstr(err->message, r->reason) != NULL, "%s / %s: reason \"%s\" lacks \"%s\"",
                      r->situation, entry, err->message, r->reason);
    ck_assert_msg(memcmp(st, before, sizeof *st) == 0, "%s: %s changed the state", r->situation,
                  entry);
}

static void run_text(const row *r, const alea_state *start, int seat) {
    alea_state st = *start;
    alea_error err;
    uint64_t a = 77;
    memset(&err, 0, sizeof err);
    if (seat == PLAIN) {
        expect(r, "action_from_text", &st, start, alea_state_action_from_text(&a, &st, r->text, &err),
               &err, 0);
        expect(r, "apply_text", &st, start, alea_state_apply_text(&st, r->text, &err), &err, 1);
    } else {
        expect(r, "apply_text_as", &st, start, alea_state_apply_text_as(&st, seat, r->text, &err),
               &err, 1);
    }
}

static void run_value(const row *r, const alea_state *start, int seat, uint64_t value) {
    alea_state st = *start;
    alea_error err;
    memset(&err, 0, sizeof err);
    if (seat == PLAIN) {
        expect(r, "check_action", &st, start, alea_state_check_action(&st, value, &err), &err, 0);
        expect(r, "apply", &st, start, alea_state_apply(&st, value, &err), &err, 1);
    } else {
        expect(r, "check_as", &st, start, alea_state_check_as(&st, seat, value, &err), &err, 0);
        expect(r, "apply_as", &st, start, alea_state_apply_as(&st, seat, value, &err), &err, 1);
    }
}

static void check_row(const row *r) {
    alea_state start;
    uint64_t value = r->value;
    memset(&start, 0, sizeof start);
    reach(&start, r->record);
    if (r->kind == VALUE_OF) {
        alea_state from;
        alea_error err;
        memset(&from, 0, sizeof from);
        reach(&from, r->from);
        ck_assert_msg(alea_state_action_from_text(&value, &from, r->text, &err) == ALEA_OK,
                      "\"%s\" in %s: %s", r->text, r->from, err.message);
    }
    /* The plain entry points, and the _as ones from the seat that must act
       (any seat once the game is over): the same status. */
    int now = alea_state_current_player(&start);
    int seat = r->seat != PLAIN ? r->seat : now == ALEA_PLAYER_TERMINAL ? 0 : now;
    if (r->kind == TEXT) {
        run_text(r, &start, r->seat);
        if (r->seat == PLAIN)
            run_text(r, &start, seat);
    } else {
        run_value(r, &start, r->seat, value);
        if (r->seat == PLAIN)
            run_value(r, &start, seat, value);
    }
}

/* The rows of one game (one test per game: a fork per row is slow under valgrind). */
START_TEST(test_status_table_rows_of_a_game) {
    const char *id = alea_game_id(alea_game_at((size_t)_i));
    int checked = 0;
    for (size_t i = 0; i < N_ROWS; i++)
        if (strncmp(rows[i].record, id, strlen(id)) == 0) {
            check_row(&rows[i]);
            checked++;
        }
    ck_assert_int_gt(checked, 0);
}
END_TEST

/* Every game has rows for every situation it can meet. */
START_TEST(test_status_table_covers_every_game_and_status) {
    for (size_t g = 0; g < alea_game_count(); g++) {
        const char *id = alea_game_id(alea_game_at(g));
        unsigned seen = 0, texts = 0, values = 0;
        for (size_t i = 0; i < N_ROWS; i++) {
            if (strncmp(rows[i].record, id, strlen(id)) != 0)
                continue;
            seen |= 1u << rows[i].want;
            texts += rows[i].kind == TEXT;
            values += rows[i].kind != TEXT;
        }
        unsigned need = 1u << ALEA_OK | 1u << ALEA_PARSE_ERROR | 1u << ALEA_ILLEGAL_ACTION |
                        1u << ALEA_WRONG_PHASE | 1u << ALEA_WRONG_PLAYER |
                        1u << ALEA_INVALID_ARGUMENT;
        ck_assert_msg((seen & need) == need, "%s lacks rows for some statuses (%#x)", id, seen);
        ck_assert_msg(texts > 0 && values > 0, "%s needs text and value rows", id);
    }
}
END_TEST

/* ---- the table as a property over random games ---- */

static const char *const specs[] = {
    "backgammon", "backgammon match=3 resign=on", "backgammon money=on beavers=on",
    "dice-poker players=3", "wise-dice max-moves=40", "plateau max-plies=40",
};
#define N_SPECS (sizeof specs / sizeof specs[0])
#define KEEP 160

typedef struct sent {
    char text[ALEA_ACTION_TEXT_MAX];
    uint64_t value;
    int chance; /* a chance outcome */
} sent;

/* An action legal at some node, sent at another node of the same game: its
   canonical text is well-formed everywhere (never PARSE_ERROR), its value is
   an action of the game everywhere (never INVALID_ARGUMENT), and the status is
   ALEA_WRONG_PHASE exactly when the kind of actor differs (a chance outcome at
   a player's node or the reverse), or the game is over. */
static void sent_elsewhere(const alea_state *st, const sent *a, uint64_t seed) {
    int now = alea_state_current_player(st);
    uint64_t value;
    alea_error e1, e2;
    alea_status t = alea_state_action_from_text(&value, st, a->text, &e1);
    alea_status v = alea_state_check_action(st, a->value, &e2);
    alea_status want = now == ALEA_PLAYER_TERMINAL || (now == ALEA_PLAYER_CHANCE) != a->chance
                           ? ALEA_WRONG_PHASE
                           : ALEA_ILLEGAL_ACTION; /* or ALEA_OK */
    if ((t != ALEA_OK || want == ALEA_WRONG_PHASE) && t != want) {
        char text[2048];
        alea_state_to_text(text, sizeof text, NULL, st);
        ck_abort_msg("seed %llu, state \"%s\": \"%s\" gave %s (%s), want %s",
                     (unsigned long long)seed, text, a->text, alea_status_name(t), e1.message,
                     alea_status_name(want));
    }
    if ((v != ALEA_OK || want == ALEA_WRONG_PHASE) && v != want) {
        char text[2048];
        alea_state_to_text(text, sizeof text, NULL, st);
        ck_abort_msg("seed %llu, state \"%s\": value %#llx (\"%s\") gave %s (%s), want %s",
                     (unsigned long long)seed, text, (unsigned long long)a->value, a->text,
                     alea_status_name(v), e2.message, alea_status_name(want));
    }
}

START_TEST(test_actions_sent_at_other_nodes_follow_the_table) {
    alea_state *nodes = malloc(KEEP * sizeof *nodes);
    sent *acts = malloc(KEEP * sizeof *acts);
    uint64_t *legal = malloc(ALEA_MAX_ACTIONS * sizeof *legal);
    size_t n_nodes = 0, n_acts = 0;
    uint64_t seed = test_seed(0x57A7 + (uint64_t)_i);
    alea_rng rng;
    ck_assert(nodes && acts && legal);
    alea_rng_seed(&rng, seed);
    for (long g = 0; g < test_scale_at_least(6, 2); g++) {
        alea_state st;
        ck_assert_int_eq(alea_state_init(&st, specs[_i], NULL), ALEA_OK);
        for (int step = 0;; step++) {
            int now = alea_state_current_player(&st);
            size_t n;
            if (alea_rng_below(&rng, 4) == 0 || now == ALEA_PLAYER_TERMINAL)
                nodes[n_nodes < KEEP ? n_nodes++ : alea_rng_below(&rng, KEEP)] = st;
            if (now == ALEA_PLAYER_TERMINAL || step > 4000)
                break;
            ck_assert_int_eq(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, &st), ALEA_OK);
            uint64_t a = legal[alea_rng_below(&rng, n)];
            if (alea_rng_below(&rng, 3) == 0) {
                sent *k = &acts[n_acts < KEEP ? n_acts++ : alea_rng_below(&rng, KEEP)];
                k->value = a;
                k->chance = now == ALEA_PLAYER_CHANCE;
                ck_assert_int_eq(alea_state_action_to_text(k->text, sizeof k->text, NULL, &st, a),
                                 ALEA_OK);
            }
            ck_assert_int_eq(alea_state_apply(&st, a, NULL), ALEA_OK);
        }
    }
    for (size_t i = 0; i < n_nodes; i++)
        for (size_t j = 0; j < n_acts; j += 1 + alea_rng_below(&rng, 3))
            sent_elsewhere(&nodes[i], &acts[j], seed);
    free(nodes);
    free(acts);
    free(legal);
}
END_TEST

static Suite *status_table_suite(void) {
    Suite *s = suite_create("status_table");
    TCase *tc = tcase_create("table");
    tcase_add_loop_test(tc, test_status_table_rows_of_a_game, 0, (int)alea_game_count());
    tcase_add_test(tc, test_status_table_covers_every_game_and_status);
    tcase_add_loop_test(tc, test_actions_sent_at_other_nodes_follow_the_table, 0, (int)N_SPECS);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) {
    return test_run(status_table_suite());
}
