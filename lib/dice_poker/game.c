/*
 * Dice poker: the game descriptor, the turn (P-2), chance (P-8.2), legality
 * and the result (P-7).
 */
#include "core/games.h"
#include "dice_poker/dp.h"

#include <string.h>

/* ---- options and setup ---- */

static const alea_option_info dp_options[DP_OPTION_COUNT] = {
    {"players", "number of players, 1 to 4 (P-1.1)", ALEA_OPTION_INT, 1, 4, 2, NULL},
    {"columns", "columns of each card, 1 to 6 (P-1.3)", ALEA_OPTION_INT, 1, DP_MAX_COLS, 3, NULL},
};

static alea_status dp_init(alea_state *st, const int32_t *values, alea_error *err) {
    (void)err;
    dp_state *s = dp_of(st);
    s->players = (uint8_t)values[DP_OPTION_PLAYERS];
    s->columns = (uint8_t)values[DP_OPTION_COLUMNS];
    s->phase = DP_PHASE_THROW; /* P-2.1: seat 0 throws first (P-8.1) */
    return ALEA_OK;
}

static void dp_options_of(const alea_state *st, int32_t *values) {
    values[DP_OPTION_PLAYERS] = dp_cof(st)->players;
    values[DP_OPTION_COLUMNS] = dp_cof(st)->columns;
}

/* 1..4 seats (P-1.1); 0 on damaged bytes (core/impl.h) */
static bool seats_ok(const dp_state *s) {
    return s->players - 1u < ALEA_MAX_PLAYERS;
}

static int dp_num_players(const alea_state *st) {
    return seats_ok(dp_cof(st)) ? dp_cof(st)->players : 0;
}

static int dp_current_player(const alea_state *st) {
    const dp_state *s = dp_cof(st);
    switch (s->phase) {
    case DP_PHASE_THROW:
        return ALEA_PLAYER_CHANCE;
    case DP_PHASE_DECIDE:
        return seats_ok(s) ? dp_seat(s) : ALEA_PLAYER_INVALID;
    default:
        return ALEA_PLAYER_TERMINAL;
    }
}

/* ---- chance: a throw of m dice (P-2.1, P-2.2, P-8.2) ---- */

static int dice_to_throw(const dp_state *s) {
    int m = DP_DICE - alea__dp_dice_count(s->held);
    return m > 0 ? m : 0; /* below 0 only on damaged bytes (sane.c) */
}

/* One outcome per multiset of m dice, in ascending action order. */
static size_t list_throws(const dp_state *s, uint64_t *actions, alea_outcome *outcomes) {
    int m = dice_to_throw(s);
    uint32_t den = 1;
    for (int i = 0; i < m; i++)
        den *= 6;
    uint8_t c[DP_FACES];
    size_t n = 0;
    alea__dp_multiset_first(c, m);
    do {
        uint64_t a = alea__dp_dice_action(ALEA_DICE_POKER_ROLL, c);
        if (actions)
            actions[n] = a;
        if (outcomes) {
            outcomes[n].action = a;
            outcomes[n].num = alea__dp_orderings(c);
            outcomes[n].den = den;
            outcomes[n].prob = (double)outcomes[n].num / (double)den;
        }
        n++;
    } while (alea__dp_multiset_next(c));
    return n;
}

static size_t dp_chance_outcomes(const alea_state *st, alea_outcome *out) {
    return list_throws(dp_cof(st), NULL, out);
}

/* The physical way: one alea_rng_die(rng, 6) per die thrown, in order; the
   outcome is the multiset of the faces.  Documented in doc/rules/dice_poker.md. */
static uint64_t dp_roll(const alea_state *st, alea_rng *rng) {
    uint8_t c[DP_FACES] = {0};
    int m = dice_to_throw(dp_cof(st));
    for (int i = 0; i < m; i++) {
        int face = alea_rng_die(rng, DP_FACES);
        if (face >= 1 && face <= DP_FACES)
            c[face - 1]++;
    }
    return alea__dp_dice_action(ALEA_DICE_POKER_ROLL, c);
}

