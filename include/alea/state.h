/**
 * @file alea/state.h
 * @brief Game states: create, copy, query, legal actions, chance, apply, text.
 *
 * An ::alea_state is a plain block of bytes with no pointers inside: copying
 * it with memcpy() gives an independent, equal state, so a search can keep
 * millions of states without malloc, and "undo" is keeping the old copy.
 * The struct below has room for any game's state (ALEA_STATE_MAX_SIZE bytes);
 * a game's states use only the first alea_state_size() bytes (the game's
 * alea_game_info::state_size), and every function reads and writes only
 * those.  Hosts that store many states may therefore keep them in blocks of
 * state_size bytes, aligned to 8, and pass such a block as an alea_state*.
 * The layout is private: use the functions, or a game's typed header.
 *
 * Whose turn: alea_state_current_player() returns a seat (0-based),
 * ::ALEA_PLAYER_CHANCE when dice must be thrown, or ::ALEA_PLAYER_TERMINAL.
 * A server that receives actions from clients checks them with the seat that
 * sent them: alea_state_apply_as(), alea_state_apply_text_as() (doc/api.md,
 * "Validating moves from clients").
 *
 * Actions are uint64_t values whose encoding each game documents in its
 * header.  At a chance node the actions are the chance outcomes (e.g. the
 * dice that fell).  Each distinct resulting state has exactly one legal
 * action (the canonical one); the notation parser maps every spelling of a
 * move to it.
 *
 * Any bytes are safe: whatever the contents of an alea_state (a cache, a
 * database row, a message), no function reads or writes out of bounds or
 * loops without end on it.  A NULL state, or one whose 8-byte head is not an
 * alea state of this build, gives ::ALEA_INVALID_ARGUMENT; the head carries a
 * layout version, and state bytes are only valid within one layout version
 * (another is refused as "state layout version N, this library reads M").
 * Damaged bytes after a good head give ::ALEA_INVALID_STATE where they are
 * detected: the text, board, JSON, spec, typed views, IDs, advice and bot
 * calls validate the state fully first; the hot calls (legal actions,
 * chance, check, apply, sample, roll, action text, result, scores) check only the fields they index with, so they may answer on a
 * damaged state, within the game's bounds.  alea_state_validate() tells a
 * sound state from damaged bytes.  A failed call leaves every state unchanged.
 */
#ifndef ALEA_STATE_H
#define ALEA_STATE_H

#include "common.h"
#include "game.h"
#include "rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Largest state of any game, in bytes; sizeof(alea_state). */
#define ALEA_STATE_MAX_SIZE 1024
/** Largest number of seats of any game. */
#define ALEA_MAX_PLAYERS 4
/** Largest number of legal actions (chance outcomes included) of any game at any node;
    every game's alea_game_info::max_actions is at most this. */
#define ALEA_MAX_ACTIONS 4096
/** Longest action text of any game, NUL included. */
#define ALEA_ACTION_TEXT_MAX 128
/** Longest canonical spec (alea_state_spec()) of any game, NUL included; also the
    longest spec alea_state_from_text() accepts. */
#define ALEA_SPEC_MAX 256
/** @name Longest texts of any game's state, NUL included: the largest of the games'
    ALEA_<GAME>_STATE_TEXT_MAX, ..._OBSERVATION_TEXT_MAX, ..._JSON_MAX and
    ..._OBSERVATION_JSON_MAX (each game header).  They never shrink in 1.x. */
/**@{*/
#define ALEA_STATE_TEXT_MAX 4096
#define ALEA_OBSERVATION_TEXT_MAX 4096
#define ALEA_JSON_MAX 32768
#define ALEA_OBSERVATION_JSON_MAX 32768
/**@}*/

/** alea_state_current_player(): dice (or another chance event) must be thrown. */
#define ALEA_PLAYER_CHANCE (-1)
/** alea_state_current_player(): the game is over. */
#define ALEA_PLAYER_TERMINAL (-2)
/** alea_state_current_player(): the state pointer is NULL or corrupt. */
#define ALEA_PLAYER_INVALID (-3)
/** alea_state_observation_text() and friends: a spectator, who sees only what
    every seat sees (no seat's hidden information). */
#define ALEA_OBSERVER_PUBLIC (-4)

