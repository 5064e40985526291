/*
 * check_arena_crash.c - kill -9 at any moment loses no stored game and
 * leaves no torn one (issue 36): loa-arena playing a league, merging shards
 * and adding a bot is killed many times at random moments; each time the
 * database passes SQLite's integrity check, its games are each stored once
 * with a record that decodes, the
 * export games.jsonl is brought level on the next run, and the same
 * command completes the work. A merge is all or nothing. An arena and the
 * command adding a bot to it killed at random moments (issue 26): the bot
 * is in the league, or queued, or neither, never twice.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "arena_cli_util.h"
#include "check_main.h"

#define RANDOM LOA_BIN_DIR "/loa-random"
#define GREEDY LOA_BIN_DIR "/loa-greedy"
/* kills a tcase; fewer in a sanitizer's build (tests/arena.cmake) */
#ifdef LOA_CRASH_KILLS
#define KILLS LOA_CRASH_KILLS
#else
#define KILLS 12
#endif

/* The games stored in dir's database; checks its integrity and that no
 * id is stored twice. */
static long stored_games(const char *dir)
{
    char cmd[600];
    /* killed before it made the database (a slow start: a sanitizer's
     * build, a loaded machine): nothing stored yet. A database that
     * vanishes after games were stored fails the caller's "never fewer". */
    snprintf(cmd, sizeof cmd, "%s/league.db", dir);
    if (access(cmd, F_OK) != 0)
        return 0;
    snprintf(cmd, sizeof cmd, "sqlite3 '%s/league.db' 'PRAGMA integrity_check' 2>&1", dir);
    FILE *p = popen(cmd, "r");
    char line[256] = "";
    ck_assert_ptr_nonnull(fgets(line, sizeof line, p));
    pclose(p);
    ck_assert_msg(strncmp(line, "ok", 2) == 0, "%s: integrity: %s", dir, line);
    /* killed before its schema was committed: an empty database, which the
     * next opening makes */
    if (league_sql(dir, "SELECT count(*) FROM sqlite_master WHERE name = 'games'") == 0)
        return 0;
    ck_assert_int_eq(league_sql(dir, "SELECT count(*) - count(DISTINCT id) FROM games"), 0);
    return league_sql(dir, "SELECT count(*) FROM games");
}

static int decode_one(const leaguedb_game *g, void *user)
{
    leaguedb *db = user;
    cJSON *rec = NULL;
    char err[512];
    ck_assert_msg(leaguedb_record(db, g->id, &rec, err, sizeof err) == 0, "%s", err);
    cJSON_Delete(rec);
    return 0;
}

