/*
 * loa-arena-store-bench - the league store's figures: for leagues of N
 * games (default 10^4, 10^5 and 10^6), the bytes a game takes on disk
 * (league.db, games.jsonl, league.json), the time to store them, and the
 * time and peak memory of `loa-arena --standings DIR` and of a resume
 * (`loa-arena --out DIR`) on the finished league. The games are real 150-ply games of
 * loa-first against loa-random (played once, 64 of them, then stored under
 * every id of the schedule): bots that write nothing on stderr. Speed and
 * size goals live here, never in unit tests (docs/arena.md, "The league
 * database").
 *
 *   loa-arena-store-bench [-n N]... [-o PARENT] [-k] [-b CMD]
 *     -n N       a league of N games (repeat; default 10000 100000 1000000)
 *     -o PARENT  where the leagues are made (default $TMPDIR or /tmp)
 *     -k         keep them
 *     -b CMD     the sample games are CMD against itself (a bot reporting
 *                metrics: docs/metrics.md), and `loa-arena --standings DIR
 *                --metrics` is timed too
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/error.h"
#include "core/text.h"
#include "league/record.h"
#include "league/schedule.h"
#include "ref/referee.h"
#include "store/store.h"
#include "util/parse.h"
#include "util/sys.h"

#define SAMPLES 64

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
           (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static long long file_size(const char *dir, const char *name)
{
    char path[PATH_MAX + 64];
    struct stat sb;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return stat(path, &sb) == 0 ? (long long)sb.st_size : 0;
}

/* `loa-arena OPTION dir [more]` in a child: its wall time and peak RSS. */
static int run_arena(const char *bin, const char *option, const char *dir, const char *more,
                     double *secs, long *rss_kb)
{
    char arena[PATH_MAX + 16];
    snprintf(arena, sizeof arena, "%s/loa-arena", bin);
    double t0 = now_s();
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            _exit(127);
        execl(arena, arena, option, dir, more, (char *)NULL);
        _exit(127);
    }
    int st;
    struct rusage ru;
    if (wait4(pid, &st, 0, &ru) != pid)
        return -1;
    *secs = now_s() - t0;
    *rss_kb = ru.ru_maxrss;
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

