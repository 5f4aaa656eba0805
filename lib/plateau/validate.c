/*
 * Plateau: every invariant of a state, for states read from text or raw
 * bytes (untrusted input).
 */
#include "plateau/pl.h"

#include <string.h>

static alea_status bad(alea_error *err, const char *msg) {
    return alea__fail(err, ALEA_INVALID_STATE, -1, "%s", msg);
}

static bool zero(const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return false;
    return true;
}

static alea_status check_stacks(const pl_state *s, alea_error *err) {
    for (int sq = 0; sq < PL_SQUARES; sq++) {
        int h = s->height[sq];
        if (h > PL_MAX_HEIGHT)
            return bad(err, "R1.3: a stack is higher than all the pieces");
        if (!zero(s->stack[sq] + h, (size_t)(PL_MAX_HEIGHT - h)))
            return bad(err, "bytes above a stack are not zero");
        for (int i = 0; i < h; i++) {
            uint8_t x = s->stack[sq][i];
            if ((x & 0x80) || !alea__pl_pstate_ok(pl_pstate(x)))
                return bad(err, "R2.2: a piece that does not exist");
            if ((x & PL_DNK) && !(x & PL_UPK))
                return bad(err, "R11: a down-face seen without the up-face");
        }
        if (h && !(s->stack[sq][h - 1] & PL_UPK))
            return bad(err, "R11: the up-face of a top piece is public");
    }
    return ALEA_OK;
}

/* R2.1: 12 pieces a player, on the board, in the reserve or held by the
   opponent. */
static alea_status check_inventory(const pl_state *s, alea_error *err) {
    for (int p = 0; p < 2; p++) {
        uint8_t on[8];
        alea__pl_board_counts(s, p, on);
        for (int t = 0; t < PL_TYPES; t++)
            if (on[t] + s->reserve[p][t] + s->prisoners[1 - p][t] != alea__pl_count[t])
                return bad(err, "R2.1: pieces are missing or extra");
        if (s->reserve[p][7] || s->prisoners[p][7])
            return bad(err, "unused type slot is not zero");
    }
    if (s->offer[7])
        return bad(err, "unused type slot is not zero");
    return ALEA_OK;
}

static alea_status check_setup(const pl_state *s, alea_error *err) {
    int stacks = 0;
    for (int sq = 0; sq < PL_SQUARES; sq++) {
        if (!s->height[sq])
            continue;
        stacks++;
        if (s->height[sq] != 2 || !alea__pl_perimeter(sq) || pl_owner(s->stack[sq][0]) != 0 ||
            pl_owner(s->stack[sq][1]) != 0 || (s->stack[sq][0] & (PL_UPK | PL_DNK)) ||
            (s->stack[sq][1] & PL_DNK))
            return bad(err, "R4.2: Black's set-up is one two-piece stack on the perimeter");
    }
    if (stacks != s->to_act || s->plies != s->to_act)
        return bad(err, "R4: the set-up order is Black, then White");
    for (int p = 0; p < 2; p++)
        if (alea__pl_set_size(s->prisoners[p]))
            return bad(err, "R4.1: no prisoners during the set-up");
    return ALEA_OK;
}

/* After the set-up: the plies count the two set-ups and every turn since,
   Black's first (R4.4), so the seat to act follows from the count; a pass is
   a turn; a draw comes from two passes or the cap (R10.4); a declined offer
   was made of the initiator's prisoners to an opponent holding some (R9.1,
   R9.6). */
