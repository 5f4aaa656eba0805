/*
 * Dice poker: the one-turn advisor (alea_dice_poker_advise) and the heuristic
 * bot's policy built on it.  Exact expectimax over the rest of the turn: the
 * keeps of each throw (P-2.2), every multiset of the re-thrown dice with its
 * probability orderings / 6^m (P-8.2), then the best row for the final dice
 * (P-2.3).  Rule numbers P-x.y refer to doc/rules/dice_poker.md.
 */
/* alea_dice_poker_advise(), alea_bot_evaluate() and the quick settings are
   experimental (doc/api.md "What 1.x guarantees"). */
#define ALEA_EXPERIMENTAL
#include "core/games.h"
#include "dice_poker/dp.h"

#include <stdlib.h>
#include <string.h>

#define HANDS 252     /* multisets of five dice */
#define KEEPS 210     /* multisets of 0..4 dice: what may be kept (P-2.2) */
#define ROLLS 461     /* multisets of 1..5 dice: 6 + 21 + 56 + 126 + 252 */
#define UNKNOWN (-1e30) /* memo not yet filled */

/* What a row is usually worth to a sensible player (points over a game,
   strike-outs included); the PAR objective scores a cell by what it gains over
   this, so that a good row is not spent on a poor throw.  School rows have a
   negative par: leaving one open risks a zero (-200, P-4.3). */
static const double par[DP_ROWS] = {
    -13, -16, -19, -22, -25, -28,            /* School 1..6 */
    12,  11,  14,  15,  22,  8,   10, 12, 20 /* Pair .. Sum */
};

typedef struct roll {
    uint8_t c[DP_FACES];
    double p; /* orderings / 6^m */
} roll;

/* The value of a hand depends on the dice and the throws left; the value of a
   keep only on the kept dice: the throw after it is the same whatever else
   the hand held.  So a turn needs each keep's expectation once per throw. */
typedef struct adv {
    const dp_state *s;
    int seat, objective;
    int32_t score0;         /* the seat's score before the turn's cell */
    int first[DP_DICE + 2]; /* rolls of m dice are rolls[first[m] .. first[m + 1]) */
    roll rolls[ROLLS];
    uint32_t hand_code[HANDS]; /* packed five-dice hands, ascending */
    uint32_t keep_code[KEEPS]; /* packed keeps, ascending */
    double v3[HANDS][2];       /* no throw left: best cell now, by all_five */
    double v2[HANDS][2];       /* one throw left */
    double e3[KEEPS];          /* keep, then the last throw */
    double e2[KEEPS];          /* keep, then two throws */
    dp_state tmp;
} adv;

