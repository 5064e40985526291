/*
 * tune-peak - the test bot of loa-tune (check_arena_tune): a bot whose
 * strength peaks at a known parameter value, so that a tune of it has a
 * known answer. Each turn it plays, with probability min(1, |x - 7| / 6),
 * a uniformly random legal move, else the move that leaves its checkers
 * most concentrated (loa_concentration), a winning move first. So x = 7
 * plays best, and a version farther from 7 loses more often.
 *
 *   tune-peak --x X [--seed S]
 *
 * S seeds its random draws (the arena's {seed}), so a game between two
 * versions is the same every time.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "loa/features.h"
#include "loa/loa.h"
#include "loa/rng.h"

/* The value where the bot plays best, and the distance at which it plays
 * only random moves. */
#define PEAK_X 7.0
#define PEAK_WIDTH 6.0

/* The greedy move: a win, else the least concentration after it. */
static loa_move greedy(const loa_board *b, const loa_move *moves, int n)
{
    loa_move best = moves[0];
    int best_score = 1 << 30;
    for (int i = 0; i < n; i++) {
        loa_board c = *b;
        loa_make_move(&c, moves[i], NULL);
        loa_status st =
            loa_board_status_after(&c, (moves[i] & LOA_MOVE_CAPTURE) != 0, LOA_MAX_PLIES);
        if ((st == LOA_BLACK_WINS && b->side == LOA_BLACK) ||
            (st == LOA_WHITE_WINS && b->side == LOA_WHITE))
            return moves[i];
        int score = loa_concentration(c.pieces[b->side]);
        if (score < best_score) {
            best_score = score;
            best = moves[i];
        }
    }
    return best;
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {{"x", required_argument, NULL, 'x'},
                                          {"seed", required_argument, NULL, 's'},
                                          {NULL, 0, NULL, 0}};
    double x = PEAK_X;
    unsigned long long seed = 1;
    for (int ch; (ch = getopt_long(argc, argv, "", longs, NULL)) != -1;) {
        char *end = NULL;
        if (ch == 'x')
            x = strtod(optarg, &end);
        else if (ch == 's')
            seed = strtoull(optarg, &end, 10);
        if (ch == '?' || !end || *end) {
            fprintf(stderr, "usage: tune-peak --x X [--seed S]\n");
            return 2;
        }
    }
    double p = fabs(x - PEAK_X) / PEAK_WIDTH;
    loa_rng rng;
    loa_rng_seed(&rng, seed);
    loa_turn turn;
    loa_turn_init(&turn);
    for (;;) {
        int rc = loa_turn_read(stdin, &turn);
        if (rc == LOA_E_EOF)
            return 0;
        if (rc != LOA_OK)
            return 1;
        loa_move moves[LOA_MAX_MOVES];
        int n = loa_generate_moves(&turn.board, moves);
        loa_move m = LOA_MOVE_PASS;
        if (n > 0 && (double)(loa_rng_next(&rng) >> 11) / 9007199254740992.0 < p)
            m = moves[loa_rng_below(&rng, (uint32_t)n)];
        else if (n > 0)
            m = greedy(&turn.board, moves, n);
        if (loa_turn_write(stdout, m, NULL) != LOA_OK)
            return 1;
    }
}
