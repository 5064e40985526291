/*
 * chan.h - the line I/O layer of the referee (internal): writes a turn's
 * input to a bot and reads its answer line, both against a deadline, never
 * blocking. Knows the process layer (proc.h) below it and nothing of the
 * game.
 *
 * - Every wait is one ppoll() on the bot's stdout, its stderr, the write end
 *   of its stdin (POLLERR: the bot closed its input), its pidfd (the leader
 *   exited), the caller's stop fd and the *other* bot's stderr: stderr floods are drained as they
 *   come, so no bot ever blocks on a full stderr pipe, and only the last
 *   REF_STDERR_CAP bytes are kept.
 * - stdout is read into a bounded buffer of REF_LINE_CAP + 1 bytes. Lines a
 *   bot wrote beyond the one asked for stay buffered and answer its next
 *   turns (as on CodinGame). A line that would exceed the cap ends as
 *   REF_CHAN_TOO_LONG as soon as the cap is reached.
 *
 * One ref_chan per bot, used by one thread at a time.
 */
#ifndef REF_CHAN_H
#define REF_CHAN_H

#include <stddef.h>
#include <stdint.h>

#include "metric_scan.h"
#include "proc.h"
#include "ref/referee.h"

typedef enum ref_chan_rc {
    REF_CHAN_LINE = 0,     /* a complete line (read) / all written (write) */
    REF_CHAN_TIMEOUT,      /* the deadline passed first */
    REF_CHAN_TOO_LONG,     /* REF_LINE_CAP bytes without a newline */
    REF_CHAN_EOF,          /* stdout closed, no complete line left */
    REF_CHAN_INPUT_CLOSED, /* the bot closed its stdin (EPIPE / POLLERR) */
    REF_CHAN_EXITED,       /* the leader exited, no complete line left */
    REF_CHAN_STOPPED,      /* the stop fd became readable */
    REF_CHAN_ERROR         /* a system call failed (errno in chan->error) */
} ref_chan_rc;

typedef struct ref_chan {
    ref_proc *proc;
    char *buf;                 /* REF_LINE_CAP + 1 bytes */
    size_t len;                /* bytes buffered */
    size_t consume;            /* bytes of the last returned line (+ newline),
                               dropped at the next read */
    size_t scanned;            /* bytes already searched for a newline */
    int eof;                   /* stdout reached EOF */
    int err_eof;               /* stderr reached EOF */
    int input_closed;          /* stdin write failed with EPIPE / saw POLLERR */
    uint64_t out_bytes;        /* stdout bytes received in the whole game */
    char tail[REF_STDERR_CAP]; /* last stderr bytes since the last take */
    size_t tail_len;
    int error;             /* errno of REF_CHAN_ERROR */
    int just_wrote;        /* input was written since the last read: the
                               answer cannot be there yet */
    int err_quiet;         /* the wait that brought the last line saw no
                               stderr: the drain that follows needs no read */
    ref_metric_scan *scan; /* reads every stderr byte for metric lines
                              before the tail keeps only its end; NULL: none
                              (not owned) */
} ref_chan;

/* Binds c to a started proc. Returns 0 or -1 (out of memory). */
int ref_chan_init(ref_chan *c, ref_proc *p);
void ref_chan_free(ref_chan *c);

/* 1 when the caller's stop fd (ref_config.stop_fd, -1: none) is readable:
 * a zero-timeout poll, nothing read from it. */
int ref_stop_requested(int stop_fd);

/* Monotonic clock in ns (CLOCK_MONOTONIC). */
int64_t ref_chan_now_ns(void);

/* Writes len bytes to the bot's stdin by deadline_ns (monotonic ns),
 * draining stderr of c and of other (may be NULL) meanwhile. Returns
 * REF_CHAN_LINE (all written), REF_CHAN_TIMEOUT (the bot does not read its
 * input), REF_CHAN_INPUT_CLOSED, REF_CHAN_STOPPED or REF_CHAN_ERROR. */
ref_chan_rc ref_chan_write(ref_chan *c, ref_chan *other, const char *data, size_t len,
                           int64_t deadline_ns, int stop_fd);

/* Reads the next line (without its newline) by deadline_ns. On REF_CHAN_LINE
 * *line and *len point into c's buffer (valid until the next call on c; the line
 * may hold any byte but '\n') and *at_ns is when it was found. Checks the
 * buffer first (a line written earlier answers at once). Other results as in
 * ref_chan_rc; after EOF/INPUT_CLOSED/EXITED everything readable was drained
 * and held no newline. */
ref_chan_rc ref_chan_read_line(ref_chan *c, ref_chan *other, int64_t deadline_ns, int stop_fd,
                               const char **line, size_t *len, int64_t *at_ns);

/* Reads whatever stderr is available now (never blocks). */
void ref_chan_drain_stderr(ref_chan *c);

/* Copies the stderr tail kept since the last take into out (NUL-terminated,
 * at most REF_STDERR_CAP bytes + NUL) and empties it. Returns its length:
 * the bytes may hold NULs of their own. */
size_t ref_chan_take_stderr(ref_chan *c, char out[REF_STDERR_CAP + 1]);

#endif
