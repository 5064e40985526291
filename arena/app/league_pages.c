/* league_pages.c - a league's pages from its store (app/league_pages.h):
 * one walk of the games into the standings and the dashboard's figures,
 * the stderr of each bot's newest faults from their records, and the
 * pages written by the replay component; while a league runs, live.js
 * again every few seconds at a bounded cost. */
#include "app/league_pages.h"

#include <stdlib.h>
#include <string.h>

#include "app/import.h"

#include "core/error.h"
#include "core/json.h"
#include "core/limits.h"
#include "league/schedule.h"
#include "loa/timer.h"
#include "report/dashboard.h"
#include "report/replay_page.h"
#include "report/standings_json.h"
#include "results/standings.h"
#include "util/text.h"

typedef struct walker {
    arena_standings_acc *acc;
    arena_dashboard *dash;
} walker;

static int add_game(const arena_game_record *r, void *user)
{
    walker *w = user;
    int rc = arena_standings_acc_add(w->acc, r);
    return rc ? rc : arena_dashboard_add(w->dash, r);
}

/* The last answer of the side at fault in record: {"id", "reason", "ply",
 * "detail", "stderr"} (the end of its stderr, as the record keeps it). */
static cJSON *fault_of(int id, const cJSON *record)
{
    const cJSON *res = cJSON_GetObjectItemCaseSensitive(record, "result");
    const cJSON *fault = cJSON_GetObjectItemCaseSensitive(res, "fault");
    const cJSON *plies = cJSON_GetObjectItemCaseSensitive(record, "plies"), *p, *last = NULL;
    cJSON_ArrayForEach(p, plies)
    {
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(p, "color");
        if (cJSON_IsString(c) && cJSON_IsString(fault) &&
            strcmp(c->valuestring, fault->valuestring) == 0)
            last = p;
    }
    const cJSON *reason = cJSON_GetObjectItemCaseSensitive(res, "reason");
    const cJSON *detail = cJSON_GetObjectItemCaseSensitive(res, "detail");
    const cJSON *err = cJSON_GetObjectItemCaseSensitive(last, "stderr");
    const cJSON *ply = cJSON_GetObjectItemCaseSensitive(last, "ply");
    cJSON *o = cJSON_CreateObject();
    if (o && cJSON_AddNumberToObject(o, "id", id) &&
        cJSON_AddStringToObject(o, "reason", cJSON_IsString(reason) ? reason->valuestring : "") &&
        cJSON_AddNumberToObject(o, "ply", cJSON_IsNumber(ply) ? ply->valuedouble : 0) &&
        cJSON_AddStringToObject(o, "detail", cJSON_IsString(detail) ? detail->valuestring : "") &&
        cJSON_AddStringToObject(o, "stderr", cJSON_IsString(err) ? err->valuestring : ""))
        return o;
    cJSON_Delete(o);
    return NULL;
}

/* Each bot's "fault_stderr": its newest faults' last answers, read from
 * their records (at most ARENA_DASH_KEEP a bot: a few records a write). A
 * record that cannot be read is left out. */
static int add_fault_stderr(const arena_store *st, const arena_settings *s,
                            const arena_dashboard *dash, cJSON *figs)
{
    cJSON *bots = cJSON_GetObjectItemCaseSensitive(figs, "bots");
    for (int b = 0; b < s->bot_count; b++) {
        int ids[ARENA_DASH_KEEP];
        int n = arena_dashboard_faults(dash, b, ids, ARENA_DASH_KEEP);
        cJSON *list =
            cJSON_AddArrayToObject(cJSON_GetObjectItemCaseSensitive(bots, s->bots[b].name),
                                   "fault_stderr");
        if (!list)
            return ARENA_E_NOMEM;
        for (int i = 0; i < n; i++) {
            cJSON *record = NULL, *f;
            char err[256];
            if (arena_store_record(st, ids[i], &record, err, sizeof err) != 0)
                continue;
            f = fault_of(ids[i], record);
            cJSON_Delete(record);
            if (!f || !cJSON_AddItemToArray(list, f)) {
                cJSON_Delete(f);
                return ARENA_E_NOMEM;
            }
        }
    }
    return 0;
}

/* Each bot's "slowest" games with the turn that came nearest its limit and
 * that turn's stderr (arena_dashboard_slow_turn), read from their records (at most
 * ARENA_DASH_KEEP a bot). A record that cannot be read adds nothing. */
static int add_slow_stderr(const arena_store *st, cJSON *figs)
{
    cJSON *bot, *g;
    cJSON_ArrayForEach(bot, cJSON_GetObjectItemCaseSensitive(figs, "bots"))
    {
        cJSON_ArrayForEach(g, cJSON_GetObjectItemCaseSensitive(bot, "slowest"))
        {
            cJSON *record = NULL;
            char err[256];
            const cJSON *id = cJSON_GetObjectItemCaseSensitive(g, "id");
            if (!cJSON_IsNumber(id) ||
                arena_store_record(st, id->valueint, &record, err, sizeof err) != 0)
                continue;
            int rc = arena_dashboard_slow_turn(record, bot->string, g);
            cJSON_Delete(record);
            if (rc)
                return ARENA_E_NOMEM;
        }
    }
    return 0;
}

