/**
 * @file alea/wise_dice.h
 * @brief Wise dice ("Mądre kości"): typed options, actions and read access.
 *
 * Game id `wise-dice`; rules: doc/rules/wise_dice.md (rule numbers W-x.y).
 * Option: `max-moves` 1..100000 (default 1000), the move-count safeguard
 * (W-10.5).
 *
 * Two players, South (0, home row 1) and North (1, home row 12), on an 8×12
 * board; each owns six pawns numbered 1..6.  South places its pawns 1..6 on
 * its home row, then North (W-4.2); a chance event picks the starter (W-4.3).
 * Every move starts with a roll of four dice (chance, W-5.1); the player then
 * gives the dice the roles indicator, direction, distance and scoring (W-5.2).
 * Building a tower gives another move; the first exit starts the opponent's
 * final turn (W-10).
 *
 * ## Action encoding
 * An action is `kind << 12 | payload` (see ALEA_WISE_DICE_ACTION()):
 *
 * | kind | who | payload |
 * |---|---|---|
 * | ALEA_WISE_DICE_PLACE (1) | player | column 0..7 (A..H) of the home row for the next pawn |
 * | ALEA_WISE_DICE_START (2) | chance | the starting player, 0 or 1 |
 * | ALEA_WISE_DICE_ROLL (3)  | chance | the dice ascending a ≤ b ≤ c ≤ d: a<<9 \| b<<6 \| c<<3 \| d |
 * | ALEA_WISE_DICE_MOVE (4)  | player | I<<9 \| d<<6 \| K<<3 \| Z (indicator, direction, distance, scoring) |
 * | ALEA_WISE_DICE_PASS (5)  | player | 0: no legal move (W-5.5) |
 *
 * Directions d are relative to the mover, in the order F, FL, FR, L, R, B,
 * BL, BR (0..7).  The direction die D is implied by the roll and (I, K, Z).
 * Legal actions hold one action per resulting state, in its canonical
 * spelling (W-5.7 .. W-5.9): the exits of one pawn with one Z are one action.
 *
 * ## Notation
 * `place C1` (also `place 3 C1`), `start S`, `roll 1236`, `2/3:L/1/6`
 * (I/D:d/K/Z) and `pass`.  The parser accepts every spelling of a legal
 * action and returns the canonical one.
 *
 * ## Chance
 * alea_state_roll() throws the physical way: the starter is one
 * alea_rng_die(rng, 2) (1 = South); a roll is four alea_rng_die(rng, 6),
 * sorted.
 */
#ifndef ALEA_WISE_DICE_H
#define ALEA_WISE_DICE_H

#include "alea.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Action kinds (bits 12 and up of an action). */
enum {
    ALEA_WISE_DICE_PLACE = 1,
    ALEA_WISE_DICE_START = 2,
    ALEA_WISE_DICE_ROLL = 3,
    ALEA_WISE_DICE_MOVE = 4,
    ALEA_WISE_DICE_PASS = 5
};

/** Relative directions (W-3.3), in the canonical order of W-5.9. */
enum {
    ALEA_WISE_DICE_F = 0,
    ALEA_WISE_DICE_FL = 1,
    ALEA_WISE_DICE_FR = 2,
    ALEA_WISE_DICE_L = 3,
    ALEA_WISE_DICE_R = 4,
    ALEA_WISE_DICE_B = 5,
    ALEA_WISE_DICE_BL = 6,
    ALEA_WISE_DICE_BR = 7
};

/** Phases. */
enum {
    ALEA_WISE_DICE_PHASE_SETUP = 0, /**< The player to act places a pawn (W-4). */
    ALEA_WISE_DICE_PHASE_START = 1, /**< Chance picks the starter (W-4.3). */
    ALEA_WISE_DICE_PHASE_ROLL = 2,  /**< Chance rolls the four dice (W-5.1). */
    ALEA_WISE_DICE_PHASE_MOVE = 3,  /**< The player to act moves or passes (W-5.2). */
    ALEA_WISE_DICE_PHASE_OVER = 4   /**< The game is over (W-10). */
};

/** @name Building and taking apart an action (the same four macros in every game's header)
    An action is `kind << ALEA_WISE_DICE_ACTION_SHIFT | payload`. */
/**@{*/
#define ALEA_WISE_DICE_ACTION_SHIFT 12
/** Builds an action from a kind and a payload. */
#define ALEA_WISE_DICE_ACTION(kind, payload)                                                       \
    (((uint64_t)(kind) << ALEA_WISE_DICE_ACTION_SHIFT) | (uint64_t)(payload))
/** The kind of an action (compare with the action kinds above). */
#define ALEA_WISE_DICE_ACTION_KIND(action) ((uint64_t)(action) >> ALEA_WISE_DICE_ACTION_SHIFT)
/** The payload of an action (the bits below the kind). */
#define ALEA_WISE_DICE_ACTION_PAYLOAD(action)                                                      \
    ((uint64_t)(action) & ((UINT64_C(1) << ALEA_WISE_DICE_ACTION_SHIFT) - 1))
/**@}*/

/** Largest number of legal actions: 24 orderings × 8 directions bounds a move
    list; the chance lists have 2 or 126 entries. */
#define ALEA_WISE_DICE_MAX_ACTIONS 192

/** @name Longest texts of a wise dice state, NUL included (doc/api.md "What 1.x guarantees":
    they never shrink).  A buffer of this size always holds the text of
    alea_state_to_text(), alea_state_observation_text() (any seat), alea_state_to_json()
    and alea_state_observation_json() of any wise dice state; tests/test_lengths.c checks
    them over random games of the widest options.  The text is the spec, about 60 bytes of fields and 12 pawns
    of at most 7 bytes ("H12:N6 "): under 400; the JSON (about 1450 bytes measured) has room for 2.5 times that. */
