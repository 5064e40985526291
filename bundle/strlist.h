/*
 * bundle/strlist.h - the bundler's string containers (internal to bundle/):
 * a list of owned strings and string duplication. The growable text is
 * util's (util/buf.h, util_buf), included here for the files that use both.
 *
 * Layering: used by lex.c, files.c and bundle.c; depends on nothing else of
 * the bundler. Not thread-safe on one object; distinct objects are
 * independent (no global state).
 */
#ifndef BUNDLE_STRLIST_H
#define BUNDLE_STRLIST_H

#include <stddef.h>

#include "util/buf.h"

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
