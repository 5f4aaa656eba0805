/*
 * Plateau: the internal state and the helpers shared by the files of this
 * folder.  Rule numbers (R-x.y, D-n) refer to the rule file
 * (doc/rules/plateau.md summarises them).
 *
 * The state is a fixed, pointer-free block.  Every byte is determined by the
 * game state: slots of a stack above its height, unused type slots and the
 * offer outside an exchange stay zero, so comparing bytes compares states.
 */
#ifndef ALEA_PLATEAU_PL_H
#define ALEA_PLATEAU_PL_H

#include "alea/plateau.h"
#include "core/impl.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PL_SQUARES 16
#define PL_TYPES 7       /* M BL R BM RM T A (R2.1) */
#define PL_PSTATES 14    /* type * 2 + side; one-faced types use side 0 only */
#define PL_PIECES 12     /* per player (R2.1) */
#define PL_MAX_HEIGHT 24 /* every piece of both players */
#define PL_SIX 6         /* R10.1, R10.2 */
/* R10.4: without max-plies the counter's own limit is the cap, so that the
   ply counter never wraps (doc/rules/plateau.md). */
#define PL_PLY_LIMIT UINT32_MAX

/* The longest legal-action list of a valid state (doc/rules/plateau.md "The
   longest list"; tests/tools/plateau_bound.c derives it, tests/test_plateau.c
   checks every list of seeded games against it and the relaxation below).
   - SETUP (R4.2, R4.3): 12 perimeter squares x 105 piece pairs (TV1).
   - A response (R9.2-R9.4): fewer than six prisoners (R10.2), at most 31
     sets to give, and DECLINE.
   - A turn (R5.1) lists ONBOARD, MOVE and OFFER actions, each bounded apart:
     ONBOARD: the piece states of a reserve of r pieces (two for a two-faced
       type, at most 11) times the places, empty squares and own pieces on
       the board (R6.2), at most 16 + 12 - r: at most 11 x 21 = 231 (r = 7);
     OFFER: the non-empty sets of at most five prisoners: 31 (R9.1);
     MOVE: every top unit is at most 5 (a six ends the game, R10.1) and they
       hold at most 12 pieces (R2.1).  Counting every square the mover does
       not top as empty (a pin allows fewer stops, R7.9; an enemy top only
       removes a blank leader's target, R7.11), a group of k has one move to
       a neighbour, k + u[q] over one square q (stops keep 1..k + u[q] but
       not k) and (k + u1)(k + u1 + 1)/2 + (k + u1) u2 over q1 then q2; with
       a stomp per coloured face (R7.13) and at most four two-faced tops
       (R2.1), the most over all 29 228 067 vectors of top units is 1044
       (units 5, 5, 2 on d4, c4, b4).
   The list's room is this bound; only damaged bytes that sane.c lets
   through could list more, and the move and offer lists stop there. */
#define PL_MAX_SETUPS 1260
#define PL_MAX_RESPONSES 32
#define PL_MAX_ONBOARDS 231
#define PL_MAX_OFFERS 31
#define PL_MAX_MOVES 1044
#define PL_MAX_LEGAL (PL_MAX_ONBOARDS + PL_MAX_MOVES + PL_MAX_OFFERS) /* 1306 */
_Static_assert(PL_MAX_LEGAL >= PL_MAX_SETUPS && PL_MAX_LEGAL >= PL_MAX_RESPONSES,
               "the room holds every phase's list");
_Static_assert(PL_MAX_LEGAL <= ALEA_PLATEAU_MAX_ACTIONS, "the public room holds the list");

/* Phases (ALEA_PLATEAU_PHASE_*). */
#define PL_SETUP ALEA_PLATEAU_PHASE_SETUP
#define PL_PLAY ALEA_PLATEAU_PHASE_PLAY
#define PL_RESPOND ALEA_PLATEAU_PHASE_RESPOND
#define PL_OVER ALEA_PLATEAU_PHASE_OVER

