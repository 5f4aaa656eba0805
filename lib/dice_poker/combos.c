/*
 * Dice as counts per face, and the combinations of P-3 with their values.
 *
 * Five dice are kept as counts per face (c[0] = ones ... c[5] = sixes): the
 * order of the dice never matters in this game (P-8.2).
 */
#include "dice_poker/dp.h"

#include <string.h>

int alea__dp_dice_count(const uint8_t c[DP_FACES]) {
    int n = 0;
    for (int f = 0; f < DP_FACES; f++)
        n += c[f];
    return n;
}

int alea__dp_dice_sum(const uint8_t c[DP_FACES]) {
    int sum = 0;
    for (int f = 0; f < DP_FACES; f++)
        sum += (f + 1) * c[f];
    return sum;
}

void alea__dp_multiset_first(uint8_t c[DP_FACES], int m) {
    for (int f = 0; f < DP_FACES; f++)
        c[f] = 0;
    c[0] = (uint8_t)m;
}

/* The packed value weighs face 6 most, so the next multiset moves one die from
   the lowest occupied face f up to face f + 1 and drops the other dice of face
   f to face 1 (the smallest arrangement of what stays below). */
bool alea__dp_multiset_next(uint8_t c[DP_FACES]) {
    int f = 0;
    while (f < DP_FACES && c[f] == 0)
        f++;
    if (f >= DP_FACES - 1)
        return false;
    int rest = c[f] - 1;
    c[f] = 0;
    c[f + 1]++;
    c[0] = (uint8_t)(c[0] + rest);
    return true;
}

uint32_t alea__dp_orderings(const uint8_t c[DP_FACES]) {
    static const uint32_t fact[6] = {1, 1, 2, 6, 24, 120};
    uint32_t n = fact[alea__dp_dice_count(c)];
    for (int f = 0; f < DP_FACES; f++)
        n /= fact[c[f]];
    return n;
}

void alea__dp_dice_text(char out[16], const uint8_t c[DP_FACES]) {
    size_t n = 0;
    for (int f = 0; f < DP_FACES; f++) {
        for (int i = 0; i < c[f] && n < 13; i++) {
            if (n > 0)
                out[n++] = ',';
            out[n++] = (char)('1' + f);
        }
    }
    if (n == 0)
        out[n++] = '-';
    out[n] = '\0';
}

/* Highest face with at least `k` dice, or 0. */
static int highest_with(const uint8_t c[DP_FACES], int k) {
    for (int f = DP_FACES - 1; f >= 0; f--)
        if (c[f] >= k)
            return f + 1;
    return 0;
}

/* P-3.2: with two pairs, Pair uses the higher one. */
static int pair_value(const uint8_t c[DP_FACES]) {
    return 2 * highest_with(c, 2);
}

static int three_value(const uint8_t c[DP_FACES]) {
    return 3 * highest_with(c, 3);
}

/* Two different values with at least two dice each (P-3.3: a full house
   counts; P-3.4: four or five of a kind do not). */
static int two_pairs_value(const uint8_t c[DP_FACES]) {
    int high = highest_with(c, 2);
    if (high == 0)
        return 0;
    for (int f = high - 2; f >= 0; f--)
        if (c[f] >= 2)
            return 2 * high + 2 * (f + 1);
    return 0;
}

/* Exactly three of one value and two of another (P-3.4: not five alike). */
static int full_value(const uint8_t c[DP_FACES]) {
    bool three = false, two = false;
    for (int f = 0; f < DP_FACES; f++) {
        three = three || c[f] == 3;
        two = two || c[f] == 2;
    }
    return three && two ? alea__dp_dice_sum(c) : 0;
}

static int four_value(const uint8_t c[DP_FACES]) {
    int v = highest_with(c, 4);
    return v ? 4 * v + 20 : 0;
}

static int poker_value(const uint8_t c[DP_FACES]) {
    int v = highest_with(c, 5);
    return v ? 5 * v + 50 : 0;
}

