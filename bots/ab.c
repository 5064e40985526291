/*
 * loa-ab - the strong bundled bot: iterative-deepening principal variation
 * search with a transposition table, null move, late move reductions and
 * killer/history ordering (bots/ab/search.h) over an evaluation from the
 * LOA literature: concentration, centralisation, quads/Euler number,
 * uniformity, mobility (bots/ab/eval.h).
 *
 * Time: the clock starts when a turn's input has been read. The search
 * starts no new iteration after half of --move-time and stops at
 * --move-time, never later than the turn limit (1000 ms first turn, 150 ms
 * after) minus --margin. When the last search got less than 80% of a core
 * (CPU time / wall time: the machine is oversubscribed) the budget shrinks
 * in proportion, because a descheduled process answers late whatever its
 * deadline. --deterministic searches to a fixed depth with no clock and a
 * cleared table: the same position always gives the same move.
 *
 * --bench searches a fixed set of positions to a fixed depth from a fresh
 * state and prints the nodes of each and their total: a signature of the
 * search that a change meant to leave the search alone must keep.
 *
 * stderr: one line per turn (move, depth, score, nodes, time, nps, PV);
 * the answer carries a short comment "d<depth> <score>".
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "loa/loa.h"
#include "ab/search.h"

typedef struct ab_options {
    int move_time_ms;  /* target per turn */
    int margin_ms;     /* kept free under the turn limit */
    int first_turn_ms; /* referee limits */
    int turn_ms;
    int depth;         /* 0 = as deep as time allows (deterministic: 5) */
    int deterministic;
    int tt_mb;
    int quiet, verbose;
    int adapt;         /* plan less when the machine is oversubscribed */
    const char *position; /* analyse this board string and exit */
    int bench;         /* 1: run the bench (--bench) and exit */
    int bench_depth;   /* plies searched per bench position */
} ab_options;

/* Default --bench-depth: deep enough that every part of the search (null
 * move, both reduction steps, killers, history, the table) takes part and
 * the middle games reach the depths played at 50 ms a turn; shallow enough
 * that the whole bench takes about half a second in a Release build (depth
 * 10 takes four times as long, mostly in the start position). */
#define AB_BENCH_DEPTH 9

/* The bench positions (board strings, side to move and ply): the start,
 * then middle games and endgames from loa-ab self-play games through
 * loa-referee (seeds 1, 2, 3 at the real limits), and the middle game of
 * docs/bots.md. Each has more than one legal move, so each is searched. */
static const char *const ab_bench_positions[] = {
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

static void usage(FILE *out)
{
    fputs("Usage: loa-ab [options]\n"
          "Lines of Action bot for the CodinGame protocol (stdin/stdout): iterative-deepening\n"
          "alpha-beta (PVS, transposition table, null move, LMR, killers, history).\n"
          "\n"
          "  -t, --move-time=MS      target time per turn (default 50; first turn 5x);\n"
          "                          no new iteration starts after half of it\n"
          "  -m, --margin=MS         never use more than the turn limit minus MS (default 40)\n"
          "      --first-turn-ms=MS  the referee's first-turn limit (default 1000)\n"
          "      --turn-ms=MS        the referee's limit for later turns (default 150)\n"
          "  -d, --depth=N           search at most N plies (default: as time allows)\n"
          "  -D, --deterministic     fixed depth (-d, default 5), no clock, table cleared\n"
          "                          every turn: the same position gives the same move\n"
          "  -H, --hash=MB           transposition table size in MiB (default 32)\n"
          "      --no-adapt          keep the full --move-time even when the machine is\n"
          "                          oversubscribed (by default the budget shrinks with\n"
          "                          the share of a core the last search got)\n"
          "  -p, --position=BOARD    analyse one board string (`.bbbbbb./w......w/... b [ply]`),\n"
          "                          searching for the whole --move-time, print each\n"
          "                          iteration and the move, and exit\n"
          "      --bench             search a fixed set of positions to a fixed depth from\n"
          "                          a fresh state (no clock) and print the nodes of each\n"
          "                          and their total, a signature of the search; exit\n"
          "      --bench-depth=N     plies per bench position (default 9; implies --bench)\n"
          "  -q, --quiet             no search info on stderr\n"
          "  -v, --verbose           one stderr line per iteration\n"
          "  -h, --help              show this help\n",
          out);
}

static int parse_int(const char *text, int lo, int hi, int *out)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (end == text || *end || v < lo || v > hi)
        return -1;
    *out = (int)v;
    return 0;
}

