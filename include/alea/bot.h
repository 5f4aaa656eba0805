/**
 * @file alea/bot.h
 * @brief Agents built on the generic API: they play every game.
 *
 * Five kinds of bot choose an action for the seat to act:
 *
 * | kind | name | what it does |
 * |---|---|---|
 * | ::ALEA_BOT_RANDOM | `random` | a uniformly random legal action |
 * | ::ALEA_BOT_GREEDY | `greedy` | one ply: the largest score lead right after the action |
 * | ::ALEA_BOT_EXPECTIMAX | `expectimax` | exact expectimax (max-n) to `depth` decisions |
 * | ::ALEA_BOT_MCTS | `mcts` | Monte Carlo tree search (UCT) with chance nodes |
 * | ::ALEA_BOT_HEURISTIC | `heuristic` | the game's own policy or evaluator, one ply |
 * | ::ALEA_BOT_PLY | `ply` | the game's own search over its trained or exact evaluator, `plies` deep (1.1) |
 *
 * ## Levels (1.1)
 * Each game may name levels of play, from `beginner` to `expert`
 * (alea_bot_level_name(), alea_bot_options_level()): options of a kind whose
 * strength doc/bots.md gives as measured (backgammon: rated by GNU
 * Backgammon).  Weaker levels play the same search with less depth or with
 * noise on its values (alea_bot_options::noise), never random moves.
 *
 * ## Ranked actions (1.1)
 * alea_bot_rank() gives every legal action of the seat to act with its value,
 * best first: the hint a game shows a player, and the analysis of a played
 * game (the value lost against the best action).
 *
 * ## Stability
 * The functions, kinds, ::alea_bot_options and its accepted values are frozen
 * for 1.x; which action a bot chooses (its search, evaluators and strength) is
 * not, and may change in a minor release.  alea_bot_evaluate() and the quick
 * settings of alea_bot_choose() are experimental: declared only when
 * ALEA_EXPERIMENTAL is defined before this header (doc/api.md "What 1.x
 * guarantees").
 *
 * ## Determinism and memory
 * Bots draw every random number from the ::alea_rng they are given, so a seed
 * reproduces their play on every platform.  alea_bot_choose_with() and
 * alea_bot_evaluate() never allocate: they work in a caller-provided
 * workspace whose size alea_bot_workspace_size() gives for the options and the
 * game; that size is the whole memory budget of the search (the C stack holds
 * only a few hundred bytes per level of expectimax recursion, plus about
 * 22 KB while the dice-poker advisor runs; see "Stack").
 * alea_bot_choose() runs a kind with quick settings in a fixed block on the C
 * stack (about 50 KB) and never allocates either.
 *
 * ## Budget
 * A decision of expectimax or MCTS (and alea_bot_evaluate()) is bounded by a
 * node budget, alea_bot_options::node_budget: a node is one action the search
 * applies (a decision or a chance outcome; in MCTS also every ply of a
 * playout), and the default, ::ALEA_BOT_DEFAULT_NODE_BUDGET (a million), bounds
 * every default decision.  The host may also stop a search early through
 * alea_bot_options::should_stop, which the library asks before the search and
 * then every ::ALEA_BOT_POLL_NODES nodes: a deadline is a callback that reads
 * the host's clock (the library never reads one).  When the budget is spent or
 * the host says stop, the bot still answers with a legal action:
 *  - expectimax deepens one decision at a time (depth 1, 2, ... `depth`) and
 *    answers as the deepest search it completed, exactly (ties drawn from the
 *    same rng stream); if even depth 1 was cut, the best of the actions it
 *    valued; if none, a random legal action.  alea_bot_evaluate() gives the
 *    value of the deepest completed search, or the leaf value.
 *  - MCTS stops its playouts (the one under way is valued where it stopped)
 *    and answers from the visits so far; with no playout at all, a random
 *    legal action.
 * The kinds random, greedy and heuristic do not search: their work is one
 * legal list (at most `max_actions` actions applied and valued) and they
 * ignore the budget.  A node costs about 0.05 to 3 microseconds (one apply, one
 * leaf value, a share of a legal list; doc/bots.md has the measured worst
 * cases per game: at most 0.6 s of CPU for a default decision, 3 s in theory
 * for a Plateau playout of a million plies); the 1454-move backgammon position
 * at depth 3, which ran for minutes unbounded, stops after a million nodes
 * (test_bot.c).
 *
 * ## Threads
 * The bots keep no state between calls.  Two threads may run bots at once as
 * long as each has its own workspace, state and rng: a workspace (like an
 * ::alea_rng) must never be used by two calls at the same time, which would
 * corrupt both searches (an MCTS tree may then loop for ever).  Python's
 * `alea.Bot` holds a lock around its workspace.
 *
 * ## Stack
 * alea_bot_choose_with() and alea_bot_evaluate() need about 24 KB of C stack
 * (the dice-poker advisor's frames and a legal list's generation);
 * alea_bot_choose() about 75 KB (its fixed block of about 50 KB on top).
 * Measured by tests/test_stack.c; doc/hardening.md has every function.
 *
 * ## Values
 * Every search values a position for each seat on the scale of
 * alea_result::returns (a finished game: the game's returns, in [-1, 1]).  A
 * position where the search stops early (expectimax at its depth, an MCTS
 * playout cut at `playout_plies`, the heuristic bot after its one ply) is
 * valued by the game's evaluator when the game has one (backgammon: pips,
 * blots, points, primes, home board; doc/bots.md), else by the seat's squashed
 * score lead `0.9 * d / (|d| + 16)`, d = own score minus the best other score.
 *
 * ## Expectimax
 * Max-n search over decision and chance nodes: a seat to act takes the action
 * that maximises its own value (ties: the first in legal order at inner nodes,
 * a random one among the exact ties at the root), a chance node averages its
 * outcomes with their exact probabilities num/den
 * (alea_state_chance_outcomes()).  `depth` counts the decisions searched
 * (chance nodes are free, but at most `depth + 2` chance nodes are crossed on
 * one path).  No pruning: the cost grows as the branching factor to the power
 * of the depth (backgammon at depth 2 is about 20 x 21 x 20 positions).
 * The workspace is a stack of the states and lists on the current path.
 *
 * ## Monte Carlo tree search
 * `playouts` iterations of UCT: descend the tree by UCB1 (`exploration` is the
 * constant c in mean + c sqrt(ln N / n), for values in [-1, 1]), unvisited
 * children first in random order; at a chance node throw the dice with the
 * game's own exact draw and follow (or add) that outcome's child; expand a
 * decision node into all of its legal actions at once; play uniformly random
 * moves to the end (at most 100 000 plies) or for `playout_plies` plies,
 * then take the leaf value;
 * add each seat's value to the nodes it chose.  The answer is the root child
 * with the most visits (ties: the higher mean, then legal order).
 * States are never stored in the tree: a node is 40 bytes (its action, visit
 * count, value sum and links) and the state of a node is re-derived by
 * replaying the actions from the root during each descent.  When the
 * workspace's `max_nodes` are used up the tree stops growing and the
 * remaining playouts start at its frontier, so the result stays valid.
 *
 * ## Hidden information
 * In a game that hides part of the state from a seat (Plateau's unseen faces
 * and reserves, R11), every kind chooses from the observation of the seat to
 * act (alea_state_observation_text()), never from what it has not seen: the
 * search runs on states *re-dealt* from that observation, in which every
 * unseen piece gets a type and face at random among those the observation
 * leaves possible.  Greedy and heuristic search one re-deal; expectimax
 * values each root action by the mean over 4 re-deals (the same 4 for every
 * action), which costs 4 times the search; MCTS re-deals every 125 playouts,
 * the root's statistics adding up over the re-deals while the tree below the
 * root is grown afresh for each.  So a bot chooses the same action, with the
 * same rng, in two states that differ only in what its seat has not seen.
 * Such a game's workspace holds one state more (alea_bot_workspace_size()).
 * alea_bot_evaluate() values the state it is given, hidden parts included.
 *
 * ## Heuristic
 * If the game offers its own policy (dice poker: the exact one-turn advisor
 * alea_dice_poker_advise(); backgammon: one ply by its evaluator, and the
 * cube by win-chance thresholds: double from 70 %, take from 25 %), the bot
 * plays it; otherwise it takes the legal action after which the
 * leaf value (the game's evaluator or, lacking one, the score lead) is best
 * for the mover.  Ties are broken at random.
 */
