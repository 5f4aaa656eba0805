/*
 * alea-referee: checks a game record against the rules, dice included.
 *
 *   alea-referee [--max-bytes N] [FILE | -]  replay a record (default: stdin)
 *   alea-referee [--max-bytes N] [--format rec|mat|sgf] FILE
 *                                            a backgammon match file (.mat, .sgf:
 *                                            format from the extension)
 *   alea-referee --write-demo-record SEED SPEC...
 *                                            play a bot game, write its record
 *   alea-referee --serve                     the JSON-lines referee (referee_serve.c)
 *   alea-referee --analyse [--level L] [--quiet] [--format F] FILE
 *                                            the value each player lost, move by
 *                                            move (analyse.c)
 *
 * A record is the game spec on its first line, then one action per line in the
 * game's notation (see <alea/record.h>).  Exit status: 0 if every line is legal,
 * 1 at the first bad line (reported with its number, the status and the rule
 * broken, and the board just before it), 2 for usage and I/O errors and for a
 * record larger than the limit (16 MiB unless --max-bytes says otherwise: the
 * record is read whole, so memory stays bounded by the limit; a NUL byte in it is
 * a bad line, not its end).
 */
#include "analyse.h"
#include "common.h"
#include "matchfile.h"
#include "referee_serve.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PLIES 1000000L
#define DEFAULT_MAX_BYTES ((uint64_t)16 << 20)

static void usage(FILE *f) {
    fprintf(f, "usage: alea-referee [--max-bytes N] [--format rec|mat|sgf] [FILE | -]\n"
               "       alea-referee --write-demo-record SEED SPEC...\n"
               "       alea-referee --serve [--max-line BYTES] [--max-games N]\n"
               "       alea-referee --analyse [--level L] [--quiet] [--max-bytes N]\n"
               "                    [--format rec|mat|sgf] FILE\n"
               "       alea-referee --version\n"
               "Replays a game record (default: standard input) and reports its first bad\n"
               "line.  A record larger than N bytes (default 16777216, 16 MiB) is refused\n"
               "unread beyond N + 1 bytes (exit status 2).  --serve answers JSON requests,\n"
               "one per line (doc/referee-protocol.md): lines up to 65536 bytes and 256\n"
               "open games unless --max-line / --max-games say otherwise.\n");
}

/* Replays the record in `path`; returns the exit status. */
static int referee(const char *path, size_t max) {
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    size_t len = 0;
    char *text = ex_read_file_max(path, max, &len);
    if (text == NULL && errno == EFBIG) {
        fprintf(stderr,
                "alea-referee: %s: record larger than %zu bytes: refused (--max-bytes N raises "
                "the limit)\n",
                name, max);
        return 2;
    }
    if (text == NULL) {
        fprintf(stderr, "alea-referee: %s: %s\n", name, strerror(errno));
        return 2;
    }

    alea_state st;
    memset(&st, 0, sizeof st); /* stays invalid if the spec line is bad */
    size_t applied = 0;
    alea_error err = {0};
    alea_status s = alea_record_replay_n(&st, &applied, text, len, &err);
    free(text);

    if (s != ALEA_OK) {
        if (err.line > 0)
            printf("line %d: %s: %s\n", (int)err.line, alea_status_name(s), err.message);
        else
            printf("%s: %s: %s\n", name, alea_status_name(s), err.message);
        if (alea_state_size(&st) != 0) {
            printf("position before line %d (actions applied: %zu):\n", (int)err.line, applied);
            ex_print_board(stdout, &st);
        }
        return 1;
    }

    alea_result r;
    if (alea_state_result(&r, &st) != ALEA_OK) {
        fprintf(stderr, "alea-referee: no result\n");
        return 2;
    }
    printf("OK: %zu actions, %s scores", applied, r.terminal ? "final" : "current");
    for (int i = 0; i < r.players; i++)
        printf("%s seat %d: %ld", i > 0 ? "," : "", i, (long)r.score[i]);
    if (!r.terminal)
        printf(" (game not over)");
    else if (r.winner >= 0)
        printf(" (seat %d wins)", (int)r.winner);
    else if (r.draw)
        printf(" (draw)");
    else
        printf(" (shared first place)");
    printf("\n");
    return 0;
}

/* Writes one line of a record, or remembers the failure. */
static void put_line(const char *line, int *io_failed) {
    if (printf("%s\n", line) < 0)
        *io_failed = 1;
}

