/*
 * check_leaguedb_game_blob.c - a game's record as two compact blobs and back
 * (leaguedb/game_blob.h): every record of real games (moves, passes,
 * comments, `random` answers, invalid lines, timeouts, crashes, stderr, CPU
 * times, openings) decodes to the same record, printed byte for byte; what
 * the binary form cannot say is kept as JSON; corrupt blobs are refused,
 * never a crash; a 150-ply game of silent bots is small.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "check_main.h"
#include "leaguedb/game_blob.h"
#include "ref/referee.h"

#define BIN LOA_BIN_DIR

/* Plays black against white (commands) with the given limits and opening;
 * returns the record (ref_game_to_json). */
static cJSON *play(const char *black, const char *white, int turn_ms, const char *opening,
                   ref_time_mode mode)
{
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = black;
    c.players[1].command = white;
    c.limits.turn_ms = turn_ms;
    c.seed = -1234567890123456789LL;
    c.time_mode = mode;
    static loa_move moves[REF_OPENING_MAX];
    if (opening) {
        char err[256];
        int n = 0;
        ck_assert_int_eq(ref_opening_parse(opening, moves, REF_OPENING_MAX, &n, err, sizeof err),
                         0);
        c.opening = moves;
        c.opening_plies = n;
    }
    ref_game *g;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_OK);
    cJSON *j = ref_game_to_json(g);
    ck_assert_ptr_nonnull(j);
    ref_game_free(g);
    return j;
}

/* Encodes, decodes and compares the printed records; returns the codec
 * byte and the blobs' total size. */
static int roundtrip(const cJSON *record, size_t *size)
{
    leaguedb_blob rec, err;
    ck_assert_int_eq(leaguedb_game_blob_encode(record, 6, &rec, &err), 0);
    cJSON *back = NULL;
    ck_assert_int_eq(leaguedb_game_blob_decode(rec.data, rec.size, err.data, err.size, &back), 0);
    char *a = cJSON_PrintUnformatted(record), *b = cJSON_PrintUnformatted(back);
    size_t k = 0;
    while (a[k] && a[k] == b[k])
        k++;
    ck_assert_msg(strcmp(a, b) == 0, "differ at byte %zu:\n%.120s\n%.120s", k, a + k, b + k);
    int codec = rec.data[0];
    if (size)
        *size = rec.size + err.size;
    free(a);
    free(b);
    cJSON_Delete(back);
    leaguedb_game_blob_free(&rec);
    leaguedb_game_blob_free(&err);
    return codec;
}

START_TEST(every_kind_of_game_decodes_to_the_same_record)
{
    static const struct {
        const char *black, *white, *opening;
        int turn_ms;
        ref_time_mode mode;
    } games[] = {
        /* 150 plies, then the draw */
        {BIN "/loa-first", BIN "/loa-first", NULL, 150, REF_TIME_WALL},
        /* comments, random with a comment, a pass that is invalid */
        {BIN "/hostile-say 'b1d3 hello world' 'random café' random 'pass'", BIN "/loa-first", NULL,
         150, REF_TIME_WALL},
        /* an answer that is no move: the line is kept, the move is null */
        {BIN "/hostile-say 'b1d3' 'e9e9 what' x", BIN "/loa-random -s 3", NULL, 150, REF_TIME_WALL},
        /* an opening; stderr on every turn */
        {BIN "/loa-random -s 7", BIN "/hostile-flood 0 1", "b1d3 a2c2", 150, REF_TIME_WALL},
        /* a crash, and a timeout */
        {BIN "/hostile-crash", BIN "/loa-first", NULL, 150, REF_TIME_WALL},
        {BIN "/loa-first", BIN "/hostile-slow 400", NULL, 150, REF_TIME_WALL},
        /* CPU times on every ply */
        {BIN "/loa-random -s 9", BIN "/loa-first", NULL, 150, REF_TIME_CPU},
    };
    for (size_t i = 0; i < LOA_COUNT(games); i++) {
        cJSON *r =
            play(games[i].black, games[i].white, games[i].turn_ms, games[i].opening, games[i].mode);
        ck_assert_msg(roundtrip(r, NULL) == LEAGUEDB_BLOB_BINARY, "game %zu took the JSON codec",
                      i);
        cJSON_Delete(r);
    }
}
END_TEST

