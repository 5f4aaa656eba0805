/* Fuzz target: the bots and the ranked actions on accepted states (issue 24
   item 7).  The input is a state text line (the corpus of fuzz_state_text
   serves), optionally followed by a newline and option bytes:
     o[0]  bit 0: rank with ALEA_BOT_PLY (else HEURISTIC); bits 1-2: plies
           (0, 1, 1, deep); bit 3: also the searching bots (expectimax, MCTS);
           bit 7: the options of level o[0] >> 4 & 7 (alea_bot_options_level),
           when the game has one of that index, searched at most one ply deep
           unless deep
     o[1]  filter_keep (0: the game's default, else 1 + o[1] % 32)
     o[2]  filter_margin (0: default, else o[2] / 25, at most 10)
     o[3]  noise (o[3] / 25, at most 10)
     o[4..11] the rng's seed
     o[12] deep: 2 plies (or the level's own plies) when bits 1-2 of o[0]
           are 3 and o[12] is 2, else 1 ply.  A 2-ply search takes seconds
           to minutes an input under the sanitizers (backgammon: 21 rolls of
           each reply to each kept move, five searches an input), the others
           milliseconds: asked for by two bytes, it stays reachable (and in
           the corpus) without taking a campaign's time.
   When alea_state_from_text() accepts the state:
   - alea_bot_rank() ranks exactly the legal actions (a permutation of the
     list), deeper plies first, then larger values, then the legal order;
     values finite, plies within the options', details within their bound;
     the same bytes twice (no rng); a short buffer gets the best entries and
     the count; a short workspace is refused; the other kinds are
     ALEA_UNSUPPORTED; at a chance node or the end, ALEA_WRONG_PHASE;
   - alea_bot_choose_with() and alea_bot_choose() of every kind give a listed
     action, the same one for the same seed; without noise the ply bot of a
     game with its own search plays the best ranked action when it is
     strictly best and the seat sees the whole state;
   - alea_bot_evaluate() gives a finite value per seat;
   - a refused call leaves the rng alone; the state is never changed. */
#define ALEA_EXPERIMENTAL
#include "fuzz.h"

#include <math.h>

