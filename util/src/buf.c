/* buf.c - the growable text (util/buf.h). */
#include "util/buf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void util_buf_put(util_buf *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
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
    if (n)
        memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void util_buf_str(util_buf *b, const char *s)
{
    util_buf_put(b, s, strlen(s));
}

/* The characters no POSIX shell treats specially. */
static const char shell_safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                                 "_./,:=+-@%";

/* The one quoting rule: util_shell_quote (text.c) is this into a new
 * string, so that buf.c, below text.c, calls nothing above it. */
void util_buf_shell_quoted(util_buf *b, const char *s)
{
    if (!s) {
        b->failed = 1;
        return;
    }
    if (*s && strspn(s, shell_safe) == strlen(s)) {
        util_buf_str(b, s);
        return;
    }
    util_buf_put(b, "'", 1);
    for (; *s; s++) {
        if (*s == '\'')
            util_buf_put(b, "'\\''", 4);
        else
            util_buf_put(b, s, 1);
    }
    util_buf_put(b, "'", 1);
}

void util_buf_vprintf(util_buf *b, const char *fmt, va_list ap)
{
    if (b->failed)
        return;
    /* Most texts are short: one vsnprintf into a stack buffer, a second
     * pass only for a longer one. */
    char small[512];
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n < 0) {
        b->failed = 1;
    } else if ((size_t)n < sizeof small) {
        util_buf_put(b, small, (size_t)n);
    } else {
        char *big = malloc((size_t)n + 1);
        if (!big) {
            b->failed = 1;
        } else {
            vsnprintf(big, (size_t)n + 1, fmt, again);
            util_buf_put(b, big, (size_t)n);
            free(big);
        }
    }
    va_end(again);
}

void util_buf_printf(util_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    util_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

char *util_buf_take(util_buf *b)
{
    if (!b->failed && !b->s)
        util_buf_put(b, "", 0);
    char *s = b->failed ? NULL : b->s;
    if (!s)
        free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
    b->failed = 0;
    return s;
}

void util_buf_free(util_buf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
    b->failed = 0;
}
