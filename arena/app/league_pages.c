/* league_pages.c - a league's pages from its store (app/league_pages.h):
 * one walk of the games into the standings and the dashboard's figures,
 * the stderr of each bot's newest faults from their records, and the
 * pages written by the replay component; while a league runs, live.js
 * again every few seconds at a bounded cost. */
#include "app/league_pages.h"
#include "app/metrics_task.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "app/import.h"

#include "core/error.h"
#include "core/json.h"
#include "core/limits.h"
#include "league/schedule.h"
#include "leaguedb/metrics.h"
#include "loa/timer.h"
#include "report/dashboard.h"
#include "report/replay_page.h"
#include "report/standings_json.h"
#include "results/filter_game.h"
#include "results/standings.h"
#include "util/text.h"

/* The newest lines of the games a filtered walk keeps, as
 * arena_store_index_lines lists a whole league's: two rings of max (all,
 * and those lost by a fault), each line with its place in the walk. */
typedef struct ring {
    cJSON **line;
    long *seq;
    int max, n, next;
} ring;

typedef struct walker {
    arena_standings_acc *acc;
    arena_dashboard *dash;
    const arena_settings *s;
    ring *kept; /* NULL: the walk is not filtered */
    long seq;
} walker;

static int ring_put(ring *g, long seq, const cJSON *line)
{
    cJSON *copy = cJSON_Duplicate(line, 1);
    if (!copy)
        return ARENA_E_NOMEM;
    cJSON_Delete(g->line[g->next]);
    g->line[g->next] = copy;
    g->seq[g->next] = seq;
    g->next = (g->next + 1) % g->max;
    if (g->n < g->max)
        g->n++;
    return 0;
}

static int keep_line(walker *w, const arena_game_record *r)
{
    cJSON *line = arena_record_to_json(r, w->s);
    long seq = w->seq++;
    int rc = line ? ring_put(&w->kept[0], seq, line) : ARENA_E_NOMEM;
    if (rc == 0 && r->fault >= 0)
        rc = ring_put(&w->kept[1], seq, line);
    cJSON_Delete(line);
    return rc;
}

static int add_game(const arena_game_record *r, void *user)
{
    walker *w = user;
    int rc = arena_standings_acc_add(w->acc, r);
    if (rc == 0)
        rc = arena_dashboard_add(w->dash, r);
    return rc == 0 && w->kept ? keep_line(w, r) : rc;
}

static void ring_free(ring *g)
{
    for (int k = 0; g->line && k < g->max; k++)
        cJSON_Delete(g->line[k]);
    free(g->line);
    free(g->seq);
}

/* The two rings' lines in walk order, each once, into a new array (moved
 * out of the rings); NULL on out of memory. */
