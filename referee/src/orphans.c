/* orphans.c - what a bot leaves behind: kill and reap (orphans.h). */
#include "orphans.h"
#include "procstat.h"
#include "watch.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
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

/* The process group of pid (procstat.h), or -1. */
static pid_t pgid_of(pid_t pid)
{
    ref_procstat st;
    return ref_procstat_read(pid, &st) == 0 ? st.pgrp : -1;
}

int ref_orphans_reap(void)
{
    if (!ref_orphans_enabled())
        return 0;
    pid_t own = getpgrp(), dog = ref_watch_pid(); /* the watchdog: in a session of its own */
    int reaped = 0;
    for (int round = 0; round < ORPHAN_ROUNDS; round++) {
        /* every bot leader of a full arena (256 games) fits, with room */
        static __thread pid_t kids[1024];
        int n = ref_proc_children(getpid(), 0, kids, 0, 1024), found = 0;
        for (int i = 0; i < n; i++) {
            pthread_mutex_lock(&reg_lock);
            int live_bot = registered_locked(kids[i]);
            pthread_mutex_unlock(&reg_lock);
            pid_t pg = live_bot ? -1 : pgid_of(kids[i]);
            if (live_bot || pg < 0 || pg == own || kids[i] == dog)
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
