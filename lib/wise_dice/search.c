/*
 * Wise dice: the ply bot's search over the fitted evaluation (eval.h), the
 * values behind the ranked actions and the levels of play (doc/bots.md
 * "Wise dice: the fitted evaluation").
 *
 * As in backgammon, 0-ply values the position after a move by the static
 * evaluation; n-ply averages, over the 126 rolls of whoever rolls next (the
 * opponent, or the mover again after a tower, W-5.6), the (n-1)-ply value
 * of the position after that player's best move, which he picks at 0-ply.
 * An exit (W-10.1) hands the opponent his final turn: the root values it
 * at least one ply deep, so that the last moves it allows him are counted
 * roll by roll.  Between plies, move filters keep the best few.
 *
 * No allocation: legal lists and states live on the stack, about 1.6 KB a
 * ply.
 */
#include "wise_dice/eval.h"

#include <string.h>

#define KEEP_DEFAULT 16    /* moves the first deeper ply values again */
#define MARGIN_DEFAULT 0.5 /* ... if within this much (expected return) of the best */

void alea__wd_play(wd_state *s, uint64_t action) {
    unsigned payload = (unsigned)(action & WD_PAYLOAD_MASK);
    if ((action >> WD_KIND_SHIFT) == ALEA_WISE_DICE_MOVE) {
        wd_move m;
        alea__wd_evaluate(s, wd_field(payload, 0), wd_field(payload, 1), wd_field(payload, 2),
                          wd_field(payload, 3), &m, NULL);
        alea__wd_make_move(s, &m);
    } else { /* the pass of W-5.5 */
        alea__wd_make_move(s, NULL);
    }
}

size_t alea__wd_best_move(const wd_state *s, const uint64_t *legal, size_t n,
                          const wd_eval_weights *w) {
    size_t best = 0;
    double best_value = 0;
    for (size_t i = 0; i < n; i++) {
        wd_state t = *s;
        alea__wd_play(&t, legal[i]);
        double v = alea__wd_static_value(&t, s->player, w).value;
        if (i == 0 || v > best_value) {
            best_value = v;
            best = i;
        }
    }
    return best;
}

/* plies deep at most (ALEA_BOT_MAX_PLIES): the recursion is bounded */
// NOLINTNEXTLINE(misc-no-recursion)
wd_value alea__wd_search_value(const wd_state *s, int me, int plies, const wd_eval_weights *w) {
    wd_value sum = {0, 0};
    uint64_t legal[ALEA_WISE_DICE_MAX_ACTIONS];
    if (plies <= 0 || s->phase != WD_PHASE_ROLL)
        return alea__wd_static_value(s, me, w);
    /* the 126 rolls as multisets (W-5.1), each weighted by its orderings */
    int d[4];
    for (d[0] = 1; d[0] <= 6; d[0]++)
        for (d[1] = d[0]; d[1] <= 6; d[1]++)
            for (d[2] = d[1]; d[2] <= 6; d[2]++)
                for (d[3] = d[2]; d[3] <= 6; d[3]++) {
                    wd_state t = *s;
                    for (int i = 0; i < 4; i++)
                        t.roll[i] = (uint8_t)d[i];
                    t.phase = WD_PHASE_MOVE;
                    size_t n = alea__wd_legal_moves(&t, legal);
                    alea__wd_play(&t, legal[alea__wd_best_move(&t, legal, n, w)]);
                    wd_value v = alea__wd_search_value(&t, me, plies - 1, w);
                    double p = alea__wd_orderings(d) / 1296.0;
                    sum.value += p * v.value;
                    sum.margin += p * v.margin;
                }
    return sum;
}

/* The value for the mover of legal action `a` at `plies`; an exit at least
   one ply deep (the opponent's final turn, W-10.2). */
static void value_action(alea_ranked_action *out, const wd_state *s, uint64_t a, int plies) {
    wd_state t = *s;
    alea__wd_play(&t, a);
    int depth = plies == 0 && t.phase == WD_PHASE_ROLL && t.final_turn ? 1 : plies;
    wd_value v = alea__wd_search_value(&t, s->player, depth, &alea__wd_weights);
    out->value = v.value;
    out->plies = plies;
    out->detail_count = 2;
    out->details[0] = (v.value + 1.0) / 2.0; /* P(win) + P(draw) / 2 */
    out->details[1] = v.margin;
}

bool alea__wd_rank(const alea_state *st, const uint64_t *legal, size_t n,
                   const alea__rank_params *p, alea_ranked_action *out) {
    const wd_state *s = wd_cof(st);
    size_t keep = p->keep ? (size_t)p->keep : KEEP_DEFAULT, top[ALEA_BOT_MAX_FILTER_KEEP];
    size_t count = 0;
    double margin = p->margin > 0 ? p->margin : MARGIN_DEFAULT;
    if (s->phase != WD_PHASE_MOVE)
        return false; /* set-up (W-4): the heuristic places */
    for (size_t i = 0; i < n; i++)
        value_action(&out[i], s, legal[i], 0);
    /* Each deeper ply values again the best moves of the ply before. */
    for (int ply = 1; ply <= p->plies; ply++) {
        size_t pool[ALEA_BOT_MAX_FILTER_KEEP];
        memcpy(pool, top, count * sizeof *top);
        count = alea__rank_best(out, ply == 1 ? NULL : pool, ply == 1 ? n : count, keep, margin,
                                legal, NULL, top);
        for (size_t k = 0; k < count; k++)
            value_action(&out[top[k]], s, legal[top[k]], ply);
        keep = keep / 4 > 2 ? keep / 4 : 2;
        margin /= 4;
    }
    return true;
}

/* The levels, weakest first: the same evaluation with noise on its values
   (weaker) or searching a ply deeper (stronger); their strength is measured
   in doc/bots.md. */
/* clang-format off */
const alea__bot_level alea__wd_levels[WD_LEVEL_COUNT] = {
    /* name, kind, plies, noise (expected return), depth, playouts */
    {"beginner", ALEA_BOT_PLY, 0, 0.50, 0, 0},
    {"casual", ALEA_BOT_PLY, 0, 0.20, 0, 0},
    {"intermediate", ALEA_BOT_PLY, 0, 0.05, 0, 0},
    {"advanced", ALEA_BOT_PLY, 0, 0.0, 0, 0},
    {"expert", ALEA_BOT_PLY, 1, 0.0, 0, 0},
};
/* clang-format on */
