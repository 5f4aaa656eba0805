/* The observation tensor of dice poker (doc/rules/dice_poker.md, "Observation
   tensor"): every card, reserve and score, the dice, the throws, the bonuses.
   Seats are written in turn order from the observer (the public observer
   starts at seat 0), padded to four seats and six columns so that one size
   fits every option.  Dice poker hides nothing. */
#include "dp.h"

#include <alea/dice_poker.h>
#include <string.h>

#define CELLS (ALEA_DICE_POKER_ROWS * ALEA_DICE_POKER_MAX_COLUMNS)
#define CARDS 0                                  /* 4 seats x 15 rows x 6 columns x 2 */
#define SEATS (CARDS + ALEA_MAX_PLAYERS * CELLS * 2) /* 720: 4 seats x 3 */
#define DICE (SEATS + ALEA_MAX_PLAYERS * 3)          /* 732 */
#define HELD (DICE + 6)                              /* 738 */
#define THROWS (HELD + 6)                            /* 744: one-hot 0..3 */
#define ALL_FIVE (THROWS + 4)                        /* 748 */
#define PHASE (ALL_FIVE + 1)                         /* 749: one-hot 3 */
#define TO_MOVE (PHASE + 3)                          /* 752: one-hot 4 (relative) */
#define SHAPE (TO_MOVE + 4)                          /* 756: players / 4, columns / 6 */
#define BONUS (SHAPE + 2)                            /* 758: 20 bonuses x 4 owners */

void alea__dp_tensor(const alea_state *st, int seat, float *out) {
    alea_dice_poker_view v;
    int first = seat == ALEA_OBSERVER_PUBLIC ? 0 : seat;
    memset(out, 0, sizeof *out * ALEA__DP_TENSOR_SIZE);
    memset(&v, 0, sizeof v);
    v.version = ALEA_DICE_POKER_VIEW_VERSION;
    if (alea_dice_poker_get_view(&v, st) != ALEA_OK)
        return; /* not reached: the core passes valid dice-poker states only */
    for (int k = 0; k < v.players; k++) {
        const alea_dice_poker_card *c = &v.card[(first + k) % v.players];
        for (int r = 0; r < ALEA_DICE_POKER_ROWS; r++)
            for (int col = 0; col < v.columns; col++) {
                float *cell = out + CARDS + (size_t)((k * ALEA_DICE_POKER_ROWS + r) *
                                                         ALEA_DICE_POKER_MAX_COLUMNS + col) * 2;
                int mark = c->mark[r][col];
                cell[0] = mark != ALEA_DICE_POKER_EMPTY ? 1.0f : 0.0f;
                /* points written (P-7.2), a ZERO as its -200 */
                cell[1] = mark == ALEA_DICE_POKER_ZERO ? -2.0f : (float)c->value[r][col] / 100.0f;
            }
        out[SEATS + 3 * k] = 1.0f;
        out[SEATS + 3 * k + 1] = (float)c->reserve / 100.0f;
        out[SEATS + 3 * k + 2] = (float)c->score / 1000.0f;
    }
    for (int f = 0; f < 6; f++) {
        out[DICE + f] = (float)v.dice[f] / 5.0f;
        out[HELD + f] = (float)v.held[f] / 5.0f;
    }
    if (v.throws >= 0 && v.throws <= 3)
        out[THROWS + v.throws] = 1.0f;
    out[ALL_FIVE] = (float)v.all_five;
    if (v.phase >= 0 && v.phase < 3)
        out[PHASE + v.phase] = 1.0f;
    if (v.seat >= 0)
        out[TO_MOVE + (v.seat - first + v.players) % v.players] = 1.0f;
    out[SHAPE] = (float)v.players / 4.0f;
    out[SHAPE + 1] = (float)v.columns / 6.0f;
    for (int b = 0; b < ALEA_DICE_POKER_BONUSES; b++)
        if (v.bonus_owner[b] >= 0)
            out[BONUS + 4 * b + (v.bonus_owner[b] - first + v.players) % v.players] = 1.0f;
}
