/* Bots on the generic API: names, options, workspace, dispatch; the random,
   greedy and heuristic kinds and the leaf value shared by the searches. */
/* alea_dice_poker_advise(), alea_bot_evaluate() and the quick settings are
   experimental (doc/api.md "What 1.x guarantees"). */
#define ALEA_EXPERIMENTAL
#include "core/bot_impl.h"

#include <string.h>

static const char *const bot_names[ALEA_BOT_KIND_COUNT] = {"random", "greedy",    "expectimax",
                                                           "mcts",   "heuristic", "ply"};

ALEA_API const char *alea_bot_name(alea_bot_kind kind) {
    return (int)kind >= 0 && (int)kind < ALEA_BOT_KIND_COUNT ? bot_names[kind] : NULL;
}

ALEA_API alea_bot_kind alea_bot_find(const char *name) {
    for (int i = 0; name && i < ALEA_BOT_KIND_COUNT; i++) {
        if (strcmp(name, bot_names[i]) == 0)
            return (alea_bot_kind)i;
    }
    return ALEA_BOT_NONE;
}

/* Bytes of a block of each version: version 1 ended before node_budget,
   version 2 before plies. */
static size_t options_size(uint32_t version) {
    return version == 1   ? offsetof(alea_bot_options, node_budget)
           : version == 2 ? offsetof(alea_bot_options, plies)
                          : sizeof(alea_bot_options);
}

ALEA_API alea_status alea_bot_options_init_version(alea_bot_options *opts, alea_bot_kind kind,
                                                   uint32_t version) {
    static const alea_bot_options defaults = ALEA_BOT_OPTIONS_INIT;
    alea_bot_options o = defaults;
    if (!opts || !alea_bot_name(kind) || version < 1 || version > ALEA_BOT_OPTIONS_VERSION)
        return ALEA_INVALID_ARGUMENT;
    o.version = version;
    o.kind = (int32_t)kind;
    memcpy(opts, &o, options_size(version));
    return ALEA_OK;
}

/* The exported symbol behind the macro of the same name: what programs built
   against version 1 of bot.h call, with a version-1 block. */
ALEA_API alea_status(alea_bot_options_init)(alea_bot_options *opts, alea_bot_kind kind) {
    return alea_bot_options_init_version(opts, kind, 1);
}

/* ---- workspace ---- */

static size_t round8(size_t n) {
    return (n + 7) & ~(size_t)7;
}

void alea__bot_sizes_of(alea__bot_sizes *out, const alea_game *g) {
    size_t actions = (size_t)g->max_actions * sizeof(uint64_t);
    size_t outcomes = (size_t)g->max_chance_outcomes * sizeof(alea_outcome);
    out->state = round8(g->state_size);
    out->list = round8(actions > outcomes ? actions : outcomes);
}

static uint32_t mcts_nodes(const alea_bot_options *o) {
    uint64_t n = o->max_nodes ? (uint64_t)o->max_nodes : 16u * (uint64_t)o->playouts + 64u;
    return (uint32_t)(n > ALEA_BOT_MAX_PLAYOUTS ? ALEA_BOT_MAX_PLAYOUTS : n);
}

/* Copies the caller's options of any known version into *o (the current
   version, defaults for the fields its version lacks) and checks them. */