/* ---- the player's choices (P-2.2, P-2.3) ---- */

/* Every keep-set: the sub-multisets of the dice but the dice themselves, as
   packed payloads (alea_dice_poker_pack(): three bits a face, ones lowest), in
   ascending order.  The list of keep-sets of the faces above f, ascending,
   grows in place into that of the faces from f: each entry e becomes
   e, e + 1 f, ..., e + d f (d dice show f), which stays ascending because f
   is packed below the faces already placed.  The dice themselves, the
   largest, come last and are dropped. */
static size_t list_holds(const dp_state *s, uint64_t *out) {
    size_t n = 1;
    out[0] = ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_HOLD, 0);
    for (int f = DP_FACES - 1; f >= 0; f--) {
        const size_t d = s->dice[f];
        const uint64_t unit = (uint64_t)1 << dp_count_shift(f);
        if (d == 0)
            continue;
        for (size_t i = n; i-- > 0;) { /* from the back: nothing unread is overwritten */
            uint64_t e = out[i];
            for (size_t k = d + 1; k-- > 0;)
                out[i * (d + 1) + k] = e + k * unit;
        }
        n *= d + 1;
    }
    return n - 1;
}

static bool row_open(const dp_state *s, int row) {
    return alea__dp_row_filled(&s->card[dp_seat(s)], s->columns, row) < s->columns;
}

static bool can_write(const dp_state *s, int row) {
    return row_open(s, row) && (dp_is_school(row) || alea__dp_combination_base(row, s->dice) > 0);
}

/* Most alike dice each combination row needs (P-3; 1: five different dice,
   0: any dice), in row order from ALEA_DICE_POKER_PAIR. */
static const int combination_needs[DP_ROWS - DP_SCHOOL_ROWS] = {2, 3, 2, 3, 4, 5, 1, 1, 0};

/* P-2.2, P-2.3: the holds, then SCORE per row that may be written, then STRIKE
   per open combination row; each row's openness is read once. */
static size_t dp_legal_actions(const alea_state *st, uint64_t *out) {
    const dp_state *s = dp_cof(st);
    if (s->phase == DP_PHASE_THROW)
        return list_throws(s, out, NULL);
    if (s->phase != DP_PHASE_DECIDE)
        return 0;
    const dp_card *card = &s->card[dp_seat(s)];
    const int last = s->columns - 1;
    uint32_t open = 0; /* bit r: row r has an empty cell */
    int most = 0;
    size_t n = 0;
    if (s->throws < DP_MAX_THROWS)
        n = list_holds(s, out);
    /* P-3: a combination row is only worth asking about when the dice have the
       most alike dice it needs (a straight: five different dice) */
    for (int f = 0; f < DP_FACES; f++)
        most = s->dice[f] > most ? s->dice[f] : most;
    for (int row = 0; row < DP_ROWS; row++) {
        /* filled cells are a prefix of the row (P-2.3, checked by validate) */
        if (card->mark[row][last] != ALEA_DICE_POKER_EMPTY)
            continue;
        open |= 1u << row;
        if (!dp_is_school(row)) {
            int need = combination_needs[row - DP_SCHOOL_ROWS];
            if ((need == 1 ? most != 1 : most < need) ||
                alea__dp_combination_base(row, s->dice) <= 0)
                continue;
        }
        out[n++] = ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_SCORE, row);
    }
    for (int row = DP_SCHOOL_ROWS; row < DP_ROWS; row++)
        if (open >> row & 1u)
            out[n++] = ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_STRIKE, row);
    return n;
}

/* ---- check ---- */

