/*
 * Wise dice: the game descriptor, set-up (W-4), chance (W-4.3, W-5.1),
 * legality with rule-citing reasons, and the result (W-10.4).
 */
#include "core/games.h"
#include "wise_dice/eval.h"
#include "wise_dice/wd.h"

#include <string.h>

/* ---- options and setup ---- */

static const alea_option_info wd_options[WD_OPTION_COUNT] = {
    {"max-moves", "moves plus passes after which the game stops (W-10.5)", ALEA_OPTION_INT, 1,
     WD_MAX_MAX_MOVES, 1000, NULL},
};

static alea_status wd_init(alea_state *st, const int32_t *values, alea_error *err) {
    (void)err;
    wd_state *s = wd_of(st);
    memset(s->sq, WD_NOT_PLACED, sizeof s->sq);
    s->max_moves = (uint32_t)values[WD_OPTION_MAX_MOVES];
    s->phase = WD_PHASE_SETUP; /* W-4.2: South places first */
    return ALEA_OK;
}

static void wd_options_of(const alea_state *st, int32_t *values) {
    values[WD_OPTION_MAX_MOVES] = (int32_t)wd_cof(st)->max_moves;
}

static int wd_num_players(const alea_state *st) {
    (void)st;
    return 2;
}

static int wd_current_player(const alea_state *st) {
    const wd_state *s = wd_cof(st);
    switch (s->phase) {
    case WD_PHASE_SETUP:
    case WD_PHASE_MOVE:
        return s->player & 1; /* masked: a seat even on damaged bytes (core/impl.h) */
    case WD_PHASE_START:
    case WD_PHASE_ROLL:
        return ALEA_PLAYER_CHANCE;
    default:
        return ALEA_PLAYER_TERMINAL;
    }
}

/* The pip of the next pawn the player in set-up places (W-4.2: 1..6 in order). */
static int next_pip(const wd_state *s) {
    int pip = 1;
    while (pip <= 6 && s->sq[wd_pawn(s->player, pip)] != WD_NOT_PLACED)
        pip++;
    return pip;
}

/* ---- chance (W-4.3, W-5.1) ---- */

/* The 126 multisets a <= b <= c <= d of W-5.1 in ascending action order, as
   the payload a<<9 | b<<6 | c<<3 | d, and their orderings out of 1296 (the
   numerators of TV-15).  A table, because chance nodes are half of all nodes;
   tests/test_wise_dice.c checks it against alea__wd_orderings(). */
static const uint16_t roll_payload[126] = {
    585,  586,  587,  588,  589,  590,  594,  595,  596,  597,  598,  603,  604,  605,  606,  612,
    613,  614,  621,  622,  630,  658,  659,  660,  661,  662,  667,  668,  669,  670,  676,  677,
    678,  685,  686,  694,  731,  732,  733,  734,  740,  741,  742,  749,  750,  758,  804,  805,
    806,  813,  814,  822,  877,  878,  886,  950,  1170, 1171, 1172, 1173, 1174, 1179, 1180, 1181,
    1182, 1188, 1189, 1190, 1197, 1198, 1206, 1243, 1244, 1245, 1246, 1252, 1253, 1254, 1261, 1262,
    1270, 1316, 1317, 1318, 1325, 1326, 1334, 1389, 1390, 1398, 1462, 1755, 1756, 1757, 1758, 1764,
    1765, 1766, 1773, 1774, 1782, 1828, 1829, 1830, 1837, 1838, 1846, 1901, 1902, 1910, 1974, 2340,
    2341, 2342, 2349, 2350, 2358, 2413, 2414, 2422, 2486, 2925, 2926, 2934, 2998, 3510,
};
static const uint8_t roll_orderings[126] = {
    1,  4,  4,  4,  4,  4,  6,  12, 12, 12, 12, 6,  12, 12, 12, 6,  12, 12, 6,  12, 6,
    4,  12, 12, 12, 12, 12, 24, 24, 24, 12, 24, 24, 12, 24, 12, 4,  12, 12, 12, 12, 24,
    24, 12, 24, 12, 4,  12, 12, 12, 24, 12, 4,  12, 12, 4,  1,  4,  4,  4,  4,  6,  12,
    12, 12, 6,  12, 12, 6,  12, 6,  4,  12, 12, 12, 12, 24, 24, 12, 24, 12, 4,  12, 12,
    12, 24, 12, 4,  12, 12, 4,  1,  4,  4,  4,  6,  12, 12, 6,  12, 6,  4,  12, 12, 12,
    24, 12, 4,  12, 12, 4,  1,  4,  4,  6,  12, 6,  4,  12, 12, 4,  1,  4,  6,  4,  1,
};

