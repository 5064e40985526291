/*
 * check_movegen: the bitboard engine against the reference's perft values,
 * an independent naive generator on >10,000 positions, passes,
 * make/unmake and Zobrist keys. CodinGame's generation order is
 * check_movegen_codingame's, the order the referee lists moves in
 * (loa_sort_moves) check_movegen_sort's.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loa/loa.h"
#include "loa/playout.h"
#include "naive_loa.h"
#include "sdk_test_util.h"

#include "check_main.h"

START_TEST(perft_fixtures)
{
    FILE *f = fopen(LOA_SOURCE_DIR "/tests/fixtures/perft.txt", "r");
    ck_assert_ptr_nonnull(f);
    char line[512];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char *bar = strchr(line, '|');
        ck_assert_ptr_nonnull(bar);
        *bar = '\0';
        char *end = bar - 1;
        while (*end == ' ')
            *end-- = '\0';
        loa_board b;
        ck_assert_int_eq(loa_board_parse(line, &b), LOA_OK);
        char *p = bar + 1;
        for (int depth = 1;; depth++) {
            char *q;
            unsigned long long want = strtoull(p, &q, 10);
            if (q == p)
                break;
            p = q;
            ck_assert_uint_eq(loa_perft(&b, depth), want);
            /* The naive generator agrees where it is fast enough. */
            if (depth <= 3) {
                naive_board nb = to_naive(&b);
                ck_assert_uint_eq(naive_perft(&nb, depth), want);
            }
            checked++;
        }
    }
    fclose(f);
    ck_assert_int_ge(checked, 20);
}
END_TEST

/* Compares every SDK view of b with the naive generator; returns the move
 * count. */
static int cross_check(const loa_board *b)
{
    naive_board nb = to_naive(b);
    naive_move nm[128];
    int nn = naive_moves(&nb, nm);
    loa_move fast[LOA_MAX_MOVES], cg[LOA_MAX_MOVES], want[128];
    int nf = loa_generate_moves(b, fast);
    int nc = loa_generate_moves_cg(b, cg);
    ck_assert_int_eq(nf, nn);
    ck_assert_int_eq(nc, nn);
    ck_assert_int_eq(loa_count_moves(b), nn);
    for (int i = 0; i < nn; i++)
        want[i] = from_naive(&nm[i]);
    loa_sort_moves(want, nn);
    loa_sort_moves(fast, nf);
    loa_sort_moves(cg, nc);
    for (int i = 0; i < nn; i++) {
        ck_assert_uint_eq(LOA_MOVE_SQUARES(fast[i]), want[i]);
        ck_assert_uint_eq(LOA_MOVE_SQUARES(cg[i]), want[i]);
        int cap = (b->pieces[b->side ^ 1] >> LOA_MOVE_TO(want[i])) & 1;
        ck_assert_int_eq((fast[i] & LOA_MOVE_CAPTURE) != 0, cap);
        ck_assert_int_eq((cg[i] & LOA_MOVE_CAPTURE) != 0, cap);
        ck_assert(loa_is_legal(b, want[i]));
    }
    ck_assert_int_eq(loa_is_legal(b, LOA_MOVE_PASS), nn == 0);
    /* Status after the ply that led here. */
    char w = naive_winner(&nb);
    loa_status st = loa_board_status(b, 0);
    ck_assert_int_eq(st, w == 'b' ? LOA_BLACK_WINS : w == 'w' ? LOA_WHITE_WINS : LOA_ONGOING);
    return nn;
}

