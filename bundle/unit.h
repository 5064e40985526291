/*
 * bundle/unit.h - one unit written into the bundle (internal to bundle/):
 * the bundler's state, shared by bundle.c (the sources in order, the SDK
 * units the bot uses, the API of bundle.h) and unit.c (a unit's clashing
 * statics renamed, its includes inlined where they stand, each line
 * rewritten by lex.c). bundle.c calls unit.c, never the other way.
 * One state per bundle_sources() call: not shared between threads.
 */
#ifndef BUNDLE_UNIT_H
#define BUNDLE_UNIT_H

#include "bundle.h"
#include "files.h"
#include "strlist.h"

struct bundle_unit;

/* The state of one bundle_sources() call. */
typedef struct bundle_ctx {
    const bundle_options *opt;
    bundle_err err;
    bundle_fileset fs;
    util_buf out;
    bundle_strlist system;       /* system include lines emitted unconditionally */
    bundle_strlist seen_statics; /* statics of the units emitted so far */
    bundle_strlist globals;      /* global function names of every unit */
    int cond_depth;
    int depth;
    int sdk_used;
    int compact_sdk;
    struct bundle_unit *cur; /* the unit being written (unit.c), or NULL */
    int once_ids;
} bundle_ctx;

/* Emits f as one unit at the end of c->out: its file-scope statics that
 * clash with an earlier unit's static or any unit's global renamed
 * PREFIX__name (said in a comment), its text with its includes inlined
 * (headers once when guarded), the macros it defines #undef'd after it.
 * Returns 0 or the error recorded in c->err. */
int bundle_emit_unit(bundle_ctx *c, bundle_src *f, const char *prefix);

#endif
