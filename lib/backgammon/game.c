/*
 * Backgammon: the descriptor, options and modes (§7.1), the turn (§4), chance
 * (§3), the cube (§7), scoring (§6) and the result.
 */
#include "backgammon/bg.h"
#include "backgammon/eval.h"
#include "backgammon/search.h"
#include "core/games.h"

#include <string.h>

/* ---- options (§7.1) ---- */

static const alea_option_info bg_options[BG_OPTION_COUNT] = {
    {"match", "match length in points, 0 = no match (§7.4)", ALEA_OPTION_INT, 0, BG_MAX_MATCH, 0,
     NULL},
    {"money", "money play with the cube (§7.1)", ALEA_OPTION_BOOL, 0, 1, 0, NULL},
    {"games", "games in a money session (§7.1)", ALEA_OPTION_INT, 1, BG_MAX_SESSION, 1, NULL},
    {"cube", "doubling cube: auto = on in a match or money play (§7)", ALEA_OPTION_CHOICE, 0, 2, 0,
     "auto|off|on"},
    {"crawford", "Crawford rule in a match (§7.4)", ALEA_OPTION_BOOL, 0, 1, 1, NULL},
    {"jacoby", "money: gammons count single while the cube is centred (§7.6)", ALEA_OPTION_BOOL, 0,
     1, 0, NULL},
    {"beavers", "money: a doubled player may beaver (§7.3)", ALEA_OPTION_BOOL, 0, 1, 0, NULL},
    {"auto_doubles", "money: automatic doubles on opening ties, 0 = off (§7.6)", ALEA_OPTION_INT, 0,
     15, 0, NULL},
    {"max_cube", "largest cube value, a power of two; 0 = 64 in a match, 4096 in money play (§7.2)",
     ALEA_OPTION_INT, 0, 32768, 0, NULL},
    {"opening", "seeds: the starter rolls two dice; standard: the opening dice are his roll (§3)",
     ALEA_OPTION_CHOICE, 0, 1, 0, "seeds|standard"},
    {"resign", "resignation offers as actions (§6)", ALEA_OPTION_BOOL, 0, 1, 0, NULL},
    {"dead_cube", "refuse: no double when the cube is dead in a match, as gnubg (§7.3)",
     ALEA_OPTION_CHOICE, 0, 1, 0, "refuse|allow"},
};

/* §7.2: gnubg's limits, 64 in a match and 4096 in money play. */
#define MAX_CUBE_LOG_MATCH 6
#define MAX_CUBE_LOG_MONEY 12

static int log2_exact(int32_t v) {
    for (int k = 0; k <= BG_MAX_CUBE_LOG; k++)
        if (v == (int32_t)1 << k)
            return k;
    return -1;
}

static void new_game(bg_state *s) {
    alea__bg_start_board(s);
    s->phase = BG_OPENING;
    s->turn = 0;
    s->die[0] = s->die[1] = 0;
    s->cube_log = 0;
    s->cube_owner = BG_CENTRE;
    s->resign = 0;
    s->autos = 0;
    s->flags &= BG_FLAG_CRAWFORD;
}

