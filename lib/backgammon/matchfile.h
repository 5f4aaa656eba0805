/*
 * Match files (.mat, .sgf): the readers turn their syntax into events, which
 * the replayer (matchfile.c) plays through the rules; the writers (mat.c,
 * sgf.c) get a replayed match as a list of entries.  doc/record-format.md
 * describes both formats and their departures.
 */
#ifndef ALEA_BACKGAMMON_MATCHFILE_H
#define ALEA_BACKGAMMON_MATCHFILE_H

#include "backgammon/bg.h"

#include <stdio.h>

enum { EV_MOVE, EV_DOUBLE, EV_BEAVER, EV_TAKE, EV_DROP, EV_WIN, EV_DICE };

/* One entry of a file. */
typedef struct mf_event {
    int kind;      /* EV_* */
    int player;    /* 0 (.mat left, SGF W) or 1 */
    int dice[2];   /* EV_MOVE */
    char move[96]; /* EV_MOVE: alea notation, "" = none written */
    int value;     /* EV_DOUBLE/EV_BEAVER: cube after it (0 = not given); EV_WIN: points */
    int resigned;  /* EV_WIN: 1 = by resignation (SGF "R"), 0 = not said */
    int line;
    int move_no;
} mf_event;

typedef struct mf_replay {
    alea_state st;
    alea_backgammon_match_fn fn;
    void *ctx;
    alea_backgammon_match_info *info;
    alea_error *err;
    int game, move, line;
    int game_over;                     /* this game has ended */
    int dice_only;                     /* a roll written without a move (a resignation follows) */
    int pass_pending;                  /* the line of a roll without a legal move, not yet
                                          played: the pass, or the roller resigns (§5.3, §6) */
    int first;                         /* the next action is the game's first */
    int games_total;                   /* games in the file (pre-scan) */
    int beavers;                       /* the file has a beaver: money play with beavers=on */
    char why[ALEA_ERROR_MESSAGE_SIZE]; /* the reason being reported */
} mf_replay;

/* The replayer: a new file (length, money, rules), then per game. */
alea_status alea__mf_begin(mf_replay *r, int length, int crawford, int jacoby, int cube);
alea_status alea__mf_game(mf_replay *r, int game, int line, int score0, int score1);
alea_status alea__mf_event(mf_replay *r, const mf_event *e);
/* Plays a pending pass (a roll without a legal move, §5.3) at the end of a
   game or file. */
alea_status alea__mf_flush(mf_replay *r);
/* Fails with the reason formatted into r->why, at `line`, in the form
   "game G move M (line L): reason" (err and info filled). */
alea_status alea__mf_report(mf_replay *r, alea_status status, int line);
#define MF_FAIL(r, status, line, ...)                                                              \
    (snprintf((r)->why, sizeof(r)->why, __VA_ARGS__), alea__mf_report((r), (status), (line)))
void alea__mf_name(mf_replay *r, int player, const char *name, size_t len);
/* A decimal number at p (digits only, clamped to 1000000), or -1 when p
   holds no digit; *end (may be NULL) gets the end of the digits. */
int alea__mf_number(const char *p, const char **end);

/* The readers, over the len bytes at text (no NUL needed). */
alea_status alea__mat_read(mf_replay *r, const char *text, size_t len);
alea_status alea__sgf_read(mf_replay *r, const char *text, size_t len);

/* ---- writing ---- */

/* One written entry: a move (dice + steps), a cube action, a game's end,
   or (EV_DICE) the dice of a roll followed by an accepted resignation. */
typedef struct mf_entry {
    int kind; /* EV_* */
    int player;
    int dice[2];
    uint64_t action; /* EV_MOVE: the MOVE action (payload 0 = no move) */
    int value;       /* cube value after a double/beaver; points won for EV_WIN */
    int resigned;    /* EV_WIN after a resignation */
    bg_side side;    /* EV_MOVE: the mover's view before the move */
} mf_entry;

/* The writer's walk: calls `emit` for every game start and entry. */
typedef struct mf_writer {
    alea__buf *b;
    int32_t format; /* ALEA_BACKGAMMON_FORMAT_MAT or _SGF */
    const char *names[2];
    int length, crawford_rule, jacoby, cube;
    /* winner -1 if the game is not finished; points and resigned of its end */
    void (*game)(struct mf_writer *w, int game, const bg_state *start, int winner, int points,
                 int resigned);
    void (*entry)(struct mf_writer *w, const mf_entry *e);
    void (*game_end)(struct mf_writer *w, const bg_state *end);
    /* format state */
    int row, col, game_no, auto_cube;
    char pending[256];
} mf_writer;

alea_status alea__mf_walk(mf_writer *w, const char *spec, const uint64_t *actions, size_t count,
                          alea_error *err);
void alea__mat_writer(mf_writer *w);
void alea__sgf_writer(mf_writer *w);

#endif /* ALEA_BACKGAMMON_MATCHFILE_H */
