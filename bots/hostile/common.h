/*
 * common.h - helpers shared by the misbehaving bots of the referee's tests.
 *
 * Every hostile bot appends the pid of each of its processes to the file
 * named by the environment variable HOSTILE_PIDFILE (when set), one per
 * line, so that a test can check afterwards that none of them survived the
 * game. The bots speak the protocol through the SDK (loa/turn.h) when they
 * need to play properly.
 */
#ifndef HOSTILE_COMMON_H
#define HOSTILE_COMMON_H

#include "loa/loa.h"

/* Appends getpid() to $HOSTILE_PIDFILE (if set). Async-signal-safe calls
 * only, so a forked child may call it. */
void hostile_note_pid(void);

/* Reads one turn into *t; returns 1, or 0 at the end of the input (or any
 * read error: the referee is gone). */
int hostile_read_turn(loa_turn *t);

/* Answers the first listed move (or pass) with an optional comment. */
void hostile_answer_first(const loa_turn *t, const char *comment);

/* Sleeps forever (until a signal kills the process). */
_Noreturn void hostile_sleep_forever(void);

/* Sleeps ms milliseconds. */
void hostile_sleep_ms(int ms);

/* Integer argument argv[i], or def when absent. */
int hostile_arg(int argc, char **argv, int i, int def);

/* Dies by signal sig with the default action, even when a sanitizer runtime
 * installed its own handler. */
_Noreturn void hostile_die_by(int sig);

#endif
