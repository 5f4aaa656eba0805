/*
 * Internals shared by the bots (bot.c, bot_expectimax.c, bot_mcts.c): the leaf
 * value and the layout of the caller's workspace.  Everything here works on
 * the generic vtable only; a game takes part through its optional evaluate and
 * advise hooks (impl.h).
 */
#ifndef ALEA_CORE_BOT_IMPL_H
#define ALEA_CORE_BOT_IMPL_H

#include "core/impl.h"

/* A playout "to the end" stops after this many plies all the same (a game
   without a ply cap could otherwise run on), and its end is valued as a leaf. */
#define ALEA__BOT_PLAYOUT_CAP 100000

/* The workspace, aligned to 8 and carved into blocks of these sizes: first
   the root's legal list (every kind), then the kind's own part, which the
   functions below receive as `ws`. */
typedef struct alea__bot_sizes {
    size_t state; /* one state: the game's state_size rounded up to 8 */
    size_t list;  /* one list: the larger of max_actions actions and
                     max_chance_outcomes outcomes */
} alea__bot_sizes;

void alea__bot_sizes_of(alea__bot_sizes *out, const alea_game *g);

/* Values of st for every seat into v (zeros beyond the seats): the returns of
   a finished game, else the game's evaluate hook, else the squashed score
   lead.  Returns the number of seats. */
int alea__bot_leaf(const alea_game *g, const alea_state *st, double v[ALEA_MAX_PLAYERS]);

/* The work a search may still do: nodes (actions applied) left, and the
   host's stop callback, asked every ALEA_BOT_POLL_NODES nodes. */
typedef struct alea__bot_budget {
    uint64_t left;
    uint32_t poll; /* nodes until should_stop is asked again */
    int stopped;   /* spent or stopped: every later spend fails */
    int (*should_stop)(void *ctx);
    void *ctx;
} alea__bot_budget;

/* Starts a budget from checked options (asks should_stop once). */
void alea__bot_budget_start(alea__bot_budget *b, const alea_bot_options *o);

/* Takes one node: 1, or 0 from the moment the budget is spent or the host
   said stop (then for good). */
static inline int alea__bot_spend(alea__bot_budget *b) {
    if (b->stopped)
        return 0;
    if (b->left == 0) {
        b->stopped = 1;
        return 0;
    }
    if (b->should_stop && --b->poll == 0) {
        b->poll = ALEA_BOT_POLL_NODES;
        if (b->should_stop(b->ctx)) {
            b->stopped = 1;
            return 0;
        }
    }
    b->left--;
    return 1;
}

/* ---- shared by the entry points (bot.c) ---- */
/* Copies the caller's options of any known version into *o (the current
   version, defaults for the fields its version lacks) and checks them. */
alea_status alea__bot_load_options(alea_bot_options *o, const alea_bot_options *in,
                                   alea_error *err);
/* Workspace bytes for checked options on this game (alignment slack included). */
size_t alea__bot_needed(const alea_bot_options *o, const alea_game *g);
/* The workspace aligned to 8, or NULL (BUFFER_TOO_SMALL in err) if it is
   smaller than `need`. */
unsigned char *alea__bot_carve(void *ws, size_t size, size_t need, alea_error *err);
/* The heuristic kind's choice: the game's advise hook, else the best leaf
   value one ply ahead (ties at random); `next` is room for one state. */
uint64_t alea__bot_choose_heuristic(const alea_game *g, const alea_state *st,
                                    const uint64_t *actions, size_t n, alea_state *next,
                                    alea_rng *rng);

/* ---- the ply kind and ranked actions (bot_ply.c) ---- */
/* Bytes of a ranked list of the game's longest legal list, rounded to 8. */
size_t alea__bot_ranked_size(const alea_game *g);
/* The ply kind's choice among the n >= 2 legal actions: the game's rank
   hook plus the options' noise, the best value of the deepest ply (ties:
   the first in legal order); the heuristic kind's choice where the game
   has no rank of its own.  ws: one state, then a ranked list (or less: the
   quick settings then value at 0-ply in pieces). */
uint64_t alea__bot_choose_ply(const alea_game *g, const alea_state *st, const uint64_t *legal,
                              size_t n, const alea_bot_options *o, unsigned char *ws, size_t avail,
                              alea_rng *rng);

/* ---- expectimax (bot_expectimax.c) ---- */
size_t alea__bot_expectimax_size(const alea__bot_sizes *z, int depth);
/* Value of st for every seat, searching `depth` decisions in ws (aligned,
   `size` bytes; a node that does not fit is valued as a leaf) by iterative
   deepening: the value of the deepest search the budget completed (the leaf
   value if none).  Returns that depth (0..depth). */
int alea__bot_expectimax_value(const alea_game *g, const alea_state *st, int depth, void *ws,
                               size_t size, alea__bot_budget *b, double v[ALEA_MAX_PLAYERS]);
/* Best action for the seat to act (its n >= 2 legal actions in `legal`,
   which lies outside ws); exact ties at random.  Iterative deepening: the
   answer of the deepest search the budget completed, else the best of the
   actions valued at depth 1 before the budget ran out, else a random one. */
uint64_t alea__bot_expectimax_choose(const alea_game *g, const alea_state *st,
                                     const uint64_t *legal, size_t n, int depth, void *ws,
                                     size_t size, alea__bot_budget *b, alea_rng *rng);

/* The same in a game with hidden information: each root action is valued by
   the mean over `samples` states re-dealt in `det` (a state's room, outside
   ws) from the observation of the seat to act at st (the game's determinize
   hook); the same re-deals for every action. */
uint64_t alea__bot_expectimax_choose_sampled(const alea_game *g, const alea_state *st,
                                             alea_state *det, int samples, const uint64_t *legal,
                                             size_t n, int depth, void *ws, size_t size,
                                             alea__bot_budget *b, alea_rng *rng);

/* ---- Monte Carlo tree search (bot_mcts.c) ---- */
size_t alea__bot_mcts_size(const alea__bot_sizes *z, uint32_t nodes);
/* Nodes that fit in `size` bytes of MCTS workspace. */
uint32_t alea__bot_mcts_nodes_in(const alea__bot_sizes *z, size_t size);
typedef struct alea__mcts_params {
    uint32_t playouts;
    uint32_t nodes;
    uint32_t playout_plies; /* 0 = ALEA__BOT_PLAYOUT_CAP */
    double exploration;
} alea__mcts_params;
/* Playouts per re-deal in a game with hidden information (see
   alea__bot_mcts_choose()). */
#define ALEA__BOT_MCTS_SAMPLE_PLAYOUTS 125
/* Best action for the seat to act at st (its n >= 2 legal actions in
   `legal`, outside ws, a list's room: reused as scratch once the root's
   children exist); ws is aligned and alea__bot_mcts_size() bytes.  With
   `det` (a state's room outside ws, for a game with a determinize hook) the
   search never reads what the seat has not seen: every
   ALEA__BOT_MCTS_SAMPLE_PLAYOUTS playouts it re-deals st from the seat's
   observation into det and searches that, the root's statistics adding up
   over the re-deals and the tree below the root grown afresh for each.  The
   playouts stop when the budget does (the last one valued where it
   stopped); with no playout at all, a random action. */
uint64_t alea__bot_mcts_choose(const alea_game *g, const alea_state *st, alea_state *det,
                               uint64_t *legal, size_t n, const alea__mcts_params *p, void *ws,
                               alea__bot_budget *b, alea_rng *rng);

#endif /* ALEA_CORE_BOT_IMPL_H */
