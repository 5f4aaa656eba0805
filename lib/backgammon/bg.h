/*
 * Backgammon: the internal state and the helpers shared by the files of this
 * folder.  Rule numbers (§x.y) refer to doc/rules/backgammon.md.
 *
 * The state is 64 bytes, pointer-free.  The board is stored in White's
 * numbering (index i = White's point i + 1 = Red's point 24 - i): a positive
 * count is White's, a negative one Red's (a point is never shared, §1).
 * Every unused byte is zero, so that comparing bytes compares states.
 */
#ifndef ALEA_BACKGAMMON_BG_H
#define ALEA_BACKGAMMON_BG_H

#include "alea/backgammon.h"
#include "core/impl.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BG_CHECKERS 15
#define BG_BAR ALEA_BACKGAMMON_BAR
#define BG_OFF ALEA_BACKGAMMON_OFF
#define BG_CENTRE ALEA_BACKGAMMON_CENTRE
#define BG_MAX_CUBE_LOG 15 /* 32768, the largest the Match ID holds (§7.2) */
#define BG_MAX_MATCH 255    /* option match (§7.1) */
#define BG_MAX_SESSION 1000 /* option games (§7.1) */
#define BG_MAX_SETUP_SCORE 32767u /* a score a Match ID holds (§9) */

enum {
    BG_OPENING = ALEA_BACKGAMMON_PHASE_OPENING,
    BG_CUBE = ALEA_BACKGAMMON_PHASE_CUBE,
    BG_DICE = ALEA_BACKGAMMON_PHASE_DICE,
    BG_MOVE = ALEA_BACKGAMMON_PHASE_MOVE,
    BG_TAKE = ALEA_BACKGAMMON_PHASE_TAKE,
    BG_BEAVERED = ALEA_BACKGAMMON_PHASE_BEAVERED,
    BG_RESIGN = ALEA_BACKGAMMON_PHASE_RESIGN,
    BG_OVER = ALEA_BACKGAMMON_PHASE_OVER
};

enum { BG_MODE_SINGLE = 0, BG_MODE_MATCH = 1, BG_MODE_MONEY = 2 };

/* The index of each option in the spec's values[] (bg_options in game.c, §7.1). */
enum {
    BG_OPTION_MATCH,
    BG_OPTION_MONEY,
    BG_OPTION_GAMES,
    BG_OPTION_CUBE, /* auto|off|on */
    BG_OPTION_CRAWFORD,
    BG_OPTION_JACOBY,
    BG_OPTION_BEAVERS,
    BG_OPTION_AUTO,
    BG_OPTION_MAX_CUBE,
    BG_OPTION_OPENING,
    BG_OPTION_RESIGN,
    BG_OPTION_DEAD_CUBE,
    BG_OPTION_COUNT
};
/* The choices of the cube option (§7). */
enum { BG_CUBE_AUTO = 0, BG_CUBE_OFF = 1, BG_CUBE_ON = 2 };

/* The fields of an action (include/alea/backgammon.h): kind << 48 | payload. */
#define BG_KIND_SHIFT 48
#define BG_PAYLOAD_MASK ((UINT64_C(1) << BG_KIND_SHIFT) - 1)
/* OPENING and DICE: first die << 3 | second die (§3). */
#define BG_DIE_BITS 3
#define BG_DIE_MASK 7u
/* MOVE: up to four 10-bit steps, each from << 5 | to, the first in bits
   30..39 and the rest below it (§5); bits 40..47 are 0. */
#define BG_STEP_BITS 10
#define BG_STEP_MASK 0x3FFu
#define BG_STEP_FROM_SHIFT 5
#define BG_STEP_TO_MASK 31u
#define BG_MOVE_UNUSED_MASK (BG_PAYLOAD_MASK & ~((UINT64_C(1) << 4 * BG_STEP_BITS) - 1))

static inline int bg_kind(uint64_t action) {
    return (int)(action >> BG_KIND_SHIFT);
}
/* Where step i (0..3, 0 = the first) of a move payload starts. */
static inline unsigned bg_step_shift(int i) {
    return (unsigned)(BG_STEP_BITS * (3 - i));
}
/* The payload of an OPENING or DICE action. */
static inline uint64_t bg_dice_payload(int first, int second) {
    return (uint64_t)first << BG_DIE_BITS | (uint64_t)second;
}

