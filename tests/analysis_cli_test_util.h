/*
 * Shared by the suites that run the analysis tools end to end
 * (check_analysis_cli, check_analysis_league, check_analysis_process): a
 * temporary directory per test (setup/teardown), paths in it, whole files
 * read; processes started, interrupted and looked for in /proc.
 */
#ifndef ANALYSIS_CLI_TEST_UTIL_H
#define ANALYSIS_CLI_TEST_UTIL_H

#include <check.h>
#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "loa/timer.h"

extern char **environ;

#define BIN LOA_BIN_DIR "/"

static char tmpdir[] = "/tmp/check_analysis_cli.XXXXXX";

static inline int rm_entry(const char *p, const struct stat *sb, int flag, struct FTW *f)
{
    (void)sb, (void)flag, (void)f;
    return remove(p);
}

static inline void setup(void)
{
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}
static inline void teardown(void)
{
    nftw(tmpdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* tmpdir/name in one of 8 buffers used in turn. */
static inline const char *tmp(const char *name)
{
    static char path[8][160];
    static int k;
    k = (k + 1) % 8;
    snprintf(path[k], sizeof path[k], "%s/%s", tmpdir, name);
    return path[k];
}

static inline char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "%s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *buf = malloc((size_t)n + 1);
    ck_assert_int_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = (size_t)n;
    return buf;
}

/* ---- processes: started, interrupted, looked for ------------------------------ */

static inline void nap_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Starts argv (argv[0] a path) with stdin /dev/null, stdout and stderr
 * into the file out; returns its pid. */
static inline pid_t spawn_to(char *const argv[], const char *out)
{
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&fa, 1, 2);
    pid_t pid;
    ck_assert_int_eq(posix_spawn(&pid, argv[0], &fa, NULL, argv, environ), 0);
    posix_spawn_file_actions_destroy(&fa);
    return pid;
}

/* Sends sig to pid (0: none) and waits at most timeout_ms for its exit:
 * its exit status, 1000 + a signal that ended it, or -1 (then it is
 * killed). *took: the ms it took. */
static inline int exit_after(pid_t pid, int sig, int timeout_ms, long long *took)
{
    long long t0 = (loa_wall_us() / 1000);
    if (sig)
        kill(pid, sig);
    int status;
    for (int waited = 0; waited < timeout_ms; waited += 10) {
        if (waitpid(pid, &status, WNOHANG) == pid) {
            *took = (loa_wall_us() / 1000) - t0;
            return WIFEXITED(status) ? WEXITSTATUS(status) : 1000 + WTERMSIG(status);
        }
        nap_ms(10);
    }
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    *took = (loa_wall_us() / 1000) - t0;
    return -1;
}

/* pid's parent and its state letter from /proc; 0 when it is gone. */
static inline int proc_stat(pid_t pid, pid_t *ppid, char *state, char *comm, size_t commsz)
{
    char path[64], text[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    char *open = strchr(text, '('), *close = strrchr(text, ')');
    long pp = 0;
    if (!open || !close || sscanf(close + 1, " %c %ld", state, &pp) != 2)
        return 0;
    if (comm)
        snprintf(comm, commsz, "%.*s", (int)(close - open - 1), open + 1);
    *ppid = (pid_t)pp;
    return 1;
}

/* 1 when pid has ended: no such process, or a zombie whose reaper (init in
 * a container may be slow) has not come yet. */
static inline int ended(pid_t pid)
{
    pid_t pp;
    char state;
    return !proc_stat(pid, &pp, &state, NULL, 0) || state == 'Z';
}

/* The living descendants of pid (up to max) into out; returns how many. */
static inline int descendants(pid_t pid, pid_t *out, int max)
{
    int n = 0;
    out[n++] = pid;
    for (int grew = 1; grew;) {
        grew = 0;
        DIR *d = opendir("/proc");
        for (struct dirent *e; d && (e = readdir(d)) && n < max;) {
            pid_t p = (pid_t)atol(e->d_name), pp;
            char state;
            if (p <= 0 || !proc_stat(p, &pp, &state, NULL, 0) || state == 'Z')
                continue;
            int parent = 0, known = 0;
            for (int i = 0; i < n; i++)
                parent |= out[i] == pp, known |= out[i] == p;
            if (parent && !known)
                out[n++] = p, grew = 1;
        }
        if (d)
            closedir(d);
    }
    memmove(out, out + 1, (size_t)(n - 1) * sizeof *out);
    return n - 1;
}

/* The first child of parent named comm, waited for up to timeout_ms; -1. */
static inline pid_t child_named(pid_t parent, const char *comm, int timeout_ms)
{
    for (int waited = 0; waited < timeout_ms; waited += 20) {
        DIR *d = opendir("/proc");
        pid_t found = -1;
        for (struct dirent *e; d && found < 0 && (e = readdir(d));) {
            pid_t p = (pid_t)atol(e->d_name), pp;
            char state, name[64];
            if (p > 0 && proc_stat(p, &pp, &state, name, sizeof name) && pp == parent &&
                strcmp(name, comm) == 0)
                found = p;
        }
        if (d)
            closedir(d);
        if (found > 0)
            return found;
        nap_ms(20);
    }
    return -1;
}

#endif
