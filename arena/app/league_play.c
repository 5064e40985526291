/* league_play.c - the play phase of a league's run: the games on the
 * runner's workers, each result stored as it comes back (its record, its
 * games.jsonl line, its page, its fault line), the SPRT and the interim
 * standings after it (app/league_run_impl.h). */
#include "app/league_run_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/tasks.h"
#include "core/error.h"
#include "ref/referee.h"
#include "report/fault_report.h"
#include "report/replay_page.h"
#include "report/sprt_report.h"
#include "run/runner.h"
#include "run/signals.h"
#include "util/text.h"

/* The message of a bot that failed to start: its name, the command as run
 * and the shell's own words (the bot's stderr), else the referee's detail
 * (a working directory that does not exist has no shell to speak). */
static void report_start_failure(arena_run *run, const arena_outcome *o)
{
    const arena_settings *s = run->s;
    const arena_game_record *r = &o->record;
    int side = r->fault == 1 ? 1 : 0;
    int bot = side ? r->white : r->black;
    char tail[1024] = "";
    if (o->game)
        arena_fault_stderr_tail(o->game, side, ARENA_FAULT_STDERR_LINES, tail, sizeof tail);
    const char *cmd = o->game ? ref_game_player_command(o->game, side) : NULL;
    char msg[2048];
    snprintf(msg, sizeof msg,
             "bot '%s' failed to start: %s (command: %s%s%s): the league stops; fix the bot "
             "and run the same command again, or use --keep-going to let it lose its games",
             s->bots[bot].name, tail[0] ? tail : r->detail, cmd ? cmd : s->bots[bot].command,
             s->bots[bot].cwd ? ", in " : "", s->bots[bot].cwd ? s->bots[bot].cwd : "");
    arena_progress_note(run->progress, msg);
}

/* A bot that joined the running league (--add-bot, --replace-bot) and
 * cannot start: retired, with the reason, so that the league plays on
 * without it (the league's other bots are not stopped by a typo). Its
 * failed game is not a result. Returns 1 when it was retired, 0 when it
 * could not be (said: the league then stops as for any bot). */
static int retire_unstartable(arena_run *run, const arena_outcome *o)
{
    const arena_game_record *r = &o->record;
    int bot = r->fault == 1 ? r->white : r->black;
    if (bot < 0 || bot >= ARENA_MAX_BOTS || !run->joined[bot])
        return 0;
    const arena_bot *b = &run->s->bots[bot];
    if (b->retired) /* another of its games, in flight when it was retired */
        return 1;
    char tail[1024] = "", err[1024], msg[2600];
    if (o->game)
        arena_fault_stderr_tail(o->game, r->fault == 1, ARENA_FAULT_STDERR_LINES, tail,
                                sizeof tail);
    arena_change c = {ARENA_CHANGE_RETIRE, b->name, NULL, NULL, 0};
    long holder = 0;
    int queued = 0;
    if (arena_store_request(run->s->out_dir, &c, 1, run->bin, NULL, NULL, &holder, &queued, err,
                            sizeof err) ||
        arena_run_poll(run, 1) < 0) {
        snprintf(msg, sizeof msg, "bot '%s' cannot be retired: %s", b->name, err);
        arena_progress_warn(run->progress, msg);
        return 0;
    }
    snprintf(msg, sizeof msg,
             "bot '%s' failed to start: %s (command: %s): retired (no longer scheduled, its "
             "games kept); the league plays on. Fix the bot, then --replace-bot %s=COMMAND "
             "--out %s",
             b->name, tail[0] ? tail : r->detail, b->command, b->name, run->s->out_dir);
    arena_progress_warn(run->progress, msg);
    return 1;
}

/* The SPRT line and the interim standings after a stored game. Returns 1
 * when the SPRT has decided: no new game starts (running ones end and are
 * recorded, and the final LLR counts every complete pair). */
