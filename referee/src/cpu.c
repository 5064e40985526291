/*
 * cpu.c - the CPU meter: choosing the method (the probe), the cgroup method,
 * and reading either. See cpu.h; the proc method is cpu_tree.c.
 *
 * Where the cgroups go: under the referee's own cgroup v2 (the "0::" line of
 * /proc/self/cgroup, below the cgroup2 mount of /proc/self/mountinfo), one
 * directory per process, loa-referee.PID, and in it one cgroup per bot,
 * bot-N. cpu.stat exists in every cgroup v2 whether or not the cpu
 * controller is enabled, so nothing is enabled and the "no internal
 * processes" rule never applies. Moving a process needs write access to
 * the destination's cgroup.procs and to the common ancestor's, the
 * referee's own cgroup: root has it, and so has a user in a systemd
 * session (a delegated scope); a container with a read-only /sys/fs/cgroup
 * has not, and the probe then picks the proc method.
 *
 * Why the bot moves itself: posix_spawn cannot start a child in another
 * cgroup, and moving it after the spawn would race with what it forks
 * first. The leader runs `sh -c 'echo 0 >PROCS && exec ...'` (proc.c):
 * writing "0" moves the writer, so the bot is inside before it runs.
 */
#include "cpu.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* ---- the probe (once per process) ---- */

static pthread_once_t probe_once = PTHREAD_ONCE_INIT;
static ref_cpu_method probe_method = REF_CPU_PROC;
static char probe_why[256];
static char base_dir[4096]; /* .../loa-referee.PID when cgroup works */
static unsigned long bot_counter;

/* The cgroup2 mount point from /proc/self/mountinfo into out. 0 or -1. */
static int cgroup2_mount(char *out, size_t size)
{
    FILE *f = fopen("/proc/self/mountinfo", "re");
    if (!f)
        return -1;
    char line[4096];
    int found = -1;
    while (found != 0 && fgets(line, sizeof line, f)) {
        /* ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - FSTYPE ... */
        char *sep = strstr(line, " - ");
        if (!sep || strncmp(sep + 3, "cgroup2 ", 8) != 0)
            continue;
        char *save = NULL, *tok = strtok_r(line, " ", &save);
        for (int i = 1; tok && i < 5; i++)
            tok = strtok_r(NULL, " ", &save);
        if (!tok || strlen(tok) >= size || strchr(tok, '\\'))
            continue; /* an escaped mount point (a space in it): not ours to guess */
        snprintf(out, size, "%s", tok);
        found = 0;
    }
    fclose(f);
    return found;
}

/* This process's cgroup v2 path ("/" or "/user.slice/...") into out. */
static int own_cgroup(char *out, size_t size)
{
    FILE *f = fopen("/proc/self/cgroup", "re");
    if (!f)
        return -1;
    char line[4096];
    int found = -1;
    while (found != 0 && fgets(line, sizeof line, f)) {
        if (strncmp(line, "0::", 3) != 0)
            continue;
        line[strcspn(line, "\n")] = '\0';
        if (strlen(line + 3) < size) {
            snprintf(out, size, "%s", line + 3);
            found = 0;
        }
    }
    fclose(f);
    return found;
}

/* Runs `sh -c 'echo 0 >"$0"' procs` and says whether it exited 0: the real
 * test of moving a process, permissions of the common ancestor included. */
