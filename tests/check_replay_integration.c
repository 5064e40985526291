/*
 * check_replay_integration - the replay pages written by the other tools:
 * loa-referee --html, loa-arena's index.html and games/<id>.html (after a
 * whole run and after an interrupted one), and loa-arena --html DIR.
 * Runs the real executables with loa-first bots.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check_main.h"
#include "replay/replay.h"

#define BIN LOA_BIN_DIR "/"

static char dir[] = "/tmp/check_replay_integration.XXXXXX";

static int sh(const char *fmt, const char *a)
{
    char cmd[4096];
    snprintf(cmd, sizeof cmd, fmt, a, a, a, a);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "%s missing", path);
    static char buf[1 << 21];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return strdup(buf);
}

static int exists(const char *fmt, const char *a, int id)
{
    char path[2200];
    snprintf(path, sizeof path, fmt, a, id);
    return access(path, R_OK) == 0;
}

START_TEST(referee_html_is_the_replay_of_its_record)
{
    ck_assert_ptr_nonnull(mkdtemp(dir));
    ck_assert_int_eq(sh("cd %s && '" BIN "loa-referee' -p1 '" BIN "loa-first' -p2 '" BIN
                        "loa-example' "
                        "--seed 5 -l g.json --html g.html -q > /dev/null",
                        dir),
                     0);
    char path[1024];
    snprintf(path, sizeof path, "%s/g.json", dir);
    replay_game *g;
    char err[256];
    ck_assert_int_eq(replay_game_load(path, &g, err, sizeof err), 0);
    const replay_info *in = replay_game_info(g);
    snprintf(path, sizeof path, "%s/g.html", dir);
    char *html = slurp(path);
    /* Every position of the record is in the page's data. */
    for (int n = 1; n <= in->plies; n++) {
        char want[100];
        snprintf(want, sizeof want, "\"board\":\"%s\"", replay_game_board(g, n));
        ck_assert_msg(strstr(html, want) != NULL, "ply %d missing", n);
    }
    free(html);
    replay_game_free(g);
    /* A page that cannot be written: the game is still scored, exit 1. */
    ck_assert_int_eq(sh("'" BIN "loa-referee' -p1 '" BIN "loa-first' -p2 '" BIN "loa-first' "
                        "--html %s/no/such/dir/g.html -q > /dev/null 2>&1",
                        dir),
                     1);
    sh("rm -r %s", dir);
}
END_TEST

START_TEST(arena_writes_index_and_pages_and_rewrites_them)
{
    ck_assert_ptr_nonnull(mkdtemp(dir));
    ck_assert_int_eq(sh("'" BIN "loa-arena' --bot a='" BIN "loa-first' --bot b='" BIN
                        "loa-example' "
                        "--games 4 -c 2 --pages all -q -o %s/out > /dev/null 2>&1",
                        dir),
                     0);
    char out[1024];
    snprintf(out, sizeof out, "%s/out", dir);
    for (int id = 0; id < 4; id++)
        ck_assert_msg(exists("%s/games/%06d.html", out, id), "page of game %d", id);
    char path[1100];
    snprintf(path, sizeof path, "%s/live.js", out); /* the index's data */
    char *index = slurp(path);
    ck_assert_ptr_nonnull(strstr(index, "\"page\":\"games/000003.html\""));
    free(index);
    /* --html DIR writes them again. */
    ck_assert_int_eq(sh("rm %s/out/index.html %s/out/games/000002.html", dir), 0);
    ck_assert_int_eq(sh("'" BIN "loa-arena' --html %s/out > /dev/null", dir), 0);
    ck_assert(exists("%s/games/%06d.html", out, 2));
    ck_assert_int_eq(access(path, R_OK), 0);
    ck_assert_int_eq(sh("'" BIN "loa-arena' --html %s > /dev/null 2>&1", dir), 2); /* not results */
    ck_assert_int_eq(sh("'" BIN "loa-arena' --html %s/out --games 2 > /dev/null 2>&1", dir), 2);
    sh("rm -r %s", dir);
}
END_TEST

/* Whether game id of DIR/games.jsonl ended by a bot's fault ("fault" not
 * null); -1 when the line is missing. */
static int fault_of(const char *jsonl, int id)
{
    char key[32];
    snprintf(key, sizeof key, "{\"id\":%d,", id);
    const char *line = strstr(jsonl, key);
    if (!line)
        return -1;
    const char *f = strstr(line, "\"fault\":");
    const char *nl = strchr(line, '\n');
    ck_assert_msg(f && (!nl || f < nl), "no fault field in game %d", id);
    return strncmp(f + 8, "null", 4) != 0;
}

