/* replay_page.c - a game's replay page and the index of a results
 * directory (report/replay_page.h). */
#include "report/replay_page.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "replay/league.h"
#include "replay/replay.h"
#include "util/file.h"
#include "util/text.h"

int arena_replay_page_write(const char *dir, int id, const cJSON *record, char *err, size_t errsz)
{
    if (!record)
        return util_fail(REPLAY_E_INVAL, err, errsz, "game %d: no record", id);
    char path[PATH_MAX + 32], source[32];
    snprintf(path, sizeof path, "%s/games/%06d.html", dir, id);
    snprintf(source, sizeof source, "game %d", id);
    replay_game *g = NULL;
    int rc = replay_game_from_record(record, source, &g, err, errsz);
    if (rc == 0) {
        char *games = util_path_join(dir, "games");
        if (!games || util_mkdirs(games) != 0)
            rc = util_fail(REPLAY_E_IO, err, errsz, "cannot create %s/games", dir);
        free(games);
    }
    if (rc == 0)
        rc = replay_write_league_html(g, path, err, errsz);
    replay_game_free(g);
    return rc;
}

int arena_replay_site_write(const char *dir, const arena_site_data *d, char *err, size_t errsz)
{
    replay_league_data r = {d->lines, d->total, d->standings, d->dashboard, d->running, d->served};
    return d->live_only ? replay_write_league_live(dir, &r, err, errsz)
                        : replay_write_league_pages(dir, &r, err, errsz);
}

int arena_replay_site_js(const char *dir, const arena_site_data *d, char **js, size_t *len,
                         char *err, size_t errsz)
{
    replay_league_data r = {d->lines, d->total, d->standings, d->dashboard, d->running, d->served};
    return replay_league_live_js(dir, &r, js, len, err, errsz);
}