/* Every stored game's record decodes. */
static void every_record_reads(const char *dir, const char *o, const char *e)
{
    (void)o, (void)e;
    leaguedb *db = NULL, *walker = NULL;
    char err[512];
    ck_assert_msg(leaguedb_open(dir, LEAGUEDB_READ, &db, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(leaguedb_open(dir, LEAGUEDB_READ, &walker, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(leaguedb_foreach(walker, decode_one, db, err, sizeof err), 0);
    leaguedb_close(walker);
    leaguedb_close(db);
}

/* Starts argv, kills it with SIGKILL after ms, reaps it. */
static void kill_after(char *const argv[], const char *o, const char *e, int ms)
{
    pid_t pid = spawn(argv, o, e);
    sleep_ms(ms);
    kill(pid, SIGKILL);
    int st;
    waitpid(pid, &st, 0);
}

START_TEST(a_league_killed_again_and_again_loses_nothing)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char *argv[] = {ARENA,     "--bot", "f=" FIRST, "--bot", "r=" RANDOM " -s {seed}",
                    "--games", "400",   "-c",       "2",     "-q",
                    "--out",   tp.out,  NULL};
    srand(7);
    long before = 0;
    for (int k = 0; k < KILLS; k++) {
        kill_after(argv, tp.o, tp.e, 60 + rand() % 250);
        long now = stored_games(tp.out);
        ck_assert_int_ge(now, before); /* nothing stored is ever lost */
        before = now;
    }
    every_record_reads(tp.out, tp.o, tp.e);
    ck_assert_int_eq(run(argv, tp.o, tp.e, 300000), 0);
    ck_assert_int_eq(stored_games(tp.out), 400);
    int counts[400] = {0};
    ck_assert_int_eq(read_ids(tp.out, counts, 400), 400);
    for (int id = 0; id < 400; id++)
        ck_assert_msg(counts[id] == 1, "game %d is %d times in games.jsonl", id, counts[id]);
    cleanup();
}
END_TEST

START_TEST(a_merge_killed_is_all_or_nothing)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char sh[3][300], m[300];
    snprintf(m, sizeof m, "%s/m", dir);
    for (int k = 0; k < 3; k++) {
        char spec[8];
        snprintf(sh[k], sizeof sh[k], "%s/s%d", dir, k);
        snprintf(spec, sizeof spec, "%d/3", k);
        char *a[] = {ARENA,     "--bot", "f=" FIRST, "--bot",   "r=" RANDOM " -s {seed}",
                     "--games", "600",   "--quiet",  "--shard", spec,
                     "--out",   sh[k],   NULL};
        ck_assert_int_eq(run(a, tp.o, tp.e, 300000), 0);
    }
    char *merge[] = {ARENA, "--merge", m, sh[0], sh[1], sh[2], NULL};
    srand(11);
    for (int k = 0; k < KILLS; k++) {
        kill_after(merge, tp.o, tp.e, 5 + rand() % 120);
        if (access(m, F_OK) != 0)
            continue; /* killed before OUT existed */
        char db[400];
        snprintf(db, sizeof db, "%s/league.db", m);
        if (access(db, F_OK) != 0)
            continue;
        long n = stored_games(m);
        ck_assert_msg(n == 0 || n == 600, "a killed merge left %ld of 600 games", n);
        if (n == 600)
            break;
    }
    ck_assert_int_eq(run(merge, tp.o, tp.e, 300000), 0);
    ck_assert_int_eq(stored_games(m), 600);
    every_record_reads(m, tp.o, tp.e);
    cleanup();
}
END_TEST

START_TEST(adding_a_bot_killed_resumes)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char *play[] = {ARENA, "--bot", "f=" FIRST, "--bot", "r=" RANDOM " -s {seed}", "--games", "100",
                    "-q",  "--out", tp.out,     NULL};
    ck_assert_int_eq(run(play, tp.o, tp.e, 300000), 0);
    char *add[] = {ARENA, "--add-bot", "s=" RANDOM " -s {seed}", "--out", tp.out, "-q", NULL};
    srand(5);
    for (int k = 0; k < KILLS / 2; k++) {
        kill_after(add, tp.o, tp.e, 30 + rand() % 200);
        long n = stored_games(tp.out);
        ck_assert_int_ge(n, 100);
    }
    ck_assert_int_eq(run(add, tp.o, tp.e, 300000), 0);
    ck_assert_int_eq(stored_games(tp.out), 300);
    every_record_reads(tp.out, tp.o, tp.e);
    cleanup();
}
END_TEST

/* --replace-bot killed at random moments (in the archive, in its
 * transaction, in the games that follow), then run to its end: one
 * archive of the replaced bot's games, never two (issue 40, R3). */
START_TEST(a_replace_killed_at_any_moment_archives_once)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char *play[] = {ARENA, "--bot", "f=" FIRST, "--bot", "r=" RANDOM " -s {seed}", "--games", "400",
                    "-q",  "--out", tp.out,     NULL};
    ck_assert_int_eq(run(play, tp.o, tp.e, 300000), 0);
    char *replace[] = {ARENA, "--replace-bot", "r=" GREEDY " -s {seed}", "--out", tp.out, "-q",
                       NULL};
    char pattern[400];
    snprintf(pattern, sizeof pattern, "%s/previous-*", tp.out);
    srand(13);
    for (int k = 0; k < KILLS; k++) {
        kill_after(replace, tp.o, tp.e, 5 + rand() % 150);
        ck_assert_int_le(count_glob(pattern), 1);
    }
    ck_assert_int_eq(run(replace, tp.o, tp.e, 300000), 0);
    char *resume[] = {ARENA, "--out", tp.out, "-q", NULL};
    ck_assert_int_eq(run(resume, tp.o, tp.e, 300000), 0);
    ck_assert_int_eq(count_glob(pattern), 1);
    snprintf(pattern, sizeof pattern, "%s/.archive-*", tp.out);
    ck_assert_int_eq(count_glob(pattern), 0);
    char cmd[700];
    snprintf(cmd, sizeof cmd, "sqlite3 %s/previous-*/league.db 'SELECT count(*) FROM games'",
             tp.out);
    ck_assert_int_eq(shell_number(cmd), 400);    /* the old build's games, all of them */
    ck_assert_int_eq(stored_games(tp.out), 400); /* the new build's */
    cleanup();
}
END_TEST

