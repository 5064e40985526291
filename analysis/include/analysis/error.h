/*
 * analysis/error.h - error codes of the game analysis (prefix analysis_,
 * range -701..-799; util/error.h lists the other components' ranges).
 *
 * ANALYSIS_ERROR_MAP is the one table, XX(NAME, code, message) (libuv's
 * UV_ERRNO_MAP pattern): the enum (ANALYSIS_E_NAME = code) and
 * analysis_strerror() are generated from it. Functions that fail also write
 * a sentence naming the bad input (the engine and its line, the game, the
 * file) into a caller buffer.
 */
#ifndef ANALYSIS_ERROR_H
#define ANALYSIS_ERROR_H

/* XX(NAME, code, message) */
#define ANALYSIS_ERROR_MAP(XX)                                                        \
    XX(INVAL, -701, "invalid argument")                                               \
    XX(NOMEM, -702, "out of memory")                                                  \
    XX(IO, -703, "a file could not be read or written (see errno)")                   \
    XX(ENGINE, -704, "the analysing engine could not be started, or left")            \
    XX(PROTOCOL, -705, "the analysing engine's answer breaks the analysis protocol")  \
    XX(TIMEOUT, -706, "the analysing engine did not answer in time")                  \
    XX(GAME, -707, "a game could not be read (a record, a CodinGame file, a league)") \
    XX(NODATA, -708, "no data to fit the scale on")                                   \
    XX(STOPPED, -709, "the analysis was stopped (an interrupt)")

enum analysis_error {
    ANALYSIS_OK = 0,
#define ANALYSIS_XX(name, code, text) ANALYSIS_E_##name = code,
    ANALYSIS_ERROR_MAP(ANALYSIS_XX)
#undef ANALYSIS_XX
};

/* Fixed English sentence for an ANALYSIS_E_* code ("success" for 0,
 * "unknown analysis error" otherwise). Static storage; thread-safe. */
const char *analysis_strerror(int code);

#endif