static int after_game(arena_run *run, const arena_game_record *r)
{
    const arena_settings *s = run->s;
    char line[512];
    if (run->sprt_live && arena_sprt_match_add(&run->sprt, r)) {
        const arena_sprt_status *v = &run->sprt.status;
        snprintf(line, sizeof line, "SPRT %d pairs, LLR %.2f (%.2f, %.2f)%s", v->pairs, v->llr,
                 v->lower, v->upper,
                 v->decision > 0   ? " H1"
                 : v->decision < 0 ? " H0"
                                   : "");
        arena_progress_set_status(run->progress, line);
        if (!s->rating_interval || v->decision) {
            arena_sprt_format_line(v, line, sizeof line);
            strcat(line, "\n");
            arena_progress_print(run->progress, line);
        }
    }
    /* Interim standings read every stored game: every N games in a league
     * that lives on (continuous mode, a million games) would cost the
     * square of its games. Every N games, or every 1/ARENA_REPORT_SHARE of
     * the games stored when that is more, keeps their cost linear (a
     * count, not a clock: the same league prints the same reports). */
    int every = s->rating_interval, share = run->done / ARENA_REPORT_SHARE;
    if (every && ++run->since_report >= (share > every ? share : every)) {
        run->since_report = 0;
        char *text = NULL;
        int anchor = s->anchor ? arena_settings_find_bot(s, s->anchor) : -1;
        if (arena_task_report_text(s, run->store, anchor, &text) == 0) {
            arena_progress_print(run->progress, "\n");
            arena_progress_print(run->progress, text);
            arena_progress_print(run->progress, "\n");
        }
        free(text);
    }
    return run->sprt_live && run->sprt.status.decision != 0;
}

/* The pages' live.js when its interval has passed (app/league_pages.h:
 * its cost is bounded); force: now. A failure is said once and ends the
 * live pages of the run (a directory made read-only fails every write):
 * the games are stored, the final index is tried at the end. */
static void live_pages(arena_run *run, int force)
{
    if (!force && !arena_live_due(&run->live))
        return;
    if (!run->live.enabled)
        return;
    char err[512], msg[700];
    arena_site_progress p = {arena_store_count(run->store), run->total,
                             arena_progress_played(run->progress),
                             arena_progress_elapsed_s(run->progress), run->sprt_live};
    if (arena_live_write(&run->live, run->store, run->s->out_dir, &p, err, sizeof err)) {
        run->live.enabled = 0;
        if (!run->live_warned++) {
            snprintf(msg, sizeof msg, "no live pages: %s; none more this run", err);
            arena_progress_warn(run->progress, msg);
        }
    }
}

/* The game's replay page when --pages wants it. Its JSON record is built
 * only then: building it costs more than storing the game. A failure is
 * said once and ends the run's pages: the game is stored, and a directory
 * made read-only would fail (and say) every game's. */
static void write_page(arena_run *run, const arena_outcome *o)
{
    char err[512], msg[900];
    if (run->pages_failed || !o->game || !arena_pages_wants(run->s->pages, o->record.reason))
        return;
    cJSON *record = ref_game_to_json(o->game);
    if (!record ||
        arena_replay_page_write(run->s->out_dir, o->record.id, record, err, sizeof err)) {
        run->pages_failed = 1;
        char *q = util_shell_quote(run->s->out_dir);
        snprintf(msg, sizeof msg,
                 "game %d: no replay page: %s; no game pages more this run "
                 "(the games are stored: loa-arena --html %s writes their pages)",
                 o->record.id, record ? err : "out of memory", q ? q : run->s->out_dir);
        free(q);
        arena_progress_warn(run->progress, msg);
    }
    cJSON_Delete(record);
}

/* A finished game: stored with its whole record (one transaction), its
 * page when --pages wants it, then its error line if a bot was at fault. A bot
 * that failed to start stops the league (unless --keep-going). Returns
 * non-zero to stop scheduling: results can no longer be kept, or a bot
 * cannot start. */
