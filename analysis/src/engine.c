/*
 * engine.c - the analysing engine's process (engine.h): /bin/sh -c COMMAND
 * in a process group of its own, two close-on-exec pipes, answers read with
 * poll() against a deadline on the monotonic clock and the caller's stop fd.
 *
 * Each engine has a keeper: a child of this process (in a group of its own,
 * deaf to the interrupt signals) whose child the engine's shell is. The
 * keeper holds only the read end of a pipe whose write end is this
 * process's alone; when it closes (analysis_engine_stop, or this process
 * dies, kill -9 included) the keeper ends the engine's whole group (TERM,
 * ANALYSIS_ENGINE_GRACE_MS on the shell's pidfd, KILL) and reaps the shell
 * last, so that the group's id cannot be reused under its kill(). A
 * process of the engine that leaves the group (setsid) escapes it: the
 * referee's watchdog and subreaper (referee/src/watch.c, orphans.c) catch
 * those for bots; an analysing engine is trusted that far.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "analysis/engine.h"
#include "analysis/error.h"
#include "loa/timer.h"
#include "util/file.h"
#include "util/sys.h"
#include "util/text.h"

struct analysis_engine {
    pid_t keeper;     /* our child; the engine's shell is its child */
    int in, out;      /* the engine's stdin (we write), stdout (we read) */
    int life;         /* the keeper's pipe: closed, the keeper ends the engine */
    int stop_fd;      /* readable: stop waiting (-1: none) */
    char buf[ANALYSIS_LINE_MAX + 1];
    size_t len;       /* bytes of buf not yet returned as lines */
    char command[200]; /* for messages, cut */
};

/* ---- the processes (after fork: async-signal-safe calls only) ---------------- */

/* Closes every descriptor from lo up: close_range(2) (Linux >= 5.9), else
 * one close() each up to a bound no engine's process reaches. */
static void close_from(int lo)
{
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)lo, ~0U, 0U) == 0)
        return;
#endif
    for (int fd = lo; fd < 65536; fd++)
        close(fd);
}

/* The signals the keeper ignores and the engine gets back at their default
 * (loa-analyse ignores SIGPIPE). */
static const int quiet_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};

