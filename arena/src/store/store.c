/* store.c - the results directory on the league database: opening it
 * (a fresh league, a resumed or grown one, one read against a league),
 * closing it, writing its standings. Games in and out are store_games.c's,
 * the games.jsonl export store_export.c's, the league's identity
 * store_league.c's, an older directory's conversion store_legacy.c's, the
 * ids stored and what the store holds store_base.c's (store_impl.h). */
#include "store/store_impl.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "core/json.h"
#include "core/text.h"
#include "league/schedule.h"
#include "league/settings_identity.h"
#include "store/snapshot.h"
#include "util/file.h"
#include "util/text.h"

/* ---- opening ---- */

static int build_paths(arena_store *st, const char *dir)
{
    st->dir = strdup(dir);
    st->league_path = util_path_join(dir, "league.json");
    st->games_path = util_path_join(dir, "games.jsonl");
    st->standings_path = util_path_join(dir, "standings.json");
    return st->dir && st->league_path && st->games_path && st->standings_path ? 0 : ARENA_E_NOMEM;
}

/* A READ_ONLY store read against s: the same league (any shard of it),
 * whose opening table then names each game's opening. */
static int read_against(arena_store *st, const char *dir, const arena_settings *s, char *err,
                        size_t errsz)
{
    arena_settings now;
    char why[512];
    int rc = arena_settings_copy(&now, s);
    if (rc)
        return util_fail(rc, err, errsz, "out of memory");
    now.shard_index = st->settings.shard_index;
    now.shard_count = st->settings.shard_count;
    if (arena_set_string(&now.out_dir, st->dir)) {
        arena_settings_clear(&now);
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    }
    rc = arena_settings_compare(&st->settings, &now, why, sizeof why);
    if (rc == 0 && st->settings.games != now.games)
        rc = util_fail(ARENA_E_MISMATCH, why, sizeof why, "it plays %d games per pairing, not %d",
                       st->settings.games, now.games);
    if (rc == 0)
        rc = arena_store_check_openings(st, &now, why, sizeof why);
    if (rc) {
        arena_settings_clear(&now);
        return util_fail(ARENA_E_MISMATCH, err, errsz, "%s holds a different league (%s)", dir,
                         why);
    }
    arena_settings_clear(&st->settings);
    st->settings = now; /* owned now */
    return 0;
}

static int open_writable(arena_store *st, const char *dir, const cJSON *fingerprints, char *err,
                         size_t errsz);

static int open_store(arena_store *st, const char *dir, const arena_settings *s,
                      const cJSON *fingerprints, const arena_store_run *run, int mode, char *err,
                      size_t errsz)
{
    int rc;
    if (run && !leaguedb_exists(dir) &&
        (rc = arena_store_check_programs(s, run->bin_dir, err, errsz)))
        return rc;
    if (st->writable && util_mkdirs(dir) != 0)
        return util_fail(ARENA_E_IO, err, errsz, "cannot create the output directory %s: %s", dir,
                         strerror(errno));
    if (arena_store_is_legacy(dir)) {
        /* converted once by a run; a reader reads it in a temporary
         * database and writes nothing (--standings only reads) */
        rc = st->writable
                 ? arena_store_convert_legacy(dir, st->warn, st->user, err, errsz)
                 : arena_store_read_legacy(dir, st->warn, st->user, &st->tmp_dir, err, errsz);
        if (rc)
            return rc;
    }
    if (!st->writable && !st->tmp_dir && !leaguedb_exists(dir)) {
        struct stat sb;
        return util_fail(ARENA_E_IO, err, errsz,
                         stat(dir, &sb) == 0 ? "%s: not a league directory (no league.db)"
                                             : "%s: no such league directory",
                         dir);
    }
    if ((rc = leaguedb_open(st->tmp_dir ? st->tmp_dir : dir,
                            st->writable ? LEAGUEDB_WRITE : LEAGUEDB_READ, &st->db, err, errsz)))
        return rc;
    if (st->writable) {
        char why[256];
        /* "DIR is in use by ..."; any other failure names the database */
        if ((rc = leaguedb_lock(st->db, why, sizeof why)))
            return util_fail(rc, err, errsz, "%s%s%s",
                             arena_error_kind(rc) == ARENA_E_BUSY ? dir : "",
                             arena_error_kind(rc) == ARENA_E_BUSY ? " " : "", why);
        if (mode == ARENA_STORE_FRESH && (rc = arena_store_archive_locked(st, err, errsz)))
            return rc;
        if ((rc = arena_store_sweep_archives(st, err, errsz)) ||
            (run && (rc = arena_store_apply_at_open(st, run, err, errsz))))
            return rc;
        if ((rc = arena_store_resume_league(st, dir, s, err, errsz)))
            return rc;
        for (int i = 0; mode == ARENA_STORE_FRESH && i < st->settings.bot_count; i++) {
            /* the copies went with the archive: a fresh league copies anew */
            free(st->settings.bots[i].snapshot);
            st->settings.bots[i].snapshot = NULL;
        }
    } else {
        int found = 0;
        if ((rc =
                 arena_store_read_league(st, &st->settings, &st->fingerprints, &found, err, errsz)))
            return rc;
        if (!found)
            return util_fail(ARENA_E_PARSE, err, errsz, "%s: its database holds no league", dir);
        if (s && (rc = read_against(st, dir, s, err, errsz)))
            return rc;
    }
    if ((rc = arena_store_reload_ids(st, err, errsz)))
        return rc;
    if (!st->writable)
        return 0;
    cJSON *own = NULL;
    if (run) {
        arena_snapshot_sweep(dir);
        if ((rc = arena_store_snapshot_new_bots(st, run, err, errsz)) ||
            (rc = arena_store_warn_rebuilt(st, run)
                      ? util_fail(ARENA_E_NOMEM, err, errsz, "out of memory")
                      : 0) ||
            (rc = arena_store_run_fingerprints(st, run, &own, err, errsz)))
            return rc;
        fingerprints = own;
    }
    rc = open_writable(st, dir, fingerprints, err, errsz);
    cJSON_Delete(own);
    return rc;
}

