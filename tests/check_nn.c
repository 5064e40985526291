/*
 * check_nn: loa/nn.h. The loader against files the test writes itself
 * (nn_test_util.h): every bad field refused with its code and a reason
 * naming the field and its value, short and long files, the overflow rule
 * at its boundary; the forward pass against a plain reference reading the
 * file's bytes (int64 sums, the rounding by llround) over random positions
 * of random games; the accumulator against the from-scratch pass along
 * random games.
 */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "loa/loa.h"
#include "loa/nn.h"
#include "loa/playout.h"

#include "check_main.h"
#include "nn_test_util.h"

static loa_nn g_nn; /* 135 KB: not on the stack */

/* Loads s's file; returns the code. */
static int load_spec(const nn_spec *s)
{
    size_t n;
    unsigned char *p = nn_spec_bytes(s, &n);
    int rc = loa_nn_load(&g_nn, p, n);
    free(p);
    return rc;
}

/* ---- the loader's refusals -------------------------------------------- */

/* One bad header: the field set to a value, the code and the words the
 * reason must hold. */
typedef struct bad_row {
    const char *field;
    uint32_t value;
    int code;
    const char *says;
} bad_row;

static const bad_row bad_rows[] = {
    {"inputs", 127, LOA_E_NN_FILE, "inputs is 127, expected 128"},
    {"inputs", 0, LOA_E_NN_FILE, "inputs is 0"},
    {"hidden", 0, LOA_E_NN_FILE, "hidden is 0, expected 1..512 and a multiple of 16"},
    {"hidden", 17, LOA_E_NN_FILE, "hidden is 17"},
    {"hidden", 528, LOA_E_NN_FILE, "hidden is 528"},
    {"s1", 0, LOA_E_NN_FILE, "s1 is 0, expected 1..127"},
    {"s1", 128, LOA_E_NN_FILE, "s1 is 128"},
    {"s2", 0, LOA_E_NN_FILE, "s2 is 0, expected 1..127"},
    {"s2", 200, LOA_E_NN_FILE, "s2 is 200"},
    {"k", 0, LOA_E_NN_FILE, "k is 0, expected 1..1000"},
    {"k", 1001, LOA_E_NN_FILE, "k is 1001"},
    {"k", (uint32_t)-5, LOA_E_NN_FILE, "k is -5"},
    {"reserved", 1, LOA_E_NN_FILE, "reserved is 1, expected 0"},
};

START_TEST(refuses_each_bad_header_field_naming_it)
{
    const bad_row *r = &bad_rows[_i];
    nn_spec s = nn_spec_valid(32, 7);
    uint32_t *f = !strcmp(r->field, "inputs")     ? &s.inputs
                  : !strcmp(r->field, "hidden")   ? &s.hidden
                  : !strcmp(r->field, "s1")       ? &s.s1
                  : !strcmp(r->field, "s2")       ? &s.s2
                  : !strcmp(r->field, "reserved") ? &s.reserved
                                                  : NULL;
    if (f)
        *f = r->value;
    else
        s.k = (int32_t)r->value;
    ck_assert_int_eq(load_spec(&s), r->code);
    ck_assert_msg(strstr(g_nn.error, r->says), "%s: reason '%s'", r->field, g_nn.error);
}
END_TEST

START_TEST(refuses_a_wrong_magic_showing_it)
{
    nn_spec s = nn_spec_valid(16, 1);
    size_t n;
    unsigned char *p = nn_spec_bytes(&s, &n);
    memcpy(p, "LOANNv2\n", 8);
    ck_assert_int_eq(loa_nn_load(&g_nn, p, n), LOA_E_NN_FILE);
    ck_assert_str_eq(g_nn.error, "magic is 'LOANNv2\\x0A', expected 'LOANNv1\\x00'");
    free(p);
}
END_TEST

