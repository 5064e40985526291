/*
 * engine.c - the analysing engine's process (engine.h), on the referee's
 * process layer (ref/process.h): `/bin/sh -c COMMAND` in a process group of
 * its own, registered with the watchdog (the whole group ends with
 * analysis_engine_stop(), and with this process, kill -9 included), its
 * stderr this process's, answers read by a deadline and the caller's stop
 * fd. What is left here is the protocol's conversation.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/engine.h"
#include "analysis/error.h"
#include "ref/process.h"
#include "util/text.h"

struct analysis_engine {
    ref_process *proc;
    int stop_fd;                      /* readable: stop waiting (-1: none) */
    char line[ANALYSIS_LINE_MAX + 1]; /* the last line read, NUL-terminated */
    char command[200];                /* for messages, cut */
};

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
    ref_process_spec spec = {.command = command,
                             .sandbox = REF_SANDBOX_OFF,
                             .stdout_fd = -1,
                             .stderr_fd = STDERR_FILENO};
    int os = 0, rc = ref_process_start(&spec, &e->proc, &os);
    if (rc) {
        free(e);
        return util_fail(ANALYSIS_E_ENGINE, err, errsz, "cannot start '%s': %s", command,
                         os ? strerror(os) : ref_strerror(rc));
    }
    *out = e;
    return 0;
}

/* A failure rc (REF_E_*) of the process layer as the engine's: the
 * engine "closed its output" or "does not read its input" (what), or the
 * code's own sentence. */
static int engine_fail(const analysis_engine *e, int rc, const char *what, char *err, size_t errsz)
{
    switch (rc) {
    case REF_E_LINE_TOO_LONG:
        return util_fail(ANALYSIS_E_PROTOCOL, err, errsz,
                         "engine '%s' wrote a line longer than %d bytes", e->command,
                         ANALYSIS_LINE_MAX);
    case REF_E_TIMEOUT:
        return util_fail(ANALYSIS_E_TIMEOUT, err, errsz, "engine '%s' did not answer in time",
                         e->command);
    case REF_E_STOPPED:
        return util_fail(ANALYSIS_E_STOPPED, err, errsz, "stopped while engine '%s' searched",
                         e->command);
    case REF_E_SYSTEM:
        return util_fail(ANALYSIS_E_ENGINE, err, errsz, "engine '%s': %s", e->command,
                         strerror(errno));
    default:
        return util_fail(ANALYSIS_E_ENGINE, err, errsz, "engine '%s' %s (it exited?)", e->command,
                         what);
    }
}

/* The next line of the engine's output into e->line (its '\r' dropped),
 * read by deadline_ns. 0, or engine_fail()'s codes. */
static int read_line(analysis_engine *e, int64_t deadline_ns, char *err, size_t errsz)
{
    const char *line;
    size_t len = 0;
    int rc = ref_process_read_line(e->proc, deadline_ns, e->stop_fd, &line, &len);
    if (rc == 0 && len > ANALYSIS_LINE_MAX)
        rc = REF_E_LINE_TOO_LONG;
    if (rc)
        return engine_fail(e, rc, "closed its output", err, errsz);
    if (len > 0 && line[len - 1] == '\r')
        len--;
    memcpy(e->line, line, len);
    e->line[len] = '\0';
    return 0;
}

int analysis_engine_analyse(analysis_engine *e, const loa_board *b, analysis_limit lim,
                            analysis_reply *out, char *err, size_t errsz)
{
    char req[ANALYSIS_REQUEST_MAX + 1];
    if (!e || !b || !out || analysis_request_format(b, lim, req, sizeof req - 1) != 0)
        return util_fail(ANALYSIS_E_INVAL, err, errsz, "analysis_engine_analyse: bad argument");
    size_t n = strlen(req);
    req[n] = '\n';
    int64_t deadline =
        ref_process_now_ns() + (ANALYSIS_ANSWER_TIMEOUT_MS +
                                (int64_t)(lim.kind == ANALYSIS_LIMIT_MOVETIME ? lim.value : 0)) *
                                   1000000;
    int rc = ref_process_write(e->proc, req, n + 1, deadline, e->stop_fd);
    req[n] = '\0';
    if (rc)
        return engine_fail(e, rc, "does not read its input", err, errsz);
    char why[512];
    do {
        if ((rc = read_line(e, deadline, err, errsz)) != 0)
            return rc;
    } while ((rc = analysis_reply_judge(e->line, b, out, why, sizeof why)) == 1); /* "info ..." */
    return rc ? util_fail(rc, err, errsz, "engine '%s' answered '%s' with %s", e->command, req, why)
              : 0;
}

void analysis_engine_stop(analysis_engine *e)
{
    if (!e)
        return;
    /* a first attempt only: an engine that does not read is ended anyway */
    (void)ref_process_write(e->proc, "quit\n", 5, 0, -1);
    ref_process_end(e->proc, ANALYSIS_ENGINE_GRACE_MS);
    free(e);
}
