/*
 * bundle.c - the bundler's output and its public API (bundle.h): walks the
 * units in order, inlines includes where they stand, renames clashing
 * statics per unit, and writes the one C text.
 *
 * Layering: this file drives files.c (which file an include names, guards)
 * and lex.c (rewriting each line); neither calls back here. It only
 * follows conditional nesting to know whether an include is unconditional
 * (then a guarded file is done after its first inlining) or not (then it is
 * inlined again at its next include, its guard keeping that correct).
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

/* Per-unit state: names to rename in the unit's own text. */
typedef struct unit {
    bundle_src *f;
    bundle_strlist statics;   /* its file-scope static names */
    bundle_strlist from, to;  /* renames in effect */
    bundle_strlist macros;    /* macros its own text defines (#undef'd at its end) */
} unit;

/* Most files the embedded SDK may hold (headers and units). */
#define BUNDLE_SDK_UNITS_MAX 64

typedef struct ctx {
    const bundle_options *opt;
    bundle_err err;
    bundle_fileset fs;
    util_buf out;
    bundle_strlist system;    /* system include lines emitted unconditionally */
    bundle_strlist seen_statics; /* statics of the units emitted so far */
    bundle_strlist globals;   /* global function names of every unit */
    int cond_depth;
    int depth;
    int sdk_used;
    int compact_sdk;
    unit *cur;
    int once_ids;
} ctx;

/* 1 when nothing was appended to b since start: in compact mode, a line
 * that held only comments or blanks. */
static int ends_blank_line(const util_buf *b, size_t start) { return b->len == start; }

static void line_marker(ctx *c, int line, const bundle_src *f)
{
    if (c->opt->line_markers)
        util_buf_printf(&c->out, "#line %d \"%s\"\n", line, f->display);
}

/* Emits f's text (its includes inlined, recursively through do_include) at
 * the current place of the output, with the renames of the current unit
 * when f is that unit's own file. Returns 0 or the error recorded. */
static int emit_file(ctx *c, bundle_src *f);

/* Handles an #include line of f (line number ln, the n bytes at line; rest
 * follows the directive name): inlines the file it names, or keeps the line
 * for a system header. Returns 0 or the error recorded. */
static int do_include(ctx *c, bundle_src *f, int ln, const char *line, size_t n, const char *rest)
{
    const char *end = line + n, *p = rest;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (p == end || (*p != '"' && *p != '<'))
        return bundle_fail(&c->err, BUNDLE_E_SYNTAX,
                           "%s:%d: computed include '%.*s' is not supported (write the file name)",
                           f->display, ln, (int)n, line);
    char close = *p == '"' ? '"' : '>';
    const char *q = memchr(p + 1, close, (size_t)(end - p - 1));
    if (!q || q == p + 1)
        return bundle_fail(&c->err, BUNDLE_E_SYNTAX, "%s:%d: malformed include '%.*s'", f->display,
                           ln, (int)n, line);
    char *name = bundle_dupn(p + 1, (size_t)(q - p - 1));
    if (!name)
        return bundle_fail(&c->err, BUNDLE_E_NOMEM, "out of memory");
    int missing;
    bundle_src *inc = bundle_resolve(&c->fs, f, name, close == '>', &missing);
    if (c->err.rc) {
        free(name);
        return c->err.rc;
    }
    if (!inc) {
        if (missing && c->cond_depth == 0) {
            bundle_fail(&c->err, BUNDLE_E_NOT_FOUND,
                        "%s:%d: cannot find \"%s\" (searched %s and %d -I director%s)", f->display,
                        ln, name, f->dir, c->opt->include_dir_count,
                        c->opt->include_dir_count == 1 ? "y" : "ies");
            free(name);
            return c->err.rc;
        }
        /* A system header (or a missing one under a condition): keep the
         * line, each unconditional system header once. */
        size_t len = (size_t)(q + 1 - line);
        if (c->cond_depth == 0 && !missing) {
            if (bundle_list_has(&c->system, line, len) >= 0) {
                free(name);
                return 0;
            }
            if (bundle_list_add(&c->system, line, len)) {
                free(name);
                return bundle_fail(&c->err, BUNDLE_E_NOMEM, "out of memory");
            }
        }
        util_buf_put(&c->out, line, len);
        util_buf_put(&c->out, "\n", 1);
        free(name);
        return 0;
    }
    free(name);
    if (inc->sdk)
        c->sdk_used = 1;
    if (inc->done)
        return 0;
    if (inc->active && !inc->once)
        return bundle_fail(&c->err, BUNDLE_E_DEPTH,
                           "%s:%d: '%s' includes itself (an include cycle)", f->display, ln,
                           inc->display);
    if (inc->active)
        return 0; /* guarded: the inner include is empty */
    unit *saved = c->cur;
    c->cur = NULL; /* renames apply to a unit's own text only */
    /* clang warns about unused static inline functions of the main file,
     * never of headers: keep that so for the headers inlined here. */
    size_t nl = strlen(inc->display);
    int header = nl > 2 && strcmp(inc->display + nl - 2, ".h") == 0 &&
                 memmem(inc->text, inc->len, "inline", 6); /* only they can be unused */
    if (header)
        util_buf_str(&c->out, "#ifdef __clang__\n#pragma clang diagnostic push\n"
                         "#pragma clang diagnostic ignored \"-Wunused-function\"\n#endif\n");
    int rc = emit_file(c, inc);
    if (header && !rc)
        util_buf_str(&c->out, "#ifdef __clang__\n#pragma clang diagnostic pop\n#endif\n");
    c->cur = saved;
    if (!rc)
        line_marker(c, ln + 1, f);
    return rc;
}

