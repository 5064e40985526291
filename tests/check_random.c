/* check_random: java.util.Random compatibility, the reference's vectors. */
#include <check.h>
#include <stdlib.h>

#include "loa/loa.h"

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

int main(void)
{
    const loa_tcase cases[] = {
        {"matches_reference_vectors", reference_vectors, 10},
        {"min_seed_gives_seed_zero_sequence", min_seed_equals_zero, 10},
        {"bad_bound_is_an_error_and_keeps_state", bad_bound_leaves_state, 10},
        {"next_int_in_range_and_uniform", next_int_is_in_range_and_spread, 10},
    };
    return loa_run_suite("random", cases, LOA_COUNT(cases));
}
