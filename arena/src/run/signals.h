/*
 * run/signals.h - the interrupts of loa-arena and loa-tune (SIGINT, SIGTERM, SIGHUP) as
 * bytes on a self-pipe: the handler writes one byte per signal and a short
 * message on stderr (async-signal-safe write(2) only); the runner polls the
 * pipe's read end (arena_runner_config.interrupt_fd), so the first
 * interrupt stops scheduling and the second stops the running games.
 *
 * Process-wide state: call from the main thread, once, before the worker
 * threads exist (they block these signals, run/runner.c).
 */
#ifndef ARENA_RUN_SIGNALS_H
#define ARENA_RUN_SIGNALS_H

/* Creates the pipe (O_CLOEXEC, O_NONBLOCK) and installs the handler for
 * SIGINT, SIGTERM and SIGHUP (SA_RESTART; the three masked while it runs).
 * Returns 0 or ARENA_E_SYSTEM. */
int arena_signals_install(void);

/* The pipe's read end for arena_runner_config.interrupt_fd; -1 before
 * arena_signals_install(). Owned here, never close it. */
int arena_signals_fd(void);

/* Reads and counts the interrupts still in the pipe (those that came after
 * the runner returned). 0 before arena_signals_install(). */
int arena_signals_late(void);

#endif
