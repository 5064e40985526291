/*
 * through.c - one bot run through a recorded game (ref/through.h): the
 * walk of the game's inputs (input_walk.c), the bot layer (bot.h), the
 * turn clock (turn_clock.h) and the answer judge (answer.h), the same as a
 * game's, with the game's moves played instead of the bot's. A file of its
 * own: game.c's loop plays both bots' answers; this one follows a record.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "answer.h"
#include "bot.h"
#include "game_impl.h"
#include "ref/through.h"
#include "ref/turn_input.h"
#include "turn_clock.h"

static const struct {
    const char *name;
    int fault;
} verdicts[] = {
#define REF_VERDICT_XX(name, str, fault) {str, fault},
    REF_VERDICT_MAP(REF_VERDICT_XX)
#undef REF_VERDICT_XX
};

const char *ref_verdict_name(ref_verdict v)
{
    return (unsigned)v < sizeof verdicts / sizeof verdicts[0] ? verdicts[v].name : "?";
}

int ref_verdict_is_fault(ref_verdict v)
{
    return (unsigned)v < sizeof verdicts / sizeof verdicts[0] && verdicts[v].fault;
}

void ref_through_config_init(ref_through_config *c)
{
    ref_config rc;
    ref_config_init(&rc);
    memset(c, 0, sizeof *c);
    c->limits = rc.limits;
    c->stop_fd = -1;
}

/* A run's state (on the heap: the answer buffer is REF_LINE_CAP). */
typedef struct through_run {
    const ref_through_config *c;
    ref_config cfg; /* the clock's view of the limits and mode */
    ref_bot bot;
    ref_input_walk w;
    loa_jrandom rng;
    ref_through_summary *s;
    char tail[REF_STDERR_CAP + 1];
    char answer[REF_LINE_CAP + 1];
    char detail[256];
} through_run;

/* The turn t reported to the caller and counted. */
static void report(through_run *r, ref_through_turn *t)
{
    r->tail[0] = '\0';
    t->stderr_len = r->bot.chan_ok ? ref_bot_take_stderr(&r->bot, r->tail) : 0;
    t->stderr_tail = r->tail;
    int fault = ref_verdict_is_fault(t->verdict);
    if (t->ply < r->c->from_ply && !fault)
        return;
    r->s->turns++;
    if (fault) {
        r->s->faults++;
        r->s->fault_ply = t->ply;
    } else if (t->verdict == REF_VERDICT_SAME) {
        r->s->same++;
    } else {
        r->s->different++;
    }
    if (r->c->on_turn)
        r->c->on_turn(t, r->c->user);
}

/* The answer line judged: time first, then the action, as game.c does. */
static void judge(through_run *r, ref_through_turn *t, const ref_turn_clock *clock,
                  const char *line, size_t len)
{
    for (size_t i = 0; i < len; i++)
        r->answer[i] = line[i] ? line[i] : '?';
    r->answer[len] = '\0';
    t->answer = r->answer;
    loa_jrandom copy = r->rng; /* the game's generator goes on as recorded */
    ref_answer a;
    ref_answer_judge(line, len, r->w.gen, r->w.n, &copy, &a);
    t->random = a.random;
    if (ref_clock_judge(clock) == REF_CLOCK_OVER) {
        ref_clock_timeout_text(clock, 1, 0, r->detail, sizeof r->detail);
        t->verdict = REF_VERDICT_TIMEOUT;
    } else if (a.invalid != REF_REASON_NONE) {
        char esc[96];
        snprintf(r->detail, sizeof r->detail, "invalid action '%s': %s",
                 ref_escape(line, len, esc, sizeof esc), ref_reason_describe(a.invalid));
        t->verdict = REF_VERDICT_INVALID;
    } else {
        t->move = a.move;
        t->verdict = LOA_MOVE_SQUARES(a.move) == LOA_MOVE_SQUARES(t->recorded)
                         ? REF_VERDICT_SAME
                         : REF_VERDICT_DIFFERENT;
    }
}

/* The read's result other than a line: a verdict, or an error code. */
static int no_line(through_run *r, ref_through_turn *t, const ref_turn_clock *clock, ref_chan_rc rc)
{
    ref_bot_gone gone;
    switch (rc) {
    case REF_CHAN_TIMEOUT:
        ref_clock_timeout_text(clock, 0, 0, r->detail, sizeof r->detail);
        t->verdict = REF_VERDICT_TIMEOUT;
        return 0;
    case REF_CHAN_TOO_LONG:
        snprintf(r->detail, sizeof r->detail, "invalid action: a line over %d bytes", REF_LINE_CAP);
        t->verdict = REF_VERDICT_INVALID;
        return 0;
    case REF_CHAN_STOPPED: return REF_E_STOPPED;
    case REF_CHAN_ERROR: return REF_E_SYSTEM;
    default:
        ref_bot_gone_why(&r->bot, rc, &gone);
        snprintf(r->detail, sizeof r->detail, "%s", gone.text);
        t->verdict = REF_VERDICT_CRASH;
        return 0;
    }
}

/* One turn of the bot: its input written, its answer read and judged,
 * reported. Returns 0 (t->verdict set) or an error code. */
