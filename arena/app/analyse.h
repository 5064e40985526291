/*
 * app/analyse.h - loa-arena --analyse WHICH: after a league, its games
 * analysed by loa-analyse (docs/analysis.md), the program beside loa-arena,
 * run as a process of its own on the results directory: the arena only
 * names which games (the analysis component sits above the league
 * database the arena writes, so the arena never links it).
 */
#ifndef ARENA_APP_ANALYSE_H
#define ARENA_APP_ANALYSE_H

#include <stddef.h>

/* Which games --analyse takes. */
typedef enum arena_analyse_which {
    ARENA_ANALYSE_NONE = 0,
    ARENA_ANALYSE_LOST,   /* every decisive game (each has a side that lost) */
    ARENA_ANALYSE_FAULTS, /* the games lost by a fault (timeout, invalid answer, crash...) */
    ARENA_ANALYSE_ALL     /* every game */
} arena_analyse_which;

/* "lost", "faults", "all" into *out. Returns 0, or ARENA_E_CONFIG for
 * another word. */
int arena_analyse_from_name(const char *name, arena_analyse_which *out);

/* Runs bin_dir/loa-analyse --keep on the results directory dir for the
 * games `which` selects (quiet: only its totals; an analysis made before
 * with the same engine and budget is kept), its output this process's, in
 * a process group of its own (ref/process.h: ended with this process, kill
 * -9 included), and waits for it. Each interrupt read from interrupt_fd (the arena's signal
 * pipe, run/signals.h; -1: none) meanwhile is forwarded to it as SIGTERM:
 * it stops its engines at once and exits 130. Returns its exit status (0
 * done, 1 an analysis failed, 2 a bad command line: it said why on stderr,
 * err untouched; 130 interrupted), 127 when it cannot be started (err says
 * why; it is built with the analysis component), 1 when a signal ended it
 * (err: "... ended by signal N"). */
int arena_analyse_league(const char *bin_dir, const char *dir, arena_analyse_which which, int quiet,
                         int interrupt_fd, char *err, size_t errsz);

#endif
