/*
 * util/buf.h - a growable NUL-terminated text: the one string builder of
 * the project's tools and libraries (the bundler's output, the stub
 * generator's program, the replay's pages, the arena's messages).
 *
 * Zero-initialise (`util_buf b = {0};`) to start empty. A failed allocation
 * (or an encoding error of a format) sets `failed` and makes every later
 * append a no-op, so that a caller builds a whole text and checks once, at
 * the end (util_buf_take). The buffer owns b->s until util_buf_take hands
 * it over or util_buf_free releases it. Not thread-safe on one value;
 * distinct values are independent (no global state).
 */
#ifndef UTIL_BUF_H
#define UTIL_BUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct util_buf {
    char *s;    /* the text, NUL-terminated once anything was appended; NULL before */
    size_t len; /* bytes in s, the NUL excluded */
    size_t cap; /* bytes allocated */
    int failed; /* 1 after an out-of-memory or a bad format: appends stop */
} util_buf;

/* Appends the n bytes at s (s may hold NULs; n 0 only makes sure b->s
 * exists). Capacity doubles (from 256 bytes), so building a text of n
 * bytes costs O(n). */
void util_buf_put(util_buf *b, const char *s, size_t n);

/* Appends the NUL-terminated string s. */
void util_buf_str(util_buf *b, const char *s);

/* Appends s quoted for a POSIX shell, the rule util_shell_quote
 * (util/text.h) states and uses; out of memory (or a NULL s) marks b
 * failed. */
void util_buf_shell_quoted(util_buf *b, const char *s);

/* Appends a printf-style text of any length. */
void util_buf_printf(util_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* util_buf_printf with a va_list (ap is consumed). */
void util_buf_vprintf(util_buf *b, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

/* Hands the text over: returns b->s (the caller frees it; "" when nothing
 * was appended) and leaves b empty. NULL, with b freed and empty, when an
 * append failed. */
char *util_buf_take(util_buf *b);

/* Frees the text; b is empty (and may be used again) afterwards. */
void util_buf_free(util_buf *b);

#endif
