/*
 * plateau_bound: an upper bound on the length of any Plateau legal-action
 * list, the derivation behind PL_MAX_LEGAL (lib/plateau/pl.h) and the table
 * in doc/rules/plateau.md "The longest list".  Independent of the library:
 * the geometry comes from coordinates here.
 *
 *   cc -O2 -o plateau_bound tests/tools/plateau_bound.c && ./plateau_bound
 *
 * The MOVE actions of a running game (R5.1) are bounded by a relaxation:
 *  - the mover's top units u[sq] (0 = not topped by the mover) satisfy
 *    u <= 5 (a unit of six has ended the game, R10.1) and sum u <= 12 (R2.1);
 *  - every square the mover does not top counts as empty: a pin allows no
 *    more stops than an empty square (R7.9) and an enemy top only removes a
 *    blank leader's target (R7.11);
 *  - every origin may stomp with each coloured face (R7.13);
 *  - at most four tops are two-faced (the Ace, the Twister and the two masks,
 *    R2.1), with whichever faces count most; the others show one face.
 * With that, a group of k pieces has, to a target at distance 1, one move;
 * over one square q: 1 + (k - 1 + u[q]) moves (R7.9: keep m in hand,
 * 1 <= m <= k + u[q], m != k); over q1 then q2:
 *     (k + u1)(k + u1 + 1) / 2 + (k + u1) u2
 * (no stop on q1: 1 + (k - 1 + u2); a stop keeping m1 in hand: 1 + (m1 - 1
 * + u2), summed over m1 in 1..k + u1 without k).  Every u is enumerated.
 * SETUP lists at most 12 x 105 = 1260 (TV1), a response at most 32 (R9.6:
 * fewer than six prisoners, so at most 31 sets, and DECLINE), and ONBOARD and
 * OFFER are bounded apart (below).
 */
#include <stdio.h>
#include <stdlib.h>

enum { BLANK, RED, BLUE, ORANGE };

typedef struct target {
    int nmid, mid[2];
} target;

/* targets[o][face][N]: the targets a top unit of N reaches (R7.4, R7.5, R7.8) */
static target tg[16][4][6][16];
static int ntg[16][4][6];

