/*
 * alea-play: play any alea game in the terminal, humans and bots at any seat.
 *
 *   alea-play [--seed N] [--seat0 human|BOT] ... [--manual-dice] [--board] SPEC...
 *
 * e.g. `alea-play dice-poker players=2` (the spec words are joined).  By
 * default seat 0 is a human and every other seat is the greedy bot.  A human
 * types a move in the game's notation or its number in the list; bad input is
 * answered with the library's status and reason, and asked again.  The dice
 * are thrown by the program, or typed in (e.g. `roll 1,2,3,4,5`) with
 * --manual-dice.  Input is read line by line; end of input ends the game.
 * --board shows the board before every bot move too, to watch bots play.
 *
 * Hidden information (Plateau's unseen faces, R11): a human sees only the
 * observation of his seat (alea_state_observation_board()), never the whole
 * state, and every move as his seat may see it
 * (alea_state_action_observation_text(): an opponent's set-up shows only its
 * top face, `setup a1 ?? r?`).  With several humans (hot seat) each sees his
 * own observation at his turn, and the boards and moves between them show
 * only what every seat sees (a spectator's view).  With no human seat (bots only, to watch them)
 * the boards are the whole state: the watcher is the host.  Once the game is
 * over the whole state is shown.
 */
#define _POSIX_C_SOURCE 200112L /* isatty(), fileno() */
#include "common.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#define HAVE_ISATTY 1
#else
#define HAVE_ISATTY 0
#endif

#define LINE_MAX_LEN 256
#define SCREEN_WIDTH 78

/* Optional per-game help: examples of the notation.  A game missing here
   still plays; the list of legal moves shows its notation anyway. */
static const struct {
    const char *id;
    const char *examples;
} notation_hints[] = {
    {"dice-poker", "hold 1,1,5 (keep these dice, re-throw the others), hold none,\n"
                   "  school 4, write full, strike poker"},
    {"wise-dice", "2/3:L/1/6 (indicator 2, direction die 3 = left, distance 1, scoring 6),\n"
                  "  1/6:FR/2/4, place C1, pass"},
    {"backgammon", "13/7 8/7, bar/22*, 6/off, double, take"},
    {"plateau", "setup a1 xx rb (bottom, top), on rb c2:1 (onboard at level 1),\n"
                "  a1/2-a2:1-a3 (lift 2, keep 1 after a stop on a2, land on a3),\n"
                "  !b1/1-c3 (flip first), b3* (stomp), offer M+BL, give R, decline, pass"},
};

/* A seat played by a level of the game's bot (`--seat1 expert`). */
#define EX_LEVEL (-3)

typedef struct game_ctx {
    alea_state st;
    int kind[ALEA_MAX_PLAYERS];              /* EX_HUMAN, EX_LEVEL or an alea_bot_kind */
    const char *level[ALEA_MAX_PLAYERS];     /* the level's name (EX_LEVEL) */
    alea_bot_options opts[ALEA_MAX_PLAYERS]; /* a level's options */
    void *ws;                                /* a workspace for the levels and hints */
    size_t ws_size;
    int manual_dice;
    int show_board; /* the board before bot moves too (--board) */
    int echo;       /* echo input lines (when stdin is not a terminal) */
    alea_rng dice, bots;
    const char *id;
    uint64_t actions[ALEA_MAX_ACTIONS];
    size_t count;
    alea_outcome outcomes[ALEA_MAX_ACTIONS];
} game_ctx;

enum { INPUT_LINE, INPUT_EOF, INPUT_TOO_LONG };

/* Reads one line, without its end and surrounding blanks. */
static int read_line(char *buf, size_t cap, int echo) {
    fflush(stdout);
    if (fgets(buf, (int)cap, stdin) == NULL)
        return INPUT_EOF;
    size_t n = strlen(buf);
    if (n > 0 && buf[n - 1] == '\n') {
        buf[--n] = '\0';
    } else if (!feof(stdin)) {
        int c;
        while ((c = getchar()) != EOF && c != '\n')
            continue;
        return INPUT_TOO_LONG;
    }
    while (n > 0 && isspace((unsigned char)buf[n - 1]))
        buf[--n] = '\0';
    size_t lead = strspn(buf, " \t");
    memmove(buf, buf + lead, n - lead + 1);
    if (echo)
        printf("%s\n", buf);
    return INPUT_LINE;
}

