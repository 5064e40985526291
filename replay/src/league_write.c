/*
 * league_write.c - a loa-arena results directory written as pages
 * (league.h): the index from its files (replay_write_index), from the
 * lines it is given (replay_write_index_lines), and every game's replay
 * page beside its record (replay_write_league). Above league_site.c (the
 * site's files) and league.c (the data they show).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "league_impl.h"
#include "replay/league.h"
#include "replay/replay.h"
#include "util/file.h"
#include "util/text.h"

int replay_write_index_lines(const char *dir, const cJSON *lines, long total, char *err,
                             size_t errsz)
{
    if (!dir || !*dir || !cJSON_IsArray(lines))
        return util_fail(REPLAY_E_INVAL, err, errsz,
                         "replay_write_index_lines: no directory or lines");
    replay_league_data d = {lines, total, NULL, NULL, 0, 0};
    return replay_write_league_pages(dir, &d, err, errsz);
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
    int rc = league_read_optional(dir, "games.jsonl", &text, &len, err, errsz);
    if (rc < 0)
        return rc;
    if (rc == 1 && !has_file(dir, "standings.json"))
        return util_fail(
            REPLAY_E_LEAGUE, err, errsz,
            "%s: neither standings.json nor games.jsonl: not a loa-arena results directory", dir);
    cJSON *lines = league_games_lines(text ? text : "", len);
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

/* A league's page of the record at record (the viewer beside the index). */
static int league_record_page(const char *record, const char *page, char *err, size_t errsz)
{
    replay_game *g;
    int rc = replay_game_load(record, &g, err, errsz);
    if (rc == 0) {
        rc = replay_write_league_html(g, page, err, errsz);
        replay_game_free(g);
    }
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

int replay_write_league(const char *dir, int all, int *written, int *failed, char *err,
                        size_t errsz)
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
    int rc = league_read_optional(dir, "games.jsonl", &text, &len, err, errsz);
    if (rc < 0)
        return rc;
    cJSON *lines = rc == 0 ? league_games_lines(text, len) : cJSON_CreateArray();
    free(text);
    cJSON *rows = lines ? league_games_rows(lines) : NULL;
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
        char *rp = util_path_join(dir, rec->valuestring),
             *pp = util_path_join(dir, page->valuestring);
        char msg[512];
        int r = !rp || !pp ? REPLAY_E_NOMEM : 0;
        if (r == 0 && (all || stale(rp, pp))) {
            r = league_record_page(rp, pp, msg, sizeof msg);
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
