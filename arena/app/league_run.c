/* league_run.c - one run of a league as named phases: open (the machine,
 * the bots' fingerprints, the store), plan (the schedule, the shard, the
 * games still to play), play (the runner, each result stored as it comes)
 * and finish (the summary, the standings, the pages, the exit status)
 * (app/league_run.h). */
#include "app/league_run.h"
#include "app/league_run_impl.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/analyse.h"
#include "app/import.h"
#include "app/tasks.h"
#include "core/error.h"
#include "core/limits.h"
#include "league/schedule.h"
#include "ref/referee.h"
#include "report/progress.h"
#include "report/replay_page.h"
#include "results/sprt_match.h"
#include "run/load.h"
#include "run/runner.h"
#include "run/signals.h"
#include "store/fingerprint.h"
#include "store/store.h"
#include "util/sys.h"
#include "util/text.h"

/* ---- open: the machine, the bots' fingerprints, the store ---- */

/* What the machine must have for league s (asked here, not when the
 * settings are checked: they are a value): bubblewrap when a bot runs in
 * the sandbox, a cgroup when the CPU method is cgroup. Returns 0, or 2
 * (bad input) after the message. */
static int check_machine(const arena_settings *s)
{
    char why[256];
    int sandboxed = s->sandbox != 0;
    for (int i = 0; i < s->bot_count; i++)
        sandboxed |= s->bots[i].sandbox > 0;
    if (sandboxed && ref_sandbox_check(why, sizeof why)) {
        fprintf(stderr, "loa-arena: sandbox: %s\n", why);
        return 2;
    }
    if (ref_cpu_method_check(s->time_mode, s->cpu_method, why, sizeof why)) {
        fprintf(stderr, "loa-arena: CPU method cgroup: unavailable here: %s (use auto or proc)\n",
                why);
        return 2;
    }
    return 0;
}

/* Says how turns are timed when it is not CodinGame's plain wall clock
 * (the warning about more games than cores comes with the progress). */
static void announce_timing(const arena_settings *s)
{
    char margin[48] = "";
    if (s->limits.time_margin_ms)
        snprintf(margin, sizeof margin, ", answers up to %d ms late accepted",
                 s->limits.time_margin_ms);
    if (s->time_mode == REF_TIME_CPU) {
        char why[256];
        ref_cpu_method m =
            s->cpu_method == REF_CPU_AUTO ? ref_cpu_method_probe(why, sizeof why) : s->cpu_method;
        char cap[48];
        if (s->limits.wall_cap_ms)
            snprintf(cap, sizeof cap, "%d ms", s->limits.wall_cap_ms);
        else
            snprintf(cap, sizeof cap, "4x the limit");
        printf("Timing: CPU time (measured by %s%s%s), wall-clock cap %s%s\n",
               m == REF_CPU_CGROUP ? "a cgroup per bot" : "the bots' process trees",
               m == REF_CPU_PROC && s->cpu_method == REF_CPU_AUTO ? ": " : "",
               m == REF_CPU_PROC && s->cpu_method == REF_CPU_AUTO ? why : "", cap, margin);
    } else if (margin[0]) {
        printf("Timing: wall clock%s\n", margin);
    }
}

/* Says where the games run when they are pinned (--affinity): game slot k
 * on the k-th allowed CPU, wrapping. */
static void announce_affinity(const arena_settings *s, int concurrency)
{
    if (!s->affinity)
        return;
    static int cpus[1024]; /* CPU_SETSIZE; main thread only */
    int n = arena_runner_cpus(cpus, 1024);
    if (n == 0) {
        printf("Affinity: the allowed CPUs cannot be read: games are not pinned\n");
        return;
    }
    char list[256] = "";
    size_t o = 0;
    for (int i = 0; i < n && i < concurrency && o < sizeof list - 16; i++)
        o += (size_t)snprintf(list + o, sizeof list - o, "%s%d", i ? "," : "", cpus[i]);
    printf("Affinity: each game and its bots on one CPU (game slots on CPU %s%s)\n", list,
           concurrency > n ? ", shared: more games at once than CPUs" : "");
}

