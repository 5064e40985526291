/*
 * chan.c - line I/O with a deadline over a bot's pipes. See chan.h.
 */
#include "chan.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CHAN_CAP (REF_LINE_CAP + 1) /* a full line plus its newline */
#define ERR_CHUNK 16384

int ref_chan_init(ref_chan *c, ref_proc *p)
{
    memset(c, 0, sizeof *c);
    c->proc = p;
    c->buf = malloc(CHAN_CAP);
    return c->buf ? 0 : -1;
}

void ref_chan_free(ref_chan *c)
{
    free(c->buf);
    c->buf = NULL;
}

int ref_stop_requested(int stop_fd)
{
    if (stop_fd < 0)
        return 0;
    struct pollfd p = {stop_fd, POLLIN, 0};
    return poll(&p, 1, 0) > 0 && (p.revents & (POLLIN | POLLHUP | POLLERR)) != 0;
}

int64_t ref_chan_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Keeps the last REF_STDERR_CAP bytes of everything appended. */
static void tail_append(ref_chan *c, const char *d, size_t n)
{
    if (n >= REF_STDERR_CAP) {
        memcpy(c->tail, d + n - REF_STDERR_CAP, REF_STDERR_CAP);
        c->tail_len = REF_STDERR_CAP;
        return;
    }
    if (c->tail_len + n > REF_STDERR_CAP) {
        size_t drop = c->tail_len + n - REF_STDERR_CAP;
        memmove(c->tail, c->tail + drop, c->tail_len - drop);
        c->tail_len -= drop;
    }
    memcpy(c->tail + c->tail_len, d, n);
    c->tail_len += n;
}

/* One read of stderr (at most a few chunks so that a flood cannot starve
 * stdout; poll brings us back). */
static void read_stderr(ref_chan *c)
{
    if (!c || c->err_eof || !c->proc || c->proc->err_fd < 0)
        return;
    char tmp[ERR_CHUNK];
    for (int i = 0; i < 8; i++) {
        ssize_t n = read(c->proc->err_fd, tmp, sizeof tmp);
        if (n > 0) {
            tail_append(c, tmp, (size_t)n);
            if (c->scan)
                ref_metric_scan_feed(c->scan, tmp, (size_t)n);
            if ((size_t)n < sizeof tmp)
                return;
        } else if (n == 0) {
            c->err_eof = 1;
            return;
        } else if (errno != EINTR) {
            return; /* EAGAIN: drained */
        }
    }
}

void ref_chan_drain_stderr(ref_chan *c)
{
    /* A bot writes its stderr before its answer (one thread, in order):
     * when the wait that saw the answer saw no stderr, there was none, and
     * a read would only say EAGAIN (one system call a ply saved). */
    if (c->err_quiet) {
        c->err_quiet = 0;
        return;
    }
    read_stderr(c);
}

size_t ref_chan_take_stderr(ref_chan *c, char out[REF_STDERR_CAP + 1])
{
    size_t n = c->tail_len;
    memcpy(out, c->tail, n);
    out[n] = '\0';
    c->tail_len = 0;
    return n;
}

/* Drops the line returned last time. */
static void consume(ref_chan *c)
{
    if (!c->consume)
        return;
    memmove(c->buf, c->buf + c->consume, c->len - c->consume);
    c->len -= c->consume;
    c->consume = 0;
    c->scanned = 0;
}

/* 1 and *nl set when a complete line is buffered. */
static int find_line(ref_chan *c, size_t *nl)
{
    char *p = memchr(c->buf + c->scanned, '\n', c->len - c->scanned);
    if (p) {
        *nl = (size_t)(p - c->buf);
        return 1;
    }
    c->scanned = c->len;
    return 0;
}

/* Reads stdout until EAGAIN, EOF, a newline or a full buffer. Returns 0, or
 * -1 with c->error set. */
static int read_stdout(ref_chan *c)
{
    size_t nl;
    while (!c->eof && c->len < CHAN_CAP && !find_line(c, &nl)) {
        ssize_t n = read(c->proc->out_fd, c->buf + c->len, CHAN_CAP - c->len);
        if (n > 0) {
            c->len += (size_t)n;
            c->out_bytes += (uint64_t)n;
        } else if (n == 0) {
            c->eof = 1;
        } else if (errno == EINTR) {
            continue;
        } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
            break;
        } else {
            c->error = errno;
            return -1;
        }
    }
    return 0;
}

/* What the buffer says now: a line, a line too long, or nothing (-1). */
static int buffered_result(ref_chan *c, const char **line, size_t *len, int64_t *at_ns)
{
    size_t nl;
    if (find_line(c, &nl)) {
        *line = c->buf;
        *len = nl;
        *at_ns = ref_chan_now_ns();
        c->consume = nl + 1;
        return REF_CHAN_LINE;
    }
    if (c->len >= CHAN_CAP)
        return REF_CHAN_TOO_LONG;
    return -1;
}

static struct timespec ns_to_ts(int64_t ns)
{
    if (ns < 0)
        ns = 0;
    return (struct timespec){(time_t)(ns / 1000000000LL), (long)(ns % 1000000000LL)};
}

enum { W_IN, W_OUT, W_ERR, W_PID, W_OERR, W_STOP, W_N };

/* One ppoll round for c (reading: want_out; writing: want_in) until the
 * deadline, or until the stop fd is readable. Fills revents per slot. Returns ppoll's result
 * (0 on timeout) or -1 with errno. */
