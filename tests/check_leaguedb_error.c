/*
 * check_leaguedb_error.c - LEAGUEDB_ERROR_MAP: every code lies in leaguedb's
 * range -801..-899, has its own message, and no two codes share a value.
 */
#include <check.h>
#include <string.h>

#include "check_main.h"
#include "leaguedb/error.h"

static const int codes[] = {
#define LEAGUEDB_XX(name, code, text) LEAGUEDB_E_##name,
    LEAGUEDB_ERROR_MAP(LEAGUEDB_XX)
#undef LEAGUEDB_XX
};

START_TEST(test_codes_in_range_with_own_message)
{
    const char *unknown = leaguedb_strerror(-899);
    ck_assert_str_eq(unknown, "unknown error");
    ck_assert_str_eq(leaguedb_strerror(LEAGUEDB_OK), "success");
    for (size_t i = 0; i < LOA_COUNT(codes); i++) {
        ck_assert_int_le(codes[i], -801);
        ck_assert_int_ge(codes[i], -899);
        const char *msg = leaguedb_strerror(codes[i]);
        ck_assert_ptr_nonnull(msg);
        ck_assert_str_ne(msg, unknown);
        ck_assert_str_ne(msg, "success");
        for (size_t j = 0; j < i; j++) {
            ck_assert_int_ne(codes[i], codes[j]);
            ck_assert_str_ne(msg, leaguedb_strerror(codes[j]));
        }
    }
    /* neighbours of the range are not leaguedb codes */
    ck_assert_str_eq(leaguedb_strerror(-800), unknown);
    ck_assert_str_eq(leaguedb_strerror(-900), unknown);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"gives_each_code_its_own_message_in_range", test_codes_in_range_with_own_message, 30},
    };
    return loa_run_suite("leaguedb_error", cases, LOA_COUNT(cases));
}
