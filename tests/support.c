/* Helpers shared by the Check suites. */
#include "support.h"
#include "core/impl.h" /* internal: the determinize hook */

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

int test_run(Suite *suite) {
    SRunner *sr = srunner_create(suite);
    int failed;
    srunner_run_all(sr, CK_ENV);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

int test_quick(void) {
    const char *q = getenv("ALEA_TEST_QUICK");
    return q && *q && *q != '0';
}

long test_scale(long n) {
    const char *d = getenv("ALEA_TEST_SCALE");
    long div = d && *d ? strtol(d, NULL, 10) : 1;
    if (test_quick() && div < 100)
        div = 100;
    if (div < 1)
        div = 1;
    return n / div > 0 ? n / div : 1;
}

long test_stride(long n) {
    const char *d = getenv("ALEA_TEST_SCALE");
    if (test_quick())
        return n;
    return d && *d && strtol(d, NULL, 10) > 1 ? (n + 3) / 4 : 1;
}

long test_scale_at_least(long n, long least) {
    long s = test_scale(n);
    return s < least ? least : s;
}

long test_count(const char *name, long def) {
    const char *s = getenv(name);
    return s && *s ? strtol(s, NULL, 10) : test_scale(def);
}

uint64_t test_seed(uint64_t fallback) {
    const char *s = getenv("ALEA_TEST_SEED");
    return s && *s ? strtoull(s, NULL, 0) : fallback;
}

size_t test_play_random(alea_state *st, alea_rng *rng, size_t max_steps) {
    size_t steps = 0;
    while (steps < max_steps) {
        int p = alea_state_current_player(st);
        uint64_t a;
        if (p == ALEA_PLAYER_TERMINAL || p == ALEA_PLAYER_INVALID)
            break;
        if (p == ALEA_PLAYER_CHANCE) {
            if (alea_state_roll(NULL, st, rng) != ALEA_OK)
                break;
        } else if (alea_bot_choose(&a, st, ALEA_BOT_RANDOM, rng) != ALEA_OK ||
                   alea_state_apply(st, a, NULL) != ALEA_OK) {
            break;
        }
        steps++;
    }
    return steps;
}

/* A recursive-descent check of JSON syntax (RFC 8259), enough for tests. */
typedef struct {
    const char *p;
    int depth;
} json_cursor;

static int json_value(json_cursor *c);

static void json_ws(json_cursor *c) {
    while (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r')
        c->p++;
}

static int json_string(json_cursor *c) {
    if (*c->p != '"')
        return 0;
    for (c->p++; *c->p != '"'; c->p++) {
        unsigned char ch = (unsigned char)*c->p;
        if (ch < 0x20)
            return 0;
        if (ch == '\\') {
            c->p++;
            if (*c->p == 'u') {
                for (int i = 1; i <= 4; i++) {
                    if (!strchr("0123456789abcdefABCDEF", c->p[i]) || !c->p[i])
                        return 0;
                }
                c->p += 4;
            } else if (!*c->p || !strchr("\"\\/bfnrt", *c->p)) {
                return 0;
            }
        }
    }
    c->p++;
    return 1;
}

static int json_number(json_cursor *c) {
    const char *start = c->p;
    if (*c->p == '-')
        c->p++;
    if (*c->p == '0')
        c->p++;
    else if (*c->p >= '1' && *c->p <= '9')
        while (*c->p >= '0' && *c->p <= '9')
            c->p++;
    else
        return 0;
    if (*c->p == '.') {
        c->p++;
        if (!(*c->p >= '0' && *c->p <= '9'))
            return 0;
        while (*c->p >= '0' && *c->p <= '9')
            c->p++;
    }
    if (*c->p == 'e' || *c->p == 'E') {
        c->p++;
        if (*c->p == '+' || *c->p == '-')
            c->p++;
        if (!(*c->p >= '0' && *c->p <= '9'))
            return 0;
        while (*c->p >= '0' && *c->p <= '9')
            c->p++;
    }
    return c->p > start;
}

static int json_list(json_cursor *c, char close, int keyed) {
    c->p++;
    json_ws(c);
    if (*c->p == close) {
        c->p++;
        return 1;
    }
    for (;;) {
        json_ws(c);
        if (keyed) {
            if (!json_string(c))
                return 0;
            json_ws(c);
            if (*c->p++ != ':')
                return 0;
        }
        if (!json_value(c))
            return 0;
        json_ws(c);
        if (*c->p == close) {
            c->p++;
            return 1;
        }
        if (*c->p++ != ',')
            return 0;
    }
}

static int json_value(json_cursor *c) {
    int ok;
    json_ws(c);
    if (++c->depth > 64)
        return 0;
    switch (*c->p) {
    case '{':
        ok = json_list(c, '}', 1);
        break;
    case '[':
        ok = json_list(c, ']', 0);
        break;
    case '"':
        ok = json_string(c);
        break;
    case 't':
        ok = strncmp(c->p, "true", 4) == 0 && (c->p += 4);
        break;
    case 'f':
        ok = strncmp(c->p, "false", 5) == 0 && (c->p += 5);
        break;
    case 'n':
        ok = strncmp(c->p, "null", 4) == 0 && (c->p += 4);
        break;
    default:
        ok = json_number(c);
        break;
    }
    c->depth--;
    return ok;
}

int test_json_valid(const char *text) {
    json_cursor c = {text, 0};
    if (!text || !json_value(&c))
        return 0;
    json_ws(&c);
    return *c.p == '\0';
}

/* The checks common to test_refuse() and test_refuse_text(). */
static void refused(const alea_state *st, const alea_state *before, alea_status s,
                    const alea_error *err, alea_status want, const char *what, const char *reason) {
    ck_assert_msg(s == want, "%s gave %s, want %s (%s)", what, alea_status_name(s),
                  alea_status_name(want), s ? err->message : "");
    ck_assert_int_eq(err->status, (int)want);
    ck_assert_msg(memcmp(before, st, alea_state_size(st)) == 0, "%s changed the state", what);
    if (reason)
        ck_assert_msg(strstr(err->message, reason), "reason '%s' lacks '%s'", err->message, reason);
}

void test_refuse(alea_state *st, uint64_t action, alea_status want, const char *reason) {
    alea_state before;
    alea_error err;
    char what[32];
    memcpy(&before, st, sizeof before);
    snprintf(what, sizeof what, "0x%llx", (unsigned long long)action);
    refused(st, &before, alea_state_apply(st, action, &err), &err, want, what, reason);
}

void test_refuse_text(alea_state *st, const char *text, alea_status want, const char *reason) {
    alea_state before;
    alea_error err;
    char what[ALEA_ACTION_TEXT_MAX + 8];
    memcpy(&before, st, sizeof before);
    snprintf(what, sizeof what, "'%.*s'", ALEA_ACTION_TEXT_MAX, text);
    refused(st, &before, alea_state_apply_text(st, text, &err), &err, want, what, reason);
}

void test_seen_state(alea_state *out, const alea_state *st, int seat) {
    const alea_game *g = alea_state_game(st);
    alea_state_copy(out, st);
    if (g && g->determinize) {
        alea_rng r;
        alea_rng_seed(&r, 0);
        g->determinize(out, seat, &r);
    }
}