/* Parses argv into *o; returns 0, 1 after --help, or 2 on a bad option. */
static int parse_options(int argc, char **argv, ab_options *o)
{
    static const struct option longs[] = {
        {"move-time", required_argument, NULL, 't'}, {"margin", required_argument, NULL, 'm'},
        {"first-turn-ms", required_argument, NULL, 'F'}, {"turn-ms", required_argument, NULL, 'T'},
        {"depth", required_argument, NULL, 'd'}, {"deterministic", no_argument, NULL, 'D'},
        {"hash", required_argument, NULL, 'H'}, {"position", required_argument, NULL, 'p'},
        {"quiet", no_argument, NULL, 'q'}, {"verbose", no_argument, NULL, 'v'},
        {"no-adapt", no_argument, NULL, 'A'}, {"bench", no_argument, NULL, 'B'},
        {"bench-depth", required_argument, NULL, 'b'},
        {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
    *o = (ab_options){50, 40, 1000, 150, 0, 0, 32, 0, 0, 1, NULL, 0, AB_BENCH_DEPTH};
    int ch, bad = 0;
    while (!bad && (ch = getopt_long(argc, argv, "t:m:d:DH:p:qvh", longs, NULL)) != -1) {
        switch (ch) {
        case 't': bad = parse_int(optarg, 1, 100000, &o->move_time_ms); break;
        case 'm': bad = parse_int(optarg, 0, 100000, &o->margin_ms); break;
        case 'F': bad = parse_int(optarg, 1, 1000000, &o->first_turn_ms); break;
        case 'T': bad = parse_int(optarg, 1, 1000000, &o->turn_ms); break;
        case 'd': bad = parse_int(optarg, 1, SEARCH_MAX_DEPTH, &o->depth); break;
        case 'D': o->deterministic = 1; break;
        case 'H': bad = parse_int(optarg, 1, 4096, &o->tt_mb); break;
        case 'p': o->position = optarg; break;
        case 'q': o->quiet = 1; break;
        case 'v': o->verbose = 1; break;
        case 'A': o->adapt = 0; break;
        case 'B': o->bench = 1; break;
        case 'b':
            bad = parse_int(optarg, 1, SEARCH_MAX_DEPTH, &o->bench_depth);
            o->bench = 1;
            break;
        case 'h': usage(stdout); return 1;
        default: return 2; /* getopt_long printed the reason */
        }
        if (bad) {
            const char *name = "?";
            for (const struct option *l = longs; l->name; l++)
                if (l->val == ch)
                    name = l->name;
            fprintf(stderr, "loa-ab: bad value '%s' for option --%s\n", optarg, name);
        }
    }
    if (!bad && optind < argc) {
        fprintf(stderr, "loa-ab: unexpected argument '%s' (see --help)\n", argv[optind]);
        bad = 1;
    }
    return bad ? 2 : 0;
}

/* Thread CPU time in microseconds (CLOCK_THREAD_CPUTIME_ID, POSIX). */
static int64_t cpu_now_us(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return 0;
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Limits for a turn whose input was read at t0 (loa_now_us()). `share` is
 * the share of a core the last search got (CPU time / wall time): on an
 * oversubscribed machine the process is descheduled for tens of ms at a
 * time, before, during and after the search, which no deadline check can
 * see, so the budget shrinks with the share (down to a fifth). */
static search_limits turn_limits(const ab_options *o, int first_turn, int64_t t0, double share)
{
    search_limits lim = {o->depth ? o->depth : SEARCH_MAX_DEPTH, 1, 0, 0};
    if (o->deterministic) {
        lim.max_depth = o->depth ? o->depth : 5;
        lim.use_clock = 0;
        return lim;
    }
    int64_t limit = first_turn ? o->first_turn_ms : o->turn_ms;
    int64_t budget = first_turn ? 5 * (int64_t)o->move_time_ms : o->move_time_ms;
    if (o->adapt && share < 0.8)
        budget = (int64_t)(budget * (share < 0.2 ? 0.2 : share));
    if (budget > limit - o->margin_ms)
        budget = limit - o->margin_ms;
    if (budget < 1)
        budget = 1;
    lim.hard_us = t0 + budget * 1000;
    lim.soft_us = t0 + budget * 500;
    return lim;
}

/* One stderr line about a finished search. */
static void report(const search_result *r, double share)
{
    char buf[LOA_MOVE_STRING_MAX];
    double ms = r->time_us / 1000.0;
    fprintf(stderr, "loa-ab: %s depth %d score %d nodes %llu time %.1f ms nps %.0f pv",
            loa_move_format(r->best, buf), r->depth, r->score, (unsigned long long)r->nodes, ms,
            r->time_us > 0 ? r->nodes * 1e6 / (double)r->time_us : 0.0);
    for (int i = 0; i < r->pv_len && i < 8; i++)
        fprintf(stderr, " %s", loa_move_format(r->pv[i], buf));
    if (share < 0.8)
        fprintf(stderr, " (got %.0f%% of a core)", 100 * share);
    fputc('\n', stderr);
}

static int analyse(search_ctx *ctx, const ab_options *o)
{
    loa_board b;
    int rc = loa_board_parse(o->position, &b);
    if (rc != LOA_OK) {
        fprintf(stderr, "loa-ab: bad board '%s': %s\n", o->position, loa_strerror(rc));
        return 2;
    }
    if (loa_board_status(&b, LOA_MAX_PLIES) != LOA_ONGOING) {
        fprintf(stderr, "loa-ab: the game is already over in that position\n");
        return 2;
    }
    search_limits lim = turn_limits(o, 0, loa_now_us(), 1.0);
    if (!o->deterministic) { /* the whole --move-time, ignoring turn limits */
        lim.hard_us = loa_now_us() + (int64_t)o->move_time_ms * 1000;
        lim.soft_us = lim.hard_us;
    }
    ctx->verbose = !o->quiet;
    search_result r = search_run(ctx, &b, lim);
    report(&r, 1.0);
    char buf[LOA_MOVE_STRING_MAX];
    printf("%s\n", loa_move_format(r.best, buf));
    return 0;
}

/* --bench: each position searched to o->bench_depth plies from a cleared
 * state (table, killers, history: search_clear()), no clock. Prints one
 * line per position and a total line on stdout; returns the exit status.
 * The node total depends only on the positions, the depth, the table size
 * and the search code, never on the machine or the clock. */
static int bench(search_ctx *ctx, const ab_options *o)
{
    int n = (int)(sizeof ab_bench_positions / sizeof ab_bench_positions[0]);
    uint64_t total = 0;
    int64_t t0 = loa_now_us();
    for (int i = 0; i < n; i++) {
        loa_board b;
        int rc = loa_board_parse(ab_bench_positions[i], &b);
        if (rc != LOA_OK) { /* a typo in the table above */
            fprintf(stderr, "loa-ab: bad bench position %d: %s\n", i + 1, loa_strerror(rc));
            return 1;
        }
        search_clear(ctx);
        search_limits lim = {o->bench_depth, 0, 0, 0};
        search_result r = search_run(ctx, &b, lim);
        total += r.nodes;
        char buf[LOA_MOVE_STRING_MAX];
        printf("bench: position %2d nodes %10llu best %s score %d time %.0f ms\n", i + 1,
               (unsigned long long)r.nodes, loa_move_format(r.best, buf), r.score,
               r.time_us / 1000.0);
    }
    int64_t us = loa_now_us() - t0;
    printf("bench: nodes %llu time %lld ms nps %.0f\n", (unsigned long long)total,
           (long long)(us / 1000), us > 0 ? total * 1e6 / (double)us : 0.0);
    return 0;
}

/* 1 if m (flags ignored) is in the referee's list. */
static int listed(const loa_turn *t, loa_move m)
{
    for (int i = 0; i < t->move_count; i++)
        if (LOA_MOVE_SQUARES(t->moves[i]) == LOA_MOVE_SQUARES(m) ||
            (m == LOA_MOVE_PASS && t->moves[i] == LOA_MOVE_PASS))
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    ab_options o;
    int rc = parse_options(argc, argv, &o);
    if (rc)
        return rc == 1 ? 0 : 2;
    quads_init();
    search_ctx ctx;
    if (search_init(&ctx, (size_t)o.tt_mb) != 0) {
        fprintf(stderr, "loa-ab: out of memory for a %d MiB table\n", o.tt_mb);
        return 1;
    }
    ctx.verbose = o.verbose;
    if (o.bench) {
        rc = bench(&ctx, &o);
        search_free(&ctx);
        return rc;
    }
    if (o.position) {
        rc = analyse(&ctx, &o);
        search_free(&ctx);
        return rc;
    }

    loa_turn turn;
    loa_turn_init(&turn);
    double share = 1.0; /* share of a core the last search got */
    while ((rc = loa_turn_read(stdin, &turn)) == LOA_OK) {
        int64_t t0 = loa_now_us(), cpu0 = cpu_now_us();
        if (o.deterministic)
            search_clear(&ctx);
        search_result r =
            search_run(&ctx, &turn.board, turn_limits(&o, turn.turns_read == 1, t0, share));
        /* Share of a core this search got; searches under 5 ms say too little. */
        int64_t wall = loa_now_us() - t0;
        if (wall >= 5000)
            share = (double)(cpu_now_us() - cpu0) / (double)wall;
        if (!listed(&turn, r.best)) {
            char buf[LOA_MOVE_STRING_MAX];
            fprintf(stderr, "loa-ab: warning: %s is not in the referee's list; playing its first move\n",
                    loa_move_format(r.best, buf));
            r.best = turn.moves[0];
        }
        if (!o.quiet)
            report(&r, share);
        char comment[24];
        snprintf(comment, sizeof comment, "d%d %d", r.depth, r.score);
        if (loa_turn_write(stdout, r.best, comment) != LOA_OK) {
            search_free(&ctx);
            return 1;
        }
    }
    search_free(&ctx);
    if (rc != LOA_E_EOF) {
        fprintf(stderr, "loa-ab: bad input: %s\n", turn.error);
        return 1;
    }
    return 0;
}