alea_status alea__bot_load_options(alea_bot_options *o, const alea_bot_options *in,
                                   alea_error *err) {
    static const alea_bot_options defaults = ALEA_BOT_OPTIONS_INIT;
    *o = defaults; /* defined on every path */
    if (!in)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "bot options must not be NULL");
    if (in->version < 1 || in->version > ALEA_BOT_OPTIONS_VERSION)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "bot options version %u is not 1..%d (start from ALEA_BOT_OPTIONS_INIT)",
                          (unsigned)in->version, ALEA_BOT_OPTIONS_VERSION);
    memcpy(o, in, options_size(in->version));
    o->version = ALEA_BOT_OPTIONS_VERSION;
    if (!alea_bot_name(o->kind))
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "bot kind %d is not 0..%d",
                          (int)o->kind, ALEA_BOT_KIND_COUNT - 1);
    if (o->depth < 1 || o->depth > ALEA_BOT_MAX_DEPTH)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "bot depth %d is not 1..%d",
                          (int)o->depth, ALEA_BOT_MAX_DEPTH);
    if (o->playouts < 1 || o->playouts > ALEA_BOT_MAX_PLAYOUTS)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "bot playouts %d is not 1..%d",
                          (int)o->playouts, ALEA_BOT_MAX_PLAYOUTS);
    if (!(o->exploration >= 0.0 && o->exploration <= 100.0)) /* NaN fails too */
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "bot exploration is not 0..100");
    if (o->max_nodes != 0 && (o->max_nodes < 2 || o->max_nodes > ALEA_BOT_MAX_PLAYOUTS))
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "bot max_nodes %d is not 0 or 2..%d",
                          (int)o->max_nodes, ALEA_BOT_MAX_PLAYOUTS);
    if (o->playout_plies < 0)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "bot playout_plies %d is negative",
                          (int)o->playout_plies);
    if (o->node_budget < 0)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "bot node_budget %lld is negative",
                          (long long)o->node_budget);
    if (o->plies < 0 || o->plies > ALEA_BOT_MAX_PLIES)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "bot plies %d is not 0..%d",
                          (int)o->plies, ALEA_BOT_MAX_PLIES);
    if (!(o->noise >= 0.0 && o->noise <= 10.0))
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "bot noise is not 0..10");
    if (o->filter_keep < 0 || o->filter_keep > ALEA_BOT_MAX_FILTER_KEEP)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "bot filter_keep %d is not 0..%d",
                          (int)o->filter_keep, ALEA_BOT_MAX_FILTER_KEEP);
    if (!(o->filter_margin >= 0.0 && o->filter_margin <= 10.0))
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "bot filter_margin is not 0..10");
    return ALEA_OK;
}

void alea__bot_budget_start(alea__bot_budget *b, const alea_bot_options *o) {
    b->left = o->node_budget ? (uint64_t)o->node_budget : ALEA_BOT_DEFAULT_NODE_BUDGET;
    b->poll = ALEA_BOT_POLL_NODES;
    b->should_stop = o->should_stop;
    b->ctx = o->stop_ctx;
    b->stopped = o->should_stop && o->should_stop(o->stop_ctx);
}

/* Bytes after the alignment slack: the root list, for a game with hidden
   information the root re-dealt (a state), then the kind's part. */
size_t alea__bot_needed(const alea_bot_options *o, const alea_game *g) {
    alea__bot_sizes z;
    size_t part;
    alea__bot_sizes_of(&z, g);
    switch (o->kind) {
    case ALEA_BOT_EXPECTIMAX:
        part = alea__bot_expectimax_size(&z, o->depth);
        break;
    case ALEA_BOT_MCTS:
        part = alea__bot_mcts_size(&z, mcts_nodes(o));
        break;
    case ALEA_BOT_PLY: /* one state to try the actions in, a ranked list, the game's room */
        part = z.state + alea__bot_ranked_size(g) + round8(g->rank_scratch);
        break;
    default: /* one state to try the actions in */
        part = z.state;
        break;
    }
    return 8 + z.list + (g->determinize ? z.state : 0) + part;
}

ALEA_API alea_status alea_bot_workspace_size(size_t *size_out, const alea_bot_options *opts,
                                             const alea_game *game, alea_error *err) {
    alea_bot_options o;
    alea_status s;
    if (!size_out || !game)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "size_out and game must not be NULL");
    s = alea__bot_load_options(&o, opts, err);
    if (s == ALEA_OK)
        *size_out = alea__bot_needed(&o, game);
    return s;
}

