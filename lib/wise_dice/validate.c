/*
 * Every invariant of a state: a state text or a block of memory that no game
 * could reach is refused (this is untrusted input).
 */
#include "wise_dice/wd.h"

#include <string.h>

static alea_status bad(alea_error *err, const char *why) {
    return alea__fail(err, ALEA_INVALID_STATE, -1, "%s", why);
}

/* W-4.1, W-4.2: during set-up South's placed pawns are 1..k, North has none
   until South is done; every placed pawn stands alone on its home row. */
static alea_status check_setup(const wd_state *s, alea_error *err) {
    int placed[2] = {0, 0};
    for (int player = 0; player < 2; player++) {
        for (int pip = 1; pip <= 6; pip++) {
            int p = wd_pawn(player, pip), q = s->sq[p];
            if (q == WD_NOT_PLACED)
                continue;
            if (q >= WD_SQUARES)
                return bad(err, "W-4: no pawn has exited during the set-up");
            if (placed[player] != pip - 1)
                return bad(err, "W-4.2: pawns are placed in the order 1..6");
            if (wd_row(q) != wd_home_row(player) || s->height[p] != 0)
                return bad(err, "W-4.1: a pawn is set up on its own home row");
            placed[player]++;
        }
    }
    bool ok = s->player == 0 ? placed[0] < 6 && placed[1] == 0 : placed[0] == 6 && placed[1] < 6;
    if (!ok)
        return bad(err, "W-4.2: South places 1..6, then North; then the starter is drawn");
    return ALEA_OK;
}

/* Every stack holds heights 0..n-1 once each; the derived tables agree. */
static alea_status check_stacks(const wd_state *s, alea_error *err) {
    uint16_t seen[WD_SQUARES];
    memset(seen, 0, sizeof seen);
    for (int p = 0; p < WD_PAWNS; p++) {
        int q = s->sq[p];
        if (q >= WD_SQUARES) {
            if (q != WD_NOT_PLACED && q != WD_EXITED)
                return bad(err, "W-2.1: a pawn stands on no square");
            if (s->height[p] != 0)
                return bad(err, "W-1.4: a pawn off the board has no height");
            continue;
        }
        if (s->height[p] >= WD_PAWNS || (seen[q] & (1u << s->height[p])))
            return bad(err, "W-1.4: two pawns share one place in a stack");
        seen[q] = (uint16_t)(seen[q] | 1u << s->height[p]);
    }
    wd_board bd;
    alea__wd_board(s, &bd);
    for (int q = 0; q < WD_SQUARES; q++)
        if (seen[q] != (1u << bd.count[q]) - 1u)
            return bad(err, "W-1.4: a stack has a gap");
    return ALEA_OK;
}

static int exited_of(const wd_state *s, int player) {
    int n = 0;
    for (int pip = 1; pip <= 6; pip++)
        n += s->sq[wd_pawn(player, pip)] == WD_EXITED;
    return n;
}

static bool home_row_used(const wd_state *s, int player) {
    for (int pip = 1; pip <= 6; pip++) {
        int q = s->sq[wd_pawn(player, pip)];
        if (q < WD_SQUARES && wd_row(q) == wd_home_row(player))
            return true;
    }
    return false;
}

static int free_of(const wd_state *s, int player) {
    wd_board bd;
    alea__wd_board(s, &bd);
    int n = 0;
    for (int pip = 1; pip <= 6; pip++)
        n += wd_is_free(&bd, s, wd_pawn(player, pip));
    return n;
}

