/*
 * loa-perft - counts the positions at each depth from a board (perft), the
 * standard correctness and speed check of a move generator.
 *
 *   loa-perft [--position "<board string>"] [--divide] [--threads N] [--baseline] DEPTH
 *   loa-perft --bench
 *
 * A won position is a leaf (not expanded); a side with no move passes.
 * Exit codes: 0 ok, 1 --bench found the baseline and the SDK disagreeing,
 * 2 bad usage or bad board string.
 */
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loa/loa.h"
#include "perft_baseline.h"
#include "perft_bench.h"

/* The project's version, from CMake (sdk/CMakeLists.txt), as loa-bundle's. */
#ifndef LOA_PERFT_VERSION
#define LOA_PERFT_VERSION "unknown"
#endif

/* Most --threads. */
#define PERFT_THREADS_MAX 64

/* perft split at the root among threads: each takes the next root move
 * (an atomic index) until none is left, and adds its subtree's count. */
/* A perft function: loa_perft, or the baseline perft_baseline. */
typedef uint64_t (*perft_fn)(const loa_board *b, int depth);

typedef struct root_split {
    const loa_board *b;
    perft_fn perft;
    loa_move mv[LOA_MAX_MOVES];
    int n, depth;
    int next;       /* next root move to take (atomic) */
    uint64_t total; /* the sum (atomic) */
} root_split;

/* Leaves below root move m at depth: as loa_perft counts them (a won
 * position is a leaf: it ends the count below it). */
static uint64_t below(perft_fn perft, const loa_board *b, loa_move m, int depth)
{
    loa_board child = *b;
    loa_make_move(&child, m, NULL);
    if (depth == 1)
        return 1;
    return loa_board_status(&child, 0) != LOA_ONGOING ? 0 : perft(&child, depth - 1);
}

static void *split_worker(void *arg)
{
    root_split *r = arg;
    for (;;) {
        int i = __atomic_fetch_add(&r->next, 1, __ATOMIC_RELAXED);
        if (i >= r->n)
            return NULL;
        __atomic_fetch_add(&r->total, below(r->perft, r->b, r->mv[i], r->depth), __ATOMIC_RELAXED);
    }
}

/* perft(b, depth) on `threads` threads (1: perft itself). The same count:
 * checked by the perft_threads test. */
static uint64_t perft_threads(perft_fn perft, const loa_board *b, int depth, int threads)
{
    root_split r = {.b = b, .perft = perft, .depth = depth};
    r.n = loa_generate_moves(b, r.mv);
    if (threads <= 1 || depth < 2 || r.n < 2)
        return perft(b, depth);
    pthread_t tid[PERFT_THREADS_MAX];
    int started = 0;
    for (; started < threads - 1; started++)
        if (pthread_create(&tid[started], NULL, split_worker, &r) != 0)
            break;
    split_worker(&r); /* this thread works too */
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    return r.total;
}

static void usage(FILE *out)
{
    fputs("usage: loa-perft [--position \"<board string>\"] [--divide] [--threads N] [--baseline] "
          "DEPTH\n"
          "       loa-perft --bench\n"
          "\n"
          "Prints the number of positions at each depth 1..DEPTH (perft).\n"
          "A won position is a leaf; a side without a move passes.\n"
          "\n"
          "  -p, --position STR  start from this board instead of the initial position\n"
          "                      (--board STR too): 8 rows rank 8 first, '/'-separated,\n"
          "                      a space, side b|w\n"
          "      --divide        also print the count below each root move at DEPTH\n"
          "  -j, --threads N     split each depth's root moves among N threads\n"
          "                      (same counts; default 1)\n"
          "      --baseline      count with the straightforward bitboard perft instead\n"
          "                      (the yardstick of --bench; the same counts, slower)\n"
          "      --bench         run the fixed benchmark: the SDK's perft against the\n"
          "                      baseline in the same run (CPU seconds, nodes/s, their\n"
          "                      ratio), then the call rates of the SDK's functions\n"
          "  -h, --help          this help\n"
          "  -V, --version       print the version\n"
          "\n"
          "Exit status: 0 ok, 1 --bench found the baseline and the SDK disagreeing,\n"
          "2 bad usage or bad board string.\n",
          out);
}

/* What the options ask. */
typedef struct perft_options {
    loa_board board; /* --position, else the initial position */
    int divide, bench, threads;
    perft_fn perft; /* loa_perft, or perft_baseline with --baseline */
} perft_options;

