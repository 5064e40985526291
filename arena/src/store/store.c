/* store.c - the results directory on the league database: opening it
 * (a fresh league, a resumed or grown one, one read against a league),
 * closing it, what it holds. Games in and out are store_games.c's, the
 * games.jsonl export store_export.c's, the league's identity
 * store_league.c's, an older directory's conversion store_legacy.c's
 * (store_impl.h). */
#include "store/store_impl.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "core/json.h"
#include "core/text.h"
#include "league/command.h"
#include "league/schedule.h"
#include "league/settings_identity.h"
#include "store/fingerprint.h"
#include "store/snapshot.h"
#include "util/file.h"
#include "util/buf.h"
#include "util/text.h"

void arena_store_warnf(arena_warn_fn warn, void *user, const char *fmt, ...)
{
    if (!warn)
        return;
    char buf[1200]; /* a message with two paths */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    warn(buf, user);
}

void arena_store_note_snapshot(arena_warn_fn note, void *user, const char *dir,
                               const char *name, int copied, const arena_snapshot_info *info)
{
    if (!copied) {
        arena_store_warnf(note, user, "Bot '%s': nothing of its command to copy (a program "
                          "from PATH, or a word the shell expands): the league runs it where "
                          "it is", name);
        return;
    }
    char skipped[300] = "";
    if (info->skipped[0])
        snprintf(skipped, sizeof skipped, " ('%s' cannot be copied: the shell expands it)",
                 info->skipped);
    arena_store_warnf(note, user, "Bot '%s': %d file%s (%.1f KB) copied into %s/%s/: the "
                      "league runs this copy%s", name, info->files, info->files == 1 ? "" : "s",
                      info->bytes / 1024.0, dir, info->dir, skipped);
}

/* ---- opening ---- */

