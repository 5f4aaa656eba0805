/*
 * Backgammon: the trained evaluator's encoding and forward pass (net.h).
 * Rule numbers §x.y refer to doc/rules/backgammon.md.
 */
#include "backgammon/net.h"

#include <string.h>

void alea__bg_pair_of(bg_pair *p, const bg_side *v) {
    int on = 0;
    for (int i = 0; i < 26; i++)
        p->c[0][i] = v->me[i];
    for (int j = 1; j <= 24; j++) { /* the opponent's point j is my point 25 - j (§1) */
        p->c[1][j] = v->opp[25 - j];
        on += p->c[1][j];
    }
    p->c[1][25] = v->opp_bar;
    on += v->opp_bar;
    p->c[1][0] = (uint8_t)(on <= BG_CHECKERS ? BG_CHECKERS - on : 0);
}

void alea__bg_pair_swap(bg_pair *p) {
    uint8_t t[26];
    memcpy(t, p->c[0], 26);
    memcpy(p->c[0], p->c[1], 26);
    memcpy(p->c[1], t, 26);
}

/* Highest own point (bar 25) holding a checker of side s, 0 if none. */
static int rearmost(const uint8_t c[26]) {
    for (int i = 25; i >= 1; i--)
        if (c[i])
            return i;
    return 0;
}

int alea__bg_pair_kind(const bg_pair *p) {
    /* Side 0's rearmost checker on its point a is side 1's point 25 - a;
       side 1's checkers move down from 25 - b.  They can still meet while
       a + b > 25, i.e. while some checker of one side stands behind one of
       the other's. */
    int a = rearmost(p->c[0]), b = rearmost(p->c[1]);
    return a + b > 25 ? BG_NET_CONTACT : BG_NET_RACE;
}

static void put(bg_inputs *in, int index, float value) {
    in->index[in->count] = (uint16_t)index;
    in->value[in->count] = value;
    in->count++;
}

void alea__bg_net_encode(bg_inputs *in, const bg_pair *p) {
    in->count = 0;
    for (int s = 0; s < 2; s++) {
        const uint8_t *c = p->c[s];
        int base = s * BG_NET_SIDE_INPUTS, pips = 0;
        for (int i = 1; i <= 24; i++) {
            int n = c[i], u = base + 4 * (i - 1);
            if (!n)
                continue;
            pips += i * n;
            put(in, u, 1.0f);
            if (n >= 2)
                put(in, u + 1, 1.0f);
            if (n >= 3)
                put(in, u + 2, 1.0f);
            if (n > 3)
                put(in, u + 3, (float)(n - 3) * 0.5f);
        }
        pips += 25 * c[25];
        if (c[25])
            put(in, base + 96, (float)c[25] * 0.5f);
        if (c[0])
            put(in, base + 97, (float)c[0] / 15.0f);
        if (pips)
            put(in, base + 98, (float)pips / 100.0f);
    }
}

/* The hidden layer's input sums (before ReLU) of a position. */
void alea__bg_net_sums(const bg_net *net, const bg_inputs *in, float sums[BG_NET_HIDDEN]) {
    memcpy(sums, net->b1, BG_NET_HIDDEN * sizeof *sums);
    for (int k = 0; k < in->count; k++) {
        const float *row = net->w1 + (size_t)in->index[k] * BG_NET_HIDDEN;
        float x = in->value[k];
        for (int j = 0; j < BG_NET_HIDDEN; j++)
            sums[j] += x * row[j];
    }
}

/* e^x for x <= 0 in float, enough for a softmax: 2^k e^r, |r| <= ln2 / 2,
   e^r by its Taylor polynomial to r^7 (relative error below 1e-8). */
static float exp_neg(float x) {
    const float ln2 = 0.693147181f;
    float r, p;
    int k;
    uint32_t bits;
    if (x < -80.0f)
        return 0.0f;
    k = (int)(x / ln2 - 0.5f);
    r = x - (float)k * ln2;
    p = 1.0f +
        r * (1.0f +
             r * (0.5f +
                  r * (1.0f / 6 +
                       r * (1.0f / 24 + r * (1.0f / 120 + r * (1.0f / 720 + r * (1.0f / 5040)))))));
    bits = (uint32_t)(k + 127) << 23; /* k >= -116: a normal power of two */
    {
        float scale;
        memcpy(&scale, &bits, sizeof scale);
        return p * scale;
    }
}

