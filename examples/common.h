/*
 * Small helpers shared by the example programs (not part of the library).
 *
 * Everything here is built on the public API only: <alea/alea.h>.
 */
#ifndef ALEA_EXAMPLES_COMMON_H
#define ALEA_EXAMPLES_COMMON_H

#include <alea/alea.h>

#include <stdio.h>

/* Longest spec the examples accept (joined from the command line). */
#define EX_SPEC_MAX 512

/*
 * Reads a whole file ("-" means stdin) into a NUL-terminated heap buffer
 * (free it with free()).  Returns NULL on an I/O error or out of memory, with
 * errno set.
 */
char *ex_read_file(const char *path, size_t *len_out);

/*
 * ex_read_file() that reads at most `max` bytes: a longer file or stream is
 * refused after max + 1 bytes (NULL, errno = EFBIG), so memory stays bounded
 * whatever the input.  The text may hold NUL bytes: use *len_out.
 */
char *ex_read_file_max(const char *path, size_t max, size_t *len_out);

/* Joins words[0..count) with single spaces into buf.  Returns 0, or -1 if it
   did not fit (buf then holds a truncated string). */
int ex_join_words(char *buf, size_t cap, int count, char *const *words);

/* Parses a whole string as an unsigned decimal number.  Returns 0, or -1. */
int ex_parse_u64(const char *text, uint64_t *out);

/* Parses "human" (returns EX_HUMAN), or a bot name ("random", "greedy"):
   returns the ::alea_bot_kind, or -2 if unknown. */
#define EX_HUMAN (-1)
int ex_parse_player_kind(const char *name);

/*
 * Writes `action` in the game's notation, as seen from `state` (call it before
 * applying the action).  buf needs ALEA_ACTION_TEXT_MAX bytes.  Never fails: an
 * action the game cannot write comes out as "<action 0x...>".  Returns buf.
 */
const char *ex_action_text(char *buf, const alea_state *state, uint64_t action);

/* Prints the multi-line board of the state.  Returns the library's status. */
alea_status ex_print_board(FILE *f, const alea_state *state);
/* Prints what `seat` (or ALEA_OBSERVER_PUBLIC) may know: the observation board. */
alea_status ex_print_observation(FILE *f, const alea_state *state, int seat);

/* Prints scores, ranks and the outcome ("seat 1 wins", "draw", ...). */
alea_status ex_print_result(FILE *f, const alea_state *state);

/* If any argument is "--version", prints "PROGRAM (alea) X.Y.Z" (the library's
   version, alea_version_string()) on stdout and returns 1; else returns 0. */
int ex_version_requested(int argc, char *const *argv, const char *program);

/* Prints "what: ALEA_NAME: reason" on f (the reason from err, if it has one). */
void ex_print_error(FILE *f, const char *what, alea_status status, const alea_error *err);

#endif /* ALEA_EXAMPLES_COMMON_H */
