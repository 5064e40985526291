/*
 * ref/process.h - the referee's process layer, public: one child process
 * started, talked to by lines and ended, with the guarantees the referee
 * gives its bots. Used by the referee's own bot layer (through the same
 * code: referee/src/proc.c, chan.c) and by analysis's engines.
 *
 * - Start: `/bin/sh -c COMMAND` (or its words exec'd directly when the
 *   command is plain words: the same exec the shell would do) in a process
 *   group of its own, optionally under bubblewrap (ref_sandbox), its
 *   stdin and stdout pipes whose ends here are close-on-exec and
 *   non-blocking, no other descriptor of this process, signals at their
 *   defaults (this process may ignore SIGPIPE: the child does not).
 * - Watched: before the command runs, the child is registered with this
 *   process's watchdog (a small process of its own, started at the first
 *   start): when this process dies, however (kill -9 included), the
 *   watchdog ends the child's whole group and whatever in it forked.
 * - Talk: a line read by a deadline (CLOCK_MONOTONIC, ns), or at once when
 *   a stop descriptor becomes readable; bytes written by a deadline; the
 *   child's stderr drained meanwhile (its last REF_STDERR_CAP bytes kept)
 *   unless it was given a descriptor of its own.
 * - End: the child's input closed, SIGTERM to its whole group, a grace for
 *   its leader to exit, SIGKILL to the whole group (what ignored SIGTERM or
 *   outlived its leader included), the leader reaped last (its pid and
 *   group id are never reused under a kill).
 *
 * Errors: functions returning int give 0 or a negative REF_E_* code
 * (ref/referee.h, ref_strerror()). Thread-safety: distinct handles may be
 * used from distinct threads at once (starts and ends included); one
 * handle by one thread at a time.
 */
#ifndef REF_PROCESS_H
#define REF_PROCESS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "ref/referee.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A started child process and its pipes (opaque). Owned by the caller
 * from ref_process_start() until ref_process_end(). */
typedef struct ref_process ref_process;

/* What to start. */
typedef struct ref_process_spec {
    const char *command; /* run by /bin/sh -c; not NULL, not empty */
    const char *cwd;     /* working directory, NULL: this process's */
    ref_sandbox sandbox; /* REF_SANDBOX_OFF, or under bubblewrap (ref/referee.h) */
    int stdout_fd;       /* the child's stdout is a copy of this descriptor
                            (e.g. STDOUT_FILENO: it writes where this process
                            does; no line is then read from it); -1: a pipe
                            (ref_process_read_line) */
    int stderr_fd;       /* the same for its stderr; -1: a pipe drained by the
                            handle (ref_process_take_stderr) */
} ref_process_spec;

/* Grace between SIGTERM and SIGKILL the referee gives its bots, ms. */
#define REF_PROCESS_GRACE_MS 100

/* Starts spec's command (see the head of this file). Returns 0 and *out,
 * or REF_E_INVAL (a NULL argument, an empty command), REF_E_START (the
 * command cannot be started: its working directory, bwrap for a sandbox;
 * a command the shell cannot find starts, and exits 127), REF_E_SYSTEM
 * (descriptors, processes, no watchdog) or REF_E_NOMEM, *out NULL and
 * nothing left running; os_error (may be NULL) gets the errno of a failed
 * start (0 otherwise). Thread-safe. */
int ref_process_start(const ref_process_spec *spec, ref_process **out, int *os_error);

/* The leader's pid, also its process group's id (the shell, or the
 * command when it was exec'd directly). */
pid_t ref_process_pid(const ref_process *p);

/* The handle's descriptors, owned by it (never close them; they are valid
 * until ref_process_end): the write end of the child's stdin, the read
 * ends of its stdout and its stderr, non-blocking, each -1 when the spec
 * gave it a descriptor instead; a pidfd of the leader (readable once it
 * exited), or -1 on a kernel without pidfds (before Linux 5.3). */
int ref_process_stdin_fd(const ref_process *p);
int ref_process_stdout_fd(const ref_process *p);
int ref_process_stderr_fd(const ref_process *p);
int ref_process_pidfd(const ref_process *p);

/* Now on the clock of the deadlines below (CLOCK_MONOTONIC), ns. */
int64_t ref_process_now_ns(void);

/* Writes len bytes of data to the child's stdin by deadline_ns (a first
 * attempt is always made). Returns 0 (all written), REF_E_TIMEOUT (the
 * child does not read its input), REF_E_GONE (it closed its input),
 * REF_E_STOPPED (stop_fd, -1: none, became readable; nothing is read from
 * it) or REF_E_SYSTEM (errno set). */
int ref_process_write(ref_process *p, const char *data, size_t len, int64_t deadline_ns,
                      int stop_fd);

/* Reads the child's next output line by deadline_ns: *line (not
 * NUL-terminated, without its newline; any byte but '\n') and *len point
 * into the handle's buffer, valid until the next call on p. Lines written
 * ahead are kept for the next calls. Returns 0, REF_E_TIMEOUT,
 * REF_E_LINE_TOO_LONG (REF_LINE_CAP bytes without a newline), REF_E_GONE
 * (its stdout closed, its stdin closed or its leader exited, with no
 * complete line left), REF_E_STOPPED (as ref_process_write),
 * REF_E_INVAL (its stdout is not a pipe: spec.stdout_fd) or REF_E_SYSTEM
 * (errno set). After an error other than REF_E_TIMEOUT, end the process. */
int ref_process_read_line(ref_process *p, int64_t deadline_ns, int stop_fd, const char **line,
                          size_t *len);

/* Moves the child's stderr tail (its last bytes since the last take, read
 * without blocking) into out, NUL-terminated; returns its length (the
 * bytes may hold NULs). 0 when the child's stderr is not a pipe. */
size_t ref_process_take_stderr(ref_process *p, char out[REF_STDERR_CAP + 1]);

/* Whether the leader exited (without reaping it, without blocking): 1 and
 * *status (may be NULL) its wait status (sys/wait.h), or 0. */
int ref_process_exited(ref_process *p, int *status);

/* Waits until the leader exits (without reaping it) or deadline_ns
 * passes (INT64_MAX: no deadline) or stop_fd (-1: none; nothing is read
 * from it) is readable. Returns 0 and *status (may be NULL) its wait
 * status, REF_E_TIMEOUT, REF_E_STOPPED or REF_E_SYSTEM (errno set). */
int ref_process_wait(ref_process *p, int64_t deadline_ns, int stop_fd, int *status);

/* Sends signal sig to the child's whole process group (its leader is not
 * reaped before ref_process_end: the group's id is still its own). Returns
 * 0, or REF_E_SYSTEM (errno set: an invalid signal). */
int ref_process_signal(ref_process *p, int sig);

/* Ends the process and frees p: stdin closed, SIGTERM to the whole group,
 * up to grace_ms (>= 0; REF_PROCESS_GRACE_MS for the referee's) for the
 * leader to exit, SIGKILL to the whole group, the leader reaped, every
 * descriptor closed, the watchdog told. Returns the leader's wait status
 * (-1 when p is NULL: a no-op). Never fails. */
int ref_process_end(ref_process *p, int grace_ms);

#ifdef __cplusplus
}
#endif

#endif
