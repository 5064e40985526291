/*
 * engine.c - the analysing engine's process (engine.h): started with
 * posix_spawn() under /bin/sh -c, two close-on-exec pipes, answers read
 * with poll() against a deadline on the monotonic clock.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "analysis/engine.h"
#include "analysis/error.h"
#include "loa/timer.h"
#include "util/file.h"
#include "util/text.h"

extern char **environ;

struct analysis_engine {
    pid_t pid;
    int in, out;      /* the engine's stdin (we write), stdout (we read) */
    char buf[ANALYSIS_LINE_MAX + 1];
    size_t len;       /* bytes of buf not yet returned as lines */
    char command[200]; /* for messages, cut */
};

int analysis_engine_start(const char *command, analysis_engine **out, char *err, size_t errsz)
{
    if (!command || !*command || !out)
        return util_fail(ANALYSIS_E_INVAL, err, errsz, "no engine command");
    *out = NULL;
    analysis_engine *e = calloc(1, sizeof *e);
    if (!e)
        return util_fail(ANALYSIS_E_NOMEM, err, errsz, "out of memory");
    snprintf(e->command, sizeof e->command, "%s", command);
    int to[2] = {-1, -1}, from[2] = {-1, -1};
    if (pipe2(to, O_CLOEXEC) != 0 || pipe2(from, O_CLOEXEC) != 0) {
        int rc = util_fail(ANALYSIS_E_ENGINE, err, errsz, "cannot start '%s': pipe: %s", e->command,
                           strerror(errno));
        for (int i = 0; i < 2; i++) {
            if (to[i] >= 0)
                close(to[i]);
            if (from[i] >= 0)
                close(from[i]);
        }
        free(e);
        return rc;
    }
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, to[0], 0);
    posix_spawn_file_actions_adddup2(&fa, from[1], 1);
    posix_spawnattr_init(&at);
    /* loa-analyse ignores SIGPIPE; the engine gets the default back */
    sigset_t def;
    sigemptyset(&def);
    sigaddset(&def, SIGPIPE);
    posix_spawnattr_setsigdefault(&at, &def);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGDEF);
    char *argv[] = {"sh", "-c", (char *)command, NULL};
    int rc = posix_spawn(&e->pid, "/bin/sh", &fa, &at, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    close(to[0]);
    close(from[1]);
    if (rc != 0) {
        close(to[1]);
        close(from[0]);
        free(e);
        return util_fail(ANALYSIS_E_ENGINE, err, errsz, "cannot start '%s': %s", command, strerror(rc));
    }
    e->in = to[1];
    e->out = from[0];
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
        struct pollfd p = {e->out, POLLIN, 0};
        int r = poll(&p, 1, left > 60000 ? 60000 : (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return util_fail(ANALYSIS_E_ENGINE, err, errsz, "engine '%s': poll: %s", e->command, strerror(errno));
        if (r == 0)
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
    long long deadline = loa_now_ms() + ANALYSIS_ENGINE_GRACE_MS;
    int status;
    pid_t r;
    while ((r = waitpid(e->pid, &status, WNOHANG)) == 0 && loa_now_ms() < deadline) {
        struct timespec ts = {0, 5 * 1000000};
        nanosleep(&ts, NULL);
    }
    if (r == 0) {
        kill(e->pid, SIGKILL);
        while (waitpid(e->pid, &status, 0) < 0 && errno == EINTR)
            ;
    }
    free(e);
}
