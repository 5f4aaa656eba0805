/*
 * Plateau: the prisoner exchange (R9) as a sequence of actions: OFFER by the
 * player to move, then GIVE or DECLINE by the opponent.
 */
#include "plateau/pl.h"

#include "core/bytes.h"

#include <string.h>

/* Every non-empty sub-multiset of a pool, in ascending packed order (an
   odometer over the counts, lowest type fastest), with its value (R2.1)
   and packed form (alea__pl_pack()) kept up to date on the way. */
typedef struct subsets {
    uint8_t pool[8];
    uint8_t cur[8];
    int value;
    uint32_t packed;
} subsets;

static void subsets_init(subsets *it, const uint8_t pool[8]) {
    memcpy(it->pool, pool, 8);
    memset(it->cur, 0, 8);
    it->value = 0;
    it->packed = 0;
}

/* Next non-empty subset; false after the last. */
static inline bool subsets_next(subsets *it) {
    int t = 0;
    while (t < PL_TYPES && it->cur[t] == it->pool[t]) {
        it->value -= it->cur[t] * alea__pl_value[t];
        it->packed -= (uint32_t)it->cur[t] << (PL_SET_TYPE_BITS * t);
        it->cur[t++] = 0;
    }
    if (t == PL_TYPES)
        return false;
    it->cur[t]++;
    it->value += alea__pl_value[t];
    it->packed += 1u << (PL_SET_TYPE_BITS * t);
    return true;
}

/* Whether a pool holds any piece (sane.c bounds every count). */
static bool any_piece(const uint8_t pool[8]) {
    return alea__load_bytes(pool, 8) != 0;
}

static bool subset_of(const uint8_t a[8], const uint8_t b[8]) {
    for (int t = 0; t < PL_TYPES; t++)
        if (a[t] > b[t])
            return false;
    return true;
}

int alea__pl_largest_below(const pl_state *s) {
    int offer = alea__pl_set_value(s->offer), best = 0;
    subsets it;
    subsets_init(&it, s->prisoners[s->to_act]);
    while (subsets_next(&it))
        if (it.value <= offer && it.value > best)
            best = it.value;
    return best;
}

/* R9.1, D14, R9.6 */
size_t alea__pl_list_offers(const pl_state *s, uint64_t *out, size_t n) {
    int p = s->to_act;
    if (!any_piece(s->prisoners[1 - p]) || !any_piece(s->prisoners[p]))
        return n;
    subsets it;
    subsets_init(&it, s->prisoners[p]);
    const uint64_t kind = pl_kind_bits(ALEA_PLATEAU_OFFER);
    while (subsets_next(&it))
        if (it.value > s->min_offer && n < PL_MAX_LEGAL) /* the room: moves.c */
            out[n++] = kind | it.packed;
    return n;
}

bool alea__pl_any_offer(const pl_state *s) {
    int p = s->to_act;
    subsets it;
    if (!any_piece(s->prisoners[1 - p]))
        return false;
    subsets_init(&it, s->prisoners[p]);
    while (subsets_next(&it))
        if (it.value > s->min_offer)
            return true;
    return false;
}

static bool give_ok(const pl_state *s, int value, int largest) {
    if (largest == 0)
        return true;                                            /* R9.4 */
    return value == largest || (s->overpay && value > largest); /* R9.3, D12 */
}

size_t alea__pl_list_responses(const pl_state *s, uint64_t *out, size_t n) {
    int largest = alea__pl_largest_below(s);
    subsets it;
    subsets_init(&it, s->prisoners[s->to_act]);
    while (subsets_next(&it))
        if (give_ok(s, it.value, largest))
            out[n++] = pl_kind_bits(ALEA_PLATEAU_GIVE) | it.packed;
    if (largest == 0)
        out[n++] = pl_kind_bits(ALEA_PLATEAU_DECLINE);
    return n;
}

alea_status alea__pl_check_offer(const pl_state *s, const pl_action *a, alea_error *err) {
    int p = s->to_act;
    if (!subset_of(a->set, s->prisoners[p]))
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "R9.1: the offer is not among the prisoners the mover holds");
    if (alea__pl_set_size(s->prisoners[1 - p]) == 0)
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "R9.1: the opponent holds no prisoner to exchange (D14)");
    int v = alea__pl_set_value(a->set);
    if (v <= s->min_offer)
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "R9.6: after a declined offer of %d the next must be worth more, not %d",
                          s->min_offer, v);
    return ALEA_OK;
}

alea_status alea__pl_check_response(const pl_state *s, const pl_action *a, alea_error *err) {
    int largest = alea__pl_largest_below(s), offer = alea__pl_set_value(s->offer);
    if (a->kind == ALEA_PLATEAU_DECLINE) {
        if (largest > 0)
            return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                              "R9.3: cannot decline, prisoners worth %d (not above the offer of "
                              "%d) must be given",
                              largest, offer);
        return ALEA_OK;
    }
    if (!subset_of(a->set, s->prisoners[s->to_act]))
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "R9.2: the set given is not among the prisoners the responder holds");
    int v = alea__pl_set_value(a->set);
    if (!give_ok(s, v, largest))
        return alea__fail(err, ALEA_ILLEGAL_ACTION, -1,
                          "R9.3: the set given must be worth exactly %d (the most not above the "
                          "offer of %d), not %d",
                          largest, offer, v);
    return ALEA_OK;
}

void alea__pl_apply_exchange(pl_state *s, const pl_action *a) {
    int r = s->to_act, i = 1 - r;
    switch (a->kind) {
    case ALEA_PLATEAU_OFFER: /* R9.7: the opponent answers */
        memcpy(s->offer, a->set, 8);
        s->min_offer = 0; /* R9.6: kept only while the turn goes on */
        s->phase = PL_RESPOND;
        s->to_act = (uint8_t)(1 - r);
        break;
    case ALEA_PLATEAU_DECLINE: /* R9.6: the initiator's turn goes on */
        s->min_offer = (uint8_t)alea__pl_set_value(s->offer);
        memset(s->offer, 0, 8);
        s->phase = PL_PLAY;
        s->to_act = (uint8_t)i;
        break;
    default: /* GIVE, R9.5: owners get their own pieces back */
        for (int t = 0; t < PL_TYPES; t++) {
            s->prisoners[i][t] = (uint8_t)(s->prisoners[i][t] - s->offer[t]);
            s->reserve[r][t] = (uint8_t)(s->reserve[r][t] + s->offer[t]);
            s->prisoners[r][t] = (uint8_t)(s->prisoners[r][t] - a->set[t]);
            s->reserve[i][t] = (uint8_t)(s->reserve[i][t] + a->set[t]);
        }
        memset(s->offer, 0, 8);
        s->phase = PL_PLAY;
        s->passes = 0;
        alea__pl_end_turn(s, i);
        break;
    }
}
