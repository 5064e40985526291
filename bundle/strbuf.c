/* strbuf.c - the bundler's text containers (strbuf.h). */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"

void bundle_buf_put(bundle_buf *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        /* Doubling from 64 KiB: a bundle is a few hundred KiB at most, so
         * this takes a handful of reallocations. */
        size_t cap = b->cap ? b->cap : 1 << 16;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *t = realloc(b->s, cap);
        if (!t) {
            b->failed = 1;
            return;
        }
        b->s = t;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void bundle_buf_str(bundle_buf *b, const char *s) { bundle_buf_put(b, s, strlen(s)); }

void bundle_buf_printf(bundle_buf *b, const char *fmt, ...)
{
    char small[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof small)
        b->failed = 1;
    else
        bundle_buf_put(b, small, (size_t)n);
}

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