static alea_status bg_init(alea_state *st, const int32_t *v, alea_error *err) {
    bg_state *s = bg_of(st);
    bool match = v[BG_OPTION_MATCH] > 0, money = v[BG_OPTION_MONEY] != 0;
    bool cube =
        v[BG_OPTION_CUBE] == BG_CUBE_AUTO ? (match || money) : v[BG_OPTION_CUBE] == BG_CUBE_ON;
    int max_log = v[BG_OPTION_MAX_CUBE] == 0 ? (money ? MAX_CUBE_LOG_MONEY : MAX_CUBE_LOG_MATCH)
                                             : log2_exact(v[BG_OPTION_MAX_CUBE]);
    if (match && money)
        return alea__fail(err, ALEA_BAD_OPTION, -1,
                          "§7.1: match=%d and money=on are different modes: choose one",
                          (int)v[BG_OPTION_MATCH]);
    if (v[BG_OPTION_GAMES] != 1 && !money)
        return alea__fail(err, ALEA_BAD_OPTION, -1, "§7.1: games=N is for a money session");
    if (cube && !match && !money)
        return alea__fail(err, ALEA_BAD_OPTION, -1,
                          "§7.1: the single game has no cube; use match=N or money=on");
    if (!money && (v[BG_OPTION_JACOBY] || v[BG_OPTION_BEAVERS] || v[BG_OPTION_AUTO]))
        return alea__fail(err, ALEA_BAD_OPTION, -1,
                          "§7.4: jacoby, beavers and auto_doubles are money-play options");
    if (!cube && (v[BG_OPTION_JACOBY] || v[BG_OPTION_BEAVERS] || v[BG_OPTION_AUTO]))
        return alea__fail(err, ALEA_BAD_OPTION, -1,
                          "§7.6: jacoby, beavers and auto_doubles need the cube (cube=on)");
    if (max_log < 0)
        return alea__fail(err, ALEA_BAD_OPTION, -1, "§7.2: max_cube=%d is not a power of two",
                          (int)v[BG_OPTION_MAX_CUBE]);
    s->mode = (uint8_t)(match ? BG_MODE_MATCH : money ? BG_MODE_MONEY : BG_MODE_SINGLE);
    s->length = (uint16_t)(match ? v[BG_OPTION_MATCH] : money ? v[BG_OPTION_GAMES] : 1);
    s->opt = (uint8_t)((cube ? BG_OPT_CUBE : 0) | (v[BG_OPTION_CRAWFORD] ? BG_OPT_CRAWFORD : 0) |
                       (v[BG_OPTION_JACOBY] ? BG_OPT_JACOBY : 0) |
                       (v[BG_OPTION_BEAVERS] ? BG_OPT_BEAVERS : 0) |
                       (v[BG_OPTION_OPENING] ? BG_OPT_STANDARD : 0) |
                       (v[BG_OPTION_RESIGN] ? BG_OPT_RESIGN : 0) |
                       (v[BG_OPTION_DEAD_CUBE] ? BG_OPT_DEAD_ALLOW : 0));
    s->auto_limit = (uint8_t)v[BG_OPTION_AUTO];
    s->max_cube_log = (uint8_t)max_log;
    new_game(s);
    return ALEA_OK;
}

int32_t alea__bg_option_values(const bg_state *s, int32_t *v) {
    v[BG_OPTION_MATCH] = s->mode == BG_MODE_MATCH ? s->length : 0;
    v[BG_OPTION_MONEY] = s->mode == BG_MODE_MONEY;
    v[BG_OPTION_GAMES] = s->mode == BG_MODE_MONEY ? s->length : 1;
    v[BG_OPTION_CUBE] = (s->opt & BG_OPT_CUBE) ? BG_CUBE_ON : BG_CUBE_OFF;
    v[BG_OPTION_CRAWFORD] = (s->opt & BG_OPT_CRAWFORD) != 0;
    v[BG_OPTION_JACOBY] = (s->opt & BG_OPT_JACOBY) != 0;
    v[BG_OPTION_BEAVERS] = (s->opt & BG_OPT_BEAVERS) != 0;
    v[BG_OPTION_AUTO] = s->auto_limit;
    v[BG_OPTION_MAX_CUBE] = (int32_t)1 << (s->max_cube_log & 15);
    v[BG_OPTION_OPENING] = (s->opt & BG_OPT_STANDARD) != 0;
    v[BG_OPTION_RESIGN] = (s->opt & BG_OPT_RESIGN) != 0;
    v[BG_OPTION_DEAD_CUBE] = (s->opt & BG_OPT_DEAD_ALLOW) != 0;
    return BG_OPTION_COUNT;
}

static void bg_options_of(const alea_state *st, int32_t *values) {
    alea__bg_option_values(bg_cof(st), values);
}

static int bg_num_players(const alea_state *st) {
    (void)st;
    return 2;
}

int alea__bg_to_act(const bg_state *s) {
    switch (s->phase) {
    case BG_CUBE:
    case BG_MOVE:
    case BG_BEAVERED:
        return s->turn & 1; /* masked: a seat even on damaged bytes (core/impl.h) */
    case BG_TAKE:
    case BG_RESIGN:
        return 1 - (s->turn & 1);
    default:
        return -1;
    }
}