/* Seats played by humans. */
static int humans(const game_ctx *ctx) {
    int n = 0;
    for (int p = 0; p < alea_state_num_players(&ctx->st); p++)
        n += ctx->kind[p] == EX_HUMAN;
    return n;
}

/* Whose observation the screen shows while `who` acts: the human at his
   turn; else the only human; else, with several humans (hot seat), a
   spectator's view; with none, -1: the whole state (the host watching bots). */
static int viewer_of(const game_ctx *ctx, int who) {
    int players = alea_state_num_players(&ctx->st);
    if (who >= 0 && who < players && ctx->kind[who] == EX_HUMAN)
        return who;
    switch (humans(ctx)) {
    case 0:
        return -1;
    case 1:
        for (int p = 0; p < players; p++)
            if (ctx->kind[p] == EX_HUMAN)
                return p;
        return -1;
    default:
        return ALEA_OBSERVER_PUBLIC;
    }
}

static void show_board(const game_ctx *ctx, int viewer) {
    if (viewer == -1)
        ex_print_board(stdout, &ctx->st);
    else
        ex_print_observation(stdout, &ctx->st, viewer);
}

/* 1 if the game hides part of the state from `viewer` (its observation is
   not the state text); never for the host (-1). */
static int hides_from(const game_ctx *ctx, int viewer) {
    char obs[4096], full[4096];
    if (viewer == -1)
        return 0;
    if (alea_state_observation_text(obs, sizeof obs, NULL, &ctx->st, viewer) != ALEA_OK ||
        alea_state_to_text(full, sizeof full, NULL, &ctx->st) != ALEA_OK)
        return 1; /* cannot tell: keep it hidden */
    return strcmp(obs, full) != 0;
}

/* Fills ctx->actions with the legal actions. */
static alea_status refresh_actions(game_ctx *ctx) {
    return alea_state_legal_actions(ctx->actions, ALEA_MAX_ACTIONS, &ctx->count, &ctx->st);
}

/* Prints the numbered legal actions in columns (with probabilities at a chance node). */
static void list_moves(game_ctx *ctx) {
    char text[ALEA_ACTION_TEXT_MAX];
    int chance = alea_state_current_player(&ctx->st) == ALEA_PLAYER_CHANCE;
    size_t n_outcomes = 0;
    if (chance && alea_state_chance_outcomes(ctx->outcomes, ALEA_MAX_ACTIONS, &n_outcomes,
                                             &ctx->st) != ALEA_OK)
        n_outcomes = 0;

    int width = 0;
    for (size_t i = 0; i < ctx->count; i++) {
        int w = (int)strlen(ex_action_text(text, &ctx->st, ctx->actions[i]));
        if (w > width)
            width = w;
    }
    int extra = chance && n_outcomes == ctx->count ? 13 : 0; /* " (num/den)" */
    int cell = 6 + width + extra + 2;
    int per_line = cell < SCREEN_WIDTH ? SCREEN_WIDTH / cell : 1;

    for (size_t i = 0; i < ctx->count; i++) {
        char cellbuf[ALEA_ACTION_TEXT_MAX + 40];
        ex_action_text(text, &ctx->st, ctx->actions[i]);
        const alea_outcome *o = NULL;
        for (size_t k = 0; extra > 0 && k < n_outcomes && o == NULL; k++)
            if (ctx->outcomes[k].action == ctx->actions[i])
                o = &ctx->outcomes[k];
        if (o != NULL)
            snprintf(cellbuf, sizeof cellbuf, "%s (%lu/%lu)", text, (unsigned long)o->num,
                     (unsigned long)o->den);
        else
            snprintf(cellbuf, sizeof cellbuf, "%s", text);
        int last = (i + 1) % (size_t)per_line == 0 || i + 1 == ctx->count;
        printf("%4zu. %-*s%s", i + 1, last ? 0 : width + extra + 2, cellbuf, last ? "\n" : "");
    }
}

