/*
 * ref/through.h - one bot run through a recorded game (`loa-replay
 * --through`): started as the referee starts a bot (ref/process.h), fed,
 * turn by turn, the input its side received in the game (ref/turn_input.h:
 * the same bytes), each answer read and judged under the game's limits by
 * the referee's own clock and judge, and compared with the recorded move.
 * The game does not change: the recorded moves are played whatever the bot
 * answers, `random` draws follow the game's own generator (an answer of the
 * bot judged on a copy of it).
 *
 * A turn's verdict: the answer's move is the recorded one (same), another
 * legal one (different), not accepted by the rules (invalid), late
 * (timeout), or no answer because the bot went away (crash: it exited,
 * died, closed its output or could not start). After invalid, timeout or
 * crash the bot is ended: the game would have ended there.
 *
 * Errors: 0 or a negative REF_E_* code (ref_strerror). Thread-safe with a
 * config per call; blocks for the bot's turns.
 */
#ifndef REF_THROUGH_H
#define REF_THROUGH_H

#include <stddef.h>
#include <stdint.h>

#include "loa/loa.h"
#include "ref/referee.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A turn's verdict: XX(NAME, "name", is a fault). */
#define REF_VERDICT_MAP(XX)       \
    XX(SAME, "same", 0)           \
    XX(DIFFERENT, "different", 0) \
    XX(INVALID, "invalid", 1)     \
    XX(TIMEOUT, "timeout", 1)     \
    XX(CRASH, "crash", 1)

typedef enum ref_verdict {
#define REF_VERDICT_XX(name, str, fault) REF_VERDICT_##name,
    REF_VERDICT_MAP(REF_VERDICT_XX)
#undef REF_VERDICT_XX
} ref_verdict;

/* "same", "different", ...; "?" outside the table. Static storage. */
const char *ref_verdict_name(ref_verdict v);
/* 1 for invalid, timeout and crash. */
int ref_verdict_is_fault(ref_verdict v);

/* One turn of the bot, as reported (strings valid during the callback). */
typedef struct ref_through_turn {
    int ply;            /* 1-based, the game's numbering (opening included) */
    loa_move recorded;  /* the game's move at this ply; LOA_MOVE_NONE where the
                             game's answer ended it (the game's failing turn) */
    const char *answer; /* the bot's line, NUL-terminated (a NUL byte as '?');
                             NULL: no line */
    loa_move move;      /* the move the answer means (`random` drawn), or
                             LOA_MOVE_NONE (invalid, no answer) */
    int random;         /* 1: the answer was `random` */
    int64_t time_us;    /* the turn's wall-clock time, us */
    int limit_ms;       /* its limit: the first turn's, or a later turn's */
    ref_verdict verdict;
    const char *detail;      /* why a fault ("timed out: no answer within 150 ms",
                             "crashed (exit status 3)", "invalid action 'x': not
                             a move"); "" otherwise */
    const char *stderr_tail; /* the bot's stderr during the turn (its last
                                REF_STDERR_CAP bytes), stderr_len bytes */
    size_t stderr_len;
} ref_through_turn;

typedef void (*ref_through_fn)(const ref_through_turn *t, void *user);

typedef struct ref_through_config {
    ref_player bot;              /* the bot's command (and name, cwd, sandbox) */
    int side;                    /* 0 black, 1 white: the side it plays */
    int64_t seed;                /* the game's seed (its `random` draws) */
    ref_limits limits;           /* the game's limits (first_turn_ms, turn_ms,
                                   time_margin_ms, wall_cap_ms) */
    ref_time_mode time_mode;     /* REF_TIME_WALL unless the game was CPU-timed */
    const loa_move *moves;       /* every ply applied in the game, opening first */
    int plies, opening_plies;    /* their number, and the opening's */
    const unsigned char *random; /* per ply, 1 where the game's answer was
                                   `random` (so the generator advances as in
                                   the game); NULL: none */
    int failed_turn;             /* 1: the game ended at ply plies + 1 on an answer
                                   that made no move (fed to the bot too when
                                   that turn is its side's) */
    int from_ply;                /* turns before this ply are fed and judged but
                                   not reported, unless they fail */
    ref_through_fn on_turn;      /* called for every reported turn; may be NULL */
    void *user;
    int stop_fd; /* as ref_config.stop_fd; -1: none */
} ref_through_config;

/* The counts of the reported turns. */
typedef struct ref_through_summary {
    int turns, same, different, faults;
    int fault_ply; /* the ply of the fault, 0: none */
} ref_through_summary;

/* Fills *c with ref_config_init's limits, no moves, from_ply 0, stop_fd -1. */
void ref_through_config_init(ref_through_config *c);

/* Runs c->bot through the game (see the head of this file); the bot is
 * ended and reaped before the call returns. Returns 0 with *s filled (a bot
 * that fails is a verdict, not an error), or REF_E_INVAL (a bad config, a
 * recorded move that is not legal: err names it), REF_E_SYSTEM (pipes,
 * processes), REF_E_STOPPED (stop_fd became readable), REF_E_NOMEM. err
 * (may be NULL) gets a sentence. */
int ref_through_run(const ref_through_config *c, ref_through_summary *s, char *err, size_t errsz);

#ifdef __cplusplus
}
#endif
#endif
