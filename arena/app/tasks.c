/* tasks.c - the commands that play nothing, and the standings of a store
 * (app/tasks.h). */
#include "app/tasks.h"
#include "app/import.h"
#include "app/league_pages.h"
#include "app/metrics_task.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/limits.h"
#include "core/text.h"
#include "league/openings.h"
#include "league/settings_check.h"
#include "leaguedb/metrics.h"
#include "report/replay_page.h"
#include "report/standings_report.h"
#include "results/filter_game.h"
#include "store/merge.h"
#include "store/store.h"
#include "util/buf.h"
#include "util/text.h"

void arena_warn_stderr(const char *msg, void *user)
{
    (void)user;
    fprintf(stderr, "loa-arena: warning: %s\n", msg);
}

void arena_note_stdout(const char *msg, void *user)
{
    (void)user;
    printf("%s\n", msg);
}

/* The store's games, walked for the standings (arena_games_walk_fn): a
 * database that cannot be read is said on stderr. */
static int walk_store(void *source, arena_game_fn fn, void *user)
{
    char err[512];
    int rc = arena_store_foreach(source, fn, user, err, sizeof err);
    if (rc < 0 && arena_error_kind(rc) != ARENA_E_INVAL && arena_error_kind(rc) != ARENA_E_NOMEM)
        fprintf(stderr, "loa-arena: %s\n", err);
    return rc;
}

int arena_task_report(const arena_settings *s, arena_store *store, int anchor,
                      const unsigned char *exclude, int write, FILE *out)
{
    cJSON *j = NULL;
    int rc = arena_standings_report(s, walk_store, store, anchor, exclude, out, write ? &j : NULL);
    char err[1024];
    cJSON *metrics = NULL;
    /* standings.json carries the metrics when the league has some */
    if (rc == 0 && j && leaguedb_has_metrics(arena_store_db(store)) > 0) {
        if (arena_task_metrics(s, store, exclude, NULL, NULL, &metrics, err, sizeof err))
            fprintf(stderr, "loa-arena: metrics: %s\n", err);
        else if (metrics)
            cJSON_AddItemToObject(j, "metrics", metrics);
    }
    if (rc == 0 && write && (rc = arena_store_write_standings(store, j, err, sizeof err))) {
        if (arena_error_kind(rc) == ARENA_E_IO)
            fprintf(stderr, "loa-arena: %s\n", err);
    } else if (rc == 0 && write) {
        fprintf(out, "\nStandings written to %s\n", arena_store_standings_path(store));
    }
    cJSON_Delete(j);
    return rc;
}

int arena_task_report_text(const arena_settings *s, const arena_store *store, int anchor,
                           char **text)
{
    return arena_standings_report_text(s, walk_store, (void *)store, anchor, text);
}

/* The filter --filter and --opening make (MOVES as match.opening ==
 * "MOVES", ANDed), parsed into *out; NULL when neither is given. --filter
 * is parsed alone first, so that its error names its own columns. Returns
 * 0, or 2 after a one-line message on stderr. */
static int standings_filter(const arena_request *req, arena_filter **out)
{
    *out = NULL;
    char err[512];
    const char *which = "filter";
    int rc = 0;
    if (req->filter && (rc = arena_filter_parse(req->filter, out, err, sizeof err)) == 0 &&
        req->opening) {
        arena_filter_free(*out);
        *out = NULL;
    }
    if (rc == 0 && req->opening) {
        which = "opening";
        util_buf b = {0};
        util_buf_printf(&b, "match.opening == \"%s\"", req->opening);
        if (req->filter)
            util_buf_printf(&b, " AND (%s)", req->filter);
        rc = b.failed ? ARENA_E_NOMEM : arena_filter_parse(b.s, out, err, sizeof err);
        util_buf_free(&b);
        if (rc == ARENA_E_CONFIG)
            snprintf(err, sizeof err, "'%s' is not an opening's moves", req->opening);
    }
    if (rc == ARENA_E_NOMEM)
        snprintf(err, sizeof err, "%s", arena_strerror(rc));
    if (rc)
        fprintf(stderr, "loa-arena: --%s: %s\n", which, err);
    return rc ? 2 : 0;
}

/* The standings of the games f keeps (rated anew on them), and a line
 * saying how many of the league's games those are. */
