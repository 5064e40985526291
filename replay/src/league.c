/*
 * league.c - a loa-arena results directory's data (league_impl.h): what
 * its index and bot pages show, from standings.json, games.jsonl,
 * league.json, the games' pages and analyses, and the figures of live.js.
 * The pages are written by league_site.c and league_write.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "assets.h"
#include "league_impl.h"
#include "replay/analysis.h"
#include "replay/league.h"
#include "util/error.h"
#include "util/file.h"
#include "util/json.h"
#include "util/text.h"

int league_read_optional(const char *dir, const char *name, char **text, size_t *len, char *err,
                         size_t errsz)
{
    char *path = util_path_join(dir, name);
    if (!path)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory");
    int rc = util_read_file(path, REPLAY_LEAGUE_FILE_MAX, text, len);
    if (rc == UTIL_E_IO && errno == ENOENT)
        rc = 1;
    else if (rc == UTIL_E_RANGE)
        rc = util_fail(REPLAY_E_TOO_BIG, err, errsz, "%s: larger than %u bytes", path,
                       REPLAY_LEAGUE_FILE_MAX);
    else if (rc == UTIL_E_NOMEM)
        rc = util_fail(REPLAY_E_NOMEM, err, errsz, "%s: out of memory", path);
    else if (rc != 0)
        rc = util_fail(REPLAY_E_IO, err, errsz, "cannot read %s: %s", path, strerror(errno));
    free(path);
    return rc;
}

/* 1 if p is games/<name><ext>, name of [0-9A-Za-z_-] (a link never leaves
 * the directory). */
static int safe_games_path(const char *p, const char *ext)
{
    size_t n = p ? strlen(p) : 0, e = strlen(ext);
    if (n < 7 + e || n > 80 || strncmp(p, "games/", 6) != 0 || strcmp(p + n - e, ext) != 0)
        return 0;
    for (size_t i = 6; i < n - e; i++)
        if (!((p[i] >= '0' && p[i] <= '9') || (p[i] >= 'a' && p[i] <= 'z') ||
              (p[i] >= 'A' && p[i] <= 'Z') || p[i] == '_' || p[i] == '-'))
            return 0;
    return 1;
}

static int safe_record_path(const char *p)
{
    return safe_games_path(p, ".json");
}

static int safe_page_path(const char *p)
{
    return safe_games_path(p, ".html");
}

/* Copies the fields the index shows from a games.jsonl line; NULL for a
 * line that is not a game (torn, foreign). */
static cJSON *game_row(const cJSON *line)
{
    static const char *const strings[] = {"black",  "white",  "result", "reason", "seed",
                                          "detail", "winner", "fault",  "opening"};
    static const char *const numbers[] = {"id", "round", "plies", "duration_ms"};
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(line, "id");
    if (!cJSON_IsObject(line) || !cJSON_IsNumber(id) ||
        !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(line, "black")) ||
        !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(line, "white")))
        return NULL;
    cJSON *o = cJSON_CreateObject();
    for (size_t i = 0; o && i < sizeof strings / sizeof strings[0]; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(line, strings[i]);
        if (cJSON_IsString(v) && !cJSON_AddStringToObject(o, strings[i], v->valuestring))
            goto oom;
    }
    for (size_t i = 0; o && i < sizeof numbers / sizeof numbers[0]; i++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(line, numbers[i]);
        if (cJSON_IsNumber(v) && !cJSON_AddNumberToObject(o, numbers[i], v->valuedouble))
            goto oom;
    }
    const cJSON *load = cJSON_GetObjectItemCaseSensitive(line, "under_load");
    if (o && cJSON_IsTrue(load) && !cJSON_AddTrueToObject(o, "under_load"))
        goto oom;
    const cJSON *rec = cJSON_GetObjectItemCaseSensitive(line, "record");
    const cJSON *pg = cJSON_GetObjectItemCaseSensitive(line, "page");
    if (o && cJSON_IsString(pg) && safe_page_path(pg->valuestring)) {
        /* a league on the database: the page is named, the record is in it */
        if (!cJSON_AddStringToObject(o, "page", pg->valuestring))
            goto oom;
    } else if (o && cJSON_IsString(rec) && safe_record_path(rec->valuestring)) {
        char page[96];
        snprintf(page, sizeof page, "%.*s.html", (int)strlen(rec->valuestring) - 5,
                 rec->valuestring);
        if (!cJSON_AddStringToObject(o, "page", page) ||
            !cJSON_AddStringToObject(o, "record", rec->valuestring))
            goto oom;
    }
    return o;
oom:
    cJSON_Delete(o);
    return NULL;
}

