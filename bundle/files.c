/*
 * files.c - the bundler's include resolution (files.h): loading files once
 * each, their include guards, and the search for an included file.
 */
#include "files.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lex.h"
#include "strlist.h"
#include "util/error.h"
#include "util/file.h"

int bundle_fail(bundle_err *e, int rc, const char *fmt, ...)
{
    if (e->rc)
        return e->rc;
    e->rc = rc;
    if (e->diag) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(e->diag->message, sizeof e->diag->message, fmt, ap);
        va_end(ap);
    }
    return rc;
}

static void src_free(bundle_src *f)
{
    if (!f)
        return;
    free(f->key);
    free(f->display);
    free(f->dir);
    free(f->owned);
    free(f);
}

/* Finds the include guard (or #pragma once) of f: the first significant
 * line (comments and blank lines aside) is `#ifndef X` or `#if !defined X`,
 * the second `#define X`, and the #endif that closes the first is the last
 * significant line. */
static void find_guard(bundle_src *f)
{
    const char *s = f->text, *end = f->text + f->len;
    int ln = 0, sig = 0, depth = 0, broken = 0, last_close = 0;
    bundle_lexstate lx = {0};
    char guard[64] = "", name[32], id[64];
    const char *rest;
    util_buf t = {0};
    static const bundle_strlist none;
    while (s < end && !broken) {
        size_t n = bundle_line_len(s, end);
        ln++;
        t.len = 0;
        bundle_transform(s, n, &lx, &none, &none, 1, &t);
        s += n + (s + n < end);
        if (t.failed) {
            broken = 1;
            break;
        }
        if (t.len == 0)
            continue;
        sig++;
        int is_dir = bundle_directive(t.s, t.len, name, &rest);
        size_t rn = is_dir ? (size_t)(t.s + t.len - rest) : 0;
        if (is_dir && strcmp(name, "pragma") == 0 && bundle_ident_at(rest, rn, id) &&
            strcmp(id, "once") == 0)
            f->pragma_once = 1;
        if (sig == 1) {
            const char *d;
            if (is_dir && strcmp(name, "ifndef") == 0 && bundle_ident_at(rest, rn, guard))
                f->guard_open = ln;
            else if (is_dir && strcmp(name, "if") == 0 && (d = strstr(rest, "defined")) &&
                     memchr(rest, '!', (size_t)(d - rest)) &&
                     bundle_ident_at(d + 7, (size_t)(t.s + t.len - d - 7), guard))
                f->guard_open = ln;
        } else if (sig == 2 && f->guard_open) {
            if (!(is_dir && strcmp(name, "define") == 0 && bundle_ident_at(rest, rn, id) &&
                  strcmp(id, guard) == 0))
                broken = 1;
            else
                f->guard_define = ln;
        } else if (f->guard_open && depth == 0) {
            broken = 1; /* significant text after the guard's #endif */
        }
        if (is_dir &&
            (strcmp(name, "if") == 0 || strcmp(name, "ifdef") == 0 || strcmp(name, "ifndef") == 0))
            depth++;
        else if (is_dir && strcmp(name, "endif") == 0 && --depth == 0)
            last_close = ln;
    }
    util_buf_free(&t);
    if (broken || !f->guard_open || !f->guard_define || depth != 0 || !last_close)
        f->guard_open = f->guard_define = 0;
    else
        f->guard_close = last_close;
    f->once = f->pragma_once || f->guard_open;
}

static bundle_src *add_file(bundle_fileset *fs, bundle_src *f)
{
    if (fs->nfiles == fs->capfiles) {
        int cap = fs->capfiles ? 2 * fs->capfiles : 32;
        bundle_src **v = realloc(fs->files, (size_t)cap * sizeof *v);
        if (!v) {
            src_free(f);
            bundle_fail(fs->err, BUNDLE_E_NOMEM, "out of memory");
            return NULL;
        }
        fs->files = v;
        fs->capfiles = cap;
    }
    find_guard(f);
    fs->files[fs->nfiles++] = f;
    return f;
}

static bundle_src *find_loaded(bundle_fileset *fs, const char *key)
{
    for (int i = 0; i < fs->nfiles; i++)
        if (strcmp(fs->files[i]->key, key) == 0)
            return fs->files[i];
    return NULL;
}

static const bundle_file *sdk_lookup(const char *name)
{
    for (int i = 0; i < bundle_sdk_file_count; i++)
        if (strcmp(bundle_sdk_files[i].name, name) == 0)
            return &bundle_sdk_files[i];
    return NULL;
}

bundle_src *bundle_load_sdk(bundle_fileset *fs, const char *name)
{
    const bundle_file *bf = sdk_lookup(name);
    if (!bf)
        return NULL;
    char *key = bundle_dup_printf("sdk:%s", name);
    if (!key)
        return bundle_fail(fs->err, BUNDLE_E_NOMEM, "out of memory"), NULL;
    bundle_src *f = find_loaded(fs, key);
    if (f) {
        free(key);
        return f;
    }
    f = calloc(1, sizeof *f);
    const char *slash = strrchr(name, '/');
    if (f) {
        f->key = key;
        f->display = bundle_dup_printf("loa-sdk/%s", name);
        f->dir = bundle_dupn(name, slash ? (size_t)(slash - name) : 0);
    }
    if (!f || !f->display || !f->dir) {
        if (!f)
            free(key);
        src_free(f);
        return bundle_fail(fs->err, BUNDLE_E_NOMEM, "out of memory"), NULL;
    }
    f->text = bf->data;
    f->len = bf->size;
    f->sdk = 1;
    return add_file(fs, f);
}

