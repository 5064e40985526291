/*
 * game.c - the one-game referee: starts both bots, speaks the protocol turn
 * by turn (play_turn: send_input, read_answer, judge_answer, apply_move, in
 * that order), judges answers and time, applies the rules through
 * the SDK, ends the bots, and keeps the game (game_data.c) for the record
 * writers.
 *
 * The rules and protocol are those of CodinGame's referee (docs/rules.md,
 * docs/referee.md). The layer below is bot.h (one bot's process and line
 * channel); this file never looks at a process or a pipe itself.
 *
 * Every way a game ends has one setter (end_win, end_draw, end_fault,
 * end_aborted, end_referee_error); a turn that calls one returns TURN_STOP,
 * and ref_game_run() asserts that every ended game has a reason, its
 * winner that reason's (ref_game_check).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "answer.h"
#include "bot.h"
#include "game_impl.h"
#include "ref/turn_input.h"
#include "turn_clock.h"
#include "util/check.h"

/* Bytes of an over-long line kept in the record. */
#define LONG_LINE_KEEP 1024

void ref_config_init(ref_config *c)
{
    memset(c, 0, sizeof *c);
    c->limits.first_turn_ms = LOA_FIRST_TURN_MS; /* CodinGame's limits (loa/turn.h) */
    c->limits.turn_ms = LOA_TURN_MS;
    c->limits.max_plies = LOA_MAX_PLIES;
    c->stop_fd = -1;
}

/* ---- the ways a game ends ---- */

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

static const char *colour(int who)
{
    return who == 0 ? "black" : "white";
}

/* A side is connected after `mover`'s ply: the mover's own connection wins
 * first (rules: the mover is checked first). */
static void end_win(ref_game *g, int winner, int mover)
{
    set_result(g, winner == mover ? REF_REASON_CONNECTED : REF_REASON_OPPONENT_CONNECTED, winner,
               -1);
    if (winner == mover)
        snprintf(g->result.detail, sizeof g->result.detail, "%s connected all its checkers",
                 colour(mover));
    else
        snprintf(g->result.detail, sizeof g->result.detail, "%s's ply left %s connected",
                 colour(mover), colour(winner));
}

static void end_draw(ref_game *g, int plies)
{
    set_result(g, REF_REASON_PLY_LIMIT, -1, -1);
    snprintf(g->result.detail, sizeof g->result.detail, "draw: %d %s played", plies,
             plies == 1 ? "ply" : "plies");
}

/* The bot `who` is at fault: it scores -1, the other wins with 0; detail is
 * "<colour> <what>". */
static void end_fault(ref_game *g, ref_reason reason, int who, const char *what)
{
    LOA_ASSERT(ref_reason_is_fault(reason));
    set_result(g, reason, 1 - who, who);
    snprintf(g->result.detail, sizeof g->result.detail, "%s %s", colour(who), what);
}

static void end_aborted(ref_game *g)
{
    set_result(g, REF_REASON_ABORTED, -1, -1);
    snprintf(g->result.detail, sizeof g->result.detail, "%s",
             ref_reason_describe(REF_REASON_ABORTED));
}

static void end_referee_error(ref_game *g, const char *what, int err)
{
    char eb[128];
    const char *es = err ? strerror_r(err, eb, sizeof eb) : "";
    set_result(g, REF_REASON_REFEREE_ERROR, -1, -1);
    snprintf(g->result.detail, sizeof g->result.detail, "referee error: %s%s%s", what,
             err ? ": " : "", es);
}

/* ---- the game ---- */

typedef struct game_run {
    ref_game *g;
    const ref_config *cfg;
    ref_bot bot[2];
    loa_board board;
    loa_jrandom rng;
    int first[2];  /* 1 until the bot's first turn has been sent */
    loa_move last; /* lastMove of the next input */
    char tail[REF_STDERR_CAP + 1];
    size_t tail_len; /* bytes in tail (it may hold NUL bytes) */
} game_run;