#ifndef ALEA_BOT_H
#define ALEA_BOT_H

#include "state.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The kinds of bot. */
typedef enum alea_bot_kind {
    ALEA_BOT_NONE = -1,      /**< No kind: alea_bot_find()'s answer for an unknown name. */
    ALEA_BOT_RANDOM = 0,     /**< Uniformly random legal action. */
    ALEA_BOT_GREEDY = 1,     /**< One ply: the action after which the mover's score minus the
                                  best other score is largest; ties broken at random. */
    ALEA_BOT_EXPECTIMAX = 2, /**< Expectimax to alea_bot_options::depth decisions. */
    ALEA_BOT_MCTS = 3,       /**< Monte Carlo tree search, alea_bot_options::playouts. */
    ALEA_BOT_HEURISTIC = 4,  /**< The game's policy or evaluator, one ply. */
    ALEA_BOT_PLY = 5         /**< (1.1) The game's own search over its evaluator,
                                  alea_bot_options::plies deep (see "## Ply" in doc/bots.md);
                                  the heuristic kind in a game without one. */
} alea_bot_kind;

/** Number of bot kinds; every kind is below this.  New kinds are only appended
    (5 in alea 1.0, 6 since 1.1). */
#define ALEA_BOT_KIND_COUNT 6

/** Name of a bot kind ("random", "greedy", "expectimax", "mcts", "heuristic", "ply"), or
    NULL if out of range.  The string is static. */