START_TEST(cross_check_random_games)
{
    int positions = 0, passes = 0, captures = 0, won = 0;
    for (int64_t seed = 1; positions < 12000; seed++) {
        loa_jrandom r;
        loa_jrandom_seed(&r, seed);
        loa_board b;
        loa_board_init(&b);
        for (;;) {
            int n = cross_check(&b);
            positions++;
            passes += n == 0;
            if (loa_board_status(&b, 0) != LOA_ONGOING) {
                won++;
                break;
            }
            if (b.ply >= LOA_MAX_PLIES)
                break;
            loa_move mv[LOA_MAX_MOVES];
            n = loa_generate_moves_cg(&b, mv);
            loa_move m = n ? mv[loa_jrandom_next_int(&r, n)] : LOA_MOVE_PASS;
            captures += (m != LOA_MOVE_PASS && (m & LOA_MOVE_CAPTURE));
            loa_make_move(&b, m, NULL);
        }
    }
    /* Sparse random placements: few checkers, so passes happen too. */
    loa_jrandom r;
    loa_jrandom_seed(&r, 2024);
    for (int i = 0; i < 4000; i++) {
        loa_board b = {{0, 0}, (loa_color)(i & 1), 0};
        for (int c = 0; c < 2; c++) {
            /* Every other position pits one or two checkers against a crowd,
             * the placements where a side is most often left without a move. */
            int k = 1 + loa_jrandom_next_int(&r, 5);
            if (i % 2 == 0)
                k = c == (int)b.side ? 1 + loa_jrandom_next_int(&r, 2)
                                     : 12 + loa_jrandom_next_int(&r, 5);
            while (loa_popcount(b.pieces[c]) < k) {
                int sq = loa_jrandom_next_int(&r, 64);
                if (!((b.pieces[0] | b.pieces[1]) >> sq & 1))
                    b.pieces[c] |= LOA_BIT(sq);
            }
        }
        int n = cross_check(&b);
        positions++;
        passes += n == 0;
        won += loa_board_status(&b, 0) != LOA_ONGOING;
    }
    ck_assert_int_ge(positions, 10000);
    ck_assert_int_gt(passes, 0);
    ck_assert_int_gt(captures, 1000);
    ck_assert_int_gt(won, 100);
}
END_TEST

START_TEST(pass_position)
{
    /* Black a1 and h8, each boxed in by white: no legal move, nobody won. */
    loa_board b;
    ck_assert_int_eq(
        loa_board_parse("......wb/......ww/......../......../......../......../ww....../bw...... b",
                        &b),
        LOA_OK);
    loa_move mv[LOA_MAX_MOVES];
    ck_assert_int_eq(loa_generate_moves(&b, mv), 0);
    ck_assert_int_eq(loa_generate_moves_cg(&b, mv), 0);
    ck_assert_int_eq(loa_count_moves(&b), 0);
    ck_assert(loa_is_legal(&b, LOA_MOVE_PASS));
    ck_assert_int_eq(loa_board_status(&b, 0), LOA_ONGOING);
    /* perft: the pass is one move; then white moves. */
    ck_assert_uint_eq(loa_perft(&b, 1), 1);
    loa_board c = b;
    loa_make_move(&c, LOA_MOVE_PASS, NULL);
    ck_assert_uint_eq(loa_perft(&b, 2), (uint64_t)loa_count_moves(&c));
    ck_assert_int_eq(c.side, LOA_WHITE);
    ck_assert_int_eq(c.ply, 1);
}
END_TEST

/* The image of b under one of the 8 symmetries of the square (t bit 0: mirror
 * files, bit 1: mirror ranks, bit 2: swap files and ranks). */
static loa_board transform(const loa_board *b, int t)
{
    loa_board o = {{0, 0}, b->side, b->ply};
    for (int sq = 0; sq < 64; sq++) {
        int f = LOA_FILE(sq), r = LOA_RANK(sq);
        if (t & 1)
            f = 7 - f;
        if (t & 2)
            r = 7 - r;
        if (t & 4) {
            int x = f;
            f = r;
            r = x;
        }
        for (int c = 0; c < 2; c++)
            if (b->pieces[c] >> sq & 1)
                o.pieces[c] |= LOA_BIT(LOA_SQUARE(f, r));
    }
    return o;
}

