/*
 * sdk/src/nn.c - the value network of loa/nn.h: the weights file checked
 * and copied, the integer forward pass from scratch and through the
 * accumulator. The loops over hidden units go by blocks of
 * LOA_NN_HIDDEN_STEP, a fixed count the compiler turns into vector
 * instructions at -O2 (H is a multiple of it).
 */
#include "loa/nn.h"

#include <stdio.h>
#include <string.h>

#include "loa/bitboard.h"
#include "loa/error.h"

/* Little-endian reads of the file's fields (any machine). */
static uint32_t rd_u32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int refuse(loa_nn *nn, int code, const char *what)
{
    snprintf(nn->error, sizeof nn->error, "%s", what);
    return code;
}

/* The header's numbers checked (sizes already known to cover it). */
static int load_header(loa_nn *nn, const unsigned char *p)
{
    char why[LOA_NN_ERROR_MAX];
    if (memcmp(p, LOA_NN_MAGIC, 8) != 0) {
        char shown[40] = "";
        for (int i = 0; i < 8; i++)
            snprintf(shown + strlen(shown), sizeof shown - strlen(shown),
                     p[i] >= 0x20 && p[i] < 0x7F ? "%c" : "\\x%02X", p[i]);
        snprintf(why, sizeof why, "magic is '%s', expected 'LOANNv1\\x00'", shown);
        return refuse(nn, LOA_E_NN_FILE, why);
    }
    uint32_t inputs = rd_u32(p + 8), hidden = rd_u32(p + 12), s1 = rd_u32(p + 16),
             s2 = rd_u32(p + 20), reserved = rd_u32(p + 28);
    int32_t k = (int32_t)rd_u32(p + 24);
    if (inputs != LOA_NN_INPUTS)
        snprintf(why, sizeof why, "inputs is %lu, expected %d", (unsigned long)inputs,
                 LOA_NN_INPUTS);
    else if (hidden < 1 || hidden > LOA_NN_HIDDEN_MAX || hidden % LOA_NN_HIDDEN_STEP)
        snprintf(why, sizeof why, "hidden is %lu, expected 1..%d and a multiple of %d",
                 (unsigned long)hidden, LOA_NN_HIDDEN_MAX, LOA_NN_HIDDEN_STEP);
    else if (s1 < 1 || s1 > LOA_NN_SCALE_MAX)
        snprintf(why, sizeof why, "s1 is %lu, expected 1..%d", (unsigned long)s1, LOA_NN_SCALE_MAX);
    else if (s2 < 1 || s2 > LOA_NN_SCALE_MAX)
        snprintf(why, sizeof why, "s2 is %lu, expected 1..%d", (unsigned long)s2, LOA_NN_SCALE_MAX);
    else if (k < 1 || k > LOA_NN_K_MAX)
        snprintf(why, sizeof why, "k is %ld, expected 1..%d", (long)k, LOA_NN_K_MAX);
    else if (reserved != 0)
        snprintf(why, sizeof why, "reserved is %lu, expected 0", (unsigned long)reserved);
    else {
        nn->hidden = (int)hidden;
        nn->s1 = (int)s1;
        nn->s2 = (int)s2;
        nn->k = (int)k;
        return 0;
    }
    return refuse(nn, LOA_E_NN_FILE, why);
}

/* Unit j's worst accumulator: |b1q[j]| + its LOA_NN_ACTIVE_MAX largest
 * |W1q[i][j]| (a partial selection: the top list kept sorted). */
