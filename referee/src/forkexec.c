/*
 * forkexec.c - vfork, the child's steps, exec (forkexec.h).
 *
 * The child reports a failed step by writing its errno on a close-on-exec
 * pipe and exiting 127; the parent reads that pipe to its end: nothing
 * means the exec happened (the pipe closed with it). The child never
 * returns into the caller's code and touches no lock or allocator.
 */
#include "forkexec.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "closefds.h"
#include "watch.h"

/* execvp(3)'s search, without its allocation: each directory of path in
 * turn; EACCES is remembered, and a missing file or directory goes on to
 * the next. Returns only on failure, with errno. */
static void exec_search(const ref_spawn *s)
{
    const char *file = s->file;
    if (strchr(file, '/')) {
        execve(file, s->argv, s->envp);
        return;
    }
    char buf[PATH_MAX];
    size_t flen = strlen(file);
    int denied = 0;
    for (const char *p = s->path ? s->path : "/bin:/usr/bin";;) {
        const char *end = strchrnul(p, ':');
        size_t dlen = (size_t)(end - p);
        if (dlen + flen + 2 <= sizeof buf) {
            memcpy(buf, p, dlen);
            if (dlen > 0) /* an empty entry is the working directory */
                buf[dlen++] = '/';
            memcpy(buf + dlen, file, flen + 1);
            execve(buf, s->argv, s->envp);
            if (errno == EACCES)
                denied = 1;
            else if (errno != ENOENT && errno != ENOTDIR && errno != ESTALE && errno != ENODEV &&
                     errno != ETIMEDOUT)
                return;
        }
        if (!*end)
            break;
        p = end + 1;
    }
    errno = denied ? EACCES : ENOENT;
}

/* The child: never returns. report is the pipe's write end. */
static _Noreturn void child(const ref_spawn *s, int report)
{
    /* A caught signal's handler is the referee's code: back to default
     * before any signal can be let in. */
    for (int sig = 1; sig < NSIG; sig++) {
        struct sigaction sa;
        if (sigaction(sig, NULL, &sa) != 0)
            continue; /* SIGKILL, SIGSTOP, the C library's own */
        int caught =
            (sa.sa_flags & SA_SIGINFO) || (sa.sa_handler != SIG_DFL && sa.sa_handler != SIG_IGN);
        if (caught || (s->sigdefault && sigismember(s->sigdefault, sig) == 1)) {
            memset(&sa, 0, sizeof sa);
            sa.sa_handler = SIG_DFL;
            sigaction(sig, &sa, NULL);
        }
    }
    int e = 0, tmp[REF_SPAWN_FDS_MAX];
    if (setpgid(0, 0) != 0)
        goto fail;
    /* A signal sent to the referee's process group before that setpgid (the
     * user's Ctrl-C at a terminal, `timeout -s INT`) reached this child
     * too, and waits here, blocked: it was meant for the referee, and would
     * kill the bot as soon as signals are let in, a "crash" of the bot's
     * (seen in loa-arena's games under Ctrl-C). Setting SIG_IGN discards a
     * pending signal (POSIX sigaction); its action is then put back. */
    sigset_t pending;
    if (sigpending(&pending) == 0)
        for (int sig = 1; sig < NSIG; sig++) {
            struct sigaction ign, prev;
            if (sigismember(&pending, sig) != 1)
                continue;
            memset(&ign, 0, sizeof ign);
            ign.sa_handler = SIG_IGN;
            if (sigaction(sig, &ign, &prev) == 0)
                sigaction(sig, &prev, NULL);
        }
    if (s->watch_fd >= 0)
        ref_watch_register_self(s->watch_fd, s->hold, 2);
    /* Above every target first, so that no dup2 overwrites a source (the
     * sandbox's pipes may sit on 3 or 4) nor the report pipe. */
    if (report < s->nfds && (report = fcntl(report, F_DUPFD_CLOEXEC, s->nfds)) < 0)
        goto fail;
    for (int i = 0; i < s->nfds; i++)
        if ((tmp[i] = fcntl(s->fds[i], F_DUPFD_CLOEXEC, s->nfds)) < 0)
            goto fail;
    for (int i = 0; i < s->nfds; i++)
        if (dup2(tmp[i], i) < 0) /* the copy is not close-on-exec */
            goto fail;
    if (ref_close_fds(s->nfds, -1, 1) != 0)
        goto fail;
    if (s->cwd && chdir(s->cwd) != 0)
        goto fail;
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    exec_search(s);
fail:
    e = errno;
    while (write(report, &e, sizeof e) < 0 && errno == EINTR)
        ;
    _exit(127);
}

int ref_spawn_run(const ref_spawn *s, pid_t *pid)
{
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0)
        return errno;
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t p = vfork();
    if (p == 0) {
        close(report[0]);
        child(s, report[1]);
    }
    int e = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    close(report[1]);
    if (p < 0) {
        close(report[0]);
        return e;
    }
    /* the child's errno, or nothing once its exec closed the pipe */
    int err = 0;
    ssize_t n;
    while ((n = read(report[0], &err, sizeof err)) < 0 && errno == EINTR)
        ;
    close(report[0]);
    if (n == (ssize_t)sizeof err) {
        if (s->watch_fd >= 0)
            ref_watch_forget(p); /* before the reap: its pid is still its own */
        while (waitpid(p, NULL, 0) < 0 && errno == EINTR)
            ;
        return err ? err : EIO;
    }
    *pid = p;
    return 0;
}
