/*
 * league_site.c - a league's pages as a small site (league.h): one copy of
 * the scripts and style for every page, index.html and a page per bot as
 * shells, and live.js, the data they draw, rewritten while the league runs.
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "assets.h"
#include "league_impl.h"
#include "replay/league.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/file.h"
#include "util/text.h"

/* The league's shared files: name in DIR, embedded asset. viewer.js is
 * written by write_viewer(). */
static const struct {
    const char *file, *asset;
} shared[] = {{"style.css", "style.css"},
              {"chart.js", "chart.js"},
              {"metrics.js", "metrics.js"},
              {"index.js", "index.js"},
              {"triage.js", "triage.js"}};

static int io_fail(const char *path, char *err, size_t errsz)
{
    return util_fail(REPLAY_E_IO, err, errsz, "cannot write %s: %s", path, strerror(errno));
}

/* Writes data to DIR/name atomically unless the file holds it already (a
 * running league's pages are not rewritten for nothing). */
static int write_if_changed(const char *dir, const char *name, const char *data, size_t len,
                            char *err, size_t errsz)
{
    char *path = util_path_join(dir, name), *old = NULL;
    size_t old_len = 0;
    if (!path)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory");
    int same = util_read_file(path, len + 1, &old, &old_len) == 0 && old_len == len &&
               memcmp(old, data, len) == 0;
    free(old);
    int rc = same || util_write_file_atomic(path, data, len) == 0 ? 0 : io_fail(path, err, errsz);
    free(path);
    return rc;
}

/* viewer.js: the page's markup (viewer-body.html) as the string
 * LOA_VIEWER_BODY, then the replay page's script (replay.js), the one a
 * self-contained page inlines: a game's page is then its data alone. Into
 * b; 0 or an error with err. */
static int viewer_text(util_buf *b, char *err, size_t errsz)
{
    const replay_asset *body = replay_asset_find("viewer-body.html");
    const replay_asset *js = replay_asset_find("replay.js");
    if (!body || !js)
        return util_fail(REPLAY_E_INVAL, err, errsz, "the viewer's assets are not embedded");
    cJSON *s = cJSON_CreateString(body->data);
    char *q = s ? cJSON_PrintUnformatted(s) : NULL;
    cJSON_Delete(s);
    static const char head[] = "window.LOA_VIEWER_BODY = ";
    util_buf_put(b, head, sizeof head - 1);
    if (q)
        util_buf_put(b, q, strlen(q));
    util_buf_put(b, ";\n", 2);
    util_buf_put(b, js->data, js->size);
    cJSON_free(q);
    return !q || b->failed ? util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory") : 0;
}

int replay_league_shared_file(const char *name, char **out, size_t *len, char *err, size_t errsz)
{
    util_buf b = {0};
    int rc = REPLAY_E_INVAL;
    *out = NULL;
    for (size_t i = 0; name && rc == REPLAY_E_INVAL && i < sizeof shared / sizeof shared[0]; i++) {
        const replay_asset *a =
            strcmp(name, shared[i].file) ? NULL : replay_asset_find(shared[i].asset);
        if (a) {
            util_buf_put(&b, a->data, a->size);
            rc = b.failed ? util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory") : 0;
        }
    }
    if (rc == REPLAY_E_INVAL && name && strcmp(name, "viewer.js") == 0)
        rc = viewer_text(&b, err, errsz);
    else if (rc == REPLAY_E_INVAL)
        util_fail(rc, err, errsz, "%s is not a league's shared file", name ? name : "(null)");
    if (rc == 0) {
        *out = b.s;
        *len = b.len;
    } else {
        util_buf_free(&b);
    }
    return rc;
}

/* DIR/viewer.js (viewer_text). */
static int write_viewer(const char *dir, char *err, size_t errsz)
{
    util_buf b = {0};
    int rc = viewer_text(&b, err, errsz);
    if (rc == 0)
        rc = write_if_changed(dir, "viewer.js", b.s, b.len, err, errsz);
    util_buf_free(&b);
    return rc;
}

