/*
 * watchdog.c - the watchdog process (watch.h, watchdog.h): the messages it
 * receives, and what it does once the referee is gone.
 *
 * It runs as a program of its own: watch.c execs /proc/self/exe, the
 * executable the referee runs, as "loa-watchdog (arena pid N)", and this
 * file's constructor makes that process the watchdog before the program's
 * main(). Only when that exec fails is it the referee's fork itself, with
 * the referee's command line. Either way it makes only async-signal-safe
 * calls (system calls, on static arrays: no allocation, no stdio, no
 * lock), for its whole life.
 */
#include "watchdog.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "procstat.h"
#include "util/sys.h"
#include "watch.h"

/* Processes one sweep stops and kills at most: the bots' leaders and what
 * their trees hold (a fork bomb beyond it is left to the group kill). */
#define SWEEP_MAX (4 * REF_WATCH_MAX)
/* Walks of the stopped trees until one finds nothing new, at most. */
#define SWEEP_ROUNDS 16
/* How long one round waits for the processes it stopped to be stopped
 * (a loaded machine may not run them at once; a process in an
 * uninterruptible sleep stops only when it leaves it). */
#define SWEEP_SETTLE_MS 100

typedef struct watched {
    pid_t leader;
    int held[WATCH_HOLD_MAX]; /* the bot's pipes, or -1 */
} watched;

static watched bots[REF_WATCH_MAX];
static int nbots;
static pid_t seen[SWEEP_MAX];
static int nseen;

/* "/proc/" pid [ "/" rest ] into buf (room for any pid and rest < 40). */
static char *proc_path(char *buf, pid_t pid, const char *rest)
{
    char digits[16];
    int n = 0;
    unsigned v = (unsigned)pid;
    do
        digits[n++] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    char *o = buf;
    memcpy(o, "/proc/", 6);
    o += 6;
    while (n > 0)
        *o++ = digits[--n];
    size_t r = strlen(rest);
    memcpy(o, rest, r + 1);
    return buf;
}

/* Stops pid and keeps it for the kill, once. */
static void note(pid_t pid)
{
    if (pid <= 1)
        return;
    for (int i = 0; i < nseen; i++)
        if (seen[i] == pid)
            return;
    if (nseen == SWEEP_MAX)
        return;
    seen[nseen++] = pid;
    kill(pid, SIGSTOP);
}

/* Notes the children of every thread of pid. */
static void note_children(pid_t pid)
{
    char path[64], buf[4096];
    int dfd = open(proc_path(path, pid, "/task"), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0)
        return;
    ssize_t n;
    char ents[2048];
    while ((n = getdents64(dfd, ents, sizeof ents)) > 0) {
        for (ssize_t off = 0; off < n;) {
            struct dirent64 *d = (struct dirent64 *)(ents + off);
            off += d->d_reclen;
            if (d->d_name[0] < '0' || d->d_name[0] > '9' || strlen(d->d_name) > 10)
                continue;
            /* /proc/PID/task/TID/children */
            char rest[40] = "/task/";
            size_t l = strlen(d->d_name);
            memcpy(rest + 6, d->d_name, l);
            memcpy(rest + 6 + l, "/children", 10);
            if (ref_procfs_read(proc_path(path, pid, rest), buf, sizeof buf) <= 0)
                continue;
            long v = -1;
            for (const char *c = buf;; c++) {
                if (*c >= '0' && *c <= '9') {
                    v = (v < 0 ? 0 : v * 10) + (*c - '0');
                } else {
                    if (v > 0)
                        note((pid_t)v);
                    v = -1;
                    if (!*c)
                        break;
                }
            }
        }
    }
    close(dfd);
}

