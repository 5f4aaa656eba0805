/*
 * GNU Backgammon Position ID (§8) and Match ID (§9): encoding, decoding, and
 * a state built from both.  Bits are packed least significant first into
 * bytes, bytes into standard Base64 without padding.
 */
#include "backgammon/bg.h"
#include "core/games.h"

#include <string.h>

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void to_base64(char *out, const uint8_t *key, size_t n) {
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t v = (uint32_t)key[i] << 16;
        size_t chars = 2;
        if (i + 1 < n) {
            v |= (uint32_t)key[i + 1] << 8;
            chars = 3;
        }
        if (i + 2 < n) {
            v |= key[i + 2];
            chars = 4;
        }
        for (size_t c = 0; c < chars; c++)
            out[o++] = b64[(v >> (18 - 6 * c)) & 63];
    }
    out[o] = '\0';
}

static int b64_value(char c) {
    const char *p = c ? strchr(b64, c) : NULL;
    return p ? (int)(p - b64) : -1;
}

/* Exactly `chars` Base64 characters into n bytes; the unused low bits must be 0.
   NULL on success, else what is wrong, with *at the offending offset. */
static const char *from_base64(uint8_t *key, size_t n, const char *text, size_t len, size_t chars,
                               int32_t *at) {
    *at = 0;
    if (len != chars) {
        *at = (int32_t)(len < chars ? len : chars);
        return len < chars ? "too short" : "too long";
    }
    memset(key, 0, n);
    uint32_t acc = 0;
    int bits = 0;
    size_t o = 0;
    for (size_t i = 0; i < chars; i++) {
        int v = b64_value(text[i]);
        *at = (int32_t)i;
        if (v < 0)
            return "not a Base64 character";
        acc = acc << 6 | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            if (o < n)
                key[o++] = (uint8_t)(acc >> bits);
            acc &= (1u << bits) - 1;
        }
    }
    return acc == 0 ? NULL : "the last character has unused bits set";
}

static void set_bits(uint8_t *key, int at, int width, uint32_t value) {
    for (int i = 0; i < width; i++)
        if (value >> i & 1u)
            key[(at + i) / 8] |= (uint8_t)(1u << ((at + i) % 8));
}

static uint32_t get_bits(const uint8_t *key, int at, int width) {
    uint32_t v = 0;
    for (int i = 0; i < width; i++) {
        uint32_t byte = key[(at + i) / 8];
        v |= ((byte >> ((at + i) % 8)) & 1u) << i;
    }
    return v;
}

/* ---- Position ID ---- */

void alea__bg_position_id(char out[15], const bg_state *s) {
    uint8_t key[10] = {0};
    int bit = 0;
    for (int k = 0; k < 2; k++) {
        int c[26];
        alea__bg_counts(s, k == 0 ? 1 - s->turn : s->turn, c); /* not on roll first (§8) */
        for (int i = 1; i <= 25; i++) {
            for (int j = 0; j < c[i]; j++, bit++)
                key[bit / 8] |= (uint8_t)(1u << (bit % 8));
            bit++;
        }
    }
    to_base64(out, key, 10);
}

static bool closed_home(const int32_t *c) {
    for (int i = 1; i <= 6; i++)
        if (c[i] < 2)
            return false;
    return true;
}

