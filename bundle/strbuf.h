/*
 * bundle/strbuf.h - the bundler's text containers (internal to bundle/):
 * a growable output buffer with a sticky out-of-memory flag, a list of
 * owned strings, and string duplication.
 *
 * Layering: used by lex.c, files.c and bundle.c; depends on nothing else of
 * the bundler. Not thread-safe on one object; distinct objects are
 * independent (no global state).
 */
#ifndef BUNDLE_STRBUF_H
#define BUNDLE_STRBUF_H

#include <stddef.h>

/* A growable NUL-terminated text. Zero-initialise ({0}) to start empty;
 * free s (malloc'd, owned by whoever owns the bundle_buf) when done. A
 * failed allocation sets `failed` and makes every later append a no-op, so
 * that callers check once at the end instead of after every append. */
typedef struct bundle_buf {
    char *s;       /* the text, NUL-terminated once anything was appended */
    size_t len;    /* bytes in s, NUL excluded */
    size_t cap;    /* bytes allocated */
    int failed;    /* 1 after an out-of-memory */
} bundle_buf;

/* Appends n bytes of s (s may hold NULs). Sets b->failed on out of memory. */
void bundle_buf_put(bundle_buf *b, const char *s, size_t n);

/* Appends the NUL-terminated string s. */
void bundle_buf_str(bundle_buf *b, const char *s);

/* Appends a printf-style text of at most 1023 bytes; a longer one (or an
 * encoding error) sets b->failed, as out of memory does: every caller
 * formats short, bounded texts (names of files and identifiers). */
void bundle_buf_printf(bundle_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A list of owned strings (each malloc'd, freed by bundle_list_free).
 * Zero-initialise ({0}) to start empty. */
typedef struct bundle_strlist {
    char **v;
    int n, cap;
} bundle_strlist;

/* Index of the string equal to the n bytes at s, or -1. */
int bundle_list_has(const bundle_strlist *l, const char *s, size_t n);

/* Appends a copy of the n bytes at s. Returns 0 or BUNDLE_E_NOMEM (the list
 * is unchanged then). */
int bundle_list_add(bundle_strlist *l, const char *s, size_t n);

/* Frees every string and the array; l is empty afterwards. */
void bundle_list_free(bundle_strlist *l);

/* A malloc'd NUL-terminated copy of the n bytes at s (caller frees); NULL
 * on out of memory. */
char *bundle_dupn(const char *s, size_t n);

/* A malloc'd printf-style text (caller frees); NULL on out of memory or an
 * encoding error. */
char *bundle_dup_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
