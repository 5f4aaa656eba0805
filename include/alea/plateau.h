/**
 * @file alea/plateau.h
 * @brief Plateau (Jim Albea): typed options, actions, read access and the
 *        per-player public view.
 *
 * Game id `plateau`; rules: doc/rules/plateau.md (rule numbers R-x.y and
 * decisions D1..D22 of the rule file).  Options: `overpay` (bool, default 0,
 * D12: a responder may give more than the largest value not above the offer)
 * and `max-plies` (0..1000000, default 0 = no cap, R10.4).
 *
 * Two seats: 0 = Black (moves first), 1 = White.  Black, then White, sets up a
 * two-piece stack on a perimeter square (R4); then each turn the player to
 * move onboards a piece (R6), moves (part of) a top unit (R7, captures R8) or
 * offers prisoners for exchange (R9); he passes only when he can do none of
 * these (R5.2).  A unit of six own pieces or six prisoners held wins (R10).
 *
 * Squares are 0..15 with `sq = file + 4 * rank` (a1 = 0, d1 = 3, a4 = 12).
 * Piece types: ALEA_PLATEAU_PIECE_MUTE .. ALEA_PLATEAU_PIECE_ACE; a piece's `side` is 0
 * when face A of the table below is up, 1 when face B is up (only two-faced
 * types have side 1):
 *
 * | type | code | count | face A | face B | value |
 * |---|---|---|---|---|---|
 * | MUTE (0) | M | 4 | blank | blank | 1 |
 * | BLUE (1) | BL | 2 | blue | blue | 4 |
 * | RED (2) | R | 2 | red | red | 5 |
 * | BLUE_MASK (3) | BM | 1 | blue | blank | 8 |
 * | RED_MASK (4) | RM | 1 | red | blank | 10 |
 * | TWISTER (5) | T | 1 | orange | blank | 15 |
 * | ACE (6) | A | 1 | red | blue | 21 |
 *
 * ## Action encoding
 * An action is `kind << 28 | payload`; a piece state is `type * 2 + side`;
 * a set of types is packed three bits a type (MUTE in bits 0-2, ...).
 *
 * | kind | payload |
 * |---|---|
 * | SETUP (1)   | square << 8 \| bottom piece state << 4 \| top piece state |
 * | ONBOARD (2) | piece state << 12 \| square << 5 \| level (0..24) |
 * | MOVE (3)    | origin << 20 \| flip << 19 \| lift << 16 \| target << 8 \| stop1 << 4 \| stop2 |
 * | OFFER (4)   | the offered set |
 * | GIVE (5)    | the given set |
 * | DECLINE (6) | 0 |
 * | PASS (7)    | 0 |
 *
 * A MOVE lifts `lift` pieces (R7.2) after an optional flip of the top piece
 * (R7.3); `stop1` / `stop2` are the numbers of pieces kept in hand after a
 * stop on the first / second square passed over (0 = no stop, R7.9).  A stomp
 * (R7.13) is a MOVE with target = origin, lift = the top unit, no stops.
 *
 * ## Notation
 * `setup a1 xx rb`, `on rb c2:1`, `a1/2-a2:1-a3`, `!b1/1-c3`, `b3*`,
 * `offer M+BL`, `give R`, `decline`, `pass` (doc/rules/plateau.md has the
 * grammar, the state text and the JSON keys).
 *
 * ## Hidden information (R11)
 * The state holds, for each piece on the board, which of its faces the
 * opponent of its owner has seen.  alea_plateau_get_public_view(),
 * alea_plateau_public_text() and alea_plateau_public_json() give what one
 * seat may know: the opponent's unseen faces and reserve contents masked;
 * the generic alea_state_observation_text() / _json() / _board() give the
 * same for every game.  The bots (alea/bot.h) play from that observation:
 * they search states in which the faces their seat has not seen are
 * re-dealt at random among those the observation leaves possible.
 */
#ifndef ALEA_PLATEAU_H
#define ALEA_PLATEAU_H

#include "alea.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Piece types (R2.1). */
enum {
    ALEA_PLATEAU_PIECE_MUTE = 0,
    ALEA_PLATEAU_PIECE_BLUE = 1,
    ALEA_PLATEAU_PIECE_RED = 2,
    ALEA_PLATEAU_PIECE_BLUE_MASK = 3,
    ALEA_PLATEAU_PIECE_RED_MASK = 4,
    ALEA_PLATEAU_PIECE_TWISTER = 5,
    ALEA_PLATEAU_PIECE_ACE = 6,
    ALEA_PLATEAU_PIECE_TYPES = 7
};