ALEA_API alea_status alea_backgammon_decode_position_id_n(int32_t first[26], int32_t second[26],
                                                          const char *id, size_t len,
                                                          alea_error *err) {
    uint8_t key[10];
    int32_t at;
    const char *why;
    char position_id[15]; /* the 14 characters, for the messages */
    if (!first || !second || !id)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "NULL argument");
    alea_status st = alea__text_check(id, len, "Position ID", err);
    if (st != ALEA_OK)
        return st;
    why = from_base64(key, 10, id, len, 14, &at);
    if (why)
        return alea__fail(err, ALEA_PARSE_ERROR, at,
                          "§8: a Position ID is 14 Base64 characters (A-Z a-z 0-9 + /): %s", why);
    memcpy(position_id, id, 14);
    position_id[14] = '\0';
    int32_t *side[2] = {first, second};
    int bit = 0;
    for (int k = 0; k < 2; k++) {
        int total = 0;
        side[k][0] = 0;
        for (int i = 1; i <= 25; i++) {
            int n = 0;
            while (bit < 80 && get_bits(key, bit, 1)) {
                n++;
                bit++;
            }
            if (bit >= 80)
                return alea__fail(err, ALEA_INVALID_STATE, -1, "§8: corrupt Position ID %s",
                                  position_id);
            bit++;
            side[k][i] = n;
            total += n;
        }
        if (total > BG_CHECKERS)
            return alea__fail(err, ALEA_INVALID_STATE, -1,
                              "§8: Position ID %s has %d checkers for one side (at most 15)",
                              position_id, total);
        side[k][0] = BG_CHECKERS - total;
    }
    for (; bit < 80; bit++)
        if (get_bits(key, bit, 1))
            return alea__fail(err, ALEA_INVALID_STATE, -1, "§8: corrupt Position ID %s",
                              position_id);
    for (int p = 1; p <= 24; p++)
        if (first[p] && second[25 - p])
            return alea__fail(err, ALEA_INVALID_STATE, -1,
                              "§8: Position ID %s puts both players on one point", position_id);
    if (first[25] && second[25] && closed_home(first) && closed_home(second))
        return alea__fail(err, ALEA_INVALID_STATE, -1,
                          "§8: both players on the bar against closed boards");
    return ALEA_OK;
}

ALEA_API alea_status alea_backgammon_decode_position_id(int32_t first[26], int32_t second[26],
                                                        const char *position_id, alea_error *err) {
    return alea_backgammon_decode_position_id_n(first, second, position_id,
                                                position_id ? strlen(position_id) : 0, err);
}

/* ---- Match ID ---- */

static int game_state(const bg_state *s) {
    if (s->phase == BG_OPENING)
        return 0;
    if (s->phase != BG_OVER)
        return 1;
    return s->last_how == ALEA_BACKGAMMON_END_DROP     ? 4
           : s->last_how == ALEA_BACKGAMMON_END_RESIGN ? 3
                                                       : 2;
}

/* Match ID bit 11 of a finished game, as gnubg (§11.7): the player who made
   the last decision (the one who dropped, the one who accepted a
   resignation), or after a bear-off the loser, who is on roll. */
static int over_to_act(const bg_state *s) {
    switch (s->last_how) {
    case ALEA_BACKGAMMON_END_RESIGN:
        return s->last_winner;
    case ALEA_BACKGAMMON_END_DROP:
        return 1 - s->last_winner;
    default:
        return s->turn;
    }
}

void alea__bg_match_id(char out[13], const bg_state *s) {
    uint8_t key[9] = {0};
    int to_act = s->phase == BG_OVER ? over_to_act(s) : alea__bg_to_act(s);
    set_bits(key, 0, 4, s->cube_log);
    set_bits(key, 4, 2, s->cube_owner == BG_CENTRE ? 3u : s->cube_owner);
    set_bits(key, 6, 1, s->turn);
    set_bits(key, 7, 1, (s->flags & BG_FLAG_CRAWFORD) != 0);
    set_bits(key, 8, 3, (uint32_t)game_state(s));
    set_bits(key, 11, 1, (uint32_t)(to_act >= 0 ? to_act : s->turn));
    set_bits(key, 12, 1, s->phase == BG_TAKE || s->phase == BG_BEAVERED);
    set_bits(key, 13, 2, s->resign); /* also kept after an accepted resignation */
    set_bits(key, 15, 3, s->die[0]);
    set_bits(key, 18, 3, s->die[1]);
    set_bits(key, 21, 15, s->mode == BG_MODE_MATCH ? s->length : 0);
    for (int i = 0; i < 2; i++)
        set_bits(key, 36 + 15 * i, 15, s->score[i] > 32767 ? 32767 : s->score[i]);
    set_bits(key, 66, 1, !(s->mode == BG_MODE_MONEY && (s->opt & BG_OPT_JACOBY)));
    to_base64(out, key, 9);
}

/* The snprintf contract of every text writer (common.h) for an ID of `len`
   characters already written into id[]. */
static alea_status put_id(char *buf, size_t capacity, size_t *len_out, const char *id, size_t len) {
    if (len_out)
        *len_out = len;
    if (capacity == 0)
        return ALEA_BUFFER_TOO_SMALL;
    if (capacity <= len) {
        memcpy(buf, id, capacity - 1);
        buf[capacity - 1] = '\0';
        return ALEA_BUFFER_TOO_SMALL;
    }
    memcpy(buf, id, len + 1);
    return ALEA_OK;
}