/** A game state: a fixed-size, pointer-free, memcpy-able block.  Private layout. */
typedef struct alea_state {
    uint64_t opaque_[ALEA_STATE_MAX_SIZE / 8];
} alea_state;

/** One chance outcome with its exact probability num/den (and as a double). */
typedef struct alea_outcome {
    uint64_t action; /**< The outcome, as an action to apply at the chance node. */
    uint32_t num;    /**< Numerator of the exact probability. */
    uint32_t den;    /**< Denominator; the same for all outcomes of a node, and the
                          numerators of a node sum to it exactly. */
    double prob;     /**< num / den. */
} alea_outcome;

/** What one step of a play loop leaves for the next (alea_state_apply_and_list(),
    alea_state_roll_and_list()): who acts now and, when a seat does, its legal
    actions.  About 32 KB (room for ::ALEA_MAX_ACTIONS): keep one per loop or
    thread, not on a small stack. */
typedef struct alea_step {
    /** alea_state_current_player() of the state after the step. */
    int32_t player;
    /** Number of actions in `actions`: the legal actions when a seat is to act;
        0 at a chance node (a loop rolls there; alea_state_legal_actions() lists
        the outcomes) and at the end. */
    uint32_t count;
    /** The action applied: the one given, or the chance outcome drawn. */
    uint64_t outcome;
    /** actions[0, count): the legal actions, ascending, as alea_state_legal_actions(). */
    uint64_t actions[ALEA_MAX_ACTIONS];
} alea_step;

/** Scores and outcome of a game (final, or so far). */
typedef struct alea_result {
    /** 1 once the game is over, else 0. */
    int32_t terminal;
    /** Number of seats; the arrays are valid below this. */
    int32_t players;
    /** The seat that alone ranks first in a finished game, else -1 (game not over, or a
        tie for first place). */
    int32_t winner;
    /** 1 if the game is over and every seat shares first place. */
    int32_t draw;
    /** 1 = first; tied seats share a rank (1, 1, 3); while the game runs, the current order. */
    int32_t rank[ALEA_MAX_PLAYERS];
    /** Points per seat, in the game's own unit. */
    int32_t score[ALEA_MAX_PLAYERS];
    /** Utility for bots once the game is over, in [-1, 1], summing to 0: (seats ranked below
        - seats ranked above) / (players - 1); 0 for a one-seat game and while the game runs.
        A game may define its own (documented in its header). */
    double returns[ALEA_MAX_PLAYERS];
} alea_result;

/**
 * Creates the initial state of a game in caller memory.
 * @param out   receives the state (any contents before; fully written on success).
 * @param spec  the game id and options, e.g. "dice-poker players=2".
 * @param err   optional reason on failure.
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT if out or spec is NULL;
 *         ::ALEA_PARSE_ERROR for a malformed spec (e.g. a word without '=', or
 *         "=3"); ::ALEA_NOT_FOUND for an unknown game id;
 *         ::ALEA_BAD_OPTION for an unknown key, a key given twice, a bad, empty
 *         ("players=") or out-of-range value, or a combination the game rejects.
 *         On failure *out is unchanged.
 */
ALEA_API alea_status alea_state_init(alea_state *out, const char *spec, alea_error *err);

/**
 * alea_state_init() with an explicit length: the spec is spec[0, len), which need
 * not be NUL-terminated (bytes from len on are never read).  A NUL byte inside it is
 * ::ALEA_PARSE_ERROR ("spec: embedded NUL byte at offset N", err->offset = N), not
 * an end.  Every text entry point has such a `_n` twin; the NUL-terminated form
 * calls it with strlen().
 * @return as alea_state_init().
 */
ALEA_API alea_status alea_state_init_n(alea_state *out, const char *spec, size_t len,
                                       alea_error *err);

/**
 * alea_state_init() into a new heap block of alea_state_size() bytes.  Free it with
 * alea_state_free().  *out is set to NULL on failure.
 * @return as alea_state_init(), or ::ALEA_OUT_OF_MEMORY.
 */
ALEA_API alea_status alea_state_new(alea_state **out, const char *spec, alea_error *err);

/** alea_state_new() with an explicit length, as alea_state_init_n(). */
ALEA_API alea_status alea_state_new_n(alea_state **out, const char *spec, size_t len,
                                      alea_error *err);

/** Frees a state made by alea_state_new() or alea_state_clone().  NULL is a no-op. */
ALEA_API void alea_state_free(alea_state *state);