/* The bots of dir's league named name (its database's bots table: the
 * truth, league.json its export): how many. */
static int bots_named(const char *dir, const char *name)
{
    char q[300];
    snprintf(q, sizeof q, "SELECT count(*) FROM bots WHERE name = '%s'", name);
    return (int)league_sql(dir, q);
}

/* Issue 26: kill -9 of the arena while a bot is handed to it, and of the
 * adding command, at random moments: each time the database is whole, a
 * bot is in the league at most once, and queued at most once; the league
 * resumed and each adding command run again (the same command resumes),
 * every bot is in it once and every game of every pairing played once. */
START_TEST(an_arena_and_an_adder_killed_while_a_bot_is_added_lose_nothing)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    test_io io2 = io_in(dir, "add");
    char *league[] = {ARENA,     "--bot", "f=" FIRST, "--bot", "r=" RANDOM " -s {seed}",
                      "--games", "100",   "-c",       "2",     "-q",
                      "--out",   tp.out,  NULL};
    ck_assert_int_eq(run(league, tp.o, tp.e, 300000), 0);
    char *resume[] = {ARENA, "--out", tp.out, "-c", "2", "-q", NULL};
    static char args[KILLS / 2][64];
    srand(26);
    for (int k = 0; k < KILLS / 2; k++) {
        snprintf(args[k], sizeof args[k], "b%d=" RANDOM " -s {seed}", k);
        char *add[] = {ARENA, "--add-bot", args[k], "--out", tp.out, "-q", NULL};
        pid_t arena = spawn(resume, tp.o, tp.e);
        sleep_ms(20 + rand() % 150);
        pid_t adder = spawn(add, io2.o, io2.e);
        sleep_ms(rand() % 120);
        kill(arena, SIGKILL);
        sleep_ms(rand() % 60);
        kill(adder, SIGKILL);
        int st;
        waitpid(arena, &st, 0);
        waitpid(adder, &st, 0);
        stored_games(tp.out); /* whole, no game twice */
        char name[8], q[300];
        snprintf(name, sizeof name, "b%d", k);
        snprintf(q, sizeof q, "SELECT count(*) FROM changes WHERE name = '%s'", name);
        long queued = league_sql(tp.out, q);
        ck_assert_int_le(queued + bots_named(tp.out, name), 1);
    }
    /* each adding command again, then the league to its end */
    for (int k = 0; k < KILLS / 2; k++) {
        char *add[] = {ARENA, "--add-bot", args[k], "--out", tp.out, "-q", NULL};
        ck_assert_int_eq(run(add, io2.o, io2.e, 300000), 0);
    }
    ck_assert_int_eq(run(resume, tp.o, tp.e, 300000), 0);
    for (int k = 0; k < KILLS / 2; k++) {
        char name[8];
        snprintf(name, sizeof name, "b%d", k);
        ck_assert_int_eq(bots_named(tp.out, name), 1);
    }
    int bots = 2 + KILLS / 2, games = bots * (bots - 1) / 2 * 100;
    ck_assert_int_eq(stored_games(tp.out), games);
    every_record_reads(tp.out, tp.o, tp.e);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM changes"), 0);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"a_league_killed_again_and_again_loses_nothing",
         a_league_killed_again_and_again_loses_nothing, 600},
        {"a_merge_killed_is_all_or_nothing", a_merge_killed_is_all_or_nothing, 600},
        {"adding_a_bot_killed_resumes", adding_a_bot_killed_resumes, 600},
        {"a_replace_killed_at_any_moment_archives_once",
         a_replace_killed_at_any_moment_archives_once, 600},
        {"an_arena_and_an_adder_killed_while_a_bot_is_added_lose_nothing",
         an_arena_and_an_adder_killed_while_a_bot_is_added_lose_nothing, 600},
    };
    return loa_run_suite("arena_crash", cases, LOA_COUNT(cases));
}