typedef enum turn_rc { TURN_CONTINUE, TURN_STOP } turn_rc;

/* A bot's pipe closed or its leader exited without a line: the bot layer
 * says how it went away, this maps it to the reason. */
static void end_gone(game_run *run, int who, ref_chan_rc rc)
{
    ref_bot_gone gone;
    ref_bot_gone_why(&run->bot[who], rc, &gone);
    switch (gone.kind) {
    case REF_BOT_GONE_FAILED_TO_START:
        end_fault(run->g, REF_REASON_FAILED_TO_START, who, gone.text);
        break;
    case REF_BOT_GONE_CRASHED: end_fault(run->g, REF_REASON_CRASHED, who, gone.text); break;
    case REF_BOT_GONE_CLOSED_OUTPUT:
    case REF_BOT_GONE_CLOSED_INPUT:
        end_fault(run->g, REF_REASON_CLOSED_OUTPUT, who, gone.text);
        break;
    }
    run->g->result.exit_status = gone.exit_status;
    run->g->result.term_signal = gone.term_signal;
}

/* Moves the metrics bot b reported this turn (its stderr's lines, then the
 * words of p's comment) into ply p. Returns 0 or -1 (out of memory). */
static int take_metrics(ref_bot *b, ref_ply *p)
{
    ref_metric_scan *s = ref_bot_metrics(b);
    if (p->comment && p->comment[0])
        ref_metric_scan_comment(s, p->comment);
    int rc = ref_ply_set_metrics(p, s);
    ref_metric_scan_clear(s);
    return rc;
}

/* Records the answer that ended the game (no move applied). Out of memory
 * here only loses that ply: the result is already known. */
static void record_failed_ply(game_run *run, int who, const char *out, size_t len, int64_t time_us,
                              int64_t cpu_us)
{
    run->tail_len = ref_bot_take_stderr(&run->bot[who], run->tail);
    ref_ply *p = ref_game_add_ply(run->g, who, out, len, run->tail, run->tail_len);
    if (p) {
        p->time_us = time_us;
        p->cpu_us = cpu_us;
        take_metrics(&run->bot[who], p);
    }
}

/* One turn's state, from the input written to the answer judged. */
typedef struct turn {
    int who;              /* the side to move */
    ref_bot *bot, *other; /* its bot, and the other (watched while waiting) */
    ref_turn_clock clock;
    loa_move gen[LOA_MAX_MOVES]; /* the legal moves in generation order */
    int n;
    int64_t t_written; /* when the input was written (ref_chan_now_ns) */
    const char *line;  /* the answer, len bytes (the bot's buffer) */
    size_t len;
} turn;

/* A turn's first step: the input of the side to move built (its moves
 * sorted) and written under the turn's clock. Returns TURN_CONTINUE, or
 * TURN_STOP once the game has its result (a stop, a timeout while writing,
 * a referee error). */