static void geometry(void) {
    static const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                   {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    static const int knight[8][2] = {{1, 2}, {-1, 2}, {1, -2}, {-1, -2},
                                     {2, 1}, {2, -1}, {-2, 1}, {-2, -1}};
    for (int o = 0; o < 16; o++)
        for (int n = 1; n <= 5; n++)
            for (int face = 0; face < 4; face++) {
                int x = o % 4, y = o / 4, c = 0;
                if (face == ORANGE) {
                    for (int d = 0; d < 8; d++) {
                        int dx = knight[d][0], dy = knight[d][1];
                        if (x + dx < 0 || x + dx > 3 || y + dy < 0 || y + dy > 3)
                            continue;
                        tg[o][face][n][c].nmid = 1;
                        tg[o][face][n][c++].mid[0] =
                            x + (abs(dx) == 2 ? dx / 2 : 0) + 4 * (y + (abs(dy) == 2 ? dy / 2 : 0));
                    }
                } else {
                    for (int d = 0; d < 8; d++) {
                        if ((face == RED && d >= 4) || (face == BLUE && d < 4))
                            continue;
                        for (int dist = 1; dist <= n; dist++) {
                            int tx = x + dist * dirs[d][0], ty = y + dist * dirs[d][1];
                            if (tx < 0 || tx > 3 || ty < 0 || ty > 3)
                                break;
                            target *t = &tg[o][face][n][c++];
                            t->nmid = dist - 1;
                            for (int i = 1; i < dist; i++)
                                t->mid[i - 1] = x + i * dirs[d][0] + 4 * (y + i * dirs[d][1]);
                        }
                    }
                }
                ntg[o][face][n] = c;
            }
}

/* The moves of one face from o under the relaxation, stomp included. */
static long face_moves(const int *u, int o, int face) {
    int n = u[o];
    long total = face != BLANK; /* a stomp */
    for (int k = 1; k <= n; k++)
        for (int i = 0; i < ntg[o][face][n]; i++) {
            const target *t = &tg[o][face][n][i];
            if (t->nmid == 0) {
                total += 1;
            } else if (t->nmid == 1) {
                total += k + u[t->mid[0]];
            } else {
                long a = k + u[t->mid[0]];
                total += a * (a + 1) / 2 + a * u[t->mid[1]];
            }
        }
    return total;
}

static long best = 0;
static int best_u[16];

static void evaluate(const int *u) {
    long one[16], gain[16], sum = 0;
    int m = 0;
    for (int o = 0; o < 16; o++) {
        if (!u[o])
            continue;
        long f[4];
        for (int face = 0; face < 4; face++)
            f[face] = face_moves(u, o, face);
        long single = f[BLANK] > f[RED] ? f[BLANK] : f[RED];
        single = single > f[BLUE] ? single : f[BLUE];
        long two = f[BLANK] + f[ORANGE]; /* Twister */
        if (f[BLANK] + f[RED] > two)
            two = f[BLANK] + f[RED]; /* Red Mask */
        if (f[BLANK] + f[BLUE] > two)
            two = f[BLANK] + f[BLUE]; /* Blue Mask */
        if (f[RED] + f[BLUE] > two)
            two = f[RED] + f[BLUE]; /* Ace */
        one[m] = single;
        gain[m++] = two - single;
        sum += single;
    }
    /* the four largest gains (at most four two-faced pieces) */
    for (int i = 0; i < 4 && i < m; i++) {
        int j = i;
        for (int l = i + 1; l < m; l++)
            if (gain[l] > gain[j])
                j = l;
        long g = gain[j];
        gain[j] = gain[i];
        gain[i] = g;
        sum += g > 0 ? g : 0;
    }
    (void)one;
    if (sum > best) {
        best = sum;
        for (int i = 0; i < 16; i++)
            best_u[i] = u[i];
    }
}

static long vectors = 0;

static void enumerate(int *u, int sq, int left) {
    if (sq == 16) {
        vectors++;
        evaluate(u);
        return;
    }
    for (int v = 0; v <= 5 && v <= left; v++) {
        u[sq] = v;
        enumerate(u, sq + 1, left - v);
    }
    u[sq] = 0;
}

int main(void) {
    int u[16] = {0};
    geometry();
    enumerate(u, 0, 12);
    printf("%ld top-unit vectors; at most %ld MOVE actions, with units:\n", vectors, best);
    for (int r = 3; r >= 0; r--)
        printf("  %d %d %d %d\n", best_u[4 * r], best_u[4 * r + 1], best_u[4 * r + 2],
               best_u[4 * r + 3]);
    /* ONBOARD (R6.2, R6.4): piece states in a reserve of r pieces (two-faced
       types give two) times the places: empty squares (level 0) and own
       pieces (the level above), at most 16 + (12 - r) */
    long onboard = 0;
    for (int r = 1; r <= 12; r++) {
        int states = 0, left = r; /* the two-faced types first: two states each */
        for (int t = 0; t < 4 && left; t++, left--)
            states += 2;
        for (int t = 0; t < 3 && left; t++, left--)
            states += 1;
        long v = (long)states * (16 + 12 - r);
        onboard = v > onboard ? v : onboard;
    }
    long offers = 31; /* R9.1: sub-multisets of at most five prisoners (R10.2) */
    long play = best + onboard + offers, setup = 1260, respond = 32;
    long all = play > setup ? play : setup;
    printf("ONBOARD at most %ld, OFFER at most %ld: a turn at most %ld; SETUP %ld, "
           "a response %ld\nbound %ld\n",
           onboard, offers, play, setup, respond, all > respond ? all : respond);
    return 0;
}
