/*
 * The form of an action: kind << 12 | payload (include/alea/wise_dice.h),
 * the direction names and the direction sets of the direction die (W-6.1).
 */
#include "wise_dice/wd.h"

#include <string.h>

const char *const alea__wd_dir_names[WD_DIRS] = {"F", "FL", "FR", "L", "R", "B", "BL", "BR"};

uint32_t alea__wd_orderings(const int dice[4]) {
    uint32_t n = 24;
    int run = 1;
    for (int i = 1; i < 4; i++) {
        run = dice[i] == dice[i - 1] ? run + 1 : 1;
        n /= (uint32_t)run; /* divides by count! one factor at a time */
    }
    return n;
}

static bool die_ok(int v) {
    return v >= 1 && v <= 6;
}

/* A fixed text: garbage is refused often, and should be refused cheaply. */
static alea_status invalid(alea_error *err, const char *why) {
    if (err == NULL)
        return ALEA_INVALID_ARGUMENT;
    return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "%s", why);
}

alea_status alea__wd_decode(wd_action *out, uint64_t action, alea_error *err) {
    memset(out, 0, sizeof *out);
    if (action >> (WD_KIND_SHIFT + WD_KIND_BITS) != 0)
        return invalid(err, "no wise-dice action: kind out of range");
    int kind = (int)(action >> WD_KIND_SHIFT);
    unsigned fields = (unsigned)(action & WD_PAYLOAD_MASK);
    int payload = (int)fields;
    int f[4] = {wd_field(fields, 0), wd_field(fields, 1), wd_field(fields, 2), wd_field(fields, 3)};
    out->kind = kind;
    switch (kind) {
    case ALEA_WISE_DICE_PLACE:
        if (payload >= WD_COLS)
            return invalid(err, "no wise-dice action: a placement is a column 0..7");
        out->column = payload;
        return ALEA_OK;
    case ALEA_WISE_DICE_START:
        if (payload > 1)
            return invalid(err, "no wise-dice action: the starter is player 0 or 1");
        out->player = payload;
        return ALEA_OK;
    case ALEA_WISE_DICE_ROLL:
        for (int i = 0; i < 4; i++)
            if (!die_ok(f[i]) || (i > 0 && f[i] < f[i - 1]))
                return invalid(err, "no wise-dice action: a roll is four dice 1..6, ascending");
        memcpy(out->dice, f, sizeof f);
        return ALEA_OK;
    case ALEA_WISE_DICE_MOVE:
        if (!die_ok(f[0]) || f[1] >= WD_DIRS || !die_ok(f[2]) || !die_ok(f[3]))
            return invalid(err,
                           "no wise-dice action: a move is I, d, K, Z with dice 1..6 and d 0..7");
        out->pip = f[0];
        out->dir = f[1];
        out->dist = f[2];
        out->points = f[3];
        return ALEA_OK;
    case ALEA_WISE_DICE_PASS:
        if (payload != 0)
            return invalid(err, "no wise-dice action: a pass has payload 0");
        return ALEA_OK;
    default:
        return invalid(err, "no wise-dice action: unknown kind");
    }
}