static turn_rc send_input(game_run *run, turn *t)
{
    ref_game *g = run->g;
    const ref_config *cfg = run->cfg;
    loa_board *b = &run->board;
    char input[REF_TURN_INPUT_MAX], d[200];
    loa_move sorted[LOA_MAX_MOVES];

    /* The bot sees moves sorted; `random` indexes the generation order. */
    t->n = loa_generate_moves_cg(b, t->gen);
    memcpy(sorted, t->gen, sizeof(loa_move) * (size_t)t->n);
    loa_sort_moves(sorted, t->n);
    size_t ilen = ref_turn_input(input, b, run->first[t->who], run->last, sorted, t->n);
    ref_clock_init(&t->clock, cfg,
                   run->first[t->who] ? cfg->limits.first_turn_ms : cfg->limits.turn_ms);
    run->first[t->who] = 0;

    /* A stop is seen by every wait for an answer (the stop fd is in its
     * poll set); this poll, a syscall, only catches bots whose answers were
     * already waiting, so once every 16 plies is enough (issue 16: six
     * syscalls a ply were four more than the relay floor's two). */
    if ((b->ply & 15) == 0 && ref_stop_requested(cfg->stop_fd)) {
        end_aborted(g);
        return TURN_STOP;
    }
    int64_t t0 = ref_chan_now_ns();
    ref_chan_rc rc = ref_bot_send(t->bot, t->other, input, ilen,
                                  ref_clock_write_deadline(&t->clock, t0), cfg->stop_fd);
    t->t_written = ref_chan_now_ns();
    switch (rc) {
    case REF_CHAN_TIMEOUT:
        ref_clock_timeout_text(&t->clock, 0, 1, d, sizeof d);
        end_fault(g, REF_REASON_TIMEOUT, t->who, d);
        g->result.capped = ref_clock_capped(&t->clock, 1);
        record_failed_ply(run, t->who, NULL, 0, (t->t_written - t0) / 1000, -1);
        return TURN_STOP;
    case REF_CHAN_STOPPED: end_aborted(g); return TURN_STOP;
    case REF_CHAN_ERROR:
        end_referee_error(g, "writing to a bot", t->bot->chan.error);
        return TURN_STOP;
    default:
        /* REF_CHAN_LINE, or INPUT_CLOSED: a line the bot already wrote may
         * still answer this turn; the read decides. */
        return TURN_CONTINUE;
    }
}

/* The answer read into t->line under the turn's clock. Returns
 * TURN_CONTINUE with a line, or TURN_STOP once the game has its result (a
 * timeout, a line too long, the bot gone, a stop, a referee error). */
static turn_rc read_answer(game_run *run, turn *t)
{
    ref_game *g = run->g;
    char d[200];
    int64_t at = 0;
    t->line = NULL;
    t->len = 0;
    ref_clock_start(&t->clock, t->bot, t->t_written);
    ref_chan_rc rc =
        ref_clock_read(&t->clock, t->bot, t->other, run->cfg->stop_fd, &t->line, &t->len, &at);
    switch (rc) {
    case REF_CHAN_LINE: break;
    case REF_CHAN_TIMEOUT:
        ref_clock_timeout_text(&t->clock, 0, 0, d, sizeof d);
        end_fault(g, REF_REASON_TIMEOUT, t->who, d);
        g->result.capped = ref_clock_capped(&t->clock, 0);
        record_failed_ply(run, t->who, NULL, 0, t->clock.time_us, t->clock.cpu_us);
        return TURN_STOP;
    case REF_CHAN_TOO_LONG: {
        snprintf(d, sizeof d, "invalid action: a line over %d bytes without a newline",
                 REF_LINE_CAP);
        end_fault(g, REF_REASON_INVALID_LINE_TOO_LONG, t->who, d);
        size_t keep;
        const char *start = ref_bot_pending(t->bot, LONG_LINE_KEEP, &keep);
        record_failed_ply(run, t->who, start, keep, t->clock.time_us, t->clock.cpu_us);
        return TURN_STOP;
    }
    case REF_CHAN_EOF:
    case REF_CHAN_INPUT_CLOSED:
    case REF_CHAN_EXITED:
        end_gone(run, t->who, rc);
        record_failed_ply(run, t->who, NULL, 0, (ref_chan_now_ns() - t->t_written) / 1000,
                          t->clock.cpu_us);
        return TURN_STOP;
    case REF_CHAN_STOPPED: end_aborted(g); return TURN_STOP;
    case REF_CHAN_ERROR:
        end_referee_error(g, "reading from a bot", t->bot->chan.error);
        return TURN_STOP;
    }
    return TURN_CONTINUE;
}

/* The answer judged and recorded as a ply (*ply, its move *move not yet
 * applied): its time against the clock, then its action. Returns
 * TURN_CONTINUE, or TURN_STOP once the game has its result (over time, an
 * invalid action, out of memory). */
