/*
 * Plateau: hidden information (R11) in the generic layer.  The observation of
 * a seat (text, JSON and board) is its public view (view.c); what a seat sees
 * of an action is the action with the faces it has not seen masked; the re-deal of
 * what a seat has not seen gives the bots a state to search that is drawn
 * from the seat's observation only, never from the hidden faces themselves.
 */
#include "plateau/pl.h"

#include <string.h>

void alea__pl_observe(alea__buf *b, const alea_state *st, int seat, int form) {
    alea_plateau_view v;
    switch (form) {
    case ALEA__OBS_TEXT:
        alea__pl_write_public(b, st, seat);
        break;
    case ALEA__OBS_JSON:
        alea__pl_write_public_json(b, st, seat);
        break;
    default:
        alea__pl_fill_view(&v, pl_cof(st), seat);
        alea__pl_write_board_view(b, &v);
        break;
    }
}

/* ---- what a seat sees of an action (R11) ---- */

/* A piece as `seat` sees it: each face he has not seen is '?'. */
static void masked_piece(alea__buf *b, uint8_t x) {
    int ps = pl_pstate(x);
    alea__buf_putc(b, (char)((x & PL_UPK) ? alea__pl_face_char(alea__pl_face(ps)) : '?'));
    alea__buf_putc(b, (char)((x & PL_DNK) ? alea__pl_face_char(alea__pl_face(ps ^ 1)) : '?'));
}

/* The mover knows his action; the others see it played with one hand
   (R11): moves, flips, stomps, offers, gifts, declines and passes in full,
   and of the pieces a set-up or an onboard puts on the board just the faces
   the state after it marks as seen (the knowledge bits its apply sets), so
   that this text and the observations never disagree. */
void alea__pl_observe_action(alea__buf *b, const alea_state *st, uint64_t action, int seat) {
    const pl_state *s = pl_cof(st);
    alea_state after;
    const pl_state *t = pl_cof(&after);
    pl_action a;
    char sq[3];
    if (seat == s->to_act || alea__pl_decode(&a, action, NULL) != ALEA_OK ||
        (a.kind != ALEA_PLATEAU_SETUP && a.kind != ALEA_PLATEAU_ONBOARD)) {
        alea__pl_format_action(b, st, action);
        return;
    }
    memcpy(&after, st, sizeof *s);
    alea__pl_apply(&after, action);
    alea__pl_square_text(sq, a.square);
    if (a.kind == ALEA_PLATEAU_SETUP) { /* R4.2, R11: only the top's up-face */
        alea__buf_printf(b, "setup %s ", sq);
        masked_piece(b, t->stack[a.square][0]);
        alea__buf_putc(b, ' ');
        masked_piece(b, t->stack[a.square][1]);
        return;
    }
    alea__buf_puts(b, "on "); /* R6, R11: its up-face when it lands on top */
    masked_piece(b, t->stack[a.square][a.level]);
    alea__buf_printf(b, " %s:%d", sq, a.level);
}

/* ---- the re-deal ---- */

/* A slot is a piece of the owner whose type the observer does not know: its
   class is the up-face he saw (PL_BLANK .. PL_ORANGE), or FREE if he saw no
   face (an unseen piece on the board, or a piece in the reserve). */
#define FREE 4
#define CLASSES 5

/* The faces a type can show up, one bit per face (R2.1). */
static unsigned shows(int type) {
    return (1u << alea__pl_face(type * 2)) | (1u << alea__pl_face(type * 2 + 1));
}

/* Hall's condition: the slots still to fill (need[class]) can take the pieces
   left (pool[type]) one each.  The totals are equal, so a set of slots that
   includes a FREE slot always has enough pieces; the other sets are unions of
   whole classes of seen up-faces. */
static bool feasible(const int need[CLASSES], const int pool[PL_TYPES]) {
    for (unsigned set = 1; set < 16; set++) {
        int slots = 0, pieces = 0;
        for (int f = 0; f < 4; f++)
            if ((set >> f) & 1u)
                slots += need[f];
        for (int t = 0; t < PL_TYPES; t++)
            if (shows(t) & set)
                pieces += pool[t];
        if (slots > pieces)
            return false;
    }
    return true;
}

