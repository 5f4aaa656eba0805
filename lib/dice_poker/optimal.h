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

/* The compact table the library carries (optimal_data.c, written by
   dp_optimal --write-c): int16 values in units of 1/DPO_UNIT point.
   lost: V(mask, res) with the column bonus lost, every mask, at
   lost[alea__dpo_lost_offset(mask) + res]; alive: the states with the bonus
   alive of the masks with at most `tail` open cells (alive_mask ascending),
   at alive[alive_base[i] + res * (classes(mask) - 1) + cls - 1].  Other alive
   states take the value with the column lost, a lower bound. */
#define DPO_UNIT 32.0
#define DPO_BLOCK 64 /* lost_block: the offset of every 64th mask */
typedef struct dpo_compact {
    int tail;
    uint32_t alive_masks;
    const int16_t *lost;
    const uint32_t *lost_block; /* DPO_MASKS / DPO_BLOCK + 1 */
    const uint16_t *alive_mask;
    const uint32_t *alive_base;
    const int16_t *alive;
} dpo_compact;
uint32_t alea__dpo_lost_offset(const dpo_compact *c, uint32_t mask);
/* The compact table of the library (optimal_data.c). */
extern const dpo_compact alea__dpo_compact_data;

/* The between-turn values: v[base[mask] + res * classes(mask) + cls], or the
   compact form when c is not NULL. */
typedef struct dpo_table {
    const uint32_t *base; /* DPO_MASKS + 1 offsets (alea__dpo_layout) */
    const double *v;
    const dpo_compact *c;
} dpo_table;

#define DPO_KEEPS 210 /* multisets of 0..4 dice: what may be kept (P-2.2) */

/* Tables of the dice and of the combination values (alea__dpo_dice_init);
   the library's bots read a constant copy (alea__dpo_dice_data). */
typedef struct dpo_dice {
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
} dpo_dice;

/* A turn's scratch (about 19 KB): what each way of ending the turn is worth
   (its reward plus the value after; filled by the caller), then the
   expectimax over the throws. */
typedef struct dpo_turn {
    double wschool[DP_SCHOOL_ROWS][DP_DICE + 1]; /* by the count of n */
    double wcomb[DPO_COMBOS][DPO_ROW_VALUES];    /* by the value's index in vlist */
    double wstrike[DPO_COMBOS];
    double s3[DPO_HANDS][2]; /* hands after throw 3 (by all_five), then after throw 2 */
    double e3[DPO_MULTISETS], e2[DPO_MULTISETS]; /* keeps before throw 3, throw 2 */
    double mx[DPO_KEEPS];
    double k[DPO_HANDS];
} dpo_turn;

typedef struct dpo_work {
    dpo_dice d;
    dpo_turn t;
    uint8_t ignore_column; /* an experiment: keys say the column bonus is lost (cls 0) */
} dpo_work;

void alea__dpo_dice_init(dpo_dice *d);
/* The dice tables the library carries (optimal_data.c, written by
   dp_optimal --write-c; equal to alea__dpo_dice_init's, tested). */
extern const dpo_dice alea__dpo_dice_data;
/* The expectimax of a turn whose endings t->wschool, t->wcomb, t->wstrike
   are filled for the rows open in `full` (bit r: row r cannot be picked):
   its value before the first throw; leaves t->e3 and t->e2. */
double alea__dpo_solve(const dpo_dice *d, dpo_turn *t, uint32_t full);
/* The value of each legal action of the DECIDE state s after such a solve,
   the turn's rewards and the values after included (not the score so far).
   ALEA_INVALID_ARGUMENT for an action that is no choice of the player. */
alea_status alea__dpo_values_of(const dpo_dice *d, const dpo_turn *t, const dp_state *s,
                                uint32_t full, const uint64_t *legal, size_t n, double *out);
void alea__dpo_work_init(dpo_work *w);
/* The table file (tests/tools/dp_optimal --write), native byte order:
   DPO_MAGIC (8 bytes), the state count (uint64), the DPO_MASKS + 1 offsets
   (uint32), 4 zero bytes, the values (double).  Views a file image held by
   the caller (8-byte aligned, e.g. mapped); checks the magic, the length and
   every offset against the layout; no copy. */
#define DPO_MAGIC "alea-dp1"
alea_status alea__dpo_table_view(dpo_table *out, const dpo_dice *d, const void *bytes, size_t len);
/* The offsets of each mask's states; returns their number. */
size_t alea__dpo_layout(const dpo_dice *d, uint32_t base[DPO_MASKS + 1]);
/* Number of reserve values and of column classes of a mask. */
int alea__dpo_reserves(uint32_t mask);
int alea__dpo_classes(const dpo_dice *d, uint32_t mask);
/* Value of a full card (no turn left). */
double alea__dpo_terminal(const dpo_dice *d, int cls);
/* Value of a state between turns, from the values of the states after it
   (every superset of mask); leaves the turn's tables in w. */
double alea__dpo_turn(dpo_work *w, const dpo_table *t, uint32_t mask, int res, int cls);
/* The same from the dice tables and a turn's scratch. */
double alea__dpo_turn_of(const dpo_dice *d, dpo_turn *tt, const dpo_table *t, uint32_t mask,
                         int res, int cls);
/* Value of a state between turns (a full card: alea__dpo_terminal). */
double alea__dpo_value(const dpo_dice *d, const dpo_table *t, uint32_t mask, int res, int cls);
/* The key of column 0 of a card (cls 0 unless `alive` and no cell of it is
   struck or zero). */
void alea__dpo_card_key(const dpo_dice *d, const dp_card *card, bool alive, uint32_t *mask,
                        int *res, int *cls);
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