static turn_rc judge_answer(game_run *run, turn *t, ref_ply **ply, loa_move *move)
{
    ref_game *g = run->g;
    char d[200], esc[96];
    ref_answer a;
    ref_answer_judge(t->line, t->len, t->gen, t->n, &run->rng, &a);
    run->tail_len = ref_bot_take_stderr(t->bot, run->tail);
    ref_ply *p = ref_game_add_ply(g, t->who, t->line, t->len, run->tail, run->tail_len);
    if (!p || (a.comment && ref_ply_set_comment(p, a.comment, a.comment_len)) ||
        take_metrics(t->bot, p)) {
        end_referee_error(g, "out of memory", ENOMEM);
        return TURN_STOP;
    }
    p->time_us = t->clock.time_us;
    p->cpu_us = t->clock.cpu_us;
    p->random = a.random;
    switch (ref_clock_judge(&t->clock)) {
    case REF_CLOCK_ON_TIME: break;
    case REF_CLOCK_LATE:
        /* accepted: the margin exists for exactly this answer */
        p->late = 1;
        g->result.late[t->who]++;
        break;
    case REF_CLOCK_OVER:
        ref_clock_timeout_text(&t->clock, 1, 0, d, sizeof d);
        end_fault(g, REF_REASON_TIMEOUT, t->who, d);
        return TURN_STOP;
    }
    if (a.invalid != REF_REASON_NONE) {
        snprintf(d, sizeof d, "invalid action '%s': %s",
                 ref_escape(t->line, t->len, esc, sizeof esc), ref_reason_describe(a.invalid));
        end_fault(g, a.invalid, t->who, d);
        return TURN_STOP;
    }
    *ply = p;
    *move = a.move;
    return TURN_CONTINUE;
}

/* The judged move m of ply p applied by `who`, the ply reported (on_ply),
 * the position judged. Returns TURN_CONTINUE, or TURN_STOP at a win or the
 * ply limit's draw. */
static turn_rc apply_move(game_run *run, int who, ref_ply *p, loa_move m)
{
    ref_game *g = run->g;
    const ref_config *cfg = run->cfg;
    loa_board *b = &run->board;
    p->move = m;
    loa_make_move(b, m, NULL);
    run->last = m;
    g->result.plies = b->ply;
    if (cfg->on_ply)
        cfg->on_ply(p, b, cfg->user);
    switch (loa_board_status(b, cfg->limits.max_plies)) {
    case LOA_ONGOING: return TURN_CONTINUE;
    case LOA_DRAW: end_draw(g, b->ply); return TURN_STOP;
    case LOA_BLACK_WINS: end_win(g, 0, who); return TURN_STOP;
    default: end_win(g, 1, who); return TURN_STOP;
    }
}

/* Sends the input of the side to move, reads and judges its answer, applies
 * it: the steps in CodinGame's order, each ending the game where it must.
 * Returns TURN_CONTINUE, or TURN_STOP once the game has its result. */
static turn_rc play_turn(game_run *run)
{
    turn t;
    ref_ply *p = NULL;
    loa_move m = LOA_MOVE_NONE;
    t.who = run->board.side;
    t.bot = &run->bot[t.who];
    t.other = &run->bot[1 - t.who];
    if (send_input(run, &t) == TURN_STOP || read_answer(run, &t) == TURN_STOP ||
        judge_answer(run, &t, &p, &m) == TURN_STOP)
        return TURN_STOP;
    return apply_move(run, t.who, p, m);
}

/* Starts both bots, black first (black's first input is written only once
 * both run). Returns 0 when both run, else -1 with the game's result set. */