static long worst_acc(const loa_nn *nn, int j)
{
    int top[LOA_NN_ACTIVE_MAX] = {0};
    for (int i = 0; i < LOA_NN_INPUTS; i++) {
        int v = nn->w1[i][j] < 0 ? -nn->w1[i][j] : nn->w1[i][j];
        int at = LOA_NN_ACTIVE_MAX;
        while (at > 0 && top[at - 1] < v)
            at--;
        if (at == LOA_NN_ACTIVE_MAX)
            continue;
        memmove(top + at + 1, top + at, sizeof top[0] * (size_t)(LOA_NN_ACTIVE_MAX - 1 - at));
        top[at] = v;
    }
    long sum = nn->b1[j] < 0 ? -(long)nn->b1[j] : nn->b1[j];
    for (int t = 0; t < LOA_NN_ACTIVE_MAX; t++)
        sum += top[t];
    return sum;
}

int loa_nn_load(loa_nn *nn, const void *bytes, size_t size)
{
    if (!nn)
        return LOA_E_INVAL;
    if (!bytes)
        return refuse(nn, LOA_E_INVAL, "no bytes (NULL)");
    const unsigned char *p = bytes;
    char why[LOA_NN_ERROR_MAX];
    if (size < LOA_NN_HEADER_SIZE) {
        snprintf(why, sizeof why, "size is %zu bytes, shorter than the %d-byte header", size,
                 LOA_NN_HEADER_SIZE);
        return refuse(nn, LOA_E_NN_FILE, why);
    }
    int rc = load_header(nn, p);
    if (rc)
        return rc;
    int h = nn->hidden;
    if (size != LOA_NN_FILE_SIZE(h)) {
        snprintf(why, sizeof why, "size is %zu bytes, the header (hidden %d) implies %zu", size, h,
                 LOA_NN_FILE_SIZE(h));
        return refuse(nn, LOA_E_NN_FILE, why);
    }
    const unsigned char *w1 = p + LOA_NN_HEADER_SIZE, *b1 = w1 + LOA_NN_INPUTS * h,
                        *w2 = b1 + 2 * h, *b2 = w2 + h;
    for (int i = 0; i < LOA_NN_INPUTS; i++)
        for (int j = 0; j < h; j++)
            nn->w1[i][j] = (int8_t)w1[i * h + j];
    for (int j = 0; j < h; j++) {
        nn->b1[j] = (int16_t)(uint16_t)(b1[2 * j] | b1[2 * j + 1] << 8);
        nn->w2[j] = (int8_t)w2[j];
    }
    nn->b2q = (int32_t)rd_u32(b2);
    /* zq's sum is at most H * 127 * 128 in size (aq <= 127, |W2q| <= 128) */
    long long room = (long long)INT32_MAX - (long long)h * 127 * 128;
    if (nn->b2q > room || -(long long)nn->b2q > room) {
        snprintf(why, sizeof why, "b2q is %ld, expected at most %lld in size (zq must fit int32)",
                 (long)nn->b2q, room);
        return refuse(nn, LOA_E_NN_FILE, why);
    }
    for (int j = 0; j < h; j++) {
        long worst = worst_acc(nn, j);
        if (worst > INT16_MAX) {
            snprintf(why, sizeof why,
                     "hidden unit %d could overflow int16: |b1q| + its %d largest |W1q| = %ld > "
                     "32767",
                     j, LOA_NN_ACTIVE_MAX, worst);
            return refuse(nn, LOA_E_NN_FILE, why);
        }
    }
    for (int j = h; j < LOA_NN_HIDDEN_MAX; j++) /* unused units: a defined 0 */
        nn->b1[j] = nn->w2[j] = 0;
    nn->error[0] = '\0';
    return 0;
}

/* acc += row, over h units (by blocks: a fixed inner count). */
static void add_row(int16_t *acc, const int16_t *row, int h)
{
    for (int j = 0; j < h; j += LOA_NN_HIDDEN_STEP)
        for (int t = 0; t < LOA_NN_HIDDEN_STEP; t++)
            acc[j + t] = (int16_t)(acc[j + t] + row[j + t]);
}

