/*
 * loa-referee-bench - the referee's own cost and its floor: plays games
 * between two bots that answer the first listed move at once (loa-first)
 *   1. through the referee library (ref_game_run): the time per game and
 *      per ply, the bots' turnaround, and the referee's own CPU time per
 *      ply (its thread's user + system time, the bots' excluded, less the
 *      fixed cost of starting and ending two bots measured on 2-ply games);
 *   2. through the relay floor (bench_relay.h): the same bytes exchanged
 *      with bots spawned directly, nothing judged or recorded;
 * and prints both and their ratio. -j N plays N games at once (threads),
 * as the arena does. Speed goals live here, never in unit tests.
 *
 *   loa-referee-bench [-n GAMES] [-j THREADS] [--bot PATH] [--floor]
 */
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "bench_relay.h"
#include "ref/referee.h"
#include "util/error.h"
#include "util/parse.h"
#include "util/sys.h"

static int64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* The calling thread's CPU time (user + system), us: the referee's own,
 * since the bots are other processes. */
static int64_t thread_cpu_us(void)
{
    struct rusage ru;
    getrusage(RUSAGE_THREAD, &ru);
    return (int64_t)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000 + ru.ru_utime.tv_usec +
           ru.ru_stime.tv_usec;
}

/* <directory of this executable>/loa-first */
static int default_bot(char *buf, size_t size)
{
    char dir[PATH_MAX];
    if (util_exe_dir(dir, sizeof dir) != 0)
        return -1;
    return snprintf(buf, size, "%s/loa-first", dir) < (int)size ? 0 : -1;
}

/* What one thread does and measures. */
typedef enum phase { PHASE_REFEREE, PHASE_FIXED, PHASE_RELAY } phase;

typedef struct job {
    phase what;
    const char *bot;
    const relay_game *relay;
    int games;
    /* results */
    int64_t plies, answer_us, cpu_us, min_us, max_us;
    int failed;
    char err[400];
} job;

static void *run_job(void *arg)
{
    job *j = arg;
    ref_config cfg;
    ref_config_init(&cfg);
    cfg.players[0].command = j->bot;
    cfg.players[1].command = j->bot;
    if (j->what == PHASE_FIXED)
        cfg.limits.max_plies = 2;
    j->min_us = INT64_MAX;
    for (int i = 0; i < j->games && !j->failed; i++) {
        int64_t t0 = now_us(), c0 = thread_cpu_us(), dt;
        if (j->what == PHASE_RELAY) {
            if (relay_play(j->relay, j->bot, &dt, j->err, sizeof j->err)) {
                j->failed = 1;
                break;
            }
            j->plies += j->relay->plies;
        } else {
            ref_game *g;
            cfg.seed = i;
            int rc = ref_game_run(&cfg, &g);
            dt = now_us() - t0;
            if (rc != REF_OK) {
                snprintf(j->err, sizeof j->err, "%s", ref_strerror(rc));
                j->failed = 1;
                break;
            }
            const ref_result *r = ref_game_result(g);
            if (ref_reason_is_fault(r->reason) || r->reason == REF_REASON_REFEREE_ERROR) {
                snprintf(j->err, sizeof j->err, "game %d: %s: %s", i, ref_reason_name(r->reason),
                         r->detail);
                j->failed = 1;
            }
            for (int k = 0; k < ref_game_ply_count(g); k++)
                j->answer_us += ref_game_ply(g, k)->time_us;
            j->plies += r->plies;
            ref_game_free(g);
        }
        j->cpu_us += thread_cpu_us() - c0;
        j->min_us = dt < j->min_us ? dt : j->min_us;
        j->max_us = dt > j->max_us ? dt : j->max_us;
    }
    return NULL;
}

/* Plays `games` games of one phase on `threads` threads; *wall_us is the
 * whole phase's wall time, *sum the totals. Returns 0 or 1 (a game failed,
 * said on stderr). */
static int run_phase(phase what, const char *bot, const relay_game *relay, int games, int threads,
                     int64_t *wall_us, job *sum)
{
    job jobs[64];
    pthread_t tid[64];
    memset(sum, 0, sizeof *sum);
    sum->min_us = INT64_MAX;
    int64_t t0 = now_us();
    for (int t = 0; t < threads; t++) {
        jobs[t] = (job){.what = what,
                        .bot = bot,
                        .relay = relay,
                        .games = games / threads + (t < games % threads)};
        if (pthread_create(&tid[t], NULL, run_job, &jobs[t]) != 0) {
            fprintf(stderr, "loa-referee-bench: cannot start a thread\n");
            return 1;
        }
    }
    int failed = 0;
    for (int t = 0; t < threads; t++) {
        pthread_join(tid[t], NULL);
        if (jobs[t].failed && !failed++)
            fprintf(stderr, "loa-referee-bench: %s\n", jobs[t].err);
        sum->plies += jobs[t].plies;
        sum->answer_us += jobs[t].answer_us;
        sum->cpu_us += jobs[t].cpu_us;
        sum->min_us = jobs[t].min_us < sum->min_us ? jobs[t].min_us : sum->min_us;
        sum->max_us = jobs[t].max_us > sum->max_us ? jobs[t].max_us : sum->max_us;
    }
    *wall_us = now_us() - t0;
    return failed != 0;
}

static void usage(void)
{
    puts("Usage: loa-referee-bench [-n GAMES (200)] [-j THREADS (1)] [--bot PATH] [--floor]\n"
         "Plays GAMES games of PATH (default: loa-first beside this program) against\n"
         "itself through the referee, then through a minimal relay (the same bytes,\n"
         "nothing judged or recorded), THREADS games at once, and prints the time per\n"
         "game and per ply, the referee's own CPU time per ply, and the throughput of\n"
         "both. --floor: the relay alone, one line (for scripts).");
}