static int start_bots(game_run *run)
{
    const ref_cpu_method *meter = run->cfg->time_mode == REF_TIME_CPU ? &run->g->cpu_method : NULL;
    for (int who = 0; who < 2; who++) {
        int err = 0;
        char d[200] = "";
        switch (ref_bot_start(&run->bot[who], &run->cfg->players[who], meter, &err, d, sizeof d)) {
        case REF_BOT_STARTED: break;
        case REF_BOT_CANNOT_START: end_fault(run->g, REF_REASON_FAILED_TO_START, who, d); return -1;
        case REF_BOT_SYSTEM_ERROR:
            end_referee_error(run->g,
                              err == ENOMEM ? "out of memory"
                              : d[0]        ? d
                                            : "starting a bot",
                              d[0] && err != ENOMEM ? 0 : err);
            return -1;
        }
    }
    return 0;
}

int ref_game_run(const ref_config *cfg, ref_game **out)
{
    if (out)
        *out = NULL;
    if (!cfg || !out || cfg->limits.first_turn_ms <= 0 || cfg->limits.turn_ms <= 0 ||
        cfg->limits.max_plies <= 0)
        return REF_E_INVAL;
    for (int i = 0; i < 2; i++)
        if (!cfg->players[i].command || !cfg->players[i].command[0])
            return REF_E_INVAL;
    if (cfg->limits.wall_cap_ms < 0 || cfg->limits.time_margin_ms < 0 ||
        (cfg->time_mode != REF_TIME_WALL && cfg->time_mode != REF_TIME_CPU) ||
        (unsigned)cfg->cpu_method > REF_CPU_PROC)
        return REF_E_INVAL;
    ref_cpu_method method = REF_CPU_AUTO;
    if (cfg->time_mode == REF_TIME_CPU) {
        if (ref_cpu_method_check(cfg->time_mode, cfg->cpu_method, NULL, 0))
            return REF_E_CPU;
        method = cfg->cpu_method == REF_CPU_AUTO ? ref_cpu_method_probe(NULL, 0) : cfg->cpu_method;
    }
    if (cfg->opening_plies < 0 || cfg->opening_plies >= cfg->limits.max_plies)
        return cfg->opening_plies < 0 ? REF_E_INVAL : REF_E_OPENING;
    if (cfg->opening_plies > 0) {
        int oc = ref_opening_check(cfg->opening, cfg->opening_plies, NULL, 0);
        if (oc)
            return oc;
    }

    ref_game *g = ref_game_new(cfg);
    if (!g)
        return REF_E_NOMEM;
    g->cpu_method = method;
    int64_t t0 = ref_chan_now_ns();
    game_run *run = calloc(1, sizeof *run);
    if (!run) {
        end_referee_error(g, "out of memory", ENOMEM);
    } else {
        run->g = g;
        run->cfg = cfg;
        ref_bot_init(&run->bot[0]);
        ref_bot_init(&run->bot[1]);
        loa_board_init(&run->board);
        loa_jrandom_seed(&run->rng, cfg->seed);
        run->first[0] = run->first[1] = 1;
        run->last = LOA_MOVE_NONE;
        /* The opening is the game's first plies, applied here: the bots'
         * first inputs show the position after it and its last move. */
        for (int i = 0; i < cfg->opening_plies; i++) {
            loa_make_move(&run->board, cfg->opening[i], NULL);
            run->last = cfg->opening[i];
        }
        g->result.plies = run->board.ply;
        if (ref_stop_requested(cfg->stop_fd))
            end_aborted(g);
        else if (start_bots(run) == 0)
            while (play_turn(run) == TURN_CONTINUE)
                ;
        /* Every path: both groups ended and reaped before returning. */
        ref_bot_end_pair(&run->bot[0], &run->bot[1]);
        free(run);
    }
    if (g->result.reason == REF_REASON_NONE) {
        /* Every path above ends the game through a setter: this is a bug,
         * loud in checking builds, a referee error (no bot blamed) otherwise. */
        LOA_ASSERT(!"a game ended without a reason");
        end_referee_error(g, "internal error: the game ended without a reason", 0);
    }
    LOA_CHECK(ref_game_check(g));
    g->duration_us = (ref_chan_now_ns() - t0) / 1000;
    *out = g;
    return REF_OK;
}
