/*
 * loa-arena-plan-bench - the planner's figures for the largest league
 * allowed (issue 40): 64 bots round-robin (2016 pairings) at the most games
 * per pairing ARENA_MAX_GAMES allows (49,602: 99,997,632 games; the
 * 1,000,000 games a pairing of ARENA_MAX_GAMES_PER_PAIRING would be 2.0e9
 * games, beyond the int ids and refused by the settings' check), as a
 * league that began so and as one grown to 64 bots from 2 by --add-bot
 * (62 steps), in order and continuous. For each: the time to make the
 * planner, to give it the stored games (every STEP-th id: -s of them, as a
 * resumed league's store gives them), to hand out the first N games, and
 * to re-plan after a change (a new planner, the stored games, the games in
 * flight: what app/league_live.c's arena_run_plan does), and the peak
 * memory of the process (getrusage ru_maxrss; each league in a child of
 * its own). Speed and memory goals live here, never in unit tests
 * (docs/arena.md, "The league database").
 *
 *   loa-arena-plan-bench [-s STORED] [-n N]
 *     -s STORED  games stored (default 2000000)
 *     -n N       games handed out (default 100000)
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/error.h"
#include "core/limits.h"
#include "league/schedule.h"
#include "league/settings.h"
#include "results/planner.h"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The league: 64 bots, the most games per pairing; grown: from 2 bots,
 * one added at a time. */
static int make_league(arena_settings *s, int grown)
{
    arena_settings_init(s);
    for (int i = 0; i < ARENA_MAX_BOTS; i++) {
        char name[16];
        snprintf(name, sizeof name, "bot%d", i);
        if (arena_settings_add_bot(s, name, "./x", NULL, NULL, 0))
            return 1;
    }
    int pairings = arena_pairing_count(ARENA_FORMAT_ROUND_ROBIN, ARENA_MAX_BOTS);
    s->games = ARENA_MAX_GAMES / pairings / 2 * 2;
    s->seed = 1;
    for (int b = 2; grown && b < ARENA_MAX_BOTS; b++)
        s->steps[s->step_count++] = (arena_league_step){b, s->games};
    return 0;
}

/* A planner of s with every step-th id stored and the games in flight
 * fly[0 .. nfly - 1] taken; *out. */
static int plan(const arena_settings *s, int continuous, int step, const int *fly, int nfly,
                arena_planner **out)
{
    int rc = arena_planner_new(s, continuous, out);
    if (rc)
        return rc;
    int total = (int)arena_schedule_total(s);
    for (int id = step / 2; id < total; id += step)
        arena_planner_stored(*out, id);
    for (int i = 0; i < nfly; i++)
        arena_planner_taken(*out, fly[i]);
    return 0;
}

static int bench(int grown, int continuous, int stored, int n)
{
    arena_settings s;
    if (make_league(&s, grown))
        return 1;
    int total = (int)arena_schedule_total(&s), step = total / (stored > 0 ? stored : 1);
    if (step < 1)
        step = 1;
    double t0 = now_s();
    arena_planner *p = NULL;
    int rc = arena_planner_new(&s, continuous, &p);
    double t1 = now_s();
    for (int id = step / 2; rc == 0 && id < total; id += step)
        arena_planner_stored(p, id);
    double t2 = now_s();
    arena_game_spec g;
    int handed = 0, fly[ARENA_MAX_CONCURRENCY];
    while (rc == 0 && handed < n && arena_planner_next(p, &g) == ARENA_PLAN_GAME) {
        /* a runner's ARENA_MAX_CONCURRENCY games at once: the oldest back,
         * stored */
        int *slot = &fly[handed++ % ARENA_MAX_CONCURRENCY];
        if (handed > ARENA_MAX_CONCURRENCY)
            arena_planner_back(p, *slot, NULL, 1);
        *slot = g.id;
    }
    double t3 = now_s();
    int nfly = rc ? 0 : arena_planner_flying(p, fly, ARENA_MAX_CONCURRENCY);
    arena_planner *again = NULL;
    if (rc == 0)
        rc = plan(&s, continuous, step, fly, nfly, &again);
    double t4 = now_s();
    if (rc == 0)
        printf("%-7s %-10s games %d  pairings %d  stored %d  build %.3f s  stored in %.3f s  "
               "first %d games %.3f s (%.2f us each)  re-plan %.3f s  total %d done %d\n",
               grown ? "grown" : "founded", continuous ? "continuous" : "in order", total,
               arena_pairing_count(s.format, s.bot_count), (total - step / 2 + step - 1) / step,
               t1 - t0, t2 - t1, handed, t3 - t2, handed ? (t3 - t2) / handed * 1e6 : 0, t4 - t3,
               arena_planner_total(again), arena_planner_done(again));
    else
        fprintf(stderr, "loa-arena-plan-bench: %s\n", arena_strerror(rc));
    arena_planner_free(p);
    arena_planner_free(again);
    arena_settings_clear(&s);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("        peak memory %.1f MB (ru_maxrss)\n", (double)ru.ru_maxrss / 1024);
    fflush(stdout); /* the child leaves by _exit */
    return rc != 0;
}

int main(int argc, char **argv)
{
    int stored = 2000000, n = 100000, c;
    while ((c = getopt(argc, argv, "s:n:")) != -1) {
        if (c == 's')
            stored = atoi(optarg);
        else if (c == 'n')
            n = atoi(optarg);
        else {
            fprintf(stderr, "usage: loa-arena-plan-bench [-s STORED] [-n N]\n");
            return 2;
        }
    }
    int failed = 0;
    for (int grown = 0; grown < 2; grown++)
        for (int continuous = 0; continuous < 2; continuous++) {
            fflush(stdout);
            pid_t pid = fork(); /* a process each: its own peak memory */
            if (pid == 0)
                _exit(bench(grown, continuous, stored, n));
            int status = 0;
            failed |= pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
                      WEXITSTATUS(status);
        }
    return failed;
}
