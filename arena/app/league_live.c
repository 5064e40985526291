/* league_live.c - a league that changes while it runs: a bot added,
 * replaced or retired by another process (applied from the store's queue
 * once a second), continuous mode's games raised; each change a new version
 * of the league (the games in flight keep theirs), the planner made again,
 * the runner's feed, the progress display's adapters
 * (app/league_run_impl.h). */
#include "app/league_run_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/tasks.h"
#include "core/error.h"
#include "loa/timer.h"
#include "store/fingerprint.h"

/* How often a running league looks for changes, microseconds. */
#define POLL_US 1000000

/* The progress display's two adapters live here, the lowest file of the
 * run, as league_run.c passes them at open and this file after a change
 * (so calls point down: run -> play -> live). */
void arena_run_warn(const char *msg, void *progress)
{
    arena_progress_warn(progress, msg);
}

int arena_run_count_progress(int black, int white, int winner, int faulted, int count, void *user)
{
    arena_progress_count_tally(user, black, white, winner, faulted, count);
    return 0;
}

int arena_run_version(arena_run *run)
{
    arena_settings **v = realloc(run->versions, sizeof *v * (size_t)(run->nversions + 1));
    arena_settings *s = malloc(sizeof *s);
    if (v)
        run->versions = v;
    if (!v || !s || arena_settings_copy(s, arena_store_settings(run->store))) {
        free(s);
        fprintf(stderr, "loa-arena: out of memory\n");
        return 1;
    }
    run->versions[run->nversions] = s;
    for (int b = 0; b < ARENA_MAX_BOTS; b++)
        if (run->replacing[b]) {
            run->replaced_at[b] = run->nversions;
            run->replacing[b] = 0;
        }
    run->nversions++;
    run->s = s;
    return 0;
}

/* The store's tally into the planner (continuous mode's choice). */
static int plan_count(int black, int white, int winner, int faulted, int count, void *user)
{
    (void)faulted;
    arena_planner_count(user, black, white, winner, count);
    return 0;
}

int arena_run_plan(arena_run *run)
{
    arena_planner *p = NULL;
    char err[512];
    int rc = arena_planner_new(run->s, run->s->continuous, &p);
    if (rc) {
        fprintf(stderr, "loa-arena: cannot build the schedule: %s\n", arena_strerror(rc));
        return 1;
    }
    /* the stored ids, not every scheduled one: a change applied at 64 bots
     * and millions of games re-plans in well under 2 s (issue 40) */
    for (int id = arena_store_next_id(run->store, 0); id >= 0;
         id = arena_store_next_id(run->store, id + 1))
        arena_planner_stored(p, id);
    if (run->plan) { /* the games in flight stay in flight */
        int ids[2 * ARENA_MAX_CONCURRENCY + 8];
        int n = arena_planner_flying(run->plan, ids, (int)(sizeof ids / sizeof ids[0]));
        for (int i = 0; i < n; i++)
            arena_planner_taken(p, ids[i]);
    }
    if (arena_store_tally(run->store, plan_count, p, err, sizeof err)) {
        fprintf(stderr, "loa-arena: %s\n", err);
        arena_planner_free(p);
        return 1;
    }
    arena_planner_free(run->plan);
    run->plan = p;
    run->total = arena_planner_total(p);
    run->done = arena_planner_done(p);
    run->todo_count = run->total - run->done - arena_planner_in_flight(p);
    return 0;
}

void arena_run_change_text(const arena_change_done *d, const char *dir, int continuous, char *msg,
                           size_t size)
{
    if (d->dropped)
        snprintf(msg, size, "a change asked of %s cannot be made any more: bot '%s': %s", dir,
                 d->name, d->dropped);
    else if (d->op == ARENA_CHANGE_ADD)
        snprintf(msg, size, "Added bot '%s' to %s: its pairings are %s", d->name, dir,
                 continuous ? "played first" : "scheduled");
    else if (d->op == ARENA_CHANGE_RETIRE)
        snprintf(msg, size, "Retired bot '%s' of %s: no longer scheduled, its games kept", d->name,
                 dir);
    else if (d->archived)
        snprintf(msg, size,
                 "Replaced bot '%s' of %s: its %lld games archived in %s; its pairings "
                 "are played again",
                 d->name, dir, (long long)d->archived, d->archive);
    else
        snprintf(msg, size, "Replaced bot '%s' of %s (it had no games yet)", d->name, dir);
}

