/*
 * The contract between the generic layer (lib/core) and each game (lib/<game>).
 *
 * A game is one static `struct alea_game`: its info, its option table and a
 * small table of functions.  The generic layer checks pointers, the state
 * header, buffer sizes and phases that every game shares, then dispatches; a
 * game never sees a NULL pointer or a state of another game.
 *
 * Every game state struct begins with an alea__head.  The rest of the block up
 * to the game's state_size must be fully determined by the game state (zero
 * any unused bytes and padding), because equality and hashing compare bytes.
 */
#ifndef ALEA_CORE_IMPL_H
#define ALEA_CORE_IMPL_H

#include "alea/alea.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Layout version of the state bytes: bump it whenever a game's state struct
   changes meaning, so that bytes stored by another build are refused by name
   instead of misread (doc/api.md "State bytes").  States of the builds
   before it carry 97, the 'a' of "Alea". */
#define ALEA__LAYOUT_VERSION 1u
/* "Ale" in ASCII, then the layout version, little-endian: marks a live state
   of this layout with the one compare that was already there. */
#define ALEA__HEAD_MAGIC (0x00656C41u | ALEA__LAYOUT_VERSION << 24)
/* The layout version in a head's magic word, if its first 3 bytes are "Ale". */
#define ALEA__HEAD_LAYOUT(magic) (((magic)&0x00FFFFFFu) == 0x00656C41u ? (int)((magic) >> 24) : -1)

/* A state block is one object seen through several types: the public
   alea_state (an array of uint64_t), the alea__head it begins with and the
   game's own struct (bg_state, dp_state, ...), which the games reach by a
   pointer cast.  ISO C's effective-type rule does not allow that, and the
   type-based alias analysis of gcc and clang (on at -O2) could reorder a
   write through one view past a read through another.  Every view of a
   state but alea_state is therefore declared with ALEA__STATE_VIEW
   (may_alias): the compiler then assumes that an access through it may
   touch any object, as for a char, and the library needs no
   -fno-strict-aliasing.  A compiler without the attribute (MSVC) does no
   type-based alias analysis.  Copies of whole states use memcpy. */
#if defined(__GNUC__) || defined(__clang__)
#define ALEA__STATE_VIEW __attribute__((__may_alias__))
#else
#define ALEA__STATE_VIEW
#endif

/* First 8 bytes of every state. */
typedef struct ALEA__STATE_VIEW alea__head {
    uint32_t magic; /* ALEA__HEAD_MAGIC */
    uint16_t game;  /* index in the registry */
    uint16_t size;  /* = the game's state_size */
} alea__head;

/* Caller text buffer with the snprintf contract: len counts every byte asked
   for, the buffer keeps what fits, always NUL-terminated when cap > 0. */
typedef struct alea__buf {
    char *p;
    size_t cap;
    size_t len;
    bool json; /* escape everything written, for the inside of a JSON string */
} alea__buf;

/* The one reading cursor of the library's parsers (specs, notation, state
   texts, records) over text[0, len): bytes at or past len are never read.
   The public `_n` entry points have refused an embedded NUL before a cursor
   starts (alea__text_check), so a '\0' read through the cursor means the
   end.  Failures go to err (may be NULL) as ALEA_PARSE_ERROR at the cursor's
   offset, their message prefixed with "<what>: " when what is set. */
typedef struct alea__scan {
    const char *text;
    size_t len;
    size_t pos;
    alea_error *err;
    const char *what;
} alea__scan;

/* Forms of an observation (the game's observe hook). */
enum { ALEA__OBS_TEXT = 0, ALEA__OBS_JSON = 1, ALEA__OBS_BOARD = 2 };

/* Options are at most this many per game. */
#define ALEA__MAX_OPTIONS 16

/* The search parameters of the ply bot (alea_bot_options version 3),
   checked: plies 0..ALEA_BOT_MAX_PLIES, keep 0 (the game's default) or
   1..ALEA_BOT_MAX_FILTER_KEEP, margin 0 (the default) or a positive value. */
typedef struct alea__rank_params {
    int plies;
    int keep;
    double margin;
    /* The game's search room: rank_scratch bytes (8-aligned) of the
       workspace, or NULL and 0 when the caller has none (the quick
       settings): the search then values at 0-ply. */
    void *scratch;
    size_t scratch_size;
} alea__rank_params;