static int bg_current_player(const alea_state *st) {
    const bg_state *s = bg_cof(st);
    if (s->phase == BG_OVER)
        return ALEA_PLAYER_TERMINAL;
    if (s->phase == BG_OPENING || s->phase == BG_DICE)
        return ALEA_PLAYER_CHANCE;
    return alea__bg_to_act(s);
}

/* ---- the cube (§7) ---- */

/* §7.3 dead cube: in a match the doubler's score plus the cube already
   reaches the match length (gnubg refuses such a double). */
static bool cube_dead(const bg_state *s, int player) {
    return s->mode == BG_MODE_MATCH && !(s->opt & BG_OPT_DEAD_ALLOW) &&
           (uint64_t)s->score[player] + (1u << (s->cube_log & 15)) >= s->length;
}

/* §7.3: cube enabled, not the Crawford game, centred or owned, below the
   limit, not dead. */
bool alea__bg_cube_available(const bg_state *s, int player) {
    return (s->opt & BG_OPT_CUBE) && !(s->flags & BG_FLAG_CRAWFORD) &&
           (s->cube_owner == BG_CENTRE || s->cube_owner == player) &&
           s->cube_log + 1 <= s->max_cube_log && !cube_dead(s, player);
}

/* A decision before the roll: to double (§7.3), or with resign=on to resign
   (§6: gnubg lets the player on roll resign before rolling, also when he
   may not double). */
bool alea__bg_turn_decision(const bg_state *s, int player) {
    return alea__bg_cube_available(s, player) || (s->opt & BG_OPT_RESIGN);
}

/* §7.3: beavers in money play, if the stake stays within the limit. */
static bool beaver_allowed(const bg_state *s) {
    return s->mode == BG_MODE_MONEY && (s->opt & BG_OPT_BEAVERS) &&
           s->cube_log + 2 <= s->max_cube_log;
}

/* §7.6: an opening tie doubles the cube (money, cube on, below both limits). */
static bool ties_double(const bg_state *s) {
    return s->mode == BG_MODE_MONEY && (s->opt & BG_OPT_CUBE) && s->autos < s->auto_limit &&
           s->cube_log + 1 <= s->max_cube_log;
}

/* §7.3 re-offer: after a rejected resignation only a higher level, same turn. */
static int rejected_level(const bg_state *s) {
    return (int)((s->flags & BG_FLAG_REJECTED) >> BG_FLAG_REJECTED_SHIFT);
}

static bool may_resign(const bg_state *s) {
    return (s->opt & BG_OPT_RESIGN) && rejected_level(s) < 3;
}

/* ---- chance (§3, §4) ---- */

static size_t list_chance(const bg_state *s, uint64_t *actions, alea_outcome *outcomes) {
    size_t n = 0;
    if (s->phase == BG_OPENING) {
        bool ties = ties_double(s);
        uint32_t den = ties ? 36 : 30;
        for (int w = 1; w <= 6; w++) {
            for (int r = 1; r <= 6; r++) {
                if (w == r && !ties)
                    continue; /* §3.1: thrown again */
                uint64_t a = ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_OPENING, bg_dice_payload(w, r));
                if (actions)
                    actions[n] = a;
                if (outcomes)
                    outcomes[n] = (alea_outcome){a, 1, den, 1.0 / (double)den};
                n++;
            }
        }
        return n;
    }
    for (int hi = 1; hi <= 6; hi++) {
        for (int lo = 1; lo <= hi; lo++) {
            uint64_t a = ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_DICE, bg_dice_payload(hi, lo));
            uint32_t num = hi == lo ? 1 : 2;
            if (actions)
                actions[n] = a;
            if (outcomes)
                outcomes[n] = (alea_outcome){a, num, 36, (double)num / 36.0};
            n++;
        }
    }
    return n;
}

static size_t bg_chance_outcomes(const alea_state *st, alea_outcome *out) {
    return list_chance(bg_cof(st), NULL, out);
}

/* The physical way: White's die then Red's (again on a tie that does not
   double the cube); a roll is two dice, written larger first. */