ALEA_API const char *alea_bot_name(alea_bot_kind kind);

/** The kind with this name (exact, lower case), or ::ALEA_BOT_NONE (-1; also for NULL). */
ALEA_API alea_bot_kind alea_bot_find(const char *name);

/** Version of ::alea_bot_options these headers describe.  Version 1 (alea 0.1) ended
    after alea_bot_options::playout_plies; version 2 (1.0) appended the budget
    (alea_bot_options::node_budget, alea_bot_options::should_stop,
    alea_bot_options::stop_ctx); version 3 (1.1) the ply search
    (alea_bot_options::plies, alea_bot_options::noise, alea_bot_options::filter_keep,
    alea_bot_options::filter_margin).  The library accepts every version: an older block
    is read only up to its end and gets the defaults of the fields it lacks. */
#define ALEA_BOT_OPTIONS_VERSION 3

/** Largest alea_bot_options::depth. */
#define ALEA_BOT_MAX_DEPTH 8
/** Largest alea_bot_options::playouts and alea_bot_options::max_nodes. */
#define ALEA_BOT_MAX_PLAYOUTS 10000000
/** alea_bot_options::node_budget 0 means this many nodes (see "Budget" above). */
#define ALEA_BOT_DEFAULT_NODE_BUDGET 1000000
/** alea_bot_options::should_stop is asked once before a search and then once every this
    many nodes. */
#define ALEA_BOT_POLL_NODES 64
/** Largest alea_bot_options::plies. */
#define ALEA_BOT_MAX_PLIES 3
/** Largest alea_bot_options::filter_keep. */
#define ALEA_BOT_MAX_FILTER_KEEP 32

/**
 * Parameters of a bot.  Start from ALEA_BOT_OPTIONS_INIT or alea_bot_options_init(),
 * then change fields; fields a kind does not use are ignored (but still range-checked).
 * Fields may be appended in later versions (with a new version number); the library
 * keeps accepting every older version.
 */
