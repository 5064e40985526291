/* defined.c - a name a bot's header declares, defined by a file not given
 * (defined.h). */
#include "defined.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lex.h"
#include "prune.h"
#include "strlist.h"
#include "util/file.h"

/* Adds name (the n bytes at s) to l once. Returns 0 or BUNDLE_E_NOMEM. */
static int add_once(bundle_strlist *l, const char *s)
{
    return bundle_list_has(l, s, strlen(s)) >= 0 ? 0 : bundle_list_add(l, s, strlen(s));
}

/* What text declares for other units: its global functions and the
 * variables it declares extern (at file scope, the last identifier before
 * ';', '[', '=' or ',' of an item that began with extern and has no '('). */
static int declares(const char *text, size_t n, bundle_strlist *names)
{
    if (bundle_collect_globals(text, n, names))
        return BUNDLE_E_NOMEM;
    bundle_tokzer t = {text, n, 0, 1};
    char tok[64], last[64] = "";
    int depth = 0, ext = 0, fn = 0, k;
    while ((k = bundle_next_token(&t, tok)) != 0) {
        if (k == 'p' && (tok[0] == '{' || tok[0] == '}')) {
            depth += tok[0] == '{' ? 1 : -1;
            ext = fn = 0;
            continue;
        }
        if (depth != 0)
            continue;
        if (k == 'i') {
            if (strcmp(tok, "extern") == 0)
                ext = 1;
            else
                snprintf(last, sizeof last, "%s", tok);
            continue;
        }
        if (tok[0] == '(')
            fn = 1; /* a function or a pointer to one: bundle_collect_globals' */
        else if (strchr(";[=,", tok[0]) && ext && !fn && last[0] && add_once(names, last))
            return BUNDLE_E_NOMEM;
        if (tok[0] == ';')
            ext = fn = 0;
    }
    return 0;
}

/* What text defines for other units: its non-static function definitions
 * and its global variables (not extern). */
static int defines(const char *text, size_t n, bundle_strlist *names)
{
    bundle_func *f = NULL;
    int nf = 0;
    bundle_strlist all = {0}, fns = {0};
    int rc = bundle_functions(text, n, &f, &nf);
    for (int i = 0; !rc && i < nf; i++)
        if (!f[i].is_static)
            rc = add_once(names, f[i].name);
    /* the variables: what it defines, less its function names */
    if (!rc)
        rc = bundle_collect_defined(text, n, &all) || bundle_collect_globals(text, n, &fns)
                 ? BUNDLE_E_NOMEM
                 : 0;
    for (int i = 0; !rc && i < all.n; i++)
        if (bundle_list_has(&fns, all.v[i], strlen(all.v[i])) < 0)
            rc = add_once(names, all.v[i]);
    free(f);
    bundle_list_free(&all);
    bundle_list_free(&fns);
    return rc;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The .c files of dir, the namesake of header (search.h: search.c) first,
 * the others in name order, at most BUNDLE_DEFINER_MAX. */
static int candidates(const char *dir, const char *header, bundle_strlist *out)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    bundle_strlist names = {0};
    int rc = 0;
    struct dirent *e;
    while (!rc && names.n < BUNDLE_DEFINER_MAX && (e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l > 2 && strcmp(e->d_name + l - 2, ".c") == 0)
            rc = bundle_list_add(&names, e->d_name, l);
    }
    closedir(d);
    if (names.n > 1)
        qsort(names.v, (size_t)names.n, sizeof *names.v, by_name);
    const char *base = strrchr(header, '/');
    base = base ? base + 1 : header;
    size_t stem = strcspn(base, ".");
    for (int pass = 0; pass < 2 && !rc; pass++)
        for (int i = 0; i < names.n && !rc; i++) {
            int namesake =
                strncmp(names.v[i], base, stem) == 0 && strcmp(names.v[i] + stem, ".c") == 0;
            if (namesake == (pass == 0))
                rc = bundle_list_add(out, names.v[i], strlen(names.v[i]));
        }
    bundle_list_free(&names);
    return rc;
}

/* For header h and its names missing[0..]: each .c file of its directory
 * that defines some of them appended to msg as "DIR/FILE (a, b)", the names
 * it defines taken off missing. */