ALEA_API alea_status alea_backgammon_position_id(char *buf, size_t capacity, size_t *len_out,
                                                 const alea_state *state) {
    char id[ALEA_BACKGAMMON_POSITION_ID_SIZE];
    if ((!buf && capacity) || alea_state_game(state) != &alea__backgammon_game)
        return ALEA_INVALID_ARGUMENT;
    if (alea_state_validate(state, NULL) != ALEA_OK)
        return ALEA_INVALID_STATE;
    alea__bg_position_id(id, bg_cof(state));
    return put_id(buf, capacity, len_out, id, sizeof id - 1);
}

ALEA_API alea_status alea_backgammon_match_id(char *buf, size_t capacity, size_t *len_out,
                                              const alea_state *state) {
    char id[ALEA_BACKGAMMON_MATCH_ID_SIZE];
    if ((!buf && capacity) || alea_state_game(state) != &alea__backgammon_game)
        return ALEA_INVALID_ARGUMENT;
    if (alea_state_validate(state, NULL) != ALEA_OK)
        return ALEA_INVALID_STATE;
    alea__bg_match_id(id, bg_cof(state));
    return put_id(buf, capacity, len_out, id, sizeof id - 1);
}

/* ---- a state from both IDs ---- */

typedef struct match_fields {
    uint32_t cube_log, owner, turn, crawford, state, to_act, doubled, resign, d1, d2, length;
    uint32_t score[2], jacoby_off;
} match_fields;

/* id[0, len) into *m; on success `text` holds the 12 characters, for messages. */
static alea_status decode_match_id(match_fields *m, char text[13], const char *match_id, size_t len,
                                   alea_error *err) {
    uint8_t key[9];
    int32_t at;
    const char *id = text;
    alea_status st = alea__text_check(match_id, len, "Match ID", err);
    if (st != ALEA_OK)
        return st;
    const char *why = from_base64(key, 9, match_id, len, 12, &at);
    if (why)
        return alea__fail(err, ALEA_PARSE_ERROR, at,
                          "§9: a Match ID is 12 Base64 characters (A-Z a-z 0-9 + /): %s", why);
    memcpy(text, match_id, 12);
    text[12] = '\0';
    m->cube_log = get_bits(key, 0, 4);
    m->owner = get_bits(key, 4, 2);
    m->turn = get_bits(key, 6, 1);
    m->crawford = get_bits(key, 7, 1);
    m->state = get_bits(key, 8, 3);
    m->to_act = get_bits(key, 11, 1);
    m->doubled = get_bits(key, 12, 1);
    m->resign = get_bits(key, 13, 2);
    m->d1 = get_bits(key, 15, 3);
    m->d2 = get_bits(key, 18, 3);
    m->length = get_bits(key, 21, 15);
    m->score[0] = get_bits(key, 36, 15);
    m->score[1] = get_bits(key, 51, 15);
    m->jacoby_off = get_bits(key, 66, 1);
    if (get_bits(key, 67, 5) != 0 || m->owner == 2 || m->state > 4 || m->d1 > 6 || m->d2 > 6 ||
        (m->d1 == 0) != (m->d2 == 0))
        return alea__fail(err, ALEA_INVALID_STATE, -1, "§9: corrupt Match ID %s", id);
    return ALEA_OK;
}

/* Options from the spec, the mode from the Match ID's length. */
static alea_status options_for(const alea_game **g, int32_t *values, const char *spec,
                               size_t spec_len, const match_fields *m, alea_error *err) {
    alea_status st = spec ? alea__text_check(spec, spec_len, "spec", err) : ALEA_OK;
    if (st == ALEA_OK)
        st = spec ? alea__spec_parse(g, values, spec, spec_len, err)
                  : alea__spec_parse(g, values, "backgammon", strlen("backgammon"), err);
    if (st != ALEA_OK)
        return st;
    if (*g != &alea__backgammon_game)
        return alea__fail(err, ALEA_BAD_OPTION, -1, "the spec is not a backgammon spec");
    if (m->length > 0) {
        if (values[BG_OPTION_MATCH] == 0 && values[BG_OPTION_MONEY] == 0)
            values[BG_OPTION_CUBE] =
                BG_CUBE_AUTO; /* a single game says nothing of a match's cube */
        values[BG_OPTION_MATCH] = (int32_t)m->length;
        values[BG_OPTION_MONEY] = 0;
        values[BG_OPTION_GAMES] = 1;
    } else {
        values[BG_OPTION_MATCH] = 0;
    }
    return ALEA_OK;
}