/* A change applied as the league opens (queued while no arena ran). */
static void applied_at_open(const arena_change_done *d, void *user)
{
    arena_run *run = user;
    char msg[900];
    arena_run_change_text(d, run->s->out_dir, run->s->continuous, msg, sizeof msg);
    if (d->dropped)
        fprintf(stderr, "loa-arena: warning: %s\n", msg);
    else
        printf("%s\n", msg);
}

/* The store opened for the run: the changes queued applied, the new bots
 * copied and every bot fingerprinted (so that a rebuilt bot never adds
 * games to its old self's: the store refuses it), the league as it stands
 * the run's. Returns 0 or the exit status. */
static int open_store(arena_run *run)
{
    const arena_settings *s = &run->req->settings;
    char err[1024];
    int force = run->req->force_new;
    int mode = force ? ARENA_STORE_FRESH : ARENA_STORE_RESUME;
    arena_store_run opts = {run->bin, applied_at_open, arena_note_stdout, run};
    int rc = arena_store_open_run(s->out_dir, s, &opts, mode, arena_warn_stderr, NULL, &run->store,
                                  err, sizeof err);
    if (arena_error_kind(rc) == ARENA_E_BUSY && run->req->task == ARENA_TASK_CHANGE) {
        /* an arena started since the changes were queued: it applies them */
        printf("Handed the changes to the loa-arena running %s: it applies them at once and "
               "plays on\n",
               s->out_dir);
        return -1;
    }
    if (rc) {
        fprintf(stderr, "loa-arena: %s%s\n", force ? "--force-new: " : "", err);
        return arena_error_kind(rc) == ARENA_E_NOMEM ? 1 : 2;
    }
    if (arena_import_is_imported(arena_store_settings(run->store))) {
        /* its players' commands are unknown: a game would be a failed start */
        fprintf(stderr,
                "loa-arena: %s was made by loa-arena import: CodinGame's players cannot be run "
                "here (loa-arena import %s FILE... adds battles; --standings, --html and serve "
                "read it)\n",
                s->out_dir, s->out_dir);
        return 2;
    }
    if (!realpath(s->out_dir, run->out_abs)) {
        fprintf(stderr, "loa-arena: cannot resolve %s\n", s->out_dir);
        return 1;
    }
    return arena_run_version(run);
}

/* The machine checked, the store opened. Returns 0 or the exit status
 * (-1: nothing to do, exit 0). */
static int open_phase(arena_run *run)
{
    arena_settings *s = run->s;
    int code = check_machine(s);
    if (code)
        return code;
    run->cores = util_cpu_count(ARENA_MAX_CONCURRENCY); /* the CPUs we may use, not all online */
    run->concurrency = s->concurrency > 0 ? s->concurrency : run->cores;
    if (!run->req->quiet) {
        announce_timing(s);
        announce_affinity(s, run->concurrency);
    }
    util_exe_dir(run->bin, sizeof run->bin);
    if ((code = open_store(run)))
        return code;
    if (run->req->out_derived)
        printf("Results in %s (this league's own directory, named after its settings; --out DIR "
               "to choose)\n",
               s->out_dir);
    return 0;
}

/* ---- plan: the schedule, the shard, the games still to play ---- */

static int add_to_sprt(const arena_game_record *r, void *user)
{
    arena_sprt_match_add(user, r);
    return 0;
}

/* An SPRT match: counts the stored pairs (resume), in stored order, and
 * says whether the test has decided already. Returns 0, ARENA_E_NOMEM or
 * the store's error (said on stderr). */
static int sprt_resume(arena_run *run)
{
    const arena_settings *s = run->s;
    int t = arena_sprt_tested_bot(s);
    int rc = arena_sprt_match_init(&run->sprt, &s->sprt_params, t, 1 - t,
                                   run->total / 2 > 0 ? run->total / 2 : 1);
    char err[512];
    if (rc == 0 && (rc = arena_store_foreach(run->store, add_to_sprt, &run->sprt, err, sizeof err)))
        fprintf(stderr, "loa-arena: %s\n", err);
    if (rc == 0) {
        char text[160];
        const arena_sprt_status *v = &run->sprt.status;
        snprintf(text, sizeof text, "SPRT %d pairs, LLR %.2f (%.2f, %.2f)", v->pairs, v->llr,
                 v->lower, v->upper);
        arena_progress_set_status(run->progress, text);
    }
    return rc;
}