/* The workspace aligned to 8, or NULL if it is too small. */
unsigned char *alea__bot_carve(void *ws, size_t size, size_t need, alea_error *err) {
    uintptr_t a = (uintptr_t)ws;
    if (!ws || size < need) {
        alea__fail(err, ALEA_BUFFER_TOO_SMALL, -1,
                   "the bot needs a workspace of %zu bytes, got %zu (alea_bot_workspace_size)",
                   need, ws ? size : (size_t)0);
        return NULL;
    }
    return (unsigned char *)ws + ((8 - (a & 7)) & 7);
}

/* ---- values ---- */

int alea__bot_leaf(const alea_game *g, const alea_state *st, double v[ALEA_MAX_PLAYERS]) {
    alea_result r;
    memset(&r, 0, sizeof r);
    g->result(st, &r);
    for (int i = 0; i < ALEA_MAX_PLAYERS; i++) {
        int64_t best_other = INT64_MIN;
        double d;
        if (i >= r.players) {
            v[i] = 0.0;
            continue;
        }
        if (r.terminal) {
            v[i] = r.returns[i];
            continue;
        }
        if (g->evaluate) {
            v[i] = g->evaluate(st, i);
            continue;
        }
        for (int k = 0; k < r.players; k++)
            if (k != i && r.score[k] > best_other)
                best_other = r.score[k];
        d = (double)((int64_t)r.score[i] - (best_other == INT64_MIN ? 0 : best_other));
        v[i] = 0.9 * d / ((d < 0 ? -d : d) + 16.0);
    }
    return r.players;
}

/* ---- the simple kinds ---- */

/* The mover's score minus the best score of the others, after the action. */
static int64_t greedy_value(const alea_game *g, alea_state *next, const alea_state *st,
                            uint64_t action, int me) {
    alea_result r;
    int64_t best_other = INT64_MIN;
    memcpy(next, st, g->state_size);
    g->apply(next, action);
    memset(&r, 0, sizeof r);
    g->result(next, &r);
    for (int i = 0; i < r.players; i++) {
        if (i != me && r.score[i] > best_other)
            best_other = r.score[i];
    }
    return (int64_t)r.score[me] - (best_other == INT64_MIN ? 0 : best_other);
}

static uint64_t choose_greedy(const alea_game *g, const alea_state *st, const uint64_t *actions,
                              size_t n, alea_state *next, alea_rng *rng) {
    int me = g->current_player(st);
    int64_t best = INT64_MIN;
    uint64_t choice = actions[0], ties = 0;
    for (size_t i = 0; i < n; i++) {
        int64_t v = greedy_value(g, next, st, actions[i], me);
        if (v > best) {
            best = v;
            choice = actions[i];
            ties = 1;
        } else if (v == best && alea_rng_below(rng, ++ties) == 0) {
            /* Reservoir sampling: each tied action is kept with equal chance. */
            choice = actions[i];
        }
    }
    return choice;
}

uint64_t alea__bot_choose_heuristic(const alea_game *g, const alea_state *st,
                                    const uint64_t *actions, size_t n, alea_state *next,
                                    alea_rng *rng) {
    int me = g->current_player(st);
    double best = 0;
    uint64_t choice = actions[0], ties = 0;
    if (g->advise && g->advise(st, actions, n, &choice))
        return choice;
    for (size_t i = 0; i < n; i++) {
        double v[ALEA_MAX_PLAYERS];
        memcpy(next, st, g->state_size);
        g->apply(next, actions[i]);
        alea__bot_leaf(g, next, v);
        if (ties == 0 || v[me] > best) {
            best = v[me];
            choice = actions[i];
            ties = 1;
        } else if (v[me] == best && alea_rng_below(rng, ++ties) == 0) {
            choice = actions[i];
        }
    }
    return choice;
}

/* ---- entry points ---- */

/* Expectimax in a game with hidden information: each root action is valued
   by the mean over this many re-deals of what the seat has not seen. */
#define EXPECTIMAX_SAMPLES 4

/* Chooses with checked options in an aligned block of `avail` bytes that holds
   at least the root list and one state (two in a game with hidden
   information).  In such a game the bot never reads what its seat has not
   seen: it searches states re-dealt from its seat's observation (the game's
   determinize hook), and only the seat's legal actions, which depend on the
   observation alone, come from `state`. */
