/* A small cursor for the parsers of specs, notation, state text and records. */
#include "core/impl.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

alea_status alea__text_check(const char *text, size_t len, const char *what, alea_error *err) {
    const char *nul = len ? memchr(text, '\0', len) : NULL;
    size_t at;
    if (!nul)
        return ALEA_OK;
    at = (size_t)(nul - text);
    return alea__fail(err, ALEA_PARSE_ERROR, at > INT32_MAX ? INT32_MAX : (int32_t)at,
                      "%s: embedded NUL byte at offset %zu", what, at);
}

/* A byte loop, not strlen and memcmp: the match-file readers ask at every
   offset of a file, and a mismatch is almost always at the first byte. */
bool alea__starts_at(const char *text, size_t len, size_t i, const char *literal) {
    if (i > len)
        return false;
    for (size_t k = 0; literal[k] != '\0'; k++)
        if (k >= len - i || text[i + k] != literal[k])
            return false;
    return true;
}

void alea__scan_start(alea__scan *sc, const char *text, size_t len, alea_error *err,
                      const char *what) {
    sc->text = text;
    sc->len = len;
    sc->pos = 0;
    sc->err = err;
    sc->what = what;
}

void alea__scan_init(alea__scan *sc, const char *text, size_t len) {
    alea__scan_start(sc, text, len, NULL, NULL);
}

static char peek(const alea__scan *sc) {
    return alea__scan_peek(sc, 0);
}

static bool is_word_char(char c) {
    return isalnum((unsigned char)c) || c == '-' || c == '_';
}

void alea__scan_space(alea__scan *sc) {
    while (peek(sc) == ' ' || peek(sc) == '\t')
        sc->pos++;
}

bool alea__scan_at_end(alea__scan *sc) {
    alea__scan_space(sc);
    return peek(sc) == '\0';
}

bool alea__scan_char(alea__scan *sc, char c) {
    alea__scan_space(sc);
    if (peek(sc) != c || c == '\0')
        return false;
    sc->pos++;
    return true;
}

bool alea__scan_word(alea__scan *sc, char *out, size_t cap) {
    size_t start, n = 0;
    alea__scan_space(sc);
    start = sc->pos;
    while (is_word_char(alea__char_at(sc->text, sc->len, start + n)))
        n++;
    if (n == 0 || n >= cap)
        return false;
    for (size_t i = 0; i < n; i++)
        out[i] = (char)tolower((unsigned char)sc->text[start + i]);
    out[n] = '\0';
    sc->pos = start + n;
    return true;
}

bool alea__scan_int(alea__scan *sc, int64_t min, int64_t max, int64_t *out) {
    size_t p;
    bool neg = false;
    int64_t v = 0;
    alea__scan_space(sc);
    p = sc->pos;
    if (alea__char_at(sc->text, sc->len, p) == '-' || alea__char_at(sc->text, sc->len, p) == '+')
        neg = sc->text[p++] == '-';
    if (!isdigit((unsigned char)alea__char_at(sc->text, sc->len, p)))
        return false;
    while (isdigit((unsigned char)alea__char_at(sc->text, sc->len, p))) {
        /* Stop before overflow: anything this long is out of every range. */
        if (v > (INT64_MAX - 9) / 10)
            return false;
        v = v * 10 + (sc->text[p++] - '0');
    }
    if (neg)
        v = -v;
    if (v < min || v > max)
        return false;
    *out = v;
    sc->pos = p;
    return true;
}

bool alea__scan_keyword(alea__scan *sc, const char *kw) {
    size_t n = strlen(kw);
    alea__scan_space(sc);
    for (size_t i = 0; i < n; i++) {
        if (tolower((unsigned char)alea__scan_peek(sc, i)) != tolower((unsigned char)kw[i]))
            return false;
    }
    if (is_word_char(alea__scan_peek(sc, n)))
        return false;
    sc->pos += n;
    return true;
}

int32_t alea__scan_offset(const alea__scan *sc) {
    return sc->pos > INT32_MAX ? INT32_MAX : (int32_t)sc->pos;
}

/* ---- failures and strict reading ---- */

alea_status alea__scan_fail_at(const alea__scan *sc, size_t at, const char *problem) {
    return alea__fail(sc->err, ALEA_PARSE_ERROR, at > INT32_MAX ? INT32_MAX : (int32_t)at,
                      "%s%s%s at offset %zu", sc->what ? sc->what : "", sc->what ? ": " : "",
                      problem, at);
}

alea_status alea__scan_fail(const alea__scan *sc, const char *problem) {
    return alea__scan_fail_at(sc, sc->pos, problem);
}

alea_status alea__scan_expect(alea__scan *sc, const char *literal) {
    if (alea__scan_starts(sc, literal)) {
        sc->pos += strlen(literal);
        return ALEA_OK;
    }
    while (*literal != '\0' && alea__scan_peek(sc, 0) == *literal) { /* point at the difference */
        sc->pos++;
        literal++;
    }
    char problem[40];
    snprintf(problem, sizeof problem, "expected '%.24s'", literal);
    return alea__scan_fail(sc, problem);
}

bool alea__scan_accept(alea__scan *sc, char ch) {
    if (ch == '\0' || alea__scan_peek(sc, 0) != ch)
        return false;
    sc->pos++;
    return true;
}

alea_status alea__scan_number(alea__scan *sc, int max_digits, long *out) {
    long v = 0;
    int digits = 0;
    if (!alea__is_digit(alea__scan_peek(sc, 0)))
        return alea__scan_fail(sc, "expected a number");
    if (alea__scan_peek(sc, 0) == '0' && alea__is_digit(alea__scan_peek(sc, 1))) {
        sc->pos++;
        return alea__scan_fail(sc, "a number has no leading zero");
    }
    while (alea__is_digit(alea__scan_peek(sc, 0))) {
        if (++digits > max_digits)
            return alea__scan_fail(sc, "number too long");
        v = v * 10 + (sc->text[sc->pos++] - '0');
    }
    *out = v;
    return ALEA_OK;
}
