/* Version test: the library's run-time version, the header's macros and the
   project version given by Meson agree, and ALEA_CHECK_ABI() accepts this
   program while rejecting a foreign major version or struct size.
   usage: version_check PROJECT_VERSION */
#include <alea/alea.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void check(int ok, const char *what) {
    printf("%s %s\n", ok ? "ok  " : "FAIL:", what);
    if (!ok)
        failures++;
}

int main(int argc, char **argv) {
    unsigned long major, minor, patch;
    char tail[2];
    if (argc != 2 || sscanf(argv[1], "%lu.%lu.%lu%1s", &major, &minor, &patch, tail) != 3) {
        fprintf(stderr, "usage: %s MAJOR.MINOR.PATCH\n", argv[0]);
        return 2;
    }
    printf("project %s, header %s, library %s\n", argv[1], ALEA_VERSION_STRING,
           alea_version_string() ? alea_version_string() : "(null)");

    check(strcmp(ALEA_VERSION_STRING, argv[1]) == 0, "ALEA_VERSION_STRING == project version");
    check(ALEA_VERSION_MAJOR == major && ALEA_VERSION_MINOR == minor && ALEA_VERSION_PATCH == patch,
          "ALEA_VERSION_MAJOR/MINOR/PATCH == project version");
    check(ALEA_VERSION_NUMBER == major * 10000 + minor * 100 + patch,
          "ALEA_VERSION_NUMBER == MAJOR*10000 + MINOR*100 + PATCH");
    check(alea_version_string() != NULL && strcmp(alea_version_string(), argv[1]) == 0,
          "alea_version_string() == project version");
    check(alea_version() == ALEA_VERSION_NUMBER, "alea_version() == ALEA_VERSION_NUMBER");
    check(ALEA_CHECK_ABI() == ALEA_OK, "ALEA_CHECK_ABI() == ALEA_OK");
    check(alea_check_abi(ALEA_VERSION_NUMBER + 10000, sizeof(alea_state), sizeof(alea_rng),
                         sizeof(alea_error), sizeof(alea_outcome),
                         sizeof(alea_result)) == ALEA_ABI_MISMATCH,
          "alea_check_abi() rejects another major version");
    check(alea_check_abi(ALEA_VERSION_NUMBER, sizeof(alea_state) + 8, sizeof(alea_rng),
                         sizeof(alea_error), sizeof(alea_outcome),
                         sizeof(alea_result)) == ALEA_ABI_MISMATCH,
          "alea_check_abi() rejects another sizeof(alea_state)");
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