/* Faces (R1.5). */
#define PL_BLANK ALEA_PLATEAU_FACE_BLANK
#define PL_RED ALEA_PLATEAU_FACE_RED
#define PL_BLUE ALEA_PLATEAU_FACE_BLUE
#define PL_ORANGE ALEA_PLATEAU_FACE_ORANGE

/* A piece on the board is one byte:
     bit 0     side: 1 if face B of R2.1 is up (two-faced types only)
     bits 1-3  type 0..6
     bit 4     owner 0 = Black, 1 = White
     bit 5     the opponent of the owner has seen the up-face (R11)
     bit 6     ... and the down-face (R11)
   bit 7 is always 0. */
#define PL_SIDE 0x01u
#define PL_OWNER 0x10u
#define PL_UPK 0x20u
#define PL_DNK 0x40u
#define PL_IDENT 0x1Fu /* owner, type and side: what R5.5 compares */
#define PL_TYPE_SHIFT 1
#define PL_OWNER_SHIFT 4

static inline int pl_type(uint8_t p) {
    return (p >> PL_TYPE_SHIFT) & 7;
}
static inline int pl_side(uint8_t p) {
    return p & 1;
}
static inline int pl_owner(uint8_t p) {
    return (p >> PL_OWNER_SHIFT) & 1;
}
static inline int pl_pstate(uint8_t p) {
    return p & 0x0F;
}
static inline uint8_t pl_piece(int owner, int pstate) {
    return (uint8_t)((owner << PL_OWNER_SHIFT) | pstate);
}

typedef struct ALEA__STATE_VIEW pl_state { /* core/impl.h */
    alea__head head;
    uint8_t phase;     /* PL_SETUP .. PL_OVER */
    uint8_t to_act;    /* seat to act: 0 Black, 1 White; 0 when over */
    uint8_t result;    /* ALEA_PLATEAU_RESULT_* */
    uint8_t passes;    /* consecutive passes (R10.4) */
    uint8_t overpay;   /* option, D12 */
    uint8_t min_offer; /* R9.6: total of an offer declined this turn, else 0 */
    uint8_t pad0[2];
    uint32_t max_plies; /* option, R10.4; 0 = no cap */
    uint32_t plies;     /* completed turns (set-ups included) */
    uint8_t height[PL_SQUARES];
    uint8_t reserve[2][8];   /* own pieces off the board, per type (R1.7) */
    uint8_t prisoners[2][8]; /* [p][t]: pieces of type t of the opponent that p holds */
    uint8_t offer[8];        /* PL_RESPOND: the offered prisoners, a subset of the
                                initiator's pool; else zeros */
    uint8_t stack[PL_SQUARES][PL_MAX_HEIGHT]; /* bottom (level 0) first */
} pl_state;

_Static_assert(sizeof(pl_state) % 8 == 0, "state size must be a multiple of 8");
_Static_assert(sizeof(pl_state) <= ALEA_STATE_MAX_SIZE, "state too large");
_Static_assert(offsetof(pl_state, height) == 24, "no hidden padding");

/* R10.4: the turn count at which the game is drawn. */
static inline uint32_t pl_cap(const pl_state *s) {
    return s->max_plies ? s->max_plies : PL_PLY_LIMIT;
}

static inline pl_state *pl_of(alea_state *st) {
    return (pl_state *)(void *)st;
}
static inline const pl_state *pl_cof(const alea_state *st) {
    return (const pl_state *)(const void *)st;
}

/* ---- tables and helpers (pieces.c) ---- */

extern const uint8_t alea__pl_count[PL_TYPES]; /* R2.1 */
extern const uint8_t alea__pl_value[PL_TYPES]; /* R2.1 */
/* Up-face of a piece state (type * 2 + side): two bits per state, from R2.1
   (M x/x, BL b/b, R r/r, BM b/x, RM r/x, T o/x, A r/b). */