/* Partial sums of a dot product: this many lanes, added in a fixed order
   (vector registers take them at once; no reassociation is needed). */
#define LANES 8

/* From the hidden sums to the six outcome probabilities. */
static void outputs(const bg_net *net, float h[BG_NET_HIDDEN], float out[BG_NET_OUTPUTS]) {
    float z[BG_NET_OUTPUTS], top, sum = 0;
    for (int j = 0; j < BG_NET_HIDDEN; j++)
        h[j] = h[j] > 0 ? h[j] : 0; /* ReLU */
    for (int o = 0; o < BG_NET_OUTPUTS; o++) {
        const float *row = net->w2 + (size_t)o * BG_NET_HIDDEN;
        float lane[LANES] = {0};
        float acc = net->b2[o];
        for (int j = 0; j < BG_NET_HIDDEN; j += LANES)
            for (int k = 0; k < LANES; k++)
                lane[k] += row[j + k] * h[j + k];
        for (int k = 0; k < LANES; k++)
            acc += lane[k];
        z[o] = acc;
    }
    top = z[0];
    for (int o = 1; o < BG_NET_OUTPUTS; o++)
        top = z[o] > top ? z[o] : top;
    for (int o = 0; o < BG_NET_OUTPUTS; o++) {
        out[o] = exp_neg(z[o] - top);
        sum += out[o];
    }
    for (int o = 0; o < BG_NET_OUTPUTS; o++)
        out[o] /= sum;
}

_Static_assert(BG_NET_HIDDEN % LANES == 0, "the hidden layer is whole lanes");

void alea__bg_net_forward(const bg_net *net, const bg_inputs *in, float out[BG_NET_OUTPUTS],
                          float *hidden) {
    float h[BG_NET_HIDDEN];
    alea__bg_net_sums(net, in, h);
    outputs(net, h, out);
    if (hidden)
        memcpy(hidden, h, sizeof h);
}

void alea__bg_net_forward_near(const bg_net *net, const bg_inputs *base,
                               const float base_sums[BG_NET_HIDDEN], const bg_inputs *in,
                               float out[BG_NET_OUTPUTS]) {
    float h[BG_NET_HIDDEN];
    int a = 0, b = 0;
    memcpy(h, base_sums, sizeof h);
    /* both lists are in ascending index order: merge them, adding the rows
       of the inputs that changed */
    while (a < base->count || b < in->count) {
        int ia = a < base->count ? base->index[a] : BG_NET_INPUTS;
        int ib = b < in->count ? in->index[b] : BG_NET_INPUTS;
        float dx;
        const float *row;
        if (ia == ib) {
            dx = in->value[b++] - base->value[a++];
            row = net->w1 + (size_t)ib * BG_NET_HIDDEN;
        } else if (ia < ib) {
            dx = -base->value[a++];
            row = net->w1 + (size_t)ia * BG_NET_HIDDEN;
        } else {
            dx = in->value[b++];
            row = net->w1 + (size_t)ib * BG_NET_HIDDEN;
        }
        if (dx == 0.0f)
            continue;
        for (int j = 0; j < BG_NET_HIDDEN; j++)
            h[j] += dx * row[j];
    }
    outputs(net, h, out);
}

void alea__bg_probs_of(const float six[BG_NET_OUTPUTS], double probs[5]) {
    /* in double, normalised again: each sum stays within [0, 1] */
    double win = (double)six[0] + (double)six[1] + (double)six[2];
    double lose = (double)six[3] + (double)six[4] + (double)six[5];
    double total = win + lose;
    probs[0] = win / total;
    probs[1] = ((double)six[0] + (double)six[1]) / total;
    probs[2] = (double)six[0] / total;
    probs[3] = ((double)six[4] + (double)six[5]) / total;
    probs[4] = (double)six[5] / total;
}

double alea__bg_equity(const double probs[5]) {
    return 2.0 * probs[0] - 1.0 + probs[1] - probs[3] + probs[2] - probs[4];
}

