/* merge.c - results directories of one league into one
 * (store/merge.h). The model is fishtest's and OpenBench's: workers play
 * disjoint, deterministic slices of one schedule, and their results are
 * united by game id, here in one transaction of OUT's database: every row
 * of every source is compared with OUT's row of its id (every column, the
 * record included) or copied; a conflict rolls everything back. */
#include "store/merge.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/text.h"
#include "league/openings.h"
#include "league/record.h"
#include "league/schedule.h"
#include "store/snapshot.h"
#include "store/store_impl.h"
#include "util/text.h"

/* The league every directory must hold: dirs[0]'s, without its shard,
 * with its openings loaded (so games read against it keep theirs). */
static int league_of_first(const char *dir, const char *out, arena_settings *m, cJSON **fp,
                           arena_warn_fn warn, void *user, char *err, size_t errsz)
{
    arena_store *st = NULL;
    int rc = arena_store_open(dir, NULL, NULL, ARENA_STORE_READ_ONLY, warn, user, &st, err, errsz);
    if (rc)
        return rc;
    rc = arena_settings_copy(m, arena_store_settings(st));
    const cJSON *f = arena_store_fingerprints(st);
    *fp = f ? cJSON_Duplicate(f, 1) : NULL;
    arena_store_close(st);
    if (rc || (f && !*fp))
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    m->shard_index = m->shard_count = 0;
    arena_openings_free(m->openings);
    m->openings = NULL;
    if ((rc = arena_set_string(&m->out_dir, out)))
        return util_fail(rc, err, errsz, "out of memory");
    char why[512];
    if ((rc = arena_settings_openings(m, &m->openings, why, sizeof why)))
        return util_fail(arena_error_kind(rc) == ARENA_E_NOMEM ? rc : ARENA_E_IO, err, errsz,
                         "%s: the league's openings are needed to merge it: %s", dir, why);
    return 0;
}

/* Opens every source against m, checking the fingerprints against fp. */
static int open_sources(char *const *dirs, int n, const arena_settings *m, const cJSON *fp,
                        arena_warn_fn warn, void *user, arena_store **src, char *err, size_t errsz)
{
    for (int i = 0; i < n; i++) {
        int rc = arena_store_open(dirs[i], m, NULL, ARENA_STORE_READ_ONLY, warn, user, &src[i], err,
                                  errsz);
        if (rc)
            return rc;
        const cJSON *f = arena_store_fingerprints(src[i]);
        if (fp && f && !cJSON_Compare(fp, f, 1))
            return util_fail(ARENA_E_MISMATCH, err, errsz,
                             "%s was played with other bot programs than %s (their fingerprints "
                             "differ): its games cannot join them",
                             dirs[i], dirs[0]);
    }
    return 0;
}

/* One line per shard (or per directory without shards): present and missing. */
static int report_shards(arena_store *out, arena_store *const *src, char *const *dirs, int n,
                         FILE *report)
{
    const arena_settings *m = arena_store_settings(out);
    int shards = 1;
    for (int i = 0; i < n; i++) {
        int c = arena_store_settings(src[i])->shard_count;
        if (c > shards)
            shards = c;
    }
    int missing = 0;
    for (int k = 0; k < shards; k++) {
        arena_settings part = *m; /* shallow: only the shard fields change */
        part.shard_index = k;
        part.shard_count = shards;
        int expected = (int)arena_shard_size(&part), have = 0;
        for (int64_t id = 0; id < out->schedule_size; id++)
            have += arena_store_has(out, (int)id) && arena_shard_has(&part, (int)id);
        const char *where = NULL;
        for (int i = 0; i < n && !where; i++) {
            const arena_settings *s = arena_store_settings(src[i]);
            if (s->shard_count <= 1 || (s->shard_count == shards && s->shard_index == k))
                where = dirs[i];
        }
        missing += expected - have;
        if (report && shards > 1)
            fprintf(report, "shard %d/%d: %d of %d games%s%s%s\n", k, shards, have, expected,
                    where ? " (" : ", no directory given", where ? where : "", where ? ")" : "");
        else if (report)
            fprintf(report, "%d of %d games\n", have, expected);
    }
    return missing;
}

/* The walk of one source: its rows into OUT, compared or copied. */
typedef struct absorb {
    arena_store *dst;
    const char *src_dir;
    leaguedb *src_db; /* the source's database: its games' metrics */
    arena_merge_result *res;
    int *added; /* ids new to OUT, in order */
    int nadded;
    int conflict; /* the id of a row that differs, -1 none */
    char *err;
    size_t errsz;
} absorb;

