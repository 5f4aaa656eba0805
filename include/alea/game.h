/**
 * @file alea/game.h
 * @brief The game registry: find a game by id, enumerate, read its info and options.
 *
 * An ::alea_game is an opaque, constant, static descriptor owned by the
 * library: it is never created or freed by the caller, and pointers to it
 * stay valid for the life of the process.  A game is configured by an option
 * *spec*, a line of text: the game id, then `key=value` words, e.g.
 * `"dice-poker players=3 columns=3"`.  Values are decimal integers, booleans
 * (`on/off`, `yes/no`, `true/false`, `1/0`) or one of the option's named
 * choices.  Options left out take their defaults.  Specs are parsed by
 * alea_state_init() (see alea/state.h).
 *
 * alea_game_info and alea_option_info are filled by the library into caller
 * memory; their layout is frozen for the whole major version (a new field
 * would come with a new function), so alea_check_abi() need not check them.
 */
#ifndef ALEA_GAME_H
#define ALEA_GAME_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Opaque game descriptor (static, owned by the library). */
typedef struct alea_game alea_game;

/** What a game is, and the bounds a host needs to size its buffers. */
typedef struct alea_game_info {
    const char *id;               /**< e.g. "dice-poker"; static string. */
    const char *title;            /**< e.g. "Dice poker (Kościany poker)"; static, UTF-8. */
    const char *summary;          /**< One sentence; static. */
    int32_t min_players;          /**< Smallest number of seats. */
    int32_t max_players;          /**< Largest number of seats (at most ALEA_MAX_PLAYERS). */
    uint32_t max_actions;         /**< Upper bound on alea_state_legal_actions() count, at any
                                       node (chance nodes included); at most ALEA_MAX_ACTIONS. */
    uint32_t max_chance_outcomes; /**< Upper bound on alea_state_chance_outcomes() count. */
    uint32_t state_size;          /**< Bytes a state of this game uses (<= ALEA_STATE_MAX_SIZE). */
    uint32_t option_count;        /**< Number of options (alea_game_option()). */
} alea_game_info;

/** Kind of an option's value. */
typedef enum alea_option_kind {
    ALEA_OPTION_INT = 0,   /**< A decimal integer in [min, max]. */
    ALEA_OPTION_BOOL = 1,  /**< 0 or 1; written on/off. */
    ALEA_OPTION_CHOICE = 2 /**< One of the names in `choices`; value = its index. */
} alea_option_kind;

/** One option of a game. */
typedef struct alea_option_info {
    const char *name;    /**< Key in a spec, e.g. "players"; static. */
    const char *help;    /**< One line; static. */
    int32_t kind;        /**< An ::alea_option_kind. */
    int32_t min;         /**< Smallest value. */
    int32_t max;         /**< Largest value. */
    int32_t def;         /**< Default value. */
    const char *choices; /**< For ALEA_OPTION_CHOICE: names separated by '|', in value order
                              (e.g. "seeds|standard"); NULL otherwise.  Static. */
} alea_option_info;

/** Number of registered games. */
ALEA_API size_t alea_game_count(void);

/** The game at index [0, alea_game_count()), in a stable order; NULL when out of range. */
ALEA_API const alea_game *alea_game_at(size_t index);

/** The game with this id (exact, e.g. "backgammon"); NULL if none or id is NULL. */
ALEA_API const alea_game *alea_game_find(const char *id);

/** The game whose id is exactly id[0, len) (need not be NUL-terminated); NULL if none,
    if id is NULL, or if the text holds a NUL byte. */
ALEA_API const alea_game *alea_game_find_n(const char *id, size_t len);

/**
 * Fills *out with the game's info.
 * @return ::ALEA_OK, or ::ALEA_INVALID_ARGUMENT if out or game is NULL.
 */
ALEA_API alea_status alea_game_get_info(alea_game_info *out, const alea_game *game);

/** The game's id (static string), or NULL if game is NULL. */
ALEA_API const char *alea_game_id(const alea_game *game);

/**
 * Fills *out with option number `index` of the game.
 * @return ::ALEA_OK, or ::ALEA_INVALID_ARGUMENT if a pointer is NULL or index is
 *         not below alea_game_info::option_count.
 */
ALEA_API alea_status alea_game_option(alea_option_info *out, const alea_game *game, size_t index);

#ifdef __cplusplus
}
#endif

#endif /* ALEA_GAME_H */
