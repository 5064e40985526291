/*
 * check_replay_through: `loa-replay --through CMD --side SIDE GAME` runs a
 * bot through a game loa-referee played (probe bots, tests/probe_bot.c) and
 * judges each of its turns: all the same moves (exit 0), a different move
 * (exit 0, counted), a crash and a timeout (exit 3, the run stops there);
 * `--from N` reports from ply N after feeding the earlier turns (the probe's
 * stderr counts them); a game that ended on a failing turn feeds that turn
 * too. On a league loa-arena played: `--lost-by` over the games a bot lost
 * on time, for a bot that still times out and one that no longer does;
 * bad input (a missing game id, a corrupt database, an unknown name with
 * quotes, a database another process locked, --from on the other side's
 * ply): one line, nothing printed.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "replay_input_test_util.h"

#define PROBE BIN "test-probe /dev/null "

/* loa-replay ARGS: exit status, stdout in *out (freed by the caller). */
static int replay(const char *args, char **out)
{
    char cmd[2048];
    size_t len;
    snprintf(cmd, sizeof cmd, BIN "loa-replay %s 2>/tmp/loa-through-err.txt", args);
    return capture(cmd, out, &len);
}

/* Lines of out holding word. */
static int count(const char *out, const char *word)
{
    int n = 0;
    for (const char *p = out; (p = strstr(p, word)) != NULL; p += strlen(word))
        n++;
    return n;
}

START_TEST(through_same_different_crash_timeout)
{
    played p;
    play(&p, 5, "first", "first", NULL);
    static const struct {
        const char *mode, *verdict, *summary;
        int status;
    } rows[] = {
        {"first", " same", "75 turns: 75 same, 0 different, 0 faults", 0},
        {"other:3", " different", "75 turns: 74 same, 1 different, 0 faults", 0},
        {"crash:4", " crash: crashed (exit status 3)",
         "4 turns: 3 same, 0 different, 1 fault (ply 7)", 3},
        {"late:5:700", " timeout: timed out", "5 turns: 4 same, 0 different, 1 fault (ply 9)", 3},
    };
    char args[1024], *out;
    snprintf(args, sizeof args, "--through '" PROBE "%s' --side black %s", rows[_i].mode, p.record);
    ck_assert_int_eq(replay(args, &out), rows[_i].status);
    ck_assert_msg(strstr(out, rows[_i].verdict) && strstr(out, rows[_i].summary), "%s", out);
    if (_i == 1)
        ck_assert_int_eq(count(out, " different"), 2); /* the turn and the summary */
    free(out);
    forget(&p);
}
END_TEST

START_TEST(a_bot_that_cannot_start_is_a_crash)
{
    /* its first input cannot be written (a closed pipe): a verdict, not
     * a SIGPIPE of loa-replay */
    played p;
    play(&p, 5, "first", "first", NULL);
    char args[1024], *out;
    snprintf(args, sizeof args, "--through /nonexistent/bot --side white %s", p.record);
    ck_assert_int_eq(replay(args, &out), 3);
    ck_assert_msg(strstr(out, "    2  a") && strstr(out, "crash: failed to start") &&
                      strstr(out, "1 turns: 0 same, 0 different, 1 fault (ply 2)"),
                  "%s", out);
    free(out);
    forget(&p);
}
END_TEST

START_TEST(from_feeds_every_earlier_turn)
{
    played p;
    play(&p, 5, "first", "first", NULL);
    char args[1024], *out;
    snprintf(args, sizeof args, "--through '" PROBE "first' --side white --from 40 %s", p.record);
    ck_assert_int_eq(replay(args, &out), 0);
    /* ply 40 is white's 20th turn: the probe read 19 before it */
    char *first = strstr(out, "\n   40  ");
    ck_assert_msg(first && !strstr(out, "\n   38  "), "%s", out);
    ck_assert_msg(strstr(first, "stderr: probe turn 20\n"), "%s", out);
    ck_assert_msg(strstr(out, "56 turns: 56 same"), "%s", out); /* plies 40..150 */
    free(out);
    snprintf(args, sizeof args, "--through '" PROBE "first' --side white --from 41 %s", p.record);
    ck_assert_int_eq(replay(args, &out), 1);
    ck_assert_uint_eq(strlen(out), 0);
    free(out);
    forget(&p);
}
END_TEST

START_TEST(a_failing_turn_is_fed_too)
{
    played p;
    play(&p, 5, "crash:6", "first", NULL); /* black crashes at ply 11 */
    char args[1024], *out;
    snprintf(args, sizeof args, "--through '" PROBE "first' --side black %s", p.record);
    ck_assert_int_eq(replay(args, &out), 0);
    ck_assert_msg(strstr(out, "   11  (fail)    ") && strstr(out, "6 turns: 5 same, 1 different"),
                  "%s", out);
    free(out);
    forget(&p);
}
END_TEST