/* 1 when pid is stopped, dead or gone: it cannot fork any more. */
static int settled(pid_t pid)
{
    char path[64], buf[512];
    if (ref_procfs_read(proc_path(path, pid, "/stat"), buf, sizeof buf) <= 0)
        return 1;
    const char *paren = strrchr(buf, ')');
    if (!paren || !paren[1] || !paren[2])
        return 1;
    char st = paren[2];
    return st == 'T' || st == 't' || st == 'Z' || st == 'X';
}

/* Waits up to SWEEP_SETTLE_MS for every process seen to be settled;
 * says whether they all are. */
static int wait_settled(void)
{
    for (int ms = 0;; ms++) {
        int all = 1;
        for (int i = 0; i < nseen && all; i++)
            all = settled(seen[i]);
        if (all || ms == SWEEP_SETTLE_MS)
            return all;
        struct timespec ts = {0, 1000000L};
        nanosleep(&ts, NULL);
    }
}

/* Waits, at most a second, until the referee (pid, pidfd or -1) has
 * fully exited. Its socket closes before the kernel reparents its
 * children, and a process group that this makes orphaned gets SIGHUP
 * (then SIGCONT) if one of its members is stopped (POSIX, "orphaned
 * process group"): stopping the bots before would kill their leaders
 * (default SIGHUP), their children going to PID 1 before the walk. The
 * pidfd is readable once the whole process exited, after that; without
 * one, the watchdog's own parent changing is the sign. */
static void wait_referee_gone(pid_t referee, int pidfd)
{
    if (pidfd >= 0) {
        struct pollfd p = {pidfd, POLLIN, 0};
        while (poll(&p, 1, 1000) < 0 && errno == EINTR)
            ;
        return;
    }
    for (int ms = 0; ms < 1000 && getppid() == referee; ms++) {
        struct timespec ts = {0, 1000000L};
        nanosleep(&ts, NULL);
    }
    struct timespec ts = {0, 20000000L}; /* the reparenting of the others */
    nanosleep(&ts, NULL);
}

/* The referee is gone: every registered bot, its group and its tree. */
static void sweep(void)
{
    for (int i = 0; i < nbots; i++)
        kill(-bots[i].leader, SIGSTOP);
    for (int i = 0; i < nbots; i++)
        note(bots[i].leader);
    /* a walk counts once everything it read from was stopped: a process
     * still running could have forked after its children were read */
    for (int round = 0; round < SWEEP_ROUNDS; round++) {
        int before = nseen, all = wait_settled();
        for (int i = 0; i < nseen; i++)
            note_children(seen[i]);
        if (all && nseen == before)
            break;
    }
    for (int i = 0; i < nseen; i++)
        kill(seen[i], SIGKILL);
    for (int i = 0; i < nbots; i++)
        kill(-bots[i].leader, SIGKILL);
}

static void release(watched *w)
{
    for (int k = 0; k < WATCH_HOLD_MAX; k++)
        if (w->held[k] >= 0) {
            close(w->held[k]);
            w->held[k] = -1;
        }
}

/* One message and its descriptors (fds[0..nfds), owned now). */
static void registered(const watch_msg *m, const int *fds, int nfds)
{
    watched *w = NULL;
    for (int i = 0; i < nbots && !w; i++)
        if (bots[i].leader == (pid_t)m->pid)
            w = &bots[i];
    if (m->op == WATCH_STARTED && !w && m->pid > 1 && nbots < REF_WATCH_MAX) {
        w = &bots[nbots++];
        w->leader = (pid_t)m->pid;
        for (int k = 0; k < WATCH_HOLD_MAX; k++)
            w->held[k] = k < nfds ? fds[k] : -1;
        return;
    }
    for (int k = 0; k < nfds; k++) /* not kept */
        close(fds[k]);
    if (w && (m->op == WATCH_RELEASED || m->op == WATCH_ENDED))
        release(w);
    if (w && m->op == WATCH_ENDED)
        *w = bots[--nbots];
}

/* Receives one message: its length (0: the referee is gone, -1: error),
 * its descriptors into fds[0..*nfds). */
