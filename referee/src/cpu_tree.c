/*
 * cpu_tree.c - the proc method of the CPU meter: a bot's CPU time summed over
 * its process tree from the kernel's per-process accounting. See cpu.h.
 *
 * Why each part:
 * - clock_getcpuclockid(pid): the process's CPU clock, all its threads (the
 *   exited ones too), in nanoseconds and up to date even while it runs,
 *   where /proc/PID/stat's utime/stime are rounded to clock ticks.
 * - cutime + cstime (/proc/PID/stat fields 16, 17; procstat.h): the
 *   children the process already waited for, which left the tree; only
 *   ticks exist.
 * - /proc/PID/task/TID/children: the descendants (a child belongs to the
 *   thread that forked it, so every thread's file is read when there are
 *   several threads).
 */
#include <time.h>
#include <unistd.h>

#include "cpu.h"
#include "procstat.h"

/* The process's own CPU in ns, or -1 (gone). */
static int64_t own_ns(pid_t pid)
{
    clockid_t cid;
    struct timespec ts;
    if (clock_getcpuclockid(pid, &cid) != 0 || clock_gettime(cid, &ts) != 0)
        return -1;
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
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
        ref_procstat st;
        int64_t own = own_ns(list[i]);
        if (own < 0 || ref_procstat_read(list[i], &st) != 0)
            continue; /* gone meanwhile: its parent's cutime will hold it */
        found = 1;
        ns += own + st.child_ticks * (ns_per_s / tck);
        n = ref_proc_children(list[i], st.threads, list, n, REF_CPU_TREE_MAX);
    }
    *us = ns / 1000;
    return found ? 0 : -1;
}
