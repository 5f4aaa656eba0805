/*
 * Every invariant of a backgammon state, for states read from text, built
 * from gnubg IDs, or handed over as raw bytes: options, checkers (§1), the
 * phase with its dice and offers (§4, §6, §7), the cube, the match (§7.4).
 */
#include "backgammon/bg.h"

#define FAIL(...) alea__fail(err, ALEA_INVALID_STATE, -1, __VA_ARGS__)

static alea_status check_options(const bg_state *s, alea_error *err) {
    bool cube = s->opt & BG_OPT_CUBE;
    if (s->mode > BG_MODE_MONEY || (s->opt & ~BG_OPT_ALL) || s->max_cube_log > BG_MAX_CUBE_LOG ||
        s->pad != 0 || s->auto_limit > 15 || (s->flags & ~BG_FLAG_ALL))
        return FAIL("corrupt backgammon state (options or unused bytes)");
    if (s->mode == BG_MODE_SINGLE && (cube || s->length != 1))
        return FAIL("§7.1: the single game has no cube");
    if (s->length < 1)
        return FAIL("§7.4: a match or session of %d", s->length);
    if (s->mode == BG_MODE_MATCH && s->length > BG_MAX_MATCH)
        return FAIL("§7.1: a match to %d points (1..%d)", s->length, BG_MAX_MATCH);
    if (s->mode == BG_MODE_MONEY && s->length > BG_MAX_SESSION)
        return FAIL("§7.1: a money session of %d games (1..%d)", s->length, BG_MAX_SESSION);
    if (s->mode != BG_MODE_MONEY && ((s->opt & (BG_OPT_JACOBY | BG_OPT_BEAVERS)) || s->auto_limit))
        return FAIL("§7.4: money-play options outside money play");
    if (!cube && ((s->opt & (BG_OPT_JACOBY | BG_OPT_BEAVERS)) || s->auto_limit))
        return FAIL("§7.6: cube options without the cube");
    return ALEA_OK;
}

static bool closed_home(const int c[26]) {
    for (int i = 1; i <= 6; i++)
        if (c[i] < 2)
            return false;
    return true;
}

/* §1: 15 checkers a side, never both on a point (the board's sign ensures it). */
static alea_status check_checkers(const bg_state *s, int c[2][26], alea_error *err) {
    for (int i = 0; i < 24; i++)
        if (s->board[i] > BG_CHECKERS || s->board[i] < -BG_CHECKERS)
            return FAIL("§1: %d checkers on one point", s->board[i]);
    for (int p = 0; p < 2; p++) {
        int total = s->bar[p];
        for (int i = 0; i < 24; i++) {
            int v = s->board[i] * (p == 0 ? 1 : -1);
            total += v > 0 ? v : 0;
        }
        if (total > BG_CHECKERS)
            return FAIL("§1: player %d has %d checkers (15)", p, total);
        alea__bg_counts(s, p, c[p]);
    }
    if (c[0][BG_BAR] && c[1][BG_BAR] && closed_home(c[0]) && closed_home(c[1]))
        return FAIL("§8: both players on the bar against closed boards");
    /* The last hitter's checker stands on a point until he bears it off,
       which needs his bar empty: with both bars taken, someone is on a point. */
    if (c[0][BG_BAR] && c[1][BG_BAR] && c[0][0] + c[0][BG_BAR] == BG_CHECKERS &&
        c[1][0] + c[1][BG_BAR] == BG_CHECKERS)
        return FAIL("§5.1: both players on the bar, yet no checker on a point hit them");
    return ALEA_OK;
}

static alea_status check_cube(const bg_state *s, alea_error *err) {
    if (s->cube_log > s->max_cube_log || s->cube_owner > BG_CENTRE)
        return FAIL("§7.2: cube %d above max_cube, or a bad owner", 1 << (s->cube_log & 15));
    if (!(s->opt & BG_OPT_CUBE) && (s->cube_log || s->cube_owner != BG_CENTRE))
        return FAIL("§7.1: the cube is turned in a game without cube");
    if (s->autos > s->auto_limit || s->autos > s->cube_log)
        return FAIL("§7.6: %d automatic doubles", s->autos);
    if (s->cube_owner == BG_CENTRE && s->cube_log != s->autos)
        return FAIL("§7.2: a centred cube at %d without automatic doubles", 1 << s->cube_log);
    if (s->cube_owner != BG_CENTRE && s->cube_log <= s->autos)
        return FAIL("§7.3: an owned cube that was never doubled");
    if ((s->flags & BG_FLAG_CRAWFORD) && (s->cube_log || s->cube_owner != BG_CENTRE))
        return FAIL("§7.4: no doubling in the Crawford game");
    return ALEA_OK;
}