static int build_paths(arena_store *st, const char *dir)
{
    st->dir = strdup(dir);
    st->league_path = util_path_join(dir, "league.json");
    st->games_path = util_path_join(dir, "games.jsonl");
    st->standings_path = util_path_join(dir, "standings.json");
    return st->dir && st->league_path && st->games_path && st->standings_path ? 0
                                                                             : ARENA_E_NOMEM;
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

/* RESUME and FRESH: the league asked for (s) against the one stored, if
 * any: the same league, or the stored one grown (bots added, more games). */
/* The bots replaced as the store opened (a --replace-bot queued while no
 * arena ran): the league asked for was read before, so its entry for such
 * a bot is the old build's; the stored league's (old, after the change) is
 * the bot now. Returns 0 or ARENA_E_NOMEM (err). */
static int take_replaced(arena_store *st, const arena_settings *old, char *err, size_t errsz)
{
    arena_settings *now = &st->settings;
    for (int i = 0; i < old->bot_count && i < now->bot_count; i++) {
        const arena_bot *o = &old->bots[i];
        arena_bot *b = &now->bots[i];
        if (!st->replaced_at_open[i] || strcmp(o->name, b->name) != 0)
            continue;
        if (arena_set_string(&b->command, o->command) || arena_set_string(&b->cwd, o->cwd) ||
            arena_set_string(&b->snapshot, o->snapshot))
            return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
        b->sandbox = o->sandbox;
        b->no_snapshot = o->no_snapshot;
        b->retired = o->retired;
    }
    return 0;
}

/* A league that differs from the one asked for (why) but never stored a
 * game (its first command mistyped, a bot that could not start): nothing
 * is lost by taking the league as asked, so it is, said once. Returns 0,
 * 1 when games are stored (a different league: refused), ARENA_E_IO (err)
 * or ARENA_E_NOMEM. */
static int anew_if_empty(arena_store *st, const char *dir, const arena_settings *s,
                         const char *why, char *err, size_t errsz)
{
    int has = arena_db_has_games(st->db);
    if (has < 0)
        return util_fail(ARENA_E_IO, err, errsz, "cannot read %s", arena_db_path(st->db));
    if (has)
        return 1;
    arena_settings_clear(&st->settings);
    if (arena_settings_copy(&st->settings, s))
        return ARENA_E_NOMEM;
    cJSON_Delete(st->fingerprints); /* of bots that played nothing */
    st->fingerprints = NULL;
    st->openings_sha256[0] = '\0';
    arena_store_warnf(st->warn, st->user, "%s: its league had no game stored: made anew as asked "
                      "(it differed: %s)", dir, why);
    return 0;
}

/* The games a run in order plays to (arena_settings.games_target) when
 * continuous mode grew the league (old: as stored) beyond what its fixed
 * runs asked for: those, or what this run asks for between them and the
 * grown games; asking more than the grown games extends the league as
 * ever (no target then). Said when it holds a run back. Returns 1 when a
 * target holds (the "kept" warning is this one's), 0 when none, or a
 * negative ARENA_E_* code (err). */
static int take_games_target(arena_store *st, const char *dir, const arena_settings *s,
                             const arena_settings *old, char *err, size_t errsz)
{
    char *v = NULL, text[16];
    int rc = arena_db_meta_get(st->db, ARENA_META_GAMES_TARGET, &v, err, errsz);
    if (rc)
        return rc;
    long f = v ? strtol(v, NULL, 10) : 0; /* written by the store: a number */
    free(v);
    arena_settings *now = &st->settings;
    now->games_target = 0;
    if (f <= 0 || f >= now->games)
        return 0;
    int target = (int)f;
    if (s->games > old->games) /* extended beyond the grown games: no target */
        target = 0;
    else if (!s->continuous && s->games > f && s->games < old->games)
        target = s->games; /* asked between: the new fixed target */
    snprintf(text, sizeof text, "%d", target);
    if (target != f && (rc = arena_db_meta_set(st->db, ARENA_META_GAMES_TARGET, text, err,
                                               errsz)))
        return rc;
    now->games_target = target;
    if (target && !s->continuous)
        arena_store_warnf(st->warn, st->user, "%s: continuous mode grew its league to %d games "
                          "per pairing; a run without --continuous plays each pairing's first "
                          "%d (--games N asks for more, --continuous plays on)", dir,
                          now->games, target);
    return target > 0;
}

static int resume_league(arena_store *st, const char *dir, const arena_settings *s,
                         char *err, size_t errsz)
{
    arena_settings old;
    char why[512];
    int found = 0;
    int rc = arena_store_read_league(st, &old, &st->fingerprints, &found, err, errsz);
    if (rc)
        return rc;
    if ((rc = arena_settings_copy(&st->settings, s))) {
        arena_settings_clear(&old);
        return util_fail(rc, err, errsz, "out of memory");
    }
    if (found) {
        int fewer_bots = s->bot_count < old.bot_count, fewer_games = s->games < old.games;
        rc = arena_settings_adopt(&old, &st->settings, why, sizeof why);
        if (rc == 0 && (rc = take_replaced(st, &old, err, errsz))) {
            arena_settings_clear(&old);
            return rc;
        }
        if (rc == 0 && fewer_bots && st->settings.bot_count == old.bot_count &&
            !st->applied_at_open)
            arena_store_warnf(st->warn, st->user, "%s: its league has %d bot%s more than asked "
                              "for (added since: %s%s): kept", dir, old.bot_count - s->bot_count,
                              old.bot_count - s->bot_count == 1 ? "" : "s",
                              old.bots[s->bot_count].name,
                              old.bot_count - s->bot_count > 1 ? ", ..." : "");
        int target = rc == 0 ? take_games_target(st, dir, s, &old, err, errsz) : 0;
        if (target < 0) {
            arena_settings_clear(&old);
            return target;
        }
        if (rc == 0 && fewer_games && !s->sprt && !target)
            arena_store_warnf(st->warn, st->user, "%s: its league plays %d games per pairing, "
                              "more than the %d asked for: kept (a league only grows)", dir,
                              old.games, s->games);
        if (rc == 0 && (rc = arena_settings_compare(&old, &st->settings, why, sizeof why)) == 0)
            rc = arena_store_check_openings(st, s, why, sizeof why);
        if (rc == 0 && st->settings.bot_count > old.bot_count)
            arena_store_warnf(st->warn, st->user, "%s: adding %d bot%s to the league (%d bots now): only the "
                  "new pairings are played", dir, st->settings.bot_count - old.bot_count,
                  st->settings.bot_count - old.bot_count == 1 ? "" : "s",
                  st->settings.bot_count);
        if (rc == 0 && old.games < st->settings.games)
            arena_store_warnf(st->warn, st->user, "%s: extending the league from %d to %d games per pairing",
                  dir, old.games, st->settings.games);
    }
    arena_settings_clear(&old);
    if (rc && rc != ARENA_E_NOMEM)
        rc = anew_if_empty(st, dir, s, why, err, errsz);
    if (rc == ARENA_E_NOMEM)
        return util_fail(rc, err, errsz, "out of memory");
    if (rc == ARENA_E_IO)
        return rc;
    if (rc)
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "%s holds a different league (%s): use another --out, or "
                         "--force-new to archive it and start over", dir, why);
    return 0;
}