/**
 * Copies src into a new heap block (free with alea_state_free()).
 * @return ::ALEA_OK, ::ALEA_INVALID_ARGUMENT, or ::ALEA_OUT_OF_MEMORY (*out = NULL).
 */
ALEA_API alea_status alea_state_clone(alea_state **out, const alea_state *src);

/**
 * Copies src into dst: alea_state_size(src) bytes, no allocation.  dst must have
 * room for that many bytes (any alea_state has).  dst and src may be equal.
 * @return ::ALEA_OK or ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_state_copy(alea_state *dst, const alea_state *src);

/** Bytes the state uses (its game's state_size), or 0 if state is NULL or corrupt. */
ALEA_API size_t alea_state_size(const alea_state *state);

/** The state's game, or NULL if state is NULL or corrupt. */
ALEA_API const alea_game *alea_state_game(const alea_state *state);

/**
 * Checks that a state is sound: a valid header and a game part that keeps every
 * invariant of the game (useful for states that arrive as raw bytes).  A state is
 * accepted only if play can reach it, from the start or from a set-up position the
 * game's rules allow (doc/rules/<game>.md); alea_state_from_text() and
 * alea_backgammon_from_gnubg() accept the same states.  An accepted state is closed:
 * every action alea_state_legal_actions() lists passes alea_state_check_action() and
 * leads to a state accepted again, and no counter in it can wrap.
 * Stack: under 4 KB (doc/hardening.md "Stack"); alea_state_from_text() under 8 KB.
 * @return ::ALEA_OK, ::ALEA_INVALID_ARGUMENT (NULL or bad header) or ::ALEA_INVALID_STATE.
 */
ALEA_API alea_status alea_state_validate(const alea_state *state, alea_error *err);

/** 1 if both states are of the same game and equal in every byte they use, else 0
    (also 0 if either is NULL or corrupt). */
ALEA_API int alea_state_equal(const alea_state *a, const alea_state *b);

/**
 * 64-bit hash of the bytes the state uses (a documented mixing of 8-byte
 * little-endian words, see doc/api.md); equal states hash equally, and the value
 * is the same on every little-endian platform.  0 if state is NULL or corrupt.
 */
ALEA_API uint64_t alea_state_hash(const alea_state *state);

/** Seat to act (0-based, below alea_state_num_players()), ALEA_PLAYER_CHANCE,
    ALEA_PLAYER_TERMINAL, or ALEA_PLAYER_INVALID for a NULL or corrupt state.
    On damaged bytes after a good head it is still one of these (a seat of
    the game, read from the damaged seat field). */
ALEA_API int alea_state_current_player(const alea_state *state);

/** Number of seats in this game, or 0 for a NULL state, a bad head, or a
    damaged seat count. */
ALEA_API int alea_state_num_players(const alea_state *state);

/**
 * The legal actions, in ascending numeric order, each distinct resulting state once.
 * At a chance node these are the chance outcomes; at a terminal state there are none.
 * @param out       buffer for the actions (may be NULL when capacity is 0).
 * @param capacity  its length; the game's max_actions (or ALEA_MAX_ACTIONS) always suffices.
 * @param count_out receives the number of legal actions (also when the buffer is too small).
 * Stack: under 4 KB with a buffer of max_actions; under 10 KB with a smaller one (the
 * list is counted, only what fits is kept; doc/hardening.md "Stack").
 * @return ::ALEA_OK; ::ALEA_BUFFER_TOO_SMALL (out holds the first `capacity`);
 *         ::ALEA_INVALID_STATE (damaged bytes); ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_state_legal_actions(uint64_t *out, size_t capacity, size_t *count_out,
                                              const alea_state *state);

/**
 * The chance outcomes with their exact probabilities, in ascending order of action
 * (the same order as alea_state_legal_actions() at that node).
 * @return ::ALEA_OK; ::ALEA_WRONG_PHASE if the state is not a chance node;
 *         ::ALEA_BUFFER_TOO_SMALL (count_out has the count); ::ALEA_INVALID_STATE
 *         (damaged bytes); ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_state_chance_outcomes(alea_outcome *out, size_t capacity,
                                                size_t *count_out, const alea_state *state);

/**
 * Says whether `action` may be applied now, without applying it.
 * Every game gives the same status for the same kind of wrong input (the table in
 * doc/api.md "Which status for which wrong input").
 * Stack: under 4 KB (doc/hardening.md "Stack").
 * @return ::ALEA_OK if legal (exactly the values alea_state_legal_actions() lists);
 *         ::ALEA_ILLEGAL_ACTION (the rules forbid it now, including an action of the
 *         player's own at the wrong moment of his turn, e.g. a double after the roll;
 *         err says which rule); ::ALEA_WRONG_PHASE (the game is over, or a player
 *         action at a chance node or the reverse); ::ALEA_INVALID_ARGUMENT (not an
 *         action of this game at all, or a NULL state or bad head);
 *         ::ALEA_INVALID_STATE (damaged bytes).
 */
