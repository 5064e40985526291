/*
 * league.c - a loa-arena results directory as pages (league.h): the index
 * from standings.json, games.jsonl and league.json, and every game's
 * replay page beside its record.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "assets.h"
#include "replay/analysis.h"
#include "replay/league.h"
#include "replay/replay.h"
#include "util/error.h"
#include "util/file.h"
#include "util/text.h"

/* Reads DIR/name as JSON text: 0 and *text (the caller frees), 1 when the
 * file does not exist, or an error. */
static int read_optional(const char *dir, const char *name, char **text, size_t *len, char *err,
                         size_t errsz)
{
    char *path = util_path_join(dir, name);
    if (!path)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory");
    int rc = util_read_file(path, REPLAY_LEAGUE_FILE_MAX, text, len);
    if (rc == UTIL_E_IO && errno == ENOENT)
        rc = 1;
    else if (rc == UTIL_E_RANGE)
        rc = util_fail(REPLAY_E_TOO_BIG, err, errsz, "%s: larger than %u bytes", path, REPLAY_LEAGUE_FILE_MAX);
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
    static const char *const strings[] = {"black", "white", "result", "reason", "seed", "detail",
                                          "winner", "fault"};
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
    const cJSON *rec = cJSON_GetObjectItemCaseSensitive(line, "record");
    const cJSON *pg = cJSON_GetObjectItemCaseSensitive(line, "page");
    if (o && cJSON_IsString(pg) && safe_page_path(pg->valuestring)) {
        /* a league on the database: the page is named, the record is in it */
        if (!cJSON_AddStringToObject(o, "page", pg->valuestring))
            goto oom;
    } else if (o && cJSON_IsString(rec) && safe_record_path(rec->valuestring)) {
        char page[96];
        snprintf(page, sizeof page, "%.*s.html", (int)strlen(rec->valuestring) - 5, rec->valuestring);
        if (!cJSON_AddStringToObject(o, "page", page) || !cJSON_AddStringToObject(o, "record", rec->valuestring))
            goto oom;
    }
    return o;
oom:
    cJSON_Delete(o);
    return NULL;
}

/* Parses games.jsonl into an array of its lines; lines that are not JSON
 * are skipped (the arena itself warns about them). */
static cJSON *games_lines(const char *text, size_t len)
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

/* The index's rows of games.jsonl lines; lines that are not games are
 * skipped. NULL on out of memory. */
