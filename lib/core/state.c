/* The generic state API: checks shared by every game, then dispatch through
   the game's table of functions (lib/core/impl.h). */
#include "core/impl.h"

#include <stdlib.h>
#include <string.h>

/* Bound on chance outcomes of any game, for the stack buffer used when the
   caller's buffer is smaller than a game's maximum (a test checks every game;
   dice poker's 252 is the largest): 6 KB of stack. */
#define CHANCE_MAX 256

alea_status alea__unfit(const alea_game *g, const alea_state *st, alea_error *err) {
    alea_status s = g ? g->validate(st, err) : alea__bad_head(st, err);
    return s != ALEA_OK ? s : alea__fail(err, ALEA_INVALID_STATE, -1, "corrupt state bytes");
}

/* The game of a state fit for a cold call: a good head and validate(). */
static const alea_game *cold(const alea_state *st, alea_status *s, alea_error *err) {
    const alea_game *g = alea__game_of(st);
    *s = g ? g->validate(st, err) : alea__bad_head(st, err);
    return *s == ALEA_OK ? g : NULL;
}

alea_status alea__state_setup(alea_state *st, const alea_game *game, const int32_t *values,
                              alea_error *err) {
    alea_state tmp;
    alea__head *h = (alea__head *)(void *)&tmp;
    alea_status s = alea__options_check(game, values, err);
    if (s != ALEA_OK)
        return s;
    memset(&tmp, 0, game->state_size);
    h->magic = ALEA__HEAD_MAGIC;
    h->game = alea__game_index(game);
    h->size = (uint16_t)game->state_size;
    s = game->init(&tmp, values, err);
    if (s == ALEA_OK)
        memcpy(st, &tmp, game->state_size);
    return s;
}

ALEA_API alea_status alea_state_init_n(alea_state *out, const char *spec, size_t len,
                                       alea_error *err) {
    const alea_game *g;
    int32_t values[ALEA__MAX_OPTIONS];
    alea_status s;
    if (!out || !spec)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "state and spec must not be NULL");
    s = alea__text_check(spec, len, "spec", err);
    if (s == ALEA_OK)
        s = alea__spec_parse(&g, values, spec, len, err);
    return s == ALEA_OK ? alea__state_setup(out, g, values, err) : s;
}

ALEA_API alea_status alea_state_init(alea_state *out, const char *spec, alea_error *err) {
    return alea_state_init_n(out, spec, spec ? strlen(spec) : 0, err);
}

ALEA_API alea_status alea_state_new_n(alea_state **out, const char *spec, size_t len,
                                      alea_error *err) {
    alea_state tmp;
    alea_status s;
    if (!out)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "out must not be NULL");
    *out = NULL;
    s = alea_state_init_n(&tmp, spec, len, err);
    return s == ALEA_OK ? alea_state_clone(out, &tmp) : s;
}

ALEA_API alea_status alea_state_new(alea_state **out, const char *spec, alea_error *err) {
    return alea_state_new_n(out, spec, spec ? strlen(spec) : 0, err);
}

ALEA_API void alea_state_free(alea_state *state) {
    free(state);
}

ALEA_API alea_status alea_state_clone(alea_state **out, const alea_state *src) {
    const alea_game *g = alea__game_of(src);
    if (!out)
        return ALEA_INVALID_ARGUMENT;
    *out = NULL;
    if (!g)
        return ALEA_INVALID_ARGUMENT;
    *out = malloc(g->state_size);
    if (!*out)
        return ALEA_OUT_OF_MEMORY;
    memcpy(*out, src, g->state_size);
    return ALEA_OK;
}

ALEA_API alea_status alea_state_copy(alea_state *dst, const alea_state *src) {
    const alea_game *g = alea__game_of(src);
    if (!dst || !g)
        return ALEA_INVALID_ARGUMENT;
    memmove(dst, src, g->state_size);
    return ALEA_OK;
}