typedef struct id_walk {
    arena_store *st;
    int bad;
    char why[256];
} id_walk;

static int mark_one(int64_t id, void *user)
{
    id_walk *w = user;
    if (id < 0 || id >= w->st->schedule_size) {
        if (!w->bad++)
            snprintf(w->why, sizeof w->why, "game %lld is outside the schedule (%lld games)",
                     (long long)id, (long long)w->st->schedule_size);
        return 0;
    }
    if (!w->st->has[id]) {
        w->st->has[id] = 1;
        w->st->count++;
    }
    return 0;
}

int arena_store_reload_ids(arena_store *st, char *err, size_t errsz)
{
    free(st->has);
    st->count = 0;
    st->schedule_size = arena_schedule_total(&st->settings);
    st->has = calloc((size_t)(st->schedule_size > 0 ? st->schedule_size : 1), 1);
    if (!st->has)
        return util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    id_walk w = {st, 0, ""};
    int rc = arena_db_foreach_id(st->db, mark_one, &w, err, errsz);
    if (rc == 0 && w.bad)
        arena_store_warnf(st->warn, st->user, "%s: %d game%s of another schedule ignored (%s)",
              arena_store_db_path(st), w.bad, w.bad == 1 ? "" : "s", w.why);
    return rc;
}

static int open_writable(arena_store *st, const char *dir, const cJSON *fingerprints,
                         char *err, size_t errsz);

typedef struct at_open {
    arena_store *st;
    const arena_store_run *run;
} at_open;

/* A change applied at open: said through the run's callback, a replaced
 * bot remembered (resume_league takes its new entry). */
static void applied_at_open(const arena_change_done *d, void *user)
{
    at_open *a = user;
    if (d->op == ARENA_CHANGE_REPLACE && !d->dropped && d->bot >= 0 && d->bot < ARENA_MAX_BOTS)
        a->st->replaced_at_open[d->bot] = 1;
    if (a->run->applied)
        a->run->applied(d, a->run->user);
}

/* The changes queued while no arena ran, applied to the stored league
 * before the league asked for is compared with it. */
static int apply_at_open(arena_store *st, const arena_store_run *run, char *err, size_t errsz)
{
    at_open a = {st, run};
    int found = 0;
    int rc = arena_db_changes_pending(st->db);
    if (rc <= 0)
        return rc < 0 ? util_fail(rc, err, errsz, "cannot read %s", arena_db_path(st->db)) : 0;
    rc = arena_store_read_league(st, &st->settings, NULL, &found, err, errsz);
    if (rc == 0 && found && (rc = arena_store_reload_ids(st, err, errsz)) == 0) {
        rc = arena_store_apply_changes(st, applied_at_open, &a, err, errsz);
        st->applied_at_open = rc > 0;
        rc = rc > 0 ? 0 : rc;
    }
    arena_settings_clear(&st->settings);
    return rc;
}

