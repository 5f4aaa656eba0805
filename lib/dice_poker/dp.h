/*
 * Dice poker: the internal state and the helpers shared by the files of this
 * folder.  Rule numbers (P-x.y) refer to doc/rules/dice_poker.md.
 *
 * The state is a fixed, pointer-free block.  Every byte of it is determined by
 * the game state (unused cells, seats and bonuses stay zero), so comparing
 * bytes compares states.
 */
#ifndef ALEA_DICE_POKER_DP_H
#define ALEA_DICE_POKER_DP_H

#include "alea/dice_poker.h"
#include "core/impl.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DP_ROWS ALEA_DICE_POKER_ROWS            /* 15 rows a card (P-1.2) */
#define DP_SCHOOL_ROWS 6                        /* rows 0..5 are School 1..6 */
#define DP_MAX_COLS ALEA_DICE_POKER_MAX_COLUMNS /* option `columns` 1..6 (P-1.3) */
#define DP_BONUSES ALEA_DICE_POKER_BONUSES      /* 6 + 8 + one per column (P-6.1) */
#define DP_ROW_BONUSES 14                       /* rows 0..13; Sum has none (P-1.5) */
#define DP_FACES 6
#define DP_DICE 5
#define DP_MAX_THROWS 3     /* P-2.2 */
#define DP_ZERO_PENALTY 200 /* P-5.2 */
#define DP_MAX_CELL 160     /* (6*5 + 50) * 2: the largest cell */
#define DP_PHASE_THROW ALEA_DICE_POKER_PHASE_THROW
#define DP_PHASE_DECIDE ALEA_DICE_POKER_PHASE_DECIDE
#define DP_PHASE_OVER ALEA_DICE_POKER_PHASE_OVER

/* One player's card. */
typedef struct dp_card {
    /* ALEA_DICE_POKER_EMPTY ... STRUCK per cell; columns >= `columns` stay 0. */
    uint8_t mark[DP_ROWS][DP_MAX_COLS];
    /* SCORED cells: the points.  School cells: the size of the change the
       cell made to the reserve (added for CLOSED, taken for CLOSED_RESERVE),
       i.e. the number written on the paper card (P-4.5).  Else 0. */
    uint8_t value[DP_ROWS][DP_MAX_COLS];
    int16_t reserve; /* P-1.6: never negative (P-4.4) */
    /* Cell holding the current reserve record (P-4.5): 0 = none, else
       1 + row * DP_MAX_COLS + col with row a School row. */
    uint8_t record;
    uint8_t pad;
} dp_card;

typedef struct ALEA__STATE_VIEW dp_state { /* core/impl.h */
    alea__head head;
    uint8_t players;  /* 1..4 (P-1.1) */
    uint8_t columns;  /* 1..6 (P-1.3) */
    uint8_t phase;    /* DP_PHASE_* */
    uint8_t throws;   /* throws made this turn, 0..3 (P-2.2) */
    uint8_t all_five; /* 1 if the dice came from a throw of all five (P-3.1); DECIDE only */
    uint8_t pad0;
    uint16_t turns;         /* turns completed; the seat to play is turns % players (P-8.1) */
    uint8_t dice[DP_FACES]; /* DECIDE: the five dice per face; else zeros */
    uint8_t held[DP_FACES]; /* THROW after a HOLD: the dice kept per face; else zeros */
    uint8_t bonus_owner[DP_BONUSES]; /* 0 = unclaimed, else seat + 1 (P-6.1) */
    uint8_t bonus_value[DP_BONUSES]; /* the points it gave; fits: at most 160 */
    dp_card card[ALEA_MAX_PLAYERS];  /* seats >= players stay zero */
    uint8_t pad1[4];
} dp_state;

_Static_assert(sizeof(dp_state) % 8 == 0, "state size must be a multiple of 8");
_Static_assert(sizeof(dp_state) <= ALEA_STATE_MAX_SIZE, "state too large");
_Static_assert(offsetof(dp_state, card) == 68, "no hidden padding before the cards");
_Static_assert(sizeof(dp_card) == 184, "no hidden padding in a card");

static inline dp_state *dp_of(alea_state *st) {
    return (dp_state *)(void *)st;
}
static inline const dp_state *dp_cof(const alea_state *st) {
    return (const dp_state *)(const void *)st;
}