ALEA_API size_t alea_state_size(const alea_state *state) {
    const alea_game *g = alea__game_of(state);
    return g ? g->state_size : 0;
}

ALEA_API const alea_game *alea_state_game(const alea_state *state) {
    return alea__game_of(state);
}

ALEA_API alea_status alea_state_validate(const alea_state *state, alea_error *err) {
    const alea_game *g = alea__game_of(state);
    return g ? g->validate(state, err) : alea__bad_head(state, err);
}

ALEA_API int alea_state_equal(const alea_state *a, const alea_state *b) {
    const alea_game *g = alea__game_of(a);
    return g && g == alea__game_of(b) && memcmp(a, b, g->state_size) == 0;
}

/* 8 bytes as a little-endian word, whatever the host's byte order. */
static uint64_t load_le64(const unsigned char *p, size_t n) {
    uint64_t w = 0;
    for (size_t i = 0; i < n; i++)
        w |= (uint64_t)p[i] << (8 * i);
    return w;
}

static uint64_t fmix64(uint64_t h) {
    h ^= h >> 33;
    h *= 0xFF51AFD7ED558CCDu;
    h ^= h >> 33;
    h *= 0xC4CEB9FE1A85EC53u;
    h ^= h >> 33;
    return h;
}

ALEA_API uint64_t alea_state_hash(const alea_state *state) {
    const alea_game *g = alea__game_of(state);
    const unsigned char *p = (const unsigned char *)state;
    uint64_t h;
    if (!g)
        return 0;
    h = 0x9E3779B97F4A7C15u ^ g->state_size;
    for (size_t i = 0; i < g->state_size; i += 8) {
        size_t n = g->state_size - i < 8 ? g->state_size - i : 8;
        h = (h ^ fmix64(load_le64(p + i, n))) * 0x100000001B3u;
    }
    return fmix64(h);
}

ALEA_API int alea_state_current_player(const alea_state *state) {
    const alea_game *g = alea__game_of(state);
    return g ? g->current_player(state) : ALEA_PLAYER_INVALID;
}

ALEA_API int alea_state_num_players(const alea_state *state) {
    const alea_game *g = alea__game_of(state);
    return g ? g->num_players(state) : 0;
}

/* Copies the first min(n, capacity) items of a list into a caller buffer that
   may be too small (the caller has already reported n). */
static alea_status copy_what_fits(void *out, size_t capacity, const void *items, size_t n,
                                  size_t item_size) {
    if (capacity)
        memcpy(out, items, (n < capacity ? n : capacity) * item_size);
    return n <= capacity ? ALEA_OK : ALEA_BUFFER_TOO_SMALL;
}

/* A buffer below the game's max_actions: the game's prefix hook counts the
   list keeping what fits (backgammon and Plateau, whose lists reach 4096),
   or a short list is made in a 2 KB scratch.  Out of line, so that the usual
   call does not carry that frame (doc/hardening.md "Stack"). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
size_t
alea__legal_prefix(const alea_game *g, const alea_state *st, uint64_t *out, size_t cap) {
    uint64_t tmp[ALEA__SMALL_LIST];
    size_t n;
    if (g->legal_prefix)
        return g->legal_prefix(st, out, cap);
    n = g->legal_actions(st, tmp); /* max_actions <= ALEA__SMALL_LIST (the hook's contract) */
    if (cap)
        memcpy(out, tmp, (n < cap ? n : cap) * sizeof *out);
    return n;
}

ALEA_API alea_status alea_state_legal_actions(uint64_t *out, size_t capacity, size_t *count_out,
                                              const alea_state *state) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = alea__hot(state, &s, NULL);
    if (!g || !count_out || (!out && capacity))
        return g ? ALEA_INVALID_ARGUMENT : s;
    if (g->current_player(state) == ALEA_PLAYER_TERMINAL) {
        *count_out = 0;
        return ALEA_OK;
    }
    if (capacity >= g->max_actions) {
        *count_out = g->legal_actions(state, out);
        return ALEA_OK;
    }
    *count_out = alea__legal_prefix(g, state, out, capacity);
    return *count_out > capacity ? ALEA_BUFFER_TOO_SMALL : ALEA_OK;
}

