/*
 * bundle/bundle.h - turns a C bot made of several files into one
 * self-contained C file (what CodinGame accepts), resolving includes itself.
 *
 * Design (docs/stubs.md, "How loa-bundle works"): the bundler is a small
 * include resolver, not an amalgamated SDK header. It
 *   - inlines every `#include "..."` it can find (relative to the including
 *     file, then the -I directories), at the place of the include, once per
 *     file when the file has an include guard or `#pragma once` (the pragma
 *     is replaced by a guard: gcc warns about it in a main file), and at
 *     every include when it has neither (so X-macro files keep working);
 *   - resolves `#include "loa/..."` and `<loa/...>` to the SDK embedded in
 *     loa-bundle at build time (headers and sources), and appends after the
 *     bot's own code the SDK units it uses, and in them only the functions
 *     it reaches (prune.h); the SDK's tables are computed at start-up there
 *     (sdk/src/tables_runtime.c: `#define LOA_TABLES_CONST` heads the
 *     bundle) instead of about 110,000 characters of generated numbers;
 *   - keeps system headers (`<stdio.h>`), each unconditional one once;
 *   - treats each source given on the command line (and each SDK source) as
 *     a unit: a file-scope `static` name that an earlier unit also defines
 *     as static, or that any unit declares as a global function, is renamed
 *     in its unit's own text (`unit__name`; global names never change), and
 *     the macros a unit's own text defines are #undef'd at its end, so
 *     separate translation units can share one file;
 *   - strips comments, blank lines and `extern "C"` wrappers from the SDK
 *     parts (CodinGame limits a submission to 100,000 characters), keeps
 *     the bot's text as is;
 *   - optionally writes `#line` markers so compiler messages point at the
 *     original files (the SDK parts are then kept verbatim too).
 * Limits: computed includes (`#include MACRO`) are refused; two units that
 * define the same type or struct tag conflict, as they would not in
 * separate translation units (rename one).
 *
 * Thread-safety: bundle_sources() keeps no global state; distinct calls may
 * run in parallel.
 */
#ifndef BUNDLE_BUNDLE_H
#define BUNDLE_BUNDLE_H

#include <stddef.h>

/* Error codes (negative; 0 is success), the bundler's range -301..-399
 * (every component owns one range, see util/error.h). BUNDLE_ERROR_MAP is
 * the one table, XX(NAME, code, message) (libuv's UV_ERRNO_MAP pattern):
 * the enum (BUNDLE_E_NAME = code) and bundle_strerror() are generated from
 * it, so that a code cannot lack its message. */
#define BUNDLE_ERROR_MAP(XX)                                                                    \
    XX(INVAL, -301, "invalid argument") /* NULL argument or no source */                        \
    XX(NOMEM, -302, "out of memory")                                                            \
    XX(IO, -303, "cannot read a source")                /* diag names the source */             \
    XX(NOT_FOUND, -304, "included file not found")      /* an `#include "..."` found nowhere */ \
    XX(SYNTAX, -305, "unsupported include")             /* an include line it cannot resolve */ \
    XX(DEPTH, -306, "includes nested too deeply")       /* an include cycle */                  \
    XX(UNDEFINED, -307, "a file of the bot is missing") /* defined.h: diag names the file */

enum bundle_error {
    BUNDLE_OK = 0,
#define BUNDLE_XX(name, code, text) BUNDLE_E_##name = code,
    BUNDLE_ERROR_MAP(BUNDLE_XX)
#undef BUNDLE_XX
};

/* Fixed English sentence for a bundle_error code: the map's message, "success"
 * for 0, "unknown error" for any other value (static; never free).
 * Thread-safe. */
const char *bundle_strerror(int code);

/* Deepest include nesting followed before BUNDLE_E_DEPTH. */
#define BUNDLE_MAX_DEPTH 64

/* CodinGame's limit on the size of a submitted file, in characters as
 * CodinGame counts them: UTF-16 code units, a character outside the BMP
 * counting two (embed.h: the rule, its source, bundle_cg_chars()). */
#define BUNDLE_CODINGAME_MAX_CHARS 100000

typedef struct bundle_options {
    const char *const *include_dirs; /* searched for "..." includes after the
                                        including file's directory; may be NULL */
    int include_dir_count;
    int line_markers;      /* 1: write #line markers */
    int keep_sdk_comments; /* 1: SDK sources verbatim (implied by
                                        line_markers) */
    int strip_comments;    /* 1: strip comments and blank lines from
                                        the bot's files too (ignored with
                                        line_markers, whose lines must match) */
} bundle_options;

/* After an error: what failed, naming the file and line. */
typedef struct bundle_diag {
    char message[768];
} bundle_diag;

/* Bundles sources[0..count-1] (paths of .c files, in order; the first is the
 * main file) into one C text. On success returns 0, sets *out to a malloc'd
 * NUL-terminated text (caller frees) and *out_len to its length (out_len may
 * be NULL). On failure returns a negative BUNDLE_E_* code with diag filled
 * (diag may be NULL) and *out NULL. */
int bundle_sources(const char *const *sources, int count, const bundle_options *opt, char **out,
                   size_t *out_len, bundle_diag *diag);

/* ---- the SDK embedded at build time (generated bundle_sdk.c) ---- */

/* One embedded file: `name` is relative to the SDK root ("include/loa/loa.h",
 * "src/movegen.c", "src/loa_tables.c"); data holds size bytes plus a NUL. */
typedef struct bundle_file {
    const char *name;
    const char *data;
    size_t size;
} bundle_file;

extern const bundle_file bundle_sdk_files[];
extern const int bundle_sdk_file_count;

#endif
