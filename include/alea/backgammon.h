/**
 * @file alea/backgammon.h
 * @brief Backgammon: typed options, actions, read access and GNU Backgammon IDs.
 *
 * Game id `backgammon`; rules: doc/rules/backgammon.md (rule numbers §x.y of
 * the specification).  Modes (§7.1): a single game without cube (default),
 * a match to `match=N` points (cube on unless `cube=off`, Crawford rule on
 * unless `crawford=off`), or money play (`money=on`, a session of `games=N`
 * games; options `jacoby`, `beavers`, `auto_doubles`).  `max_cube` limits
 * the cube (§7.2), `opening=seeds|standard` chooses the opening rule (§3),
 * `resign=on` allows resignation offers (§6).
 *
 * Points are numbered from each player's own side (§1): 1..24, the bar is 25,
 * borne off is 0.  Player 0 is White, player 1 Red.
 *
 * ## Action encoding
 * An action is `kind << 48 | payload` (ALEA_BACKGAMMON_ACTION()):
 *
 * | kind | who | payload |
 * |---|---|---|
 * | OPENING (1) | chance | white die << 3 \| red die (§3)  |
 * | DICE (2)    | chance | larger die << 3 \| smaller die   |
 * | MOVE (3)    | player | up to four steps, 10 bits each (from << 5 \| to), the first step in bits 30..39; steps sorted descending; 0 = a forfeited roll (§5.3) |
 * | ROLL (4)    | player | 0: roll without doubling (§7.3) |
 * | DOUBLE (5), TAKE (6), DROP (7), BEAVER (8) | player | 0 |
 * | RESIGN (9)  | player | 1 single, 2 gammon, 3 backgammon (§6) |
 * | ACCEPT (10), REJECT (11) | player | 0: answer to a resignation |
 *
 * A move is its resulting position (§5.4): the legal list has one canonical
 * step list per position (the largest encoding among the routes to it).
 *
 * ## Chance
 * alea_state_roll() throws the physical way: alea_rng_die(rng, 6) for White,
 * then for Red at the opening (thrown again on a tie unless the tie doubles
 * the cube, §7.6), and two alea_rng_die(rng, 6) for a roll.
 */
#ifndef ALEA_BACKGAMMON_H
#define ALEA_BACKGAMMON_H

#include "alea.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Action kinds. */
enum {
    ALEA_BACKGAMMON_OPENING = 1,
    ALEA_BACKGAMMON_DICE = 2,
    ALEA_BACKGAMMON_MOVE = 3,
    ALEA_BACKGAMMON_ROLL = 4,
    ALEA_BACKGAMMON_DOUBLE = 5,
    ALEA_BACKGAMMON_TAKE = 6,
    ALEA_BACKGAMMON_DROP = 7,
    ALEA_BACKGAMMON_BEAVER = 8,
    ALEA_BACKGAMMON_RESIGN = 9,
    ALEA_BACKGAMMON_ACCEPT = 10,
    ALEA_BACKGAMMON_REJECT = 11
};

/** @name Building and taking apart an action (the same four macros in every game's header)
    An action is `kind << ALEA_BACKGAMMON_ACTION_SHIFT | payload`. */
/**@{*/
#define ALEA_BACKGAMMON_ACTION_SHIFT 48
/** Builds an action from a kind and a payload. */
#define ALEA_BACKGAMMON_ACTION(kind, payload)                                                      \
    (((uint64_t)(kind) << ALEA_BACKGAMMON_ACTION_SHIFT) | (uint64_t)(payload))
/** The kind of an action (compare with the action kinds above). */
#define ALEA_BACKGAMMON_ACTION_KIND(action) ((uint64_t)(action) >> ALEA_BACKGAMMON_ACTION_SHIFT)
/** The payload of an action (the bits below the kind). */
#define ALEA_BACKGAMMON_ACTION_PAYLOAD(action)                                                     \
    ((uint64_t)(action) & ((UINT64_C(1) << ALEA_BACKGAMMON_ACTION_SHIFT) - 1))
/**@}*/

/** The bar and "off" in a player's own numbering. */
#define ALEA_BACKGAMMON_BAR 25
#define ALEA_BACKGAMMON_OFF 0