static int on_result(const arena_outcome *o, void *user)
{
    arena_run *run = user;
    char msg[700], err[512];
    if (o->status == ARENA_OUTCOME_ABORTED) {
        run->aborted++;
        arena_planner_back(run->plan, o->record.id, NULL, 0);
        return 0;
    }
    if (o->status == ARENA_OUTCOME_REFEREE_ERROR) {
        run->referee_errors++;
        arena_planner_back(run->plan, o->record.id, NULL, -1);
        snprintf(msg, sizeof msg, "game %d not played (it will be retried on the next run): %s",
                 o->record.id, o->error);
        arena_progress_warn(run->progress, msg);
        return 0;
    }
    if (run->fatal)
        return 1;
    if (arena_run_stale(run, o->league, o->record.black, o->record.white)) {
        /* a game of a bot's build replaced meanwhile: not its result */
        arena_planner_back(run->plan, o->record.id, NULL, 0);
        return 0;
    }
    arena_game_record rec = o->record; /* as stored: with the load a wall timeout met */
    arena_load_mark(&run->load, &rec);
    if (o->record.reason == REF_REASON_FAILED_TO_START && !run->req->keep_going &&
        retire_unstartable(run, o)) {
        arena_planner_back(run->plan, o->record.id, NULL, -1);
        return 0;
    }
    if (o->record.reason == REF_REASON_FAILED_TO_START && !run->req->keep_going) {
        /* Loud: a bot that cannot start would forfeit every game, and a
         * league of forfeits is no verdict. Not a result: after the fix,
         * the next run plays it. */
        if (!run->start_failed++)
            report_start_failure(run, o);
        arena_planner_back(run->plan, o->record.id, NULL, -1);
        return 1;
    }
    if (arena_store_put_game(run->store, &rec, o->game, err, sizeof err)) {
        /* Results can no longer be kept: stop scheduling, finish, report. */
        run->fatal = 1;
        snprintf(run->fatal_msg, sizeof run->fatal_msg, "%s", err);
        arena_planner_back(run->plan, o->record.id, NULL, -1);
        return 1;
    }
    arena_planner_back(run->plan, o->record.id, &rec, 1);
    run->done++;
    if (run->s->bots[rec.black].retired || run->s->bots[rec.white].retired) {
        /* in flight when its bot was retired: kept (its games are), and
         * counted, which the plan made then could not */
        run->total++;
        arena_progress_set_total(run->progress, run->total);
    }
    write_page(run, o);
    arena_progress_game(run->progress, &rec);
    char *line = NULL;
    if (ref_reason_is_fault(o->record.reason) && o->game &&
        arena_fault_report(&rec, o->game, run->s, run->bin, &line) == 0)
        arena_progress_note(run->progress, line);
    free(line);
    arena_load_check_game(&run->load, &rec);
    int stop = after_game(run, &rec);
    live_pages(run, 0);
    return stop;
}

static void on_tick(void *user)
{
    arena_run *run = user;
    arena_load_sample(&run->load);
    arena_run_poll(run, 0); /* changes asked meanwhile */
    arena_progress_tick(run->progress);
    live_pages(run, 0);
}

/* 1 when the run stops playing: interrupted, a fatal error, a bot that
 * cannot start, an SPRT decided. */
static int stopped(const arena_run *run)
{
    return run->interrupts || arena_signals_late() || run->fatal || run->start_failed ||
           run->exit_code || (run->sprt_live && run->sprt.status.decision);
}

/* The league's games on the runner's workers, until none is left. */
static int play_round(arena_run *run)
{
    arena_runner_config cfg = {
        .settings = run->s,
        .feed = arena_run_feed,
        .out_dir = run->out_abs,
        .concurrency = run->concurrency,
        .bin_dir = run->bin,
        .interrupt_fd = arena_signals_fd(),
        .on_result = on_result,
        .on_tick = on_tick,
        .user = run,
    };
    int more = 0;
    int rc = arena_runner_run(&cfg, &more);
    run->interrupts += more;
    if (rc) {
        arena_progress_end(run->progress);
        fprintf(stderr, "loa-arena: cannot run games: %s\n", arena_strerror(rc));
        run->exit_code = 1;
    }
    return rc;
}

/* The games still to play, on the runner's workers, with the interrupts of
 * the signal self-pipe; then, before the run lock is given up, the changes
 * asked meanwhile (a bot added as the last games ended is played too: the
 * lock is released only when none waits, in one transaction). */
void arena_league_play(arena_run *run)
{
    if (arena_signals_install()) {
        fprintf(stderr, "loa-arena: cannot install signal handlers\n");
        run->exit_code = 1;
        return;
    }
    if (!run->stop_feeding && arena_planner_left(run->plan)) {
        arena_live_init(&run->live, 1);
        live_pages(run, 1); /* the pages from the start: the user opens them at once */
    }
    char err[512];
    for (;;) {
        if (!run->stop_feeding && arena_planner_left(run->plan) && play_round(run))
            return;
        if (stopped(run) || run->stop_feeding)
            return;
        int n = arena_run_poll(run, 1);
        if (n < 0)
            return;
        if (n > 0 || (arena_planner_left(run->plan) && !run->stop_feeding))
            continue;
        int released = arena_store_release_if_idle(run->store, err, sizeof err);
        if (released < 0)
            arena_progress_warn(run->progress, err);
        if (released != 0)
            return;
    }
}
