/* The ply kind, ranked actions and levels of play (bot.h, alea 1.1): the
   game's own search reached through its rank hook (core/impl.h), never by
   name; where a game has none, the heuristic kind's values. */
#include "core/bot_impl.h"

#include <string.h>

size_t alea__bot_ranked_size(const alea_game *g) {
    return ((size_t)g->max_actions * sizeof(alea_ranked_action) + 7) & ~(size_t)7;
}

static size_t scratch_size(const alea_game *g) {
    return ((size_t)g->rank_scratch + 7) & ~(size_t)7;
}

/* The options' search parameters, and the game's room at `room` when the
   `avail` bytes there hold it. */
static void params_of(alea__rank_params *p, const alea_bot_options *o, const alea_game *g,
                      unsigned char *room, size_t avail) {
    p->plies = o->plies;
    p->keep = o->filter_keep;
    p->margin = o->filter_margin;
    p->scratch = NULL;
    p->scratch_size = 0;
    if (g->rank_scratch && avail >= scratch_size(g)) {
        p->scratch = room;
        p->scratch_size = scratch_size(g);
    }
}

/* The heuristic's value of one action: the leaf value for the mover after it. */
static void leaf_value(const alea_game *g, const alea_state *st, uint64_t action, int me,
                       alea_state *next, alea_ranked_action *out) {
    double v[ALEA_MAX_PLAYERS];
    memcpy(next, st, g->state_size);
    g->apply(next, action);
    alea__bot_leaf(g, next, v);
    memset(out, 0, sizeof *out);
    out->action = action;
    out->value = v[me];
}

/* a before b: the deeper ply, the larger value, the legal order (the
   lists are ascending, so the smaller action). */
static bool before(const alea_ranked_action *a, const alea_ranked_action *b) {
    if (a->plies != b->plies)
        return a->plies > b->plies;
    if (a->value != b->value)
        return a->value > b->value;
    return a->action < b->action;
}

/* Puts `a` into the best-first list top[0..*count) of at most `cap`. */
static void insert_top(alea_ranked_action *top, size_t *count, size_t cap,
                       const alea_ranked_action *a) {
    size_t at = *count;
    while (at > 0 && before(a, &top[at - 1]))
        at--;
    if (at >= cap)
        return;
    if (*count < cap)
        (*count)++;
    memmove(top + at + 1, top + at, (*count - 1 - at) * sizeof *top);
    top[at] = *a;
}

/* A standard normal deviate: the sum of 12 uniforms less 6 (Irwin-Hall),
   close enough for noise and free of libm. */
size_t alea__rank_best(const alea_ranked_action *out, const size_t *pool, size_t count,
                       size_t keep, double margin, const uint64_t *legal,
                       bool (*eligible)(uint64_t action), size_t *chosen) {
    size_t got = 0, within = 0;
    for (size_t k = 0; k < count; k++) {
        size_t i = pool ? pool[k] : k, at;
        if (eligible && !eligible(legal[i]))
            continue;
        for (at = got; at > 0 && out[chosen[at - 1]].value < out[i].value; at--)
            ;
        if (at >= keep)
            continue;
        if (got < keep)
            got++;
        memmove(chosen + at + 1, chosen + at, (got - 1 - at) * sizeof *chosen);
        chosen[at] = i;
    }
    while (within < got && out[chosen[within]].value >= out[chosen[0]].value - margin)
        within++;
    return within;
}

static double normal(alea_rng *rng) {
    double sum = 0;
    for (int i = 0; i < 12; i++)
        sum += alea_rng_double(rng);
    return sum - 6.0;
}

/* The quick settings' room holds no ranked list of the longest list: value
   at 0-ply in pieces of this many actions on the stack. */
#define PIECE 32

