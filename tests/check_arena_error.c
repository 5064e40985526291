/*
 * check_arena_error.c - ARENA_ERROR_MAP: every code lies in the arena's
 * range -201..-299, has its own message, and no two codes share a value;
 * the league database's codes, passed up by the store, told and sorted.
 */
#include <check.h>
#include <string.h>

#include "check_main.h"
#include "core/error.h"

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

static const int db_codes[] = {
#define LEAGUEDB_XX(name, code, text) LEAGUEDB_E_##name,
    LEAGUEDB_ERROR_MAP(LEAGUEDB_XX)
#undef LEAGUEDB_XX
};

START_TEST(tells_the_league_database_codes_the_store_passes_up)
{
    for (size_t i = 0; i < LOA_COUNT(db_codes); i++)
        ck_assert_str_eq(arena_strerror(db_codes[i]), leaguedb_strerror(db_codes[i]));
    ck_assert_int_eq(arena_error_kind(LEAGUEDB_E_INVAL), ARENA_E_INVAL);
    ck_assert_int_eq(arena_error_kind(LEAGUEDB_E_NOMEM), ARENA_E_NOMEM);
    ck_assert_int_eq(arena_error_kind(LEAGUEDB_E_IO), ARENA_E_IO);
    ck_assert_int_eq(arena_error_kind(LEAGUEDB_E_PARSE), ARENA_E_PARSE);
    ck_assert_int_eq(arena_error_kind(LEAGUEDB_E_BUSY), ARENA_E_BUSY);
    for (size_t i = 0; i < LOA_COUNT(codes); i++) /* the arena's own: as they are */
        ck_assert_int_eq(arena_error_kind(codes[i]), codes[i]);
    ck_assert_int_eq(arena_error_kind(0), 0);
    ck_assert_str_eq(arena_strerror(-800), "unknown error");
    ck_assert_str_eq(arena_strerror(-900), "unknown error");
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"gives_each_code_its_own_message_in_range", test_codes_in_range_with_own_message, 30},
        {"tells_the_league_database_codes_the_store_passes_up",
         tells_the_league_database_codes_the_store_passes_up, 30},
    };
    return loa_run_suite("arena_error", cases, LOA_COUNT(cases));
}