ALEA_API alea_status alea_state_chance_outcomes(alea_outcome *out, size_t capacity,
                                                size_t *count_out, const alea_state *state) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = alea__hot(state, &s, NULL);
    alea_outcome tmp[CHANCE_MAX];
    size_t n;
    if (!g || !count_out || (!out && capacity))
        return g ? ALEA_INVALID_ARGUMENT : s;
    if (g->current_player(state) != ALEA_PLAYER_CHANCE)
        return ALEA_WRONG_PHASE;
    if (capacity >= g->max_chance_outcomes) {
        *count_out = g->chance_outcomes(state, out);
        return ALEA_OK;
    }
    n = g->chance_outcomes(state, tmp);
    *count_out = n;
    return copy_what_fits(out, capacity, tmp, n, sizeof *out);
}

ALEA_API alea_status alea_state_check_action(const alea_state *state, uint64_t action,
                                             alea_error *err) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = alea__hot(state, &s, err);
    return g ? alea__may_apply(g, state, action, err) : s;
}

ALEA_API alea_status alea_state_apply(alea_state *state, uint64_t action, alea_error *err) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = alea__hot(state, &s, err);
    return g ? alea__check_apply(g, state, action, err) : s;
}

/* ---- seat-aware checking: the referee's entry points ---- */

/* ALEA_OK when `seat` is the one who must act now (a player index, or
   ALEA_PLAYER_CHANCE for the host's dice); `outcome` says whether what was
   sent is a chance outcome here, only to word the reason. */
static alea_status check_seat(const alea_game *g, const alea_state *st, int seat, bool outcome,
                              alea_error *err) {
    int players = g->num_players(st), now = g->current_player(st);
    if (seat != ALEA_PLAYER_CHANCE && (seat < 0 || seat >= players))
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "seat %d is not a seat of this game (0..%d) nor ALEA_PLAYER_CHANCE", seat,
                          players - 1);
    if (now == ALEA_PLAYER_TERMINAL)
        return alea__fail(err, ALEA_WRONG_PHASE, -1, "the game is over: no more actions");
    if (seat == now)
        return ALEA_OK;
    if (now >= 0 && seat >= 0)
        return alea__fail(err, ALEA_WRONG_PLAYER, -1, "seat %d moved, but seat %d must move", seat,
                          now);
    if (now >= 0)
        return alea__fail(err, ALEA_WRONG_PLAYER, -1,
                          "the host's dice (ALEA_PLAYER_CHANCE) were sent, but seat %d must move",
                          now);
    if (outcome)
        return alea__fail(err, ALEA_WRONG_PLAYER, -1,
                          "seat %d sent a chance outcome, but only the host's dice "
                          "(ALEA_PLAYER_CHANCE) may",
                          seat);
    return alea__fail(err, ALEA_WRONG_PLAYER, -1,
                      "the dice must be thrown (chance), not seat %d move", seat);
}

/* A player sent something where the dice must be thrown (then the reason
   says whether it was a chance outcome). */
static bool sent_at_chance(const alea_game *g, const alea_state *st, int seat) {
    return seat != ALEA_PLAYER_CHANCE && g->current_player(st) == ALEA_PLAYER_CHANCE;
}

/* The game of a state fit for a hot call when `seat` may send `action` now;
   else NULL and *s says why.  The action itself is checked by the caller. */
static const alea_game *hot_seat(const alea_state *state, int seat, uint64_t action, alea_status *s,
                                 alea_error *err) {
    const alea_game *g = alea__hot(state, s, err);
    if (!g)
        return NULL;
    *s =
        check_seat(g, state, seat,
                   sent_at_chance(g, state, seat) && g->check(state, action, NULL) == ALEA_OK, err);
    return *s == ALEA_OK ? g : NULL;
}