static cJSON *games_rows(const cJSON *lines)
{
    cJSON *rows = cJSON_CreateArray();
    const cJSON *line;
    cJSON_ArrayForEach(line, lines) {
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
    cJSON_ArrayForEach(row, rows) {
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
    cJSON_ArrayForEach(row, rows) {
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
            cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(a, "players")) {
                const cJSON *lost = cJSON_GetObjectItemCaseSensitive(p, "lost");
                const cJSON *worst = cJSON_GetObjectItemCaseSensitive(p, "worst");
                const cJSON *name = cJSON_GetObjectItemCaseSensitive(p, "name");
                if (cJSON_IsTrue(lost) && cJSON_IsNumber(worst) && cJSON_IsString(name) &&
                    worst->valuedouble >= 1 && worst->valuedouble == (double)(int)worst->valuedouble &&
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

static const char *base_name(const char *dir)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        n--;
    const char *b = dir + n;
    while (b > dir && b[-1] != '/')
        b--;
    return b;
}

/* Reads the optional standings.json and league.json of dir into *standings
 * (an object, NULL when absent) and *league (NULL when absent or not an
 * object: the index is still useful without it). *found: standings.json
 * exists. Returns 0 or an error (err). */
static int read_league_files(const char *dir, cJSON **standings, cJSON **league, int *found,
                             char *err, size_t errsz)
{
    char *st_text = NULL, *league_text = NULL;
    size_t st_len = 0, league_len = 0;
    *standings = *league = NULL;
    int rc_st = read_optional(dir, "standings.json", &st_text, &st_len, err, errsz);
    int rc_l = rc_st < 0 ? 0 : read_optional(dir, "league.json", &league_text, &league_len, err, errsz);
    int rc = rc_st < 0 ? rc_st : rc_l < 0 ? rc_l : 0;
    *found = rc_st == 0;
    if (rc == 0 && rc_st == 0) {
        *standings = cJSON_ParseWithLength(st_text, st_len);
        if (!cJSON_IsObject(*standings))
            rc = util_fail(REPLAY_E_LEAGUE, err, errsz, "%s/standings.json: not a JSON object", dir);
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

/* The index's data: {dir, games, standings, league, total}. Takes games,
 * standings and league (each freed here on failure). NULL on out of
 * memory. */
static cJSON *index_data(const char *dir, cJSON *games, cJSON *standings, cJSON *league,
                         long total)
{
    cJSON *data = cJSON_CreateObject();
    int ok = data && games && cJSON_AddStringToObject(data, "dir", base_name(dir)) &&
             cJSON_AddItemToObject(data, "games", games);
    if (ok)
        games = NULL;
    ok = ok && cJSON_AddItemToObject(data, "standings", standings ? standings : cJSON_CreateNull());
    if (ok)
        standings = NULL;
    ok = ok && cJSON_AddItemToObject(data, "league", league ? league : cJSON_CreateNull());
    if (ok)
        league = NULL;
    ok = ok && cJSON_AddNumberToObject(data, "total", total >= 0 ? (double)total : -1);
    cJSON_Delete(games);
    cJSON_Delete(standings);
    cJSON_Delete(league);
    if (!ok) {
        cJSON_Delete(data);
        return NULL;
    }
    return data;
}

/* Renders data (consumed) as dir/index.html. */
static int write_index_page(const char *dir, cJSON *data, char *err, size_t errsz)
{
    char *html = NULL, *path = NULL;
    size_t len = 0;
    char title[300];
    snprintf(title, sizeof title, "League %.250s", base_name(dir));
    int rc = replay_render("index.html", title, data, &html, &len, err, errsz);
    cJSON_Delete(data);
    if (rc == 0 && !(path = util_path_join(dir, "index.html")))
        rc = util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory");
    if (rc == 0 && util_write_file_atomic(path, html, len) != 0)
        rc = util_fail(REPLAY_E_IO, err, errsz, "cannot write %s: %s", path, strerror(errno));
    free(path);
    free(html);
    return rc;
}

int replay_write_index_lines(const char *dir, const cJSON *lines, long total, char *err,
                             size_t errsz)
{
    if (!dir || !*dir || !cJSON_IsArray(lines))
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_write_index_lines: no directory or lines");
    cJSON *standings, *league;
    int found;
    int rc = read_league_files(dir, &standings, &league, &found, err, errsz);
    if (rc)
        return rc;
    cJSON *games = games_rows(lines);
    if (games) {
        drop_missing_pages(dir, games);
        add_worst(dir, games);
    }
    cJSON *data = index_data(dir, games, standings, league, total);
    if (!data)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory building %s/index.html", dir);
    return write_index_page(dir, data, err, errsz);
}

static int has_file(const char *dir, const char *name)
{
    char *p = util_path_join(dir, name);
    struct stat sb;
    int yes = p && stat(p, &sb) == 0;
    free(p);
    return yes;
}

int replay_write_index(const char *dir, char *err, size_t errsz)
{
    if (!dir || !*dir)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_write_index: no directory");
    char *text = NULL;
    size_t len = 0;
    int rc = read_optional(dir, "games.jsonl", &text, &len, err, errsz);
    if (rc < 0)
        return rc;
    if (rc == 1 && !has_file(dir, "standings.json"))
        return util_fail(REPLAY_E_LEAGUE, err, errsz,
                         "%s: neither standings.json nor games.jsonl: not a loa-arena results directory", dir);
    cJSON *lines = games_lines(text ? text : "", len);
    free(text);
    if (!lines)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory reading %s/games.jsonl", dir);
    rc = replay_write_index_lines(dir, lines, -1, err, errsz);
    cJSON_Delete(lines);
    return rc;
}

int replay_write_record_page(const char *record_path, char *err, size_t errsz)
{
    if (!record_path)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_write_record_page: NULL path");
    replay_game *g;
    int rc = replay_game_load(record_path, &g, err, errsz);
    if (rc != 0)
        return rc;
    char *out = replay_default_output(record_path);
    rc = out ? replay_write_html(g, out, err, errsz)
             : util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory");
    free(out);
    replay_game_free(g);
    return rc;
}

/* 1 when the page at page is missing or older than the record. */
static int stale(const char *record, const char *page)
{
    struct stat r, p;
    if (stat(page, &p) != 0 || stat(record, &r) != 0)
        return 1;
    return p.st_mtim.tv_sec < r.st_mtim.tv_sec ||
           (p.st_mtim.tv_sec == r.st_mtim.tv_sec && p.st_mtim.tv_nsec < r.st_mtim.tv_nsec);
}

int replay_write_league(const char *dir, int all, int *written, int *failed, char *err, size_t errsz)
{
    int nw = 0, nf = 0, first = 0;
    if (written)
        *written = 0;
    if (failed)
        *failed = 0;
    if (!dir || !*dir)
        return util_fail(REPLAY_E_INVAL, err, errsz, "replay_write_league: no directory");
    char *text = NULL;
    size_t len = 0;
    int rc = read_optional(dir, "games.jsonl", &text, &len, err, errsz);
    if (rc < 0)
        return rc;
    cJSON *lines = rc == 0 ? games_lines(text, len) : cJSON_CreateArray();
    free(text);
    cJSON *rows = lines ? games_rows(lines) : NULL;
    cJSON_Delete(lines);
    if (!rows)
        return util_fail(REPLAY_E_NOMEM, err, errsz, "out of memory reading %s/games.jsonl", dir);
    const cJSON *row;
    cJSON_ArrayForEach(row, rows)
    {
        const cJSON *rec = cJSON_GetObjectItemCaseSensitive(row, "record");
        const cJSON *page = cJSON_GetObjectItemCaseSensitive(row, "page");
        if (!cJSON_IsString(rec) || !cJSON_IsString(page))
            continue;
        char *rp = util_path_join(dir, rec->valuestring), *pp = util_path_join(dir, page->valuestring);
        char msg[512];
        int r = !rp || !pp ? REPLAY_E_NOMEM : 0;
        if (r == 0 && (all || stale(rp, pp))) {
            r = replay_write_record_page(rp, msg, sizeof msg);
            if (r == 0)
                nw++;
        } else if (r != 0) {
            snprintf(msg, sizeof msg, "out of memory");
        }
        if (r != 0) {
            if (nf++ == 0) {
                first = r;
                util_fail(r, err, errsz, "%s", msg);
            }
        }
        free(rp);
        free(pp);
    }
    cJSON_Delete(rows);
    if (written)
        *written = nw;
    if (failed)
        *failed = nf;
    char ierr[512];
    rc = replay_write_index(dir, ierr, sizeof ierr);
    if (rc != 0) {
        util_fail(rc, err, errsz, "%s", ierr);
        return rc;
    }
    return first;
}