static uint64_t bg_roll(const alea_state *st, alea_rng *rng) {
    const bg_state *s = bg_cof(st);
    int a = alea_rng_die(rng, 6), b = alea_rng_die(rng, 6);
    if (s->phase == BG_OPENING) {
        while (a == b && !ties_double(s)) {
            a = alea_rng_die(rng, 6);
            b = alea_rng_die(rng, 6);
        }
        return ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_OPENING, bg_dice_payload(a, b));
    }
    if (a < b) {
        int t = a;
        a = b;
        b = t;
    }
    return ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_DICE, bg_dice_payload(a, b));
}

/* ---- legal actions ---- */

size_t alea__bg_state_moves(const bg_state *s, uint64_t *out, int *m) {
    bg_view v;
    alea__bg_view(&v, s, s->turn);
    return alea__bg_legal_moves(&v, s->die[0], s->die[1], out, m);
}

static size_t add_resigns(const bg_state *s, uint64_t *out, size_t n) {
    if (may_resign(s))
        for (int level = rejected_level(s) + 1; level <= 3; level++)
            out[n++] = ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_RESIGN, level);
    return n;
}

static size_t bg_legal_actions(const alea_state *st, uint64_t *out) {
    const bg_state *s = bg_cof(st);
    size_t n = 0;
    switch (s->phase) {
    case BG_OPENING:
    case BG_DICE:
        return list_chance(s, out, NULL);
    case BG_CUBE:
        out[n++] = ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_ROLL, 0);
        if (alea__bg_cube_available(s, s->turn))
            out[n++] = ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_DOUBLE, 0);
        return add_resigns(s, out, n);
    case BG_MOVE:
        return add_resigns(s, out, alea__bg_state_moves(s, out, NULL));
    case BG_TAKE:
        out[n++] = ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_TAKE, 0);
        out[n++] = ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_DROP, 0);
        if (beaver_allowed(s))
            out[n++] = ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_BEAVER, 0);
        return n;
    case BG_BEAVERED:
        out[n++] = ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_TAKE, 0);
        out[n++] = ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_DROP, 0);
        return n;
    case BG_RESIGN:
        out[n++] = ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_ACCEPT, 0);
        out[n++] = ALEA_BACKGAMMON_ACTION(ALEA_BACKGAMMON_REJECT, 0);
        return n;
    default:
        return 0;
    }
}

/* The list for a short buffer (lib/core/impl.h legal_prefix): the moves are
   visited one at a time, in the list's order (alea__bg_each_move()), and
   only the first `cap` are kept; the other phases list a few actions. */
typedef struct prefix {
    uint64_t *out;
    size_t cap, n;
} prefix;

static void keep_first(void *ctx, uint64_t action) {
    prefix *p = ctx;
    if (p->n < p->cap)
        p->out[p->n] = action;
    p->n++;
}

static size_t bg_legal_prefix(const alea_state *st, uint64_t *out, size_t cap) {
    const bg_state *s = bg_cof(st);
    uint64_t few[40]; /* the 30 or 36 openings, 21 rolls, or a few cube and resign actions */
    prefix p = {out, cap, 0};
    size_t n;
    if (s->phase == BG_MOVE) {
        bg_view v;
        alea__bg_view(&v, s, s->turn);
        alea__bg_each_move(&v, s->die[0], s->die[1], keep_first, &p);
        n = add_resigns(s, few, 0);
    } else {
        n = bg_legal_actions(st, few);
    }
    for (size_t i = 0; i < n; i++)
        keep_first(&p, few[i]);
    return p.n;
}

/* ---- decoding ---- */

