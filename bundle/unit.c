/*
 * unit.c - one unit written into the bundle (unit.h): its clashing statics
 * renamed, its includes inlined where they stand (recursively), each line
 * rewritten by lex.c; files.c says which file an include names. It only
 * follows conditional nesting to know whether an include is unconditional
 * (then a guarded file is done after its first inlining) or not (then it is
 * inlined again at its next include, its guard keeping that correct).
 */
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"

typedef bundle_ctx ctx;

/* Per-unit state: names to rename in the unit's own text. */
typedef struct bundle_unit {
    bundle_src *f;
    bundle_strlist statics;  /* its file-scope static names */
    bundle_strlist from, to; /* renames in effect */
    bundle_strlist macros;   /* macros its own text defines (#undef'd at its end) */
} unit;

/* 1 when nothing was appended to b since start: in compact mode, a line
 * that held only comments or blanks. */
static int ends_blank_line(const util_buf *b, size_t start)
{
    return b->len == start;
}

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

/* The lines of a file still to read, for emit_file and its steps. */
typedef struct walk {
    const char *s, *end; /* the text not read yet */
    int ln;              /* the number of the line last read, 1-based */
    int compact;         /* comments and blanks dropped (lex.h's compact) */
    bundle_lexstate lx;
} walk;

/* What emit_file does with a directive line after directive(). */
enum { LINE_OUT, LINE_SKIP, LINE_STOP, LINE_FAIL };

static const bundle_strlist no_renames;

/* A directive line of f (n bytes at line; name and rest from
 * bundle_directive): skips the SDK's C++-only groups, inlines an include,
 * drops #pragma once, follows conditional nesting and notes the macros the
 * unit's own text defines. Returns LINE_OUT (write the line), LINE_SKIP,
 * LINE_STOP (an include failed) or LINE_FAIL (out of memory, recorded). */
static int directive(ctx *c, bundle_src *f, walk *w, const char *line, size_t n, const char *name,
                     const char *rest)
{
    char id[64];
    size_t left = (size_t)(line + n - rest);
    if (f->sdk && w->compact && strcmp(name, "ifdef") == 0 && bundle_ident_at(rest, left, id) &&
        strcmp(id, "__cplusplus") == 0) {
        /* a bundle is C: the SDK's extern "C" wrappers are dead text */
        w->s = skip_conditional(w->s, w->end, &w->ln);
        return LINE_SKIP;
    }
    if (strcmp(name, "include") == 0 || strcmp(name, "include_next") == 0) {
        util_buf scratch = {0};
        bundle_transform(line, n, &w->lx, &no_renames, &no_renames, 1, &scratch);
        util_buf_free(&scratch);
        return do_include(c, f, w->ln, line, n, rest) ? LINE_STOP : LINE_SKIP;
    }
    if (strcmp(name, "pragma") == 0 && bundle_ident_at(rest, left, id) && strcmp(id, "once") == 0)
        return LINE_SKIP;
    int guard_line = w->ln == f->guard_open || w->ln == f->guard_close;
    if (!guard_line &&
        (strcmp(name, "if") == 0 || strcmp(name, "ifdef") == 0 || strcmp(name, "ifndef") == 0))
        c->cond_depth++;
    else if (!guard_line && strcmp(name, "endif") == 0 && c->cond_depth > 0)
        c->cond_depth--;
    else if (strcmp(name, "define") == 0 && c->cur && c->cur->f == f &&
             bundle_ident_at(rest, left, id) && id[0] != '_' &&
             bundle_list_has(&c->cur->macros, id, strlen(id)) < 0 &&
             bundle_list_add(&c->cur->macros, id, strlen(id)))
        return bundle_fail(&c->err, BUNDLE_E_NOMEM, "out of memory"), LINE_FAIL;
    return LINE_OUT;
}

/* Writes one line (n bytes) rewritten at level (lex.h's compact) with the
 * renames from/to, and its newline unless compacting left nothing. */
static void emit_line(ctx *c, walk *w, const char *line, size_t n, const bundle_strlist *from,
                      const bundle_strlist *to, int level)
{
    size_t start = c->out.len;
    bundle_transform(line, n, &w->lx, from, to, level, &c->out);
    if (w->compact && ends_blank_line(&c->out, start))
        return; /* a line that held only comments or spaces */
    if (w->compact && c->out.len == start + 1 && c->out.s[start] == '\\') {
        c->out.len = start; /* a continuation line left empty: the line before */
        return;             /* continues onto the next one as well */
    }
    util_buf_put(&c->out, "\n", 1);
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
    walk w = {.s = f->text, .end = f->text + f->len};
    w.compact = (f->sdk && c->compact_sdk) || (c->opt->strip_comments && !c->opt->line_markers);
    int own = c->cur && c->cur->f == f;
    const bundle_strlist *from = own ? &c->cur->from : &no_renames;
    const bundle_strlist *to = own ? &c->cur->to : &no_renames;
    int continued = 0;
    char name[32];
    const char *rest;
    while (w.s < w.end && !c->err.rc) {
        size_t n = bundle_line_len(w.s, w.end);
        w.ln++;
        int was_comment = w.lx.in_comment;
        const char *line = w.s;
        w.s += n + (w.s + n < w.end);
        int was_continued = continued;
        int is_dir = !was_comment && !continued && bundle_directive(line, n, name, &rest);
        continued = n > 0 && line[n - (line[n - 1] == '\r' && n > 1 ? 2 : 1)] == '\\';
        int next = is_dir ? directive(c, f, &w, line, n, name, rest) : LINE_OUT;
        if (next == LINE_FAIL)
            return c->err.rc;
        if (next == LINE_STOP)
            break;
        if (next == LINE_SKIP)
            continue;
        /* spaces squeezed out only outside preprocessor lines and macros */
        emit_line(c, &w, line, n, from, to, w.compact && !is_dir && !was_continued ? 2 : w.compact);
    }
    if (once_id)
        util_buf_str(&c->out, "#endif\n");
    f->active = 0;
    if (unconditional && f->once)
        f->done = 1;
    c->depth--;
    return c->err.rc;
}

int bundle_emit_unit(bundle_ctx *c, bundle_src *f, const char *prefix)
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
