/*
 * Checks the examples in doc/notation.md against the library, so that the
 * page cannot drift from lib/<game>/notation.c:
 *
 *   <!-- record: SPEC ; LINE ; LINE -->   replays this record (lines split at
 *                                         " ; "); the rows below are read in
 *                                         the position it reaches;
 *   | `typed` | `canonical` | ...         alea_state_action_from_text(typed),
 *                                         written back, gives canonical;
 *   | `typed` | ALEA_SOME_STATUS | ...    parsing typed fails with that status;
 *   <!-- text -->                         the next indented line is exactly
 *                                         alea_state_to_text() of the position.
 *
 * usage: doc_notation_test doc/notation.md   (DOC_NOTATION_PRINT=1 prints
 * what the library says for every row, to help write the page).
 */
#include <alea/alea.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_CAP 4096

static int failures, checks, print_mode;

/* Copies the code span starting at *p ('`') into out; advances *p past it. */
static int code_span(const char **p, char *out, size_t cap) {
    const char *s = *p, *e;
    if (*s != '`' || (e = strchr(s + 1, '`')) == NULL || (size_t)(e - s - 1) >= cap)
        return -1;
    memcpy(out, s + 1, (size_t)(e - s - 1));
    out[e - s - 1] = '\0';
    *p = e + 1;
    return 0;
}

static void check_row(const alea_state *st, const char *row, int lineno) {
    char typed[256], want[256], got[ALEA_ACTION_TEXT_MAX];
    const char *p = row + 2;
    if (code_span(&p, typed, sizeof typed) != 0)
        return;
    p += strspn(p, " |");
    uint64_t action;
    alea_error err = {0};
    alea_status s = alea_state_action_from_text(&action, st, typed, &err);
    if (s == ALEA_OK)
        s = alea_state_action_to_text(got, sizeof got, NULL, st, action);
    if (s != ALEA_OK)
        snprintf(got, sizeof got, "%s", alea_status_name(s));
    if (print_mode)
        printf("%d: `%s` -> %s%s%s\n", lineno, typed, got, s != ALEA_OK ? ": " : "",
               s != ALEA_OK ? err.message : "");
    if (*p == '`') {
        if (code_span(&p, want, sizeof want) != 0)
            return;
    } else {
        size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_");
        if (n == 0 || n >= sizeof want)
            return;
        memcpy(want, p, n);
        want[n] = '\0';
    }
    checks++;
    if (strcmp(want, got) != 0) {
        printf("line %d: `%s` gives %s (%s), the page says %s\n", lineno, typed, got,
               s != ALEA_OK ? err.message : "ok", want);
        failures++;
    }
}

int main(int argc, char **argv) {
    static char line[LINE_CAP], record[LINE_CAP], text[LINE_CAP];
    FILE *f = argc == 2 ? fopen(argv[1], "r") : NULL;
    alea_state st;
    int have_state = 0, want_text = 0, lineno = 0;
    if (f == NULL)
        return fprintf(stderr, "usage: doc_notation_test doc/notation.md\n"), 2;
    print_mode = getenv("DOC_NOTATION_PRINT") != NULL;
    while (fgets(line, sizeof line, f) != NULL) {
        lineno++;
        line[strcspn(line, "\r\n")] = '\0';
        if (strncmp(line, "<!-- record: ", 13) == 0) {
            char *end = strstr(line, " -->");
            size_t n = 0;
            if (end == NULL)
                return printf("line %d: unterminated record comment\n", lineno), 1;
            *end = '\0';
            for (const char *p = line + 13; *p != '\0' && n + 2 < sizeof record; p++) {
                if (strncmp(p, " ; ", 3) == 0) {
                    record[n++] = '\n';
                    p += 2;
                } else {
                    record[n++] = *p;
                }
            }
            record[n] = '\0';
            alea_error err = {0};
            alea_status s = alea_record_replay(&st, NULL, record, &err);
            checks++;
            have_state = s == ALEA_OK;
            if (!have_state) {
                printf("line %d: the record fails at its line %d: %s: %s\n", lineno,
                       (int)err.line, alea_status_name(s), err.message);
                failures++;
            }
        } else if (strcmp(line, "<!-- text -->") == 0) {
            want_text = 1;
        } else if (want_text && strncmp(line, "    ", 4) == 0) {
            want_text = 0;
            if (!have_state)
                continue;
            checks++;
            alea_state_to_text(text, sizeof text, NULL, &st);
            if (print_mode)
                printf("%d: text %s\n", lineno, text);
            if (strcmp(text, line + 4) != 0) {
                printf("line %d: the state text is\n    %s\n", lineno, text);
                failures++;
            }
        } else if (have_state && strncmp(line, "| `", 3) == 0) {
            check_row(&st, line, lineno);
        }
    }
    fclose(f);
    printf("%d checks, %d failures\n", checks, failures);
    return failures != 0 || checks == 0;
}
