/*
 * Monte Carlo tree search (UCT) with chance nodes, in a fixed array of compact
 * nodes from the caller's workspace.  A node stores no state: each iteration
 * copies the root and replays the actions of the path while it descends, so a
 * node costs 40 bytes instead of a state's size.
 */
#include "core/bot_impl.h"
#include "core/fmath.h"

#include <string.h>

#define NONE 0u /* no child / sibling (the root, index 0, is nobody's child) */
#define EXPANDED 1u

typedef struct mnode {
    uint64_t action;  /* the edge from the parent */
    double value;     /* sum of the playout values of `mover` */
    uint32_t visits;
    uint32_t parent;
    uint32_t child;   /* first child, or NONE */
    uint32_t sibling; /* next child of the parent, or NONE */
    int32_t mover;    /* the seat that chose this edge; -1 a chance outcome, -2 the root */
    uint32_t flags;   /* EXPANDED once a decision node has all its children */
} mnode;

_Static_assert(sizeof(mnode) == 40, "a tree node is 40 bytes");

typedef struct tree {
    const alea_game *g;
    mnode *node;
    uint32_t used, cap;
    uint64_t *list;
    alea_state *cur;
} tree;

size_t alea__bot_mcts_size(const alea__bot_sizes *z, uint32_t nodes) {
    return z->state + (size_t)nodes * sizeof(mnode);
}

uint32_t alea__bot_mcts_nodes_in(const alea__bot_sizes *z, size_t size) {
    return size > z->state ? (uint32_t)((size - z->state) / sizeof(mnode)) : 0;
}

static uint32_t add_node(tree *t, uint32_t parent, uint64_t action, int32_t mover) {
    uint32_t i = t->used++;
    mnode *n = &t->node[i];
    memset(n, 0, sizeof *n);
    n->action = action;
    n->parent = parent;
    n->mover = mover;
    n->sibling = t->node[parent].child;
    t->node[parent].child = i;
    return i;
}

/* UCB1; unvisited children first, in random order. */
static uint32_t select_child(tree *t, uint32_t at, double c, alea_rng *rng) {
    const mnode *parent = &t->node[at];
    double logn = alea__log((double)(parent->visits > 0 ? parent->visits : 1));
    double best = -1e300;
    uint32_t choice = parent->child;
    uint64_t fresh = 0, ties = 0;
    for (uint32_t k = parent->child; k != NONE; k = t->node[k].sibling) {
        const mnode *n = &t->node[k];
        double u;
        if (n->visits == 0) {
            if (alea_rng_below(rng, ++fresh) == 0)
                choice = k;
            continue;
        }
        if (fresh)
            continue;
        u = n->value / n->visits + c * alea__sqrt(logn / n->visits);
        if (u > best) {
            best = u;
            choice = k;
            ties = 1;
        } else if (u == best && alea_rng_below(rng, ++ties) == 0) {
            choice = k;
        }
    }
    return choice;
}

static uint32_t find_child(const tree *t, uint32_t at, uint64_t action) {
    for (uint32_t k = t->node[at].child; k != NONE; k = t->node[k].sibling)
        if (t->node[k].action == action)
            return k;
    return NONE;
}

/* Random moves from t->cur until the end or the ply limit; its leaf value. */
static void playout(tree *t, uint32_t plies, alea_rng *rng, double v[ALEA_MAX_PLAYERS]) {
    const alea_game *g = t->g;
    for (uint32_t i = 0; i < plies; i++) {
        int p = g->current_player(t->cur);
        if (p == ALEA_PLAYER_TERMINAL)
            break;
        if (p == ALEA_PLAYER_CHANCE) {
            g->apply(t->cur, g->roll(t->cur, rng));
        } else {
            size_t n = g->legal_actions(t->cur, t->list);
            if (n == 0)
                break;
            g->apply(t->cur, t->list[alea_rng_below(rng, n)]);
        }
    }
    alea__bot_leaf(g, t->cur, v);
}