/* A type for a slot of class `cls` (already taken out of need[]): one piece
   drawn uniformly among those left that fit the slot and leave the other
   slots fillable; -1 if none does (not for a valid state). */
static int draw(const int need[CLASSES], int pool[PL_TYPES], int cls, alea_rng *rng) {
    int weight[PL_TYPES], total = 0;
    for (int t = 0; t < PL_TYPES; t++) {
        weight[t] = 0;
        if (pool[t] > 0 && (cls == FREE || ((shows(t) >> cls) & 1u))) {
            pool[t]--;
            weight[t] = feasible(need, pool) ? pool[t] + 1 : 0;
            pool[t]++;
        }
        total += weight[t];
    }
    if (total == 0)
        return -1;
    int r = (int)alea_rng_below(rng, (uint64_t)total);
    for (int t = 0; t < PL_TYPES; t++) {
        if (r < weight[t]) {
            pool[t]--;
            return t;
        }
        r -= weight[t];
    }
    return -1;
}

/* Re-deals the pieces of seat `o` that its opponent has not seen whole: the
   types of unseen pieces and of the reserve, among the pieces that the
   observation leaves possible (R2.1 less the prisoners the opponent holds and
   the pieces whose both faces were shown), keeping every seen up-face.  Only
   the observation and the rng decide the result. */
static void redeal(pl_state *s, int o, alea_rng *rng) {
    int pool[PL_TYPES], need[CLASSES] = {0};
    for (int sq = 0; sq < PL_SQUARES; sq++)
        if (s->height[sq] > PL_MAX_HEIGHT)
            return; /* not a valid state: leave it as it is */
    for (int t = 0; t < PL_TYPES; t++)
        pool[t] = alea__pl_count[t] - s->prisoners[1 - o][t];
    for (int sq = 0; sq < PL_SQUARES; sq++)
        for (int i = 0; i < s->height[sq]; i++) {
            uint8_t x = s->stack[sq][i];
            if (pl_owner(x) != o)
                continue;
            if (x & PL_DNK)
                pool[pl_type(x)]--;
            else
                need[(x & PL_UPK) ? alea__pl_face(pl_pstate(x)) : FREE]++;
        }
    need[FREE] += alea__pl_set_size(s->reserve[o]);
    int pieces = 0, slots = 0;
    for (int t = 0; t < PL_TYPES; t++) {
        if (pool[t] < 0)
            return; /* not a valid state: leave it as it is */
        pieces += pool[t];
    }
    for (int c = 0; c < CLASSES; c++)
        slots += need[c];
    if (pieces != slots || !feasible(need, pool))
        return;
    /* board slots in square and level order; the reserve takes the rest */
    for (int sq = 0; sq < PL_SQUARES; sq++)
        for (int i = 0; i < s->height[sq]; i++) {
            uint8_t x = s->stack[sq][i];
            int cls, t, side;
            if (pl_owner(x) != o || (x & PL_DNK))
                continue;
            cls = (x & PL_UPK) ? alea__pl_face(pl_pstate(x)) : FREE;
            need[cls]--;
            t = draw(need, pool, cls, rng);
            if (t < 0)
                return;
            if (cls != FREE)
                side = alea__pl_face(t * 2) == cls ? 0 : 1; /* the seen face stays up */
            else
                side = alea__pl_two_faced(t) ? (int)alea_rng_below(rng, 2) : 0;
            s->stack[sq][i] =
                (uint8_t)((x & (PL_OWNER | PL_UPK | PL_DNK)) | (unsigned)(t * 2 + side));
        }
    for (int t = 0; t < PL_TYPES; t++)
        s->reserve[o][t] = (uint8_t)pool[t];
}

void alea__pl_determinize(alea_state *st, int seat, alea_rng *rng) {
    pl_state *s = pl_of(st);
    for (int o = 0; o < 2; o++)
        if (o != seat)
            redeal(s, o, rng);
}