/** Room for any legal-action list: at most 3060 distinct moves (four 1-pip steps spread over
    15 checkers on 15 points) plus three resignation offers; usual positions have a few hundred
    at most (§5.5). */
#define ALEA_BACKGAMMON_MAX_ACTIONS 4096

/** @name Longest texts of a backgammon state, NUL included (doc/api.md "What 1.x guarantees":
    they never shrink).  A buffer of this size always holds the text of
    alea_state_to_text(), alea_state_observation_text() (any seat), alea_state_to_json()
    and alea_state_observation_json() of any backgammon state; tests/test_lengths.c checks
    them over random games of the widest options.  The state text is the spec (under ALEA_SPEC_MAX), about 130 bytes of cube, score
    and game fields (scores of 10 digits) and two lists of at most 26 points of at most 7
    bytes ("bar:15,"): under 800; the JSON holds that text again plus 2 x 26 counts and
    the other fields (about 1100 bytes measured): under 2500. */
/**@{*/
#define ALEA_BACKGAMMON_STATE_TEXT_MAX 1024
#define ALEA_BACKGAMMON_OBSERVATION_TEXT_MAX 1024
#define ALEA_BACKGAMMON_JSON_MAX 4096
#define ALEA_BACKGAMMON_OBSERVATION_JSON_MAX 4096
/**@}*/

/** Phases. */
enum {
    ALEA_BACKGAMMON_PHASE_OPENING = 0,  /**< Chance: the opening throw (§3). */
    ALEA_BACKGAMMON_PHASE_CUBE = 1,     /**< The player on roll rolls or doubles (§7.3). */
    ALEA_BACKGAMMON_PHASE_DICE = 2,     /**< Chance: the player on roll throws two dice. */
    ALEA_BACKGAMMON_PHASE_MOVE = 3,     /**< The player on roll moves (§5). */
    ALEA_BACKGAMMON_PHASE_TAKE = 4,     /**< The opponent takes, drops or beavers a double. */
    ALEA_BACKGAMMON_PHASE_BEAVERED = 5, /**< The doubler takes or drops a beaver. */
    ALEA_BACKGAMMON_PHASE_RESIGN = 6,   /**< The opponent accepts or rejects a resignation. */
    ALEA_BACKGAMMON_PHASE_OVER = 7      /**< The game (match, session) is over. */
};

/** Cube owner value meaning "centred". */
#define ALEA_BACKGAMMON_CENTRE 2

/** How the last finished game ended (alea_backgammon_view::last_how). */
enum {
    ALEA_BACKGAMMON_END_NONE = 0,
    ALEA_BACKGAMMON_END_BEAROFF = 1, /**< Bore off all 15. */
    ALEA_BACKGAMMON_END_DROP = 2,    /**< A double was dropped (§7.3). */
    ALEA_BACKGAMMON_END_RESIGN = 3   /**< A resignation was accepted (§6). */
};

/** Typed options; start from ALEA_BACKGAMMON_OPTIONS_INIT or alea_backgammon_options_init(). */
typedef struct alea_backgammon_options {
    uint32_t version;     /**< ALEA_BACKGAMMON_OPTIONS_VERSION. */
    int32_t match;        /**< Match length, 0 = no match. */
    int32_t money;        /**< 1 = money play. */
    int32_t games;        /**< Games of a money session (1 otherwise). */
    int32_t cube;         /**< -1 automatic (on in match/money), 0 off, 1 on. */
    int32_t crawford;     /**< Crawford rule in a match (§7.4). */
    int32_t jacoby;       /**< Money: Jacoby rule (§7.6). */
    int32_t beavers;      /**< Money: beavers allowed (§7.3). */
    int32_t auto_doubles; /**< Money: automatic doubles limit, 0 = off (§7.6). */
    int32_t max_cube;     /**< Largest cube value, a power of two 1..32768, or 0: 64 in a match,
                               4096 in money play, as gnubg (§7.2). */
    int32_t opening;      /**< 0 = seeds (starter rolls two dice), 1 = standard (§3). */
    int32_t resign;       /**< 1 = resignation offers are actions (§6). */
    int32_t dead_cube;    /**< 0 = no double when the cube is dead in a match, as gnubg;
                               1 = allow it (§7.3).  Since version 2; version 1 callers get 0. */
} alea_backgammon_options;
/** Version 2 added dead_cube; version 1 structs (without it) are still accepted. */
#define ALEA_BACKGAMMON_OPTIONS_VERSION 2
#define ALEA_BACKGAMMON_OPTIONS_INIT                                                               \
    { ALEA_BACKGAMMON_OPTIONS_VERSION, 0, 0, 1, -1, 1, 0, 0, 0, 0, 0, 0, 0 }

