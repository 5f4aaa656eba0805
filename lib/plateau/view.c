/*
 * Plateau: the typed API of include/alea/plateau.h: options, action
 * encoding, the full view, and the per-seat public view of R11 with its text
 * and JSON forms.  The generic JSON form ("state" object) is the full view
 * written by the same code.
 */
#include "core/games.h"
#include "plateau/pl.h"

#include <stdio.h>
#include <string.h>

ALEA_API alea_status alea_plateau_options_init(alea_plateau_options *opts, uint32_t version) {
    static const alea_plateau_options defaults = ALEA_PLATEAU_OPTIONS_INIT;
    if (!opts || version != ALEA_PLATEAU_OPTIONS_VERSION)
        return ALEA_INVALID_ARGUMENT;
    *opts = defaults;
    return ALEA_OK;
}

ALEA_API alea_status alea_plateau_init(alea_state *out, const alea_plateau_options *opts,
                                       alea_error *err) {
    if (out == NULL || opts == NULL)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "NULL state or options");
    if (opts->version != ALEA_PLATEAU_OPTIONS_VERSION)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "plateau options version %u is not %d",
                          (unsigned)opts->version, ALEA_PLATEAU_OPTIONS_VERSION);
    char spec[80];
    snprintf(spec, sizeof spec, "plateau overpay=%ld max-plies=%ld", (long)opts->overpay,
             (long)opts->max_plies);
    return alea_state_init(out, spec, err);
}

ALEA_API int32_t alea_plateau_exchange_value(const uint8_t counts[ALEA_PLATEAU_PIECE_TYPES]) {
    uint8_t c[8] = {0};
    if (counts == NULL)
        return 0;
    memcpy(c, counts, PL_TYPES);
    return alea__pl_set_value(c);
}

static bool in(int v, int lo, int hi) {
    return v >= lo && v <= hi;
}

ALEA_API alea_status alea_plateau_encode(uint64_t *out, const alea_plateau_action *action) {
    if (out == NULL || action == NULL)
        return ALEA_INVALID_ARGUMENT;
    const alea_plateau_action *x = action;
    pl_action a;
    memset(&a, 0, sizeof a);
    a.kind = x->kind;
    switch (x->kind) {
    case ALEA_PLATEAU_SETUP:
        if (!in(x->bottom_type, 0, 6) || !in(x->bottom_side, 0, 1))
            return ALEA_INVALID_ARGUMENT;
        a.pstate2 = x->bottom_type * 2 + x->bottom_side;
        /* fall through */
    case ALEA_PLATEAU_ONBOARD:
        if (!in(x->square, 0, 15) || !in(x->type, 0, 6) || !in(x->side, 0, 1) ||
            !in(x->level, 0, PL_MAX_HEIGHT))
            return ALEA_INVALID_ARGUMENT;
        a.square = x->square;
        a.pstate = x->type * 2 + x->side;
        a.level = x->kind == ALEA_PLATEAU_ONBOARD ? x->level : 0;
        break;
    case ALEA_PLATEAU_MOVE:
        if (!in(x->square, 0, 15) || !in(x->target, 0, 15) || !in(x->flip, 0, 1) ||
            !in(x->lift, 1, 7) || !in(x->stop[0], 0, 15) || !in(x->stop[1], 0, 15))
            return ALEA_INVALID_ARGUMENT;
        a.square = x->square;
        a.target = x->target;
        a.flip = x->flip;
        a.k = x->lift;
        a.m[0] = x->stop[0];
        a.m[1] = x->stop[1];
        break;
    case ALEA_PLATEAU_OFFER:
    case ALEA_PLATEAU_GIVE:
        for (int t = 0; t < PL_TYPES; t++) {
            if (x->set[t] > 7)
                return ALEA_INVALID_ARGUMENT;
            a.set[t] = x->set[t];
        }
        break;
    case ALEA_PLATEAU_DECLINE:
    case ALEA_PLATEAU_PASS:
        break;
    default:
        return ALEA_INVALID_ARGUMENT;
    }
    uint64_t v = alea__pl_encode(&a);
    pl_action check;
    if (alea__pl_decode(&check, v, NULL) != ALEA_OK)
        return ALEA_INVALID_ARGUMENT;
    *out = v;
    return ALEA_OK;
}

