/*
 * proc.c - the process layer: spawn a bot in its own process group, watch its
 * leader, end the whole group and reap it. See proc.h.
 *
 * Why the leader is never reaped before the end: a reaped pid may be handed
 * to a new process, and kill(-pgid) would then hit a stranger's group (the
 * arena runs many games in parallel). waitid(WNOWAIT) tells us the exit
 * status while the zombie keeps the pid and the group id reserved; the only
 * waitpid() is in ref_proc_end_pair(), after the final SIGKILL.
 */
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "env.h"
#include "forkexec.h"
#include "orphans.h"
#include "sandbox.h"
#include "shellcmd.h"
#include "util/sys.h"
#include "watch.h"

extern char **environ;

void ref_proc_init(ref_proc *p)
{
    memset(p, 0, sizeof *p);
    p->in_fd = p->out_fd = p->err_fd = p->pidfd = -1;
}

static void close_fd(int *fd)
{
    if (*fd >= 0) {
        close(*fd);
        *fd = -1;
    }
}

/* pipe2(O_CLOEXEC) whose two fds are both >= 3: if the referee was started
 * with a standard fd closed, a pipe end could land on 0..2 and the child's
 * dup2(fd, same fd) would keep its close-on-exec flag. */
static int pipe_above_stdio(int fds[2])
{
    if (pipe2(fds, O_CLOEXEC) != 0)
        return -1;
    for (int i = 0; i < 2; i++) {
        if (fds[i] <= 2) {
            int nfd = fcntl(fds[i], F_DUPFD_CLOEXEC, 3);
            int saved = errno;
            close(fds[i]);
            if (nfd < 0) {
                close(fds[1 - i]);
                errno = saved;
                return -1;
            }
            fds[i] = nfd;
        }
    }
    return 0;
}

