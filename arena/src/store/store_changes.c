/* store_changes.c - the changes queued for a league applied by the arena
 * holding its run lock: a bot added, replaced (its games archived and
 * deleted), retired; the league raised (continuous mode); the lock given
 * up when nothing waits (store/store.h). */
#include "store/store_impl.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/error.h"
#include "core/text.h"
#include "league/league_file.h"
#include "league/openings.h"
#include "league/settings_check.h"
#include "league/settings_identity.h"
#include "store/snapshot.h"
#include "util/text.h"

int arena_store_bot_of_json(const char *text, arena_settings *one, char *err, size_t errsz)
{
    arena_settings_init(one);
    cJSON *bot = text ? cJSON_Parse(text) : NULL, *root = cJSON_CreateObject();
    cJSON *bots = root ? cJSON_AddArrayToObject(root, "bots") : NULL;
    int rc = !bot ? util_fail(ARENA_E_PARSE, err, errsz, "a queued bot is malformed JSON")
             : !bots || !cJSON_AddItemToArray(bots, bot)
                 ? util_fail(ARENA_E_NOMEM, err, errsz, "out of memory")
                 : 0;
    if (rc == 0)
        bot = NULL; /* root's */
    if (rc == 0 && (rc = arena_settings_load_json(one, root, "a queued bot", "/", err, errsz)))
        rc = arena_error_kind(rc) == ARENA_E_NOMEM ? rc : ARENA_E_PARSE;
    if (rc == 0 && one->bot_count != 1)
        rc = util_fail(ARENA_E_PARSE, err, errsz, "a queued change holds no bot");
    cJSON_Delete(bot);
    cJSON_Delete(root);
    return rc;
}

char *arena_store_bot_json(const arena_settings *s, int b)
{
    cJSON *j = arena_settings_to_json(s);
    char *text = j ? cJSON_PrintUnformatted(
                         cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(j, "bots"), b))
                   : NULL;
    cJSON_Delete(j);
    return text;
}

/* ---- the changes waiting, read first (no statement stays open while
 * they are applied) ---- */

typedef struct pending {
    int64_t seq;
    arena_change_op op;
    char *name, *bot;
} pending;

typedef struct pendings {
    pending *v;
    int n;
} pendings;

static int collect(const leaguedb_change *c, void *user)
{
    pendings *p = user;
    pending *v = realloc(p->v, sizeof *v * (size_t)(p->n + 1));
    if (!v)
        return ARENA_E_NOMEM;
    p->v = v;
    pending *x = &v[p->n];
    x->seq = c->seq;
    x->op = strcmp(c->op, "add") == 0       ? ARENA_CHANGE_ADD
            : strcmp(c->op, "replace") == 0 ? ARENA_CHANGE_REPLACE
                                            : ARENA_CHANGE_RETIRE;
    x->name = strdup(c->name ? c->name : "");
    x->bot = c->bot ? strdup(c->bot) : NULL;
    p->n++;
    return x->name && (!c->bot || x->bot) ? 0 : ARENA_E_NOMEM;
}

static void pendings_free(pendings *p)
{
    for (int i = 0; i < p->n; i++) {
        free(p->v[i].name);
        free(p->v[i].bot);
    }
    free(p->v);
}

/* ---- one change ---- */

/* What the transaction of a change does besides writing the league: its
 * row deleted, and for a replaced bot its games. */
typedef struct tx {
    int64_t seq;
    int delete_games_of; /* -1: none */
} tx;

static int tx_also(arena_store *st, void *user, char *err, size_t errsz)
{
    const tx *t = user;
    int rc = 0;
    if (t->delete_games_of >= 0 &&
        ((rc = leaguedb_delete_bot_games(st->db, t->delete_games_of, err, errsz)) ||
         (rc = leaguedb_meta_set(st->db, ARENA_META_EXPORT_STALE, "1", err, errsz))))
        return rc;
    return leaguedb_change_remove(st->db, t->seq, err, errsz);
}

/* The league now (its settings, written with the change's transaction);
 * on failure the store keeps its league. */
