/* Ranks, winner, draw and returns from per-seat scores. */
#include "core/impl.h"

void alea__result_rank(alea_result *r) {
    int n = r->players, firsts = 0, first = -1;
    for (int i = 0; i < n; i++) {
        int above = 0, below = 0;
        for (int j = 0; j < n; j++) {
            above += r->score[j] > r->score[i];
            below += r->score[j] < r->score[i];
        }
        r->rank[i] = 1 + above;
        /* Utility only means something once the game is over. */
        r->returns[i] = (r->terminal && n > 1) ? (double)(below - above) / (double)(n - 1) : 0.0;
        if (above == 0) {
            firsts++;
            first = i;
        }
    }
    r->winner = (r->terminal && firsts == 1) ? first : -1;
    r->draw = r->terminal && n > 1 && firsts == n;
}