START_TEST(pass_position_symmetries)
{
    /* The boxed-in position in all 8 orientations: every line family
     * (rows, columns, both diagonals) has to block the moves. */
    loa_board b;
    ck_assert_int_eq(
        loa_board_parse("......wb/......ww/......../......../......../......../ww....../bw...... b",
                        &b),
        LOA_OK);
    for (int t = 0; t < 8; t++) {
        loa_board o = transform(&b, t);
        ck_assert_int_eq(cross_check(&o), 0);
        ck_assert_int_eq(loa_board_status(&o, 0), LOA_ONGOING);
    }
    /* Move counts are invariant under the symmetries in general. */
    loa_board s;
    loa_board_init(&s);
    for (int t = 0; t < 8; t++) {
        loa_board o = transform(&s, t);
        ck_assert_int_eq(cross_check(&o), 36);
    }
}
END_TEST

START_TEST(make_unmake_and_zobrist)
{
    loa_jrandom r;
    loa_jrandom_seed(&r, 7);
    int made = 0;
    for (int game = 0; game < 50; game++) {
        loa_board b;
        loa_board_init(&b);
        uint64_t key = loa_zobrist_key(&b);
        while (loa_board_status(&b, LOA_MAX_PLIES) == LOA_ONGOING) {
            loa_move mv[LOA_MAX_MOVES];
            int n = loa_generate_moves(&b, mv);
            /* Every move: make, check the incremental key, unmake. */
            for (int i = 0; i < n; i++) {
                loa_board before = b;
                loa_undo u;
                uint64_t k2 = loa_zobrist_update(key, &b, mv[i]);
                loa_make_move(&b, mv[i], &u);
                ck_assert_uint_eq(k2, loa_zobrist_key(&b));
                ck_assert_int_eq(u.captured, (mv[i] & LOA_MOVE_CAPTURE) != 0);
                loa_unmake_move(&b, &u);
                ck_assert(memcmp(&before, &b, sizeof b) == 0);
                made++;
            }
            loa_move m = n ? mv[loa_jrandom_next_int(&r, n)] : LOA_MOVE_PASS;
            key = loa_zobrist_update(key, &b, m);
            loa_make_move(&b, m, NULL);
            ck_assert_uint_eq(key, loa_zobrist_key(&b));
        }
    }
    ck_assert_int_gt(made, 10000);
    /* Side to move is part of the key; keys of different colours differ. */
    loa_board s;
    loa_board_init(&s);
    uint64_t kb = loa_zobrist_key(&s);
    s.side = LOA_WHITE;
    ck_assert_uint_ne(kb, loa_zobrist_key(&s));
    ck_assert_uint_eq(kb ^ loa_zobrist_side, loa_zobrist_key(&s));
}
END_TEST

/* perft by the public calls only: generate, play, skip a won child, count
 * the last ply (the definition loa_perft's incremental version must meet). */
static uint64_t plain_perft(const loa_board *b, int depth)
{
    if (depth == 1) {
        int n = loa_count_moves(b);
        return n ? (uint64_t)n : 1;
    }
    loa_move mv[LOA_MAX_MOVES];
    int n = loa_generate_moves(b, mv);
    if (n == 0) {
        loa_board c = *b;
        loa_make_move(&c, LOA_MOVE_PASS, NULL);
        return plain_perft(&c, depth - 1);
    }
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        loa_board c = *b;
        loa_make_move(&c, mv[i], NULL);
        if (loa_board_status(&c, 0) == LOA_ONGOING)
            total += plain_perft(&c, depth - 1);
    }
    return total;
}

