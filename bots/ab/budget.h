/*
 * bots/ab/budget.h - the bounds of loa-ab's search budgets, shared by its
 * turns (ab.c: --nodes, --move-time, --margin, the turn limits) and its
 * analysis requests (analyse.c: "go nodes|movetime N"), and the share of a
 * budget after which no new iteration starts. Declarations only.
 */
#ifndef BOTS_AB_BUDGET_H
#define BOTS_AB_BUDGET_H

/* Largest --move-time and --margin, ms, and turn limits, ms: bounds that
 * only reject typos. */
#define AB_MOVE_TIME_MS_MAX 100000
#define AB_LIMIT_MS_MAX 1000000
/* No new iteration starts after budget / AB_SOFT_DIVISOR: the next
 * iteration takes about as long as all earlier ones together (a branching
 * factor of 2-4 after ordering), so it would rarely finish in the rest. */
#define AB_SOFT_DIVISOR 2
/* Largest --nodes: a bound that only rejects typos (a quarter of an hour
 * of search). */
#define AB_NODES_MAX 2000000000

#endif