static inline bool dp_is_school(int row) {
    return row >= 0 && row < DP_SCHOOL_ROWS;
}
static inline bool dp_is_combination(int row) {
    return row >= DP_SCHOOL_ROWS && row < DP_ROWS;
}
static inline int dp_seat(const dp_state *s) {
    return s->turns % s->players;
}
static inline int dp_total_turns(const dp_state *s) {
    return s->players * DP_ROWS * s->columns; /* P-7.1 */
}

/* ---- dice as counts per face (combos.c) ---- */

/* Number of dice in counts c. */
int alea__dp_dice_count(const uint8_t c[DP_FACES]);
/* Sum of the pips. */
int alea__dp_dice_sum(const uint8_t c[DP_FACES]);
/* First multiset of m dice in ascending packed order (all ones). */
void alea__dp_multiset_first(uint8_t c[DP_FACES], int m);
/* Next multiset of the same size in ascending packed order; false after the last. */
bool alea__dp_multiset_next(uint8_t c[DP_FACES]);
/* Orderings of the multiset: m! / prod(c[f]!). */
uint32_t alea__dp_orderings(const uint8_t c[DP_FACES]);
/* Writes the dice ascending, comma separated ("1,2,2,4,6"; "-" when none). */
void alea__dp_dice_text(char out[16], const uint8_t c[DP_FACES]);

/* ---- combinations, P-3 (combos.c) ---- */

/* Base value of combination row `row` (6..14) with five dice, extra points
   included; 0 when the dice do not form it. */
int alea__dp_combination_base(int row, const uint8_t c[DP_FACES]);
/* The value written: the base value, doubled when all_five (P-3.1). */
int alea__dp_combination_value(int row, const uint8_t c[DP_FACES], bool all_five);
/* A set of cell values 0..160. */
typedef struct dp_value_set {
    uint64_t bits[3];
} dp_value_set;
/* For each combination row, the values some five dice give, doubled or not
   (School rows: empty sets), by enumerating every throw. */
void alea__dp_achievable_values(dp_value_set sets[DP_ROWS]);
/* true if some five dice, doubled or not, give `value` in row `row` (a
   precomputed table of the above). */
bool alea__dp_value_achievable(int row, int value);

/* ---- rows and names (names.c) ---- */

/* Canonical notation name: "school-1" ... "pair", "two-pairs", ... "sum". */
const char *alea__dp_row_name(int row);
/* Title for people: "School 1", "Pair", "Two pairs" ... */
const char *alea__dp_row_title(int row);
/* Name of a bonus: the row name for 0..13, "column-1" ... for column bonuses. */
void alea__dp_bonus_name(char out[16], int bonus);
/* Row named `word` (lower case; canonical, English or Polish alias), or -1.
   School rows are not named here (their notation is `school N`). */
int alea__dp_row_find(const char *word);
/* Name of a mark: "empty", "closed", "closed-reserve", "zero", "scored", "struck". */
const char *alea__dp_mark_name(int mark);

/* ---- the card, P-4 .. P-7 (card.c) ---- */

/* Cells filled in a row (they are always its leftmost cells, P-2.3). */
int alea__dp_row_filled(const dp_card *card, int columns, int row);
/* Outcome of SCHOOL(n) with k dice showing n and reserve res (P-4.1 .. P-4.3):
   the mark, and the signed change of the reserve. */
void alea__dp_school_outcome(int n, int k, int res, uint8_t *mark, int *delta);
/* Signed change of the reserve a School cell made (P-4.1, P-4.2). */
int alea__dp_school_delta(const dp_card *card, int row, int col);
/* Whether the card meets the condition of bonus `bonus` (P-6.5 .. P-6.7); if so
 *value receives its points. */
bool alea__dp_bonus_met(const dp_card *card, int columns, int bonus, int *value);
/* After seat filled (row, col): award the row and column bonuses it earned
   first (P-6.1, P-6.2, P-6.8). */
void alea__dp_award_bonuses(dp_state *s, int seat, int row, int col);
/* Final score so far of a seat (P-7.2). */
int32_t alea__dp_score(const dp_state *s, int seat);
/* Number of ZERO cells of a card. */
int alea__dp_zeros(const dp_card *card, int columns);