cJSON *league_games_lines(const char *text, size_t len)
{
    cJSON *lines = cJSON_CreateArray();
    for (size_t at = 0; lines && at < len;) {
        const char *nl = memchr(text + at, '\n', len - at);
        size_t n = nl ? (size_t)(nl - (text + at)) : len - at;
        cJSON *line = cJSON_ParseWithLength(text + at, n);
        if (line && !cJSON_AddItemToArray(lines, line))
            cJSON_Delete(line);
        at += n + 1;
    }
    return lines;
}

cJSON *league_games_rows(const cJSON *lines)
{
    if (!lines)
        return cJSON_CreateArray();
    cJSON *rows = cJSON_CreateArray();
    const cJSON *line;
    cJSON_ArrayForEach(line, lines)
    {
        cJSON *row = rows ? game_row(line) : NULL;
        if (row && !cJSON_AddItemToArray(rows, row))
            cJSON_Delete(row);
    }
    return rows;
}

/* Links only the pages that exist: loa-arena writes pages for some games
 * only (--pages), and a link to nothing is a dead end where a plain id
 * with the index's note says how to get the page. */
static void drop_missing_pages(const char *dir, cJSON *rows)
{
    cJSON *row;
    cJSON_ArrayForEach(row, rows)
    {
        const cJSON *page = cJSON_GetObjectItemCaseSensitive(row, "page");
        if (!cJSON_IsString(page))
            continue;
        char *path = util_path_join(dir, page->valuestring);
        struct stat sb;
        if (!path || stat(path, &sb) != 0)
            cJSON_DeleteItemFromObjectCaseSensitive(row, "page");
        free(path);
    }
}

/* A row whose game was analysed (loa-analyse: games/<name>.analysis.json
 * beside its page) gets "analysed" and, when a side lost, "worst": the
 * ply of the loser's worst move, and "worst_name". Only these fields are
 * read (the file is read whole against its game by the page itself): the
 * ply must be an integer within the game's plies, the name a string. */
static void add_worst(const char *dir, cJSON *rows)
{
    cJSON *row;
    cJSON_ArrayForEach(row, rows)
    {
        const cJSON *page = cJSON_GetObjectItemCaseSensitive(row, "page");
        const cJSON *plies = cJSON_GetObjectItemCaseSensitive(row, "plies");
        if (!cJSON_IsString(page))
            continue;
        char *path = util_path_join(dir, page->valuestring), *apath = replay_analysis_path(path);
        char *text = NULL;
        size_t len = 0;
        cJSON *a = NULL;
        if (apath && util_read_file(apath, REPLAY_ANALYSIS_FILE_MAX, &text, &len) == 0)
            a = cJSON_ParseWithLength(text, len);
        const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(a, "format"), *p;
        if (cJSON_IsString(fmt) && strcmp(fmt->valuestring, REPLAY_ANALYSIS_FORMAT) == 0) {
            cJSON_AddTrueToObject(row, "analysed");
            cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(a, "players"))
            {
                const cJSON *lost = cJSON_GetObjectItemCaseSensitive(p, "lost");
                const cJSON *worst = cJSON_GetObjectItemCaseSensitive(p, "worst");
                const cJSON *name = cJSON_GetObjectItemCaseSensitive(p, "name");
                if (cJSON_IsTrue(lost) && cJSON_IsNumber(worst) && cJSON_IsString(name) &&
                    worst->valuedouble >= 1 &&
                    worst->valuedouble == (double)(int)worst->valuedouble &&
                    (!cJSON_IsNumber(plies) || worst->valuedouble <= plies->valuedouble)) {
                    cJSON_AddNumberToObject(row, "worst", worst->valuedouble);
                    cJSON_AddStringToObject(row, "worst_name", name->valuestring);
                    break;
                }
            }
        }
        cJSON_Delete(a);
        free(text);
        free(apath);
        free(path);
    }
}

/* Reads the optional standings.json and league.json of dir into *standings
 * (an object, NULL when absent; standings NULL: not read) and *league (NULL
 * when absent or not an object: the index is still useful without it).
 * *found: standings.json exists. Returns 0 or an error (err). */
