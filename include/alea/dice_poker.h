/**
 * @file alea/dice_poker.h
 * @brief Dice poker ("Kościany poker"): typed options, actions and read access.
 *
 * Game id `dice-poker`; rules: doc/rules/dice_poker.md (rule numbers P-x.y).
 * Options: `players` 1..4 (default 2), `columns` 1..6 (default 3, P-1.3).
 *
 * A turn: the dice are thrown (chance), then the seat to act either holds some
 * dice and re-throws the rest (at most three throws, P-2.2) or scores one row
 * (P-2.3).  Seats play in order 0, 1, ... (P-8.1); the game ends when every
 * card is full (P-7.1).
 *
 * ## Action encoding
 * An action is `kind << 24 | payload` (see ALEA_DICE_POKER_ACTION()):
 *
 * | kind | who | payload |
 * |---|---|---|
 * | ALEA_DICE_POKER_ROLL (1)   | chance | counts of the dice thrown now, per face |
 * | ALEA_DICE_POKER_HOLD (2)   | player | counts of the dice kept (0..4 dice); the rest are re-thrown |
 * | ALEA_DICE_POKER_SCORE (3)  | player | row 0..14: School rows close or zero (P-4), combination rows write (P-3) |
 * | ALEA_DICE_POKER_STRIKE (4) | player | row 6..14 (combination rows and Sum) |
 *
 * Counts per face are packed three bits a face: face f (1..6) in bits
 * 3(f-1) .. 3(f-1)+2 (see alea_dice_poker_pack()).  A throw of m dice is one
 * chance outcome per multiset, with probability (orderings) / 6^m (P-8.2).
 *
 * ## Notation
 * `roll 1,1,3,5,6` (the dice thrown now), `hold 1,1,5`, `hold none`,
 * `school 4`, `write full`, `strike poker`.  The parser also accepts `score
 * <row>` for `school`/`write`, Polish row names (`para`, `kareta` ...), and an
 * optional column number after the row (`write full 2`), which must be the
 * column the row fills next (P-2.3).  doc/rules/dice_poker.md has the full
 * grammar, the state text and the JSON keys.
 *
 * ## Chance
 * alea_state_roll() throws the dice the physical way: one alea_rng_die(rng, 6)
 * per die thrown, in order, and applies the multiset of the faces; so a seed
 * replays a game on every platform.
 */
#ifndef ALEA_DICE_POKER_H
#define ALEA_DICE_POKER_H

#include "alea.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Rows of the card (P-1.2). */
enum {
    ALEA_DICE_POKER_SCHOOL_1 = 0, /**< School rows 1..6 are rows 0..5. */
    ALEA_DICE_POKER_PAIR = 6,
    ALEA_DICE_POKER_THREE = 7,
    ALEA_DICE_POKER_TWO_PAIRS = 8,
    ALEA_DICE_POKER_FULL = 9,
    ALEA_DICE_POKER_FOUR = 10,
    ALEA_DICE_POKER_POKER = 11,
    ALEA_DICE_POKER_SMALL = 12,
    ALEA_DICE_POKER_LARGE = 13,
    ALEA_DICE_POKER_SUM = 14,
    ALEA_DICE_POKER_ROWS = 15
};

/** Action kinds (bits 24 and up of an action). */
enum {
    ALEA_DICE_POKER_ROLL = 1,
    ALEA_DICE_POKER_HOLD = 2,
    ALEA_DICE_POKER_SCORE = 3,
    ALEA_DICE_POKER_STRIKE = 4
};

/** @name Building and taking apart an action (the same four macros in every game's header)
    An action is `kind << ALEA_DICE_POKER_ACTION_SHIFT | payload`. */
/**@{*/
#define ALEA_DICE_POKER_ACTION_SHIFT 24
/** Builds an action from a kind and a payload. */
#define ALEA_DICE_POKER_ACTION(kind, payload)                                                      \
    (((uint64_t)(kind) << ALEA_DICE_POKER_ACTION_SHIFT) | (uint64_t)(payload))
