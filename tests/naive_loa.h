/*
 * A deliberately simple LOA implementation for cross-checking the SDK:
 * an 8x8 char array, moves found by walking each direction square by
 * square, connection by recursive flood fill. Slow and obvious on purpose;
 * it shares no code or tables with the SDK.
 */
#ifndef NAIVE_LOA_H
#define NAIVE_LOA_H

typedef struct naive_board {
    char sq[8][8]; /* [rank 0..7][file 0..7]: '.', 'b', 'w' */
    char side;     /* 'b' or 'w' */
} naive_board;

typedef struct naive_move {
    int ff, fr, tf, tr; /* from file/rank, to file/rank, 0..7 */
} naive_move;

/* Legal moves of the side to move; returns their number. */
int naive_moves(const naive_board *b, naive_move *out);
/* The same moves in a fixed order, line by line: cg 0 the SDK's fast
 * order (loa_generate_moves: each line's moves toward its start, then
 * toward its end), cg 1 CodinGame's (loa_generate_moves_cg: each checker
 * toward the walk's start, then its end). Walks the lines cell by cell. */
int naive_moves_ordered(const naive_board *b, int cg, naive_move *out);
/* 1 if all checkers of colour c ('b'/'w') form one 8-connected group. */
int naive_connected(const naive_board *b, char c);
/* 'b', 'w' (winner) or 0 for the position right after a ply (the mover is
 * the side not to move): mover connected wins, else side to move connected. */
char naive_winner(const naive_board *b);
void naive_play(naive_board *b, const naive_move *m);
/* Perft with the same conventions as loa_perft. */
unsigned long long naive_perft(const naive_board *b, int depth);

#endif
