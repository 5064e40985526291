/*
 * cpu.h - the CPU meter of the referee (internal): how much CPU time (user +
 * system) one bot has used so far, counting every thread and every process
 * it started, for --time-mode cpu (docs/referee.md, "Time modes").
 *
 * Two methods, chosen once per process by ref_cpu_method_probe():
 * - cgroup: the bot runs in a cgroup v2 of its own, created under the
 *   referee's cgroup (REF_CPU_CGROUP); its cpu.stat `usage_usec` counts
 *   every process that ever ran in it, the ones that daemonised or already
 *   exited included. Microseconds; a process that is on a CPU right now
 *   is counted up to its last scheduler tick (a few ms at most).
 * - proc: the kernel's per-process accounting, summed over the bot's
 *   process tree (its leader and every descendant found through
 *   /proc/PID/task/TID/children): each live process's own CPU clock
 *   (clock_getcpuclockid, nanoseconds, every thread, exited threads too)
 *   plus the CPU of the children it has already waited for (cutime +
 *   cstime of /proc/PID/stat, in clock ticks of 10 ms). A process that
 *   left the tree (its parent died: it is reparented to the referee) is no
 *   longer counted. At most REF_CPU_TREE_MAX processes are walked.
 *
 * One meter per bot, used by the game's thread only; the probe is
 * thread-safe (pthread_once).
 */
#ifndef REF_CPU_H
#define REF_CPU_H

#include <stdint.h>
#include <sys/types.h>

#include "ref/referee.h"

/* Processes of one bot the proc method walks at most (a fork bomb must not
 * make every measure slower and slower). */
#define REF_CPU_TREE_MAX 512

typedef struct ref_cpu_meter {
    ref_cpu_method method; /* REF_CPU_CGROUP or REF_CPU_PROC; 0: not metering */
    char *cg_dir;          /* the bot's cgroup directory (cgroup; owned) */
    char *cg_procs;        /* its cgroup.procs path (cgroup; owned) */
    int stat_fd;           /* cpu.stat of that cgroup, or -1 */
    pid_t leader;          /* the bot's leader (proc) */
} ref_cpu_meter;

/* Sets m to "not metering" (release is then a no-op). */
void ref_cpu_meter_init(ref_cpu_meter *m);

/* Makes m ready to meter a bot about to start with method (REF_CPU_AUTO:
 * the probe's choice). For cgroup, creates the bot's cgroup; the bot must
 * then be started with ref_cpu_meter_procs() as the file it moves itself
 * into (proc.h). Returns 0, or REF_E_CPU (the cgroup cannot be created;
 * err[errsz] says why). */
int ref_cpu_meter_prepare(ref_cpu_meter *m, ref_cpu_method method, char *err, size_t errsz);

/* The cgroup.procs file the bot's leader must write "0" into before it
 * execs the bot, or NULL (proc method, or not metering). Owned by m. */
const char *ref_cpu_meter_procs(const ref_cpu_meter *m);

/* The bot's leader pid, once started. */
void ref_cpu_meter_attach(ref_cpu_meter *m, pid_t leader);

/* The CPU time the bot has used since it started, in microseconds, into
 * *us. Returns 0, or -1 when it cannot be read (no meter; the cgroup file
 * vanished; the leader is gone and the proc method finds nothing: *us is
 * then 0). */
int ref_cpu_meter_read(ref_cpu_meter *m, int64_t *us);

/* After the bot's processes were ended and reaped: kills whatever is left
 * in its cgroup (cgroup.kill), removes the cgroup and frees m's strings. */
void ref_cpu_meter_release(ref_cpu_meter *m);

/* The proc method's measure of the tree rooted at leader, in us (exposed
 * for the meter and its tests). Returns 0 or -1 (the leader is gone). */
int ref_cpu_tree_us(pid_t leader, int64_t *us);

#endif
