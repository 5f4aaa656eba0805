/*
 * Plateau: the game descriptor, set-up (R4), onboarding (R6), the turn (R5),
 * the end of a turn (R10) and the result.
 */
#include "core/games.h"
#include "plateau/pl.h"
#include "plateau/search.h"

#include <string.h>

/* ---- options and setup ---- */

static const alea_option_info pl_options[] = {
    {"overpay", "a responder may give more than the offer when he could give less (D12)",
     ALEA_OPTION_BOOL, 0, 1, 0, NULL},
    {"max-plies", "turns (set-ups included) after which the game is drawn; 0 = no cap (R10.4)",
     ALEA_OPTION_INT, 0, 1000000, 0, NULL},
};

/* The cap is checked at the end of a playing turn (R10.4), so it must leave room
   for both set-ups: a cap of 1 or 2 would be passed during the set-up. */
#define PL_MIN_CAP 3

static alea_status pl_init(alea_state *st, const int32_t *values, alea_error *err) {
    pl_state *s = pl_of(st);
    if (values[1] > 0 && values[1] < PL_MIN_CAP)
        return alea__fail(err, ALEA_BAD_OPTION, -1,
                          "R10.4: max-plies=%d ends the game inside the set-up; use 0 (no cap) "
                          "or at least %d",
                          (int)values[1], PL_MIN_CAP);
    s->overpay = (uint8_t)values[0];
    s->max_plies = (uint32_t)values[1];
    s->phase = PL_SETUP; /* R4.1, R4.2: every piece off the board, Black first */
    for (int p = 0; p < 2; p++)
        memcpy(s->reserve[p], alea__pl_count, PL_TYPES);
    return ALEA_OK;
}

static void pl_options_of(const alea_state *st, int32_t *values) {
    values[0] = pl_cof(st)->overpay;
    values[1] = (int32_t)pl_cof(st)->max_plies;
}

static int pl_num_players(const alea_state *st) {
    (void)st;
    return 2;
}

static int pl_current_player(const alea_state *st) {
    const pl_state *s = pl_cof(st);
    /* masked: a seat even on damaged bytes (core/impl.h) */
    return s->phase == PL_OVER ? ALEA_PLAYER_TERMINAL : s->to_act & 1;
}

/* ---- the end of a turn (R5.3, R10.3, R10.4) ---- */

static bool wins(const pl_state *s, int p) {
    return alea__pl_has_six(s, p) || alea__pl_set_size(s->prisoners[p]) >= PL_SIX;
}

void alea__pl_end_turn(pl_state *s, int p) {
    s->plies++;
    s->min_offer = 0;
    s->to_act = (uint8_t)(1 - p);
    int result = ALEA_PLATEAU_RESULT_NONE;
    if (wins(s, p)) /* the mover first */
        result = ALEA_PLATEAU_RESULT_BLACK + p;
    else if (wins(s, 1 - p))
        result = ALEA_PLATEAU_RESULT_BLACK + (1 - p);
    else if (s->passes >= 2 || s->plies >= pl_cap(s))
        result = ALEA_PLATEAU_RESULT_DRAW;
    if (result != ALEA_PLATEAU_RESULT_NONE) {
        s->result = (uint8_t)result;
        s->phase = PL_OVER;
        s->to_act = 0;
    }
}

/* ---- set-up (R4) ---- */

static bool setup_pieces_ok(const pl_state *s, const pl_action *a) {
    int p = s->to_act, t1 = PL_TYPE_OF(a->pstate), t2 = PL_TYPE_OF(a->pstate2);
    if (t1 == t2)
        return s->reserve[p][t1] >= 2;
    return s->reserve[p][t1] >= 1 && s->reserve[p][t2] >= 1;
}

/* Every (bottom, top) pair the reserve allows is the same on every square:
   found once, then written for each free perimeter square in ascending order
   (square, bottom, top: the SETUP fields of pl.h, alea__pl_encode()).  Stores
   only the first `keep` (a short buffer); returns the count. */
