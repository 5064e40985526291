/*
 * arena_error.h - error codes of the arena component (prefix arena_).
 *
 * Convention (as in the SDK): a function that can fail returns an int, 0 on
 * success or one of the negative ARENA_E_* codes; it never exits. Functions
 * that judge user input also fill a caller-owned message buffer naming the
 * bad input (file, line, key, value); arena_strerror() only gives the class.
 */
#ifndef ARENA_ERROR_H
#define ARENA_ERROR_H

/* Error codes; values are distinct from the SDK's (-1..-99) and the
 * referee's (-101..-199) so a code is never ambiguous in a log. */
enum arena_error {
    ARENA_OK = 0,
    ARENA_E_INVAL = -201,    /* a NULL pointer or out-of-range argument (a bug) */
    ARENA_E_NOMEM = -202,    /* out of memory */
    ARENA_E_IO = -203,       /* a file or directory operation failed (see errno) */
    ARENA_E_PARSE = -204,    /* a league file is unreadable or not valid JSON */
    ARENA_E_CONFIG = -205,   /* a setting is missing, mistyped or out of range */
    ARENA_E_MISMATCH = -206, /* the output directory holds a different league */
    ARENA_E_SYSTEM = -207,   /* a thread or signal call failed */
    ARENA_E_REFEREE = -208   /* the referee library failed (not a bot's fault) */
};

/* Fixed English sentence for an ARENA_E_* code ("unknown error" for any
 * other value). Static storage, never free it. Thread-safe. */
const char *arena_strerror(int code);

#endif
