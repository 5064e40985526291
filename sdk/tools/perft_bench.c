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

#include "loa/loa.h"
#include "loa/features.h"
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
    printf("%-76s %-5s %13s %9s %9s %6s\n", "position", "depth", "leaves", "sdk s",
               "base s", "ratio");
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
    printf("%-36s %7.1f M calls/s  (%.0f calls, %.3f s, check %llu)\n", what, rate / 1e6, calls,
           s, check);
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
#define RATE_TO(out, name, rounds, expr)                                                       \
    do {                                                                                       \
        unsigned long long check_ = 0;                                                         \
        double t_ = cpu_seconds();                                                             \
        for (int r = 0; r < (rounds); r++)                                                     \
            for (int i = 0; i < n; i++)                                                        \
                check_ += (unsigned long long)(expr);                                          \
        out = print_rate(name, (double)(rounds) * n, cpu_seconds() - t_, check_);              \
    } while (0)
#define RATE(name, rounds, expr)                                                               \
    do {                                                                                       \
        double ignored_;                                                                       \
        RATE_TO(ignored_, name, rounds, expr);                                                 \
        (void)ignored_;                                                                        \
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
        loa_status st = loa_board_status_after(b, m != LOA_MOVE_PASS && (m & LOA_MOVE_CAPTURE),
                                               LOA_MAX_PLIES);
        if (st != LOA_ONGOING)
            return st;
    }
}

/* PLAYOUTS random games from the start position, by loa_playout() (by_list
 * 0) or by playout_by_list(); prints games and plies per CPU second and
 * returns the plies per second. */
static double bench_playouts(int by_list)
{
    loa_rng rng;
    loa_rng_seed(&rng, 1);
    long plies = 0, wins = 0;
    double t = cpu_seconds();
    for (int g = 0; g < PLAYOUTS; g++) {
        loa_board b;
        loa_board_init(&b);
        loa_status st = by_list ? playout_by_list(&b, &rng) : loa_playout(&b, &rng, LOA_MAX_PLIES);
        plies += b.ply;
        wins += st != LOA_DRAW;
    }
    double s = cpu_seconds() - t, rate = s > 0 ? (double)plies / s : 0.0;
    printf("%-36s %7.0f playouts/s %6.2f M plies/s  (%d games, %ld plies, %ld won, %.3f s)\n",
           by_list ? "playouts, generate + pick (compare)" : "playouts, loa_playout", PLAYOUTS / s,
           rate / 1e6, PLAYOUTS, plies, wins, s);
    return rate;
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

    printf("call rates over %d positions of %d seeded random games (CPU time):\n", n,
           RATE_GAMES);
    double gen, gen_cg, count, random_move;
    RATE_TO(gen, "loa_generate_moves", ROUNDS_GENERATE, loa_generate_moves(&pos[i], mv));
    RATE_TO(gen_cg, "loa_generate_moves_cg", ROUNDS_GENERATE, loa_generate_moves_cg(&pos[i], mv));
    RATE_TO(count, "loa_count_moves", ROUNDS_COUNT, loa_count_moves(&pos[i]));
    loa_rng rng;
    loa_rng_seed(&rng, 1);
    RATE_TO(random_move, "loa_random_move", ROUNDS_GENERATE, loa_random_move(&pos[i], &rng));
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
    double plies = bench_playouts(0), plies_by_list = bench_playouts(1);
    printf("features (loa/features.h):\n");
    bench_features(pos, n);

    printf("ratios to loa_count_moves in this run (higher is faster):\n");
    printf("  loa_generate_moves %.2f  loa_generate_moves_cg %.2f  loa_random_move %.2f\n",
           count > 0 ? gen / count : 0.0, count > 0 ? gen_cg / count : 0.0,
           count > 0 ? random_move / count : 0.0);
    printf("  playout plies %.2f  (generate + pick: %.2f)\n", count > 0 ? plies / count : 0.0,
           count > 0 ? plies_by_list / count : 0.0);
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