static int report_filtered(const arena_settings *s, arena_store *store, int anchor,
                           const unsigned char *exclude, const arena_filter *f,
                           const arena_request *req)
{
    /* a league read from its directory has no opening table loaded */
    arena_openings *openings = NULL;
    char err[512];
    int rc = s->openings ? 0 : arena_settings_openings(s, &openings, err, sizeof err);
    if (rc) {
        fprintf(stderr, "loa-arena: %s\n", err);
        return rc;
    }
    arena_filter_metrics fm = {.store = store, .id = -1};
    arena_filter_games fg = {.s = s,
                             .filter = f,
                             .openings = openings,
                             .walk = walk_store,
                             .source = store,
                             .metric = arena_filter_metrics_lookup,
                             .metric_user = &fm};
    /* into memory first: a filter that keeps nothing is said so, not "no
     * game finished yet" */
    char *text = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&text, &size);
    rc = mem ? arena_standings_report(s, arena_filter_games_walk, &fg, anchor, exclude, mem, NULL)
             : ARENA_E_NOMEM;
    if (mem)
        fclose(mem);
    if (rc == 0 && fg.kept == 0)
        printf("Standings: the filter keeps none of the league's %d games\n", fg.seen);
    else if (rc == 0)
        fputs(text, stdout);
    free(text);
    arena_filter_metrics_end(&fm);
    if (rc == 0 && fm.rc) { /* a filter on unreadable metrics decided nothing */
        fprintf(stderr, "loa-arena: --filter: %s\n", fm.err);
        rc = fm.rc;
    }
    if (rc == 0)
        printf("\nFiltered: %d of %d games\n", fg.kept, fg.seen);
    if (rc == 0 && req->metrics) { /* the metrics of the games kept */
        fputc('\n', stdout);
        if ((rc = arena_task_metrics_of(s, store, arena_filter_games_walk, &fg, exclude,
                                        req->metrics_only, stdout, NULL, err, sizeof err)))
            fprintf(stderr, "loa-arena: --metrics: %s\n", err);
    }
    arena_openings_free(openings);
    return rc;
}

int arena_task_standings(const arena_request *req)
{
    char err[1024];
    arena_store *store = NULL;
    int rc = arena_store_open(req->dir, NULL, NULL, ARENA_STORE_READ_ONLY, arena_warn_stderr, NULL,
                              &store, err, sizeof err);
    if (rc) {
        fprintf(stderr, "loa-arena: %s\n", err);
        return 2;
    }
    const arena_settings *s = arena_store_settings(store);
    const char *anchor_name = req->anchor_set ? req->settings.anchor : s->anchor;
    int anchor = -1;
    if (anchor_name && (anchor = arena_settings_find_bot(s, anchor_name)) < 0) {
        fprintf(stderr, "loa-arena: --anchor: '%s' is not one of the bots of %s\n", anchor_name,
                req->dir);
        arena_store_close(store);
        return 2;
    }
    unsigned char exclude[ARENA_MAX_BOTS] = {0};
    for (int i = 0; i < req->exclude_count; i++) {
        int b = arena_settings_find_bot(s, req->exclude[i]);
        if (b < 0) {
            fprintf(stderr, "loa-arena: --exclude: '%s' is not one of the bots of %s\n",
                    req->exclude[i], req->dir);
            arena_store_close(store);
            return 2;
        }
        if (b == anchor) {
            fprintf(stderr, "loa-arena: --exclude: '%s' is the anchor (--anchor another bot)\n",
                    req->exclude[i]);
            arena_store_close(store);
            return 2;
        }
        exclude[b] = 1;
    }
    if (req->exclude_count >= s->bot_count - 1) {
        fprintf(stderr, "loa-arena: --exclude: at least two bots must remain\n");
        arena_store_close(store);
        return 2;
    }
    arena_filter *f;
    if (standings_filter(req, &f)) {
        arena_store_close(store);
        return 2;
    }
    if (f && arena_filter_games_check(s, f, err, sizeof err)) {
        fprintf(stderr, "loa-arena: --filter: %s\n", err);
        arena_filter_free(f);
        arena_store_close(store);
        return 2;
    }
    const unsigned char *ex = req->exclude_count ? exclude : NULL;
    rc = f ? report_filtered(s, store, anchor, ex, f, req)
           : arena_task_report(s, store, anchor, ex, 0, stdout);
    if (rc == 0 && req->metrics && !f) {
        fputc('\n', stdout);
        if ((rc = arena_task_metrics(s, store, ex, req->metrics_only, stdout, NULL, err,
                                     sizeof err)))
            fprintf(stderr, "loa-arena: --metrics: %s\n", err);
    }
    if (rc == 0 && !f && arena_import_is_imported(s) &&
        (rc = arena_import_contestant(s, store, stdout, err, sizeof err)))
        fprintf(stderr, "loa-arena: %s\n", err);
    arena_filter_free(f);
    arena_store_close(store);
    return rc ? 1 : 0;
}

/* The pages of some of a store's games, from their records. */
typedef struct pages {
    const arena_store *st;
    const char *dir;
    arena_pages which;
    int written, failed;
    char first_error[700];
} pages;

