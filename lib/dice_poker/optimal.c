/*
 * Dice poker: the exact solitaire optimum of the one-column card; the state
 * and the recursion are described in optimal.h.  The rewards come from the
 * library's own rules: alea__dp_school_outcome (P-4), alea__dp_combination_value
 * (P-3) and the row bonuses of P-6.5 / P-6.6 with one column; the simulation
 * in tests/tools/dp_optimal.c checks the values against alea_state_apply.
 */
#include "dice_poker/optimal.h"
#include "core/games.h"

#include <string.h>

#define NONE 255
#define NEG (-1e300)

static int popcount32(uint32_t x) {
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* What the open School rows could still take from the reserve (2n a row). */
static int cap_of(uint32_t mask) {
    int cap = 0;
    for (int r = 0; r < DP_SCHOOL_ROWS; r++)
        if (!(mask >> r & 1u))
            cap += 2 * (r + 1);
    return cap;
}

int alea__dpo_reserves(uint32_t mask) {
    int cap = cap_of(mask), filled = 42 - cap; /* the most the filled rows could add */
    return (cap < filled ? cap : filled) + 1;
}

/* Class ids m may have: 55 always (nothing scored, or m below 55), and the
   values of the filled combination rows. */
static uint32_t mbits(const dpo_dice *d, uint32_t mask) {
    uint32_t bits = 1u << d->vid[DPO_M_FLOOR];
    for (int j = 0; j < DPO_COMBOS; j++)
        if (mask >> (DP_SCHOOL_ROWS + j) & 1u)
            bits |= d->rowcls[j];
    return bits;
}

int alea__dpo_classes(const dpo_dice *d, uint32_t mask) {
    return 1 + popcount32(mbits(d, mask));
}

static int cls_of(uint32_t bits, int id) {
    return 1 + popcount32(bits & ((1u << id) - 1u));
}

static int id_of(uint32_t bits, int cls) {
    for (int id = 0; id < DPO_CLASSES; id++)
        if (bits >> id & 1u && --cls == 0)
            return id;
    return 0; /* not reached for cls in range */
}

/* Index of the multiset c; -1 if it has more than five dice. */
static int find_ms(const dpo_dice *d, const uint8_t c[DP_FACES]) {
    int m = alea__dp_dice_count(c), lo, hi;
    uint32_t key = alea_dice_poker_pack(c);
    if (m > DP_DICE)
        return -1;
    lo = d->first[m];
    hi = d->first[m + 1] - 1;
    while (lo < hi) { /* ascending packed codes within a size */
        int mid = (lo + hi) / 2;
        if (d->code[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return d->code[lo] == key ? lo : -1;
}

void alea__dpo_dice_init(dpo_dice *d) {
    uint8_t c[DP_FACES];
    int n = 0;
    memset(d, 0, sizeof *d);
    for (int m = 0; m <= DP_DICE; m++) {
        d->first[m] = (int16_t)n;
        alea__dp_multiset_first(c, m);
        do { /* alea__dp_multiset_next: ascending packed codes */
            memcpy(d->ms[n], c, DP_FACES);
            d->code[n++] = alea_dice_poker_pack(c);
        } while (m > 0 && alea__dp_multiset_next(c));
    }
    d->first[DP_DICE + 1] = (int16_t)n;
    for (int i = 0; i < n; i++) {
        for (int f = 0; f < DP_FACES; f++) {
            memcpy(c, d->ms[i], DP_FACES);
            c[f]++;
            d->up[i][f] = (int16_t)find_ms(d, c);
            c[f] = (uint8_t)(c[f] - 2);
            d->down[i][f] = (int16_t)(d->ms[i][f] ? find_ms(d, c) : -1);
        }
    }
    /* the classes: every combination value raised to 55, ascending */
    uint8_t seen[DP_MAX_CELL + 1] = {0};
    const int h0 = d->first[DP_DICE];
    for (int h = 0; h < DPO_HANDS; h++) {
        d->p[h] = alea__dp_orderings(d->ms[h0 + h]) / 7776.0;
        for (int j = 0; j < DPO_COMBOS; j++)
            for (int af = 0; af < 2; af++) {
                int v = alea__dp_combination_value(DP_SCHOOL_ROWS + j, d->ms[h0 + h], af != 0);
                seen[v > DPO_M_FLOOR ? v : DPO_M_FLOOR] = 1;
            }
    }
    int ids = 0;
    for (int v = DPO_M_FLOOR; v <= DP_MAX_CELL; v++)
        if (seen[v] && ids < DPO_CLASSES)
            d->cls_value[ids++] = (uint8_t)v;
    for (int v = 0, id = 0; v <= DP_MAX_CELL; v++) {
        while (id + 1 < ids && d->cls_value[id] < v)
            id++;
        d->vid[v] = (uint8_t)id; /* exact for every value some dice give */
    }
    for (int h = 0; h < DPO_HANDS; h++)
        for (int j = 0; j < DPO_COMBOS; j++)
            for (int af = 0; af < 2; af++) {
                int v = alea__dp_combination_value(DP_SCHOOL_ROWS + j, d->ms[h0 + h], af != 0), k;
                if (v == 0) {
                    d->vidx[h][j][af] = NONE;
                    continue;
                }
                for (k = 0; k < d->vcount[j] && d->vlist[j][k] != v; k++)
                    ;
                if (k == d->vcount[j] && k < DPO_ROW_VALUES)
                    d->vlist[j][d->vcount[j]++] = (uint8_t)v;
                d->vidx[h][j][af] = (uint8_t)k;
                d->rowcls[j] |= 1u << d->vid[v];
            }
}

void alea__dpo_work_init(dpo_work *w) {
    memset(w, 0, sizeof *w);
    alea__dpo_dice_init(&w->d);
}

size_t alea__dpo_layout(const dpo_dice *d, uint32_t base[DPO_MASKS + 1]) {
    size_t n = 0;
    for (uint32_t mask = 0; mask < DPO_MASKS; mask++) {
        base[mask] = (uint32_t)n;
        n += (size_t)alea__dpo_reserves(mask) * (size_t)alea__dpo_classes(d, mask);
    }
    base[DPO_MASKS] = (uint32_t)n;
    return n;
}

alea_status alea__dpo_table_view(dpo_table *out, const dpo_dice *d, const void *bytes, size_t len) {
    const unsigned char *b = bytes;
    uint64_t count;
    const size_t head = 16, offsets = 4 * ((size_t)DPO_MASKS + 2); /* with the pad */
    if (!out || !d || !b || len < head + offsets || memcmp(b, DPO_MAGIC, 8) != 0 ||
        ((uintptr_t)b & 7u) != 0)
        return ALEA_INVALID_ARGUMENT;
    memcpy(&count, b + 8, sizeof count);
    if (len != head + offsets + count * sizeof(double))
        return ALEA_INVALID_ARGUMENT;
    const uint32_t *base = (const uint32_t *)(const void *)(b + head);
    uint32_t at = 0;
    for (uint32_t mask = 0; mask < DPO_MASKS; mask++) {
        if (base[mask] != at)
            return ALEA_INVALID_ARGUMENT;
        at += (uint32_t)(alea__dpo_reserves(mask) * alea__dpo_classes(d, mask));
    }
    if (base[DPO_MASKS] != at || at != count)
        return ALEA_INVALID_ARGUMENT;
    out->base = base;
    out->v = (const double *)(const void *)(b + head + offsets);
    out->c = NULL;
    return ALEA_OK;
}

double alea__dpo_terminal(const dpo_dice *d, int cls) {
    return cls ? d->cls_value[id_of(mbits(d, DPO_FULL), cls)] : 0; /* P-6.7 */
}

uint32_t alea__dpo_lost_offset(const dpo_compact *c, uint32_t mask) {
    uint32_t at = c->lost_block[mask / DPO_BLOCK];
    for (uint32_t m = mask & ~(uint32_t)(DPO_BLOCK - 1); m < mask; m++)
        at += (uint32_t)alea__dpo_reserves(m);
    return at;
}

/* The compact table: the alive states of masks with at most c->tail open
   cells, else the value with the column lost (a lower bound). */
static double compact_at(const dpo_dice *d, const dpo_compact *c, uint32_t mask, int res, int cls) {
    if (cls > 0 && DP_ROWS - popcount32(mask) <= c->tail) {
        uint32_t lo = 0, hi = c->alive_masks - 1;
        while (lo < hi) { /* ascending masks */
            uint32_t mid = (lo + hi) / 2;
            if (c->alive_mask[mid] < mask)
                lo = mid + 1;
            else
                hi = mid;
        }
        if (c->alive_mask[lo] == mask)
            return c->alive[c->alive_base[lo] +
                            (uint32_t)(res * (alea__dpo_classes(d, mask) - 1) + cls - 1)] /
                   DPO_UNIT;
    }
    return c->lost[alea__dpo_lost_offset(c, mask) + (uint32_t)res] / DPO_UNIT;
}

static double value_at(const dpo_dice *d, const dpo_table *t, uint32_t mask, int res, int cls) {
    if (mask == DPO_FULL)
        return alea__dpo_terminal(d, cls);
    if (t->c)
        return compact_at(d, t->c, mask, res, cls);
    return t->v[t->base[mask] + (uint32_t)(res * alea__dpo_classes(d, mask) + cls)];
}

double alea__dpo_value(const dpo_dice *d, const dpo_table *t, uint32_t mask, int res, int cls) {
    return value_at(d, t, mask, res, cls);
}

/* The reward plus the value after, for every way of ending the turn. */
static void fill_rows(const dpo_dice *d, dpo_turn *tt, const dpo_table *t, uint32_t mask, int res,
                      int cls) {
    uint32_t bits = mbits(d, mask);
    int m_id = cls ? id_of(bits, cls) : 0;
    for (int r = 0; r < DP_SCHOOL_ROWS; r++) {
        uint32_t next = mask | 1u << r;
        int cap = cap_of(next);
        if (mask >> r & 1u)
            continue;
        for (int k = 0; k <= DP_DICE; k++) {
            uint8_t mark;
            int delta, reward, res2;
            alea__dp_school_outcome(r + 1, k, res, &mark, &delta); /* P-4 */
            reward = delta;
            if (mark == ALEA_DICE_POKER_CLOSED)
                reward += 5 * (r + 1); /* P-6.5 */
            else if (mark == ALEA_DICE_POKER_ZERO)
                reward -= DP_ZERO_PENALTY; /* P-5.2 */
            res2 = res + delta < cap ? res + delta : cap;
            tt->wschool[r][k] =
                reward + value_at(d, t, next, res2, mark == ALEA_DICE_POKER_ZERO ? 0 : cls);
        }
    }
    for (int j = 0; j < DPO_COMBOS; j++) {
        int row = DP_SCHOOL_ROWS + j;
        uint32_t next = mask | 1u << row, nbits = mbits(d, next);
        if (mask >> row & 1u)
            continue;
        tt->wstrike[j] = value_at(d, t, next, res, 0); /* P-6.7: the column is lost */
        for (int k = 0; k < d->vcount[j]; k++) {
            int v = d->vlist[j][k], id = d->vid[v] > m_id ? d->vid[v] : m_id;
            int reward = row == ALEA_DICE_POKER_SUM ? v : 2 * v; /* P-6.6 */
            tt->wcomb[j][k] = reward + value_at(d, t, next, res, cls ? cls_of(nbits, id) : 0);
        }
    }
}

double alea__dpo_turn_of(const dpo_dice *d, dpo_turn *tt, const dpo_table *t, uint32_t mask,
                         int res, int cls) {
    if (mask == DPO_FULL)
        return alea__dpo_terminal(d, cls);
    fill_rows(d, tt, t, mask, res, cls);
    return alea__dpo_solve(d, tt, mask);
}

/* No throw left: the best row for each hand, doubled or not. */
static void score_hands(const dpo_dice *d, dpo_turn *t, uint32_t full) {
    double strike = NEG;
    for (int j = 0; j < DPO_COMBOS; j++)
        if (!(full >> (DP_SCHOOL_ROWS + j) & 1u) && t->wstrike[j] > strike)
            strike = t->wstrike[j];
    const int h0 = d->first[DP_DICE];
    for (int h = 0; h < DPO_HANDS; h++) {
        const uint8_t *c = d->ms[h0 + h];
        double school = strike;
        for (int r = 0; r < DP_SCHOOL_ROWS; r++)
            if (!(full >> r & 1u) && t->wschool[r][c[r]] > school)
                school = t->wschool[r][c[r]];
        for (int af = 0; af < 2; af++) {
            double best = school;
            for (int j = 0; j < DPO_COMBOS; j++) {
                int k = d->vidx[h][j][af];
                if (k != NONE && !(full >> (DP_SCHOOL_ROWS + j) & 1u) && t->wcomb[j][k] > best)
                    best = t->wcomb[j][k];
            }
            t->s3[h][af] = best;
        }
    }
}

/* e[keep]: the expectation of keeping it and throwing the rest, from the
   hands' values s (by all_five); then k[hand]: its best keep. */
static void keeps(const dpo_dice *d, dpo_turn *t, double (*s)[2], double *e) {
    const int h0 = d->first[DP_DICE];
    double all = 0;
    for (int h = 0; h < DPO_HANDS; h++) {
        e[h0 + h] = s[h][0];
        all += d->p[h] * s[h][1];
    }
    for (int i = h0 - 1; i >= 1; i--) { /* sizes 4 .. 1: one more die, each face alike */
        double sum = 0;
        for (int f = 0; f < DP_FACES; f++)
            sum += e[d->up[i][f]];
        e[i] = sum / DP_FACES;
    }
    e[0] = all; /* all five re-thrown: doubled (P-3.1) */
    for (int i = 0; i < h0; i++) {
        double best = e[i];
        for (int f = 0; f < DP_FACES; f++)
            if (d->down[i][f] >= 0 && t->mx[d->down[i][f]] > best)
                best = t->mx[d->down[i][f]];
        t->mx[i] = best;
    }
    for (int h = 0; h < DPO_HANDS; h++) {
        double best = NEG;
        for (int f = 0; f < DP_FACES; f++)
            if (d->down[h0 + h][f] >= 0 && t->mx[d->down[h0 + h][f]] > best)
                best = t->mx[d->down[h0 + h][f]];
        t->k[h] = best;
    }
}

double alea__dpo_solve(const dpo_dice *d, dpo_turn *t, uint32_t full) {
    double v = 0;
    score_hands(d, t, full);
    keeps(d, t, t->s3, t->e3);          /* before throw 3 */
    for (int h = 0; h < DPO_HANDS; h++) /* s3 becomes the hands after throw 2 */
        for (int af = 0; af < 2; af++)
            t->s3[h][af] = t->s3[h][af] > t->k[h] ? t->s3[h][af] : t->k[h];
    keeps(d, t, t->s3, t->e2); /* before throw 2 */
    /* throw 1 (all five): score now or keep.  A keep is worth at least as
       much with two throws left as with one (one option more), so the max
       with the keep of throw 2 equals the max over score now, the keep of
       throw 3 and the keep of throw 2: the same value from s3 as it now is. */
    for (int h = 0; h < DPO_HANDS; h++)
        v += d->p[h] * (t->s3[h][1] > t->k[h] ? t->s3[h][1] : t->k[h]);
    return v;
}

double alea__dpo_turn(dpo_work *w, const dpo_table *t, uint32_t mask, int res, int cls) {
    return alea__dpo_turn_of(&w->d, &w->t, t, mask, res, cls);
}

void alea__dpo_card_key(const dpo_dice *d, const dp_card *card, bool alive, uint32_t *mask,
                        int *res, int *cls) {
    int m = 0;
    *mask = 0;
    for (int r = 0; r < DP_ROWS; r++) {
        int mark = card->mark[r][0];
        if (mark != ALEA_DICE_POKER_EMPTY)
            *mask |= 1u << r;
        if (mark == ALEA_DICE_POKER_STRUCK || mark == ALEA_DICE_POKER_ZERO)
            alive = false;
        if (mark == ALEA_DICE_POKER_SCORED && card->value[r][0] > m)
            m = card->value[r][0];
    }
    int cap = cap_of(*mask);
    *res = card->reserve < cap ? card->reserve : cap;
    *cls = alive ? cls_of(mbits(d, *mask), d->vid[m > DPO_M_FLOOR ? m : DPO_M_FLOOR]) : 0;
}

bool alea__dpo_key(const dpo_work *w, const alea_state *st, uint32_t *mask, int *res, int *cls) {
    const dp_state *s = dp_cof(st);
    if (alea_state_game(st) != &alea__dice_poker_game || s->players != 1 || s->columns != 1)
        return false;
    alea__dpo_card_key(&w->d, &s->card[0], !w->ignore_column, mask, res, cls);
    return true;
}

alea_status alea__dpo_values_of(const dpo_dice *d, const dpo_turn *t, const dp_state *s,
                                uint32_t full, const uint64_t *legal, size_t n, double *out) {
    int h = find_ms(d, s->dice) - d->first[DP_DICE], af = s->all_five != 0;
    if (h < 0)
        return ALEA_INVALID_ARGUMENT;
    for (size_t i = 0; i < n; i++) {
        uint64_t a = legal[i];
        int kind = (int)ALEA_DICE_POKER_ACTION_KIND(a);
        int row = (int)ALEA_DICE_POKER_ACTION_PAYLOAD(a), j = row - DP_SCHOOL_ROWS;
        bool open = row >= 0 && row < DP_ROWS && !(full >> row & 1u);
        if (kind == ALEA_DICE_POKER_HOLD) {
            dp_action act;
            if (s->throws >= DP_MAX_THROWS || alea__dp_decode(&act, a, NULL) != ALEA_OK)
                return ALEA_INVALID_ARGUMENT;
            int k = find_ms(d, act.counts);
            if (k < 0 || k >= d->first[DP_DICE])
                return ALEA_INVALID_ARGUMENT;
            out[i] = s->throws == 1 ? t->e2[k] : t->e3[k];
        } else if (kind == ALEA_DICE_POKER_SCORE && open && dp_is_school(row)) {
            out[i] = t->wschool[row][s->dice[row]];
        } else if (kind == ALEA_DICE_POKER_SCORE && open && d->vidx[h][j][af] != NONE) {
            out[i] = t->wcomb[j][d->vidx[h][j][af]];
        } else if (kind == ALEA_DICE_POKER_STRIKE && open && dp_is_combination(row)) {
            out[i] = t->wstrike[j];
        } else {
            return ALEA_INVALID_ARGUMENT;
        }
    }
    return ALEA_OK;
}

alea_status alea__dpo_action_values(dpo_work *w, const dpo_table *t, const alea_state *st,
                                    const uint64_t *legal, size_t n, double *values_out) {
    const dp_state *s = dp_cof(st);
    uint32_t mask;
    int res, cls;
    alea_status status;
    if (!alea__dpo_key(w, st, &mask, &res, &cls) || s->phase != DP_PHASE_DECIDE || mask == DPO_FULL)
        return ALEA_INVALID_ARGUMENT;
    alea__dpo_turn(w, t, mask, res, cls); /* leaves e3 and e2 */
    status = alea__dpo_values_of(&w->d, &w->t, s, mask, legal, n, values_out);
    for (size_t i = 0; status == ALEA_OK && i < n; i++)
        values_out[i] += alea__dp_score(s, 0);
    return status;
}

alea_status alea__dp_action_values(const dpo_table *t, const alea_state *st, const uint64_t *legal,
                                   size_t n, double *values_out) {
    dpo_work w;
    if (!t || !st || (n > 0 && (!legal || !values_out)))
        return ALEA_INVALID_ARGUMENT;
    alea__dpo_work_init(&w);
    return alea__dpo_action_values(&w, t, st, legal, n, values_out);
}