/* opt bits */
#define BG_OPT_CUBE 1u
#define BG_OPT_CRAWFORD 2u
#define BG_OPT_JACOBY 4u
#define BG_OPT_BEAVERS 8u
#define BG_OPT_STANDARD 16u
#define BG_OPT_RESIGN 32u
#define BG_OPT_DEAD_ALLOW 64u /* dead_cube=allow (§7.3) */
#define BG_OPT_ALL 127u

/* flags bits */
#define BG_FLAG_CRAWFORD 1u /* this game is the Crawford game (§7.4) */
/* The level (1..3) of the resignation of the player on roll rejected this
   turn, 0 if none: he may offer only a higher one (§7.3). */
#define BG_FLAG_REJECTED 6u
#define BG_FLAG_REJECTED_SHIFT 1
#define BG_FLAG_ALL 7u

typedef struct ALEA__STATE_VIEW bg_state { /* core/impl.h */
    alea__head head;
    int8_t board[24];    /* White's numbering; + White, - Red */
    uint8_t bar[2];      /* checkers on the bar */
    uint8_t phase;       /* BG_OPENING ... BG_OVER */
    uint8_t turn;        /* player on roll; 0 at the opening */
    uint8_t die[2];      /* larger first; 0 0 = not rolled */
    uint8_t cube_log;    /* cube value = 1 << cube_log */
    uint8_t cube_owner;  /* 0, 1, BG_CENTRE */
    uint8_t resign;      /* level offered, BG_RESIGN phase only */
    uint8_t flags;       /* BG_FLAG_* */
    uint8_t autos;       /* automatic doubles of this game's opening (§7.6) */
    uint8_t last_winner; /* winner of the last finished game (0 when none) */
    uint8_t last_mult;   /* its multiplier 1..3 (0 when none) */
    uint8_t last_cube;   /* its cube log */
    uint8_t last_how;    /* ALEA_BACKGAMMON_END_* */
    uint8_t mode;        /* BG_MODE_* */
    uint8_t opt;         /* BG_OPT_* */
    uint8_t auto_limit;  /* option auto_doubles */
    uint8_t max_cube_log;
    uint8_t pad;           /* zero */
    uint16_t length;       /* match length, or games of a money session, else 1 */
    uint16_t games_played; /* games finished */
    uint32_t score[2];
} bg_state;

_Static_assert(sizeof(bg_state) == 64, "the backgammon state is 64 bytes");
_Static_assert(offsetof(bg_state, score) == 56, "no hidden padding");

static inline bg_state *bg_of(alea_state *st) {
    return (bg_state *)(void *)st;
}
static inline const bg_state *bg_cof(const alea_state *st) {
    return (const bg_state *)(const void *)st;
}

/* One player's view: me[i] own checkers on own point i (0 = off, 25 = bar),
   opp[i] the opponent's checkers on MY point i (1..24), opp_bar. */
typedef struct bg_side {
    uint8_t me[26];
    uint8_t opp[26];
    uint8_t opp_bar;
} bg_side;

/* Fills a player's view of the board. */
void alea__bg_side(bg_side *out, const bg_state *s, int player);
/* Writes a player's view back into the board. */
void alea__bg_store(bg_state *s, int player, const bg_side *side);
/* Own-numbering counts of player p, i = 0 (off) .. 25 (bar). */
void alea__bg_counts(const bg_state *s, int player, int out[26]);
int alea__bg_pips(const bg_state *s, int player);
/* Starting position (§2). */
void alea__bg_start_board(bg_state *s);

/* ---- moves (movegen.c) ---- */

/* The mover's view for move generation and checks: own counts in own
   numbering (me[0] unused, me[25] the bar) and the opponent as bit masks. */
typedef struct bg_view {
    uint8_t me[26];
    uint32_t occ;     /* bit p: me[p] > 0, p = 1..25 */
    uint32_t blocked; /* bit t: the opponent holds my point t (2+ checkers) */
    uint32_t blots;   /* bit t: a single opponent checker on my point t */
} bg_view;

void alea__bg_view(bg_view *v, const bg_state *s, int player);
/* The legal moves of `view` with dice a, b (§5), sorted ascending; a single
   action with payload 0 when the roll is forfeited.  *max_dice: dice used. */
size_t alea__bg_legal_moves(const bg_view *view, int a, int b, uint64_t *out, int *max_dice);
/* A quick check of the decoded steps of a MOVE action with dice d0, d1:
   0 = not playable (illegal), 1 = legal, 2 = not decided (look it up in
   the list of legal moves). */
