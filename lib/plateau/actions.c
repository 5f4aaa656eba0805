/*
 * Plateau: the form of an action, `kind << 28 | payload` (encoding in
 * include/alea/plateau.h).  Only the form is checked here, not legality.
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

alea_status alea__pl_decode(pl_action *out, uint64_t action, alea_error *err) {
    pl_action a;
    memset(&a, 0, sizeof a);
    if (action >> 31)
        return bad(err, "kind out of range", action);
    uint32_t v = (uint32_t)(action & 0x0FFFFFFFu);
    a.kind = (int)(action >> 28);
    switch (a.kind) {
    case ALEA_PLATEAU_SETUP:
        if (v >> 12)
            return bad(err, "setup payload", action);
        a.square = (int)(v >> 8);
        a.pstate2 = (int)((v >> 4) & 15);
        a.pstate = (int)(v & 15);
        if (!alea__pl_pstate_ok(a.pstate) || !alea__pl_pstate_ok(a.pstate2))
            return bad(err, "setup piece", action);
        break;
    case ALEA_PLATEAU_ONBOARD:
        if (v >> 16 || (v >> 9) & 7)
            return bad(err, "onboard payload", action);
        a.pstate = (int)(v >> 12);
        a.square = (int)((v >> 5) & 15);
        a.level = (int)(v & 31);
        if (!alea__pl_pstate_ok(a.pstate) || a.level > PL_MAX_HEIGHT)
            return bad(err, "onboard piece or level", action);
        break;
    case ALEA_PLATEAU_MOVE:
        if (v >> 24 || (v >> 12) & 15)
            return bad(err, "move payload", action);
        a.square = (int)(v >> 20);
        a.flip = (int)((v >> 19) & 1);
        a.k = (int)((v >> 16) & 7);
        a.target = (int)((v >> 8) & 15);
        a.m[0] = (int)((v >> 4) & 15);
        a.m[1] = (int)(v & 15);
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
        if (v >> 21)
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
        v = (uint32_t)(a->square << 8 | a->pstate2 << 4 | a->pstate);
        break;
    case ALEA_PLATEAU_ONBOARD:
        v = (uint32_t)(a->pstate << 12 | a->square << 5 | a->level);
        break;
    case ALEA_PLATEAU_MOVE:
        v = (uint32_t)(a->square << 20 | a->flip << 19 | a->k << 16 | a->target << 8 |
                       a->m[0] << 4 | a->m[1]);
        break;
    case ALEA_PLATEAU_OFFER:
    case ALEA_PLATEAU_GIVE:
        v = alea__pl_pack(a->set);
        break;
    default:
        break;
    }
    return (uint64_t)a->kind << 28 | v;
}
