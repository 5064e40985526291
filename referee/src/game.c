/*
 * game.c - the one-game referee: starts both bots, speaks the protocol turn
 * by turn, judges answers and time, applies the rules through the SDK, ends
 * the bots, and keeps the game (plies, result) for the record writers.
 *
 * Protocol and rules: ../shared/reference/codingame-loa.md. Layers below:
 * chan.h (line I/O with a deadline) over proc.h (processes).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>

#include "answer.h"
#include "chan.h"
#include "game_impl.h"
#include "proc.h"
#include "turn_input.h"

/* How long a bot whose pipe closed gets to become waitable before it is
 * judged "closed_output" rather than "crashed": the kernel closes a dying
 * process's fds before it can be waited for, a big runtime (JVM) takes a
 * while to tear down. */
#define EXIT_SETTLE_MS 200
/* Bytes of an over-long line kept in the record. */
#define LONG_LINE_KEEP 1024

void ref_config_init(ref_config *c)
{
    memset(c, 0, sizeof *c);
    c->first_turn_ms = 1000;
    c->turn_ms = 150;
    c->max_plies = LOA_MAX_PLIES;
    c->stop_fd = -1;
}

char *ref_escape(const char *s, size_t n, char *buf, size_t size)
{
    static const char hex[] = "0123456789abcdef";
    size_t o = 0;
    if (size == 0)
        return buf;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)s[i];
        size_t need = (ch >= 0x20 && ch < 0x7f && ch != '\\') ? 1 : (ch == '\\' ? 2 : 4);
        if (o + need + 4 > size) { /* room for "..." and the NUL */
            if (o + 4 <= size) {
                memcpy(buf + o, "...", 3);
                o += 3;
            }
            break;
        }
        if (need == 1) {
            buf[o++] = (char)ch;
        } else if (need == 2) {
            buf[o++] = '\\';
            buf[o++] = '\\';
        } else {
            buf[o++] = '\\';
            buf[o++] = 'x';
            buf[o++] = hex[ch >> 4];
            buf[o++] = hex[ch & 15];
        }
    }
    buf[o] = '\0';
    return buf;
}

/* Copies bytes into a C string; NUL bytes (which a C string cannot hold)
 * become '?'. NULL on out of memory. */
static char *dup_bytes(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (!d)
        return NULL;
    for (size_t i = 0; i < n; i++)
        d[i] = s[i] ? s[i] : '?';
    d[n] = '\0';
    return d;
}

static char *dup_str(const char *s)
{
    return s ? dup_bytes(s, strlen(s)) : NULL;
}

/* ---- results ---- */

static void set_result(ref_game *g, ref_reason reason, int winner, int fault)
{
    ref_result *r = &g->result;
    r->reason = reason;
    r->winner = winner;
    r->fault = fault;
    r->scores[0] = r->scores[1] = 0;
    if (fault >= 0)
        r->scores[fault] = -1; /* the other keeps 0 and wins, as on CodinGame */
    else if (winner >= 0)
        r->scores[winner] = 1;
}

/* The bot `who` is at fault: it scores -1, the other wins with 0; detail is
 * "<colour> <what>". */
static void set_fault(ref_game *g, ref_reason reason, int who, const char *what)
{
    set_result(g, reason, 1 - who, who);
    snprintf(g->result.detail, sizeof g->result.detail, "%s %s",
             who == 0 ? "black" : "white", what);
}

static void set_referee_error(ref_game *g, const char *what, int err)
{
    char eb[128];
    const char *es = err ? strerror_r(err, eb, sizeof eb) : "";
    set_result(g, REF_REASON_REFEREE_ERROR, -1, -1);
    snprintf(g->result.detail, sizeof g->result.detail, "referee error: %s%s%s", what,
             err ? ": " : "", es);
}

/* ---- plies ---- */

/* Appends a ply; strings are copied. Returns it, or NULL on out of memory. */
static ref_ply *add_ply(ref_game *g, int player, const char *out, size_t out_len,
                        const char *stderr_tail)
{
    if (g->nplies == g->cap) {
        int ncap = g->cap ? g->cap * 2 : 64;
        ref_ply *np = realloc(g->plies, (size_t)ncap * sizeof *np);
        if (!np)
            return NULL;
        g->plies = np;
        g->cap = ncap;
    }
    ref_ply *p = &g->plies[g->nplies];
    memset(p, 0, sizeof *p);
    p->player = player;
    p->move = LOA_MOVE_NONE;
    p->output = out ? dup_bytes(out, out_len) : NULL;
    p->comment = dup_str("");
    p->stderr_tail = dup_str(stderr_tail ? stderr_tail : "");
    if ((out && !p->output) || !p->comment || !p->stderr_tail) {
        free((char *)p->output);
        free((char *)p->comment);
        free((char *)p->stderr_tail);
        return NULL;
    }
    g->nplies++;
    return p;
}

