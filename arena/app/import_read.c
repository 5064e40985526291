/*
 * import_read.c - the games `loa-arena import` puts in a league
 * (app/import_impl.h): the league's own, read back from DIR, and the
 * files given, each replayed under the rules (replay/replay.h) and keyed
 * by CodinGame's game id; a file that does not replay, or has no game id,
 * or repeats an id with other content, is named with the reason and
 * skipped.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app/import_impl.h"
#include "core/error.h"
#include "leaguedb/leaguedb.h"
#include "store/store.h"
#include "util/buf.h"
#include "util/text.h"

static const char *bot_of(const void *s, int i)
{
    return ((const arena_settings *)s)->bots[i].name;
}

char *imp_players_key(int n, const char *(*name)(const void *, int), const void *user)
{
    util_buf b = {0};
    for (int i = 0; i < n; i++) {
        util_buf_str(&b, name(user, i));
        util_buf_put(&b, "\n", 1);
    }
    if (b.failed || !b.s) {
        util_buf_free(&b);
        return n == 0 ? strdup("") : NULL;
    }
    return util_buf_take(&b);
}

void imp_set_free(imp_set *set)
{
    free(set->players);
    for (int i = 0; i < set->n; i++) {
        free(set->v[i].source);
        replay_game_free(set->v[i].g);
    }
    free(set->v);
    memset(set, 0, sizeof *set);
}

static int push(imp_set *set, long long id, const char *source, replay_game *g)
{
    if (set->n == set->cap) {
        int cap = set->cap ? set->cap * 2 : 64;
        imp_game *v = realloc(set->v, sizeof *v * (size_t)cap);
        if (!v)
            return ARENA_E_NOMEM;
        set->v = v, set->cap = cap;
    }
    char *src = strdup(source);
    if (!src)
        return ARENA_E_NOMEM;
    set->v[set->n++] = (imp_game){id, src, g, -1, -1};
    return 0;
}

/* The record's "import"."game_id": 0 and *id, or -1 when it has none. */
static int game_id_of(const replay_game *g, long long *id)
{
    const cJSON *im = cJSON_GetObjectItemCaseSensitive(replay_game_record(g), "import");
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(im, "game_id");
    if (!cJSON_IsNumber(v) || v->valuedouble < 0 || v->valuedouble > 9007199254740992.0)
        return -1;
    *id = (long long)v->valuedouble;
    return 0;
}

typedef struct ids {
    int *v, n, cap;
} ids;

static int add_id(const arena_game_record *r, void *user)
{
    ids *x = user;
    if (x->n == x->cap) {
        int cap = x->cap ? x->cap * 2 : 256;
        int *v = realloc(x->v, sizeof *v * (size_t)cap);
        if (!v)
            return ARENA_E_NOMEM;
        x->v = v, x->cap = cap;
    }
    x->v[x->n++] = r->id;
    return 0;
}

/* Game id of st as a game of the set. */
static int old_game(const arena_store *st, int id, imp_set *set, char *err, size_t errsz)
{
    cJSON *record = NULL;
    replay_game *g = NULL;
    char src[64];
    snprintf(src, sizeof src, "league game %d", id);
    int rc = arena_store_record(st, id, &record, err, errsz);
    if (rc == 0 && replay_game_from_record(record, src, &g, err, errsz))
        rc = ARENA_E_PARSE;
    cJSON_Delete(record);
    long long gid = 0;
    if (rc == 0 && game_id_of(g, &gid))
        rc = util_fail(ARENA_E_CONFIG, err, errsz, "%s has no CodinGame game id", src);
    if (rc == 0 && (rc = push(set, gid, src, g)) == 0)
        return 0;
    replay_game_free(g);
    return rc;
}

