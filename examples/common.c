/* Small helpers shared by the example programs; see common.h. */
#include "common.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

char *ex_read_file(const char *path, size_t *len_out) {
    return ex_read_file_max(path, SIZE_MAX - 1, len_out);
}

char *ex_read_file_max(const char *path, size_t max, size_t *len_out) {
    int use_stdin = strcmp(path, "-") == 0;
    FILE *f = use_stdin ? stdin : fopen(path, "rb");
    if (f == NULL)
        return NULL;

    size_t cap = 4096, len = 0;
    char *text = malloc(cap);
    while (text != NULL) {
        /* never more than max + 1 bytes: one past the limit tells it is exceeded */
        size_t want = cap - 1 - len;
        if (max < SIZE_MAX - 1 && want > max + 1 - len)
            want = max + 1 - len;
        size_t got = fread(text + len, 1, want, f);
        len += got;
        if (got < want || len > max)
            break; /* end of file, error, or over the limit */
        if (len < cap - 1)
            continue;
        char *bigger = realloc(text, cap * 2);
        if (bigger == NULL) {
            free(text);
            text = NULL;
            errno = ENOMEM;
            break;
        }
        text = bigger;
        cap *= 2;
    }
    int too_big = text != NULL && len > max;
    int failed = text == NULL || ferror(f) || too_big;
    int saved = too_big ? EFBIG : errno;
    if (!use_stdin)
        fclose(f);
    if (failed) {
        free(text);
        errno = saved != 0 ? saved : EIO;
        return NULL;
    }
    text[len] = '\0';
    if (len_out != NULL)
        *len_out = len;
    return text;
}

int ex_join_words(char *buf, size_t cap, int count, char *const *words) {
    size_t len = 0;
    if (cap == 0)
        return -1;
    buf[0] = '\0';
    for (int i = 0; i < count; i++) {
        size_t n = strlen(words[i]);
        size_t need = n + (i > 0 ? 1 : 0);
        if (len + need >= cap)
            return -1;
        if (i > 0)
            buf[len++] = ' ';
        memcpy(buf + len, words[i], n + 1);
        len += n;
    }
    return 0;
}

int ex_parse_u64(const char *text, uint64_t *out) {
    uint64_t v = 0;
    if (text == NULL || *text == '\0')
        return -1;
    for (const char *p = text; *p != '\0'; p++) {
        if (*p < '0' || *p > '9')
            return -1;
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
}

int ex_parse_player_kind(const char *name) {
    if (strcmp(name, "human") == 0)
        return EX_HUMAN;
    int kind = alea_bot_find(name);
    return kind >= 0 ? kind : -2;
}

const char *ex_action_text(char *buf, const alea_state *state, uint64_t action) {
    if (alea_state_action_to_text(buf, ALEA_ACTION_TEXT_MAX, NULL, state, action) != ALEA_OK)
        snprintf(buf, ALEA_ACTION_TEXT_MAX, "<action 0x%llx>", (unsigned long long)action);
    return buf;
}

/* Prints a text of unknown length from an snprintf-style writer. */
static alea_status print_text(FILE *f, const alea_state *state, int seat, int observed) {
    char small[4096];
    size_t len = 0;
    alea_status s = observed ? alea_state_observation_board(small, sizeof small, &len, state, seat)
                             : alea_state_to_board(small, sizeof small, &len, state);
    if (s == ALEA_OK) {
        fputs(small, f);
        return s;
    }
    if (s != ALEA_BUFFER_TOO_SMALL)
        return s;
    char *big = malloc(len + 1); /* the library told us the size it needs */
    if (big == NULL)
        return ALEA_OUT_OF_MEMORY;
    s = observed ? alea_state_observation_board(big, len + 1, NULL, state, seat)
                 : alea_state_to_board(big, len + 1, NULL, state);
    if (s == ALEA_OK)
        fputs(big, f);
    free(big);
    return s;
}

alea_status ex_print_board(FILE *f, const alea_state *state) {
    return print_text(f, state, 0, 0);
}

alea_status ex_print_observation(FILE *f, const alea_state *state, int seat) {
    return print_text(f, state, seat, 1);
}

alea_status ex_print_result(FILE *f, const alea_state *state) {
    alea_result r;
    alea_status s = alea_state_result(&r, state);
    if (s != ALEA_OK)
        return s;

    if (!r.terminal) {
        fprintf(f, "Game not over; standing so far:\n");
    } else if (r.winner >= 0) {
        fprintf(f, "Result: seat %d wins\n", (int)r.winner);
    } else if (r.draw) {
        fprintf(f, "Result: draw\n");
    } else {
        fprintf(f, "Result: no single winner; first place shared by seats");
        for (int i = 0; i < r.players; i++)
            if (r.rank[i] == 1)
                fprintf(f, " %d", i);
        fputc('\n', f);
    }
    for (int i = 0; i < r.players && i < ALEA_MAX_PLAYERS; i++)
        fprintf(f, "  seat %d: score %6ld  rank %d  return %+.3f\n", i, (long)r.score[i],
                (int)r.rank[i], r.returns[i]);
    return ALEA_OK;
}

void ex_print_error(FILE *f, const char *what, alea_status status, const alea_error *err) {
    if (err != NULL && err->message[0] != '\0')
        fprintf(f, "%s: %s: %s\n", what, alea_status_name(status), err->message);
    else
        fprintf(f, "%s: %s (%s)\n", what, alea_status_name(status), alea_status_str(status));
}

int ex_version_requested(int argc, char *const *argv, const char *program) {
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--version") == 0) {
            printf("%s (alea) %s\n", program, alea_version_string());
            return 1;
        }
    }
    return 0;
}