static void show_help(const game_ctx *ctx, int chance) {
    if (chance)
        printf("Type the dice that fell in the game's notation (e.g. a line from `moves`),\n"
               "its number in `moves`, or `auto` to let the program throw them.\n");
    else
        printf("Type a move in the game's notation, or its number in the list.\n");
    printf("Commands: moves or ? (list the legal %s), board,%s help, quit.\n",
           chance ? "outcomes" : "moves", chance ? "" : " hint (the best moves, valued),");
    for (size_t i = 0; i < sizeof notation_hints / sizeof notation_hints[0]; i++)
        if (strcmp(notation_hints[i].id, ctx->id) == 0)
            printf("Notation of %s, e.g.: %s\n", ctx->id, notation_hints[i].examples);
}

/* Grows the shared bot workspace to what `opts` need; 0 or -1. */
static int workspace_for(game_ctx *ctx, const alea_bot_options *opts) {
    size_t need = 0;
    void *ws;
    if (alea_bot_workspace_size(&need, opts, alea_state_game(&ctx->st), NULL) != ALEA_OK)
        return -1;
    if (need <= ctx->ws_size)
        return 0;
    ws = realloc(ctx->ws, need);
    if (!ws)
        return -1;
    ctx->ws = ws;
    ctx->ws_size = need;
    return 0;
}

/* `hint`: the best legal moves of seat `who`, valued by the game's strongest
   level (alea_bot_rank(); the heuristic's values in a game without levels). */
#define HINTS 5
static void show_hint(game_ctx *ctx, int who) {
    const alea_game *g = alea_state_game(&ctx->st);
    alea_bot_options o;
    alea_ranked_action r[HINTS];
    alea_error err = {0};
    size_t n = 0, levels = 0;
    alea_status s;
    while (alea_bot_level_name(g, levels))
        levels++;
    if (levels == 0 ||
        alea_bot_options_level(&o, g, alea_bot_level_name(g, levels - 1), NULL) != ALEA_OK)
        alea_bot_options_init(&o, ALEA_BOT_PLY);
    if (workspace_for(ctx, &o) != 0) {
        printf("  no hint: out of memory\n");
        return;
    }
    s = alea_bot_rank(r, HINTS, &n, &ctx->st, &o, ctx->ws, ctx->ws_size, &err);
    if (s != ALEA_OK && s != ALEA_BUFFER_TOO_SMALL) {
        ex_print_error(stdout, "  no hint", s, &err);
        return;
    }
    printf("  best of %zu for seat %d (%s):\n", n, who,
           levels ? alea_bot_level_name(g, levels - 1) : "heuristic values");
    for (size_t i = 0; i < n && i < HINTS; i++) {
        char text[ALEA_ACTION_TEXT_MAX];
        printf("  %zu. %-26s %+.3f", i + 1, ex_action_text(text, &ctx->st, r[i].action),
               r[i].value);
        if (r[i].detail_count >= 5) /* backgammon: win, gammons, backgammons */
            printf("  (win %.1f%%, gammon %.1f%% / %.1f%%, backgammon %.1f%% / %.1f%%, %d-ply)",
                   100 * r[i].details[0], 100 * r[i].details[1], 100 * r[i].details[3],
                   100 * r[i].details[2], 100 * r[i].details[4], (int)r[i].plies);
        else if (r[i].detail_count == 2 && strcmp(ctx->id, "wise-dice") == 0)
            printf("  (win %.1f%%, margin %+.1f points, %d-ply)", 100 * r[i].details[0],
                   r[i].details[1], (int)r[i].plies);
        printf("\n");
    }
}

/* A whole line of digits gives its value (1-based move number), else 0. */
static size_t move_number(const char *line) {
    size_t v = 0;
    if (*line == '\0')
        return 0;
    for (const char *p = line; *p != '\0'; p++) {
        if (!isdigit((unsigned char)*p) || v > 100000)
            return 0;
        v = v * 10 + (size_t)(*p - '0');
    }
    return v;
}

/* Shows why input was rejected: status name, the library's reason, and where. */
static void reject(const char *line, alea_status s, const alea_error *err) {
    printf("  rejected: %s: %s\n", alea_status_name(s), err->message);
    if (s == ALEA_PARSE_ERROR && err->offset >= 0 && (size_t)err->offset <= strlen(line))
        printf("    %s\n    %*s^\n", line, (int)err->offset, "");
}

/* Applies `action` and reports it as made by `who_label`, as the screen's
   watcher may see it: the human (or, hot seat, every seat: a spectator)
   through the move observation, the host watching bots in full. */
