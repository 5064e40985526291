/*
 * bot.h - the bot layer of the referee (internal): one bot's process
 * (proc.h) and its line channel (chan.h), owned together. The one-game
 * referee (game.c) talks to bots only through this layer: it starts them,
 * sends a turn's input, reads the answer line, takes the stderr tail, ends
 * them, and when a bot is gone asks one question, "gone, and why", instead
 * of reading the process's wait status or the channel's byte counts itself.
 *
 * Layers: proc (spawn, kill, reap) -> chan (line I/O with a deadline) ->
 * bot (this) -> game. The coupling that drains a waiting bot's stderr
 * during the other's turn stays: send and read take the other bot.
 *
 * One ref_bot per player, used by the game's thread only.
 */
#ifndef REF_BOT_H
#define REF_BOT_H

#include <stddef.h>
#include <stdint.h>

#include "chan.h"
#include "cpu.h"
#include "proc.h"
#include "ref/referee.h"

typedef struct ref_bot {
    ref_proc proc;
    ref_chan chan;
    int chan_ok;              /* chan allocated (freed by ref_bot_end_pair) */
    ref_cpu_meter cpu;        /* its CPU time, when metered (released by end_pair) */
    const ref_player *player; /* what it runs (the caller's, for the game) */
    ref_metric_scan scan;     /* the metrics of its stderr this turn (metric_scan.h) */
} ref_bot;

/* How a bot started, or why it did not. */
typedef enum ref_bot_start_rc {
    REF_BOT_STARTED = 0,
    REF_BOT_CANNOT_START, /* the bot's fault: bad working directory, no /bin/sh
                             (the detail says which) */
    REF_BOT_SYSTEM_ERROR  /* the referee's: fds, processes, memory */
} ref_bot_start_rc;

/* How a bot that gave no answer line went away. */
typedef enum ref_bot_gone_kind {
    REF_BOT_GONE_CRASHED,         /* exited or killed by a signal */
    REF_BOT_GONE_FAILED_TO_START, /* the shell said 126/127 before any output */
    REF_BOT_GONE_CLOSED_OUTPUT,   /* stdout closed, the process keeps running */
    REF_BOT_GONE_CLOSED_INPUT     /* stdin closed, the process keeps running */
} ref_bot_gone_kind;

/* "Gone, and why": everything the game needs to judge a bot that left. */
typedef struct ref_bot_gone {
    ref_bot_gone_kind kind;
    int exit_status; /* CRASHED / FAILED_TO_START: exit code, or -1 when
                         killed by a signal; -1 otherwise */
    int term_signal; /* CRASHED: the killing signal, or 0 */
    char text
        [240]; /* (fits ref_result.detail after "white ") "crashed (killed by signal 11 (SIGSEGV))", "failed to
                         start (shell exit status 127: command not found)",
                         "closed its standard output and kept running"; a
                         sandboxed bot gone before any output whose command
                         names a path under /tmp says the sandbox hides it */
} ref_bot_gone;

/* Sets the bot to "not started" (ref_bot_end_pair is then a no-op). */
void ref_bot_init(ref_bot *b);

/* Starts the player's command (proc.h: /bin/sh -c in its own process group)
 * and binds its channel; meter (NULL: none) is the CPU method to measure
 * the bot's CPU time with (cpu.h; a cgroup is created first). On
 * REF_BOT_CANNOT_START, detail[detailsz] holds the fault's text ("failed
 * to start (working directory: No such file or directory)"); on
 * REF_BOT_SYSTEM_ERROR *err holds the errno (and detail what failed).
 * Whatever the result, ref_bot_end_pair() must be called later. */
ref_bot_start_rc ref_bot_start(ref_bot *b, const ref_player *p, const ref_cpu_method *meter,
                               int *err, char *detail, size_t detailsz);

/* The bot's CPU time so far in us (cpu.h), into *us. Returns 0, or -1 when
 * it is not metered or cannot be read now. */
int ref_bot_cpu_us(ref_bot *b, int64_t *us);

/* Writes a turn's input by deadline_ns (monotonic ns), draining other's
 * stderr meanwhile (other may be NULL). Results as ref_chan_write(). */
ref_chan_rc ref_bot_send(ref_bot *b, ref_bot *other, const char *data, size_t len,
                         int64_t deadline_ns, int stop_fd);

/* Reads the answer line by deadline_ns. Results and the lifetime of *line
 * as ref_chan_read_line(). */
ref_chan_rc ref_bot_read(ref_bot *b, ref_bot *other, int64_t deadline_ns, int stop_fd,
                         const char **line, size_t *len, int64_t *at_ns);

/* Drains the bot's stderr and moves the tail kept since the last take into
 * out (NUL-terminated, at most REF_STDERR_CAP bytes). Returns its length
 * (the bot's bytes may hold NULs: the length, not strlen, ends them). */
size_t ref_bot_take_stderr(ref_bot *b, char out[REF_STDERR_CAP + 1]);

/* The metrics the bot reported since they were last cleared, read as its
 * stderr is drained (ref_bot_take_stderr drains it: take the stderr
 * first). The game takes them with the turn's ply and clears them
 * (ref_metric_scan_clear). Owned by b. */
ref_metric_scan *ref_bot_metrics(ref_bot *b);

/* After a read or send ended with EOF, INPUT_CLOSED or EXITED: waits a
 * little (REF_BOT_EXIT_SETTLE_MS) for the process to become waitable, then
 * says how the bot went away. rc is the channel's result. Never fails. */
void ref_bot_gone_why(ref_bot *b, ref_chan_rc rc, ref_bot_gone *out);

/* The bytes of the line the channel holds (e.g. an over-long line, to keep
 * its start in the record), at most max bytes. */
const char *ref_bot_pending(const ref_bot *b, size_t max, size_t *len);

/* Ends both bots' process groups (TERM, grace, KILL), reaps them and frees
 * their channels. Either may be NULL or never started. */
void ref_bot_end_pair(ref_bot *a, ref_bot *b);

/* How long a bot whose pipe closed gets to become waitable before it is
 * judged "closed_output" rather than "crashed": the kernel closes a dying
 * process's fds before it can be waited for, and a big runtime (a JVM)
 * takes a while to tear down. */
#define REF_BOT_EXIT_SETTLE_MS 200

#endif
