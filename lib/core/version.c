/* Version, ABI check and the names of the status codes. */
#include "core/impl.h"

static const char *const status_text[ALEA_STATUS_COUNT] = {
    "ok",           "invalid argument", "illegal action", "parse error", "buffer too small",
    "wrong phase",  "out of memory",    "not found",      "bad option",  "invalid state",
    "ABI mismatch", "unsupported",      "wrong player",
};

static const char *const status_names[ALEA_STATUS_COUNT] = {
    "ALEA_OK",
    "ALEA_INVALID_ARGUMENT",
    "ALEA_ILLEGAL_ACTION",
    "ALEA_PARSE_ERROR",
    "ALEA_BUFFER_TOO_SMALL",
    "ALEA_WRONG_PHASE",
    "ALEA_OUT_OF_MEMORY",
    "ALEA_NOT_FOUND",
    "ALEA_BAD_OPTION",
    "ALEA_INVALID_STATE",
    "ALEA_ABI_MISMATCH",
    "ALEA_UNSUPPORTED",
    "ALEA_WRONG_PLAYER",
};

ALEA_API const char *alea_status_str(alea_status status) {
    unsigned i = (unsigned)status;
    return i < ALEA_STATUS_COUNT ? status_text[i] : "unknown status";
}

ALEA_API const char *alea_status_name(alea_status status) {
    unsigned i = (unsigned)status;
    return i < ALEA_STATUS_COUNT ? status_names[i] : "ALEA_UNKNOWN";
}

ALEA_API uint32_t alea_version(void) {
    return ALEA_VERSION_NUMBER;
}

ALEA_API const char *alea_version_string(void) {
    return ALEA_VERSION_STRING;
}

ALEA_API alea_status alea_check_abi(uint32_t header_version, size_t sizeof_state, size_t sizeof_rng,
                                    size_t sizeof_error, size_t sizeof_outcome,
                                    size_t sizeof_result) {
    uint32_t major = header_version / 10000u, minor = header_version / 100u % 100u;
    /* A program built against older headers of the same major version runs on
       a newer library; the reverse could call functions that do not exist. */
    if (major != ALEA_VERSION_MAJOR || minor > ALEA_VERSION_MINOR)
        return ALEA_ABI_MISMATCH;
    if (sizeof_state != sizeof(alea_state) || sizeof_rng != sizeof(alea_rng) ||
        sizeof_error != sizeof(alea_error) || sizeof_outcome != sizeof(alea_outcome) ||
        sizeof_result != sizeof(alea_result))
        return ALEA_ABI_MISMATCH;
    return ALEA_OK;
}