static int set_comment(ref_ply *p, const char *c, size_t n)
{
    char *d = dup_bytes(c, n);
    if (!d)
        return -1;
    free((char *)p->comment);
    p->comment = d;
    return 0;
}

/* ---- the game ---- */

typedef struct game_run {
    ref_game *g;
    const ref_config *cfg;
    ref_proc proc[2];
    ref_chan chan[2];
    int chan_ok[2];
    char tail[REF_STDERR_CAP + 1];
} game_run;

/* The bot's pipe closed or its leader exited without a line: crashed (with
 * its status), failed to start (shell 126/127 before any output), or
 * closed_output (still running). */
static void judge_gone(game_run *run, int who, ref_chan_rc rc)
{
    ref_game *g = run->g;
    ref_proc *p = &run->proc[who];
    char d[200], st[96];
    if (ref_proc_wait_exit(p, EXIT_SETTLE_MS)) {
        ref_proc_describe_status(p->status, st, sizeof st);
        int code = WIFEXITED(p->status) ? WEXITSTATUS(p->status) : -1;
        if ((code == 126 || code == 127) && run->chan[who].out_bytes == 0) {
            snprintf(d, sizeof d, "failed to start (shell %s: %s)", st,
                     code == 127 ? "command not found" : "command not executable");
            set_fault(g, REF_REASON_FAILED_TO_START, who, d);
        } else {
            snprintf(d, sizeof d, "crashed (%s)", st);
            set_fault(g, REF_REASON_CRASHED, who, d);
        }
        g->result.exit_status = code;
        g->result.term_signal = WIFSIGNALED(p->status) ? WTERMSIG(p->status) : 0;
    } else {
        set_fault(g, REF_REASON_CLOSED_OUTPUT, who,
                  rc == REF_CHAN_INPUT_CLOSED ? "closed its standard input and kept running"
                                              : "closed its standard output and kept running");
    }
}

/* Records the answer that ended the game (no move applied). Out of memory
 * here only loses that ply: the result is already known. */
static void record_failed_ply(game_run *run, int who, const char *out, size_t len,
                              int64_t time_us)
{
    ref_chan_drain_stderr(&run->chan[who]);
    ref_chan_take_stderr(&run->chan[who], run->tail);
    ref_ply *p = add_ply(run->g, who, out, len, run->tail);
    if (p)
        p->time_us = time_us;
}

static int limit_ms(const ref_config *cfg, int first)
{
    return first ? cfg->first_turn_ms : cfg->turn_ms;
}

