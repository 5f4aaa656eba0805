/**
 * @file alea/common.h
 * @brief Export macro, version, status codes and the error report.
 *
 * Every other alea header includes this one.  Conventions of the whole API:
 *
 *  - Every public name starts with `alea_` / `ALEA_`; functions are named
 *    `alea_<noun>_<verb>`.
 *  - A function that can fail returns an ::alea_status.  Primary out-parameters
 *    come first; an optional `alea_error *err` (may be NULL) comes last and
 *    receives the reason in words, citing the rule that was broken.
 *  - The library never allocates except in the functions that say so
 *    (`alea_state_new`, `alea_state_clone`), never prints, never aborts and has
 *    no global mutable state: every function is re-entrant, and two threads may
 *    use the library at once as long as they do not share a state or an RNG.
 *  - Text goes into caller buffers with the snprintf contract: the text is
 *    always NUL-terminated when the capacity is non-zero, `*len_out` receives
 *    the full length the text needs (without the NUL), and
 *    ::ALEA_BUFFER_TOO_SMALL is returned when it did not fit.
 *  - A call that fails leaves every state it was given byte-for-byte unchanged.
 *  - One rule for a buffer that is too small, kept by every function added
 *    since 1.1: ::ALEA_BUFFER_TOO_SMALL, the size needed (bytes of text without
 *    the NUL, or entries) in the length or count out-parameter, and nothing
 *    written to the buffer but, for text with a non-zero capacity, the prefix
 *    that fits and its NUL.  (1.0's legal lists keep their first `capacity`
 *    entries and its tensor calls leave the buffer untouched; both stay so.)
 *  - A player is a `seat`: 0-based, below alea_state_num_players().  New
 *    parameters and fields are named `seat`, and new parameters that take one
 *    of a set of named values have the enum's type, not `int`.
 */
#ifndef ALEA_COMMON_H
#define ALEA_COMMON_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32) && !defined(ALEA_STATIC)
#if defined(ALEA_BUILDING)
#define ALEA_API __declspec(dllexport)
#else
#define ALEA_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) && __GNUC__ >= 4
#define ALEA_API __attribute__((visibility("default")))
#else
#define ALEA_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** @name Version of these headers (the library's own is alea_version()). */
/**@{*/
#define ALEA_VERSION_MAJOR 1
#define ALEA_VERSION_MINOR 0
#define ALEA_VERSION_PATCH 0
/** MAJOR*10000 + MINOR*100 + PATCH, e.g. 10000 for 1.0.0. */
#define ALEA_VERSION_NUMBER                                                                        \
    (ALEA_VERSION_MAJOR * 10000 + ALEA_VERSION_MINOR * 100 + ALEA_VERSION_PATCH)
#define ALEA_VERSION_STRING "1.0.0"
/**@}*/

/**
 * Result of every fallible call.  The values are stable: they are never
 * renumbered, and new codes are only ever appended.
 */
typedef enum alea_status {
    ALEA_OK = 0,               /**< Success. */
    ALEA_INVALID_ARGUMENT = 1, /**< NULL pointer, index out of range, or a value that is not
                                    an action of this game at all. */
    ALEA_ILLEGAL_ACTION = 2,   /**< A well-formed action the rules forbid here and now. */
    ALEA_PARSE_ERROR = 3,      /**< Malformed text (notation, state text, record, spec). */
    ALEA_BUFFER_TOO_SMALL = 4, /**< The caller's buffer is too small; the needed size is
                                    reported. */
    ALEA_WRONG_PHASE = 5,      /**< The call does not fit the phase: e.g. rolling when a
                                    player must act, acting when the game is over. */
    ALEA_OUT_OF_MEMORY = 6,    /**< malloc failed (only alea_state_new / alea_state_clone). */
    ALEA_NOT_FOUND = 7,        /**< Unknown game id. */
    ALEA_BAD_OPTION = 8,       /**< Unknown option key, bad or out-of-range value, or an
                                    invalid combination of options. */
    ALEA_INVALID_STATE = 9,    /**< A state (in memory, or decoded from text) that breaks
                                    the game's invariants. */
    ALEA_ABI_MISMATCH = 10,    /**< Headers and library disagree (alea_check_abi()). */
    ALEA_UNSUPPORTED = 11,     /**< The game does not offer this feature. */
    ALEA_WRONG_PLAYER = 12     /**< An action sent by a seat other than the one who must act
                                    now (alea_state_check_as() and its kin). */
} alea_status;

/** Number of status codes; every code is below this.  For iteration in tests. */
#define ALEA_STATUS_COUNT 13

/** Capacity of alea_error::message, NUL included. */
#define ALEA_ERROR_MESSAGE_SIZE 120

/**
 * Why a call failed, in words.  Caller-owned; pass NULL where not wanted.
 * On success the library leaves it untouched; on failure it fills every field.
 */
typedef struct alea_error {
    int32_t status;   /**< The ::alea_status the call returned. */
    int32_t offset;   /**< Byte offset in the text being parsed where the problem is, or -1. */
    int32_t line;     /**< 1-based line of a record or multi-line text, or 0. */
    int32_t reserved; /**< Always 0. */
    /** NUL-terminated reason.  Rule violations start with the rule number,
        e.g. "P-2.3: row Full has no empty cell". */
    char message[ALEA_ERROR_MESSAGE_SIZE];
} alea_error;

/**
 * Short English text for a status, e.g. "illegal action".
 * @return a static string; never NULL ("unknown status" for values out of range).
 */
ALEA_API const char *alea_status_str(alea_status status);

/**
 * Constant name of a status, e.g. "ALEA_ILLEGAL_ACTION", for logs and bindings.
 * @return a static string; never NULL ("ALEA_UNKNOWN" for values out of range).
 */
ALEA_API const char *alea_status_name(alea_status status);

/** The library's version as ALEA_VERSION_NUMBER computes it (the headers' may differ). */
ALEA_API uint32_t alea_version(void);

/** The library's version string, e.g. "1.0.0".  Static; never NULL. */
ALEA_API const char *alea_version_string(void);

/**
 * Checks that the headers a program was compiled with match the library it
 * runs with: same major version, a library minor version at least the
 * headers', and the same sizes of the public structs.  Call it as
 * ALEA_CHECK_ABI() once at start-up.
 * @return ::ALEA_OK, or ::ALEA_ABI_MISMATCH.
 */
ALEA_API alea_status alea_check_abi(uint32_t header_version, size_t sizeof_state, size_t sizeof_rng,
                                    size_t sizeof_error, size_t sizeof_outcome,
                                    size_t sizeof_result);

/** alea_check_abi() with this compilation's values.  Needs <alea/alea.h>. */
#define ALEA_CHECK_ABI()                                                                           \
    alea_check_abi(ALEA_VERSION_NUMBER, sizeof(alea_state), sizeof(alea_rng), sizeof(alea_error),  \
                   sizeof(alea_outcome), sizeof(alea_result))

#ifdef __cplusplus
}
#endif

#endif /* ALEA_COMMON_H */