alea_status alea__bg_decode(alea_backgammon_action *out, uint64_t action) {
    int kind = bg_kind(action);
    uint64_t payload = action & BG_PAYLOAD_MASK;
    memset(out, 0, sizeof *out);
    out->kind = kind;
    switch (kind) {
    case ALEA_BACKGAMMON_OPENING:
    case ALEA_BACKGAMMON_DICE: {
        int a = (int)(payload >> BG_DIE_BITS), b = (int)(payload & BG_DIE_MASK);
        if (payload >> 2 * BG_DIE_BITS || a < 1 || a > 6 || b < 1 || b > 6 ||
            (kind == ALEA_BACKGAMMON_DICE && a < b))
            return ALEA_INVALID_ARGUMENT;
        out->dice[0] = a;
        out->dice[1] = b;
        return ALEA_OK;
    }
    case ALEA_BACKGAMMON_MOVE: {
        int n = alea__bg_steps(action, out->from, out->to);
        if (n < 0)
            return ALEA_INVALID_ARGUMENT;
        out->steps = n;
        return ALEA_OK;
    }
    case ALEA_BACKGAMMON_RESIGN:
        if (payload < 1 || payload > 3)
            return ALEA_INVALID_ARGUMENT;
        out->value = (int)payload;
        return ALEA_OK;
    case ALEA_BACKGAMMON_ROLL:
    case ALEA_BACKGAMMON_DOUBLE:
    case ALEA_BACKGAMMON_TAKE:
    case ALEA_BACKGAMMON_DROP:
    case ALEA_BACKGAMMON_BEAVER:
    case ALEA_BACKGAMMON_ACCEPT:
    case ALEA_BACKGAMMON_REJECT:
        return payload == 0 ? ALEA_OK : ALEA_INVALID_ARGUMENT;
    default:
        return ALEA_INVALID_ARGUMENT;
    }
}

/* ---- check ---- */

#define ILLEGAL(...) alea__fail(err, ALEA_ILLEGAL_ACTION, -1, __VA_ARGS__)

static const char *phase_need(int phase) {
    switch (phase) {
    case BG_CUBE:
        return "§7.3: the player on roll must roll or double now";
    case BG_MOVE:
        return "§5: the player on roll must move now";
    case BG_TAKE:
        return "§7.3: the doubled player must take or drop now";
    case BG_BEAVERED:
        return "§7.3: the doubler must take or drop the beaver now";
    case BG_RESIGN:
        return "§6: the opponent must accept or reject the resignation now";
    default:
        return "§4: the dice must be thrown now";
    }
}

static bool kind_fits(int phase, int kind) {
    switch (kind) {
    case ALEA_BACKGAMMON_ROLL:
    case ALEA_BACKGAMMON_DOUBLE:
        return phase == BG_CUBE;
    case ALEA_BACKGAMMON_MOVE:
        return phase == BG_MOVE;
    case ALEA_BACKGAMMON_TAKE:
    case ALEA_BACKGAMMON_DROP:
        return phase == BG_TAKE || phase == BG_BEAVERED;
    case ALEA_BACKGAMMON_BEAVER:
        return phase == BG_TAKE;
    case ALEA_BACKGAMMON_RESIGN:
        return phase == BG_MOVE || phase == BG_CUBE;
    default:
        return phase == BG_RESIGN;
    }
}

/* When an action of the player's kind may be taken at all. */
static const char *kind_when(int kind) {
    switch (kind) {
    case ALEA_BACKGAMMON_ROLL:
    case ALEA_BACKGAMMON_DOUBLE:
        return "§7.3: roll or double only before the dice";
    case ALEA_BACKGAMMON_MOVE:
        return "§5: a move follows the roll";
    case ALEA_BACKGAMMON_TAKE:
    case ALEA_BACKGAMMON_DROP:
    case ALEA_BACKGAMMON_BEAVER:
        return "§7.3: take, drop and beaver answer a double";
    case ALEA_BACKGAMMON_RESIGN:
        return "§6: a resignation is offered on one's own turn";
    default:
        return "§6: accept and reject answer a resignation";
    }
}

static alea_status check_cube_kind(const bg_state *s, int kind, alea_error *err) {
    if (kind == ALEA_BACKGAMMON_DOUBLE && !alea__bg_cube_available(s, s->turn))
        return ILLEGAL("§7.3: player %d may not double now", s->turn);
    if (kind == ALEA_BACKGAMMON_BEAVER && !beaver_allowed(s))
        return ILLEGAL("§7.3: beavers are not allowed here (money play with beavers=on only)");
    return ALEA_OK;
}

alea_status alea__bg_check(const alea_state *st, uint64_t action, alea_error *err) {
    return alea__bg_check_state(bg_cof(st), action, err);
}