/**@{*/
#define ALEA_WISE_DICE_STATE_TEXT_MAX 512
#define ALEA_WISE_DICE_OBSERVATION_TEXT_MAX 512
#define ALEA_WISE_DICE_JSON_MAX 4096
#define ALEA_WISE_DICE_OBSERVATION_JSON_MAX 4096
/**@}*/

/** Typed options; start from ALEA_WISE_DICE_OPTIONS_INIT or alea_wise_dice_options_init(). */
typedef struct alea_wise_dice_options {
    uint32_t version;  /**< ALEA_WISE_DICE_OPTIONS_VERSION. */
    int32_t max_moves; /**< 1..100000: moves plus passes before the game stops (W-10.5). */
} alea_wise_dice_options;
#define ALEA_WISE_DICE_OPTIONS_VERSION 1
#define ALEA_WISE_DICE_OPTIONS_INIT                                                                \
    { ALEA_WISE_DICE_OPTIONS_VERSION, 1000 }

/**
 * Fills *opts with the defaults (those of ALEA_WISE_DICE_OPTIONS_INIT), for
 * bindings and other callers that cannot use the macro.  Pass
 * ALEA_WISE_DICE_OPTIONS_VERSION (libgit2's `git_clone_options_init()` pattern).
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (opts NULL, or a version this
 *         library does not know; *opts is then unchanged).
 */
ALEA_API alea_status alea_wise_dice_options_init(alea_wise_dice_options *opts, uint32_t version);

/**
 * Creates the initial state from typed options (same as alea_state_init() with
 * the equivalent spec).
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (NULL, or an unknown options version);
 *         ::ALEA_BAD_OPTION (a value out of range).
 */
ALEA_API alea_status alea_wise_dice_init(alea_state *out, const alea_wise_dice_options *opts,
                                         alea_error *err);

/** A decoded action; fields a kind does not use are 0. */
typedef struct alea_wise_dice_action {
    int32_t kind;      /**< ALEA_WISE_DICE_PLACE .. PASS. */
    int32_t column;    /**< PLACE: 0..7. */
    int32_t player;    /**< START: 0 (South) or 1 (North). */
    int32_t dice[4];   /**< ROLL: ascending, 1..6. */
    int32_t pip;       /**< MOVE: indicator I, 1..6. */
    int32_t direction; /**< MOVE: d, ALEA_WISE_DICE_F .. BR. */
    int32_t distance;  /**< MOVE: K, 1..6. */
    int32_t points;    /**< MOVE: scoring die Z, 1..6. */
} alea_wise_dice_action;

/**
 * Encodes an action.  Checks only the form (ranges, ascending dice), not
 * legality in a state.
 * @return ::ALEA_OK or ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_wise_dice_encode(uint64_t *out, const alea_wise_dice_action *action);

/** Decodes an action, with the checks of alea_wise_dice_encode().
    @return ::ALEA_OK or ::ALEA_INVALID_ARGUMENT. */
ALEA_API alea_status alea_wise_dice_decode(alea_wise_dice_action *out, uint64_t action);

/** Where pawns are. */
enum {
    ALEA_WISE_DICE_NOT_PLACED = -1, /**< Not set up yet (W-4). */
    ALEA_WISE_DICE_EXITED = -2      /**< Left the board (W-9.1). */
};

/** One pawn. */
typedef struct alea_wise_dice_pawn {
    int32_t square; /**< 0..95 = (row-1)*8 + column, or ALEA_WISE_DICE_NOT_PLACED / EXITED. */
    int32_t height; /**< 0 = bottom of its stack; 0 when not on the board. */
    int32_t free;   /**< 1 if on the board and on top of its stack (W-1.5). */
} alea_wise_dice_pawn;

/** Everything about a wise-dice state; filled by alea_wise_dice_get_view(). */
typedef struct alea_wise_dice_view {
    uint32_t version;   /**< Set to ALEA_WISE_DICE_VIEW_VERSION before the call. */
    int32_t phase;      /**< ALEA_WISE_DICE_PHASE_*. */
    int32_t player;     /**< Player to act in SETUP / MOVE, to roll in ROLL; -1 otherwise. */
    int32_t final_turn; /**< 1 while `player` plays the final turn after an exit (W-10.2). */
    int32_t roll[4];    /**< PHASE_MOVE: the dice ascending; else zeros. */
    int32_t score[2];   /**< W-8. */
    int32_t moves;      /**< Moves plus passes made (W-10.5). */
    int32_t max_moves;  /**< Option `max-moves`. */
    alea_wise_dice_pawn pawn[2][6]; /**< [player][pip - 1]. */
    /** Stack of each square, bottom to top, as pawn codes player * 6 + pip - 1;
        heights[square] entries are valid, the rest are -1. */
    int8_t stack[96][12];
    int32_t heights[96]; /**< Pawns on each square. */
} alea_wise_dice_view;
#define ALEA_WISE_DICE_VIEW_VERSION 1

/**
 * Fills *out from a wise-dice state.
 * @return ::ALEA_OK; ::ALEA_INVALID_STATE (damaged bytes: alea_state_validate()
 *         refuses them); ::ALEA_INVALID_ARGUMENT (NULL, a bad head, a state of
 *         another game, or out->version not ALEA_WISE_DICE_VIEW_VERSION).
 */
ALEA_API alea_status alea_wise_dice_get_view(alea_wise_dice_view *out, const alea_state *state);

#ifdef __cplusplus
}
#endif

#endif /* ALEA_WISE_DICE_H */