static int apply_and_report(game_ctx *ctx, uint64_t action, const char *who_label) {
    char text[ALEA_ACTION_TEXT_MAX];
    alea_error err = {0};
    int watcher = viewer_of(ctx, ALEA_PLAYER_TERMINAL); /* whoever looks at the screen next */
    /* written in the state before the move */
    if (watcher == -1)
        ex_action_text(text, &ctx->st, action);
    else if (alea_state_action_observation_text(text, sizeof text, NULL, &ctx->st, action,
                                                watcher) != ALEA_OK)
        snprintf(text, sizeof text, "(a move)"); /* refused below with the reason */
    alea_status s = alea_state_apply(&ctx->st, action, &err);
    if (s != ALEA_OK) {
        ex_print_error(stdout, "  rejected", s, &err);
        return -1;
    }
    printf("%s: %s\n", who_label, text);
    return 0;
}

/* Few choices (at most SHORT_LIST, e.g. backgammon's "roll or double") are
   named at once; longer lists only on request (`moves` or `?`), so that the
   board stays on the screen (Plateau's set-up has over a thousand moves). */
#define SHORT_LIST 4
static void announce_choices(game_ctx *ctx, int who) {
    char text[ALEA_ACTION_TEXT_MAX];
    if (ctx->count > SHORT_LIST) {
        printf("Seat %d to move: %zu legal moves (`moves` or `?` lists them, `help` for more).\n",
               who, ctx->count);
        return;
    }
    printf("Seat %d to move: ", who);
    for (size_t i = 0; i < ctx->count; i++) {
        const char *sep = i + 1 == ctx->count ? " or " : ", ";
        printf("%s%s", i == 0 ? "" : sep, ex_action_text(text, &ctx->st, ctx->actions[i]));
    }
    printf("\n");
}

enum { TURN_DONE, TURN_QUIT };

/*
 * One decision by the human at the keyboard: a move of seat `who`, or, when
 * who is ALEA_PLAYER_CHANCE, the dice that fell.
 */
static int human_turn(game_ctx *ctx, int who) {
    int chance = who == ALEA_PLAYER_CHANCE;
    char label[32], line[LINE_MAX_LEN];
    if (chance)
        snprintf(label, sizeof label, "dice");
    else
        snprintf(label, sizeof label, "seat %d (you)", who);

    if (refresh_actions(ctx) != ALEA_OK) {
        printf("cannot list the legal actions\n");
        return TURN_QUIT;
    }
    if (!chance) {
        printf("\n");
        show_board(ctx, who);
        announce_choices(ctx, who);
    } else {
        printf("Dice to throw: type the roll (%zu possible %s; `moves` lists them,"
               " `auto` throws).\n",
               ctx->count, ctx->count == 1 ? "outcome" : "outcomes");
    }

    for (;;) {
        printf("%s> ", chance ? "dice" : "move");
        int got = read_line(line, sizeof line, ctx->echo);
        if (got == INPUT_EOF) {
            printf("\nend of input\n");
            return TURN_QUIT;
        }
        if (got == INPUT_TOO_LONG) {
            printf("  rejected: line too long\n");
            continue;
        }
        if (line[0] == '\0')
            continue;
        if (strcmp(line, "quit") == 0 || strcmp(line, "exit") == 0)
            return TURN_QUIT;
        if (strcmp(line, "help") == 0) {
            show_help(ctx, chance);
            continue;
        }
        if (strcmp(line, "moves") == 0 || strcmp(line, "?") == 0) {
            list_moves(ctx);
            continue;
        }
        if (strcmp(line, "board") == 0) {
            show_board(ctx, viewer_of(ctx, who));
            continue;
        }
        if (!chance && strcmp(line, "hint") == 0) {
            show_hint(ctx, who);
            continue;
        }
        if (chance && strcmp(line, "auto") == 0) {
            alea_state before;
            uint64_t outcome;
            char text[ALEA_ACTION_TEXT_MAX];
            alea_state_copy(&before, &ctx->st);
            if (alea_state_roll(&outcome, &ctx->st, &ctx->dice) != ALEA_OK)
                return TURN_QUIT;
            printf("dice: %s\n", ex_action_text(text, &before, outcome));
            return TURN_DONE;
        }

        uint64_t action;
        size_t number = move_number(line);
        if (number > 0 || strspn(line, "0123456789") == strlen(line)) {
            if (number < 1 || number > ctx->count) {
                printf("  rejected: there is no number %s; choose 1..%zu\n", line, ctx->count);
                continue;
            }
            action = ctx->actions[number - 1];
        } else {
            alea_error err = {0};
            alea_status s = alea_state_action_from_text(&action, &ctx->st, line, &err);
            if (s != ALEA_OK) {
                reject(line, s, &err);
                continue;
            }
        }
        if (apply_and_report(ctx, action, label) == 0)
            return TURN_DONE;
    }
}