typedef struct alea_bot_options {
    uint32_t version;     /**< ALEA_BOT_OPTIONS_VERSION (or 1: the fields up to
                               playout_plies only). */
    int32_t kind;         /**< An ::alea_bot_kind. */
    int32_t depth;        /**< Expectimax: decisions searched, 1..ALEA_BOT_MAX_DEPTH
                               (default 2). */
    int32_t playouts;     /**< MCTS: iterations, 1..ALEA_BOT_MAX_PLAYOUTS (default 1000). */
    double exploration;   /**< MCTS: UCB1 constant c, 0..100 (default 1.0). */
    int32_t max_nodes;    /**< MCTS: tree nodes the workspace holds (memory, not work),
                               0 = automatic (16 per playout + 64), else
                               2..ALEA_BOT_MAX_PLAYOUTS. */
    int32_t playout_plies; /**< MCTS: plies a playout may last before its end position is
                                valued by the leaf value, 0 = play to the end (default). */
    /* ---- version 2 ---- */
    int64_t node_budget;  /**< Expectimax and MCTS: nodes (actions applied) a decision may
                               take, >= 0; 0 = ALEA_BOT_DEFAULT_NODE_BUDGET; INT64_MAX for
                               no practical limit.  See "Budget" above. */
    int (*should_stop)(void *ctx); /**< Optional (NULL): asked before the search and every
                                        ALEA_BOT_POLL_NODES nodes; nonzero stops the search,
                                        which then answers as if its budget were spent.  A
                                        host's deadline: the library never reads a clock. */
    void *stop_ctx;       /**< Passed to should_stop; the library never reads it. */
    /* ---- version 3 (alea 1.1) ---- */
    int32_t plies;        /**< Ply: how deep the game's search looks, 0..ALEA_BOT_MAX_PLIES
                               (default 1).  Backgammon counts as GNU Backgammon does: 0 values
                               the position after each move by the network, n averages over the
                               opponent's 21 rolls the (n-1)-ply value after his best reply. */
    double noise;         /**< Ply: standard deviation of the normal noise added to each
                               action's value before the choice (the game's value unit,
                               backgammon: equity), 0..10 (default 0: none); drawn from the
                               rng, so a seed still reproduces the play.  Weaker levels. */
    int32_t filter_keep;  /**< Ply: at most this many actions of each ply go on to the next,
                               0 = the game's default, else 1..ALEA_BOT_MAX_FILTER_KEEP. */
    double filter_margin; /**< Ply: only actions within this value of the best go on to the
                               next ply, 0 = the game's default, else > 0 and <= 10. */
} alea_bot_options;

/** Default options of a random bot: depth 2, 1000 playouts, exploration 1.0, automatic
    node count, playouts to the end, the default node budget, no stop callback, 1 ply, no
    noise, the game's move filters. */
#define ALEA_BOT_OPTIONS_INIT                                                                      \
    { ALEA_BOT_OPTIONS_VERSION, ALEA_BOT_RANDOM, 2, 1000, 1.0, 0, 0, 0, NULL, NULL, 1, 0.0, 0, 0.0 }

/**
 * Fills the first fields of *opts, those of options version `version` (1 to
 * ALEA_BOT_OPTIONS_VERSION), with the defaults of ALEA_BOT_OPTIONS_INIT, that version
 * number and the given kind; bytes beyond that version's fields are not touched.
 * alea_bot_options_init() calls it with ALEA_BOT_OPTIONS_VERSION.
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (opts NULL, kind not a kind, or an unknown
 *         version; *opts is then unchanged).
 */
ALEA_API alea_status alea_bot_options_init_version(alea_bot_options *opts, alea_bot_kind kind,
                                                   uint32_t version);

/**
 * Fills *opts with the defaults of ALEA_BOT_OPTIONS_INIT and the given kind.
 * Source code reaches alea_bot_options_init_version() with this header's
 * ALEA_BOT_OPTIONS_VERSION through the macro below (zlib's deflateInit() way); the
 * exported function of this name fills a version-1 block, for programs built against
 * version 1 of this header whose ::alea_bot_options is shorter.
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (opts NULL, or kind not a kind; *opts is
 *         then unchanged).
 */
ALEA_API alea_status alea_bot_options_init(alea_bot_options *opts, alea_bot_kind kind);
#define alea_bot_options_init(opts, kind)                                                          \
    alea_bot_options_init_version((opts), (kind), ALEA_BOT_OPTIONS_VERSION)

/**
 * Bytes of workspace alea_bot_choose_with() and alea_bot_evaluate() need for these
 * options on this game (any alignment: the library aligns inside the block).  The size
 * depends on the game's state size, largest action list and chance-outcome count, and on
 * depth (expectimax) or the node count (mcts); it is the same for every state of the game.
 * @param size_out receives the size.
 * @param err      optional: which option is bad.
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (NULL pointer, unknown options version, kind
 *         out of range, a parameter out of its range).
 */