/* Bot b's program, which must exist before a game of it is scheduled (a
 * mistyped command would stop the league at its first game, or lose every
 * game): 0, or ARENA_E_CONFIG naming the word, or ARENA_E_NOMEM. */
static int check_program(const arena_settings *s, const arena_bot *b, const char *bin_dir,
                         char *err, size_t errsz)
{
    char why[PATH_MAX + 300];
    char *cmd = arena_command_expand(b->command, bin_dir, s->base_dir, 0);
    int rc = cmd ? arena_fingerprint_program_missing(cmd, b->cwd, why, sizeof why)
                 : ARENA_E_NOMEM;
    free(cmd);
    if (rc == ARENA_E_NOMEM)
        return util_fail(rc, err, errsz, "out of memory");
    if (rc)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "bot '%s' cannot start: %s (command: %s%s%s): fix its command; "
                         "nothing was played", b->name, why, b->command, b->cwd ? ", in " : "",
                         b->cwd ? b->cwd : "");
    return 0;
}

/* A new league's bots' programs, checked before its directory is made. */
static int check_programs(const arena_settings *s, const char *bin_dir, char *err, size_t errsz)
{
    int rc = 0;
    for (int i = 0; i < s->bot_count && !rc; i++)
        if (!s->bots[i].snapshot && !s->bots[i].retired)
            rc = check_program(s, &s->bots[i], bin_dir, err, errsz);
    return rc;
}

/* The bots that have no games and no snapshot yet (a new league's, a bot
 * added by --extend), or one older than their working copy (rebuilt after
 * their first game failed to start): copied now, under the run lock. */
static int snapshot_new_bots(arena_store *st, const arena_store_run *run, char *err,
                             size_t errsz)
{
    arena_settings *s = &st->settings;
    for (int i = 0; i < s->bot_count; i++) {
        arena_bot *b = &s->bots[i];
        if (b->no_snapshot || b->retired)
            continue;
        int has = arena_db_bot_has_games(st->db, i);
        if (has < 0)
            return util_fail(ARENA_E_IO, err, errsz, "cannot read %s", arena_db_path(st->db));
        if (has)
            continue;
        char file[PATH_MAX], copy[2 * PATH_MAX];
        int differs = b->snapshot ? arena_snapshot_differs(st->dir, b, run->bin_dir, s->base_dir,
                                                           file, sizeof file, copy, sizeof copy)
                                  : 1;
        if (differs < 0)
            return util_fail(differs, err, errsz, "out of memory");
        if (!differs)
            continue;
        /* no game yet (a new bot, or one whose first game could not
         * start): a copy older than its working copy is taken anew, so
         * that the fixed bot plays */
        free(b->snapshot);
        b->snapshot = NULL;
        arena_snapshot_info info;
        int rc = check_program(s, b, run->bin_dir, err, errsz);
        if (rc == 0)
            rc = arena_snapshot_take(st->dir, b, run->bin_dir, s->base_dir, &b->snapshot, &info,
                                     err, errsz);
        if (rc)
            return rc;
        if (b->snapshot)
            arena_store_note_snapshot(run->note, run->user, st->dir, b->name, 1, &info);
    }
    return 0;
}

/* The bots whose working copy was rebuilt since the league copied it,
 * said before any game: the league plays the copy (as documented), and
 * the user learns the two ways to play the new build instead. */
