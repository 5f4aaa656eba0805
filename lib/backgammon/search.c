/*
 * Backgammon: n-ply search over the trained evaluator (net.h), the values
 * behind the ply bot and the ranked actions (doc/bots.md "Search").
 *
 * As gnubg counts plies: 0-ply values the position after a move with the
 * network; n-ply averages, over the 21 rolls of the player on roll next,
 * the (n-1)-ply value of the position after his best move, which he
 * chooses at 0-ply.  Moves are pruned between plies by move filters: the
 * deeper ply sees only the best few of the shallower one.
 *
 * Everything is on bg_side views (§1: own numbering) and on the stack: the
 * moves are visited (alea__bg_each_move), never listed.
 */
#include "backgammon/search.h"
#include "backgammon/net.h"

#include <string.h>

/* The view of the other player, as he is to move next (§1: my point i is
   his point 25 - i). */
static void side_flip(bg_side *out, const bg_side *in) {
    int on = 0;
    out->me[0] = 0;
    out->opp[0] = 0;
    for (int i = 1; i <= 24; i++) {
        out->me[i] = in->opp[25 - i];
        out->opp[i] = in->me[25 - i];
        on += out->me[i];
    }
    out->me[BG_BAR] = in->opp_bar;
    out->opp[BG_BAR] = 0;
    out->opp_bar = in->me[BG_BAR];
    on += in->opp_bar;
    out->me[0] = (uint8_t)(on <= BG_CHECKERS ? BG_CHECKERS - on : 0);
}

/* The move generator's view of a side. */
static void view_of(bg_view *v, const bg_side *s) {
    uint32_t occ = 0, blocked = 0, blots = 0;
    memcpy(v->me, s->me, sizeof v->me);
    v->me[0] = 0;
    for (int i = 1; i <= 25; i++)
        if (s->me[i])
            occ |= 1u << i;
    for (int i = 1; i <= 24; i++) {
        if (s->opp[i] >= 2)
            blocked |= 1u << i;
        else if (s->opp[i] == 1)
            blots |= 1u << i;
    }
    v->occ = occ;
    v->blocked = blocked;
    v->blots = blots;
}

void alea__bg_after_probs(const bg_side *after, double probs[5]) {
    bg_pair p;
    alea__bg_pair_of(&p, after);
    if (after->me[0] == BG_CHECKERS) { /* he bore off his last checker (§6) */
        alea__bg_net_probs(&p, probs);
        return;
    }
    alea__bg_pair_swap(&p);
    alea__bg_net_probs(&p, probs);
    alea__bg_probs_flip(probs);
}

/* The best move at 0-ply of the side to move, kept by the visitor. */
typedef struct best_move {
    bg_mover m; /* the side before the move */
    bg_side after;
    double probs[5], equity;
    bool any;
} best_move;

static void visit_best(void *ctx, uint64_t action) {
    best_move *b = ctx;
    bg_side after = b->m.side;
    double probs[5], e;
    float six[BG_NET_OUTPUTS];
    alea__bg_play(&after, action);
    alea__bg_mover_six(&b->m, &after, six);
    alea__bg_probs_of(six, probs);
    e = alea__bg_equity(probs);
    if (!b->any || e > b->equity) {
        b->any = true;
        b->equity = e;
        b->after = after;
        memcpy(b->probs, probs, sizeof probs);
    }
}

/* Recursion depth: plies, at most ALEA_BOT_MAX_PLIES (a few hundred bytes a level). */
// NOLINTNEXTLINE(misc-no-recursion)
void alea__bg_ply_probs_nets(const bg_net *nets, const bg_side *on_roll, int plies,
                             double probs[5]) {
    double sum[5] = {0, 0, 0, 0, 0};
    best_move m;
    bg_view v;
    bg_pair p;
    alea__bg_pair_of(&p, on_roll);
    if (plies <= 0 || p.c[0][0] == BG_CHECKERS || p.c[1][0] == BG_CHECKERS) {
        alea__bg_net_probs_by(nets, &p, probs); /* exact when the game is over */
        return;
    }
    /* the position before the move, the same for every roll */
    alea__bg_mover_start(&m.m, nets, on_roll);
    view_of(&v, on_roll);
    for (int a = 1; a <= 6; a++) {
        for (int b = 1; b <= a; b++) {
            double w = a == b ? 1.0 : 2.0, got[5];
            m.any = false;
            alea__bg_each_move(&v, a, b, visit_best, &m);
            if (m.after.me[0] == BG_CHECKERS || plies == 1) {
                memcpy(got, m.probs, sizeof got);
            } else {
                bg_side next;
                side_flip(&next, &m.after);
                alea__bg_ply_probs_nets(nets, &next, plies - 1, got);
                alea__bg_probs_flip(got);
            }
            for (int k = 0; k < 5; k++)
                sum[k] += w * got[k];
        }
    }
    for (int k = 0; k < 5; k++)
        probs[k] = sum[k] / 36.0;
}