static void page_of(pages *p, int id, ref_reason reason)
{
    char err[512];
    cJSON *record = NULL;
    if (!arena_pages_wants(p->which, reason))
        return;
    int rc = arena_store_record(p->st, id, &record, err, sizeof err);
    if (rc == 0)
        rc = arena_replay_page_write(p->dir, id, record, err, sizeof err);
    cJSON_Delete(record);
    if (rc && !p->failed++)
        snprintf(p->first_error, sizeof p->first_error, "game %d: %s", id, err);
    else if (!rc)
        p->written++;
}

static int page_of_game(const arena_game_record *r, void *user)
{
    page_of(user, r->id, r->reason);
    return 0;
}

int arena_task_index(const arena_store *st, const char *dir, char *err, size_t errsz)
{
    return arena_league_site(st, dir, NULL, 0, err, errsz);
}

/* --html DIR: every replay page and the index, playing nothing. */
int arena_task_html(const arena_request *req)
{
    char err[1024];
    arena_store *st = NULL;
    if (arena_store_open(req->dir, NULL, NULL, ARENA_STORE_READ_ONLY, arena_warn_stderr, NULL, &st,
                         err, sizeof err)) {
        fprintf(stderr, "loa-arena: --html: %s\n", err);
        return 2;
    }
    pages p = {st, req->dir, ARENA_PAGES_ALL, 0, 0, ""};
    int rc = arena_store_foreach(st, page_of_game, &p, err, sizeof err);
    if (rc == 0 && arena_task_index(st, req->dir, err, sizeof err))
        rc = 1;
    arena_store_close(st);
    if (rc) {
        fprintf(stderr, "loa-arena: --html: %s\n", err);
        return 1;
    }
    printf("%d replay pages written, %d failed; index: %s/index.html\n", p.written, p.failed,
           req->dir);
    if (p.failed)
        fprintf(stderr, "loa-arena: %s\n", p.first_error);
    return p.failed ? 1 : 0;
}

/* The page of a game a merge added, when --pages wants it: its record
 * says why it ended. */
static void page_of_added(arena_store *out, int id, void *user)
{
    pages *p = user;
    p->st = out;
    cJSON *record = NULL;
    char err[512];
    if (arena_store_record(out, id, &record, err, sizeof err) == 0) {
        const cJSON *reason =
            cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(record, "result"),
                                             "reason");
        if (cJSON_IsString(reason))
            page_of(p, id, ref_reason_from_name(reason->valuestring));
    }
    cJSON_Delete(record);
}

/* --merge OUT DIR...: the union of the directories' games, then OUT's
 * standings, the pages of the new games (as --pages says) and the index.
 * Exit 0 complete, 1 games missing or an I/O failure, 2 different leagues
 * or conflicting games (nothing merged). */
int arena_task_merge(const arena_request *req)
{
    char err[1024];
    arena_merge_result res;
    arena_store *out = NULL;
    pages mp = {NULL, req->dir, req->settings.pages, 0, 0, ""};
    int rc = arena_merge(req->dir, req->dirs, req->dir_count, arena_warn_stderr, page_of_added, &mp,
                         stdout, &res, &out, err, sizeof err);
    if (rc) {
        fprintf(stderr, "loa-arena: --merge: %s\n", err);
        return arena_error_kind(rc) == ARENA_E_IO || arena_error_kind(rc) == ARENA_E_NOMEM ? 1 : 2;
    }
    printf("Merged %d director%s into %s: %d new game%s, %d found twice (kept once), %d of %d "
           "games\n\n",
           req->dir_count, req->dir_count == 1 ? "y" : "ies", req->dir, res.added,
           res.added == 1 ? "" : "s", res.duplicates, res.total - res.missing, res.total);
    const arena_settings *s = arena_store_settings(out);
    int anchor = s->anchor ? arena_settings_find_bot(s, s->anchor) : -1;
    int code = arena_task_report(s, out, anchor, NULL, 1, stdout) ? 1 : 0;
    if (mp.failed)
        fprintf(stderr, "loa-arena: warning: replay pages: %s\n", mp.first_error);
    int index_rc = arena_task_index(out, req->dir, err, sizeof err);
    arena_store_close(out);
    if (index_rc)
        fprintf(stderr, "loa-arena: warning: no index page: %s\n", err);
    else
        printf("Replays: %s/index.html (%d new page%s)\n", req->dir, mp.written,
               mp.written == 1 ? "" : "s");
    if (res.missing) {
        fprintf(stderr,
                "loa-arena: --merge: %d of %d games are missing (see the shards above): "
                "merge again when they are played\n",
                res.missing, res.total);
        code = 1;
    }
    return code;
}