/* The points of the last finished game (§6). */
static uint32_t last_value(const bg_state *s) {
    return s->games_played ? (uint32_t)s->last_mult << s->last_cube : 0;
}

/* The record of the last finished game: how it ended needs its option, and
   its points are in the winner's score (§6, §7.3). */
static alea_status check_last_game(const bg_state *s, alea_error *err) {
    if (s->games_played == 0 && (s->last_winner || s->last_mult || s->last_cube || s->last_how))
        return FAIL("a last game before any game");
    if (s->games_played == 0)
        return ALEA_OK;
    if (s->last_winner > 1 || s->last_mult < 1 || s->last_mult > 3 || s->last_how < 1 ||
        s->last_how > 3 || s->last_cube > s->max_cube_log)
        return FAIL("corrupt last game");
    if (s->last_how == ALEA_BACKGAMMON_END_DROP && !(s->opt & BG_OPT_CUBE))
        return FAIL("§7.3: a dropped double in a game without the cube");
    if (s->last_how == ALEA_BACKGAMMON_END_DROP && s->last_mult != 1)
        return FAIL("§7.3: a dropped double scores the cube's value, never a gammon");
    if (s->last_how == ALEA_BACKGAMMON_END_RESIGN && !(s->opt & BG_OPT_RESIGN))
        return FAIL("§6: a game ended by resignation with resign=off");
    if (s->score[s->last_winner] < last_value(s))
        return FAIL("§6: the last game, worth %u, is more than its winner's %lu points",
                    (unsigned)last_value(s), (unsigned long)s->score[s->last_winner]);
    /* each game scores at least one point: before the last game, games - 1
       games had scored (the set-up score, if any, only adds) */
    uint64_t before = (uint64_t)s->score[0] + s->score[1] - last_value(s);
    if (before < (uint64_t)s->games_played - 1u)
        return FAIL("§6: %d games score at least %d points, not %llu", s->games_played,
                    s->games_played, (unsigned long long)(before + last_value(s)));
    return ALEA_OK;
}

/* §7.4 Crawford: the game after the one that first brought a player to
   N - 1 (the other below N - 1) is the Crawford game; the games after it are
   post-Crawford, which needs the trailer to have won the Crawford game. */
static alea_status check_crawford(const bg_state *s, alea_error *err) {
    uint32_t n = s->length;
    bool at0 = s->score[0] == n - 1 && s->score[1] < n - 1;
    bool at1 = s->score[1] == n - 1 && s->score[0] < n - 1;
    int leader = at0 ? 0 : 1;
    bool just = (at0 || at1) && s->games_played && s->last_winner == leader &&
                s->score[leader] - last_value(s) < n - 1;
    if (s->flags & BG_FLAG_CRAWFORD) {
        if (s->mode != BG_MODE_MATCH || !(s->opt & BG_OPT_CRAWFORD) || !(s->opt & BG_OPT_CUBE) ||
            !(at0 || at1))
            return FAIL("§7.4: a Crawford game needs a leader at %u-away-1 in a match",
                        (unsigned)n);
        if (s->games_played && !just)
            return FAIL("§7.4: the Crawford game follows the game that brought the leader to %u",
                        (unsigned)n - 1);
        return ALEA_OK;
    }
    if (s->mode != BG_MODE_MATCH || !(s->opt & BG_OPT_CRAWFORD) || !(s->opt & BG_OPT_CUBE) ||
        s->phase == BG_OVER || !(at0 || at1))
        return ALEA_OK;
    if (just)
        return FAIL("§7.4: the leader has just reached %u: this game is the Crawford game",
                    (unsigned)n - 1);
    if (s->score[1 - leader] == 0)
        return FAIL("§7.4: a post-Crawford game at %u-0, yet the trailer never won the Crawford "
                    "game",
                    (unsigned)n - 1);
    return ALEA_OK;
}