/* The league's first line: what is played, how much is done. */
static void announce_league(const arena_run *run)
{
    const arena_settings *s = run->s;
    if (s->sprt) {
        int t = arena_sprt_tested_bot(s);
        const arena_sprt_params *p = &s->sprt_params;
        printf("SPRT %s: %s against %s, H0 %g / H1 %g %s Elo, alpha %g, beta %g; %d pairs "
               "done, at most %d games, %d at once, seed %lld\n",
               s->out_dir, s->bots[t].name, s->bots[1 - t].name, p->elo0, p->elo1,
               arena_sprt_model_name(p->model), p->alpha, p->beta, run->sprt.status.pairs,
               run->total, run->concurrency, (long long)s->seed);
        return;
    }
    char shard[64] = "", retired[48] = "";
    if (s->shard_count > 1)
        snprintf(shard, sizeof shard, ", shard %d/%d", s->shard_index, s->shard_count);
    int r = 0;
    for (int i = 0; i < s->bot_count; i++)
        r += s->bots[i].retired;
    if (r)
        snprintf(retired, sizeof retired, " (%d retired)", r);
    if (s->continuous)
        printf("League %s: %s, %d bots%s, continuous: until stopped, each game where it tells "
               "most (%d done), %d at once, seed %lld\n",
               s->out_dir, arena_format_name(s->format), s->bot_count, retired, run->done,
               run->concurrency, (long long)s->seed);
    else
        printf("League %s: %s, %d bots%s, %d games per pairing, %d games%s (%d done, %d to "
               "play), %d at once, seed %lld\n",
               s->out_dir, arena_format_name(s->format), s->bot_count, retired, s->games,
               run->total, shard, run->done, run->todo_count, run->concurrency, (long long)s->seed);
}

/* Warns when a pairing has more pairs than the openings file has
 * openings: the table wraps and deterministic bots replay the same games
 * (fastchess warns alike). Said at the start, before hours are spent. */
static void warn_openings(arena_run *run)
{
    const arena_settings *s = run->s;
    int count, pairs;
    char msg[PATH_MAX + 400];
    if (s->continuous || run->todo_count == 0 || !arena_settings_openings_wrap(s, &count, &pairs))
        return;
    snprintf(msg, sizeof msg,
             "%s has %d opening%s for %d pairs a pairing: pair %d and after "
             "play its openings again, and deterministic bots the same games; give a longer "
             "suite or --random-plies N",
             s->openings_file, count, count == 1 ? "" : "s", pairs, count + 1);
    arena_progress_warn(run->progress, msg);
}

/* Warns when the games may lose on time to the machine: more games than
 * cores, or a machine already busy, judged in wall-clock time. */
static void warn_load(arena_run *run)
{
    const arena_settings *s = run->s;
    int cores = run->cores;
    char msg[320];
    if (s->time_mode != REF_TIME_WALL)
        return;
    if (run->concurrency > cores) {
        snprintf(msg, sizeof msg,
                 "%d games at once on %d core%s, judged in wall-clock time: bots wait for a CPU "
                 "while their clock runs and may lose on time (each game keeps about one core "
                 "busy); use --concurrency %d or --time-mode cpu",
                 run->concurrency, cores, cores == 1 ? "" : "s", cores);
        arena_progress_warn(run->progress, msg);
    } else if (run->load.load > cores + 0.5 && run->todo_count > 0) {
        snprintf(msg, sizeof msg,
                 "the machine is already busy (load %.1f on %d core%s): bots may lose on time",
                 run->load.load, cores, cores == 1 ? "" : "s");
        arena_progress_warn(run->progress, msg);
    }
}