/** The kind of an action (compare with the action kinds above). */
#define ALEA_DICE_POKER_ACTION_KIND(action) ((uint64_t)(action) >> ALEA_DICE_POKER_ACTION_SHIFT)
/** The payload of an action (the bits below the kind). */
#define ALEA_DICE_POKER_ACTION_PAYLOAD(action)                                                     \
    ((uint64_t)(action) & ((UINT64_C(1) << ALEA_DICE_POKER_ACTION_SHIFT) - 1))
/**@}*/

/** Most columns a card can have (option `columns`). */
#define ALEA_DICE_POKER_MAX_COLUMNS 6
/** Bonuses of a game: 6 School rows, 8 combination rows (Sum has none), one per column. */
#define ALEA_DICE_POKER_BONUSES (6 + 8 + ALEA_DICE_POKER_MAX_COLUMNS)
/** Bonus index of column c (0-based). */
#define ALEA_DICE_POKER_COLUMN_BONUS(c) (14 + (c))
/** Largest number of legal actions: the 252 outcomes of a throw of five dice. */
#define ALEA_DICE_POKER_MAX_ACTIONS 252

/** @name Longest texts of a dice poker state, NUL included (doc/api.md "What 1.x guarantees":
    they never shrink).  A buffer of this size always holds the text of
    alea_state_to_text(), alea_state_observation_text() (any seat), alea_state_to_json()
    and alea_state_observation_json() of any dice poker state; tests/test_lengths.c checks
    them over random games of the widest options.  The text holds at most 4 cards of 15 x 6 cells of at most 8
    bytes ("r-1234*,"), the reserves, the spec and at most 20 claims of at most 17 bytes
    ("large-straight:3,"): under 3400.  The JSON has no such grammar bound: the largest
    measured is about 13000 bytes (4 players, 6 columns, full cards), under half the
    bound. */
/**@{*/
#define ALEA_DICE_POKER_STATE_TEXT_MAX 4096
#define ALEA_DICE_POKER_OBSERVATION_TEXT_MAX 4096
#define ALEA_DICE_POKER_JSON_MAX 32768
#define ALEA_DICE_POKER_OBSERVATION_JSON_MAX 32768
/**@}*/

/** Typed options; start from ALEA_DICE_POKER_OPTIONS_INIT or alea_dice_poker_options_init(). */
typedef struct alea_dice_poker_options {
    uint32_t version; /**< ALEA_DICE_POKER_OPTIONS_VERSION. */
    int32_t players;  /**< 1..4. */
    int32_t columns;  /**< 1..6. */
} alea_dice_poker_options;
#define ALEA_DICE_POKER_OPTIONS_VERSION 1
#define ALEA_DICE_POKER_OPTIONS_INIT                                                               \
    { ALEA_DICE_POKER_OPTIONS_VERSION, 2, 3 }

/**
 * Fills *opts with the defaults (those of ALEA_DICE_POKER_OPTIONS_INIT), for
 * bindings and other callers that cannot use the macro.  Pass
 * ALEA_DICE_POKER_OPTIONS_VERSION (libgit2's `git_clone_options_init()` pattern).
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (opts NULL, or a version this
 *         library does not know; *opts is then unchanged).
 */
ALEA_API alea_status alea_dice_poker_options_init(alea_dice_poker_options *opts, uint32_t version);

/**
 * Creates the initial state from typed options (same as alea_state_init() with
 * the equivalent spec).
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (NULL, or an unknown options version);
 *         ::ALEA_BAD_OPTION (a value out of range).
 */
ALEA_API alea_status alea_dice_poker_init(alea_state *out, const alea_dice_poker_options *opts,
                                          alea_error *err);

/** A decoded action. */
typedef struct alea_dice_poker_action {
    int32_t kind;      /**< ALEA_DICE_POKER_ROLL / HOLD / SCORE / STRIKE. */
    int32_t row;       /**< SCORE, STRIKE: the row; else -1. */
    uint8_t counts[6]; /**< ROLL, HOLD: dice per face (counts[0] = ones); else zeros. */
    uint8_t reserved[2];
} alea_dice_poker_action;

