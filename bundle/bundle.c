/*
 * bundle.c - the bundler's public API (bundle.h): the head of the one C
 * text, the bot's units in order, then the SDK units it uses (pruned to
 * the functions it uses).
 *
 * Layering: this file drives unit.c (one unit written: renames, includes
 * inlined), files.c (loading, which file an include names) and prune.c;
 * none calls back here.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "defined.h"
#include "files.h"
#include "lex.h"
#include "prune.h"
#include "strlist.h"
#include "unit.h"

/* Most files the embedded SDK may hold (headers and units). */
#define BUNDLE_SDK_UNITS_MAX 64

typedef bundle_ctx ctx;

/* The unit prefix of a path: its base name without extension, as an
 * identifier. */
static void unit_prefix(const char *path, char *out, size_t size)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t k = 0;
    for (; *b && *b != '.' && k + 1 < size; b++)
        out[k++] = bundle_is_ident((unsigned char)*b) ? *b : '_';
    if (k == 0 || isdigit((unsigned char)out[0]))
        out[k = 0] = 'u', k = 1;
    out[k] = '\0';
}

/* An SDK unit: "src/<name>.c" of the embedded SDK. */
static int is_sdk_unit(const char *name)
{
    size_t len = strlen(name);
    return strncmp(name, "src/", 4) == 0 && len > 6 && strcmp(name + len - 2, ".c") == 0;
}

/* The SDK units and functions the bot uses (prune.h): from the
 * identifiers of the bot's own files. need[i] and keep[i] are indexed like
 * bundle_sdk_files (keep[i]: caller frees). A bot on the move generator
 * alone then carries neither the Zobrist keys, the clock, perft nor the
 * error table. Returns 0 or BUNDLE_E_NOMEM. */
static int sdk_needed(ctx *c, unsigned char *need, unsigned char **keep)
{
    int n =
        bundle_sdk_file_count < BUNDLE_SDK_UNITS_MAX ? bundle_sdk_file_count : BUNDLE_SDK_UNITS_MAX;
    bundle_unit_text units[BUNDLE_SDK_UNITS_MAX];
    for (int i = 0; i < n; i++) {
        /* a header is no unit: an empty text defines nothing */
        int is_unit = is_sdk_unit(bundle_sdk_files[i].name);
        units[i].text = is_unit ? bundle_sdk_files[i].data : "";
        units[i].len = is_unit ? bundle_sdk_files[i].size : 0;
    }
    bundle_strlist roots = {0};
    int rc = 0;
    for (int j = 0; j < c->fs.nfiles && !rc; j++) {
        const bundle_src *f = c->fs.files[j];
        if (!f->sdk)
            rc = bundle_collect_idents(f->text, f->len, &roots);
    }
    if (!rc)
        rc = bundle_reach(units, n, &roots, need, keep);
    bundle_list_free(&roots);
    return rc;
}

/* The bundle's head: where it comes from, how it compiles, what the SDK
 * needs defined. */
static void write_head(ctx *c, const char *const *sources, int count)
{
    util_buf_str(&c->out, "/*\n * Bundled by loa-bundle for CodinGame from:");
    for (int i = 0; i < count; i++)
        util_buf_printf(&c->out, " %s", sources[i]);
    util_buf_str(&c->out, "\n * Self-contained: gcc -std=gnu17 -O2 THIS_FILE.c -lm -lpthread\n */\n"
                          "#ifndef _GNU_SOURCE\n#define _GNU_SOURCE\n#endif\n"
                          /* the SDK's tables are computed at start-up here
                    * (sdk/src/tables_runtime.c): writable, not const */
                          "#define LOA_TABLES_CONST\n");
}

/* Global function names of every unit (the bot's and the SDK's) into
 * c->globals, first: a static of any unit that has the name of a global
 * elsewhere must be renamed. */
static void collect_globals(ctx *c, const char *const *sources, int count)
{
    for (int i = 0; i < count && !c->err.rc; i++) {
        bundle_src *f = bundle_load_path(&c->fs, sources[i], 0);
        if (f && bundle_collect_globals(f->text, f->len, &c->globals))
            bundle_fail(&c->err, BUNDLE_E_NOMEM, "out of memory");
    }
    for (int i = 0; i < bundle_sdk_file_count && !c->err.rc; i++) {
        if (is_sdk_unit(bundle_sdk_files[i].name) &&
            bundle_collect_globals(bundle_sdk_files[i].data, bundle_sdk_files[i].size, &c->globals))
            bundle_fail(&c->err, BUNDLE_E_NOMEM, "out of memory");
    }
}

/* The bot's sources, one unit each, in the order given (one given twice
 * is an error). */