static void play(game_run *run)
{
    ref_game *g = run->g;
    const ref_config *cfg = run->cfg;
    loa_board b;
    loa_jrandom rng;
    int first[2] = {1, 1};
    loa_move last = LOA_MOVE_NONE;
    char input[REF_TURN_INPUT_MAX];
    char d[200], esc[96];

    loa_board_init(&b);
    loa_jrandom_seed(&rng, cfg->seed);
    for (;;) {
        int who = b.side;
        ref_chan *c = &run->chan[who], *other = &run->chan[1 - who];
        loa_move gen[LOA_MAX_MOVES], sorted[LOA_MAX_MOVES];
        int n = loa_generate_moves_cg(&b, gen);
        memcpy(sorted, gen, sizeof(loa_move) * (size_t)n);
        loa_sort_moves(sorted, n);
        size_t ilen = ref_turn_input(input, &b, first[who], last, sorted, n);
        int lim = limit_ms(cfg, first[who]);
        first[who] = 0;

        if (ref_stop_requested(cfg->stop_fd)) {
            set_result(g, REF_REASON_ABORTED, -1, -1);
            snprintf(g->result.detail, sizeof g->result.detail, "stopped by the caller");
            return;
        }
        int64_t t0 = ref_chan_now_ns();
        ref_chan_rc rc = ref_chan_write(c, other, input, ilen, t0 + (int64_t)lim * 1000000,
                                        cfg->stop_fd);
        int64_t t_written = ref_chan_now_ns();
        if (rc == REF_CHAN_TIMEOUT) {
            snprintf(d, sizeof d, "timed out: did not read its input within %d ms", lim);
            set_fault(g, REF_REASON_TIMEOUT, who, d);
            record_failed_ply(run, who, NULL, 0, (t_written - t0) / 1000);
            return;
        }
        if (rc == REF_CHAN_STOPPED) {
            set_result(g, REF_REASON_ABORTED, -1, -1);
            snprintf(g->result.detail, sizeof g->result.detail, "stopped by the caller");
            return;
        }
        if (rc == REF_CHAN_ERROR) {
            set_referee_error(g, "writing to a bot", c->error);
            return;
        }
        /* REF_CHAN_LINE, or INPUT_CLOSED: a line the bot already wrote may
         * still answer this turn; the read decides. */
        const char *line = NULL;
        size_t len = 0;
        int64_t at = 0, deadline = t_written + (int64_t)lim * 1000000;
        rc = ref_chan_read_line(c, other, deadline, cfg->stop_fd, &line, &len, &at);
        int64_t now = ref_chan_now_ns();
        switch (rc) {
        case REF_CHAN_LINE:
            break;
        case REF_CHAN_TIMEOUT:
            snprintf(d, sizeof d, "timed out: no answer within %d ms", lim);
            set_fault(g, REF_REASON_TIMEOUT, who, d);
            record_failed_ply(run, who, NULL, 0, (now - t_written) / 1000);
            return;
        case REF_CHAN_TOO_LONG:
            snprintf(d, sizeof d, "invalid action: a line over %d bytes without a newline",
                     REF_LINE_CAP);
            set_fault(g, REF_REASON_INVALID_LINE_TOO_LONG, who, d);
            record_failed_ply(run, who, c->buf, LONG_LINE_KEEP, (now - t_written) / 1000);
            return;
        case REF_CHAN_EOF:
        case REF_CHAN_INPUT_CLOSED:
        case REF_CHAN_EXITED:
            judge_gone(run, who, rc);
            record_failed_ply(run, who, NULL, 0, (ref_chan_now_ns() - t_written) / 1000);
            return;
        case REF_CHAN_STOPPED:
            set_result(g, REF_REASON_ABORTED, -1, -1);
            snprintf(g->result.detail, sizeof g->result.detail, "stopped by the caller");
            return;
        case REF_CHAN_ERROR:
            set_referee_error(g, "reading from a bot", c->error);
            return;
        }

        int64_t time_us = (at - t_written) / 1000;
        if (time_us < 0)
            time_us = 0; /* a line buffered from an earlier turn */
        ref_answer a;
        ref_answer_judge(line, len, gen, n, &rng, &a);
        ref_chan_drain_stderr(c);
        ref_chan_take_stderr(c, run->tail);
        ref_ply *p = add_ply(g, who, line, len, run->tail);
        if (!p || (a.comment && set_comment(p, a.comment, a.comment_len)))
            goto nomem;
        p->time_us = time_us;
        p->random = a.random;
        if (at > deadline) {
            snprintf(d, sizeof d, "timed out: answered after %" PRId64 " ms (limit %d ms)",
                     time_us / 1000, lim);
            set_fault(g, REF_REASON_TIMEOUT, who, d);
            return;
        }
        if (a.invalid != REF_REASON_NONE) {
            static const char *why[] = {
                [REF_REASON_INVALID_UNKNOWN_MOVE] = "no legal move is a prefix of it",
                [REF_REASON_INVALID_PASS] = "pass while legal moves exist",
                [REF_REASON_INVALID_EMPTY] = "empty action",
                [REF_REASON_INVALID_NOT_A_MOVE] = "not a move",
            };
            snprintf(d, sizeof d, "invalid action '%s': %s",
                     ref_escape(line, len, esc, sizeof esc), why[a.invalid]);
            set_fault(g, a.invalid, who, d);
            return;
        }

        p->move = a.move;
        loa_make_move(&b, a.move, NULL);
        last = a.move;
        g->result.plies = b.ply;
        if (cfg->on_ply)
            cfg->on_ply(p, &b, cfg->user);
        loa_status s = loa_board_status(&b, cfg->max_plies);
        if (s == LOA_ONGOING)
            continue;
        if (s == LOA_DRAW) {
            set_result(g, REF_REASON_PLY_LIMIT, -1, -1);
            snprintf(g->result.detail, sizeof g->result.detail, "draw: %d plies played",
                     b.ply);
        } else {
            int winner = s == LOA_BLACK_WINS ? 0 : 1;
            set_result(g, winner == who ? REF_REASON_CONNECTED : REF_REASON_OPPONENT_CONNECTED,
                       winner, -1);
            snprintf(g->result.detail, sizeof g->result.detail,
                     winner == who ? "%s connected all its checkers"
                                   : "%s's ply left %s connected",
                     who == 0 ? "black" : "white", winner == 0 ? "black" : "white");
        }
        return;
    }
nomem:
    set_referee_error(g, "out of memory", ENOMEM);
}

