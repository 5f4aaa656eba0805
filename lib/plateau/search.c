/*
 * Plateau: the ply bot's search and the ranked actions (the game's rank hook,
 * lib/core/impl.h; doc/bots.md "Plateau: determinized search").
 *
 * The search sees only what the seat to act may see (R11).  The state it is
 * given is already a re-deal of the seat's observation (lib/core re-deals
 * the root before any one-ply kind chooses, and alea_bot_rank() does too);
 * it re-deals that state again, from the same seat's view, into more
 * samples, with an rng seeded by the state's bytes, so the answer depends on
 * the observation and the bot's rng alone.
 *
 * Plies are counted as backgammon counts them: 0-ply values the state after
 * each action by the evaluation (eval.c); n-ply looks n decisions further,
 * each side taking its best (minimax with alpha-beta below the root, for
 * the seat that acts at each node: an exchange's answer is the responder's
 * decision, R9.7).  A root action's n-ply value is its mean over the
 * samples.  Move filters: the best `keep` actions within `margin` of the
 * best at 0-ply go on to 1-ply, a quarter of each (at least 2) further on.
 * In the set-up (R4) every action is valued at 0-ply.
 *
 * Memory: the workspace room of the descriptor's rank_scratch (a sample and
 * a legal list with a child state per ply); without it (the quick settings)
 * everything is valued at 0-ply.  The recursion is at most
 * ALEA_BOT_MAX_PLIES deep, a few hundred bytes of stack a level.
 */
#include "plateau/search.h"

_Static_assert(sizeof(pl_search_room) % 8 == 0, "the room keeps the workspace aligned");

#include <string.h>

/* Samples of the seat's hidden information per depth (0-ply needs one: the
   value after the seat's own action hardly depends on what it has not
   seen). */
static const int samples_at[ALEA_BOT_MAX_PLIES + 1] = {1, 4, 2, 2};
#define KEEP_DEFAULT 24
#define MARGIN_DEFAULT 0.6

/* The seat's value of s, looking `depth` decisions ahead: `me` maximises
   at his nodes, the other seat minimises; alpha-beta within (alpha, beta).
   Recursion: depth <= ALEA_BOT_MAX_PLIES levels, each with its own room. */
// NOLINTNEXTLINE(misc-no-recursion)
static double search(pl_search_room *r, int level, const pl_state *s, int me, int depth,
                     double alpha, double beta) {
    pl_ply_room *room;
    size_t n;
    bool mine;
    double best;
    if (s->phase == PL_OVER) /* a sooner win is better, a later loss less bad */
        return alea__pl_worth(s, me) * (1.0 - 0.01 * level);
    if (depth == 0)
        return alea__pl_worth(s, me);
    room = &r->ply[level];
    n = alea__pl_legal((const alea_state *)(const void *)s, room->legal);
    mine = s->to_act == me;
    best = mine ? -2.0 : 2.0;
    for (size_t i = 0; i < n; i++) {
        double v;
        memcpy(&room->child, s, sizeof *s);
        alea__pl_apply((alea_state *)(void *)&room->child, room->legal[i]);
        v = search(r, level + 1, &room->child, me, depth - 1, alpha, beta);
        if (mine ? v > best : v < best)
            best = v;
        if (mine && best > alpha)
            alpha = best;
        if (!mine && best < beta)
            beta = best;
        if (alpha >= beta)
            break;
    }
    return best;
}

/* FNV-1a over the state's bytes: the seed of the re-deals. */
static uint64_t state_hash(const pl_state *s) {
    const unsigned char *b = (const unsigned char *)s;
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < sizeof *s; i++) {
        h ^= b[i];
        h *= 1099511628211ull;
    }
    return h;
}

bool alea__pl_rank(const alea_state *st, const uint64_t *legal, size_t n,
                   const alea__rank_params *p, alea_ranked_action *out) {
    const pl_state *s = pl_cof(st);
    pl_search_room *r = p->scratch;
    int me = s->to_act, plies = p->plies;
    size_t keep = p->keep ? (size_t)p->keep : KEEP_DEFAULT;
    double margin = p->margin > 0 ? p->margin : MARGIN_DEFAULT;
    size_t pool[ALEA_BOT_MAX_FILTER_KEEP], count = 0;
    pl_state child;
    if (keep > ALEA_BOT_MAX_FILTER_KEEP)
        keep = ALEA_BOT_MAX_FILTER_KEEP;
    if (!r || p->scratch_size < sizeof *r || s->phase == PL_SETUP)
        plies = 0; /* no room to search, or the set-up's long lists (R4) */
    for (size_t i = 0; i < n; i++) {
        memcpy(&child, s, sizeof child);
        alea__pl_apply((alea_state *)(void *)&child, legal[i]);
        memset(&out[i], 0, sizeof out[i]);
        out[i].value = alea__pl_worth(&child, me);
    }
    for (int ply = 1; ply <= plies; ply++) {
        size_t chosen[ALEA_BOT_MAX_FILTER_KEEP];
        int samples = samples_at[ply];
        alea_rng rng;
        if (ply == 1) /* every action competes for the first filter */
            count = alea__rank_best(out, NULL, n, keep, margin, legal, NULL, chosen);
        else
            count = alea__rank_best(out, pool, count, count / 4 < 2 ? 2 : count / 4, margin / 3,
                                    legal, NULL, chosen);
        if (count < 2 && n > 1)
            break; /* one action left: nothing to compare deeper */
        memcpy(pool, chosen, count * sizeof *pool);
        for (size_t k = 0; k < count; k++) {
            out[pool[k]].value = 0.0;
            out[pool[k]].plies = ply;
        }
        alea_rng_seed(&rng, state_hash(s));
        for (int j = 0; j < samples; j++) {
            memcpy(&r->sample, s, sizeof *s);
            if (j > 0) /* sample 0 is the re-deal we were given */
                alea__pl_determinize((alea_state *)(void *)&r->sample, me, &rng);
            for (size_t k = 0; k < count; k++) {
                size_t i = pool[k];
                memcpy(&child, &r->sample, sizeof child);
                alea__pl_apply((alea_state *)(void *)&child, legal[i]);
                out[i].value += search(r, 0, &child, me, ply, -2.0, 2.0) / samples;
            }
        }
    }
    return true;
}

/* clang-format off */
const alea__bot_level alea__pl_levels[PL_LEVEL_COUNT] = {
    /* name, kind, plies, noise (value, -1..1), depth, playouts */
    {"beginner", ALEA_BOT_PLY, 0, 0.3, 0, 0},
    {"casual", ALEA_BOT_PLY, 0, 0.1, 0, 0},
    {"intermediate", ALEA_BOT_PLY, 0, 0.0, 0, 0},
    {"advanced", ALEA_BOT_PLY, 1, 0.0, 0, 0},
    {"expert", ALEA_BOT_PLY, 2, 0.0, 0, 0},
};
/* clang-format on */
