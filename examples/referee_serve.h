/*
 * alea-referee --serve: the JSON-lines referee (doc/referee-protocol.md).
 *
 * One JSON request per line in, one JSON reply per line out.  The server and
 * its request handler live in referee_serve.c, built when jansson is found;
 * without it referee_serve_none.c says that --serve is not available.
 */
#ifndef ALEA_EXAMPLES_REFEREE_SERVE_H
#define ALEA_EXAMPLES_REFEREE_SERVE_H

#include <stddef.h>
#include <stdio.h>

/* Serves requests from `in` until its end; returns the exit status (0, or 2
   when the server is not available or cannot write its replies). */
int ex_referee_serve(FILE *in, FILE *out);

#endif
