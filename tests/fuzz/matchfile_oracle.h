/* What a match file written by alea must read back as (issue 24 item 4),
   shared by fuzz_match_write.c, fuzz_matchfile.c and tests/test_gnubg.c's
   round-trip property. */
#ifndef ALEA_FUZZ_MATCHFILE_ORACLE_H
#define ALEA_FUZZ_MATCHFILE_ORACLE_H

#include <alea/backgammon.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* What the files hold (doc/record-format.md): no cube decision to roll, no
   rejected resignation offer. */
static inline size_t filtered(const uint64_t *in, size_t n, uint64_t *out) {
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t kind = in[i] >> 48;
        if (kind == ALEA_BACKGAMMON_ROLL || kind == ALEA_BACKGAMMON_REJECT ||
            (kind == ALEA_BACKGAMMON_RESIGN && i + 1 < n &&
             in[i + 1] >> 48 == ALEA_BACKGAMMON_REJECT))
            continue;
        out[m++] = in[i];
    }
    return m;
}

static inline int printable(const char *s) {
    for (; *s; s++)
        if (*s < 0x20 || *s > 0x7E)
            return 0;
    return 1;
}

/* The name as the format carries it: the characters it replaces become '_'. */
static inline void carried(char *out, const char *name, int format) {
    size_t n = 0;
    for (const char *p = name; *p && n < ALEA_BACKGAMMON_NAME_MAX - 1; p++) {
        int first = strspn(name, " ") == (size_t)(p - name); /* .mat: ';' first is a comment */
        int replaced = format == ALEA_BACKGAMMON_FORMAT_MAT ? *p == ':' || (first && *p == ';')
                                                            : *p == ']' || *p == '\\';
        out[n++] = replaced ? '_' : *p;
    }
    out[n] = '\0';
    if (format == ALEA_BACKGAMMON_FORMAT_MAT) { /* the ends' spaces are the columns' */
        while (n > 0 && out[n - 1] == ' ')
            out[--n] = '\0';
        size_t k = strspn(out, " ");
        memmove(out, out + k, n - k + 1);
    }
}

#endif
