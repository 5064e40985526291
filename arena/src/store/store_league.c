/* store_league.c - the league in the database (its identity, its
 * bots' fingerprints, its openings' digest, the directory of `{dir}`), its
 * export league.json, and archiving for --force-new (store_impl.h). */
#include "store/store_impl.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "core/error.h"
#include "core/json.h"
#include "core/text.h"
#include "league/league_file.h"
#include "league/openings.h"
#include "league/settings_identity.h"
#include "store/fingerprint.h"
#include "util/file.h"
#include "util/text.h"

/* The league as JSON with what the store keeps beside it (a league.json:
 * the identity, "fingerprints", "openings_sha256", "dir"). Caller owns;
 * NULL on out of memory. */
static cJSON *league_json(const arena_store *st, const cJSON *fp, const char *digest,
                          const char *base)
{
    cJSON *j = arena_settings_to_json(&st->settings);
    cJSON *copy = fp ? cJSON_Duplicate(fp, 1) : NULL;
    if (!j || (fp && !copy) || (copy && !cJSON_AddItemToObject(j, ARENA_META_FINGERPRINTS, copy)) ||
        (digest[0] && !cJSON_AddStringToObject(j, ARENA_META_OPENINGS, digest)) ||
        (base && !cJSON_AddStringToObject(j, ARENA_META_DIR, base))) {
        if (j && copy && !cJSON_GetObjectItemCaseSensitive(j, ARENA_META_FINGERPRINTS))
            cJSON_Delete(copy);
        cJSON_Delete(j);
        return NULL;
    }
    return j;
}

int arena_store_parse_league(arena_store *st, const char *text, size_t len, const char *name,
                             arena_settings *s, cJSON **fingerprints, char *err, size_t errsz)
{
    arena_settings_init(s);
    if (fingerprints)
        *fingerprints = NULL;
    cJSON *root = cJSON_ParseWithLength(text, len);
    if (!root)
        return util_fail(ARENA_E_PARSE, err, errsz, "%s: malformed JSON", name);
    cJSON *fp = cJSON_DetachItemFromObjectCaseSensitive(root, ARENA_META_FINGERPRINTS);
    cJSON *digest = cJSON_DetachItemFromObjectCaseSensitive(root, ARENA_META_OPENINGS);
    cJSON *base = cJSON_DetachItemFromObjectCaseSensitive(root, ARENA_META_DIR);
    int rc = 0;
    if (base && (!cJSON_IsString(base) || base->valuestring[0] != '/'))
        rc = util_fail(ARENA_E_PARSE, err, errsz, "%s: \"%s\" is not an absolute path", name,
                       ARENA_META_DIR);
    else if (digest && (!cJSON_IsString(digest) || strlen(digest->valuestring) != 64))
        rc = util_fail(ARENA_E_PARSE, err, errsz, "%s: \"%s\" is not 64 hex digits", name,
                       ARENA_META_OPENINGS);
    else if (digest)
        snprintf(st->openings_sha256, sizeof st->openings_sha256, "%s", digest->valuestring);
    if (rc == 0 && fp && !cJSON_IsObject(fp))
        rc = util_fail(ARENA_E_PARSE, err, errsz, "%s: \"%s\" is not an object", name,
                       ARENA_META_FINGERPRINTS);
    if (rc == 0)
        rc = arena_settings_load_json(s, root, name, st->dir, err, errsz);
    cJSON_Delete(root);
    cJSON_Delete(digest);
    if (rc == ARENA_E_CONFIG)
        rc = ARENA_E_PARSE; /* a league the arena did not write */
    if (rc == 0 && s->bot_count < 2)
        rc = util_fail(ARENA_E_PARSE, err, errsz, "%s: fewer than two bots", name);
    if (rc == 0 && (s->games < 2 || s->games % 2))
        rc = util_fail(ARENA_E_PARSE, err, errsz, "%s: \"games\" is not even", name);
    if (rc == 0)
        rc = arena_set_string(&s->out_dir, st->dir);
    if (rc == 0 && base)
        rc = arena_set_string(&s->base_dir, base->valuestring);
    cJSON_Delete(base);
    if (arena_error_kind(rc) == ARENA_E_NOMEM)
        util_fail(rc, err, errsz, "out of memory");
    if (rc == 0 && fingerprints)
        *fingerprints = fp;
    else
        cJSON_Delete(fp);
    return rc;
}