static size_t list_setups(const pl_state *s, uint64_t *out, size_t keep) {
    uint32_t pairs[PL_PSTATES * PL_PSTATES];
    size_t n = 0, np = 0;
    pl_action a = {.kind = ALEA_PLATEAU_SETUP};
    for (a.pstate2 = 0; a.pstate2 < PL_PSTATES; a.pstate2++)
        for (a.pstate = 0; a.pstate < PL_PSTATES; a.pstate++)
            if (alea__pl_pstate_ok(a.pstate) && alea__pl_pstate_ok(a.pstate2) &&
                setup_pieces_ok(s, &a))
                pairs[np++] =
                    (uint32_t)(a.pstate2 << PL_SETUP_BOTTOM_SHIFT | a.pstate << PL_SETUP_TOP_SHIFT);
    for (int sq = 0; sq < PL_SQUARES; sq++) {
        if (!alea__pl_perimeter(sq) || s->height[sq])
            continue;
        const uint64_t head = pl_kind_bits(ALEA_PLATEAU_SETUP) | (uint64_t)sq
                                                                     << PL_SETUP_SQUARE_SHIFT;
        for (size_t i = 0; i < np && n + i < keep; i++)
            out[n + i] = head | pairs[i];
        n += np;
    }
    return n;
}

static alea_status check_setup(const pl_state *s, const pl_action *a, alea_error *err) {
    char name[3];
    alea__pl_square_text(name, a->square);
    if (!alea__pl_perimeter(a->square))
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1, "R4.2: %s is not a perimeter square", name);
    if (s->height[a->square])
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1, "R4.3: %s is already taken", name);
    if (!setup_pieces_ok(s, a))
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "R4.2: there is only one %s to set up (R2.1)",
                          alea__pl_type_code(PL_TYPE_OF(a->pstate)));
    return ALEA_OK;
}

static void apply_setup(pl_state *s, const pl_action *a) {
    int p = s->to_act;
    uint8_t *x = s->stack[a->square];
    x[0] = pl_piece(p, a->pstate2);
    x[1] = (uint8_t)(pl_piece(p, a->pstate) | PL_UPK); /* R11: only the top face is seen */
    s->height[a->square] = 2;
    s->reserve[p][PL_TYPE_OF(a->pstate)]--;
    s->reserve[p][PL_TYPE_OF(a->pstate2)]--;
    s->plies++;
    s->to_act = (uint8_t)(1 - p);
    if (p == 1)
        s->phase = PL_PLAY; /* R4.4: Black takes the first turn */
}

/* ---- onboarding (R6) ---- */

/* R6.2: level 0 of an empty square, or directly on an own piece. */
static bool level_ok(const pl_state *s, int p, int sq, int level) {
    int h = s->height[sq];
    if (h == 0)
        return level == 0;
    return level >= 1 && level <= h && pl_owner(s->stack[sq][level - 1]) == p;
}

/* R5.5, R5.6: the lowest legal level giving the same stack. */
static int canonical_level(const pl_state *s, int p, int sq, int level, uint8_t piece) {
    while (level >= 2 && (s->stack[sq][level - 1] & PL_IDENT) == piece &&
           pl_owner(s->stack[sq][level - 2]) == p)
        level--;
    return level;
}

/* The places (square, level) a piece may go (level_ok()) do not depend on
   the piece: found once with, for each, the piece identity that would make it
   a non-canonical spelling (canonical_level(): the same piece just below, on
   an own piece; 0xFF when none), then written per piece state in ascending
   order. */