static int absorb_row(const leaguedb_game *g, void *user)
{
    absorb *a = user;
    if (g->id < 0 || g->id >= a->dst->schedule_size)
        return util_fail(ARENA_E_MISMATCH, a->err, a->errsz,
                         "%s: game %lld is outside the league's schedule", a->src_dir,
                         (long long)g->id);
    int same = leaguedb_compare_game(a->dst->db, g, a->err, a->errsz);
    if (same == 1) {
        a->res->duplicates++;
        return 0;
    }
    if (same == 0) {
        a->conflict = (int)g->id;
        return ARENA_E_MISMATCH;
    }
    if (same != -1)
        return same;
    int rc = leaguedb_insert_game(a->dst->db, g, a->err, a->errsz);
    leaguedb_game_metrics *m = NULL;
    if (rc == 0 && (rc = leaguedb_metrics_get(a->src_db, g->id, &m, a->err, a->errsz)) == 0 &&
        (m->n || m->dropped[0] || m->dropped[1] || m->dropped[2]))
        rc = leaguedb_metrics_put(a->dst->db, m, a->err, a->errsz);
    leaguedb_game_metrics_free(m);
    if (rc == 0)
        a->added[a->nadded++] = (int)g->id;
    return rc;
}

/* Every source's games into OUT, one transaction: all, or nothing when
 * one game has two results. */
static int absorb_all(arena_store *dst, arena_store *const *src, char *const *dirs, int n,
                      absorb *a, char *err, size_t errsz)
{
    int rc = leaguedb_begin(dst->db, err, errsz);
    if (rc)
        return rc;
    for (int i = 0; i < n && !rc; i++) {
        a->src_dir = dirs[i];
        a->src_db = arena_store_db(src[i]);
        rc = leaguedb_foreach_full(arena_store_db(src[i]), absorb_row, a, err, errsz);
        if (a->conflict >= 0)
            rc = util_fail(ARENA_E_MISMATCH, err, errsz,
                           "game %d is in %s with other contents than in %s or another "
                           "directory (one game played twice: overlapping shards, or a league "
                           "replayed?): nothing merged",
                           a->conflict, dirs[i], arena_store_db_path(dst));
    }
    if (rc) {
        leaguedb_rollback(dst->db);
        return rc;
    }
    return leaguedb_commit(dst->db, err, errsz);
}

int arena_merge(const char *out, char *const *dirs, int n, arena_warn_fn warn,
                arena_merge_added_fn on_added, void *user, FILE *report, arena_merge_result *res,
                arena_store **out_store, char *err, size_t errsz)
{
    memset(res, 0, sizeof *res);
    if (out_store)
        *out_store = NULL;
    if (n < 1)
        return util_fail(ARENA_E_CONFIG, err, errsz, "nothing to merge");
    arena_settings m;
    cJSON *fp = NULL;
    arena_store **src = calloc((size_t)n, sizeof *src);
    arena_store *dst = NULL;
    absorb a = {0};
    int rc;
    arena_settings_init(&m);
    if (!src) {
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        goto done;
    }
    if ((rc = league_of_first(dirs[0], out, &m, &fp, warn, user, err, errsz)) ||
        (rc = open_sources(dirs, n, &m, fp, warn, user, src, err, errsz)))
        goto done;
    /* OUT: created, or the same league already (then it keeps its games) */
    if ((rc = arena_store_open(out, &m, fp, ARENA_STORE_RESUME, warn, user, &dst, err, errsz)))
        goto done;
    a.dst = dst;
    a.res = res;
    a.conflict = -1;
    a.err = err;
    a.errsz = errsz;
    if (!(a.added = malloc(sizeof *a.added * (size_t)(dst->schedule_size + 1)))) {
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        goto done;
    }
    if ((rc = absorb_all(dst, src, dirs, n, &a, err, errsz)))
        goto done;
    /* the bots' copies, so that OUT's league runs on (store/snapshot.h) */
    for (int i = 0; i < n && rc == 0; i++)
        rc = arena_snapshot_copy_all(dirs[i], out, err, errsz);
    if (rc)
        goto done;
    for (int i = 0; i < a.nadded; i++)
        arena_store_mark(dst, a.added[i]);
    dst->count += a.nadded;
    LOA_CHECK(arena_store_check(dst));
    res->added = a.nadded;
    /* the export, then the new games one by one (their pages) */
    if ((rc = arena_store_export_games(dst, err, errsz)))
        goto done;
    for (int i = 0; on_added && i < a.nadded; i++)
        on_added(dst, a.added[i], user);
    res->total = (int)arena_shard_size(&m);
    res->missing = report_shards(dst, src, dirs, n, report);
done:
    free(a.added);
    for (int i = 0; src && i < n; i++)
        arena_store_close(src[i]);
    free(src);
    cJSON_Delete(fp);
    arena_settings_clear(&m);
    if (rc == 0 && out_store)
        *out_store = dst;
    else
        arena_store_close(dst);
    return rc;
}
