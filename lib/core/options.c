/* Option specs: "<game-id> key=value ...", parsed and written canonically. */
#include "core/impl.h"

#include <string.h>

#define WORD_MAX 48

static const char *const true_words[] = {"on", "yes", "true", "1"};
static const char *const false_words[] = {"off", "no", "false", "0"};

static int word_in(const char *w, const char *const *list, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (strcmp(w, list[i]) == 0)
            return 1;
    }
    return 0;
}

/* Index of `name` among the '|'-separated choices, or -1. */
static int32_t choice_index(const char *choices, const char *name) {
    size_t n = strlen(name);
    int32_t index = 0;
    for (const char *p = choices; p && *p; index++) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        if (len == n && strncmp(p, name, n) == 0)
            return index;
        p = bar ? bar + 1 : NULL;
    }
    return -1;
}

/* Writes choice number `index` of a '|'-separated list. */
static void write_choice(alea__buf *b, const char *choices, int32_t index) {
    const char *p = choices;
    for (int32_t i = 0; i < index && p; i++) {
        p = strchr(p, '|');
        p = p ? p + 1 : NULL;
    }
    if (!p) {
        alea__buf_printf(b, "%d", (int)index);
        return;
    }
    while (*p && *p != '|')
        alea__buf_putc(b, *p++);
}

static bool value_ends(char c) {
    return c == '\0' || c == ' ' || c == '\t' || c == ',';
}

static const alea_option_info *find_option(const alea_game *g, const char *key, size_t *index) {
    for (size_t i = 0; i < g->option_count; i++) {
        if (strcmp(g->options[i].name, key) == 0) {
            *index = i;
            return &g->options[i];
        }
    }
    return NULL;
}

static void list_names(char *out, size_t cap, const alea_game *g) {
    alea__buf b;
    alea__buf_init(&b, out, cap);
    for (size_t i = 0; i < g->option_count; i++)
        alea__buf_printf(&b, "%s%s", i ? ", " : "", g->options[i].name);
    if (g->option_count == 0)
        alea__buf_puts(&b, "none");
    alea__buf_finish(&b, NULL);
}

static alea_status parse_value(int32_t *out, const alea_option_info *o, alea__scan *sc,
                               alea_error *err) {
    int32_t at = alea__scan_offset(sc);
    char word[WORD_MAX];
    int64_t v;
    if (o->kind == ALEA_OPTION_INT) {
        if (!alea__scan_int(sc, INT32_MIN, INT32_MAX, &v))
            return alea__fail(err, ALEA_BAD_OPTION, at, "option %s takes a whole number (%d..%d)",
                              o->name, (int)o->min, (int)o->max);
        if (v < o->min || v > o->max)
            return alea__fail(err, ALEA_BAD_OPTION, at, "%s=%lld is out of range %d..%d", o->name,
                              (long long)v, (int)o->min, (int)o->max);
        *out = (int32_t)v;
        return ALEA_OK;
    }
    if (!alea__scan_word(sc, word, sizeof word))
        return alea__fail(err, ALEA_BAD_OPTION, at, "option %s needs a value", o->name);
    if (o->kind == ALEA_OPTION_BOOL) {
        if (word_in(word, true_words, 4))
            *out = 1;
        else if (word_in(word, false_words, 4))
            *out = 0;
        else
            return alea__fail(err, ALEA_BAD_OPTION, at, "%s=%s: expected on or off", o->name, word);
        return ALEA_OK;
    }
    *out = choice_index(o->choices, word);
    if (*out < 0)
        return alea__fail(err, ALEA_BAD_OPTION, at, "%s=%s: expected one of %s", o->name, word,
                          o->choices ? o->choices : "");
    return ALEA_OK;
}

/* Reads "key=value ..." from sc to the end into values[] (defaults first). */
static alea_status parse_pairs(const alea_game *g, int32_t *values, alea__scan *sc,
                               alea_error *err) {
    char word[WORD_MAX];
    bool given[ALEA__MAX_OPTIONS] = {false};
    for (size_t i = 0; i < g->option_count; i++)
        values[i] = g->options[i].def;
    while (!alea__scan_at_end(sc)) {
        const alea_option_info *o;
        size_t index;
        int32_t at;
        alea_status st;
        alea__scan_char(sc, ','); /* "players=2, columns=3" reads as well */
        at = alea__scan_offset(sc);
        if (!alea__scan_word(sc, word, sizeof word))
            return alea__fail(err, ALEA_PARSE_ERROR, at, "expected key=value");
        if (!alea__scan_char(sc, '='))
            return alea__fail(err, ALEA_PARSE_ERROR, alea__scan_offset(sc),
                              "expected '=' after '%s'", word);
        o = find_option(g, word, &index);
        if (!o) {
            char names[160];
            list_names(names, sizeof names, g);
            return alea__fail(err, ALEA_BAD_OPTION, at, "%s has no option '%s' (options: %s)",
                              g->id, word, names);
        }
        if (given[index])
            return alea__fail(err, ALEA_BAD_OPTION, at, "option %s given twice", o->name);
        given[index] = true;
        st = parse_value(&values[index], o, sc, err);
        if (st != ALEA_OK)
            return st;
        if (!value_ends(alea__scan_peek(sc, 0)))
            return alea__fail(err, ALEA_BAD_OPTION, at, "bad value for option %s", o->name);
    }
    return ALEA_OK;
}

alea_status alea__options_parse(const alea_game *game, int32_t *values, const char *text,
                                alea_error *err) {
    alea__scan sc;
    alea__scan_init(&sc, text, strlen(text));
    return parse_pairs(game, values, &sc, err);
}

alea_status alea__spec_parse(const alea_game **game_out, int32_t *values, const char *spec,
                             size_t len, alea_error *err) {
    alea__scan sc;
    char word[WORD_MAX];
    const alea_game *g;
    alea_status st;

    alea__scan_init(&sc, spec, len);
    if (alea__scan_at_end(&sc))
        return alea__fail(err, ALEA_PARSE_ERROR, 0, "empty spec: expected a game id");
    if (!alea__scan_word(&sc, word, sizeof word))
        return alea__fail(err, ALEA_PARSE_ERROR, alea__scan_offset(&sc),
                          "expected a game id such as dice-poker");
    g = alea_game_find(word);
    if (!g)
        return alea__fail(err, ALEA_NOT_FOUND, 0, "unknown game '%s'", word);
    st = parse_pairs(g, values, &sc, err);
    if (st == ALEA_OK)
        *game_out = g;
    return st;
}

void alea__spec_write(alea__buf *b, const alea_game *game, const int32_t *values) {
    alea__buf_puts(b, game->id);
    for (size_t i = 0; i < game->option_count; i++) {
        const alea_option_info *o = &game->options[i];
        alea__buf_printf(b, " %s=", o->name);
        if (o->kind == ALEA_OPTION_BOOL)
            alea__buf_puts(b, values[i] ? "on" : "off");
        else if (o->kind == ALEA_OPTION_CHOICE)
            write_choice(b, o->choices, values[i]);
        else
            alea__buf_printf(b, "%d", (int)values[i]);
    }
}

alea_status alea__options_check(const alea_game *game, const int32_t *values, alea_error *err) {
    for (size_t i = 0; i < game->option_count; i++) {
        const alea_option_info *o = &game->options[i];
        if (values[i] < o->min || values[i] > o->max)
            return alea__fail(err, ALEA_BAD_OPTION, -1, "%s=%d is out of range %d..%d", o->name,
                              (int)values[i], (int)o->min, (int)o->max);
    }
    return ALEA_OK;
}
