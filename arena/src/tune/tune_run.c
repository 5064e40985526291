/* tune_run.c - a tune played iteration by iteration on the runner
 * (tune/tune_run.h). */
#include "tune/tune_run.h"

#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/limits.h"
#include "league/openings.h"
#include "ref/referee.h"
#include "report/tune_page.h"
#include "run/runner.h"
#include "tune/tune_dir.h"
#include "tune/tune_state.h"
#include "util/error.h"
#include "util/sys.h"
#include "util/text.h"

/* Runner calls in a row that brought no game in because the referee could
 * not run them, before the tune gives up. */
#define TUNE_REFEREE_RETRIES 2

typedef struct tune_run {
    arena_tune *t;
    const arena_tune_run_config *cfg;
    arena_tune_dir *dir;
    arena_tune_state st;
    int next_report; /* pairs at which the next report is due */
    int added;       /* games in during the current runner call */
    int referee_errors;
    int start_failed;
    int fatal; /* ARENA_E_* that stops the tune, with msg */
    char msg[1024];
} tune_run;

/* The snapshot and the page (failures are warnings: the games are safe). */
static void write_snapshot(tune_run *r)
{
    char err[512];
    cJSON *state = arena_tune_state_json(&r->st, r->cfg->bin_dir);
    int rc = state ? arena_tune_dir_write_state(r->dir, state, err, sizeof err)
                   : util_fail(ARENA_E_NOMEM, err, sizeof err, "out of memory");
    cJSON_Delete(state);
    if (!rc)
        rc = arena_tune_page_write(arena_tune_dir_path(r->dir), err, sizeof err);
    if (rc)
        fprintf(stderr, "loa-tune: warning: %s\n", err);
}

/* One report line: the pairs played and theta. */
static void report(tune_run *r)
{
    const arena_tune *t = r->t;
    FILE *out = r->cfg->out;
    fprintf(out, "pairs %d/%d:", r->st.iter, t->pairs);
    for (int i = 0; i < t->param_count; i++)
        fprintf(out, " %s %.2f", t->params[i].name, r->st.theta[i]);
    fprintf(out, "\n");
    fflush(out);
}

/* A finished game: its journal line first (the tune's crash-safety
 * order), then it counts. Returns non-zero to start no new game. */
static int on_result(const arena_outcome *o, void *user)
{
    tune_run *r = user;
    if (o->status == ARENA_OUTCOME_ABORTED)
        return 0;
    if (o->status == ARENA_OUTCOME_REFEREE_ERROR) {
        r->referee_errors++;
        snprintf(r->msg, sizeof r->msg, "game %d not played: %s", o->record.id, o->error);
        return 0;
    }
    if (r->fatal || r->start_failed)
        return 1;
    if (o->record.reason == REF_REASON_FAILED_TO_START) {
        int side = o->record.fault == 1 ? 1 : 0;
        const char *cmd = o->game ? ref_game_player_command(o->game, side) : NULL;
        snprintf(r->msg, sizeof r->msg, "the bot failed to start: %s (command: %s)",
                 o->record.detail, cmd ? cmd : "?");
        r->start_failed = 1;
        return 1;
    }
    char err[512];
    cJSON *line = arena_tune_state_line(&r->st, &o->record);
    int rc = line ? arena_tune_dir_append(r->dir, line, err, sizeof err)
                  : util_fail(ARENA_E_NOMEM, err, sizeof err, "out of memory");
    cJSON_Delete(line);
    int moved = 0;
    if (!rc)
        rc = arena_tune_state_add(&r->st, &o->record, &moved, err, sizeof err);
    if (rc) {
        r->fatal = rc;
        snprintf(r->msg, sizeof r->msg, "%s", err);
        return 1;
    }
    r->added++;
    if (moved && r->st.iter >= r->next_report && !arena_tune_state_done(&r->st)) {
        while (r->next_report <= r->st.iter)
            r->next_report += r->t->report_every;
        if (!r->cfg->quiet)
            report(r);
        write_snapshot(r);
    }
    return 0;
}

/* The games of the iteration in play not in yet, on the workers, the two
 * versions' commands in the league's bots for the call. Returns 0 or the
 * runner's error; *interrupts counts Ctrl-C. */
static int play_iteration(tune_run *r, int *interrupts)
{
    arena_tune *t = r->t;
    const arena_tune_batch *b = &r->st.batch;
    arena_game_spec specs[2 * ARENA_TUNE_BATCH_MAX];
    int n = 0;
    for (int k = 0; k < 2 * b->pairs; k++)
        if (!r->st.done[k])
            arena_tune_state_spec(&r->st, b->first_pair + k / 2, k % 2, &specs[n++]);
    char *plus = arena_tune_fill(t, b->plus), *minus = arena_tune_fill(t, b->minus);
    char *saved[2] = {t->league.bots[0].command, t->league.bots[1].command};
    int rc = plus && minus ? 0 : ARENA_E_NOMEM;
    int workers =
        t->league.concurrency ? t->league.concurrency : util_cpu_count(ARENA_MAX_CONCURRENCY);
    if (!rc) {
        t->league.bots[0].command = plus;
        t->league.bots[1].command = minus;
        arena_runner_config cfg = {.settings = &t->league,
                                   .games = specs,
                                   .game_count = n,
                                   .concurrency = workers < n ? workers : n,
                                   .bin_dir = r->cfg->bin_dir,
                                   .interrupt_fd = r->cfg->interrupt_fd,
                                   .on_result = on_result,
                                   .user = r};
        r->added = 0;
        rc = arena_runner_run(&cfg, interrupts);
        t->league.bots[0].command = saved[0];
        t->league.bots[1].command = saved[1];
    }
    free(plus);
    free(minus);
    return rc;
}