/* --write-demo-record: seat 0 greedy, the other seats random; returns the exit status. */
static int write_demo_record(uint64_t seed, const char *spec) {
    alea_state st;
    alea_error err = {0};
    alea_status s = alea_state_init(&st, spec, &err);
    if (s != ALEA_OK) {
        ex_print_error(stderr, spec, s, &err);
        return 1;
    }
    alea_rng dice, bots;
    alea_rng_seed(&dice, seed);
    bots = dice;
    alea_rng_jump(&bots);

    int io_failed = 0;
    char line[ALEA_ACTION_TEXT_MAX > EX_SPEC_MAX ? ALEA_ACTION_TEXT_MAX : EX_SPEC_MAX];
    s = alea_state_spec(line, sizeof line, NULL, &st);
    if (s != ALEA_OK) {
        ex_print_error(stderr, "alea_state_spec", s, NULL);
        return 1;
    }
    put_line(line, &io_failed);

    for (long ply = 0; ply < MAX_PLIES; ply++) {
        int who = alea_state_current_player(&st);
        uint64_t action;
        alea_state before;
        if (who == ALEA_PLAYER_TERMINAL)
            break;
        alea_state_copy(&before, &st); /* the notation is written in the state before */
        if (who == ALEA_PLAYER_CHANCE) {
            s = alea_state_roll(&action, &st, &dice);
        } else {
            s = alea_bot_choose(&action, &st, who == 0 ? ALEA_BOT_GREEDY : ALEA_BOT_RANDOM, &bots);
            if (s == ALEA_OK)
                s = alea_state_apply(&st, action, &err);
        }
        if (s != ALEA_OK) {
            ex_print_error(stderr, "alea-referee: playing", s, &err);
            return 1;
        }
        s = alea_state_action_to_text(line, sizeof line, NULL, &before, action);
        if (s != ALEA_OK) {
            ex_print_error(stderr, "alea_state_action_to_text", s, NULL);
            return 1;
        }
        put_line(line, &io_failed);
    }
    if (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL) {
        fprintf(stderr, "alea-referee: the game did not end\n");
        return 1;
    }
    if (fflush(stdout) != 0 || io_failed) {
        fprintf(stderr, "alea-referee: error writing the record\n");
        return 2;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (ex_version_requested(argc, argv, "alea-referee"))
        return 0;
    if (ALEA_CHECK_ABI() != ALEA_OK) {
        fprintf(stderr, "alea-referee: built against other alea headers than the library %s\n",
                alea_version_string());
        return 2;
    }
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        usage(stdout);
        return 0;
    }
    if (argc >= 2 && strcmp(argv[1], "--write-demo-record") == 0) {
        uint64_t seed;
        char spec[EX_SPEC_MAX];
        if (argc < 4 || ex_parse_u64(argv[2], &seed) != 0 ||
            ex_join_words(spec, sizeof spec, argc - 3, argv + 3) != 0) {
            usage(stderr);
            return 2;
        }
        return write_demo_record(seed, spec);
    }
    if (argc >= 2 && strcmp(argv[1], "--serve") == 0)
        return ex_referee_serve_main(argc - 2, argv + 2);
    uint64_t max_bytes = DEFAULT_MAX_BYTES;
    int format = EX_FORMAT_NONE, analyse = 0, quiet = 0;
    const char *level = "expert";
    if (argc >= 2 && strcmp(argv[1], "--analyse") == 0) {
        analyse = 1;
        argv++;
        argc--;
    }
    while (argc >= 2) {
        if (analyse && strcmp(argv[1], "--quiet") == 0) {
            quiet = 1;
            argv++;
            argc--;
            continue;
        }
        if (argc < 3)
            break;
        if (analyse && strcmp(argv[1], "--level") == 0)
            level = argv[2];
        else if (strcmp(argv[1], "--format") == 0) {
            if ((format = ex_format_of(argv[2])) == EX_FORMAT_NONE) {
                usage(stderr);
                return 2;
            }
        } else if (strcmp(argv[1], "--max-bytes") == 0) {
            if (ex_parse_u64(argv[2], &max_bytes) != 0) {
                usage(stderr);
                return 2;
            }
        } else
            break;
        argv += 2;
        argc -= 2;
    }
    if (argc > 2 || (argc == 2 && argv[1][0] == '-' && argv[1][1] != '\0')) {
        usage(stderr);
        return 2;
    }
    const char *path = argc == 2 ? argv[1] : "-";
    size_t max = max_bytes < SIZE_MAX - 1 ? (size_t)max_bytes : SIZE_MAX - 1;
    if (analyse)
        return ex_analyse(path, format, max, level, quiet);
    if (format == EX_FORMAT_NONE)
        format = ex_format_of(path);
    if (format == EX_FORMAT_MAT || format == EX_FORMAT_SGF)
        return ex_referee_match(path, format, max);
    return referee(path, max);
}