/**
 * Encodes an action.  Checks only the form (counts of a ROLL sum to 1..5, of a
 * HOLD to 0..4, each count at most 5; rows 0..14, a STRIKE only of rows
 * 6..14), not legality in a state.  Fields a kind does not use (`row` of a
 * ROLL or HOLD, `counts` of a SCORE or STRIKE) are ignored.
 * @return ::ALEA_OK or ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_dice_poker_encode(uint64_t *out, const alea_dice_poker_action *action);

/** Decodes an action, with the checks of alea_dice_poker_encode().
    @return ::ALEA_OK or ::ALEA_INVALID_ARGUMENT. */
ALEA_API alea_status alea_dice_poker_decode(alea_dice_poker_action *out, uint64_t action);

/**
 * Points a combination row scores with these five dice (P-3), doubled when
 * all_five is non-zero (P-3.1), or 0 when the dice do not form it.
 * @param counts dice per face, summing to 5.
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (row not 6..14, counts not summing to 5).
 */
ALEA_API alea_status alea_dice_poker_combination_value(int32_t *value_out, int32_t row,
                                                       const uint8_t counts[6], int all_five);

/** Marks of a cell (P-1.7). */
enum {
    ALEA_DICE_POKER_EMPTY = 0,
    ALEA_DICE_POKER_CLOSED = 1,         /**< School: closed (P-4.1). */
    ALEA_DICE_POKER_CLOSED_RESERVE = 2, /**< School: closed using the reserve (P-4.2). */
    ALEA_DICE_POKER_ZERO = 3,           /**< School: zero, -200 (P-4.3). */
    ALEA_DICE_POKER_SCORED = 4,         /**< Combination: value written. */
    ALEA_DICE_POKER_STRUCK = 5          /**< Combination: struck out. */
};

/** Phases. */
enum {
    ALEA_DICE_POKER_PHASE_THROW = 0,  /**< Dice must be thrown (chance). */
    ALEA_DICE_POKER_PHASE_DECIDE = 1, /**< The seat must hold-and-rethrow or score. */
    ALEA_DICE_POKER_PHASE_OVER = 2    /**< Every card is full. */
};

/** One player's card. */
typedef struct alea_dice_poker_card {
    uint8_t mark[ALEA_DICE_POKER_ROWS][ALEA_DICE_POKER_MAX_COLUMNS]; /**< Cell marks. */
    /** SCORED points, else 0 (so a card's cells plus its reserve and bonuses,
        minus 200 per ZERO, is its score).  What a School cell added to or took
        from the reserve is in the state text and JSON. */
    int16_t value[ALEA_DICE_POKER_ROWS][ALEA_DICE_POKER_MAX_COLUMNS];
    int32_t reserve;    /**< The reserve (P-1.6). */
    int32_t record_row; /**< Cell holding the current reserve record (P-4.5): the School
                             cell that changed the reserve last; -1 if none did. */
    int32_t record_col; /**< Its column (0-based), or -1. */
    int32_t score;      /**< Total so far (P-7.2). */
} alea_dice_poker_card;

/** Everything about a dice-poker state; filled by alea_dice_poker_get_view(). */
typedef struct alea_dice_poker_view {
    uint32_t version; /**< Set to ALEA_DICE_POKER_VIEW_VERSION before the call. */
    int32_t players;
    int32_t columns;
    int32_t phase;    /**< ALEA_DICE_POKER_PHASE_*. */
    int32_t seat;     /**< Seat whose turn it is (also during a throw); -1 when over. */
    int32_t throws;   /**< Throws made this turn, 0..3. */
    int32_t all_five; /**< 1 if the current dice came from a throw of all five (P-3.1);
                           0 outside PHASE_DECIDE. */
    int32_t turns;    /**< Turns completed in the game. */
    uint8_t dice[6];  /**< PHASE_DECIDE: the five dice, per face; zeros while dice are
                           being thrown and when the game is over. */
    uint8_t held[6];  /**< PHASE_THROW after a hold: the dice kept, per face (the others
                           are being thrown); else zeros. */
    int32_t bonus_owner[ALEA_DICE_POKER_BONUSES]; /**< Seat that claimed it, or -1 (P-6.1). */
    int32_t bonus_value[ALEA_DICE_POKER_BONUSES]; /**< Points it gave, or 0. */
    alea_dice_poker_card card[ALEA_MAX_PLAYERS];  /**< Valid below `players`. */
} alea_dice_poker_view;
#define ALEA_DICE_POKER_VIEW_VERSION 1

