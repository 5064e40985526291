/*
 * arena_cli_util.h - helpers of the integration suites that run loa-arena
 * as a child process (check_arena_league_run*.c, check_arena_tasks.c): a
 * temporary directory per test (kept when the test fails), spawning with
 * stdout/stderr to files and a timeout, whole-file reads and waits for a
 * text, games.jsonl and standings.json access, queries of a league's
 * database through the sqlite3 shell (as a user asks them). static inline:
 * each suite uses some.
 */
#ifndef ARENA_CLI_UTIL_H
#define ARENA_CLI_UTIL_H

#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "leaguedb/leaguedb.h"

#define ARENA LOA_BIN_DIR "/loa-arena"
#define FIRST LOA_BIN_DIR "/loa-first"

static char g_dir[256];

static inline const char *tmpdir(void)
{
    snprintf(g_dir, sizeof g_dir, "/tmp/check_arena_cli_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(g_dir));
    return g_dir;
}

/* The usual files of a test in its directory dir: the child's stdout (o)
 * and stderr (e), and a results directory (out, "res"). */
typedef struct test_paths {
    char o[300], e[300], out[300];
} test_paths;

/* A second command's stdout and stderr files in dir: NAME.out, NAME.err. */
typedef struct test_io {
    char o[300], e[300];
} test_io;

static inline test_io io_in(const char *dir, const char *name)
{
    test_io io;
    snprintf(io.o, sizeof io.o, "%s/%s.out", dir, name);
    snprintf(io.e, sizeof io.e, "%s/%s.err", dir, name);
    return io;
}

static inline test_paths paths_in(const char *dir)
{
    test_paths p;
    snprintf(p.o, sizeof p.o, "%s/out.txt", dir);
    snprintf(p.e, sizeof p.e, "%s/err.txt", dir);
    snprintf(p.out, sizeof p.out, "%s/res", dir);
    return p;
}

/* Removes the test's temporary directory (kept when a test fails, for a
 * look at what went wrong). */
static inline void cleanup(void)
{
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_dir);
    ck_assert_int_eq(system(cmd), 0);
}

static inline void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

/* Starts argv with stdout/stderr redirected to files; returns the pid. */
static inline pid_t spawn(char *const argv[], const char *out, const char *err)
{
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int in = open("/dev/null", O_RDONLY);
        if (o < 0 || e < 0 || in < 0)
            _exit(126);
        dup2(in, 0);
        dup2(o, 1);
        dup2(e, 2);
        execv(argv[0], argv);
        _exit(127);
    }
    return pid;
}

/* Waits for pid at most timeout_ms; kills it on timeout. Returns the exit
 * code, 128+signal, or -1 on timeout. */
static inline int wait_for(pid_t pid, int timeout_ms)
{
    int st;
    for (int waited = 0;; waited += 10) {
        pid_t r = waitpid(pid, &st, WNOHANG);
        if (r == pid)
            return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
        if (waited >= timeout_ms) {
            kill(pid, SIGKILL);
            waitpid(pid, &st, 0);
            return -1;
        }
        sleep_ms(10);
    }
}

static inline int run(char *const argv[], const char *out, const char *err, int timeout_ms)
{
    return wait_for(spawn(argv, out, err), timeout_ms);
}

static inline char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return strdup("");
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    size_t got = fread(buf, 1, (size_t)n, f);
    buf[got] = '\0';
    fclose(f);
    return buf;
}

/* The first integer a shell command prints; -1 when it prints none. */
static inline long shell_number(const char *cmd)
{
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    long v = -1;
    if (fscanf(p, "%ld", &v) != 1)
        v = -1;
    pclose(p);
    return v;
}

/* The first number query prints on dir's league database (the sqlite3
 * shell, as a user would ask it); -1 when it prints none. */
static inline long league_sql(const char *dir, const char *query)
{
    char cmd[900];
    snprintf(cmd, sizeof cmd, "sqlite3 '%s/league.db' \"%s\"", dir, query);
    return shell_number(cmd);
}