static int listed(const uint64_t *legal, size_t n, uint64_t a) {
    for (size_t i = 0; i < n; i++)
        if (legal[i] == a)
            return 1;
    return 0;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The options the bytes ask for (see the top). */
static void options_from(alea_bot_options *o, const alea_game *g, const uint8_t *ob, size_t n) {
    uint8_t b[13] = {0};
    memcpy(b, ob, n < sizeof b ? n : sizeof b);
    const char *level = alea_bot_level_name(g, (size_t)(b[0] >> 4 & 7));
    int deep = (b[0] >> 1 & 3) == 3 && b[12] == 2;
    if ((b[0] & 0x80) && level) {
        FUZZ_ASSERT(alea_bot_options_level(o, g, level, NULL) == ALEA_OK);
        if (!deep && o->plies > 1)
            o->plies = 1;
        return;
    }
    FUZZ_ASSERT(alea_bot_options_init(o, (b[0] & 1) ? ALEA_BOT_PLY : ALEA_BOT_HEURISTIC) ==
                ALEA_OK);
    o->plies = deep ? 2 : (b[0] >> 1 & 3) != 0;
    o->filter_keep = b[1] ? 1 + b[1] % ALEA_BOT_MAX_FILTER_KEEP : 0;
    o->filter_margin = b[2] ? (b[2] / 25.0 > 10.0 ? 10.0 : b[2] / 25.0) : 0.0;
    o->noise = b[3] / 25.0 > 10.0 ? 10.0 : b[3] / 25.0;
}

static uint64_t seed_from(const uint8_t *ob, size_t n) {
    uint64_t s = 0;
    for (size_t i = 4; i < 12 && i < n; i++)
        s |= (uint64_t)ob[i] << (8 * (i - 4));
    return s;
}

/* Whether `seat` sees all of the state: its observation is the state text. */
static int sees_all(const alea_state *st, int seat) {
    static char full[1 << 16], seen[1 << 16];
    size_t n1 = 0, n2 = 0;
    FUZZ_ASSERT(alea_state_to_text(full, sizeof full, &n1, st) == ALEA_OK);
    FUZZ_ASSERT(alea_state_observation_text(seen, sizeof seen, &n2, st, seat) == ALEA_OK);
    return n1 == n2 && memcmp(full, seen, n1) == 0;
}

/* The ranking of the last check_rank() (the ply bot's choice is checked
   against it: one search fewer an input). */
static alea_ranked_action out[ALEA_MAX_ACTIONS];

static void check_rank(const alea_state *st, const alea_bot_options *o, void *ws, size_t wsize,
                       const uint64_t *legal, size_t n, int who) {
    static alea_ranked_action again[ALEA_MAX_ACTIONS];
    static uint64_t sorted[ALEA_MAX_ACTIONS];
    size_t count = 0, count2 = 0;
    alea_error err;
    alea_status s = alea_bot_rank(out, ALEA_MAX_ACTIONS, &count, st, o, ws, wsize, &err);
    if (who < 0) {
        FUZZ_ASSERT(s == ALEA_WRONG_PHASE && err.message[0]);
        return;
    }
    FUZZ_ASSERT(s == ALEA_OK);
    FUZZ_ASSERT(count == n);
    for (size_t i = 0; i < n; i++) {
        sorted[i] = out[i].action;
        FUZZ_ASSERT(isfinite(out[i].value));
        FUZZ_ASSERT(out[i].plies >= 0 && out[i].plies <= (o->kind == ALEA_BOT_PLY ? o->plies : 0));
        FUZZ_ASSERT(out[i].detail_count <= ALEA_RANK_DETAILS);
        for (uint32_t d = 0; d < out[i].detail_count; d++)
            FUZZ_ASSERT(isfinite(out[i].details[d]));
        if (i > 0) { /* deeper first, then larger, then the legal (ascending) order */
            const alea_ranked_action *p = &out[i - 1], *q = &out[i];
            FUZZ_ASSERT(p->plies > q->plies ||
                        (p->plies == q->plies &&
                         (p->value > q->value || (p->value == q->value && p->action < q->action))));
        }
    }
    qsort(sorted, n, sizeof sorted[0], cmp_u64);
    FUZZ_ASSERT(memcmp(sorted, legal, n * sizeof sorted[0]) == 0); /* a permutation */
    FUZZ_ASSERT(alea_bot_rank(again, ALEA_MAX_ACTIONS, &count2, st, o, ws, wsize, NULL) ==
                    ALEA_OK &&
                count2 == n);
    FUZZ_ASSERT(memcmp(out, again, n * sizeof out[0]) == 0);
    if (n > 1) { /* a short buffer: the best entries and the count */
        size_t cap = 1 + (n - 1) / 2;
        FUZZ_ASSERT(alea_bot_rank(again, cap, &count2, st, o, ws, wsize, NULL) ==
                        ALEA_BUFFER_TOO_SMALL &&
                    count2 == n);
        FUZZ_ASSERT(memcmp(out, again, cap * sizeof out[0]) == 0);
    }
    FUZZ_ASSERT(alea_bot_rank(again, ALEA_MAX_ACTIONS, &count2, st, o, ws, wsize - 1, &err) ==
                    ALEA_BUFFER_TOO_SMALL &&
                err.message[0]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static uint64_t legal[ALEA_MAX_ACTIONS];
    static alea_ranked_action top[1];
    const uint8_t *nl = memchr(data, '\n', size);
    size_t line = nl ? (size_t)(nl - data) : size;
    const uint8_t *ob = nl ? nl + 1 : data + size;
    size_t on = nl ? size - line - 1 : 0;
    char *text = fuzz_text(data, line);
    alea_state st, before;
    alea_bot_options o;
    alea_rng rng, rng2;
    size_t n = 0, wsize = 0, count = 0;
    uint64_t a = 0, a2 = 0;
    int ok = alea_state_from_text(&st, text, NULL) == ALEA_OK;
    free(text);
    if (!ok)
        return 0;
    memcpy(&before, &st, sizeof st);
    const alea_game *g = alea_state_game(&st);
    int who = alea_state_current_player(&st);
    FUZZ_ASSERT(alea_state_legal_actions(legal, ALEA_MAX_ACTIONS, &n, &st) == ALEA_OK);
    if (who < 0)
        n = 0; /* the outcomes at a chance node are no bot's to choose */
    options_from(&o, g, ob, on);
    FUZZ_ASSERT(alea_bot_workspace_size(&wsize, &o, g, NULL) == ALEA_OK && wsize > 0);
    void *ws = malloc(wsize);
    FUZZ_ASSERT(ws != NULL);

    check_rank(&st, &o, ws, wsize, legal, n, who);
    for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
        alea_bot_options other;
        if (kind == ALEA_BOT_PLY || kind == ALEA_BOT_HEURISTIC)
            continue;
        FUZZ_ASSERT(alea_bot_options_init(&other, (alea_bot_kind)kind) == ALEA_OK);
        FUZZ_ASSERT(alea_bot_rank(top, 1, &count, &st, &other, ws, wsize, NULL) ==
                    ALEA_UNSUPPORTED);
    }

    alea_rng_seed(&rng, seed_from(ob, on));
    rng2 = rng;
    alea_status s = alea_bot_choose_with(&a, &st, &o, ws, wsize, &rng, NULL);
    if (who < 0) {
        FUZZ_ASSERT(s == ALEA_WRONG_PHASE && memcmp(&rng, &rng2, sizeof rng) == 0);
    } else {
        FUZZ_ASSERT(s == ALEA_OK && listed(legal, n, a));
        FUZZ_ASSERT(alea_bot_choose_with(&a2, &st, &o, ws, wsize, &rng2, NULL) == ALEA_OK &&
                    a2 == a && memcmp(&rng, &rng2, sizeof rng) == 0);
        /* the ply bot of a game with its own search (doc/bots.md "Ply"), without noise,
           plays the best ranked action when it is strictly best, and its seat sees the
           whole state: else the bot searches a re-deal drawn from its rng, the ranking
           one of seed 0 (bot.h "Hidden information") */
        if (o.kind == ALEA_BOT_PLY && o.noise == 0.0 && alea_bot_level_name(g, 0) != NULL &&
            sees_all(&st, who)) {
            /* out: check_rank's ranking of these options, the same bytes every time */
            if (n == 1 || (out[0].plies == out[1].plies && out[0].value > out[1].value))
                FUZZ_ASSERT(a == out[0].action);
        }
    }
    for (int kind = 0; kind < ALEA_BOT_KIND_COUNT; kind++) {
        int search = kind == ALEA_BOT_EXPECTIMAX || kind == ALEA_BOT_MCTS;
        if (search && !(on > 0 && (ob[0] & 8)))
            continue;
        alea_rng_seed(&rng, seed_from(ob, on) + (uint64_t)kind);
        rng2 = rng;
        s = alea_bot_choose(&a, &st, (alea_bot_kind)kind, &rng);
        if (who < 0) {
            FUZZ_ASSERT(s == ALEA_WRONG_PHASE && memcmp(&rng, &rng2, sizeof rng) == 0);
            continue;
        }
        FUZZ_ASSERT(s == ALEA_OK && listed(legal, n, a));
        FUZZ_ASSERT(alea_bot_choose(&a2, &st, (alea_bot_kind)kind, &rng2) == ALEA_OK && a2 == a);
    }
    {
        alea_bot_options h;
        double v[ALEA_MAX_PLAYERS];
        size_t hs = 0;
        FUZZ_ASSERT(alea_bot_options_init(&h, ALEA_BOT_HEURISTIC) == ALEA_OK);
        FUZZ_ASSERT(alea_bot_workspace_size(&hs, &h, g, NULL) == ALEA_OK);
        void *hw = malloc(hs);
        FUZZ_ASSERT(hw != NULL);
        FUZZ_ASSERT(alea_bot_evaluate(v, ALEA_MAX_PLAYERS, &count, &st, &h, hw, hs, NULL) ==
                    ALEA_OK);
        free(hw);
        FUZZ_ASSERT(count == (size_t)alea_state_num_players(&st));
        for (size_t i = 0; i < count; i++)
            FUZZ_ASSERT(isfinite(v[i]));
    }
    free(ws);
    FUZZ_ASSERT(memcmp(&before, &st, sizeof st) == 0);
    return 0;
}
