/*
 * Match files in the examples (alea-referee, alea-convert): a backgammon
 * match read from .mat / .sgf, or from an alea record (.rec), as a spec and
 * the list of its actions.  Built on the public API only.
 */
#ifndef ALEA_EXAMPLES_MATCHFILE_H
#define ALEA_EXAMPLES_MATCHFILE_H

#include <alea/alea.h>
#include <alea/backgammon.h>

#include <stddef.h>
#include <stdio.h>

/* File formats by name: "rec", "mat", "sgf". */
enum { EX_FORMAT_NONE = -1, EX_FORMAT_REC = 0, EX_FORMAT_MAT = 1, EX_FORMAT_SGF = 2 };

/* The format of a word ("mat") or a path's extension ("x.mat"), or EX_FORMAT_NONE. */
int ex_format_of(const char *word_or_path);

/* A game as its spec and actions (heap array, ex_actions_free()). */
typedef struct ex_actions {
    char spec[ALEA_SPEC_MAX];
    uint64_t *actions;
    size_t count, cap;
    char names[2][ALEA_BACKGAMMON_NAME_MAX];
    alea_backgammon_match_info info; /* when read from .mat / .sgf */
} ex_actions;

/* Reads the len bytes of `text` (NUL-terminated after them) in `format` into
   *out; on a bad entry the status and err (the message "game G move M (line
   L): reason" for match files, err->line for a record; an embedded NUL is
   ALEA_PARSE_ERROR at its offset).  ALEA_OUT_OF_MEMORY when the list cannot
   grow. */
alea_status ex_actions_read(ex_actions *out, const char *text, size_t len, int format,
                            alea_error *err);

/* Writes the game in `format` to f (a record: the spec, then one action a
   line).  Returns ALEA_OK, or the library's status (err filled). */
alea_status ex_actions_write(FILE *f, const ex_actions *in, int format, alea_error *err);

void ex_actions_free(ex_actions *a);

/* alea-referee on a .mat or .sgf file (path or "-"): prints
   "game G move M (line L): reason" for the first bad entry and returns 1, or
   a summary and 0; 2 for I/O errors. */
int ex_referee_match(const char *path, int format, size_t max_bytes);

#endif /* ALEA_EXAMPLES_MATCHFILE_H */
