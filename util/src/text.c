/* text.c - error messages into caller buffers, path joining (util/text.h). */
#include "util/text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
