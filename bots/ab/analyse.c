/*
 * bots/ab/analyse.c - loa-ab --analyse (analyse.h) speaks the analysis
 * protocol of loa-analyse (docs/analysis.md) on stdin/stdout: one request a
 * line, "go depth|nodes|movetime N BOARD", one answer a line, "bestmove
 * MOVE score cp S|win P|loss P [lowerbound] depth D nodes N pv MOVES". Each
 * position is searched from a cleared table with the limits a turn of play
 * would get (nodes: no new iteration after N/2; movetime: after MS/2, stop
 * at MS), so an answer depends only on its request, and with depth or nodes
 * is the same on any machine.
 */
#include "analyse.h"

#include <stdio.h>
#include <string.h>

#include "budget.h"
#include "loa/loa.h"
#include "search.h"

/* Longest request line, bytes: "go movetime N " and a board string. */
#define AB_REQUEST_MAX 256
/* Most forced plies (a single move or a pass) followed before searching. */
#define AB_FORCED_MAX 8

/* Searches the position of one request (after its "go ") and prints the
 * answer, or "error REASON". A position with one legal move or none is
 * answered by searching after the forced plies (the search itself scores
 * it 0 at depth 0), the score carried back ply by ply. */
static void analyse_request(search_ctx *ctx, const char *req)
{
    char kind[12];
    long long n;
    int at = 0;
    loa_board b;
    if (sscanf(req, "%11s %lld %n", kind, &n, &at) != 2 || !at || n < 1 || n > AB_NODES_MAX) {
        printf("error bad request (go depth|nodes|movetime N BOARD)\n");
        return;
    }
    if (loa_board_parse(req + at, &b) != LOA_OK || loa_board_status(&b, LOA_MAX_PLIES)) {
        printf("error bad board or game over: %s\n", req + at);
        return;
    }
    search_limits lim = {.max_depth = SEARCH_MAX_DEPTH};
    if (!strcmp(kind, "depth") && n <= SEARCH_MAX_DEPTH) {
        lim.max_depth = (int)n;
    } else if (!strcmp(kind, "nodes")) {
        lim.max_nodes = (uint64_t)n;
        lim.soft_nodes = lim.max_nodes / AB_SOFT_DIVISOR;
    } else if (!strcmp(kind, "movetime") && n <= AB_MOVE_TIME_MS_MAX) {
        lim.use_clock = 1;
        lim.hard_us = loa_now_us() + n * 1000;
        lim.soft_us = loa_now_us() + n * 1000 / AB_SOFT_DIVISOR;
    } else {
        printf("error bad limit '%s %lld'\n", kind, n);
        return;
    }
    search_clear(ctx);
    loa_move forced[AB_FORCED_MAX], mv[LOA_MAX_MOVES];
    int nf = 0, score = 0, over = 0;
    for (int k; nf < AB_FORCED_MAX && (k = loa_generate_moves(&b, mv)) <= 1;) {
        forced[nf] = k ? mv[0] : LOA_MOVE_PASS;
        loa_make_move(&b, forced[nf++], NULL);
        loa_status st = loa_board_status(&b, LOA_MAX_PLIES);
        if (st) { /* the game is over: scored for the side to move there */
            over = 1;
            score = st == LOA_DRAW                                    ? 0
                    : (st == LOA_BLACK_WINS) == (b.side == LOA_BLACK) ? SEARCH_WIN
                                                                      : -SEARCH_WIN;
            break;
        }
    }
    search_result r = {.best = LOA_MOVE_PASS, .pv_len = 0};
    if (!over) {
        r = search_run(ctx, &b, lim);
        score = r.score;
    }
    for (int i = nf - 1; i >= 0; i--) { /* one ply back: negate, a proven end a ply further */
        score = score > SEARCH_WIN_BOUND    ? -score + 1
                : score < -SEARCH_WIN_BOUND ? -score - 1
                                            : -score;
    }
    char buf[LOA_MOVE_STRING_MAX];
    printf("bestmove %s score ", loa_move_format(nf ? forced[0] : r.best, buf));
    if (score > SEARCH_WIN_BOUND)
        printf("win %d", SEARCH_WIN - score);
    else if (score < -SEARCH_WIN_BOUND)
        printf("loss %d", SEARCH_WIN + score);
    else
        printf("cp %d", score);
    printf("%s depth %d nodes %llu pv", r.lower_bound ? " lowerbound" : "", r.depth,
           (unsigned long long)r.nodes);
    for (int i = 0; i < nf; i++)
        printf(" %s", loa_move_format(forced[i], buf));
    for (int i = 0; i < r.pv_len && nf + i < SEARCH_MAX_PLY; i++)
        printf(" %s", loa_move_format(r.pv[i], buf));
    putchar('\n');
}

/* The protocol loop: answers every "go" line, ends at "quit" or end of
 * input. Returns the exit status. */
int analyse_loop(search_ctx *ctx)
{
    char line[AB_REQUEST_MAX];
    while (fgets(line, sizeof line, stdin)) {
        size_t len = strlen(line);
        if (len && line[len - 1] == '\n')
            line[--len] = '\0';
        else if (!feof(stdin)) { /* too long: skip the rest of it */
            int c;
            while ((c = getchar()) != EOF && c != '\n')
                ;
            printf("error request longer than %d bytes\n", AB_REQUEST_MAX - 2);
            fflush(stdout);
            continue;
        }
        if (!strcmp(line, "quit"))
            break;
        if (!strncmp(line, "go ", 3))
            analyse_request(ctx, line + 3);
        else if (line[0])
            printf("error unknown request: %.40s\n", line);
        if (fflush(stdout) != 0)
            return 1;
    }
    return 0;
}