/* The schedule planned (the games not stored yet, in the shard, of bots
 * not retired); the progress display, the load watch and an SPRT's state
 * made; the league announced. Returns 0 or the exit status. */
static int plan_phase(arena_run *run)
{
    const arena_settings *s = run->s;
    if (arena_run_plan(run))
        return 2;
    int mode = run->req->quiet         ? ARENA_PROGRESS_QUIET
               : isatty(STDOUT_FILENO) ? ARENA_PROGRESS_LIVE
                                       : ARENA_PROGRESS_LINES;
    run->progress = arena_progress_create(stdout, stderr, mode, s, run->total, run->done);
    if (!run->progress) {
        fprintf(stderr, "loa-arena: out of memory\n");
        return 1;
    }
    char err[512];
    /* counted by the database: a resume walks no game for it */
    if (arena_store_tally(run->store, arena_run_count_progress, run->progress, err, sizeof err)) {
        fprintf(stderr, "loa-arena: %s\n", err);
        return 1;
    }
    arena_load_watch_init(&run->load, s, arena_run_warn, run->progress, run->cores,
                          run->concurrency);
    /* A shard plays its games whatever the evidence: only the merge of
     * every shard is the whole match. */
    run->sprt_live = s->sprt && s->shard_count <= 1;
    if (run->sprt_live && sprt_resume(run)) {
        fprintf(stderr, "loa-arena: out of memory\n");
        return 1;
    }
    if (!run->req->quiet)
        announce_league(run);
    fflush(stdout);
    if (run->sprt_live && run->sprt.status.decision && run->todo_count > 0) {
        /* Resuming a test that has decided: playing on would only spend
         * time (and peeking past a decision changes nothing). */
        printf("The SPRT has decided already (%s accepted after %d pairs): nothing to play\n",
               run->sprt.status.decision > 0 ? "H1" : "H0", run->sprt.status.decided_pairs);
        run->stop_feeding = 1;
    }
    if (run->req->apply_only)
        run->stop_feeding = 1;
    warn_load(run);
    warn_openings(run);
    return 0;
}

/* ---- finish: the summary, the standings, the pages, the exit status ---- */

/* What the run did and what went wrong, and the exit status it makes. */
static void summary(arena_run *run)
{
    int played = arena_progress_played(run->progress), cores = run->cores;
    double secs = arena_progress_elapsed_s(run->progress);
    if (!run->req->quiet || played > 0)
        printf("Played %d games in %.2f s (%.1f games/s, %d at once)\n", played, secs,
               secs > 0 ? played / secs : 0.0, run->concurrency);
    if (!run->req->quiet && run->live.writes > 1 && secs > 0)
        printf("Live pages: %d update%s of %s/live.js, %.3f s in all (%.2f%% of the run's time)\n",
               run->live.writes - 1, run->live.writes == 2 ? "" : "s", run->s->out_dir,
               run->live.total_cost_us / 1e6, run->live.total_cost_us / 1e4 / secs);
    int n = run->referee_errors, close = run->load.close_calls;
    if (n)
        fprintf(stderr,
                "loa-arena: %d game%s could not be played by the referee; run again "
                "to retry %s\n",
                n, n == 1 ? "" : "s", n == 1 ? "it" : "them");
    if (close)
        fprintf(stderr,
                "loa-arena: %d turn%s came within 20%% of the limit on an "
                "oversubscribed machine: consider --concurrency %d\n",
                close, close == 1 ? "" : "s", cores > 1 ? cores - 1 : 1);
    if (run->fatal) {
        fprintf(stderr, "loa-arena: %s: stopped\n", run->fatal_msg);
        run->exit_code = 1;
    }
    int stored = run->done;
    if (run->s->continuous && run->exit_code == 0 && !run->start_failed) {
        /* stopped, the way a continuous league ends: it resumes */
        printf("Stopped: %d games stored; the same command plays on\n", stored);
        return;
    }
    if (run->req->apply_only && run->exit_code == 0) {
        if (stored < run->total)
            printf("%d of %d games played: loa-arena --out %s plays the rest\n", stored, run->total,
                   run->s->out_dir);
        return;
    }
    if (run->start_failed && run->exit_code == 0) {
        fprintf(stderr,
                "loa-arena: stopped: a bot failed to start (see above); %d of %d games "
                "played\n",
                stored, run->total);
        run->exit_code = 3;
    } else if (stored < run->total && run->exit_code == 0 &&
               !(run->sprt_live && run->sprt.status.decision)) {
        fprintf(stderr,
                "loa-arena: %d of %d games played; run the same command again to "
                "resume\n",
                stored, run->total);
        run->exit_code = (run->interrupts + arena_signals_late()) ? 130 : 1;
    }
}

