/* A small cursor for the parsers of specs, notation, state text and records. */
#include "core/impl.h"

#include <ctype.h>
#include <string.h>

void alea__scan_init(alea__scan *sc, const char *text) {
    sc->text = text;
    sc->pos = 0;
}

static char peek(const alea__scan *sc) {
    return sc->text[sc->pos];
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
    while (is_word_char(sc->text[start + n]))
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
    if (sc->text[p] == '-' || sc->text[p] == '+')
        neg = sc->text[p++] == '-';
    if (!isdigit((unsigned char)sc->text[p]))
        return false;
    while (isdigit((unsigned char)sc->text[p])) {
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
        if (tolower((unsigned char)sc->text[sc->pos + i]) != tolower((unsigned char)kw[i]))
            return false;
    }
    if (is_word_char(sc->text[sc->pos + n]))
        return false;
    sc->pos += n;
    return true;
}

int32_t alea__scan_offset(const alea__scan *sc) {
    return sc->pos > INT32_MAX ? INT32_MAX : (int32_t)sc->pos;
}