/**
 * Fills *opts with the defaults (those of ALEA_BACKGAMMON_OPTIONS_INIT), for
 * bindings and other callers that cannot use the macro.  Pass
 * ALEA_BACKGAMMON_OPTIONS_VERSION (libgit2's `git_clone_options_init()`
 * pattern); version 1 fills only the fields before dead_cube.
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (opts NULL, or a version this
 *         library does not know; *opts is then unchanged).
 */
ALEA_API alea_status alea_backgammon_options_init(alea_backgammon_options *opts, uint32_t version);

/**
 * Creates the initial state from typed options (as alea_state_init() with the
 * equivalent spec).
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (NULL, unknown options version);
 *         ::ALEA_BAD_OPTION (out of range, or an invalid combination).
 */
ALEA_API alea_status alea_backgammon_init(alea_state *out, const alea_backgammon_options *opts,
                                          alea_error *err);

/** A decoded action. */
typedef struct alea_backgammon_action {
    int32_t kind;    /**< ALEA_BACKGAMMON_OPENING ... REJECT. */
    int32_t value;   /**< RESIGN: level 1..3; else 0. */
    int32_t dice[2]; /**< OPENING: White's and Red's die; DICE: larger, smaller; else 0. */
    int32_t steps;   /**< MOVE: number of steps 0..4; else 0. */
    int32_t from[4]; /**< MOVE: step origins (25 = bar), own numbering. */
    int32_t to[4];   /**< MOVE: step destinations (0 = off). */
} alea_backgammon_action;

/**
 * Encodes an action.  Checks the form only (dice 1..6, DICE larger first,
 * steps with 1 <= from <= 25, 0 <= to < from, at most 4); MOVE steps are
 * sorted into the canonical descending order.
 * @return ::ALEA_OK or ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_backgammon_encode(uint64_t *out, const alea_backgammon_action *action);

/** Decodes an action, with the checks of alea_backgammon_encode().
    @return ::ALEA_OK or ::ALEA_INVALID_ARGUMENT. */
ALEA_API alea_status alea_backgammon_decode(alea_backgammon_action *out, uint64_t action);

/** Everything about a backgammon state; filled by alea_backgammon_get_view(). */
typedef struct alea_backgammon_view {
    uint32_t version; /**< Set to ALEA_BACKGAMMON_VIEW_VERSION before the call. */
    int32_t phase;    /**< ALEA_BACKGAMMON_PHASE_*. */
    int32_t turn;     /**< Player on roll (who rolls, moves, doubles, resigns). */
    int32_t to_act;   /**< Player who must act now, or -1 at chance/over. */
    /** points[p][i]: checkers of player p on his own point i (1..24), bar at 25,
        borne off at 0. */
    int32_t points[2][26];
    int32_t dice[2];        /**< Larger die first; 0 = not rolled. */
    int32_t pips[2];        /**< Pip counts (§1). */
    int32_t cube_value;     /**< 1, 2, 4 ... */
    int32_t cube_owner;     /**< 0, 1, or ALEA_BACKGAMMON_CENTRE. */
    int32_t double_offered; /**< 1 while a double (or beaver) awaits an answer. */
    int32_t resign_offered; /**< Level 1..3 while a resignation awaits an answer, else 0. */
    int32_t match_length;   /**< 0 unless a match. */
    int32_t money;          /**< 1 in money play. */
    int32_t cube_enabled;   /**< 1 if the doubling cube is used. */
    int32_t score[2];       /**< Match score / money points / points of the single game. */
    int32_t crawford;       /**< 1 in the Crawford game (§7.4). */
    int32_t post_crawford;  /**< 1 after it. */
    int32_t games_played;   /**< Games finished in this match or session. */
    int32_t last_winner;    /**< Winner of the last finished game, or -1. */
    int32_t last_value;     /**< Points of the last finished game (cube included), or 0. */
    int32_t last_how;       /**< ALEA_BACKGAMMON_END_*. */
} alea_backgammon_view;
#define ALEA_BACKGAMMON_VIEW_VERSION 1

