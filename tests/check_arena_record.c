/*
 * check_arena_record.c - a game record and its games.jsonl line: the exact
 * bytes of a line, the round trip through JSON with the reason kept as the
 * referee's enum, and every bad field refused with its name.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena_test_util.h"
#include "check_main.h"
#include "core/error.h"
#include "league/record.h"
#include "run/pressure.h"

static char *line_of(const arena_game_record *r, const arena_settings *s)
{
    cJSON *j = arena_record_to_json(r, s);
    ck_assert_ptr_nonnull(j);
    char *text = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    ck_assert_ptr_nonnull(text);
    return text;
}

START_TEST(test_line_bytes)
{
    arena_settings s;
    league(&s, 3, 2);
    arena_game_record r = record_for(&s, 2, 1);
    r.fault = 0;
    r.reason = REF_REASON_TIMEOUT;
    r.start_time = 1700000000;
    r.duration_ms = 12.3456;
    r.moves_hash = 0xc0ffee00000001ULL;
    snprintf(r.detail, sizeof r.detail, "no answer");
    char *text = line_of(&r, &s);
    char want[1024];
    snprintf(want, sizeof want,
             "{\"id\":2,\"round\":0,\"pairing\":1,\"seed\":\"%lld\",\"black\":\"bot0\","
             "\"white\":\"bot2\",\"result\":\"0-1\",\"winner\":\"white\",\"scores\":[0,1],"
             "\"reason\":\"timeout\",\"fault\":\"black\",\"plies\":42,\"start\":1700000000,"
             "\"duration_ms\":12.346,\"time\":{\"black\":{\"first_ms\":3.5,\"turns\":20,"
             "\"total_ms\":100,\"avg_ms\":5,\"max_ms\":9.25},\"white\":{\"first_ms\":1,"
             "\"turns\":19,\"total_ms\":38,\"avg_ms\":2,\"max_ms\":4}},"
             "\"opening\":\"\",\"moves_hash\":\"00c0ffee00000001\","
             "\"detail\":\"no answer\",\"record\":\"league.db\",\"page\":\"games/000002.html\"}",
             (long long)r.seed);
    ck_assert_str_eq(text, want);
    cJSON_free(text);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(test_round_trip_every_reason)
{
    arena_settings s;
    league(&s, 2, 2);
    for (int reason = REF_REASON_CONNECTED; reason <= REF_REASON_ABORTED; reason++) {
        arena_game_record r = record_for(&s, 1, reason % 2), back;
        r.reason = (ref_reason)reason;
        cJSON *j = arena_record_to_json(&r, &s);
        ck_assert_ptr_nonnull(j);
        ck_assert_str_eq(cJSON_GetObjectItem(j, "reason")->valuestring,
                         ref_reason_name((ref_reason)reason));
        char err[256];
        ck_assert_int_eq(arena_record_from_json(j, &s, &back, err, sizeof err), 0);
        cJSON_Delete(j);
        ck_assert_int_eq(back.reason, reason);
        ck_assert_int_eq(back.winner, r.winner);
        ck_assert_int_eq(back.plies, r.plies);
        ck_assert(back.seed == r.seed);
    }
    arena_settings_clear(&s);
}
END_TEST

/* One bad field per row: the line is refused and the message names it. */
static const struct {
    const char *key, *json, *names;
} bad_fields[] = {
    {"reason", "\"nonsense\"", "\"reason\""},
    {"reason", "\"none\"", "\"reason\""},
    {"reason", "7", "\"reason\""},
    {"id", "-1", "\"id\""},
    {"seed", "12", "\"seed\""},
    {"seed", "\"12x\"", "\"seed\""},
    {"black", "\"stranger\"", "stranger"},
    {"winner", "\"red\"", "\"winner\""},
    {"scores", "[1]", "\"scores\""},
    {"plies", "1.5", "\"plies\""},
    {"moves_hash", "\"12\"", "\"moves_hash\""},
    {"moves_hash", "\"00C0FFEE00000001\"", "\"moves_hash\""},
    {"opening", "\"b1d3\"", "\"opening\""},
    {"opening", "3", "\"opening\""},
    /* out-of-range numbers are refused before any conversion (UBSan would
     * report the conversion of 1e300 to an int) */
    {"id", "1e300", "\"id\""},
    {"id", "-1e300", "\"id\""},
    {"id", "1e999", "\"id\""},
    {"round", "4294967296", "\"round\""},
    {"plies", "1e19", "\"plies\""},
    {"scores", "[1e300, 0]", "\"scores\""},
    {"scores", "[2, 0]", "\"scores\""},
};

