/*
 * check_referee_record: the JSON record (written atomically, parsed back
 * with cJSON, valid UTF-8 for any bytes a bot wrote) and the tag-pair text
 * record, from a short real game.
 */
#include <check.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "check_main.h"
#include "ref/referee.h"

#define BIN LOA_BIN_DIR

static const char *fmt(loa_move m)
{
    static char buf[LOA_MOVE_STRING_MAX];
    return loa_move_format(m, buf);
}

/* ---------------------------------------------------------------- records */

/* A short real game with known answers: black says e1e3 with a comment, then
 * random, then pass (invalid: ends the game); white is loa-first. */
static ref_game *short_game(int64_t seed)
{
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = BIN "/hostile-say 'e1e3 hello {brace} world' 'random r' pass";
    c.players[0].name = "sayer";
    c.players[1].command = BIN "/loa-first";
    c.seed = seed;
    ref_game *g = NULL;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_OK);
    ck_assert_ptr_nonnull(g);
    return g;
}

static cJSON *item(const cJSON *o, const char *k)
{
    cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
    ck_assert_msg(v != NULL, "missing JSON member %s", k);
    return v;
}

/* g's record written to path (in the empty directory dir) atomically,
 * read back: exactly ref_game_to_json(), the seed with all its digits.
 * Returns it parsed (the caller deletes it). */
static cJSON *written_record(const ref_game *g, const char *dir, const char *path)
{
    ck_assert_int_eq(ref_game_write_json(g, path), REF_OK);

    /* atomic write: only the record is left, no temp file */
    DIR *d = opendir(dir);
    int files = 0;
    for (struct dirent *e; (e = readdir(d));)
        files += e->d_name[0] != '.';
    closedir(d);
    ck_assert_int_eq(files, 1);

    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    fclose(f);
    /* the 64-bit seed is written with all its digits */
    ck_assert_ptr_nonnull(strstr(text, "\"seed\":\t-9223372036854775808"));

    cJSON *j = cJSON_Parse(text);
    ck_assert_ptr_nonnull(j);
    /* the file holds exactly ref_game_to_json() (compared after a parse:
     * raw integers come back as numbers) */
    cJSON *mine = ref_game_to_json(g);
    char *mine_text = cJSON_Print(mine);
    cJSON *mine_back = cJSON_Parse(mine_text);
    ck_assert(cJSON_Compare(j, mine_back, 1));
    cJSON_Delete(mine_back);
    cJSON_free(mine_text);
    cJSON_Delete(mine);
    return j;
}

/* The record's head: format, seed, times, limits, players. */
static void assert_record_head(const cJSON *j, const ref_game *g)
{
    ck_assert_str_eq(item(j, "format")->valuestring, "loa-arena-record");
    ck_assert_int_eq(item(j, "version")->valueint, 1);
    ck_assert_str_eq(item(j, "seed_text")->valuestring, "-9223372036854775808");
    ck_assert_int_eq(strlen(item(j, "start_time")->valuestring), 20); /* ...T..:..:..Z */
    ck_assert(item(j, "start_unix")->valuedouble == (double)ref_game_start_time(g));
    ck_assert(item(j, "duration_us")->valuedouble > 0);
    cJSON *lim = item(j, "limits");
    ck_assert_int_eq(item(lim, "first_turn_ms")->valueint, 1000);
    ck_assert_int_eq(item(lim, "turn_ms")->valueint, 150);
    ck_assert_int_eq(item(lim, "max_plies")->valueint, 150);

    cJSON *players = item(j, "players");
    ck_assert_int_eq(cJSON_GetArraySize(players), 2);
    cJSON *p0 = cJSON_GetArrayItem(players, 0), *p1 = cJSON_GetArrayItem(players, 1);
    ck_assert_str_eq(item(p0, "color")->valuestring, "black");
    ck_assert_str_eq(item(p0, "name")->valuestring, "sayer");
    ck_assert_ptr_nonnull(strstr(item(p0, "command")->valuestring, "hostile-say"));
    ck_assert_str_eq(item(p1, "color")->valuestring, "white");
    ck_assert_str_eq(item(p1, "name")->valuestring, BIN "/loa-first"); /* default: command */
}

/* The record's moves and plies (short_game's: e1e3 with a comment, a
 * random, the failing pass). */