/**
 * Fills *out from a backgammon state.
 * @return ::ALEA_OK; ::ALEA_INVALID_STATE (damaged bytes: alea_state_validate()
 *         refuses them); ::ALEA_INVALID_ARGUMENT (NULL, a bad head, another game, or
 *         out->version not ALEA_BACKGAMMON_VIEW_VERSION).
 */
ALEA_API alea_status alea_backgammon_get_view(alea_backgammon_view *out, const alea_state *state);

/** Room for a Position ID: 14 characters and the NUL. */
#define ALEA_BACKGAMMON_POSITION_ID_SIZE 15
/** Room for a Match ID: 12 characters and the NUL. */
#define ALEA_BACKGAMMON_MATCH_ID_SIZE 13

/**
 * GNU Backgammon Position ID of the state (§8): 14 characters.  The player not
 * on roll comes first.  snprintf contract (common.h): *len_out (may be NULL)
 * gets 14, ALEA_BACKGAMMON_POSITION_ID_SIZE bytes suffice; buf may be NULL when
 * capacity is 0.
 * @return ::ALEA_OK; ::ALEA_BUFFER_TOO_SMALL (capacity below 15: as much of the ID as
 *         fits, NUL-terminated); ::ALEA_INVALID_STATE (damaged bytes);
 *         ::ALEA_INVALID_ARGUMENT (NULL state or buf with capacity > 0, another game).
 */
ALEA_API alea_status alea_backgammon_position_id(char *buf, size_t capacity, size_t *len_out,
                                                 const alea_state *state);

/**
 * GNU Backgammon Match ID of the state (§9): 12 characters, with the contract of
 * alea_backgammon_position_id() (ALEA_BACKGAMMON_MATCH_ID_SIZE bytes suffice).
 * @return as alea_backgammon_position_id().
 */
ALEA_API alea_status alea_backgammon_match_id(char *buf, size_t capacity, size_t *len_out,
                                              const alea_state *state);

/**
 * Decodes a Position ID into checker counts: first[i] for the player not on
 * roll, second[i] for the player on roll, own numbering, i = 1..24, 25 = bar,
 * 0 = borne off.
 * @return ::ALEA_OK; ::ALEA_PARSE_ERROR (not 14 Base64 characters);
 *         ::ALEA_INVALID_STATE (more than 15 checkers, a shared point, both
 *         players on the bar against closed boards); ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_backgammon_decode_position_id(int32_t first[26], int32_t second[26],
                                                        const char *position_id, alea_error *err);

/**
 * alea_backgammon_decode_position_id() on id[0, len), which need not be
 * NUL-terminated; a NUL byte inside it is ::ALEA_PARSE_ERROR ("Position ID:
 * embedded NUL byte at offset N").
 * @return as alea_backgammon_decode_position_id().
 */
ALEA_API alea_status alea_backgammon_decode_position_id_n(int32_t first[26], int32_t second[26],
                                                          const char *id, size_t len,
                                                          alea_error *err);

/**
 * Creates a state from a Position ID and a Match ID (dice, cube, scores,
 * pending double, beaver or resignation included; a centred cube above 1 as
 * automatic doubles).  A finished game (game states 2, 3, 4, written as gnubg
 * does, §11.7) gives the end of the single game, match or money session, or
 * in a match not yet won the next game's opening.  `spec` (NULL =
 * "backgammon") gives the options the IDs do not hold; a Match ID with a
 * match length makes the state a match of that length (cube on unless the
 * spec says cube=off).
 * @return ::ALEA_OK; ::ALEA_PARSE_ERROR (not Base64 of the right length);
 *         ::ALEA_INVALID_STATE (a corrupt or impossible ID, e.g. a game won by
 *         bearing off whose winner has not borne off 15, a resignation with
 *         resign=off);
 *         ::ALEA_BAD_OPTION / ::ALEA_NOT_FOUND (the spec); ::ALEA_INVALID_ARGUMENT.
 *         On failure *out is unchanged.
 */