START_TEST(perft_agrees_with_the_plain_recursion)
{
    /* every 7th position of seeded random games (openings, captures, won
     * ends, the 150-ply draw ignored as perft does), sparse placements
     * where passes happen, and a full row (8 checkers: distance 8) */
    int checked = 0, passes = 0;
    for (int64_t seed = 1; seed <= 30; seed++) {
        loa_jrandom r;
        loa_jrandom_seed(&r, seed);
        loa_board b;
        loa_board_init(&b);
        while (loa_board_status(&b, LOA_MAX_PLIES) == LOA_ONGOING) {
            if (b.ply % 7 == 0) {
                for (int d = 1; d <= 3; d++)
                    ck_assert_uint_eq(loa_perft(&b, d), plain_perft(&b, d));
                checked++;
            }
            loa_move mv[LOA_MAX_MOVES];
            int n = loa_generate_moves_cg(&b, mv);
            loa_make_move(&b, n ? mv[loa_jrandom_next_int(&r, n)] : LOA_MOVE_PASS, NULL);
        }
        if (loa_board_status(&b, 0) != LOA_ONGOING)
            ck_assert_uint_eq(loa_perft(&b, 2), 0); /* won: nothing below */
        else                                        /* the 150-ply draw: perft ignores the limit */
            ck_assert_uint_eq(loa_perft(&b, 2), plain_perft(&b, 2));
    }
    loa_jrandom r;
    loa_jrandom_seed(&r, 99);
    for (int i = 0; i < 300; i++) {
        loa_board b = {{0, 0}, (loa_color)(i & 1), 0};
        for (int c = 0; c < 2; c++) {
            int k = c == (int)b.side ? 1 + loa_jrandom_next_int(&r, 3)
                                     : 6 + loa_jrandom_next_int(&r, 7);
            while (loa_popcount(b.pieces[c]) < k) {
                int sq = loa_jrandom_next_int(&r, 64);
                if (!((b.pieces[0] | b.pieces[1]) >> sq & 1))
                    b.pieces[c] |= LOA_BIT(sq);
            }
        }
        if (loa_board_status(&b, 0) != LOA_ONGOING) {
            ck_assert_uint_eq(loa_perft(&b, 3), 0); /* a won root: nothing below */
            continue;
        }
        passes += loa_count_moves(&b) == 0;
        for (int d = 1; d <= 3; d++)
            ck_assert_uint_eq(loa_perft(&b, d), plain_perft(&b, d));
        checked++;
    }
    loa_board full;
    ck_assert_int_eq(
        loa_board_parse("b......w/......../..w..b../wbwbwbwb/......../.b....w./......../"
                        "w......b w",
                        &full),
        LOA_OK);
    ck_assert_int_eq(loa_board_status(&full, 0), LOA_ONGOING);
    for (int d = 1; d <= 4; d++)
        ck_assert_uint_eq(loa_perft(&full, d), plain_perft(&full, d));
    /* black boxed in: passes at the root, and below */
    loa_board boxed;
    ck_assert_int_eq(loa_board_parse("......wb/......ww/......../......../......../......../"
                                     "ww....../bw...... b",
                                     &boxed),
                     LOA_OK);
    passes += loa_count_moves(&boxed) == 0;
    for (int d = 1; d <= 4; d++)
        ck_assert_uint_eq(loa_perft(&boxed, d), plain_perft(&boxed, d));
    ck_assert_int_gt(checked, 400);
    ck_assert_int_gt(passes, 0);
}
END_TEST

START_TEST(more_than_twelve_checkers_get_no_move_and_no_overrun)
{
    /* Not a LOA position (the parsers refuse it), built by hand: the
     * generators must stay inside a LOA_MAX_MOVES buffer. 40 black
     * checkers could otherwise list far more than 96 moves. */
    loa_board b;
    loa_board_init(&b);
    b.pieces[LOA_BLACK] = 0x000000FFFFFFFFFFull;
    b.pieces[LOA_WHITE] = 0x8000000000000000ull;
    b.side = LOA_BLACK;
    loa_move mv[LOA_MAX_MOVES + 1];
    mv[LOA_MAX_MOVES] = 0xBEEF; /* a canary after the buffer */
    ck_assert_int_eq(loa_generate_moves(&b, mv), 0);
    ck_assert_int_eq(loa_generate_moves_cg(&b, mv), 0);
    ck_assert_uint_eq(mv[LOA_MAX_MOVES], 0xBEEF);
    /* 12 is fine: the start position's 36 moves */
    loa_board_init(&b);
    ck_assert_int_eq(loa_generate_moves(&b, mv), 36);
}
END_TEST

