/*
 * watch.c - the watchdog: its start, the messages, and what it does once
 * the referee is gone (watch.h).
 *
 * The watchdog is a fork of a process that may run threads: like a child
 * before exec it makes only async-signal-safe calls (system calls, on
 * static arrays: no allocation, no stdio, no lock), for its whole life.
 */
#include "watch.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "forkexec.h"
#include "procstat.h"

typedef struct watch_msg {
    int32_t op; /* WATCH_STARTED or WATCH_ENDED */
    int32_t pid;
} watch_msg;

enum {
    WATCH_STARTED = 1, /* with the bot's held descriptors (SCM_RIGHTS) */
    WATCH_RELEASED,    /* the game ends: close them (the bot sees its input end) */
    WATCH_ENDED        /* SIGKILLed, about to be reaped: forget it */
};

/* Processes one sweep stops and kills at most: the bots' leaders and what
 * their trees hold (a fork bomb beyond it is left to the group kill). */
#define SWEEP_MAX (4 * REF_WATCH_MAX)
/* Walks of the stopped trees until one finds nothing new, at most. */
#define SWEEP_ROUNDS 16
/* How long one round waits for the processes it stopped to be stopped
 * (a loaded machine may not run them at once; a process in an
 * uninterruptible sleep stops only when it leaves it). */
#define SWEEP_SETTLE_MS 100

/* ---- the referee's side ---- */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pid_t owner; /* the process whose watchdog `sock` and `dog` are */
static int sock = -1;
static ino_t sock_ino; /* its inode: a fork's copy is closed only if it still is */
static pid_t dog;

static _Noreturn void watchdog(int s);

/* Starts the watchdog (lock held). Returns 0 or -1 with errno. */
static int start(void)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
        return -1;
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t pid = fork();
    if (pid == 0)
        watchdog(sv[1]);
    int e = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    close(sv[1]);
    if (pid < 0) {
        close(sv[0]);
        errno = e;
        return -1;
    }
    struct stat st;
    sock = sv[0];
    sock_ino = fstat(sock, &st) == 0 ? st.st_ino : 0;
    dog = pid;
    return 0;
}

int ref_watch_fd(void)
{
    pthread_mutex_lock(&lock);
    pid_t me = getpid();
    if (owner != me) {
        /* a fork of the owner: that socket is the owner's (closing this
         * copy leaves its watchdog to the owner), this process needs its own;
         * unless the fork closed that number and reused it meanwhile */
        struct stat st;
        if (sock >= 0 && fstat(sock, &st) == 0 && S_ISSOCK(st.st_mode) && st.st_ino == sock_ino)
            close(sock);
        sock = -1;
        dog = 0;
        owner = me;
    }
    if (sock >= 0) {
        pid_t r = waitpid(dog, NULL, WNOHANG);
        if (r == dog || (r < 0 && errno == ECHILD)) { /* it died: a new one */
            close(sock);
            sock = -1;
            dog = 0;
        }
    }
    int e = 0;
    if (sock < 0 && start() != 0)
        e = errno;
    int fd = sock;
    pthread_mutex_unlock(&lock);
    if (fd < 0)
        errno = e;
    return fd;
}

/* One message, with nfds descriptors (SCM_RIGHTS). Async-signal-safe. */
static void send_msg(int fd, int op, pid_t pid, const int *fds, int nfds)
{
    watch_msg m = {op, (int32_t)pid};
    struct iovec iov = {&m, sizeof m};
    union {
        struct cmsghdr h;
        char buf[CMSG_SPACE(sizeof(int) * WATCH_HOLD_MAX)];
    } ctl;
    struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1};
    if (nfds > 0) {
        memset(&ctl, 0, sizeof ctl);
        mh.msg_control = ctl.buf;
        mh.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)nfds);
        struct cmsghdr *c = CMSG_FIRSTHDR(&mh);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)nfds);
        memcpy(CMSG_DATA(c), fds, sizeof(int) * (size_t)nfds);
    }
    while (sendmsg(fd, &mh, MSG_NOSIGNAL) < 0 && errno == EINTR)
        ;
}

void ref_watch_register_self(int fd, const int *hold, int nhold)
{
    int e = errno;
    int n = 0, fds[WATCH_HOLD_MAX];
    for (int i = 0; i < nhold && n < WATCH_HOLD_MAX; i++)
        if (hold[i] >= 0)
            fds[n++] = hold[i];
    send_msg(fd, WATCH_STARTED, getpid(), fds, n);
    errno = e;
}

static void tell(int op, pid_t leader)
{
    pthread_mutex_lock(&lock);
    if (sock >= 0 && owner == getpid())
        send_msg(sock, op, leader, NULL, 0);
    pthread_mutex_unlock(&lock);
}

void ref_watch_release(pid_t leader)
{
    tell(WATCH_RELEASED, leader);
}

void ref_watch_forget(pid_t leader)
{
    tell(WATCH_ENDED, leader);
}

pid_t ref_watch_pid(void)
{
    pthread_mutex_lock(&lock);
    pid_t p = owner == getpid() ? dog : 0;
    pthread_mutex_unlock(&lock);
    return p;
}

/* ---- the watchdog process ---- */

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
    struct msghdr mh = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.buf,
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

static _Noreturn void watchdog(int s)
{
    pid_t referee = getppid();
    /* out of the referee's session: neither its terminal's signals nor a
     * kill of its process group (a league tool's timeout) reach it */
    setsid();
    /* nothing of the referee's: a pipe end kept here would keep a bot's
     * input open, a launcher's descriptor its resource */
    ref_spawn_close_fds(0, s, 0);
    /* a handle on the referee's end; it is still our parent after the
     * open, so no other process can have its pid */
    int pidfd = -1;
#ifdef SYS_pidfd_open
    pidfd = (int)syscall(SYS_pidfd_open, referee, 0);
    if (pidfd >= 0 && getppid() != referee) {
        close(pidfd);
        pidfd = -1;
    }
#endif
    if (chdir("/") != 0) {
        /* only a directory not kept busy: nothing depends on it */
    }
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
