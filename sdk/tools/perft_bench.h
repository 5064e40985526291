/*
 * perft_bench.h - `loa-perft --bench`: the SDK's perft against the
 * straightforward baseline (perft_baseline.h) on the same positions in the
 * same run, the call rates of the SDK functions a search uses most, random
 * playouts, the evaluation features, and the ratios of generation and
 * playouts to loa_count_moves' rate in the same run.
 * Tool code, not part of the SDK library.
 */
#ifndef LOA_PERFT_BENCH_H
#define LOA_PERFT_BENCH_H

/* Runs the benchmark and prints it to stdout (format: docs/sdk.md, "How
 * fast it is"). Returns 0, or 1 when the baseline and the SDK disagree on a
 * count (a bug in one of them). Single-threaded; every time
 * is the calling thread's CPU time, so another process on the machine
 * slows both sides alike but never counts as our time. */
int perft_bench_run(void);

#endif