ALEA_API alea_status alea_plateau_decode(alea_plateau_action *out, uint64_t action) {
    pl_action a;
    if (out == NULL || alea__pl_decode(&a, action, NULL) != ALEA_OK)
        return ALEA_INVALID_ARGUMENT;
    memset(out, 0, sizeof *out);
    out->kind = a.kind;
    switch (a.kind) {
    case ALEA_PLATEAU_SETUP:
        out->bottom_type = PL_TYPE_OF(a.pstate2);
        out->bottom_side = a.pstate2 & 1;
        /* fall through */
    case ALEA_PLATEAU_ONBOARD:
        out->square = a.square;
        out->type = PL_TYPE_OF(a.pstate);
        out->side = a.pstate & 1;
        out->level = a.level;
        break;
    case ALEA_PLATEAU_MOVE:
        out->square = a.square;
        out->target = a.target;
        out->flip = a.flip;
        out->lift = a.k;
        out->stop[0] = a.m[0];
        out->stop[1] = a.m[1];
        break;
    default:
        memcpy(out->set, a.set, PL_TYPES);
        break;
    }
    return ALEA_OK;
}

/* ---- views ---- */

/* viewer: ALEA_PLATEAU_VIEWER_FULL the whole state, 0 or 1 a seat, ALEA_OBSERVER_PUBLIC a spectator
   (who sees each piece as its owner's opponent does, and no reserve). */
static void view_piece(alea_plateau_piece *out, uint8_t x, int viewer) {
    int ps = pl_pstate(x);
    out->owner = (int8_t)pl_owner(x);
    out->type = (int8_t)pl_type(x);
    out->up = (int8_t)alea__pl_face(ps);
    out->down = (int8_t)alea__pl_face(ps ^ 1);
    if (viewer == ALEA_PLATEAU_VIEWER_FULL || viewer == pl_owner(x))
        return;
    /* R11: the opponent's piece, as far as its faces were shown */
    if (!(x & PL_UPK))
        out->up = -1;
    if (!(x & PL_DNK))
        out->down = -1;
    if (out->down < 0 && out->up != PL_ORANGE)
        out->type = -1; /* only both faces (or the Twister's orange) name the type */
}

void alea__pl_fill_view(alea_plateau_view *out, const pl_state *s, int viewer) {
    memset(out, 0, sizeof *out);
    out->version = ALEA_PLATEAU_VIEW_VERSION;
    out->viewer = viewer;
    out->phase = s->phase;
    out->to_act = s->phase == PL_OVER ? -1 : s->to_act;
    out->result = s->result;
    out->passes = s->passes;
    out->min_offer = s->min_offer;
    out->plies = (int32_t)s->plies;
    out->max_plies = (int32_t)s->max_plies;
    out->overpay = s->overpay;
    for (int sq = 0; sq < PL_SQUARES; sq++) {
        /* clamped: the JSON of a damaged state still reads inside its bytes */
        int h = s->height[sq] < PL_MAX_HEIGHT ? s->height[sq] : PL_MAX_HEIGHT;
        out->height[sq] = h;
        for (int i = 0; i < h; i++)
            view_piece(&out->stack[sq][i], s->stack[sq][i], viewer);
    }
    for (int p = 0; p < 2; p++) {
        out->reserve_size[p] = alea__pl_set_size(s->reserve[p]);
        for (int t = 0; t < PL_TYPES; t++) {
            out->reserve[p][t] =
                viewer != ALEA_PLATEAU_VIEWER_FULL && viewer != p ? -1 : s->reserve[p][t];
            out->prisoners[p][t] = s->prisoners[p][t];
        }
    }
    for (int t = 0; t < PL_TYPES; t++)
        out->offer[t] = s->offer[t];
    out->offer_value = alea__pl_set_value(s->offer);
}

/* The state if it is a sound Plateau state; else NULL and *why is
   ALEA_INVALID_ARGUMENT (NULL, bad head, another game) or ALEA_INVALID_STATE. */
static const pl_state *plateau_of(const alea_state *state, alea_status *why) {
    *why = ALEA_INVALID_ARGUMENT;
    if (state == NULL || alea_state_game(state) != &alea__plateau_game)
        return NULL;
    *why = alea_state_validate(state, NULL);
    return *why == ALEA_OK ? pl_cof(state) : NULL;
}

