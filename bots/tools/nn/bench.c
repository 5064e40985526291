/*
 * bots/tools/nn/bench.c - loa-nn bench (bench.h): the positions of random
 * games, then each evaluation timed over all of them.
 */
#include "bench.h"

#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "../../ab/eval.h"
#include "loa/loa.h"
#include "loa/rng.h"

/* Each evaluation runs over the positions again until this long, ms. */
#define NN_BENCH_MIN_MS 500

/* The positions: the games' boards in order, with the move that led to
 * each (0 for a game's first) and whether it starts a game. */
typedef struct nn_positions {
    loa_board *board;
    loa_move *move; /* the move from board[i - 1] to board[i] */
    char *first;    /* 1: a game's first position (move unused) */
    int n, cap;
} nn_positions;

static int push(nn_positions *p, const loa_board *b, loa_move m, int first)
{
    if (p->n == p->cap) {
        int cap = p->cap ? 2 * p->cap : 4096;
        loa_board *nb = realloc(p->board, sizeof *nb * (size_t)cap);
        if (nb)
            p->board = nb;
        loa_move *nm = realloc(p->move, sizeof *nm * (size_t)cap);
        if (nm)
            p->move = nm;
        char *nf = realloc(p->first, (size_t)cap);
        if (nf)
            p->first = nf;
        if (!nb || !nm || !nf)
            return -1;
        p->cap = cap;
    }
    p->board[p->n] = *b;
    p->move[p->n] = m;
    p->first[p->n++] = (char)first;
    return 0;
}

/* Random games from the start (uniform legal moves) until they end. */
static int play(nn_positions *p, int games)
{
    loa_rng rng;
    loa_rng_seed(&rng, 1);
    for (int g = 0; g < games; g++) {
        loa_board b;
        loa_board_init(&b);
        loa_move m = 0;
        for (int first = 1; loa_board_status(&b, LOA_MAX_PLIES) == LOA_ONGOING; first = 0) {
            if (push(p, &b, m, first) != 0)
                return -1;
            loa_move mv[LOA_MAX_MOVES];
            int n = loa_generate_moves(&b, mv);
            m = mv[loa_rng_below(&rng, (uint32_t)n)];
            loa_make_move(&b, m, NULL);
        }
    }
    return 0;
}

/* The process's CPU time, us: the figures hold on a loaded machine. */
static int64_t cpu_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

enum { BENCH_HAND, BENCH_SCRATCH, BENCH_INCREMENTAL };

/* One pass of evaluation `which` over every position; returns a sum of
 * the scores (kept, so that no pass is optimised away). */
static long long pass(const loa_nn *nn, const nn_positions *p, int which)
{
    long long sum = 0;
    static loa_nn_acc stack[2]; /* a search's stack: the parent's, the child's */
    for (int i = 0; i < p->n; i++) {
        const loa_board *b = &p->board[i];
        loa_nn_acc *acc = &stack[i & 1], *parent = &stack[(i + 1) & 1];
        loa_move m = p->move[i];
        if (which == BENCH_HAND)
            sum += eval_board(b);
        else if (which == BENCH_SCRATCH)
            sum += loa_nn_eval(nn, b);
        else {
            if (p->first[i])
                loa_nn_acc_init(nn, b, acc);
            else if (m == LOA_MOVE_PASS)
                *acc = *parent;
            else /* the child's written from the parent's, as copy-make */
                loa_nn_acc_move(nn, parent, acc, (loa_color)(b->side ^ 1), LOA_MOVE_FROM(m),
                                LOA_MOVE_TO(m), (m & LOA_MOVE_CAPTURE) != 0);
            sum += loa_nn_score(nn, loa_nn_acc_zq(nn, acc, b->side));
        }
    }
    return sum;
}

int nn_bench(const loa_nn *nn, int games, FILE *out)
{
    nn_positions p = {0};
    if (play(&p, games) != 0) {
        fprintf(stderr, "loa-nn: out of memory for the bench's positions\n");
        free(p.board), free(p.move), free(p.first);
        return -1;
    }
    static const char *const names[] = {"hand (loa-ab eval_board)", "network from scratch",
                                        "network incremental"};
    fprintf(out, "positions %d (%d random games, seed 1), network hidden %d, CPU time\n", p.n,
            games, nn->hidden);
    for (int which = BENCH_HAND; which <= BENCH_INCREMENTAL; which++) {
        long long sum = 0, evals = 0;
        int64_t t0 = cpu_us(), t;
        do {
            sum += pass(nn, &p, which);
            evals += p.n;
            t = cpu_us() - t0;
        } while (t < NN_BENCH_MIN_MS * 1000);
        fprintf(out, "%-26s %12.0f evals/s %8.1f ns/eval (checksum %lld)\n", names[which],
                (double)evals * 1e6 / (double)t, (double)t * 1000.0 / (double)evals, sum);
    }
    free(p.board), free(p.move), free(p.first);
    return 0;
}