static size_t list_rolls(uint64_t *actions, alea_outcome *outcomes) {
    for (size_t i = 0; i < 126; i++) {
        uint64_t a = ALEA_WISE_DICE_ACTION(ALEA_WISE_DICE_ROLL, roll_payload[i]);
        if (actions)
            actions[i] = a;
        if (outcomes) {
            outcomes[i].action = a;
            outcomes[i].num = roll_orderings[i];
            outcomes[i].den = 1296;
            outcomes[i].prob = (double)roll_orderings[i] / 1296.0;
        }
    }
    return 126;
}

static size_t list_starts(uint64_t *actions, alea_outcome *outcomes) {
    for (int p = 0; p < 2; p++) {
        uint64_t a = ALEA_WISE_DICE_ACTION(ALEA_WISE_DICE_START, (unsigned)p);
        if (actions)
            actions[p] = a;
        if (outcomes) {
            outcomes[p].action = a;
            outcomes[p].num = 1;
            outcomes[p].den = 2;
            outcomes[p].prob = 0.5;
        }
    }
    return 2;
}

static size_t wd_chance_outcomes(const alea_state *st, alea_outcome *out) {
    return wd_cof(st)->phase == WD_PHASE_START ? list_starts(NULL, out) : list_rolls(NULL, out);
}

/* The physical way: the starter is one alea_rng_die(rng, 2), 1 = South; a
   roll is four alea_rng_die(rng, 6), sorted.  Documented in
   doc/rules/wise_dice.md. */
static uint64_t wd_roll(const alea_state *st, alea_rng *rng) {
    if (wd_cof(st)->phase == WD_PHASE_START)
        return ALEA_WISE_DICE_ACTION(ALEA_WISE_DICE_START,
                                     (unsigned)(alea_rng_die(rng, 2) == 1 ? 0 : 1));
    int d[4];
    for (int i = 0; i < 4; i++)
        d[i] = alea_rng_die(rng, 6);
    for (int i = 1; i < 4; i++) /* insertion sort of four */
        for (int j = i; j > 0 && d[j] < d[j - 1]; j--) {
            int t = d[j];
            d[j] = d[j - 1];
            d[j - 1] = t;
        }
    return alea__wd_roll_action(d);
}

/* ---- legal actions ---- */

static size_t wd_legal_actions(const alea_state *st, uint64_t *out) {
    const wd_state *s = wd_cof(st);
    size_t n = 0;
    switch (s->phase) {
    case WD_PHASE_SETUP: { /* W-4.1: an empty square of the home row */
        int row = wd_home_row(s->player);
        wd_board b;
        alea__wd_board(s, &b);
        for (int c = 0; c < WD_COLS; c++)
            if (b.count[wd_square(c, row)] == 0)
                out[n++] = ALEA_WISE_DICE_ACTION(ALEA_WISE_DICE_PLACE, (unsigned)c);
        return n;
    }
    case WD_PHASE_START:
        return list_starts(out, NULL);
    case WD_PHASE_ROLL:
        return list_rolls(out, NULL);
    case WD_PHASE_MOVE:
        return alea__wd_legal_moves(s, out);
    default:
        return 0;
    }
}

/* ---- check ---- */

static bool is_chance_kind(int kind) {
    return kind == ALEA_WISE_DICE_START || kind == ALEA_WISE_DICE_ROLL;
}