/* The move filter of the games' ply searches (bot_ply.c): the best `keep`
   (<= ALEA_BOT_MAX_FILTER_KEEP) of the actions out[pool[0..count)]
   (out[0..count) when pool is NULL) by value, ties in list order, cut to
   those within `margin` of the best, into chosen[], best first; returns
   how many.  With `eligible`, only the actions legal[i] it accepts compete. */
size_t alea__rank_best(const alea_ranked_action *out, const size_t *pool, size_t count,
                       size_t keep, double margin, const uint64_t *legal,
                       bool (*eligible)(uint64_t action), size_t *chosen);

/* A level of play: the options that alea_bot_options_level() fills in
   beyond alea_bot_options_init()'s defaults. */
typedef struct alea__bot_level {
    const char *name;
    alea_bot_kind kind;
    int32_t plies;
    double noise;
    int32_t depth;    /* expectimax */
    int32_t playouts; /* mcts */
} alea__bot_level;

struct alea_game {
    const char *id;
    const char *title;
    const char *summary;
    int32_t min_players, max_players;
    uint32_t max_actions;
    uint32_t max_chance_outcomes;
    uint32_t state_size;
    const alea_option_info *options;
    uint32_t option_count;

    /* Writes the initial state.  `st` is zeroed and its head written; values[]
       holds one value per option, already range-checked.  May refuse a
       combination of options: ALEA_BAD_OPTION with a reason. */
    alea_status (*init)(alea_state *st, const int32_t *values, alea_error *err);
    /* The option values the state was made with (for the canonical spec). */
    void (*options_of)(const alea_state *st, int32_t *values);

    /* Cheap check, run by lib/core before every hot call (legal_actions,
       chance_outcomes, check, apply, sample, roll, action text, result):
       every field those calls use as an index, a count, a shift or a
       loop bound is in range, so that they stay within bounds and end on any
       bytes (doc/hardening.md "Any bytes are safe").  Weaker than validate();
       true for every state validate() accepts.  The other calls run
       validate() first. */
    bool (*sane)(const alea_state *st);

    /* Called on any bytes after a good head, without sane(): a seat below
       num_players(), ALEA_PLAYER_CHANCE, _TERMINAL or _INVALID (mask the seat
       field); num_players() is in min_players..max_players, or 0. */
    int (*current_player)(const alea_state *st);
    int (*num_players)(const alea_state *st);

    /* Legal actions in ascending order into out (room for max_actions);
       returns the count.  At chance nodes: the outcome actions. */
    size_t (*legal_actions)(const alea_state *st, uint64_t *out);
    /* The same list for a caller's buffer of `cap` < max_actions entries:
       writes its first min(count, cap) actions into out and returns the
       count (at most max_actions), in a few KB of stack (doc/hardening.md
       "Stack").  NULL when max_actions is at most ALEA__SMALL_LIST: lib/core
       then lists into a scratch list of that size. */
    size_t (*legal_prefix)(const alea_state *st, uint64_t *out, size_t cap);
    /* Only called at chance nodes; out has room for max_chance_outcomes.
       Both chance hooks may be NULL in a game without chance nodes
       (max_chance_outcomes 0: current_player never answers
       ALEA_PLAYER_CHANCE); every game with chance nodes has both. */
    size_t (*chance_outcomes)(const alea_state *st, alea_outcome *out);
    /* Only called at chance nodes: draw an outcome with exact probabilities
       (the game's own draw: the core has no generic one). */
    uint64_t (*roll)(const alea_state *st, alea_rng *rng);

    /* ALEA_OK iff `action` is among legal_actions(st); otherwise the status of
       alea_state_check_action() with the rule-citing reason in err.  Only
       called on non-terminal states. */
    alea_status (*check)(const alea_state *st, uint64_t action, alea_error *err);
    /* Applies an action that check() accepted. */
    void (*apply)(alea_state *st, uint64_t action);

    /* Notation.  format_action returns ALEA_INVALID_ARGUMENT for a value that is
       not an action of this game.  parse_action returns the canonical legal
       action (PARSE_ERROR / ILLEGAL_ACTION / WRONG_PHASE otherwise). */
    alea_status (*format_action)(alea__buf *b, const alea_state *st, uint64_t action);
    alea_status (*parse_action)(const alea_state *st, const char *text, size_t len,
                                uint64_t *action, alea_error *err);

    /* One-line text: the part after "<spec> | ".  read_state gets `st` freshly
       initialised from the spec and `sc` positioned after the '|'; it must
       consume the rest and check the syntax (PARSE_ERROR with the offset), and
       may change `st` freely (the caller only publishes it on success, after
       validate() has checked every invariant). */
    void (*write_state)(alea__buf *b, const alea_state *st);
    alea_status (*read_state)(alea_state *st, alea__scan *sc, alea_error *err);

