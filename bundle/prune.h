/*
 * bundle/prune.h - which parts of the SDK a bot uses (internal to bundle/):
 * the file-scope function definitions of a C text, and the SDK units and
 * functions reachable from the bot's own code, so that a bundle carries
 * only those (CodinGame's limit is 100,000 characters).
 *
 * The roots are the identifiers of the bot's own files: a macro or static
 * inline function of an SDK header may therefore only use other inline
 * code (so they do today; tests/check_bundle_bots.c builds every bundled
 * bot alone, which a violation would break).
 *
 * Layering: uses the lexer (lex.h) and strlist.h; used by bundle.c only.
 * Pure functions on caller-owned values: thread-safe.
 */
#ifndef BUNDLE_PRUNE_H
#define BUNDLE_PRUNE_H

#include <stddef.h>

#include "strlist.h"

/* A file-scope function definition: text[start, end) holds it whole, from
 * the start of its first line to the end of the line of its closing brace. */
typedef struct bundle_func {
    char name[64];
    size_t start, end;
    int is_static;   /* declared static: its name is the unit's own */
    int constructor; /* __attribute__((constructor)): runs without a caller */
} bundle_func;

/* The function definitions of the n bytes of text, in order: *out
 * (malloc'd, caller frees) gets *count of them. Returns 0 or
 * BUNDLE_E_NOMEM. */
int bundle_functions(const char *text, size_t n, bundle_func **out, int *count);

/* Adds to names (each once) every identifier of the n bytes of text (code
 * only: not comments, strings or directives). Returns 0 or BUNDLE_E_NOMEM. */
int bundle_collect_idents(const char *text, size_t n, bundle_strlist *names);

/* One SDK unit, for bundle_reach(). */
typedef struct bundle_unit_text {
    const char *text;
    size_t len;
} bundle_unit_text;

/* Reachability over units[0..n-1] from the identifiers in roots: a unit is
 * needed when a name it defines for others (functions and variables,
 * bundle_collect_defined) is used by needed code; within a needed unit a
 * function is kept when it is used (by the bot, by a kept function, by its
 * unit's variable initialisers) or is a constructor; a unit's statics
 * resolve only inside it. need[i] (n entries) is set for the needed units;
 * keep[i] (malloc'd, caller frees each, NULL for units not needed) gets
 * one flag per bundle_functions() entry of unit i. Returns 0 or
 * BUNDLE_E_NOMEM. */
int bundle_reach(const bundle_unit_text *units, int n, const bundle_strlist *roots,
                 unsigned char *need, unsigned char **keep);

/* The text of a unit without the functions not kept: a malloc'd,
 * NUL-terminated copy (caller frees) with *len bytes, NULL on out of
 * memory. keep has one flag per bundle_functions() entry. */
char *bundle_prune_text(const char *text, size_t n, const unsigned char *keep, size_t *len);

#endif