START_TEST(test_refuses_bad_field)
{
    arena_settings s;
    league(&s, 2, 2);
    arena_game_record r = record_for(&s, 0, 0), back;
    r.moves_hash = 1;
    cJSON *j = arena_record_to_json(&r, &s);
    ck_assert_ptr_nonnull(j);
    cJSON *v = cJSON_Parse(bad_fields[_i].json);
    ck_assert_ptr_nonnull(v);
    cJSON_ReplaceItemInObjectCaseSensitive(j, bad_fields[_i].key, v);
    char err[256] = "";
    ck_assert_int_eq(arena_record_from_json(j, &s, &back, err, sizeof err), ARENA_E_PARSE);
    ck_assert_msg(strstr(err, bad_fields[_i].names), "'%s' does not name %s", err,
                  bad_fields[_i].names);
    cJSON_Delete(j);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(test_moves_hash)
{
    /* the known SHA-256 of the text "b1d3 a2c2 pass" (sha256sum), first 8 bytes */
    loa_move m[4], pass = LOA_MOVE_PASS;
    ck_assert_int_eq(loa_move_parse("b1d3", &m[0]), 0);
    m[1] = LOA_MOVE_NONE; /* skipped: an answer that ended the game */
    ck_assert_int_eq(loa_move_parse("a2c2", &m[2]), 0);
    m[3] = pass;
    ck_assert(arena_moves_hash(m, 4) == 0x0ba1f437096035e0ULL);
    /* order matters; the empty game has a hash too, never 0 */
    loa_move swapped[2] = {m[2], m[0]};
    ck_assert(arena_moves_hash(swapped, 2) != arena_moves_hash((loa_move[]){m[0], m[2]}, 2));
    ck_assert(arena_moves_hash(m, 0) != 0);

    /* a line of an older arena, without "moves_hash" and "opening", reads
     * with the hash unknown; a written hash reads back */
    arena_settings s;
    league(&s, 2, 2);
    arena_game_record r = record_for(&s, 1, 0), back;
    r.moves_hash = 0xfedcba9876543210ULL;
    cJSON *j = arena_record_to_json(&r, &s);
    char err[256];
    ck_assert_int_eq(arena_record_from_json(j, &s, &back, err, sizeof err), 0);
    ck_assert(back.moves_hash == r.moves_hash);
    cJSON_DeleteItemFromObject(j, "moves_hash");
    cJSON_DeleteItemFromObject(j, "opening");
    ck_assert_int_eq(arena_record_from_json(j, &s, &back, err, sizeof err), 0);
    ck_assert(back.moves_hash == 0);
    cJSON_Delete(j);
    /* unknown (0) is not written */
    r.moves_hash = 0;
    j = arena_record_to_json(&r, &s);
    ck_assert_ptr_null(cJSON_GetObjectItem(j, "moves_hash"));
    ck_assert_str_eq(cJSON_GetObjectItem(j, "opening")->valuestring, "");
    cJSON_Delete(j);
    arena_settings_clear(&s);
}
END_TEST

START_TEST(test_from_spec)
{
    arena_game_spec g = {.id = 7, .round = 1, .pairing = 2, .black = 1, .white = 0, .seed = -5};
    arena_game_record r;
    memset(&r, 0x5a, sizeof r);
    arena_record_from_spec(&r, &g);
    ck_assert_int_eq(r.id, 7);
    ck_assert_int_eq(r.round, 1);
    ck_assert_int_eq(r.pairing, 2);
    ck_assert_int_eq(r.black, 1);
    ck_assert_int_eq(r.white, 0);
    ck_assert(r.seed == -5);
    ck_assert_int_eq(r.winner, -1);
    ck_assert_int_eq(r.fault, -1);
    ck_assert_int_eq(r.reason, REF_REASON_NONE);
    ck_assert(r.time[0].first_ms < 0 && r.time[1].first_ms < 0);
    ck_assert_int_eq(r.time[0].turns, 0);
    ck_assert_str_eq(r.detail, "");
}
END_TEST

START_TEST(test_huge_informative_numbers)
{
    /* "start" and the times are informative: impossible values read as
     * unknown or are ignored, never converted out of range */
    arena_settings s;
    league(&s, 2, 2);
    arena_game_record r = record_for(&s, 0, 0), back;
    cJSON *j = arena_record_to_json(&r, &s);
    cJSON_ReplaceItemInObjectCaseSensitive(j, "start", cJSON_CreateNumber(1e300));
    cJSON *t = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "time"), "black");
    cJSON_ReplaceItemInObjectCaseSensitive(t, "turns", cJSON_CreateNumber(-1e300));
    cJSON_ReplaceItemInObjectCaseSensitive(t, "max_ms", cJSON_CreateNumber(1e300 * 1e300));
    char err[256];
    ck_assert_int_eq(arena_record_from_json(j, &s, &back, err, sizeof err), 0);
    ck_assert(back.start_time == 0);
    ck_assert_int_eq(back.time[0].turns, 0);
    ck_assert(back.time[0].max_ms == 0);
    cJSON_Delete(j);
    arena_settings_clear(&s);
}
END_TEST

