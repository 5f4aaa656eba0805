/* The registry: a constant table of the games, in a stable order. */
#include "core/games.h"

#include <string.h>

static const alea_game *const registry[] = {
    &alea__dice_poker_game,
    &alea__wise_dice_game,
    &alea__plateau_game,
    &alea__backgammon_game,
};

#define REGISTRY_SIZE (sizeof registry / sizeof registry[0])

ALEA_API size_t alea_game_count(void) {
    return REGISTRY_SIZE;
}

ALEA_API const alea_game *alea_game_at(size_t index) {
    return index < REGISTRY_SIZE ? registry[index] : NULL;
}

ALEA_API const alea_game *alea_game_find_n(const char *id, size_t len) {
    if (!id)
        return NULL;
    for (size_t i = 0; i < REGISTRY_SIZE; i++) {
        /* an id holds no NUL, so a text with one matches none */
        if (strlen(registry[i]->id) == len && memcmp(registry[i]->id, id, len) == 0)
            return registry[i];
    }
    return NULL;
}

ALEA_API const alea_game *alea_game_find(const char *id) {
    return id ? alea_game_find_n(id, strlen(id)) : NULL;
}

ALEA_API const char *alea_game_id(const alea_game *game) {
    return game ? game->id : NULL;
}

ALEA_API alea_status alea_game_get_info(alea_game_info *out, const alea_game *game) {
    if (!out || !game)
        return ALEA_INVALID_ARGUMENT;
    out->id = game->id;
    out->title = game->title;
    out->summary = game->summary;
    out->min_players = game->min_players;
    out->max_players = game->max_players;
    out->max_actions = game->max_actions;
    out->max_chance_outcomes = game->max_chance_outcomes;
    out->state_size = game->state_size;
    out->option_count = game->option_count;
    return ALEA_OK;
}

ALEA_API alea_status alea_game_option(alea_option_info *out, const alea_game *game, size_t index) {
    if (!out || !game || index >= game->option_count)
        return ALEA_INVALID_ARGUMENT;
    *out = game->options[index];
    return ALEA_OK;
}

alea_status alea__bad_head(const alea_state *st, alea_error *err) {
    const alea__head *h = (const alea__head *)(const void *)st;
    int layout = st ? ALEA__HEAD_LAYOUT(h->magic) : -1;
    if (layout >= 0 && layout != (int)ALEA__LAYOUT_VERSION)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "state layout version %d, this library reads %u (state bytes are "
                          "only valid within one layout version)",
                          layout, ALEA__LAYOUT_VERSION);
    return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                      "not a valid alea state (NULL, or its header is corrupt)");
}

/* Index of a game in the table, written into state heads. */
uint16_t alea__game_index(const alea_game *game) {
    for (size_t i = 0; i < REGISTRY_SIZE; i++) {
        if (registry[i] == game)
            return (uint16_t)i;
    }
    return UINT16_MAX;
}

const alea_game *alea__game_of(const alea_state *st) {
    const alea__head *h;
    const alea_game *g;
    if (!st)
        return NULL;
    h = (const alea__head *)(const void *)st;
    if (h->magic != ALEA__HEAD_MAGIC || h->game >= REGISTRY_SIZE)
        return NULL;
    g = registry[h->game];
    return h->size == g->state_size ? g : NULL;
}