int replay_write_league_assets(const char *dir, char *err, size_t errsz)
{
    if (!dir || !*dir)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_write_league_assets: no directory");
    if (util_mkdirs(dir) != 0)
        return util_fail(REPLAY_E_IO, err, errsz, "cannot create %s: %s", dir, strerror(errno));
    for (size_t i = 0; i < sizeof shared / sizeof shared[0]; i++) {
        const replay_asset *a = replay_asset_find(shared[i].asset);
        if (!a)
            return util_fail(REPLAY_E_INVAL, err, errsz, "asset %s is not embedded",
                             shared[i].asset);
        int rc = write_if_changed(dir, shared[i].file, a->data, a->size, err, errsz);
        if (rc)
            return rc;
    }
    return write_viewer(dir, err, errsz);
}

/* The bots of data: the standings', else league.json's, else the games'
 * players in order of appearance (a cJSON array of strings, NULL on out
 * of memory). */
static cJSON *bot_names(const cJSON *data)
{
    cJSON *names = cJSON_CreateArray();
    const cJSON *list =
        cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(data, "standings"),
                                         "bots");
    if (!cJSON_IsArray(list) || !cJSON_GetArraySize(list))
        list = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(data, "league"),
                                                "bots");
    const cJSON *b;
    if (!cJSON_IsArray(list))
        list = NULL;
    cJSON_ArrayForEach(b, list)
    {
        const cJSON *n = cJSON_GetObjectItemCaseSensitive(b, "name");
        if (names && cJSON_IsString(n))
            cJSON_AddItemToArray(names, cJSON_CreateString(n->valuestring));
    }
    if (names && cJSON_GetArraySize(names) == 0) {
        const cJSON *g;
        cJSON_ArrayForEach(g, cJSON_GetObjectItemCaseSensitive(data, "games"))
        {
            for (int side = 0; side < 2; side++) {
                const cJSON *n = cJSON_GetObjectItemCaseSensitive(g, side ? "white" : "black");
                int seen = 0;
                const cJSON *m;
                cJSON_ArrayForEach(m, names) seen |= strcmp(m->valuestring, n->valuestring) == 0;
                if (!seen)
                    cJSON_AddItemToArray(names, cJSON_CreateString(n->valuestring));
            }
        }
    }
    return names;
}

/* FNV-1a, 64 bits, of s: a name's tag in its page's file name (not a
 * secret: it tells apart names that meet on one slug). */
static uint64_t name_hash(const char *s)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        h = (h ^ *p) * 0x100000001b3u;
    return h;
}

/* The file of the bot named name, from the name alone (a bot keeps its page
 * as bots join and the standings reorder: the file once carried the bot's
 * place, so 8 bots left 14 pages): bot-<name>.html when the name is at most
 * BOT_SLUG_MAX characters of [0-9A-Za-z._-] not starting with a dot, else
 * bot-<slug>-<hash>.html, the slug the name's characters outside that set
 * as '_' and cut, the hash 8 hex digits of name_hash() (16 when `wide`: the
 * other name met on the 8). */
#define BOT_SLUG_MAX 60
static void bot_file(const char *name, int wide, char *out, size_t size)
{
    char slug[BOT_SLUG_MAX + 1];
    size_t n = 0;
    int changed = name[0] == '.' || name[0] == '\0';
    for (const char *p = name; *p; p++) {
        char c = *p;
        int ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                 c == '.' || c == '_' || c == '-';
        if (n == BOT_SLUG_MAX) {
            changed = 1;
            break;
        }
        slug[n++] = ok ? c : '_';
        changed |= !ok;
    }
    slug[n] = '\0';
    uint64_t h = name_hash(name);
    if (!changed)
        snprintf(out, size, "bot-%s.html", slug);
    else if (wide)
        snprintf(out, size, "bot-%s-%016" PRIx64 ".html", slug, h);
    else
        snprintf(out, size, "bot-%s-%08" PRIx64 ".html", slug, h >> 32);
}

