/*
 * tables_perft_runtime.c - loa_line_deltas computed at start-up: the unit
 * loa-bundle puts in a single-file bot that calls loa_perft() (the library
 * links the generated const table instead; not part of the library). On
 * its own, apart from tables_runtime.c, because perft alone reads it: a
 * bot without perft carries neither the table nor its 0.7 ms of start-up.
 */
#include "tables.h"
#include "tables_fill.h"

int8_t loa_line_deltas[LOA_LINE_MOVES_SIZE][8];

__attribute__((constructor)) static void loa_tables_perft_init(void)
{
    loa_line_deltas_fill(loa_line_deltas);
}