static alea_status choose_in(uint64_t *action_out, const alea_game *g, const alea_state *state,
                             const alea_bot_options *opts, unsigned char *ws, size_t avail,
                             alea_rng *rng, alea_error *err) {
    alea__bot_sizes z;
    alea__bot_budget b;
    uint64_t *legal, choice;
    unsigned char *part;
    const alea_state *root = state;
    alea_state *det = NULL;
    size_t n;
    alea_rng r;
    alea_status s = g->validate(state, err); /* once here: the search trusts the state */
    int who = s == ALEA_OK ? g->current_player(state) : 0;
    if (s != ALEA_OK)
        return s;
    if (who < 0)
        return alea__fail(err, ALEA_WRONG_PHASE, -1,
                          who == ALEA_PLAYER_CHANCE
                              ? "dice must be thrown (a chance node): use alea_state_roll()"
                              : "the game is over");
    alea__bot_sizes_of(&z, g);
    legal = (uint64_t *)(void *)ws;
    part = ws + z.list;
    avail -= z.list;
    n = g->legal_actions(state, legal);
    if (n == 0)
        return alea__fail(err, ALEA_INVALID_STATE, -1, "the seat to act has no legal action");
    r = *rng; /* published only on success */
    if (g->determinize) {
        det = (alea_state *)(void *)part;
        part += z.state;
        avail -= z.state;
        if (n > 1 && (opts->kind == ALEA_BOT_GREEDY || opts->kind == ALEA_BOT_HEURISTIC ||
                      opts->kind == ALEA_BOT_PLY)) {
            /* the one-ply kinds search one re-deal; the searches deal their own */
            memcpy(det, state, g->state_size);
            g->determinize(det, who, &r);
            root = det;
        }
    }
    alea__bot_budget_start(&b, opts);
    switch (n == 1 ? -1 : opts->kind) {
    case -1:
        choice = legal[0];
        break;
    case ALEA_BOT_RANDOM:
        choice = legal[alea_rng_below(&r, n)];
        break;
    case ALEA_BOT_GREEDY:
        choice = choose_greedy(g, root, legal, n, (alea_state *)(void *)part, &r);
        break;
    case ALEA_BOT_EXPECTIMAX:
        if (det)
            choice = alea__bot_expectimax_choose_sampled(g, state, det, EXPECTIMAX_SAMPLES, legal,
                                                         n, opts->depth, part, avail, &b, &r);
        else
            choice = alea__bot_expectimax_choose(g, state, legal, n, opts->depth, part, avail,
                                                 &b, &r);
        break;
    case ALEA_BOT_MCTS: {
        alea__mcts_params p;
        uint32_t fit = alea__bot_mcts_nodes_in(&z, avail), want = mcts_nodes(opts);
        p.playouts = (uint32_t)opts->playouts;
        p.nodes = want < fit ? want : fit;
        p.playout_plies = (uint32_t)opts->playout_plies;
        p.exploration = opts->exploration;
        choice = alea__bot_mcts_choose(g, state, det, legal, n, &p, part, &b, &r);
        break;
    }
    case ALEA_BOT_PLY:
        choice = alea__bot_choose_ply(g, root, legal, n, opts, part, avail, &r);
        break;
    default:
        choice = alea__bot_choose_heuristic(g, root, legal, n, (alea_state *)(void *)part, &r);
        break;
    }
    *action_out = choice;
    *rng = r;
    return ALEA_OK;
}

ALEA_API alea_status alea_bot_choose_with(uint64_t *action_out, const alea_state *state,
                                          const alea_bot_options *opts, void *workspace,
                                          size_t workspace_size, alea_rng *rng, alea_error *err) {
    const alea_game *g = alea__game_of(state);
    alea_bot_options o;
    unsigned char *ws;
    size_t need;
    alea_status s;
    if (!action_out || !rng)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "action_out and rng must not be NULL");
    if (!g)
        return alea__bad_head(state, err);
    s = alea__bot_load_options(&o, opts, err);
    if (s != ALEA_OK)
        return s;
    need = alea__bot_needed(&o, g);
    ws = alea__bot_carve(workspace, workspace_size, need, err);
    if (!ws)
        return ALEA_BUFFER_TOO_SMALL;
    return choose_in(action_out, g, state, &o, ws, need - 8, rng, err);
}