START_TEST(default_pages_are_the_faults_and_html_writes_the_rest)
{
    ck_assert_ptr_nonnull(mkdtemp(dir));
    /* a-b play normal games; every game of c ends with its crash */
    ck_assert_int_eq(sh("'" BIN "loa-arena' --bot a='" BIN "loa-first' --bot b='" BIN
                        "loa-example' "
                        "--bot c='" BIN "hostile-crash' --games 2 -c 2 --keep-going -q "
                        "-o %s/out > %s/log 2>&1",
                        dir),
                     0);
    char out[1024], path[1100];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(path, sizeof path, "%s/games.jsonl", out);
    char *jsonl = slurp(path);
    snprintf(path, sizeof path, "%s/live.js", out); /* the index's data */
    char *index = slurp(path);
    int faults = 0, normal = 0;
    for (int id = 0; id < 6; id++) {
        int fault = fault_of(jsonl, id);
        ck_assert_int_ge(fault, 0);
        faults += fault;
        normal += !fault;
        char cmd[2400];
        snprintf(cmd, sizeof cmd, "'" BIN "loa-replay' --record %s/r.json %s %d", out, out, id);
        ck_assert_msg(system(cmd) == 0, "record of game %d", id);
        ck_assert_msg(exists("%s/games/%06d.html", out, id) == fault, "page of game %d (fault %d)",
                      id, fault);
        char link[64];
        snprintf(link, sizeof link, "\"page\":\"games/%06d.html\"", id);
        ck_assert_msg((strstr(index, link) != NULL) == fault, "index link of game %d", id);
    }
    ck_assert_int_eq(faults, 4);
    ck_assert_int_eq(normal, 2);
    free(index);
    /* the run names the command that writes the rest, and that command does */
    snprintf(path, sizeof path, "%s/log", dir);
    char *log = slurp(path);
    ck_assert_msg(strstr(log, "pages of the games lost by a fault; loa-arena serve ") &&
                      strstr(log, "serves every game's page, --html writes them"),
                  "%s", log);
    free(log);
    ck_assert_int_eq(sh("'" BIN "loa-arena' --html %s/out > /dev/null", dir), 0);
    for (int id = 0; id < 6; id++)
        ck_assert_msg(exists("%s/games/%06d.html", out, id), "page of game %d after --html", id);
    snprintf(path, sizeof path, "%s/live.js", out);
    index = slurp(path);
    ck_assert_ptr_nonnull(strstr(index, "\"page\":\"games/000000.html\""));
    free(index);
    free(jsonl);
    /* --pages none: records, the index, no page */
    ck_assert_int_eq(sh("'" BIN "loa-arena' --bot a='" BIN "loa-first' --bot c='" BIN
                        "hostile-crash' "
                        "--games 2 --keep-going --pages none -q -o %s/none > /dev/null 2>&1",
                        dir),
                     0);
    snprintf(out, sizeof out, "%s/none", dir);
    ck_assert_int_eq(sh("'" BIN "loa-replay' --record %s/none/r.json %s/none 1", dir), 0);
    ck_assert(!exists("%s/games/%06d.html", out, 0) && !exists("%s/games/%06d.html", out, 1));
    snprintf(path, sizeof path, "%s/index.html", out);
    ck_assert_int_eq(access(path, R_OK), 0);
    ck_assert_int_eq(sh("'" BIN "loa-arena' --bot a=x --pages some -o %s/bad > /dev/null 2>&1",
                        dir),
                     2);
    sh("rm -r %s", dir);
}
END_TEST

START_TEST(interrupted_arena_still_writes_its_index)
{
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char out[1024], cmd[2048];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(cmd, sizeof cmd, "%s/log", dir);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        freopen(cmd, "w", stdout);
        freopen(cmd, "a", stderr);
        execl(BIN "loa-arena", "loa-arena", "--bot", "a=" BIN "loa-first", "--bot",
              "b=" BIN "hostile-slow 20", "--games", "1000", "-c", "1", "--pages", "all", "-q",
              "-o", out, (char *)NULL);
        _exit(127);
    }
    /* Wait until a game has been recorded, then Ctrl-C. */
    char jsonl[1100];
    snprintf(jsonl, sizeof jsonl, "%s/games.jsonl", out);
    struct stat st;
    for (int i = 0; i < 200 && (stat(jsonl, &st) != 0 || st.st_size == 0); i++)
        usleep(50000);
    kill(pid, SIGINT);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert_int_eq(WEXITSTATUS(status), 130);
    char index[1100];
    snprintf(index, sizeof index, "%s/index.html", out);
    ck_assert_int_eq(access(index, R_OK), 0);
    ck_assert(exists("%s/games/%06d.html", out, 0));
    sh("rm -r %s", dir);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"referee_html_is_the_replay_of_its_record", referee_html_is_the_replay_of_its_record, 30},
        {"arena_writes_index_and_pages_and_rewrites_them",
         arena_writes_index_and_pages_and_rewrites_them, 60},
        {"interrupted_arena_still_writes_its_index", interrupted_arena_still_writes_its_index, 60},
        {"default_pages_are_the_faults_and_html_writes_the_rest",
         default_pages_are_the_faults_and_html_writes_the_rest, 60},
    };
    return loa_run_suite("replay_integration", cases, LOA_COUNT(cases));
}
