/*
 * process.c - the public process layer (ref/process.h): one opaque handle
 * over the referee's own layers, a process (proc.h) and its line channel
 * (chan.h), as a bot's (bot.h) holds them.
 */
#include "ref/process.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
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
    ref_proc_spec s = {.command = spec->command,
                       .cwd = spec->cwd,
                       .sandbox = (int)spec->sandbox,
                       .stdout_fd = spec->stdout_fd,
                       .stderr_fd = spec->stderr_fd};
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
    case REF_CHAN_LINE: return 0;
    case REF_CHAN_TIMEOUT: return REF_E_TIMEOUT;
    case REF_CHAN_TOO_LONG: return REF_E_LINE_TOO_LONG;
    case REF_CHAN_STOPPED: return REF_E_STOPPED;
    case REF_CHAN_ERROR: errno = p->chan.error; return REF_E_SYSTEM;
    default: /* EOF, INPUT_CLOSED, EXITED */ return REF_E_GONE;
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
    if (p->proc.out_fd < 0)
        return REF_E_INVAL;
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

int ref_process_wait(ref_process *p, int64_t deadline_ns, int stop_fd, int *status)
{
    while (!ref_process_exited(p, status)) {
        int64_t left = deadline_ns - ref_chan_now_ns();
        if (left <= 0)
            return REF_E_TIMEOUT;
        int64_t ms = left / 1000000 + 1;
        if (p->proc.pidfd < 0 && ms > 5)
            ms = 5; /* no pidfd (before Linux 5.3): look at the leader every 5 ms */
        if (ms > 60000)
            ms = 60000;
        struct pollfd fds[2] = {{p->proc.pidfd, POLLIN, 0}, {stop_fd, POLLIN, 0}};
        int r = poll(fds, 2, (int)ms); /* a negative fd is left out */
        if (r < 0 && errno != EINTR)
            return REF_E_SYSTEM;
        if (r > 0 && fds[1].revents)
            return REF_E_STOPPED;
    }
    return 0;
}

int ref_process_signal(ref_process *p, int sig)
{
    return kill(-p->proc.pid, sig) == 0 ? 0 : REF_E_SYSTEM;
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
