/**
 * @file alea/alea.h
 * @brief alea: rules, legal moves, dice and scoring for dice and board games.
 *
 * This umbrella header brings in the whole generic API:
 *
 *  - alea/common.h  export macro, version, ::alea_status, ::alea_error
 *  - alea/rng.h     ::alea_rng, the specified random number generator
 *  - alea/game.h    the registry of games and their options
 *  - alea/state.h   states: legal actions, chance, apply, text forms, results
 *  - alea/record.h  whole-record replay (the referee)
 *  - alea/bot.h     simple bots for any game
 *  - alea/playout.h many whole games with bots in one call (alea_playouts())
 *  - alea/tensor.h  observation tensors for learning
 *
 * Each game adds a header of typed accessors (e.g. alea/dice_poker.h); include
 * it beside this one.  A minimal program:
 *
 *     alea_state st;
 *     alea_rng rng;
 *     alea_rng_seed(&rng, 42);
 *     if (alea_state_init(&st, "dice-poker players=2", NULL) != ALEA_OK) return 1;
 *     while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
 *         uint64_t a;
 *         if (alea_state_current_player(&st) == ALEA_PLAYER_CHANCE)
 *             alea_state_roll(NULL, &st, &rng);
 *         else if (alea_bot_choose(&a, &st, ALEA_BOT_GREEDY, &rng) == ALEA_OK)
 *             alea_state_apply(&st, a, NULL);
 *     }
 */
#ifndef ALEA_ALEA_H
#define ALEA_ALEA_H

#include "bot.h"
#include "common.h"
#include "game.h"
#include "playout.h"
#include "record.h"
#include "rng.h"
#include "state.h"
#include "tensor.h"

#endif /* ALEA_ALEA_H */