static int find_code(const uint32_t *codes, int n, const uint8_t c[DP_FACES]) {
    uint32_t key = alea_dice_poker_pack(c);
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (codes[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int cmp_u32(const void *x, const void *y) {
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return (a > b) - (a < b);
}

static void setup(adv *a, const dp_state *s, int objective) {
    uint8_t c[DP_FACES];
    int n = 0, h = 0, k = 1;
    a->s = s;
    a->seat = dp_seat(s);
    a->objective = objective;
    a->score0 = alea__dp_score(s, a->seat);
    a->first[0] = a->first[1] = 0;
    a->keep_code[0] = 0; /* keep nothing */
    for (int m = 1; m <= DP_DICE; m++) {
        double six = 1;
        for (int i = 0; i < m; i++)
            six *= 6;
        alea__dp_multiset_first(c, m);
        do {
            memcpy(a->rolls[n].c, c, DP_FACES);
            a->rolls[n++].p = alea__dp_orderings(c) / six;
            if (m == DP_DICE)
                a->hand_code[h++] = alea_dice_poker_pack(c);
            else
                a->keep_code[k++] = alea_dice_poker_pack(c);
        } while (alea__dp_multiset_next(c));
        a->first[m + 1] = n;
    }
    qsort(a->hand_code, HANDS, sizeof a->hand_code[0], cmp_u32);
    qsort(a->keep_code, KEEPS, sizeof a->keep_code[0], cmp_u32);
    for (int i = 0; i < HANDS; i++)
        a->v3[i][0] = a->v3[i][1] = a->v2[i][0] = a->v2[i][1] = UNKNOWN;
    for (int i = 0; i < KEEPS; i++)
        a->e3[i] = a->e2[i] = UNKNOWN;
}

/* Whether filling `row` now completes the row or the cell's column, which may
   earn a bonus (P-6.2): then the exact change needs the full rules. */
static bool completes(const dp_state *s, const dp_card *card, int row) {
    int col = alea__dp_row_filled(card, s->columns, row), filled = 0;
    if (col == s->columns - 1)
        return true;
    for (int r = 0; r < DP_ROWS; r++)
        filled += card->mark[r][col] != ALEA_DICE_POKER_EMPTY;
    return filled == DP_ROWS - 1;
}

/* Change of the seat's score (P-7.2) if it scores this action with these dice. */
static int32_t gain(adv *a, const uint8_t c[DP_FACES], int all_five, int kind, int row,
                    int immediate) {
    const dp_card *card = &a->s->card[a->seat];
    if (!completes(a->s, card, row))
        return immediate;
    a->tmp = *a->s;
    memcpy(a->tmp.dice, c, DP_FACES);
    a->tmp.all_five = (uint8_t)all_five;
    alea__dice_poker_game.apply((alea_state *)(void *)&a->tmp,
                                ALEA_DICE_POKER_ACTION(kind, (uint32_t)row));
    return alea__dp_score(&a->tmp, a->seat) - a->score0;
}

/* Best cell for these final dice: its value under the objective, the action. */
static double score_now(adv *a, const uint8_t c[DP_FACES], int all_five, uint64_t *action) {
    const dp_card *card = &a->s->card[a->seat];
    double best = UNKNOWN;
    for (int row = 0; row < DP_ROWS; row++) {
        double adj = a->objective == ALEA_DICE_POKER_ADVISE_PAR ? par[row] : 0;
        if (alea__dp_row_filled(card, a->s->columns, row) >= a->s->columns)
            continue; /* P-2.3: a full row cannot be picked */
        for (int kind = ALEA_DICE_POKER_SCORE; kind <= ALEA_DICE_POKER_STRIKE; kind++) {
            int immediate = 0;
            double v;
            if (kind == ALEA_DICE_POKER_SCORE && dp_is_school(row)) {
                uint8_t mark;
                int delta;
                alea__dp_school_outcome(row + 1, c[row], card->reserve, &mark, &delta);
                immediate = mark == ALEA_DICE_POKER_ZERO ? -DP_ZERO_PENALTY : delta; /* P-4 */
            } else if (kind == ALEA_DICE_POKER_SCORE) {
                immediate = alea__dp_combination_value(row, c, all_five != 0); /* P-3 */
                if (immediate == 0)
                    continue; /* not formed: only a strike (P-2.3) */
            } else if (dp_is_school(row)) {
                continue; /* School rows cannot be struck */
            }
            v = gain(a, c, all_five, kind, row, immediate) - adj;
            if (v > best) {
                best = v;
                if (action)
                    *action = ALEA_DICE_POKER_ACTION(kind, (uint32_t)row);
            }
        }
    }
    return best;
}

static double hand_value(adv *a, const uint8_t c[DP_FACES], int all_five, int throws);

/* The recursion keep_value -> hand_value -> decide is bounded by the three
   throws of a turn (P-2.2). */
/* Expected value of keeping `keep` and throwing the others (P-2.2, P-8.2)
   when `throws` throws have been made. */
static double keep_value(adv *a, const uint8_t keep[DP_FACES], int throws) { // NOLINT(misc-no-recursion)
    double *memo = throws >= DP_MAX_THROWS - 1 ? a->e3 : a->e2;
    int m = DP_DICE - alea__dp_dice_count(keep), k = find_code(a->keep_code, KEEPS, keep);
    double e = 0;
    if (memo[k] != UNKNOWN)
        return memo[k];
    for (int i = a->first[m]; i < a->first[m + 1]; i++) {
        uint8_t next[DP_FACES];
        for (int f = 0; f < DP_FACES; f++)
            next[f] = (uint8_t)(keep[f] + a->rolls[i].c[f]);
        e += a->rolls[i].p * hand_value(a, next, m == DP_DICE, throws + 1);
    }
    return memo[k] = e;
}

/* Value of deciding with these dice after `throws` throws; the best action
   into *action when asked (the root). */
static double decide(adv *a, const uint8_t c[DP_FACES], int all_five, int throws, // NOLINT(misc-no-recursion)
                     uint64_t *action) {
    double best = score_now(a, c, all_five, action);
    uint8_t keep[DP_FACES] = {0};
    if (throws >= DP_MAX_THROWS)
        return best;
    /* Every sub-multiset but the whole hand, as an odometer over the faces. */
    for (;;) {
        int f = 0;
        if (memcmp(keep, c, DP_FACES) != 0) {
            double v = keep_value(a, keep, throws);
            if (v > best) {
                best = v;
                if (action)
                    *action = ALEA_DICE_POKER_ACTION(ALEA_DICE_POKER_HOLD,
                                                     alea_dice_poker_pack(keep));
            }
        }
        while (f < DP_FACES && keep[f] == c[f])
            keep[f++] = 0;
        if (f == DP_FACES)
            break;
        keep[f]++;
    }
    return best;
}

static double hand_value(adv *a, const uint8_t c[DP_FACES], int all_five, int throws) { // NOLINT(misc-no-recursion)
    double *memo = &(throws >= DP_MAX_THROWS ? a->v3 : a->v2)[find_code(a->hand_code, HANDS, c)]
                                                             [all_five];
    if (*memo == UNKNOWN)
        *memo = decide(a, c, all_five, throws, NULL);
    return *memo;
}

/* The search of a validated state, in a frame of its own: its memo and the
   validator's P-4 search are never on the stack at once (doc/hardening.md). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void advise_valid(alea_dice_poker_advice *out, const dp_state *s, int objective) {
    adv a;
    setup(&a, s, objective);
    out->expected = decide(&a, s->dice, s->all_five, s->throws, &out->action);
}

ALEA_API alea_status alea_dice_poker_advise(alea_dice_poker_advice *out, const alea_state *state,
                                            int objective) {
    const dp_state *s;
    if (!out || alea_state_game(state) != &alea__dice_poker_game ||
        (objective != ALEA_DICE_POKER_ADVISE_TURN && objective != ALEA_DICE_POKER_ADVISE_PAR))
        return ALEA_INVALID_ARGUMENT;
    if (alea_state_validate(state, NULL) != ALEA_OK)
        return ALEA_INVALID_STATE;
    s = dp_cof(state);
    if (s->phase != DP_PHASE_DECIDE)
        return ALEA_WRONG_PHASE;
    advise_valid(out, s, objective);
    return ALEA_OK;
}

/* The advise hook (core/impl.h): the PAR advice, which is always legal. */
bool alea__dp_advise(const alea_state *st, const uint64_t *legal, size_t n, uint64_t *out) {
    alea_dice_poker_advice adv_out;
    (void)legal;
    (void)n;
    if (alea_dice_poker_advise(&adv_out, st, ALEA_DICE_POKER_ADVISE_PAR) != ALEA_OK)
        return false;
    *out = adv_out.action;
    return true;
}
