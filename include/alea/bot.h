/**
 * @file alea/bot.h
 * @brief Simple agents built on the generic API (they work for every game).
 *
 * Bots never allocate; they use the rng they are given, so a seed reproduces
 * their play.  They choose for the seat to act; at a chance node use
 * alea_state_roll() instead.
 */
#ifndef ALEA_BOT_H
#define ALEA_BOT_H

#include "state.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The kinds of bot. */
typedef enum alea_bot_kind {
    ALEA_BOT_RANDOM = 0, /**< Uniformly random legal action. */
    ALEA_BOT_GREEDY = 1  /**< One ply: the action after which the mover's score minus the
                              best other score is largest; ties broken at random. */
} alea_bot_kind;

/** Number of bot kinds; every kind is below this. */
#define ALEA_BOT_KIND_COUNT 2

/** Name of a bot kind ("random", "greedy"), or NULL if out of range. */
ALEA_API const char *alea_bot_name(int kind);

/** The kind with this name, or -1. */
ALEA_API int alea_bot_find(const char *name);

/**
 * Chooses an action for the seat to act.
 * @param action_out receives a legal action.
 * @return ::ALEA_OK; ::ALEA_WRONG_PHASE at a chance node or a terminal state;
 *         ::ALEA_INVALID_ARGUMENT (NULL pointer, corrupt state, unknown kind);
 *         ::ALEA_INVALID_STATE if a seat is to act but has no legal action.
 */
ALEA_API alea_status alea_bot_choose(uint64_t *action_out, const alea_state *state, int kind,
                                     alea_rng *rng);

#ifdef __cplusplus
}
#endif

#endif /* ALEA_BOT_H */
