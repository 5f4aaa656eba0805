/* Shared by the fuzz targets: the libFuzzer entry point, and small helpers.
   Each target is built twice: with libFuzzer (-Dfuzz=true, clang), and with
   driver.c, which replays a corpus (and random mutations of it) under any
   compiler, so the corpora run as regression tests in CI. */
#ifndef ALEA_FUZZ_H
#define ALEA_FUZZ_H

#include <alea/alea.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A NUL-terminated copy of the input (free it). */
static inline char *fuzz_text(const uint8_t *data, size_t size) {
    char *t = malloc(size + 1);
    if (!t)
        abort();
    memcpy(t, data, size);
    t[size] = '\0';
    return t;
}

/* A copy of exactly the input's bytes, no terminator (free it): the `_n`
   functions read it with its length, and a read past it is an ASan error. */
static inline char *fuzz_exact(const uint8_t *data, size_t size) {
    char *t = malloc(size ? size : 1);
    if (!t)
        abort();
    t[0] = '\0';
    if (size)
        memcpy(t, data, size);
    return t;
}

static inline int fuzz_has_nul(const uint8_t *data, size_t size) {
    return size > 0 && memchr(data, '\0', size) != NULL;
}

/* A broken invariant: report and crash so that the fuzzer keeps the input. */
#define FUZZ_ASSERT(cond)                                                                          \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__, __LINE__, #cond);           \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* An action refused by apply must leave the state byte-identical. */
static inline void fuzz_apply_checked(alea_state *st, uint64_t action) {
    alea_state before;
    alea_error err;
    uint64_t legal[ALEA_MAX_ACTIONS];
    size_t n = 0, i;
    alea_state_copy(&before, st);
    FUZZ_ASSERT(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, st) == ALEA_OK);
    if (alea_state_apply(st, action, &err) == ALEA_OK) {
        for (i = 0; i < n && legal[i] != action; i++)
            ;
        FUZZ_ASSERT(i < n); /* applied, so it must be listed */
        FUZZ_ASSERT(alea_state_validate(st, NULL) == ALEA_OK);
    } else {
        FUZZ_ASSERT(memcmp(&before, st, alea_state_size(st)) == 0);
        FUZZ_ASSERT(err.message[0] != '\0');
    }
}

#endif