alea_status alea__bg_check_state(const bg_state *s, uint64_t action, alea_error *err) {
    alea_backgammon_action a;
    if (s->phase == BG_DICE && bg_kind(action) == ALEA_BACKGAMMON_DICE) {
        /* a roll (half of all actions): a valid one is legal (§4); every payload
           bit counts, so that only the canonical value passes */
        uint64_t hi = (action & BG_PAYLOAD_MASK) >> BG_DIE_BITS, lo = action & BG_DIE_MASK;
        if (hi >= 1 && hi <= 6 && lo >= 1 && lo <= hi)
            return ALEA_OK;
    }
    if (alea__bg_decode(&a, action) != ALEA_OK)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "%llu is not a backgammon action",
                          (unsigned long long)action);
    bool chance = a.kind == ALEA_BACKGAMMON_OPENING || a.kind == ALEA_BACKGAMMON_DICE;
    bool chance_node = s->phase == BG_OPENING || s->phase == BG_DICE;
    if (chance != chance_node)
        return alea__fail(err, ALEA_WRONG_PHASE, -1, "%s", phase_need(s->phase));
    if (chance) {
        if (s->phase == BG_OPENING && a.kind != ALEA_BACKGAMMON_OPENING)
            return ILLEGAL("§3: the game starts with one die for each player");
        if (s->phase == BG_DICE && a.kind != ALEA_BACKGAMMON_DICE)
            return ILLEGAL("§4: the player on roll throws two dice");
        if (a.kind == ALEA_BACKGAMMON_OPENING && a.dice[0] == a.dice[1] && !ties_double(s))
            return ILLEGAL("§3.1: equal opening dice are thrown again");
        return ALEA_OK;
    }
    if (!kind_fits(s->phase, a.kind)) /* the player's own choice at the wrong time */
        return ILLEGAL("%s; %s", kind_when(a.kind), phase_need(s->phase));
    if (a.kind == ALEA_BACKGAMMON_RESIGN && !(s->opt & BG_OPT_RESIGN))
        return ILLEGAL("§6: resignations are off (option resign)");
    if (a.kind == ALEA_BACKGAMMON_RESIGN && a.value <= rejected_level(s))
        return ILLEGAL("§7.3: a resignation of level %d was rejected this turn: only a higher "
                       "level may be offered",
                       rejected_level(s));
    alea_status status = check_cube_kind(s, a.kind, err);
    if (status != ALEA_OK || a.kind != ALEA_BACKGAMMON_MOVE)
        return status;
    return alea__bg_explain_move(s, action, a.from, a.to, a.steps, err);
}

/* ---- apply ---- */

static void begin_turn(bg_state *s, int player) {
    s->turn = (uint8_t)player;
    s->die[0] = s->die[1] = 0;
    s->flags &= (uint8_t)~BG_FLAG_REJECTED;
    s->phase = alea__bg_turn_decision(s, player) ? BG_CUBE : BG_DICE;
}

/* §6: single, gammon or backgammon by the loser's checkers. */
int alea__bg_bearoff_multiplier(const bg_state *s, int winner) {
    int c[26];
    alea__bg_counts(s, 1 - winner, c);
    if (c[0] > 0)
        return 1;
    if (s->mode == BG_MODE_MONEY && (s->opt & BG_OPT_JACOBY) && s->cube_owner == BG_CENTRE)
        return 1; /* §7.6 Jacoby */
    for (int i = 19; i <= 25; i++)
        if (c[i])
            return 3;
    return 2;
}

/* After a game ended (its points, the last game and games_played recorded):
   the end of the single game, match or session, or the next game. */
