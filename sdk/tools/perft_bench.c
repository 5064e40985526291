/*
 * perft_bench.c - `loa-perft --bench` (perft_bench.h).
 *
 * Why interleaved: this machine is shared, and a ratio of two timings taken
 * minutes apart measures the load as much as the code. So each bench
 * position is split at its root, and the baseline and the SDK count each
 * root move's subtree one after the other; both totals then saw the same
 * load, and the ratio holds even when the absolute times do not.
 */
#include "perft_bench.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "loa/features.h"
#include "loa/loa.h"
#include "loa/playout.h"
#include "perft_baseline.h"

/* The perft workload: fixed positions and depths (the start position and
 * three middle games from seeded random games). Its total leaf count is a
 * signature of the generator, as a chess engine's bench node count: any
 * change means the rules changed. */
static const struct {
    const char *board;
    int depth;
} bench_set[] = {
    {".bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b", 6},
    {".b...b.b/...w.b../..w....w/w......w/....b.../w.....b./.....wb./wwbbb.bw b 22", 5},
    {".b.wb..w/w......./.wwbbw../.......w/.......w/...wb.b./b...w..w/...b.b.. b 34", 5},
    {".bbwb.../w...wb../......../......bw/b...ww.w/......bb/......../.bbbw... b 46", 5},
};

/* The call-rate workload: every position of these many seeded random games
 * (java.util.Random seeds 1..N, CodinGame's generation order), so the mix
 * of openings, middle games and won ends is fixed. */
#define RATE_GAMES 40
#define RATE_POSITIONS_MAX (RATE_GAMES * (LOA_MAX_PLIES + 1))

/* CPU time of the calling thread, in seconds. */
static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Prints the load average: every figure of the bench is read beside it. */
static void print_load(const char *when)
{
    char buf[128] = "unknown";
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (!fgets(buf, sizeof buf, f))
            strcpy(buf, "unknown");
        fclose(f);
        buf[strcspn(buf, "\n")] = '\0';
    }
    printf("load %s: %s\n", when, buf);
}

/* Leaves below root move m of b at depth, by the SDK (sdk != 0) or the
 * baseline: a won child is a leaf, as loa_perft counts it. */
static uint64_t below(const loa_board *b, loa_move m, int depth, int sdk)
{
    loa_board c = *b;
    loa_make_move(&c, m, NULL);
    if (depth == 1)
        return 1;
    if (loa_board_status(&c, 0) != LOA_ONGOING)
        return 0;
    return sdk ? loa_perft(&c, depth - 1) : perft_baseline(&c, depth - 1);
}

/* The perft part; returns 0, or 1 on a disagreement. */
static int bench_perft(void)
{
    uint64_t nodes = 0;
    double sdk_total = 0, base_total = 0;
    int bad = 0;
    printf("%-76s %-5s %13s %9s %9s %6s\n", "position", "depth", "leaves", "sdk s", "base s",
           "ratio");
    for (size_t i = 0; i < sizeof bench_set / sizeof bench_set[0]; i++) {
        loa_board b;
        if (loa_board_parse(bench_set[i].board, &b) != LOA_OK)
            return 1; /* cannot happen: fixed, tested strings */
        int depth = bench_set[i].depth;
        loa_move mv[LOA_MAX_MOVES];
        int n = loa_generate_moves(&b, mv);
        uint64_t sdk_n = 0, base_n = 0;
        double sdk_s = 0, base_s = 0;
        for (int k = 0; k < n; k++) {
            double t0 = cpu_seconds();
            sdk_n += below(&b, mv[k], depth, 1);
            double t1 = cpu_seconds();
            sdk_s += t1 - t0;
            base_n += below(&b, mv[k], depth, 0);
            base_s += cpu_seconds() - t1;
        }
        printf("%-76s %5d %13llu %9.3f %9.3f %6.2f\n", bench_set[i].board, depth,
               (unsigned long long)sdk_n, sdk_s, base_s, sdk_s > 0 ? base_s / sdk_s : 0.0);
        if (base_n != sdk_n) {
            printf("MISMATCH: the baseline counts %llu\n", (unsigned long long)base_n);
            bad = 1;
        }
        nodes += sdk_n;
        sdk_total += sdk_s;
        base_total += base_s;
    }
    printf("nodes %llu\nseconds %.3f\nnodes/s %.0f\n", (unsigned long long)nodes, sdk_total,
           sdk_total > 0 ? (double)nodes / sdk_total : 0.0);
    printf("baseline seconds %.3f\nbaseline nodes/s %.0f\nratio %.2f (baseline time / sdk "
           "time, same run, interleaved by root move)\n",
           base_total, base_total > 0 ? (double)nodes / base_total : 0.0,
           sdk_total > 0 ? base_total / sdk_total : 0.0);
    return bad;
}