/* acc for own checkers `us` and the opponent's `them`. */
static void fill_acc(const loa_nn *nn, loa_bitboard us, loa_bitboard them, int16_t *acc)
{
    memcpy(acc, nn->b1, sizeof(int16_t) * (size_t)nn->hidden);
    for (; us; us &= us - 1)
        add_row(acc, nn->w1[loa_lsb(us)], nn->hidden);
    for (; them; them &= them - 1)
        add_row(acc, nn->w1[64 + loa_lsb(them)], nn->hidden);
}

/* b2q + sum_j clamp(acc_j, 0, S1) * W2q[j]. */
static int32_t output(const loa_nn *nn, const int16_t *acc)
{
    int32_t z = 0;
    int16_t s1 = (int16_t)nn->s1;
    for (int j = 0; j < nn->hidden; j += LOA_NN_HIDDEN_STEP)
        for (int t = 0; t < LOA_NN_HIDDEN_STEP; t++) {
            int16_t a = acc[j + t] < 0 ? 0 : acc[j + t] > s1 ? s1 : acc[j + t];
            z += (int32_t)a * nn->w2[j + t];
        }
    return nn->b2q + z;
}

int32_t loa_nn_zq(const loa_nn *nn, const loa_board *b)
{
    int16_t acc[LOA_NN_HIDDEN_MAX];
    fill_acc(nn, b->pieces[b->side], b->pieces[b->side ^ 1], acc);
    return output(nn, acc);
}

int loa_nn_score(const loa_nn *nn, int32_t zq)
{
    int64_t num = (int64_t)zq * nn->k, den = (int64_t)nn->s1 * nn->s2;
    int64_t mag = ((num < 0 ? -num : num) * 2 + den) / (2 * den); /* half away from zero */
    if (mag > LOA_NN_SCORE_MAX)
        mag = LOA_NN_SCORE_MAX;
    return (int)(num < 0 ? -mag : mag);
}

int loa_nn_eval(const loa_nn *nn, const loa_board *b)
{
    return loa_nn_score(nn, loa_nn_zq(nn, b));
}

void loa_nn_acc_init(const loa_nn *nn, const loa_board *b, loa_nn_acc *a)
{
    fill_acc(nn, b->pieces[LOA_BLACK], b->pieces[LOA_WHITE], a->acc[LOA_BLACK]);
    fill_acc(nn, b->pieces[LOA_WHITE], b->pieces[LOA_BLACK], a->acc[LOA_WHITE]);
}

/* out = in - a - b + c over h units, one pass, so that a child's
 * accumulator is written once from its parent's. */
static void move_rows(const int16_t *in, int16_t *out, const int16_t *a, const int16_t *b,
                      const int16_t *c, int h)
{
    for (int j = 0; j < h; j += LOA_NN_HIDDEN_STEP)
        for (int t = 0; t < LOA_NN_HIDDEN_STEP; t++)
            out[j + t] = (int16_t)(in[j + t] - a[j + t] - b[j + t] + c[j + t]);
}

void loa_nn_acc_move(const loa_nn *nn, const loa_nn_acc *parent, loa_nn_acc *child, loa_color mover,
                     int from, int to, int capture)
{
    /* A row of zeros: the capture's row when there is none (one loop
     * shape). Local, so that a bundle without this function (loa-bundle
     * keeps what is called) has no unused variable. */
    static const int16_t zero_row[LOA_NN_HIDDEN_MAX];
    int h = nn->hidden, me = mover, you = mover ^ 1;
    /* computed in int, stored as int16: the result, a position's sum, fits */
    move_rows(parent->acc[me], child->acc[me], nn->w1[from], capture ? nn->w1[64 + to] : zero_row,
              nn->w1[to], h);
    move_rows(parent->acc[you], child->acc[you], nn->w1[64 + from], capture ? nn->w1[to] : zero_row,
              nn->w1[64 + to], h);
}

int32_t loa_nn_acc_zq(const loa_nn *nn, const loa_nn_acc *a, loa_color side)
{
    return output(nn, a->acc[side]);
}
