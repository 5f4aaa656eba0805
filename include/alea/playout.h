/**
 * @file alea/playout.h
 * @brief Many whole games in one call: playouts with bots, results into caller arrays.
 *
 * alea_playouts() plays `games` complete games from one start state, each seat
 * played by a bot of alea/bot.h and the dice thrown with the game's exact
 * probabilities, and writes each game's returns, scores and length into
 * arrays the caller owns.  It is the batch form of the loop
 *
 *     while not terminal: chance ? alea_state_roll() : apply(alea_bot_choose_with())
 *
 * run entirely in C, for hosts (Python, Monte-Carlo rollouts, bot tournaments)
 * whose own per-call cost would dominate.
 *
 * ## Seeds (deterministic and splittable)
 * Game number g (counting from 0 over the whole batch, see `first`) draws all
 * of its random numbers, dice and bot choices alike, from one generator:
 * alea_rng_seed(seed) followed by g calls of alea_rng_jump().  The streams of
 * different games therefore never overlap (2^128 draws apart), and a batch of
 * games [first, first + games) gives exactly the results those games have in
 * any other batch: work split over several processes or machines, each with
 * its own `first`, reproduces the single-call results bit for bit
 * (doc/rng.md).  Within a game, each decision takes the rng of the game as
 * alea_bot_choose_with() would, and each chance node calls alea_state_roll().
 */
#ifndef ALEA_PLAYOUT_H
#define ALEA_PLAYOUT_H

#include "bot.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A playout stops after this many actions (chance outcomes included) even if the game
    is not over; its results are then those of the position reached (not terminal). */
#define ALEA_PLAYOUT_MAX_PLIES 1000000

/**
 * Bytes of workspace alea_playouts() needs for these bots on this game: the largest
 * alea_bot_workspace_size() of the bots.
 * @param size_out  receives the size.
 * @param bots      one bot per seat, or one bot for every seat (bot_count 1), or NULL
 *                  with bot_count 0 for random play.
 * @param bot_count number of entries of bots.
 * @param err       optional: which bot is bad and why.
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (size_out or game NULL, bots NULL with
 *         bot_count > 0, bad options as in alea_bot_workspace_size()).
 */
ALEA_API alea_status alea_playouts_workspace_size(size_t *size_out, const alea_bot_options *bots,
                                                  size_t bot_count, const alea_game *game,
                                                  alea_error *err);

/**
 * Plays `games` games from `start` to their end (see the file comment for the seeds).
 * Let P = alea_state_num_players(start).  Game i of the call (0 <= i < games) is
 * game number first + i of the seed's sequence; its results go to row i of the
 * out-parameters, which come first (as everywhere in the API):
 * @param returns_out    optional (NULL): games x P doubles, row i = the returns
 *                       (alea_result::returns) of game i.
 * @param scores_out     optional: games x P int32, row i = the scores of game i.
 * @param plies_out      optional: games uint32, the actions applied in game i (chance
 *                       outcomes included).
 * @param start          the start position (not changed); may be a chance node; a
 *                       finished game gives rows of length 0.
 * @param bots           bots[s] plays seat s (bot_count = P), or bots[0] plays every seat
 *                       (bot_count = 1); NULL with bot_count 0: every seat random.
 * @param bot_count      0, 1 or P.
 * @param seed           seed of the whole sequence of games.
 * @param first          number of the first game of this call in that sequence.
 * @param games          number of games to play (0 is allowed and does nothing).
 * @param workspace      caller memory of alea_playouts_workspace_size() bytes (any
 *                       alignment); contents mean nothing before and after.
 * @param workspace_size its size.
 * @param err            optional reason on failure.
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (start NULL or corrupt, bad bots or
 *         bot_count); ::ALEA_BUFFER_TOO_SMALL (workspace NULL or too small: err
 *         names the size); ::ALEA_INVALID_STATE (start's bytes are damaged, or a seat
 *         had no legal action).  On
 *         failure the rows of games not finished are unspecified.
 */
ALEA_API alea_status alea_playouts(double *returns_out, int32_t *scores_out, uint32_t *plies_out,
                                   const alea_state *start, const alea_bot_options *bots,
                                   size_t bot_count, uint64_t seed, uint64_t first, size_t games,
                                   void *workspace, size_t workspace_size, alea_error *err);

#ifdef __cplusplus
}
#endif

#endif /* ALEA_PLAYOUT_H */
