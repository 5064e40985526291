/*
 * loa/nn.h - a small value network as a bot's evaluation (docs/sdk.md,
 * "Networks: loa/nn.h"; the worked example, docs/nn.md): 128 inputs, one
 * hidden layer of clipped ReLUs, one output, in exact integer arithmetic,
 * so that this code, numpy's simulation of it and every machine agree bit
 * for bit.
 *
 * Inputs, from the side to move's point of view: x[s] = 1 where the side
 * to move has a checker on square s (a1 = 0 .. h8 = 63), x[64 + s] = 1
 * where the opponent has one. With H hidden units:
 *   acc_j = b1q[j] + sum over the inputs i set of W1q[i][j]     (int16)
 *   aq_j  = min(max(acc_j, 0), S1)                              (0..S1)
 *   zq    = b2q + sum_j aq_j * W2q[j]                           (int32)
 *   score = zq * K / (S1 * S2), rounded half away from zero, in int64,
 *           clamped to [-LOA_NN_SCORE_MAX, LOA_NN_SCORE_MAX]
 * zq / (S1 * S2) is the logit of the side to move's winning chance, and
 * the score is in the evaluation's points (K points per logit unit).
 *
 * The weights file (version 1; little-endian, no padding):
 *   offset  0  char[8]    magic "LOANNv1\0"
 *           8  u32        inputs (128)
 *          12  u32        hidden H (1..512, a multiple of 16)
 *          16  u32        s1 (1..127: the activation scale)
 *          20  u32        s2 (1..127: the output weights' scale)
 *          24  i32        k (1..1000: points per logit unit)
 *          28  u32        reserved (0)
 *          32  i8[128][H] W1q, row-major (input i's H weights contiguous)
 *              i16[H]     b1q
 *              i8[H]      W2q
 *              i32        b2q
 * so LOA_NN_FILE_SIZE(H) = 32 + 131 * H + 4 bytes (H = 256: 33,572).
 *
 * The accumulator (loa_nn_acc) keeps acc for both colours' points of view
 * and follows a game move by move (three rows added or taken per colour),
 * which is cheaper than the from-scratch sum of up to 24 rows.
 */
#ifndef LOA_NN_H
#define LOA_NN_H

#include <stddef.h>
#include <stdint.h>

#include "loa/board.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The file's first 8 bytes (the 7 characters and a NUL). */
#define LOA_NN_MAGIC "LOANNv1"
/* Bytes of the file's header, before W1q. */
#define LOA_NN_HEADER_SIZE 32
/* Inputs of a version 1 network: 64 squares of the side to move's, 64 of
 * the opponent's. */
#define LOA_NN_INPUTS 128
/* Hidden units: 1..LOA_NN_HIDDEN_MAX, a multiple of LOA_NN_HIDDEN_STEP. */
#define LOA_NN_HIDDEN_MAX 512
#define LOA_NN_HIDDEN_STEP 16
/* s1 and s2 lie in 1..LOA_NN_SCALE_MAX; k in 1..LOA_NN_K_MAX. */
#define LOA_NN_SCALE_MAX 127
#define LOA_NN_K_MAX 1000
/* Largest |score| in points: below every win score of a search. */
#define LOA_NN_SCORE_MAX 20000
/* Most inputs set at once (12 checkers a side): the overflow rule's rows. */
#define LOA_NN_ACTIVE_MAX 24
/* Bytes of loa_nn.error, the loader's reason, NUL included. */
#define LOA_NN_ERROR_MAX 160
/* The exact size of a file with h hidden units, bytes. */
#define LOA_NN_FILE_SIZE(h) ((size_t)LOA_NN_HEADER_SIZE + 131u * (size_t)(h) + 4u)

/* A loaded network: a plain struct holding a copy of the file's numbers
 * (the bytes may be freed after loa_nn_load), W1q widened to int16 for the
 * adds. About 135 KB: keep it static or on the heap, not on a thread's
 * stack. Read-only after loading: any number of threads may evaluate with
 * one network at once. */
typedef struct loa_nn {
    int hidden;                                   /* H */
    int s1, s2;                                   /* the scales */
    int k;                                        /* points per logit unit */
    int32_t b2q;                                  /* the output's bias */
    int16_t w1[LOA_NN_INPUTS][LOA_NN_HIDDEN_MAX]; /* W1q[i][j], j < hidden */
    int16_t b1[LOA_NN_HIDDEN_MAX];                /* b1q[j] */
    int16_t w2[LOA_NN_HIDDEN_MAX];                /* W2q[j] */
    /* after a failed loa_nn_load: the reason, one line naming the field,
     * its value and what was expected; "" after a success */
    char error[LOA_NN_ERROR_MAX];
} loa_nn;

/* Loads the size bytes of a weights file (the layout above) into *nn.
 * Returns 0, or a negative code with the reason in nn->error (one line:
 * the field, its value, what was expected): LOA_E_INVAL (nn or bytes
 * NULL) or LOA_E_NN_FILE, for a wrong magic, inputs not 128, a bad hidden,
 * s1 or s2 out of 1..127, k out of 1..1000, reserved not 0, a size shorter
 * than the header or not exactly LOA_NN_FILE_SIZE(hidden) (both sizes
 * said), |b2q| so large that zq could leave int32 (over INT32_MAX -
 * H * 127 * 128), or a hidden unit j whose accumulator could leave int16
 * (|b1q[j]| plus the LOA_NN_ACTIVE_MAX largest |W1q[i][j]| over 32767).
 * Not thread-safe for one nn; no allocation. */
int loa_nn_load(loa_nn *nn, const void *bytes, size_t size);

/* zq (above) of b for its side to move, computed from scratch. nn loaded;
 * b's sides at most 12 checkers each (every LOA position). Pure. */
int32_t loa_nn_zq(const loa_nn *nn, const loa_board *b);

/* The score in points of a zq (the rounding and clamp above). Pure. */
int loa_nn_score(const loa_nn *nn, int32_t zq);

/* loa_nn_score(nn, loa_nn_zq(nn, b)): b's score in points for its side to
 * move, in [-LOA_NN_SCORE_MAX, LOA_NN_SCORE_MAX]. Pure. */
int loa_nn_eval(const loa_nn *nn, const loa_board *b);

/* The hidden layer's sums of a position from both points of view:
 * acc[c][j] is acc_j when colour c is to move. A plain value (2 KB): a
 * search copies it with the board (copy-make). */
typedef struct loa_nn_acc {
    int16_t acc[2][LOA_NN_HIDDEN_MAX];
} loa_nn_acc;

/* Fills *a from b's checkers (from scratch). Pure apart from *a. */
void loa_nn_acc_init(const loa_nn *nn, const loa_board *b, loa_nn_acc *a);

/* *child = *parent updated for a move of colour mover from square from
 * to square to (0..63), capture 1 when an opponent's checker stood on to
 * (a pass changes nothing: copy instead). child may be parent (in place);
 * only the first nn->hidden units of each side are written. Equals
 * loa_nn_acc_init of the board after the move. */
void loa_nn_acc_move(const loa_nn *nn, const loa_nn_acc *parent, loa_nn_acc *child, loa_color mover,
                     int from, int to, int capture);

/* zq of the position *a describes with side to move: equal to
 * loa_nn_zq of that board. Pure. */
int32_t loa_nn_acc_zq(const loa_nn *nn, const loa_nn_acc *a, loa_color side);

#ifdef __cplusplus
}
#endif

#endif
