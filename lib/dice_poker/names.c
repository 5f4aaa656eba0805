/*
 * Names of the rows (P-1.2), bonuses and cell marks, for the notation, the
 * state text, the board and JSON.
 */
#include "dice_poker/dp.h"

#include <stdio.h>
#include <string.h>

/* clang-format off */
static const char *const row_names[DP_ROWS] = {
    "school-1", "school-2", "school-3", "school-4", "school-5", "school-6",
    "pair", "three", "two-pairs", "full", "four", "poker",
    "small-straight", "large-straight", "sum",
};

static const char *const row_titles[DP_ROWS] = {
    "School 1", "School 2", "School 3", "School 4", "School 5", "School 6",
    "Pair", "Three", "Two pairs", "Full", "Four", "Poker",
    "Small straight", "Large straight", "Sum",
};
/* clang-format on */

/* Every spelling the notation accepts for a combination row: the canonical
   English name, English variants, and the Polish names of the source text,
   both in ASCII and in UTF-8 (the parser lower-cases ASCII only). */
static const struct {
    const char *word;
    int row;
} row_aliases[] = {
    {"pair", ALEA_DICE_POKER_PAIR},
    {"one-pair", ALEA_DICE_POKER_PAIR},
    {"para", ALEA_DICE_POKER_PAIR},
    {"three", ALEA_DICE_POKER_THREE},
    {"three-of-a-kind", ALEA_DICE_POKER_THREE},
    {"trips", ALEA_DICE_POKER_THREE},
    {"trojka", ALEA_DICE_POKER_THREE},
    {"tr\xc3\xb3jka", ALEA_DICE_POKER_THREE},
    {"two-pairs", ALEA_DICE_POKER_TWO_PAIRS},
    {"two-pair", ALEA_DICE_POKER_TWO_PAIRS},
    {"dwie-pary", ALEA_DICE_POKER_TWO_PAIRS},
    {"full", ALEA_DICE_POKER_FULL},
    {"full-house", ALEA_DICE_POKER_FULL},
    {"four", ALEA_DICE_POKER_FOUR},
    {"four-of-a-kind", ALEA_DICE_POKER_FOUR},
    {"kareta", ALEA_DICE_POKER_FOUR},
    {"poker", ALEA_DICE_POKER_POKER},
    {"five", ALEA_DICE_POKER_POKER},
    {"five-of-a-kind", ALEA_DICE_POKER_POKER},
    {"small-straight", ALEA_DICE_POKER_SMALL},
    {"small", ALEA_DICE_POKER_SMALL},
    {"maly-strit", ALEA_DICE_POKER_SMALL},
    {"ma\xc5\x82y-strit", ALEA_DICE_POKER_SMALL},
    {"large-straight", ALEA_DICE_POKER_LARGE},
    {"large", ALEA_DICE_POKER_LARGE},
    {"big-straight", ALEA_DICE_POKER_LARGE},
    {"duzy-strit", ALEA_DICE_POKER_LARGE},
    {"du\xc5\xbcy-strit", ALEA_DICE_POKER_LARGE},
    {"sum", ALEA_DICE_POKER_SUM},
    {"chance", ALEA_DICE_POKER_SUM},
    {"suma", ALEA_DICE_POKER_SUM},
};

static const char *const mark_names[] = {
    "empty", "closed", "closed-reserve", "zero", "scored", "struck",
};

const char *alea__dp_row_name(int row) {
    return row >= 0 && row < DP_ROWS ? row_names[row] : "?";
}

const char *alea__dp_row_title(int row) {
    return row >= 0 && row < DP_ROWS ? row_titles[row] : "?";
}

void alea__dp_bonus_name(char out[16], int bonus) {
    if (bonus >= 0 && bonus < DP_ROW_BONUSES) {
        snprintf(out, 16, "%s", row_names[bonus]);
    } else if (bonus >= DP_ROW_BONUSES && bonus < DP_BONUSES) {
        memcpy(out, "column-", 7);
        out[7] = (char)('1' + bonus - DP_ROW_BONUSES);
        out[8] = '\0';
    } else {
        snprintf(out, 16, "?");
    }
}

int alea__dp_row_find(const char *word) {
    for (size_t i = 0; i < sizeof row_aliases / sizeof row_aliases[0]; i++)
        if (strcmp(word, row_aliases[i].word) == 0)
            return row_aliases[i].row;
    return -1;
}

const char *alea__dp_mark_name(int mark) {
    return mark >= 0 && mark <= ALEA_DICE_POKER_STRUCK ? mark_names[mark] : "?";
}
