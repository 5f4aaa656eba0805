/*
 * The typed API of include/alea/wise_dice.h: options, action encoding and the
 * read-only view.
 */
#include "core/games.h"
#include "wise_dice/wd.h"

#include <stdio.h>
#include <string.h>

ALEA_API alea_status alea_wise_dice_options_init(alea_wise_dice_options *opts, uint32_t version) {
    static const alea_wise_dice_options defaults = ALEA_WISE_DICE_OPTIONS_INIT;
    if (!opts || version != ALEA_WISE_DICE_OPTIONS_VERSION)
        return ALEA_INVALID_ARGUMENT;
    *opts = defaults;
    return ALEA_OK;
}

ALEA_API alea_status alea_wise_dice_init(alea_state *out, const alea_wise_dice_options *opts,
                                         alea_error *err) {
    if (out == NULL || opts == NULL)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "NULL state or options");
    if (opts->version != ALEA_WISE_DICE_OPTIONS_VERSION)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "wise-dice options version %u is not %d",
                          (unsigned)opts->version, ALEA_WISE_DICE_OPTIONS_VERSION);
    char spec[64];
    snprintf(spec, sizeof spec, "wise-dice max-moves=%ld", (long)opts->max_moves);
    return alea_state_init(out, spec, err); /* range checks: the option table */
}

static bool die_ok(int32_t v) {
    return v >= 1 && v <= 6;
}

ALEA_API alea_status alea_wise_dice_encode(uint64_t *out, const alea_wise_dice_action *action) {
    if (out == NULL || action == NULL)
        return ALEA_INVALID_ARGUMENT;
    const alea_wise_dice_action *a = action;
    uint64_t value;
    switch (a->kind) {
    case ALEA_WISE_DICE_PLACE:
        if (a->column < 0 || a->column >= WD_COLS)
            return ALEA_INVALID_ARGUMENT;
        value = ALEA_WISE_DICE_ACTION(a->kind, (unsigned)a->column);
        break;
    case ALEA_WISE_DICE_START:
        if (a->player != 0 && a->player != 1)
            return ALEA_INVALID_ARGUMENT;
        value = ALEA_WISE_DICE_ACTION(a->kind, (unsigned)a->player);
        break;
    case ALEA_WISE_DICE_ROLL: {
        int d[4];
        for (int i = 0; i < 4; i++) {
            if (!die_ok(a->dice[i]) || (i > 0 && a->dice[i] < a->dice[i - 1]))
                return ALEA_INVALID_ARGUMENT;
            d[i] = a->dice[i];
        }
        value = alea__wd_roll_action(d);
        break;
    }
    case ALEA_WISE_DICE_MOVE:
        if (!die_ok(a->pip) || a->direction < 0 || a->direction >= WD_DIRS ||
            !die_ok(a->distance) || !die_ok(a->points))
            return ALEA_INVALID_ARGUMENT;
        value = alea__wd_move_action(a->pip, a->direction, a->distance, a->points);
        break;
    case ALEA_WISE_DICE_PASS:
        value = ALEA_WISE_DICE_ACTION(a->kind, 0);
        break;
    default:
        return ALEA_INVALID_ARGUMENT;
    }
    *out = value;
    return ALEA_OK;
}

ALEA_API alea_status alea_wise_dice_decode(alea_wise_dice_action *out, uint64_t action) {
    if (out == NULL)
        return ALEA_INVALID_ARGUMENT;
    wd_action a;
    if (alea__wd_decode(&a, action, NULL) != ALEA_OK)
        return ALEA_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    out->kind = a.kind;
    out->column = a.column;
    out->player = a.player;
    for (int i = 0; i < 4; i++)
        out->dice[i] = a.dice[i];
    out->pip = a.pip;
    out->direction = a.dir;
    out->distance = a.dist;
    out->points = a.points;
    return ALEA_OK;
}

ALEA_API alea_status alea_wise_dice_get_view(alea_wise_dice_view *out, const alea_state *state) {
    if (out == NULL || state == NULL || out->version != ALEA_WISE_DICE_VIEW_VERSION)
        return ALEA_INVALID_ARGUMENT;
    if (alea_state_game(state) != &alea__wise_dice_game)
        return ALEA_INVALID_ARGUMENT;
    if (alea_state_validate(state, NULL) != ALEA_OK)
        return ALEA_INVALID_STATE;
    const wd_state *s = wd_cof(state);
    wd_board bd;
    alea__wd_board(s, &bd);
    memset(out, 0, sizeof *out);
    memset(out->stack, -1, sizeof out->stack);
    out->version = ALEA_WISE_DICE_VIEW_VERSION;
    out->phase = s->phase;
    bool acting =
        s->phase == WD_PHASE_SETUP || s->phase == WD_PHASE_ROLL || s->phase == WD_PHASE_MOVE;
    out->player = acting ? s->player : -1;
    out->final_turn = s->final_turn;
    for (int i = 0; i < 4; i++)
        out->roll[i] = s->roll[i];
    out->score[0] = s->score[0];
    out->score[1] = s->score[1];
    out->moves = (int32_t)s->moves;
    out->max_moves = (int32_t)s->max_moves;
    for (int p = 0; p < WD_PAWNS; p++) {
        alea_wise_dice_pawn *v = &out->pawn[p / 6][p % 6];
        int q = s->sq[p];
        v->square = q < WD_SQUARES   ? q
                    : q == WD_EXITED ? ALEA_WISE_DICE_EXITED
                                     : ALEA_WISE_DICE_NOT_PLACED;
        v->height = s->height[p];
        v->free = wd_is_free(&bd, s, p);
        if (q < WD_SQUARES)
            out->stack[q][s->height[p]] = (int8_t)p;
    }
    for (int q = 0; q < WD_SQUARES; q++)
        out->heights[q] = bd.count[q];
    return ALEA_OK;
}
