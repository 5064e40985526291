/*
 * proc.h - the process layer of the referee (internal): starts one bot
 * command through `/bin/sh -c` in its own process group with three
 * close-on-exec pipes, tells when its leader has exited (without reaping it,
 * so that its pid and process group id cannot be reused while the game still
 * signals them), and ends the whole group politely then firmly and reaps it.
 *
 * Knows nothing of the protocol. Thread-safe: no global state; every
 * function works on its own ref_proc. Starts processes with forkexec.h (fork,
 * async-signal-safe steps in the child, exec failures reported
 * synchronously): the child registers the bot with the watchdog (watch.h)
 * and keeps no descriptor of the referee's but its three pipes.
 */
#ifndef REF_PROC_H
#define REF_PROC_H

#include <stddef.h>
#include <sys/types.h>

#include "ref/process.h"

/* Grace between SIGTERM to the group and SIGKILL, in ms (the public
 * header's figure). */
#define REF_PROC_GRACE_MS REF_PROCESS_GRACE_MS

typedef struct ref_proc {
    pid_t pid;     /* the leader (the shell, or the bot when the shell execs it);
                       also the process group id. 0: not started */
    int in_fd;     /* write end of the bot's stdin, non-blocking, or -1 */
    int out_fd;    /* read end of the bot's stdout, non-blocking, or -1 */
    int err_fd;    /* read end of the bot's stderr, non-blocking, or -1 */
    int pidfd;     /* pidfd of the leader (readable once it exited), or -1
                       when the kernel has none (then callers poll) */
    int exited;    /* 1 once the leader's exit was seen (not reaped yet) */
    int status;    /* its wait status when exited */
    int reaped;    /* 1 once waited for */
    int sandboxed; /* the leader is bubblewrap around the bot (ref_proc_start) */
} ref_proc;

/* How ref_proc_start() failed. */
typedef enum ref_proc_fail {
    REF_PROC_OK = 0,
    REF_PROC_FAIL_START, /* the command cannot be started (bad working dir,
                              /bin/sh missing): the bot's fault */
    REF_PROC_FAIL_SYSTEM /* resources (fds, memory, processes): the referee's */
} ref_proc_fail;

/* Sets every field to "nothing" (fds -1, pid 0). */
void ref_proc_init(ref_proc *p);

/* What ref_proc_start() runs. */
typedef struct ref_proc_spec {
    const char *command;      /* run by /bin/sh -c (or directly: spawn_leader) */
    const char *cwd;          /* working directory, NULL: the caller's */
    int sandbox;              /* a ref_sandbox; 0: none */
    const char *cgroup_procs; /* a cgroup's cgroup.procs to join first, NULL: none */
    int stdout_fd;            /* the bot's stdout is a copy of this descriptor;
                                 -1: a pipe (out_fd) */
    int stderr_fd;            /* the same for its stderr; -1: a pipe (err_fd) */
    const char *const *env;   /* "NAME=value" strings set in the bot's environment
                                 over this process's (env.h), NULL-terminated;
                                 NULL: this process's environment as it is */
} ref_proc_spec;

/* Starts `/bin/sh -c s->command` in directory s->cwd (NULL: the
 * caller's), in a new process group, stdin/stdout/stderr (stdout and
 * stderr unless s gives their descriptors) connected to pipes whose referee ends are close-on-exec
 * and non-blocking. Signal dispositions are reset to
 * default and the signal mask emptied in the child (the referee ignores
 * SIGPIPE; a bot must not inherit that). Returns REF_PROC_OK, or a failure
 * kind with errno-style code in *err and nothing left open or running.
 * Every other descriptor of this process (a launcher's, parallel games'
 * pipes) is closed in the bot (forkexec.h). The bot is registered with this
 * process's watchdog before it runs (watch.h: it is ended if this process
 * dies); without a watchdog (no descriptor or process left for it) nothing
 * is started: REF_PROC_FAIL_SYSTEM.
 * sandbox (a ref_sandbox): not OFF, the shell runs under bubblewrap
 * (`bwrap`, found in PATH: ENOENT, a start failure, without it): no
 * network, its own PID, IPC and UTS namespaces and session, `/` read-only,
 * a private /tmp, the working directory (cwd, else ours) bound read-only
 * or writable, the bot nobody in a user namespace of its own with no
 * capability, whoever runs this (ended with this process by the watchdog). The pipes reach only the bot's shell
 * (on 3 and 4, moved to 0 and 1 by it), not bubblewrap's own processes, so
 * that the bot closing one is seen. bwrap is then the leader; a bot
 * killed by signal N makes it exit with 128 + N, which the exit status
 * reports as that signal again (ref_proc_poll_exit).
 * cgroup_procs (NULL: none): a cgroup's cgroup.procs file (cpu.h); the
 * leader first moves itself into that cgroup, then execs the above, so the
 * bot and everything it starts run in it (if it cannot, the leader exits
 * with status 125 and says why on the bot's stderr). */
ref_proc_fail ref_proc_start(ref_proc *p, const ref_proc_spec *s, int *err);

/* Checks, without blocking and without reaping, whether the leader has
 * exited; fills p->exited/p->status. Returns p->exited. */
int ref_proc_poll_exit(ref_proc *p);

/* Waits up to ms for the leader to exit (not reaping). Returns p->exited. */
int ref_proc_wait_exit(ref_proc *p, int ms);

/* Closes the bot's stdin pipe (the bot sees end of input). */
void ref_proc_close_input(ref_proc *p);

/* Ends processes: closes both procs' stdin, sends SIGTERM to each whole
 * process group, waits up to REF_PROC_GRACE_MS for the leaders to exit, then
 * sends SIGKILL to each group (children that ignore SIGTERM or outlived their
 * leader included), tells the watchdog, reaps the leaders and closes every fd. Either pointer may
 * be NULL or not started. Ending two at once halves the worst-case wait. */
void ref_proc_end_pair(ref_proc *a, ref_proc *b);

/* ref_proc_end_pair() with grace_ms (>= 0) between SIGTERM and SIGKILL
 * instead of REF_PROC_GRACE_MS. */
void ref_proc_end_grace(ref_proc *a, ref_proc *b, int grace_ms);

/* Describes a wait status: "exit status 3", "killed by signal 11 (SIGSEGV)".
 * Returns buf. */
char *ref_proc_describe_status(int status, char *buf, size_t size);

#endif