ALEA_API alea_status alea_backgammon_from_gnubg(alea_state *out, const char *spec,
                                                const char *position_id, const char *match_id,
                                                alea_error *err);

/**
 * alea_backgammon_from_gnubg() with explicit lengths: spec[0, spec_len) (spec may
 * be NULL, then spec_len is ignored), position_id[0, position_len) and
 * match_id[0, match_len), none of which need be NUL-terminated.  A NUL byte inside
 * any of them is ::ALEA_PARSE_ERROR ("Match ID: embedded NUL byte at offset N").
 * @return as alea_backgammon_from_gnubg().
 */
ALEA_API alea_status alea_backgammon_from_gnubg_n(alea_state *out, const char *spec,
                                                  size_t spec_len, const char *position_id,
                                                  size_t position_len, const char *match_id,
                                                  size_t match_len, alea_error *err);
/* ---- match files: Jellyfish .mat and GNU Backgammon .sgf (doc/record-format.md) ---- */

/** Match file formats. */
typedef enum alea_backgammon_format {
    ALEA_BACKGAMMON_FORMAT_AUTO = 0, /**< Reading: .sgf if the text starts with "(;", else .mat. */
    ALEA_BACKGAMMON_FORMAT_MAT = 1,  /**< Jellyfish .mat text (gnubg `export match mat`). */
    ALEA_BACKGAMMON_FORMAT_SGF = 2   /**< GNU Backgammon SGF (gnubg `save match`). */
} alea_backgammon_format;

/** Room for a player's name in alea_backgammon_match_info (NUL included; longer names are
    cut). */
#define ALEA_BACKGAMMON_NAME_MAX 64

/** What a match file says, filled by alea_backgammon_read_match(). */
typedef struct alea_backgammon_match_info {
    uint32_t version;     /**< Set to ALEA_BACKGAMMON_MATCH_INFO_VERSION before the call. */
    int32_t format;       /**< ALEA_BACKGAMMON_FORMAT_MAT or _SGF (the one read). */
    int32_t match_length; /**< Match length, 0 for money play. */
    int32_t games;        /**< Games in the file (all of them replayed when ::ALEA_OK). */
    int32_t complete;     /**< 1 if the last game is finished, 0 if the file stops in a game. */
    int32_t score[2];     /**< Score after the games replayed (the match score, or money
                                points). */
    char names[2][ALEA_BACKGAMMON_NAME_MAX]; /**< Player 0 (the .mat left column, SGF W) and
                                                  player 1. */
    char spec[ALEA_SPEC_MAX];                /**< The spec the games are replayed with. */
    /** On failure: the game (1-based), the file's move number in it (1-based, 0 before the
        first move) and the line (1-based) of the first bad entry; 0 when not known. */
    int32_t error_game, error_move, error_line;
} alea_backgammon_match_info;
#define ALEA_BACKGAMMON_MATCH_INFO_VERSION 1

/** One action replayed from a match file, handed to an ::alea_backgammon_match_fn. */
typedef struct alea_backgammon_match_entry {
    int32_t game;             /**< 1-based game number. */
    int32_t move;             /**< The file's move number in the game (0 before the first). */
    int32_t line;             /**< 1-based line of the entry in the text. */
    int32_t game_start;       /**< 1 for the first action of a game (its opening throw). */
    uint64_t action;          /**< The action applied (chance actions included). */
    const alea_state *before; /**< The state before it (valid during the call only). */
    const alea_state *after;  /**< The state after it (valid during the call only). */
} alea_backgammon_match_entry;

/** Called for every action replayed; any status but ::ALEA_OK stops the reading, which then
    returns that status. */
typedef alea_status (*alea_backgammon_match_fn)(void *ctx,
                                                const alea_backgammon_match_entry *entry);

