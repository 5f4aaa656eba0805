/* Replaying a game record: a spec line, then one action per line. */
#include "core/impl.h"

#include <string.h>

#define LINE_MAX_BYTES 512

/* Copies line [p, p+n) into out trimmed of blanks and '\r'; false if too long. */
static bool take_line(char *out, const char *p, size_t n) {
    while (n && (*p == ' ' || *p == '\t')) {
        p++;
        n--;
    }
    while (n && (p[n - 1] == ' ' || p[n - 1] == '\t' || p[n - 1] == '\r'))
        n--;
    if (n >= LINE_MAX_BYTES)
        return false;
    memcpy(out, p, n);
    out[n] = '\0';
    return true;
}

int32_t alea__record_line(size_t number) {
    return number > (size_t)INT32_MAX ? INT32_MAX : (int32_t)number;
}

static alea_status at_line(alea_error *err, alea_status s, size_t line) {
    if (err)
        err->line = alea__record_line(line);
    return s;
}

ALEA_API alea_status alea_record_replay_n(alea_state *state_out, size_t *applied_out,
                                          const char *record, size_t len, alea_error *err) {
    alea_state cur;
    char line[LINE_MAX_BYTES];
    bool have_spec = false;
    size_t applied = 0;
    size_t number = 0; /* wide: a record in memory can have more than 2^31 lines */
    size_t p;

    if (applied_out)
        *applied_out = 0;
    if (!state_out || !record)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "state and record must not be NULL");
    for (p = 0; p < len;) {
        const char *nl = memchr(record + p, '\n', len - p);
        size_t n = nl ? (size_t)(nl - (record + p)) : len - p;
        const char *nul = memchr(record + p, '\0', n);
        alea_status s;
        number++;
        if (nul) {
            size_t at = (size_t)(nul - record);
            s = alea__fail(err, ALEA_PARSE_ERROR, at > INT32_MAX ? INT32_MAX : (int32_t)at,
                           "record: embedded NUL byte at offset %zu", at);
        } else if (!take_line(line, record + p, n)) {
            s = alea__fail(err, ALEA_PARSE_ERROR, -1, "line longer than %d bytes",
                           LINE_MAX_BYTES - 1);
        } else if (line[0] == '\0' || line[0] == '#') {
            s = ALEA_OK;
        } else if (!have_spec) {
            s = alea_state_init(&cur, line, err);
            have_spec = s == ALEA_OK;
            if (!have_spec)
                return at_line(err, s, number);
        } else {
            s = alea_state_apply_text(&cur, line, err);
            applied += s == ALEA_OK;
        }
        if (s != ALEA_OK) {
            if (have_spec)
                alea_state_copy(state_out, &cur);
            if (applied_out)
                *applied_out = applied;
            return at_line(err, s, number);
        }
        p += n + (nl != NULL);
    }
    if (!have_spec)
        return alea__fail(err, ALEA_INVALID_ARGUMENT, -1, "the record has no spec line");
    alea_state_copy(state_out, &cur);
    if (applied_out)
        *applied_out = applied;
    return ALEA_OK;
}

ALEA_API alea_status alea_record_replay(alea_state *state_out, size_t *applied_out,
                                        const char *record, alea_error *err) {
    return alea_record_replay_n(state_out, applied_out, record, record ? strlen(record) : 0, err);
}
