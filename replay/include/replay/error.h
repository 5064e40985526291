/*
 * replay/error.h - error codes of the replay viewer (prefix replay_, range
 * -601..-699; see util/error.h for the other components' ranges).
 *
 * REPLAY_ERROR_MAP is the one table, XX(NAME, code, message) (libuv's
 * UV_ERRNO_MAP pattern): the enum (REPLAY_E_NAME = code) and
 * replay_strerror() are generated from it. Functions that fail also write a
 * sentence naming the bad input (file, field, ply) into a caller buffer.
 */
#ifndef REPLAY_ERROR_H
#define REPLAY_ERROR_H

/* XX(NAME, code, message) */
#define REPLAY_ERROR_MAP(XX)                                                               \
    XX(INVAL, -601, "invalid argument (NULL pointer, empty text, bad ply)")                \
    XX(NOMEM, -602, "out of memory")                                                       \
    XX(IO, -603, "a file could not be read or written (see errno)")                        \
    XX(TOO_BIG, -604, "input file larger than the replay viewer accepts")                  \
    XX(JSON, -605, "not valid JSON")                                                       \
    XX(FORMAT, -606, "not a loa-arena game record (format or version)")                    \
    XX(FIELD, -607, "a field of the record is missing, of the wrong type or out of range") \
    XX(MOVE, -608, "a move of the record is not e2e3 or pass")                             \
    XX(ILLEGAL, -609, "a move of the record is illegal in its position")                   \
    XX(INCONSISTENT, -610, "the record's moves and plies disagree")                        \
    XX(PLY, -611, "ply number out of range for this game")                                 \
    XX(LEAGUE, -612, "not a loa-arena results directory (standings, games)")               \
    XX(CONTRADICTS, -613,                                                                  \
       "a game from CodinGame does not replay under the rules (answers, end, scores)")     \
    XX(TUNE, -614, "not a loa-tune results directory (tune-state.json)")

enum replay_error {
    REPLAY_OK = 0,
#define REPLAY_XX(name, code, text) REPLAY_E_##name = code,
    REPLAY_ERROR_MAP(REPLAY_XX)
#undef REPLAY_XX
};

/* Fixed English sentence for a REPLAY_E_* code ("success" for 0, "unknown
 * replay error" otherwise). Static storage; thread-safe. */
const char *replay_strerror(int code);

#endif
