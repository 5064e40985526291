/*
 * loa-random - plays a uniformly random legal move. It generates the moves
 * itself (the SDK's loa_generate_moves), checks that the list equals the
 * referee's, and draws one with the SDK's java.util.Random-compatible
 * generator, seeded from --seed or from the clock. The same seed and the same
 * opponent moves give the same game.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/movecheck.h"
#include "loa/loa.h"

static void usage(FILE *out)
{
    fputs("Usage: loa-random [options]\n"
          "Lines of Action bot for the CodinGame protocol: a uniformly random legal move.\n"
          "\n"
          "  -s, --seed=N   seed of the move choice (default: from the clock)\n"
          "  -q, --quiet    no warning on stderr when the move lists differ\n"
          "  -h, --help     show this help\n",
          out);
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {{"seed", required_argument, NULL, 's'},
                                          {"quiet", no_argument, NULL, 'q'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
    int64_t seed = loa_wall_us();
    int quiet = 0, ch;
    while ((ch = getopt_long(argc, argv, "s:qh", longs, NULL)) != -1) {
        char *end;
        switch (ch) {
        case 's':
            seed = strtoll(optarg, &end, 10);
            if (end == optarg || *end) {
                fprintf(stderr, "loa-random: bad seed '%s'\n", optarg);
                return 2;
            }
            break;
        case 'q': quiet = 1; break;
        case 'h': usage(stdout); return 0;
        default: return 2;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "loa-random: unexpected argument '%s' (see --help)\n", argv[optind]);
        return 2;
    }

    loa_jrandom rng;
    loa_jrandom_seed(&rng, seed);
    loa_turn turn;
    loa_turn_init(&turn);
    int rc;
    while ((rc = loa_turn_read(stdin, &turn)) == LOA_OK) {
        loa_move moves[LOA_MAX_MOVES];
        int n = loa_generate_moves(&turn.board, moves);
        loa_move m;
        if (!movecheck_same(&turn, moves, n)) {
            /* Trust the referee: its list is the truth. */
            if (!quiet)
                fprintf(stderr, "loa-random: warning: my move list differs from the referee's\n");
            m = turn.moves[loa_jrandom_next_int(&rng, turn.move_count)];
        } else {
            m = n ? moves[loa_jrandom_next_int(&rng, n)] : LOA_MOVE_PASS;
        }
        if (loa_turn_write(stdout, m, NULL) != LOA_OK)
            return 1;
    }
    if (rc != LOA_E_EOF) {
        fprintf(stderr, "loa-random: bad input: %s\n", turn.error);
        return 1;
    }
    return 0;
}