static void assert_record_plies(const cJSON *j, const ref_game *g)
{
    cJSON *moves = item(j, "moves");
    ck_assert_int_eq(cJSON_GetArraySize(moves), 4);
    ck_assert_str_eq(cJSON_GetArrayItem(moves, 0)->valuestring, "e1e3");
    for (int i = 0; i < 4; i++)
        ck_assert_str_eq(cJSON_GetArrayItem(moves, i)->valuestring, fmt(ref_game_ply(g, i)->move));

    cJSON *plies = item(j, "plies");
    ck_assert_int_eq(cJSON_GetArraySize(plies), 5); /* 4 applied + the failing one */
    cJSON *q = cJSON_GetArrayItem(plies, 0);
    ck_assert_int_eq(item(q, "ply")->valueint, 1);
    ck_assert_int_eq(item(q, "player")->valueint, 0);
    ck_assert_str_eq(item(q, "color")->valuestring, "black");
    ck_assert_str_eq(item(q, "output")->valuestring, "e1e3 hello {brace} world");
    ck_assert_str_eq(item(q, "move")->valuestring, "e1e3");
    ck_assert_str_eq(item(q, "comment")->valuestring, "hello {brace} world");
    ck_assert(cJSON_IsFalse(item(q, "random")));
    ck_assert(item(q, "time_us")->valuedouble >= 0);
    ck_assert(cJSON_IsString(item(q, "stderr")));
    q = cJSON_GetArrayItem(plies, 2);
    ck_assert_str_eq(item(q, "output")->valuestring, "random r");
    ck_assert(cJSON_IsTrue(item(q, "random")));
    ck_assert_str_eq(item(q, "comment")->valuestring, "r");
    q = cJSON_GetArrayItem(plies, 4);
    ck_assert_str_eq(item(q, "output")->valuestring, "pass");
    ck_assert(cJSON_IsNull(item(q, "move")));
}

/* The record's result: black's invalid pass, white wins. */
static void assert_record_result(const cJSON *j)
{
    cJSON *res = item(j, "result");
    ck_assert_str_eq(item(res, "winner")->valuestring, "white");
    ck_assert_str_eq(item(res, "reason")->valuestring, "invalid_pass");
    ck_assert_str_eq(item(res, "fault")->valuestring, "black");
    cJSON *sc = item(res, "scores");
    ck_assert_int_eq(cJSON_GetArraySize(sc), 2);
    ck_assert_int_eq(cJSON_GetArrayItem(sc, 0)->valueint, -1);
    ck_assert_int_eq(cJSON_GetArrayItem(sc, 1)->valueint, 0);
    ck_assert_int_eq(item(res, "plies")->valueint, 4);
    ck_assert(cJSON_IsNull(item(res, "exit_status")));
    ck_assert(cJSON_IsNull(item(res, "term_signal")));
    ck_assert_ptr_nonnull(strstr(item(res, "detail")->valuestring, "pass"));
}

START_TEST(json_record_has_every_field)
{
    ref_game *g = short_game(INT64_MIN);
    const ref_result *r = ref_game_result(g);
    ck_assert_int_eq(r->reason, REF_REASON_INVALID_PASS);
    ck_assert_int_eq(r->plies, 4);

    char dir[] = "/tmp/check_referee_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/game.json", dir);
    cJSON *j = written_record(g, dir, path);
    assert_record_head(j, g);
    assert_record_plies(j, g);
    assert_record_result(j);
    cJSON_Delete(j);

    /* a directory that does not exist: REF_E_IO, nothing created */
    snprintf(path, sizeof path, "%s/no/such/dir/game.json", dir);
    ck_assert_int_eq(ref_game_write_json(g, path), REF_E_IO);
    snprintf(path, sizeof path, "%s/game.json", dir);
    unlink(path);
    rmdir(dir);
    ref_game_free(g);
}
END_TEST

/* CodinGame's SDK log keys, as psyleague's and cgarena's play_game.py read
 * them: "scores" {"0", "1"} and "errors" {"0": [...], "1": [...]}, one entry
 * per frame (= per element of "plies"): the mover's stderr, else null. */