/* A change the store applied, said. */
static void told(const arena_change_done *d, void *user)
{
    arena_run *run = user;
    char msg[900];
    arena_run_change_text(d, arena_store_settings(run->store)->out_dir, run->s->continuous, msg,
                          sizeof msg);
    if (d->op == ARENA_CHANGE_REPLACE && !d->dropped && d->bot >= 0)
        run->replacing[d->bot] = 1;
    if (d->op != ARENA_CHANGE_RETIRE && !d->dropped && d->bot >= 0 && d->bot < ARENA_MAX_BOTS)
        run->joined[d->bot] = 1;
    /* (applied while the league plays: the progress display is made) */
    if (d->dropped)
        arena_progress_warn(run->progress, msg);
    else
        arena_progress_note(run->progress, msg);
}

/* After the store's league changed: its version, fingerprints, planner,
 * display. 0, or -1 after the message. */
static int changed(arena_run *run, int fingerprint)
{
    char err[1024];
    cJSON *fp = NULL;
    if (arena_run_version(run))
        return -1;
    int rc = fingerprint ? arena_fingerprint_league(run->s, run->bin, run->out_abs, arena_run_warn,
                                                    run->progress, &fp, err, sizeof err)
                         : 0;
    if (rc == 0 && fp)
        rc = arena_store_set_fingerprints(run->store, fp, err, sizeof err);
    cJSON_Delete(fp);
    if (rc || arena_run_plan(run)) {
        if (rc)
            arena_progress_warn(run->progress, err);
        return -1;
    }
    run->load.s = run->s; /* the names of its warnings */
    arena_progress_set_league(run->progress, run->s, run->total, run->done);
    arena_store_tally(run->store, arena_run_count_progress, run->progress, err, sizeof err);
    return 0;
}

int arena_run_poll(arena_run *run, int force)
{
    int64_t now = loa_wall_us();
    if (!force && now - run->polled_us < POLL_US)
        return 0;
    run->polled_us = now;
    if (arena_store_changes_pending(run->store) <= 0)
        return 0;
    char err[sizeof run->fatal_msg - 8];
    int n = arena_store_apply_changes(run->store, told, run, err, sizeof err);
    if (n < 0) {
        snprintf(run->fatal_msg, sizeof run->fatal_msg, "%s", err);
        run->fatal = 1;
        return -1;
    }
    return n > 0 && changed(run, 1) ? -1 : n;
}

/* Continuous mode: the league's games per pairing raised (doubled, to
 * its bound), so that the chosen pairing has rounds left. 0, or -1 when
 * it cannot grow (said). */
static int grow(arena_run *run)
{
    char err[512];
    long games = 2L * run->s->games;
    if (games > ARENA_MAX_GAMES_PER_PAIRING)
        games = ARENA_MAX_GAMES_PER_PAIRING;
    if (games <= run->s->games ||
        arena_store_raise_games(run->store, (int)games, err, sizeof err)) {
        if (games > run->s->games)
            arena_progress_warn(run->progress, err);
        else
            arena_progress_note(run->progress, "the league has played every game it may hold");
        return -1;
    }
    return changed(run, 0);
}

int arena_run_feed(arena_game_spec *spec, const arena_settings **league, void *user)
{
    arena_run *run = user;
    if (run->stop_feeding || run->fatal)
        return -1;
    if (arena_run_poll(run, 0) < 0)
        return -1;
    for (;;) {
        int r = arena_planner_next(run->plan, spec);
        if (r == ARENA_PLAN_GAME) {
            *league = run->s;
            return 1;
        }
        if (r != ARENA_PLAN_GROW)
            return r == ARENA_PLAN_WAIT ? 0 : -1;
        if (grow(run)) {
            run->stop_feeding = 1;
            return -1;
        }
    }
}

int arena_run_stale(const arena_run *run, const arena_settings *s, int black, int white)
{
    int v = 0;
    while (v < run->nversions && run->versions[v] != s)
        v++;
    return v < run->replaced_at[black] || v < run->replaced_at[white];
}

void arena_run_free(arena_run *run)
{
    for (int i = 0; i < run->nversions; i++) {
        arena_settings_clear(run->versions[i]);
        free(run->versions[i]);
    }
    free(run->versions);
    arena_planner_free(run->plan);
}
