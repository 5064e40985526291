/*
 * watch.c - the watchdog, the referee's side: its start, the messages
 * (watch.h); the watchdog process itself is watchdog.c.
 *
 * The watchdog is a fork of a process that may run threads, which execs
 * at once: /proc/self/exe, the referee's own executable (so the same code,
 * even when the file was replaced or deleted since), with a command line
 * of its own, "loa-watchdog (arena pid N)". A fork keeps its parent's
 * command line: `pgrep -f "loa-arena --out league"` found the watchdog
 * too, and a Ctrl-C or a kill meant for the arena could reach it instead.
 * Not a helper executable installed beside the tools: a program linking
 * the library, a test, a build directory would each need to find it, and
 * a rebuilt or older one to speak the same messages. Not argv's memory
 * overwritten: the library does not own it, and it holds no more than the
 * program's own command line. When the exec fails (no /proc), the fork
 * itself is the watchdog, with the referee's command line.
 */
#include "watch.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "closefds.h"
#include "watchdog.h"

/* ---- the referee's side ---- */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pid_t owner; /* the process whose watchdog `sock` and `dog` are */
static int sock = -1;
static ino_t sock_ino; /* its inode: a fork's copy is closed only if it still is */
static pid_t dog;

extern char **environ;

/* In the watchdog's child (async-signal-safe): no descriptor of the
 * referee's (a pipe end kept would keep a bot's input open, a launcher's
 * descriptor its resource) but s, moved to WATCH_FD without close-on-exec;
 * /dev/null on 0, 1 and 2 (a message of the loader or a sanitizer goes
 * nowhere, never into a descriptor the watchdog opened). */
static void own_fds(int s)
{
    if (s != WATCH_FD) {
        dup2(s, WATCH_FD);
    } else {
        fcntl(s, F_SETFD, 0);
    }
    ref_close_fds(0, WATCH_FD, 0);
    int null = open("/dev/null", O_RDWR);
    if (null == 0) {
        dup2(0, 1);
        dup2(0, 2);
    }
}

/* The watchdog's command line and environment, made before the fork (its
 * child may not allocate), into argv0 and marker: argv0 names the process
 * it watches by its name without "loa-" and pid, never by its command line;
 * the environment is this one (a loader's LD_LIBRARY_PATH, a sanitizer's
 * options) with marker, WATCH_ENV=pid, first. Returns it (malloc'd, the
 * caller frees it), or NULL when out of memory (the fork then runs the
 * watchdog itself). */
static char **exec_env(pid_t me, char *argv0, size_t argv0_size, char *marker, size_t size)
{
    const char *name = program_invocation_short_name;
    if (strncmp(name, "loa-", 4) == 0 && name[4])
        name += 4;
    snprintf(argv0, argv0_size, "%s%.32s pid %d)", WATCH_ARGV0, name, (int)me);
    snprintf(marker, size, "%s=%d", WATCH_ENV, (int)me);
    size_t n = 0, k = 0, l = strlen(WATCH_ENV);
    while (environ && environ[n])
        n++;
    char **env = malloc((n + 2) * sizeof *env);
    if (!env)
        return NULL;
    env[k++] = marker;
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], WATCH_ENV, l) != 0 || environ[i][l] != '=')
            env[k++] = environ[i];
    env[k] = NULL;
    return env;
}

/* Starts the watchdog (lock held). Returns 0 or -1 with errno. */
static int start(void)
{
    static char argv0[80], marker[32];
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0)
        return -1;
    pid_t me = getpid();
    char **env = exec_env(me, argv0, sizeof argv0, marker, sizeof marker);
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t pid = fork();
    if (pid == 0) {
        /* out of the referee's session: neither its terminal's signals
         * nor a kill of its process group (a league tool's timeout) reach
         * it; before the exec, so that none can reach it meanwhile */
        setsid();
        own_fds(sv[1]);
        char *argv[] = {argv0, NULL};
        if (env)
            execve("/proc/self/exe", argv, env);
        ref_watchdog_run(me);
    }
    int e = errno;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    free(env);
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