/* Player p's own counts onto the board (the other's cells are left alone;
   the decoder has checked that no point is shared). */
static void place(bg_state *s, int player, const int32_t *c) {
    for (int i = 1; i <= 24; i++)
        if (c[i])
            s->board[player == 0 ? i - 1 : 24 - i] = (int8_t)(player == 0 ? c[i] : -c[i]);
    s->bar[player] = (uint8_t)c[BG_BAR];
}

/* A finished game (game state 2 bear-off, 3 resignation, 4 dropped cube)
   as gnubg leaves it (§11.7): the winner follows from who is on roll and
   who acts; the games played are not in the IDs (1, or a money session's
   last).  A finished game that does not end a match goes on to the next. */
static alea_status fill_finished(bg_state *s, const match_fields *m, const char *id,
                                 alea_error *err) {
    int winner, mult = 1, how;
    bool dice = m->d1 != 0;
    if (m->doubled || (m->state != 3 && (dice || m->resign)))
        return alea__fail(err, ALEA_INVALID_STATE, -1,
                          "§9: Match ID %s: a finished game with a pending offer or dice", id);
    if (m->state == 2) { /* the loser is on roll */
        if (m->to_act != m->turn)
            return alea__fail(err, ALEA_INVALID_STATE, -1,
                              "§11.7: Match ID %s: after a bear-off the loser is on roll", id);
        winner = 1 - (int)m->turn;
        how = ALEA_BACKGAMMON_END_BEAROFF;
        int c[26];
        alea__bg_counts(s, winner, c);
        if (c[0] != BG_CHECKERS)
            return alea__fail(err, ALEA_INVALID_STATE, -1,
                              "§6: Match ID %s ends a game by bearing off, but player %d has "
                              "not borne off all 15",
                              id, winner);
        mult = alea__bg_bearoff_multiplier(s, winner);
    } else if (m->state == 3) { /* the resigner stays on roll, the winner accepted */
        if (!m->resign || m->to_act == m->turn)
            return alea__fail(err, ALEA_INVALID_STATE, -1,
                              "§11.7: Match ID %s: a game ended by resignation keeps the level "
                              "offered, and the opponent accepted it",
                              id);
        if (!(s->opt & BG_OPT_RESIGN))
            return alea__fail(err, ALEA_INVALID_STATE, -1,
                              "§6: Match ID %s ends by a resignation; use resign=on", id);
        winner = (int)m->to_act;
        mult = (int)m->resign;
        s->resign = (uint8_t)m->resign;
        how = ALEA_BACKGAMMON_END_RESIGN;
    } else { /* the player who dropped acts last */
        winner = 1 - (int)m->to_act;
        how = ALEA_BACKGAMMON_END_DROP;
    }
    s->last_winner = (uint8_t)winner;
    s->last_mult = (uint8_t)mult;
    s->last_cube = s->cube_log;
    s->last_how = (uint8_t)how;
    s->games_played = s->mode == BG_MODE_MONEY ? s->length : 1;
    alea__bg_after_game(s);
    return ALEA_OK;
}

