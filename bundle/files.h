/*
 * bundle/files.h - the bundler's include resolution (internal to bundle/):
 * loading source files (from disk, bounded, or from the SDK embedded in
 * loa-bundle), recognising their include guards, and finding the file an
 * `#include` names.
 *
 * Every file is loaded once per bundle_sources() call, keyed by its real
 * path (or "sdk:<name>" for an embedded SDK file), so that one header
 * reached by two spellings is one file.
 *
 * Layering: uses lex.h (to find guards) and strlist.h; used by bundle.c
 * only. Thread-safety: no global state; a bundle_fileset is used by one
 * thread at a time.
 */
#ifndef BUNDLE_FILES_H
#define BUNDLE_FILES_H

#include <stddef.h>

#include "bundle.h"

/* Largest source file read, in bytes. */
#define BUNDLE_FILE_MAX (16 << 20)

/* The first error of a bundle_sources() call: later errors keep it, so that
 * the message names the root cause, not a consequence. */
typedef struct bundle_err {
    int rc;            /* 0, or the first BUNDLE_E_* code */
    bundle_diag *diag; /* where the first message goes; may be NULL */
} bundle_err;

/* Records rc with a printf-style message (cut to fit diag->message) unless
 * an error is recorded already. Returns the recorded code (the earlier one
 * if any), so that callers can `return bundle_fail(...)`. */
int bundle_fail(bundle_err *e, int rc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* One source file, as loaded. Owned by its bundle_fileset. */
typedef struct bundle_src {
    char *key;        /* real path, or "sdk:<name>" for the embedded SDK */
    char *display;    /* name in #line markers and messages */
    char *dir;        /* directory for relative includes (same scheme as key) */
    const char *text; /* the file's bytes (NUL-terminated), len of them */
    size_t len;
    char *owned;     /* text read from disk (NULL for the SDK's static text) */
    int sdk;         /* 1: from the embedded SDK */
    int once;        /* has an include guard or #pragma once */
    int pragma_once; /* has #pragma once */
    int guard_open, guard_define, guard_close; /* 1-based lines of the guard, or 0 */
    /* Emission state, kept here because it belongs to the file: */
    int done;   /* inlined unconditionally: later includes add nothing */
    int active; /* being inlined now (a cycle if included again) */
} bundle_src;

/* The files loaded by one bundle_sources() call. Zero-initialise, then set
 * opt (the include directories; must not be NULL) and err (where failures
 * are recorded; must not be NULL); free with bundle_fileset_free(). */
typedef struct bundle_fileset {
    const bundle_options *opt;
    bundle_err *err;
    bundle_src **files;
    int nfiles, capfiles;
} bundle_fileset;

/* Frees every loaded file and the array; fs is empty afterwards. */
void bundle_fileset_free(bundle_fileset *fs);

/* The embedded SDK file name ("src/movegen.c"), loaded once: the same
 * bundle_src on every call. Returns NULL when the SDK has no such file (no
 * error recorded) or on out of memory (BUNDLE_E_NOMEM recorded). */
bundle_src *bundle_load_sdk(bundle_fileset *fs, const char *name);

/* The file at path on disk, loaded once (keyed by its real path). Returns
 * NULL with an error recorded: BUNDLE_E_IO (missing, not a regular file,
 * unreadable, or over BUNDLE_FILE_MAX bytes; the message names path and
 * the reason) or BUNDLE_E_NOMEM; except that a missing or irregular file
 * returns NULL with nothing recorded when quiet is set. */
bundle_src *bundle_load_path(bundle_fileset *fs, const char *path, int quiet);

/* Resolves an include of name (the text between the quotes or angle
 * brackets; angle: 1 for <...>) written in from:
 *   - "loa/..." (either form) is the embedded SDK's include/loa/...;
 *   - an SDK file's "..." include is looked up in the SDK first;
 *   - "..." is then looked up relative to from's directory (an absolute
 *     name as is), then in each -I directory of fs->opt.
 * Returns the file; or NULL with *missing = 0 for an <...> include that is
 * not the SDK's (a system header, kept as written); or NULL with
 * *missing = 1 for a "..." include found nowhere (the caller decides
 * whether that is an error); or NULL with an error recorded (fs->err->rc
 * set: BUNDLE_E_IO or BUNDLE_E_NOMEM). */
bundle_src *bundle_resolve(bundle_fileset *fs, const bundle_src *from, const char *name, int angle,
                           int *missing);

#endif