static alea_status check_match(const bg_state *s, alea_error *err) {
    uint32_t n = s->length;
    alea_status status = check_last_game(s, err);
    if (status == ALEA_OK)
        status = check_crawford(s, err);
    if (status != ALEA_OK)
        return status;
    bool over = s->phase == BG_OVER;
    switch (s->mode) {
    case BG_MODE_SINGLE: {
        uint32_t value = over ? (uint32_t)s->last_mult << s->last_cube : 0;
        if (s->games_played != (over ? 1 : 0) || s->score[s->last_winner] != value ||
            s->score[1 - s->last_winner] != 0)
            return FAIL("§6: the single game's score does not match its result");
        return ALEA_OK;
    }
    case BG_MODE_MATCH:
        if (!over && (s->score[0] >= n || s->score[1] >= n))
            return FAIL("§7.4: the match is won, yet it goes on");
        if (over && (s->score[s->last_winner] < n || s->score[1 - s->last_winner] >= n ||
                     s->games_played == 0))
            return FAIL("§7.4: the match is over without a winner");
        if (over && s->score[s->last_winner] - last_value(s) >= n)
            return FAIL("§7.4: the match was won before its last game");
        return ALEA_OK;
    default: {
        if (over ? s->games_played != n : s->games_played >= n)
            return FAIL("§7.1: %d games played in a session of %u", s->games_played, (unsigned)n);
        /* a set-up score (what a Match ID holds), plus at most a backgammon
           at the largest cube per game: no score can saturate (1000 games) */
        uint64_t most = 2 * (uint64_t)BG_MAX_SETUP_SCORE +
                        (uint64_t)s->games_played * (3u << s->max_cube_log);
        if ((uint64_t)s->score[0] + s->score[1] > most)
            return FAIL("§7.1: money scores %lu-%lu after %d games of at most %u points",
                        (unsigned long)s->score[0], (unsigned long)s->score[1], s->games_played,
                        3u << s->max_cube_log);
        return ALEA_OK;
    }
    }
}

static bool dice_ok(const bg_state *s) {
    return s->die[0] >= 1 && s->die[0] <= 6 && s->die[1] >= 1 && s->die[1] <= s->die[0];
}

static bool is_start(const bg_state *s) {
    bg_state t = *s;
    alea__bg_start_board(&t);
    for (int i = 0; i < 24; i++)
        if (t.board[i] != s->board[i])
            return false;
    return s->bar[0] == 0 && s->bar[1] == 0;
}

/* §6: a finished game keeps its last position, cube and who was on roll. */
/* A finished game (phase OVER), as gnubg leaves it (§11.7): after the last
   checker is off the loser is on roll and the dice are cleared; after a drop
   the doubler stays on roll; an accepted resignation keeps its level and the
   dice. */
static alea_status check_over(const bg_state *s, int c[2][26], alea_error *err) {
    bool resigned = s->last_how == ALEA_BACKGAMMON_END_RESIGN;
    if (s->games_played == 0 || s->last_winner > 1) /* before it indexes c[] */
        return FAIL("corrupt last game");
    if (resigned ? s->resign != s->last_mult : (s->die[0] || s->die[1]))
        return FAIL("§11.7: the game is over: no dice (an accepted resignation keeps its "
                    "level and dice)");
    int w = s->last_winner, how = s->last_how;
    if (c[1 - w][0] == BG_CHECKERS)
        return FAIL("§6: the loser of the finished game has borne off all 15");
    if ((how == ALEA_BACKGAMMON_END_BEAROFF) != (c[w][0] == BG_CHECKERS))
        return FAIL(how == ALEA_BACKGAMMON_END_BEAROFF
                        ? "§6: the winner has not borne off all 15"
                        : "§6: the winner has borne off all 15, yet the game ended otherwise");
    if (s->last_cube != s->cube_log)
        return FAIL("§6: the finished game's cube is %d, not %d", 1 << s->cube_log,
                    1 << (s->last_cube & 15));
    if (how == ALEA_BACKGAMMON_END_BEAROFF) {
        int mult = alea__bg_bearoff_multiplier(s, w);
        if (s->turn != 1 - w)
            return FAIL("§11.7: after a bear-off the loser is on roll, not player %d", s->turn);
        if (s->last_mult != mult)
            return FAIL("§6: the last position is worth %d, not %d, to player %d", mult,
                        s->last_mult, w);
    } else if (how == ALEA_BACKGAMMON_END_RESIGN) {
        if (s->turn == w)
            return FAIL("§6: the player on roll resigns, the opponent wins");
    } else if (s->turn == w ? s->cube_owner == 1 - w
                            : s->cube_owner != w || !(s->opt & BG_OPT_BEAVERS)) {
        /* §7.3: the doubler wins a drop; the beaverer wins when the doubler drops */
        return FAIL("§7.3: player %d cannot have won this drop", w);
    }
    return ALEA_OK;
}