static void emit_bot_units(ctx *c, const char *const *sources, int count)
{
    for (int i = 0; i < count && !c->err.rc; i++) {
        bundle_src *f = bundle_load_path(&c->fs, sources[i], 0);
        if (!f)
            break;
        if (f->done || f->active) {
            bundle_fail(&c->err, BUNDLE_E_INVAL, "'%s' is given twice", sources[i]);
            break;
        }
        char prefix[64];
        unit_prefix(sources[i], prefix, sizeof prefix);
        bundle_emit_unit(c, f, prefix);
        f->done = 1;
    }
}

/* The SDK units the bot uses (need[i], indexed like bundle_sdk_files),
 * each pruned to the functions it uses (keep[i]), under one heading. */
static void emit_sdk_units(ctx *c, const unsigned char *need, unsigned char *const *keep)
{
    util_buf_str(&c->out, "\n/* ==== the loa SDK: the units this bot uses (sdk/src; its "
                          "tables are computed at start-up) ==== */\n");
    for (int i = 0; i < bundle_sdk_file_count && !c->err.rc; i++) {
        const char *n = bundle_sdk_files[i].name;
        if (!is_sdk_unit(n) || !need[i])
            continue;
        bundle_src *f = bundle_load_sdk(&c->fs, n);
        if (!f)
            break;
        /* only the functions it uses */
        size_t len = 0;
        char *pruned = bundle_prune_text(f->text, f->len, keep[i], &len);
        if (!pruned) {
            bundle_fail(&c->err, BUNDLE_E_NOMEM, "out of memory");
            break;
        }
        free(f->owned);
        f->owned = pruned;
        f->text = pruned;
        f->len = len;
        char prefix[64];
        unit_prefix(n, prefix, sizeof prefix);
        char sdk_prefix[80];
        snprintf(sdk_prefix, sizeof sdk_prefix, "loa_sdk_%s", prefix);
        bundle_emit_unit(c, f, sdk_prefix);
    }
}

/* The SDK after the bot's units: the units it reaches, if it uses the SDK
 * at all. */
static void emit_sdk(ctx *c)
{
    unsigned char need[BUNDLE_SDK_UNITS_MAX] = {0};
    unsigned char *keep[BUNDLE_SDK_UNITS_MAX] = {0};
    if (bundle_sdk_file_count > BUNDLE_SDK_UNITS_MAX) /* a build-time mistake: say so */
        bundle_fail(&c->err, BUNDLE_E_INVAL,
                    "the embedded SDK has %d files, more than the %d "
                    "loa-bundle was built for (BUNDLE_SDK_UNITS_MAX)",
                    bundle_sdk_file_count, BUNDLE_SDK_UNITS_MAX);
    if (!c->err.rc && c->sdk_used && sdk_needed(c, need, keep) != 0)
        bundle_fail(&c->err, BUNDLE_E_NOMEM, "out of memory");
    if (!c->err.rc && c->sdk_used)
        emit_sdk_units(c, need, keep);
    for (int i = 0; i < BUNDLE_SDK_UNITS_MAX; i++)
        free(keep[i]);
}

int bundle_sources(const char *const *sources, int count, const bundle_options *opt, char **out,
                   size_t *out_len, bundle_diag *diag)
{
    if (out)
        *out = NULL;
    if (!sources || count <= 0 || !out)
        return BUNDLE_E_INVAL;
    static const bundle_options defaults;
    ctx c = {0};
    c.opt = opt ? opt : &defaults;
    c.err.diag = diag;
    c.fs.opt = c.opt;
    c.fs.err = &c.err;
    c.compact_sdk = !c.opt->keep_sdk_comments && !c.opt->line_markers;
    if (diag)
        diag->message[0] = '\0';
    write_head(&c, sources, count);
    collect_globals(&c, sources, count);
    emit_bot_units(&c, sources, count);
    /* before the SDK's units: they are no file of the bot */
    if (!c.err.rc)
        bundle_check_defined(&c.fs, sources, count);
    emit_sdk(&c);
    if (!c.err.rc && c.out.failed)
        bundle_fail(&c.err, BUNDLE_E_NOMEM, "out of memory");
    bundle_fileset_free(&c.fs);
    bundle_list_free(&c.system);
    bundle_list_free(&c.seen_statics);
    bundle_list_free(&c.globals);
    if (c.err.rc) {
        util_buf_free(&c.out);
        return c.err.rc;
    }
    *out = c.out.s;
    if (out_len)
        *out_len = c.out.len;
    return BUNDLE_OK;
}

const char *bundle_strerror(int code)
{
    switch (code) {
    case BUNDLE_OK: return "success";
#define BUNDLE_XX(name, c, text) \
    case c: return text;
        BUNDLE_ERROR_MAP(BUNDLE_XX)
#undef BUNDLE_XX
    default: return "unknown error";
    }
}