/* After the set-up: W-9, W-10 and W-7.6 on the whole game so far. */
static alea_status check_play(const wd_state *s, alea_error *err) {
    int ex[2] = {exited_of(s, 0), exited_of(s, 1)};
    for (int player = 0; player < 2; player++) {
        /* W-7.8: a player who exited had no pawn on the home row, and never moved again */
        if (ex[player] == 1 && home_row_used(s, player))
            return bad(err, "W-7.8: a player who exited has no pawn on the home row");
        /* W-7.6: only a player's own exit can leave him without a free pawn */
        if (ex[player] == 0 && free_of(s, player) == 0)
            return bad(err, "W-7.6: a player keeps a free pawn");
    }
    if (s->moves == 0)
        for (int p = 0; p < WD_PAWNS; p++)
            if (s->sq[p] >= WD_SQUARES || wd_row(s->sq[p]) != wd_home_row(p / 6) || s->height[p])
                return bad(err, "W-4.1: before the first move every pawn is where it was set up");
    if (ex[0] > 1 || ex[1] > 1)
        return bad(err, "W-9.2: the first exit ends the game; one exit per player at most");
    int total = ex[0] + ex[1];
    if (s->phase != WD_PHASE_OVER) {
        /* W-9.2, W-10.2, W-10.3: the second exit ends the final turn, and the game */
        if (total == 2)
            return bad(err, "W-9.2: after both players exited the game is over");
        if (s->final_turn != (total == 1))
            return bad(err, "W-10.2: the final turn follows exactly one exit");
        if (total == 1 && ex[s->player] == 1)
            return bad(err, "W-10.1: the player who exited does not move again");
        if (s->moves >= s->max_moves)
            return bad(err, "W-10.5: the move limit has been reached");
    } else if (s->moves > s->max_moves) {
        return bad(err, "W-10.5: more moves than the limit");
    } else if (total == 0 && s->moves < s->max_moves) {
        return bad(err, "W-10.3: a game without an exit ends only at the move limit");
    }
    if (s->moves == 0 && (s->score[0] != 0 || s->score[1] != 0 || total != 0))
        return bad(err, "W-4.4: no points or exits before the first move");
    for (int player = 0; player < 2; player++)
        if (s->score[player] < 0 ||
            (int64_t)s->score[0] + s->score[1] > (int64_t)s->moves * WD_MAX_MOVE_POINTS)
            return bad(err, "W-8: a score no sequence of moves gives");
    return ALEA_OK;
}

alea_status alea__wd_validate(const alea_state *st, alea_error *err) {
    const wd_state *s = wd_cof(st);
    if (s->phase > WD_PHASE_OVER)
        return bad(err, "unknown phase");
    if (s->player > 1 || ((s->phase == WD_PHASE_START || s->phase == WD_PHASE_OVER) && s->player))
        return bad(err, "no such player to act");
    if (s->final_turn > 1 ||
        ((s->phase < WD_PHASE_ROLL || s->phase == WD_PHASE_OVER) && s->final_turn))
        return bad(err, "W-10.2: a final turn only in play");
    if (s->max_moves < 1 || s->max_moves > WD_MAX_MAX_MOVES)
        return bad(err, "option max-moves out of range");
    for (int i = 0; i < 4; i++) {
        bool want = s->phase == WD_PHASE_MOVE;
        if (want ? (s->roll[i] < 1 || s->roll[i] > 6 || (i && s->roll[i] < s->roll[i - 1]))
                 : s->roll[i] != 0)
            return bad(err, "W-5.1: the dice are four values 1..6, ascending, while moving");
    }
    for (size_t i = 0; i < sizeof s->pad; i++)
        if (s->pad[i])
            return bad(err, "padding is not zero");
    alea_status status = check_stacks(s, err);
    if (status != ALEA_OK)
        return status;
    if (s->phase == WD_PHASE_SETUP) {
        if (s->moves || s->score[0] || s->score[1])
            return bad(err, "W-4.4: nothing is scored during the set-up");
        return check_setup(s, err);
    }
    for (int p = 0; p < WD_PAWNS; p++)
        if (s->sq[p] == WD_NOT_PLACED)
            return bad(err, "W-4: every pawn is placed before play");
    if (s->phase == WD_PHASE_START &&
        (s->moves || s->score[0] || s->score[1] || exited_of(s, 0) || exited_of(s, 1)))
        return bad(err, "W-4.3: the starter is drawn before any move");
    return check_play(s, err);
}