static alea_status check_phase(const bg_state *s, int c[2][26], alea_error *err) {
    bool dice = s->die[0] || s->die[1];
    bool resign_opt = s->opt & BG_OPT_RESIGN;
    if (s->phase > BG_OVER || s->turn > 1)
        return FAIL("corrupt phase or turn");
    if (dice && !dice_ok(s))
        return FAIL("§4: dice %d-%d", s->die[0], s->die[1]);
    int rejected = (int)((s->flags & BG_FLAG_REJECTED) >> BG_FLAG_REJECTED_SHIFT);
    bool resigned = s->phase == BG_OVER && s->last_how == ALEA_BACKGAMMON_END_RESIGN;
    if ((s->resign != 0) != (s->phase == BG_RESIGN || resigned) || s->resign > 3)
        return FAIL("§6: a resignation level outside a resignation offer");
    if (rejected && (!resign_opt || s->phase == BG_OPENING || s->phase == BG_OVER))
        return FAIL("§6: a rejected resignation outside the resigner's turn");
    if (s->phase == BG_RESIGN && s->resign <= rejected)
        return FAIL("§7.3: after a rejected resignation only a higher level is offered");
    if (s->phase != BG_OVER && (c[0][0] == BG_CHECKERS || c[1][0] == BG_CHECKERS))
        return FAIL("§6: a player has borne off all 15, yet the game goes on");
    switch (s->phase) {
    case BG_OPENING:
        if (!is_start(s) || s->turn || dice || (s->flags & BG_FLAG_REJECTED))
            return FAIL("§3: before the opening throw: the starting position, no dice");
        return ALEA_OK;
    case BG_CUBE:
        if (dice || !alea__bg_turn_decision(s, s->turn))
            return FAIL("§7.3: a cube decision without the right to double (or to resign)");
        return ALEA_OK;
    case BG_DICE:
        return dice ? FAIL("§4: dice before the throw") : ALEA_OK;
    case BG_MOVE:
        return dice ? ALEA_OK : FAIL("§5: a move without dice");
    case BG_TAKE:
        if (dice || !alea__bg_cube_available(s, s->turn))
            return FAIL("§7.3: a double offered by a player who may not double");
        return ALEA_OK;
    case BG_BEAVERED:
        if (dice || s->mode != BG_MODE_MONEY || !(s->opt & BG_OPT_BEAVERS) ||
            s->cube_owner != 1 - s->turn || s->cube_log + 1 > s->max_cube_log)
            return FAIL("§7.3: a beaver where none is possible");
        return ALEA_OK;
    case BG_RESIGN:
        return resign_opt ? ALEA_OK : FAIL("§6: a resignation offer with resign=off");
        return ALEA_OK;
    default:
        return check_over(s, c, err);
    }
}

alea_status alea__bg_validate(const alea_state *st, alea_error *err) {
    const bg_state *s = bg_cof(st);
    int c[2][26] = {{0}};
    alea_status status = check_options(s, err);
    if (status == ALEA_OK)
        status = check_checkers(s, c, err);
    if (status == ALEA_OK)
        status = check_cube(s, err);
    if (status == ALEA_OK)
        status = check_phase(s, c, err);
    if (status == ALEA_OK)
        status = check_match(s, err);
    return status;
}