START_TEST(silent_bots_take_little_room)
{
    cJSON *r = play(BIN "/loa-first", BIN "/loa-first", 150, NULL, REF_TIME_WALL);
    char *text = cJSON_PrintUnformatted(r);
    size_t size = 0;
    roundtrip(r, &size);
    /* 150 plies: a flags byte, two squares and a time a ply, compressed,
     * and the record's header (players, limits, result) */
    ck_assert_msg(size < 1024, "%zu bytes (the record is %zu)", size, strlen(text));
    free(text);
    cJSON_Delete(r);
}
END_TEST

START_TEST(what_binary_cannot_say_is_kept_as_json)
{
    cJSON *r = play(BIN "/loa-first", BIN "/loa-first", 150, NULL, REF_TIME_WALL);
    cJSON *p = cJSON_GetArrayItem(cJSON_GetObjectItem(r, "plies"), 3);
    /* a member the binary form has no place for (an imported game's) */
    cJSON_AddTrueToObject(p, "stderr_cut");
    ck_assert_int_eq(roundtrip(r, NULL), LEAGUEDB_BLOB_JSON);
    cJSON_DeleteItemFromObject(p, "stderr_cut");
    /* a negative time */
    cJSON_ReplaceItemInObject(p, "time_us", cJSON_CreateNumber(-5));
    ck_assert_int_eq(roundtrip(r, NULL), LEAGUEDB_BLOB_JSON);
    /* a ply numbered out of turn */
    cJSON_ReplaceItemInObject(p, "time_us", cJSON_CreateNumber(5));
    cJSON_ReplaceItemInObject(p, "ply", cJSON_CreateNumber(99));
    ck_assert_int_eq(roundtrip(r, NULL), LEAGUEDB_BLOB_JSON);
    cJSON_Delete(r);
    /* not a record */
    leaguedb_blob a, b;
    cJSON *x = cJSON_Parse("{\"moves\": []}");
    ck_assert_int_eq(leaguedb_game_blob_encode(x, 6, &a, &b), LEAGUEDB_E_INVAL);
    ck_assert_ptr_null(a.data);
    cJSON_Delete(x);
}
END_TEST

START_TEST(corrupt_blobs_are_refused)
{
    cJSON *r = play(BIN "/loa-random -s 7", BIN "/hostile-flood 0 1", 150, NULL, REF_TIME_WALL);
    leaguedb_blob rec, err;
    ck_assert_int_eq(leaguedb_game_blob_encode(r, 6, &rec, &err), 0);
    ck_assert_ptr_nonnull(err.data);
    cJSON *out = (cJSON *)1;
    /* cut anywhere */
    for (size_t n = 0; n < rec.size; n += 7) {
        ck_assert_int_eq(leaguedb_game_blob_decode(rec.data, n, err.data, err.size, &out),
                         LEAGUEDB_E_PARSE);
        ck_assert_ptr_null(out);
    }
    /* every byte flipped in turn: refused, or (zlib cannot tell every
     * flip) a record; never a crash */
    for (size_t i = 0; i < rec.size; i++) {
        rec.data[i] ^= 0x5a;
        if (leaguedb_game_blob_decode(rec.data, rec.size, err.data, err.size, &out) == 0)
            cJSON_Delete(out);
        rec.data[i] ^= 0x5a;
    }
    /* the stderr blob missing, or another blob as stderr */
    ck_assert_int_eq(leaguedb_game_blob_decode(rec.data, rec.size, NULL, 0, &out),
                     LEAGUEDB_E_PARSE);
    ck_assert_int_eq(leaguedb_game_blob_decode(rec.data, rec.size, rec.data, rec.size, &out),
                     LEAGUEDB_E_PARSE);
    leaguedb_game_blob_free(&rec);
    leaguedb_game_blob_free(&err);
    cJSON_Delete(r);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"every_kind_of_game_decodes_to_the_same_record",
         every_kind_of_game_decodes_to_the_same_record, 60},
        {"silent_bots_take_little_room", silent_bots_take_little_room, 30},
        {"what_binary_cannot_say_is_kept_as_json", what_binary_cannot_say_is_kept_as_json, 30},
        {"corrupt_blobs_are_refused", corrupt_blobs_are_refused, 60},
    };
    return loa_run_suite("leaguedb_game_blob", cases, LOA_COUNT(cases));
}
