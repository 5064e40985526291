/*
 * bots/tools/nn/bench.h - loa-nn bench: the speeds of the evaluations a
 * search can use, measured over the same positions (those of random games
 * from a fixed seed): loa-ab's hand evaluation (bots/ab/eval.c), the
 * network from scratch (loa_nn_eval) and the network's accumulator
 * following the games move by move as a search would (a copy of the
 * accumulator, the move's update, the output).
 */
#ifndef BOTS_NN_BENCH_H
#define BOTS_NN_BENCH_H

#include <stdio.h>

#include "loa/nn.h"

/* Random games played for the positions, by default and at most. */
#define NN_BENCH_GAMES 200
#define NN_BENCH_GAMES_MAX 100000

/* Plays games random games (seed 1), times each evaluation over their
 * positions in CPU time (each repeated for at least NN_BENCH_MIN_MS) and prints
 * one line per evaluation to out: its name, evaluations per second, ns per
 * evaluation. Returns 0, or -1 out of memory (said on stderr). */
int nn_bench(const loa_nn *nn, int games, FILE *out);

#endif
