/*
 * loa-greedy - one-ply search: tries every legal move and keeps the one
 * whose resulting position scores best on a simple evaluation:
 *   connectivity:   fewer groups of own checkers (loa_group_count),
 *   centralisation: own checkers close to the board's centre,
 * playing a connecting (winning) move at once and never a move that
 * connects the opponent. Ties are broken at random (--seed). Instant.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "loa/loa.h"

#define GREEDY_WIN 1000000

static void usage(FILE *out)
{
    fputs("Usage: loa-greedy [options]\n"
          "Lines of Action bot for the CodinGame protocol: the best move one ply deep on\n"
          "connectivity (number of groups) and centralisation.\n"
          "\n"
          "  -s, --seed=N   seed of the tie-breaks (default: from the clock)\n"
          "  -h, --help     show this help\n",
          out);
}

/* Own checkers' score: 100 per group fewer, plus nearness to the centre
 * (3 - king-step distance to the central 2x2, summed). */
static int greedy_eval(loa_bitboard own)
{
    int score = -100 * loa_group_count(own);
    for (loa_bitboard b = own; b;) {
        int s = loa_pop_lsb(&b), f = LOA_FILE(s), r = LOA_RANK(s);
        int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
        score += 3 - (df > dr ? df : dr);
    }
    return score;
}

/* Score of playing m from b, from the mover's view. */
static int greedy_score(const loa_board *b, loa_move m)
{
    loa_board after = *b;
    loa_make_move(&after, m, NULL);
    switch (loa_board_status(&after, LOA_MAX_PLIES)) {
    case LOA_BLACK_WINS: return b->side == LOA_BLACK ? GREEDY_WIN : -GREEDY_WIN;
    case LOA_WHITE_WINS: return b->side == LOA_WHITE ? GREEDY_WIN : -GREEDY_WIN;
    case LOA_DRAW: return 0;
    default: return greedy_eval(after.pieces[b->side]);
    }
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {{"seed", required_argument, NULL, 's'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
    int64_t seed = loa_wall_us();
    int ch;
    while ((ch = getopt_long(argc, argv, "s:h", longs, NULL)) != -1) {
        char *end;
        switch (ch) {
        case 's':
            seed = strtoll(optarg, &end, 10);
            if (end == optarg || *end) {
                fprintf(stderr, "loa-greedy: bad seed '%s'\n", optarg);
                return 2;
            }
            break;
        case 'h': usage(stdout); return 0;
        default: return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "loa-greedy: unexpected argument '%s' (see --help)\n", argv[optind]);
        return 2;
    }

    loa_jrandom rng;
    loa_jrandom_seed(&rng, seed);
    loa_turn turn;
    loa_turn_init(&turn);
    int rc;
    while ((rc = loa_turn_read(stdin, &turn)) == LOA_OK) {
        /* The referee's list is the set of legal moves; score each one. */
        loa_move best = turn.moves[0];
        int best_score = 0, ties = 0;
        for (int i = 0; i < turn.move_count && turn.moves[i] != LOA_MOVE_PASS; i++) {
            int s = greedy_score(&turn.board, turn.moves[i]);
            if (i == 0 || s > best_score) {
                best = turn.moves[i], best_score = s, ties = 1;
            } else if (s == best_score && loa_jrandom_next_int(&rng, ++ties) == 0) {
                best = turn.moves[i]; /* reservoir sampling: uniform among ties */
            }
        }
        if (loa_turn_write(stdout, best, NULL) != LOA_OK)
            return 1;
    }
    if (rc != LOA_E_EOF) {
        fprintf(stderr, "loa-greedy: bad input: %s\n", turn.error);
        return 1;
    }
    return 0;
}