static int bench(const char *bin, const char *parent, int n, ref_game *const *games, int keep,
                 int metrics)
{
    char dir[PATH_MAX], err[1024];
    snprintf(dir, sizeof dir, "%s/store-bench-%d-XXXXXX", parent, n);
    if (!mkdtemp(dir)) {
        fprintf(stderr, "store-bench: cannot create %s: %s\n", dir, strerror(errno));
        return 1;
    }
    arena_settings s;
    arena_settings_init(&s);
    arena_settings_add_bot(&s, "first", "{bin}/loa-first", NULL, NULL, 0);
    arena_settings_add_bot(&s, "random", "{bin}/loa-random -s {seed}", NULL, NULL, 0);
    s.games = n;
    arena_set_string(&s.out_dir, dir);
    arena_store *st;
    if (arena_store_open(dir, &s, NULL, ARENA_STORE_RESUME, NULL, NULL, &st, err, sizeof err)) {
        fprintf(stderr, "store-bench: %s\n", err);
        return 1;
    }
    double t0 = now_s(), c0 = cpu_s();
    for (int id = 0; id < n; id++) {
        arena_game_spec g;
        arena_schedule_spec(&s, id, &g);
        arena_game_record r;
        arena_record_from_spec(&r, &g);
        arena_record_set_result(&r, games[id % SAMPLES]);
        /* as the arena stores a game it has just played */
        if (arena_store_put_game(st, &r, games[id % SAMPLES], err, sizeof err)) {
            fprintf(stderr, "store-bench: %s\n", err);
            return 1;
        }
    }
    double put = now_s() - t0, put_cpu = cpu_s() - c0;
    arena_store_close(st);
    long long db = file_size(dir, "league.db"), wal = file_size(dir, "league.db-wal");
    long long jl = file_size(dir, "games.jsonl"), lj = file_size(dir, "league.json");
    double secs = 0, resume_secs = 0;
    long rss = 0, resume_rss = 0;
    int rc = run_arena(bin, "--standings", dir, NULL, &secs, &rss);
    /* the finished league resumed: opened, checked, its games walked for
     * the standings, nothing left to play */
    int rc2 = run_arena(bin, "--out", dir, NULL, &resume_secs, &resume_rss);
    printf("%8d games: %5.0f bytes a game on disk (league.db %.0f, games.jsonl %.0f); stored "
           "in %.1f s (%.0f us of CPU a game); --standings %.2f s, peak %ld MB%s; resumed "
           "%.2f s, peak %ld MB%s\n",
           n, (double)(db + wal + jl + lj) / n, (double)(db + wal) / n, (double)jl / n, put,
           put_cpu * 1e6 / n, secs, rss / 1024, rc ? " (FAILED)" : "", resume_secs,
           resume_rss / 1024, rc2 ? " (FAILED)" : "");
    rc = rc || rc2;
    if (metrics) {
        double msecs = 0;
        long mrss = 0;
        int rc3 = run_arena(bin, "--standings", dir, "--metrics", &msecs, &mrss);
        printf("%8d games: --standings --metrics %.2f s, peak %ld MB%s\n", n, msecs, mrss / 1024,
               rc3 ? " (FAILED)" : "");
        rc = rc || rc3;
    }
    fflush(stdout);
    if (!keep) {
        char cmd[PATH_MAX + 16];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        if (system(cmd) != 0)
            fprintf(stderr, "store-bench: cannot remove %s\n", dir);
    }
    arena_settings_clear(&s);
    return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
    int sizes[16], nsizes = 0, keep = 0, c;
    const char *parent = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", *both = NULL;
    while ((c = getopt(argc, argv, "n:o:kb:h")) != -1) {
        switch (c) {
        case 'n':
            if (nsizes == 16 || util_parse_int(optarg, 1, 10000000, &sizes[nsizes]) != 0) {
                fprintf(stderr, "store-bench: -n '%s': 1..10000000 games\n", optarg);
                return 2;
            }
            nsizes++;
            break;
        case 'o': parent = optarg; break;
        case 'k': keep = 1; break;
        case 'b': both = optarg; break;
        default:
            fputs("usage: loa-arena-store-bench [-n GAMES]... [-o PARENT] [-k] [-b CMD]\n", stderr);
            return c == 'h' ? 0 : 2;
        }
    }
    if (!nsizes) {
        sizes[0] = 10000, sizes[1] = 100000, sizes[2] = 1000000;
        nsizes = 3;
    }
    if (ref_global_init())
        return 1;
    char bin[PATH_MAX], first[PATH_MAX + 16], random[PATH_MAX + 32];
    util_exe_dir(bin, sizeof bin); /* the bots are beside it */
    snprintf(first, sizeof first, "%s/loa-first", bin);
    ref_game *games[SAMPLES];
    for (int i = 0; i < SAMPLES; i++) {
        ref_config cfg;
        ref_config_init(&cfg);
        snprintf(random, sizeof random, "%s/loa-random -s %d", bin, i + 1);
        cfg.players[0].command = both ? both : i % 2 ? random : first;
        cfg.players[1].command = both ? both : i % 2 ? first : random;
        cfg.seed = i + 1;
        if (ref_game_run(&cfg, &games[i]) != REF_OK) {
            fprintf(stderr, "store-bench: cannot play the sample games (%s)\n", first);
            return 1;
        }
    }
    double load = 0;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (fscanf(f, "%lf", &load) != 1)
            load = 0;
        fclose(f);
    }
    double plies = 0;
    for (int i = 0; i < SAMPLES; i++)
        plies += ref_game_result(games[i])->plies;
    if (both)
        printf("league store: games of '%s' against itself (%d samples, %.1f plies a game), in "
               "%s, load %.2f\n",
               both, SAMPLES, plies / SAMPLES, parent, load);
    else
        printf("league store: games of loa-first against loa-random (%d samples, silent bots), in "
               "%s, load %.2f\n",
               SAMPLES, parent, load);
    int rc = 0;
    for (int i = 0; i < nsizes && !rc; i++)
        rc = bench(bin, parent, sizes[i], games, keep, both != NULL);
    for (int i = 0; i < SAMPLES; i++)
        ref_game_free(games[i]);
    return rc;
}