int imp_read_league(const char *dir, imp_set *set, char *err, size_t errsz)
{
    if (!leaguedb_exists(dir))
        return 0;
    arena_store *st = NULL;
    int rc = arena_store_open(dir, NULL, NULL, ARENA_STORE_READ_ONLY, NULL, NULL, &st, err, errsz);
    if (rc)
        return rc;
    if (!arena_import_is_imported(arena_store_settings(st))) {
        arena_store_close(st);
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "%s holds a league that loa-arena import did not make: import into "
                         "another directory",
                         dir);
    }
    ids x = {0};
    set->players =
        imp_players_key(arena_store_settings(st)->bot_count, bot_of, arena_store_settings(st));
    rc = set->players ? arena_store_foreach(st, add_id, &x, err, errsz) : ARENA_E_NOMEM;
    for (int i = 0; rc == 0 && i < x.n; i++)
        rc = old_game(st, x.v[i], set, err, errsz);
    free(x.v);
    arena_store_close(st);
    set->old = set->n;
    return rc;
}

/* The index of the game of id in set, -1 when none. */
static int find(const imp_set *set, long long id)
{
    for (int i = 0; i < set->n; i++)
        if (set->v[i].game_id == id)
            return i;
    return -1;
}

static int same_game(const replay_game *a, const replay_game *b)
{
    char *x = cJSON_PrintUnformatted(replay_game_record(a));
    char *y = x ? cJSON_PrintUnformatted(replay_game_record(b)) : NULL;
    int same = x && y && strcmp(x, y) == 0;
    cJSON_free(x);
    cJSON_free(y);
    return same;
}

/* One file into set, or its refusal on report. */
static int read_file(const char *path, imp_set *set, FILE *report, arena_import_result *res)
{
    char why[1024];
    replay_game *g = NULL;
    long long id = 0;
    res->files++;
    if (replay_game_load(path, &g, why, sizeof why) == 0 && game_id_of(g, &id))
        snprintf(why, sizeof why,
                 "%s: no CodinGame game id (\"gameId\"): import reads the site's replays "
                 "(docs/replay.md)",
                 path);
    else if (g) {
        int k = find(set, id);
        if (k < 0) {
            int rc = push(set, id, path, g);
            if (rc)
                replay_game_free(g);
            return rc;
        }
        if (same_game(g, set->v[k].g)) {
            res->already++;
            replay_game_free(g);
            return 0;
        }
        snprintf(why, sizeof why, "%s: game id %lld is %s's already, with other content", path, id,
                 set->v[k].source);
    }
    replay_game_free(g);
    fprintf(report, "refused: %s\n", why);
    res->refused++;
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The regular files of folder dir not starting with '.', by name. */
static int read_folder(const char *dir, imp_set *set, FILE *report, arena_import_result *res,
                       char *err, size_t errsz)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(report, "refused: %s: %s\n", dir, strerror(errno));
        res->refused++;
        return 0;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;
    for (struct dirent *e; rc == 0 && (e = readdir(d));) {
        if (e->d_name[0] == '.')
            continue;
        char *p = NULL;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **v = realloc(names, sizeof *v * cap);
            if (!v) {
                rc = ARENA_E_NOMEM;
                break;
            }
            names = v;
        }
        struct stat sb;
        if (!(p = util_path_join(dir, e->d_name)))
            rc = ARENA_E_NOMEM;
        else if (stat(p, &sb) == 0 && S_ISREG(sb.st_mode))
            names[n++] = p, p = NULL;
        free(p);
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        if (rc == 0)
            rc = read_file(names[i], set, report, res);
        free(names[i]);
    }
    free(names);
    return rc ? util_fail(rc, err, errsz, "out of memory reading %s", dir) : 0;
}

int imp_read_files(const arena_import_opts *o, imp_set *set, FILE *report, arena_import_result *res,
                   char *err, size_t errsz)
{
    for (int i = 0; i < o->nfiles; i++) {
        struct stat sb;
        int rc = stat(o->files[i], &sb) == 0 && S_ISDIR(sb.st_mode)
                     ? read_folder(o->files[i], set, report, res, err, errsz)
                     : read_file(o->files[i], set, report, res);
        if (rc)
            return rc == ARENA_E_NOMEM && !err[0]
                       ? util_fail(rc, err, errsz, "out of memory reading %s", o->files[i])
                       : rc;
    }
    return 0;
}