/**
 * Parses a .mat or .sgf match file and replays every game through the rules, validating each
 * entry (§3-§7): the opening roll, dice, moves (in the mover's numbering, any spelling the
 * notation accepts: `25/21`, `bar/21`, `6/0`, `6/off`, hits, `(2)`), doubles, takes, drops,
 * beavers, resignations (`Wins N points` or SGF `RE[..R]` without a bear-off or drop) and each
 * game's result and starting score.  Nothing is allocated: each action goes to `fn` (may be
 * NULL), which copies what it needs.  The spec is built from the file (match length, money
 * play, Crawford, Jacoby, cube use) with `opening=standard resign=on`.
 * @param info  filled (may be NULL; else info->version must be set), also on failure.
 * @param text  the file's text, NUL-terminated (alea_backgammon_read_match_n() takes a length).
 * @param format ALEA_BACKGAMMON_FORMAT_AUTO, _MAT or _SGF.
 * @return ::ALEA_OK when every entry is legal; ::ALEA_PARSE_ERROR (not the format: a bad line,
 *         a truncated file), ::ALEA_ILLEGAL_ACTION or ::ALEA_WRONG_PHASE (an entry the rules
 *         refuse) or ::ALEA_INVALID_STATE (a score line or result that the games do not give),
 *         each with err->message "game G move M (line L): reason" and err->line = L;
 *         ::ALEA_BAD_OPTION (a match length alea does not play, above 255);
 *         ::ALEA_INVALID_ARGUMENT (NULL text, a bad format or info version); or what `fn`
 *         returned.
 */
ALEA_API alea_status alea_backgammon_read_match(alea_backgammon_match_info *info, const char *text,
                                                int32_t format,
                                                alea_backgammon_match_fn fn, void *ctx,
                                                alea_error *err);

/**
 * alea_backgammon_read_match() over the `len` bytes at `text`, which need no NUL terminator;
 * a NUL byte among them is ::ALEA_PARSE_ERROR ("match file: embedded NUL byte at offset N",
 * err->offset = N, info zeroed but for its version), so a file cannot pass as its prefix.
 * .mat lines longer than 1024 bytes are ::ALEA_PARSE_ERROR in both forms.
 * @return as alea_backgammon_read_match().
 */
ALEA_API alea_status alea_backgammon_read_match_n(alea_backgammon_match_info *info,
                                                  const char *text, size_t len, int32_t format,
                                                  alea_backgammon_match_fn fn, void *ctx,
                                                  alea_error *err);

/**
 * Writes a match (or money session, or single game) as .mat or .sgf text: the actions are
 * those of a whole alea game from its initial state (chance actions included, as in an alea
 * record), replayed and checked first.  What the formats leave out without changing the games
 * is left out (the cube decision to roll, rejected resignation offers); beavers are written
 * in .mat only (`Beavers => 4`).  A spec whose games the format cannot carry is refused, so
 * that every file written reads back (here and in gnubg) as the same games: `opening=seeds`
 * (§3) and `auto_doubles` (§7.6) in both formats, `dead_cube=allow` in a match (§7.3), and in
 * .mat `crawford=off` (§7.4) and money play with `jacoby=on` (§7.6).  A name's characters
 * that would end its field are replaced by '_' (.mat: ':', control characters, a first ';';
 * .sgf: ']', '\', line breaks).
 * snprintf contract: *len_out (may be NULL) gets the full length, the buffer holds what fits,
 * NUL-terminated when capacity > 0; buf may be NULL when capacity is 0.
 * @param names player 0's and player 1's names (NULL: "White" and "Red"); newlines and
 *        brackets are replaced.
 * @return ::ALEA_OK; ::ALEA_BUFFER_TOO_SMALL (the text did not fit); ::ALEA_ILLEGAL_ACTION /
 *         ::ALEA_WRONG_PHASE / ::ALEA_INVALID_ARGUMENT (an action the game refuses, with its
 *         index in err->offset); ::ALEA_BAD_OPTION / ::ALEA_NOT_FOUND (the spec, not backgammon);
 *         ::ALEA_INVALID_ARGUMENT (NULL spec or actions with count > 0, a bad format, a beaver
 *         in .sgf, a match longer than 255, a spec the format cannot carry: the reason names
 *         the rule; actions that stop inside a game or hold none, §6: a file holds whole
 *         games, each with its result).
 */
ALEA_API alea_status alea_backgammon_write_match(char *buf, size_t capacity, size_t *len_out,
                                                 int32_t format, const char *spec,
                                                 const uint64_t *actions, size_t count,
                                                 const char *const names[2], alea_error *err);

#ifdef __cplusplus
}
#endif

#endif /* ALEA_BACKGAMMON_H */