static int warn_rebuilt(arena_store *st, const arena_store_run *run)
{
    const arena_settings *s = &st->settings;
    for (int i = 0; i < s->bot_count; i++) {
        const arena_bot *b = &s->bots[i];
        char file[PATH_MAX], copy[2 * PATH_MAX];
        if (b->retired)
            continue;
        int rc = arena_snapshot_differs(st->dir, b, run->bin_dir, s->base_dir, file,
                                        sizeof file, copy, sizeof copy);
        if (rc < 0)
            return rc;
        if (rc == 0)
            continue;
        util_buf m = {0}, arg = {0};
        util_buf_printf(&m, "bot '%s': %s differs from the league's copy %s (rebuilt since the "
                        "bot was added): the league plays its copy, as it was; to play the new "
                        "build, --replace-bot ", b->name, file, copy);
        util_buf_printf(&arg, "%s=%s", b->name, b->command);
        util_buf_shell_quoted(&m, arg.s ? arg.s : "");
        util_buf_printf(&m, " --out %s (a new version of '%s': its games played again), or "
                        "--add-bot ", st->dir, b->name);
        arg.len = 0;
        util_buf_printf(&arg, "%s2=%s", b->name, b->command);
        util_buf_shell_quoted(&m, arg.s ? arg.s : "");
        util_buf_printf(&m, " --out %s (both versions kept)", st->dir);
        int failed = m.failed || arg.failed;
        if (!failed)
            arena_store_warnf(st->warn, st->user, "%s", m.s);
        util_buf_free(&m);
        util_buf_free(&arg);
        if (failed)
            return ARENA_E_NOMEM;
    }
    return 0;
}

/* A run's own fingerprints of the league's bots (their copies). */
static int run_fingerprints(arena_store *st, const arena_store_run *run, cJSON **fp, char *err,
                            size_t errsz)
{
    char *out = realpath(st->dir, NULL);
    if (!out)
        return util_fail(ARENA_E_IO, err, errsz, "cannot resolve %s: %s", st->dir,
                         strerror(errno));
    int rc = arena_fingerprint_league(&st->settings, run->bin_dir, out, st->warn, st->user, fp,
                                      err, errsz);
    free(out);
    return rc == ARENA_E_NOMEM || rc == ARENA_E_IO ? rc : rc ? ARENA_E_IO : 0;
}

static int open_store(arena_store *st, const char *dir, const arena_settings *s,
                      const cJSON *fingerprints, const arena_store_run *run, int mode, char *err,
                      size_t errsz)
{
    int rc;
    if (run && !arena_db_exists(dir) && (rc = check_programs(s, run->bin_dir, err, errsz)))
        return rc;
    if (st->writable && util_mkdirs(dir) != 0)
        return util_fail(ARENA_E_IO, err, errsz, "cannot create the output directory %s: %s",
                         dir, strerror(errno));
    if (arena_store_is_legacy(dir)) {
        /* converted once by a run; a reader reads it in a temporary
         * database and writes nothing (--standings only reads) */
        rc = st->writable ? arena_store_convert_legacy(dir, st->warn, st->user, err, errsz)
                          : arena_store_read_legacy(dir, st->warn, st->user, &st->tmp_dir,
                                                    err, errsz);
        if (rc)
            return rc;
    }
    if (!st->writable && !st->tmp_dir && !arena_db_exists(dir)) {
        struct stat sb;
        return util_fail(ARENA_E_IO, err, errsz,
                         stat(dir, &sb) == 0 ? "%s: not a league directory (no league.db)"
                                             : "%s: no such league directory", dir);
    }
    if ((rc = arena_db_open(st->tmp_dir ? st->tmp_dir : dir,
                            st->writable ? ARENA_DB_WRITE : ARENA_DB_READ, &st->db, err,
                            errsz)))
        return rc;
    if (st->writable) {
        char why[256];
        /* "DIR is in use by ..."; any other failure names the database */
        if ((rc = arena_db_lock(st->db, why, sizeof why)))
            return util_fail(rc, err, errsz, "%s%s%s", rc == ARENA_E_BUSY ? dir : "",
                             rc == ARENA_E_BUSY ? " " : "", why);
        if (mode == ARENA_STORE_FRESH && (rc = arena_store_archive_locked(st, err, errsz)))
            return rc;
        if ((rc = arena_store_sweep_archives(st, err, errsz)) ||
            (run && (rc = apply_at_open(st, run, err, errsz))))
            return rc;
        if ((rc = resume_league(st, dir, s, err, errsz)))
            return rc;
        for (int i = 0; mode == ARENA_STORE_FRESH && i < st->settings.bot_count; i++) {
            /* the copies went with the archive: a fresh league copies anew */
            free(st->settings.bots[i].snapshot);
            st->settings.bots[i].snapshot = NULL;
        }
    } else {
        int found = 0;
        if ((rc = arena_store_read_league(st, &st->settings, &st->fingerprints, &found, err,
                                          errsz)))
            return rc;
        if (!found)
            return util_fail(ARENA_E_PARSE, err, errsz, "%s: its database holds no league",
                             dir);
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
        if ((rc = snapshot_new_bots(st, run, err, errsz)) ||
            (rc = warn_rebuilt(st, run) ? util_fail(ARENA_E_NOMEM, err, errsz,
                                                    "out of memory") : 0) ||
            (rc = run_fingerprints(st, run, &own, err, errsz)))
            return rc;
        fingerprints = own;
    }
    rc = open_writable(st, dir, fingerprints, err, errsz);
    cJSON_Delete(own);
    return rc;
}