static int can_move_into(const char *procs)
{
    char *argv[] = {"sh", "-c", "echo 0 >\"$0\" 2>/dev/null", (char *)procs, NULL};
    pid_t pid;
    if (posix_spawn(&pid, "/bin/sh", NULL, NULL, argv, environ) != 0)
        return 0;
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return 0;
    return WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

static void remove_base(void)
{
    if (base_dir[0])
        rmdir(base_dir);
}

static void probe(void)
{
    char mnt[1024], own[2048], probe_dir[4200], procs[4300];
    if (cgroup2_mount(mnt, sizeof mnt) != 0) {
        snprintf(probe_why, sizeof probe_why, "no cgroup v2 file system is mounted");
        return;
    }
    if (own_cgroup(own, sizeof own) != 0) {
        snprintf(probe_why, sizeof probe_why, "/proc/self/cgroup has no cgroup v2 line");
        return;
    }
    snprintf(base_dir, sizeof base_dir, "%s%s%sloa-referee.%d", mnt, own,
             own[strlen(own) - 1] == '/' ? "" : "/", (int)getpid());
    if (mkdir(base_dir, 0755) != 0 && errno != EEXIST) {
        snprintf(probe_why, sizeof probe_why, "cannot create a cgroup in %.80s%.80s: %.60s", mnt,
                 own, strerror(errno));
        base_dir[0] = '\0';
        return;
    }
    snprintf(probe_dir, sizeof probe_dir, "%s/probe", base_dir);
    snprintf(procs, sizeof procs, "%s/cgroup.procs", probe_dir);
    int ok = mkdir(probe_dir, 0755) == 0 || errno == EEXIST;
    char stat_path[4300];
    snprintf(stat_path, sizeof stat_path, "%s/cpu.stat", probe_dir);
    ok = ok && access(stat_path, R_OK) == 0 && can_move_into(procs);
    rmdir(probe_dir);
    if (!ok) {
        snprintf(probe_why, sizeof probe_why,
                 "cannot move a process into a cgroup under %.80s%.80s (permission)", mnt, own);
        rmdir(base_dir);
        base_dir[0] = '\0';
        return;
    }
    atexit(remove_base);
    probe_method = REF_CPU_CGROUP;
}

ref_cpu_method ref_cpu_method_probe(char *why, size_t whysz)
{
    pthread_once(&probe_once, probe);
    if (why && whysz)
        snprintf(why, whysz, "%s", probe_method == REF_CPU_CGROUP ? "" : probe_why);
    return probe_method;
}

/* ---- the meter ---- */

void ref_cpu_meter_init(ref_cpu_meter *m)
{
    memset(m, 0, sizeof *m);
    m->stat_fd = -1;
}

int ref_cpu_meter_prepare(ref_cpu_meter *m, ref_cpu_method method, char *err, size_t errsz)
{
    char why[256];
    ref_cpu_meter_init(m);
    ref_cpu_method best = ref_cpu_method_probe(why, sizeof why);
    if (method == REF_CPU_AUTO)
        method = best;
    if (method == REF_CPU_PROC) {
        m->method = REF_CPU_PROC;
        return 0;
    }
    if (best != REF_CPU_CGROUP) {
        snprintf(err, errsz, "cgroup CPU accounting is unavailable: %s", why);
        return REF_E_CPU;
    }
    unsigned long n = __atomic_add_fetch(&bot_counter, 1, __ATOMIC_RELAXED);
    size_t dl = strlen(base_dir) + 32, pl = dl + 16;
    m->cg_dir = malloc(dl);
    m->cg_procs = malloc(pl);
    if (!m->cg_dir || !m->cg_procs) {
        ref_cpu_meter_release(m);
        snprintf(err, errsz, "out of memory");
        return REF_E_NOMEM;
    }
    snprintf(m->cg_dir, dl, "%s/bot-%lu", base_dir, n);
    snprintf(m->cg_procs, pl, "%s/cgroup.procs", m->cg_dir);
    char stat_path[4400];
    snprintf(stat_path, sizeof stat_path, "%s/cpu.stat", m->cg_dir);
    if (mkdir(m->cg_dir, 0755) != 0 || (m->stat_fd = open(stat_path, O_RDONLY | O_CLOEXEC)) < 0) {
        snprintf(err, errsz, "cannot create the cgroup %s: %s", m->cg_dir, strerror(errno));
        ref_cpu_meter_release(m);
        return REF_E_CPU;
    }
    m->method = REF_CPU_CGROUP;
    return 0;
}

const char *ref_cpu_meter_procs(const ref_cpu_meter *m)
{
    return m->method == REF_CPU_CGROUP ? m->cg_procs : NULL;
}

void ref_cpu_meter_attach(ref_cpu_meter *m, pid_t leader)
{
    m->leader = leader;
}

/* usage_usec from the open cpu.stat (re-read from offset 0 each time). */
static int cgroup_us(int fd, int64_t *us)
{
    char buf[512];
    ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
    if (n <= 0)
        return -1;
    buf[n] = '\0';
    const char *p = strstr(buf, "usage_usec ");
    if (!p)
        return -1;
    *us = strtoll(p + 11, NULL, 10);
    return 0;
}

int ref_cpu_meter_read(ref_cpu_meter *m, int64_t *us)
{
    *us = 0;
    switch (m->method) {
    case REF_CPU_CGROUP: return cgroup_us(m->stat_fd, us);
    case REF_CPU_PROC: return m->leader > 0 ? ref_cpu_tree_us(m->leader, us) : -1;
    default: return -1;
    }
}

void ref_cpu_meter_release(ref_cpu_meter *m)
{
    if (m->stat_fd >= 0)
        close(m->stat_fd);
    if (m->cg_dir && m->method == REF_CPU_CGROUP && rmdir(m->cg_dir) != 0 && errno == EBUSY) {
        /* Something the bot started is still in it (it escaped its process
         * group and is not our child): cgroup.kill (Linux 5.14) ends it. */
        char kill_path[4400];
        snprintf(kill_path, sizeof kill_path, "%s/cgroup.kill", m->cg_dir);
        int fd = open(kill_path, O_WRONLY | O_CLOEXEC);
        if (fd >= 0) {
            ssize_t w = write(fd, "1", 1);
            (void)w;
            close(fd);
        }
        for (int i = 0; i < 40 && rmdir(m->cg_dir) != 0 && errno == EBUSY; i++) {
            struct timespec ts = {0, 5000000};
            nanosleep(&ts, NULL);
        }
    }
    free(m->cg_dir);
    free(m->cg_procs);
    ref_cpu_meter_init(m);
}