ALEA_API alea_status alea_bot_workspace_size(size_t *size_out, const alea_bot_options *opts,
                                             const alea_game *game, alea_error *err);

/**
 * Chooses an action for the seat to act, using only the caller's workspace, within the
 * node budget and until the host's should_stop (see "Budget" above: the best action of
 * the search so far, always a legal one).  The workspace must not be in use by another
 * call at the same time.  Stack: about 24 KB.
 * @param action_out     receives a legal action.
 * @param state          the position (not changed).
 * @param opts           the bot (see ::alea_bot_options).
 * @param workspace      caller memory of at least alea_bot_workspace_size() bytes; its
 *                       contents before and after the call mean nothing; the caller owns
 *                       it and may reuse it for any game once the call returns.
 * @param workspace_size its size in bytes.
 * @param rng            the random stream (advanced).
 * @param err            optional reason on failure.
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (NULL pointer, a bad state head, options as in
 *         alea_bot_workspace_size()); ::ALEA_BUFFER_TOO_SMALL (workspace NULL or
 *         smaller than needed: err names the size); ::ALEA_WRONG_PHASE (a chance node or
 *         a finished game: throw the dice with alea_state_roll()); ::ALEA_INVALID_STATE
 *         (damaged bytes, which alea_state_validate() refuses, or a seat is to act but has
 *         no legal action).  On failure *action_out, the state
 *         and the rng are unchanged.
 */
ALEA_API alea_status alea_bot_choose_with(uint64_t *action_out, const alea_state *state,
                                          const alea_bot_options *opts, void *workspace,
                                          size_t workspace_size, alea_rng *rng, alea_error *err);

#ifdef ALEA_EXPERIMENTAL
/* ---- Experimental (doc/api.md "What 1.x guarantees"): the values of the evaluators and
   the quick settings are tuned between releases.  Define ALEA_EXPERIMENTAL before
   including this header to use them. ---- */

/**
 * Values a position for every seat, on the scale of alea_result::returns: the game's
 * returns at a finished game; for ::ALEA_BOT_EXPECTIMAX the exact expectimax value to
 * `depth` decisions (also at a chance node: the probability-weighted mean of its
 * outcomes); for ::ALEA_BOT_HEURISTIC the leaf value (the game's evaluator, or the
 * squashed score lead).  The other kinds have no value of their own.
 * @param values_out receives one value per seat.
 * @param capacity   its length (ALEA_MAX_PLAYERS always suffices).
 * @param count_out  receives the number of seats (also when the buffer is too small).
 * @param workspace  as for alea_bot_choose_with() (alea_bot_workspace_size() bytes).
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (NULL pointer, a bad state head, bad options);
 *         ::ALEA_INVALID_STATE (damaged bytes, which alea_state_validate() refuses);
 *         ::ALEA_UNSUPPORTED (kind random, greedy or mcts); ::ALEA_BUFFER_TOO_SMALL
 *         (capacity below the seat count, or the workspace too small).
 */
ALEA_API alea_status alea_bot_evaluate(double *values_out, size_t capacity, size_t *count_out,
                                       const alea_state *state, const alea_bot_options *opts,
                                       void *workspace, size_t workspace_size, alea_error *err);

/** alea_bot_choose(): MCTS playouts of the quick settings. */
#define ALEA_BOT_QUICK_PLAYOUTS 64
/** alea_bot_choose(): plies of an MCTS playout in the quick settings. */
#define ALEA_BOT_QUICK_PLIES 32
#endif /* ALEA_EXPERIMENTAL */

/* ---- Levels and ranked actions (alea 1.1) ---- */

/**
 * (1.1) Name of the game's level of play number `index` (0 = the weakest, e.g.
 * "beginner"; the last the strongest, e.g. "expert"), or NULL past the last level, for a
 * game without levels, or a NULL game.  The string is static.  doc/bots.md gives each
 * level's measured strength and time per move.
 */
ALEA_API const char *alea_bot_level_name(const alea_game *game, size_t index);

/**
 * (1.1) Fills *opts (all fields, ::ALEA_BOT_OPTIONS_VERSION) with the options of the
 * game's level named `level` (exact, lower case; alea_bot_level_name()).
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (a NULL pointer, or no level of that name in
 *         this game: err lists the game's levels).  On failure *opts is unchanged.
 */