static alea_status fill_phase(bg_state *s, const match_fields *m, const char *id, alea_error *err) {
    bool dice = m->d1 != 0;
    if (m->state == 0) {
        s->phase = BG_OPENING;
        if (dice || m->doubled || m->resign || m->turn)
            return alea__fail(err, ALEA_INVALID_STATE, -1,
                              "§9: Match ID %s: no dice, offers or player on roll before the "
                              "opening",
                              id);
        return ALEA_OK;
    }
    if (m->state >= 2)
        return fill_finished(s, m, id, err);
    if (m->doubled) {
        if (dice || m->resign)
            return alea__fail(err, ALEA_INVALID_STATE, -1,
                              "§9: Match ID %s: a double is offered before rolling", id);
        if (m->to_act == m->turn) { /* §7.3: the doubler answers a beaver */
            s->phase = BG_BEAVERED;
            return ALEA_OK;
        }
        s->phase = BG_TAKE;
        return ALEA_OK;
    }
    if (m->resign) {
        if (m->to_act == m->turn)
            return alea__fail(err, ALEA_INVALID_STATE, -1,
                              "§9: Match ID %s: the opponent answers a resignation", id);
        s->phase = BG_RESIGN;
        s->resign = (uint8_t)m->resign;
        if (!(s->opt & BG_OPT_RESIGN))
            return alea__fail(err, ALEA_INVALID_STATE, -1,
                              "§6: Match ID %s offers a resignation; use resign=on", id);
        return ALEA_OK;
    }
    if (m->to_act != m->turn)
        return alea__fail(err, ALEA_INVALID_STATE, -1,
                          "§9: Match ID %s: nothing is offered, yet the player on roll is not "
                          "the one to act",
                          id);
    s->phase = dice ? BG_MOVE : alea__bg_turn_decision(s, s->turn) ? BG_CUBE : BG_DICE;
    return ALEA_OK;
}

ALEA_API alea_status alea_backgammon_from_gnubg_n(alea_state *out, const char *spec,
                                                  size_t spec_len, const char *position_id,
                                                  size_t position_len, const char *match_id_text,
                                                  size_t match_len, alea_error *err) {
    int32_t first[26] = {0}, second[26] = {0}, values[ALEA__MAX_OPTIONS] = {0};
    match_fields m = {0};
    const alea_game *g;
    alea_state tmp;
    char match_id[13];
    if (!out || !position_id || !match_id_text)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "NULL argument");
    /* a NUL in any of the three texts is refused first, whatever else is wrong (as
       alea/backgammon.h says): a text never passes as its prefix */
    alea_status st = alea__text_check(position_id, position_len, "Position ID", err);
    if (st == ALEA_OK)
        st = alea__text_check(match_id_text, match_len, "Match ID", err);
    if (st == ALEA_OK && spec)
        st = alea__text_check(spec, spec_len, "spec", err);
    if (st == ALEA_OK)
        st = alea_backgammon_decode_position_id_n(first, second, position_id, position_len, err);
    if (st == ALEA_OK)
        st = decode_match_id(&m, match_id, match_id_text, match_len, err);
    if (st == ALEA_OK)
        st = options_for(&g, values, spec, spec_len, &m, err);
    if (st == ALEA_OK)
        st = alea__state_setup(&tmp, g, values, err);
    if (st != ALEA_OK)
        return st;
    bg_state *s = bg_of(&tmp);
    s->turn = (uint8_t)m.turn;
    memset(s->board, 0, sizeof s->board);
    place(s, 1 - s->turn, first);
    place(s, s->turn, second);
    s->cube_log = (uint8_t)m.cube_log;
    s->cube_owner = (uint8_t)(m.owner == 3 ? BG_CENTRE : m.owner);
    s->flags = m.crawford ? BG_FLAG_CRAWFORD : 0;
    s->score[0] = m.score[0];
    s->score[1] = m.score[1];
    s->die[0] = (uint8_t)(m.d1 > m.d2 ? m.d1 : m.d2);
    s->die[1] = (uint8_t)(m.d1 > m.d2 ? m.d2 : m.d1);
    if (s->cube_owner == BG_CENTRE) /* §7.6: only automatic doubles turn a centred cube */
        s->autos = s->cube_log;
    if (!(s->opt & BG_OPT_CUBE) && (m.cube_log || m.owner != 3 || m.doubled))
        return alea__fail(err, ALEA_INVALID_STATE, -1,
                          "§7.1: Match ID %s uses the cube, but the spec has none (use money=on "
                          "or a match)",
                          match_id);
    st = fill_phase(s, &m, match_id, err);
    if (st == ALEA_OK)
        st = alea__bg_validate(&tmp, err);
    if (st == ALEA_OK)
        memcpy(out, &tmp, sizeof(bg_state));
    return st;
}

ALEA_API alea_status alea_backgammon_from_gnubg(alea_state *out, const char *spec,
                                                const char *position_id, const char *match_id,
                                                alea_error *err) {
    return alea_backgammon_from_gnubg_n(out, spec, spec ? strlen(spec) : 0, position_id,
                                        position_id ? strlen(position_id) : 0, match_id,
                                        match_id ? strlen(match_id) : 0, err);
}
