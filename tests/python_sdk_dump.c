/*
 * tests/python_sdk_dump.c - the C SDK's answers on N random positions, one
 * line each, for the Python package's agreement test (python/tests/
 * test_agree.py compares every loa call with these lines). A file of its
 * own: the reference side of that test, written with the SDK only.
 *
 * Usage: python_sdk_dump SEED N. Positions come from random games (loa_rng
 * seeded with SEED) at every ply, so early, middle and won positions all
 * occur. Line: board|listed moves|generation moves|status|zobrist|
 * features (black 15, white 15)|random move (Rng(i))|playout status and
 * board (Rng(i), 40 plies)|planes bits unused (the bitboards suffice).
 */
#include "loa/features.h"
#include "loa/loa.h"
#include "loa/playout.h"

#include <stdio.h>
#include <stdlib.h>

static void print_moves(loa_move *moves, int n)
{
    char buf[LOA_MOVE_STRING_MAX];
    if (n == 0)
        printf("pass");
    for (int i = 0; i < n; i++)
        printf("%s%s", i ? " " : "", loa_move_format(moves[i], buf));
    printf("|");
}

static void print_features(const loa_board *b)
{
    for (int c = 0; c < 2; c++) {
        loa_bitboard own = b->pieces[c], opp = b->pieces[c ^ 1];
        loa_com com = loa_com_of(own);
        loa_quads q = loa_quad_counts(own);
        printf("%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d%s", com.count, loa_concentration(own),
               loa_centralisation(own, NULL), loa_centre_distance(loa_com_square(com)), q.q1, q.q2,
               q.qd, q.q3, q.q4, loa_euler4(own), loa_bounding_area(own), loa_connections(own),
               loa_walls(own, opp), loa_mobility(b, (loa_color)c, NULL),
               loa_mobility(b, (loa_color)c, &loa_mobility_mia), c ? "|" : " ");
    }
}

static void dump(const loa_board *b, unsigned long long i)
{
    char text[LOA_BOARD_STRING_MAX], mv[LOA_MOVE_STRING_MAX];
    loa_move moves[LOA_MAX_MOVES];
    loa_rng r;
    loa_board p = *b;
    loa_board_format(b, text, sizeof text);
    printf("%s|", text);
    int n = loa_generate_moves(b, moves);
    loa_sort_moves(moves, n);
    print_moves(moves, n);
    print_moves(moves, loa_generate_moves_cg(b, moves));
    loa_status st = loa_board_status(b, LOA_MAX_PLIES);
    printf("%d|%llu|", (int)st, (unsigned long long)loa_zobrist_key(b));
    print_features(b);
    loa_rng_seed(&r, i);
    printf("%s|", loa_move_format(loa_random_move(b, &r), mv));
    if (st == LOA_ONGOING) {
        loa_rng_seed(&r, i);
        int res = loa_playout(&p, &r, 40);
        loa_board_format(&p, text, sizeof text);
        printf("%d %s\n", res, text);
    } else {
        printf("-\n");
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: python_sdk_dump SEED N\n");
        return 2;
    }
    unsigned long long seed = strtoull(argv[1], NULL, 10), n = strtoull(argv[2], NULL, 10);
    loa_rng r;
    loa_board b;
    loa_rng_seed(&r, seed);
    loa_board_init(&b);
    for (unsigned long long i = 0; i < n; i++) {
        dump(&b, i);
        if (loa_board_status(&b, LOA_MAX_PLIES) != LOA_ONGOING)
            loa_board_init(&b);
        else
            loa_make_move(&b, loa_random_move(&b, &r), NULL);
    }
    return 0;
}
