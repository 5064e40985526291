/* metric_scan.c - metric lines read from a bot's stderr stream
 * (metric_scan.h). */
#include "metric_scan.h"

#include <string.h>
#include <strings.h>

enum { AT_START, IN_LINE, SKIP_LINE };

void ref_metric_scan_init(ref_metric_scan *s)
{
    s->state = AT_START;
    s->len = 0;
    s->overlong = 0;
    ref_metric_scan_clear(s);
}

void ref_metric_scan_clear(ref_metric_scan *s)
{
    s->n = 0;
    s->lines = 0;
    s->dropped = 0;
}

/* Adds a metric; a name given again in the turn (same scope) takes its
 * new value in place. */
static void add(ref_metric_scan *s, util_metric_scope scope, const char *name, size_t name_len,
                const char *value, size_t value_len)
{
    util_metric_value v;
    if (util_metric_value_parse(value, value_len, &v)) {
        s->dropped++;
        return;
    }
    ref_metric_item *it = NULL;
    for (int k = 0; k < s->n && !it; k++)
        if (s->item[k].scope == scope && strlen(s->item[k].name) == name_len &&
            memcmp(s->item[k].name, name, name_len) == 0)
            it = &s->item[k];
    if (!it) {
        it = &s->item[s->n++];
        it->scope = scope;
        memcpy(it->name, name, name_len);
        it->name[name_len] = '\0';
    }
    it->v = v;
    if (v.type == UTIL_METRIC_TEXT) {
        memcpy(it->text, value, value_len);
        it->text[value_len] = '\0';
        it->v.text = it->text;
    }
}

/* 1 when a line starts with a metric tag, "[PDATA]" or "[TDATA]" in any
 * case (an overlong line's kept start). */
static int tagged(const char *l, size_t n)
{
    return n >= 7 && (strncasecmp(l, "[PDATA]", 7) == 0 || strncasecmp(l, "[TDATA]", 7) == 0);
}

/* Counts a metric line (or comment word) against the turn's bound: 1 when
 * it may be read, 0 when it is dropped. */
static int admit(ref_metric_scan *s)
{
    if (s->lines >= UTIL_METRIC_TURN_MAX) {
        s->dropped++;
        return 0;
    }
    s->lines++;
    return 1;
}

/* A line ended: read it when it is a metric line. */
static void end_line(ref_metric_scan *s)
{
    util_metric_line m;
    util_metric_parse_rc rc =
        s->overlong ? (tagged(s->line, s->len) ? UTIL_METRIC_REFUSED : UTIL_METRIC_NOT)
                    : util_metric_parse_line(s->line, s->len, &m);
    if (rc == UTIL_METRIC_NOT || !admit(s))
        return;
    if (rc == UTIL_METRIC_REFUSED)
        s->dropped++;
    else
        add(s, m.scope, m.name, m.name_len, m.value, m.value_len);
}

void ref_metric_scan_feed(ref_metric_scan *s, const char *d, size_t n)
{
    size_t i = 0;
    while (i < n) {
        if (s->state == SKIP_LINE) {
            const char *nl = memchr(d + i, '\n', n - i);
            if (!nl)
                return;
            i = (size_t)(nl - d) + 1;
            s->state = AT_START;
            continue;
        }
        if (s->state == AT_START) {
            char c = d[i];
            if (c == ' ' || (c >= '\t' && c <= '\r')) {
                i++;
                continue;
            }
            s->state = c == '[' ? IN_LINE : SKIP_LINE;
            s->len = 0;
            s->overlong = 0;
            continue;
        }
        const char *nl = memchr(d + i, '\n', n - i);
        size_t end = nl ? (size_t)(nl - d) : n, take = end - i;
        if (s->len + take > sizeof s->line) {
            s->overlong = 1;
            take = sizeof s->line - s->len;
        }
        memcpy(s->line + s->len, d + i, take);
        s->len += take;
        i = end;
        if (nl) {
            i++;
            end_line(s);
            s->state = AT_START;
        }
    }
}

static int comment_word(const char *name, size_t name_len, const char *value, size_t value_len,
                        void *user)
{
    ref_metric_scan *s = user;
    if (admit(s))
        add(s, UTIL_METRIC_TURN, name, name_len, value, value_len);
    return 0;
}

void ref_metric_scan_comment(ref_metric_scan *s, const char *comment)
{
    util_metric_comment_words(comment, comment_word, s);
}