ALEA_API alea_status alea_state_check_action(const alea_state *state, uint64_t action,
                                             alea_error *err);

/**
 * Validates, then applies an action (a player's move, or a chance outcome at a
 * chance node).  On any failure the state is unchanged.
 * @return ::ALEA_OK, or what alea_state_check_action() returns.
 */
ALEA_API alea_status alea_state_apply(alea_state *state, uint64_t action, alea_error *err);

/**
 * Parses a move in the game's notation (see alea_state_action_from_text()) and applies it.
 * Stack: under 6 KB.
 * @return ::ALEA_OK, ::ALEA_PARSE_ERROR, or what alea_state_apply() returns.
 */
ALEA_API alea_status alea_state_apply_text(alea_state *state, const char *text, alea_error *err);

/**
 * alea_state_apply_text() on text[0, len) (see alea_state_action_from_text_n()).
 * @return as alea_state_apply_text(); ::ALEA_PARSE_ERROR for a NUL byte inside.
 */
ALEA_API alea_status alea_state_apply_text_n(alea_state *state, const char *text, size_t len,
                                             alea_error *err);

/**
 * alea_state_check_action() on behalf of a sender: the referee's check of a
 * move that arrives from a client.  `seat` is who sent the action: a seat
 * index, or ::ALEA_PLAYER_CHANCE for the host's own dice.  Only the one who
 * must act now may act: the seat alea_state_current_player() names, or the
 * host at a chance node (so a player can neither move out of turn nor choose
 * the dice).  The seat is checked before the action, so the reason names the
 * seat (e.g. "seat 1 moved, but seat 0 must move").
 * @return ::ALEA_OK if `seat` may apply `action` now; ::ALEA_INVALID_ARGUMENT
 *         (NULL/corrupt state, or `seat` neither a seat of this game nor
 *         ::ALEA_PLAYER_CHANCE); ::ALEA_WRONG_PHASE (the game is over);
 *         ::ALEA_WRONG_PLAYER (someone else must act now); otherwise what
 *         alea_state_check_action() returns.
 */
ALEA_API alea_status alea_state_check_as(const alea_state *state, int seat, uint64_t action,
                                         alea_error *err);

/**
 * alea_state_check_as(), then applies the action.  On any failure the state is unchanged.
 * @return ::ALEA_OK, or what alea_state_check_as() returns.
 */
ALEA_API alea_status alea_state_apply_as(alea_state *state, int seat, uint64_t action,
                                         alea_error *err);

/**
 * alea_state_apply_text() on behalf of a sender (see alea_state_check_as()).  The
 * seat is checked before the text is parsed.  On any failure the state is unchanged.
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (also for NULL text);
 *         ::ALEA_WRONG_PHASE (the game is over); ::ALEA_WRONG_PLAYER; otherwise
 *         what alea_state_apply_text() returns.
 */
ALEA_API alea_status alea_state_apply_text_as(alea_state *state, int seat, const char *text,
                                              alea_error *err);

/**
 * alea_state_apply_text_as() on text[0, len), which need not be NUL-terminated
 * (bytes from len on are never read).  A NUL byte inside it is ::ALEA_PARSE_ERROR
 * ("action text: embedded NUL byte at offset N"), before the seat is checked.
 * @return as alea_state_apply_text_as().
 */
ALEA_API alea_status alea_state_apply_text_as_n(alea_state *state, int seat, const char *text,
                                                size_t len, alea_error *err);