/* The writable store's last steps: the fingerprints checked, the league
 * written, games.jsonl level, leftovers swept. */
static int open_writable(arena_store *st, const char *dir, const cJSON *fingerprints,
                         char *err, size_t errsz)
{
    int rc;
    if (st->count > 0 && fingerprints && !st->fingerprints)
        arena_store_warnf(st->warn, st->user, "%s: the league has no bot fingerprints (an older "
              "loa-arena's): a bot changed since its games were played cannot be detected; "
              "recording them now", dir);
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

int arena_store_open(const char *dir, const arena_settings *s, const cJSON *fingerprints,
                     int mode, arena_warn_fn warn, void *user, arena_store **out, char *err,
                     size_t errsz)
{
    return open_with(dir, s, fingerprints, NULL, mode, warn, user, out, err, errsz);
}

int arena_store_open_run(const char *dir, const arena_settings *s, const arena_store_run *run,
                         int mode, arena_warn_fn warn, void *user, arena_store **out,
                         char *err, size_t errsz)
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
    if (rc)
        arena_store_close(st);
    else
        *out = st;
    return rc;
}

void arena_store_close(arena_store *st)
{
    if (!st)
        return;
    if (st->games_fd >= 0)
        close(st->games_fd);
    arena_db_close(st->db); /* releases the run lock */
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

const arena_settings *arena_store_settings(const arena_store *st)
{
    return &st->settings;
}

int arena_store_count(const arena_store *st)
{
    return st->count;
}

int arena_store_has(const arena_store *st, int id)
{
    return id >= 0 && id < st->schedule_size && st->has[id];
}

const cJSON *arena_store_fingerprints(const arena_store *st)
{
    return st->fingerprints;
}

const char *arena_store_db_path(const arena_store *st)
{
    return arena_db_path(st->db);
}

struct arena_db *arena_store_db(const arena_store *st)
{
    return st->db;
}

const char *arena_store_standings_path(const arena_store *st)
{
    return st->standings_path;
}

int arena_store_write_standings(arena_store *st, const cJSON *standings, char *err,
                                size_t errsz)
{
    if (!st || !standings || !st->writable)
        return util_fail(ARENA_E_INVAL, err, errsz, "invalid argument");
    int rc = arena_json_write_file(st->standings_path, standings, 0);
    if (rc == ARENA_E_NOMEM)
        return util_fail(rc, err, errsz, "out of memory");
    if (rc)
        return util_fail(rc, err, errsz, "cannot write %s: %s", st->standings_path,
                         strerror(errno));
    return 0;
}
