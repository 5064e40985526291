/*
 * render.c - fills an embedded HTML template with its CSS, JavaScript,
 * title and data (assets.h).
 */
#include <stdlib.h>
#include <string.h>

#include "assets.h"
#include "replay/error.h"
#include "util/text.h"

const replay_asset *replay_asset_find(const char *name)
{
    for (int i = 0; i < replay_asset_count; i++)
        if (strcmp(replay_assets[i].name, name) == 0)
            return &replay_assets[i];
    return NULL;
}

typedef struct buf {
    char *p;
    size_t len, cap;
    int oom;
} buf;

static void put(buf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void put_html_escaped(buf *b, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': put(b, "&amp;", 5); break;
        case '<': put(b, "&lt;", 4); break;
        case '>': put(b, "&gt;", 4); break;
        case '"': put(b, "&quot;", 6); break;
        case '\'': put(b, "&#39;", 5); break;
        default: put(b, s, 1);
        }
    }
}

/* JSON for a <script type="application/json"> element: '<' only occurs
 * inside JSON strings, where \u003c means the same character, so `</script>`
 * and `<!--` can never appear in the element's text. */
static void put_script_json(buf *b, const char *json)
{
    for (const char *s = json; *s; s++) {
        if (*s == '<')
            put(b, "\\u003c", 6);
        else
            put(b, s, 1);
    }
}

int replay_render(const char *tpl, const char *title, const cJSON *data, char **out, size_t *len,
                  char *err, size_t errsz)
{
    if (!tpl || !title || !data || !out)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_render: NULL argument");
    *out = NULL;
    const replay_asset *t = replay_asset_find(tpl);
    if (!t)
        return util_fail(REPLAY_E_INVAL, err, errsz, "page template %s is not embedded", tpl);
    char *json = cJSON_PrintUnformatted(data);
    if (!json)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory writing the page data");
    buf b = {0};
    const char *s = t->data;
    int rc = 0;
    for (const char *m; rc == 0 && (m = strstr(s, "{{")) != NULL;) {
        put(&b, s, (size_t)(m - s));
        const char *e = strstr(m, "}}");
        if (!e) {
            rc = util_fail(REPLAY_E_INVAL, err, errsz, "%s: unterminated {{ marker", tpl);
            break;
        }
        size_t n = (size_t)(e - m - 2);
        const char *key = m + 2;
        if (n == 5 && memcmp(key, "title", 5) == 0) {
            put_html_escaped(&b, title);
        } else if (n == 4 && memcmp(key, "data", 4) == 0) {
            put_script_json(&b, json);
        } else if (n > 6 && n < 64 && memcmp(key, "asset:", 6) == 0) {
            char name[64];
            memcpy(name, key + 6, n - 6);
            name[n - 6] = '\0';
            const replay_asset *a = replay_asset_find(name);
            if (!a)
                rc = util_fail(REPLAY_E_INVAL, err, errsz, "%s: asset %s is not embedded", tpl, name);
            else
                put(&b, a->data, a->size);
        } else {
            rc = util_fail(REPLAY_E_INVAL, err, errsz, "%s: unknown marker {{%.*s}}", tpl, (int)n, key);
        }
        s = e + 2;
    }
    put(&b, s, strlen(s));
    cJSON_free(json);
    if (rc == 0 && b.oom)
        rc = util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory writing the page");
    if (rc != 0) {
        free(b.p);
        return rc;
    }
    *out = b.p;
    if (len)
        *len = b.len;
    return 0;
}