int arena_store_read_league(arena_store *st, arena_settings *s, cJSON **fingerprints, int *found,
                            char *err, size_t errsz)
{
    char *league = NULL, *fp = NULL, *digest = NULL, *base = NULL;
    arena_settings_init(s);
    if (fingerprints)
        *fingerprints = NULL;
    *found = 0;
    int rc = leaguedb_meta_get(st->db, ARENA_META_LEAGUE, &league, err, errsz);
    if (rc == 0 && league)
        rc = leaguedb_meta_get(st->db, ARENA_META_FINGERPRINTS, &fp, err, errsz);
    if (rc == 0 && league)
        rc = leaguedb_meta_get(st->db, ARENA_META_OPENINGS, &digest, err, errsz);
    if (rc == 0 && league)
        rc = leaguedb_meta_get(st->db, ARENA_META_DIR, &base, err, errsz);
    if (rc == 0 && league) {
        /* one league.json text: the reader of an exported file reads it */
        cJSON *j = cJSON_Parse(league);
        cJSON *f = fp ? cJSON_Parse(fp) : NULL;
        if (!j || (fp && !f))
            rc = util_fail(ARENA_E_PARSE, err, errsz, "%s: its league is malformed JSON",
                           leaguedb_path(st->db));
        else if ((f && !cJSON_AddItemToObject(j, ARENA_META_FINGERPRINTS, f)) ||
                 (digest && !cJSON_AddStringToObject(j, ARENA_META_OPENINGS, digest)) ||
                 (base && !cJSON_AddStringToObject(j, ARENA_META_DIR, base)))
            rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        else
            f = NULL; /* owned by j */
        char *text = rc ? NULL : cJSON_PrintUnformatted(j);
        if (!rc && !text)
            rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        if (!rc)
            rc = arena_store_parse_league(st, text, strlen(text), leaguedb_path(st->db), s,
                                          fingerprints, err, errsz);
        cJSON_free(text);
        cJSON_Delete(j);
        cJSON_Delete(f);
        *found = rc == 0;
    }
    free(league);
    free(fp);
    free(digest);
    free(base);
    return rc;
}

int arena_store_check_openings(const arena_store *st, const arena_settings *s, char *err,
                               size_t errsz)
{
    char now[65];
    if (!s->openings_file || !s->openings || !st->openings_sha256[0])
        return 0;
    if (arena_openings_digest(s->openings, now))
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    if (strcmp(now, st->openings_sha256) != 0)
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "its openings file %s changed since the league started", s->openings_file);
    return 0;
}

int arena_store_check_fingerprints(const arena_store *st, const cJSON *fresh, char *err,
                                   size_t errsz)
{
    if (!fresh || !st->fingerprints)
        return 0;
    const arena_settings *s = &st->settings;
    for (int b = 0; b < s->bot_count; b++) {
        const char *name = s->bots[b].name;
        const cJSON *old = cJSON_GetObjectItemCaseSensitive(st->fingerprints, name);
        const cJSON *now = cJSON_GetObjectItemCaseSensitive(fresh, name);
        if (!old || !now)
            continue;
        int has = leaguedb_bot_has_games(st->db, b);
        if (has < 0)
            return util_fail(ARENA_E_IO, err, errsz, "cannot read %s", leaguedb_path(st->db));
        if (!has)
            continue;
        char what[600];
        int d = arena_fingerprint_diff(old, now, what, sizeof what);
        if (d < 0)
            snprintf(what, sizeof what, "its stored fingerprint is unreadable");
        if (d == 2) /* seen now, not by the arena that played its games */
            arena_store_warnf(st->warn, st->user,
                              "bot '%s': %s to its fingerprint (an older loa-arena did not see "
                              "it): recorded from now on",
                              name, what);
        else if (d != 0)
            return util_fail(ARENA_E_CHANGED, err, errsz,
                             "bot '%s' changed since its games in %s were played (%s): its new "
                             "results would be mixed with the old program's; --replace-bot "
                             "%s=COMMAND archives its games and plays them again, --add-bot "
                             "adds it as a new version, --force-new archives the whole league",
                             name, st->dir, what, name);
    }
    return 0;
}

/* The text of tree j (compact), into meta key; NULL j: nothing. */
static int meta_json(arena_store *st, const char *key, const cJSON *j, char *err, size_t errsz)
{
    if (!j)
        return 0;
    char *t = cJSON_PrintUnformatted(j);
    if (!t)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    int rc = leaguedb_meta_set(st->db, key, t, err, errsz);
    cJSON_free(t);
    return rc;
}

int arena_store_write_league(arena_store *st, const cJSON *fresh, char *err, size_t errsz)
{
    return arena_store_write_league_tx(st, fresh, NULL, NULL, err, errsz);
}