/* Skips the lines of a conditional group whose #if line was just read,
 * through its matching #endif; returns where the text goes on. */
static const char *skip_conditional(const char *s, const char *end, int *ln)
{
    int depth = 1;
    char name[32];
    const char *rest;
    while (s < end && depth > 0) {
        size_t n = bundle_line_len(s, end);
        (*ln)++;
        if (bundle_directive(s, n, name, &rest)) {
            if (strncmp(name, "if", 2) == 0)
                depth++;
            else if (strcmp(name, "endif") == 0)
                depth--;
        }
        s += n + (s + n < end);
    }
    return s;
}

static int emit_file(ctx *c, bundle_src *f)
{
    if (c->depth >= BUNDLE_MAX_DEPTH)
        return bundle_fail(&c->err, BUNDLE_E_DEPTH,
                           "includes nested deeper than %d at '%s' (a cycle?)", BUNDLE_MAX_DEPTH,
                           f->display);
    c->depth++;
    f->active = 1;
    int unconditional = c->cond_depth == 0;
    int once_id = 0;
    if (f->pragma_once && !f->guard_open) {
        once_id = ++c->once_ids;
        util_buf_printf(&c->out, "#ifndef LOA_BUNDLE_ONCE_%d\n#define LOA_BUNDLE_ONCE_%d\n",
                          once_id, once_id);
    }
    line_marker(c, 1, f);
    int compact = (f->sdk && c->compact_sdk) || (c->opt->strip_comments && !c->opt->line_markers);
    static const bundle_strlist none;
    const bundle_strlist *from = c->cur && c->cur->f == f ? &c->cur->from : &none;
    const bundle_strlist *to = c->cur && c->cur->f == f ? &c->cur->to : &none;
    const char *s = f->text, *end = f->text + f->len;
    int ln = 0, continued = 0;
    bundle_lexstate lx = {0};
    char name[32];
    const char *rest;
    while (s < end && !c->err.rc) {
        size_t n = bundle_line_len(s, end);
        ln++;
        int was_comment = lx.in_comment;
        const char *line = s;
        s += n + (s + n < end);
        int was_continued = continued;
        int is_dir = !was_comment && !continued && bundle_directive(line, n, name, &rest);
        continued = n > 0 && line[n - (line[n - 1] == '\r' && n > 1 ? 2 : 1)] == '\\';
        if (is_dir) {
            char id[64];
            if (f->sdk && compact && strcmp(name, "ifdef") == 0 &&
                bundle_ident_at(rest, (size_t)(line + n - rest), id) &&
                strcmp(id, "__cplusplus") == 0) {
                /* a bundle is C: the SDK's extern "C" wrappers are dead text */
                s = skip_conditional(s, end, &ln);
                continue;
            }
            if (strcmp(name, "include") == 0 || strcmp(name, "include_next") == 0) {
                util_buf scratch = {0};
                bundle_transform(line, n, &lx, &none, &none, 1, &scratch);
                util_buf_free(&scratch);
                if (do_include(c, f, ln, line, n, rest))
                    break;
                continue;
            }
            if (strcmp(name, "pragma") == 0 &&
                bundle_ident_at(rest, (size_t)(line + n - rest), id) && strcmp(id, "once") == 0)
                continue;
            int guard_line = ln == f->guard_open || ln == f->guard_close;
            if (!guard_line && (strcmp(name, "if") == 0 || strcmp(name, "ifdef") == 0 ||
                                strcmp(name, "ifndef") == 0))
                c->cond_depth++;
            else if (!guard_line && strcmp(name, "endif") == 0 && c->cond_depth > 0)
                c->cond_depth--;
            else if (strcmp(name, "define") == 0 && c->cur && c->cur->f == f &&
                     bundle_ident_at(rest, (size_t)(line + n - rest), id) && id[0] != '_' &&
                     bundle_list_has(&c->cur->macros, id, strlen(id)) < 0 &&
                     bundle_list_add(&c->cur->macros, id, strlen(id)))
                return bundle_fail(&c->err, BUNDLE_E_NOMEM, "out of memory");
        }
        size_t start = c->out.len;
        /* spaces squeezed out only outside preprocessor lines and macros */
        int level = compact && !is_dir && !was_continued ? 2 : compact;
        bundle_transform(line, n, &lx, from, to, level, &c->out);
        if (compact && ends_blank_line(&c->out, start))
            continue; /* a line that held only comments or spaces */
        if (compact && c->out.len == start + 1 && c->out.s[start] == '\\') {
            c->out.len = start; /* a continuation line left empty: the line before */
            continue;           /* continues onto the next one as well */
        }
        util_buf_put(&c->out, "\n", 1);
    }
    if (once_id)
        util_buf_str(&c->out, "#endif\n");
    f->active = 0;
    if (unconditional && f->once)
        f->done = 1;
    c->depth--;
    return c->err.rc;
}

