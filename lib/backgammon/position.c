/* The board seen from one player (§1: own numbering, bar 25, off 0), pips,
   and the starting position (§2). */
#include "backgammon/bg.h"

#include <string.h>

/* Index in board[] of player p's own point i (1..24). */
static inline int index_of(int player, int i) {
    return player == 0 ? i - 1 : 24 - i;
}

void alea__bg_side(bg_side *out, const bg_state *s, int player) {
    int sign = player == 0 ? 1 : -1, total = 0;
    out->me[0] = 0;
    out->opp[0] = 0;
    for (int i = 1; i <= 24; i++) {
        int v = s->board[index_of(player, i)] * sign;
        out->me[i] = (uint8_t)(v > 0 ? v : 0);
        out->opp[i] = (uint8_t)(v < 0 ? -v : 0);
        total += out->me[i];
    }
    out->me[BG_BAR] = s->bar[player];
    out->opp[BG_BAR] = 0;
    out->opp_bar = s->bar[1 - player];
    total += s->bar[player];
    out->me[0] = (uint8_t)(total <= BG_CHECKERS ? BG_CHECKERS - total : 0);
}

void alea__bg_store(bg_state *s, int player, const bg_side *side) {
    int sign = player == 0 ? 1 : -1;
    for (int i = 1; i <= 24; i++) {
        int v = side->me[i] ? side->me[i] : -side->opp[i];
        s->board[index_of(player, i)] = (int8_t)(v * sign);
    }
    s->bar[player] = side->me[BG_BAR];
    s->bar[1 - player] = side->opp_bar;
}

void alea__bg_counts(const bg_state *s, int player, int out[26]) {
    bg_side side;
    alea__bg_side(&side, s, player);
    for (int i = 0; i < 26; i++)
        out[i] = side.me[i];
}

int alea__bg_pips(const bg_state *s, int player) {
    int c[26], pips = 0;
    alea__bg_counts(s, player, c);
    for (int i = 1; i <= 25; i++)
        pips += i * c[i];
    return pips;
}

/* §2: 2 on 24, 5 on 13, 3 on 8, 5 on 6 for each player. */
void alea__bg_start_board(bg_state *s) {
    static const int8_t start[24] = {-2, 0, 0, 0, 0,  5, 0,  3, 0, 0, 0, -5,
                                     5,  0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2};
    memcpy(s->board, start, sizeof s->board);
    s->bar[0] = s->bar[1] = 0;
}
