/*
 * bots/mcts/mcts.h - loa-mcts's tree and search (search.c) and its judge
 * of positions and playouts (judge.c); bots/mcts.c is the program (its
 * options and turns). docs/bots.md, "loa-mcts", and docs/sdk.md, "Writing
 * an MCTS bot", describe the algorithm. Not thread-safe: one mcts per
 * thread.
 */
#ifndef BOTS_MCTS_MCTS_H
#define BOTS_MCTS_MCTS_H

#include <stdint.h>

#include "loa/loa.h"
#include "loa/playout.h"

#define MCTS_NODES (1 << 22) /* each of the two node pools: 96 MiB */
#define MCTS_PATH 160        /* longest path: the game ends at ply 150 */

enum { JUDGE_FEATURES, JUDGE_AB }; /* --judge: four features, loa-ab's evaluation */

typedef struct mcts_node {
    int32_t first;    /* first child in the pool; -1 until expanded */
    uint32_t visits;  /* playouts through this node */
    float value;      /* their results for the side that played `move`: win 1, draw 0.5 */
    float prior;      /* that side's chance after `move` by the features, 0..1 */
    float minimax;    /* the features' minimax value of the subtree for that
                         side (implicit minimax backups), 0..1 */
    loa_move move;    /* the move from the parent */
    uint8_t children; /* how many, at pool[first ...] */
    int8_t proven;    /* MCTS-Solver: +1 the side that played `move` wins
                         whatever follows, -1 it loses, 0 not proven */
} mcts_node;

typedef struct mcts {
    mcts_node *pool, *spare; /* the tree; the pool a reused subtree is copied to */
    int used, cutoff;
    int judge;                   /* JUDGE_*: what judges a position */
    double explore, bias, alpha; /* alpha: the weight of the minimax value */
    double scale;                /* evaluation points per unit of the logistic */
    double epsilon;              /* share of random plies in a playout, the rest greedy */
    int reuse;                   /* keep the subtree of the moves played between turns */
    loa_move last_best;          /* our previous answer, LOA_MOVE_NONE: no tree kept */
    loa_board root_board;        /* the position of pool[0] (valid while last_best is) */
    uint32_t best_visits;        /* the chosen child's visits, 0: no search this turn */
    double best_value;           /* and its playouts' mean for us, 0..1 */
    loa_rng rng;
} mcts;

/* The chance of colour c in b (ongoing) by m's judge, 0..1. */
double mcts_chance(const mcts *m, const loa_board *b, int c);

/* The result of a playout for black: 1 won, 0 lost, 0.5 drawn, and for a
 * playout cut short (st LOA_ONGOING) the chance the judge gives black. */
double mcts_result_for_black(const mcts *m, loa_status st, const loa_board *b);

/* Plays up to `plies` plies on *b, in place, with m's playout policy (each
 * a random move with probability m->epsilon, else the greedy one), and
 * returns the status as loa_playout does (LOA_ONGOING: cut short). b must
 * be ongoing. */
loa_status mcts_play_out(mcts *m, loa_board *b, int plies);

/* The move to play in b (last: the opponent's move before it, from the
 * turn, LOA_MOVE_NONE on the first): a win at once if there is one, else
 * the search's until deadline_us (loa_now_us) or max_playouts: a child
 * proven won, else the most visited child not proven lost. Sets
 * *playouts, m->best_visits and m->best_value, and keeps the tree for the
 * next call (m->reuse). m->pool and m->spare must hold MCTS_NODES nodes. */
loa_move mcts_search(mcts *m, const loa_board *b, loa_move last, int64_t deadline_us,
                     long max_playouts, long *playouts);

#endif