static inline int alea__pl_face(int pstate) {
    return (int)((0x093125A0ul >> (2 * (pstate & 15))) & 3u);
}
static inline bool alea__pl_two_faced(int type) {
    return type >= 3 && type < PL_TYPES;
}
/* A piece state that exists (one-faced types only with side 0). */
static inline bool alea__pl_pstate_ok(int pstate) {
    return pstate >= 0 && pstate < 16 && ((0x3FD5u >> pstate) & 1u);
}
/* Letters of a face: 'x', 'r', 'b', 'o'. */
char alea__pl_face_char(int face);
/* Two letters of a piece state, up then down ("rb", "xo"). */
void alea__pl_pstate_text(char out[3], int pstate);
/* Piece state from its two letters, or -1. */
int alea__pl_pstate_find(char up, char down);
/* Type code "M", "BL", ... */
const char *alea__pl_type_code(int type);

bool alea__pl_perimeter(int sq);
/* "a1".."d4" into out[3]. */
void alea__pl_square_text(char out[3], int sq);

/* Size of the top unit (R1.4); 0 for an empty square. */
int alea__pl_top_unit(const pl_state *s, int sq);
/* Owner of the top piece, or -1 for an empty square. */
static inline int pl_top_owner(const pl_state *s, int sq) {
    return s->height[sq] ? pl_owner(s->stack[sq][s->height[sq] - 1]) : -1;
}
/* True if seat p has a unit of six or more anywhere (R10.1). */
bool alea__pl_has_six(const pl_state *s, int p);
/* Pieces of seat p on the board, per type. */
void alea__pl_board_counts(const pl_state *s, int p, uint8_t out[8]);

/* Multisets of types, packed three bits a type (M in bits 0-2 ...). */
uint32_t alea__pl_pack(const uint8_t counts[8]);
void alea__pl_unpack(uint8_t counts[8], uint32_t packed);
int alea__pl_set_value(const uint8_t counts[8]);
int alea__pl_set_size(const uint8_t counts[8]);
/* Writes "M+M+BL" (type order), or "-" when empty. */
void alea__pl_set_write(alea__buf *b, const uint8_t counts[8]);
/* Reads type codes separated by '+' or ','; "-" is the empty set.
   false (pos at the problem) on junk or a count above 7. */
bool alea__pl_set_read(alea__scan *sc, uint8_t counts[8]);

/* ---- actions (actions.c) ---- */

/* The fields of an action, `kind << PL_KIND_SHIFT | payload` (the table in
   doc/rules/plateau.md "Action encoding"); a field is (payload >> shift) &
   mask.  A piece state is type << 1 | side (PL_TYPE_OF()). */
#define PL_KIND_SHIFT 28
#define PL_PAYLOAD_MASK 0x0FFFFFFFu
#define PL_KIND_BITS 3 /* kinds 1..7; bit 31 and above are 0 */
/* SETUP: square, bottom piece state, top piece state */
#define PL_SETUP_SQUARE_SHIFT 8
#define PL_SETUP_BOTTOM_SHIFT 4
#define PL_SETUP_TOP_SHIFT 0
#define PL_SETUP_BITS 12
/* ONBOARD: piece state, square, level (0..PL_MAX_HEIGHT; bits 9-11 are 0) */
#define PL_ONBOARD_PSTATE_SHIFT 12
#define PL_ONBOARD_SQUARE_SHIFT 5
#define PL_ONBOARD_LEVEL_MASK 31u
#define PL_ONBOARD_GAP_SHIFT 9 /* three bits that are always 0 */
#define PL_ONBOARD_BITS 16
/* MOVE: origin, flip, lift, target, stop on the 1st / 2nd square passed over
   (pieces kept in hand, 0 = none); bits 12-15 are 0 */
