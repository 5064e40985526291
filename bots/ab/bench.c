/*
 * bots/ab/bench.c - loa-ab --bench (bench.h).
 */
#include "bench.h"

#include <stdint.h>

#include "loa/loa.h"

/* The bench positions (board strings with side to move and ply): the
 * start, then middle games and endgames from loa-ab self-play games
 * through loa-referee (seeds 1, 2, 3 at the real limits, plies 12-44), and
 * the middle game of docs/bots.md. Each has more than one legal move, so
 * each is searched, and none is a forced result at shallow depth (which
 * would end its iterations early and test little). */
static const char *const bench_positions[] = {
    ".bbbbbb./w......w/w......w/w......w/w......w/w......w/w......w/.bbbbbb. b",
    "..bbbb../......w./.ww.w..w/w...b..w/.......w/w....bbw/..b....w/..b.b... b 12",
    "..b..w../.w....../..b.w.bw/..b.wb.w/.....bw./....w.bw/.......w/...b.... w 25",
    "......../.wb...../..bww.b./....www./....b.bw/......bw/......w./........ b 38",
    "....b.../.wb...../..bwww../....www./....bw../.....bb./......w./........ b 44",
    ".bbbbbb./..wb...w/..w....w/..b.w..w/..b....w/...b..../......../...b.... b 16",
    ".bbbb.../..wb...w/..wb..../..b.w..w/..w....w/...b..../..b...../........ w 21",
    "..bbbbb./..w...w./..wwb.../..wb.b.w/..b..w.w/....bw../......../........ b 20",
    "..bbwb../.bw...w./...wb.../..bb.b.w/..b.ww../.....w../......../........ w 25",
    "..b...../......w./......bw/..bbw.b./wb...w../.b.bww../.b.wb.../.w..b... b 24",
};

int bench_run(search_ctx *c, int depth, FILE *out)
{
    int n = (int)(sizeof bench_positions / sizeof bench_positions[0]);
    uint64_t total = 0;
    int64_t t0 = loa_now_us();
    for (int i = 0; i < n; i++) {
        loa_board b;
        int rc = loa_board_parse(bench_positions[i], &b);
        if (rc != LOA_OK) { /* a typo in the table above */
            fprintf(stderr, "loa-ab: bad bench position %d: %s\n", i + 1, loa_strerror(rc));
            return -1;
        }
        search_clear(c);
        search_limits lim = {.max_depth = depth};
        search_result r = search_run(c, &b, lim);
        total += r.nodes;
        char buf[LOA_MOVE_STRING_MAX];
        fprintf(out, "bench: position %2d nodes %10llu best %s score %d time %.0f ms\n", i + 1,
                (unsigned long long)r.nodes, loa_move_format(r.best, buf), r.score,
                r.time_us / 1000.0);
    }
    int64_t us = loa_now_us() - t0;
    fprintf(out, "bench: nodes %llu time %lld ms nps %.0f\n", (unsigned long long)total,
            (long long)(us / 1000), us > 0 ? total * 1e6 / (double)us : 0.0);
    return 0;
}