/* Whether a name of pages already has the page file. */
static int file_taken(const cJSON *pages, const char *file)
{
    const cJSON *p;
    cJSON_ArrayForEach(p, pages) if (strcmp(p->valuestring, file) == 0) return 1;
    return 0;
}

/* data.bot_pages = {name: file} for names. 0 or REPLAY_E_NOMEM. */
static int add_bot_pages(cJSON *data, const cJSON *names)
{
    cJSON *pages = cJSON_AddObjectToObject(data, "bot_pages");
    if (!pages)
        return REPLAY_E_NOMEM;
    const cJSON *n;
    cJSON_ArrayForEach(n, names)
    {
        char file[128];
        if (cJSON_GetObjectItemCaseSensitive(pages, n->valuestring))
            continue;
        bot_file(n->valuestring, 0, file, sizeof file);
        if (file_taken(pages, file))
            bot_file(n->valuestring, 1, file, sizeof file);
        /* two names on one 64-bit hash and slug: never seen; told apart by
         * their place rather than refused */
        for (int k = 2; file_taken(pages, file); k++) {
            char wide[112];
            bot_file(n->valuestring, 1, wide, sizeof wide);
            snprintf(file, sizeof file, "%.*s-%d.html", (int)strlen(wide) - 5, wide, k);
        }
        if (!cJSON_AddStringToObject(pages, n->valuestring, file))
            return REPLAY_E_NOMEM;
    }
    return 0;
}

/* Removes DIR's bot-*.html files that are no page of data.bot_pages: those
 * an older loa-arena named by the bot's place, or of a bot no longer in the
 * league. Nothing else of DIR is touched. 0 or REPLAY_E_IO. */
static int remove_stale_bot_pages(const char *dir, const cJSON *data, char *err, size_t errsz)
{
    const cJSON *pages = cJSON_GetObjectItemCaseSensitive(data, "bot_pages");
    DIR *d = opendir(dir);
    if (!d)
        return util_fail(REPLAY_E_IO, err, errsz, "cannot list %s: %s", dir, strerror(errno));
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d)) != NULL;) {
        size_t n = strlen(e->d_name);
        if (n <= 9 || memcmp(e->d_name, "bot-", 4) != 0 ||
            strcmp(e->d_name + n - 5, ".html") != 0 || file_taken(pages, e->d_name))
            continue;
        char *path = util_path_join(dir, e->d_name);
        if (!path)
            rc = util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory");
        else if (unlink(path) != 0 && errno != ENOENT)
            rc = util_fail(REPLAY_E_IO, err, errsz, "cannot remove %s: %s", path, strerror(errno));
        free(path);
    }
    closedir(d);
    return rc;
}

/* Renders shell template tpl (index.html, bot.html) with its page data
 * {"view": view, "bot": bot} into DIR/file, unless it holds that already;
 * with missing_only, only when DIR/file does not exist. */
static int write_shell(const char *dir, const char *file, const char *tpl, const char *bot,
                       int missing_only, char *err, size_t errsz)
{
    char *path = util_path_join(dir, file);
    struct stat sb;
    int skip = path && missing_only && stat(path, &sb) == 0;
    free(path);
    if (skip)
        return 0;
    cJSON *page = cJSON_CreateObject();
    char title[400], base[256];
    replay_dir_name(dir, base, sizeof base);
    if (bot)
        snprintf(title, sizeof title, "Bot %.200s, league %.150s", bot, base);
    else
        snprintf(title, sizeof title, "League %.250s", base);
    if (!page || !cJSON_AddStringToObject(page, "view", bot ? "bot" : "index") ||
        (bot && !cJSON_AddStringToObject(page, "bot", bot))) {
        cJSON_Delete(page);
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory");
    }
    char *html = NULL;
    size_t len = 0;
    int rc = replay_render(tpl, title, page, &html, &len, err, errsz);
    cJSON_Delete(page);
    if (rc == 0)
        rc = write_if_changed(dir, file, html, len, err, errsz);
    free(html);
    return rc;
}

