/*
 * check_arena_error.c - ARENA_ERROR_MAP: every code lies in the arena's
 * range -201..-299, has its own message, and no two codes share a value.
 */
#include <check.h>
#include <string.h>

#include "core/error.h"
#include "check_main.h"

static const int codes[] = {
#define ARENA_XX(name, code, text) ARENA_E_##name,
    ARENA_ERROR_MAP(ARENA_XX)
#undef ARENA_XX
};

START_TEST(test_codes_in_range_with_own_message)
{
    const char *unknown = arena_strerror(-299);
    ck_assert_str_eq(unknown, "unknown error");
    ck_assert_str_eq(arena_strerror(ARENA_OK), "success");
    for (size_t i = 0; i < LOA_COUNT(codes); i++) {
        ck_assert_int_le(codes[i], -201);
        ck_assert_int_ge(codes[i], -299);
        const char *msg = arena_strerror(codes[i]);
        ck_assert_ptr_nonnull(msg);
        ck_assert_str_ne(msg, unknown);
        ck_assert_str_ne(msg, "success");
        for (size_t j = 0; j < i; j++) {
            ck_assert_int_ne(codes[i], codes[j]);
            ck_assert_str_ne(msg, arena_strerror(codes[j]));
        }
    }
    /* neighbours of the range are not arena codes */
    ck_assert_str_eq(arena_strerror(-200), unknown);
    ck_assert_str_eq(arena_strerror(-300), unknown);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"gives_each_code_its_own_message_in_range", test_codes_in_range_with_own_message, 30},
    };
    return loa_run_suite("arena_error", cases, LOA_COUNT(cases));
}
