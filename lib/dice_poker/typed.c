/*
 * The typed API of include/alea/dice_poker.h: options, action encoding, the
 * combination table and the read-only view.
 */
#include "core/games.h"
#include "dice_poker/dp.h"

#include <stdio.h>
#include <string.h>

ALEA_API alea_status alea_dice_poker_options_init(alea_dice_poker_options *opts, uint32_t version) {
    static const alea_dice_poker_options defaults = ALEA_DICE_POKER_OPTIONS_INIT;
    if (!opts || version != ALEA_DICE_POKER_OPTIONS_VERSION)
        return ALEA_INVALID_ARGUMENT;
    *opts = defaults;
    return ALEA_OK;
}

ALEA_API alea_status alea_dice_poker_init(alea_state *out, const alea_dice_poker_options *opts,
                                          alea_error *err) {
    if (out == NULL || opts == NULL)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "NULL state or options");
    if (opts->version != ALEA_DICE_POKER_OPTIONS_VERSION)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "dice-poker options version %u is not %d",
                          (unsigned)opts->version, ALEA_DICE_POKER_OPTIONS_VERSION);
    char spec[80];
    snprintf(spec, sizeof spec, "dice-poker players=%ld columns=%ld", (long)opts->players,
             (long)opts->columns);
    return alea_state_init(out, spec, err); /* range checks: the option table */
}

ALEA_API uint32_t alea_dice_poker_pack(const uint8_t counts[6]) {
    uint32_t packed = 0;
    if (counts == NULL)
        return 0;
    for (int f = 0; f < DP_FACES; f++)
        packed |= (uint32_t)(counts[f] & DP_COUNT_MASK) << dp_count_shift(f);
    return packed;
}

ALEA_API alea_status alea_dice_poker_encode(uint64_t *out, const alea_dice_poker_action *action) {
    if (out == NULL || action == NULL)
        return ALEA_INVALID_ARGUMENT;
    uint64_t value;
    if (action->kind == ALEA_DICE_POKER_ROLL || action->kind == ALEA_DICE_POKER_HOLD) {
        for (int f = 0; f < DP_FACES; f++)
            if (action->counts[f] > DP_DICE)
                return ALEA_INVALID_ARGUMENT;
        value = ALEA_DICE_POKER_ACTION(action->kind, alea_dice_poker_pack(action->counts));
    } else if (action->kind == ALEA_DICE_POKER_SCORE || action->kind == ALEA_DICE_POKER_STRIKE) {
        if (action->row < 0 || action->row >= DP_ROWS)
            return ALEA_INVALID_ARGUMENT;
        value = ALEA_DICE_POKER_ACTION(action->kind, action->row);
    } else {
        return ALEA_INVALID_ARGUMENT;
    }
    dp_action check;
    if (alea__dp_decode(&check, value, NULL) != ALEA_OK) /* dice totals, struck School rows */
        return ALEA_INVALID_ARGUMENT;
    *out = value;
    return ALEA_OK;
}

ALEA_API alea_status alea_dice_poker_decode(alea_dice_poker_action *out, uint64_t action) {
    if (out == NULL)
        return ALEA_INVALID_ARGUMENT;
    dp_action a;
    if (alea__dp_decode(&a, action, NULL) != ALEA_OK)
        return ALEA_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    out->kind = a.kind;
    out->row = a.row;
    memcpy(out->counts, a.counts, sizeof out->counts);
    return ALEA_OK;
}

ALEA_API alea_status alea_dice_poker_combination_value(int32_t *value_out, int32_t row,
                                                       const uint8_t counts[6], int all_five) {
    if (value_out == NULL || counts == NULL || !dp_is_combination(row))
        return ALEA_INVALID_ARGUMENT;
    int n = 0;
    for (int f = 0; f < DP_FACES; f++)
        n += counts[f];
    if (n != DP_DICE)
        return ALEA_INVALID_ARGUMENT;
    *value_out = alea__dp_combination_value(row, counts, all_five != 0);
    return ALEA_OK;
}

static void view_card(alea_dice_poker_card *out, const dp_state *s, int seat) {
    const dp_card *card = &s->card[seat];
    for (int r = 0; r < DP_ROWS; r++) {
        for (int c = 0; c < DP_MAX_COLS; c++) {
            out->mark[r][c] = card->mark[r][c];
            /* the header promises SCORED points only: School cells read 0 */
            out->value[r][c] = (int16_t)(dp_is_school(r) ? 0 : card->value[r][c]);
        }
    }
    out->reserve = card->reserve;
    out->record_row = card->record ? (card->record - 1) / DP_MAX_COLS : -1;
    out->record_col = card->record ? (card->record - 1) % DP_MAX_COLS : -1;
    out->score = alea__dp_score(s, seat);
}

ALEA_API alea_status alea_dice_poker_get_view(alea_dice_poker_view *out, const alea_state *state) {
    if (out == NULL || state == NULL || out->version != ALEA_DICE_POKER_VIEW_VERSION)
        return ALEA_INVALID_ARGUMENT;
    if (alea_state_game(state) != &alea__dice_poker_game)
        return ALEA_INVALID_ARGUMENT;
    if (alea_state_validate(state, NULL) != ALEA_OK)
        return ALEA_INVALID_STATE;
    const dp_state *s = dp_cof(state);
    memset(out, 0, sizeof *out);
    out->version = ALEA_DICE_POKER_VIEW_VERSION;
    out->players = s->players;
    out->columns = s->columns;
    out->phase = s->phase;
    out->seat = s->phase == DP_PHASE_OVER ? -1 : dp_seat(s);
    out->throws = s->throws;
    out->all_five = s->all_five;
    out->turns = s->turns;
    memcpy(out->dice, s->dice, sizeof out->dice);
    memcpy(out->held, s->held, sizeof out->held);
    for (int b = 0; b < DP_BONUSES; b++) {
        out->bonus_owner[b] = s->bonus_owner[b] - 1;
        out->bonus_value[b] = s->bonus_value[b];
    }
    for (int i = 0; i < ALEA_MAX_PLAYERS; i++) {
        out->card[i].record_row = out->card[i].record_col = -1;
        if (i < s->players)
            view_card(&out->card[i], s, i);
    }
    return ALEA_OK;
}