static int commit_league(arena_store *st, arena_settings *now, const tx *t, char *err, size_t errsz)
{
    arena_settings was = st->settings;
    st->settings = *now;
    int rc = arena_store_write_league_tx(st, NULL, tx_also, (void *)t, err, errsz);
    if (rc) {
        st->settings = was;
        arena_settings_clear(now);
        return rc;
    }
    arena_settings_clear(&was);
    arena_settings_init(now);
    return arena_store_reload_ids(st, err, errsz);
}

/* A change that cannot be applied any more (the league changed since it
 * was asked): its row deleted, the reason told. */
static int drop(arena_store *st, const pending *c, const char *why, arena_store_applied_fn fn,
                void *user, char *err, size_t errsz)
{
    int rc = leaguedb_begin(st->db, err, errsz);
    if (rc == 0 && (rc = leaguedb_change_remove(st->db, c->seq, err, errsz)) == 0)
        rc = leaguedb_commit(st->db, err, errsz);
    else if (rc)
        leaguedb_rollback(st->db);
    arena_change_done d = {c->op, -1, c->name, 0, "", why};
    if (rc == 0 && fn)
        fn(&d, user);
    return rc;
}

/* The queued bot's entry into bot b of now (its command, cwd, sandbox and
 * snapshot; not retired). */
static int take_bot(arena_settings *now, int b, const arena_bot *q)
{
    arena_bot *x = &now->bots[b];
    if (arena_set_string(&x->command, q->command) || arena_set_string(&x->cwd, q->cwd) ||
        arena_set_string(&x->snapshot, q->snapshot))
        return ARENA_E_NOMEM;
    x->sandbox = q->sandbox;
    x->no_snapshot = q->no_snapshot;
    x->retired = 0;
    return 0;
}

/* The league with bot q added (a copy of st's, with its history). */
static int with_added(const arena_store *st, const arena_bot *q, arena_settings *now, char *err,
                      size_t errsz)
{
    int rc = arena_settings_copy(now, &st->settings);
    if (rc == 0)
        rc = arena_settings_add_bot(now, q->name, q->command, q->cwd, err, errsz);
    if (rc == 0)
        rc = take_bot(now, now->bot_count - 1, q);
    now->extend = 1;
    if (rc == 0)
        rc = arena_settings_adopt(&st->settings, now, err, errsz);
    now->extend = 0;
    if (rc == 0)
        rc = arena_settings_validate(now, err, errsz);
    return rc;
}

/* DIR/previous-<UTC time>-<name>[-k]: a new directory's path (made by the
 * archive), NULL on out of memory. */
static char *archive_dir(const arena_store *st, const char *name)
{
    char stamp[64], base[128], path[700];
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(stamp, sizeof stamp, "previous-%Y%m%d-%H%M%S", &tm);
    size_t n = 0;
    for (const char *c = name; *c && n + 1 < sizeof base; c++)
        base[n++] = strchr("/. \t", *c) ? '_' : *c;
    base[n] = '\0';
    for (int k = 1; k < 1000; k++) {
        snprintf(path, sizeof path, k == 1 ? "%s/%s-%s" : "%s/%s-%s-%d", st->dir, stamp, base, k);
        if (access(path, F_OK) != 0)
            return strdup(path);
    }
    return NULL;
}

/* An archive in the making: DIR/.archive-<change seq>-<its final name>.
 * It becomes the archive (a rename) only after the change's transaction
 * committed; until then a kill leaves it under this name, and the next
 * opening (arena_store_sweep_archives) removes it while the change waits
 * (it is made again) or renames it when the change was committed: one
 * archive per replace, whatever moment a kill comes. */
#define ARCHIVE_TMP ".archive-"

/* Removes directory path and the files in it (one level: an archive's
 * league.db and its WAL files). */
static void remove_dir(const char *path)
{
    DIR *d = opendir(path);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        char p[PATH_MAX];
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0 &&
            snprintf(p, sizeof p, "%s/%s", path, e->d_name) < (int)sizeof p)
            unlink(p);
    }
    if (d)
        closedir(d);
    rmdir(path);
}

/* A replaced bot's games copied out (into the archive in the making),
 * then the league with the bot anew and the games deleted (one
 * transaction), then the archive named. */
