/*
 * bots/ab/analyse.h - loa-ab's analysis protocol (analyse.c; --analyse,
 * docs/analysis.md): loa-analyse's requests answered on stdin/stdout.
 */
#ifndef BOTS_AB_ANALYSE_H
#define BOTS_AB_ANALYSE_H

#include "search.h"

/* The protocol loop: reads requests on stdin, one a line (a line too long
 * for a request is skipped, answered with an error), and answers every
 * "go depth|nodes|movetime N BOARD" with one line on stdout, "bestmove MOVE
 * score cp S|win P|loss P [lowerbound] depth D nodes N pv MOVES" or "error
 * REASON", flushed; ends at "quit" or end of input. Each position is searched
 * with ctx (search_init()ed by the caller, who frees it) from a cleared
 * table (search_clear()), so an answer depends only on its request. Returns
 * the exit status: 0, or 1 when stdout cannot be written. */
int analyse_loop(search_ctx *ctx);

#endif
