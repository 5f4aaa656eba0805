/* The typed API of include/alea/backgammon.h: options, actions, the view. */
#include "backgammon/bg.h"
#include "core/games.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

ALEA_API alea_status alea_backgammon_options_init(alea_backgammon_options *opts, uint32_t version) {
    static const alea_backgammon_options defaults = ALEA_BACKGAMMON_OPTIONS_INIT;
    alea_backgammon_options o = defaults;
    if (!opts || (version != 1 && version != ALEA_BACKGAMMON_OPTIONS_VERSION))
        return ALEA_INVALID_ARGUMENT;
    o.version = version;
    /* a version-1 block ends before dead_cube */
    memcpy(opts, &o, version == 1 ? offsetof(alea_backgammon_options, dead_cube) : sizeof o);
    return ALEA_OK;
}

ALEA_API alea_status alea_backgammon_init(alea_state *out, const alea_backgammon_options *opts,
                                          alea_error *err) {
    if (!out || !opts)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "NULL state or options");
    /* version 1 ends before dead_cube (its default: refuse) */
    if (opts->version != ALEA_BACKGAMMON_OPTIONS_VERSION && opts->version != 1)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1,
                          "backgammon options version %u is not 1 or %d", (unsigned)opts->version,
                          ALEA_BACKGAMMON_OPTIONS_VERSION);
    int dead_allow = opts->version >= 2 ? opts->dead_cube : 0;
    if (opts->cube < -1 || opts->cube > 1 || opts->opening < 0 || opts->opening > 1 ||
        dead_allow < 0 || dead_allow > 1)
        return alea__fail(err, ALEA_BAD_OPTION, -1,
                          "cube is -1, 0 or 1; opening and dead_cube 0 or 1");
    char spec[ALEA_SPEC_MAX];
    snprintf(spec, sizeof spec,
             "backgammon match=%ld money=%s games=%ld cube=%s crawford=%s jacoby=%s beavers=%s "
             "auto_doubles=%ld max_cube=%ld opening=%s resign=%s dead_cube=%s",
             (long)opts->match, opts->money ? "on" : "off", (long)opts->games,
             opts->cube < 0 ? "auto"
             : opts->cube   ? "on"
                            : "off",
             opts->crawford ? "on" : "off", opts->jacoby ? "on" : "off",
             opts->beavers ? "on" : "off", (long)opts->auto_doubles, (long)opts->max_cube,
             opts->opening ? "standard" : "seeds", opts->resign ? "on" : "off",
             dead_allow ? "allow" : "refuse");
    return alea_state_init(out, spec, err);
}

ALEA_API alea_status alea_backgammon_encode(uint64_t *out, const alea_backgammon_action *a) {
    if (!out || !a)
        return ALEA_INVALID_ARGUMENT;
    uint64_t v;
    switch (a->kind) {
    case ALEA_BACKGAMMON_OPENING:
    case ALEA_BACKGAMMON_DICE:
        v = ALEA_BACKGAMMON_ACTION(
            a->kind, bg_dice_payload(a->dice[0] & (int)BG_DIE_MASK, a->dice[1] & (int)BG_DIE_MASK));
        break;
    case ALEA_BACKGAMMON_MOVE: {
        if (a->steps < 0 || a->steps > 4)
            return ALEA_INVALID_ARGUMENT;
        for (int i = 0; i < a->steps; i++)
            if (a->from[i] < 1 || a->from[i] > BG_BAR || a->to[i] < 0 || a->to[i] >= a->from[i] ||
                a->to[i] > 24)
                return ALEA_INVALID_ARGUMENT;
        v = alea__bg_move_action(a->steps, a->from, a->to);
        break;
    }
    case ALEA_BACKGAMMON_RESIGN:
        v = ALEA_BACKGAMMON_ACTION(a->kind, (uint64_t)(a->value & 0xFF));
        break;
    default:
        v = ALEA_BACKGAMMON_ACTION((uint64_t)(a->kind & 0xFFFF), 0);
        break;
    }
    alea_backgammon_action check;
    if (alea__bg_decode(&check, v) != ALEA_OK)
        return ALEA_INVALID_ARGUMENT;
    *out = v;
    return ALEA_OK;
}

ALEA_API alea_status alea_backgammon_decode(alea_backgammon_action *out, uint64_t action) {
    alea_backgammon_action a;
    if (!out || alea__bg_decode(&a, action) != ALEA_OK)
        return ALEA_INVALID_ARGUMENT;
    *out = a;
    return ALEA_OK;
}

ALEA_API alea_status alea_backgammon_get_view(alea_backgammon_view *out, const alea_state *state) {
    if (!out || !state || out->version != ALEA_BACKGAMMON_VIEW_VERSION)
        return ALEA_INVALID_ARGUMENT;
    if (alea_state_game(state) != &alea__backgammon_game)
        return ALEA_INVALID_ARGUMENT;
    if (alea_state_validate(state, NULL) != ALEA_OK)
        return ALEA_INVALID_STATE;
    const bg_state *s = bg_cof(state);
    memset(out, 0, sizeof *out);
    out->version = ALEA_BACKGAMMON_VIEW_VERSION;
    out->phase = s->phase;
    out->turn = s->turn;
    out->to_act = alea__bg_to_act(s);
    for (int p = 0; p < 2; p++) {
        int c[26];
        alea__bg_counts(s, p, c);
        for (int i = 0; i < 26; i++)
            out->points[p][i] = c[i];
        out->pips[p] = alea__bg_pips(s, p);
        out->score[p] = s->score[p] > INT32_MAX ? INT32_MAX : (int32_t)s->score[p];
    }
    out->dice[0] = s->die[0];
    out->dice[1] = s->die[1];
    out->cube_value = 1 << s->cube_log;
    out->cube_owner = s->cube_owner;
    out->double_offered = s->phase == BG_TAKE || s->phase == BG_BEAVERED;
    out->resign_offered = s->phase == BG_RESIGN ? s->resign : 0;
    out->match_length = s->mode == BG_MODE_MATCH ? s->length : 0;
    out->money = s->mode == BG_MODE_MONEY;
    out->cube_enabled = (s->opt & BG_OPT_CUBE) != 0;
    out->crawford = (s->flags & BG_FLAG_CRAWFORD) != 0;
    out->post_crawford = s->mode == BG_MODE_MATCH && !out->crawford && (s->opt & BG_OPT_CRAWFORD) &&
                         (s->opt & BG_OPT_CUBE) &&
                         (s->score[0] == s->length - 1u || s->score[1] == s->length - 1u);
    out->games_played = s->games_played;
    out->last_winner = s->games_played ? s->last_winner : -1;
    out->last_value = s->games_played ? s->last_mult << s->last_cube : 0;
    out->last_how = s->last_how;
    return ALEA_OK;
}