    void (*write_board)(alea__buf *b, const alea_state *st);
    /* The JSON object under "state" (written whole, braces included). */
    void (*write_json)(alea__buf *b, const alea_state *st);

    /* Fills every field of *out (alea__result_rank() helps). */
    void (*result)(const alea_state *st, alea_result *out);
    /* Full invariant check of a state in memory. */
    alea_status (*validate)(const alea_state *st, alea_error *err);

    /* ---- hidden information (optional; NULL = perfect information) ---- */
    /* Writes what `seat` (a seat, or ALEA_OBSERVER_PUBLIC) may know, in the
       form `form` (ALEA__OBS_TEXT: the part after "<spec> | "; ALEA__OBS_JSON:
       the object under "state"; ALEA__OBS_BOARD: the board).  Two states that
       differ only in what `seat` has not seen must give the same bytes.  NULL:
       every seat sees the whole state (write_state, write_json, write_board). */
    void (*observe)(alea__buf *b, const alea_state *st, int seat, int form);
    /* Re-deals in place, at random, everything seat `seat` has not seen, so
       that st becomes a state consistent with that seat's observation.  The
       result must depend only on the observation and the rng (not on the
       hidden part it replaces): the bots search such samples.  NULL when
       the game hides nothing. */
    void (*determinize)(alea_state *st, int seat, alea_rng *rng);
    /* Writes `action`, legal in st (validate() accepted st), as `seat` (a
       seat, or ALEA_OBSERVER_PUBLIC) may know it once it is played: what
       he does not see masked, everything the action shows him written
       (alea_state_action_observation_text()).  Two states that differ only
       in what `seat` has not seen, with actions whose results he cannot
       tell apart, must give the same bytes.  NULL: every seat sees the
       action's full text (format_action). */
    void (*observe_action)(alea__buf *b, const alea_state *st, uint64_t action, int seat);

    /* ---- optional hooks for the bots (lib/core/bot*.c); NULL when absent ---- */
    /* Estimated value of a non-terminal state (chance nodes included) for
       `player`, on the scale of alea_result::returns, in [-1, 1]. */
    double (*evaluate)(const alea_state *st, int player);
    /* The game's own policy for the heuristic bot: picks one of the n >= 1
       legal actions of the seat to act into *out and returns true, or returns
       false to leave the choice to the generic one-ply search.  Deterministic,
       no allocation, at most about 32 KB of stack. */
    bool (*advise)(const alea_state *st, const uint64_t *legal, size_t n, uint64_t *out);

    /* ---- the ply bot and ranked actions (lib/core/bot_ply.c); NULL when absent ---- */
    /* Values the n >= 1 legal actions of the seat to act (legal[], in legal
       order) by the game's own search: the fields of out[i] but its
       action, for legal[i] (value: larger is better for the seat; plies:
       the depth that valued it, at most p->plies, the deeper the better
       founded); out[] comes zeroed, so that what the game leaves unset (the
       details past detail_count) reads the same every time.  The
       search's depth and move filters are in *p.  Returns false, writing
       nothing, when the game has no value of its own for this phase (the
       core then uses the heuristic).  Called on a state validate()
       accepted, never at chance nodes; deterministic, no allocation, at
       most a few KB of stack a ply (larger work memory: rank_scratch). */
    bool (*rank)(const alea_state *st, const uint64_t *legal, size_t n, const alea__rank_params *p,
                 alea_ranked_action *out);
    /* Named levels of play, weakest first (alea_bot_level_name()). */
    const alea__bot_level *levels;
    uint32_t level_count;
    /* Bytes of workspace the rank hook searches in (alea__rank_params'
       scratch), added to the ply kind's workspace; 0 for a search on the
       C stack alone. */
    uint32_t rank_scratch;

    /* ---- observation tensors (lib/core/tensor.c); 0 and NULL when absent ---- */
    /* Floats per tensor: one size for every state and option of the game. */
    uint32_t tensor_size;
    /* Writes tensor_size floats: st as `seat` may see it (a seat of st, or
       ALEA_OBSERVER_PUBLIC: what every seat sees), with nothing a seat could
       not know (the same hiding as the game's public views).  No allocation. */
    void (*tensor)(const alea_state *st, int seat, float *out);
};

/* Games without a legal_prefix hook list at most this many actions. */
#define ALEA__SMALL_LIST 256