static int wait_round(ref_chan *c, ref_chan *other, int want_in, int want_out, int64_t deadline_ns,
                      int stop_fd, short rev[W_N])
{
    struct pollfd fds[W_N];
    int slot[W_N], n = 0;
    ref_proc *p = c->proc;
    if (p->in_fd >= 0 && !c->input_closed) {
        /* events 0 still reports POLLERR: no reader left on the pipe */
        fds[n] = (struct pollfd){p->in_fd, want_in ? POLLOUT : 0, 0};
        slot[n++] = W_IN;
    }
    if (want_out && !c->eof) {
        fds[n] = (struct pollfd){p->out_fd, POLLIN, 0};
        slot[n++] = W_OUT;
    }
    if (!c->err_eof && p->err_fd >= 0) {
        fds[n] = (struct pollfd){p->err_fd, POLLIN, 0};
        slot[n++] = W_ERR;
    }
    if (p->pidfd >= 0 && !p->exited) {
        fds[n] = (struct pollfd){p->pidfd, POLLIN, 0};
        slot[n++] = W_PID;
    }
    if (other && !other->err_eof && other->proc && other->proc->err_fd >= 0) {
        fds[n] = (struct pollfd){other->proc->err_fd, POLLIN, 0};
        slot[n++] = W_OERR;
    }
    if (stop_fd >= 0) {
        fds[n] = (struct pollfd){stop_fd, POLLIN, 0};
        slot[n++] = W_STOP;
    }
    int64_t wait = deadline_ns - ref_chan_now_ns();
    if (p->pidfd < 0 && !p->exited && wait > 5000000LL)
        wait = 5000000LL; /* no pidfd: look at the leader every 5 ms */
    struct timespec ts = ns_to_ts(wait);
    memset(rev, 0, sizeof(short) * W_N);
    int r = ppoll(fds, (nfds_t)n, &ts, NULL);
    if (r > 0)
        for (int i = 0; i < n; i++)
            rev[slot[i]] = fds[i].revents;
    return r;
}

/* Services the stderr slots of a round. */
static void service_stderr(ref_chan *c, ref_chan *other, const short rev[W_N])
{
    if (rev[W_ERR])
        read_stderr(c);
    if (rev[W_OERR])
        read_stderr(other);
}

ref_chan_rc ref_chan_write(ref_chan *c, ref_chan *other, const char *data, size_t len,
                           int64_t deadline_ns, int stop_fd)
{
    ref_proc *p = c->proc;
    size_t off = 0;
    if (p->in_fd < 0 || c->input_closed)
        return REF_CHAN_INPUT_CLOSED;
    for (;;) {
        while (off < len) {
            ssize_t n = write(p->in_fd, data + off, len - off);
            if (n > 0) {
                off += (size_t)n;
            } else if (n < 0 && errno == EINTR) {
                continue;
            } else if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
                break;
            } else if (n < 0 && errno == EPIPE) {
                c->input_closed = 1;
                return REF_CHAN_INPUT_CLOSED;
            } else {
                c->error = n < 0 ? errno : EIO;
                return REF_CHAN_ERROR;
            }
        }
        if (off == len) {
            c->just_wrote = 1;
            return REF_CHAN_LINE;
        }
        if (ref_chan_now_ns() >= deadline_ns)
            return REF_CHAN_TIMEOUT;
        short rev[W_N];
        if (wait_round(c, other, 1, 0, deadline_ns, stop_fd, rev) < 0 && errno != EINTR) {
            c->error = errno;
            return REF_CHAN_ERROR;
        }
        service_stderr(c, other, rev);
        if (rev[W_STOP])
            return REF_CHAN_STOPPED;
        if (rev[W_IN] & POLLERR) {
            c->input_closed = 1;
            return REF_CHAN_INPUT_CLOSED;
        }
        /* The leader exiting is not final here: a child may still read. The
         * read that follows tells; the write retries until the deadline. */
    }
}

ref_chan_rc ref_chan_read_line(ref_chan *c, ref_chan *other, int64_t deadline_ns, int stop_fd,
                               const char **line, size_t *len, int64_t *at_ns)
{
    int r;
    consume(c);
    c->err_quiet = 0;
    for (;;) {
        if ((r = buffered_result(c, line, len, at_ns)) >= 0)
            return (ref_chan_rc)r;
        /* Right after its input the bot has not answered: a read would
         * only say EAGAIN, so the first round waits at once (a line it
         * wrote ahead makes the wait return at once too). */
        if (!c->just_wrote && read_stdout(c) != 0)
            return REF_CHAN_ERROR;
        c->just_wrote = 0;
        if ((r = buffered_result(c, line, len, at_ns)) >= 0)
            return (ref_chan_rc)r;
        /* Everything readable was read and holds no newline. */
        if (c->eof)
            return REF_CHAN_EOF;
        if (c->input_closed)
            return REF_CHAN_INPUT_CLOSED;
        if (c->proc->exited)
            return REF_CHAN_EXITED;
        if (ref_chan_now_ns() >= deadline_ns)
            return REF_CHAN_TIMEOUT;
        short rev[W_N];
        int polled_err = !c->err_eof && c->proc->err_fd >= 0;
        int w = wait_round(c, other, 0, 1, deadline_ns, stop_fd, rev);
        if (w < 0 && errno != EINTR) {
            c->error = errno;
            return REF_CHAN_ERROR;
        }
        c->err_quiet = w > 0 && polled_err && rev[W_ERR] == 0;
        service_stderr(c, other, rev);
        if (rev[W_STOP])
            return REF_CHAN_STOPPED;
        if (rev[W_IN] & POLLERR)
            c->input_closed = 1; /* judged after stdout is drained above */
        if (rev[W_PID] || c->proc->pidfd < 0)
            ref_proc_poll_exit(c->proc);
    }
}