START_TEST(refuses_short_and_long_files_saying_both_sizes)
{
    nn_spec s = nn_spec_valid(256, 2);
    size_t n;
    unsigned char *p = nn_spec_bytes(&s, &n);
    ck_assert_uint_eq(n, 33572); /* the contract's figure for H = 256 */
    ck_assert_uint_eq(LOA_NN_FILE_SIZE(256), n);
    unsigned char *longer = calloc(1, n + 1);
    memcpy(longer, p, n);
    ck_assert_int_eq(loa_nn_load(&g_nn, longer, n + 1), LOA_E_NN_FILE);
    ck_assert_str_eq(g_nn.error, "size is 33573 bytes, the header (hidden 256) implies 33572");
    ck_assert_int_eq(loa_nn_load(&g_nn, p, n - 1), LOA_E_NN_FILE);
    ck_assert_str_eq(g_nn.error, "size is 33571 bytes, the header (hidden 256) implies 33572");
    ck_assert_int_eq(loa_nn_load(&g_nn, p, 31), LOA_E_NN_FILE);
    ck_assert_str_eq(g_nn.error, "size is 31 bytes, shorter than the 32-byte header");
    ck_assert_int_eq(loa_nn_load(&g_nn, p, 0), LOA_E_NN_FILE);
    ck_assert_int_eq(loa_nn_load(&g_nn, NULL, n), LOA_E_INVAL);
    ck_assert_int_eq(loa_nn_load(NULL, p, n), LOA_E_INVAL);
    ck_assert_int_eq(loa_nn_load(&g_nn, p, n), 0);
    ck_assert_str_eq(g_nn.error, "");
    free(longer);
    free(p);
}
END_TEST

/* Unit j of a 16-unit network: b1q[j] = b1, and column j's W1q: 24 rows
 * of magnitude big (signs mixed), the others small. */
static unsigned char *overflow_file(int j, int b1, int big, int small, size_t *n)
{
    nn_spec s = nn_spec_valid(16, 3);
    s.w1max = 10;
    s.b1max = 10;
    unsigned char *p = nn_spec_bytes(&s, n);
    for (int i = 0; i < 128; i++) /* the big rows spread over both halves */
        p[32 + i * 16 + j] =
            (unsigned char)(int8_t)(i % 5 == 0 && i / 5 < 24 ? (i % 2 ? -big : big) : small);
    unsigned char *b1p = p + 32 + 128 * 16 + 2 * j;
    b1p[0] = (unsigned char)(uint16_t)(int16_t)b1;
    b1p[1] = (unsigned char)((uint16_t)(int16_t)b1 >> 8);
    return p;
}

START_TEST(refuses_a_unit_that_could_overflow_at_the_exact_bound)
{
    size_t n;
    /* 24 * 127 = 3048: b1q 29719 gives 32767 exactly (accepted), 29720 one over */
    unsigned char *p = overflow_file(5, 29719, 127, 3, &n);
    ck_assert_int_eq(loa_nn_load(&g_nn, p, n), 0);
    free(p);
    p = overflow_file(5, -29720, 127, 3, &n);
    ck_assert_int_eq(loa_nn_load(&g_nn, p, n), LOA_E_NN_FILE);
    ck_assert_str_eq(g_nn.error, "hidden unit 5 could overflow int16: |b1q| + its 24 largest "
                                 "|W1q| = 32768 > 32767");
    free(p);
    /* the 25th largest row does not count: small rows of 127 beside 24 of -127 */
    p = overflow_file(0, 29719, 127, 127, &n);
    ck_assert_int_eq(loa_nn_load(&g_nn, p, n), 0);
    free(p);
}
END_TEST

START_TEST(refuses_a_b2q_that_could_leave_int32)
{
    nn_spec s = nn_spec_valid(512, 4);
    long long room = 2147483647LL - 512LL * 127 * 128;
    size_t n;
    unsigned char *p = nn_spec_bytes(&s, &n);
    nn_put32(p + n - 4, (uint32_t)(int32_t)room);
    ck_assert_int_eq(loa_nn_load(&g_nn, p, n), 0);
    nn_put32(p + n - 4, (uint32_t)(int32_t) - (room + 1));
    ck_assert_int_eq(loa_nn_load(&g_nn, p, n), LOA_E_NN_FILE);
    ck_assert_msg(strstr(g_nn.error, "b2q is -2139160576, expected at most 2139160575"), "%s",
                  g_nn.error);
    free(p);
}
END_TEST

