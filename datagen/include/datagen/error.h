/*
 * datagen/error.h - error codes of the data generation (prefix datagen_,
 * range -901..-999; CONTRIBUTING.md lists every range).
 *
 * DATAGEN_ERROR_MAP is the one table, XX(NAME, code, message) (libuv's
 * UV_ERRNO_MAP pattern): the enum (DATAGEN_E_NAME = code) and
 * datagen_strerror() are generated from it. Functions that fail also write
 * a sentence naming the bad input (the file, the bot, the opening) into a
 * caller buffer.
 */
#ifndef DATAGEN_ERROR_H
#define DATAGEN_ERROR_H

/* XX(NAME, code, message) */
#define DATAGEN_ERROR_MAP(XX)                                                     \
    XX(INVAL, -901, "invalid argument")                                           \
    XX(NOMEM, -902, "out of memory")                                              \
    XX(IO, -903, "a file could not be read or written (see errno)")               \
    XX(FORMAT, -904, "not a datagen file of this version, or one cut mid-record") \
    XX(SETTINGS, -905, "the file was made with other settings")                   \
    XX(BOT, -906, "the bot could not be started, or broke the analysis protocol") \
    XX(OPENING, -907, "an opening could not be read or played")                   \
    XX(STOPPED, -908, "the run was stopped (an interrupt)")

enum datagen_error {
    DATAGEN_OK = 0,
#define DATAGEN_XX(name, code, text) DATAGEN_E_##name = code,
    DATAGEN_ERROR_MAP(DATAGEN_XX)
#undef DATAGEN_XX
};

/* Fixed English sentence for a DATAGEN_E_* code ("success" for 0, "unknown
 * datagen error" otherwise). Static storage; thread-safe. */
const char *datagen_strerror(int code);

#endif
