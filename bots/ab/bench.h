/*
 * bots/ab/bench.h - loa-ab --bench (bench.c): a fixed set of positions
 * searched to a fixed depth from a fresh state, whose node total is a
 * signature of the search (docs/bots.md).
 */
#ifndef BOTS_AB_BENCH_H
#define BOTS_AB_BENCH_H

#include <stdio.h>

#include "search.h"

/* Default --bench-depth, in plies: deep enough that every part of the
 * search (null move with both reductions, both LMR steps, killers, history,
 * the table) takes part and the middle games reach the depths played at
 * 50 ms a turn; shallow enough that the whole bench takes about half a
 * second in a Release build (depth 10 takes four times as long, mostly in
 * the start position). */
#define BENCH_DEFAULT_DEPTH 9

/* Searches every bench position to `depth` plies (1..SEARCH_MAX_DEPTH) with
 * no clock, after search_clear(c) (table, killers, history: each position
 * from the same fresh state). Writes to out one line per position,
 *     bench: position <i> nodes <n> best <move> score <s> time <ms> ms
 * then the total,
 *     bench: nodes <total> time <ms> ms nps <nodes per second>
 * The nodes, moves and scores depend only on the positions, the depth, the
 * table's size and the search code, never on the machine or the clock.
 * Returns 0, or -1 (with a message on stderr) if a
 * position of the table does not parse. Afterwards c holds the last
 * position's search. */
int bench_run(search_ctx *c, int depth, FILE *out);

#endif