START_TEST(error_code_has_its_message)
{
    ck_assert_str_eq(loa_strerror(LOA_E_NN_FILE), "bad network file");
}
END_TEST

/* ---- the forward pass --------------------------------------------------- */

static int32_t rd32(const unsigned char *p)
{
    return (int32_t)((uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
                     (uint32_t)p[3] << 24);
}

/* The contract's arithmetic, plainly: every input, int64, from the bytes. */
static void reference(const unsigned char *f, const loa_board *b, long long *zq, int *score)
{
    int h = (int)rd32(f + 12), s1 = (int)rd32(f + 16), s2 = (int)rd32(f + 20), k = rd32(f + 24);
    const unsigned char *w1 = f + 32, *b1 = w1 + 128 * h, *w2 = b1 + 2 * h;
    int x[128];
    for (int s = 0; s < 64; s++) {
        x[s] = (int)(b->pieces[b->side] >> s & 1);
        x[64 + s] = (int)(b->pieces[b->side ^ 1] >> s & 1);
    }
    long long z = rd32(w2 + h);
    for (int j = 0; j < h; j++) {
        long long acc = (int16_t)(uint16_t)(b1[2 * j] | b1[2 * j + 1] << 8);
        for (int i = 0; i < 128; i++)
            acc += x[i] * (int8_t)w1[i * h + j];
        ck_assert(acc >= -32768 && acc <= 32767);
        long long a = acc < 0 ? 0 : acc > s1 ? s1 : acc;
        z += a * (int8_t)w2[j];
    }
    *zq = z;
    long long sc = llround((double)z * k / ((double)s1 * s2));
    *score = (int)(sc > 20000 ? 20000 : sc < -20000 ? -20000 : sc);
}

/* A random game's positions, each checked by check(f, b) (and the
 * accumulator updated along). */
static void along_random_games(const unsigned char *f, int games, uint64_t seed, int incremental)
{
    loa_rng r;
    loa_rng_seed(&r, seed);
    static loa_nn_acc acc;
    for (int g = 0; g < games; g++) {
        loa_board b;
        loa_board_init(&b);
        loa_nn_acc_init(&g_nn, &b, &acc);
        while (loa_board_status(&b, LOA_MAX_PLIES) == LOA_ONGOING) {
            long long zq;
            int score;
            reference(f, &b, &zq, &score);
            ck_assert_int_eq(loa_nn_zq(&g_nn, &b), zq);
            ck_assert_int_eq(loa_nn_eval(&g_nn, &b), score);
            if (incremental)
                ck_assert_int_eq(loa_nn_acc_zq(&g_nn, &acc, b.side), zq);
            loa_move m = loa_random_move(&b, &r);
            loa_make_move(&b, m, NULL);
            if (incremental && m != LOA_MOVE_PASS) {
                static loa_nn_acc child;
                int in_place = g % 2; /* both forms: into another value, in place */
                loa_nn_acc_move(&g_nn, &acc, in_place ? &acc : &child, (loa_color)(b.side ^ 1),
                                LOA_MOVE_FROM(m), LOA_MOVE_TO(m), (m & LOA_MOVE_CAPTURE) != 0);
                if (!in_place)
                    memcpy(&acc, &child, sizeof acc);
                static loa_nn_acc fresh;
                loa_nn_acc_init(&g_nn, &b, &fresh);
                ck_assert(!memcmp(fresh.acc[0], acc.acc[0], sizeof(int16_t) * g_nn.hidden));
                ck_assert(!memcmp(fresh.acc[1], acc.acc[1], sizeof(int16_t) * g_nn.hidden));
            }
        }
    }
}

/* Networks of several shapes and weight ranges (mid-range activations
 * with small W1q, saturated ones with large). */
static const nn_spec eval_rows[] = {
    {128, 256, 64, 64, 73, 0, 20, 100, 5000, 11}, {128, 256, 64, 64, 73, 0, 127, 2000, 200000, 12},
    {128, 16, 1, 1, 1, 0, 3, 3, 10, 13},          {128, 512, 127, 127, 1000, 0, 60, 500, 1000, 14},
    {128, 48, 3, 7, 45, 0, 2, 4, 30, 15},         {128, 32, 100, 2, 999, 0, 127, 29000, 0, 16},
};

START_TEST(eval_matches_a_plain_reference_over_random_games)
{
    nn_spec s = eval_rows[_i];
    size_t n;
    unsigned char *f = nn_spec_bytes(&s, &n);
    ck_assert_int_eq(loa_nn_load(&g_nn, f, n), 0);
    along_random_games(f, 30, 100 + (uint64_t)_i, 0);
    free(f);
}
END_TEST

START_TEST(accumulator_equals_from_scratch_along_random_games)
{
    nn_spec s = eval_rows[_i];
    size_t n;
    unsigned char *f = nn_spec_bytes(&s, &n);
    ck_assert_int_eq(loa_nn_load(&g_nn, f, n), 0);
    along_random_games(f, 30, 200 + (uint64_t)_i, 1);
    free(f);
}
END_TEST

START_TEST(score_rounds_half_away_from_zero_and_clamps)
{
    g_nn.s1 = 1, g_nn.s2 = 2, g_nn.k = 1;
    ck_assert_int_eq(loa_nn_score(&g_nn, 1), 1);   /* 0.5 */
    ck_assert_int_eq(loa_nn_score(&g_nn, -1), -1); /* -0.5 */
    ck_assert_int_eq(loa_nn_score(&g_nn, 3), 2);   /* 1.5 */
    ck_assert_int_eq(loa_nn_score(&g_nn, -5), -3); /* -2.5 */
    ck_assert_int_eq(loa_nn_score(&g_nn, 0), 0);
    g_nn.s1 = 3, g_nn.s2 = 1, g_nn.k = 1;
    ck_assert_int_eq(loa_nn_score(&g_nn, 4), 1);   /* 1.33 */
    ck_assert_int_eq(loa_nn_score(&g_nn, -5), -2); /* -1.67 */
    g_nn.s1 = 1, g_nn.s2 = 1, g_nn.k = 1000;
    ck_assert_int_eq(loa_nn_score(&g_nn, 2147483647), LOA_NN_SCORE_MAX);
    ck_assert_int_eq(loa_nn_score(&g_nn, -2147483647 - 1), -LOA_NN_SCORE_MAX);
    ck_assert_int_eq(loa_nn_score(&g_nn, 20), 20000);
    ck_assert_int_eq(loa_nn_score(&g_nn, -19), -19000);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"refuses_a_wrong_magic_showing_it", refuses_a_wrong_magic_showing_it, 10},
        {"refuses_short_and_long_files_saying_both_sizes",
         refuses_short_and_long_files_saying_both_sizes, 10},
        {"refuses_a_unit_that_could_overflow_at_the_exact_bound",
         refuses_a_unit_that_could_overflow_at_the_exact_bound, 10},
        {"refuses_a_b2q_that_could_leave_int32", refuses_a_b2q_that_could_leave_int32, 10},
        {"error_code_has_its_message", error_code_has_its_message, 10},
        {"score_rounds_half_away_from_zero_and_clamps", score_rounds_half_away_from_zero_and_clamps,
         10},
    };
    const loa_loop_tcase loops[] = {
        {"refuses_each_bad_header_field_naming_it", refuses_each_bad_header_field_naming_it, 10,
         LOA_COUNT(bad_rows)},
        {"eval_matches_a_plain_reference_over_random_games",
         eval_matches_a_plain_reference_over_random_games, 120, LOA_COUNT(eval_rows)},
        {"accumulator_equals_from_scratch_along_random_games",
         accumulator_equals_from_scratch_along_random_games, 120, LOA_COUNT(eval_rows)},
    };
    return loa_run_suite_loops("nn", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