static size_t list_onboards(const pl_state *s, uint64_t *out, size_t n) {
    int p = s->to_act;
    /* each place as an action without its piece state, ascending, and the
       identity that blocks it (0xFF: none) */
    uint64_t place[PL_SQUARES * (PL_MAX_HEIGHT + 1)];
    uint8_t blocker[PL_SQUARES * (PL_MAX_HEIGHT + 1)];
    uint32_t blocked = 0; /* bit i: some place is blocked for identity i */
    size_t count = 0;
    const uint64_t kind = pl_kind_bits(ALEA_PLATEAU_ONBOARD);
    for (int sq = 0; sq < PL_SQUARES; sq++) {
        int h = s->height[sq];
        const uint8_t *x = s->stack[sq];
        const uint64_t at = kind | (uint64_t)sq << PL_ONBOARD_SQUARE_SHIFT;
        if (h == 0) { /* R6.2: level 0 of an empty square */
            place[count] = at;
            blocker[count++] = 0xFF;
            continue;
        }
        bool below_own = false;                    /* the piece under x[level - 1] is the mover's */
        for (int level = 1; level <= h; level++) { /* R6.2: directly on an own piece */
            bool own = pl_owner(x[level - 1]) == p;
            if (own) {
                uint8_t b = 0xFF;
                if (below_own) {
                    b = (uint8_t)(x[level - 1] & PL_IDENT);
                    blocked |= 1u << b;
                }
                place[count] = at | (uint64_t)level;
                blocker[count++] = b;
            }
            below_own = own;
        }
    }
    for (int t = 0; t < PL_TYPES; t++) {
        if (s->reserve[p][t] == 0)
            continue;
        for (int ps = 2 * t; ps < 2 * t + (alea__pl_two_faced(t) ? 2 : 1); ps++) {
            const uint8_t piece = pl_piece(p, ps);
            const uint64_t bits = (uint64_t)ps << PL_ONBOARD_PSTATE_SHIFT;
            if (!(blocked >> piece & 1u)) { /* no place is blocked for this piece */
                for (size_t i = 0; i < count; i++)
                    out[n + i] = place[i] | bits;
                n += count;
                continue;
            }
            for (size_t i = 0; i < count; i++)
                if (blocker[i] != piece)
                    out[n++] = place[i] | bits;
        }
    }
    return n;
}

static alea_status check_onboard(const pl_state *s, const pl_action *a, alea_error *err) {
    int p = s->to_act;
    char name[3];
    alea__pl_square_text(name, a->square);
    if (s->reserve[p][PL_TYPE_OF(a->pstate)] == 0)
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1, "R6.1: no %s in the reserve",
                          alea__pl_type_code(PL_TYPE_OF(a->pstate)));
    if (!level_ok(s, p, a->square, a->level))
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "R6.2: level %d of %s is neither an empty square nor directly on an "
                          "own piece",
                          a->level, name);
    int c = canonical_level(s, p, a->square, a->level, pl_piece(p, a->pstate));
    if (c != a->level)
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "R5.6: level %d of %s gives the same stack as level %d, the canonical "
                          "spelling",
                          a->level, name, c);
    return ALEA_OK;
}

static void apply_onboard(pl_state *s, const pl_action *a) {
    int p = s->to_act, sq = a->square, h = s->height[sq], i = a->level;
    uint8_t *x = s->stack[sq];
    memmove(&x[i + 1], &x[i], (size_t)(h - i));
    /* R11: a piece put on top shows its up-face; one slid inside a stack is
       covered at once; the piece it rests on is uncovered. */
    x[i] = (uint8_t)(pl_piece(p, a->pstate) | (i == h ? PL_UPK : 0));
    if (i > 0)
        x[i - 1] |= PL_UPK;
    s->height[sq] = (uint8_t)(h + 1);
    s->reserve[p][PL_TYPE_OF(a->pstate)]--;
    s->passes = 0;
    alea__pl_end_turn(s, p); /* R6.3: no capture */
}

/* ---- legal actions ---- */

size_t alea__pl_legal(const alea_state *st, uint64_t *out) {
    const pl_state *s = pl_cof(st);
    size_t n = 0;
    switch (s->phase) {
    case PL_SETUP:
        return list_setups(s, out, SIZE_MAX);
    case PL_RESPOND:
        return alea__pl_list_responses(s, out, 0);
    case PL_PLAY:
        n = list_onboards(s, out, 0);
        n = alea__pl_list_moves(s, out, n);
        n = alea__pl_list_offers(s, out, n);
        if (n == 0)
            out[n++] = pl_kind_bits(ALEA_PLATEAU_PASS); /* R5.2 */
        /* ascending without sorting: kinds in order, and every generator
           loops over the fields from the most significant down */
        return n;
    default:
        return 0;
    }
}

/* The list for a short buffer (lib/core/impl.h legal_prefix), in a few KB of
   stack: the sublists but the moves are short (a part list), the moves are
   counted without a list and stored up to the buffer's end. */
#define PART_MAX 720 /* responses: 5*3*3*2^4 subsets of the prisoners (R2.1, R9); onboards 40*11 */

/* Appends the part list's m actions at n, what fits below cap; returns n + m. */
static size_t keep_part(uint64_t *out, size_t cap, size_t n, const uint64_t *part, size_t m) {
    if (n < cap)
        memcpy(out + n, part, (m < cap - n ? m : cap - n) * sizeof *part);
    return n + m;
}

