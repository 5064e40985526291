/*
 * loa-arena-import-bench - `loa-arena import` of a contestant's 500
 * CodinGame battles (issue 43's goal: <= 5 s): the battles made from the
 * engine games of ../shared/cases/codingame in each of today's shapes
 * (tests/arena_import_test_util.h), the contestant under two names (every
 * tenth battle under the second), 20 opponents and one duplicate file;
 * then imported (--me both names), and imported again (adds 0). Prints the
 * figures and the machine's load average.
 *
 * Usage: loa-arena-import-bench [GAMES] (default 500). Exit 0 when every
 * figure was taken and the league holds GAMES games, 1 otherwise.
 * loa-arena-import-bench --write DIR [GAMES] (default 200) writes the
 * battles of docs/arena.md's walkthrough instead: contestant `mine`
 * against 20 rivals in turn, losing battle i when i % 20 < 4 (a fifth: by a
 * connection, a timeout, an invalid answer), winning or drawing the rest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "app/import.h"
#include "arena_import_test_util.h"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static int run(const char *out, const char *in, arena_import_result *r, double *s)
{
    const char *files[] = {in};
    arena_import_opts o = {
        .dir = out, .files = files, .nfiles = 1, .me = {"Me", "Me-alt"}, .nme = 2};
    char err[1024];
    FILE *quiet = fopen("/dev/null", "w");
    double t0 = now_s();
    int rc = arena_import(&o, quiet, stderr, r, err, sizeof err);
    *s = now_s() - t0;
    fclose(quiet);
    if (rc)
        fprintf(stderr, "loa-arena-import-bench: %s\n", err);
    return rc;
}

/* The walkthrough's battles into dir. */
static int write_set(const char *dir, int n, const char *const *opp)
{
    mkdir(dir, 0755);
    for (int i = 0; i < n; i++) {
        int w = imp_winner[i % 5], loses = i % 20 < 4;
        int side = w < 0 ? (i / 5) % 2 : loses ? 1 - w : w;
        if (imp_battle_as(dir, i, 812345000, "mine", opp[(i * 7 + i / 20) % 20], side))
            return 1;
    }
    printf("%d battles written into %s\n", n, dir);
    return 0;
}

int main(int argc, char **argv)
{
    char names[20][16];
    const char *opp[20];
    for (int i = 0; i < 20; i++)
        snprintf(names[i], sizeof names[i], "rival%02d", i), opp[i] = names[i];
    if (argc > 2 && strcmp(argv[1], "--write") == 0)
        return write_set(argv[2], argc > 3 ? atoi(argv[3]) : 200, opp);
    int n = argc > 1 ? atoi(argv[1]) : 500;
    if (n < 1 || n > 100000) {
        fprintf(stderr, "usage: loa-arena-import-bench [GAMES]\n");
        return 1;
    }
    char tmp[] = "/tmp/loa_import_bench_XXXXXX", in[64], out[64], path[128];
    if (!mkdtemp(tmp))
        return 1;
    snprintf(in, sizeof in, "%s/in", tmp);
    snprintf(out, sizeof out, "%s/league", tmp);
    mkdir(in, 0755);
    double t0 = now_s();
    for (int i = 0; i < n; i++)
        if (imp_battle(in, i, 800000000, i % 10 == 9 ? "Me-alt" : "Me", opp, 20))
            return 1;
    cJSON *dup = imp_site(0); /* battle 0 again, saved in another shape */
    imp_rename(dup, 800000000, "Me", opp[0]);
    snprintf(path, sizeof path, "%s/duplicate.json", in);
    if (imp_write(path, imp_shape(dup, IMP_ARENA)))
        return 1;
    double made = now_s() - t0, first, again;
    arena_import_result r1, r2;
    if (run(out, in, &r1, &first) || run(out, in, &r2, &again))
        return 1;
    double load[3] = {0, 0, 0};
    getloadavg(load, 3);
    printf("files %d (%d battles, 1 duplicate), made in %.2f s\n", r1.files, n, made);
    printf("import:       %.2f s, %d games added, %d held already, %d refused (%.0f games/s)\n",
           first, r1.added, r1.already, r1.refused, r1.added / first);
    printf("import again: %.2f s, %d games added, %d held already\n", again, r2.added, r2.already);
    printf("goal: %d games in <= 5 s: %s\n", n, first <= 5.0 ? "met" : "NOT met");
    printf("load average: %.2f %.2f %.2f (%ld cores online)\n", load[0], load[1], load[2],
           sysconf(_SC_NPROCESSORS_ONLN));
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    if (system(cmd) != 0)
        fprintf(stderr, "loa-arena-import-bench: %s left behind\n", tmp);
    return r1.added == n && r2.added == 0 ? 0 : 1;
}