static cJSON *ring_lines(ring kept[2])
{
    cJSON *out = cJSON_CreateArray();
    int at[2] = {0, 0}, first[2];
    for (int k = 0; k < 2; k++)
        first[k] = kept[k].n < kept[k].max ? 0 : kept[k].next;
    while (out && (at[0] < kept[0].n || at[1] < kept[1].n)) {
        int i[2] = {(first[0] + at[0]) % kept[0].max, (first[1] + at[1]) % kept[1].max};
        long s0 = at[0] < kept[0].n ? kept[0].seq[i[0]] : LONG_MAX;
        long s1 = at[1] < kept[1].n ? kept[1].seq[i[1]] : LONG_MAX;
        int from = s1 < s0 ? 1 : 0;
        if (s0 == s1) /* the same game in both: once */
            at[1]++;
        cJSON_AddItemToArray(out, kept[from].line[i[from]]);
        kept[from].line[i[from]] = NULL;
        at[from]++;
    }
    return out;
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
 * games, in one walk; with fg (not NULL) of the games it keeps, whose
 * newest are listed into kept. */
static int figures(const arena_store *st, arena_filter_games *fg, ring *kept, cJSON **standings,
                   cJSON **figs, char *err, size_t errsz)
{
    const arena_settings *s = arena_store_settings(st);
    int anchor = s->anchor ? arena_settings_find_bot(s, s->anchor) : -1;
    walker w = {.s = s, .kept = fg ? kept : NULL};
    arena_standings *sd = malloc(sizeof *sd); /* large */
    int rc = sd ? arena_standings_acc_new(s, anchor, &w.acc) : ARENA_E_NOMEM;
    if (rc == 0)
        rc = arena_dashboard_new(s, anchor, (int)arena_shard_size(s), &w.dash);
    if (rc == 0) {
        /* the walk adds at least the games counted now (a reader's store
         * may gain games meanwhile: more is safe) */
        arena_dashboard_expect(w.dash, arena_store_count(st));
        rc = fg ? arena_filter_games_walk(fg, add_game, &w)
                : arena_store_foreach(st, add_game, &w, err, errsz);
        if (rc && fg && arena_error_kind(rc) != ARENA_E_NOMEM)
            util_fail(rc, err, errsz, "cannot read the games of %s", arena_store_db_path(st));
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

/* The filter's line in the standings: {"text", "kept", "seen"}. */
static int add_filter(cJSON *standings, const char *text, const arena_filter_games *fg)
{
    cJSON *o = cJSON_CreateObject();
    return arena_json_add(standings, "filter", o) && cJSON_AddStringToObject(o, "text", text) &&
                   cJSON_AddNumberToObject(o, "kept", fg->kept) &&
                   cJSON_AddNumberToObject(o, "seen", fg->seen)
               ? 0
               : ARENA_E_NOMEM;
}

/* The metrics summed up (over fg's games when not NULL) into *metrics
 * (NULL when the league has none; caller owns). */
static int metrics_of(const arena_store *st, arena_filter_games *fg, cJSON **metrics, char *err,
                      size_t errsz)
{
    *metrics = NULL;
    if (leaguedb_has_metrics(arena_store_db(st)) <= 0)
        return 0;
    const arena_settings *s = arena_store_settings(st);
    return fg ? arena_task_metrics_of(s, st, arena_filter_games_walk, fg, NULL, NULL, NULL, metrics,
                                      err, errsz)
              : arena_task_metrics(s, st, NULL, NULL, NULL, metrics, err, errsz);
}

/* What a server's live.js is built with: a filter (f, its text ftext;
 * f NULL: none) and, unfiltered, the metrics the server keeps (borrowed;
 * NULL: none). */
typedef struct served {
    const arena_filter *f;
    const char *ftext;
    const cJSON *metrics;
} served;

/* The pages' data of st's league, written into dir, or (js not NULL)
 * returned as live.js's text for a server (sv). */
static int site(const arena_store *st, const char *dir, const arena_site_progress *p, int live_only,
                const served *sv, char **js, size_t *len, char *err, size_t errsz)
{
    const arena_filter *f = sv ? sv->f : NULL;
    const char *ftext = sv ? sv->ftext : NULL;
    cJSON *standings = NULL, *figs = NULL, *lines = NULL;
    int max = p ? ARENA_LIVE_GAMES : ARENA_INDEX_GAMES;
    arena_filter_metrics fm = {.store = st, .id = -1};
    arena_filter_games fg = {.s = arena_store_settings(st),
                             .filter = f,
                             .walk = arena_store_games_walk,
                             .source = (void *)st,
                             .metric = arena_filter_metrics_lookup,
                             .metric_user = &fm};
    ring kept[2] = {{.max = max}, {.max = max}};
    int rc = 0;
    for (int k = 0; f && k < 2; k++)
        if (!(kept[k].line = calloc((size_t)max, sizeof *kept[k].line)) ||
            !(kept[k].seq = calloc((size_t)max, sizeof *kept[k].seq)))
            rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    if (rc == 0)
        rc = figures(st, f ? &fg : NULL, kept, &standings, &figs, err, errsz);
    if (rc == 0 && fm.rc)
        rc = util_fail(ARENA_E_IO, err, errsz, "%s", fm.err);
    int kept_games = fg.kept; /* the metrics' walk below counts again */
    if (rc == 0 && f && add_filter(standings, ftext, &fg))
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    /* the metrics summed up: not while a league runs (it would sum them up
     * at every write: 3 s over 10^5 games); a server's builds are spaced
     * by their cost (ARENA_LIVE_COST_FACTOR) */
    if (rc == 0 && sv && !f && sv->metrics &&
        !cJSON_AddItemToObject(standings, "metrics", cJSON_Duplicate(sv->metrics, 1)))
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    else if (rc == 0 && !p && (!sv || f)) {
        cJSON *m = NULL;
        if ((rc = metrics_of(st, f ? &fg : NULL, &m, err, errsz)) == 0 && m)
            cJSON_AddItemToObject(standings, "metrics", m);
    }
    arena_filter_metrics_end(&fm);
    if (rc == 0 && p && add_progress(figs, p))
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    if (rc == 0 && f && !(lines = ring_lines(kept)))
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    else if (rc == 0 && !f)
        rc = arena_store_index_lines(st, max, &lines, err, errsz);
    ring_free(&kept[0]);
    ring_free(&kept[1]);
    if (rc == 0) {
        arena_site_data d = {lines,           f ? kept_games : arena_store_count(st),
                             standings,       figs,
                             p != NULL || js, live_only,
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
    return site(st, dir, p, live_only, NULL, NULL, NULL, err, errsz);
}

int arena_league_live_js(const arena_store *st, const char *dir, const cJSON *metrics, char **js,
                         size_t *len, char *err, size_t errsz)
{
    served sv = {NULL, NULL, metrics};
    return site(st, dir, NULL, 1, &sv, js, len, err, errsz);
}

int arena_league_metrics(const arena_store *st, cJSON **metrics, char *err, size_t errsz)
{
    return metrics_of(st, NULL, metrics, err, errsz);
}

int arena_league_live_js_filtered(const arena_store *st, const char *dir, const char *filter,
                                  char **js, size_t *len, char *err, size_t errsz)
{
    arena_filter *f = NULL;
    char ferr[256];
    int rc = arena_filter_parse(filter, &f, ferr, sizeof ferr);
    if (rc == 0)
        rc = arena_filter_games_check(arena_store_settings(st), f, ferr, sizeof ferr);
    if (rc)
        util_fail(rc, err, errsz, "%s", ferr);
    else
        rc = site(st, dir, NULL, 1, &(served){f, filter, NULL}, js, len, err, errsz);
    arena_filter_free(f);
    return rc;
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