static int bot_turn(through_run *r, ref_through_turn *t)
{
    const ref_through_config *c = r->c;
    char input[REF_TURN_INPUT_MAX];
    size_t len = ref_input_walk_turn(&r->w, input);
    ref_turn_clock clock;
    t->limit_ms = r->w.first[c->side] ? c->limits.first_turn_ms : c->limits.turn_ms;
    ref_clock_init(&clock, &r->cfg, t->limit_ms);
    int64_t t0 = ref_chan_now_ns();
    ref_chan_rc rc =
        ref_bot_send(&r->bot, NULL, input, len, ref_clock_write_deadline(&clock, t0), c->stop_fd);
    int64_t written = ref_chan_now_ns();
    if (rc == REF_CHAN_TIMEOUT) {
        ref_clock_timeout_text(&clock, 0, 1, r->detail, sizeof r->detail);
        t->verdict = REF_VERDICT_TIMEOUT;
        t->time_us = (written - t0) / 1000;
        return 0;
    }
    if (rc == REF_CHAN_STOPPED || rc == REF_CHAN_ERROR)
        return rc == REF_CHAN_STOPPED ? REF_E_STOPPED : REF_E_SYSTEM;
    const char *line = NULL;
    size_t llen = 0;
    int64_t at = 0;
    ref_clock_start(&clock, &r->bot, written);
    rc = ref_clock_read(&clock, &r->bot, NULL, c->stop_fd, &line, &llen, &at);
    t->time_us = clock.time_us;
    if (rc != REF_CHAN_LINE)
        return no_line(r, t, &clock, rc);
    judge(r, t, &clock, line, llen);
    return 0;
}

/* The bot started; 0, a fault reported at the first turn (*failed), or an
 * error code. */
static int start_bot(through_run *r, int *failed)
{
    ref_cpu_method method =
        r->cfg.time_mode == REF_TIME_CPU ? ref_cpu_method_probe(NULL, 0) : REF_CPU_AUTO;
    int err = 0;
    switch (ref_bot_start(&r->bot, &r->c->bot, r->cfg.time_mode == REF_TIME_CPU ? &method : NULL,
                          &err, r->detail, sizeof r->detail)) {
    case REF_BOT_STARTED: return 0;
    case REF_BOT_CANNOT_START: *failed = 1; return 0;
    default: return err == ENOMEM ? REF_E_NOMEM : REF_E_SYSTEM;
    }
}

/* Whether the walk has a turn left: a recorded ply, or the failing one. */
static int has_turn(const through_run *r)
{
    return r->w.next < r->c->plies || (r->w.next == r->c->plies && r->c->failed_turn);
}

/* The game walked: the bot's turns played, the recorded plies applied. */
static int walk(through_run *r, int cannot_start, char *err, size_t errsz)
{
    const ref_through_config *c = r->c;
    while (has_turn(r)) {
        if ((int)r->w.board.side == c->side) {
            ref_through_turn t = {.ply = r->w.next + 1, .move = LOA_MOVE_NONE};
            t.recorded = r->w.next < c->plies ? c->moves[r->w.next] : LOA_MOVE_NONE;
            r->detail[0] = '\0';
            int rc = cannot_start ? (t.verdict = REF_VERDICT_CRASH, 0) : bot_turn(r, &t);
            if (rc)
                return rc;
            t.detail = r->detail;
            report(r, &t);
            if (ref_verdict_is_fault(t.verdict))
                return 0;
        }
        if (r->w.next == c->plies)
            break;
        if (c->random && c->random[r->w.next]) {
            ref_answer a; /* the game's draw, on the game's generator */
            ref_answer_judge("random", 6, r->w.gen, r->w.n, &r->rng, &a);
        }
        int rc = ref_input_walk_apply(&r->w, err, errsz);
        if (rc)
            return rc;
    }
    return 0;
}

int ref_through_run(const ref_through_config *c, ref_through_summary *s, char *err, size_t errsz)
{
    if (err && errsz)
        err[0] = '\0';
    if (!c || !s || (c->side != 0 && c->side != 1) || !c->bot.command || !c->bot.command[0] ||
        c->limits.first_turn_ms <= 0 || c->limits.turn_ms <= 0)
        return REF_E_INVAL;
    memset(s, 0, sizeof *s);
    through_run *r = calloc(1, sizeof *r);
    if (!r)
        return REF_E_NOMEM;
    r->c = c;
    r->s = s;
    ref_config_init(&r->cfg);
    r->cfg.limits = c->limits;
    r->cfg.time_mode = c->time_mode;
    r->cfg.stop_fd = c->stop_fd;
    loa_jrandom_seed(&r->rng, c->seed);
    ref_bot_init(&r->bot);
    int rc = ref_input_walk_init(&r->w, c->moves, c->plies, c->opening_plies, err, errsz);
    int cannot_start = 0;
    if (rc == 0)
        rc = start_bot(r, &cannot_start);
    if (rc == 0)
        rc = walk(r, cannot_start, err, errsz);
    ref_bot_end_pair(&r->bot, NULL);
    free(r);
    if (rc && err && errsz && !err[0])
        snprintf(err, errsz, "%s", ref_strerror(rc));
    return rc;
}