#define PL_MOVE_ORIGIN_SHIFT 20
#define PL_MOVE_FLIP_SHIFT 19
#define PL_MOVE_LIFT_SHIFT 16
#define PL_MOVE_LIFT_MASK 7u
#define PL_MOVE_TARGET_SHIFT 8
#define PL_MOVE_GAP_SHIFT 12 /* four bits that are always 0 */
#define PL_MOVE_STOP1_SHIFT 4
#define PL_MOVE_STOP2_SHIFT 0
#define PL_MOVE_STOP_MASK 15u
#define PL_MOVE_BITS 24
/* OFFER, GIVE: a set of types, three bits a type (alea__pl_pack()) */
#define PL_SET_BITS 21
#define PL_SET_TYPE_BITS 3
#define PL_SQUARE_MASK 15u
#define PL_PSTATE_MASK 15u

/* The action of this kind with an empty payload. */
static inline uint64_t pl_kind_bits(int kind) {
    return (uint64_t)kind << PL_KIND_SHIFT;
}
/* The type of a piece state. */
#define PL_TYPE_OF(pstate) ((pstate) >> 1)

typedef struct pl_action {
    int kind;       /* ALEA_PLATEAU_SETUP ... PASS */
    int square;     /* SETUP, ONBOARD: the square; MOVE: origin */
    int target;     /* MOVE: landing square (= square for a stomp) */
    int pstate;     /* ONBOARD: piece state; SETUP: top piece state */
    int pstate2;    /* SETUP: bottom piece state */
    int level;      /* ONBOARD */
    int flip;       /* MOVE */
    int k;          /* MOVE: pieces lifted */
    int m[2];       /* MOVE: stop on the 1st / 2nd intermediate square, 0 = none */
    uint8_t set[8]; /* OFFER, GIVE: counts per type */
} pl_action;

/* Decodes the form of an action: ALEA_INVALID_ARGUMENT with a reason for a
   value that is no plateau action at all. */
alea_status alea__pl_decode(pl_action *out, uint64_t action, alea_error *err);
uint64_t alea__pl_encode(const pl_action *a);

/* ---- geometry (geometry.c) ---- */

#define PL_GEO_ORTHO 1
#define PL_GEO_DIAG 2
#define PL_GEO_KNIGHT 4
typedef struct pl_geo {
    uint8_t kind;   /* PL_GEO_*, 0 when on no line and no knight leap apart */
    uint8_t dist;   /* a line's length in squares; 0 for a knight leap */
    uint8_t mid[2]; /* the squares passed over, in order */
} pl_geo;
extern const pl_geo alea__pl_geo[PL_SQUARES][PL_SQUARES];
/* Targets per origin, up-face (PL_BLANK .. PL_ORANGE) and range 1..3, as bit
   masks (bit t: square t), for the move generator. */
extern const uint16_t alea__pl_reach[PL_SQUARES][4][4];

/* ---- moves (moves.c) ---- */

/* R7's moves come from one walker (moves.c); these four take it, each in a
   few hundred bytes of stack (doc/hardening.md "Stack").
   Appends the MOVE actions (stomps included) of the seat to act; out has
   room for PL_MAX_LEGAL actions, where the list stops (only damaged bytes
   reach it). */
size_t alea__pl_list_moves(const pl_state *s, uint64_t *out, size_t n);
/* Like alea__pl_list_moves(), but stores only below index `limit` (a short
   buffer: the list's first actions); *all (if not NULL) gets the number of
   moves with unbounded room. */
size_t alea__pl_list_moves_upto(const pl_state *s, uint64_t *out, size_t n, size_t limit,
                                size_t *all);
/* Whether alea__pl_list_moves() would list any move. */
bool alea__pl_any_move(const pl_state *s);
/* Whether alea__pl_list_moves() would list `action` (a MOVE value). */
bool alea__pl_is_move(const pl_state *s, uint64_t action);
/* Runs a MOVE on s (a scratch copy when only checking): ALEA_OK and s moved
   and captures resolved, or ALEA_ILLEGAL_ACTION with the rule (s then
   partly changed). */