ALEA_API alea_status alea_bot_evaluate(double *values_out, size_t capacity, size_t *count_out,
                                       const alea_state *state, const alea_bot_options *opts,
                                       void *workspace, size_t workspace_size, alea_error *err) {
    const alea_game *g = alea__game_of(state);
    alea__bot_sizes z;
    alea_bot_options o;
    double v[ALEA_MAX_PLAYERS];
    unsigned char *ws;
    size_t players, need;
    alea_status s;
    if (!count_out || (!values_out && capacity > 0))
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "count_out must not be NULL");
    if (!g)
        return alea__bad_head(state, err);
    s = alea__bot_load_options(&o, opts, err);
    if (s != ALEA_OK)
        return s;
    if (o.kind != ALEA_BOT_EXPECTIMAX && o.kind != ALEA_BOT_HEURISTIC)
        return alea__fail(err, ALEA_UNSUPPORTED, -1, "the %s bot gives no value of its own",
                          alea_bot_name(o.kind));
    s = g->validate(state, err);
    if (s != ALEA_OK)
        return s;
    need = alea__bot_needed(&o, g);
    ws = alea__bot_carve(workspace, workspace_size, need, err);
    if (!ws)
        return ALEA_BUFFER_TOO_SMALL;
    players = (size_t)g->num_players(state);
    *count_out = players;
    if (capacity < players)
        return alea__fail(err, ALEA_BUFFER_TOO_SMALL, -1, "room for %zu values, the game has %zu",
                          capacity, players);
    alea__bot_sizes_of(&z, g);
    if (g->determinize) { /* the re-dealt root's room, unused here */
        ws += z.state;
        need -= z.state;
    }
    if (o.kind == ALEA_BOT_EXPECTIMAX) {
        alea__bot_budget b;
        alea__bot_budget_start(&b, &o);
        alea__bot_expectimax_value(g, state, o.depth, ws + z.list, need - 8 - z.list, &b, v);
    } else
        alea__bot_leaf(g, state, v);
    if (values_out) /* NULL only with capacity 0, so with no seat */
        memcpy(values_out, v, players * sizeof v[0]);
    return ALEA_OK;
}

/* alea_bot_choose()'s fixed block: the largest root list of any game, a
   re-dealt root (hidden information), plus 16 KB for a search (a few states
   and chance lists for expectimax at depth 1, about 400 MCTS nodes). */
#define QUICK_SEARCH 16384
#define QUICK_BLOCK (ALEA_MAX_ACTIONS * 8 + 2 * ALEA_STATE_MAX_SIZE + QUICK_SEARCH)

ALEA_API alea_status alea_bot_choose(uint64_t *action_out, const alea_state *state,
                                     alea_bot_kind kind, alea_rng *rng) {
    uint64_t block[QUICK_BLOCK / 8];
    alea_bot_options o;
    alea__bot_sizes z;
    const alea_game *g = alea__game_of(state);
    if (!action_out || !g || !rng || alea_bot_options_init_version(&o, kind, ALEA_BOT_OPTIONS_VERSION) != ALEA_OK)
        return ALEA_INVALID_ARGUMENT;
    alea__bot_sizes_of(&z, g);
    if (z.list + 2 * z.state > sizeof block - QUICK_SEARCH)
        return ALEA_INVALID_STATE; /* no game has lists this long (ALEA_MAX_ACTIONS) */
    o.depth = 1;
    o.playouts = ALEA_BOT_QUICK_PLAYOUTS;
    o.playout_plies = ALEA_BOT_QUICK_PLIES;
    return choose_in(action_out, g, state, &o, (unsigned char *)block, sizeof block, rng, NULL);
}