/* The games of the bot named name in dir's league (league_sql). */
static inline long league_games_of(const char *dir, const char *name)
{
    char q[300];
    snprintf(q, sizeof q, "SELECT count(*) FROM game_results WHERE black = '%s' OR white = '%s'",
             name, name);
    return league_sql(dir, q);
}

/* Waits (at most 120 s) until dir's league has stored at least n games. */
static inline void wait_stored(const char *dir, long n)
{
    char path[400];
    snprintf(path, sizeof path, "%s/league.db", dir);
    for (int waited = 0; waited < 120000; waited += 20) {
        if (access(path, F_OK) == 0 && league_sql(dir, "SELECT count(*) FROM games") >= n)
            return;
        sleep_ms(20);
    }
    ck_abort_msg("%s: %ld games never stored", dir, n);
}

/* Waits (at most timeout_ms) until the file at path holds needle:
 * 1 when it does, 0 when the time ran out. */
static inline int wait_text(const char *path, const char *needle, int timeout_ms)
{
    for (int waited = 0; waited < timeout_ms; waited += 20) {
        char *t = slurp(path);
        int found = strstr(t, needle) != NULL;
        free(t);
        if (found)
            return 1;
        sleep_ms(20);
    }
    return 0;
}

/* Copies the file from to the path to (cp). */
static inline void copy_file(const char *from, const char *to)
{
    char cmd[900];
    snprintf(cmd, sizeof cmd, "cp '%s' '%s'", from, to);
    ck_assert_int_eq(system(cmd), 0);
}

/* The number of paths matching the glob pattern. */
static inline int count_glob(const char *pattern)
{
    glob_t g;
    int n = glob(pattern, 0, NULL, &g) == 0 ? (int)g.gl_pathc : 0;
    globfree(&g);
    return n;
}

static inline int count_lines(const char *path)
{
    char *t = slurp(path);
    int n = 0;
    for (char *p = t; *p; p++)
        n += *p == '\n';
    free(t);
    return n;
}

static inline void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* Reads games.jsonl: counts[id] = how often id appears; every line must be
 * a valid record. Returns the number of lines. */
static inline int read_ids(const char *dir, int *counts, int max)
{
    char path[400];
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    char *t = slurp(path);
    int lines = 0;
    for (char *line = t, *nl; (nl = strchr(line, '\n')); line = nl + 1) {
        *nl = '\0';
        cJSON *j = cJSON_Parse(line);
        ck_assert_msg(j != NULL, "games.jsonl line %d is not JSON: %s", lines + 1, line);
        cJSON *id = cJSON_GetObjectItem(j, "id");
        ck_assert(cJSON_IsNumber(id));
        ck_assert_int_ge(id->valueint, 0);
        ck_assert_int_lt(id->valueint, max);
        counts[id->valueint]++;
        cJSON_Delete(j);
        lines++;
    }
    free(t);
    return lines;
}

static inline cJSON *read_json(const char *path)
{
    char *t = slurp(path);
    cJSON *j = cJSON_Parse(t);
    free(t);
    ck_assert_msg(j != NULL, "%s is not JSON", path);
    return j;
}

/* Game id's whole record from the league database of dir (as `loa-replay
 * --record OUT DIR ID` gives it; read here through leaguedb's public
 * header, as loa-replay reads it); NULL when there is none. */
static inline cJSON *game_record(const char *dir, int id)
{
    leaguedb *db = NULL;
    cJSON *j = NULL;
    char err[512];
    if (leaguedb_open(dir, LEAGUEDB_READ, &db, err, sizeof err) == 0 &&
        leaguedb_record(db, id, &j, err, sizeof err) != 0)
        j = NULL;
    leaguedb_close(db);
    return j;
}

static inline cJSON *bot_entry(cJSON *standings, const char *name)
{
    cJSON *b;
    cJSON_ArrayForEach(
        b, cJSON_GetObjectItem(standings,
                               "bots")) if (strcmp(cJSON_GetObjectItem(b, "name")->valuestring,
                                                   name) == 0) return b;
    ck_abort_msg("bot %s not in standings", name);
    return NULL;
}

#endif
