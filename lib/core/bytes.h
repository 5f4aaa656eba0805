/* Byte-wise range checks on 8 bytes at once (SWAR), for the games' cheap
   sane() checks (lib/core/impl.h): a few instructions for what a loop over
   the bytes would spend dozens on, on every hot call. */
#ifndef ALEA_CORE_BYTES_H
#define ALEA_CORE_BYTES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The index of the lowest set bit of m (m != 0): the move generators walk
   their sets of squares and stops with it. */
static inline int alea__low_bit(uint64_t m) {
#if defined(__GNUC__)
    return __builtin_ctzll(m);
#else
    int b = 0;
    while (!(m & 1u)) {
        m >>= 1;
        b++;
    }
    return b;
#endif
}

/* The number of set bits of m. */
static inline int alea__bit_count(uint64_t m) {
#if defined(__GNUC__)
    return __builtin_popcountll(m);
#else
    int c = 0;
    for (; m; m &= m - 1)
        c++;
    return c;
#endif
}

/* The byte value x in every byte of a word. */
#define ALEA__BYTES(x) (0x0101010101010101u * (uint64_t)(uint8_t)(x))

/* Up to 8 bytes as a word, the rest zero (byte order does not matter to the
   checks below, which treat every byte alike). */
static inline uint64_t alea__load_bytes(const void *p, size_t n) {
    uint64_t w = 0;
    memcpy(&w, p, n);
    return w;
}

/* Nonzero if some byte of w is above max (max < 128): below 128, adding
   127 - max sets the top bit exactly when the byte exceeds max, with no carry
   into the next byte; from 128 up the top bit is already set. */
static inline uint64_t alea__bytes_above(uint64_t w, unsigned max) {
    return (((w & ALEA__BYTES(0x7F)) + ALEA__BYTES(127u - max)) | w) & ALEA__BYTES(0x80);
}

/* Nonzero if some byte of w is above its own maximum: max_of_byte holds the
   maxima (each below 128) in the same order as the bytes loaded into w. */
static inline uint64_t alea__bytes_above_each(uint64_t w, const uint8_t max_of_byte[8]) {
    uint64_t room = ALEA__BYTES(127) - alea__load_bytes(max_of_byte, 8); /* no borrows */
    return (((w & ALEA__BYTES(0x7F)) + room) | w) & ALEA__BYTES(0x80);
}

/* Sum of the bytes of w, when it is below 256. */
static inline unsigned alea__bytes_sum(uint64_t w) {
    return (unsigned)((w * ALEA__BYTES(1)) >> 56);
}

#endif /* ALEA_CORE_BYTES_H */