static int add_progress(cJSON *figs, const arena_site_progress *p)
{
    cJSON *o = cJSON_CreateObject();
    double rate = p->elapsed_s > 0 ? p->played_now / p->elapsed_s : 0;
    int left = p->total - p->done;
    return arena_json_add(figs, "progress", o) && cJSON_AddNumberToObject(o, "done", p->done) &&
                   cJSON_AddNumberToObject(o, "total", p->total) &&
                   cJSON_AddNumberToObject(o, "played_now", p->played_now) &&
                   arena_json_add_number(o, "elapsed_s", p->elapsed_s, 0.1) &&
                   arena_json_add_number(o, "games_per_s", rate, 0.001) &&
                   arena_json_add_number(o, "eta_s", rate > 0 ? left / rate : -1, 1) &&
                   cJSON_AddBoolToObject(o, "sprt", p->sprt)
               ? 0
               : ARENA_E_NOMEM;
}

/* The standings (*standings) and the dashboard's figures (*figs) of st's
 * games, in one walk. */
static int figures(const arena_store *st, cJSON **standings, cJSON **figs, char *err, size_t errsz)
{
    const arena_settings *s = arena_store_settings(st);
    int anchor = s->anchor ? arena_settings_find_bot(s, s->anchor) : -1;
    walker w = {NULL, NULL};
    arena_standings *sd = malloc(sizeof *sd); /* large */
    int rc = sd ? arena_standings_acc_new(s, anchor, &w.acc) : ARENA_E_NOMEM;
    if (rc == 0)
        rc = arena_dashboard_new(s, anchor, (int)arena_shard_size(s), &w.dash);
    if (rc == 0) {
        /* the walk adds at least the games counted now (a reader's store
         * may gain games meanwhile: more is safe) */
        arena_dashboard_expect(w.dash, arena_store_count(st));
        rc = arena_store_foreach(st, add_game, &w, err, errsz);
    }
    if (rc == 0)
        rc = arena_standings_acc_finish(w.acc, sd);
    if (rc == 0 && (!(*standings = arena_standings_to_json(sd, s)) ||
                    !(*figs = arena_dashboard_to_json(w.dash))))
        rc = ARENA_E_NOMEM;
    if (rc == 0)
        rc = add_fault_stderr(st, s, w.dash, *figs);
    if (rc == 0)
        rc = add_slow_stderr(st, *figs);
    cJSON *triage = NULL; /* an imported league's first panel (app/import.h) */
    if (rc == 0 && arena_import_is_imported(s) &&
        (rc = arena_import_triage(s, st, &triage, err, errsz)) == 0 &&
        !cJSON_AddItemToObject(*figs, "triage", triage))
        cJSON_Delete(triage), rc = ARENA_E_NOMEM;
    arena_standings_acc_free(w.acc);
    arena_dashboard_free(w.dash);
    free(sd);
    if (rc && arena_error_kind(rc) != ARENA_E_IO && arena_error_kind(rc) != ARENA_E_PARSE)
        util_fail(rc, err, errsz, "the league's figures: %s", arena_strerror(rc));
    return rc;
}

/* The pages' data of st's league, written into dir, or (js not NULL)
 * returned as live.js's text for a server. */
static int site(const arena_store *st, const char *dir, const arena_site_progress *p, int live_only,
                char **js, size_t *len, char *err, size_t errsz)
{
    cJSON *standings = NULL, *figs = NULL, *lines = NULL;
    int max = p ? ARENA_LIVE_GAMES : ARENA_INDEX_GAMES;
    int rc = figures(st, &standings, &figs, err, errsz);
    if (rc == 0 && p && add_progress(figs, p))
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    if (rc == 0)
        rc = arena_store_index_lines(st, max, &lines, err, errsz);
    if (rc == 0) {
        arena_site_data d = {lines,     arena_store_count(st), standings,
                             figs,      p != NULL || js,       live_only,
                             js != NULL};
        rc = js ? arena_replay_site_js(dir, &d, js, len, err, errsz)
                : arena_replay_site_write(dir, &d, err, errsz);
    }
    cJSON_Delete(lines);
    cJSON_Delete(standings);
    cJSON_Delete(figs);
    return rc;
}

int arena_league_site(const arena_store *st, const char *dir, const arena_site_progress *p,
                      int live_only, char *err, size_t errsz)
{
    return site(st, dir, p, live_only, NULL, NULL, err, errsz);
}

int arena_league_live_js(const arena_store *st, const char *dir, char **js, size_t *len, char *err,
                         size_t errsz)
{
    return site(st, dir, NULL, 1, js, len, err, errsz);
}

void arena_live_init(arena_live *lv, int enabled)
{
    memset(lv, 0, sizeof *lv);
    lv->enabled = enabled;
}

int arena_live_due(const arena_live *lv)
{
    if (!lv->enabled)
        return 0;
    int64_t now = loa_wall_us();
    int64_t wait = lv->last_cost_us * ARENA_LIVE_COST_FACTOR;
    if (wait < (int64_t)ARENA_LIVE_MS * 1000)
        wait = (int64_t)ARENA_LIVE_MS * 1000;
    return lv->last_us == 0 || now - lv->last_us >= wait;
}

int arena_live_write(arena_live *lv, const arena_store *st, const char *dir,
                     const arena_site_progress *p, char *err, size_t errsz)
{
    int64_t t0 = loa_wall_us();
    int rc = arena_league_site(st, dir, p, lv->writes > 0, err, errsz);
    int64_t t1 = loa_wall_us();
    lv->last_us = t1;
    lv->last_cost_us = t1 - t0;
    lv->total_cost_us += t1 - t0;
    lv->writes++;
    return rc;
}
