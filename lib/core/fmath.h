/*
 * The few real functions the bots need (square root, natural log, exp), in
 * plain IEEE double arithmetic: the library then needs no libm (a static
 * libm cannot be linked into a dynamic program), and a seed gives the same
 * search on every platform, where libm's last bits may differ.
 */
#ifndef ALEA_CORE_FMATH_H
#define ALEA_CORE_FMATH_H

#include <stdint.h>
#include <string.h>

static inline double alea__bits_double(uint64_t i) {
    double d;
    memcpy(&d, &i, sizeof d);
    return d;
}

static inline uint64_t alea__double_bits(double d) {
    uint64_t i;
    memcpy(&i, &d, sizeof i);
    return i;
}

/* Square root of a finite x >= 0 (0 for anything else). */
static inline double alea__sqrt(double x) {
    double y;
    if (!(x > 0) || x > 1e300)
        return x > 1e300 ? 1e150 : 0.0;
    /* Halving the exponent is within 6 %; Newton doubles the digits. */
    y = alea__bits_double((alea__double_bits(x) >> 1) + (UINT64_C(1023) << 51));
    for (int i = 0; i < 5; i++)
        y = 0.5 * (y + x / y);
    return y;
}

/* Natural log of a finite x > 0 (a large negative number for x <= 0). */
static inline double alea__log(double x) {
    const double ln2 = 0.69314718055994530942;
    uint64_t b;
    int e;
    double m, s, s2, term, sum = 0, shift = 0;
    if (!(x > 0))
        return -1e300;
    b = alea__double_bits(x);
    e = (int)((b >> 52) & 0x7FF) - 1023;
    if (e == -1023) { /* subnormal: scale up by 2^52 first */
        shift = -52 * ln2;
        b = alea__double_bits(x * 4503599627370496.0);
        e = (int)((b >> 52) & 0x7FF) - 1023;
    }
    m = alea__bits_double((b & ((UINT64_C(1) << 52) - 1)) | (UINT64_C(1023) << 52)); /* [1, 2) */
    if (m > 1.41421356237309505) {
        m *= 0.5;
        e++;
    }
    /* ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.18. */
    s = (m - 1) / (m + 1);
    s2 = s * s;
    term = s;
    for (int k = 1; k < 40; k += 2) {
        sum += term / k;
        term *= s2;
    }
    return e * ln2 + 2 * sum + shift;
}

/* e^x, clamped to x in [-700, 700]. */
static inline double alea__exp(double x) {
    const double ln2 = 0.69314718055994530942;
    double r, term = 1, sum = 1;
    int k;
    if (x > 700)
        x = 700;
    if (x < -700)
        x = -700;
    k = (int)(x / ln2 + (x < 0 ? -0.5 : 0.5));
    r = x - k * ln2; /* |r| <= ln2 / 2 */
    for (int i = 1; i < 20; i++) {
        term *= r / i;
        sum += term;
    }
    return sum * alea__bits_double((uint64_t)(k + 1023) << 52);
}

#endif /* ALEA_CORE_FMATH_H */
