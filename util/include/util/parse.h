/*
 * util/parse.h - strict integer parsing for command-line options and
 * settings (input from users is hostile: the whole text must be the number).
 */
#ifndef UTIL_PARSE_H
#define UTIL_PARSE_H

#include <stdint.h>

/* Parses text as a base-10 integer: an optional '+' or '-', then digits,
 * nothing else (no spaces, no "0x", no trailing text), within lo..hi
 * inclusive. On success stores it in *out and returns 0; otherwise leaves
 * *out unchanged and returns UTIL_E_INVAL (text or out NULL),
 * UTIL_E_SYNTAX (not such a number, empty text included) or UTIL_E_RANGE
 * (a number, but outside lo..hi or outside int64_t). Thread-safe. */
int util_parse_i64(const char *text, int64_t lo, int64_t hi, int64_t *out);

/* util_parse_i64() into an int; lo and hi are ints. Same errors. */
int util_parse_int(const char *text, int lo, int hi, int *out);

/* A JSON number (a double) as an integer: 0 with *out set when d is
 * finite, integral and within lo..hi; UTIL_E_RANGE otherwise (*out
 * unchanged). Converting first and checking after is undefined behaviour
 * for out-of-range values ("max_plies": 1e300): this checks first.
 * Thread-safe. */
int util_double_to_i64(double d, int64_t lo, int64_t hi, int64_t *out);

#endif
