/*
 * core/error.h - error codes of the arena component (prefix arena_), and
 * the one shape of a warning passed up the layers (arena_warn_fn).
 *
 * Convention (as in the SDK): a function that can fail returns an int, 0 on
 * success or one of the negative ARENA_E_* codes; it never exits. Functions
 * that judge user input also fill a caller-owned message buffer naming the
 * bad input (file, line, key, value); arena_strerror() only gives the class.
 *
 * Every component owns one range so a code in a log is never ambiguous: SDK
 * -1..-99, referee -101..-199, arena -201..-299, bundler -301..-399, stub
 * -401..-499, util -501..-599. ARENA_ERROR_MAP is the one table (libuv's
 * UV_ERRNO_MAP pattern, as util/error.h): the enum and arena_strerror() are
 * generated from it, so a code cannot lack its message.
 *
 * The store passes the league database's codes up as they are (leaguedb
 * -801..-899, leaguedb/error.h): arena_strerror() tells them, and
 * arena_error_kind() gives the arena's code of the same kind to callers
 * that branch on a failure's kind.
 */
#ifndef ARENA_CORE_ERROR_H
#define ARENA_CORE_ERROR_H

#include "leaguedb/error.h"

/* XX(NAME, code, message) */
#define ARENA_ERROR_MAP(XX)                                                          \
    XX(INVAL, -201, "invalid argument") /* NULL or out of range: a bug */            \
    XX(NOMEM, -202, "out of memory")                                                 \
    XX(IO, -203, "file or directory operation failed") /* see errno */               \
    XX(PARSE, -204, "league file is unreadable or malformed")                        \
    XX(CONFIG, -205, "invalid league setting") /* missing, mistyped, out of range */ \
    XX(MISMATCH, -206, "output directory holds a different league")                  \
    XX(SYSTEM, -207, "thread or signal operation failed")                            \
    XX(REFEREE, -208, "the referee library failed") /* not a bot's fault */          \
    XX(BUSY, -209, "output directory in use by another loa-arena")                   \
    XX(CHANGED, -210, "a bot changed since its games were played") /* fingerprint */ \
    XX(NUMERIC, -211, "a statistic could not be computed")         /* a solver found no root */

enum arena_error {
    ARENA_OK = 0,
#define ARENA_XX(name, code, text) ARENA_E_##name = code,
    ARENA_ERROR_MAP(ARENA_XX)
#undef ARENA_XX
};

/* Fixed English sentence for an ARENA_E_* code, or for a LEAGUEDB_E_* code
 * the store passed up (leaguedb_strerror's); "success" for 0, "unknown
 * error" for any other value. Static storage, never free it. Thread-safe. */
const char *arena_strerror(int code);

/* The ARENA_E_* code of code's kind: a LEAGUEDB_E_* code becomes the arena's
 * code of its name (LEAGUEDB_E_NOMEM -> ARENA_E_NOMEM, ..._IO -> ..._IO,
 * ..._PARSE, ..._BUSY, ..._INVAL the same); any other code is returned as it
 * is. Thread-safe. */
int arena_error_kind(int code);

/* Receives a one-line warning (no newline, no program name): how a lower
 * layer (the store, the load watch) says something without printing. */
typedef void (*arena_warn_fn)(const char *msg, void *user);

#endif
