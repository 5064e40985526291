/*
 * league/pressure_source.h - what a wall-clock timeout's "under load" was
 * judged on (run/pressure.h measures it; a game record keeps it, and its
 * games.jsonl line names it): Linux PSI, the runnable tasks of
 * /proc/loadavg, or nothing.
 *
 * Pure functions: thread-safe.
 */
#ifndef ARENA_LEAGUE_PRESSURE_SOURCE_H
#define ARENA_LEAGUE_PRESSURE_SOURCE_H

typedef enum arena_pressure_source {
    ARENA_PRESSURE_NONE = 0, /* neither file readable: nothing is marked */
    ARENA_PRESSURE_PSI,
    ARENA_PRESSURE_RUNNABLE
} arena_pressure_source;

/* "psi", "runnable" or "none". Static string. */
const char *arena_pressure_source_name(arena_pressure_source s);

/* The source named name ("psi", "runnable"); ARENA_PRESSURE_NONE for any
 * other text or NULL. */
arena_pressure_source arena_pressure_source_from_name(const char *name);

#endif
