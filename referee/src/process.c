/*
 * process.c - the public process layer (ref/process.h): one opaque handle
 * over the referee's own layers, a process (proc.h) and its line channel
 * (chan.h), as a bot's (bot.h) holds them.
 */
#include "ref/process.h"

#include <errno.h>
#include <stdlib.h>

#include "chan.h"
#include "proc.h"

struct ref_process {
    ref_proc proc;
    ref_chan chan;
};

int ref_process_start(const ref_process_spec *spec, ref_process **out, int *os_error)
{
    int e = 0;
    if (os_error)
        *os_error = 0;
    if (!out)
        return REF_E_INVAL;
    *out = NULL;
    if (!spec || !spec->command || !*spec->command)
        return REF_E_INVAL;
    ref_process *p = calloc(1, sizeof *p);
    if (!p)
        return REF_E_NOMEM;
    ref_proc_spec s = {spec->command, spec->cwd, (int)spec->sandbox, NULL, spec->stderr_fd};
    ref_proc_fail f = ref_proc_start(&p->proc, &s, &e);
    if (f == REF_PROC_OK && ref_chan_init(&p->chan, &p->proc) != 0) {
        ref_proc_end_pair(&p->proc, NULL);
        free(p);
        return REF_E_NOMEM;
    }
    if (f != REF_PROC_OK) {
        free(p);
        if (os_error)
            *os_error = e;
        return f == REF_PROC_FAIL_START ? REF_E_START : REF_E_SYSTEM;
    }
    *out = p;
    return 0;
}

pid_t ref_process_pid(const ref_process *p)
{
    return p->proc.pid;
}

int ref_process_stdin_fd(const ref_process *p)
{
    return p->proc.in_fd;
}

int ref_process_stdout_fd(const ref_process *p)
{
    return p->proc.out_fd;
}

int ref_process_stderr_fd(const ref_process *p)
{
    return p->proc.err_fd;
}

int ref_process_pidfd(const ref_process *p)
{
    return p->proc.pidfd;
}

int64_t ref_process_now_ns(void)
{
    return ref_chan_now_ns();
}

/* A channel's result as the public header's code. */
static int code_of(const ref_process *p, ref_chan_rc rc)
{
    switch (rc) {
    case REF_CHAN_LINE:
        return 0;
    case REF_CHAN_TIMEOUT:
        return REF_E_TIMEOUT;
    case REF_CHAN_TOO_LONG:
        return REF_E_LINE_TOO_LONG;
    case REF_CHAN_STOPPED:
        return REF_E_STOPPED;
    case REF_CHAN_ERROR:
        errno = p->chan.error;
        return REF_E_SYSTEM;
    default: /* EOF, INPUT_CLOSED, EXITED */
        return REF_E_GONE;
    }
}

int ref_process_write(ref_process *p, const char *data, size_t len, int64_t deadline_ns,
                      int stop_fd)
{
    return code_of(p, ref_chan_write(&p->chan, NULL, data, len, deadline_ns, stop_fd));
}

int ref_process_read_line(ref_process *p, int64_t deadline_ns, int stop_fd, const char **line,
                          size_t *len)
{
    int64_t at;
    return code_of(p, ref_chan_read_line(&p->chan, NULL, deadline_ns, stop_fd, line, len, &at));
}

size_t ref_process_take_stderr(ref_process *p, char out[REF_STDERR_CAP + 1])
{
    ref_chan_drain_stderr(&p->chan);
    return ref_chan_take_stderr(&p->chan, out);
}

int ref_process_exited(ref_process *p, int *status)
{
    if (!ref_proc_poll_exit(&p->proc))
        return 0;
    if (status)
        *status = p->proc.status;
    return 1;
}

int ref_process_end(ref_process *p, int grace_ms)
{
    if (!p)
        return -1;
    ref_proc_end_grace(&p->proc, NULL, grace_ms < 0 ? 0 : grace_ms);
    int status = p->proc.status;
    ref_chan_free(&p->chan);
    free(p);
    return status;
}