/* One iteration: select, expand, play out, back up. */
static void iterate(tree *t, const alea_state *root, const alea__mcts_params *p, alea_rng *rng) {
    const alea_game *g = t->g;
    uint32_t at = 0;
    double v[ALEA_MAX_PLAYERS];
    memcpy(t->cur, root, g->state_size);
    for (;;) {
        int who = g->current_player(t->cur);
        if (who == ALEA_PLAYER_TERMINAL)
            break;
        if (who == ALEA_PLAYER_CHANCE) {
            uint64_t o = g->roll(t->cur, rng);
            uint32_t k = find_child(t, at, o);
            g->apply(t->cur, o);
            if (k == NONE) {
                if (t->used == t->cap)
                    break; /* the tree is full: play out from here */
                k = add_node(t, at, o, -1);
            }
            at = k;
            continue;
        }
        if (!(t->node[at].flags & EXPANDED)) {
            size_t n = g->legal_actions(t->cur, t->list);
            if (n == 0 || n > t->cap - t->used)
                break;
            /* Added in reverse so that the sibling list is in legal order. */
            for (size_t i = n; i-- > 0;)
                add_node(t, at, t->list[i], who);
            t->node[at].flags |= EXPANDED;
        }
        at = select_child(t, at, p->exploration, rng);
        g->apply(t->cur, t->node[at].action);
        if (t->node[at].visits == 0)
            break;
    }
    playout(t, p->playout_plies ? p->playout_plies : ALEA__BOT_PLAYOUT_CAP, rng, v);
    for (;;) {
        mnode *n = &t->node[at];
        n->visits++;
        if (n->mover >= 0)
            n->value += v[n->mover];
        if (at == 0)
            break;
        at = n->parent;
    }
}

uint64_t alea__bot_mcts_choose(const alea_game *g, const alea_state *st, alea_state *det,
                               uint64_t *legal, size_t n, const alea__mcts_params *p, void *ws,
                               alea_rng *rng) {
    alea__bot_sizes z;
    tree t;
    unsigned char *b = ws;
    uint32_t best = NONE, deals = 1;
    int who = g->current_player(st);
    alea__bot_sizes_of(&z, g);
    t.g = g;
    t.list = legal; /* free for playouts once the root's children hold its actions */
    t.cur = (alea_state *)(void *)b;
    t.node = (mnode *)(void *)(b + z.state);
    t.cap = p->nodes;
    t.used = 1;
    memset(&t.node[0], 0, sizeof t.node[0]);
    t.node[0].mover = -2;
    /* The root's children are the caller's legal list, in legal order. */
    if (n > t.cap - 1)
        return legal[alea_rng_below(rng, n)]; /* no room for the root's children */
    for (size_t i = n; i-- > 0;)
        add_node(&t, 0, legal[i], who);
    t.node[0].flags |= EXPANDED;
    if (det)
        deals = (p->playouts + ALEA__BOT_MCTS_SAMPLE_PLAYOUTS - 1) / ALEA__BOT_MCTS_SAMPLE_PLAYOUTS;
    for (uint32_t d = 0; d < deals; d++) {
        /* playouts shared out evenly, the first deals taking the remainder */
        uint32_t share = p->playouts / deals + (d < p->playouts % deals);
        const alea_state *root = st;
        if (det) {
            memcpy(det, st, g->state_size);
            g->determinize(det, who, rng);
            root = det;
            /* the root's children (nodes 1..n) keep their statistics; the
               tree below them belonged to the previous deal */
            for (uint32_t k = 1; k <= n; k++) {
                t.node[k].child = NONE;
                t.node[k].flags = 0;
            }
            t.used = (uint32_t)n + 1;
        }
        for (uint32_t i = 0; i < share; i++)
            iterate(&t, root, p, rng);
    }
    for (uint32_t k = t.node[0].child; k != NONE; k = t.node[k].sibling) {
        const mnode *c = &t.node[k], *b0 = best == NONE ? NULL : &t.node[best];
        if (!b0 || c->visits > b0->visits ||
            (c->visits == b0->visits && c->visits > 0 &&
             c->value / c->visits > b0->value / b0->visits))
            best = k;
    }
    return t.node[best].action;
}
