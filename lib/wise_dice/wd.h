/*
 * Wise dice: the internal state and the helpers shared by the files of this
 * folder.  Rule numbers (W-x.y) refer to doc/rules/wise_dice.md, which follows
 * the specification of the rule file.
 *
 * The state stores where each of the twelve pawns is (square and height in
 * its stack, or not placed yet, or exited).  The stacks are derived from
 * that (wd_board), which keeps the state small: 56 bytes to copy, compare
 * and hash.
 */
#ifndef ALEA_WISE_DICE_WD_H
#define ALEA_WISE_DICE_WD_H

#include "alea/wise_dice.h"
#include "core/impl.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WD_COLS 8             /* W-2.1 */
#define WD_ROWS 12            /* W-2.1 */
#define WD_SQUARES 96         /* WD_COLS * WD_ROWS; square = (row-1)*8 + column */
#define WD_PAWNS 12           /* pawn id = player * 6 + pip - 1 (W-1.2) */
#define WD_NOT_PLACED 0xFF    /* set-up not done for this pawn (W-4) */
#define WD_EXITED 0xFE        /* left the board (W-9.1) */
#define WD_DIRS 8             /* F, FL, FR, L, R, B, BL, BR (W-3.3, W-5.9 order) */
#define WD_EXIT_BONUS 20      /* W-8.3 */
#define WD_MIDLINE_BONUS 10   /* W-8.2 */
#define WD_MAX_MOVE_POINTS 26 /* 6 + 20: the most one move scores */
#define WD_MAX_MAX_MOVES 100000 /* the largest option max-moves (W-10.5) */
/* W-8, W-10.5: no game scores more than this (every move at its most) */
#define WD_MAX_SCORE (WD_MAX_MAX_MOVES * WD_MAX_MOVE_POINTS)

enum {
    WD_PHASE_SETUP = ALEA_WISE_DICE_PHASE_SETUP, /* placements (W-4.1, W-4.2) */
    WD_PHASE_START = ALEA_WISE_DICE_PHASE_START, /* chance: who starts (W-4.3) */
    WD_PHASE_ROLL = ALEA_WISE_DICE_PHASE_ROLL,   /* chance: four dice (W-5.1) */
    WD_PHASE_MOVE = ALEA_WISE_DICE_PHASE_MOVE,   /* the player assigns roles (W-5.2) */
    WD_PHASE_OVER = ALEA_WISE_DICE_PHASE_OVER    /* W-10.3, W-10.5 */
};

typedef struct ALEA__STATE_VIEW wd_state { /* core/impl.h */
    alea__head head;
    uint8_t sq[WD_PAWNS];     /* square 0..95, WD_NOT_PLACED or WD_EXITED */
    uint8_t height[WD_PAWNS]; /* 0 = bottom of its stack; 0 when not on the board */
    int32_t score[2];         /* W-8 */
    uint32_t moves;           /* moves plus passes made (W-10.5) */
    uint32_t max_moves;       /* option `max-moves` */
    uint8_t phase;            /* WD_PHASE_* */
    uint8_t player;           /* the player to act (SETUP, ROLL, MOVE); else 0 */
    uint8_t final_turn;       /* 1 while the player to act plays the final turn (W-10.2) */
    uint8_t roll[4];          /* MOVE: the four dice ascending; else zeros */
    uint8_t pad[1];
} wd_state;

_Static_assert(sizeof(wd_state) % 8 == 0, "state size must be a multiple of 8");
_Static_assert(sizeof(wd_state) <= ALEA_STATE_MAX_SIZE, "state too large");
_Static_assert(offsetof(wd_state, score) == 8 + 2 * WD_PAWNS,
               "no hidden padding before the scores");
_Static_assert(sizeof(wd_state) == offsetof(wd_state, pad) + 1, "no hidden padding at the end");

static inline wd_state *wd_of(alea_state *st) {
    return (wd_state *)(void *)st;
}
static inline const wd_state *wd_cof(const alea_state *st) {
    return (const wd_state *)(const void *)st;
}
static inline int wd_pawn(int player, int pip) {
    return player * 6 + pip - 1;
}
static inline int wd_home_row(int player) { /* W-2.2: 1-based row */
    return player == 0 ? 1 : WD_ROWS;
}
static inline int wd_col(int square) {
    return square % WD_COLS;
}
static inline int wd_row(int square) { /* 1-based (W-2.1) */
    return square / WD_COLS + 1;
}
static inline int wd_square(int col, int row) {
    return (row - 1) * WD_COLS + col;
}
/* The stacks seen from the squares, derived from the pawns. */
typedef struct wd_board {
    uint8_t top[WD_SQUARES];   /* pawn id + 1 of the top pawn, 0 = empty */
    uint8_t count[WD_SQUARES]; /* pawns on the square */
} wd_board;

/* Fills the board of a state (moves.c). */
void alea__wd_board(const wd_state *s, wd_board *b);

static inline bool wd_is_free(const wd_board *b, const wd_state *s, int pawn) { /* W-1.5 */
    return s->sq[pawn] < WD_SQUARES && b->top[s->sq[pawn]] == pawn + 1;
}

/* W-6.1: the directions die value 1..6 allows, a bit per direction index:
   1 = R, 2 = B/BL/BR, 3 = L, 4 = F, 5 = FL/FR, 6 = any of the eight (W-6.2). */
static inline unsigned wd_dirs_of(int die) {
    static const uint8_t sets[7] = {0,       1u << 4, (1u << 5) | (1u << 6) | (1u << 7),
                                    1u << 3, 1u << 0, (1u << 1) | (1u << 2),
                                    0xFFu};
    return sets[die];
}