/* The index page, and where the replays are. */
static void pages(const arena_run *run)
{
    const arena_settings *s = run->s;
    char err[1024];
    if (arena_task_index(run->store, s->out_dir, err, sizeof err)) {
        fprintf(stderr, "loa-arena: warning: no index page: %s\n", err);
        return;
    }
    if (s->pages == ARENA_PAGES_ALL) {
        printf("Replays: %s/index.html\n", s->out_dir);
        return;
    }
    char *q = util_shell_quote(s->out_dir);
    printf("Replays: %s/index.html (%s; loa-arena serve %s serves every game's page, "
           "--html writes them)\n",
           s->out_dir,
           s->pages == ARENA_PAGES_NONE ? "no game pages" : "pages of the games lost by a fault",
           q ? q : s->out_dir);
    free(q);
}

/* 1 when the run was interrupted, by the runner's count or since (the
 * pipe's late bytes, counted in). */
static int interrupted(arena_run *run)
{
    run->interrupts += arena_signals_late();
    return run->interrupts > 0;
}

/* --analyse: loa-analyse on the league's games, once they are all played
 * (or its SPRT decided), never on a league stopped half way or interrupted
 * (a continuous league ends with an interrupt: it is stopped, not done);
 * an interrupt meanwhile stops the analysis (exit 130). */
static void analyse(arena_run *run)
{
    if (interrupted(run))
        return;
    char bin[PATH_MAX], err[1024];
    err[0] = '\0'; /* said only when loa-analyse could not say it itself */
    util_exe_dir(bin, sizeof bin);
    fputc('\n', stdout);
    int rc = arena_analyse_league(bin, run->s->out_dir, run->req->analyse, run->req->quiet,
                                  arena_signals_fd(), err, sizeof err);
    if (rc && err[0])
        fprintf(stderr, "loa-arena: --analyse: %s\n", err);
    if (rc)
        run->exit_code = rc == 130 ? 130 : 1;
}

/* After play (or a phase that stopped with code): the summary, the
 * standings and pages when the games ran, and what the run holds, freed.
 * Returns the exit status. */
static int finish_phase(arena_run *run, int code)
{
    if (code == 0 && run->progress) {
        arena_progress_end(run->progress);
        summary(run);
        fputc('\n', stdout);
        const arena_settings *s = run->s;
        int anchor = s->anchor ? arena_settings_find_bot(s, s->anchor) : -1;
        if (arena_task_report(s, run->store, anchor, NULL, 1, stdout) && run->exit_code == 0)
            run->exit_code = 1;
        pages(run);
        if (run->req->analyse && run->exit_code == 0)
            analyse(run);
        fflush(stdout);
        code = run->exit_code;
    }
    arena_progress_free(run->progress);
    if (run->sprt_live)
        arena_sprt_match_free(&run->sprt);
    arena_store_close(run->store);
    arena_run_free(run);
    return code;
}

int arena_league_run(arena_request *req)
{
    arena_run *run = calloc(1, sizeof *run); /* large (the load watch, paths) */
    if (!run) {
        fprintf(stderr, "loa-arena: out of memory\n");
        return 1;
    }
    run->req = req;
    run->s = &req->settings;
    int code = open_phase(run);
    int handed = code < 0; /* to the arena that runs the league: done */
    if (code == 0)
        code = plan_phase(run);
    if (code == 0)
        arena_league_play(run);
    code = finish_phase(run, handed ? 1 : code);
    free(run);
    return handed ? 0 : code;
}
