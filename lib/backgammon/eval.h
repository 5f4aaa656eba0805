/* Backgammon: the static evaluator and the heuristic bot's policy (eval.c),
   the game's optional bot hooks (core/impl.h). */
#ifndef ALEA_BACKGAMMON_EVAL_H
#define ALEA_BACKGAMMON_EVAL_H

#include "backgammon/bg.h"

/* Chance that `player` wins the current game, 0..1, from the position alone
   (race: pip counts; contact: a weighted sum of features, doc/bots.md). */
double alea__bg_win_chance(const bg_state *s, int player);
/* The evaluate hook: 2 * win chance - 1. */
double alea__bg_evaluate(const alea_state *st, int player);
/* The advise hook: cube and resignation answers by pip-count rules (§7.3),
   checker play one ply by the evaluator (§5). */
bool alea__bg_advise(const alea_state *st, const uint64_t *legal, size_t n, uint64_t *out);

#endif
