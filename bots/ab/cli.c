/*
 * bots/ab/cli.c - loa-ab's program (ab_main, cli.h), whose main is
 * bots/ab.c (and examples/nn/bot.c's, with its embedded network).
 *
 * loa-ab - the strong bundled bot: iterative-deepening principal variation
 * search with a transposition table, null move, late move reductions and
 * killer/history ordering (bots/ab/search.c, pvs.c, tt.c) over an evaluation
 * from the LOA literature: concentration, centralisation, quads/Euler
 * number, uniformity, mobility (bots/ab/eval.c over the SDK's loa/features.h),
 * or a value network (--eval nn: loa/nn.h, the weights from --weights or
 * embedded in the bundle; docs/nn.md). This file is the
 * program: options, time management, the protocol loop, --position,
 * --bench (bots/ab/bench.c) and --analyse, the analysis protocol of
 * loa-analyse (bots/ab/analyse.c, docs/analysis.md).
 *
 * Time (CodinGame's limits: 1000 ms first turn, 150 ms after): the clock
 * starts when a turn's input has been read. A later turn plans --move-time
 * (110 ms), the first AB_FIRST_TURN_MS (500 ms: its table helps every later
 * turn); no new iteration starts after half of the plan, and the search
 * stops at the plan, never later than the turn limit minus the margin.
 * The margin adapts: it is --margin plus twice the worst recent lateness
 * (how much later than planned an answer actually left, measured by the bot
 * itself), fading by a quarter a turn. When the last search got less than
 * 80% of a core (CPU time / wall time: the machine is oversubscribed) the
 * plan shrinks in proportion, because a descheduled process answers late
 * whatever its deadline. --deterministic searches to a fixed depth with no clock and a
 * cleared table: the same position always gives the same move. --nodes replaces the
 * clock by a node count: the same turns in the same order give the same moves on any
 * machine, at any load.
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

#include "analyse.h"
#include "bench.h"
#include "budget.h"
#include "cli.h"
#include "eval.h"
#include "loa/loa.h"
#include "search.h"
#include "weights.h"

/* ---- time management and defaults ------------------------------------------ */

/* Default --move-time, ms: a later turn plans at most this (and starts no
 * iteration after half of it): 110 of CodinGame's 150 ms, the rest the
 * margin (docs/bots.md: +Elo over the former 50 ms, and no time loss in
 * 1,000 games). */
#define AB_MOVE_TIME_MS 110
/* Default --margin, ms, kept free under the turn limit whatever --move-time
 * says: covers the pipe's latency and an iteration's abort; lateness
 * measured in play adds to it (AB_LATE_*). */
#define AB_MARGIN_MS 25
/* The first turn plans this, ms (at most its limit minus the margin): the
 * table it fills helps every later turn, and 500 of 1000 ms leaves room
 * for a slow process start. */
#define AB_FIRST_TURN_MS 500
/* Adaptive margin: each turn's lateness (answer time minus plan, when
 * positive) times AB_LATE_FACTOR becomes the extra margin when it is more
 * than the current one, which otherwise fades to AB_LATE_KEEP of itself;
 * never more than AB_LATE_MAX_MS. */
#define AB_LATE_FACTOR 2
#define AB_LATE_KEEP 0.75
#define AB_LATE_MAX_MS 60
/* CodinGame's turn limits, ms (the defaults of --first-turn-ms and
 * --turn-ms; docs/rules.md). */
#define AB_FIRST_TURN_LIMIT_MS 1000
#define AB_TURN_LIMIT_MS 150
/* Default --hash, MiB: 2 M entries of 16 bytes, more than a 50 ms search
 * at 3 M nodes/s can fill, small beside a contest's memory limit. */
#define AB_HASH_MB 32
/* Largest --hash, MiB. */
#define AB_HASH_MB_MAX 4096
/* --deterministic's depth when --depth is not given, plies: a few ms a
 * turn, so tests that replay whole games stay fast. */
#define AB_DETERMINISTIC_DEPTH 5
/* Below this share of a core (CPU time / wall time of the last search) the
 * machine is oversubscribed and the budget shrinks in proportion. */