static alea_status check_turns(const pl_state *s, alea_error *err) {
    uint32_t least = 2u + s->passes; /* a finished game had a turn after the set-up */
    if (s->phase == PL_OVER && least < 3)
        least = 3;
    if (s->plies < least)
        return bad(err, "R4: play begins after the two set-ups, and passes are turns");
    if (s->phase == PL_PLAY && s->to_act != s->plies % 2)
        return bad(err, "R5: turns alternate, Black first after the set-up");
    if (s->phase == PL_RESPOND && s->to_act == s->plies % 2)
        return bad(err, "R9.7: the opponent of the player on turn answers the offer");
    if (s->result == ALEA_PLATEAU_RESULT_DRAW && s->passes < 2 && s->plies != pl_cap(s))
        return bad(err, "R10.4: a draw comes from two passes or the turn cap");
    if (s->min_offer && (alea__pl_set_value(s->prisoners[s->to_act]) < s->min_offer ||
                         !alea__pl_set_size(s->prisoners[1 - s->to_act])))
        return bad(err, "R9.6: a declined offer of prisoners the player does not hold");
    return ALEA_OK;
}

static alea_status check_flow(const pl_state *s, alea_error *err) {
    if (s->phase > PL_OVER || s->to_act > 1 || s->result > ALEA_PLATEAU_RESULT_DRAW)
        return bad(err, "phase, seat or result out of range");
    if (s->overpay > 1 || s->max_plies > 1000000 || s->max_plies == 1 || s->max_plies == 2)
        return bad(err, "option out of range (max-plies is 0 or 3..1000000, R10.4)");
    if ((s->phase == PL_OVER) != (s->result != ALEA_PLATEAU_RESULT_NONE))
        return bad(err, "R10: a result exactly when the game is over");
    if (s->phase == PL_OVER && s->to_act)
        return bad(err, "no seat acts in a finished game");
    if (s->plies > pl_cap(s) || (s->phase != PL_OVER && s->plies == pl_cap(s)))
        return bad(err, "R10.4: more turns than the cap");
    if (s->phase != PL_RESPOND && alea__pl_set_size(s->offer))
        return bad(err, "R9.7: an offer outside an exchange");
    if (s->phase != PL_PLAY && s->min_offer)
        return bad(err, "R9.6: a declined offer outside a turn");
    if (s->min_offer > 76)
        return bad(err, "R9.6: a declined offer is worth at most 76");
    if (s->passes > 2 || (s->passes == 2 && s->result != ALEA_PLATEAU_RESULT_DRAW))
        return bad(err, "R10.4: two passes end the game in a draw");
    if (s->phase == PL_SETUP) {
        if (s->passes || s->min_offer)
            return bad(err, "R4: nothing but set-ups before the first turn");
        return check_setup(s, err);
    }
    alea_status status = check_turns(s, err);
    if (status != ALEA_OK)
        return status;
    int p = s->to_act;
    if (s->phase == PL_RESPOND) {
        const uint8_t *held = s->prisoners[1 - p];
        for (int t = 0; t < PL_TYPES; t++)
            if (s->offer[t] > held[t])
                return bad(err, "R9.1: the offer is not among the initiator's prisoners");
        if (!alea__pl_set_size(s->offer) || !alea__pl_set_size(s->prisoners[p]))
            return bad(err, "R9.1: an offer needs prisoners on both sides");
        if (alea__pl_set_value(s->offer) <= s->min_offer)
            return bad(err, "R9.6");
    }
    if (s->phase != PL_OVER) {
        for (int q = 0; q < 2; q++)
            if (alea__pl_has_six(s, q) || alea__pl_set_size(s->prisoners[q]) >= PL_SIX)
                return bad(err, "R10.1, R10.2: a won position is not over");
    } else if (s->result != ALEA_PLATEAU_RESULT_DRAW) {
        int w = s->result - ALEA_PLATEAU_RESULT_BLACK;
        if (!alea__pl_has_six(s, w) && alea__pl_set_size(s->prisoners[w]) < PL_SIX)
            return bad(err, "R10: the winner has neither a unit of six nor six prisoners");
    }
    return ALEA_OK;
}

alea_status alea__pl_validate(const alea_state *st, alea_error *err) {
    const pl_state *s = pl_cof(st);
    if (s->pad0[0] || s->pad0[1])
        return bad(err, "padding is not zero");
    alea_status status = check_stacks(s, err);
    if (status == ALEA_OK)
        status = check_inventory(s, err);
    if (status == ALEA_OK)
        status = check_flow(s, err);
    return status;
}