/* Starts both bots, black first. Returns 0 when both run. */
static int start_bots(game_run *run)
{
    ref_game *g = run->g;
    const ref_config *cfg = run->cfg;
    for (int who = 0; who < 2; who++) {
        int err;
        ref_proc_fail f = ref_proc_start(&run->proc[who], cfg->players[who].command,
                                         cfg->players[who].cwd, &err);
        if (f == REF_PROC_FAIL_START) {
            char d[200], eb[128];
            snprintf(d, sizeof d, "failed to start (%s%s)",
                     cfg->players[who].cwd ? "working directory: " : "",
                     strerror_r(err, eb, sizeof eb));
            set_fault(g, REF_REASON_FAILED_TO_START, who, d);
            return -1;
        }
        if (f != REF_PROC_OK) {
            set_referee_error(g, "starting a bot", err);
            return -1;
        }
        if (ref_chan_init(&run->chan[who], &run->proc[who]) != 0) {
            set_referee_error(g, "out of memory", ENOMEM);
            return -1;
        }
        run->chan_ok[who] = 1;
    }
    return 0;
}

int ref_game_run(const ref_config *cfg, ref_game **out)
{
    if (out)
        *out = NULL;
    if (!cfg || !out || cfg->first_turn_ms <= 0 || cfg->turn_ms <= 0 || cfg->max_plies <= 0)
        return REF_E_INVAL;
    for (int i = 0; i < 2; i++)
        if (!cfg->players[i].command || !cfg->players[i].command[0])
            return REF_E_INVAL;

    ref_game *g = calloc(1, sizeof *g);
    if (!g)
        return REF_E_NOMEM;
    for (int i = 0; i < 2; i++) {
        const char *nm = cfg->players[i].name ? cfg->players[i].name : cfg->players[i].command;
        g->name[i] = dup_str(nm);
        g->command[i] = dup_str(cfg->players[i].command);
        if (!g->name[i] || !g->command[i]) {
            ref_game_free(g);
            return REF_E_NOMEM;
        }
    }
    g->seed = cfg->seed;
    g->start_time = (int64_t)time(NULL);
    g->first_turn_ms = cfg->first_turn_ms;
    g->turn_ms = cfg->turn_ms;
    g->max_plies = cfg->max_plies;
    g->result.winner = -1;
    g->result.fault = -1;
    g->result.exit_status = -1;

    int64_t t0 = ref_chan_now_ns();
    game_run *run = calloc(1, sizeof *run);
    if (!run) {
        set_referee_error(g, "out of memory", ENOMEM);
    } else {
        run->g = g;
        run->cfg = cfg;
        ref_proc_init(&run->proc[0]);
        ref_proc_init(&run->proc[1]);
        if (ref_stop_requested(cfg->stop_fd)) {
            set_result(g, REF_REASON_ABORTED, -1, -1);
            snprintf(g->result.detail, sizeof g->result.detail, "stopped by the caller");
        } else if (start_bots(run) == 0) {
            play(run);
        }
        /* Every path: both groups ended and reaped before returning. */
        ref_proc_end_pair(&run->proc[0], &run->proc[1]);
        for (int i = 0; i < 2; i++)
            if (run->chan_ok[i])
                ref_chan_free(&run->chan[i]);
        free(run);
    }
    g->duration_us = (ref_chan_now_ns() - t0) / 1000;
    *out = g;
    return REF_OK;
}

void ref_game_free(ref_game *g)
{
    if (!g)
        return;
    for (int i = 0; i < g->nplies; i++) {
        free((char *)g->plies[i].output);
        free((char *)g->plies[i].comment);
        free((char *)g->plies[i].stderr_tail);
    }
    free(g->plies);
    for (int i = 0; i < 2; i++) {
        free(g->name[i]);
        free(g->command[i]);
    }
    free(g);
}

const ref_result *ref_game_result(const ref_game *g) { return &g->result; }
int ref_game_ply_count(const ref_game *g) { return g->nplies; }
const ref_ply *ref_game_ply(const ref_game *g, int i)
{
    return i >= 0 && i < g->nplies ? &g->plies[i] : NULL;
}
int64_t ref_game_seed(const ref_game *g) { return g->seed; }
int64_t ref_game_start_time(const ref_game *g) { return g->start_time; }
int64_t ref_game_duration_us(const ref_game *g) { return g->duration_us; }
const char *ref_game_player_name(const ref_game *g, int player)
{
    return player == 0 || player == 1 ? g->name[player] : NULL;
}
const char *ref_game_player_command(const ref_game *g, int player)
{
    return player == 0 || player == 1 ? g->command[player] : NULL;
}
