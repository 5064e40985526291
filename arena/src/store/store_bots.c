/* store_bots.c - a run's bots as the store opens: a new league's
 * programs checked before its directory is made, the copies of the bots
 * without games taken (anew when their working copy changed), a working
 * copy rebuilt since its bot was added said, the run's fingerprints
 * (store_impl.h). */
#include "store/store_impl.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "league/command.h"
#include "store/fingerprint.h"
#include "store/snapshot.h"
#include "util/buf.h"
#include "util/text.h"

/* Bot b's program, which must exist before a game of it is scheduled (a
 * mistyped command would stop the league at its first game, or lose every
 * game): 0, or ARENA_E_CONFIG naming the word, or ARENA_E_NOMEM. */
static int check_program(const arena_settings *s, const arena_bot *b, const char *bin_dir,
                         char *err, size_t errsz)
{
    char why[PATH_MAX + 300];
    char *cmd = arena_command_expand(b->command, bin_dir, s->base_dir, 0);
    int rc = cmd ? arena_fingerprint_program_missing(cmd, b->cwd, why, sizeof why) : ARENA_E_NOMEM;
    free(cmd);
    if (arena_error_kind(rc) == ARENA_E_NOMEM)
        return util_fail(rc, err, errsz, "out of memory");
    if (rc)
        return util_fail(ARENA_E_CONFIG, err, errsz,
                         "bot '%s' cannot start: %s (command: %s%s%s): fix its command; "
                         "nothing was played",
                         b->name, why, b->command, b->cwd ? ", in " : "", b->cwd ? b->cwd : "");
    return 0;
}

/* A new league's bots' programs, checked before its directory is made. */
int arena_store_check_programs(const arena_settings *s, const char *bin_dir, char *err,
                               size_t errsz)
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
int arena_store_snapshot_new_bots(arena_store *st, const arena_store_run *run, char *err,
                                  size_t errsz)
{
    arena_settings *s = &st->settings;
    for (int i = 0; i < s->bot_count; i++) {
        arena_bot *b = &s->bots[i];
        if (b->no_snapshot || b->retired)
            continue;
        int has = leaguedb_bot_has_games(st->db, i);
        if (has < 0)
            return util_fail(ARENA_E_IO, err, errsz, "cannot read %s", leaguedb_path(st->db));
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
int arena_store_warn_rebuilt(arena_store *st, const arena_store_run *run)
{
    const arena_settings *s = &st->settings;
    for (int i = 0; i < s->bot_count; i++) {
        const arena_bot *b = &s->bots[i];
        char file[PATH_MAX], copy[2 * PATH_MAX];
        if (b->retired)
            continue;
        int rc = arena_snapshot_differs(st->dir, b, run->bin_dir, s->base_dir, file, sizeof file,
                                        copy, sizeof copy);
        if (rc < 0)
            return rc;
        if (rc == 0)
            continue;
        util_buf m = {0}, arg = {0};
        util_buf_printf(&m,
                        "bot '%s': %s differs from the league's copy %s (rebuilt since the "
                        "bot was added): the league plays its copy, as it was; to play the new "
                        "build, --replace-bot ",
                        b->name, file, copy);
        util_buf_printf(&arg, "%s=%s", b->name, b->command);
        util_buf_shell_quoted(&m, arg.s ? arg.s : "");
        util_buf_printf(&m,
                        " --out %s (a new version of '%s': its games played again), or "
                        "--add-bot ",
                        st->dir, b->name);
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
int arena_store_run_fingerprints(arena_store *st, const arena_store_run *run, cJSON **fp, char *err,
                                 size_t errsz)
{
    char *out = realpath(st->dir, NULL);
    if (!out)
        return util_fail(ARENA_E_IO, err, errsz, "cannot resolve %s: %s", st->dir, strerror(errno));
    int rc = arena_fingerprint_league(&st->settings, run->bin_dir, out, st->warn, st->user, fp, err,
                                      errsz);
    free(out);
    int kind = arena_error_kind(rc);
    return kind == ARENA_E_NOMEM || kind == ARENA_E_IO ? rc : rc ? ARENA_E_IO : 0;
}