int alea__bg_quick_check(const bg_view *v, const int *from, const int *to, int n, int d0, int d1);
/* The best rank of any sequence of the roll (§5.3): 2 x the dice usable, plus
   1 when one die of a non-double is usable and it can be the larger. */
int alea__bg_best_rank(const bg_view *v, int a, int b);
/* Decides what alea__bg_quick_check() left open (2), without the list: 1 if
   the playable steps use as many dice as the roll allows (the larger die
   when only one), else 0. */
int alea__bg_rank_check(const bg_view *v, const int *from, const int *to, int n, int d0, int d1);
/* Calls visit(ctx, action) for every legal move of `view` with dice a, b, in
   the order of alea__bg_legal_moves(), without a list of them (a few hundred
   bytes of stack; doc/hardening.md "Stack"). */
typedef void (*alea__bg_visit)(void *ctx, uint64_t action);
void alea__bg_each_move(const bg_view *view, int a, int b, alea__bg_visit visit, void *ctx);
/* Applies the steps of a MOVE action to a side (no checks; hits included). */
void alea__bg_play(bg_side *side, uint64_t action);
/* Decodes MOVE steps: returns the count, or -1 if malformed. */
int alea__bg_steps(uint64_t action, int from[4], int to[4]);
/* Encodes up to four steps in canonical (descending) order. */
uint64_t alea__bg_move_action(int n, const int from[4], const int to[4]);

/* ---- the game (game.c) ---- */
bool alea__bg_cube_available(const bg_state *s, int player);
/* The turn starts with a decision (phase CUBE): the player may double, or
   resignations are on. */
bool alea__bg_turn_decision(const bg_state *s, int player);
int alea__bg_to_act(const bg_state *s);
/* §6: the multiplier (1..3) of a game won by bearing off, Jacoby included. */
int alea__bg_bearoff_multiplier(const bg_state *s, int winner);
/* After a game's points, last game and games_played are recorded: the end
   of the single game, match or session (gnubg's finished-game state, §11.7),
   or the next game's opening. */
void alea__bg_after_game(bg_state *s);
alea_status alea__bg_check(const alea_state *st, uint64_t action, alea_error *err);
/* The same on the game's own struct. */
alea_status alea__bg_check_state(const bg_state *s, uint64_t action, alea_error *err);
/* check() of MOVE action with its decoded steps (notation.c): in the legal
   list, else why not. */
alea_status alea__bg_explain_move(const bg_state *s, uint64_t action, const int *from,
                                  const int *to, int steps, alea_error *err);
/* Moves of the player on roll in phase MOVE (count); max dice to *m. */
size_t alea__bg_state_moves(const bg_state *s, uint64_t *out, int *m);
int32_t alea__bg_option_values(const bg_state *s, int32_t *values);
alea_status alea__bg_decode(alea_backgammon_action *out, uint64_t action);

/* ---- checks (validate.c, sane.c) ---- */
alea_status alea__bg_validate(const alea_state *st, alea_error *err);
bool alea__bg_sane(const alea_state *st);

/* ---- IDs (ids.c) ---- */
void alea__bg_position_id(char out[15], const bg_state *s);
void alea__bg_match_id(char out[13], const bg_state *s);

/* ---- text (notation.c, text.c, board.c) ---- */
alea_status alea__bg_format_action(alea__buf *b, const alea_state *st, uint64_t action);
alea_status alea__bg_parse_action(const alea_state *st, const char *text, size_t len,
                                  uint64_t *action, alea_error *err);
void alea__bg_write_state(alea__buf *b, const alea_state *st);
alea_status alea__bg_read_state(alea_state *st, alea__scan *sc, alea_error *err);
void alea__bg_write_board(alea__buf *b, const alea_state *st);
void alea__bg_write_json(alea__buf *b, const alea_state *st);
/* Formats the steps of a move in gnubg style (§5.6) for `side` before the move. */
void alea__bg_format_move(alea__buf *b, const bg_side *side, uint64_t action);

/* Observation tensor (tensor.c; layout in doc/rules): ALEA__BG_TENSOR_SIZE floats. */
#define ALEA__BG_TENSOR_SIZE 211
void alea__bg_tensor(const alea_state *st, int seat, float *out);

#endif /* ALEA_BACKGAMMON_BG_H */