/* Every position of RATE_GAMES seeded random games into pos; returns how
 * many. */
static int rate_positions(loa_board *pos)
{
    int n = 0;
    for (int64_t seed = 1; seed <= RATE_GAMES; seed++) {
        loa_jrandom r;
        loa_jrandom_seed(&r, seed);
        loa_board b;
        loa_board_init(&b);
        for (;;) {
            pos[n++] = b;
            if (loa_board_status(&b, LOA_MAX_PLIES) != LOA_ONGOING)
                break;
            loa_move mv[LOA_MAX_MOVES];
            int k = loa_generate_moves_cg(&b, mv);
            loa_make_move(&b, k ? mv[loa_jrandom_next_int(&r, k)] : LOA_MOVE_PASS, NULL);
        }
    }
    return n;
}

/* Prints a rate and returns it (calls per CPU second). */
static double print_rate(const char *what, double calls, double s, unsigned long long check)
{
    double rate = s > 0 ? calls / s : 0.0;
    printf("%-36s %7.1f M calls/s  (%.0f calls, %.3f s, check %llu)\n", what, rate / 1e6, calls, s,
           check);
    return rate;
}

/* Passes over the positions for each call measured: about 0.1 to 0.5 s
 * each on the development machine. */
enum {
    ROUNDS_GENERATE = 100,
    ROUNDS_COUNT = 1000,
    ROUNDS_MAKE = 100,
    ROUNDS_STATUS = 5000,
    ROUNDS_FEATURE = 500,
    ROUNDS_INCREMENTAL = 20,
};

/* Random playouts from the start position timed per run. */
#define PLAYOUTS 20000

/* Calls fn(position) `rounds` times over every position; prints the rate
 * and stores it in `out` (calls per CPU second). */
#define RATE_TO(out, name, rounds, expr)                                        \
    do {                                                                        \
        unsigned long long check_ = 0;                                          \
        double t_ = cpu_seconds();                                              \
        for (int r = 0; r < (rounds); r++)                                      \
            for (int i = 0; i < n; i++)                                         \
                check_ += (unsigned long long)(expr);                           \
        out = print_rate(name, (double)(rounds)*n, cpu_seconds() - t_, check_); \
    } while (0)
#define RATE(name, rounds, expr)               \
    do {                                       \
        double ignored_;                       \
        RATE_TO(ignored_, name, rounds, expr); \
        (void)ignored_;                        \
    } while (0)

/* The playout loop a bot writes without loa_random_move: the whole list
 * generated, one move picked. As loa_playout() otherwise. */
static loa_status playout_by_list(loa_board *b, loa_rng *rng)
{
    for (;;) {
        loa_move mv[LOA_MAX_MOVES];
        int n = loa_generate_moves(b, mv);
        loa_move m = n ? mv[loa_rng_below(rng, (uint32_t)n)] : LOA_MOVE_PASS;
        loa_make_move(b, m, NULL);
        loa_status st =
            loa_board_status_after(b, m != LOA_MOVE_PASS && (m & LOA_MOVE_CAPTURE), LOA_MAX_PLIES);
        if (st != LOA_ONGOING)
            return st;
    }
}

/* Random games from the start position by loa_playout() and by
 * playout_by_list(), PLAYOUTS each in PLAYOUT_CHUNKS chunks, interleaved
 * with passes of loa_count_moves over the positions (pos[0..n-1]), so
 * that the ratios to its rate hold however the load changes. Prints games
 * and plies per CPU second; *plies and *by_list get the plies per second,
 * *count loa_count_moves' calls per second in these passes. */