/** Faces (R1.5). */
enum {
    ALEA_PLATEAU_FACE_UNSEEN = -1, /**< In a public view: a face the viewer has not seen. */
    ALEA_PLATEAU_FACE_BLANK = 0,
    ALEA_PLATEAU_FACE_RED = 1,
    ALEA_PLATEAU_FACE_BLUE = 2,
    ALEA_PLATEAU_FACE_ORANGE = 3
};

/** Action kinds (bits 28 and up of an action). */
enum {
    ALEA_PLATEAU_SETUP = 1,
    ALEA_PLATEAU_ONBOARD = 2,
    ALEA_PLATEAU_MOVE = 3,
    ALEA_PLATEAU_OFFER = 4,
    ALEA_PLATEAU_GIVE = 5,
    ALEA_PLATEAU_DECLINE = 6,
    ALEA_PLATEAU_PASS = 7
};

/** @name Building and taking apart an action (the same four macros in every game's header)
    An action is `kind << ALEA_PLATEAU_ACTION_SHIFT | payload`. */
/**@{*/
#define ALEA_PLATEAU_ACTION_SHIFT 28
/** Builds an action from a kind and a payload. */
#define ALEA_PLATEAU_ACTION(kind, payload)                                                         \
    (((uint64_t)(kind) << ALEA_PLATEAU_ACTION_SHIFT) | (uint64_t)(payload))
/** The kind of an action (compare with the action kinds above). */
#define ALEA_PLATEAU_ACTION_KIND(action) ((uint64_t)(action) >> ALEA_PLATEAU_ACTION_SHIFT)
/** The payload of an action (the bits below the kind). */
#define ALEA_PLATEAU_ACTION_PAYLOAD(action)                                                        \
    ((uint64_t)(action) & ((UINT64_C(1) << ALEA_PLATEAU_ACTION_SHIFT) - 1))
/**@}*/

/** Phases. */
enum {
    ALEA_PLATEAU_PHASE_SETUP = 0,   /**< The seat to act sets up its first stack (R4). */
    ALEA_PLATEAU_PHASE_PLAY = 1,    /**< A normal turn (R5.1). */
    ALEA_PLATEAU_PHASE_RESPOND = 2, /**< The seat to act answers an offer (R9.2). */
    ALEA_PLATEAU_PHASE_OVER = 3     /**< The game is over. */
};

/** Results. */
enum {
    ALEA_PLATEAU_RESULT_NONE = 0,
    ALEA_PLATEAU_RESULT_BLACK = 1,
    ALEA_PLATEAU_RESULT_WHITE = 2,
    ALEA_PLATEAU_RESULT_DRAW = 3
};

/** Squares of the board and the most pieces one stack can hold. */
#define ALEA_PLATEAU_SQUARES 16
#define ALEA_PLATEAU_MAX_HEIGHT 24
/** Room for the legal actions of any position (ALEA_MAX_ACTIONS). */
#define ALEA_PLATEAU_MAX_ACTIONS 4096

/** @name Longest texts of a plateau state, NUL included (doc/api.md "What 1.x guarantees":
    they never shrink).  A buffer of this size always holds the text of
    alea_state_to_text(), alea_state_observation_text() (any seat), alea_state_to_json()
    and alea_state_observation_json() of any plateau state; tests/test_lengths.c checks
    them over random games of the widest options.  24 pieces in all, at most 5 bytes each on the board ("Wxx!"
    plus a separator), 16 squares ("a1="), four sets of at most 12 pieces ("BM+"), the
    spec and about 80 bytes of fields: under 600 (the observation adds "viewer=" and
    masks); the JSON (about 2100 bytes measured) has room for 3.5 times that. */
/**@{*/
#define ALEA_PLATEAU_STATE_TEXT_MAX 1024
#define ALEA_PLATEAU_OBSERVATION_TEXT_MAX 1024
#define ALEA_PLATEAU_JSON_MAX 8192
#define ALEA_PLATEAU_OBSERVATION_JSON_MAX 8192
/**@}*/