static int set_nonblock(int fd)
{
    int fl = fcntl(fd, F_GETFL);
    return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

/* Errors that say the machine ran out of something, not that the command is
 * wrong. */
static int is_resource_errno(int e)
{
    return e == EMFILE || e == ENFILE || e == ENOMEM || e == EAGAIN || e == ENOSPC;
}

/* The sandboxed shell's first words: the bot's pipes, handed over on 3
 * and 4, become its stdin and stdout. bubblewrap keeps its own 0..2 open
 * in its two processes outside the bot (the monitor and the namespace's
 * init) and closes every other descriptor there: were the pipes on 0 and
 * 1, a bot closing its stdout or stdin would go unseen (a timeout instead
 * of closed_output). */
static const char sandbox_pipes[] = "exec <&3 >&4 3<&- 4>&-\n";

/* The leader's first words when the bot has a cgroup (cpu.h): it moves
 * itself into the cgroup, then execs the bot's argv ("$@"), so that nothing
 * the bot runs is ever outside it. */
static const char join_cgroup[] =
    "echo 0 >\"$0\" || { echo \"loa-referee: cannot join the bot's cgroup $0\" >&2; "
    "exit 125; }; exec \"$@\"";

/* Puts `sh -c join_cgroup procs` before argv[0..] (which must have room
 * for 4 more entries and the NULL). */
static void prefix_cgroup(char **argv, const char *procs)
{
    int n = 0;
    while (argv[n])
        n++;
    memmove(argv + 4, argv, sizeof *argv * (size_t)(n + 1));
    argv[0] = "sh";
    argv[1] = "-c";
    argv[2] = (char *)join_cgroup;
    argv[3] = (char *)procs;
}

/* Errors of a direct spawn that the shell reports in its own words (exit
 * 126/127 and a message on the bot's stderr): the command is retried
 * through the shell, so that a failure reads the same either way. */
static int shell_says_it_better(int e)
{
    return e == ENOENT || e == EACCES || e == ENOEXEC || e == ENOTDIR || e == ELOOP ||
           e == ENAMETOOLONG || e == EPERM || e == EISDIR;
}

/* Words of a plain command spawned without the shell, at most. */
#define PLAIN_ARGV_MAX 64

/* Spawns the leader of ref_proc_start(): a command of plain words
 * directly, without the shell (shellcmd.h: the same exec the shell would
 * do, one exec and one dynamic loading fewer), else `sh -c` with `exec`
 * inserted where it keeps the meaning, under bubblewrap for a sandbox; the
 * cgroup's join script first when there is one. sp holds the descriptors,
 * signals and watchdog; this fills in the program. Returns 0 or an errno
 * (forkexec.h). */
static int spawn_leader(pid_t *pid, const char *command, const char *cwd, int sandbox,
                        const char *cgroup_procs, ref_spawn *sp)
{
    int rc;
    size_t len = strlen(command) + 1;
    char *words = sandbox ? NULL : malloc(len);
    char *plain[PLAIN_ARGV_MAX + 4]; /* the words and NULL; room for the join script */
    sp->path = getenv("PATH");
    sp->cwd = cwd;
    if (words && ref_shell_plain_argv(command, words, len, plain, PLAIN_ARGV_MAX) > 0) {
        /* the join script execs the words itself: 127 if not found */
        if (cgroup_procs)
            prefix_cgroup(plain, cgroup_procs);
        sp->file = cgroup_procs ? "/bin/sh" : plain[0];
        sp->argv = plain;
        rc = ref_spawn_run(sp, pid);
        if (rc == 0 || !shell_says_it_better(rc)) {
            free(words);
            return rc;
        }
    }
    free(words);
    /* `exec` for a simple command: the bot, not the shell, becomes our
     * child and the group leader (see shellcmd.h). */
    char *line = ref_shell_exec_form(command);
    if (!line)
        return ENOMEM;
    char *argv[REF_SANDBOX_ARGV_MAX + 4] = {cgroup_procs ? "/bin/sh" : "sh", "-c", line, NULL};
    char *here = NULL, *boxed = NULL;
    if (sandbox) {
        here = cwd ? NULL : getcwd(NULL, 0);
        rc = !cwd && !here ? errno : 0;
        if (!rc && !(boxed = malloc(sizeof sandbox_pipes + strlen(line))))
            rc = ENOMEM;
        if (rc) {
            free(here);
            free(line);
            return rc;
        }
        strcat(strcpy(boxed, sandbox_pipes), line);
        ref_sandbox_argv(boxed, cwd ? cwd : here, sandbox == 2, argv);
    }
    if (cgroup_procs)
        prefix_cgroup(argv, cgroup_procs);
    sp->file = sandbox && !cgroup_procs ? "bwrap" : "/bin/sh";
    sp->argv = argv;
    rc = ref_spawn_run(sp, pid);
    free(here);
    free(boxed);
    free(line);
    return rc;
}

/* Signals the referee may ignore (SIGPIPE) that a bot must not: set back
 * to their default in the child (forkexec.h). */
static const int bot_defaults[] = {SIGPIPE, SIGHUP,  SIGINT,  SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2,
                                   SIGALRM, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU, SIGXFSZ, SIGXCPU};

/* The descriptors of one start: both ends of the bot's three pipes (no
 * stdout or stderr pipe where the spec gives the bot a descriptor) and, under
 * the sandbox, /dev/null for bubblewrap's own input and output; -1 where
 * none. */
typedef struct start_fds {
    int in[2], out[2], err[2], devnull;
} start_fds;

static void close_start_fds(start_fds *f)
{
    for (int i = 0; i < 2; i++) {
        close_fd(&f->in[i]);
        close_fd(&f->out[i]);
        close_fd(&f->err[i]);
    }
    close_fd(&f->devnull);
}

/* Opens f's descriptors. Returns 0, or -1 with errno (f then holds only
 * -1s and what was opened: close_start_fds). */
static int open_start_fds(start_fds *f, const ref_proc_spec *s)
{
    *f = (start_fds){{-1, -1}, {-1, -1}, {-1, -1}, -1};
    if (pipe_above_stdio(f->in) || (s->stdout_fd < 0 && pipe_above_stdio(f->out)) ||
        (s->stderr_fd < 0 && pipe_above_stdio(f->err)))
        return -1;
    if (s->sandbox && (f->devnull = open("/dev/null", O_RDWR | O_CLOEXEC)) < 0)
        return -1;
    return 0;
}

/* The bot's descriptors in sp: its pipes (or the spec's) on 0..2; under
 * the sandbox bwrap's own 0 and 1 are /dev/null and the bot's go on 3 and 4
 * (sandbox_pipes). Nothing else: every other descriptor of this process
 * (the launcher's, parallel games' pipes) is closed at exec (forkexec.h). */
static void child_fds(ref_spawn *sp, const start_fds *f, const ref_proc_spec *s)
{
    sp->nfds = 3;
    sp->fds[0] = f->in[0];
    sp->fds[1] = s->stdout_fd >= 0 ? s->stdout_fd : f->out[1];
    sp->fds[2] = s->stderr_fd >= 0 ? s->stderr_fd : f->err[1];
    sp->hold[0] = f->in[1];
    sp->hold[1] = f->out[0];
    if (s->sandbox) {
        sp->nfds = 5;
        sp->fds[3] = f->in[0];
        sp->fds[4] = sp->fds[1];
        sp->fds[0] = sp->fds[1] = f->devnull;
    }
}

/* Spawns the leader registered with the orphans' registry and the
 * watchdog (sp's watch_fd set here). Returns 0 with *pid, or an errno;
 * *no_watchdog is 1 when there was no watchdog (nothing was started). */
static int spawn_watched(pid_t *pid, const ref_proc_spec *s, ref_spawn *sp, int *no_watchdog)
{
    /* registered before a parallel game's cleanup can see it (orphans.h);
     * the watchdog's socket is taken under the same lock, so that no other
     * spawn can replace it meanwhile (watch.h) */
    char **env = s->env ? ref_env_with(environ, s->env) : NULL;
    *no_watchdog = 0;
    if (s->env && !env)
        return ENOMEM;
    sp->envp = env ? env : environ;
    ref_orphans_lock();
    sp->watch_fd = ref_watch_fd();
    *no_watchdog = sp->watch_fd < 0;
    int rc = *no_watchdog ? errno
                          : spawn_leader(pid, s->command, s->cwd, s->sandbox, s->cgroup_procs, sp);
    if (rc == 0)
        ref_orphans_add_locked(*pid);
    ref_orphans_unlock();
    free(env);
    return rc;
}

ref_proc_fail ref_proc_start(ref_proc *p, const ref_proc_spec *s, int *err)
{
    ref_proc_init(p);
    *err = 0;
    if (s->cwd) {
        /* Checked here so that a bad directory is the bot's failure with a
         * clear errno rather than an anonymous spawn error. */
        int dfd = open(s->cwd, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dfd < 0) {
            *err = errno;
            return is_resource_errno(*err) ? REF_PROC_FAIL_SYSTEM : REF_PROC_FAIL_START;
        }
        close(dfd);
    }
    start_fds f;
    if (open_start_fds(&f, s) != 0) {
        *err = errno;
        close_start_fds(&f);
        return REF_PROC_FAIL_SYSTEM;
    }
    sigset_t defaults;
    sigemptyset(&defaults);
    for (size_t i = 0; i < sizeof bot_defaults / sizeof bot_defaults[0]; i++)
        sigaddset(&defaults, bot_defaults[i]);
    ref_spawn sp = {.sigdefault = &defaults};
    child_fds(&sp, &f, s);
    pid_t pid;
    int no_watchdog, rc = spawn_watched(&pid, s, &sp, &no_watchdog);
    if (rc != 0) {
        *err = rc;
        close_start_fds(&f);
        return is_resource_errno(rc) || no_watchdog ? REF_PROC_FAIL_SYSTEM : REF_PROC_FAIL_START;
    }
    p->pid = pid;
    p->sandboxed = s->sandbox != 0;
    p->in_fd = f.in[1];
    p->out_fd = f.out[0];
    p->err_fd = f.err[0];
    f.in[1] = f.out[0] = f.err[0] = -1; /* the referee's ends are p's now */
    close_start_fds(&f);
    p->pidfd = util_pidfd_open(pid);
    if (set_nonblock(p->in_fd) || (p->out_fd >= 0 && set_nonblock(p->out_fd)) ||
        (p->err_fd >= 0 && set_nonblock(p->err_fd))) {
        /* Cannot happen on a fresh pipe; do not leave the bot running. */
        *err = errno;
        ref_proc_end_pair(p, NULL);
        return REF_PROC_FAIL_SYSTEM;
    }
    return REF_PROC_OK;
}

int ref_proc_poll_exit(ref_proc *p)
{
    if (p->pid <= 0 || p->exited)
        return p->exited;
    siginfo_t si;
    memset(&si, 0, sizeof si);
    if (waitid(P_PID, (id_t)p->pid, &si, WEXITED | WNOHANG | WNOWAIT) != 0 || si.si_pid == 0)
        return 0;
    p->exited = 1;
    if (si.si_code == CLD_EXITED && p->sandboxed && si.si_status > 128 && si.si_status < 128 + 65)
        /* bubblewrap says "killed by signal N" as exit 128 + N: the bot's
         * own signal again (a bot that exits with 129..192 itself reads as
         * killed too: the price of the wrapper) */
        p->status = (si.si_status - 128) & 0x7f;
    else if (si.si_code == CLD_EXITED)
        p->status = (si.si_status & 0xff) << 8; /* as W_EXITCODE(code, 0) */
    else
        p->status = (si.si_status & 0x7f) | (si.si_code == CLD_DUMPED ? 0x80 : 0);
    return 1;
}

static int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

/* Waits until every started leader of ps[0..n-1] exited or ms passed. */
static void wait_exits(ref_proc **ps, int n, int ms)
{
    int64_t end = now_ms() + ms;
    for (;;) {
        struct pollfd fds[2];
        int nf = 0, pending = 0, polling = 0;
        for (int i = 0; i < n; i++) {
            if (!ps[i] || ps[i]->pid <= 0 || ref_proc_poll_exit(ps[i]))
                continue;
            pending = 1;
            if (ps[i]->pidfd >= 0)
                fds[nf++] = (struct pollfd){.fd = ps[i]->pidfd, .events = POLLIN};
            else
                polling = 1;
        }
        int64_t left = end - now_ms();
        if (!pending || left <= 0)
            return;
        if (polling)
            left = left < 2 ? left : 2; /* no pidfd: look again every 2 ms */
        if (nf)
            poll(fds, (nfds_t)nf, (int)left);
        else
            sleep_ms((int)left);
    }
}

int ref_proc_wait_exit(ref_proc *p, int ms)
{
    wait_exits(&p, 1, ms);
    return p->exited;
}

void ref_proc_close_input(ref_proc *p)
{
    close_fd(&p->in_fd);
}

void ref_proc_end_pair(ref_proc *a, ref_proc *b)
{
    ref_proc_end_grace(a, b, REF_PROC_GRACE_MS);
}

void ref_proc_end_grace(ref_proc *a, ref_proc *b, int grace_ms)
{
    ref_proc *ps[2] = {a, b};
    int any = 0;
    for (int i = 0; i < 2; i++) {
        if (!ps[i] || ps[i]->pid <= 0 || ps[i]->reaped)
            continue;
        any = 1;
        ref_watch_release(ps[i]->pid); /* its copy of the input first (watch.h) */
        ref_proc_close_input(ps[i]);
        /* The whole group, even when the leader has exited: its children
         * may still run (the zombie leader keeps the group id ours). */
        kill(-ps[i]->pid, SIGTERM);
    }
    if (any)
        wait_exits(ps, 2, grace_ms);
    for (int i = 0; i < 2; i++) {
        ref_proc *p = ps[i];
        if (!p)
            continue;
        if (p->pid > 0 && !p->reaped) {
            /* Unconditional: members that ignore SIGTERM or were forked by
             * the bot die here, whatever the leader did. */
            kill(-p->pid, SIGKILL);
            ref_watch_forget(p->pid); /* while its pid is still its own */
            int st;
            pid_t r;
            while ((r = waitpid(p->pid, &st, 0)) < 0 && errno == EINTR)
                ;
            if (r == p->pid && !p->exited) {
                p->exited = 1;
                p->status = st;
            }
            p->reaped = 1;
            ref_orphans_remove(p->pid);
        }
        close_fd(&p->in_fd);
        close_fd(&p->out_fd);
        close_fd(&p->err_fd);
        close_fd(&p->pidfd);
    }
    /* what escaped the groups (setsid, setpgid) and was reparented here */
    if (any)
        ref_orphans_reap();
}

char *ref_proc_describe_status(int status, char *buf, size_t size)
{
    if (WIFEXITED(status)) {
        snprintf(buf, size, "exit status %d", WEXITSTATUS(status));
    } else if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        const char *abbrev = sigabbrev_np(sig); /* thread-safe, unlike strsignal */
        snprintf(buf, size, "killed by signal %d (SIG%s)%s", sig, abbrev ? abbrev : "?",
                 WCOREDUMP(status) ? ", core dumped" : "");
    } else {
        snprintf(buf, size, "wait status %d", status);
    }
    return buf;
}