/* A league of a bot that times out at its 3rd turn against loa-first. */
static void league(char *dir, size_t size)
{
    snprintf(dir, size, "/tmp/loa-through-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             BIN "loa-arena -q -b 'slow=" PROBE "late:3:600' -b 'first=" PROBE "first' -g 2 "
                 "-o %s/l > /dev/null 2>&1",
             dir);
    ck_assert_int_eq(system(cmd), 0);
}

START_TEST(lost_by_runs_every_game_lost)
{
    char dir[256], args[1024], *out;
    league(dir, sizeof dir);
    snprintf(args, sizeof args, "--through '" PROBE "late:3:600' --lost-by slow %s/l", dir);
    ck_assert_int_eq(replay(args, &out), 3);
    ck_assert_msg(count(out, "\ngame ") + (strncmp(out, "game ", 5) == 0) == 2, "%s", out);
    ck_assert_msg(strstr(out, "    2      6     4          0       2\n"), "%s", out);
    free(out);
    snprintf(args, sizeof args, "--through '" PROBE "first' --lost-by slow %s/l", dir);
    ck_assert_int_eq(replay(args, &out), 0);
    ck_assert_msg(strstr(out, "faults\n    2  "), "%s", out);
    free(out);
    snprintf(args, sizeof args, "rm -rf %s", dir);
    ck_assert_int_eq(system(args), 0);
}
END_TEST

/* loa-replay ARGS: status 1, no stdout, one line on stderr with words. */
static void refused(const char *args, const char *words)
{
    char *out, *err;
    size_t elen;
    ck_assert_int_eq(replay(args, &out), 1);
    ck_assert_uint_eq(strlen(out), 0);
    err = slurp_bytes("/tmp/loa-through-err.txt", &elen);
    ck_assert_msg(strstr(err, words) && strchr(err, '\n') == err + elen - 1, "%s: %s", args, err);
    free(out);
    free(err);
}

START_TEST(league_bad_input_one_line)
{
    char dir[256], args[1024];
    league(dir, sizeof dir);
    snprintf(args, sizeof args, "--input --ply 3 %s/l 999", dir);
    refused(args, "999");
    snprintf(args, sizeof args, "--through '" PROBE "first' --lost-by 'my \"bot'\\''s' %s/l", dir);
    refused(args, "no bot named 'my \"bot's'");
    snprintf(args, sizeof args,
             "head -c 4096 /dev/urandom > %s/l/league.db; rm -f %s/l/league.db-wal", dir, dir);
    ck_assert_int_eq(system(args), 0);
    snprintf(args, sizeof args, "--input --ply 3 %s/l 1", dir);
    refused(args, "league.db");
    snprintf(args, sizeof args, "rm -rf %s", dir);
    ck_assert_int_eq(system(args), 0);
}
END_TEST

START_TEST(a_locked_database_one_line)
{
    char dir[256], args[2048];
    league(dir, sizeof dir);
    /* another process holds the database in an exclusive lock longer than
     * a reader waits for it (LEAGUEDB_BUSY_MS, 10 s) */
    snprintf(args, sizeof args,
             "/usr/bin/python3 -c \"import sqlite3, time, sys\n"
             "c = sqlite3.connect('%s/l/league.db', isolation_level=None)\n"
             "c.execute('PRAGMA locking_mode=EXCLUSIVE'); c.execute('BEGIN EXCLUSIVE')\n"
             "c.execute('CREATE TABLE IF NOT EXISTS held(x)'); print('held', flush=True)\n"
             "time.sleep(14)\" | head -1",
             dir);
    FILE *holder = popen(args, "r");
    char line[16] = "";
    ck_assert_ptr_nonnull(fgets(line, sizeof line, holder)); /* the lock is taken */
    snprintf(args, sizeof args, "--input --ply 3 %s/l 1", dir);
    refused(args, "locked by another process");
    pclose(holder);
    snprintf(args, sizeof args, "rm -rf %s", dir);
    ck_assert_int_eq(system(args), 0);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"from_feeds_every_earlier_turn", from_feeds_every_earlier_turn, 60},
        {"a_bot_that_cannot_start_is_a_crash", a_bot_that_cannot_start_is_a_crash, 60},
        {"a_failing_turn_is_fed_too", a_failing_turn_is_fed_too, 60},
        {"lost_by_runs_every_game_lost", lost_by_runs_every_game_lost, 120},
        {"league_bad_input_one_line", league_bad_input_one_line, 120},
        {"a_locked_database_one_line", a_locked_database_one_line, 60},
    };
    const loa_loop_tcase loops[] = {
        {"through_same_different_crash_timeout", through_same_different_crash_timeout, 60, 4},
    };
    return loa_run_suite_loops("replay_through", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
