/* merge.c - results directories of one league into one
 * (store/merge.h). The model is fishtest's and OpenBench's: workers play
 * disjoint, deterministic slices of one schedule, and their results are
 * united by game id. */
#include "store/merge.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/text.h"
#include "league/openings.h"
#include "league/record.h"
#include "league/schedule.h"
#include "util/text.h"

/* A game found in a directory: where, its id and its index in that
 * store. Never a pointer into a store: OUT's records move when it grows
 * (arena_store_append reallocates), and OUT grows during the merge. */
typedef struct found {
    int src;                       /* index into the sources; -1 = OUT itself */
    int id;
    int idx;                       /* arena_store_get(store, idx) */
} found;

static int by_id_then_source(const void *a, const void *b)
{
    const found *x = a, *y = b;
    if (x->id != y->id)
        return (x->id > y->id) - (x->id < y->id);
    return (x->src > y->src) - (x->src < y->src);
}

static arena_store *store_of(const found *f, arena_store *const *src, arena_store *out)
{
    return f->src < 0 ? out : src[f->src];
}

static const arena_game_record *record_of(const found *f, arena_store *const *src,
                                          arena_store *out)
{
    return arena_store_get(store_of(f, src, out), f->idx);
}

/* 1 if a and b are the same game result: their games.jsonl lines. */
static int same_game(const arena_game_record *a, const arena_game_record *b,
                     const arena_settings *s)
{
    cJSON *x = arena_record_to_json(a, s), *y = arena_record_to_json(b, s);
    int same = x && y && cJSON_Compare(x, y, 1);
    cJSON_Delete(x);
    cJSON_Delete(y);
    return same;
}

/* The league every directory must hold: dirs[0]'s, without its shard,
 * with its openings loaded (so games read against it keep theirs). */
static int league_of_first(const char *dir, const char *out, arena_settings *m, cJSON **fp,
                           arena_warn_fn warn, void *user, char *err, size_t errsz)
{
    arena_store *st = NULL;
    int rc = arena_store_open(dir, NULL, NULL, ARENA_STORE_READ_ONLY, warn, user, &st, err,
                              errsz);
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
        return util_fail(rc == ARENA_E_NOMEM ? rc : ARENA_E_IO, err, errsz,
                         "%s: the league's openings are needed to merge it: %s", dir, why);
    return 0;
}

/* Opens every source against m, checking the fingerprints against fp. */
static int open_sources(char *const *dirs, int n, const arena_settings *m, const cJSON *fp,
                        arena_warn_fn warn, void *user, arena_store **src, char *err,
                        size_t errsz)
{
    for (int i = 0; i < n; i++) {
        int rc = arena_store_open(dirs[i], m, NULL, ARENA_STORE_READ_ONLY, warn, user, &src[i],
                                  err, errsz);
        if (rc)
            return rc;
        const cJSON *f = arena_store_fingerprints(src[i]);
        if (fp && f && !cJSON_Compare(fp, f, 1))
            return util_fail(ARENA_E_MISMATCH, err, errsz,
                             "%s was played with other bot programs than %s (their fingerprints "
                             "in league.json differ): its games cannot join them", dirs[i],
                             dirs[0]);
    }
    return 0;
}

/* Every game of OUT and the sources, sorted by id then source; *count. */
static found *collect(arena_store *const *src, int n, arena_store *out, int *count)
{
    int total = arena_store_count(out);
    for (int i = 0; i < n; i++)
        total += arena_store_count(src[i]);
    found *f = malloc(sizeof *f * (size_t)(total ? total : 1));
    if (!f)
        return NULL;
    int k = 0;
    for (int i = 0; i <= n; i++) {
        arena_store *st = i < n ? src[i] : out;
        for (int j = 0; j < arena_store_count(st); j++)
            f[k++] = (found){i == n ? -1 : i, arena_store_get(st, j)->id, j};
    }
    /* OUT's own games (-1) sort first among equal ids: they are kept */
    qsort(f, (size_t)k, sizeof *f, by_id_then_source);
    *count = k;
    return f;
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
        for (int i = 0; i < arena_store_count(out); i++)
            have += arena_shard_has(&part, arena_store_get(out, i)->id);
        const char *where = NULL;
        for (int i = 0; i < n && !where; i++) {
            const arena_settings *s = arena_store_settings(src[i]);
            if (s->shard_count <= 1 || (s->shard_count == shards && s->shard_index == k))
                where = dirs[i];
        }
        missing += expected - have;
        if (report && shards > 1)
            fprintf(report, "shard %d/%d: %d of %d games%s%s%s\n", k, shards, have, expected,
                    where ? " (" : ", no directory given", where ? where : "",
                    where ? ")" : "");
        else if (report)
            fprintf(report, "%d of %d games\n", have, expected);
    }
    return missing;
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
    found *f = NULL;
    int count = 0, rc;
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
    if (!(f = collect(src, n, dst, &count))) {
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        goto done;
    }
    /* Conflicts first: nothing is written when one game has two results. */
    for (int i = 1; i < count; i++) {
        if (f[i].id != f[i - 1].id)
            continue;
        if (!same_game(record_of(&f[i], src, dst), record_of(&f[i - 1], src, dst), &m)) {
            rc = util_fail(ARENA_E_MISMATCH, err, errsz,
                           "game %d is in %s and in %s with different contents (one game "
                           "played twice: overlapping shards, or a league replayed?): nothing "
                           "merged", f[i].id,
                           arena_store_games_path(store_of(&f[i - 1], src, dst)),
                           arena_store_games_path(src[f[i].src]));
            goto done;
        }
        res->duplicates++;
    }
    for (int i = 0; i < count; i++) {
        if (i > 0 && f[i].id == f[i - 1].id)
            continue; /* taken from an earlier source, or OUT has it */
        if (f[i].src < 0) {
            /* OUT has the game: its record file too, unless a full disk
             * or a hand lost it; then a source that has it gives it back */
            if (arena_store_has_record(dst, f[i].id))
                continue;
            for (int j = i + 1; j < count && f[j].id == f[i].id; j++)
                if (arena_store_has_record(src[f[j].src], f[i].id) &&
                    arena_store_copy_record(dst, src[f[j].src], f[i].id, NULL, 0) == 0) {
                    res->restored++;
                    break;
                }
            continue;
        }
        char why[512];
        if (arena_store_copy_record(dst, src[f[i].src], f[i].id, why, sizeof why)) {
            if (warn) {
                char msg[700];
                snprintf(msg, sizeof msg, "game %d: %s (its result is merged from games.jsonl)",
                         f[i].id, why);
                warn(msg, user);
            }
        }
        /* a copy: the source's record is not OUT's, but appending may move
         * OUT's array, and on_added may want it after */
        arena_game_record r = *record_of(&f[i], src, dst);
        if ((rc = arena_store_append(dst, &r, err, errsz)))
            goto done;
        res->added++;
        if (on_added)
            on_added(&r, user);
    }
    res->total = (int)arena_shard_size(&m);
    res->missing = report_shards(dst, src, dirs, n, report);
done:
    free(f);
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