ALEA_API alea_status alea_bot_options_level(alea_bot_options *opts, const alea_game *game,
                                            const char *level, alea_error *err);

/** (1.1) Game-specific figures an ::alea_ranked_action holds at most. */
#define ALEA_RANK_DETAILS 6

/** (1.1) A legal action with its value, as alea_bot_rank() writes it. */
typedef struct alea_ranked_action {
    uint64_t action;       /**< A legal action of the seat to act. */
    double value;          /**< Its value for the seat to act, larger is better: the ply kind's
                                in the game's unit (backgammon: cubeless equity per cube unit,
                                -3..3), the heuristic kind's the leaf value after it (the scale
                                of alea_result::returns). */
    int32_t plies;         /**< The depth that valued it: the ply kind's move filters value the
                                weaker actions at a shallower ply; 0 for the heuristic kind. */
    uint32_t detail_count; /**< How many of details[] the game filled (0..ALEA_RANK_DETAILS). */
    double details[ALEA_RANK_DETAILS]; /**< The game's figures for the action.  Backgammon
                                (ply kind, moves): the seat's chances after it to win, to win a
                                gammon, to win a backgammon, to lose a gammon, to lose a
                                backgammon, then the cubeless equity. */
} alea_ranked_action;

/**
 * (1.1) Every legal action of the seat to act with its value, best first: the hint of a
 * game's interface, and the measure of a played action (its value below the best's).
 * Kinds: ::ALEA_BOT_PLY (the game's own search with the options' plies and filters; the
 * noise is not applied: it only perturbs a choice) and ::ALEA_BOT_HEURISTIC (the leaf
 * value after each action); a game without its own search ranks by the heuristic.  Order:
 * the deeper ply first, then the larger value, then the legal order.  In a game with
 * hidden information the values come from the seat's observation (a re-deal, as the bots
 * search), never from what the seat has not seen.  Deterministic: no rng.
 * @param out        receives the actions (may be NULL when capacity is 0).
 * @param capacity   its length; the game's max_actions always suffices.
 * @param count_out  receives the number of legal actions (also when out is too small).
 * @param workspace  as for alea_bot_choose_with() (alea_bot_workspace_size() bytes).
 * @return ::ALEA_OK; ::ALEA_BUFFER_TOO_SMALL (out holds the best `capacity`; or the
 *         workspace is too small: err names the size); ::ALEA_INVALID_ARGUMENT (a NULL
 *         pointer, a bad state head, options as in alea_bot_workspace_size());
 *         ::ALEA_UNSUPPORTED (kinds random, greedy, expectimax and mcts);
 *         ::ALEA_WRONG_PHASE (a chance node or a finished game); ::ALEA_INVALID_STATE
 *         (damaged bytes, which alea_state_validate() refuses).  The state is unchanged.
 */
ALEA_API alea_status alea_bot_rank(alea_ranked_action *out, size_t capacity, size_t *count_out,
                                   const alea_state *state, const alea_bot_options *opts,
                                   void *workspace, size_t workspace_size, alea_error *err);

/**
 * Chooses an action for the seat to act with the kind's quick settings, without
 * allocating: the options of alea_bot_options_init() except expectimax at depth 1 and
 * MCTS with ALEA_BOT_QUICK_PLAYOUTS playouts of at most ALEA_BOT_QUICK_PLIES plies, all
 * in a fixed block of about 50 KB on the C stack (MCTS then has room for about 400
 * nodes; an expectimax node whose list does not fit is valued as a leaf), with the
 * default node budget.  Stack: about 75 KB in all.  Use
 * alea_bot_choose_with() for the full defaults or any other parameters.
 * @param action_out receives a legal action.
 * @return ::ALEA_OK; ::ALEA_WRONG_PHASE at a chance node or a terminal state;
 *         ::ALEA_INVALID_ARGUMENT (NULL pointer, a bad state head, unknown kind);
 *         ::ALEA_INVALID_STATE (damaged bytes, or a seat is to act but has no legal action).
 */
ALEA_API alea_status alea_bot_choose(uint64_t *action_out, const alea_state *state,
                                     alea_bot_kind kind, alea_rng *rng);

#ifdef __cplusplus
}
#endif

#endif /* ALEA_BOT_H */
