/*
 * alea-referee --analyse: a played game or match (.rec, .mat, .sgf) judged
 * decision by decision by a level of the game's bot (alea_bot_rank()): the
 * value each player lost against the best action, and per player the total
 * and the error rate per decision (backgammon: per checker play in mEMG, as
 * GNU Backgammon's analysis, and per cube decision).  Built on the public API
 * only.
 */
#ifndef ALEA_EXAMPLES_ANALYSE_H
#define ALEA_EXAMPLES_ANALYSE_H

#include <stddef.h>

/* Analyses the file (path or "-") in `format` (EX_FORMAT_*; EX_FORMAT_NONE:
   by its extension, else a record) with the game's level `level` (for a game
   without levels, the ply kind's defaults).  Prints one line per decision
   with a choice unless `quiet`, then one line per seat.  Returns 0, 1 for a
   bad file, 2 for I/O errors or a bad level. */
int ex_analyse(const char *path, int format, size_t max_bytes, const char *level, int quiet);

#endif