/* P-3.5: a straight is five different dice from `low` to low + 4. */
static int straight_value(const uint8_t c[DP_FACES], int low, int value) {
    for (int f = low - 1; f < low + 4; f++)
        if (c[f] != 1)
            return 0;
    return value;
}

int alea__dp_combination_base(int row, const uint8_t c[DP_FACES]) {
    switch (row) {
    case ALEA_DICE_POKER_PAIR:
        return pair_value(c);
    case ALEA_DICE_POKER_THREE:
        return three_value(c);
    case ALEA_DICE_POKER_TWO_PAIRS:
        return two_pairs_value(c);
    case ALEA_DICE_POKER_FULL:
        return full_value(c);
    case ALEA_DICE_POKER_FOUR:
        return four_value(c);
    case ALEA_DICE_POKER_POKER:
        return poker_value(c);
    case ALEA_DICE_POKER_SMALL:
        return straight_value(c, 1, 15);
    case ALEA_DICE_POKER_LARGE:
        return straight_value(c, 2, 20);
    case ALEA_DICE_POKER_SUM:
        return alea__dp_dice_sum(c);
    default:
        return 0;
    }
}

int alea__dp_combination_value(int row, const uint8_t c[DP_FACES], bool all_five) {
    int base = alea__dp_combination_base(row, c);
    return all_five ? 2 * base : base; /* P-3.1: extra points doubled too */
}

/* Every value some five dice give in each combination row, doubled or not. */
void alea__dp_achievable_values(dp_value_set sets[DP_ROWS]) {
    uint8_t c[DP_FACES];
    memset(sets, 0, sizeof(dp_value_set) * DP_ROWS);
    alea__dp_multiset_first(c, DP_DICE);
    do {
        for (int row = DP_SCHOOL_ROWS; row < DP_ROWS; row++) {
            int base = alea__dp_combination_base(row, c);
            if (base > 0) {
                sets[row].bits[base / 64] |= UINT64_C(1) << (base % 64);
                sets[row].bits[2 * base / 64] |= UINT64_C(1) << (2 * base % 64);
            }
        }
    } while (alea__dp_multiset_next(c));
}

/* alea__dp_achievable_values() computed once, for validation without the
   enumeration (tests/test_dice_poker.c checks the two agree). */
static const dp_value_set achievable[DP_ROWS - DP_SCHOOL_ROWS] = {
    {{UINT64_C(0x0000000001111554), UINT64_C(0x0000000000000000),
      UINT64_C(0x0000000000000000)}}, /* pair */
    {{UINT64_C(0x0000001041049248), UINT64_C(0x0000000000000000),
      UINT64_C(0x0000000000000000)}}, /* three */
    {{UINT64_C(0x0000111111555540), UINT64_C(0x0000000000000000),
      UINT64_C(0x0000000000000000)}}, /* two-pairs */
    {{UINT64_C(0x015155555dfffb80), UINT64_C(0x0000000000000000),
      UINT64_C(0x0000000000000000)}}, /* full */
    {{UINT64_C(0x0101111111000000), UINT64_C(0x0000000001010101),
      UINT64_C(0x0000000000000000)}}, /* four */
    {{UINT64_C(0x1080000000000000), UINT64_C(0x0100400000010842),
      UINT64_C(0x0000000100401004)}}, /* poker */
    {{UINT64_C(0x0000000040008000), UINT64_C(0x0000000000000000),
      UINT64_C(0x0000000000000000)}}, /* small-straight */
    {{UINT64_C(0x0000010000100000), UINT64_C(0x0000000000000000),
      UINT64_C(0x0000000000000000)}}, /* large-straight */
    {{UINT64_C(0x155555557fffffe0), UINT64_C(0x0000000000000000),
      UINT64_C(0x0000000000000000)}}, /* sum */
};

bool alea__dp_value_achievable(int row, int value) {
    if (!dp_is_combination(row) || value < 1 || value > DP_MAX_CELL)
        return false;
    const dp_value_set *set = &achievable[row - DP_SCHOOL_ROWS];
    return (set->bits[value / 64] >> (value % 64) & 1u) != 0;
}