static ssize_t receive(int s, watch_msg *m, int *fds, int *nfds)
{
    struct iovec iov = {m, sizeof *m};
    union {
        struct cmsghdr h;
        char buf[CMSG_SPACE(sizeof(int) * WATCH_HOLD_MAX)];
    } ctl;
    struct msghdr mh = {.msg_iov = &iov,
                        .msg_iovlen = 1,
                        .msg_control = ctl.buf,
                        .msg_controllen = sizeof ctl.buf};
    ssize_t n;
    while ((n = recvmsg(s, &mh, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR)
        ;
    *nfds = 0;
    if (n < 0)
        return -1;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&mh); c; c = CMSG_NXTHDR(&mh, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
            continue;
        int k = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        for (int i = 0; i < k; i++) {
            int fd;
            memcpy(&fd, CMSG_DATA(c) + sizeof(int) * (size_t)i, sizeof fd);
            if (*nfds < WATCH_HOLD_MAX)
                fds[(*nfds)++] = fd;
            else
                close(fd);
        }
    }
    return n;
}

_Noreturn void ref_watchdog_run(pid_t referee)
{
    int s = WATCH_FD;
    /* a handle on the referee's end; it is still our parent after the
     * open, so no other process can have its pid (neither the fork nor
     * the exec changed the parent) */
    int pidfd = util_pidfd_open(referee);
    if (pidfd >= 0 && getppid() != referee) {
        close(pidfd);
        pidfd = -1;
    }
    if (chdir("/") != 0) {
        /* only a directory not kept busy: nothing depends on it */
    }
    /* comm, what `ps` and `pgrep` without -f show (the exec made it "exe") */
    prctl(PR_SET_NAME, "loa-watchdog", 0, 0, 0);
    for (int sig = 1; sig < NSIG; sig++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = SIG_DFL;
        sigaction(sig, &sa, NULL); /* fails for SIGKILL, SIGSTOP, glibc's own */
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    /* two pipe ends per bot of a full arena, whatever the launcher's limit */
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
    for (;;) {
        watch_msg m;
        int fds[WATCH_HOLD_MAX], nfds;
        ssize_t n = receive(s, &m, fds, &nfds);
        if (n < 0)
            _exit(1); /* cannot watch any more: never kill on a doubt */
        if (n == 0)
            break; /* every copy of the referee's end is closed: it is gone */
        if (n == (ssize_t)sizeof m) {
            registered(&m, fds, nfds);
        } else {
            for (int k = 0; k < nfds; k++)
                close(fds[k]);
        }
    }
    if (nbots > 0) {
        wait_referee_gone(referee, pidfd);
        sweep();
    }
    _exit(0);
}

/* Where watch.c's exec lands: a process started as the watchdog
 * (watchdog.h: argv[0], WATCH_ENV, WATCH_FD) is the watchdog from here,
 * before the program's main() runs, whatever the program; any other
 * process returns at once and runs its program. glibc calls an ELF
 * constructor with argc, argv and envp. */
__attribute__((constructor)) static void watchdog_entry(int argc, char **argv, char **envp)
{
    (void)envp;
    if (argc < 1 || !argv || !argv[0] || strncmp(argv[0], WATCH_ARGV0, strlen(WATCH_ARGV0)) != 0)
        return;
    const char *v = getenv(WATCH_ENV);
    if (!v || *v < '1' || *v > '9' || strlen(v) > 10)
        return;
    long long pid = 0;
    for (const char *c = v; *c; c++) {
        if (*c < '0' || *c > '9')
            return;
        pid = pid * 10 + (*c - '0');
    }
    int type = 0;
    socklen_t len = sizeof type;
    if (pid > INT_MAX || getsockopt(WATCH_FD, SOL_SOCKET, SO_TYPE, &type, &len) != 0 ||
        type != SOCK_SEQPACKET)
        return;
    ref_watchdog_run((pid_t)pid);
}