static int apply_replace(arena_store *st, int b, const arena_bot *q, const pending *c,
                         arena_change_done *d, char *arc, size_t arcsz, char *err, size_t errsz)
{
    int has = leaguedb_bot_has_games(st->db, b);
    char tmp[PATH_MAX] = "";
    if (has < 0)
        return util_fail(ARENA_E_IO, err, errsz, "cannot read %s", leaguedb_path(st->db));
    if (has) {
        char *dir = archive_dir(st, q->name);
        if (!dir)
            return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        snprintf(arc, arcsz, "%s", dir);
        snprintf(tmp, sizeof tmp, "%s/" ARCHIVE_TMP "%lld-%s", st->dir, (long long)c->seq,
                 strrchr(dir, '/') + 1);
        free(dir);
        remove_dir(tmp); /* a try cut short before its commit */
        int64_t n = leaguedb_archive_bot(st->db, b, tmp, err, errsz);
        if (n < 0)
            return (int)n;
        d->archived = n;
    }
    arena_settings now;
    int rc = arena_settings_copy(&now, &st->settings);
    if (rc == 0)
        rc = take_bot(&now, b, q);
    tx t = {c->seq, b};
    if (rc == 0 && (rc = commit_league(st, &now, &t, err, errsz)) == 0) {
        if (tmp[0] && rename(tmp, arc) != 0)
            arena_store_warnf(st->warn, st->user,
                              "cannot rename %s to %s: %s (the next run "
                              "does)",
                              tmp, arc, strerror(errno));
        cJSON_DeleteItemFromObjectCaseSensitive(st->fingerprints, q->name);
        rc = arena_store_export_games(st, err, errsz);
    } else if (tmp[0]) {
        remove_dir(tmp);
    }
    arena_settings_clear(&now);
    return rc;
}

int arena_store_sweep_archives(arena_store *st, char *err, size_t errsz)
{
    DIR *d = opendir(st->dir);
    struct dirent *e;
    int rc = 0;
    size_t n = strlen(ARCHIVE_TMP);
    while (d && rc == 0 && (e = readdir(d))) {
        char *end;
        if (strncmp(e->d_name, ARCHIVE_TMP, n) != 0)
            continue;
        long long seq = strtoll(e->d_name + n, &end, 10);
        if (end == e->d_name + n || *end != '-' || !end[1])
            continue;
        char from[PATH_MAX], to[PATH_MAX];
        snprintf(from, sizeof from, "%s/%s", st->dir, e->d_name);
        snprintf(to, sizeof to, "%s/%s", st->dir, end + 1);
        int waits = leaguedb_change_waits(st->db, seq);
        if (waits < 0)
            rc = util_fail(ARENA_E_IO, err, errsz, "cannot read %s", leaguedb_path(st->db));
        else if (waits)
            remove_dir(from); /* made again when the change is applied */
        else if (rename(from, to) != 0)
            rc = util_fail(ARENA_E_IO, err, errsz, "cannot rename %s to %s: %s", from, to,
                           strerror(errno));
    }
    if (d)
        closedir(d);
    return rc;
}