/**
 * The step of a play loop in one call: alea_state_apply(), then the new state's
 * alea_state_current_player() and, when a seat is to act, its legal actions into
 * `out`.  For bindings, where each call into the library has a fixed cost (Python's
 * ctypes), a loop of "list, pick, apply" then makes one call per step instead of
 * three.  On any failure the state is unchanged and `out` is not written.  Never
 * allocates.
 * @param out    receives the step (see ::alea_step): `outcome` = `action`.
 * @param err    optional: the reason of a failure.
 * Stack: as alea_state_apply() (doc/hardening.md "Stack").
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (NULL `out`, or as alea_state_apply());
 *         otherwise what alea_state_apply() returns.
 */
ALEA_API alea_status alea_state_apply_and_list(alea_step *out, alea_state *state, uint64_t action,
                                               alea_error *err);

/**
 * The chance step of a play loop in one call: draws a chance outcome with `rng`
 * (as alea_state_sample()), applies it, then writes the new state's player and
 * list into `out` as alea_state_apply_and_list() (`outcome` = the outcome
 * drawn).  Every argument is checked before anything is drawn: on any failure
 * neither the state nor `rng` has changed, and `out` is not written.  Never
 * allocates.
 * Stack: as alea_state_roll().
 * @return ::ALEA_OK; ::ALEA_WRONG_PHASE (not a chance node); ::ALEA_INVALID_ARGUMENT
 *         (NULL `out` or `rng`, a NULL state or bad head); ::ALEA_INVALID_STATE
 *         (damaged bytes).
 */
ALEA_API alea_status alea_state_roll_and_list(alea_step *out, alea_state *state, alea_rng *rng,
                                              alea_error *err);

/**
 * Draws a chance outcome with the exact probabilities, using rng, without applying
 * it (so it can be written with alea_state_action_to_text() in its context first).
 * The draw is specified per game so that a seed replays a game exactly on every
 * platform.
 * @return ::ALEA_OK; ::ALEA_WRONG_PHASE if not at a chance node; ::ALEA_INVALID_STATE
 *         (damaged bytes); ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_state_sample(uint64_t *outcome_out, const alea_state *state,
                                       alea_rng *rng);

/**
 * Throws the dice: alea_state_sample(), then applies the outcome.  The arguments
 * are in alea_state_sample()'s order (out-parameter first).
 * @param outcome_out optional (NULL): receives the outcome applied.
 * @param state       the chance node; changed only on success.
 * @param rng         the random stream (advanced).
 * @return ::ALEA_OK; ::ALEA_WRONG_PHASE if not at a chance node; ::ALEA_INVALID_STATE
 *         (damaged bytes); ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_state_roll(uint64_t *outcome_out, alea_state *state, alea_rng *rng);

/**
 * Writes an action in the game's usual notation (e.g. "hold 1,1,5", "13/7 8/7").
 * The state gives the context (whose move, what it hits); the action need not be
 * legal, only well-formed for this game.  ALEA_ACTION_TEXT_MAX bytes always suffice.
 * Stack: under 3 KB.
 * @return ::ALEA_OK; ::ALEA_BUFFER_TOO_SMALL; ::ALEA_INVALID_ARGUMENT (NULL, or not an
 *         action of this game); ::ALEA_INVALID_STATE (damaged bytes).
 */
ALEA_API alea_status alea_state_action_to_text(char *buf, size_t capacity, size_t *len_out,
                                               const alea_state *state, uint64_t action);

/**
 * Parses a move in the game's notation, accepting every spelling the game's
 * notation allows, and gives the canonical legal action it denotes.
 * Malformed text is ::ALEA_PARSE_ERROR in every phase; well-formed text then gets
 * the status alea_state_check_action() gives the action it denotes.
 * Stack: under 4 KB.
 * @return ::ALEA_OK; ::ALEA_PARSE_ERROR (malformed; err->offset points at the
 *         problem); ::ALEA_ILLEGAL_ACTION (well-formed but not legal now; err says
 *         which rule); ::ALEA_WRONG_PHASE (the game is over, a move where dice must
 *         be thrown or dice where a player must move); ::ALEA_INVALID_STATE (damaged
 *         bytes); ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_state_action_from_text(uint64_t *action_out, const alea_state *state,
                                                 const char *text, alea_error *err);

/**
 * alea_state_action_from_text() on text[0, len), which need not be NUL-terminated
 * (bytes from len on are never read).  A NUL byte inside it is ::ALEA_PARSE_ERROR
 * ("action text: embedded NUL byte at offset N", err->offset = N), not an end.
 * @return as alea_state_action_from_text().
 */