int arena_store_write_league_tx(arena_store *st, const cJSON *fresh, arena_store_tx_fn also,
                                void *user, char *err, size_t errsz)
{
    const cJSON *fp = fresh ? fresh : st->fingerprints;
    char digest[65] = "";
    const arena_settings *s = &st->settings;
    if (s->openings_file && s->openings && arena_openings_digest(s->openings, digest))
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    /* absolute, so that a league read back runs its {dir} commands */
    char *base = s->base_dir ? realpath(s->base_dir, NULL) : NULL;
    cJSON *id = arena_settings_to_json(s);
    const char *names[ARENA_MAX_BOTS];
    for (int i = 0; i < s->bot_count; i++)
        names[i] = s->bots[i].name;
    int rc = id ? 0 : util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    if (rc == 0 && (rc = leaguedb_begin(st->db, err, errsz)) == 0) {
        if ((rc = meta_json(st, ARENA_META_LEAGUE, id, err, errsz)) == 0 &&
            (rc = meta_json(st, ARENA_META_FINGERPRINTS, fp, err, errsz)) == 0 &&
            (!digest[0] ||
             (rc = leaguedb_meta_set(st->db, ARENA_META_OPENINGS, digest, err, errsz)) == 0) &&
            (!base || (rc = leaguedb_meta_set(st->db, ARENA_META_DIR, base, err, errsz)) == 0))
            rc = leaguedb_set_bots(st->db, names, s->bot_count, err, errsz);
        if (rc == 0 && also)
            rc = also(st, user, err, errsz);
        if (rc == 0)
            rc = leaguedb_commit(st->db, err, errsz);
        else
            leaguedb_rollback(st->db);
    }
    cJSON_Delete(id);
    if (rc == 0 && fresh) { /* the store's own copy follows */
        cJSON *copy = cJSON_Duplicate(fresh, 1);
        if (!copy)
            rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        cJSON_Delete(st->fingerprints);
        st->fingerprints = copy;
    }
    if (rc == 0) {
        snprintf(st->openings_sha256, sizeof st->openings_sha256, "%s", digest);
        cJSON *j = league_json(st, fp, digest, base);
        rc = j ? arena_json_write_file(st->league_path, j, 0) : ARENA_E_NOMEM;
        cJSON_Delete(j);
        if (arena_error_kind(rc) == ARENA_E_NOMEM)
            util_fail(rc, err, errsz, "out of memory");
        else if (rc)
            util_fail(rc, err, errsz, "cannot write %s: %s", st->league_path, strerror(errno));
    }
    free(base);
    return rc;
}

/* DIR/previous-<UTC time>, made; malloc'd path, NULL (err) on failure. */
static char *make_previous(const char *dir, char *err, size_t errsz)
{
    char stamp[64];
    time_t now = time(NULL);
    struct tm tm;
    gmtime_r(&now, &tm);
    strftime(stamp, sizeof stamp, "previous-%Y%m%d-%H%M%S", &tm);
    char *target = util_path_join(dir, stamp);
    if (!target) {
        util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        return NULL;
    }
    if (mkdir(target, 0777) != 0 && errno != EEXIST) {
        util_fail(ARENA_E_IO, err, errsz, "cannot create %s: %s", target, strerror(errno));
        free(target);
        return NULL;
    }
    return target;
}

/* Moves the files names[] of dir (those that exist) into target. */
static int move_files(const char *dir, const char *target, const char *const *names, size_t n,
                      char *err, size_t errsz)
{
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++) {
        char *from = util_path_join(dir, names[i]), *to = util_path_join(target, names[i]);
        if (!from || !to)
            rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        else if (access(from, F_OK) == 0 && rename(from, to) != 0)
            rc = util_fail(ARENA_E_IO, err, errsz, "cannot move %s to %s: %s", from, target,
                           strerror(errno));
        free(from);
        free(to);
    }
    return rc;
}

/* What a league leaves beside its database (the bots' copies go with
 * it: a fresh league copies its bots anew). */
static const char *const exports[] = {"league.json", "games.jsonl", "standings.json",
                                      "index.html",  "games",       "bots"};
#define EXPORTS (sizeof exports / sizeof exports[0])

int arena_store_archive(const char *dir, char *err, size_t errsz)
{
    static const char *const db_files[] = {"league.db", "league.db-wal", "league.db-shm"};
    struct stat sb;
    if (stat(dir, &sb) != 0)
        return 0;
    int any = 0;
    for (size_t i = 0; i < EXPORTS; i++) {
        char *p = util_path_join(dir, exports[i]);
        any |= p && access(p, F_OK) == 0;
        free(p);
    }
    any |= leaguedb_exists(dir);
    if (!any)
        return 0;
    char *target = make_previous(dir, err, errsz);
    if (!target)
        return ARENA_E_IO;
    int rc = move_files(dir, target, db_files, 3, err, errsz);
    if (rc == 0)
        rc = move_files(dir, target, exports, EXPORTS, err, errsz);
    free(target);
    return rc;
}

int arena_store_archive_locked(arena_store *st, char *err, size_t errsz)
{
    /* The database stays where it is (another arena may open it at any
     * moment, and must find the run lock): its content is copied out whole
     * (VACUUM INTO, a consistent copy), then emptied, under the lock. */
    if (leaguedb_count(st->db) == 0 && !leaguedb_has_league(st->db))
        return arena_store_archive(st->dir, err, errsz) ? ARENA_E_IO : 0;
    char *target = make_previous(st->dir, err, errsz);
    if (!target)
        return ARENA_E_IO;
    char *copy = util_path_join(target, LEAGUEDB_FILE);
    int rc = copy ? leaguedb_copy_to(st->db, copy, err, errsz)
                  : util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    if (rc == 0)
        rc = leaguedb_clear(st->db, err, errsz);
    if (rc == 0)
        rc = move_files(st->dir, target, exports, EXPORTS, err, errsz);
    free(copy);
    free(target);
    return rc;
}
