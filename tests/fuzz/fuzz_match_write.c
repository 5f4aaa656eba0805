/* Fuzz target: backgammon match files, the writing way (issue 24 items 4
   and 7): a session played from the fuzzer's bytes is written as .mat and as
   .sgf, and each file must read back as the same games, or the writer must
   refuse with a status and a reason naming the rule.  The input:
     byte 0   the mode (a spec of every backgammon mode, as tests/test_gnubg.c)
     byte 1   bit 0: after the choice bytes, play on at random (seeded by
              byte 1): to the end of the game in progress when bits 1-3 are
              0 to 6, the whole session when they are 7; else stop where the
              bytes end.  (One game is about 80 actions and a session up to
              thousands, each written three times and read four: most inputs
              are one game, so that a campaign runs millions of them.)
     then     player 0's name, '\n', player 1's name, '\n' (at most 40 bytes
              each; any bytes), then one byte a step: the index of the legal
              action (or chance outcome) to take, modulo the list's length.
   A session that ended, or stops between two games, may be refused only for
   its spec, never as unfinished (§6).  A file written must: have the length *len_out says, and the same length
   with a short buffer (ALEA_BUFFER_TOO_SMALL); read back (from exactly its
   length, no terminator) in its format with every action but those the formats leave out (the cube
   decision to roll, rejected resignations), the score, the completeness, the
   `beavers` setting, and the names as the format carries them. */
#include "fuzz.h"

#include "matchfile_oracle.h"

#define MAX_STEPS 6000
#define NAME_CAP 40

static const char *const modes[] = {
    "backgammon opening=standard",
    "backgammon opening=standard resign=on",
    "backgammon opening=seeds",
    "backgammon match=1 opening=standard",
    "backgammon match=3 opening=standard resign=on",
    "backgammon match=5 opening=standard crawford=off",
    "backgammon match=3 opening=standard cube=off resign=on",
    "backgammon match=7 opening=standard resign=on max_cube=8",
    "backgammon match=5 opening=standard dead_cube=allow",
    "backgammon match=3 opening=seeds resign=on",
    "backgammon money=on games=3 opening=standard resign=on",
    "backgammon money=on games=4 opening=standard",
    "backgammon money=on games=3 opening=standard jacoby=on resign=on",
    "backgammon money=on games=3 opening=standard beavers=on resign=on",
    "backgammon money=on games=3 opening=standard auto_doubles=2",
    "backgammon money=on games=2 opening=standard cube=off resign=on",
    "backgammon money=on games=3 opening=standard max_cube=4 jacoby=on beavers=on resign=on",
    "backgammon match=255 opening=standard resign=on",
};
#define MODE_COUNT (sizeof modes / sizeof modes[0])

typedef struct collected {
    size_t n;
    uint64_t actions[MAX_STEPS];
} collected;

static alea_status collect(void *ctx, const alea_backgammon_match_entry *e) {
    collected *c = ctx;
    FUZZ_ASSERT(c->n < MAX_STEPS);
    c->actions[c->n++] = e->action;
    return ALEA_OK;
}