/** Typed options; start from ALEA_PLATEAU_OPTIONS_INIT or alea_plateau_options_init(). */
typedef struct alea_plateau_options {
    uint32_t version;  /**< ALEA_PLATEAU_OPTIONS_VERSION. */
    int32_t overpay;   /**< 0 or 1 (D12). */
    int32_t max_plies; /**< 0 (no cap) .. 1000000 (R10.4). */
} alea_plateau_options;
#define ALEA_PLATEAU_OPTIONS_VERSION 1
#define ALEA_PLATEAU_OPTIONS_INIT                                                                  \
    { ALEA_PLATEAU_OPTIONS_VERSION, 0, 0 }

/**
 * Fills *opts with the defaults (those of ALEA_PLATEAU_OPTIONS_INIT), for
 * bindings and other callers that cannot use the macro.  Pass
 * ALEA_PLATEAU_OPTIONS_VERSION (libgit2's `git_clone_options_init()` pattern).
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (opts NULL, or a version this
 *         library does not know; *opts is then unchanged).
 */
ALEA_API alea_status alea_plateau_options_init(alea_plateau_options *opts, uint32_t version);

/**
 * Creates the initial state from typed options (same as alea_state_init() with
 * the equivalent spec).
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (NULL, or an unknown options version);
 *         ::ALEA_BAD_OPTION (a value out of range).
 */
ALEA_API alea_status alea_plateau_init(alea_state *out, const alea_plateau_options *opts,
                                       alea_error *err);

/** A decoded action; fields a kind does not use are 0. */
typedef struct alea_plateau_action {
    int32_t kind;        /**< ALEA_PLATEAU_SETUP .. PASS. */
    int32_t square;      /**< SETUP, ONBOARD: the square; MOVE: the origin. */
    int32_t target;      /**< MOVE: the landing square (the origin for a stomp). */
    int32_t type;        /**< ONBOARD: the piece type; SETUP: the top piece's type. */
    int32_t side;        /**< ONBOARD, SETUP top piece: 1 if face B is up. */
    int32_t bottom_type; /**< SETUP: the bottom piece's type. */
    int32_t bottom_side; /**< SETUP: 1 if its face B is up. */
    int32_t level;       /**< ONBOARD: the level the piece is inserted at (R6.2). */
    int32_t flip;        /**< MOVE: 1 to flip the top piece first (R7.3). */
    int32_t lift;        /**< MOVE: pieces lifted, 1..7 (R7.2). */
    int32_t stop[2];     /**< MOVE: pieces kept after a stop on the 1st / 2nd square
                              passed over, 0 = no stop (R7.9). */
    uint8_t set[ALEA_PLATEAU_PIECE_TYPES]; /**< OFFER, GIVE: pieces per type. */
    uint8_t reserved;
} alea_plateau_action;

/**
 * Encodes an action.  Checks only the form (squares 0..15, types 0..6, side 1
 * only for two-faced types, level 0..24, lift 1..7, stops 0..15, set counts at
 * most the inventory, OFFER/GIVE non-empty), not legality in a state.
 * @return ::ALEA_OK or ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_plateau_encode(uint64_t *out, const alea_plateau_action *action);

/** Decodes an action, with the checks of alea_plateau_encode().
    @return ::ALEA_OK or ::ALEA_INVALID_ARGUMENT. */
ALEA_API alea_status alea_plateau_decode(alea_plateau_action *out, uint64_t action);

/** One piece in a view.  In a public view, fields the viewer cannot know are -1. */
typedef struct alea_plateau_piece {
    int8_t owner; /**< 0 Black, 1 White (always known: R11). */
    int8_t type;  /**< ALEA_PLATEAU_PIECE_MUTE ..; -1 if unknown. */
    int8_t up;    /**< Up-face; ALEA_PLATEAU_FACE_UNSEEN (-1) if unknown. */
    int8_t down;  /**< Down-face; ALEA_PLATEAU_FACE_UNSEEN (-1) if unknown. */
} alea_plateau_piece;

/** (1.1) alea_plateau_view::viewer of the full view (alea_plateau_get_view()).
    Its value is -1, that of ALEA_PLAYER_CHANCE, as in 1.0: compare with this
    name (doc/api.md "2.0 candidates"). */
#define ALEA_PLATEAU_VIEWER_FULL (-1)