void alea__bg_probs_flip(double probs[5]) {
    double w = probs[0], wg = probs[1], wbg = probs[2];
    probs[0] = 1.0 - w;
    probs[1] = probs[3];
    probs[2] = probs[4];
    probs[3] = wg;
    probs[4] = wbg;
}

/* §6: the winner's multiplier against a loser with counts c (own
   numbering): gammon when he has borne off nothing, backgammon when he
   also has a checker on the bar or in the winner's home board (the loser's
   points 19..24). */
static int multiplier(const uint8_t c[26]) {
    if (c[0])
        return 1;
    for (int i = 19; i <= 25; i++)
        if (c[i])
            return 3;
    return 2;
}

void alea__bg_net_probs(const bg_pair *p, double probs[5]) {
    alea__bg_net_probs_by(alea__bg_nets, p, probs);
}

void alea__bg_net_probs_by(const bg_net *nets, const bg_pair *p, double probs[5]) {
    bg_inputs in;
    float six[BG_NET_OUTPUTS];
    if (p->c[0][0] == BG_CHECKERS || p->c[1][0] == BG_CHECKERS) {
        int won = p->c[0][0] == BG_CHECKERS, m = multiplier(p->c[won ? 1 : 0]);
        memset(probs, 0, 5 * sizeof *probs);
        probs[0] = won;
        probs[won ? 1 : 3] = m >= 2;
        probs[won ? 2 : 4] = m >= 3;
        return;
    }
    alea__bg_net_encode(&in, p);
    alea__bg_net_forward(&nets[alea__bg_pair_kind(p)], &in, six, NULL);
    alea__bg_probs_of(six, probs);
}

void alea__bg_mover_start(bg_mover *m, const bg_net *nets, const bg_side *before) {
    bg_pair p;
    m->nets = nets;
    m->side = *before;
    alea__bg_pair_of(&p, before);
    alea__bg_pair_swap(&p);
    m->kind = alea__bg_pair_kind(&p);
    alea__bg_net_encode(&m->base, &p);
    alea__bg_net_sums(&nets[m->kind], &m->base, m->sums);
}

void alea__bg_mover_six(const bg_mover *m, const bg_side *after, float six[BG_NET_OUTPUTS]) {
    bg_pair p;
    bg_inputs in;
    float opp[BG_NET_OUTPUTS];
    int kind;
    alea__bg_pair_of(&p, after);
    if (p.c[0][0] == BG_CHECKERS) { /* he bore off his last checker (§6) */
        int m3 = multiplier(p.c[1]);
        memset(six, 0, BG_NET_OUTPUTS * sizeof *six);
        six[m3 == 3 ? 0 : m3 == 2 ? 1 : 2] = 1.0f;
        return;
    }
    alea__bg_pair_swap(&p);
    kind = alea__bg_pair_kind(&p);
    alea__bg_net_encode(&in, &p);
    if (kind == m->kind)
        alea__bg_net_forward_near(&m->nets[kind], &m->base, m->sums, &in, opp);
    else
        alea__bg_net_forward(&m->nets[kind], &in, opp, NULL);
    for (int o = 0; o < BG_NET_OUTPUTS; o++)
        six[o] = opp[BG_NET_OUTPUTS - 1 - o];
}

static uint32_t fnv(uint32_t h, const float *f, size_t n) {
    const unsigned char *b = (const unsigned char *)f;
    for (size_t i = 0; i < n * sizeof *f; i++)
        h = (h ^ b[i]) * 16777619u;
    return h;
}

uint32_t alea__bg_net_checksum(const bg_net nets[BG_NET_COUNT]) {
    uint32_t h = 2166136261u;
    for (int k = 0; k < BG_NET_COUNT; k++) {
        h = fnv(h, nets[k].w1, (size_t)BG_NET_INPUTS * BG_NET_HIDDEN);
        h = fnv(h, nets[k].b1, BG_NET_HIDDEN);
        h = fnv(h, nets[k].w2, (size_t)BG_NET_OUTPUTS * BG_NET_HIDDEN);
        h = fnv(h, nets[k].b2, BG_NET_OUTPUTS);
    }
    return h;
}
