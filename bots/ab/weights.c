/*
 * bots/ab/weights.c - loa-ab's evaluation chosen at start (weights.h).
 */
#include "weights.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "eval.h"
#include "loa/nn.h"

/* The network of --weights or of the embedded bytes: 135 KB, static. */
static loa_nn weights_nn;

/* Reads the file at path into buf (at most cap bytes: one more than any
 * network's file, so that a longer file is told by its size); its bytes,
 * or -1 (said). */
static long read_weights(const char *path, unsigned char *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "loa-ab: --weights %s: cannot open: %s\n", path, strerror(errno));
        return -1;
    }
    size_t n = fread(buf, 1, cap, f);
    int err = ferror(f) ? errno : 0;
    fclose(f);
    if (err) {
        fprintf(stderr, "loa-ab: --weights %s: cannot read: %s\n", path, strerror(err));
        return -1;
    }
    return (long)n;
}

int weights_eval_of(const char *text)
{
    return !strcmp(text, "hand") ? AB_EVAL_HAND : !strcmp(text, "nn") ? AB_EVAL_NN : -1;
}

int weights_setup(int eval, const char *path, const unsigned char *weights, size_t size)
{
    static unsigned char file[LOA_NN_FILE_SIZE(LOA_NN_HIDDEN_MAX) + 1];
    if (path) {
        long n = read_weights(path, file, sizeof file);
        if (n < 0)
            return 2;
        weights = file, size = (size_t)n;
    }
    if (eval < 0)
        eval = weights ? AB_EVAL_NN : AB_EVAL_HAND;
    if (eval == AB_EVAL_HAND)
        return 0;
    if (!weights) {
        fprintf(stderr, "loa-ab: --eval nn needs --weights FILE\n");
        return 2;
    }
    if (loa_nn_load(&weights_nn, weights, size) != 0) {
        fprintf(stderr, "loa-ab: %s%s: %s\n", path ? "--weights " : "",
                path ? path : "the embedded weights 'nn'", weights_nn.error);
        return 2;
    }
    eval_nn = &weights_nn;
    return 0;
}