static size_t pl_legal_prefix(const alea_state *st, uint64_t *out, size_t cap) {
    const pl_state *s = pl_cof(st);
    uint64_t part[PART_MAX];
    size_t n;
    switch (s->phase) {
    case PL_SETUP:
        return list_setups(s, out, cap);
    case PL_RESPOND:
        return keep_part(out, cap, 0, part, alea__pl_list_responses(s, part, 0));
    case PL_PLAY:
        n = keep_part(out, cap, 0, part, list_onboards(s, part, 0));
        size_t moves = 0;
        alea__pl_list_moves_upto(s, out, n, cap > n ? cap : n, &moves);
        n += moves;
        n = keep_part(out, cap, n, part, alea__pl_list_offers(s, part, 0));
        if (n == 0) {
            part[0] = pl_kind_bits(ALEA_PLATEAU_PASS); /* R5.2 */
            return keep_part(out, cap, 0, part, 1);
        }
        return n < PL_MAX_LEGAL ? n : PL_MAX_LEGAL; /* as the list */
    default:
        return 0;
    }
}

/* ---- check and apply ---- */

static alea_status check_phase(const pl_state *s, int kind, alea_error *err) {
    static const char *const names[] = {"",      "setup", "onboard", "move",
                                        "offer", "give",  "decline", "pass"};
    bool ok;
    switch (s->phase) {
    case PL_SETUP:
        ok = kind == ALEA_PLATEAU_SETUP;
        break;
    case PL_RESPOND:
        ok = kind == ALEA_PLATEAU_GIVE || kind == ALEA_PLATEAU_DECLINE;
        break;
    default:
        ok = kind == ALEA_PLATEAU_ONBOARD || kind == ALEA_PLATEAU_MOVE ||
             kind == ALEA_PLATEAU_OFFER || kind == ALEA_PLATEAU_PASS;
        break;
    }
    if (ok)
        return ALEA_OK;
    const char *rule = s->phase == PL_SETUP     ? "R4.2: a stack must be set up first"
                       : s->phase == PL_RESPOND ? "R9.7: the offer must be answered first"
                                                : "R5.1: a normal turn";
    return alea__fail(err, ALEA_ILLEGAL_ACTION, -1, "%s, not a %s", rule, names[kind]);
}

static bool any_onboard(const pl_state *s) {
    int p = s->to_act;
    for (int ps = 0; ps < PL_PSTATES; ps++) {
        if (!alea__pl_pstate_ok(ps) || s->reserve[p][PL_TYPE_OF(ps)] == 0)
            continue;
        uint8_t piece = pl_piece(p, ps);
        for (int sq = 0; sq < PL_SQUARES; sq++) {
            int h = s->height[sq];
            for (int level = h ? 1 : 0; level <= h; level++)
                if (level_ok(s, p, sq, level) && canonical_level(s, p, sq, level, piece) == level)
                    return true;
        }
    }
    return false;
}

/* Without a legal list on the stack (doc/hardening.md "Stack"). */
static bool has_other_action(const pl_state *s) {
    return any_onboard(s) || alea__pl_any_move(s) || alea__pl_any_offer(s);
}

/* R7: a move is legal when the walker (moves.c) lists it; the runner, on a
   copy, finds the rule a refused one breaks. */
static alea_status check_move(const pl_state *s, uint64_t action, const pl_action *a,
                              alea_error *err) {
    pl_state scratch;
    if (alea__pl_is_move(s, action))
        return ALEA_OK;
    memcpy(&scratch, s, sizeof scratch);
    alea_status status = alea__pl_run_move(&scratch, a, err);
    return status != ALEA_OK
               ? status
               : alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                            "R7: not a move of the rules' list (each result once, D9)");
}