START_TEST(json_record_has_codingames_scores_and_errors)
{
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = BIN "/hostile-flood 0 1"; /* 1 KB of stderr before each answer */
    c.players[1].command = BIN "/loa-first";         /* writes nothing on stderr */
    c.limits.max_plies = 6;
    c.seed = 3;
    ref_game *g = NULL;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_OK);
    ck_assert_int_eq(ref_game_result(g)->reason, REF_REASON_PLY_LIMIT);
    cJSON *j = ref_game_to_json(g);
    ck_assert_ptr_nonnull(j);
    cJSON *scores = item(j, "scores"), *errors = item(j, "errors"), *plies = item(j, "plies");
    ck_assert_int_eq(cJSON_GetArraySize(scores), 2);
    ck_assert_int_eq(cJSON_GetArraySize(errors), 2);
    ck_assert_int_eq(item(scores, "0")->valueint, 0);
    ck_assert_int_eq(item(scores, "1")->valueint, 0);
    int texts = 0;
    for (int p = 0; p < 2; p++) {
        const char *key = p == 0 ? "0" : "1";
        cJSON *frames = item(errors, key);
        ck_assert(cJSON_IsArray(frames));
        ck_assert_int_eq(cJSON_GetArraySize(frames), 6);
        for (int k = 0; k < 6; k++) {
            cJSON *e = cJSON_GetArrayItem(frames, k);
            cJSON *ply = cJSON_GetArrayItem(plies, k);
            const char *err = item(ply, "stderr")->valuestring;
            if (item(ply, "player")->valueint == p && err[0]) {
                ck_assert_msg(cJSON_IsString(e), "errors.%s[%d] is not the ply's stderr", key, k);
                ck_assert_str_eq(e->valuestring, err);
                texts++;
            } else {
                ck_assert_msg(cJSON_IsNull(e), "errors.%s[%d] is not null", key, k);
            }
        }
    }
    ck_assert_int_eq(texts, 3); /* black's three plies, each with its flood */
    /* the game's own keys are unchanged beside them */
    ck_assert_int_eq(cJSON_GetArraySize(item(item(j, "result"), "scores")), 2);
    cJSON_Delete(j);

    /* a fault: the CodinGame score -1 */
    ref_game_free(g);
    g = short_game(7);
    j = ref_game_to_json(g);
    ck_assert_int_eq(item(item(j, "scores"), "0")->valueint, -1);
    ck_assert_int_eq(item(item(j, "scores"), "1")->valueint, 0);
    ck_assert_int_eq(cJSON_GetArraySize(item(item(j, "errors"), "0")),
                     cJSON_GetArraySize(item(j, "plies")));
    cJSON_Delete(j);
    ref_game_free(g);
}
END_TEST

START_TEST(json_record_is_valid_utf8_for_any_bytes)
{
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = "printf 'e1e3 \\377\\300caf\\303\\251\\001\\n'; cat >/dev/null";
    c.players[1].command = "sleep 5";
    c.limits.first_turn_ms = 300;
    ref_game *g = NULL;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_OK);
    ck_assert_int_eq(ref_game_result(g)->reason, REF_REASON_TIMEOUT);
    cJSON *j = ref_game_to_json(g);
    char *text = cJSON_PrintUnformatted(j);
    /* invalid bytes became U+FFFD, valid UTF-8 (é) kept, control escaped */
    ck_assert_ptr_nonnull(strstr(text, "\"comment\":\"\xEF\xBF\xBD\xEF\xBF\xBD"
                                       "caf\xC3\xA9\\u0001\""));
    cJSON_free(text);
    cJSON_Delete(j);
    ref_game_free(g);
}
END_TEST

/* A NUL byte on stderr does not end the text kept: it shows as U+2400
 * (the symbol for NUL), in the ply and in both record keys. */
START_TEST(stderr_keeps_its_text_after_a_nul_byte)
{
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = "printf 'a\\0b\\n' >&2; exec " BIN "/loa-first";
    c.players[1].command = BIN "/loa-first";
    c.limits.max_plies = 2;
    ref_game *g = NULL;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_OK);
    ck_assert_int_eq(ref_game_result(g)->reason, REF_REASON_PLY_LIMIT);
    ck_assert_str_eq(ref_game_ply(g, 0)->stderr_tail, "a\xe2\x90\x80"
                                                      "b\n");
    cJSON *j = ref_game_to_json(g);
    ck_assert_str_eq(item(cJSON_GetArrayItem(item(j, "plies"), 0), "stderr")->valuestring,
                     "a\xe2\x90\x80"
                     "b\n");
    ck_assert_str_eq(cJSON_GetArrayItem(item(item(j, "errors"), "0"), 0)->valuestring,
                     "a\xe2\x90\x80"
                     "b\n");
    cJSON_Delete(j);
    ref_game_free(g);
}
END_TEST