ALEA_API alea_status alea_state_action_from_text_n(uint64_t *action_out, const alea_state *state,
                                                   const char *text, size_t len, alea_error *err);

/**
 * Writes the one-line text form of the state: the canonical spec, " | ", then the
 * game's fields (doc/notation.md; the grammar is in doc/rules/<game>.md).
 * alea_state_from_text() reads it back into an equal state, and writing that
 * state gives the same text.
 * @return ::ALEA_OK, ::ALEA_BUFFER_TOO_SMALL, ::ALEA_INVALID_STATE (damaged bytes),
 *         ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_state_to_text(char *buf, size_t capacity, size_t *len_out,
                                        const alea_state *state);

/**
 * Reads a one-line state text, checking every field and every invariant of the game.
 * @return ::ALEA_OK; ::ALEA_PARSE_ERROR (syntax); ::ALEA_INVALID_STATE (well-formed
 *         but impossible, e.g. a card with more cells than the rules allow);
 *         ::ALEA_NOT_FOUND / ::ALEA_BAD_OPTION (the spec part); ::ALEA_INVALID_ARGUMENT.
 *         On failure *out is unchanged.
 */
ALEA_API alea_status alea_state_from_text(alea_state *out, const char *text, alea_error *err);

/**
 * alea_state_from_text() on text[0, len), which need not be NUL-terminated (bytes
 * from len on are never read).  A NUL byte inside it is ::ALEA_PARSE_ERROR ("state
 * text: embedded NUL byte at offset N", err->offset = N), not an end.
 * @return as alea_state_from_text().
 */
ALEA_API alea_status alea_state_from_text_n(alea_state *out, const char *text, size_t len,
                                            alea_error *err);

/**
 * Writes a multi-line, human-readable picture of the state (board, dice, cards,
 * scores) ending with a newline.
 * @return ::ALEA_OK, ::ALEA_BUFFER_TOO_SMALL, ::ALEA_INVALID_STATE (damaged bytes),
 *         ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_state_to_board(char *buf, size_t capacity, size_t *len_out,
                                         const alea_state *state);

/**
 * Writes a JSON object describing the whole state.  Keys common to all games:
 * "game", "spec", "text" (the one-line form, from which the state can be rebuilt),
 * "current_player" (seat, or "chance" / "terminal"), "players", "scores",
 * "terminal"; the game's own keys are under "state" (doc/api.md, doc/rules/<game>.md).
 * @return ::ALEA_OK, ::ALEA_BUFFER_TOO_SMALL, ::ALEA_INVALID_STATE (damaged bytes),
 *         ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_state_to_json(char *buf, size_t capacity, size_t *len_out,
                                        const alea_state *state);

/**
 * Writes what seat `seat` may know of the state, as one line of text: its
 * *observation*.  For a game of perfect information (backgammon, dice poker,
 * wise dice) this is the state text of alea_state_to_text(), which
 * alea_state_from_text() reads back.  In a game with hidden information
 * (Plateau, R11) it is the canonical spec, " | ", then the game's observation
 * fields, in which everything `seat` has not seen is masked (grammar in
 * doc/rules/<game>.md); the library does not read it back, since it is not a
 * whole state.  Two states that differ only in what `seat` has not seen give
 * byte-identical observations.
 *
 * alea_state_to_text(), alea_state_to_json() and alea_state_to_board() show
 * everything: they are the host's view.  A server sends each client the
 * observation of its seat, never those.
 * @param seat a seat 0 .. alea_state_num_players() - 1, or ::ALEA_OBSERVER_PUBLIC
 *             for a spectator (what every seat sees).
 * @return ::ALEA_OK; ::ALEA_BUFFER_TOO_SMALL (snprintf contract: *len_out is the
 *         length needed); ::ALEA_INVALID_ARGUMENT (NULL state or corrupt header, buf
 *         NULL with capacity > 0, seat out of range); ::ALEA_INVALID_STATE (the
 *         state breaks an invariant of its game, alea_state_validate(): nothing is
 *         written, so that damaged bytes never show a seat what it may not see).
 */
ALEA_API alea_status alea_state_observation_text(char *buf, size_t capacity, size_t *len_out,
                                                 const alea_state *state, int seat);

