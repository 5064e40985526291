/* pressure_source.c - the names of the pressure sources
 * (league/pressure_source.h). */
#include "league/pressure_source.h"

#include <string.h>

const char *arena_pressure_source_name(arena_pressure_source s)
{
    return s == ARENA_PRESSURE_PSI ? "psi" : s == ARENA_PRESSURE_RUNNABLE ? "runnable" : "none";
}

arena_pressure_source arena_pressure_source_from_name(const char *name)
{
    if (name && strcmp(name, "psi") == 0)
        return ARENA_PRESSURE_PSI;
    if (name && strcmp(name, "runnable") == 0)
        return ARENA_PRESSURE_RUNNABLE;
    return ARENA_PRESSURE_NONE;
}
