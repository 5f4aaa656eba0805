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

/* A broken invariant described in words. */
#define FUZZ_FAIL(what)                                                                            \
    do {                                                                                           \
        fprintf(stderr, "%s:%d: invariant broken: %s\n", __FILE__, __LINE__, what);                \
        abort();                                                                                   \
    } while (0)

/* An action refused by apply must leave the state byte-identical.  Returns
   apply's status. */
static inline alea_status fuzz_apply_checked(alea_state *st, uint64_t action) {
    alea_state before;
    alea_error err;
    uint64_t legal[ALEA_MAX_ACTIONS];
    size_t n = 0, i;
    alea_state_copy(&before, st);
    FUZZ_ASSERT(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, st) == ALEA_OK);
    alea_status s = alea_state_apply(st, action, &err);
    if (s == ALEA_OK) {
        for (i = 0; i < n && legal[i] != action; i++)
            ;
        FUZZ_ASSERT(i < n); /* applied, so it must be listed */
        FUZZ_ASSERT(alea_state_validate(st, NULL) == ALEA_OK);
    } else {
        FUZZ_ASSERT(memcmp(&before, st, alea_state_size(st)) == 0);
        FUZZ_ASSERT(err.message[0] != '\0');
    }
    return s;
}

/* A strict JSON syntax check (RFC 8259) of s[0, len): one value, nothing
   after it but spaces.  Enough to tell that a writer's output parses. */
static inline size_t fuzz_json_ws(const char *s, size_t len, size_t at) {
    while (at < len && (s[at] == ' ' || s[at] == '\t' || s[at] == '\n' || s[at] == '\r'))
        at++;
    return at;
}

/* The end of the value starting at `at`, or (size_t)-1. */
static inline size_t fuzz_json_value(const char *s, size_t len, size_t at, int depth) {
    const size_t bad = (size_t)-1;
    if (depth > 64 || at >= len)
        return bad;
    if (s[at] == '{' || s[at] == '[') {
        char close = s[at] == '{' ? '}' : ']';
        int object = s[at] == '{';
        at = fuzz_json_ws(s, len, at + 1);
        if (at < len && s[at] == close)
            return at + 1;
        for (;;) {
            if (object) {
                if (at >= len || s[at] != '"')
                    return bad;
                at = fuzz_json_value(s, len, at, depth + 1);
                if (at == bad)
                    return bad;
                at = fuzz_json_ws(s, len, at);
                if (at >= len || s[at] != ':')
                    return bad;
                at = fuzz_json_ws(s, len, at + 1);
            }
            at = fuzz_json_value(s, len, at, depth + 1);
            if (at == bad)
                return bad;
            at = fuzz_json_ws(s, len, at);
            if (at < len && s[at] == close)
                return at + 1;
            if (at >= len || s[at] != ',')
                return bad;
            at = fuzz_json_ws(s, len, at + 1);
        }
    }
    if (s[at] == '"') {
        for (at++; at < len; at++) {
            unsigned char c = (unsigned char)s[at];
            if (c == '"')
                return at + 1;
            if (c < 0x20)
                return bad;
            if (c == '\\') {
                if (++at >= len)
                    return bad;
                if (s[at] == 'u') {
                    for (int k = 0; k < 4; k++)
                        if (++at >= len || !strchr("0123456789abcdefABCDEF", s[at]) || !s[at])
                            return bad;
                } else if (!s[at] || !strchr("\"\\/bfnrt", s[at])) {
                    return bad;
                }
            }
        }
        return bad;
    }
    if (s[at] == '-' || (s[at] >= '0' && s[at] <= '9')) {
        size_t start;
        if (s[at] == '-')
            at++;
        if (at >= len || s[at] < '0' || s[at] > '9')
            return bad;
        if (s[at] == '0')
            at++;
        else
            while (at < len && s[at] >= '0' && s[at] <= '9')
                at++;
        if (at < len && s[at] == '.') {
            start = ++at;
            while (at < len && s[at] >= '0' && s[at] <= '9')
                at++;
            if (at == start)
                return bad;
        }
        if (at < len && (s[at] == 'e' || s[at] == 'E')) {
            at++;
            if (at < len && (s[at] == '+' || s[at] == '-'))
                at++;
            start = at;
            while (at < len && s[at] >= '0' && s[at] <= '9')
                at++;
            if (at == start)
                return bad;
        }
        return at;
    }
    {
        static const char *const words[] = {"true", "false", "null"};
        for (int k = 0; k < 3; k++) {
            size_t n = strlen(words[k]);
            if (len - at >= n && memcmp(s + at, words[k], n) == 0)
                return at + n;
        }
    }
    return bad;
}

static inline int fuzz_json_ok(const char *s, size_t len) {
    size_t at = fuzz_json_value(s, len, fuzz_json_ws(s, len, 0), 0);
    return at != (size_t)-1 && fuzz_json_ws(s, len, at) == len;
}

#endif