/* ---- legal lists (state.c) ---- */
/* The legal actions of a non-terminal state for a buffer of `cap` entries
   below the game's max_actions: the first min(count, cap) into out (NULL
   when cap is 0); returns the count.  A few KB of stack, no allocation. */
size_t alea__legal_prefix(const alea_game *g, const alea_state *st, uint64_t *out, size_t cap);

/* ---- registry (registry.c) ---- */
const alea_game *alea__game_of(const alea_state *st); /* NULL if NULL or bad head */
/* ALEA_INVALID_ARGUMENT with the reason the head of st is refused. */
alea_status alea__bad_head(const alea_state *st, alea_error *err);
uint16_t alea__game_index(const alea_game *game);

/* ---- options (options.c) ---- */
/* Parses "<id> key=value ..." into the game and one value per option. */
alea_status alea__spec_parse(const alea_game **game_out, int32_t *values, const char *spec,
                             size_t len, alea_error *err);
/* Parses just the "key=value ..." part for a known game. */
alea_status alea__options_parse(const alea_game *game, int32_t *values, const char *text,
                                alea_error *err);
/* Writes the canonical spec: the id, then every option as key=value. */
void alea__spec_write(alea__buf *b, const alea_game *game, const int32_t *values);
/* Range-checks values[] against the game's option table. */
alea_status alea__options_check(const alea_game *game, const int32_t *values, alea_error *err);
/* Zeroes st, writes its head and runs the game's init (used by typed inits too). */
alea_status alea__state_setup(alea_state *st, const alea_game *game, const int32_t *values,
                              alea_error *err);

/* ---- errors ---- */
/* Fills err (if non-NULL) and returns status.  offset -1 when not parsing.
   Inline so that static analysis sees that it returns `status`. */