/* The options into *o (defaults set here); argv[optind..] is left for
 * DEPTH. Returns 1 to go on, or 0 with *status (--help, --version: 0; a bad
 * option or board string: 2 after the message). */
static int parse_args(int argc, char **argv, perft_options *o, int *status)
{
    static const struct option opts[] = {
        {"position", required_argument, NULL, 'p'},
        {"board", required_argument, NULL, 'p'}, /* the name of earlier versions */
        {"divide", no_argument, NULL, 'd'},
        {"threads", required_argument, NULL, 'j'},
        {"bench", no_argument, NULL, 'B'},
        {"baseline", no_argument, NULL, 'L'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    loa_board_init(&o->board);
    o->divide = 0, o->bench = 0, o->threads = 1;
    o->perft = loa_perft;
    int c;
    *status = 2;
    /* Short options mean one thing across the tools: -p a position (as
     * loa-ab's), -b a bot (loa-arena), -d a depth (the bots): --divide has
     * no short form. */
    while ((c = getopt_long(argc, argv, "p:j:hV", opts, NULL)) != -1) {
        switch (c) {
        case 'p': {
            int rc = loa_board_parse(optarg, &o->board);
            if (rc != LOA_OK) {
                char msg[200];
                fprintf(stderr, "loa-perft: bad --position: %s\n",
                        loa_describe_error(rc, optarg, msg, sizeof msg));
                return 0;
            }
            break;
        }
        case 'd': o->divide = 1; break;
        case 'j': {
            char *e;
            long v = strtol(optarg, &e, 10);
            if (*e || e == optarg || v < 1 || v > PERFT_THREADS_MAX) {
                fprintf(stderr, "loa-perft: --threads must be a number from 1 to %d, got '%s'\n",
                        PERFT_THREADS_MAX, optarg);
                return 0;
            }
            o->threads = (int)v;
            break;
        }
        case 'B': o->bench = 1; break;
        case 'L': o->perft = perft_baseline; break;
        case 'h': usage(stdout); return *status = 0, 0;
        case 'V': printf("loa-perft %s\n", LOA_PERFT_VERSION); return *status = 0, 0;
        default: usage(stderr); return 0;
        }
    }
    return 1;
}

/* perft at each depth 1..depth, timed; with --divide then the count below
 * each root move (sorted) at depth. */
static void print_counts(const perft_options *o, int depth)
{
    if (o->perft == perft_baseline)
        perft_baseline_init();
    for (int d = 1; d <= depth; d++) {
        int64_t t0 = loa_now_us();
        uint64_t n = perft_threads(o->perft, &o->board, d, o->threads);
        double s = (double)(loa_now_us() - t0) / 1e6;
        printf("depth %d: %llu", d, (unsigned long long)n);
        if (s > 0.01)
            printf("  (%.3f s, %.1f M leaves/s)", s, (double)n / s / 1e6);
        printf("\n");
        fflush(stdout);
    }
    if (o->divide) {
        loa_move mv[LOA_MAX_MOVES];
        int n = loa_generate_moves(&o->board, mv);
        loa_sort_moves(mv, n);
        for (int i = 0; i < n; i++) {
            char buf[LOA_MOVE_STRING_MAX];
            uint64_t cnt = below(o->perft, &o->board, mv[i], depth);
            printf("%s: %llu\n", loa_move_format(mv[i], buf), (unsigned long long)cnt);
        }
    }
}

int main(int argc, char **argv)
{
    perft_options o;
    int status;
    if (!parse_args(argc, argv, &o, &status))
        return status;
    if (o.bench) {
        if (optind != argc) {
            fprintf(stderr, "loa-perft: --bench takes no DEPTH\n");
            return 2;
        }
        return perft_bench_run();
    }
    if (optind != argc - 1) {
        fprintf(stderr, "loa-perft: expected one DEPTH argument (try --help)\n");
        return 2;
    }
    char *end;
    long depth = strtol(argv[optind], &end, 10);
    if (*end || end == argv[optind] || depth < 1 || depth > 12) {
        fprintf(stderr, "loa-perft: DEPTH must be a number from 1 to 12, got '%s'\n", argv[optind]);
        return 2;
    }
    print_counts(&o, (int)depth);
    return 0;
}