/* 1 if the lists are equal, move for move, capture flags included. */
static int same_list(const loa_board *b, const loa_move *mv, int n, const naive_move *nm, int nn)
{
    if (n != nn)
        return 0;
    for (int i = 0; i < n; i++) {
        loa_move want = from_naive(&nm[i]);
        if ((b->pieces[b->side ^ 1] >> LOA_MOVE_TO(want)) & 1)
            want |= LOA_MOVE_CAPTURE;
        if (mv[i] != want)
            return 0;
    }
    return 1;
}

START_TEST(generators_give_the_straightforward_lists_in_order)
{
    /* Both generators against a line walk cell by cell (naive_loa.c), the
     * same lists in the same order, on positions of random games and
     * random placements of up to 12 checkers a side. */
    loa_rng r;
    loa_rng_seed(&r, 33);
    int positions = 0, moves = 0;
    for (int i = 0; positions < 30000; i++) {
        loa_board b;
        if (i % 3 == 0) {
            b.pieces[0] = b.pieces[1] = 0;
            b.side = (loa_color)(i & 1);
            b.ply = 0;
            for (int c = 0; c < 2; c++) {
                int k = 1 + (int)loa_rng_below(&r, LOA_MAX_CHECKERS);
                while (loa_popcount(b.pieces[c]) < k) {
                    int sq = (int)loa_rng_below(&r, 64);
                    if (!((b.pieces[0] | b.pieces[1]) >> sq & 1))
                        b.pieces[c] |= LOA_BIT(sq);
                }
            }
        } else {
            loa_board_init(&b);
            int plies = (int)loa_rng_below(&r, 120);
            for (int p = 0; p < plies && loa_board_status(&b, 0) == LOA_ONGOING; p++)
                loa_make_move(&b, loa_random_move(&b, &r), NULL);
        }
        naive_board nb = to_naive(&b);
        naive_move nm[128];
        loa_move mv[LOA_MAX_MOVES];
        for (int cg = 0; cg < 2; cg++) {
            int nn = naive_moves_ordered(&nb, cg, nm);
            int n = cg ? loa_generate_moves_cg(&b, mv) : loa_generate_moves(&b, mv);
            if (!same_list(&b, mv, n, nm, nn)) {
                char text[LOA_BOARD_STRING_MAX];
                loa_board_format(&b, text, sizeof text);
                ck_abort_msg("%s differs from the line walk at %s",
                             cg ? "loa_generate_moves_cg" : "loa_generate_moves", text);
            }
            moves += n;
        }
        positions++;
    }
    ck_assert_int_gt(moves, 500000);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"more_than_twelve_checkers_get_no_move_and_no_overrun",
         more_than_twelve_checkers_get_no_move_and_no_overrun, 10},
        {"perft_matches_reference_and_naive", perft_fixtures, 240},
        {"perft_agrees_with_the_plain_recursion", perft_agrees_with_the_plain_recursion, 120},
        {"agrees_with_naive_generator_on_12000_positions", cross_check_random_games, 240},
        {"generators_give_the_straightforward_lists_in_order",
         generators_give_the_straightforward_lists_in_order, 240},
        {"no_move_means_pass", pass_position, 10},
        {"pass_in_every_orientation", pass_position_symmetries, 10},
        {"make_unmake_restores_and_zobrist_updates", make_unmake_and_zobrist, 120},
    };
    return loa_run_suite("movegen", cases, LOA_COUNT(cases));
}