void alea__bg_after_game(bg_state *s) {
    int winner = s->last_winner;
    bool over = s->mode == BG_MODE_SINGLE ||
                (s->mode == BG_MODE_MATCH && s->score[winner] >= s->length) ||
                (s->mode == BG_MODE_MONEY && s->games_played >= s->length);
    if (over) {
        /* §11.7, as gnubg: after the last checker is off the loser is on
           roll; after a drop or an accepted resignation the player on roll
           stays, and a resignation keeps its level and the dice. */
        s->phase = BG_OVER;
        s->flags = 0; /* no game is going on */
        if (s->last_how == ALEA_BACKGAMMON_END_BEAROFF)
            s->turn = (uint8_t)(1 - winner);
        if (s->last_how != ALEA_BACKGAMMON_END_RESIGN) {
            s->die[0] = s->die[1] = 0;
            s->resign = 0;
        }
        return;
    }
    if (s->mode == BG_MODE_MATCH) { /* §7.4 Crawford */
        if (s->flags & BG_FLAG_CRAWFORD)
            s->flags &= (uint8_t)~BG_FLAG_CRAWFORD;
        else if ((s->opt & BG_OPT_CRAWFORD) && (s->opt & BG_OPT_CUBE) &&
                 s->score[winner] == (uint32_t)s->length - 1u &&
                 s->score[1 - winner] < (uint32_t)s->length - 1u)
            s->flags |= BG_FLAG_CRAWFORD;
    }
    new_game(s);
}

static void end_game(bg_state *s, int winner, int mult, int how) {
    uint64_t value = (uint64_t)mult << s->cube_log;
    uint64_t total = s->score[winner] + value;
    s->score[winner] = total > UINT32_MAX ? UINT32_MAX : (uint32_t)total;
    s->last_winner = (uint8_t)winner;
    s->last_mult = (uint8_t)mult;
    s->last_cube = s->cube_log;
    s->last_how = (uint8_t)how;
    s->games_played++;
    alea__bg_after_game(s);
}

static int8_t *own_cell(bg_state *s, int player, int point) {
    return &s->board[player == 0 ? point - 1 : 24 - point];
}

/* Plays the steps on the board itself (own point i is board index i - 1 for
   White, 24 - i for Red); the game ends when the last checker is off. */
static void apply_move(bg_state *s, uint64_t action) {
    int from[4], to[4], n = alea__bg_steps(action, from, to);
    int me = s->turn, sign = me == 0 ? 1 : -1;
    bool off = false;
    for (int i = 0; i < n; i++) {
        if (from[i] == BG_BAR) {
            s->bar[me]--;
        } else {
            int8_t *cell = own_cell(s, me, from[i]);
            *cell = (int8_t)(*cell - sign);
        }
        if (to[i] == BG_OFF) {
            off = true;
            continue;
        }
        int8_t *cell = own_cell(s, me, to[i]);
        if (*cell == -sign) { /* §5.1: the blot is hit */
            *cell = 0;
            s->bar[1 - me]++;
        }
        *cell = (int8_t)(*cell + sign);
    }
    bool left = !off || s->bar[me] > 0;
    for (int i = 0; !left && i < 24; i++)
        left = s->board[i] * sign > 0;
    if (left)
        begin_turn(s, 1 - me);
    else
        end_game(s, me, alea__bg_bearoff_multiplier(s, me), ALEA_BACKGAMMON_END_BEAROFF);
}

static void apply_opening(bg_state *s, int w, int r) {
    if (w == r) { /* §7.6: an automatic double, the cube stays centred */
        s->cube_log++;
        s->autos++;
        return;
    }
    int starter = w > r ? 0 : 1; /* §3.2 */
    if (s->opt & BG_OPT_STANDARD) {
        s->turn = (uint8_t)starter;
        s->die[0] = (uint8_t)(w > r ? w : r);
        s->die[1] = (uint8_t)(w > r ? r : w);
        s->phase = BG_MOVE;
    } else {
        begin_turn(s, starter); /* §3.3: the starter rolls two dice as a normal turn */
    }
}

