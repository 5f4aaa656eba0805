/* Backgammon: n-ply search over the trained evaluator (search.c), and the
   game's rank hook (core/impl.h) that the ply bot and alea_bot_rank() use. */
#ifndef ALEA_BACKGAMMON_SEARCH_H
#define ALEA_BACKGAMMON_SEARCH_H

#include "backgammon/bg.h"
#include "backgammon/net.h"

/* The mover's five probabilities (win, win gammon, win backgammon, lose
   gammon, lose backgammon) at 0-ply once he has moved to `after` (his view;
   the opponent is on roll, or the game is over). */
void alea__bg_after_probs(const bg_side *after, double probs[5]);
/* The probabilities of the player on roll of `on_roll` (his view, before
   his roll) at `plies` (0: the network). */
void alea__bg_ply_probs(const bg_side *on_roll, int plies, double probs[5]);
/* The same by the networks `nets` (BG_NET_COUNT of them: the trainer's
   teacher, tests/tools/bg_train.c) instead of those compiled in. */
void alea__bg_ply_probs_nets(const bg_net *nets, const bg_side *on_roll, int plies,
                             double probs[5]);
/* The mover's probabilities after playing `action` from `before`, valued at
   `plies`. */
void alea__bg_move_probs(const bg_side *before, uint64_t action, int plies, double probs[5]);

/* The rank hook: the moves of phase MOVE valued at 0-ply, the best of them
   again at each deeper ply (move filters: p->keep, p->margin; defaults 8
   within 0.16 equity for 1-ply, a quarter of those for deeper plies). */
bool alea__bg_rank(const alea_state *st, const uint64_t *legal, size_t n,
                   const alea__rank_params *p, alea_ranked_action *out);

/* The rank hook's other phases (cube.c): the cube (§7.3) and resignations
   (§6) valued by Janowski's cubeful equity over the network's probabilities
   before the roll, at `plies` (a close money decision at plies + 1). */
bool alea__bg_rank_cube(const alea_state *st, const uint64_t *legal, size_t n, int plies,
                        alea_ranked_action *out);

/* The levels of play (doc/bots.md). */
#define BG_LEVEL_COUNT 5
extern const alea__bot_level alea__bg_levels[BG_LEVEL_COUNT];

#endif
