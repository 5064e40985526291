/*
 * util/error.h - error codes of the project's internal helper library
 * (prefix util_; not part of the installable SDK).
 *
 * Every component owns one range of negative codes so that a code in a log
 * is never ambiguous; the ranges are one table, in CONTRIBUTING.md ("Error
 * codes"). util's is -501..-599.
 * UTIL_ERROR_MAP is the one table (libuv's UV_ERRNO_MAP pattern): the enum
 * and util_strerror() are generated from it.
 */
#ifndef UTIL_ERROR_H
#define UTIL_ERROR_H

/* XX(NAME, code, message) */
#define UTIL_ERROR_MAP(XX)                                                          \
    XX(INVAL, -501, "invalid argument (NULL pointer or empty text)")                \
    XX(SYNTAX, -502, "not a decimal integer (optional sign, digits, nothing else)") \
    XX(RANGE, -503, "integer out of the allowed range")                             \
    XX(NOMEM, -504, "out of memory")                                                \
    XX(IO, -505, "a file operation failed (see errno)")                             \
    XX(JSON, -506, "not one JSON value (the reason and its byte in the message)")

enum util_error {
    UTIL_OK = 0,
#define UTIL_XX(name, code, text) UTIL_E_##name = code,
    UTIL_ERROR_MAP(UTIL_XX)
#undef UTIL_XX
};

/* Fixed English sentence for a UTIL_E_* code ("success" for 0, "unknown
 * util error" otherwise). Static storage; thread-safe. */
const char *util_strerror(int code);

#endif