#define AB_SHARE_ADAPT_BELOW 0.8
/* ... but never below this share of the budget: a search that short would
 * be too shallow to play well, and the share is only an estimate. */
#define AB_SHARE_FLOOR 0.2
/* Searches shorter than this, us, say too little about the share (one
 * descheduling would dominate), so the share is not updated. */
#define AB_SHARE_MIN_WALL_US 5000

/* ---- tunable parameters ----------------------------------------------------- */
/* The evaluation's weights and the search's main constants as options
 * (--w-concentration=8, ...), so that a tuner (loa-tune, docs/tuning.md)
 * can play versions of loa-ab without rebuilding it. Their defaults are
 * the built-in values (eval.h, search_params.h), so loa-ab without them
 * plays and benches as before. The bounds only reject values the search
 * cannot run with (a divisor of 0, a reduction past the depth). */
typedef struct ab_param {
    const char *name;
    int *value;
    int lo, hi;
} ab_param;
static const ab_param ab_params[] = {
    {"w-concentration", &eval_w.concentration, -1000, 1000},
    {"w-euler4", &eval_w.euler4, -1000, 1000},
    {"w-centre-pst", &eval_w.centre_pst, -1000, 1000},
    {"w-com-centre", &eval_w.com_centre, -1000, 1000},
    {"w-area", &eval_w.area, -1000, 1000},
    {"w-mobility", &eval_w.mobility, -1000, 1000},
    {"w-tempo", &eval_w.tempo, -1000, 1000},
    {"null-move-r", &search_p.null_move_r, 0, 6},
    {"null-move-r-deep", &search_p.null_move_r_deep, 0, 6},
    {"lmr-min-move", &search_p.lmr_min_move, 1, 100},
    {"lmr-divisor", &search_p.lmr_divisor, 50, 1000},
    {"aspiration-delta", &search_p.aspiration_delta, 1, 1000},
    {"history-age", &search_p.history_age, 1, 64},
};
#define AB_PARAMS (int)(sizeof ab_params / sizeof ab_params[0])

typedef struct ab_options {
    int move_time_ms;  /* target per turn */
    int margin_ms;     /* kept free under the turn limit */
    int first_turn_ms; /* referee limits */
    int turn_ms;
    int depth; /* 0 = as deep as time allows (deterministic: AB_DETERMINISTIC_DEPTH) */
    int deterministic;
    int tt_mb;
    int nodes; /* 0 = the clock limits a turn, else at most this many nodes */
    int quiet, verbose;
    int adapt;            /* plan less when the machine is oversubscribed */
    const char *position; /* analyse this board string and exit */
    int bench;            /* 1: run the bench (--bench) and exit */
    int bench_depth;      /* plies searched per bench position */
    int analyse;          /* 1: the analysis protocol on stdin/stdout (--analyse) */
    int eval;             /* AB_EVAL_*: -1 until --eval says (then: nn when there are weights) */
    const char *weights;  /* --weights FILE, or NULL */
} ab_options;

