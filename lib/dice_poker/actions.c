/*
 * The form of an action (see include/alea/dice_poker.h): kind << 24 | payload.
 * ROLL and HOLD carry dice counts, three bits a face; SCORE and STRIKE a row.
 * Legality in a state is game.c's business; this file only tells values that
 * are dice-poker actions from values that are not.
 */
#include "dice_poker/dp.h"

#define DICE_BITS (DP_COUNT_BITS * DP_FACES)

uint64_t alea__dp_dice_action(int kind, const uint8_t c[DP_FACES]) {
    return ALEA_DICE_POKER_ACTION(kind, alea_dice_poker_pack(c));
}

static alea_status decode_dice(dp_action *out, uint64_t payload, alea_error *err) {
    if (payload >> DICE_BITS)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "P-8.2: dice counts use bits 0..17 of the payload only");
    for (int f = 0; f < DP_FACES; f++) {
        unsigned n = (unsigned)(payload >> dp_count_shift(f)) & DP_COUNT_MASK;
        if (n > DP_DICE)
            return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                              "P-8.2: %u dice showing %d, but there are five dice", n, f + 1);
        out->counts[f] = (uint8_t)n;
    }
    out->dice = alea__dp_dice_count(out->counts);
    if (out->kind == ALEA_DICE_POKER_ROLL && (out->dice < 1 || out->dice > DP_DICE))
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "P-2.2: a throw is of 1 to 5 dice, not %d", out->dice);
    if (out->kind == ALEA_DICE_POKER_HOLD && out->dice >= DP_DICE)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "P-2.2: at least one die must be re-thrown (keep 0 to 4)");
    return ALEA_OK;
}

static alea_status decode_row(dp_action *out, uint64_t payload, alea_error *err) {
    if (payload >= DP_ROWS)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "P-1.2: row %llu does not exist (rows 0..14)",
                          (unsigned long long)payload);
    out->row = (int)payload;
    if (out->kind == ALEA_DICE_POKER_STRIKE && dp_is_school(out->row))
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "P-2.3: School rows cannot be struck out");
    return ALEA_OK;
}

alea_status alea__dp_decode(dp_action *out, uint64_t action, alea_error *err) {
    uint64_t kind = action >> DP_KIND_SHIFT, payload = action & DP_PAYLOAD_MASK;
    for (int f = 0; f < DP_FACES; f++)
        out->counts[f] = 0;
    out->row = -1;
    out->dice = 0;
    out->kind = 0;
    if (kind < ALEA_DICE_POKER_ROLL || kind > ALEA_DICE_POKER_STRIKE)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "0x%llx is no dice-poker action (kind %llu is not 1..4)",
                          (unsigned long long)action, (unsigned long long)kind);
    out->kind = (int)kind;
    if (kind == ALEA_DICE_POKER_ROLL || kind == ALEA_DICE_POKER_HOLD)
        return decode_dice(out, payload, err);
    return decode_row(out, payload, err);
}