/* P-2.1, P-2.2: a throw when dice are in the air, a decision otherwise. */
alea_status alea__dp_check_phase(const alea_state *st, int kind, alea_error *err) {
    const dp_state *s = dp_cof(st);
    bool roll = kind == ALEA_DICE_POKER_ROLL;
    if (s->phase == DP_PHASE_OVER)
        return alea__fail(err, ALEA_WRONG_PHASE, -1, "P-7.1: the game is over");
    if (s->phase == DP_PHASE_THROW && !roll)
        return alea__fail(err, ALEA_WRONG_PHASE, -1,
                          "P-2.1: the dice must be thrown now (a chance outcome)");
    if (s->phase == DP_PHASE_DECIDE && roll)
        return alea__fail(err, ALEA_WRONG_PHASE, -1,
                          "P-2.2: seat %d must hold dice or score now, no dice are in the air",
                          dp_seat(s));
    return ALEA_OK;
}

static alea_status check_throw(const dp_state *s, const dp_action *a, alea_error *err) {
    int m = dice_to_throw(s);
    if (a->dice != m)
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1, "P-2.2: %d %s thrown now, not %d", m,
                          m == 1 ? "die is" : "dice are", a->dice);
    return ALEA_OK;
}

static alea_status check_hold(const dp_state *s, const dp_action *a, alea_error *err) {
    if (s->throws >= DP_MAX_THROWS)
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "P-2.2: no more re-throws after the third throw");
    for (int f = 0; f < DP_FACES; f++) {
        if (a->counts[f] > s->dice[f]) {
            char dice[16];
            alea__dp_dice_text(dice, s->dice);
            return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                              "P-2.2: cannot keep %d %d%s, the dice are %s", a->counts[f], f + 1,
                              a->counts[f] > 1 ? "s" : "", dice);
        }
    }
    return ALEA_OK;
}

static alea_status check_score(const dp_state *s, const dp_action *a, alea_error *err) {
    if (!row_open(s, a->row))
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1, "P-2.3: row %s has no empty cell",
                          alea__dp_row_title(a->row));
    if (a->kind == ALEA_DICE_POKER_SCORE && !can_write(s, a->row)) {
        char dice[16];
        alea__dp_dice_text(dice, s->dice);
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1, "P-3: the dice %s do not form %s", dice,
                          alea__dp_row_title(a->row));
    }
    return ALEA_OK;
}

alea_status alea__dp_check(const alea_state *st, uint64_t action, alea_error *err) {
    const dp_state *s = dp_cof(st);
    dp_action a;
    alea_status status = alea__dp_decode(&a, action, err);
    if (status == ALEA_OK)
        status = alea__dp_check_phase(st, a.kind, err);
    if (status != ALEA_OK)
        return status;
    switch (a.kind) {
    case ALEA_DICE_POKER_ROLL:
        return check_throw(s, &a, err);
    case ALEA_DICE_POKER_HOLD:
        return check_hold(s, &a, err);
    default:
        return check_score(s, &a, err);
    }
}

/* ---- apply ---- */

static void apply_roll(dp_state *s, const dp_action *a) {
    for (int f = 0; f < DP_FACES; f++) {
        s->dice[f] = (uint8_t)(s->held[f] + a->counts[f]);
        s->held[f] = 0;
    }
    s->throws++;
    s->all_five = a->dice == DP_DICE; /* P-3.1 */
    s->phase = DP_PHASE_DECIDE;
}

/* P-2.2: the kept dice stay on the table, the others are thrown again. */
static void apply_hold(dp_state *s, const dp_action *a) {
    memcpy(s->held, a->counts, sizeof s->held);
    memset(s->dice, 0, sizeof s->dice);
    s->all_five = 0;
    s->phase = DP_PHASE_THROW;
}

/* P-4: the dice decide the outcome of a School row; the change of the
   reserve is written in the cell, which becomes the record (P-4.5). */
static void fill_school(dp_state *s, dp_card *card, int row, int col) {
    int n = row + 1, delta;
    alea__dp_school_outcome(n, s->dice[row], card->reserve, &card->mark[row][col], &delta);
    card->value[row][col] = (uint8_t)(delta < 0 ? -delta : delta);
    if (delta != 0) {
        card->reserve = (int16_t)(card->reserve + delta);
        card->record = (uint8_t)(1 + row * DP_MAX_COLS + col);
    }
}