ALEA_API alea_status alea_state_check_as(const alea_state *state, int seat, uint64_t action,
                                         alea_error *err) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = hot_seat(state, seat, action, &s, err);
    return g ? alea__may_apply(g, state, action, err) : s;
}

ALEA_API alea_status alea_state_apply_as(alea_state *state, int seat, uint64_t action,
                                         alea_error *err) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = hot_seat(state, seat, action, &s, err);
    return g ? alea__check_apply(g, state, action, err) : s;
}

/* ---- from a text to an action, and to a state change: one path ---- */

/* The canonical legal action `text` denotes in the hot-fit state of game g,
   sent by *seat (NULL: whoever must act, no seat check): the text scanned
   once for NUL, the seat checked, then the game's parser run once (it checks
   legality: impl.h parse_action). */
static alea_status resolve_text(const alea_game *g, const alea_state *state, const int *seat,
                                const char *text, size_t len, uint64_t *action, alea_error *err) {
    alea_status s = alea__text_check(text, len, "action text", err);
    if (s == ALEA_OK && seat)
        s = check_seat(g, state, *seat,
                       sent_at_chance(g, state, *seat) &&
                           g->parse_action(state, text, len, action, NULL) == ALEA_OK,
                       err);
    if (s != ALEA_OK)
        return s;
    if (g->current_player(state) == ALEA_PLAYER_TERMINAL)
        return alea__fail(err, ALEA_WRONG_PHASE, -1, "the game is over: no more actions");
    return g->parse_action(state, text, len, action, err);
}

/* The text paths' state change: apply_text_n (seat NULL) and apply_text_as_n. */
static alea_status apply_text(alea_state *state, const int *seat, const char *text, size_t len,
                              alea_error *err) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = alea__hot(state, &s, err);
    uint64_t action = 0;
    if (!g)
        return s;
    if (!text)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "text must not be NULL");
    s = resolve_text(g, state, seat, text, len, &action, err);
    if (s == ALEA_OK) /* the parser's action is legal: no second check */
        g->apply(state, action);
    return s;
}

ALEA_API alea_status alea_state_apply_text_n(alea_state *state, const char *text, size_t len,
                                             alea_error *err) {
    return apply_text(state, NULL, text, len, err);
}

ALEA_API alea_status alea_state_apply_text(alea_state *state, const char *text, alea_error *err) {
    return apply_text(state, NULL, text, text ? strlen(text) : 0, err);
}

ALEA_API alea_status alea_state_apply_text_as_n(alea_state *state, int seat, const char *text,
                                                size_t len, alea_error *err) {
    return apply_text(state, &seat, text, len, err);
}

ALEA_API alea_status alea_state_apply_text_as(alea_state *state, int seat, const char *text,
                                              alea_error *err) {
    return alea_state_apply_text_as_n(state, seat, text, text ? strlen(text) : 0, err);
}

ALEA_API alea_status alea_state_sample(uint64_t *outcome_out, const alea_state *state,
                                       alea_rng *rng) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = alea__hot(state, &s, NULL);
    if (!g || !rng || !outcome_out)
        return g ? ALEA_INVALID_ARGUMENT : s;
    if (g->current_player(state) != ALEA_PLAYER_CHANCE)
        return ALEA_WRONG_PHASE;
    *outcome_out = g->roll(state, rng);
    return ALEA_OK;
}

ALEA_API alea_status alea_state_roll(uint64_t *outcome_out, alea_state *state, alea_rng *rng) {
    uint64_t action = 0;
    alea_status s = alea_state_sample(&action, state, rng);
    const alea_game *g = alea__game_of(state);
    if (s == ALEA_OK) /* a sane chance node, as sample() found: check and apply */
        s = g->check(state, action, NULL);
    if (s == ALEA_OK)
        g->apply(state, action);
    if (s == ALEA_OK && outcome_out)
        *outcome_out = action;
    return s;
}

