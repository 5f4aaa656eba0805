/*
 * alea-convert: converts a backgammon game or match between an alea record
 * (.rec), Jellyfish .mat and GNU Backgammon .sgf, by the file extensions.
 *
 *   alea-convert IN OUT          (- for stdin / stdout: then --from / --to)
 *   alea-convert --from mat --to sgf - -
 *   alea-convert --max-bytes N IN OUT
 *
 * IN is read whole, so memory is bounded: an input larger than N bytes
 * (16 MiB by default, as alea-referee) is refused unread beyond N + 1 bytes
 * (exit status 2).
 * Every entry of IN is checked against the rules first.  Exit status: 0 on
 * success, 1 if IN has an illegal entry (reported as alea-referee does) or
 * OUT's format cannot carry its spec (the reason names the rule; no OUT is
 * left), 2 for usage and I/O errors and an input over --max-bytes.
 */
#include "common.h"
#include "matchfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MAX_BYTES ((uint64_t)16 << 20)

static void usage(FILE *f) {
    fprintf(f, "usage: alea-convert [--max-bytes N] [--from rec|mat|sgf] [--to rec|mat|sgf] IN "
               "OUT\n"
               "       formats from the extensions .rec, .mat, .sgf; - is stdin/stdout;\n"
               "       an input larger than N bytes (default 16777216, 16 MiB) is refused\n"
               "       alea-convert --version\n");
}

int main(int argc, char **argv) {
    if (ex_version_requested(argc, argv, "alea-convert"))
        return 0;
    int from = EX_FORMAT_NONE, to = EX_FORMAT_NONE, i = 1;
    const char *in = NULL, *out = NULL;
    uint64_t max_bytes = DEFAULT_MAX_BYTES;
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
        } else if (strcmp(argv[i], "--max-bytes") == 0 && i + 1 < argc) {
            if (ex_parse_u64(argv[i + 1], &max_bytes) != 0) {
                usage(stderr);
                return 2;
            }
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
    size_t max = max_bytes < SIZE_MAX - 1 ? (size_t)max_bytes : SIZE_MAX - 1;
    char *text = ex_read_file_max(in, max, &len);
    if (!text && errno == EFBIG) {
        fprintf(stderr,
                "alea-convert: %s: input larger than %zu bytes: refused (--max-bytes N raises "
                "the limit)\n",
                in, max);
        return 2;
    }
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
    if (s != ALEA_OK) { /* e.g. a spec the format cannot carry: no half-written OUT */
        fprintf(stderr, "alea-convert: %s: %s\n", alea_status_name(s), err.message);
        if (f != stdout)
            remove(out);
        return 1;
    }
    if (io) {
        fprintf(stderr, "alea-convert: error writing %s\n", out);
        return 2;
    }
    return 0;
}
