/*
 * Plateau: the piece table (R2.1), faces (R1.5), squares (R1.1, R1.2),
 * stacks and units (R1.3, R1.4) and sets of types for the exchange (R9).
 */
#include "plateau/pl.h"

#include <string.h>

const uint8_t alea__pl_count[PL_TYPES] = {4, 2, 2, 1, 1, 1, 1};
const uint8_t alea__pl_value[PL_TYPES] = {1, 4, 5, 8, 10, 15, 21};

static const char *const type_codes[PL_TYPES] = {"M", "BL", "R", "BM", "RM", "T", "A"};

char alea__pl_face_char(int face) {
    static const char c[4] = {'x', 'r', 'b', 'o'};
    if (face < 0 || face >= 4)
        return '?';
    return c[face];
}

void alea__pl_pstate_text(char out[3], int pstate) {
    out[0] = alea__pl_face_char(alea__pl_face(pstate));
    out[1] = alea__pl_face_char(alea__pl_face(pstate ^ 1));
    out[2] = '\0';
}

int alea__pl_pstate_find(char up, char down) {
    for (int ps = 0; ps < PL_PSTATES; ps++) {
        char t[3];
        if (!alea__pl_pstate_ok(ps))
            continue;
        alea__pl_pstate_text(t, ps);
        if (t[0] == up && t[1] == down)
            return ps;
    }
    return -1;
}

const char *alea__pl_type_code(int type) {
    return type >= 0 && type < PL_TYPES ? type_codes[type] : "?";
}

bool alea__pl_perimeter(int sq) {
    int f = sq % 4, r = sq / 4;
    return f == 0 || f == 3 || r == 0 || r == 3;
}

void alea__pl_square_text(char out[3], int sq) {
    out[0] = (char)('a' + sq % 4);
    out[1] = (char)('1' + sq / 4);
    out[2] = '\0';
}

int alea__pl_top_unit(const pl_state *s, int sq) {
    int h = s->height[sq], n = 0;
    if (h == 0)
        return 0;
    int p = pl_owner(s->stack[sq][h - 1]);
    while (n < h && pl_owner(s->stack[sq][h - 1 - n]) == p)
        n++;
    return n;
}

bool alea__pl_has_six(const pl_state *s, int p) {
    for (int sq = 0; sq < PL_SQUARES; sq++) {
        int run = 0;
        for (int i = 0; i < s->height[sq]; i++) {
            run = pl_owner(s->stack[sq][i]) == p ? run + 1 : 0;
            if (run >= PL_SIX)
                return true;
        }
    }
    return false;
}

void alea__pl_board_counts(const pl_state *s, int p, uint8_t out[8]) {
    memset(out, 0, 8);
    for (int sq = 0; sq < PL_SQUARES; sq++)
        for (int i = 0; i < s->height[sq]; i++)
            if (pl_owner(s->stack[sq][i]) == p)
                out[pl_type(s->stack[sq][i])]++;
}

uint32_t alea__pl_pack(const uint8_t counts[8]) {
    uint32_t v = 0;
    for (int t = 0; t < PL_TYPES; t++)
        v |= (uint32_t)(counts[t] & 7u) << (PL_SET_TYPE_BITS * t);
    return v;
}

void alea__pl_unpack(uint8_t counts[8], uint32_t packed) {
    memset(counts, 0, 8);
    for (int t = 0; t < PL_TYPES; t++)
        counts[t] = (uint8_t)((packed >> (PL_SET_TYPE_BITS * t)) & 7u);
}

int alea__pl_set_value(const uint8_t counts[8]) {
    int v = 0;
    for (int t = 0; t < PL_TYPES; t++)
        v += counts[t] * alea__pl_value[t];
    return v;
}

int alea__pl_set_size(const uint8_t counts[8]) {
    int n = 0;
    for (int t = 0; t < PL_TYPES; t++)
        n += counts[t];
    return n;
}

void alea__pl_set_write(alea__buf *b, const uint8_t counts[8]) {
    bool first = true;
    for (int t = 0; t < PL_TYPES; t++) {
        for (int i = 0; i < counts[t]; i++) {
            alea__buf_printf(b, "%s%s", first ? "" : "+", type_codes[t]);
            first = false;
        }
    }
    if (first)
        alea__buf_putc(b, '-');
}

/* One type code at the cursor (case-insensitive, longest match), or -1. */
static int read_type(alea__scan *sc) {
    int best = -1;
    size_t best_len = 0;
    for (int t = 0; t < PL_TYPES; t++) {
        size_t n = strlen(type_codes[t]), i = 0;
        while (i < n && (alea__scan_peek(sc, i) == type_codes[t][i] ||
                         alea__scan_peek(sc, i) == type_codes[t][i] + 32))
            i++;
        if (i == n && n > best_len) {
            best = t;
            best_len = n;
        }
    }
    if (best >= 0)
        sc->pos += best_len;
    return best;
}

bool alea__pl_set_read(alea__scan *sc, uint8_t counts[8]) {
    memset(counts, 0, 8);
    alea__scan_space(sc);
    if (alea__scan_peek(sc, 0) == '-') {
        sc->pos++;
        return true;
    }
    for (;;) {
        alea__scan_space(sc);
        int t = read_type(sc);
        if (t < 0 || counts[t] >= 7)
            return false;
        counts[t]++;
        char c = alea__scan_peek(sc, 0);
        if (c != '+' && c != ',')
            return true;
        sc->pos++;
    }
}