ALEA_API alea_status alea_state_action_to_text(char *buf, size_t capacity, size_t *len_out,
                                               const alea_state *state, uint64_t action) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = alea__hot(state, &s, NULL);
    alea__buf b;
    if (!g || (!buf && capacity))
        return g ? ALEA_INVALID_ARGUMENT : s;
    alea__buf_init(&b, buf, capacity);
    s = g->format_action(&b, state, action);
    if (s != ALEA_OK) {
        if (capacity)
            buf[0] = '\0';
        return s;
    }
    return alea__buf_finish(&b, len_out);
}

ALEA_API alea_status alea_state_action_from_text_n(uint64_t *action_out, const alea_state *state,
                                                   const char *text, size_t len, alea_error *err) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = alea__hot(state, &s, err);
    uint64_t action = 0;
    if (!g)
        return s;
    if (!action_out || !text)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "action_out and text must not be NULL");
    s = resolve_text(g, state, NULL, text, len, &action, err);
    if (s == ALEA_OK)
        *action_out = action;
    return s;
}

ALEA_API alea_status alea_state_action_from_text(uint64_t *action_out, const alea_state *state,
                                                 const char *text, alea_error *err) {
    return alea_state_action_from_text_n(action_out, state, text, text ? strlen(text) : 0, err);
}

static void write_spec(alea__buf *b, const alea_game *g, const alea_state *st) {
    int32_t values[ALEA__MAX_OPTIONS];
    g->options_of(st, values);
    alea__spec_write(b, g, values);
}

static void write_text(alea__buf *b, const alea_game *g, const alea_state *st) {
    write_spec(b, g, st);
    alea__buf_puts(b, " | ");
    g->write_state(b, st);
}

ALEA_API alea_status alea_state_to_text(char *buf, size_t capacity, size_t *len_out,
                                        const alea_state *state) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = cold(state, &s, NULL);
    alea__buf b;
    if (!g || (!buf && capacity))
        return g ? ALEA_INVALID_ARGUMENT : s;
    alea__buf_init(&b, buf, capacity);
    write_text(&b, g, state);
    return alea__buf_finish(&b, len_out);
}

ALEA_API alea_status alea_state_from_text_n(alea_state *out, const char *text, size_t len,
                                            alea_error *err) {
    const char *bar;
    const alea_game *g;
    int32_t values[ALEA__MAX_OPTIONS];
    alea_state tmp;
    alea__scan sc;
    alea_status s;
    size_t n;
    if (!out || !text)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "state and text must not be NULL");
    s = alea__text_check(text, len, "state text", err);
    if (s != ALEA_OK)
        return s;
    bar = len ? memchr(text, '|', len) : NULL;
    if (!bar)
        return alea__fail(err, ALEA_PARSE_ERROR, 0, "expected '<spec> | <state>'");
    n = (size_t)(bar - text);
    if (n >= ALEA_SPEC_MAX)
        return alea__fail(err, ALEA_PARSE_ERROR, 0, "spec longer than %d bytes", ALEA_SPEC_MAX - 1);
    s = alea__spec_parse(&g, values, text, n, err);
    if (s == ALEA_OK)
        s = alea__state_setup(&tmp, g, values, err);
    if (s != ALEA_OK)
        return s;
    alea__scan_init(&sc, text, len);
    sc.pos = n + 1;
    s = g->read_state(&tmp, &sc, err);
    if (s == ALEA_OK && !alea__scan_at_end(&sc))
        s = alea__fail(err, ALEA_PARSE_ERROR, alea__scan_offset(&sc), "unexpected text at the end");
    if (s == ALEA_OK)
        s = g->validate(&tmp, err);
    if (s == ALEA_OK)
        memcpy(out, &tmp, g->state_size);
    return s;
}

