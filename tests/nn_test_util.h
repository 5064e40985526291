/*
 * nn_test_util.h - weights files of loa/nn.h written by the tests
 * themselves (the layout of nn.h's header comment, byte by byte, not the
 * loader's constants), with random numbers from a seed, for check_nn and
 * the tests that run loa-nn or loa-ab --eval nn.
 */
#ifndef NN_TEST_UTIL_H
#define NN_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loa/rng.h"

/* The header's fields and the random weights' ranges. */
typedef struct nn_spec {
    uint32_t inputs, hidden, s1, s2;
    int32_t k;
    uint32_t reserved;
    int w1max; /* |W1q| <= w1max */
    int b1max; /* |b1q| <= b1max */
    int b2max; /* |b2q| <= b2max */
    uint64_t seed;
} nn_spec;

/* A valid network of h hidden units: the example's scales. */
static inline nn_spec nn_spec_valid(uint32_t h, uint64_t seed)
{
    return (nn_spec){128, h, 64, 64, 73, 0, 127, 2000, 200000, seed};
}

static inline void nn_put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* Bytes of a file with the header s describes (32 + 131 * H + 4). */
static inline size_t nn_spec_size(const nn_spec *s)
{
    return 32 + 131 * (size_t)s->hidden + 4;
}

static inline int nn_rand_in(loa_rng *r, int m)
{
    return (int)loa_rng_below(r, (uint32_t)(2 * m + 1)) - m;
}

/* Writes s's file into a malloc'd buffer (caller frees); *size its bytes.
 * With hidden out of 1..512 the weights part still follows the header's
 * formula (so that only the field is wrong). */
static inline unsigned char *nn_spec_bytes(const nn_spec *s, size_t *size)
{
    size_t h = s->hidden <= 4096 ? s->hidden : 0, n = 32 + 131 * h + 4;
    unsigned char *p = calloc(1, n);
    if (!p)
        abort();
    memcpy(p, "LOANNv1", 8);
    nn_put32(p + 8, s->inputs);
    nn_put32(p + 12, s->hidden);
    nn_put32(p + 16, s->s1);
    nn_put32(p + 20, s->s2);
    nn_put32(p + 24, (uint32_t)s->k);
    nn_put32(p + 28, s->reserved);
    loa_rng r;
    loa_rng_seed(&r, s->seed);
    unsigned char *w1 = p + 32, *b1 = w1 + 128 * h, *w2 = b1 + 2 * h, *b2 = w2 + h;
    for (size_t i = 0; i < 128 * h; i++)
        w1[i] = (unsigned char)(int8_t)nn_rand_in(&r, s->w1max);
    for (size_t j = 0; j < h; j++) {
        uint16_t v = (uint16_t)(int16_t)nn_rand_in(&r, s->b1max);
        b1[2 * j] = (unsigned char)v;
        b1[2 * j + 1] = (unsigned char)(v >> 8);
        w2[j] = (unsigned char)(int8_t)nn_rand_in(&r, 127);
    }
    nn_put32(b2, (uint32_t)nn_rand_in(&r, s->b2max));
    *size = n;
    return p;
}

/* Writes s's file to path; 0 or -1. */
static inline int nn_spec_write(const nn_spec *s, const char *path)
{
    size_t n;
    unsigned char *p = nn_spec_bytes(s, &n);
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(p, 1, n, f) == n;
    if (f && fclose(f) != 0)
        ok = 0;
    free(p);
    return ok ? 0 : -1;
}

#endif