#define PLAYOUT_CHUNKS 20
#define PLAYOUT_COUNT_PASSES 10 /* passes of loa_count_moves after each chunk */
static void bench_playouts(const loa_board *pos, int n, double *plies, double *by_list,
                           double *count)
{
    loa_rng rng[2];
    loa_rng_seed(&rng[0], 1);
    loa_rng_seed(&rng[1], 1);
    long ply_sum[2] = {0, 0}, wins[2] = {0, 0};
    double s[2] = {0, 0}, s_count = 0;
    unsigned long long check = 0;
    for (int chunk = 0; chunk < PLAYOUT_CHUNKS; chunk++) {
        for (int k = 0; k < 2; k++) {
            double t = cpu_seconds();
            for (int g = 0; g < PLAYOUTS / PLAYOUT_CHUNKS; g++) {
                loa_board b;
                loa_board_init(&b);
                loa_status st =
                    k ? playout_by_list(&b, &rng[k]) : loa_playout(&b, &rng[k], LOA_MAX_PLIES);
                ply_sum[k] += b.ply;
                wins[k] += st != LOA_DRAW;
            }
            s[k] += cpu_seconds() - t;
        }
        double t = cpu_seconds();
        for (int r = 0; r < PLAYOUT_COUNT_PASSES; r++)
            for (int i = 0; i < n; i++)
                check += (unsigned long long)loa_count_moves(&pos[i]);
        s_count += cpu_seconds() - t;
    }
    for (int k = 0; k < 2; k++) {
        double rate = s[k] > 0 ? (double)ply_sum[k] / s[k] : 0.0;
        printf("%-36s %7.0f playouts/s %6.2f M plies/s  (%d games, %ld plies, %ld won, %.3f s)\n",
               k ? "playouts, generate + pick (compare)" : "playouts, loa_playout",
               s[k] > 0 ? PLAYOUTS / s[k] : 0.0, rate / 1e6, PLAYOUTS, ply_sum[k], wins[k], s[k]);
        *(k ? by_list : plies) = rate;
    }
    *count = print_rate("loa_count_moves, between the playouts",
                        (double)n * PLAYOUT_CHUNKS * PLAYOUT_COUNT_PASSES, s_count, check);
}

/* The features (loa/features.h) over the positions, and what MIA keeps
 * incrementally, both ways over every move of every position: recomputed
 * after make, or updated through loa_features_move/unmove. */
static void bench_features(const loa_board *pos, int n)
{
    RATE("loa_quad_counts", ROUNDS_FEATURE, loa_quad_counts(pos[i].pieces[(r + i) & 1]).q1);
    RATE("loa_euler4", ROUNDS_FEATURE, loa_euler4(pos[i].pieces[(r + i) & 1]) + 8);
    RATE("loa_com_of", ROUNDS_FEATURE, loa_com_of(pos[i].pieces[(r + i) & 1]).file_sum);
    RATE("loa_concentration", ROUNDS_FEATURE, loa_concentration(pos[i].pieces[(r + i) & 1]));
    RATE("loa_centralisation", ROUNDS_FEATURE,
         loa_centralisation(pos[i].pieces[(r + i) & 1], NULL) + 1000);
    RATE("loa_bounding_area", ROUNDS_FEATURE, loa_bounding_area(pos[i].pieces[(r + i) & 1]));
    RATE("loa_connections", ROUNDS_FEATURE, loa_connections(pos[i].pieces[(r + i) & 1]));
    RATE("loa_walls", ROUNDS_FEATURE,
         loa_walls(pos[i].pieces[(r + i) & 1], pos[i].pieces[(r + i + 1) & 1]));
    RATE("loa_mobility (MIA weights)", ROUNDS_GENERATE,
         loa_mobility(&pos[i], pos[i].side, &loa_mobility_mia));

    /* every move of every position, made and unmade, with the centre of
     * mass and quad counts of both colours kept up to date */
    unsigned long long check_full = 0, check_incr = 0;
    double s_full = 0, s_incr = 0, made = 0;
    for (int i = 0; i < n; i++) {
        loa_board b = pos[i];
        loa_move mv[LOA_MAX_MOVES];
        int k = loa_generate_moves(&b, mv);
        loa_feature_state f;
        loa_features_init(&f, &b);
        double t = cpu_seconds();
        for (int r = 0; r < ROUNDS_INCREMENTAL; r++)
            for (int j = 0; j < k; j++) {
                loa_undo u;
                loa_make_move(&b, mv[j], &u);
                for (int c = 0; c < 2; c++)
                    check_full += (unsigned long long)(loa_quad_counts(b.pieces[c]).q1 +
                                                       loa_com_of(b.pieces[c]).file_sum);
                loa_unmake_move(&b, &u);
            }
        double t1 = cpu_seconds();
        for (int r = 0; r < ROUNDS_INCREMENTAL; r++)
            for (int j = 0; j < k; j++) {
                loa_undo u;
                loa_features_move(&f, &b, mv[j]);
                loa_make_move(&b, mv[j], &u);
                for (int c = 0; c < 2; c++)
                    check_incr += (unsigned long long)(loa_features_quads(&f, (loa_color)c).q1 +
                                                       f.com[c].file_sum);
                loa_unmake_move(&b, &u);
                loa_features_unmove(&f, &b, mv[j]);
            }
        s_full += t1 - t;
        s_incr += cpu_seconds() - t1;
        made += (double)ROUNDS_INCREMENTAL * k;
    }
    print_rate("moves + quads, com recomputed", made, s_full, check_full);
    print_rate("moves + quads, com incremental", made, s_incr, check_incr);
}

