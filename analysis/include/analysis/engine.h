/*
 * analysis/engine.h - the analysing engine and its protocol
 * (docs/analysis.md, "The analysis protocol"): one process, started once
 * with /bin/sh -c COMMAND, reads one request a line on its stdin and writes
 * one answer a line on its stdout:
 *
 *   go depth N BOARD      search the position to N plies
 *   go nodes N BOARD      ... N positions
 *   go movetime MS BOARD  ... MS milliseconds
 *   quit                  (or end of input) exit
 *
 *   bestmove MOVE score cp S|win P|loss P [lowerbound] [depth D] [nodes N] [pv MOVE...]
 *
 * BOARD is the SDK's board string (loa_board_format: rows from rank 8,
 * side to move, ply); MOVE is CodinGame's notation (e2e3, pass). S is the
 * engine's evaluation for the side to move, in its own points; "win P" /
 * "loss P" a win or loss the search proved, P plies away (a connecting
 * move is "win 1"). Lines "info ..." (and empty ones) the engine writes
 * before its answer are skipped; "error TEXT" ends the analysis with TEXT,
 * and any other line is a bad answer at once. The
 * position sent is never over. loa-ab --analyse speaks it (bots/ab/analyse.c).
 *
 * analysis_request_format(), analysis_reply_parse() and
 * analysis_reply_judge() are pure; an
 * analysis_engine is an opaque handle owning a process and its pipes, used
 * by one thread at a time (distinct engines from distinct threads). The
 * process must ignore SIGPIPE (loa-analyse's main does) so that an engine
 * that closed its input is an error, not a signal.
 */
#ifndef ANALYSIS_ENGINE_H
#define ANALYSIS_ENGINE_H

#include <stddef.h>

#include "loa/loa.h"
#include "replay/analysis.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Longest line read from an engine, bytes (a line and a PV of 64 moves fit). */
#define ANALYSIS_LINE_MAX 4096
/* Longest request line written, bytes, NUL included. */
#define ANALYSIS_REQUEST_MAX 160
/* How long an engine may take over an answer, ms, beyond a movetime: a
 * depth or nodes limit has no clock, so only a hung engine hits it. */
#define ANALYSIS_ANSWER_TIMEOUT_MS 600000
/* How long a stopped engine's shell may take to exit after SIGTERM before
 * its group is killed, ms. */
#define ANALYSIS_ENGINE_GRACE_MS 2000

typedef enum analysis_limit_kind {
    ANALYSIS_LIMIT_DEPTH,   /* plies */
    ANALYSIS_LIMIT_NODES,   /* positions searched */
    ANALYSIS_LIMIT_MOVETIME /* milliseconds */
} analysis_limit_kind;

/* What each position gets (a plain value). */
typedef struct analysis_limit {
    analysis_limit_kind kind;
    long long value; /* >= 1 */
} analysis_limit;

/* "depth", "nodes", "movetime" (the protocol's words); "?" otherwise. */
const char *analysis_limit_name(analysis_limit_kind kind);

/* An engine's answer, checked against its position. */
typedef struct analysis_reply {
    loa_move best;         /* legal in the position (squares only), or LOA_MOVE_PASS */
    replay_eval_kind eval; /* REPLAY_EVAL_CP, _WIN or _LOSS */
    int score;             /* CP: points; WIN, LOSS: plies (>= 1) */
    int lower_bound;       /* 1: "lowerbound" was given */
    int depth;             /* 0 when not given */
    long long nodes;       /* 0 when not given */
    loa_move pv[REPLAY_ANALYSIS_PV_MAX]; /* the line, best first: legal, at most
                                            the first REPLAY_ANALYSIS_PV_MAX moves */
    int pv_len;                          /* 0 when not given */
} analysis_reply;

/* The request line for position b within lim, without its newline, into
 * buf (size >= ANALYSIS_REQUEST_MAX). Returns 0 or ANALYSIS_E_INVAL. */
int analysis_request_format(const loa_board *b, analysis_limit lim, char *buf, size_t size);

/* Parses an answer line (no newline) for the ongoing position b. Returns
 * 0 and *out, or ANALYSIS_E_PROTOCOL with a sentence quoting the line: not
 * "bestmove MOVE score ...", a move that is not legal in b, a line that is
 * not a legal sequence from b or does not start with the move, a number
 * out of range, an unknown word. */
int analysis_reply_parse(const char *line, const loa_board *b, analysis_reply *out, char *err,
                         size_t errsz);

/* Judges a line an engine wrote after a request for position b: an answer
 * (analysis_reply_parse: 0 and *out, or its ANALYSIS_E_PROTOCOL), a line
 * the protocol skips (empty, "info ...": 1), or ANALYSIS_E_PROTOCOL for
 * "error TEXT" and for any other line (none may follow it). why (whysz
 * bytes) gets the sentence of an error, quoting the line ("'error no such
 * position'"). */
int analysis_reply_judge(const char *line, const loa_board *b, analysis_reply *out, char *why,
                         size_t whysz);

typedef struct analysis_engine analysis_engine;

/* Starts the engine through the referee's process layer (ref/process.h):
 * /bin/sh -c command in a process group of its own, its stdin and stdout
 * pipes to this process, its stderr this process's, no other descriptor,
 * its signals at their defaults and unblocked, registered with the
 * watchdog, which ends the engine's whole group if this process dies
 * (kill -9 included); analysis_engine_stop() ends it otherwise.
 * stop_fd (-1: none; borrowed, never read) readable makes
 * analysis_engine_analyse() return ANALYSIS_E_STOPPED at once. Returns 0
 * and *out, ANALYSIS_E_INVAL, ANALYSIS_E_NOMEM or ANALYSIS_E_ENGINE (no
 * pipe, process or watchdog; a command the shell cannot find fails at the
 * first answer). Thread-safe (distinct engines from distinct threads). */
int analysis_engine_start(const char *command, int stop_fd, analysis_engine **out, char *err,
                          size_t errsz);

/* Sends the request for the ongoing position b and reads the answer.
 * Returns 0 and *out, or ANALYSIS_E_ENGINE (it left: closed its output,
 * exited), ANALYSIS_E_TIMEOUT (no answer within the movetime plus
 * ANALYSIS_ANSWER_TIMEOUT_MS), ANALYSIS_E_PROTOCOL (a bad answer,
 * "error TEXT", or a line neither an answer nor "info ..."),
 * ANALYSIS_E_STOPPED (the stop fd became readable), each with a sentence
 * naming the engine (and, but for a stop, the position). After an error the engine is unusable: stop it. */
int analysis_engine_analyse(analysis_engine *e, const loa_board *b, analysis_limit lim,
                            analysis_reply *out, char *err, size_t errsz);

/* Ends the engine: "quit" (if its input takes it at once), its input
 * closed, then its whole process group SIGTERM, up to
 * ANALYSIS_ENGINE_GRACE_MS for its leader to exit, SIGKILL to the group;
 * reaps the leader and frees e. NULL is a no-op. */
void analysis_engine_stop(analysis_engine *e);

#ifdef __cplusplus
}
#endif
#endif
