/*
 * Plateau: the ply bot (search.c) and its evaluation (eval.c).
 */
#ifndef ALEA_PLATEAU_SEARCH_H
#define ALEA_PLATEAU_SEARCH_H

#include "plateau/pl.h"

/* The score of seat `me` in prisoners (positive: ahead) of a running game. */
double alea__pl_lead(const pl_state *s, int me);
/* The value for `me` on the scale of alea_result::returns, in [-1, 1]. */
double alea__pl_worth(const pl_state *s, int me);

/* The workspace room of the search (the descriptor's rank_scratch): a
   re-dealt sample, and per ply a legal list and a child state. */
typedef struct pl_ply_room {
    uint64_t legal[PL_MAX_LEGAL];
    pl_state child;
} pl_ply_room;

typedef struct pl_search_room {
    pl_state sample;
    pl_ply_room ply[ALEA_BOT_MAX_PLIES];
} pl_search_room;

#define PL_RANK_SCRATCH ((uint32_t)sizeof(pl_search_room))

/* The rank hook (core/impl.h). */
bool alea__pl_rank(const alea_state *st, const uint64_t *legal, size_t n,
                   const alea__rank_params *p, alea_ranked_action *out);

#define PL_LEVEL_COUNT 5
extern const alea__bot_level alea__pl_levels[PL_LEVEL_COUNT];

#endif /* ALEA_PLATEAU_SEARCH_H */
