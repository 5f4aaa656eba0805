/**
 * @file alea/tensor.h
 * @brief Observation tensors: a state as a fixed-size vector of floats, for learning.
 *
 * Every game turns a state into `observation_size` floats (one size for every
 * state and every option of the game, so one network fits all), as a given
 * seat may see it, or as ::ALEA_OBSERVER_PUBLIC (what every seat sees).
 * Hidden information (Plateau's unseen faces and reserves, R11) is left out
 * exactly as the game's public views leave it out: the tensor of a seat is the
 * same for two states that seat cannot tell apart.  The layout of each game
 * (which float means what, and the scales) is in doc/rules/<game>.md,
 * "Observation tensor"; values are in [-4, 16], mostly 0..1.
 *
 * alea_state_afterstate_tensors() gives, in one call, the tensor of the state
 * each legal action leads to, which is what afterstate learning (TD(lambda))
 * needs: row i is exactly alea_state_observation_tensor() of the state after
 * the i-th legal action.  In a game with hidden information the actions are
 * applied to one fixed re-deal of what the seat has not seen, so that no row
 * shows what a move would capture or uncover before the seat has seen it.
 */
#ifndef ALEA_TENSOR_H
#define ALEA_TENSOR_H

#include "state.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The number of floats of the game's observation tensors (the `observation_size` of
 * the game's info: ::alea_game_info is frozen, so it comes through this function).
 * @param size_out receives the size.
 * @return ::ALEA_OK; ::ALEA_INVALID_ARGUMENT (NULL); ::ALEA_UNSUPPORTED (a game
 *         without tensors; every built-in game has them).
 */
ALEA_API alea_status alea_game_observation_size(size_t *size_out, const alea_game *game);

/**
 * Writes the observation tensor of `state` as `seat` sees it.
 * @param out      room for `capacity` floats.
 * @param capacity floats of room; at least the game's observation size.
 * @param len_out  optional: receives the observation size (also when too small).
 * @param seat     0 .. alea_state_num_players() - 1, or ::ALEA_OBSERVER_PUBLIC; any
 *                 phase, a finished game included.
 * @return ::ALEA_OK; ::ALEA_BUFFER_TOO_SMALL (capacity below the size: out is left
 *         alone); ::ALEA_INVALID_ARGUMENT (NULL state or out with capacity > 0, bad
 *         head, seat out of range); ::ALEA_INVALID_STATE (damaged bytes: the state is
 *         validated first); ::ALEA_UNSUPPORTED (a game without tensors).
 */
ALEA_API alea_status alea_state_observation_tensor(float *out, size_t capacity, size_t *len_out,
                                                   const alea_state *state, int seat);

/**
 * For every legal action of `state` (the chance outcomes at a chance node), in
 * ascending order: the action into actions_out[i] and the observation tensor of the
 * state it leads to, as `seat` sees it, into row i of out (out + i * size, size = the
 * game's observation size).  No allocation: the children are made one at a time.
 * In a game with hidden information (Plateau) the rows depend only on what `seat`
 * has seen: the actions are those of one fixed re-deal of what it has not seen
 * (rng seed 0, as alea_bot_rank() values them), applied to that re-deal.  For the
 * seat to act they are the legal actions of `state`; for another seat or
 * ::ALEA_OBSERVER_PUBLIC they are the moves the seat to act could have as far as
 * `seat` can tell, which need not be legal in `state` (doc/api.md "Observations").
 * @param out         room for max_rows * size floats.
 * @param actions_out room for max_rows actions.
 * @param max_rows    rows of room; ALEA_MAX_ACTIONS (or the game's max_actions) always
 *                    suffices.
 * @param rows_out    receives the number of legal actions (also when too small; 0 once
 *                    the game is over).
 * @return ::ALEA_OK; ::ALEA_BUFFER_TOO_SMALL (more legal actions than max_rows: out and
 *         actions_out are left alone); ::ALEA_INVALID_ARGUMENT (NULL rows_out, NULL
 *         out or actions_out with max_rows > 0, bad head, seat out of range);
 *         ::ALEA_INVALID_STATE (damaged bytes); ::ALEA_UNSUPPORTED.
 */
ALEA_API alea_status alea_state_afterstate_tensors(float *out, uint64_t *actions_out,
                                                   size_t max_rows, size_t *rows_out,
                                                   const alea_state *state, int seat);

#ifdef __cplusplus
}
#endif

#endif /* ALEA_TENSOR_H */
