/*
 * check_replay_league - the pages of a loa-arena results directory
 * (replay/league.h): the index lists every game with its page, torn,
 * foreign and unsafe games.jsonl lines are skipped or left without a link,
 * a bad record does not stop the others, a directory that is not one is
 * refused, a directory given with slashes after it is named without them.
 * Works on copies of tests/fixtures/replay/league (6 games).
 */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "check_main.h"
#include "replay/league.h"
#include "replay/tune.h"
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
    fputs(
        "{\"x\": 1}\n"
        "{\"id\": 90, \"black\": \"a\", \"white\": \"b\", \"record\": \"../../etc/passwd.json\"}\n"
        "{\"id\": 91, \"black\": \"a\", \"white\": \"b\", \"record\": "
        "\"javascript:alert(1).json\"}\n"
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
    ck_assert_int_eq(replay_write_league(dir, 1, &written, &failed, err, sizeof err),
                     REPLAY_E_JSON);
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
    ck_assert_msg(strstr(err, "standings.json: nested deeper than 1000 levels at byte 1000"), "%s",
                  err);
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

/* The bot-*.html files of dir, sorted, joined by ' '. */
static void bot_files(const char *dir, char *out, size_t size)
{
    struct dirent **list;
    int n = scandir(dir, &list, NULL, alphasort);
    ck_assert_int_ge(n, 0);
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (strncmp(list[i]->d_name, "bot-", 4) == 0) {
            strncat(out, list[i]->d_name, size - strlen(out) - 2);
            strcat(out, " ");
        }
        free(list[i]);
    }
    free(list);
}

/* Writes dir's pages with the standings of the bots named, in that order. */
static void pages_of(const char *dir, const char *const *names, int n)
{
    cJSON *st = cJSON_CreateObject(), *bots = cJSON_AddArrayToObject(st, "bots");
    for (int i = 0; i < n; i++) {
        cJSON *b = cJSON_CreateObject();
        cJSON_AddStringToObject(b, "name", names[i]);
        cJSON_AddItemToArray(bots, b);
    }
    replay_league_data d = {.lines = NULL, .total = -1, .standings = st};
    char err[512];
    ck_assert_msg(replay_write_league_pages(dir, &d, err, sizeof err) == 0, "%s", err);
    cJSON_Delete(st);
}

/* A bot's page keeps its file as bots join and the standings reorder (it was
 * named by the bot's place: 8 bots left 14 pages), names that meet on one
 * slug get files of their own, and a bot-*.html of no bot is removed. */
START_TEST(bot_pages_keep_their_file_as_the_league_changes)
{
    char dir[] = "/tmp/check_replay_league.XXXXXX", first[2048], then[2048], path[1200];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    static const char *const before[] = {"a b", "a_b", "plain", "a/b"};
    static const char *const after[] = {"new one", "plain", "a/b", "a_b", "a b"};
    pages_of(dir, before, 4);
    cJSON *j = index_data(dir);
    const cJSON *pages = cJSON_GetObjectItem(j, "bot_pages");
    ck_assert_str_eq(cJSON_GetObjectItem(pages, "plain")->valuestring, "bot-plain.html");
    ck_assert_str_eq(cJSON_GetObjectItem(pages, "a_b")->valuestring, "bot-a_b.html");
    const char *ab = cJSON_GetObjectItem(pages, "a b")->valuestring;
    const char *aslashb = cJSON_GetObjectItem(pages, "a/b")->valuestring;
    ck_assert_msg(strncmp(ab, "bot-a_b-", 8) == 0 && strlen(ab) == 8 + 8 + 5, "%s", ab);
    ck_assert_msg(strncmp(aslashb, "bot-a_b-", 8) == 0 && strcmp(ab, aslashb) != 0, "%s", aslashb);
    bot_files(dir, first, sizeof first);
    cJSON_Delete(j);
    snprintf(path, sizeof path, "%s/bot-a_b-3.html", dir); /* an older arena's page */
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fclose(f);
    pages_of(dir, after, 5);
    bot_files(dir, then, sizeof then);
    j = index_data(dir);
    pages = cJSON_GetObjectItem(j, "bot_pages");
    const char *added = cJSON_GetObjectItem(pages, "new one")->valuestring;
    char want[4300];
    /* the same files, the new bot's besides, the stale one gone */
    snprintf(want, sizeof want, "%s%s ", first, added);
    char *w[8], *t[8];
    int nw = 0, nt = 0;
    for (char *s = NULL, *x = strtok_r(want, " ", &s); x; x = strtok_r(NULL, " ", &s))
        w[nw++] = x;
    for (char *s = NULL, *x = strtok_r(then, " ", &s); x; x = strtok_r(NULL, " ", &s))
        t[nt++] = x;
    ck_assert_int_eq(nt, 5);
    ck_assert_int_eq(nw, 5);
    for (int i = 0; i < nw; i++) {
        int found = 0;
        for (int k = 0; k < nt; k++)
            found |= strcmp(w[i], t[k]) == 0;
        ck_assert_msg(found, "%s: not among the pages after the change", w[i]);
    }
    cJSON_Delete(j);
    remove_dir(dir);
}
END_TEST

/* A tune's page from a tune-state.json cJSON refuses: the reason and its
 * byte (it read "not a JSON object" for all). */
START_TEST(tune_page_says_why_its_state_is_no_json)
{
    char dir[] = "/tmp/check_replay_league.XXXXXX", err[512], path[1200];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/tune-state.json", dir);
    static const struct {
        const char *text, *why;
    } rows[] = {
        {"{\"pairs\": 2}\n{}",
         "tune-state.json: bytes after the JSON value at byte 13 (line 2, column 1)"},
        {"{\"pairs\": [1, 2",
         "tune-state.json: the text ends (byte 15) before its JSON value does"},
        {"[1]", "tune-state.json: not a JSON object"},
    };
    for (size_t i = 0; i < LOA_COUNT(rows); i++) {
        FILE *f = fopen(path, "w");
        ck_assert_ptr_nonnull(f);
        fputs(rows[i].text, f);
        fclose(f);
        ck_assert_int_eq(replay_write_tune(dir, err, sizeof err), REPLAY_E_TUNE);
        ck_assert_msg(strstr(err, rows[i].why), "row %zu: %s", i, err);
    }
    remove_dir(dir);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"tune_page_says_why_its_state_is_no_json", tune_page_says_why_its_state_is_no_json, 10},
        {"bot_pages_keep_their_file_as_the_league_changes",
         bot_pages_keep_their_file_as_the_league_changes, 30},
        {"league_index_of_some_games_says_how_many_of_all",
         league_index_of_some_games_says_how_many_of_all, 30},
        {"league_pages_and_index_list_every_game", league_pages_and_index_list_every_game, 30},
        {"league_index_skips_torn_foreign_and_unsafe_lines",
         league_index_skips_torn_foreign_and_unsafe_lines, 10},
        {"league_bad_record_does_not_stop_the_others", league_bad_record_does_not_stop_the_others,
         30},
        {"league_index_needs_a_results_directory", league_index_needs_a_results_directory, 10},
        {"league_pages_name_the_directory_without_its_slashes",
         league_pages_name_the_directory_without_its_slashes, 10},
    };
    return loa_run_suite("replay_league", cases, LOA_COUNT(cases));
}