bundle_src *bundle_load_path(bundle_fileset *fs, const char *path, int quiet)
{
    struct stat st;
    int found = stat(path, &st) == 0; /* st is undefined unless found */
    if (!found || !S_ISREG(st.st_mode)) {
        if (!quiet)
            bundle_fail(fs->err, BUNDLE_E_IO, "cannot read '%s': %s", path,
                        found ? "not a regular file" : strerror(errno));
        return NULL;
    }
    char *real = realpath(path, NULL);
    if (!real)
        return bundle_fail(fs->err, BUNDLE_E_IO, "cannot resolve '%s': %s", path, strerror(errno)),
               NULL;
    bundle_src *f = find_loaded(fs, real);
    if (f) {
        free(real);
        return f;
    }
    /* Bounded by what is read, not by st_size: a file may grow after stat,
     * and a mistaken argument (a huge log) must not be swallowed whole. */
    char *text = NULL;
    size_t got = 0;
    int rc = util_read_file(path, BUNDLE_FILE_MAX, &text, &got);
    if (rc == UTIL_E_RANGE) {
        free(real);
        return bundle_fail(fs->err, BUNDLE_E_IO, "'%s' is larger than %d bytes", path,
                           BUNDLE_FILE_MAX),
               NULL;
    }
    int err = rc == UTIL_E_NOMEM ? ENOMEM : errno;
    f = rc ? NULL : calloc(1, sizeof *f);
    if (!f) {
        err = rc ? err : ENOMEM;
        free(real);
        free(text);
        return bundle_fail(fs->err, rc == UTIL_E_IO ? BUNDLE_E_IO : BUNDLE_E_NOMEM,
                           "cannot read '%s': %s", path, strerror(err ? err : EIO)),
               NULL;
    }
    f->key = real;
    f->display = strdup(path);
    const char *slash = strrchr(real, '/');
    f->dir = bundle_dupn(real, slash ? (size_t)(slash - real) : 0);
    f->owned = text;
    f->text = text;
    f->len = got;
    if (!f->display || !f->dir) {
        src_free(f);
        return bundle_fail(fs->err, BUNDLE_E_NOMEM, "out of memory"), NULL;
    }
    return add_file(fs, f);
}

bundle_src *bundle_resolve(bundle_fileset *fs, const bundle_src *from, const char *name, int angle,
                           int *missing)
{
    char *path;
    bundle_src *f;
    *missing = 0;
    /* The SDK always comes from loa-bundle's own embedded copy, so that
     * headers and sources match. */
    if (strncmp(name, "loa/", 4) == 0) {
        path = bundle_dup_printf("include/%s", name);
        if (!path)
            return bundle_fail(fs->err, BUNDLE_E_NOMEM, "out of memory"), NULL;
        f = sdk_lookup(path) ? bundle_load_sdk(fs, path) : NULL;
        free(path);
        if (f)
            return f;
    }
    if (from->sdk && !angle) {
        path = from->dir[0] ? bundle_dup_printf("%s/%s", from->dir, name) : strdup(name);
        if (!path)
            return bundle_fail(fs->err, BUNDLE_E_NOMEM, "out of memory"), NULL;
        f = sdk_lookup(path) ? bundle_load_sdk(fs, path) : NULL;
        free(path);
        if (f)
            return f;
        path = bundle_dup_printf("include/%s", name);
        f = path && sdk_lookup(path) ? bundle_load_sdk(fs, path) : NULL;
        free(path);
        if (f)
            return f;
    }
    if (!angle) {
        path = name[0] == '/' ? strdup(name) : bundle_dup_printf("%s/%s", from->dir, name);
        if (!path)
            return bundle_fail(fs->err, BUNDLE_E_NOMEM, "out of memory"), NULL;
        f = bundle_load_path(fs, path, 1);
        free(path);
        if (f || fs->err->rc)
            return f;
        for (int i = 0; i < fs->opt->include_dir_count; i++) {
            path = bundle_dup_printf("%s/%s", fs->opt->include_dirs[i], name);
            if (!path)
                return bundle_fail(fs->err, BUNDLE_E_NOMEM, "out of memory"), NULL;
            f = bundle_load_path(fs, path, 1);
            free(path);
            if (f || fs->err->rc)
                return f;
        }
        *missing = 1;
    }
    return NULL;
}

void bundle_fileset_free(bundle_fileset *fs)
{
    for (int i = 0; i < fs->nfiles; i++)
        src_free(fs->files[i]);
    free(fs->files);
    fs->files = NULL;
    fs->nfiles = fs->capfiles = 0;
}