/* Emits one unit (a source given by the user or an SDK source). */
static int emit_unit(ctx *c, bundle_src *f, const char *prefix)
{
    unit u = {0};
    u.f = f;
    int rc = bundle_collect_statics(f->text, f->len, &u.statics);
    for (int i = 0; !rc && i < u.statics.n; i++) {
        const char *s = u.statics.v[i];
        /* A static is renamed when an earlier unit has a static of that name
         * or any unit a global one (globals keep their names). */
        int clash = bundle_list_has(&c->globals, s, strlen(s)) >= 0;
        if (!clash && bundle_list_has(&c->seen_statics, s, strlen(s)) < 0) {
            rc = bundle_list_add(&c->seen_statics, s, strlen(s));
            continue;
        }
        char *nn = bundle_dup_printf("%s__%s", prefix, s);
        rc = !nn || bundle_list_add(&u.from, s, strlen(s)) || bundle_list_add(&u.to, nn, strlen(nn))
                 ? BUNDLE_E_NOMEM
                 : 0;
        free(nn);
    }
    if (rc) {
        bundle_fail(&c->err, rc, "out of memory");
    } else {
        if (!(f->sdk && c->compact_sdk)) /* the SDK's units are named once, above them */
            util_buf_printf(&c->out, "\n/* ---- %s ---- */\n", f->display);
        for (int i = 0; i < u.from.n; i++)
            util_buf_printf(
                &c->out,
                "/* loa-bundle: static '%s' renamed '%s' (another file uses the name) */\n",
                u.from.v[i], u.to.v[i]);
        c->cur = &u;
        rc = emit_file(c, f);
        c->cur = NULL;
        if (!rc && c->cond_depth != 0)
            rc = bundle_fail(&c->err, BUNDLE_E_SYNTAX, "%s: unbalanced #if/#endif", f->display);
        for (int i = 0; !rc && i < u.macros.n; i++)
            util_buf_printf(&c->out, "#undef %s\n", u.macros.v[i]);
    }
    bundle_list_free(&u.statics);
    bundle_list_free(&u.from);
    bundle_list_free(&u.to);
    bundle_list_free(&u.macros);
    return c->err.rc;
}

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
    int n = bundle_sdk_file_count < BUNDLE_SDK_UNITS_MAX ? bundle_sdk_file_count
                                                         : BUNDLE_SDK_UNITS_MAX;
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