/* One change: applied and told, or dropped and told. */
static int apply_one(arena_store *st, const pending *c, arena_store_applied_fn fn, void *user,
                     char *err, size_t errsz)
{
    arena_settings one, now;
    arena_settings_init(&one);
    arena_settings_init(&now);
    char why[512] = "", arc[700] = "";
    int rc =
        c->op == ARENA_CHANGE_RETIRE ? 0 : arena_store_bot_of_json(c->bot, &one, why, sizeof why);
    int b = arena_settings_find_bot(&st->settings, c->name);
    arena_change_done d = {c->op, b, c->name, 0, "", NULL};
    tx t = {c->seq, -1};
    if (arena_error_kind(rc) == ARENA_E_NOMEM)
        return util_fail(rc, err, errsz, "out of memory");
    int dropped = rc || (c->op == ARENA_CHANGE_ADD ? b >= 0 : b < 0);
    if (dropped && !rc)
        snprintf(why, sizeof why, c->op == ARENA_CHANGE_ADD ? "the name is taken" : "no such bot");
    if (!dropped && c->op == ARENA_CHANGE_ADD) {
        rc = with_added(st, &one.bots[0], &now, why, sizeof why);
        dropped = rc == ARENA_E_CONFIG;
        if (rc == 0 && (rc = commit_league(st, &now, &t, err, errsz)) == 0)
            d.bot = st->settings.bot_count - 1;
        else if (rc && !dropped)
            util_fail(rc, err, errsz, "%s",
                      arena_error_kind(rc) == ARENA_E_NOMEM ? "out of memory" : why);
    }
    if (dropped) {
        rc = drop(st, c, why, fn, user, err, errsz);
    } else if (c->op == ARENA_CHANGE_ADD) {
        /* done above */
    } else if (c->op == ARENA_CHANGE_RETIRE) {
        if ((rc = arena_settings_copy(&now, &st->settings)) == 0) {
            now.bots[b].retired = 1;
            rc = commit_league(st, &now, &t, err, errsz);
        }
    } else {
        rc = apply_replace(st, b, &one.bots[0], c, &d, arc, sizeof arc, err, errsz);
        d.archive = arc;
    }
    if (rc == 0 && !dropped && fn)
        fn(&d, user);
    arena_settings_clear(&one);
    arena_settings_clear(&now);
    return rc;
}

int arena_store_apply_changes(arena_store *st, arena_store_applied_fn fn, void *user, char *err,
                              size_t errsz)
{
    if (!st->writable)
        return util_fail(ARENA_E_INVAL, err, errsz, "invalid argument");
    pendings p = {NULL, 0};
    int rc = leaguedb_changes(st->db, collect, &p, err, errsz);
    if (arena_error_kind(rc) == ARENA_E_NOMEM)
        util_fail(rc, err, errsz, "out of memory");
    int applied = 0;
    for (int i = 0; i < p.n && rc == 0; i++)
        if ((rc = apply_one(st, &p.v[i], fn, user, err, errsz)) == 0)
            applied++;
    pendings_free(&p);
    return rc ? rc : applied;
}

int arena_store_changes_pending(arena_store *st)
{
    return leaguedb_changes_pending(st->db);
}

int arena_store_set_fingerprints(arena_store *st, const cJSON *fresh, char *err, size_t errsz)
{
    int rc = arena_store_check_fingerprints(st, fresh, err, errsz);
    return rc ? rc : arena_store_write_league(st, fresh, err, errsz);
}

int arena_store_raise_games(arena_store *st, int games, char *err, size_t errsz)
{
    arena_settings now;
    int rc = arena_settings_copy(&now, &st->settings);
    if (rc)
        return util_fail(rc, err, errsz, "out of memory");
    if (!now.games_target) { /* the fixed runs' games, kept: they do not grow */
        char v[16];
        snprintf(v, sizeof v, "%d", st->settings.games);
        if ((rc = leaguedb_meta_set(st->db, ARENA_META_GAMES_TARGET, v, err, errsz))) {
            arena_settings_clear(&now);
            return rc;
        }
        now.games_target = st->settings.games;
    }
    now.games = games;
    if ((rc = arena_settings_adopt(&st->settings, &now, err, errsz)) == 0 &&
        (rc = arena_settings_validate(&now, err, errsz)) == 0 && now.random_plies) {
        /* a table of random openings has a round more: its rounds so far
         * are drawn again the same (each draws from its round's seed) */
        arena_openings_free(now.openings);
        rc = arena_settings_openings(&now, &now.openings, err, errsz);
    }
    if (rc == 0) {
        arena_settings_clear(&st->settings);
        st->settings = now; /* owned now; written below, or the store is stale */
        arena_settings_init(&now);
        if ((rc = arena_store_write_league(st, NULL, err, errsz)) == 0)
            rc = arena_store_reload_ids(st, err, errsz);
    }
    arena_settings_clear(&now);
    return rc;
}

int arena_store_release_if_idle(arena_store *st, char *err, size_t errsz)
{
    int rc = leaguedb_unlock_if_idle(st->db, err, errsz);
    st->released |= rc == 1;
    LOA_CHECK(arena_store_check(st));
    return rc;
}
