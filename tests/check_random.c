/* check_random: java.util.Random compatibility, the reference's vectors;
 * loa_rng against xoshiro256**'s and splitmix64's published outputs, and
 * loa_rng_below's range and uniformity. */
#include <check.h>
#include <math.h>
#include <stdlib.h>

#include "loa/loa.h"
#include "loa/rng.h"

#include "check_main.h"

START_TEST(reference_vectors)
{
    loa_jrandom r;
    /* Seed 42: one generator, these calls in this order. */
    loa_jrandom_seed(&r, 42);
    ck_assert_int_eq(loa_jrandom_next_int(&r, 36), 26);
    ck_assert_int_eq(loa_jrandom_next_int(&r, 1), 0);
    ck_assert_int_eq(loa_jrandom_next_int(&r, 2), 1);
    ck_assert_int_eq(loa_jrandom_next_int(&r, 16), 0);
    ck_assert_int_eq(loa_jrandom_next_int(&r, 1000000007), 662969970);
    ck_assert_int_eq(loa_jrandom_next_int(&r, 2147483647), 2023087525);
    loa_jrandom_seed(&r, 0);
    ck_assert_int_eq(loa_jrandom_next_int(&r, 36), 24);
    ck_assert_int_eq(loa_jrandom_next_int(&r, 1), 0);
    ck_assert_int_eq(loa_jrandom_next_int(&r, 2), 0);
    ck_assert_int_eq(loa_jrandom_next_int(&r, 16), 9);
    loa_jrandom_seed(&r, -1);
    ck_assert_int_eq(loa_jrandom_next_int(&r, 36), 5);
    loa_jrandom_seed(&r, 123456789012345LL);
    ck_assert_int_eq(loa_jrandom_next_int(&r, 36), 34);
}
END_TEST

START_TEST(min_seed_equals_zero)
{
    /* Only the low 48 bits of the seed matter. */
    loa_jrandom a, b;
    loa_jrandom_seed(&a, INT64_MIN);
    loa_jrandom_seed(&b, 0);
    for (int i = 0; i < 1000; i++)
        ck_assert_int_eq(loa_jrandom_next_int(&a, 1 + i), loa_jrandom_next_int(&b, 1 + i));
}
END_TEST

START_TEST(bad_bound_leaves_state)
{
    loa_jrandom a, b;
    loa_jrandom_seed(&a, 5);
    loa_jrandom_seed(&b, 5);
    ck_assert_int_eq(loa_jrandom_next_int(&a, 0), LOA_E_INVAL);
    ck_assert_int_eq(loa_jrandom_next_int(&a, -3), LOA_E_INVAL);
    ck_assert_int_eq(loa_jrandom_next_int(&a, 36), loa_jrandom_next_int(&b, 36));
}
END_TEST

START_TEST(next_int_is_in_range_and_spread)
{
    loa_jrandom r;
    loa_jrandom_seed(&r, 99);
    int hist[7] = {0};
    for (int i = 0; i < 70000; i++) {
        int v = loa_jrandom_next_int(&r, 7);
        ck_assert(v >= 0 && v < 7);
        hist[v]++;
    }
    for (int i = 0; i < 7; i++)
        ck_assert(hist[i] > 9000 && hist[i] < 11000);
    /* nextLong composes two next(32) calls as Java does. */
    loa_jrandom a, b;
    loa_jrandom_seed(&a, 42);
    loa_jrandom_seed(&b, 42);
    int64_t hi = loa_jrandom_next(&b, 32), lo = loa_jrandom_next(&b, 32);
    ck_assert_int_eq(loa_jrandom_next_long(&a), (int64_t)((uint64_t)hi << 32) + lo);
}
END_TEST

START_TEST(rng_matches_xoshiro256starstar_and_splitmix64)
{
    /* xoshiro256** from the state {1, 2, 3, 4}: the first outputs of the
     * authors' reference code (prng.di.unimi.it, as other implementations
     * test it) */
    loa_rng r = {{1, 2, 3, 4}};
    static const uint64_t want[6] = {11520ULL,
                                     0ULL,
                                     1509978240ULL,
                                     1215971899390074240ULL,
                                     1216172134540287360ULL,
                                     607988272756665600ULL};
    for (int i = 0; i < 6; i++)
        ck_assert_uint_eq(loa_rng_next(&r), want[i]);
    /* seeding: splitmix64's first output from 0 is 0xe220a8397b1dcdaf */
    loa_rng_seed(&r, 0);
    ck_assert_uint_eq(r.s[0], 0xe220a8397b1dcdafULL);
    /* the same seed, the same stream; another seed, another */
    loa_rng a, b, c;
    loa_rng_seed(&a, 2033);
    loa_rng_seed(&b, 2033);
    loa_rng_seed(&c, 2034);
    int differ = 0;
    for (int i = 0; i < 1000; i++) {
        uint64_t x = loa_rng_next(&a);
        ck_assert_uint_eq(x, loa_rng_next(&b));
        differ += x != loa_rng_next(&c);
    }
    ck_assert_int_gt(differ, 990);
}
END_TEST

START_TEST(rng_below_is_in_range_and_uniform)
{
    loa_rng r;
    loa_rng_seed(&r, 99);
    /* bounds of every size, a chi-square per bound */
    static const uint32_t bounds[] = {1, 2, 3, 7, 36, 96, 1000, 65537};
    for (size_t k = 0; k < sizeof bounds / sizeof bounds[0]; k++) {
        uint32_t n = bounds[k];
        int per = n > 1000 ? 20 : 200;
        static int count[65537];
        for (uint32_t v = 0; v < n; v++)
            count[v] = 0;
        for (long i = 0; i < (long)per * n; i++) {
            uint32_t v = loa_rng_below(&r, n);
            if (v >= n)
                ck_abort_msg("loa_rng_below(%u) gave %u", n, v);
            count[v]++;
        }
        double x = 0;
        for (uint32_t v = 0; v < n; v++)
            x += (double)(count[v] - per) * (count[v] - per) / per;
        /* mean n - 1, deviation sqrt(2 (n - 1)): within 5 deviations */
        if (n > 1)
            ck_assert_msg(x < (n - 1) + 5 * sqrt(2.0 * (n - 1)), "bound %u: chi-square %.1f", n, x);
    }
    /* the largest bound and 0 */
    for (int i = 0; i < 1000; i++)
        ck_assert_uint_lt(loa_rng_below(&r, UINT32_MAX), UINT32_MAX);
    ck_assert_uint_eq(loa_rng_below(&r, 0), 0);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"matches_reference_vectors", reference_vectors, 10},
        {"min_seed_gives_seed_zero_sequence", min_seed_equals_zero, 10},
        {"bad_bound_is_an_error_and_keeps_state", bad_bound_leaves_state, 10},
        {"next_int_in_range_and_uniform", next_int_is_in_range_and_spread, 10},
        {"rng_matches_xoshiro256starstar_and_splitmix64",
         rng_matches_xoshiro256starstar_and_splitmix64, 10},
        {"rng_below_is_in_range_and_uniform", rng_below_is_in_range_and_uniform, 30},
    };
    return loa_run_suite("random", cases, LOA_COUNT(cases));
}