/* Iterations until the end, an interrupt or a failure. */
static int play_all(tune_run *r, int *stopped, char *err, size_t errsz)
{
    int retries = 0;
    while (!arena_tune_state_done(&r->st)) {
        int interrupts = 0;
        r->referee_errors = 0;
        int rc = play_iteration(r, &interrupts);
        if (rc)
            return util_fail(rc, err, errsz, "cannot run games: %s", arena_strerror(rc));
        if (r->fatal)
            return util_fail(r->fatal, err, errsz, "%s (the games so far are kept)", r->msg);
        if (r->start_failed) {
            *stopped = ARENA_TUNE_STOP_START_FAILED;
            return util_fail(0, err, errsz, "%s", r->msg);
        }
        if (interrupts) {
            *stopped = ARENA_TUNE_STOP_INTERRUPTED;
            return 0;
        }
        retries = r->added ? 0 : retries + (r->referee_errors > 0);
        if (retries >= TUNE_REFEREE_RETRIES)
            return util_fail(ARENA_E_REFEREE, err, errsz, "%s", r->msg);
    }
    return 0;
}

/* The identity, with the openings' digest when there are openings (an
 * edited openings file is another tune). */
static cJSON *identity_of(const arena_tune *t)
{
    cJSON *id = arena_tune_identity(t);
    char hex[65];
    if (id && t->league.openings &&
        (arena_openings_digest(t->league.openings, hex) ||
         !cJSON_AddStringToObject(id, "openings_sha256", hex))) {
        cJSON_Delete(id);
        return NULL;
    }
    return id;
}

/* Openings, the directory, the games read back. */
static int open_tune(tune_run *r, char *err, size_t errsz)
{
    arena_tune *t = r->t;
    int rc = 0;
    if (!t->league.openings)
        rc = arena_settings_openings(&t->league, &t->league.openings, err, errsz);
    cJSON *id = rc ? NULL : identity_of(t), *lines = NULL;
    if (!rc && !id)
        rc = util_fail(ARENA_E_NOMEM, err, errsz, "out of memory");
    int torn = 0;
    if (!rc)
        rc = arena_tune_dir_open(t->league.out_dir, id, &r->dir, &lines, &torn, err, errsz);
    cJSON_Delete(id);
    if (!rc && torn)
        fprintf(stderr,
                "loa-tune: warning: %s/tune-games.jsonl: a torn last line was cut (its "
                "game is played again)\n",
                t->league.out_dir);
    if (!rc) {
        char path[4200];
        snprintf(path, sizeof path, "%s/tune-games.jsonl", t->league.out_dir);
        rc = arena_tune_state_replay(&r->st, lines, path, err, errsz);
    }
    cJSON_Delete(lines);
    return rc;
}

/* The end: the values, the command line that plays them. */
static void final_report(tune_run *r)
{
    const arena_tune *t = r->t;
    FILE *out = r->cfg->out;
    fprintf(out, "tuned: %d pairs (%d games) in %s\n", r->st.iter, r->st.games, t->league.out_dir);
    for (int i = 0; i < t->param_count; i++)
        fprintf(out, "  %-*s start %g  theta %.3f  plays %g\n", ARENA_TUNE_NAME_MAX / 2,
                t->params[i].name, t->params[i].start, r->st.theta[i],
                arena_tune_played(t, i, r->st.theta[i]));
    cJSON *state = arena_tune_state_json(&r->st, r->cfg->bin_dir);
    const cJSON *cmd = cJSON_GetObjectItemCaseSensitive(state, "command");
    if (cJSON_IsString(cmd))
        fprintf(out, "command: %s\n", cmd->valuestring);
    cJSON_Delete(state);
    fflush(out);
}

int arena_tune_run(arena_tune *t, const arena_tune_run_config *cfg, int *stopped, char *err,
                   size_t errsz)
{
    tune_run r = {.t = t, .cfg = cfg};
    *stopped = 0;
    int rc = arena_tune_state_init(&r.st, t);
    if (rc)
        return util_fail(rc, err, errsz, "out of memory");
    if (!(rc = open_tune(&r, err, errsz))) {
        r.next_report = (r.st.iter / t->report_every + 1) * t->report_every;
        if (!cfg->quiet)
            fprintf(cfg->out, "loa-tune: %d parameters, %d pairs, results in %s%s\n",
                    t->param_count, t->pairs, t->league.out_dir, r.st.games ? " (resumed)" : "");
        if (!cfg->quiet && r.st.games)
            report(&r);
        rc = play_all(&r, stopped, err, errsz);
        write_snapshot(&r);
        if (!rc && !*stopped)
            final_report(&r);
    }
    arena_tune_dir_close(r.dir);
    arena_tune_state_free(&r.st);
    return rc;
}
