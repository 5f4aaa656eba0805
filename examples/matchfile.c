/* Match files in the examples: see matchfile.h. */
#include "matchfile.h"

#include <stdlib.h>
#include <string.h>

int ex_format_of(const char *s) {
    const char *dot = strrchr(s, '.');
    const char *ext = dot ? dot + 1 : s;
    if (strcmp(ext, "rec") == 0)
        return EX_FORMAT_REC;
    if (strcmp(ext, "mat") == 0)
        return EX_FORMAT_MAT;
    if (strcmp(ext, "sgf") == 0)
        return EX_FORMAT_SGF;
    return EX_FORMAT_NONE;
}

static alea_status push(ex_actions *a, uint64_t action) {
    if (a->count == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 256;
        uint64_t *p = realloc(a->actions, cap * sizeof *p);
        if (!p)
            return ALEA_OUT_OF_MEMORY;
        a->actions = p;
        a->cap = cap;
    }
    a->actions[a->count++] = action;
    return ALEA_OK;
}

static alea_status on_entry(void *ctx, const alea_backgammon_match_entry *e) {
    return push(ctx, e->action);
}

/* An alea record: the spec line, then one action a line ('#' comments). */
static alea_status read_record(ex_actions *out, const char *text, alea_error *err) {
    alea_state st;
    int line = 0, have_spec = 0;
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        char buf[1024];
        line++;
        while (n && (p[n - 1] == '\r' || p[n - 1] == ' ' || p[n - 1] == '\t'))
            n--;
        size_t lead = strspn(p, " \t");
        if (lead > n)
            lead = n;
        if (n - lead >= sizeof buf) {
            err->line = line;
            return ALEA_PARSE_ERROR;
        }
        memcpy(buf, p + lead, n - lead);
        buf[n - lead] = '\0';
        p = nl ? nl + 1 : p + strlen(p);
        if (!buf[0] || buf[0] == '#')
            continue;
        alea_status s;
        if (!have_spec) {
            s = alea_state_init(&st, buf, err);
            if (s == ALEA_OK)
                s = alea_state_spec(out->spec, sizeof out->spec, NULL, &st);
            have_spec = 1;
        } else {
            uint64_t action;
            s = alea_state_action_from_text(&action, &st, buf, err);
            if (s == ALEA_OK)
                s = alea_state_apply(&st, action, err);
            if (s == ALEA_OK)
                s = push(out, action);
        }
        if (s != ALEA_OK) {
            if (err)
                err->line = line;
            return s;
        }
    }
    return have_spec ? ALEA_OK : ALEA_INVALID_ARGUMENT;
}

alea_status ex_actions_read(ex_actions *out, const char *text, size_t len, int format,
                            alea_error *err) {
    memset(out, 0, sizeof *out);
    snprintf(out->names[0], sizeof out->names[0], "White");
    snprintf(out->names[1], sizeof out->names[1], "Red");
    if (format == EX_FORMAT_REC) {
        const char *nul = memchr(text, '\0', len);
        if (nul) {
            snprintf(err->message, sizeof err->message, "embedded NUL byte at offset %zu",
                     (size_t)(nul - text));
            return ALEA_PARSE_ERROR;
        }
        return read_record(out, text, err);
    }
    out->info.version = ALEA_BACKGAMMON_MATCH_INFO_VERSION;
    alea_status s = alea_backgammon_read_match_n(
        &out->info, text, len,
        format == EX_FORMAT_SGF ? ALEA_BACKGAMMON_FORMAT_SGF : ALEA_BACKGAMMON_FORMAT_MAT, on_entry,
        out, err);
    memcpy(out->spec, out->info.spec, sizeof out->spec);
    memcpy(out->names, out->info.names, sizeof out->names);
    return s;
}

alea_status ex_actions_write(FILE *f, const ex_actions *in, int format, alea_error *err) {
    if (format == EX_FORMAT_REC) {
        alea_state st;
        alea_status s = alea_state_init(&st, in->spec, err);
        if (s != ALEA_OK)
            return s;
        fprintf(f, "%s\n", in->spec);
        for (size_t i = 0; i < in->count; i++) {
            char line[ALEA_ACTION_TEXT_MAX];
            s = alea_state_action_to_text(line, sizeof line, NULL, &st, in->actions[i]);
            if (s == ALEA_OK)
                s = alea_state_apply(&st, in->actions[i], err);
            if (s != ALEA_OK)
                return s;
            fprintf(f, "%s\n", line);
        }
        return ALEA_OK;
    }
    const char *names[2] = {in->names[0], in->names[1]};
    int fmt = format == EX_FORMAT_SGF ? ALEA_BACKGAMMON_FORMAT_SGF : ALEA_BACKGAMMON_FORMAT_MAT;
    size_t len = 0;
    alea_status s = alea_backgammon_write_match(NULL, 0, &len, fmt, in->spec, in->actions,
                                                in->count, names, err);
    if (s != ALEA_OK && s != ALEA_BUFFER_TOO_SMALL)
        return s;
    char *buf = malloc(len + 1);
    if (!buf)
        return ALEA_OUT_OF_MEMORY;
    s = alea_backgammon_write_match(buf, len + 1, NULL, fmt, in->spec, in->actions, in->count,
                                    names, err);
    if (s == ALEA_OK)
        fputs(buf, f);
    free(buf);
    return s;
}

void ex_actions_free(ex_actions *a) {
    free(a->actions);
    a->actions = NULL;
    a->count = a->cap = 0;
}