uint64_t alea__bot_choose_ply(const alea_game *g, const alea_state *st, const uint64_t *legal,
                              size_t n, const alea_bot_options *o, unsigned char *ws, size_t avail,
                              alea_rng *rng) {
    alea__bot_sizes z;
    alea__rank_params p;
    alea_ranked_action piece[PIECE], best;
    alea_ranked_action *list = piece;
    memset(&best, 0, sizeof best);
    best.action = legal[0];
    size_t room;
    bool have = false;
    alea__bot_sizes_of(&z, g);
    room = (avail - z.state) / sizeof(alea_ranked_action);
    if (avail >= z.state + alea__bot_ranked_size(g)) /* the whole workspace: the game's room */
        params_of(&p, o, g, ws + z.state + alea__bot_ranked_size(g),
                  avail - z.state - alea__bot_ranked_size(g));
    else
        params_of(&p, o, g, NULL, 0);
    if (room >= n)
        list = (alea_ranked_action *)(void *)(ws + z.state);
    else
        p.plies = 0; /* filters need the whole list: the quick settings value at 0-ply */
    if (!g->rank)
        return alea__bot_choose_heuristic(g, st, legal, n, (alea_state *)(void *)ws, rng);
    for (size_t at = 0; at < n;) {
        size_t m = list == piece ? (n - at < PIECE ? n - at : PIECE) : n;
        memset(list, 0, m * sizeof *list); /* what a game leaves unset reads as 0 */
        if (!g->rank(st, legal + at, m, &p, list))
            return alea__bot_choose_heuristic(g, st, legal, n, (alea_state *)(void *)ws, rng);
        for (size_t i = 0; i < m; i++) {
            list[i].action = legal[at + i];
            if (o->noise > 0)
                list[i].value += o->noise * normal(rng);
            if (!have || before(&list[i], &best)) {
                best = list[i];
                have = true;
            }
        }
        at += m;
    }
    return best.action;
}

/* Heap sort by before(): in place, no memory, the same order on every
   platform (before() is a strict total order on distinct actions). */
static void sift(alea_ranked_action *a, size_t root, size_t n) {
    for (;;) {
        size_t child = 2 * root + 1;
        alea_ranked_action t;
        if (child >= n)
            return;
        if (child + 1 < n && before(&a[child], &a[child + 1]))
            child++; /* the later of the two children */
        if (!before(&a[root], &a[child]))
            return;
        t = a[root];
        a[root] = a[child];
        a[child] = t;
        root = child;
    }
}

static void sort_ranked(alea_ranked_action *a, size_t n) {
    /* a max-heap of "comes later", so the earliest ends at the front */
    for (size_t i = n / 2; i-- > 0;)
        sift(a, i, n);
    for (size_t end = n; end > 1; end--) {
        alea_ranked_action t = a[0];
        a[0] = a[end - 1];
        a[end - 1] = t;
        sift(a, 0, end - 1);
    }
}

/* The game's own ranking of all n actions in `list` (room for n), sorted,
   the best `capacity` copied to out; false if the game has no value here. */
static bool rank_by_game(const alea_game *g, const alea_state *st, const uint64_t *legal, size_t n,
                         const alea__rank_params *p, alea_ranked_action *list,
                         alea_ranked_action *out, size_t capacity) {
    memset(list, 0, n * sizeof *list); /* the same bytes every time, unused details too */
    if (!g->rank(st, legal, n, p, list))
        return false;
    for (size_t i = 0; i < n; i++)
        list[i].action = legal[i];
    sort_ranked(list, n);
    if (out)
        memcpy(out, list, (capacity < n ? capacity : n) * sizeof *out);
    return true;
}

/* The heuristic's values into out: all of them sorted in place when they
   fit, else only the best `capacity` kept (no room needed for the rest). */
static void rank_by_leaf(const alea_game *g, const alea_state *st, const uint64_t *legal, size_t n,
                         int who, alea_state *next, alea_ranked_action *out, size_t capacity) {
    size_t kept = 0;
    if (capacity >= n) {
        for (size_t i = 0; i < n; i++)
            leaf_value(g, st, legal[i], who, next, &out[i]);
        sort_ranked(out, n);
        return;
    }
    for (size_t i = 0; i < n && capacity > 0; i++) {
        alea_ranked_action a;
        leaf_value(g, st, legal[i], who, next, &a);
        insert_top(out, &kept, capacity, &a);
    }
}

