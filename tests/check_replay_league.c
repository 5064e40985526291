/*
 * check_replay_league - the pages of a loa-arena results directory
 * (replay/league.h): the index lists every game with its page, torn,
 * foreign and unsafe games.jsonl lines are skipped or left without a link,
 * a bad record does not stop the others, a directory that is not one is
 * refused, a directory given with slashes after it is named without them.
 * Works on copies of tests/fixtures/replay/league (6 games).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "check_main.h"
#include "replay/league.h"
#include "util/json.h"

#define FIXTURES LOA_SOURCE_DIR "/tests/fixtures/replay/"

/* A copy of the fixture league (6 games of 3 bots) in a temp dir. */
static void copy_league(char *dir)
{
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "cp -r " FIXTURES "league/. %s/", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static void remove_dir(const char *dir)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "rm -r '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

/* DIR/file's text (a static buffer, valid until the next call), *len its
 * bytes. */
static const char *file_text(const char *dir, const char *file, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "%s", path);
    static char buf[1 << 21];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* The data of DIR's index (DIR/live.js: loaLeague(<JSON>);), parsed back. */
static cJSON *index_data(const char *dir)
{
    size_t n;
    const char *buf = file_text(dir, "live.js", &n);
    ck_assert_msg(n > 13 && strncmp(buf, "loaLeague(", 10) == 0 && strcmp(buf + n - 3, ");\n") == 0,
                  "%s", buf);
    cJSON *j = cJSON_ParseWithLength(buf + 10, n - 13);
    ck_assert_ptr_nonnull(j);
    return j;
}

START_TEST(league_pages_and_index_list_every_game)
{
    char dir[] = "/tmp/check_replay_league.XXXXXX", err[512];
    copy_league(dir);
    int written = -1, failed = -1;
    ck_assert_int_eq(replay_write_league(dir, 1, &written, &failed, err, sizeof err), 0);
    ck_assert_int_eq(written, 6);
    ck_assert_int_eq(failed, 0);
    cJSON *j = index_data(dir);
    const cJSON *games = cJSON_GetObjectItem(j, "games"), *g;
    ck_assert_int_eq(cJSON_GetArraySize(games), 6);
    cJSON_ArrayForEach(g, games)
    {
        char path[1200], want[64];
        snprintf(want, sizeof want, "games/%06d.html", cJSON_GetObjectItem(g, "id")->valueint);
        ck_assert_str_eq(cJSON_GetObjectItem(g, "page")->valuestring, want);
        snprintf(path, sizeof path, "%s/%s", dir, want);
        ck_assert_int_eq(access(path, R_OK), 0);
    }
    ck_assert(cJSON_IsObject(cJSON_GetObjectItem(j, "standings")));
    ck_assert(cJSON_IsObject(cJSON_GetObjectItem(j, "league")));
    cJSON_Delete(j);
    /* Pages newer than their records are left alone. */
    ck_assert_int_eq(replay_write_league(dir, 0, &written, &failed, err, sizeof err), 0);
    ck_assert_int_eq(written, 0);
    remove_dir(dir);
}
END_TEST

START_TEST(league_index_skips_torn_foreign_and_unsafe_lines)
{
    char dir[] = "/tmp/check_replay_league.XXXXXX", err[512], path[1200];
    copy_league(dir);
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    FILE *f = fopen(path, "a");
    ck_assert_ptr_nonnull(f);
    fputs("{\"x\": 1}\n"
          "{\"id\": 90, \"black\": \"a\", \"white\": \"b\", \"record\": \"../../etc/passwd.json\"}\n"
          "{\"id\": 91, \"black\": \"a\", \"white\": \"b\", \"record\": \"javascript:alert(1).json\"}\n"
          "{\"id\": 7, \"bla",
          f);
    fclose(f);
    ck_assert_int_eq(replay_write_index(dir, err, sizeof err), 0);
    cJSON *j = index_data(dir);
    const cJSON *games = cJSON_GetObjectItem(j, "games");
    ck_assert_int_eq(cJSON_GetArraySize(games), 8); /* 6 + the two unsafe ones, without links */
    ck_assert_ptr_null(cJSON_GetObjectItem(cJSON_GetArrayItem(games, 6), "page"));
    ck_assert_ptr_null(cJSON_GetObjectItem(cJSON_GetArrayItem(games, 7), "page"));
    cJSON_Delete(j);
    remove_dir(dir);
}
END_TEST

START_TEST(league_bad_record_does_not_stop_the_others)
{
    char dir[] = "/tmp/check_replay_league.XXXXXX", err[512], path[1200];
    copy_league(dir);
    snprintf(path, sizeof path, "%s/games/000002.json", dir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("{\"format\": \"loa-arena-record\"", f);
    fclose(f);
    int written, failed;
    ck_assert_int_eq(replay_write_league(dir, 1, &written, &failed, err, sizeof err), REPLAY_E_JSON);
    ck_assert_int_eq(written, 5);
    ck_assert_int_eq(failed, 1);
    ck_assert_msg(strstr(err, "000002.json") != NULL, "%s", err);
    snprintf(path, sizeof path, "%s/index.html", dir);
    ck_assert_int_eq(access(path, R_OK), 0);
    remove_dir(dir);
}
END_TEST

START_TEST(league_index_needs_a_results_directory)
{
    char dir[] = "/tmp/check_replay_league.XXXXXX", err[512], path[1200];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    ck_assert_int_eq(replay_write_index(dir, err, sizeof err), REPLAY_E_LEAGUE);
    ck_assert_ptr_nonnull(strstr(err, dir));
    snprintf(path, sizeof path, "%s/standings.json", dir);
    FILE *f = fopen(path, "w");
    fputs("[1]", f);
    fclose(f);
    ck_assert_int_eq(replay_write_index(dir, err, sizeof err), REPLAY_E_LEAGUE);
    ck_assert_ptr_nonnull(strstr(err, "standings.json"));
    /* JSON cJSON refuses: the reason (it read "not a JSON object") */
    f = fopen(path, "w");
    for (int i = 0; i <= UTIL_JSON_NESTING_MAX; i++)
        fputc('[', f);
    fclose(f);
    ck_assert_int_eq(replay_write_index(dir, err, sizeof err), REPLAY_E_LEAGUE);
    ck_assert_msg(strstr(err, "standings.json: nested deeper than 1000 levels at byte 1000"), "%s", err);
    f = fopen(path, "w");
    fputs("{}\n}", f);
    fclose(f);
    ck_assert_int_eq(replay_write_index(dir, err, sizeof err), REPLAY_E_LEAGUE);
    ck_assert_msg(strstr(err, "standings.json: bytes after the JSON value at byte 3"), "%s", err);
    ck_assert_int_eq(replay_write_index(NULL, err, sizeof err), REPLAY_E_INVAL);
    remove_dir(dir);
}
END_TEST

/* Issue 36: a league on a database gives the index some of its games and
 * says how many it holds; the page says so. */
START_TEST(league_index_of_some_games_says_how_many_of_all)
{
    char dir[] = "/tmp/check_replay_league.XXXXXX", err[512];
    copy_league(dir);
    cJSON *lines = cJSON_Parse("[{\"id\": 3, \"black\": \"a\", \"white\": \"b\", "
                               "\"result\": \"1-0\", \"page\": \"games/000003.html\"},"
                               "{\"id\": 999, \"black\": \"a\", \"white\": \"b\"}, 7]");
    ck_assert_int_eq(replay_write_index_lines(dir, lines, 1000000, err, sizeof err), 0);
    cJSON *j = index_data(dir);
    const cJSON *games = cJSON_GetObjectItem(j, "games");
    ck_assert_int_eq(cJSON_GetArraySize(games), 2); /* 7 is no game */
    ck_assert_int_eq(cJSON_GetObjectItem(cJSON_GetArrayItem(games, 0), "id")->valueint, 3);
    ck_assert_double_eq(cJSON_GetObjectItem(j, "total")->valuedouble, 1000000);
    cJSON_Delete(j);
    ck_assert_int_eq(replay_write_index_lines(dir, NULL, 5, err, sizeof err), REPLAY_E_INVAL);
    cJSON_Delete(lines);
    remove_dir(dir);
}
END_TEST

START_TEST(league_pages_name_the_directory_without_its_slashes)
{
    /* "DIR/" and "DIR//" are DIR's last name, as "DIR" is: the index's
     * data and the title of its page (was the whole path, slash kept) */
    char dir[] = "/tmp/check_replay_league.XXXXXX", err[512], path[1200];
    copy_league(dir);
    const char *base = strrchr(dir, '/') + 1;
    char want[128];
    snprintf(want, sizeof want, "<title>League %s</title>", base);
    for (int slashes = 1; slashes <= 2; slashes++) {
        snprintf(path, sizeof path, "%s%s", dir, slashes == 1 ? "/" : "//");
        ck_assert_int_eq(replay_write_index(path, err, sizeof err), 0);
        cJSON *j = index_data(dir);
        ck_assert_str_eq(cJSON_GetObjectItem(j, "dir")->valuestring, base);
        cJSON_Delete(j);
        size_t n;
        ck_assert_msg(strstr(file_text(dir, "index.html", &n), want), "no %s in index.html", want);
        snprintf(path, sizeof path, "%s/index.html", dir);
        ck_assert_int_eq(unlink(path), 0); /* written again by the next */
    }
    remove_dir(dir);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"league_index_of_some_games_says_how_many_of_all",
         league_index_of_some_games_says_how_many_of_all, 30},
        {"league_pages_and_index_list_every_game", league_pages_and_index_list_every_game, 30},
        {"league_index_skips_torn_foreign_and_unsafe_lines",
         league_index_skips_torn_foreign_and_unsafe_lines, 10},
        {"league_bad_record_does_not_stop_the_others", league_bad_record_does_not_stop_the_others, 30},
        {"league_index_needs_a_results_directory", league_index_needs_a_results_directory, 10},
        {"league_pages_name_the_directory_without_its_slashes",
         league_pages_name_the_directory_without_its_slashes, 10},
    };
    return loa_run_suite("replay_league", cases, LOA_COUNT(cases));
}
