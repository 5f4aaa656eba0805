/*
 * alea-referee --serve: the JSON-lines referee (doc/referee-protocol.md).
 *
 * One JSON request per line in, one JSON reply per line out.  The server and
 * its request handler live in referee_serve.c, built when jansson is found;
 * without it referee_serve_none.c says that --serve is not available.
 */
#ifndef ALEA_EXAMPLES_REFEREE_SERVE_H
#define ALEA_EXAMPLES_REFEREE_SERVE_H

#include <alea/alea.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* `alea-referee --serve ARGS...`: parses the options after --serve, serves
   standard input until its end and returns the exit status (0; 2 for a usage
   error, a failed write, or a build without jansson). */
int ex_referee_serve_main(int argc, char **argv);

/* ---- the server, for tests and the fuzz target (built with jansson only) ---- */

typedef struct ex_server ex_server;

/* A server with room for max_games open games (0: the default, 256).  NULL
   when out of memory. */
ex_server *ex_server_new(size_t max_games);
void ex_server_free(ex_server *srv);

/* Handles one request, line[0, len) (need not be NUL-terminated, may hold any
   bytes), and returns its reply: one line of JSON without the newline, to be
   freed with free() (NULL only when out of memory). */
char *ex_server_handle(ex_server *srv, const char *line, size_t len);

/* The reply to a line that was not read (too long): a PARSE_ERROR with `reason`. */
char *ex_server_refuse_line(const char *reason);

/* The number of games open now. */
size_t ex_server_open_games(const ex_server *srv);

/* The state of the open game with this handle, or NULL (for the fuzz target's
   oracle: a refused request changes no game). */
const alea_state *ex_server_game(const ex_server *srv, uint64_t handle);

/* Serves `in` to `out` with these limits (0: the defaults, 65536 bytes a line
   and 256 games); returns the exit status. */
int ex_referee_serve(FILE *in, FILE *out, size_t max_line, size_t max_games);

#endif