static int read_league_files(const char *dir, cJSON **standings, cJSON **league, int *found,
                             char *err, size_t errsz)
{
    char *st_text = NULL, *league_text = NULL;
    size_t st_len = 0, league_len = 0;
    cJSON *none = NULL;
    if (!standings)
        standings = &none;
    *standings = *league = NULL;
    int rc_st = standings == &none
                    ? 1
                    : league_read_optional(dir, "standings.json", &st_text, &st_len, err, errsz);
    int rc_l =
        rc_st < 0 ? 0
                  : league_read_optional(dir, "league.json", &league_text, &league_len, err, errsz);
    int rc = rc_st < 0 ? rc_st : rc_l < 0 ? rc_l : 0;
    *found = rc_st == 0;
    if (rc == 0 && rc_st == 0) {
        char why[200];
        if (util_json_parse(st_text, st_len, standings, why, sizeof why) != 0)
            rc = util_fail(REPLAY_E_LEAGUE, err, errsz, "%s/standings.json: %s", dir, why);
        else if (!cJSON_IsObject(*standings))
            rc =
                util_fail(REPLAY_E_LEAGUE, err, errsz, "%s/standings.json: not a JSON object", dir);
    }
    if (rc == 0 && rc_l == 0) {
        *league = cJSON_ParseWithLength(league_text, league_len);
        if (!cJSON_IsObject(*league)) {
            cJSON_Delete(*league);
            *league = NULL;
        }
    }
    if (rc) {
        cJSON_Delete(*standings);
        *standings = NULL;
    }
    free(st_text);
    free(league_text);
    return rc;
}

/* A borrowed tree's copy, or JSON null for none (NULL on out of memory). */
static cJSON *copy_or_null(const cJSON *t)
{
    return t ? cJSON_Duplicate(t, 1) : cJSON_CreateNull();
}

/* t, or JSON null for NULL. */
static cJSON *or_null(cJSON *t)
{
    return t ? t : cJSON_CreateNull();
}

/* Adds item to o under key (consumed); 0 on failure. */
static int put(cJSON *o, const char *key, cJSON *item)
{
    if (!item)
        return 0;
    if (!cJSON_AddItemToObject(o, key, item)) {
        cJSON_Delete(item);
        return 0;
    }
    return 1;
}

/* The figures loa-arena put in DIR/live.js ("dashboard", without a running
 * league's "progress"), or NULL: a league's pages written again by
 * loa-replay or loa-analyse (which have no database walk of their own)
 * keep its charts. live.js is read strictly as write_live() writes it,
 * "loaLeague(" JSON ");\n"; anything else is ignored. */
static cJSON *kept_dashboard(const char *dir)
{
    static const char head[] = "loaLeague(", tail[] = ");\n";
    char *path = util_path_join(dir, "live.js"), *text = NULL;
    size_t len = 0;
    cJSON *dash = NULL;
    if (path && util_read_file(path, REPLAY_LEAGUE_FILE_MAX, &text, &len) == 0 &&
        len > sizeof head + sizeof tail && memcmp(text, head, sizeof head - 1) == 0 &&
        memcmp(text + len - (sizeof tail - 1), tail, sizeof tail - 1) == 0) {
        cJSON *data = cJSON_ParseWithLength(text + sizeof head - 1,
                                            len - (sizeof head - 1) - (sizeof tail - 1));
        dash = cJSON_DetachItemFromObjectCaseSensitive(data, "dashboard");
        if (!cJSON_IsObject(dash)) {
            cJSON_Delete(dash);
            dash = NULL;
        }
        cJSON_DeleteItemFromObjectCaseSensitive(dash, "progress");
        cJSON_Delete(data);
    }
    free(text);
    free(path);
    return dash;
}

int league_data_build(const char *dir, const replay_league_data *d, cJSON **out, char *err,
                      size_t errsz)
{
    *out = NULL;
    cJSON *standings = NULL, *league = NULL;
    int found;
    int rc = read_league_files(dir, d->standings ? NULL : &standings, &league, &found, err, errsz);
    if (rc)
        return rc;
    cJSON *games = league_games_rows(d->lines);
    if (games) {
        if (!d->served) /* served: every page is rendered on request */
            drop_missing_pages(dir, games);
        add_worst(dir, games);
    }
    cJSON *data = cJSON_CreateObject();
    char name[256];
    int ok =
        data && cJSON_AddStringToObject(data, "dir", replay_dir_name(dir, name, sizeof name)) &&
        cJSON_AddBoolToObject(data, "running", d->running) &&
        (!d->served || cJSON_AddTrueToObject(data, "served")) &&
        cJSON_AddNumberToObject(data, "updated", (double)time(NULL)) && put(data, "games", games) &&
        put(data, "standings",
            d->standings ? copy_or_null(d->standings)
            : standings  ? standings
                         : cJSON_CreateNull()) &&
        put(data, "league", league ? league : cJSON_CreateNull()) &&
        cJSON_AddNumberToObject(data, "total", d->total >= 0 ? (double)d->total : -1) &&
        put(data, "dashboard",
            d->dashboard ? copy_or_null(d->dashboard)
            : d->running ? cJSON_CreateNull()
                         : or_null(kept_dashboard(dir)));
    if (!ok) { /* what put() took is in data; the rest is freed here */
        if (!data) {
            cJSON_Delete(games);
            cJSON_Delete(standings);
            cJSON_Delete(league);
        }
        cJSON_Delete(data);
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory building %s/live.js", dir);
    }
    *out = data;
    return 0;
}
