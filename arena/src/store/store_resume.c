/* store_resume.c - a run's league against the stored one as the store
 * opens: the changes queued while no arena ran applied first (a replaced
 * bot's new entry taken), then the league asked for compared (the same
 * league, or the stored one grown), a league that stored no game made
 * anew as asked, the games a run in order plays to after continuous mode
 * grew the league (store_impl.h). */
#include "store/store_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/text.h"
#include "league/settings_identity.h"
#include "util/text.h"

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
int arena_store_apply_at_open(arena_store *st, const arena_store_run *run, char *err, size_t errsz)
{
    at_open a = {st, run};
    int found = 0;
    int rc = leaguedb_changes_pending(st->db);
    if (rc <= 0)
        return rc < 0 ? util_fail(rc, err, errsz, "cannot read %s", leaguedb_path(st->db)) : 0;
    rc = arena_store_read_league(st, &st->settings, NULL, &found, err, errsz);
    if (rc == 0 && found && (rc = arena_store_reload_ids(st, err, errsz)) == 0) {
        rc = arena_store_apply_changes(st, applied_at_open, &a, err, errsz);
        st->applied_at_open = rc > 0;
        rc = rc > 0 ? 0 : rc;
    }
    arena_settings_clear(&st->settings);
    return rc;
}

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
static int anew_if_empty(arena_store *st, const char *dir, const arena_settings *s, const char *why,
                         char *err, size_t errsz)
{
    int has = leaguedb_has_games(st->db);
    if (has < 0)
        return util_fail(ARENA_E_IO, err, errsz, "cannot read %s", leaguedb_path(st->db));
    if (has)
        return 1;
    arena_settings_clear(&st->settings);
    if (arena_settings_copy(&st->settings, s))
        return ARENA_E_NOMEM;
    cJSON_Delete(st->fingerprints); /* of bots that played nothing */
    st->fingerprints = NULL;
    st->openings_sha256[0] = '\0';
    arena_store_warnf(st->warn, st->user,
                      "%s: its league had no game stored: made anew as asked "
                      "(it differed: %s)",
                      dir, why);
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
    int rc = leaguedb_meta_get(st->db, ARENA_META_GAMES_TARGET, &v, err, errsz);
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
    if (target != f && (rc = leaguedb_meta_set(st->db, ARENA_META_GAMES_TARGET, text, err, errsz)))
        return rc;
    now->games_target = target;
    if (target && !s->continuous)
        arena_store_warnf(st->warn, st->user,
                          "%s: continuous mode grew its league to %d games "
                          "per pairing; a run without --continuous plays each pairing's first "
                          "%d (--games N asks for more, --continuous plays on)",
                          dir, now->games, target);
    return target > 0;
}

int arena_store_resume_league(arena_store *st, const char *dir, const arena_settings *s, char *err,
                              size_t errsz)
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
            arena_store_warnf(st->warn, st->user,
                              "%s: its league has %d bot%s more than asked "
                              "for (added since: %s%s): kept",
                              dir, old.bot_count - s->bot_count,
                              old.bot_count - s->bot_count == 1 ? "" : "s",
                              old.bots[s->bot_count].name,
                              old.bot_count - s->bot_count > 1 ? ", ..." : "");
        int target = rc == 0 ? take_games_target(st, dir, s, &old, err, errsz) : 0;
        if (target < 0) {
            arena_settings_clear(&old);
            return target;
        }
        if (rc == 0 && fewer_games && !s->sprt && !target)
            arena_store_warnf(st->warn, st->user,
                              "%s: its league plays %d games per pairing, "
                              "more than the %d asked for: kept (a league only grows)",
                              dir, old.games, s->games);
        if (rc == 0 && (rc = arena_settings_compare(&old, &st->settings, why, sizeof why)) == 0)
            rc = arena_store_check_openings(st, s, why, sizeof why);
        if (rc == 0 && st->settings.bot_count > old.bot_count)
            arena_store_warnf(st->warn, st->user,
                              "%s: adding %d bot%s to the league (%d bots now): only the "
                              "new pairings are played",
                              dir, st->settings.bot_count - old.bot_count,
                              st->settings.bot_count - old.bot_count == 1 ? "" : "s",
                              st->settings.bot_count);
        if (rc == 0 && old.games < st->settings.games)
            arena_store_warnf(st->warn, st->user,
                              "%s: extending the league from %d to %d games per pairing", dir,
                              old.games, st->settings.games);
    }
    arena_settings_clear(&old);
    if (rc && arena_error_kind(rc) != ARENA_E_NOMEM)
        rc = anew_if_empty(st, dir, s, why, err, errsz);
    if (arena_error_kind(rc) == ARENA_E_NOMEM)
        return util_fail(rc, err, errsz, "out of memory");
    if (arena_error_kind(rc) == ARENA_E_IO)
        return rc;
    if (rc)
        return util_fail(ARENA_E_MISMATCH, err, errsz,
                         "%s holds a different league (%s): use another --out, or "
                         "--force-new to archive it and start over",
                         dir, why);
    return 0;
}