ALEA_API alea_status alea_plateau_get_view(alea_plateau_view *out, const alea_state *state) {
    alea_status why;
    const pl_state *s = plateau_of(state, &why);
    if (out == NULL || out->version != ALEA_PLATEAU_VIEW_VERSION)
        return ALEA_INVALID_ARGUMENT;
    if (s == NULL)
        return why;
    alea__pl_fill_view(out, s, ALEA_PLATEAU_VIEWER_FULL);
    return ALEA_OK;
}

ALEA_API alea_status alea_plateau_get_public_view(alea_plateau_view *out, const alea_state *state,
                                                  int32_t viewer) {
    alea_status why;
    const pl_state *s = plateau_of(state, &why);
    if (out == NULL || out->version != ALEA_PLATEAU_VIEW_VERSION ||
        (viewer != 0 && viewer != 1 && viewer != ALEA_OBSERVER_PUBLIC))
        return ALEA_INVALID_ARGUMENT;
    if (s == NULL)
        return why;
    alea__pl_fill_view(out, s, viewer);
    return ALEA_OK;
}

/* ---- JSON of a view ---- */

static const char *face_name(int f) {
    static const char *const n[4] = {"blank", "red", "blue", "orange"};
    return f >= 0 && f < 4 ? n[f] : NULL;
}

static void json_name(alea__buf *b, const char *s) {
    if (s)
        alea__buf_printf(b, "\"%s\"", s);
    else
        alea__buf_puts(b, "null");
}

static void json_set(alea__buf *b, const int32_t *counts) {
    bool first = true;
    alea__buf_putc(b, '[');
    for (int t = 0; t < PL_TYPES; t++)
        for (int i = 0; i < counts[t]; i++) {
            alea__buf_printf(b, "%s\"%s\"", first ? "" : ",", alea__pl_type_code(t));
            first = false;
        }
    alea__buf_putc(b, ']');
}

static void json_view(alea__buf *b, const alea_plateau_view *v, const pl_state *s) {
    static const char *const phases[4] = {"setup", "play", "respond", "over"};
    static const char *const results[4] = {"none", "black", "white", "draw"};
    alea__buf_printf(b, "{\"phase\":\"%s\",\"to_act\":", phases[v->phase & 3]);
    if (v->to_act < 0)
        alea__buf_puts(b, "null");
    else
        alea__buf_printf(b, "%d", (int)v->to_act);
    alea__buf_printf(b,
                     ",\"result\":\"%s\",\"passes\":%d,\"plies\":%ld,\"max_plies\":%ld,"
                     "\"overpay\":%s,\"min_offer\":%d,\"offer\":",
                     results[v->result & 3], (int)v->passes, (long)v->plies, (long)v->max_plies,
                     v->overpay ? "true" : "false", (int)v->min_offer);
    json_set(b, v->offer);
    alea__buf_printf(b, ",\"offer_value\":%d,\"reserve\":[", (int)v->offer_value);
    for (int p = 0; p < 2; p++) {
        alea__buf_puts(b, p ? "," : "");
        if (v->reserve[p][0] < 0)
            alea__buf_printf(b, "%d", (int)v->reserve_size[p]);
        else
            json_set(b, v->reserve[p]);
    }
    alea__buf_puts(b, "],\"prisoners\":[");
    for (int p = 0; p < 2; p++) {
        alea__buf_puts(b, p ? "," : "");
        json_set(b, v->prisoners[p]);
    }
    alea__buf_puts(b, "],\"board\":{");
    for (int sq = 0; sq < PL_SQUARES; sq++) {
        char name[3];
        alea__pl_square_text(name, sq);
        alea__buf_printf(b, "%s\"%s\":[", sq ? "," : "", name);
        for (int i = 0; i < v->height[sq]; i++) {
            const alea_plateau_piece *pc = &v->stack[sq][i];
            alea__buf_printf(b, "%s{\"owner\":%d,\"type\":", i ? "," : "", pc->owner);
            json_name(b, pc->type >= 0 ? alea__pl_type_code(pc->type) : NULL);
            alea__buf_puts(b, ",\"up\":");
            json_name(b, face_name(pc->up));
            alea__buf_puts(b, ",\"down\":");
            json_name(b, face_name(pc->down));
            if (s) {
                uint8_t x = s->stack[sq][i];
                alea__buf_printf(b, ",\"seen\":\"%s\"",
                                 !(x & PL_UPK)  ? "none"
                                 : (x & PL_DNK) ? "both"
                                                : "up");
            }
            alea__buf_putc(b, '}');
        }
        alea__buf_putc(b, ']');
    }
    alea__buf_puts(b, "}}");
}

