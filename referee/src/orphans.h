/*
 * orphans.h - what a bot leaves behind (internal): the processes a bot
 * started that escaped its process group (setsid(), setpgid()), so that
 * kill(-pgid) at the game's end misses them, and the zombies of its
 * grandchildren on a machine whose PID 1 reaps late.
 *
 * Design: the process using the referee becomes a child subreaper
 * (prctl(PR_SET_CHILD_SUBREAPER), Linux 3.4): a bot's orphans are
 * reparented to it, not to PID 1, when the bot dies. At each game's end,
 * after the bots' groups are killed and their leaders reaped, every child
 * of this process that is neither a live bot leader (a registry, under a
 * mutex) nor in this process's own process group (children the program
 * started itself, e.g. a test's system()) is an orphan of an ended bot:
 * it is killed with its group and reaped, and again for the children it
 * leaves, until none is left. Only named pids are reaped (never
 * waitpid(-1)), so a parallel game's bot is never reaped under it.
 * Without the subreaper (ref_orphans_enable() not called, or refused), the
 * escaped processes go to PID 1 as before. A bot in a sandbox
 * (bubblewrap's PID namespace) cannot escape at all: docs/referee.md.
 *
 * Thread-safe: the registry has a mutex.
 */
#ifndef REF_ORPHANS_H
#define REF_ORPHANS_H

#include <sys/types.h>

/* Makes this process a child subreaper (process-wide; not inherited by
 * fork). Returns 0 or -1 (errno set) when the kernel refuses it. */
int ref_orphans_enable(void);

/* 1 once ref_orphans_enable() succeeded in this process. */
int ref_orphans_enabled(void);

/* The registry of live bot leaders: lock it around spawning (so that a
 * parallel game's cleanup never sees a bot before it is registered), add
 * the new leader, unlock; remove a leader once it is reaped. add returns
 * 0, or -1 when the registry is full (REF_ORPHANS_MAX: then cleanup
 * leaves the bot alone, it is only less thorough). */
#define REF_ORPHANS_MAX 4096
void ref_orphans_lock(void);
void ref_orphans_unlock(void);
int ref_orphans_add_locked(pid_t leader);
void ref_orphans_remove(pid_t leader);

/* Kills and reaps the orphans described above; does nothing when the
 * subreaper is off. Returns how many were reaped. */
int ref_orphans_reap(void);

#endif