/* The command line: games, threads, --floor, the bot. */
typedef struct bench_options {
    int games, threads, floor_only;
    const char *bot; /* --bot, or botbuf: loa-first beside this program */
    char botbuf[PATH_MAX];
} bench_options;

/* argv into *o (its defaults set by the caller). Returns 1 to run, or 0
 * with *status (--help: 0; a bad command line, no bot found: 2 after one
 * line on stderr). */
static int parse_args(int argc, char **argv, bench_options *o, int *status)
{
    static const struct option opts[] = {{"games", required_argument, NULL, 'n'},
                                         {"threads", required_argument, NULL, 'j'},
                                         {"bot", required_argument, NULL, 'b'},
                                         {"floor", no_argument, NULL, 'F'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    int c;
    *status = 2;
    while ((c = getopt_long(argc, argv, "n:j:b:h", opts, NULL)) != -1) {
        switch (c) {
        case 'n':
            if (util_parse_int(optarg, 1, 1000000, &o->games) != UTIL_OK) {
                fprintf(stderr, "loa-referee-bench: -n '%s': expected 1..1000000\n", optarg);
                return 0;
            }
            break;
        case 'j':
            if (util_parse_int(optarg, 1, 64, &o->threads) != UTIL_OK) {
                fprintf(stderr, "loa-referee-bench: -j '%s': expected 1..64\n", optarg);
                return 0;
            }
            break;
        case 'b': o->bot = optarg; break;
        case 'F': o->floor_only = 1; break;
        case 'h': usage(); return *status = 0, 0;
        default: fprintf(stderr, "loa-referee-bench: bad option (try --help)\n"); return 0;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "loa-referee-bench: '%s': unexpected argument (try --help)\n",
                argv[optind]);
        return 0;
    }
    if (!o->bot) {
        if (default_bot(o->botbuf, sizeof o->botbuf)) {
            fprintf(stderr, "loa-referee-bench: cannot locate loa-first; use --bot\n");
            return 0;
        }
        o->bot = o->botbuf;
    }
    return 1;
}

/* What the three phases measured: wall times (us) and totals. */
typedef struct measures {
    int64_t relay_wall, ref_wall, fixed_wall;
    job rl, rf, fx;
} measures;

/* The report of a full run: the referee, its own CPU and fixed cost, the
 * floor, their ratio. */
static void print_report(const bench_options *o, const measures *m)
{
    int games = o->games, threads = o->threads;
    double floor_gps = games * 1e6 / (double)m->relay_wall;
    double ref_gps = games * 1e6 / (double)m->ref_wall;
    /* own CPU per ply: the full games' CPU less that of as many 2-ply games
     * (starting and ending the bots), over the plies beyond those 2 */
    double own_cpu = (double)(m->rf.cpu_us - m->fx.cpu_us) / (double)(m->rf.plies - m->fx.plies);
    double load[1] = {-1};
    getloadavg(load, 1);
    printf("bot: %s, %d games, %d at once, %ld cores, load %.2f\n", o->bot, games, threads,
           sysconf(_SC_NPROCESSORS_ONLN), load[0]);
    printf("referee: %.2f ms per game (min %.2f, max %.2f), %.1f games/s, %" PRId64 " plies\n",
           (double)m->ref_wall * threads / games / 1000.0, m->rf.min_us / 1000.0,
           m->rf.max_us / 1000.0, ref_gps, m->rf.plies);
    printf("  per ply: %.1f us all included, %.1f us bot turnaround (input written -> line "
           "read)\n",
           (double)m->ref_wall * threads / (double)m->rf.plies,
           (double)m->rf.answer_us / (double)m->rf.plies);
    printf("  own CPU per ply: %.2f us (the referee's thread: input, judging, record, syscalls)\n",
           own_cpu);
    printf("  fixed cost per game (start and end two bots, 2-ply games): %.2f ms, %.0f us of "
           "CPU\n",
           (double)m->fixed_wall * threads / games / 1000.0, (double)m->fx.cpu_us / games);
    printf("floor (relay: bots spawned directly, the same bytes, nothing judged or recorded): "
           "%.2f ms per game, %.1f games/s\n",
           (double)m->relay_wall * threads / games / 1000.0, floor_gps);
    printf("  per ply: %.1f us; own CPU per game %.0f us\n",
           (double)m->relay_wall * threads / (double)m->rl.plies, (double)m->rl.cpu_us / games);
    printf("referee / floor throughput: %.2f\n", ref_gps / floor_gps);
}

int main(int argc, char **argv)
{
    bench_options o = {.games = 200, .threads = 1};
    int status;
    if (!parse_args(argc, argv, &o, &status))
        return status;
    if (ref_global_init() != REF_OK)
        return 1;
    relay_game relay;
    if (relay_prepare(&relay, LOA_MAX_PLIES)) {
        fprintf(stderr, "loa-referee-bench: out of memory\n");
        return 1;
    }
    measures m;
    if (run_phase(PHASE_RELAY, o.bot, &relay, o.games, o.threads, &m.relay_wall, &m.rl))
        return 1;
    if (o.floor_only) {
        double floor_gps = o.games * 1e6 / (double)m.relay_wall;
        printf("floor: %d games at %d at once in %.3f s: %.1f games/s\n", o.games, o.threads,
               m.relay_wall / 1e6, floor_gps);
        relay_free(&relay);
        return 0;
    }
    if (run_phase(PHASE_REFEREE, o.bot, NULL, o.games, o.threads, &m.ref_wall, &m.rf) ||
        run_phase(PHASE_FIXED, o.bot, NULL, o.games, o.threads, &m.fixed_wall, &m.fx))
        return 1;
    print_report(&o, &m);
    relay_free(&relay);
    return 0;
}
