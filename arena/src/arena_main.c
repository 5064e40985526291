/*
 * loa-arena - runs a league of LOA bots through the referee library, in
 * worker threads, with resumable results and Elo standings.
 * Usage: arena_cli.c (--help); user documentation: docs/arena.md.
 *
 * Exit status: 0 the league is complete (or --standings printed), 1 an I/O
 * failure while running (results so far are kept), 2 bad input or a bot
 * changed since its games were played (nothing played), 3 a bot failed to
 * start (without --keep-going; results so far are kept), 130 interrupted
 * by Ctrl-C (results so far are kept).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena_cli.h"
#include "arena_error.h"
#include "arena_fingerprint.h"
#include "arena_load.h"
#include "arena_pairs.h"
#include "arena_progress.h"
#include "arena_report.h"
#include "arena_replay.h"
#include "arena_runner.h"
#include "arena_schedule.h"
#include "arena_signals.h"
#include "arena_sprt_report.h"
#include "arena_store.h"
#include "arena_tasks.h"
#include "loa/loa.h"
#include "ref/referee.h"
#ifdef LOA_HAVE_REPLAY
#include "replay/league.h"
#endif

/* Directory of the running executable, for `{bin}` in commands. */
static void exe_dir(char *buf, size_t size)
{
    ssize_t n = readlink("/proc/self/exe", buf, size - 1);
    if (n <= 0) {
        snprintf(buf, size, ".");
        return;
    }
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (slash && slash != buf)
        *slash = '\0';
}


/* ---- the run ---- */

typedef struct run_state {
    const arena_settings *s;
    const char *bin_dir;      /* `{bin}`, and the loa-referee of replay lines */
    int keep_going;           /* --keep-going: failures to start are forfeits */
    int start_failed;         /* a bot failed to start: the league stops (exit 3) */
    arena_store *store;
    arena_progress *progress;
    arena_load_watch load;    /* oversubscription and turns close to the limit */
    int referee_errors, aborted;
    int fatal;                /* games.jsonl could not be written: stop */
    char fatal_msg[512];
    arena_sprt_match sprt;    /* SPRT: the tested bot's pairs and the test's state */
    int since_report;         /* games since the last interim standings */
} run_state;

/* The message of a bot that failed to start: its name, the command as run
 * and the shell's own words (the bot's stderr), else the referee's detail
 * (a working directory that does not exist has no shell to speak). */
static void report_start_failure(run_state *st, const arena_outcome *o)
{
    const arena_game_record *r = &o->record;
    int side = r->fault == 1 ? 1 : 0;
    int bot = side ? r->white : r->black;
    char tail[1024] = "";
    if (o->game)
        arena_stderr_tail(o->game, side, ARENA_STDERR_LINES, tail, sizeof tail);
    const char *cmd = o->game ? ref_game_player_command(o->game, side) : NULL;
    char msg[2048];
    snprintf(msg, sizeof msg,
             "bot '%s' failed to start: %s (command: %s%s%s): the league stops; fix the bot "
             "and run the same command again, or use --keep-going to let it lose its games",
             st->s->bots[bot].name, tail[0] ? tail : r->detail,
             cmd ? cmd : st->s->bots[bot].command, st->s->bots[bot].cwd ? ", in " : "",
             st->s->bots[bot].cwd ? st->s->bots[bot].cwd : "");
    arena_progress_note(st->progress, msg);
}

/* The SPRT line and the interim standings after a stored game. Returns 1
 * when the SPRT has decided: no new game starts (running ones end and are
 * recorded, and the final LLR counts every complete pair). */
static int after_game(run_state *st, const arena_game_record *r)
{
    const arena_settings *s = st->s;
    char line[512];
    if (s->sprt && s->shard_count <= 1 && arena_sprt_match_add(&st->sprt, r)) {
        const arena_sprt_status *v = &st->sprt.status;
        snprintf(line, sizeof line, "SPRT %d pairs, LLR %.2f (%.2f, %.2f)%s", v->pairs, v->llr,
                 v->lower, v->upper, v->decision > 0 ? " H1" : v->decision < 0 ? " H0" : "");
        arena_progress_set_status(st->progress, line);
        if (!s->rating_interval || st->sprt.status.decision) {
            arena_sprt_format_line(&st->sprt.status, line, sizeof line);
            strcat(line, "\n");
            arena_progress_print(st->progress, line);
        }
    }
    if (s->rating_interval && ++st->since_report >= s->rating_interval) {
        st->since_report = 0;
        char *text = NULL;
        int anchor = s->anchor ? arena_settings_find_bot(s, s->anchor) : -1;
        if (arena_report_standings_text(s, st->store, anchor, &text) == 0) {
            arena_progress_print(st->progress, "\n");
            arena_progress_print(st->progress, text);
            arena_progress_print(st->progress, "\n");
        }
        free(text);
    }
    return s->sprt && s->shard_count <= 1 && st->sprt.status.decision != 0;
}