/* P-2.4: after the turn the next seat throws; P-7.1: or the game ends. */
static void end_turn(dp_state *s) {
    s->turns++;
    memset(s->dice, 0, sizeof s->dice);
    memset(s->held, 0, sizeof s->held);
    s->throws = 0;
    s->all_five = 0;
    s->phase = s->turns == dp_total_turns(s) ? DP_PHASE_OVER : DP_PHASE_THROW;
}

static void apply_score(dp_state *s, const dp_action *a) {
    int seat = dp_seat(s), row = a->row;
    dp_card *card = &s->card[seat];
    int col = alea__dp_row_filled(card, s->columns, row); /* P-2.3: leftmost empty */
    if (a->kind == ALEA_DICE_POKER_STRIKE) {
        card->mark[row][col] = ALEA_DICE_POKER_STRUCK;
    } else if (dp_is_school(row)) {
        fill_school(s, card, row, col);
    } else {
        card->mark[row][col] = ALEA_DICE_POKER_SCORED;
        card->value[row][col] = (uint8_t)alea__dp_combination_value(row, s->dice, s->all_five);
    }
    alea__dp_award_bonuses(s, seat, row, col); /* P-6.2 */
    end_turn(s);
}

static void dp_apply(alea_state *st, uint64_t action) {
    dp_state *s = dp_of(st);
    dp_action a;
    if (alea__dp_decode(&a, action, NULL) != ALEA_OK)
        return;
    switch (a.kind) {
    case ALEA_DICE_POKER_ROLL:
        apply_roll(s, &a);
        break;
    case ALEA_DICE_POKER_HOLD:
        apply_hold(s, &a);
        break;
    default:
        apply_score(s, &a);
        break;
    }
}

/* ---- result (P-7.2, P-7.3) ---- */

static void dp_result(const alea_state *st, alea_result *out) {
    const dp_state *s = dp_cof(st);
    memset(out, 0, sizeof *out);
    out->terminal = s->phase == DP_PHASE_OVER;
    out->players = s->players;
    for (int i = 0; i < s->players; i++)
        out->score[i] = alea__dp_score(s, i);
    alea__result_rank(out); /* P-7.3: equal scores share a place, no tie-break */
}

_Static_assert(ALEA_DICE_POKER_MAX_ACTIONS <= ALEA__SMALL_LIST,
               "a short buffer is served from a scratch list (no legal_prefix hook)");

const alea_game alea__dice_poker_game = {
    .id = "dice-poker",
    .title = "Dice poker (Ko\xc5\x9b"
             "ciany poker)",
    .summary = "Five dice, up to three throws a turn: close the School rows 1 to 6, "
               "write combinations and race for bonuses (1 to 4 players).",
    .min_players = 1,
    .max_players = 4,
    .max_actions = ALEA_DICE_POKER_MAX_ACTIONS,
    .max_chance_outcomes = 252,
    .state_size = sizeof(dp_state),
    .options = dp_options,
    .option_count = sizeof dp_options / sizeof dp_options[0],
    .init = dp_init,
    .options_of = dp_options_of,
    .sane = alea__dp_sane,
    .current_player = dp_current_player,
    .num_players = dp_num_players,
    .legal_actions = dp_legal_actions,
    .chance_outcomes = dp_chance_outcomes,
    .roll = dp_roll,
    .check = alea__dp_check,
    .apply = dp_apply,
    .format_action = alea__dp_format_action,
    .parse_action = alea__dp_parse_action,
    .write_state = alea__dp_write_state,
    .read_state = alea__dp_read_state,
    .write_board = alea__dp_write_board,
    .write_json = alea__dp_write_json,
    .result = dp_result,
    .validate = alea__dp_validate,
    .advise = alea__dp_advise,
    .rank = alea__dp_rank,
    .levels = alea__dp_levels,
    .level_count = DP_LEVELS,
    .tensor_size = ALEA__DP_TENSOR_SIZE,
    .tensor = alea__dp_tensor,
};
