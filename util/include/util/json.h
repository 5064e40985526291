/*
 * util/json.h - JSON text read strictly with cJSON: one value and nothing
 * after it, and when the text is refused, the reason and where (nesting too
 * deep, a text cut short, bytes after the value, a syntax error), for the
 * readers of every JSON file (records, CodinGame's games, a league's files,
 * a tune's state, an analysis).
 */
#ifndef UTIL_JSON_H
#define UTIL_JSON_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* The deepest nesting of lists and objects read: cJSON's own bound
 * (CJSON_NESTING_LIMIT, 1000 in Debian's cJSON), named so that a refusal
 * can say it. */
#define UTIL_JSON_NESTING_MAX CJSON_NESTING_LIMIT

/* UTF-8 of U+2400 (SYMBOL FOR NUL, "␀"): the referee's NUL byte of a bot's
 * stderr (ref/referee.h), the readers' NUL of a JSON string (below). */
#define UTIL_JSON_NUL_SYMBOL "\xe2\x90\x80"

/* Parses text[0..len) (not NUL-terminated: len bytes; a NUL byte is a byte
 * of the text) as one JSON value, with JSON whitespace (space, tab, LF, CR)
 * and nothing else after it. *out: the value (the caller frees it with
 * cJSON_Delete), NULL on a refusal. On a refusal, why[whysz] (cut to fit)
 * says the reason and the byte (0-based) with its line and column:
 * "nested deeper than 1000 levels at byte 1000 (line 1, column 1001)",
 * "the text ends (byte 12) before its JSON value does",
 * "bytes after the JSON value at byte 5 (line 2, column 1)",
 * "not JSON at byte 3 (line 1, column 4)", "no JSON value (empty text)".
 * Returns 0, UTIL_E_INVAL (NULL text or out), UTIL_E_JSON (refused; also
 * cJSON's out of memory, which it does not tell apart). Thread-safe (never
 * cJSON's global error pointer). */
int util_json_parse(const char *text, size_t len, cJSON **out, char *why, size_t whysz);

/* JSON text whose strings keep their NUL characters: a copy of text[0..len)
 * in which every NUL inside a string, escaped (\u0000) or raw (a NUL byte),
 * is U+2400 (UTIL_JSON_NUL_SYMBOL) instead, since a cJSON string is a C
 * string and would end at it. \\u0000 (an escaped backslash) is left as it
 * is. *out is a new text (malloc; the caller frees; *out_len its length,
 * NUL-terminated too) or NULL when text holds no such NUL (read text
 * itself). Returns 0, UTIL_E_INVAL (NULL argument), UTIL_E_NOMEM.
 * Thread-safe. */
int util_json_nul_visible(const char *text, size_t len, char **out, size_t *out_len);

/* The byte of text[0..len) (outside its strings) where lists and objects
 * first nest deeper than UTIL_JSON_NESTING_MAX, or len when they never do:
 * for a reader that words its own refusal (a league file's "FILE:LINE:COL").
 * Thread-safe. */
size_t util_json_too_deep(const char *text, size_t len);

/* The byte of text[from..len) (from outside a string) where the first
 * list or object opened there closes, strings skipped; len when the text
 * ends first (cut short) or opens none. Thread-safe. */
size_t util_json_close(const char *text, size_t from, size_t len);

/* At least the number of values text[0..len) holds once parsed (each a
 * cJSON node: 64 bytes and the allocator's share on a 64-bit machine), from
 * a scan of its commas and openings outside strings: a bound a reader checks
 * before parsing, since a file of small numbers ("0,0,...") costs cJSON
 * some 40 times its size. Never less than the true count. Thread-safe. */
size_t util_json_values_bound(const char *text, size_t len);

#endif
