/* Standalone fuzz driver (no libFuzzer needed, any compiler): runs a target
 * on every file of the corpus directories given, then on random mutations of
 * them, so that CI replays the corpora under ASan+UBSan on every change.
 *
 *   fuzz_<target>_replay [--mutations N] [--seed S] DIR...
 *
 * A broken invariant aborts (the input that broke it is printed first). */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include <dirent.h>

#define MAX_INPUT (1 << 16)

typedef struct {
    uint8_t *data;
    size_t size;
} input;

static input corpus[4096];
static size_t corpus_count;

static void load_file(const char *path) {
    FILE *f = fopen(path, "rb");
    uint8_t *buf;
    size_t n;
    if (!f || corpus_count == sizeof corpus / sizeof corpus[0]) {
        if (f)
            fclose(f);
        return;
    }
    buf = malloc(MAX_INPUT);
    if (!buf)
        abort();
    n = fread(buf, 1, MAX_INPUT, f);
    fclose(f);
    corpus[corpus_count].data = buf;
    corpus[corpus_count].size = n;
    corpus_count++;
}

static void load_dir(const char *dir) {
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[4096];
    if (!d) {
        load_file(dir);
        return;
    }
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        load_file(path);
    }
    closedir(d);
}

/* One random edit: flip a bit, set a byte, insert, delete, or splice in a
   piece of another corpus entry. */
static size_t mutate(uint8_t *buf, size_t n, alea_rng *rng) {
    size_t at = n ? (size_t)alea_rng_below(rng, n) : 0;
    switch (alea_rng_below(rng, 5)) {
    case 0:
        if (n)
            buf[at] ^= (uint8_t)(1u << alea_rng_below(rng, 8));
        break;
    case 1:
        if (n)
            buf[at] =
                (uint8_t) " |,/:=-0123456789abcdefghijklmnopqrstuvwxyz\n*"[alea_rng_below(rng, 46)];
        break;
    case 2:
        if (n < MAX_INPUT) {
            memmove(buf + at + 1, buf + at, n - at);
            buf[at] = (uint8_t)alea_rng_below(rng, 256);
            n++;
        }
        break;
    case 3:
        if (n) {
            memmove(buf + at, buf + at + 1, n - at - 1);
            n--;
        }
        break;
    default: {
        const input *other = &corpus[alea_rng_below(rng, corpus_count)];
        size_t from = other->size ? (size_t)alea_rng_below(rng, other->size) : 0;
        size_t len = other->size - from;
        len = len > 16 ? 16 : len;
        if (n + len <= MAX_INPUT) {
            memmove(buf + at + len, buf + at, n - at);
            memcpy(buf + at, other->data + from, len);
            n += len;
        }
        break;
    }
    }
    return n;
}

int main(int argc, char **argv) {
    long mutations = 0;
    uint64_t seed = 1;
    size_t runs = 0;
    alea_rng rng;
    uint8_t *buf = malloc(MAX_INPUT + 1);
    if (!buf)
        return 2;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--mutations") == 0 && i + 1 < argc)
            mutations = atol(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 0);
        else
            load_dir(argv[i]);
    }
    if (getenv("ALEA_TEST_QUICK")) /* slow runners such as valgrind */
        mutations /= 100;
    if (corpus_count == 0) {
        fprintf(stderr, "no corpus files\n");
        return 2;
    }
    for (size_t i = 0; i < corpus_count; i++, runs++)
        LLVMFuzzerTestOneInput(corpus[i].data, corpus[i].size);
    alea_rng_seed(&rng, seed);
    for (long m = 0; m < mutations; m++, runs++) {
        const input *base = &corpus[alea_rng_below(&rng, corpus_count)];
        size_t n = base->size;
        int edits = 1 + (int)alea_rng_below(&rng, 4);
        memcpy(buf, base->data, n);
        while (edits-- > 0)
            n = mutate(buf, n, &rng);
        LLVMFuzzerTestOneInput(buf, n);
    }
    printf("%zu inputs (%zu corpus files, %ld mutations, seed %llu): no invariant broken\n", runs,
           corpus_count, mutations, (unsigned long long)seed);
    for (size_t i = 0; i < corpus_count; i++)
        free(corpus[i].data);
    free(buf);
    return 0;
}
