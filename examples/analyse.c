/* alea-referee --analyse: the value each player lost against the best action,
   decision by decision, as GNU Backgammon's analysis gives it (analyse.h). */
#include "analyse.h"
#include "common.h"
#include "matchfile.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* What one seat's decisions add up to. */
typedef struct tally {
    size_t decisions, moves, cube;      /* decisions with a choice; of them moves and cube */
    double lost, lost_moves, lost_cube; /* value lost, in the game's unit */
} tally;

/* A decision's kind for the totals: 1 a checker play, 2 a cube or resignation
   decision (backgammon, §5 / §7.3 / §6), 0 any decision of another game. */
static int decision_kind(const alea_state *st, uint64_t action) {
    if (strcmp(alea_game_id(alea_state_game(st)), "backgammon") != 0)
        return 0;
    return ALEA_BACKGAMMON_ACTION_KIND(action) == ALEA_BACKGAMMON_MOVE ? 1 : 2;
}

/* gnubg's words for an error rate per move in thousandths (strength.md). */
static const char *rating(double per_move) {
    static const struct {
        double below;
        const char *word;
    } scale[] = {{2, "supernatural"},  {5, "world class"}, {8, "expert"},   {12, "advanced"},
                 {18, "intermediate"}, {26, "casual"},     {35, "beginner"}};
    for (size_t i = 0; i < sizeof scale / sizeof scale[0]; i++)
        if (per_move < scale[i].below)
            return scale[i].word;
    return "awful";
}

/* The value of `action` in the ranked list, and the best value among the
   actions valued at the same depth (a filtered action is compared with its
   own ply). */
static int value_of(const alea_ranked_action *r, size_t n, uint64_t action, double *chosen,
                    double *best) {
    for (size_t i = 0; i < n; i++) {
        if (r[i].action != action)
            continue;
        *chosen = r[i].value;
        *best = r[i].value;
        for (size_t j = 0; j < n; j++)
            if (r[j].plies == r[i].plies && r[j].value > *best)
                *best = r[j].value;
        return 0;
    }
    return -1;
}

int ex_analyse(const char *path, int format, size_t max_bytes, const char *level, int quiet) {
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    size_t len = 0, ws_size = 0, cap;
    char *text = ex_read_file_max(path, max_bytes, &len);
    ex_actions game;
    alea_error err = {0};
    alea_status s;
    alea_state st;
    alea_bot_options opts;
    alea_ranked_action *ranked = NULL;
    void *ws = NULL;
    tally seat[ALEA_MAX_PLAYERS];
    int status = 0, players;
    bool bg;
    if (!text) {
        fprintf(stderr, "alea-referee: %s: %s\n", name,
                errno == EFBIG ? "larger than --max-bytes" : strerror(errno));
        return 2;
    }
    if (format == EX_FORMAT_NONE)
        format = ex_format_of(path) == EX_FORMAT_NONE ? EX_FORMAT_REC : ex_format_of(path);
    s = ex_actions_read(&game, text, len, format, &err);
    free(text);
    if (s != ALEA_OK) {
        ex_print_error(stdout, name, s, &err);
        ex_actions_free(&game);
        return 1;
    }
    if (alea_state_init(&st, game.spec, &err) != ALEA_OK) {
        ex_print_error(stdout, name, ALEA_BAD_OPTION, &err);
        ex_actions_free(&game);
        return 1;
    }
    bg = strcmp(alea_game_id(alea_state_game(&st)), "backgammon") == 0;
    /* the judge: a named level of the game, or the ply kind (the heuristic's
       values in a game without a search of its own) */
    if (alea_bot_options_level(&opts, alea_state_game(&st), level, &err) != ALEA_OK) {
        if (alea_bot_level_name(alea_state_game(&st), 0) != NULL) {
            ex_print_error(stderr, "alea-referee: --level", ALEA_INVALID_ARGUMENT, &err);
            ex_actions_free(&game);
            return 2;
        }
        alea_bot_options_init(&opts, ALEA_BOT_PLY);
    }
    {
        alea_game_info info;
        alea_game_get_info(&info, alea_state_game(&st));
        cap = info.max_actions;
    }
    ranked = calloc(cap, sizeof *ranked);
    if (alea_bot_workspace_size(&ws_size, &opts, alea_state_game(&st), &err) == ALEA_OK)
        ws = malloc(ws_size);
    if (!ranked || !ws) {
        fprintf(stderr, "alea-referee: out of memory\n");
        free(ranked);
        free(ws);
        ex_actions_free(&game);
        return 2;
    }
    memset(seat, 0, sizeof seat);
    players = alea_state_num_players(&st);
    printf("# analysis of %s by the %s level (value lost against the best action%s)\n", name, level,
           bg ? ", x1000: mEMG" : "");
    for (size_t i = 0; i < game.count && status == 0; i++) {
        uint64_t action = game.actions[i];
        int who = alea_state_current_player(&st);
        size_t n = 0;
        if (who >= 0 && alea_bot_rank(ranked, cap, &n, &st, &opts, ws, ws_size, &err) == ALEA_OK &&
            n > 1) {
            double chosen, best;
            char played[ALEA_ACTION_TEXT_MAX], top[ALEA_ACTION_TEXT_MAX];
            if (value_of(ranked, n, action, &chosen, &best) != 0) {
                printf("action %zu: not a legal action of seat %d\n", i + 1, who);
                status = 1;
                break;
            }
            int kind = decision_kind(&st, action);
            tally *t = &seat[who];
            t->decisions++;
            t->lost += best - chosen;
            if (kind == 2) {
                t->cube++;
                t->lost_cube += best - chosen;
            } else {
                t->moves++;
                t->lost_moves += best - chosen;
            }
            if (!quiet) {
                ex_action_text(played, &st, action);
                ex_action_text(top, &st, ranked[0].action);
                printf("%zu seat %d  %-24s %+.3f  best %-24s %+.3f  lost %.3f%s\n", i + 1, who,
                       played, chosen, top, ranked[0].value, best - chosen,
                       best - chosen > (bg ? 0.08 : 0.1) ? "  ??"
                       : best - chosen > 0.02            ? "  ?"
                                                         : "");
            }
        }
        if (alea_state_apply(&st, action, &err) != ALEA_OK) {
            ex_print_error(stdout, "replay", ALEA_ILLEGAL_ACTION, &err);
            status = 1;
        }
    }
    for (int p = 0; p < players && status == 0; p++) {
        const tally *t = &seat[p];
        const char *who = bg && game.names[p][0] ? game.names[p] : NULL;
        printf("seat %d%s%s%s: %zu decisions with a choice, %.3f lost", p, who ? " (" : "",
               who ? who : "", who ? ")" : "", t->decisions, t->lost);
        if (bg && t->moves)
            printf("; %zu checker plays, error rate %.1f mEMG per move (%s)", t->moves,
                   1000 * t->lost_moves / (double)t->moves,
                   rating(1000 * t->lost_moves / (double)t->moves));
        else if (t->decisions)
            printf(", %.4f per decision", t->lost / (double)t->decisions);
        if (bg && t->cube)
            printf("; %zu cube and resignation decisions, %.1f mEMG per decision", t->cube,
                   1000 * t->lost_cube / (double)t->cube);
        printf("\n");
    }
    free(ranked);
    free(ws);
    ex_actions_free(&game);
    return status;
}
