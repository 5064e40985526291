/*
 * render.c - fills an embedded HTML template with its CSS, JavaScript,
 * title and data (assets.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "assets.h"
#include "replay/error.h"
#include "util/buf.h"
#include "util/text.h"

const char *replay_dir_name(const char *dir, char *buf, size_t size)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        n--;
    size_t b = n;
    while (b > 0 && dir[b - 1] != '/')
        b--;
    if (b == n && n > 0) /* "/" */
        b--;
    snprintf(buf, size, "%.*s", (int)(n - b), dir + b);
    return buf;
}

const replay_asset *replay_asset_find(const char *name)
{
    for (int i = 0; i < replay_asset_count; i++)
        if (strcmp(replay_assets[i].name, name) == 0)
            return &replay_assets[i];
    return NULL;
}

static void put_html_escaped(util_buf *b, const char *s)
{
    for (; *s; s++) {
        unsigned bidi = util_bidi_control(s);
        if (bidi) { /* shown, as the page's own text shows it (chart.js) */
            char mark[24];
            int n = snprintf(mark, sizeof mark, "&lt;U+%04X&gt;", bidi);
            util_buf_put(b, mark, (size_t)n);
            s += 2;
            continue;
        }
        switch (*s) {
        case '&': util_buf_put(b, "&amp;", 5); break;
        case '<': util_buf_put(b, "&lt;", 4); break;
        case '>': util_buf_put(b, "&gt;", 4); break;
        case '"': util_buf_put(b, "&quot;", 6); break;
        case '\'': util_buf_put(b, "&#39;", 5); break;
        default: util_buf_put(b, s, 1);
        }
    }
}

/* JSON for a <script type="application/json"> element: '<' only occurs
 * inside JSON strings, where \u003c means the same character, so `</script>`
 * and `<!--` can never appear in the element's text. */
static void put_script_json(util_buf *b, const char *json)
{
    for (const char *s = json; *s; s++) {
        if (*s == '<')
            util_buf_put(b, "\\u003c", 6);
        else
            util_buf_put(b, s, 1);
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
    util_buf b = {0};
    const char *s = t->data;
    int rc = 0;
    for (const char *m; rc == 0 && (m = strstr(s, "{{")) != NULL;) {
        util_buf_put(&b, s, (size_t)(m - s));
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
                rc = util_fail(REPLAY_E_INVAL, err, errsz, "%s: asset %s is not embedded", tpl,
                               name);
            else
                util_buf_put(&b, a->data, a->size);
        } else {
            rc = util_fail(REPLAY_E_INVAL, err, errsz, "%s: unknown marker {{%.*s}}", tpl, (int)n,
                           key);
        }
        s = e + 2;
    }
    util_buf_put(&b, s, strlen(s));
    cJSON_free(json);
    if (rc == 0 && b.failed)
        rc = util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory writing the page");
    if (rc != 0) {
        util_buf_free(&b);
        return rc;
    }
    *out = b.s;
    if (len)
        *len = b.len;
    return 0;
}
