/* metric.c - the metrics convention read as cgarena reads it
 * (util/metric.h). */
#include "util/metric.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/text.h"

/* Python's \s on ASCII: space, \t \n \v \f \r. */
static int blank(char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

static int word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

int util_metric_name_ok(const char *name, size_t len)
{
    if (len == 0 || len > UTIL_METRIC_NAME_MAX)
        return 0;
    for (size_t i = 0; i < len; i++)
        if (!word_char(name[i]))
            return 0;
    return 1;
}

/* 1 when s[0..n) is Rust's i64: an optional sign and digits, in range. */
static int parse_int(const char *s, size_t n, int64_t *out)
{
    size_t i = s[0] == '+' || s[0] == '-';
    if (i == n || n > 24)
        return 0;
    uint64_t v = 0, lim = s[0] == '-' ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    for (; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        unsigned d = (unsigned)(s[i] - '0');
        if (v > (lim - d) / 10)
            return 0;
        v = v * 10 + d;
    }
    *out = s[0] == '-' ? (int64_t)(0 - v) : (int64_t)v;
    return 1;
}

/* 1 when s[0..n) is a finite decimal number as Rust's f64 parse reads it:
 * [+-] digits [. digits] [(e|E) [+-] digits], with digits on at least one
 * side of the point ("5.", ".5"). */
static int parse_real(const char *s, size_t n, double *out)
{
    size_t i = s[0] == '+' || s[0] == '-', digits = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9')
        i++, digits++;
    if (i < n && s[i] == '.')
        for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
            digits++;
    if (!digits)
        return 0;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        size_t e = ++i;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            e = ++i;
        while (i < n && s[i] >= '0' && s[i] <= '9')
            i++;
        if (i == e)
            return 0;
    }
    if (i != n || n > 64)
        return 0;
    char buf[72];
    memcpy(buf, s, n);
    buf[n] = '\0';
    errno = 0;
    double d = strtod(buf, NULL);
    if (!isfinite(d))
        return 0;
    *out = d;
    return 1;
}

int util_metric_value_parse(const char *text, size_t len, util_metric_value *out)
{
    if (len > 0 && parse_int(text, len, &out->i)) {
        out->type = UTIL_METRIC_INT;
        out->d = (double)out->i;
        out->text = NULL;
        return 0;
    }
    double d;
    if (len > 0 && parse_real(text, len, &d)) {
        *out = (util_metric_value){UTIL_METRIC_REAL, 0, d, NULL};
        return 0;
    }
    if (len > UTIL_METRIC_TEXT_MAX || util_utf8_check(text, len) != len || memchr(text, 0, len))
        return -1;
    *out = (util_metric_value){UTIL_METRIC_TEXT, 0, 0, text};
    return 0;
}

/* Case-insensitive "[PDATA]" or "[TDATA]" at s[0..n): 'P' or 'T', else 0. */
static char tag(const char *s, size_t n)
{
    if (n < 7 || s[0] != '[' || s[6] != ']')
        return 0;
    char k = (char)(s[1] & ~0x20);
    if ((k != 'P' && k != 'T') || ((s[2] & ~0x20) != 'D') || ((s[3] & ~0x20) != 'A') ||
        ((s[4] & ~0x20) != 'T') || ((s[5] & ~0x20) != 'A'))
        return 0;
    return k;
}

util_metric_parse_rc util_metric_parse_line(const char *line, size_t len, util_metric_line *out)
{
    size_t a = 0, b = len;
    while (a < b && blank(line[a]))
        a++;
    while (b > a && blank(line[b - 1]))
        b--;
    const char *s = line + a;
    size_t n = b - a, i = 7;
    char k = tag(s, n);
    if (!k)
        return UTIL_METRIC_NOT;
    long long turn = -1;
    if (i < n && s[i] == '[') {
        size_t d = ++i;
        turn = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9') {
            turn = turn < 100000000000LL ? turn * 10 + (s[i] - '0') : turn;
            i++;
        }
        if (i == d || i >= n || s[i] != ']')
            return UTIL_METRIC_NOT;
        i++;
    }
    size_t bl = i;
    while (i < n && blank(s[i]))
        i++;
    if (i == bl)
        return UTIL_METRIC_NOT; /* \s+ after the tag */
    size_t name = i;
    while (i < n && word_char(s[i]))
        i++;
    size_t name_len = i - name;
    while (i < n && blank(s[i]))
        i++;
    if (!name_len || i >= n || s[i] != '=')
        return UTIL_METRIC_NOT;
    for (i++; i < n && blank(s[i]);)
        i++;
    if (i >= n)
        return UTIL_METRIC_NOT; /* (.+): a value */
    out->scope = k == 'P' ? (turn < 0 ? UTIL_METRIC_GAME : UTIL_METRIC_TURN)
                          : (turn < 0 ? UTIL_METRIC_MATCH : UTIL_METRIC_MATCH_TURN);
    out->turn = turn;
    out->name = s + name;
    out->name_len = name_len;
    out->value = s + i;
    out->value_len = n - i;
    util_metric_value v;
    if (name_len > UTIL_METRIC_NAME_MAX || util_metric_value_parse(s + i, n - i, &v))
        return UTIL_METRIC_REFUSED;
    return UTIL_METRIC_LINE;
}

int util_metric_comment_words(const char *comment, util_metric_word_fn fn, void *user)
{
    int seen = 0;
    const char *p = comment ? comment : "";
    while (*p) {
        while (*p && blank(*p))
            p++;
        const char *w = p;
        while (*p && !blank(*p))
            p++;
        const char *eq = memchr(w, '=', (size_t)(p - w));
        if (!eq || !util_metric_name_ok(w, (size_t)(eq - w)) || eq + 1 == p)
            continue;
        seen++;
        if (fn && fn(w, (size_t)(eq - w), eq + 1, (size_t)(p - eq - 1), user))
            break;
    }
    return seen;
}

size_t util_metric_strip(const char *s, size_t n, char *out)
{
    size_t o = 0, i = 0;
    while (i < n) {
        const char *nl = memchr(s + i, '\n', n - i);
        size_t end = nl ? (size_t)(nl - s) + 1 : n;
        util_metric_line m;
        if (util_metric_parse_line(s + i, end - i, &m) != UTIL_METRIC_LINE) {
            memcpy(out + o, s + i, end - i);
            o += end - i;
        }
        i = end;
    }
    out[o] = '\0';
    return o;
}