/* The writable store's last steps: the fingerprints checked, the league
 * written, games.jsonl level, leftovers swept. */
static int open_writable(arena_store *st, const char *dir, const cJSON *fingerprints, char *err,
                         size_t errsz)
{
    int rc;
    if (st->count > 0 && fingerprints && !st->fingerprints)
        arena_store_warnf(
            st->warn, st->user,
            "%s: the league has no bot fingerprints (an older "
            "loa-arena's): a bot changed since its games were played cannot be detected; "
            "recording them now",
            dir);
    if ((rc = arena_store_check_fingerprints(st, fingerprints, err, errsz)) ||
        (rc = arena_store_write_league(st, fingerprints, err, errsz)) ||
        (rc = arena_store_sync_games_export(st, err, errsz)))
        return rc;
    /* the leftovers of atomic writes cut short by a kill (standings.json,
     * index.html, pages): under the run lock, no other arena writes here */
    util_remove_temp_files(dir);
    char *games = util_path_join(dir, "games");
    if (games)
        util_remove_temp_files(games);
    free(games);
    return 0;
}

static int open_with(const char *dir, const arena_settings *s, const cJSON *fingerprints,
                     const arena_store_run *run, int mode, arena_warn_fn warn, void *user,
                     arena_store **out, char *err, size_t errsz);

int arena_store_open(const char *dir, const arena_settings *s, const cJSON *fingerprints, int mode,
                     arena_warn_fn warn, void *user, arena_store **out, char *err, size_t errsz)
{
    return open_with(dir, s, fingerprints, NULL, mode, warn, user, out, err, errsz);
}

int arena_store_open_run(const char *dir, const arena_settings *s, const arena_store_run *run,
                         int mode, arena_warn_fn warn, void *user, arena_store **out, char *err,
                         size_t errsz)
{
    return open_with(dir, s, NULL, run, mode, warn, user, out, err, errsz);
}

static int open_with(const char *dir, const arena_settings *s, const cJSON *fingerprints,
                     const arena_store_run *run, int mode, arena_warn_fn warn, void *user,
                     arena_store **out, char *err, size_t errsz)
{
    *out = NULL;
    int writable = mode == ARENA_STORE_RESUME || mode == ARENA_STORE_FRESH;
    if (!dir || (writable && !s) || (!writable && mode != ARENA_STORE_READ_ONLY))
        return util_fail(ARENA_E_INVAL, err, errsz, "invalid argument");
    arena_store *st = calloc(1, sizeof *st);
    if (!st)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    st->games_fd = -1;
    st->writable = writable;
    st->warn = warn;
    st->user = user;
    arena_settings_init(&st->settings);
    int rc = build_paths(st, dir);
    if (rc)
        util_fail(rc, err, errsz, "out of memory");
    else
        rc = open_store(st, dir, s, fingerprints, run, mode, err, errsz);
    if (rc) {
        arena_store_close(st);
    } else {
        LOA_CHECK(arena_store_check(st));
        *out = st;
    }
    return rc;
}

void arena_store_close(arena_store *st)
{
    if (!st)
        return;
    if (st->games_fd >= 0)
        close(st->games_fd);
    leaguedb_close(st->db); /* releases the run lock */
    arena_store_remove_tmpdir(st->tmp_dir);
    arena_settings_clear(&st->settings);
    cJSON_Delete(st->fingerprints);
    free(st->has);
    free(st->dir);
    free(st->league_path);
    free(st->games_path);
    free(st->standings_path);
    free(st);
}

int arena_store_write_standings(arena_store *st, const cJSON *standings, char *err, size_t errsz)
{
    if (!st || !standings || !st->writable)
        return util_fail(ARENA_E_INVAL, err, errsz, "invalid argument");
    int rc = arena_json_write_file(st->standings_path, standings, 0);
    if (arena_error_kind(rc) == ARENA_E_NOMEM)
        return util_fail(rc, err, errsz, "out of memory");
    if (rc)
        return util_fail(rc, err, errsz, "cannot write %s: %s", st->standings_path,
                         strerror(errno));
    return 0;
}