static void usage(FILE *out)
{
    fputs("Usage: loa-ab [options]\n"
          "Lines of Action bot for the CodinGame protocol (stdin/stdout): iterative-deepening\n"
          "alpha-beta (PVS, transposition table, null move, LMR, killers, history).\n"
          "\n"
          "  -t, --move-time=MS      target time per turn (default 110; the first turn\n"
          "                          500); no new iteration starts after half of it\n"
          "  -m, --margin=MS         never use more than the turn limit minus MS (default\n"
          "                          25, plus twice the worst recent lateness)\n"
          "      --first-turn-ms=MS  the referee's first-turn limit (default 1000)\n"
          "      --turn-ms=MS        the referee's limit for later turns (default 150)\n"
          "  -d, --depth=N           search at most N plies (default: as time allows)\n"
          "  -D, --deterministic     fixed depth (-d, default 5), no clock, table cleared\n"
          "                          every turn: the same position gives the same move\n"
          "  -H, --hash=MB           transposition table size in MiB (default 32)\n"
          "      --nodes=N           search N nodes a turn, no clock (no new iteration\n"
          "                          after N/2; -p: all N): the same moves on any machine\n"
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
          "      --analyse           answer loa-analyse's requests on stdin, one a line:\n"
          "                          'go depth|nodes|movetime N BOARD' -> 'bestmove MOVE\n"
          "                          score cp S|win P|loss P depth D nodes N pv ...'\n"
          "      --eval=hand|nn      the evaluation: loa-ab's hand-made one or the value\n"
          "                          network of --weights (default: nn when there are\n"
          "                          weights, given or embedded in the bot; else hand)\n"
          "      --weights=FILE      the network's weights (loa/nn.h's file, docs/nn.md)\n"
          "  -q, --quiet             no search line on stderr (the metrics lines stay)\n"
          "  -v, --verbose           one stderr line per iteration\n"
          "  -h, --help              show this help\n"
          "Evaluation weights (points per feature unit) and search constants (lmr-divisor\n"
          "in hundredths), for tuning (docs/tuning.md):\n",
          out);
    for (int i = 0; i < AB_PARAMS; i++)
        fprintf(out, "      --%s=N%*s(default %d, %d..%d)\n", ab_params[i].name,
                18 - (int)strlen(ab_params[i].name), "", *ab_params[i].value, ab_params[i].lo,
                ab_params[i].hi);
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
    static const struct option base[] = {{"move-time", required_argument, NULL, 't'},
                                         {"margin", required_argument, NULL, 'm'},
                                         {"first-turn-ms", required_argument, NULL, 'F'},
                                         {"turn-ms", required_argument, NULL, 'T'},
                                         {"depth", required_argument, NULL, 'd'},
                                         {"deterministic", no_argument, NULL, 'D'},
                                         {"hash", required_argument, NULL, 'H'},
                                         {"position", required_argument, NULL, 'p'},
                                         {"quiet", no_argument, NULL, 'q'},
                                         {"verbose", no_argument, NULL, 'v'},
                                         {"no-adapt", no_argument, NULL, 'A'},
                                         {"bench", no_argument, NULL, 'B'},
                                         {"bench-depth", required_argument, NULL, 'b'},
                                         {"nodes", required_argument, NULL, 'N'},
                                         {"analyse", no_argument, NULL, 'a'},
                                         {"eval", required_argument, NULL, 'E'},
                                         {"weights", required_argument, NULL, 'W'},
                                         {"help", no_argument, NULL, 'h'}};
    /* the base options, then one per tunable parameter (val 256 + its index) */
    struct option longs[sizeof base / sizeof base[0] + AB_PARAMS + 1] = {{0}};
    int nb = (int)(sizeof base / sizeof base[0]);
    memcpy(longs, base, sizeof base);
    for (int i = 0; i < AB_PARAMS; i++)
        longs[nb + i] = (struct option){ab_params[i].name, required_argument, NULL, 256 + i};
    *o = (ab_options){.move_time_ms = AB_MOVE_TIME_MS,
                      .margin_ms = AB_MARGIN_MS,
                      .first_turn_ms = AB_FIRST_TURN_LIMIT_MS,
                      .turn_ms = AB_TURN_LIMIT_MS,
                      .tt_mb = AB_HASH_MB,
                      .adapt = 1,
                      .bench_depth = BENCH_DEFAULT_DEPTH,
                      .eval = -1};
    int ch, bad = 0;
    while (!bad && (ch = getopt_long(argc, argv, "t:m:d:DH:p:qvh", longs, NULL)) != -1) {
        switch (ch) {
        case 't': bad = parse_int(optarg, 1, AB_MOVE_TIME_MS_MAX, &o->move_time_ms); break;
        case 'm': bad = parse_int(optarg, 0, AB_MOVE_TIME_MS_MAX, &o->margin_ms); break;
        case 'F': bad = parse_int(optarg, 1, AB_LIMIT_MS_MAX, &o->first_turn_ms); break;
        case 'T': bad = parse_int(optarg, 1, AB_LIMIT_MS_MAX, &o->turn_ms); break;
        case 'd': bad = parse_int(optarg, 1, SEARCH_MAX_DEPTH, &o->depth); break;
        case 'D': o->deterministic = 1; break;
        case 'H': bad = parse_int(optarg, 1, AB_HASH_MB_MAX, &o->tt_mb); break;
        case 'N': bad = parse_int(optarg, 1, AB_NODES_MAX, &o->nodes); break;
        case 'p': o->position = optarg; break;
        case 'q': o->quiet = 1; break;
        case 'v': o->verbose = 1; break;
        case 'A': o->adapt = 0; break;
        case 'B': o->bench = 1; break;
        case 'a': o->analyse = 1; break;
        case 'E': bad = (o->eval = weights_eval_of(optarg)) < 0; break;
        case 'W': o->weights = optarg; break;
        case 'b':
            bad = parse_int(optarg, 1, SEARCH_MAX_DEPTH, &o->bench_depth);
            o->bench = 1;
            break;
        case 'h': usage(stdout); return 1;
        default:
            if (ch < 256 || ch >= 256 + AB_PARAMS)
                return 2; /* getopt_long printed the reason */
            bad = parse_int(optarg, ab_params[ch - 256].lo, ab_params[ch - 256].hi,
                            ab_params[ch - 256].value);
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
static search_limits turn_limits(const ab_options *o, int first_turn, int64_t t0, double share,
                                 int late_ms)
{
    search_limits lim = {.max_depth = o->depth ? o->depth : SEARCH_MAX_DEPTH, .use_clock = 1};
    if (o->nodes) { /* nodes instead of time: the soft limit as the clock's */
        lim.use_clock = 0;
        lim.max_nodes = (uint64_t)o->nodes;
        lim.soft_nodes = lim.max_nodes / AB_SOFT_DIVISOR;
        return lim;
    }
    if (o->deterministic) {
        lim.max_depth = o->depth ? o->depth : AB_DETERMINISTIC_DEPTH;
        lim.use_clock = 0;
        return lim;
    }
    int64_t limit = first_turn ? o->first_turn_ms : o->turn_ms;
    int64_t budget =
        first_turn && o->move_time_ms < AB_FIRST_TURN_MS ? AB_FIRST_TURN_MS : o->move_time_ms;
    if (o->adapt && share < AB_SHARE_ADAPT_BELOW)
        budget = (int64_t)(budget * (share < AB_SHARE_FLOOR ? AB_SHARE_FLOOR : share));
    int64_t margin = o->margin_ms + (o->adapt ? late_ms : 0);
    if (budget > limit - margin)
        budget = limit - margin;
    if (budget < 1)
        budget = 1;
    lim.hard_us = t0 + budget * 1000;
    lim.soft_us = t0 + budget * 1000 / AB_SOFT_DIVISOR;
    return lim;
}

/* The search's metrics on stderr, for the arena (docs/metrics.md:
 * cgarena's `[PDATA][turn] name = value`), one write: depth, seldepth,
 * nodes, nps, score (the side to move's, centipawn-like points; a lower
 * bound when the last iteration failed high) and the table's hit rate. */
static void report_metrics(const search_result *r, int turn)
{
    double nps = r->time_us > 0 ? r->nodes * 1e6 / (double)r->time_us : 0.0;
    double hit = r->tt_probes ? (double)r->tt_hits / (double)r->tt_probes : 0.0;
    fprintf(stderr,
            "[PDATA][%d] depth = %d\n[PDATA][%d] seldepth = %d\n[PDATA][%d] nodes = %llu\n"
            "[PDATA][%d] nps = %.0f\n[PDATA][%d] score = %d\n[PDATA][%d] tt_hit = %.3f\n",
            turn, r->depth, turn, r->seldepth, turn, (unsigned long long)r->nodes, turn, nps, turn,
            r->score, turn, hit);
}

/* One stderr line about a finished search. */
static void report(const search_result *r, double share)
{
    char buf[LOA_MOVE_STRING_MAX];
    double ms = r->time_us / 1000.0;
    fprintf(stderr, "loa-ab: %s depth %d score %d%s nodes %llu time %.1f ms nps %.0f pv",
            loa_move_format(r->best, buf), r->depth, r->score, r->lower_bound ? " lowerbound" : "",
            (unsigned long long)r->nodes, ms,
            r->time_us > 0 ? r->nodes * 1e6 / (double)r->time_us : 0.0);
    for (int i = 0; i < r->pv_len; i++)
        fprintf(stderr, " %s", loa_move_format(r->pv[i], buf));
    if (share < AB_SHARE_ADAPT_BELOW)
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
    search_limits lim = turn_limits(o, 0, loa_now_us(), 1.0, 0);
    if (o->nodes) /* all the nodes */
        lim.soft_nodes = lim.max_nodes;
    else if (!o->deterministic) { /* the whole --move-time, ignoring turn limits */
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

/* 1 if m (flags ignored) is in the referee's list. */
static int listed(const loa_turn *t, loa_move m)
{
    for (int i = 0; i < t->move_count; i++)
        if (LOA_MOVE_SQUARES(t->moves[i]) == LOA_MOVE_SQUARES(m) ||
            (m == LOA_MOVE_PASS && t->moves[i] == LOA_MOVE_PASS))
            return 1;
    return 0;
}

int ab_main(int argc, char **argv, const unsigned char *weights, size_t size)
{
    ab_options o;
    int rc = parse_options(argc, argv, &o);
    if (rc)
        return rc == 1 ? 0 : 2;
    if ((rc = weights_setup(o.eval, o.weights, weights, size)) != 0)
        return rc;
    search_ctx ctx;
    if (search_init(&ctx, (size_t)o.tt_mb) != 0) {
        fprintf(stderr, "loa-ab: out of memory for a %d MiB table\n", o.tt_mb);
        return 1;
    }
    ctx.verbose = o.verbose;
    if (o.bench) {
        rc = bench_run(&ctx, o.bench_depth, stdout) == 0 ? 0 : 1;
        search_free(&ctx);
        return rc;
    }
    if (o.analyse) {
        rc = analyse_loop(&ctx);
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
    double late_ms = 0; /* the adaptive part of the margin */
    while ((rc = loa_turn_read(stdin, &turn)) == LOA_OK) {
        int64_t t0 = loa_now_us(), w0 = loa_wall_us(), cpu0 = cpu_now_us();
        if (o.deterministic)
            search_clear(&ctx);
        search_limits lim = turn_limits(&o, turn.turns_read == 1, t0, share, (int)late_ms);
        search_result r = search_run(&ctx, &turn.board, lim);
        /* Share of a core this search got: a wall-clock judge only (in CPU
         * mode the budget is CPU time, which waiting for a core does not
         * spend). */
        int64_t wall = loa_wall_us() - w0;
        if (loa_time_mode_get() == LOA_TIME_WALL && wall >= AB_SHARE_MIN_WALL_US)
            share = (double)(cpu_now_us() - cpu0) / (double)wall;
        if (!listed(&turn, r.best)) {
            char buf[LOA_MOVE_STRING_MAX];
            fprintf(stderr,
                    "loa-ab: warning: %s is not in the referee's list; playing its first move\n",
                    loa_move_format(r.best, buf));
            r.best = turn.moves[0];
        }
        if (!o.quiet)
            report(&r, share);
        report_metrics(&r, turn.turns_read);
        char comment[24];
        snprintf(comment, sizeof comment, "d%d %s%d", r.depth, r.lower_bound ? ">=" : "", r.score);
        if (loa_turn_write(stdout, r.best, comment) != LOA_OK) {
            search_free(&ctx);
            return 1;
        }
        if (lim.use_clock) {
            /* How much later than planned the answer left (the search's
             * abort, the report, the write, a descheduling): twice the
             * worst of it is kept free from now on, fading. */
            double late = (double)(loa_now_us() - lim.hard_us) / 1000.0;
            late_ms *= AB_LATE_KEEP;
            if (late > 0 && AB_LATE_FACTOR * late > late_ms)
                late_ms = AB_LATE_FACTOR * late;
            if (late_ms > AB_LATE_MAX_MS)
                late_ms = AB_LATE_MAX_MS;
        }
    }
    search_free(&ctx);
    if (rc != LOA_E_EOF) {
        fprintf(stderr, "loa-ab: bad input: %s\n", turn.error);
        return 1;
    }
    return 0;
}
