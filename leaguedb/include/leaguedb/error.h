/*
 * leaguedb/error.h - error codes of the league database component (prefix
 * leaguedb_): DIR/league.db and the game records in it.
 *
 * Convention (as in the SDK): a function that can fail returns an int, 0 on
 * success or one of the negative LEAGUEDB_E_* codes; it never exits, and it
 * fills a caller-owned message buffer naming the file and what failed;
 * leaguedb_strerror() only gives the class.
 *
 * Every component owns one range so a code in a log is never ambiguous: SDK
 * -1..-99, referee -101..-199, arena -201..-299, bundler -301..-399, stub
 * -401..-499, util -501..-599, replay -601..-699, analysis -701..-799,
 * leaguedb -801..-899. LEAGUEDB_ERROR_MAP is the one table (libuv's
 * UV_ERRNO_MAP pattern): the enum and leaguedb_strerror() are generated from
 * it. The arena passes these codes up unchanged (arena_strerror() tells them).
 */
#ifndef LEAGUEDB_ERROR_H
#define LEAGUEDB_ERROR_H

/* XX(NAME, code, message) */
#define LEAGUEDB_ERROR_MAP(XX)                                                       \
    XX(INVAL, -801, "invalid argument") /* NULL, read-only, a bug */                 \
    XX(NOMEM, -802, "out of memory")                                                 \
    XX(IO, -803, "league database operation failed") /* SQLite's or errno's words */ \
    XX(PARSE, -804, "league database or game record is unreadable or malformed")     \
    XX(BUSY, -805, "league database in use by another loa-arena") /* lock, busy */

enum leaguedb_error {
    LEAGUEDB_OK = 0,
#define LEAGUEDB_XX(name, code, text) LEAGUEDB_E_##name = code,
    LEAGUEDB_ERROR_MAP(LEAGUEDB_XX)
#undef LEAGUEDB_XX
};

/* Fixed English sentence for a LEAGUEDB_E_* code ("success" for 0,
 * "unknown error" for any other value). Static storage, never free it.
 * Thread-safe. */
const char *leaguedb_strerror(int code);

#endif