static int add_to_sprt(const arena_game_record *r, void *user)
{
    arena_sprt_match_add(user, r);
    return 0;
}

/* An SPRT match: counts the stored pairs (resume), in the order stored, and
 * says whether the test has decided already. Returns 0, ARENA_E_NOMEM or
 * the store's error. */
static int sprt_resume(run_state *st, int total)
{
    const arena_settings *s = st->s;
    int t = arena_sprt_tested_bot(s);
    char err[512];
    int rc = arena_sprt_match_init(&st->sprt, &s->sprt_params, t, 1 - t,
                                   total / 2 > 0 ? total / 2 : 1);
    if (rc == 0 && (rc = arena_store_foreach(st->store, add_to_sprt, &st->sprt, err, sizeof err)))
        fprintf(stderr, "loa-arena: %s\n", err);
    return rc;
}

/* A finished game: stored with its record (one transaction), its page
 * when --pages wants it, then its error line if a bot was at fault. A bot
 * that failed to start stops the league (unless --keep-going). Returns
 * non-zero to stop scheduling: results can no longer be kept, or a bot
 * cannot start. */
static int on_result(const arena_outcome *o, void *user)
{
    run_state *st = user;
    char msg[700];
    if (o->status == ARENA_OUTCOME_ABORTED) {
        st->aborted++;
        return 0;
    }
    if (o->status == ARENA_OUTCOME_REFEREE_ERROR) {
        st->referee_errors++;
        snprintf(msg, sizeof msg, "game %d not played (it will be retried on the next run): %s",
                 o->record.id, o->error);
        arena_progress_warn(st->progress, msg);
        return 0;
    }
    if (st->fatal)
        return 1;
    /* the record as stored: with the load a wall-clock timeout met */
    arena_game_record rec = o->record;
    arena_load_mark(&st->load, &rec);
    if (o->record.reason == REF_REASON_FAILED_TO_START && !st->keep_going) {
        /* Loud: a bot that cannot start would forfeit every game, and a
         * league of forfeits is no verdict. Not a result: after the fix,
         * the next run plays it. */
        if (!st->start_failed++)
            report_start_failure(st, o);
        return 1;
    }
    char err[512];
    /* the game and its whole record, one transaction (crash-safe) */
    if (arena_store_put_game(st->store, &rec, o->game, err, sizeof err)) {
        /* Results can no longer be kept: stop scheduling, finish, report. */
        st->fatal = 1;
        snprintf(st->fatal_msg, sizeof st->fatal_msg, "%s", err);
        return 1;
    }
    /* the record as JSON only for a page: building it costs more than
     * storing the game */
    if (o->game && arena_pages_wants(st->s->pages, o->record.reason)) {
        cJSON *record = ref_game_to_json(o->game);
        if (!record || arena_write_page(st->s->out_dir, o->record.id, record, err, sizeof err)) {
            snprintf(msg, sizeof msg, "game %d: no replay page: %s", o->record.id,
                     record ? err : "out of memory");
            arena_progress_warn(st->progress, msg);
        }
        cJSON_Delete(record);
    }
    arena_progress_game(st->progress, &rec);
    if (ref_reason_is_fault(o->record.reason) && o->game) {
        char *line = NULL;
        if (arena_error_report(&rec, o->game, st->s, st->bin_dir, &line) == 0)
            arena_progress_note(st->progress, line);
        free(line);
    }
    arena_load_check_game(&st->load, &rec);
    return after_game(st, &rec);
}

static int count_progress(const arena_game_record *r, void *user)
{
    arena_progress_count(user, r);
    return 0;
}

