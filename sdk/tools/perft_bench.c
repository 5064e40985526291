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

static void print_rate(const char *what, double calls, double s, unsigned long long check)
{
    printf("%-34s %7.1f M calls/s  (%.0f calls, %.3f s, check %llu)\n", what,
           s > 0 ? calls / s / 1e6 : 0.0, calls, s, check);
}

/* Passes over the positions for each call measured: about 0.1 to 0.5 s
 * each on the development machine. */
enum {
    ROUNDS_GENERATE = 100,
    ROUNDS_COUNT = 1000,
    ROUNDS_MAKE = 100,
    ROUNDS_STATUS = 5000,
};

/* Calls fn(position) `rounds` times over every position; prints the rate. */
#define RATE(name, rounds, expr)                                                               \
    do {                                                                                       \
        unsigned long long check_ = 0;                                                         \
        double t_ = cpu_seconds();                                                             \
        for (int r = 0; r < (rounds); r++)                                                     \
            for (int i = 0; i < n; i++)                                                        \
                check_ += (unsigned long long)(expr);                                          \
        print_rate(name, (double)(rounds) * n, cpu_seconds() - t_, check_);                    \
    } while (0)

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
    RATE("loa_generate_moves", ROUNDS_GENERATE, loa_generate_moves(&pos[i], mv));
    RATE("loa_generate_moves_cg", ROUNDS_GENERATE, loa_generate_moves_cg(&pos[i], mv));
    RATE("loa_count_moves", ROUNDS_COUNT, loa_count_moves(&pos[i]));
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