static void bg_apply(alea_state *st, uint64_t action) {
    bg_state *s = bg_of(st);
    alea_backgammon_action a;
    switch (bg_kind(action)) { /* the most frequent, decoded by check() already */
    case ALEA_BACKGAMMON_MOVE:
        apply_move(s, action);
        return;
    case ALEA_BACKGAMMON_DICE:
        s->die[0] = (uint8_t)(action >> BG_DIE_BITS & BG_DIE_MASK);
        s->die[1] = (uint8_t)(action & BG_DIE_MASK);
        s->phase = BG_MOVE;
        return;
    default:
        break;
    }
    if (alea__bg_decode(&a, action) != ALEA_OK)
        return;
    switch (a.kind) { /* MOVE and DICE returned above */
    case ALEA_BACKGAMMON_OPENING:
        apply_opening(s, a.dice[0], a.dice[1]);
        break;
    case ALEA_BACKGAMMON_ROLL:
        s->phase = BG_DICE;
        break;
    case ALEA_BACKGAMMON_DOUBLE:
        s->phase = BG_TAKE;
        break;
    case ALEA_BACKGAMMON_TAKE:
        s->cube_log++;
        if (s->phase == BG_TAKE)
            s->cube_owner = (uint8_t)(1 - s->turn);
        s->phase = BG_DICE;
        break;
    case ALEA_BACKGAMMON_DROP:
        /* §7.3: the cube's value before the refused double (after a beaver: 2v) */
        end_game(s, s->phase == BG_TAKE ? s->turn : 1 - s->turn, 1, ALEA_BACKGAMMON_END_DROP);
        break;
    case ALEA_BACKGAMMON_BEAVER:
        s->cube_log++;
        s->cube_owner = (uint8_t)(1 - s->turn);
        s->phase = BG_BEAVERED;
        break;
    case ALEA_BACKGAMMON_RESIGN:
        s->resign = (uint8_t)a.value;
        s->phase = BG_RESIGN;
        break;
    case ALEA_BACKGAMMON_ACCEPT:
        end_game(s, 1 - s->turn, s->resign, ALEA_BACKGAMMON_END_RESIGN);
        break;
    default: /* REJECT: §7.3, only a higher level may follow in this turn */
        s->flags = (uint8_t)((s->flags & ~BG_FLAG_REJECTED) | (unsigned)s->resign
                                                                  << BG_FLAG_REJECTED_SHIFT);
        s->resign = 0;
        /* back where the offer was made: the move, or the turn's decision (with
           resignations on, every turn starts with one, as in gnubg) */
        s->phase = s->die[0] ? BG_MOVE : BG_CUBE;
        break;
    }
}

/* ---- result ---- */

/* Scores: points won (the single game's value, the match score, the money
   session's points).  Returns: +1 for the winner of the finished game, match
   or session (more points), -1 for the loser, 0 on equal money points. */
static void bg_result(const alea_state *st, alea_result *out) {
    const bg_state *s = bg_cof(st);
    memset(out, 0, sizeof *out);
    out->terminal = s->phase == BG_OVER;
    out->players = 2;
    for (int i = 0; i < 2; i++)
        out->score[i] = s->score[i] > INT32_MAX ? INT32_MAX : (int32_t)s->score[i];
    alea__result_rank(out);
}

const alea_game alea__backgammon_game = {
    .id = "backgammon",
    .title = "Backgammon",
    .summary = "Race your 15 checkers home and bear them off: a single game, a match to N "
               "points with the doubling cube, or money play.",
    .min_players = 2,
    .max_players = 2,
    .max_actions = ALEA_BACKGAMMON_MAX_ACTIONS,
    .max_chance_outcomes = 36,
    .state_size = sizeof(bg_state),
    .options = bg_options,
    .option_count = BG_OPTION_COUNT,
    .init = bg_init,
    .options_of = bg_options_of,
    .sane = alea__bg_sane,
    .current_player = bg_current_player,
    .num_players = bg_num_players,
    .legal_actions = bg_legal_actions,
    .legal_prefix = bg_legal_prefix,
    .chance_outcomes = bg_chance_outcomes,
    .roll = bg_roll,
    .check = alea__bg_check,
    .apply = bg_apply,
    .format_action = alea__bg_format_action,
    .parse_action = alea__bg_parse_action,
    .write_state = alea__bg_write_state,
    .read_state = alea__bg_read_state,
    .write_board = alea__bg_write_board,
    .write_json = alea__bg_write_json,
    .result = bg_result,
    .validate = alea__bg_validate,
    .evaluate = alea__bg_evaluate,
    .advise = alea__bg_advise,
    .rank = alea__bg_rank,
    .levels = alea__bg_levels,
    .level_count = BG_LEVEL_COUNT,
    .tensor_size = ALEA__BG_TENSOR_SIZE,
    .tensor = alea__bg_tensor,
};