/**
 * Fills *out from a dice-poker state.  Stack: under 6 KB (the card is validated).
 * @return ::ALEA_OK; ::ALEA_INVALID_STATE (damaged bytes: alea_state_validate()
 *         refuses them); ::ALEA_INVALID_ARGUMENT (NULL, a bad head, a state of
 *         another game, or out->version not ALEA_DICE_POKER_VIEW_VERSION).
 */
ALEA_API alea_status alea_dice_poker_get_view(alea_dice_poker_view *out, const alea_state *state);

/** Packs counts per face (counts[0] = ones) into an action payload, three bits a
    face (each count is masked to 0..7); 0 if counts is NULL. */
ALEA_API uint32_t alea_dice_poker_pack(const uint8_t counts[6]);

#ifdef ALEA_EXPERIMENTAL
/* ---- Experimental (doc/api.md "What 1.x guarantees"): the advisor's objectives, pars and
   tie rules may change in a minor release.  Define ALEA_EXPERIMENTAL before including
   this header to use it. ---- */

/** Objectives of alea_dice_poker_advise(). */
typedef enum alea_dice_poker_objective {
    /** The expected change of the seat's score this turn (P-7.2): combination points,
        bonuses earned by the cell, reserve changes, -200 for a zero. */
    ALEA_DICE_POKER_ADVISE_TURN = 0,
    /** The same minus a fixed "par" per row (what the row is usually worth over a game;
        School rows below zero, since leaving one open risks a zero), so that a good row is
        not spent on a poor throw.  The `heuristic` bot (alea/bot.h) plays this one. */
    ALEA_DICE_POKER_ADVISE_PAR = 1
} alea_dice_poker_objective;

/** What alea_dice_poker_advise() recommends. */
typedef struct alea_dice_poker_advice {
    /** The action: a HOLD (keep these dice, re-throw the others), or the SCORE / STRIKE
        that fills the best row now.  Always legal in the state advised. */
    uint64_t action;
    /** Expected value of the rest of the turn under the objective when playing on
        optimally (for ALEA_DICE_POKER_ADVISE_TURN: points this turn). */
    double expected;
} alea_dice_poker_advice;

/**
 * Advises the seat to act on its current dice and throw number: the keep and the
 * row that maximise the expected value of this turn, computed exactly over every
 * multiset of the re-thrown dice with its probability (P-8.2) for the throws left
 * (P-2.2), and every row the seat may fill (P-2.3, School outcomes P-4, doubling
 * P-3.1, bonuses P-6).  Deterministic: ties go to scoring now, then to the first
 * keep in the order of the per-face counts.  No allocation; about 22 KB of stack.
 * @param out       receives the advice.
 * @param objective ALEA_DICE_POKER_ADVISE_TURN or ALEA_DICE_POKER_ADVISE_PAR.
 * @return ::ALEA_OK; ::ALEA_INVALID_STATE (damaged bytes); ::ALEA_INVALID_ARGUMENT
 *         (NULL, a bad head or a state of another
 *         game, an unknown objective); ::ALEA_WRONG_PHASE (dice are being thrown, or
 *         the game is over).  On failure *out is unchanged.
 */
ALEA_API alea_status alea_dice_poker_advise(alea_dice_poker_advice *out, const alea_state *state,
                                            int objective);

#endif /* ALEA_EXPERIMENTAL */

#ifdef __cplusplus
}
#endif

#endif /* ALEA_DICE_POKER_H */