/* The call-rate part: calls per CPU second of each function over the same
 * positions. The check sums make every result used (and show two runs did
 * the same work). */
static void bench_calls(void)
{
    static loa_board pos[RATE_POSITIONS_MAX];
    int n = rate_positions(pos);
    loa_move mv[LOA_MAX_MOVES];

    printf("call rates over %d positions of %d seeded random games (CPU time):\n", n, RATE_GAMES);
    /* The four whose ratios the bench reports are timed interleaved, a
     * pass over the positions each in turn, as the perft part is: the
     * ratios then hold however the load changes during the run. */
    enum { GEN, GEN_CG, COUNT, RANDOM, TIMED };
    static const char *const timed_name[TIMED] = {"loa_generate_moves", "loa_generate_moves_cg",
                                                  "loa_count_moves", "loa_random_move"};
    double timed_s[TIMED] = {0}, timed_rate[TIMED];
    unsigned long long timed_check[TIMED] = {0};
    loa_rng rng;
    loa_rng_seed(&rng, 1);
    for (int r = 0; r < ROUNDS_GENERATE; r++)
        for (int k = 0; k < TIMED; k++) {
            double t = cpu_seconds();
            for (int c = 0; c < (k == COUNT ? ROUNDS_COUNT / ROUNDS_GENERATE : 1); c++)
                for (int i = 0; i < n; i++)
                    timed_check[k] +=
                        k == GEN      ? (unsigned long long)loa_generate_moves(&pos[i], mv)
                        : k == GEN_CG ? (unsigned long long)loa_generate_moves_cg(&pos[i], mv)
                        : k == COUNT  ? (unsigned long long)loa_count_moves(&pos[i])
                                      : (unsigned long long)loa_random_move(&pos[i], &rng);
            timed_s[k] += cpu_seconds() - t;
        }
    for (int k = 0; k < TIMED; k++)
        timed_rate[k] =
            print_rate(timed_name[k], (double)n * (k == COUNT ? ROUNDS_COUNT : ROUNDS_GENERATE),
                       timed_s[k], timed_check[k]);
    double gen = timed_rate[GEN], gen_cg = timed_rate[GEN_CG], count = timed_rate[COUNT],
           random_move = timed_rate[RANDOM];
    RATE("loa_board_status", ROUNDS_STATUS, loa_board_status(&pos[i], LOA_MAX_PLIES));
    RATE("loa_board_status_after (no capture)", ROUNDS_STATUS,
         loa_board_status_after(&pos[i], 0, LOA_MAX_PLIES));
    RATE("loa_connected", ROUNDS_STATUS, loa_connected(pos[i].pieces[(r + i) & 1]));

    /* make + unmake of every move of every position (the lists are made
     * outside the timing, one position at a time) */
    unsigned long long check = 0;
    double s = 0, made = 0;
    for (int i = 0; i < n; i++) {
        loa_board b = pos[i];
        int k = loa_generate_moves(&b, mv);
        double t = cpu_seconds();
        for (int r = 0; r < ROUNDS_MAKE; r++)
            for (int j = 0; j < k; j++) {
                loa_undo u;
                loa_make_move(&b, mv[j], &u);
                check += b.pieces[0] >> 60;
                loa_unmake_move(&b, &u);
            }
        s += cpu_seconds() - t;
        made += (double)ROUNDS_MAKE * k;
    }
    print_rate("loa_make_move + loa_unmake_move", made, s, check);

    printf("random playouts from the start position (CPU time):\n");
    double plies, plies_by_list, count_playouts;
    bench_playouts(pos, n, &plies, &plies_by_list, &count_playouts);
    printf("features (loa/features.h):\n");
    bench_features(pos, n);

    printf("ratios to loa_count_moves in this run (higher is faster):\n");
    printf("  loa_generate_moves %.2f  loa_generate_moves_cg %.2f  loa_random_move %.2f\n",
           count > 0 ? gen / count : 0.0, count > 0 ? gen_cg / count : 0.0,
           count > 0 ? random_move / count : 0.0);
    printf("  playout plies %.2f  (generate + pick: %.2f; to the loa_count_moves passes between "
           "the playouts)\n",
           count_playouts > 0 ? plies / count_playouts : 0.0,
           count_playouts > 0 ? plies_by_list / count_playouts : 0.0);
}

int perft_bench_run(void)
{
    print_load("at start");
    perft_baseline_init();
    int rc = bench_perft();
    bench_calls();
    print_load("at end");
    return rc;
}