void alea__bg_ply_probs(const bg_side *on_roll, int plies, double probs[5]) {
    alea__bg_ply_probs_nets(alea__bg_nets, on_roll, plies, probs);
}

void alea__bg_move_probs(const bg_side *before, uint64_t action, int plies, double probs[5]) {
    bg_side after = *before, next;
    alea__bg_play(&after, action);
    if (plies <= 0 || after.me[0] == BG_CHECKERS) {
        alea__bg_after_probs(&after, probs);
        return;
    }
    side_flip(&next, &after);
    alea__bg_ply_probs(&next, plies, probs);
    alea__bg_probs_flip(probs);
}

/* ---- the rank hook ---- */

/* Default move filters (gnubg's are alike): from 0-ply to 1-ply the best 8
   within 0.16 equity; a quarter of each, at least 2, further on. */
#define KEEP_DEFAULT 8
#define MARGIN_DEFAULT 0.16

static void value_move(alea_ranked_action *d, const bg_mover *m, uint64_t action, int plies) {
    double probs[5];
    if (plies == 0) { /* the common case: from the forward pass before the move */
        bg_side after = m->side;
        float six[BG_NET_OUTPUTS];
        alea__bg_play(&after, action);
        alea__bg_mover_six(m, &after, six);
        alea__bg_probs_of(six, probs);
    } else {
        alea__bg_move_probs(&m->side, action, plies, probs);
    }
    d->value = alea__bg_equity(probs);
    d->plies = plies;
    d->detail_count = 6;
    memcpy(d->details, probs, sizeof probs);
    d->details[5] = d->value;
}

/* Only checker plays go on to the deeper plies (not resignations, §6). */
static bool is_move(uint64_t action) {
    return bg_kind(action) == ALEA_BACKGAMMON_MOVE;
}

bool alea__bg_rank(const alea_state *st, const uint64_t *legal, size_t n,
                   const alea__rank_params *p, alea_ranked_action *out) {
    const bg_state *s = bg_cof(st);
    size_t keep = p->keep ? (size_t)p->keep : KEEP_DEFAULT, top[ALEA_BOT_MAX_FILTER_KEEP];
    size_t count = 0;
    double margin = p->margin > 0 ? p->margin : MARGIN_DEFAULT;
    bg_side side;
    bg_mover m;
    if (s->phase != BG_MOVE)
        return alea__bg_rank_cube(st, legal, n, p->plies, out);
    alea__bg_side(&side, s, s->turn);
    alea__bg_mover_start(&m, alea__bg_nets, &side);
    for (size_t i = 0; i < n; i++) {
        if (bg_kind(legal[i]) == ALEA_BACKGAMMON_MOVE) {
            value_move(&out[i], &m, legal[i], 0);
        } else { /* a resignation of level L (§6): L points a cube unit, if accepted */
            memset(out[i].details, 0, sizeof out[i].details);
            out[i].value = -(double)(legal[i] & BG_PAYLOAD_MASK);
            out[i].plies = 0;
            out[i].detail_count = 0;
        }
    }
    /* Each deeper ply values again the best moves of the ply before. */
    for (int ply = 1; ply <= p->plies; ply++) {
        size_t pool[ALEA_BOT_MAX_FILTER_KEEP];
        memcpy(pool, top, count * sizeof *top);
        count = alea__rank_best(out, ply == 1 ? NULL : pool, ply == 1 ? n : count, keep, margin,
                                legal, is_move, top);
        for (size_t k = 0; k < count; k++)
            value_move(&out[top[k]], &m, legal[top[k]], ply);
        keep = keep / 4 > 2 ? keep / 4 : 2;
        margin /= 4;
    }
    return true;
}

/* The levels, weakest first, named by the error rate GNU Backgammon gives
   them (doc/bots.md "Rated by GNU Backgammon"): the same network with
   noise on its values (weaker) or searching deeper (stronger). */
/* clang-format off */
const alea__bot_level alea__bg_levels[BG_LEVEL_COUNT] = {
    /* name, kind, plies, noise (equity), depth, playouts */
    {"beginner", ALEA_BOT_PLY, 0, 0.075, 0, 0},
    {"casual", ALEA_BOT_PLY, 0, 0.04, 0, 0},
    {"intermediate", ALEA_BOT_PLY, 0, 0.015, 0, 0},
    {"advanced", ALEA_BOT_PLY, 1, 0.0, 0, 0},
    {"expert", ALEA_BOT_PLY, 2, 0.0, 0, 0},
};
/* clang-format on */