/* ---- actions (actions.c) ---- */

/* The index of each option in the spec's values[] (wd_options in game.c). */
enum {
    WD_OPTION_MAX_MOVES, /* W-10.5 */
    WD_OPTION_COUNT
};

/* The fields of an action (include/alea/wise_dice.h): kind << 12 | payload,
   kinds below 8.  A ROLL or MOVE payload is four 3-bit fields, the first in
   bits 9..11: the dice ascending (W-5.1), or I, d, K, Z (W-5.2). */
#define WD_KIND_SHIFT 12
#define WD_KIND_BITS 3
#define WD_PAYLOAD_MASK 0xFFFu
#define WD_FIELD_BITS 3
#define WD_FIELD_MASK 7u
/* Field i (0..3, 0 = bits 9..11) of a payload. */
static inline int wd_field(unsigned payload, int i) {
    return (int)(payload >> (WD_FIELD_BITS * (3 - i)) & WD_FIELD_MASK);
}
static inline unsigned wd_fields(int f0, int f1, int f2, int f3) {
    return (unsigned)(f0 << 3 * WD_FIELD_BITS | f1 << 2 * WD_FIELD_BITS | f2 << WD_FIELD_BITS | f3);
}

typedef struct wd_action {
    int kind;                   /* ALEA_WISE_DICE_PLACE .. PASS */
    int column;                 /* PLACE: 0..7 */
    int player;                 /* START: the starting player */
    int dice[4];                /* ROLL: ascending 1..6 */
    int pip, dir, dist, points; /* MOVE: I, d (0..7), K, Z */
} wd_action;

alea_status alea__wd_decode(wd_action *out, uint64_t action, alea_error *err);
static inline uint64_t alea__wd_move_action(int pip, int dir, int dist, int points) {
    return ALEA_WISE_DICE_ACTION(ALEA_WISE_DICE_MOVE, wd_fields(pip, dir, dist, points));
}
static inline uint64_t alea__wd_roll_action(const int dice[4]) {
    return ALEA_WISE_DICE_ACTION(ALEA_WISE_DICE_ROLL,
                                 wd_fields(dice[0], dice[1], dice[2], dice[3]));
}
/* Relative direction names in W-5.9 order: "F", "FL", ... */
extern const char *const alea__wd_dir_names[WD_DIRS];
/* Orderings of four dice: 24 / prod(count!) (W-5.1). */
uint32_t alea__wd_orderings(const int dice[4]);

/* ---- moves (moves.c) ---- */

/* Outcome of one tuple (W-7.9). */
typedef enum wd_verdict {
    WD_LEGAL = 0,
    WD_NOT_IN_ROLL,  /* W-5.2: I, K, Z are not three of the dice */
    WD_BAD_DIR,      /* W-6.1 */
    WD_PAWN_BLOCKED, /* W-7.1 */
    WD_PAWN_EXITED,  /* W-7.1, W-9.1 */
    WD_OFF_SIDE,     /* W-7.4: leaves through a side edge */
    WD_OFF_OWN,      /* W-7.4: leaves through the own edge */
    WD_HOME_ROW,     /* W-7.8 */
    WD_LAST_FREE     /* W-7.6 */
} wd_verdict;

typedef struct wd_move {
    int pawn;   /* the moving pawn id */
    int from;   /* its square */
    int to;     /* destination square, or -1 for an exit */
    int points; /* W-8 */
    bool tower; /* W-7.5 */
} wd_move;

/* The die left for D once I, K and Z are taken from the roll (W-5.2), or 0. */
int alea__wd_direction_die(const wd_state *s, int pip, int dist, int points);
/* Evaluates the tuple (I, d, K, Z) in a MOVE state; *canonical (if not
   NULL) receives the action of its canonical spelling (W-5.9). */
wd_verdict alea__wd_evaluate(const wd_state *s, int pip, int dir, int dist, int points,
                             wd_move *out, uint64_t *canonical);
/* The canonical legal actions of a MOVE state (W-5.7 .. W-5.9), ascending;
   no legal move gives the single PASS action (W-5.5). */
size_t alea__wd_legal_moves(const wd_state *s, uint64_t *out);
/* Carries out a legal tuple (W-5.6, W-8, W-10). */
void alea__wd_make_move(wd_state *s, const wd_move *m);

/* ---- game (game.c) ---- */

alea_status alea__wd_check(const alea_state *st, uint64_t action, alea_error *err);

/* ---- invariants (validate.c) ---- */

alea_status alea__wd_validate(const alea_state *st, alea_error *err);
/* The cheap range check before every hot call (sane.c). */
bool alea__wd_sane(const alea_state *st);

/* ---- text (notation.c, text.c, board.c, json.c) ---- */

/* "A1" .. "H12" */
void alea__wd_square_name(char out[4], int square);
alea_status alea__wd_format_action(alea__buf *b, const alea_state *st, uint64_t action);
alea_status alea__wd_parse_action(const alea_state *st, const char *text, size_t len,
                                  uint64_t *action, alea_error *err);
void alea__wd_write_state(alea__buf *b, const alea_state *st);
alea_status alea__wd_read_state(alea_state *st, alea__scan *sc, alea_error *err);
void alea__wd_write_board(alea__buf *b, const alea_state *st);
void alea__wd_write_json(alea__buf *b, const alea_state *st);

/* Observation tensor (tensor.c; layout in doc/rules): ALEA__WD_TENSOR_SIZE floats. */
#define ALEA__WD_TENSOR_SIZE 1510
void alea__wd_tensor(const alea_state *st, int seat, float *out);

#endif /* ALEA_WISE_DICE_WD_H */