/* Every bot's page of data.bot_pages (missing_only: those that have none). */
static int write_bot_pages(const char *dir, const cJSON *data, int missing_only, char *err,
                           size_t errsz)
{
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(data, "bot_pages"))
    {
        int rc = write_shell(dir, p->valuestring, "bot.html", p->string, missing_only, err, errsz);
        if (rc)
            return rc;
    }
    return 0;
}

/* live.js's text: loaLeague(<data as JSON>);. Returns 0 or REPLAY_E_NOMEM
 * (b then freed). */
static int live_text(const char *dir, const cJSON *data, util_buf *b, char *err, size_t errsz)
{
    char *json = cJSON_PrintUnformatted(data);
    util_buf_put(b, "loaLeague(", 10);
    if (json)
        util_buf_put(b, json, strlen(json));
    util_buf_put(b, ");\n", 3);
    cJSON_free(json);
    if (json && !b->failed)
        return 0;
    util_buf_free(b);
    return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory writing %s/live.js", dir);
}

/* DIR/live.js: loaLeague(<data as JSON>); written atomically. */
static int write_live(const char *dir, const cJSON *data, char *err, size_t errsz)
{
    util_buf b = {0};
    int rc = live_text(dir, data, &b, err, errsz);
    if (rc)
        return rc;
    char *path = util_path_join(dir, "live.js");
    rc = !path ? util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory writing %s/live.js", dir)
         : util_write_file_atomic(path, b.s, b.len) != 0 ? io_fail(path, err, errsz)
                                                         : 0;
    free(path);
    util_buf_free(&b);
    return rc;
}

/* The data of d with its bot pages' names, and the names. */
static int site_data(const char *dir, const replay_league_data *d, cJSON **data, char *err,
                     size_t errsz)
{
    if (!dir || !*dir || !d)
        return util_fail(REPLAY_E_INVAL, err, errsz, "league pages: no directory or data");
    int rc = league_data_build(dir, d, data, err, errsz);
    if (rc)
        return rc;
    cJSON *names = bot_names(*data);
    if (!names || add_bot_pages(*data, names)) {
        cJSON_Delete(names);
        cJSON_Delete(*data);
        *data = NULL;
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory");
    }
    cJSON_Delete(names);
    return 0;
}

int replay_write_league_pages(const char *dir, const replay_league_data *d, char *err, size_t errsz)
{
    cJSON *data = NULL;
    int rc = site_data(dir, d, &data, err, errsz);
    if (rc == 0)
        rc = replay_write_league_assets(dir, err, errsz);
    if (rc == 0)
        rc = write_shell(dir, "index.html", "index.html", NULL, 0, err, errsz);
    if (rc == 0)
        rc = write_bot_pages(dir, data, 0, err, errsz);
    if (rc == 0)
        rc = remove_stale_bot_pages(dir, data, err, errsz);
    if (rc == 0)
        rc = write_live(dir, data, err, errsz);
    cJSON_Delete(data);
    return rc;
}

int replay_write_league_live(const char *dir, const replay_league_data *d, char *err, size_t errsz)
{
    cJSON *data = NULL;
    int rc = site_data(dir, d, &data, err, errsz);
    if (rc == 0)
        rc = write_bot_pages(dir, data, 1, err, errsz);
    if (rc == 0)
        rc = write_live(dir, data, err, errsz);
    cJSON_Delete(data);
    return rc;
}

int replay_league_live_js(const char *dir, const replay_league_data *d, char **js, size_t *len,
                          char *err, size_t errsz)
{
    *js = NULL;
    if (len)
        *len = 0;
    cJSON *data = NULL;
    util_buf b = {0};
    int rc = site_data(dir, d, &data, err, errsz);
    if (rc == 0)
        rc = live_text(dir, data, &b, err, errsz);
    cJSON_Delete(data);
    if (rc == 0) {
        *js = b.s;
        if (len)
            *len = b.len;
    }
    return rc;
}