static alea_status check_phase(const wd_state *s, int kind, alea_error *err) {
    static const int wanted[] = {ALEA_WISE_DICE_PLACE, ALEA_WISE_DICE_START, ALEA_WISE_DICE_ROLL,
                                 ALEA_WISE_DICE_MOVE};
    static const char *const what[] = {"W-4.2: a pawn must be placed now",
                                       "W-4.3: the starter is drawn now (a chance outcome)",
                                       "W-5.1: the dice are rolled now (a chance outcome)",
                                       "W-5.2: the player must move or pass now"};
    if (s->phase == WD_PHASE_OVER)
        return alea__fail(err, ALEA_WRONG_PHASE, -1, "W-10.3: the game is over");
    bool fits =
        kind == wanted[s->phase] || (s->phase == WD_PHASE_MOVE && kind == ALEA_WISE_DICE_PASS);
    if (fits)
        return ALEA_OK;
    bool chance_now = s->phase == WD_PHASE_START || s->phase == WD_PHASE_ROLL;
    if (chance_now != is_chance_kind(kind))
        return alea__fail(err, ALEA_WRONG_PHASE, -1, "%s", what[s->phase]);
    return alea__fail(err, ALEA_ILLEGAL_ACTION, -1, "%s", what[s->phase]);
}

static alea_status refuse_move(const wd_state *s, const wd_action *a, wd_verdict v,
                               alea_error *err) {
    const char *dir = alea__wd_dir_names[a->dir];
    switch (v) {
    case WD_NOT_IN_ROLL:
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "W-5.2: I=%d, K=%d, Z=%d are not three dice of the roll %d%d%d%d", a->pip,
                          a->dist, a->points, s->roll[0], s->roll[1], s->roll[2], s->roll[3]);
    case WD_BAD_DIR:
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "W-6.1: the direction die left does not allow %s", dir);
    case WD_PAWN_BLOCKED:
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1, "W-7.1: pawn %d is blocked under a tower",
                          a->pip);
    case WD_PAWN_EXITED:
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1, "W-7.1: pawn %d has left the board",
                          a->pip);
    case WD_OFF_SIDE:
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "W-7.4: pawn %d going %s by %d leaves through a side edge", a->pip, dir,
                          a->dist);
    case WD_OFF_OWN:
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "W-7.4: pawn %d going %s by %d leaves through its own edge", a->pip, dir,
                          a->dist);
    case WD_HOME_ROW:
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "W-7.8: no exit while an own pawn stands on the home row");
    case WD_LAST_FREE:
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "W-7.6: the move would cover the opponent's last free pawn");
    default:
        return ALEA_OK;
    }
}

static alea_status check_move(const wd_state *s, const wd_action *a, uint64_t action,
                              alea_error *err) {
    wd_move m;
    uint64_t canon;
    wd_verdict v = alea__wd_evaluate(s, a->pip, a->dir, a->dist, a->points, &m, &canon);
    if (v != WD_LEGAL)
        return refuse_move(s, a, v, err);
    if (canon != action) { /* W-5.9: only the first spelling is the action */
        wd_action c;
        alea__wd_decode(&c, canon, NULL);
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "W-5.9: this exit is the action %d/%s/%d/%d (canonical spelling)", c.pip,
                          alea__wd_dir_names[c.dir], c.dist, c.points);
    }
    return ALEA_OK;
}

alea_status alea__wd_check(const alea_state *st, uint64_t action, alea_error *err) {
    const wd_state *s = wd_cof(st);
    wd_action a;
    alea_status status = alea__wd_decode(&a, action, err);
    if (status == ALEA_OK)
        status = check_phase(s, a.kind, err);
    if (status != ALEA_OK)
        return status;
    switch (a.kind) {
    case ALEA_WISE_DICE_PLACE: {
        wd_board b;
        if (next_pip(s) > 6) /* only damaged bytes: apply_place() would index pawn 7 */
            return alea__fail(err, ALEA_INVALID_STATE, -1,
                              "W-4.2: every pawn of the player is placed, yet the set-up goes on");
        alea__wd_board(s, &b);
        if (b.count[wd_square(a.column, wd_home_row(s->player))] != 0)
            return alea__fail(err, ALEA_ILLEGAL_ACTION, -1, "W-4.1: %c%d already holds a pawn",
                              'A' + a.column, wd_home_row(s->player));
        return ALEA_OK;
    }
    case ALEA_WISE_DICE_MOVE:
        return check_move(s, &a, action, err);
    case ALEA_WISE_DICE_PASS: {
        uint64_t list[ALEA_WISE_DICE_MAX_ACTIONS];
        alea__wd_legal_moves(s, list); /* a pass is listed alone, or not at all */
        if (list[0] != action)
            return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                              "W-5.4: a legal move exists, so the player may not pass");
        return ALEA_OK;
    }
    default: /* START and ROLL: every outcome is possible */
        return ALEA_OK;
    }
}