START_TEST(text_record_tag_pairs_moves_and_result)
{
    ref_game *g = short_game(42);
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    ck_assert_int_eq(ref_game_write_text(g, f, 0), REF_OK);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(buf, "[Event \"loa-referee game\"]\n"));
    ck_assert_ptr_nonnull(strstr(buf, "[Site \""));
    ck_assert_ptr_nonnull(strstr(buf, "[Date \"20"));
    ck_assert_ptr_nonnull(strstr(buf, "[Round \"-\"]\n"));
    ck_assert_ptr_nonnull(strstr(buf, "[Black \"sayer\"]\n"));
    ck_assert_ptr_nonnull(strstr(buf, "[White \"" BIN "/loa-first\"]\n"));
    ck_assert_ptr_nonnull(strstr(buf, "[Result \"0-1\"]\n"));
    ck_assert_ptr_nonnull(strstr(buf, "[Seed \"42\"]\n"));
    ck_assert_ptr_nonnull(strstr(buf, "[Reason \"invalid_pass\"]\n"));
    ck_assert_ptr_nonnull(strstr(buf, "[Plies \"4\"]\n"));
    /* numbered moves, comments in braces (inner braces neutralised) */
    char expect[128], m1[LOA_MOVE_STRING_MAX], m2[LOA_MOVE_STRING_MAX], m3[LOA_MOVE_STRING_MAX];
    snprintf(expect, sizeof expect, "\n\n1. e1e3 {hello (brace) world} %s 2. %s {r} %s",
             loa_move_format(ref_game_ply(g, 1)->move, m1),
             loa_move_format(ref_game_ply(g, 2)->move, m2),
             loa_move_format(ref_game_ply(g, 3)->move, m3));
    ck_assert_msg(strstr(buf, expect), "no '%s' in:\n%s", expect, buf);
    /* the end: why, then the result token */
    ck_assert_ptr_nonnull(strstr(buf, "{invalid_pass: black invalid action 'pass'"));
    size_t n = strlen(buf);
    ck_assert_str_eq(buf + n - 5, " 0-1\n");
    free(buf);

    f = open_memstream(&buf, &size);
    ck_assert_int_eq(ref_game_write_text(g, f, 1), REF_OK);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(buf, "1. E1-E3 {hello"));
    free(buf);
    ref_game_free(g);
}
END_TEST

START_TEST(records_keep_long_comments_whole)
{
    /* a 3000-byte comment: whole in the JSON record and in the text record */
    static char comment[3001], cmd[3200];
    memset(comment, 'c', 3000);
    comment[1500] = '}';
    snprintf(cmd, sizeof cmd, BIN "/hostile-say 'e1e3 %s' pass", comment);
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = cmd;
    c.players[1].command = BIN "/loa-first";
    ref_game *g = NULL;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_OK);
    ck_assert_int_eq(ref_game_result(g)->reason, REF_REASON_INVALID_PASS);
    ck_assert_str_eq(ref_game_ply(g, 0)->comment, comment);
    cJSON *j = ref_game_to_json(g);
    cJSON *p0 = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "plies"), 0);
    ck_assert_str_eq(cJSON_GetObjectItem(p0, "comment")->valuestring, comment);
    cJSON_Delete(j);
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    ck_assert_int_eq(ref_game_write_text(g, f, 0), REF_OK);
    fclose(f);
    comment[1500] = ')';
    char *at = strstr(buf, comment);
    ck_assert_ptr_nonnull(at);
    ck_assert(at[-1] == '{' && at[3000] == '}');
    free(buf);
    ref_game_free(g);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"json_record_has_every_field", json_record_has_every_field, 30},
        {"json_record_has_codingames_scores_and_errors",
         json_record_has_codingames_scores_and_errors, 30},
        {"json_record_is_valid_utf8_for_any_bytes", json_record_is_valid_utf8_for_any_bytes, 30},
        {"stderr_keeps_its_text_after_a_nul_byte", stderr_keeps_its_text_after_a_nul_byte, 30},
        {"text_record_tag_pairs_moves_and_result", text_record_tag_pairs_moves_and_result, 30},
        {"records_keep_long_comments_whole", records_keep_long_comments_whole, 30},
    };
    if (ref_global_init() != REF_OK)
        return EXIT_FAILURE;
    return loa_run_suite("referee_record", cases, LOA_COUNT(cases));
}
