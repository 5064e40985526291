/* strlist.c - the bundler's string containers (strlist.h). */
#include "strlist.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"

int bundle_list_has(const bundle_strlist *l, const char *s, size_t n)
{
    for (int i = 0; i < l->n; i++)
        if (strlen(l->v[i]) == n && memcmp(l->v[i], s, n) == 0)
            return i;
    return -1;
}

int bundle_list_add(bundle_strlist *l, const char *s, size_t n)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 16;
        char **v = realloc(l->v, (size_t)cap * sizeof *v);
        if (!v)
            return BUNDLE_E_NOMEM;
        l->v = v;
        l->cap = cap;
    }
    char *d = bundle_dupn(s, n);
    if (!d)
        return BUNDLE_E_NOMEM;
    l->v[l->n++] = d;
    return 0;
}

void bundle_list_free(bundle_strlist *l)
{
    for (int i = 0; i < l->n; i++)
        free(l->v[i]);
    free(l->v);
    l->v = NULL;
    l->n = l->cap = 0;
}

char *bundle_dupn(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

char *bundle_dup_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return NULL;
    char *s = malloc((size_t)n + 1);
    if (!s)
        return NULL;
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}