static void usage(FILE *f) {
    fprintf(f,
            "usage: alea-play [options] SPEC...\n"
            "  SPEC             game id and options, e.g. dice-poker players=2\n"
            "  --seed N         seed of the dice and the bots (default: from the clock)\n"
            "  --seatK KIND     who plays seat K (0..%d): human or a bot kind (below)\n"
            "                   (default: seat 0 human, the others greedy)\n"
            "  --manual-dice    type the dice in instead of letting the program throw\n"
            "  --board          show the board before every move, bots' moves too\n"
            "  --version        print the version and exit\n"
            "Hidden information (Plateau): a human sees only what his seat may know, of\n"
            "the board and of every move (an unseen face is ?, as in setup a1 ?? r?).\n"
            "Several humans (hot seat) each see their own view at their turn; the boards\n"
            "and moves in between show only what every seat sees, so look away when it is\n"
            "not your turn.  With no human seat (watching bots) everything is shown.\n"
            "games:",
            ALEA_MAX_PLAYERS - 1);
    for (size_t i = 0; i < alea_game_count(); i++)
        fprintf(f, " %s", alea_game_id(alea_game_at(i)));
    fprintf(f, "\nbots:");
    for (int k = 0; k < ALEA_BOT_KIND_COUNT; k++)
        fprintf(f, " %s", alea_bot_name(k));
    fprintf(f, "\n");
}

int main(int argc, char **argv) {
    if (ex_version_requested(argc, argv, "alea-play"))
        return 0;
    if (ALEA_CHECK_ABI() != ALEA_OK) {
        fprintf(stderr, "alea-play: built against other alea headers than the library %s\n",
                alea_version_string());
        return 1;
    }
    game_ctx *ctx = calloc(1, sizeof *ctx);
    char **words = calloc((size_t)argc + 1, sizeof *words);
    if (ctx == NULL || words == NULL) {
        fprintf(stderr, "alea-play: out of memory\n");
        return 1;
    }
    uint64_t seed = (uint64_t)time(NULL);
    int nwords = 0, status = 0;
    ctx->kind[0] = EX_HUMAN;
    for (int p = 1; p < ALEA_MAX_PLAYERS; p++)
        ctx->kind[p] = ALEA_BOT_GREEDY;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            goto done;
        } else if (strcmp(a, "--manual-dice") == 0) {
            ctx->manual_dice = 1;
        } else if (strcmp(a, "--board") == 0) {
            ctx->show_board = 1;
        } else if (strcmp(a, "--seed") == 0 && val != NULL && ex_parse_u64(val, &seed) == 0) {
            i++;
        } else if (strncmp(a, "--seat", 6) == 0 && a[6] >= '0' && a[6] < '0' + ALEA_MAX_PLAYERS &&
                   a[7] == '\0' && val != NULL) {
            /* a kind, or else a level of the game's bot, checked once the game is known */
            int kind = ex_parse_player_kind(val);
            ctx->kind[a[6] - '0'] = kind == -2 ? EX_LEVEL : kind;
            ctx->level[a[6] - '0'] = val;
            i++;
        } else if (a[0] == '-') {
            fprintf(stderr, "alea-play: bad argument '%s'\n", a);
            usage(stderr);
            status = 2;
            goto done;
        } else {
            words[nwords++] = argv[i];
        }
    }

    char spec[EX_SPEC_MAX];
    if (nwords == 0) {
        usage(stderr);
        status = 2;
        goto done;
    }
    if (ex_join_words(spec, sizeof spec, nwords, words) != 0) {
        fprintf(stderr, "alea-play: spec too long\n");
        status = 2;
        goto done;
    }
    alea_error err = {0};
    alea_status s = alea_state_init(&ctx->st, spec, &err);
    if (s != ALEA_OK) {
        ex_print_error(stderr, spec, s, &err);
        status = 2;
        goto done;
    }
    ctx->id = alea_game_id(alea_state_game(&ctx->st));