static void on_tick(void *user)
{
    run_state *st = user;
    arena_load_sample(&st->load);
    arena_progress_tick(st->progress);
}

/* Says where the games run when they are pinned (--affinity): game slot k
 * on the k-th allowed CPU, wrapping. */
static void announce_affinity(const arena_settings *s, int concurrency, int quiet)
{
    if (!s->affinity || quiet)
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

/* Says how turns are timed when it is not CodinGame's plain wall clock
 * (the warning about more games than cores comes with the progress). */
static void announce_timing(const arena_settings *s, int quiet)
{
    if (quiet)
        return;
    char margin[48] = "";
    if (s->time_margin_ms)
        snprintf(margin, sizeof margin, ", answers up to %d ms late accepted", s->time_margin_ms);
    if (s->time_mode == REF_TIME_CPU) {
        char why[256];
        ref_cpu_method m = s->cpu_method == REF_CPU_AUTO ? ref_cpu_method_probe(why, sizeof why)
                                                         : s->cpu_method;
        char cap[48];
        if (s->wall_cap_ms)
            snprintf(cap, sizeof cap, "%d ms", s->wall_cap_ms);
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

static int run_league(arena_cli *cli)
{
    arena_settings *s = &cli->settings;
    char err[1024];
    int cores = arena_runner_cpu_count(); /* the CPUs we may use, not all online */
    int concurrency = s->concurrency > 0 ? s->concurrency : cores;
    announce_timing(s, cli->quiet);
    announce_affinity(s, concurrency, cli->quiet);

    char bin[PATH_MAX];
    exe_dir(bin, sizeof bin);
    /* What every bot is made of, so that a rebuilt bot never adds games to
     * its old self's (the store refuses it). */
    cJSON *fingerprints = NULL;
    int rc = arena_fingerprint_league(s, bin, &fingerprints, err, sizeof err);
    if (rc) {
        fprintf(stderr, "loa-arena: cannot fingerprint the bots: %s\n", err);
        return rc == ARENA_E_NOMEM ? 1 : 2;
    }
    arena_store *store = NULL;
    rc = arena_store_open(s->out_dir, s, fingerprints,
                          cli->force_new ? ARENA_STORE_FRESH : ARENA_STORE_RESUME,
                          arena_warn_stderr,
                          NULL, &store, err, sizeof err);
    cJSON_Delete(fingerprints);
    if (rc) {
        fprintf(stderr, "loa-arena: %s%s\n", cli->force_new ? "--force-new: " : "", err);
        return 2;
    }
    /* the league's shape history (bots added) is the store's */
    const arena_settings *kept = arena_store_settings(store);
    memcpy(s->steps, kept->steps, sizeof s->steps);
    s->step_count = kept->step_count;
    if (cli->out_derived)
        printf("Results in %s (this league's own directory, named after its settings; --out DIR "
               "to choose)\n", s->out_dir);
    arena_game_spec *all = NULL;
    int total = 0;
    if ((rc = arena_schedule_build(s, &all, &total))) {
        fprintf(stderr, "loa-arena: cannot build the schedule: %s\n", arena_strerror(rc));
        arena_store_close(store);
        return 2;
    }
    /* The games still to play, in schedule order; a shard plays its own. */
    int todo = 0, in_shard = 0;
    for (int i = 0; i < total; i++) {
        if (!arena_shard_has(s, all[i].id))
            continue;
        in_shard++;
        if (!arena_store_has(store, all[i].id))
            all[todo++] = all[i];
    }
    total = in_shard;
    int done = total - todo;
    int mode = cli->quiet ? ARENA_PROGRESS_QUIET
               : isatty(STDOUT_FILENO) ? ARENA_PROGRESS_LIVE : ARENA_PROGRESS_LINES;
    arena_progress *progress = arena_progress_create(stdout, stderr, mode, s, total, done);
    if (!progress) {
        fprintf(stderr, "loa-arena: out of memory\n");
        free(all);
        arena_store_close(store);
        return 1;
    }
    if (arena_store_foreach(store, count_progress, progress, err, sizeof err)) {
        fprintf(stderr, "loa-arena: %s\n", err);
        arena_progress_free(progress);
        free(all);
        arena_store_close(store);
        return 1;
    }

    run_state st;
    memset(&st, 0, sizeof st);
    st.s = s;
    st.bin_dir = bin;
    st.keep_going = cli->keep_going;
    st.store = store;
    st.progress = progress;
    arena_load_watch_init(&st.load, s, progress, cores, concurrency);
    /* A shard plays its games whatever the evidence: only the merge of
     * every shard is the whole match. */
    int sprt_live = s->sprt && s->shard_count <= 1;
    if (sprt_live && sprt_resume(&st, total)) {
        arena_progress_free(progress);
        free(all);
        arena_store_close(store);
        return 1;
    }

    if (sprt_live) {
        char text[160];
        snprintf(text, sizeof text, "SPRT %d pairs, LLR %.2f (%.2f, %.2f)",
                 st.sprt.status.pairs, st.sprt.status.llr, st.sprt.status.lower,
                 st.sprt.status.upper);
        arena_progress_set_status(progress, text);
    }
    if (!cli->quiet && s->sprt) {
        int t = arena_sprt_tested_bot(s);
        const arena_sprt_params *p = &s->sprt_params;
        printf("SPRT %s: %s against %s, H0 %g / H1 %g %s Elo, alpha %g, beta %g; %d pairs "
               "done, at most %d games, %d at once, seed %lld\n", s->out_dir, s->bots[t].name,
               s->bots[1 - t].name, p->elo0, p->elo1, arena_sprt_model_name(p->model), p->alpha,
               p->beta, st.sprt.status.pairs, total, concurrency, (long long)s->seed);
    } else if (!cli->quiet) {
        char shard[64] = "";
        if (s->shard_count > 1)
            snprintf(shard, sizeof shard, ", shard %d/%d", s->shard_index, s->shard_count);
        printf("League %s: %s, %d bots, %d games per pairing, %d games%s (%d done, %d to play), "
               "%d at once, seed %lld\n", s->out_dir, arena_format_name(s->format),
               s->bot_count, s->games, total, shard, done, todo, concurrency,
               (long long)s->seed);
    }
    fflush(stdout);
    if (sprt_live && st.sprt.status.decision && todo > 0) {
        /* Resuming a test that has decided: playing on would only spend
         * time (and peeking past a decision changes nothing). */
        printf("The SPRT has decided already (%s accepted after %d pairs): nothing to play\n",
               st.sprt.status.decision > 0 ? "H1" : "H0", st.sprt.status.decided_pairs);
        todo = 0;
    }
    if (concurrency > cores && s->time_mode == REF_TIME_WALL) {
        char msg[320];
        snprintf(msg, sizeof msg,
                 "%d games at once on %d core%s, judged in wall-clock time: bots wait for a CPU "
                 "while their clock runs and may lose on time (each game keeps about one core "
                 "busy); use --concurrency %d or --time-mode cpu", concurrency, cores,
                 cores == 1 ? "" : "s", cores);
        arena_progress_warn(progress, msg);
    } else if (st.load.load > cores + 0.5 && todo > 0 && s->time_mode == REF_TIME_WALL) {
        char msg[256];
        snprintf(msg, sizeof msg,
                 "the machine is already busy (load %.1f on %d core%s): bots may lose on time",
                 st.load.load, cores, cores == 1 ? "" : "s");
        arena_progress_warn(progress, msg);
    }

    int exit_code = 0, interrupts = 0;
    if (todo > 0) {
        if (arena_signals_install()) {
            fprintf(stderr, "loa-arena: cannot install signal handlers\n");
            exit_code = 1;
        } else {
            arena_runner_config rc_cfg = {
                .settings = s,
                .games = all,
                .game_count = todo,
                .concurrency = concurrency,
                .bin_dir = bin,
                .interrupt_fd = arena_signals_fd(),
                .on_result = on_result,
                .on_tick = on_tick,
                .user = &st,
            };
            rc = arena_runner_run(&rc_cfg, &interrupts);
            if (rc) {
                arena_progress_end(progress);
                fprintf(stderr, "loa-arena: cannot run games: %s\n", arena_strerror(rc));
                exit_code = 1;
            }
        }
    }
    arena_progress_end(progress);
    int played = arena_progress_played(progress);
    double secs = arena_progress_elapsed_s(progress);
    if (!cli->quiet || played > 0) {
        printf("Played %d games in %.2f s (%.1f games/s, %d at once)\n", played, secs,
               secs > 0 ? played / secs : 0.0, concurrency);
    }
    if (st.referee_errors)
        fprintf(stderr, "loa-arena: %d game%s could not be played by the referee; run again "
                "to retry %s\n", st.referee_errors, st.referee_errors == 1 ? "" : "s",
                st.referee_errors == 1 ? "it" : "them");
    if (st.load.close_calls)
        fprintf(stderr, "loa-arena: %d turn%s came within 20%% of the limit on an "
                "oversubscribed machine: consider --concurrency %d\n", st.load.close_calls,
                st.load.close_calls == 1 ? "" : "s", cores > 1 ? cores - 1 : 1);
    if (st.fatal) {
        fprintf(stderr, "loa-arena: %s: stopped\n", st.fatal_msg);
        exit_code = 1;
    }
    int stored = arena_store_count(store);
    if (st.start_failed && exit_code == 0) {
        fprintf(stderr, "loa-arena: stopped: a bot failed to start (see above); %d of %d games "
                "played\n", stored, total);
        exit_code = 3;
    } else if (stored < total && exit_code == 0 && !(sprt_live && st.sprt.status.decision)) {
        fprintf(stderr, "loa-arena: %d of %d games played; run the same command again to "
                "resume\n", stored, total);
        exit_code = (interrupts + arena_signals_late()) ? 130 : 1;
    }
    fputc('\n', stdout);
    int anchor = s->anchor ? arena_settings_find_bot(s, s->anchor) : -1;
    if (arena_report_standings(s, store, anchor, NULL, 1, stdout) && exit_code == 0)
        exit_code = 1;
    if (arena_write_page(s->out_dir, -1, NULL, err, sizeof err))
        fprintf(stderr, "loa-arena: warning: no index page: %s\n", err);
#ifdef LOA_HAVE_REPLAY
    else if (s->pages == ARENA_PAGES_ALL)
        printf("Replays: %s/index.html\n", s->out_dir);
    else {
        char *q = arena_shell_quote(s->out_dir);
        printf("Replays: %s/index.html (%s; loa-arena --html %s writes every page)\n",
               s->out_dir,
               s->pages == ARENA_PAGES_NONE ? "no game pages"
                                            : "pages of the games lost by a fault",
               q ? q : s->out_dir);
        free(q);
    }
#endif
    /* --analyse: the games of a league that ended (complete, or its SPRT
     * decided), never of one stopped half way */
    if (cli->analyse && exit_code == 0) {
        fputc('\n', stdout);
        int arc = arena_analyse_league(bin, s->out_dir, cli->analyse, cli->quiet, err, sizeof err);
        if (arc == 127)
            fprintf(stderr, "loa-arena: --analyse: %s\n", err);
        if (arc)
            exit_code = 1;
    }
    fflush(stdout);
    arena_progress_free(progress);
    arena_sprt_match_free(&st.sprt);
    free(all);
    arena_store_close(store);
    return exit_code;
}

int main(int argc, char **argv)
{
    arena_cli cli;
    char err[1024];
    int rc = arena_cli_parse(argc, argv, &cli, err, sizeof err);
    if (rc) {
        fprintf(stderr, "loa-arena: %s\n", err);
        arena_cli_clear(&cli);
        return 2;
    }
    if (cli.help) {
        arena_cli_usage(stdout);
        arena_cli_clear(&cli);
        return 0;
    }
    if (cli.version) {
        printf("loa-arena %d.%d.%d\n", LOA_VERSION_MAJOR, LOA_VERSION_MINOR, LOA_VERSION_PATCH);
        arena_cli_clear(&cli);
        return 0;
    }
    if (ref_global_init()) {
        fprintf(stderr, "loa-arena: cannot initialise the referee: %s\n",
                ref_strerror(REF_E_SYSTEM));
        arena_cli_clear(&cli);
        return 1;
    }
    int code = cli.add_bot_count ? arena_task_add_bots(&cli) : 0;
    if (code) {
        arena_cli_clear(&cli);
        return code;
    }
    code = cli.merge_out           ? arena_task_merge(&cli)
               : cli.html_dir      ? arena_task_html(&cli)
               : cli.standings_dir ? arena_task_standings(&cli)
                                   : run_league(&cli);
    arena_cli_clear(&cli);
    return code;
}