/**
 * The observation of seat `seat` (see alea_state_observation_text()) as a JSON
 * object with the keys of alea_state_to_json() plus "observer" (the seat, or
 * "public"): "text" is the observation text, and "state" the game's object with
 * what `seat` has not seen masked (null, or a count for a hidden set; keys in
 * doc/rules/<game>.md).  For a game of perfect information it is the state's
 * JSON with the "observer" key added.
 * @return as alea_state_observation_text().
 */
ALEA_API alea_status alea_state_observation_json(char *buf, size_t capacity, size_t *len_out,
                                                 const alea_state *state, int seat);

/**
 * The observation of seat `seat` (see alea_state_observation_text()) as the
 * multi-line picture of alea_state_to_board(), with what `seat` has not seen
 * masked ('?').  For a game of perfect information it is the board itself.
 * @return as alea_state_observation_text().
 */
ALEA_API alea_status alea_state_observation_board(char *buf, size_t capacity, size_t *len_out,
                                                  const alea_state *state, int seat);

/**
 * (1.1) Writes action `action`, played in state `before`, as seat `seat` may know
 * it: the move observation that tells the other seats (or a spectator) what
 * happened.  The mover, and every seat in a game of perfect information
 * (backgammon, dice poker, wise dice; dice are public), get the action's text
 * of alea_state_action_to_text().  In a game with hidden information the game
 * masks what `seat` does not see when the action is played and shows all that
 * the action itself reveals to him (Plateau, R11: an opponent's set-up shows
 * only its top piece's up-face, `setup a1 ?? r?`; an onboard on top shows its
 * up-face, one slid inside a stack nothing, `on ?? c2:1`; moves, flips, offers,
 * gifts and passes are public; grammar in doc/rules/<game>.md).  A masked text
 * is for people and logs: the library does not read it back.  Two states that
 * `seat` cannot tell apart, with actions that leave him unable to tell the
 * results apart, give the same bytes.  At most ::ALEA_ACTION_TEXT_MAX bytes.
 * Stack: under 6 KB.
 * @param before the state the action is played in (not changed).
 * @param action a legal action of `before` (a chance outcome at a chance node).
 * @param seat   a seat 0 .. alea_state_num_players() - 1, or ::ALEA_OBSERVER_PUBLIC.
 * @return ::ALEA_OK; ::ALEA_BUFFER_TOO_SMALL (snprintf contract: *len_out is the
 *         length needed); ::ALEA_ILLEGAL_ACTION (not legal in `before`: what it
 *         would reveal is unknown); ::ALEA_WRONG_PHASE (the game is over, or a move
 *         at a chance node or dice where a seat must move); ::ALEA_INVALID_ARGUMENT
 *         (NULL state or corrupt header, buf NULL with capacity > 0, seat out of
 *         range, not an action of this game); ::ALEA_INVALID_STATE (the state breaks
 *         an invariant, alea_state_validate(): nothing is written).  On failure
 *         a buffer with room holds "".
 */
ALEA_API alea_status alea_state_action_observation_text(char *buf, size_t capacity,
                                                        size_t *len_out, const alea_state *before,
                                                        uint64_t action, int seat);

/**
 * Writes the canonical spec of the state's game: the id and every option with its
 * value, e.g. "dice-poker players=2 columns=3".
 * @return ::ALEA_OK, ::ALEA_BUFFER_TOO_SMALL, ::ALEA_INVALID_STATE (damaged bytes),
 *         ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_state_spec(char *buf, size_t capacity, size_t *len_out,
                                     const alea_state *state);

/**
 * Points per seat so far (the final score once the game is over).
 * @param count_out receives the number of seats.
 * @return ::ALEA_OK, ::ALEA_BUFFER_TOO_SMALL, ::ALEA_INVALID_STATE (damaged bytes),
 *         ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_state_scores(int32_t *out, size_t capacity, size_t *count_out,
                                       const alea_state *state);

/**
 * Scores, ranks, winner and returns (see ::alea_result).
 * @return ::ALEA_OK, ::ALEA_INVALID_STATE (damaged bytes) or ::ALEA_INVALID_ARGUMENT.
 */
ALEA_API alea_status alea_state_result(alea_result *out, const alea_state *state);

#ifdef __cplusplus
}
#endif

#endif /* ALEA_STATE_H */