static int find_definers(const bundle_src *h, bundle_strlist *missing, util_buf *msg)
{
    bundle_strlist files = {0};
    int rc = candidates(h->dir, h->display, &files);
    /* named as the user would type it: relative to the current directory
     * when under it */
    char cwd[PATH_MAX];
    size_t skip = 0;
    if (getcwd(cwd, sizeof cwd) && strncmp(h->dir, cwd, strlen(cwd)) == 0 &&
        h->dir[strlen(cwd)] == '/')
        skip = strlen(cwd) + 1;
    for (int i = 0; i < files.n && !rc && missing->n > 0; i++) {
        char *path = bundle_dup_printf("%s/%s", h->dir, files.v[i]), *text = NULL;
        size_t len = 0;
        bundle_strlist defs = {0};
        if (!path)
            rc = BUNDLE_E_NOMEM;
        else if (util_read_file(path, BUNDLE_FILE_MAX, &text, &len) == 0)
            rc = defines(text, len, &defs);
        int shown = 0;
        for (int j = 0; !rc && j < missing->n;) {
            if (bundle_list_has(&defs, missing->v[j], strlen(missing->v[j])) < 0) {
                j++;
                continue;
            }
            if (!shown)
                util_buf_printf(msg, "%s%s (", msg->len ? ", " : "", path + skip);
            util_buf_printf(msg, "%s%s", shown ? ", " : "", missing->v[j]);
            shown = 1;
            free(missing->v[j]); /* found: off the list, in order */
            memmove(missing->v + j, missing->v + j + 1,
                    sizeof *missing->v * (size_t)(missing->n - j - 1));
            missing->n--;
        }
        if (shown)
            util_buf_str(msg, ")");
        free(path);
        free(text);
        bundle_list_free(&defs);
    }
    bundle_list_free(&files);
    return rc;
}

/* 1 when f is one of the units. */
static int is_unit(bundle_fileset *fs, const bundle_src *f, const char *const *sources, int count)
{
    for (int i = 0; i < count; i++)
        if (bundle_load_path(fs, sources[i], 1) == f)
            return 1;
    return 0;
}

int bundle_check_defined(bundle_fileset *fs, const char *const *sources, int count)
{
    bundle_strlist used = {0}, defined = {0};
    util_buf msg = {0};
    int rc = 0;
    /* what the units use; what every file of the bot and the SDK defines */
    for (int i = 0; i < count && !rc; i++) {
        const bundle_src *u = bundle_load_path(fs, sources[i], 1);
        if (u)
            rc = bundle_collect_idents(u->text, u->len, &used);
    }
    for (int i = 0; i < fs->nfiles && !rc; i++)
        if (!fs->files[i]->sdk)
            rc = defines(fs->files[i]->text, fs->files[i]->len, &defined);
    for (int i = 0; i < bundle_sdk_file_count && !rc; i++)
        rc = bundle_collect_defined(bundle_sdk_files[i].data, bundle_sdk_files[i].size, &defined);
    /* each header's names used and defined nowhere given */
    for (int i = 0; i < fs->nfiles && !rc; i++) {
        const bundle_src *h = fs->files[i];
        if (h->sdk || is_unit(fs, h, sources, count))
            continue;
        bundle_strlist decl = {0}, missing = {0};
        rc = declares(h->text, h->len, &decl);
        for (int j = 0; j < decl.n && !rc; j++) {
            const char *d = decl.v[j];
            if (bundle_list_has(&used, d, strlen(d)) >= 0 &&
                bundle_list_has(&defined, d, strlen(d)) < 0)
                rc = add_once(&missing, d) || add_once(&defined, d) ? BUNDLE_E_NOMEM : 0;
        }
        if (missing.n > 1)
            qsort(missing.v, (size_t)missing.n, sizeof *missing.v, by_name);
        if (!rc && missing.n > 0)
            rc = find_definers(h, &missing, &msg);
        bundle_list_free(&decl);
        bundle_list_free(&missing);
    }
    if (!rc && msg.failed)
        rc = BUNDLE_E_NOMEM;
    if (rc)
        bundle_fail(fs->err, rc, "out of memory");
    else if (msg.len > 0)
        bundle_fail(fs->err, BUNDLE_E_UNDEFINED,
                    "the bot's headers declare what only files not given define (the bundle "
                    "would not link): %s; give every .c file of the bot",
                    msg.s);
    util_buf_free(&msg);
    bundle_list_free(&used);
    bundle_list_free(&defined);
    return fs->err->rc;
}