#if HAVE_ISATTY
    ctx->echo = !isatty(fileno(stdin));
#endif
    alea_rng_seed(&ctx->dice, seed);
    ctx->bots = ctx->dice;
    alea_rng_jump(&ctx->bots);

    alea_game_info info;
    char canon[EX_SPEC_MAX];
    int players = alea_state_num_players(&ctx->st);
    if (alea_game_get_info(&info, alea_state_game(&ctx->st)) != ALEA_OK ||
        alea_state_spec(canon, sizeof canon, NULL, &ctx->st) != ALEA_OK) {
        status = 1;
        goto done;
    }
    for (int p = 0; p < players; p++) {
        if (ctx->kind[p] != EX_LEVEL)
            continue;
        if (alea_bot_options_level(&ctx->opts[p], alea_state_game(&ctx->st), ctx->level[p], &err) !=
            ALEA_OK) {
            fprintf(stderr, "alea-play: --seat%d %s: not a bot kind (%s) nor a level: %s\n", p,
                    ctx->level[p], "random, greedy, expectimax, mcts, heuristic, ply", err.message);
            usage(stderr);
            status = 2;
            goto done;
        }
        if (workspace_for(ctx, &ctx->opts[p]) != 0) {
            status = 1;
            goto done;
        }
    }
    printf("%s: %s\n%s\nseed %llu;", info.title, canon, info.summary, (unsigned long long)seed);
    for (int p = 0; p < players; p++)
        printf(" seat %d: %s%s", p,
               ctx->kind[p] == EX_HUMAN   ? "human"
               : ctx->kind[p] == EX_LEVEL ? ctx->level[p]
                                          : alea_bot_name(ctx->kind[p]),
               p + 1 < players ? "," : "\n");
    printf("Type `help` at any prompt.\n");

    for (;;) {
        int who = alea_state_current_player(&ctx->st);
        if (who == ALEA_PLAYER_TERMINAL)
            break;
        if (who == ALEA_PLAYER_CHANCE && !ctx->manual_dice) {
            alea_state before;
            uint64_t outcome;
            char text[ALEA_ACTION_TEXT_MAX];
            alea_state_copy(&before, &ctx->st);
            s = alea_state_roll(&outcome, &ctx->st, &ctx->dice);
            if (s != ALEA_OK) {
                ex_print_error(stderr, "alea_state_roll", s, NULL);
                status = 1;
                goto done;
            }
            printf("dice: %s\n", ex_action_text(text, &before, outcome));
        } else if (who == ALEA_PLAYER_CHANCE ||
                   (who >= 0 && who < players && ctx->kind[who] == EX_HUMAN)) {
            if (human_turn(ctx, who) == TURN_QUIT) {
                printf("Game abandoned.\n");
                ex_print_result(stdout, &ctx->st);
                goto done;
            }
        } else if (who >= 0 && who < players) {
            uint64_t action;
            char label[32];
            int viewer = viewer_of(ctx, who);
            if (ctx->show_board) {
                printf("\n");
                show_board(ctx, viewer);
            }
            if (ctx->kind[who] == EX_LEVEL)
                s = alea_bot_choose_with(&action, &ctx->st, &ctx->opts[who], ctx->ws, ctx->ws_size,
                                         &ctx->bots, NULL);
            else
                s = alea_bot_choose(&action, &ctx->st, ctx->kind[who], &ctx->bots);
            snprintf(label, sizeof label, "seat %d (%s)", who,
                     ctx->kind[who] == EX_LEVEL ? ctx->level[who] : alea_bot_name(ctx->kind[who]));
            if (s != ALEA_OK ||
                apply_and_report(ctx, action, label) != 0) {
                ex_print_error(stderr, "alea_bot_choose", s, NULL);
                status = 1;
                goto done;
            }
        } else {
            fprintf(stderr, "alea-play: bad current player %d\n", who);
            status = 1;
            goto done;
        }
    }

    printf("\nGame over.%s\n", hides_from(ctx, viewer_of(ctx, ALEA_PLAYER_TERMINAL))
                                   ? " Every face is shown now."
                                   : "");
    ex_print_board(stdout, &ctx->st);
    ex_print_result(stdout, &ctx->st);
done:
    free(words);
    if (ctx)
        free(ctx->ws);
    free(ctx);
    return status;
}