static void set_signal(int sig, void (*handler)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

/* The quiet signals to handler; SIGCHLD at its default either way (an
 * ignored SIGCHLD, inherited, would reap the shell behind the keeper's
 * back and free its group's id before the keeper's kill). */
static void set_signals(void (*handler)(int))
{
    for (size_t i = 0; i < sizeof quiet_signals / sizeof quiet_signals[0]; i++)
        set_signal(quiet_signals[i], handler);
    set_signal(SIGCHLD, SIG_DFL);
}

/* The engine's shell: its own group, the pipes as stdin and stdout (moved
 * above 2 first: either may be 0 or 1 when this process began without
 * them), stderr this process's, no other descriptor. Never returns. */
static void exec_engine(const char *command, int in, int out)
{
    setpgid(0, 0);
    int i = fcntl(in, F_DUPFD, 3), o = fcntl(out, F_DUPFD, 3);
    if (i < 0 || o < 0 || dup2(i, 0) < 0 || dup2(o, 1) < 0)
        _exit(127);
    set_signals(SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    close_from(3);
    execl("/bin/sh", "sh", "-c", command, (char *)NULL);
    _exit(127);
}

/* The keeper of the engine whose shell is `shell` (its group's leader):
 * waits until `life` reads end of file, then ends the group and reaps the
 * shell. Never returns. */
static void keep(pid_t shell, int life)
{
    if (life != 0 && dup2(life, 0) < 0)
        _exit(1);
    close_from(1); /* the other engines' pipes, this process's output: none held */
    int pidfd = util_pidfd_open(shell);
    struct pollfd p = {0, POLLIN, 0};
    while (poll(&p, 1, -1) < 0 && errno == EINTR)
        ;
    kill(-shell, SIGTERM);
    if (pidfd >= 0) {
        struct pollfd q = {pidfd, POLLIN, 0};
        while (poll(&q, 1, ANALYSIS_ENGINE_GRACE_MS) < 0 && errno == EINTR)
            ;
    } else { /* before Linux 5.3: the grace whole */
        struct timespec ts = {ANALYSIS_ENGINE_GRACE_MS / 1000, (ANALYSIS_ENGINE_GRACE_MS % 1000) * 1000000L};
        while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
            ;
    }
    kill(-shell, SIGKILL); /* the shell unreaped: its id is still the group's */
    while (waitpid(shell, NULL, 0) < 0 && errno == EINTR)
        ;
    _exit(0);
}

/* Forks the keeper, which forks the engine. 0, or an errno. */
static int spawn(analysis_engine *e, const char *command, const int to[2], const int from[2],
                 const int life[2])
{
    pid_t k = fork();
    if (k < 0)
        return errno;
    if (k == 0) {
        setpgid(0, 0); /* a signal to this process's group spares the keeper */
        set_signals(SIG_IGN);
        pid_t shell = fork();
        if (shell == 0)
            exec_engine(command, to[0], from[1]);
        if (shell < 0)
            _exit(127); /* the engine "closed its output" at the first answer */
        setpgid(shell, shell); /* as the shell does: set before any kill(-shell) */
        keep(shell, life[0]);
    }
    setpgid(k, k);
    e->keeper = k;
    return 0;
}

static void close_pair(int p[2])
{
    for (int i = 0; i < 2; i++)
        if (p[i] >= 0)
            close(p[i]);
}

int analysis_engine_start(const char *command, int stop_fd, analysis_engine **out, char *err,
                          size_t errsz)
{
    if (!command || !*command || !out)
        return util_fail(ANALYSIS_E_INVAL, err, errsz, "no engine command");
    *out = NULL;
    analysis_engine *e = calloc(1, sizeof *e);
    if (!e)
        return util_fail(ANALYSIS_E_NOMEM, err, errsz, "out of memory");
    snprintf(e->command, sizeof e->command, "%s", command);
    e->stop_fd = stop_fd;
    int to[2] = {-1, -1}, from[2] = {-1, -1}, life[2] = {-1, -1}, rc = 0;
    if (pipe2(to, O_CLOEXEC) != 0 || pipe2(from, O_CLOEXEC) != 0 || pipe2(life, O_CLOEXEC) != 0)
        rc = errno;
    else
        rc = spawn(e, command, to, from, life);
    if (rc) {
        close_pair(to);
        close_pair(from);
        close_pair(life);
        free(e);
        return util_fail(ANALYSIS_E_ENGINE, err, errsz, "cannot start '%s': %s", command, strerror(rc));
    }
    close(to[0]);
    close(from[1]);
    close(life[0]);
    e->in = to[1];
    e->out = from[0];
    e->life = life[1];
    *out = e;
    return 0;
}

/* The next line of the engine's output (no newline) into *line (pointing
 * into e->buf, valid until the next call), read by the deadline. 0, or
 * ANALYSIS_E_ENGINE, _TIMEOUT, _PROTOCOL (a line longer than
 * ANALYSIS_LINE_MAX). */
static int read_line(analysis_engine *e, long long deadline, char **line, size_t *consumed,
                     char *err, size_t errsz)
{
    for (;;) {
        char *nl = memchr(e->buf, '\n', e->len);
        if (nl) {
            *nl = '\0';
            if (nl > e->buf && nl[-1] == '\r')
                nl[-1] = '\0';
            *line = e->buf;
            *consumed = (size_t)(nl - e->buf) + 1;
            return 0;
        }
        if (e->len >= ANALYSIS_LINE_MAX)
            return util_fail(ANALYSIS_E_PROTOCOL, err, errsz, "engine '%s' wrote a line longer than %d bytes",
                             e->command, ANALYSIS_LINE_MAX);
        long long left = deadline - loa_now_ms();
        if (left <= 0)
            return util_fail(ANALYSIS_E_TIMEOUT, err, errsz, "engine '%s' did not answer in time", e->command);
        struct pollfd p[2] = {{e->out, POLLIN, 0}, {e->stop_fd, POLLIN, 0}};
        int r = poll(p, e->stop_fd >= 0 ? 2 : 1, left > 60000 ? 60000 : (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return util_fail(ANALYSIS_E_ENGINE, err, errsz, "engine '%s': poll: %s", e->command, strerror(errno));
        if (r == 0)
            continue;
        if (e->stop_fd >= 0 && p[1].revents)
            return util_fail(ANALYSIS_E_STOPPED, err, errsz, "stopped while engine '%s' searched",
                             e->command);
        if (!p[0].revents)
            continue;
        ssize_t n = read(e->out, e->buf + e->len, ANALYSIS_LINE_MAX - e->len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return util_fail(ANALYSIS_E_ENGINE, err, errsz, "engine '%s' closed its output (it exited?)",
                             e->command);
        e->len += (size_t)n;
    }
}

/* 1 for a line the protocol skips: empty, or "info" and its words. */
static int is_info(const char *line)
{
    return !*line || (strncmp(line, "info", 4) == 0 && (!line[4] || line[4] == ' ' || line[4] == '\t'));
}

int analysis_engine_analyse(analysis_engine *e, const loa_board *b, analysis_limit lim,
                            analysis_reply *out, char *err, size_t errsz)
{
    char req[ANALYSIS_REQUEST_MAX + 1];
    if (!e || !b || !out || analysis_request_format(b, lim, req, sizeof req - 1) != 0)
        return util_fail(ANALYSIS_E_INVAL, err, errsz, "analysis_engine_analyse: bad argument");
    size_t n = strlen(req);
    req[n++] = '\n';
    if (util_write_all(e->in, req, n) != 0)
        return util_fail(ANALYSIS_E_ENGINE, err, errsz, "engine '%s' does not read its input (it exited?): %s",
                         e->command, strerror(errno));
    long long deadline = loa_now_ms() + ANALYSIS_ANSWER_TIMEOUT_MS +
                         (lim.kind == ANALYSIS_LIMIT_MOVETIME ? lim.value : 0);
    req[n - 1] = '\0';
    for (;;) {
        char *line = NULL, why[512];
        size_t used = 0;
        int rc = read_line(e, deadline, &line, &used, err, errsz), done = 1;
        if (rc)
            return rc;
        if (strncmp(line, "bestmove", 8) == 0) {
            rc = analysis_reply_parse(line, b, out, why, sizeof why);
            if (rc)
                rc = util_fail(rc, err, errsz, "engine '%s' answered '%s' with %s", e->command, req, why);
        } else if (strncmp(line, "error", 5) == 0) {
            rc = util_fail(ANALYSIS_E_PROTOCOL, err, errsz, "engine '%s' answered '%s' with '%.200s'",
                           e->command, req, line);
        } else if (is_info(line)) {
            done = 0; /* the engine's comments ("info ...") are skipped */
        } else {
            /* anything else is no answer, and none may follow: waiting
             * would only spend the answer's timeout */
            rc = util_fail(ANALYSIS_E_PROTOCOL, err, errsz,
                           "engine '%s' answered '%s' with '%.200s' (not bestmove, info or error)",
                           e->command, req, line);
        }
        memmove(e->buf, e->buf + used, e->len - used);
        e->len -= used;
        if (done)
            return rc;
    }
}

void analysis_engine_stop(analysis_engine *e)
{
    if (!e)
        return;
    (void)!write(e->in, "quit\n", 5);
    close(e->in);
    close(e->out);
    close(e->life); /* the keeper ends the group, reaps the shell and exits */
    while (waitpid(e->keeper, NULL, 0) < 0 && errno == EINTR)
        ;
    free(e);
}
