/* text.c - error messages into caller buffers, shell quoting, path joining
 * (util/text.h). */
#include "util/text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/buf.h"

int util_fail(int code, char *err, size_t errsz, const char *fmt, ...)
{
    if (err && errsz > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errsz, fmt, ap);
        va_end(ap);
    }
    return code;
}

/* The quoting rule is util_buf_shell_quoted's (buf.c, below this file). */
char *util_shell_quote(const char *s)
{
    if (!s)
        return NULL;
    util_buf b = {0};
    util_buf_shell_quoted(&b, s);
    return util_buf_take(&b);
}

char *util_path_join(const char *a, const char *b)
{
    if (!a || !b)
        return NULL;
    size_t la = strlen(a), lb = strlen(b);
    int slash = la > 0 && a[la - 1] != '/';
    char *p = malloc(la + (size_t)slash + lb + 1);
    if (!p)
        return NULL;
    memcpy(p, a, la);
    if (slash)
        p[la] = '/';
    memcpy(p + la + (size_t)slash, b, lb + 1);
    return p;
}

char *util_path_resolve(const char *base, const char *rel)
{
    if (!rel)
        return NULL;
    if (rel[0] == '/' || !base || !*base || strcmp(base, ".") == 0)
        return strdup(rel);
    return util_path_join(base, rel);
}

char *util_path_absolute(const char *base, const char *rel)
{
    char *p = util_path_resolve(base, rel);
    if (!p || p[0] == '/')
        return p;
    char *here = getcwd(NULL, 0);
    char *abs = here ? util_path_join(here, p) : NULL;
    free(here);
    free(p);
    return abs;
}

char *util_path_canonical(const char *base, const char *rel)
{
    char *abs = util_path_absolute(base, rel);
    if (!abs)
        return NULL;
    char *real = realpath(abs, NULL);
    if (real) {
        free(abs);
        return real;
    }
    char *tidy = util_path_tidy(abs);
    free(abs);
    return tidy;
}

char *util_path_tidy(const char *path)
{
    if (!path)
        return NULL;
    size_t len = strlen(path);
    char *out = malloc(len + 2);
    if (!out)
        return NULL;
    int abs = path[0] == '/';
    size_t o = 0;
    if (abs)
        out[o++] = '/';
    size_t base = o; /* the start of the relative part */
    const char *p = path;
    while (*p) {
        while (*p == '/')
            p++;
        const char *e = strchr(p, '/');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n == 0)
            break;
        if (n == 1 && p[0] == '.') {
            p += n;
            continue;
        }
        if (n == 2 && p[0] == '.' && p[1] == '.') {
            /* the last component written, if any and not "..": drop it
             * unless it is a symbolic link */
            size_t start = o;
            while (start > base && out[start - 1] != '/')
                start--;
            int have = o > base && !(o - start == 2 && out[start] == '.' && out[start + 1] == '.');
            if (abs && o == base) { /* "/.." is "/" */
                p += n;
                continue;
            }
            if (have) {
                out[o] = '\0';
                struct stat sb;
                if (lstat(out, &sb) != 0 || !S_ISLNK(sb.st_mode)) {
                    o = start > base ? start - 1 : base; /* drop "/comp" or "comp" */
                    p += n;
                    continue;
                }
            }
        }
        if (o > base)
            out[o++] = '/';
        memcpy(out + o, p, n);
        o += n;
        p += n;
    }
    if (o == 0)
        out[o++] = '.';
    out[o] = '\0';
    return out;
}
