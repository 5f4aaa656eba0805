/* Text output into caller buffers with the snprintf contract. */
#include "core/impl.h"

#include <stdio.h>
#include <string.h>

void alea__buf_init(alea__buf *b, char *p, size_t cap) {
    b->p = p;
    b->cap = p ? cap : 0;
    b->len = 0;
    b->json = false;
    if (b->cap)
        b->p[0] = '\0';
}

/* Copies what fits of s[0..n) at the logical end, keeping room for the NUL. */
static void buf_raw(alea__buf *b, const char *s, size_t n) {
    if (b->len + 1 < b->cap) {
        size_t room = b->cap - 1 - b->len;
        memcpy(b->p + b->len, s, n < room ? n : room);
    }
    b->len += n;
}

static void buf_append(alea__buf *b, const char *s, size_t n) {
    size_t start = 0;
    if (!b->json) {
        buf_raw(b, s, n);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char esc[8];
        if (c != '"' && c != '\\' && c >= 0x20)
            continue;
        buf_raw(b, s + start, i - start);
        start = i + 1;
        if (c == '"' || c == '\\') {
            esc[0] = '\\';
            esc[1] = (char)c;
            buf_raw(b, esc, 2);
        } else {
            snprintf(esc, sizeof esc, "\\u%04x", c);
            buf_raw(b, esc, 6);
        }
    }
    buf_raw(b, s + start, n - start);
}

void alea__buf_putc(alea__buf *b, char c) {
    buf_append(b, &c, 1);
}

void alea__buf_puts(alea__buf *b, const char *s) {
    buf_append(b, s, strlen(s));
}

void alea__buf_printf(alea__buf *b, const char *fmt, ...) {
    char tmp[256];
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    /* Longer pieces are written with alea__buf_puts by the callers. */
    buf_append(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

void alea__buf_json_string(alea__buf *b, const char *s) {
    alea__buf_putc(b, '"');
    b->json = true;
    alea__buf_puts(b, s);
    b->json = false;
    alea__buf_putc(b, '"');
}

alea_status alea__buf_finish(alea__buf *b, size_t *len_out) {
    if (len_out)
        *len_out = b->len;
    if (b->cap == 0)
        return ALEA_BUFFER_TOO_SMALL;
    b->p[b->len < b->cap ? b->len : b->cap - 1] = '\0';
    return b->len < b->cap ? ALEA_OK : ALEA_BUFFER_TOO_SMALL;
}