ALEA_API alea_status alea_state_from_text(alea_state *out, const char *text, alea_error *err) {
    return alea_state_from_text_n(out, text, text ? strlen(text) : 0, err);
}

ALEA_API alea_status alea_state_to_board(char *buf, size_t capacity, size_t *len_out,
                                         const alea_state *state) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = cold(state, &s, NULL);
    alea__buf b;
    if (!g || (!buf && capacity))
        return g ? ALEA_INVALID_ARGUMENT : s;
    alea__buf_init(&b, buf, capacity);
    g->write_board(&b, state);
    return alea__buf_finish(&b, len_out);
}

static void write_json_player(alea__buf *b, int player) {
    if (player >= 0)
        alea__buf_printf(b, "%d", player);
    else
        alea__buf_puts(b, player == ALEA_PLAYER_CHANCE ? "\"chance\"" : "\"terminal\"");
}

/* The part after "<spec> | ": the whole state, or what `seat` may know. */
static void write_fields(alea__buf *b, const alea_game *g, const alea_state *st, bool observed,
                         int seat) {
    if (observed && g->observe)
        g->observe(b, st, seat, ALEA__OBS_TEXT);
    else
        g->write_state(b, st);
}

/* The JSON document of alea_state_to_json(); with `observed`, the observation
   of `seat` (an "observer" key, the observation text, the game's masked object). */
static void write_json_doc(alea__buf *b, const alea_game *g, const alea_state *st, bool observed,
                           int seat) {
    alea_result r;
    alea__buf_puts(b, "{\"game\":");
    alea__buf_json_string(b, g->id);
    if (observed) {
        alea__buf_puts(b, ",\"observer\":");
        if (seat == ALEA_OBSERVER_PUBLIC)
            alea__buf_puts(b, "\"public\"");
        else
            alea__buf_printf(b, "%d", seat);
    }
    alea__buf_puts(b, ",\"spec\":\"");
    b->json = true;
    write_spec(b, g, st);
    b->json = false;
    alea__buf_puts(b, "\",\"text\":\"");
    b->json = true;
    write_spec(b, g, st);
    alea__buf_puts(b, " | ");
    write_fields(b, g, st, observed, seat);
    b->json = false;
    alea__buf_puts(b, "\",\"current_player\":");
    write_json_player(b, g->current_player(st));
    memset(&r, 0, sizeof r);
    g->result(st, &r);
    alea__buf_printf(b, ",\"players\":%d,\"scores\":[", (int)r.players);
    for (int i = 0; i < r.players && i < ALEA_MAX_PLAYERS; i++)
        alea__buf_printf(b, "%s%d", i ? "," : "", (int)r.score[i]);
    alea__buf_printf(b, "],\"terminal\":%s,\"state\":", r.terminal ? "true" : "false");
    if (observed && g->observe)
        g->observe(b, st, seat, ALEA__OBS_JSON);
    else
        g->write_json(b, st);
    alea__buf_putc(b, '}');
}

ALEA_API alea_status alea_state_to_json(char *buf, size_t capacity, size_t *len_out,
                                        const alea_state *state) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = cold(state, &s, NULL);
    alea__buf b;
    if (!g || (!buf && capacity))
        return g ? ALEA_INVALID_ARGUMENT : s;
    alea__buf_init(&b, buf, capacity);
    write_json_doc(&b, g, state, false, 0);
    return alea__buf_finish(&b, len_out);
}

/* ---- observations: what one seat may know ---- */