/* The timing fields: late answers and CPU times per side, and the load a
 * wall-clock timeout met, written only when there are, read back. */
START_TEST(keeps_late_cpu_and_load_fields)
{
    arena_settings s;
    league(&s, 3, 2);
    arena_game_record r = record_for(&s, 2, 1);
    r.fault = 0;
    r.reason = REF_REASON_TIMEOUT;
    r.time[0].late = 2;
    r.time[0].cpu_total_ms = 95.5;
    r.time[0].cpu_max_ms = 12.25;
    r.under_load = 1;
    r.pressure = 0.8765;
    r.pressure_source = ARENA_PRESSURE_PSI;
    char *text = line_of(&r, &s);
    ck_assert_ptr_nonnull(strstr(text, "\"max_ms\":9.25,\"late\":2,\"cpu_total_ms\":95.5,"
                                       "\"cpu_max_ms\":12.25}"));
    /* white had neither */
    ck_assert_ptr_nonnull(strstr(text, "\"avg_ms\":2,\"max_ms\":4}"));
    ck_assert_ptr_nonnull(
        strstr(text, "\"under_load\":true,\"pressure\":{\"source\":\"psi\",\"value\":0.877}"));
    cJSON *j = cJSON_Parse(text);
    cJSON_free(text);
    arena_game_record back;
    char err[256];
    ck_assert_int_eq(arena_record_from_json(j, &s, &back, err, sizeof err), 0);
    cJSON_Delete(j);
    ck_assert_int_eq(back.time[0].late, 2);
    ck_assert_int_eq(back.time[1].late, 0);
    ck_assert(back.time[0].cpu_total_ms == 95.5 && back.time[0].cpu_max_ms == 12.25);
    ck_assert(back.time[1].cpu_total_ms == -1 && back.time[1].cpu_max_ms == -1);
    ck_assert_int_eq(back.under_load, 1);
    ck_assert_int_eq(back.pressure_source, ARENA_PRESSURE_PSI);
    ck_assert(back.pressure > 0.876 && back.pressure < 0.878);

    /* a line without them (older arenas, or no timeout): unknown */
    r = record_for(&s, 2, 1);
    text = line_of(&r, &s);
    ck_assert_ptr_null(strstr(text, "under_load"));
    j = cJSON_Parse(text);
    cJSON_free(text);
    ck_assert_int_eq(arena_record_from_json(j, &s, &back, err, sizeof err), 0);
    cJSON_Delete(j);
    ck_assert_int_eq(back.under_load, -1);
    arena_settings_clear(&s);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"reads_impossible_informative_numbers_as_unknown", test_huge_informative_numbers, 30},
        {"writes_the_games_jsonl_line_bytes", test_line_bytes, 30},
        {"keeps_late_cpu_and_load_fields", keeps_late_cpu_and_load_fields, 30},
        {"round_trips_every_reason_as_enum", test_round_trip_every_reason, 30},
        {"starts_from_the_schedule_without_result", test_from_spec, 30},
        {"hashes_the_move_list_and_reads_old_lines", test_moves_hash, 30},
    };
    const loa_loop_tcase loops[] = {
        {"refuses_a_bad_field_naming_it", test_refuses_bad_field, 30, (int)LOA_COUNT(bad_fields)},
    };
    return loa_run_suite_loops("arena_record", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
