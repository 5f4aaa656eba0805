/*
 * Dice poker: the exact solitaire optimum of the one-column card
 * (`dice-poker players=1 columns=1`), by dynamic programming over the card as
 * Yahtzee was solved.  Rule numbers P-x.y refer to doc/rules/dice_poker.md;
 * doc/bots.md has the result, the time and the memory.
 *
 * Between turns the rest of the game depends on (P-7.2, P-6):
 *  - mask: which of the 15 cells are filled (bit r = row r);
 *  - res: the reserve, capped at what the open School rows could ever take
 *    (2n for row n, P-4.2): beyond that it only adds points, which the DP
 *    counts when they are made;
 *  - cls: the column bonus (P-6.7): 0 once it is lost (a STRUCK or ZERO
 *    cell), else 1 + the rank of m among the values the filled rows can give,
 *    where m is the largest SCORED combination so far, raised to 55.  A valid
 *    full column has a scored Poker, worth at least 55 (5 + 50), so the bonus
 *    max(Poker, m) does not tell m below 55 apart: 17 classes in all.
 * With one column every row bonus is earned by the turn that fills the row
 * (P-6.5: 5n for a School row closed without the reserve; P-6.6: the value
 * again for a scored combination, Sum excepted), so it is part of that turn's
 * reward.  The value V of a state is the expected sum of the rewards still to
 * come (the column bonus is the value of a full valid card); an action's
 * expected final score is the score so far plus the rewards it expects.
 *
 * Within a turn (P-2, P-8.2): an expectimax over the 252 hands and the keeps
 * of each of the three throws; a keep of no dice re-throws all five, whose
 * values are doubled (P-3.1).
 */
#ifndef ALEA_DICE_POKER_OPTIMAL_H
#define ALEA_DICE_POKER_OPTIMAL_H

#include "dice_poker/dp.h"

#define DPO_MASKS (1u << DP_ROWS) /* 32 768 sets of filled cells */
#define DPO_FULL (DPO_MASKS - 1)
#define DPO_CLASSES 17    /* values of m (above) */
#define DPO_MULTISETS 462 /* multisets of 0..5 dice */
#define DPO_HANDS 252     /* multisets of five dice */
#define DPO_COMBOS (DP_ROWS - DP_SCHOOL_ROWS)
#define DPO_ROW_VALUES 48 /* most distinct values of one combination row (Sum: 41) */
#define DPO_M_FLOOR 55    /* the smallest Poker (P-3) */

/* The between-turn values: v[base[mask] + res * classes(mask) + cls]. */
typedef struct dpo_table {
    const uint32_t *base; /* DPO_MASKS + 1 offsets (alea__dpo_layout) */
    const double *v;
} dpo_table;

/* Tables of the dice (alea__dpo_work_init) and a turn's scratch. */
typedef struct dpo_work {
    /* multisets of 0..5 dice, by size then ascending packed code */
    uint8_t ms[DPO_MULTISETS][DP_FACES];
    uint32_t code[DPO_MULTISETS];          /* alea_dice_poker_pack */
    int16_t first[DP_DICE + 2];            /* size m: indices first[m] .. first[m + 1] */
    int16_t up[DPO_MULTISETS][DP_FACES];   /* one more die of face f; -1 at five dice */
    int16_t down[DPO_MULTISETS][DP_FACES]; /* one die of face f fewer; -1 when none */
    double p[DPO_HANDS];                   /* a throw of five: orderings / 6^5 */
    uint8_t vcount[DPO_COMBOS];
    uint8_t vlist[DPO_COMBOS][DPO_ROW_VALUES]; /* each row's values, doubled or not */
    uint8_t vidx[DPO_HANDS][DPO_COMBOS][2];    /* the hand's value in vlist by all_five;
                                                  255: not formed */
    uint8_t vid[DP_MAX_CELL + 1];              /* class id of max(v, 55) */
    uint8_t cls_value[DPO_CLASSES];            /* and back */
    uint32_t rowcls[DPO_COMBOS];               /* class ids a row's values give */
    uint8_t ignore_column; /* an experiment: keys say the column bonus is lost (cls 0) */
    /* a turn: the reward plus the value after each choice of a row */
    double wschool[DP_SCHOOL_ROWS][DP_DICE + 1]; /* by the count of n */
    double wcomb[DPO_COMBOS][DPO_ROW_VALUES];
    double wstrike[DPO_COMBOS];
    double s3[DPO_HANDS][2], s2[DPO_HANDS][2], s1[DPO_HANDS]; /* hands after throw t */
    double e3[DPO_MULTISETS], e2[DPO_MULTISETS];              /* keeps before throw 3, throw 2 */
    double mx[DPO_MULTISETS];
    double k[DPO_HANDS];
} dpo_work;

void alea__dpo_work_init(dpo_work *w);
/* The table file (tests/tools/dp_optimal --write), native byte order:
   DPO_MAGIC (8 bytes), the state count (uint64), the DPO_MASKS + 1 offsets
   (uint32), 4 zero bytes, the values (double).  Views a file image held by
   the caller (8-byte aligned, e.g. mapped); checks the magic, the length and
   every offset against the layout; no copy. */
#define DPO_MAGIC "alea-dp1"
alea_status alea__dpo_table_view(dpo_table *out, const dpo_work *w, const void *bytes, size_t len);
/* The offsets of each mask's states; returns their number. */
size_t alea__dpo_layout(const dpo_work *w, uint32_t base[DPO_MASKS + 1]);
/* Number of reserve values and of column classes of a mask. */
int alea__dpo_reserves(uint32_t mask);
int alea__dpo_classes(const dpo_work *w, uint32_t mask);
/* Value of a full card (no turn left). */
double alea__dpo_terminal(const dpo_work *w, int cls);
/* Value of a state between turns, from the values of the states after it
   (every superset of mask); leaves the turn's tables in w. */
double alea__dpo_turn(dpo_work *w, const dpo_table *t, uint32_t mask, int res, int cls);
/* The key of a one-column solitaire state; false for other options. */
bool alea__dpo_key(const dpo_work *w, const alea_state *st, uint32_t *mask, int *res, int *cls);
/* Each legal action's exact expected final score under optimal play after
   it, at a DECIDE state of the one-column solitaire card.  ALEA_INVALID_ARGUMENT
   for other options or phases, or an action that is not a choice of the
   player. */
alea_status alea__dpo_action_values(dpo_work *w, const dpo_table *t, const alea_state *st,
                                    const uint64_t *legal, size_t n, double *values_out);

/* The same with a work block of its own on the stack (sizeof(dpo_work)). */
alea_status alea__dp_action_values(const dpo_table *t, const alea_state *st, const uint64_t *legal,
                                   size_t n, double *values_out);

#endif /* ALEA_DICE_POKER_OPTIMAL_H */
