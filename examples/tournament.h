/* The tournament mode of alea-bench (tournament.c). */
#ifndef ALEA_EXAMPLES_TOURNAMENT_H
#define ALEA_EXAMPLES_TOURNAMENT_H

/* Runs `alea-bench --tournament ...` (argv as given to main, "--tournament"
   anywhere in it).  Returns the exit status: 0, 1 on a library error, 2 on a
   usage error. */
int ex_tournament_main(int argc, char **argv);

#endif