alea_status alea__pl_run_move(pl_state *s, const pl_action *a, alea_error *err);
/* R8: captures on square sq for seat p. */
void alea__pl_capture(pl_state *s, int p, int sq);
/* The intermediate squares of a path (R7.7, R7.8); -1 if the target is not
   reachable from origin with this face and range. */
int alea__pl_path(int origin, int target, int face, int range, int mid[2]);
/* The squares passed over between origin and target whatever the leader:
   the knight path for a knight offset, the straight line otherwise (0 when
   the two squares are on no line). */
int alea__pl_geometry(int origin, int target, int mid[2]);

/* ---- the game (game.c, exchange.c) ---- */

alea_status alea__pl_check(const alea_state *st, uint64_t action, alea_error *err);
void alea__pl_apply(alea_state *st, uint64_t action);
size_t alea__pl_legal(const alea_state *st, uint64_t *out);
/* R10.3: after a completed turn of seat p. */
void alea__pl_end_turn(pl_state *s, int p);
/* Exchange (R9). */
size_t alea__pl_list_offers(const pl_state *s, uint64_t *out, size_t n);
/* Whether alea__pl_list_offers() would list any offer. */
bool alea__pl_any_offer(const pl_state *s);
size_t alea__pl_list_responses(const pl_state *s, uint64_t *out, size_t n);
alea_status alea__pl_check_offer(const pl_state *s, const pl_action *a, alea_error *err);
alea_status alea__pl_check_response(const pl_state *s, const pl_action *a, alea_error *err);
void alea__pl_apply_exchange(pl_state *s, const pl_action *a);
/* L of R9.2 for the pending offer. */
int alea__pl_largest_below(const pl_state *s);

/* ---- invariants (validate.c) ---- */

alea_status alea__pl_validate(const alea_state *st, alea_error *err);
/* The cheap range check before every hot call (sane.c). */
bool alea__pl_sane(const alea_state *st);

/* ---- text (notation.c, text.c, board.c) ---- */

alea_status alea__pl_format_action(alea__buf *b, const alea_state *st, uint64_t action);
alea_status alea__pl_parse_action(const alea_state *st, const char *text, size_t len,
                                  uint64_t *action, alea_error *err);
void alea__pl_write_state(alea__buf *b, const alea_state *st);
alea_status alea__pl_read_state(alea_state *st, alea__scan *sc, alea_error *err);
void alea__pl_write_board(alea__buf *b, const alea_state *st);
void alea__pl_write_json(alea__buf *b, const alea_state *st);
/* ---- what one seat may know (view.c, board.c, observe.c; R11) ---- */
/* viewer: -1 the whole state, 0 or 1 a seat, ALEA_OBSERVER_PUBLIC a spectator. */
void alea__pl_fill_view(alea_plateau_view *out, const pl_state *s, int viewer);
/* The public text and JSON of alea_plateau_public_text() / _json(). */
void alea__pl_write_public(alea__buf *b, const alea_state *st, int viewer);
void alea__pl_write_public_json(alea__buf *b, const alea_state *st, int viewer);
/* The board of a view (the full board is the view of viewer -1). */
void alea__pl_write_board_view(alea__buf *b, const alea_plateau_view *v);
/* The game's observe, determinize and observe_action hooks (core/impl.h). */
void alea__pl_observe(alea__buf *b, const alea_state *st, int seat, int form);
void alea__pl_determinize(alea_state *st, int seat, alea_rng *rng);
void alea__pl_observe_action(alea__buf *b, const alea_state *st, uint64_t action, int seat);
/* A piece as text: owner letter, up and down letters, and the knowledge
   mark ("?" nothing seen, "" up-face seen, "!" both seen). */
void alea__pl_piece_write(alea__buf *b, uint8_t piece);

/* Observation tensor (tensor.c; layout in doc/rules): ALEA__PL_TENSOR_SIZE floats. */
#define ALEA__PL_TENSOR_SIZE 2016
void alea__pl_tensor(const alea_state *st, int seat, float *out);

#endif /* ALEA_PLATEAU_PL_H */
