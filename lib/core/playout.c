/* Batches of whole games with bots (alea/playout.h): the host's play loop in C. */
#include "core/impl.h"

#include <string.h>

/* The bot of seat s: bots[s], bots[0] for everyone, or random (bots NULL). */
static const alea_bot_options *bot_of(const alea_bot_options *bots, size_t bot_count, int seat) {
    if (bot_count == 0)
        return NULL;
    return bot_count == 1 ? &bots[0] : &bots[seat];
}

ALEA_API alea_status alea_playouts_workspace_size(size_t *size_out,
                                                  const alea_bot_options *bots,
                                                  size_t bot_count, const alea_game *game,
                                                  alea_error *err) {
    alea_bot_options random_bot = ALEA_BOT_OPTIONS_INIT;
    size_t most = 0, size;
    if (!size_out || !game || (!bots && bot_count > 0))
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "size_out and game must not be NULL, nor bots when bot_count > 0");
    if (bot_count > ALEA_MAX_PLAYERS)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "bot_count %zu is above %d seats",
                          bot_count, ALEA_MAX_PLAYERS);
    for (size_t i = 0; i < (bot_count ? bot_count : 1); i++) {
        alea_status s = alea_bot_workspace_size(&size, bot_count ? &bots[i] : &random_bot,
                                                game, err);
        if (s != ALEA_OK)
            return s;
        if (size > most)
            most = size;
    }
    *size_out = most;
    return ALEA_OK;
}

/* One game from st (played in place) with its own rng; the number of actions, or
   -1 with the status in *status. */
static long play_one(const alea_game *g, alea_state *st, const alea_bot_options *bots,
                     size_t bot_count, uint64_t *list, void *ws, size_t ws_size, alea_rng *rng,
                     alea_status *status, alea_error *err) {
    long plies = 0;
    for (;;) {
        int who = g->current_player(st);
        uint64_t action;
        if (who == ALEA_PLAYER_TERMINAL || plies >= ALEA_PLAYOUT_MAX_PLIES)
            return plies;
        if (who == ALEA_PLAYER_CHANCE) {
            *status = alea_state_roll(NULL, st, rng);
            if (*status != ALEA_OK)
                return -1;
        } else {
            const alea_bot_options *bot = bot_of(bots, bot_count, who);
            if (bot == NULL || bot->kind == ALEA_BOT_RANDOM) {
                /* alea_bot_choose_with()'s random choice, without its checks. */
                size_t n = g->legal_actions(st, list);
                if (n == 0) {
                    *status = alea__fail(err, ALEA_INVALID_STATE, -1,
                                         "seat %d has no legal action", who);
                    return -1;
                }
                action = n == 1 ? list[0] : list[alea_rng_below(rng, n)];
            } else {
                *status = alea_bot_choose_with(&action, st, bot, ws, ws_size, rng, err);
                if (*status != ALEA_OK)
                    return -1;
            }
            g->apply(st, action);
        }
        plies++;
    }
}

ALEA_API alea_status alea_playouts(double *returns_out, int32_t *scores_out, uint32_t *plies_out,
                                   const alea_state *start, const alea_bot_options *bots,
                                   size_t bot_count, uint64_t seed, uint64_t first, size_t games,
                                   void *workspace, size_t workspace_size, alea_error *err) {
    const alea_game *g = alea__game_of(start);
    alea_rng base;
    size_t need = 0, players;
    alea_status s;
    uint64_t *list;
    if (!g)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "start is not a valid alea state (NULL, or its header is corrupt)");
    s = g->validate(start, err); /* the games trust the start they copy */
    if (s != ALEA_OK)
        return s;
    players = (size_t)g->num_players(start);
    if (bot_count != 0 && bot_count != 1 && bot_count != players)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "bot_count %zu is not 0, 1 or the %zu seats", bot_count, players);
    s = alea_playouts_workspace_size(&need, bots, bot_count, g, err);
    if (s != ALEA_OK)
        return s;
    if (!workspace || workspace_size < need)
        return alea__fail(err, ALEA_BUFFER_TOO_SMALL, -1,
                          "playouts need a workspace of %zu bytes, got %zu "
                          "(alea_playouts_workspace_size)",
                          need, workspace ? workspace_size : (size_t)0);
    /* The random choice's list: the start of the block, aligned like the bots' own. */
    list = (uint64_t *)(void *)((unsigned char *)workspace +
                                ((8 - ((uintptr_t)workspace & 7)) & 7));
    alea_rng_seed(&base, seed);
    for (uint64_t k = 0; k < first; k++)
        alea_rng_jump(&base);
    for (size_t i = 0; i < games; i++) {
        alea_state st;
        alea_result r;
        alea_rng rng = base;
        long plies;
        alea_rng_jump(&base);
        memcpy(&st, start, g->state_size);
        plies = play_one(g, &st, bots, bot_count, list, workspace, workspace_size, &rng, &s, err);
        if (plies < 0)
            return s;
        memset(&r, 0, sizeof r);
        g->result(&st, &r);
        for (size_t p = 0; p < players; p++) {
            if (returns_out)
                returns_out[i * players + p] = r.returns[p];
            if (scores_out)
                scores_out[i * players + p] = r.score[p];
        }
        if (plies_out)
            plies_out[i] = (uint32_t)plies;
    }
    return ALEA_OK;
}