/* ---- the reserve's history, P-4 (reserve.c) ---- */

/* Whether the School cells of a card, their reserve changes, the reserve and
   the record can come from some order of play (P-4.2, P-4.4, P-4.5). */
alea_status alea__dp_check_reserve(const dp_card *card, int columns, alea_error *err);

/* ---- options (game.c) ---- */

/* The index of each option in the spec's values[] (dp_options in game.c). */
enum {
    DP_OPTION_PLAYERS, /* 1..4 (P-1.1) */
    DP_OPTION_COLUMNS, /* 1..6 (P-1.3) */
    DP_OPTION_COUNT
};

/* ---- actions (actions.c) ---- */

/* The fields of an action (include/alea/dice_poker.h): kind << 24 | payload;
   ROLL and HOLD carry a count 0..5 per face, three bits a face, face 1 in
   bits 0..2 (P-8.2); SCORE and STRIKE carry a row. */
#define DP_KIND_SHIFT 24
#define DP_PAYLOAD_MASK ((UINT64_C(1) << DP_KIND_SHIFT) - 1)
#define DP_COUNT_BITS 3
#define DP_COUNT_MASK 7u
/* The shift of face index f's count (0 = face 1) in a dice payload. */
static inline unsigned dp_count_shift(int f) {
    return (unsigned)(DP_COUNT_BITS * f);
}

typedef struct dp_action {
    int kind;                 /* ALEA_DICE_POKER_ROLL .. STRIKE */
    int row;                  /* SCORE, STRIKE; else -1 */
    uint8_t counts[DP_FACES]; /* ROLL, HOLD */
    int dice;                 /* number of dice in counts */
} dp_action;

/* Decodes the form of an action (not its legality): ALEA_INVALID_ARGUMENT
   with a reason for a value that is no dice-poker action at all. */
alea_status alea__dp_decode(dp_action *out, uint64_t action, alea_error *err);
/* ROLL or HOLD with these counts. */
uint64_t alea__dp_dice_action(int kind, const uint8_t c[DP_FACES]);

/* ---- the game (game.c) ---- */

alea_status alea__dp_check(const alea_state *st, uint64_t action, alea_error *err);
/* ALEA_WRONG_PHASE (with the rule) if an action of this kind does not fit the phase. */
alea_status alea__dp_check_phase(const alea_state *st, int kind, alea_error *err);

/* ---- the bots' policy (advise.c) ---- */

/* The advise hook (core/impl.h): the advisor's PAR choice. */
bool alea__dp_advise(const alea_state *st, const uint64_t *legal, size_t n, uint64_t *out);

/* ---- the ply bot and its levels (ply.c) ---- */

/* The rank hook (core/impl.h): each action's expected final score for the
   seat, from the exact turn and the one-column optimum's values. */
bool alea__dp_rank(const alea_state *st, const uint64_t *legal, size_t n,
                   const alea__rank_params *p, alea_ranked_action *out);
#define DP_LEVELS 4
extern const alea__bot_level alea__dp_levels[DP_LEVELS];

/* ---- invariants (validate.c) ---- */

alea_status alea__dp_validate(const alea_state *st, alea_error *err);
/* The cheap range check before every hot call (sane.c). */
bool alea__dp_sane(const alea_state *st);

/* ---- text (notation.c, text.c, board.c, json.c) ---- */

alea_status alea__dp_format_action(alea__buf *b, const alea_state *st, uint64_t action);
alea_status alea__dp_parse_action(const alea_state *st, const char *text, size_t len,
                                  uint64_t *action, alea_error *err);
void alea__dp_write_state(alea__buf *b, const alea_state *st);
alea_status alea__dp_read_state(alea_state *st, alea__scan *sc, alea_error *err);
void alea__dp_write_board(alea__buf *b, const alea_state *st);
void alea__dp_write_json(alea__buf *b, const alea_state *st);

/* Observation tensor (tensor.c; layout in doc/rules): ALEA__DP_TENSOR_SIZE floats. */
#define ALEA__DP_TENSOR_SIZE 838
void alea__dp_tensor(const alea_state *st, int seat, float *out);

#endif /* ALEA_DICE_POKER_DP_H */