/* ---- apply ---- */

static void apply_place(wd_state *s, int column) {
    int pawn = wd_pawn(s->player, next_pip(s));
    int q = wd_square(column, wd_home_row(s->player));
    s->sq[pawn] = (uint8_t)q;
    s->height[pawn] = 0;
    if (next_pip(s) <= 6)
        return;
    if (s->player == 0) {
        s->player = 1; /* W-4.2: then North */
    } else {
        s->player = 0;
        s->phase = WD_PHASE_START; /* W-4.3 */
    }
}

static void wd_apply(alea_state *st, uint64_t action) {
    wd_state *s = wd_of(st);
    wd_action a;
    if (alea__wd_decode(&a, action, NULL) != ALEA_OK)
        return;
    switch (a.kind) {
    case ALEA_WISE_DICE_PLACE:
        apply_place(s, a.column);
        break;
    case ALEA_WISE_DICE_START:
        s->player = (uint8_t)a.player;
        s->phase = WD_PHASE_ROLL;
        break;
    case ALEA_WISE_DICE_ROLL:
        for (int i = 0; i < 4; i++)
            s->roll[i] = (uint8_t)a.dice[i];
        s->phase = WD_PHASE_MOVE;
        break;
    case ALEA_WISE_DICE_MOVE: {
        wd_move m;
        alea__wd_evaluate(s, a.pip, a.dir, a.dist, a.points, &m, NULL);
        alea__wd_make_move(s, &m);
        break;
    }
    default:
        alea__wd_make_move(s, NULL);
        break;
    }
}

/* ---- result (W-10.4) ---- */

static void wd_result(const alea_state *st, alea_result *out) {
    const wd_state *s = wd_cof(st);
    memset(out, 0, sizeof *out);
    out->terminal = s->phase == WD_PHASE_OVER;
    out->players = 2;
    out->score[0] = s->score[0];
    out->score[1] = s->score[1];
    alea__result_rank(out); /* equal totals are a draw (W-10.4) */
}

_Static_assert(ALEA_WISE_DICE_MAX_ACTIONS <= ALEA__SMALL_LIST,
               "a short buffer is served from a scratch list (no legal_prefix hook)");

const alea_game alea__wise_dice_game = {
    .id = "wise-dice",
    .title = "Wise dice (M\xc4\x85"
             "dre ko\xc5\x9b"
             "ci)",
    .summary = "Six numbered pawns each on an 8x12 board; four dice pick the pawn, the "
               "direction, the distance and the points. Towers give extra moves; the first "
               "exit ends the game.",
    .min_players = 2,
    .max_players = 2,
    .max_actions = ALEA_WISE_DICE_MAX_ACTIONS,
    .max_chance_outcomes = 126,
    .state_size = sizeof(wd_state),
    .options = wd_options,
    .option_count = sizeof wd_options / sizeof wd_options[0],
    .init = wd_init,
    .options_of = wd_options_of,
    .sane = alea__wd_sane,
    .current_player = wd_current_player,
    .num_players = wd_num_players,
    .legal_actions = wd_legal_actions,
    .chance_outcomes = wd_chance_outcomes,
    .roll = wd_roll,
    .check = alea__wd_check,
    .apply = wd_apply,
    .format_action = alea__wd_format_action,
    .parse_action = alea__wd_parse_action,
    .write_state = alea__wd_write_state,
    .read_state = alea__wd_read_state,
    .write_board = alea__wd_write_board,
    .write_json = alea__wd_write_json,
    .result = wd_result,
    .validate = alea__wd_validate,
    .rank = alea__wd_rank,
    .levels = alea__wd_levels,
    .level_count = WD_LEVEL_COUNT,
    .tensor_size = ALEA__WD_TENSOR_SIZE,
    .tensor = alea__wd_tensor,
};
