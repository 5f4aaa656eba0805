/*
 * alea-convert: converts a backgammon game or match between an alea record
 * (.rec), Jellyfish .mat and GNU Backgammon .sgf, by the file extensions.
 *
 *   alea-convert IN OUT          (- for stdin / stdout: then --from / --to)
 *   alea-convert --from mat --to sgf - -
 *
 * Every entry of IN is checked against the rules first.  Exit status: 0 on
 * success, 1 if IN has an illegal entry (reported as alea-referee does),
 * 2 for usage and I/O errors.
 */
#include "common.h"
#include "matchfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f) {
    fprintf(f, "usage: alea-convert [--from rec|mat|sgf] [--to rec|mat|sgf] IN OUT\n"
               "       formats from the extensions .rec, .mat, .sgf; - is stdin/stdout\n"
               "       alea-convert --version\n");
}

int main(int argc, char **argv) {
    if (ex_version_requested(argc, argv, "alea-convert"))
        return 0;
    int from = EX_FORMAT_NONE, to = EX_FORMAT_NONE, i = 1;
    const char *in = NULL, *out = NULL;
    if (ALEA_CHECK_ABI() != ALEA_OK) {
        fprintf(stderr, "alea-convert: built against other alea headers than the library\n");
        return 2;
    }
    for (; i < argc; i++) {
        if ((strcmp(argv[i], "--from") == 0 || strcmp(argv[i], "--to") == 0) && i + 1 < argc) {
            int f = ex_format_of(argv[i + 1]);
            if (f == EX_FORMAT_NONE) {
                usage(stderr);
                return 2;
            }
            *(argv[i][2] == 'f' ? &from : &to) = f;
            i++;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (!in) {
            in = argv[i];
        } else if (!out) {
            out = argv[i];
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (!in || !out) {
        usage(stderr);
        return 2;
    }
    if (from == EX_FORMAT_NONE)
        from = ex_format_of(in);
    if (to == EX_FORMAT_NONE)
        to = ex_format_of(out);
    if (from == EX_FORMAT_NONE || to == EX_FORMAT_NONE) {
        fprintf(stderr,
                "alea-convert: say the formats: extensions .rec, .mat, .sgf, or --from/--to\n");
        return 2;
    }
    size_t len = 0;
    char *text = ex_read_file(in, &len);
    if (!text) {
        fprintf(stderr, "alea-convert: %s: %s\n", in, strerror(errno));
        return 2;
    }
    ex_actions game;
    alea_error err = {0};
    alea_status s = ex_actions_read(&game, text, len, from, &err);
    free(text);
    if (s != ALEA_OK) {
        if (from == EX_FORMAT_REC && err.line > 0)
            printf("line %d: %s: %s\n", (int)err.line, alea_status_name(s), err.message);
        else
            printf("%s\n", err.message);
        ex_actions_free(&game);
        return s == ALEA_OUT_OF_MEMORY ? 2 : 1;
    }
    FILE *f = strcmp(out, "-") == 0 ? stdout : fopen(out, "w");
    if (!f) {
        fprintf(stderr, "alea-convert: %s: %s\n", out, strerror(errno));
        ex_actions_free(&game);
        return 2;
    }
    s = ex_actions_write(f, &game, to, &err);
    ex_actions_free(&game);
    int io = (f == stdout ? fflush(f) : fclose(f)) != 0;
    if (s != ALEA_OK) {
        fprintf(stderr, "alea-convert: %s: %s\n", alea_status_name(s), err.message);
        return 1;
    }
    if (io) {
        fprintf(stderr, "alea-convert: error writing %s\n", out);
        return 2;
    }
    return 0;
}