static alea_status observation(char *buf, size_t capacity, size_t *len_out, const alea_state *state,
                               int seat, int form) {
    /* a cold path that must never leak or crash: the whole state is checked */
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = cold(state, &s, NULL);
    alea__buf b;
    if (!g || (!buf && capacity))
        return g ? ALEA_INVALID_ARGUMENT : s;
    if (seat != ALEA_OBSERVER_PUBLIC && (seat < 0 || seat >= g->num_players(state)))
        return ALEA_INVALID_ARGUMENT;
    alea__buf_init(&b, buf, capacity);
    switch (form) {
    case ALEA__OBS_TEXT:
        write_spec(&b, g, state);
        alea__buf_puts(&b, " | ");
        write_fields(&b, g, state, true, seat);
        break;
    case ALEA__OBS_JSON:
        write_json_doc(&b, g, state, true, seat);
        break;
    default:
        if (g->observe)
            g->observe(&b, state, seat, ALEA__OBS_BOARD);
        else
            g->write_board(&b, state);
        break;
    }
    return alea__buf_finish(&b, len_out);
}

ALEA_API alea_status alea_state_observation_text(char *buf, size_t capacity, size_t *len_out,
                                                 const alea_state *state, int seat) {
    return observation(buf, capacity, len_out, state, seat, ALEA__OBS_TEXT);
}

ALEA_API alea_status alea_state_observation_json(char *buf, size_t capacity, size_t *len_out,
                                                 const alea_state *state, int seat) {
    return observation(buf, capacity, len_out, state, seat, ALEA__OBS_JSON);
}

ALEA_API alea_status alea_state_observation_board(char *buf, size_t capacity, size_t *len_out,
                                                  const alea_state *state, int seat) {
    return observation(buf, capacity, len_out, state, seat, ALEA__OBS_BOARD);
}

/* A cold path like the observations: the whole state is checked, and only a
   legal action is written, since what an illegal one would reveal is unknown. */
ALEA_API alea_status alea_state_action_observation_text(char *buf, size_t capacity,
                                                        size_t *len_out, const alea_state *before,
                                                        uint64_t action, int seat) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = cold(before, &s, NULL);
    alea__buf b;
    if (!g || (!buf && capacity))
        return g ? ALEA_INVALID_ARGUMENT : s;
    if (capacity)
        buf[0] = '\0';
    if (seat != ALEA_OBSERVER_PUBLIC && (seat < 0 || seat >= g->num_players(before)))
        return ALEA_INVALID_ARGUMENT;
    s = alea__may_apply(g, before, action, NULL);
    if (s != ALEA_OK)
        return s;
    alea__buf_init(&b, buf, capacity);
    if (g->observe_action)
        g->observe_action(&b, before, action, seat);
    else
        g->format_action(&b, before, action); /* legal: well-formed */
    return alea__buf_finish(&b, len_out);
}

ALEA_API alea_status alea_state_spec(char *buf, size_t capacity, size_t *len_out,
                                     const alea_state *state) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = cold(state, &s, NULL);
    alea__buf b;
    if (!g || (!buf && capacity))
        return g ? ALEA_INVALID_ARGUMENT : s;
    alea__buf_init(&b, buf, capacity);
    write_spec(&b, g, state);
    return alea__buf_finish(&b, len_out);
}

ALEA_API alea_status alea_state_result(alea_result *out, const alea_state *state) {
    alea_status s = ALEA_INVALID_ARGUMENT;
    const alea_game *g = alea__hot(state, &s, NULL); /* playouts end on it: the cheap check */
    if (!g || !out)
        return g ? ALEA_INVALID_ARGUMENT : s;
    memset(out, 0, sizeof *out);
    g->result(state, out);
    return ALEA_OK;
}

ALEA_API alea_status alea_state_scores(int32_t *out, size_t capacity, size_t *count_out,
                                       const alea_state *state) {
    alea_result r = {0};
    size_t n;
    alea_status s = alea_state_result(&r, state);
    if (!count_out || (!out && capacity))
        return ALEA_INVALID_ARGUMENT;
    if (s != ALEA_OK)
        return s;
    n = (size_t)r.players;
    *count_out = n;
    return copy_what_fits(out, capacity, r.score, n, sizeof *out);
}