ALEA_API alea_status alea_bot_rank(alea_ranked_action *out, size_t capacity, size_t *count_out,
                                   const alea_state *state, const alea_bot_options *opts,
                                   void *workspace, size_t workspace_size, alea_error *err) {
    const alea_game *g = alea__game_of(state);
    alea__bot_sizes z;
    alea__rank_params p;
    alea_bot_options o;
    alea_state *next;
    const alea_state *root = state;
    unsigned char *ws;
    uint64_t *legal;
    size_t n;
    int who;
    alea_status s;
    if (!count_out || (!out && capacity > 0))
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "count_out must not be NULL");
    if (!g)
        return alea__bad_head(state, err);
    s = alea__bot_load_options(&o, opts, err);
    if (s != ALEA_OK)
        return s;
    if (o.kind != ALEA_BOT_PLY && o.kind != ALEA_BOT_HEURISTIC)
        return alea__fail(err, ALEA_UNSUPPORTED, -1,
                          "the %s bot does not rank actions (kinds ply and heuristic do)",
                          alea_bot_name(o.kind));
    s = g->validate(state, err);
    if (s != ALEA_OK)
        return s;
    who = g->current_player(state);
    if (who < 0)
        return alea__fail(err, ALEA_WRONG_PHASE, -1,
                          who == ALEA_PLAYER_CHANCE ? "dice must be thrown (a chance node)"
                                                    : "the game is over");
    ws = alea__bot_carve(workspace, workspace_size, alea__bot_needed(&o, g), err);
    if (!ws)
        return ALEA_BUFFER_TOO_SMALL;
    alea__bot_sizes_of(&z, g);
    legal = (uint64_t *)(void *)ws;
    ws += z.list;
    n = g->legal_actions(state, legal);
    if (n == 0)
        return alea__fail(err, ALEA_INVALID_STATE, -1, "the seat to act has no legal action");
    if (g->determinize) { /* values from the seat's view only */
        alea_state *det = (alea_state *)(void *)ws;
        alea__seen_by(g, det, state, who);
        root = det;
        ws += z.state;
    }
    next = (alea_state *)(void *)ws;
    params_of(&p, &o, g, ws + z.state + alea__bot_ranked_size(g),
              o.kind == ALEA_BOT_PLY ? scratch_size(g) : 0);
    *count_out = n;
    if (o.kind != ALEA_BOT_PLY || !g->rank ||
        !rank_by_game(g, root, legal, n, &p, (alea_ranked_action *)(void *)(ws + z.state), out,
                      capacity))
        rank_by_leaf(g, root, legal, n, who, next, out, capacity);
    if (capacity < n)
        return alea__fail(err, ALEA_BUFFER_TOO_SMALL, -1,
                          "room for %zu ranked actions, the seat has %zu", capacity, n);
    return ALEA_OK;
}

ALEA_API const char *alea_bot_level_name(const alea_game *game, size_t index) {
    return game && index < game->level_count ? game->levels[index].name : NULL;
}

ALEA_API alea_status alea_bot_options_level(alea_bot_options *opts, const alea_game *game,
                                            const char *level, alea_error *err) {
    alea_bot_options o;
    if (!opts || !game || !level)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "opts, game and level must not be NULL");
    for (uint32_t i = 0; i < game->level_count; i++) {
        const alea__bot_level *l = &game->levels[i];
        if (strcmp(level, l->name) != 0)
            continue;
        alea_bot_options_init_version(&o, l->kind, ALEA_BOT_OPTIONS_VERSION);
        o.plies = l->plies;
        o.noise = l->noise;
        if (l->depth)
            o.depth = l->depth;
        if (l->playouts)
            o.playouts = l->playouts;
        *opts = o;
        return ALEA_OK;
    }
    if (game->level_count == 0)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "%s has no levels of play", game->id);
    {
        char names[256];
        size_t len = 0;
        names[0] = '\0';
        for (uint32_t i = 0; i < game->level_count && len < sizeof names; i++)
            len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", i ? ", " : "",
                                    game->levels[i].name);
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "%s has no level \"%.40s\" (%s)",
                          game->id, level, names);
    }
}