/** A plateau state as a seat (or an all-seeing referee) sees it. */
typedef struct alea_plateau_view {
    uint32_t version;  /**< Set to ALEA_PLATEAU_VIEW_VERSION before the call. */
    int32_t viewer;    /**< ALEA_PLATEAU_VIEWER_FULL for the full view, else the seat
                            whose view this is (ALEA_OBSERVER_PUBLIC: a spectator's). */
    int32_t phase;     /**< ALEA_PLATEAU_PHASE_*. */
    int32_t to_act;    /**< Seat to act; -1 when over. */
    int32_t result;    /**< ALEA_PLATEAU_RESULT_*. */
    int32_t passes;    /**< Consecutive passes (R10.4). */
    int32_t min_offer; /**< After a declined offer this turn: its value (R9.6); else 0. */
    int32_t plies;     /**< Completed turns, set-ups included. */
    int32_t max_plies; /**< Option (0 = no cap). */
    int32_t overpay;   /**< Option (D12). */
    int32_t height[ALEA_PLATEAU_SQUARES]; /**< Pieces per square. */
    /** Stacks, level 0 (bottom) first; valid below height[sq]. */
    alea_plateau_piece stack[ALEA_PLATEAU_SQUARES][ALEA_PLATEAU_MAX_HEIGHT];
    int32_t reserve_size[2]; /**< Pieces in each seat's reserve (always public). */
    /** Reserve contents per type; -1 for every type of the opponent in a public view. */
    int32_t reserve[2][ALEA_PLATEAU_PIECE_TYPES];
    /** prisoners[p][t]: pieces of type t of the opponent that seat p holds (public). */
    int32_t prisoners[2][ALEA_PLATEAU_PIECE_TYPES];
    int32_t offer[ALEA_PLATEAU_PIECE_TYPES]; /**< The pending offer (PHASE_RESPOND), else 0s. */
    int32_t offer_value;                     /**< Its value (R9.1), else 0. */
} alea_plateau_view;
#define ALEA_PLATEAU_VIEW_VERSION 1

/**
 * Fills *out with the whole state (viewer = -1).
 * @return ::ALEA_OK; ::ALEA_INVALID_STATE (damaged bytes: alea_state_validate()
 *         refuses them); ::ALEA_INVALID_ARGUMENT (NULL, a bad head, a state of
 *         another game, or out->version not ALEA_PLATEAU_VIEW_VERSION).
 */
ALEA_API alea_status alea_plateau_get_view(alea_plateau_view *out, const alea_state *state);

/**
 * Fills *out with what seat `viewer` may know (R11): his own pieces and
 * reserve in full; of the opponent's pieces on the board only the faces
 * that were shown (the type when both faces were seen, or the up-face is
 * orange); the opponent's reserve only as a count.  Prisoners are public.
 * This is what a server sends to that seat's client (the generic
 * alea_state_observation_text() / _json() / _board() write the same).
 * viewer ::ALEA_OBSERVER_PUBLIC is a spectator: every piece as its owner's
 * opponent sees it, both reserves as counts (out->viewer is then -4).
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (as alea_plateau_get_view(), or
 *         viewer not 0, 1 or ALEA_OBSERVER_PUBLIC).
 */
ALEA_API alea_status alea_plateau_get_public_view(alea_plateau_view *out, const alea_state *state,
                                                  int32_t viewer);

/**
 * The public view of seat `viewer` (0, 1 or ::ALEA_OBSERVER_PUBLIC) as one
 * line of text: the state text (doc/rules/plateau.md) with each hidden face
 * written '?' and a hidden reserve written as its size ("#5").  This is the
 * observation text of alea_state_observation_text() without its
 * "<spec> | " prefix.  snprintf contract.
 * @return ::ALEA_OK; ::ALEA_BUFFER_TOO_SMALL; ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_plateau_public_text(char *buf, size_t capacity, size_t *len_out,
                                              const alea_state *state, int32_t viewer);

/**
 * The public view of seat `viewer` (0, 1 or ::ALEA_OBSERVER_PUBLIC) as a
 * JSON object (keys in doc/rules/plateau.md, "JSON keys"): the "state"
 * object of alea_state_observation_json().  snprintf contract.
 * @return ::ALEA_OK; ::ALEA_BUFFER_TOO_SMALL; ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_plateau_public_json(char *buf, size_t capacity, size_t *len_out,
                                              const alea_state *state, int32_t viewer);

/** Exchange value of a set of types (R2.1): counts per type, NULL gives 0. */
ALEA_API int32_t alea_plateau_exchange_value(const uint8_t counts[ALEA_PLATEAU_PIECE_TYPES]);

#ifdef __cplusplus
}
#endif

#endif /* ALEA_PLATEAU_H */