void alea__pl_write_json(alea__buf *b, const alea_state *st) {
    alea_plateau_view v;
    alea__pl_fill_view(&v, pl_cof(st), ALEA_PLATEAU_VIEWER_FULL);
    json_view(b, &v, pl_cof(st));
}

void alea__pl_write_public_json(alea__buf *b, const alea_state *st, int viewer) {
    alea_plateau_view v;
    alea__pl_fill_view(&v, pl_cof(st), viewer);
    json_view(b, &v, NULL);
}

/* The public text or JSON of `viewer` (R11), after the checks both share. */
static alea_status public_form(char *buf, size_t capacity, size_t *len_out, const alea_state *state,
                               int32_t viewer,
                               void (*write)(alea__buf *, const alea_state *, int)) {
    alea_plateau_view v;
    alea_status why;
    v.version = ALEA_PLATEAU_VIEW_VERSION;
    if (buf == NULL && capacity)
        return ALEA_INVALID_ARGUMENT;
    why = alea_plateau_get_public_view(&v, state, viewer);
    if (why != ALEA_OK)
        return why;
    alea__buf b;
    alea__buf_init(&b, buf, capacity);
    write(&b, state, viewer);
    return alea__buf_finish(&b, len_out);
}

ALEA_API alea_status alea_plateau_public_json(char *buf, size_t capacity, size_t *len_out,
                                              const alea_state *state, int32_t viewer) {
    return public_form(buf, capacity, len_out, state, viewer, alea__pl_write_public_json);
}

/* ---- public text ---- */

static void public_set(alea__buf *b, const int32_t *counts, int size) {
    uint8_t c[8] = {0};
    if (counts[0] < 0) {
        alea__buf_printf(b, "#%d", size);
        return;
    }
    for (int t = 0; t < PL_TYPES; t++)
        c[t] = (uint8_t)counts[t];
    alea__pl_set_write(b, c);
}

void alea__pl_write_public(alea__buf *b, const alea_state *state, int viewer) {
    alea_plateau_view v;
    const pl_state *s = pl_cof(state);
    alea__pl_fill_view(&v, s, viewer);
    /* the state text, with the opponent's reserve and unseen faces masked */
    char full[2048];
    alea__buf fb;
    alea__buf_init(&fb, full, sizeof full);
    alea__pl_write_state(&fb, state);
    char *cut = strstr(full, " reserve=");
    if (cut)
        *cut = '\0';
    alea__buf_printf(b, "%s viewer=%s reserve=", full,
                     viewer == ALEA_OBSERVER_PUBLIC ? "public"
                     : viewer                       ? "white"
                                                    : "black");
    public_set(b, v.reserve[0], v.reserve_size[0]);
    alea__buf_putc(b, '/');
    public_set(b, v.reserve[1], v.reserve_size[1]);
    alea__buf_puts(b, " prisoners=");
    alea__pl_set_write(b, s->prisoners[0]);
    alea__buf_putc(b, '/');
    alea__pl_set_write(b, s->prisoners[1]);
    for (int sq = 0; sq < PL_SQUARES; sq++) {
        char name[3];
        if (!v.height[sq])
            continue;
        alea__pl_square_text(name, sq);
        alea__buf_printf(b, " %s=", name);
        for (int i = 0; i < v.height[sq]; i++) {
            const alea_plateau_piece *pc = &v.stack[sq][i];
            if (pc->owner == viewer) {
                alea__pl_piece_write(b, s->stack[sq][i]);
            } else {
                alea__buf_printf(b, "%c%c%c", pc->owner ? 'W' : 'B', alea__pl_face_char(pc->up),
                                 alea__pl_face_char(pc->down));
            }
        }
    }
}

ALEA_API alea_status alea_plateau_public_text(char *buf, size_t capacity, size_t *len_out,
                                              const alea_state *state, int32_t viewer) {
    return public_form(buf, capacity, len_out, state, viewer, alea__pl_write_public);
}