static inline alea_status alea__fail(alea_error *err, alea_status status, int32_t offset,
                                     const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

static inline alea_status alea__fail(alea_error *err, alea_status status, int32_t offset,
                                     const char *fmt, ...) {
    if (err) {
        va_list ap;
        err->status = (int32_t)status;
        err->offset = offset;
        err->line = 0;
        err->reserved = 0;
        va_start(ap, fmt);
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return status;
}

/* ---- state checks (state.c) ---- */
/* Why st is not fit for a hot call: a bad head (ALEA_INVALID_ARGUMENT), or
   validate()'s reason (ALEA_INVALID_STATE).  Out of line: the rare path. */
alea_status alea__unfit(const alea_game *g, const alea_state *st, alea_error *err);
/* The game of a state fit for a hot call: a good head and the game's cheap
   sane() check of the fields used as indices; else NULL and *s says why. */
static inline const alea_game *alea__hot(const alea_state *st, alea_status *s, alea_error *err) {
    const alea_game *g = alea__game_of(st);
    if (g && g->sane(st))
        return g;
    *s = alea__unfit(g, st, err);
    return NULL;
}
/* ALEA_OK when `action` may be applied to the hot-fit st of game g now:
   the game is not over, and the game's check() accepts it. */
/* *out = st with what `seat` has not seen re-dealt by the game's determinize
   hook (which it must have) from one fixed rng: a state that depends only on
   the seat's observation, the same every call.  What ranked actions and
   afterstate tensors of a game with hidden information are made from. */
static inline void alea__seen_by(const alea_game *g, alea_state *out, const alea_state *st,
                                 int seat) {
    alea_rng r;
    alea_rng_seed(&r, 0);
    memcpy(out, st, g->state_size);
    g->determinize(out, seat, &r);
}

/* A play loop's step after `action` (lib/core/step.c): the new state's player
   and, when a seat is to act, its moves; used by alea_state_apply_and_list(),
   alea_state_roll_and_list() and the WebAssembly's apply-by-index. */
void alea__step_list_after(const alea_game *g, const alea_state *st, uint64_t action,
                           alea_step *out);

static inline alea_status alea__may_apply(const alea_game *g, const alea_state *st, uint64_t action,
                                          alea_error *err) {
    if (g->current_player(st) == ALEA_PLAYER_TERMINAL)
        return alea__fail(err, ALEA_WRONG_PHASE, -1, "the game is over: no more actions");
    return g->check(st, action, err);
}
/* alea__may_apply(), then the game's apply() when ALEA_OK. */
static inline alea_status alea__check_apply(const alea_game *g, alea_state *st, uint64_t action,
                                            alea_error *err) {
    alea_status s = alea__may_apply(g, st, action, err);
    if (s == ALEA_OK)
        g->apply(st, action);
    return s;
}

/* ---- text output (buf.c) ---- */
void alea__buf_init(alea__buf *b, char *p, size_t cap);
void alea__buf_putc(alea__buf *b, char c);
void alea__buf_puts(alea__buf *b, const char *s);
void alea__buf_printf(alea__buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A JSON string literal, quotes included, escaped. */
void alea__buf_json_string(alea__buf *b, const char *s);
/* NUL-terminates; *len_out = b->len; ALEA_BUFFER_TOO_SMALL if it did not fit. */
alea_status alea__buf_finish(alea__buf *b, size_t *len_out);

/* ---- text input (scan.c) ---- */
/* ALEA_PARSE_ERROR "<what>: embedded NUL byte at offset N" if text[0, len)
   holds a NUL, else ALEA_OK.  Every `_n` entry point calls it first. */
alea_status alea__text_check(const char *text, size_t len, const char *what, alea_error *err);
/* The byte at index i of text[0, len), '\0' at or past the end. */
static inline char alea__char_at(const char *text, size_t len, size_t i) {
    if (i < len)
        return text[i];
    return '\0';
}
/* Whether text[i, len) starts with `literal` (case-sensitive). */
bool alea__starts_at(const char *text, size_t len, size_t i, const char *literal);

/* A cursor at the start of text[0, len), reporting failures to err under the
   name `what` (both may be NULL); _init reports none. */
void alea__scan_start(alea__scan *sc, const char *text, size_t len, alea_error *err,
                      const char *what);
void alea__scan_init(alea__scan *sc, const char *text, size_t len);
/* The byte k places after the cursor ('\0' at the end). */
static inline char alea__scan_peek(const alea__scan *sc, size_t k) {
    return alea__char_at(sc->text, sc->len, sc->pos + k);
}
/* Whether the text at the cursor starts with `literal`; the cursor stays. */
static inline bool alea__scan_starts(const alea__scan *sc, const char *literal) {
    return alea__starts_at(sc->text, sc->len, sc->pos, literal);
}
static inline bool alea__is_digit(char ch) {
    return ch >= '0' && ch <= '9';
}
int32_t alea__scan_offset(const alea__scan *sc);

/* Lenient reading (specs, notation): blanks are skipped before each item. */
void alea__scan_space(alea__scan *sc);        /* skips blanks (space, tab) */
bool alea__scan_at_end(alea__scan *sc);       /* after blanks, at NUL? */
bool alea__scan_char(alea__scan *sc, char c); /* skips blanks; consumes c if next */
/* After blanks: a word of letters, digits, '-', '_' (lower-cased into out, at most cap-1
   chars).  false if there is none or it is too long (pos then unchanged). */
bool alea__scan_word(alea__scan *sc, char *out, size_t cap);
/* After blanks: an optionally signed decimal integer in [min, max]. */
bool alea__scan_int(alea__scan *sc, int64_t min, int64_t max, int64_t *out);
/* Case-insensitive keyword match followed by a non-word char; consumes it. */
bool alea__scan_keyword(alea__scan *sc, const char *kw);

/* Strict reading (the canonical one-line state texts): no blanks are
   skipped, and every failure is ALEA_PARSE_ERROR at the exact offset. */
/* "[<what>: ]<problem> at offset N", at the cursor, or at offset `at`. */
alea_status alea__scan_fail(const alea__scan *sc, const char *problem);
alea_status alea__scan_fail_at(const alea__scan *sc, size_t at, const char *problem);
/* Consumes ch if it is next. */
bool alea__scan_accept(alea__scan *sc, char ch);
/* Consumes `literal` exactly; else fails pointing at the first differing byte. */
alea_status alea__scan_expect(alea__scan *sc, const char *literal);
/* number = "0" / NZDIGIT *DIGIT, at most max_digits digits (canonical: no leading 0). */
alea_status alea__scan_number(alea__scan *sc, int max_digits, long *out);

/* ---- records (record.c) ---- */
/* A 1-based record line number as reported in alea_error::line: saturates at
   INT32_MAX, so that a record of more than 2^31 - 1 lines cannot overflow it. */
int32_t alea__record_line(size_t number);

/* ---- results (result.c) ---- */
/* Fills rank[], winner, draw and returns[] from score[] (higher is better),
   given players, terminal and score already set. */
void alea__result_rank(alea_result *r);

#endif /* ALEA_CORE_IMPL_H */
