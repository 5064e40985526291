/*
 * cpu_tree.c - the proc method of the CPU meter: a bot's CPU time summed over
 * its process tree from the kernel's per-process accounting. See cpu.h.
 *
 * Why each part:
 * - clock_getcpuclockid(pid): the process's CPU clock, all its threads (the
 *   exited ones too), in nanoseconds and up to date even while it runs,
 *   where /proc/PID/stat's utime/stime are rounded to clock ticks.
 * - cutime + cstime (/proc/PID/stat fields 16, 17): the children the
 *   process already waited for, which left the tree; only ticks exist.
 * - /proc/PID/task/TID/children: the descendants (a child belongs to the
 *   thread that forked it, so every thread's file is read when there are
 *   several threads).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cpu.h"

/* Reads a small /proc file into buf (NUL-terminated). Returns its length or
 * -1. */
static ssize_t read_small(const char *path, char *buf, size_t size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n, total = 0;
    while ((size_t)total < size - 1 &&
           ((n = read(fd, buf + total, size - 1 - (size_t)total)) > 0 ||
            (n < 0 && errno == EINTR)))
        if (n > 0)
            total += n;
    close(fd);
    buf[total] = '\0';
    return total;
}

/* The process's own CPU in ns, or -1 (gone). */
static int64_t own_ns(pid_t pid)
{
    clockid_t cid;
    struct timespec ts;
    if (clock_getcpuclockid(pid, &cid) != 0 || clock_gettime(cid, &ts) != 0)
        return -1;
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* From /proc/PID/stat: cutime + cstime in ticks into *ticks and the number
 * of threads into *threads. Returns 0 or -1. The command name (field 2) may
 * hold spaces and parentheses: fields are counted after its last ')'. */
static int stat_fields(pid_t pid, long long *ticks, long *threads)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    if (read_small(path, buf, sizeof buf) <= 0)
        return -1;
    char *p = strrchr(buf, ')');
    if (!p)
        return -1;
    p++;
    /* fields after the name: 3 state ... 16 cutime 17 cstime ... 20 num_threads */
    long long cut = 0, cst = 0;
    long nth = 1;
    int field = 2;
    char *save = NULL;
    for (char *tok = strtok_r(p, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        field++;
        if (field == 16)
            cut = strtoll(tok, NULL, 10);
        else if (field == 17)
            cst = strtoll(tok, NULL, 10);
        else if (field == 20) {
            nth = strtol(tok, NULL, 10);
            break;
        }
    }
    if (field < 20)
        return -1;
    *ticks = cut + cst;
    *threads = nth;
    return 0;
}

/* Appends the pids listed in one children file to list (up to max). */
static void add_children_file(const char *path, pid_t *list, int *n, int max)
{
    char buf[4096];
    if (read_small(path, buf, sizeof buf) <= 0)
        return;
    char *p = buf, *end;
    for (;;) {
        long v = strtol(p, &end, 10);
        if (end == p)
            break;
        if (v > 0 && *n < max)
            list[(*n)++] = (pid_t)v;
        p = end;
    }
}

static void add_children(pid_t pid, long threads, pid_t *list, int *n, int max)
{
    char path[96];
    if (threads <= 1) {
        snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)pid, (int)pid);
        add_children_file(path, list, n, max);
        return;
    }
    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    DIR *d = opendir(path);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9')
            continue;
        snprintf(path, sizeof path, "/proc/%d/task/%.20s/children", (int)pid, e->d_name);
        add_children_file(path, list, n, max);
    }
    closedir(d);
}

int ref_cpu_tree_us(pid_t leader, int64_t *us)
{
    static const int64_t ns_per_s = 1000000000;
    long tck = sysconf(_SC_CLK_TCK);
    if (tck <= 0)
        tck = 100;
    pid_t list[REF_CPU_TREE_MAX];
    int n = 0, found = 0;
    int64_t ns = 0;
    list[n++] = leader;
    /* list grows as children are found: a breadth-first walk */
    for (int i = 0; i < n; i++) {
        long long ticks;
        long threads;
        int64_t own = own_ns(list[i]);
        if (own < 0 || stat_fields(list[i], &ticks, &threads) != 0)
            continue; /* gone meanwhile: its parent's cutime will hold it */
        found = 1;
        ns += own + ticks * (ns_per_s / tck);
        add_children(list[i], threads, list, &n, REF_CPU_TREE_MAX);
    }
    *us = ns / 1000;
    return found ? 0 : -1;
}
