/**
 * @file alea/record.h
 * @brief Replay a whole game record and find its first illegal entry.
 *
 * A record is text (format in doc/record-format.md):
 *
 *     # comment lines and blank lines are ignored
 *     dice-poker players=2          <- first line: the game spec
 *     roll 1,2,3,4,5                <- chance outcomes are written as rolls
 *     write small
 *     roll 6,6,6,2,2
 *     ...
 *
 * One action per line in the game's notation (alea_state_action_to_text() writes
 * exactly such lines); leading and trailing spaces and a trailing '\r' are ignored.
 * This is the validator a game server needs: every entry is checked
 * against the rules, dice included.
 */
#ifndef ALEA_RECORD_H
#define ALEA_RECORD_H

#include "state.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Replays a record.
 * @param state_out   receives the state after the last good entry (on failure: the
 *                    state just before the bad line, so it can be shown); untouched
 *                    if the spec line itself is bad.
 * @param applied_out optional: receives the number of actions applied.
 * @param record      the record text, NUL-terminated.
 * Stack: under 6 KB (alea_state_apply_text() per line).
 * @param err         optional: on failure err->line is the 1-based line of the first bad
 *                    entry (saturated at INT32_MAX for a record of more lines) and
 *                    err->message the reason (rule number included).
 * @return ::ALEA_OK if every line is a legal action; otherwise the status of the first
 *         bad line: ::ALEA_PARSE_ERROR, ::ALEA_ILLEGAL_ACTION, ::ALEA_WRONG_PHASE
 *         (e.g. a move after the game ended), ::ALEA_NOT_FOUND / ::ALEA_BAD_OPTION
 *         (spec line); ::ALEA_INVALID_ARGUMENT for NULL pointers or an empty record.
 */
ALEA_API alea_status alea_record_replay(alea_state *state_out, size_t *applied_out,
                                        const char *record, alea_error *err);

/**
 * alea_record_replay() on record[0, len), which need not be NUL-terminated (bytes
 * from len on are never read).  A NUL byte inside it is ::ALEA_PARSE_ERROR on its
 * line ("record: embedded NUL byte at offset N", err->offset = N counted from the
 * start of the record, err->line its line), not the end of the record.
 * @return as alea_record_replay().
 */
ALEA_API alea_status alea_record_replay_n(alea_state *state_out, size_t *applied_out,
                                          const char *record, size_t len, alea_error *err);

#ifdef __cplusplus
}
#endif

#endif /* ALEA_RECORD_H */
