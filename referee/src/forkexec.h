/*
 * forkexec.h - starting one process for the referee (internal): vfork, the
 * few steps the child takes before exec, exec, and the exec's failure
 * reported back synchronously (as posix_spawn does).
 *
 * Why not posix_spawn: a bot's child must do two things posix_spawn has no
 * attribute for, both before the bot's program runs:
 * - register itself with the watchdog (watch.h), from the child, on a
 *   descriptor it inherited: so the registration is queued before the
 *   child can exec, whatever happens to the referee meanwhile (a parent
 *   killed between fork and exec never leaves a bot nobody knows of);
 * - keep nothing of the referee: every descriptor other than the ones the
 *   bot is given (0..nfds-1) is marked close-on-exec with one
 *   close_range(2) (Linux 5.11; else a walk of /proc/self/fd), never a loop
 *   over the descriptor limit. A descriptor the referee's launcher left open
 *   (a shell's `exec 9<dir`, make's jobserver) would otherwise let a bot,
 *   even a sandboxed one, reach the host through /proc/self/fd/9.
 *
 * vfork(), as glibc's posix_spawn: the calling thread waits while the
 * child shares its memory, until the exec; no page table is copied (fork()
 * cost the referee some 250 us more CPU per game in loa-referee-bench,
 * copying the process's tables for each bot). The child of a process that
 * may run threads may only make async-signal-safe calls before exec, and
 * sharing the parent's memory it writes nothing but its own stack: it
 * makes system calls on data the parent prepared (argv, envp, PATH),
 * nothing else, and never returns. Signals are blocked in the parent
 * around vfork() and in the child until just before exec, after every
 * caught signal was reset to its default (the child has its own copy of
 * the dispositions), so that no handler of the referee (the arena's
 * self-pipe) ever runs in the child.
 */
#ifndef REF_FORKEXEC_H
#define REF_FORKEXEC_H

#include <signal.h>
#include <sys/types.h>

/* Descriptors a child is given at most: stdin, stdout, stderr and, for the
 * sandbox, its two pipes on 3 and 4 (proc.c). */
#define REF_SPAWN_FDS_MAX 5

typedef struct ref_spawn {
    const char *file; /* the program: a path (with a '/'), or a name looked up
                              in path as execvp(3) does */
    char *const *argv;
    char *const *envp;
    const char *path;           /* the PATH to search (NULL: "/bin:/usr/bin", as glibc) */
    const char *cwd;            /* working directory to enter first, or NULL */
    int fds[REF_SPAWN_FDS_MAX]; /* the child's descriptor i is a copy of fds[i] */
    int nfds;                   /* 0..REF_SPAWN_FDS_MAX; every descriptor >= nfds is
                              closed at exec */
    const sigset_t *sigdefault; /* signals set back to SIG_DFL even when ignored;
                                   caught ones always are */
    int watch_fd;               /* the watchdog's socket (watch.h) the child registers
                              itself on before anything else, or -1 */
    int hold[2];                /* this process's ends of the child's pipes, for the
                              watchdog to hold (watch.h), or -1 */
} ref_spawn;

/* Starts s->file in a new process: the child leads a new process group
 * (setpgid(0, 0)), registers with the watchdog, installs its descriptors,
 * enters cwd, empties its signal mask and execs. Returns 0 with *pid set
 * once the exec succeeded, or the errno of the step that failed (vfork's in
 * the parent; dup, chdir or exec's in the child, which the watchdog is
 * then told to forget and which is reaped before returning: nothing is
 * left running or registered). Thread-safe. */
int ref_spawn_run(const ref_spawn *s, pid_t *pid);

#endif
