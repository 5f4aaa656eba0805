/* Helpers shared by the Check suites. */
#ifndef ALEA_TEST_SUPPORT_H
#define ALEA_TEST_SUPPORT_H

#include <alea/alea.h>
#include <check.h>

/* Check's ck_assert_msg() records the place of every assertion that holds
   (_mark_point(): a message written to its file, a system call each), so the
   loops that assert millions of times spent most of their time in the kernel.
   This one does nothing while the assertion holds (the failure message is
   Check's own); a test that crashes is reported without its last passing
   assertion's line (ASan and valgrind print the stack). */
#undef ck_assert_msg
#define ck_assert_msg(expr, ...)                                                                   \
    ((expr) ? (void)0 : _ck_assert_failed(__FILE__, __LINE__, "Assertion '" #expr "' failed", __VA_ARGS__))
#include <stdint.h>

/* Seed for random tests: $ALEA_TEST_SEED if set, else `fallback`. */
uint64_t test_seed(uint64_t fallback);

/* Plays one game from `st` to the end (or max_steps), at chance nodes rolling
   with rng, elsewhere picking a uniformly random legal action.  Returns the
   number of actions applied. */
size_t test_play_random(alea_state *st, alea_rng *rng, size_t max_steps);

/* An action, or a move text, that must be refused: the status is `want` (also
   in err.status), the state is byte-identical afterwards, and the reason
   contains `reason` when it is not NULL. */
void test_refuse(alea_state *st, uint64_t action, alea_status want, const char *reason);
void test_refuse_text(alea_state *st, const char *text, alea_status want, const char *reason);

/* The state `seat` sees `st` as, for what it is told of actions it cannot
   see the results of: st itself, or in a game with hidden information the
   library's one fixed re-deal of what `seat` has not seen (the game's
   determinize hook with rng seed 0), which alea_state_afterstate_tensors()
   lists and applies the actions of. */
void test_seen_state(alea_state *out, const alea_state *st, int seat);

/* 1 if text is one well-formed JSON value (RFC 8259 syntax), else 0. */
int test_json_valid(const char *text);

/* The length of a random loop of nominal length n: n / ALEA_TEST_SCALE when that
   divisor is set (the sanitizer builds, which the normal build's full-length
   loops already cover, run 10), n / 100 when ALEA_TEST_QUICK is set (slow runners
   such as valgrind), else n; at least 1. */
long test_scale(long n);

/* 1 when ALEA_TEST_QUICK is set (test_scale() shortens loops), else 0. */
int test_quick(void);

/* For loops that visit every node of a game: visit every test_stride(n)-th
   one; n under ALEA_TEST_QUICK, about n / 4 under ALEA_TEST_SCALE, else 1. */
long test_stride(long n);

/* test_scale(n), but never below `least` (loops that must cover a few cases,
   e.g. one game per option set, whatever the scale). */
long test_scale_at_least(long n, long least);

/* A count from the environment variable `name` if set, else test_scale(def):
   for the long random loops that CI lengthens and valgrind shortens. */
long test_count(const char *name, long def);

/* Runs a suite (CK_ENV verbosity, forking) and returns the process exit status. */
int test_run(Suite *suite);

#endif