int bundle_sources(const char *const *sources, int count, const bundle_options *opt,
                   char **out, size_t *out_len, bundle_diag *diag)
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

    util_buf_str(&c.out, "/*\n * Bundled by loa-bundle for CodinGame from:");
    for (int i = 0; i < count; i++)
        util_buf_printf(&c.out, " %s", sources[i]);
    util_buf_str(&c.out,
                   "\n * Self-contained: gcc -std=gnu17 -O2 THIS_FILE.c -lm -lpthread\n */\n"
                   "#ifndef _GNU_SOURCE\n#define _GNU_SOURCE\n#endif\n"
                   /* the SDK's tables are computed at start-up here
                    * (sdk/src/tables_runtime.c): writable, not const */
                   "#define LOA_TABLES_CONST\n");
    /* Global function names of every unit first: a static of any unit that
     * has the name of a global elsewhere must be renamed. */
    for (int i = 0; i < count && !c.err.rc; i++) {
        bundle_src *f = bundle_load_path(&c.fs, sources[i], 0);
        if (f && bundle_collect_globals(f->text, f->len, &c.globals))
            bundle_fail(&c.err, BUNDLE_E_NOMEM, "out of memory");
    }
    for (int i = 0; i < bundle_sdk_file_count && !c.err.rc; i++) {
        if (is_sdk_unit(bundle_sdk_files[i].name) &&
            bundle_collect_globals(bundle_sdk_files[i].data, bundle_sdk_files[i].size, &c.globals))
            bundle_fail(&c.err, BUNDLE_E_NOMEM, "out of memory");
    }
    for (int i = 0; i < count && !c.err.rc; i++) {
        bundle_src *f = bundle_load_path(&c.fs, sources[i], 0);
        if (!f)
            break;
        if (f->done || f->active) {
            bundle_fail(&c.err, BUNDLE_E_INVAL, "'%s' is given twice", sources[i]);
            break;
        }
        char prefix[64];
        unit_prefix(sources[i], prefix, sizeof prefix);
        emit_unit(&c, f, prefix);
        f->done = 1;
    }
    /* before the SDK's units: they are no file of the bot */
    if (!c.err.rc)
        bundle_check_defined(&c.fs, sources, count);
    unsigned char need[BUNDLE_SDK_UNITS_MAX] = {0};
    unsigned char *keep[BUNDLE_SDK_UNITS_MAX] = {0};
    if (bundle_sdk_file_count > BUNDLE_SDK_UNITS_MAX) /* a build-time mistake: say so */
        bundle_fail(&c.err, BUNDLE_E_INVAL, "the embedded SDK has %d files, more than the %d "
                    "loa-bundle was built for (BUNDLE_SDK_UNITS_MAX)", bundle_sdk_file_count,
                    BUNDLE_SDK_UNITS_MAX);
    if (!c.err.rc && c.sdk_used && sdk_needed(&c, need, keep) != 0)
        bundle_fail(&c.err, BUNDLE_E_NOMEM, "out of memory");
    if (!c.err.rc && c.sdk_used) {
        util_buf_str(&c.out, "\n/* ==== the loa SDK: the units this bot uses (sdk/src; its "
                               "tables are computed at start-up) ==== */\n");
        for (int i = 0; i < bundle_sdk_file_count && !c.err.rc; i++) {
            const char *n = bundle_sdk_files[i].name;
            if (!is_sdk_unit(n) || !need[i])
                continue;
            bundle_src *f = bundle_load_sdk(&c.fs, n);
            if (!f)
                break;
            /* only the functions it uses */
            size_t len = 0;
            char *pruned = bundle_prune_text(f->text, f->len, keep[i], &len);
            if (!pruned) {
                bundle_fail(&c.err, BUNDLE_E_NOMEM, "out of memory");
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
            emit_unit(&c, f, sdk_prefix);
        }
    }
    if (!c.err.rc && c.out.failed)
        bundle_fail(&c.err, BUNDLE_E_NOMEM, "out of memory");
    for (int i = 0; i < BUNDLE_SDK_UNITS_MAX; i++)
        free(keep[i]);
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
    case BUNDLE_OK:
        return "success";
#define BUNDLE_XX(name, c, text) \
    case c:                      \
        return text;
        BUNDLE_ERROR_MAP(BUNDLE_XX)
#undef BUNDLE_XX
    default:
        return "unknown error";
    }
}
