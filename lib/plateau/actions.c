/*
 * Plateau: the form of an action, `kind << PL_KIND_SHIFT | payload` (the
 * fields in pl.h, the encoding in include/alea/plateau.h).  Only the form is
 * checked here, not legality.
 */
#include "plateau/pl.h"

#include <string.h>

static alea_status bad(alea_error *err, const char *what, uint64_t action) {
    return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "%s: %llu is no plateau action", what,
                      (unsigned long long)action);
}

static bool set_ok(const uint8_t set[8]) {
    int n = 0;
    for (int t = 0; t < PL_TYPES; t++) {
        if (set[t] > alea__pl_count[t])
            return false;
        n += set[t];
    }
    return n > 0;
}

/* The field at `shift` of a payload, `mask` wide. */
static int field(uint32_t v, int shift, uint32_t mask) {
    return (int)((v >> shift) & mask);
}

alea_status alea__pl_decode(pl_action *out, uint64_t action, alea_error *err) {
    pl_action a;
    memset(&a, 0, sizeof a);
    if (action >> (PL_KIND_SHIFT + PL_KIND_BITS))
        return bad(err, "kind out of range", action);
    uint32_t v = (uint32_t)(action & PL_PAYLOAD_MASK);
    a.kind = (int)(action >> PL_KIND_SHIFT);
    switch (a.kind) {
    case ALEA_PLATEAU_SETUP:
        if (v >> PL_SETUP_BITS)
            return bad(err, "setup payload", action);
        a.square = field(v, PL_SETUP_SQUARE_SHIFT, PL_SQUARE_MASK);
        a.pstate2 = field(v, PL_SETUP_BOTTOM_SHIFT, PL_PSTATE_MASK);
        a.pstate = field(v, PL_SETUP_TOP_SHIFT, PL_PSTATE_MASK);
        if (!alea__pl_pstate_ok(a.pstate) || !alea__pl_pstate_ok(a.pstate2))
            return bad(err, "setup piece", action);
        break;
    case ALEA_PLATEAU_ONBOARD:
        if (v >> PL_ONBOARD_BITS || field(v, PL_ONBOARD_GAP_SHIFT, 7u))
            return bad(err, "onboard payload", action);
        a.pstate = field(v, PL_ONBOARD_PSTATE_SHIFT, PL_PSTATE_MASK);
        a.square = field(v, PL_ONBOARD_SQUARE_SHIFT, PL_SQUARE_MASK);
        a.level = field(v, 0, PL_ONBOARD_LEVEL_MASK);
        if (!alea__pl_pstate_ok(a.pstate) || a.level > PL_MAX_HEIGHT)
            return bad(err, "onboard piece or level", action);
        break;
    case ALEA_PLATEAU_MOVE:
        if (v >> PL_MOVE_BITS || field(v, PL_MOVE_GAP_SHIFT, 15u))
            return bad(err, "move payload", action);
        a.square = field(v, PL_MOVE_ORIGIN_SHIFT, PL_SQUARE_MASK);
        a.flip = field(v, PL_MOVE_FLIP_SHIFT, 1u);
        a.k = field(v, PL_MOVE_LIFT_SHIFT, PL_MOVE_LIFT_MASK);
        a.target = field(v, PL_MOVE_TARGET_SHIFT, PL_SQUARE_MASK);
        a.m[0] = field(v, PL_MOVE_STOP1_SHIFT, PL_MOVE_STOP_MASK);
        a.m[1] = field(v, PL_MOVE_STOP2_SHIFT, PL_MOVE_STOP_MASK);
        if (a.k == 0)
            return bad(err, "move lifting no piece", action);
        {
            int mid[2] = {0, 0};
            int nmid = a.target == a.square ? 0 : alea__pl_geometry(a.square, a.target, mid);
            for (int i = nmid; i < 2; i++)
                if (a.m[i])
                    return bad(err, "stop on no square passed over", action);
        }
        break;
    case ALEA_PLATEAU_OFFER:
    case ALEA_PLATEAU_GIVE:
        if (v >> PL_SET_BITS)
            return bad(err, "set payload", action);
        alea__pl_unpack(a.set, v);
        if (!set_ok(a.set))
            return bad(err, "set of prisoners", action);
        break;
    case ALEA_PLATEAU_DECLINE:
    case ALEA_PLATEAU_PASS:
        if (v)
            return bad(err, "payload", action);
        break;
    default:
        return bad(err, "kind", action);
    }
    *out = a;
    return ALEA_OK;
}

uint64_t alea__pl_encode(const pl_action *a) {
    uint32_t v = 0;
    switch (a->kind) {
    case ALEA_PLATEAU_SETUP:
        v = (uint32_t)(a->square << PL_SETUP_SQUARE_SHIFT | a->pstate2 << PL_SETUP_BOTTOM_SHIFT |
                       a->pstate << PL_SETUP_TOP_SHIFT);
        break;
    case ALEA_PLATEAU_ONBOARD:
        v = (uint32_t)(a->pstate << PL_ONBOARD_PSTATE_SHIFT | a->square << PL_ONBOARD_SQUARE_SHIFT |
                       a->level);
        break;
    case ALEA_PLATEAU_MOVE:
        v = (uint32_t)(a->square << PL_MOVE_ORIGIN_SHIFT | a->flip << PL_MOVE_FLIP_SHIFT |
                       a->k << PL_MOVE_LIFT_SHIFT | a->target << PL_MOVE_TARGET_SHIFT |
                       a->m[0] << PL_MOVE_STOP1_SHIFT | a->m[1] << PL_MOVE_STOP2_SHIFT);
        break;
    case ALEA_PLATEAU_OFFER:
    case ALEA_PLATEAU_GIVE:
        v = alea__pl_pack(a->set);
        break;
    default:
        break;
    }
    return pl_kind_bits(a->kind) | v;
}
