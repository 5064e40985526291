/* orphans.c - what a bot leaves behind: kill and reap (orphans.h). */
#include "orphans.h"

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* Rounds of "kill the orphans, then look again for the children they
 * left": a chain of forks is as deep as this before the rest goes to
 * PID 1 (each round frees one generation). */
#define ORPHAN_ROUNDS 16

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static pid_t reg[REF_ORPHANS_MAX];
static int reg_n;
static int enabled;

int ref_orphans_enable(void)
{
    if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0)
        return -1;
    __atomic_store_n(&enabled, 1, __ATOMIC_RELAXED);
    return 0;
}

int ref_orphans_enabled(void)
{
    return __atomic_load_n(&enabled, __ATOMIC_RELAXED);
}

void ref_orphans_lock(void)
{
    pthread_mutex_lock(&reg_lock);
}

void ref_orphans_unlock(void)
{
    pthread_mutex_unlock(&reg_lock);
}

int ref_orphans_add_locked(pid_t leader)
{
    if (reg_n == REF_ORPHANS_MAX)
        return -1;
    reg[reg_n++] = leader;
    return 0;
}

void ref_orphans_remove(pid_t leader)
{
    pthread_mutex_lock(&reg_lock);
    for (int i = 0; i < reg_n; i++)
        if (reg[i] == leader) {
            reg[i] = reg[--reg_n];
            break;
        }
    pthread_mutex_unlock(&reg_lock);
}

static int registered_locked(pid_t pid)
{
    for (int i = 0; i < reg_n; i++)
        if (reg[i] == pid)
            return 1;
    return 0;
}

/* The process group of pid from /proc/<pid>/stat, or -1. */
static pid_t pgid_of(pid_t pid)
{
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "re");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    /* after the command name in parentheses: state ppid pgrp */
    char *rp = strrchr(buf, ')');
    int ppid, pgrp;
    char state;
    if (!rp || sscanf(rp + 1, " %c %d %d", &state, &ppid, &pgrp) != 3)
        return -1;
    return pgrp;
}

/* Appends this process's children (every thread's) to pids; returns the
 * count (at most max). */
static int children(pid_t *pids, int max)
{
    int n = 0;
    DIR *d = opendir("/proc/self/task");
    if (!d)
        return 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < max) {
        if (e->d_name[0] == '.')
            continue;
        char path[300];
        snprintf(path, sizeof path, "/proc/self/task/%s/children", e->d_name);
        FILE *f = fopen(path, "re");
        if (!f)
            continue;
        int pid;
        while (n < max && fscanf(f, "%d", &pid) == 1)
            pids[n++] = pid;
        fclose(f);
    }
    closedir(d);
    return n;
}

int ref_orphans_reap(void)
{
    if (!ref_orphans_enabled())
        return 0;
    pid_t own = getpgrp();
    int reaped = 0;
    for (int round = 0; round < ORPHAN_ROUNDS; round++) {
        /* every bot leader of a full arena (256 games) fits, with room */
        static __thread pid_t kids[1024];
        int n = children(kids, 1024), found = 0;
        for (int i = 0; i < n; i++) {
            pthread_mutex_lock(&reg_lock);
            int live_bot = registered_locked(kids[i]);
            pthread_mutex_unlock(&reg_lock);
            pid_t pg = live_bot ? -1 : pgid_of(kids[i]);
            if (live_bot || pg < 0 || pg == own)
                continue;
            /* an orphan of an ended bot: it, and the group it leads (what
             * it forked after its setsid()), then its zombie */
            if (pg == kids[i])
                kill(-pg, SIGKILL);
            kill(kids[i], SIGKILL);
            int st;
            pid_t r;
            while ((r = waitpid(kids[i], &st, 0)) < 0 && errno == EINTR)
                ;
            if (r == kids[i])
                reaped++;
            found = 1;
        }
        if (!found)
            break;
    }
    return reaped;
}