alea_status alea__pl_check(const alea_state *st, uint64_t action, alea_error *err) {
    const pl_state *s = pl_cof(st);
    pl_action a;
    alea_status status = alea__pl_decode(&a, action, err);
    if (status != ALEA_OK)
        return status;
    if (s->phase == PL_OVER)
        return alea__fail(err, ALEA_WRONG_PHASE, -1, "R10: the game is over");
    status = check_phase(s, a.kind, err);
    if (status != ALEA_OK)
        return status;
    switch (a.kind) {
    case ALEA_PLATEAU_SETUP:
        return check_setup(s, &a, err);
    case ALEA_PLATEAU_ONBOARD:
        return check_onboard(s, &a, err);
    case ALEA_PLATEAU_MOVE:
        return check_move(s, action, &a, err);
    case ALEA_PLATEAU_OFFER:
        return alea__pl_check_offer(s, &a, err);
    case ALEA_PLATEAU_PASS:
        if (has_other_action(s))
            return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                              "R5.2: a player may pass only when he has no other action");
        return ALEA_OK;
    default:
        return alea__pl_check_response(s, &a, err);
    }
}

void alea__pl_apply(alea_state *st, uint64_t action) {
    pl_state *s = pl_of(st);
    pl_action a;
    if (alea__pl_decode(&a, action, NULL) != ALEA_OK)
        return;
    switch (a.kind) {
    case ALEA_PLATEAU_SETUP:
        apply_setup(s, &a);
        break;
    case ALEA_PLATEAU_ONBOARD:
        apply_onboard(s, &a);
        break;
    case ALEA_PLATEAU_MOVE: {
        int p = s->to_act;
        alea__pl_run_move(s, &a, NULL);
        s->passes = 0;
        alea__pl_end_turn(s, p);
        break;
    }
    case ALEA_PLATEAU_PASS:
        s->passes++;
        alea__pl_end_turn(s, s->to_act);
        break;
    default:
        alea__pl_apply_exchange(s, &a);
        break;
    }
}

/* ---- result ---- */

/* Scores: prisoners held while the game runs; at the end 6 for the winner
   (the loser keeps his count, at most 5), 0 each after a draw. */
static void pl_result(const alea_state *st, alea_result *out) {
    const pl_state *s = pl_cof(st);
    memset(out, 0, sizeof *out);
    out->terminal = s->phase == PL_OVER;
    out->players = 2;
    for (int p = 0; p < 2; p++)
        out->score[p] = alea__pl_set_size(s->prisoners[p]);
    if (s->result == ALEA_PLATEAU_RESULT_DRAW) {
        out->score[0] = out->score[1] = 0;
    } else if (s->result != ALEA_PLATEAU_RESULT_NONE) {
        int w = s->result - ALEA_PLATEAU_RESULT_BLACK;
        out->score[w] = PL_SIX;
        if (out->score[1 - w] >= PL_SIX)
            out->score[1 - w] = PL_SIX - 1;
    }
    alea__result_rank(out);
}

const alea_game alea__plateau_game = {
    .id = "plateau",
    .title = "Plateau",
    .summary = "Jim Albea's 4x4 stacking game: onboard, flip and move stacks of two-faced "
               "pieces, pin and capture, exchange prisoners; six in a unit or six prisoners "
               "win (2 players).",
    .min_players = 2,
    .max_players = 2,
    .max_actions = PL_MAX_LEGAL, /* proven in pl.h */
    .max_chance_outcomes = 0,
    .state_size = sizeof(pl_state),
    .options = pl_options,
    .option_count = sizeof pl_options / sizeof pl_options[0],
    .init = pl_init,
    .options_of = pl_options_of,
    .sane = alea__pl_sane,
    .current_player = pl_current_player,
    .num_players = pl_num_players,
    .legal_actions = alea__pl_legal,
    .legal_prefix = pl_legal_prefix,
    /* no chance nodes: chance_outcomes and roll stay NULL (lib/core calls
       them only at a chance node) */
    .check = alea__pl_check,
    .apply = alea__pl_apply,
    .format_action = alea__pl_format_action,
    .parse_action = alea__pl_parse_action,
    .write_state = alea__pl_write_state,
    .read_state = alea__pl_read_state,
    .write_board = alea__pl_write_board,
    .write_json = alea__pl_write_json,
    .result = pl_result,
    .validate = alea__pl_validate,
    .observe = alea__pl_observe,
    .determinize = alea__pl_determinize,
    .observe_action = alea__pl_observe_action,
    .rank = alea__pl_rank,
    .levels = alea__pl_levels,
    .level_count = PL_LEVEL_COUNT,
    .rank_scratch = PL_RANK_SCRATCH,
    .tensor_size = ALEA__PL_TENSOR_SIZE,
    .tensor = alea__pl_tensor,
};