/* One name from data[*at...] up to '\n' (NUL bytes dropped). */
static void take_name(char *out, const uint8_t *data, size_t size, size_t *at) {
    size_t n = 0;
    while (*at < size && data[*at] != '\n') {
        if (data[*at] != 0 && n < NAME_CAP)
            out[n++] = (char)data[*at];
        (*at)++;
    }
    if (*at < size)
        (*at)++;
    out[n] = '\0';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static collected played, back;
    static uint64_t fa[MAX_STEPS], fb[MAX_STEPS], legal[ALEA_MAX_ACTIONS];
    static char text[1 << 20];
    char names[2][NAME_CAP + 1], want[ALEA_BACKGAMMON_NAME_MAX];
    const char *np[2] = {names[0], names[1]};
    alea_state st;
    alea_rng rng;
    size_t at = 2;
    if (size < 2)
        return 0;
    const char *spec = modes[data[0] % MODE_COUNT];
    FUZZ_ASSERT(alea_state_init(&st, spec, NULL) == ALEA_OK);
    alea_rng_seed(&rng, data[1]);
    take_name(names[0], data, size, &at);
    take_name(names[1], data, size, &at);
    played.n = 0;
    size_t random_steps = 0;
    int session = (data[1] >> 1 & 7) == 7; /* else the play-out ends with the game */
    while (alea_state_current_player(&st) != ALEA_PLAYER_TERMINAL && played.n < MAX_STEPS) {
        size_t n = 0;
        uint64_t a;
        if (at >= size && !(data[1] & 1))
            break;
        FUZZ_ASSERT(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, &st) == ALEA_OK && n);
        /* the next game's opening throw (§3) after a random step: a game has ended */
        if (at >= size && !session && random_steps > 0 &&
            legal[0] >> 48 == ALEA_BACKGAMMON_OPENING)
            break;
        random_steps += at >= size;
        a = at < size ? legal[data[at++] % n] : legal[alea_rng_below(&rng, (uint32_t)n)];
        FUZZ_ASSERT(alea_state_apply(&st, a, NULL) == ALEA_OK);
        played.actions[played.n++] = a;
    }
    alea_backgammon_view view;
    view.version = ALEA_BACKGAMMON_VIEW_VERSION;
    FUZZ_ASSERT(alea_backgammon_get_view(&view, &st) == ALEA_OK);
    /* whole games: the session ended, or stops before the next game's opening throw */
    int whole = view.games_played > 0 && (view.phase == ALEA_BACKGAMMON_PHASE_OPENING ||
                                          view.phase == ALEA_BACKGAMMON_PHASE_OVER);
    alea_result r;
    FUZZ_ASSERT(alea_state_result(&r, &st) == ALEA_OK);
    int beaver = 0;
    for (size_t i = 0; i < played.n; i++)
        beaver |= played.actions[i] >> 48 == ALEA_BACKGAMMON_BEAVER;
    size_t na = filtered(played.actions, played.n, fa);

    for (int format = ALEA_BACKGAMMON_FORMAT_MAT; format <= ALEA_BACKGAMMON_FORMAT_SGF; format++) {
        alea_error err;
        size_t len = 0, len2 = 0;
        alea_status s = alea_backgammon_write_match(text, sizeof text, &len, format, spec,
                                                    played.actions, played.n, np, &err);
        if (s != ALEA_OK) { /* refused: a status and the rule that the format lacks */
            if (!(s == ALEA_INVALID_ARGUMENT && strstr(err.message, "§") != NULL)) {
                fprintf(stderr, "%s format %d: %s: %s\n", spec, format, alea_status_name(s),
                        err.message);
                FUZZ_FAIL("a refusal names the rule");
            }
            /* §6 only for a session that stops inside a game */
            FUZZ_ASSERT(!whole || strstr(err.message, "§6") == NULL);
            continue;
        }
        FUZZ_ASSERT(whole); /* a file holds whole games only (§6) */
        FUZZ_ASSERT(len == strlen(text));
        char small[16];
        FUZZ_ASSERT(alea_backgammon_write_match(small, sizeof small, &len2, format, spec,
                                                played.actions, played.n, np,
                                                NULL) == ALEA_BUFFER_TOO_SMALL &&
                    len2 == len && strlen(small) == sizeof small - 1);
        alea_backgammon_match_info info;
        info.version = ALEA_BACKGAMMON_MATCH_INFO_VERSION;
        back.n = 0;
        /* read once, from exactly len bytes with no terminator (the C-string entry
           point is the same reader after a strlen(): fuzz_matchfile compares the two) */
        char *exact = fuzz_exact((const uint8_t *)text, len);
        s = alea_backgammon_read_match_n(&info, exact, len, ALEA_BACKGAMMON_FORMAT_AUTO, collect,
                                         &back, &err);
        free(exact);
        if (s != ALEA_OK) {
            fprintf(stderr, "%s format %d: written, read back as %s: %s\n%s\n", spec, format,
                    alea_status_name(s), err.message, text);
            FUZZ_FAIL("what alea writes, alea reads");
        }
        FUZZ_ASSERT(info.format == format);
        FUZZ_ASSERT(info.complete == 1); /* whole games only (§6) */
        size_t nb = filtered(back.actions, back.n, fb);
        if (!(na == nb && memcmp(fa, fb, na * sizeof fa[0]) == 0)) {
            fprintf(stderr, "%s format %d: %zu actions read back as %zu\n%s\n", spec, format, na,
                    nb, text);
            FUZZ_FAIL("the same actions");
        }
        FUZZ_ASSERT(info.score[0] == r.score[0] && info.score[1] == r.score[1]);
        FUZZ_ASSERT(beaver == (strstr(info.spec, "beavers=on") != NULL));
        for (int p = 0; p < 2; p++) {
            if (!printable(names[p]))
                continue; /* control and non-ASCII bytes: read back without a crash */
            carried(want, names[p], format);
            if (strcmp(info.names[p], want) != 0) {
                fprintf(stderr, "format %d: name '%s' read back as '%s'\n", format, want,
                        info.names[p]);
                FUZZ_FAIL("the same names");
            }
        }
    }
    return 0;
}
