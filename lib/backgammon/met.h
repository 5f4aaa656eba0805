/*
 * Backgammon: the match equity table and match-play cube values
 * (doc/bots.md "Match equity").  Rule numbers §x.y refer to
 * doc/rules/backgammon.md.
 *
 * The table is computed by the project (met.c), never copied: each game is
 * the continuous cube model (the chance p to win moves without jumps, so a
 * double comes exactly at the opponent's take point and the cube is live),
 * its end a single win, gammon or backgammon at fixed rates, and the scores
 * it leads to valued by the table itself, from the shortest scores up.
 * Everything lives in caller memory (a bg_met on the stack): no global state.
 */
#ifndef ALEA_BACKGAMMON_MET_H
#define ALEA_BACKGAMMON_MET_H

#include <stdbool.h>

/* Scores (points away) the table covers; longer matches use the money cube. */
#define BG_MET_MAX 64

/* The game a score is played in (§7.4). */
enum { BG_MET_PRE = 0, BG_MET_CRAWFORD = 1, BG_MET_POST = 2 };

/* The gammon and backgammon rates the table assumes: the shares of a
   game's wins that are gammons (backgammons included) and backgammons, the
   network's before the opening roll (doc/bots.md). */
#define BG_MET_GAMMONS 0.28
#define BG_MET_BACKGAMMONS 0.01

typedef struct bg_met {
    int n; /* scores 1..n away are filled */
    /* pre[a-1][b-1]: the chance to win the match of the player a away
       against b away before the game starts: a, b >= 2 before the Crawford
       game, a or b == 1 the Crawford game (no cube) */
    float pre[BG_MET_MAX][BG_MET_MAX];
    /* post[n-1]: the trailer's chance, n away, against the leader 1 away
       after the Crawford game (post[0]: both 1 away) */
    float post[BG_MET_MAX];
} bg_met;

/* Fills scores 1..n away (n <= BG_MET_MAX). */
void alea__bg_met_fill(bg_met *m, int n);

/* One game of a match from the view of player X, a away against b away,
   the cube at c: the outcome shares that price its ends. */
typedef struct bg_match_game {
    const bg_met *met;
    int a, b, stage; /* BG_MET_* of this game */
    long max_cube;   /* the highest cube value allowed (§7.3, option max_cube) */
    /* shares of X's wins that are single, gammon, backgammon; of his losses */
    double win[3], lose[3];
} bg_match_game;

/* X's chance to win the match once he wins (k > 0) or loses (k < 0) |k|
   points in this game. */
double alea__bg_met_after(const bg_match_game *g, long k);
/* X's chance to win the match at win chance p in this game, the cube at c
   owned by BG_CUBE_X, BG_CUBE_Y or centred, in the continuous model (live
   cube), and with the cube dead from now on. */
enum { BG_CUBE_CENTRED = 0, BG_CUBE_X = 1, BG_CUBE_Y = 2 };
/* No double at cube c can change the match any more (§7.4 the Crawford
   game, the cube's limit, or both players need no more than c points). */
bool alea__bg_met_cube_dead(const bg_match_game *g, long c);
double alea__bg_met_live(const bg_match_game *g, long c, int owner, double p);
double alea__bg_met_dead(const bg_match_game *g, long c, double p);

#endif
