/*
 * check_arena_league_run_time.c - integration tests of loa-arena's timing (issue
 * 17), running it as a child process: on a machine overloaded by the test
 * (load_util.h), a bot that needs 100 ms of CPU a turn loses on time in
 * wall-clock mode and those timeouts are marked "under load" in games.jsonl
 * and shown apart in the standings, while in CPU mode it never loses on
 * time; the margin's late answers are counted; the timing is part of a
 * league's identity; the league-file keys; the warning for more games than
 * cores. Runs alone (RUN_SERIAL): it loads the machine on purpose.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "arena_cli_util.h"
#include "check_main.h"
#include "load_util.h"

#define BURN "burn=" LOA_BIN_DIR "/hostile-burn 100"

/* Every games.jsonl line of dir, parsed, into lines[0..] (at most max);
 * returns the count. Caller deletes them. */
static int games_of(const char *dir, cJSON **lines, int max)
{
    char path[400];
    snprintf(path, sizeof path, "%s/games.jsonl", dir);
    char *t = slurp(path);
    int n = 0;
    for (char *line = t, *nl; n < max && (nl = strchr(line, '\n')); line = nl + 1) {
        *nl = '\0';
        lines[n] = cJSON_Parse(line);
        ck_assert_ptr_nonnull(lines[n]);
        n++;
    }
    free(t);
    return n;
}

static cJSON *standings_of(const char *dir)
{
    char path[400];
    snprintf(path, sizeof path, "%s/standings.json", dir);
    return read_json(path);
}

static int error_count(cJSON *standings, const char *bot, const char *key)
{
    cJSON *e = cJSON_GetObjectItem(bot_entry(standings, bot), "errors");
    return cJSON_GetObjectItem(e, key)->valueint;
}

/* Plays BURN against loa-first, 2 games of 20 plies one at a time (with
 * the option opt and its value, when given, and a wall cap of 5000 ms in
 * cpu mode) on a machine overloaded by the test; g gets the 2 games.jsonl
 * lines (the caller deletes them). */
static void burn_league_capped(const test_paths *p, const char *opt, const char *val,
                               const char *cap, cJSON *g[2])
{
    char *argv[20] = {ARENA,         "--bot", BURN, "--bot", "first=" FIRST, "-g",          "2",
                      "--max-plies", "20",    "-c", "1",     "--out",        (char *)p->out};
    int k = 13;
    if (opt) {
        argv[k++] = (char *)opt;
        argv[k++] = (char *)val;
        argv[k++] = "--wall-cap";
        argv[k++] = (char *)cap;
    }
    argv[k] = NULL;
    load l;
    load_start(&l);
    int rc = run(argv, p->o, p->e, 120000);
    load_stop(&l);
    ck_assert_int_eq(rc, 0);
    cJSON *lines[4];
    ck_assert_int_eq(games_of(p->out, lines, 4), 2);
    g[0] = lines[0];
    g[1] = lines[1];
}

static void burn_league_under_load(const test_paths *p, const char *opt, const char *val,
                                   cJSON *g[2])
{
    burn_league_capped(p, opt, val, "5000", g);
}

START_TEST(wall_timeouts_under_load_are_marked_and_shown_apart)
{
    test_paths p = paths_in(tmpdir());
    cJSON *g[2];
    burn_league_under_load(&p, NULL, NULL, g);
    for (int i = 0; i < 2; i++) {
        ck_assert_str_eq(cJSON_GetObjectItem(g[i], "reason")->valuestring, "timeout");
        ck_assert_msg(cJSON_IsTrue(cJSON_GetObjectItem(g[i], "under_load")),
                      "game %d not marked under load", i);
        cJSON *pr = cJSON_GetObjectItem(g[i], "pressure");
        const char *src = cJSON_GetObjectItem(pr, "source")->valuestring;
        ck_assert(strcmp(src, "psi") == 0 || strcmp(src, "runnable") == 0);
        cJSON_Delete(g[i]);
    }
    char *o = slurp(p.o);
    ck_assert_msg(strstr(o, "2 (2 under load)"), "%s", o);
    ck_assert_msg(strstr(o, "lower --concurrency or use --time-mode cpu"), "%s", o);
    free(o);
    cJSON *st = standings_of(p.out);
    ck_assert_int_eq(error_count(st, "burn", "timeout"), 2);
    ck_assert_int_eq(error_count(st, "burn", "timeout_under_load"), 2);
    cJSON_Delete(st);
    cleanup();
}
END_TEST

START_TEST(cpu_mode_cap_timeouts_under_load_are_marked)
{
    /* the burner's 100 ms of CPU cannot fit a 160 ms wall-clock cap on the
     * loaded machine: a timeout with CPU to spare, the load's, not the bot's */
    test_paths p = paths_in(tmpdir());
    cJSON *g[2];
    burn_league_capped(&p, "--time-mode", "cpu", "160", g);
    for (int i = 0; i < 2; i++) {
        ck_assert_str_eq(cJSON_GetObjectItem(g[i], "reason")->valuestring, "timeout");
        const char *d = cJSON_GetObjectItem(g[i], "detail")->valuestring;
        ck_assert_msg(strstr(d, "wall-clock cap of 160 ms"), "%s", d);
        ck_assert_msg(cJSON_IsTrue(cJSON_GetObjectItem(g[i], "under_load")),
                      "game %d not marked under load: %s", i, d);
        cJSON_Delete(g[i]);
    }
    cJSON *st = standings_of(p.out);
    ck_assert_int_eq(error_count(st, "burn", "timeout_under_load"), 2);
    cJSON_Delete(st);
    cleanup();
}
END_TEST

START_TEST(cpu_mode_never_loses_that_bot_on_time)
{
    test_paths p = paths_in(tmpdir());
    cJSON *g[2];
    burn_league_under_load(&p, "--time-mode", "cpu", g);
    for (int i = 0; i < 2; i++) {
        ck_assert_str_eq(cJSON_GetObjectItem(g[i], "reason")->valuestring, "ply_limit");
        ck_assert_ptr_null(cJSON_GetObjectItem(g[i], "under_load"));
        /* the burner's side: about 100 ms of CPU a turn */
        const char *side = strcmp(cJSON_GetObjectItem(g[i], "black")->valuestring, "burn") == 0
                               ? "black"
                               : "white";
        cJSON *t = cJSON_GetObjectItem(cJSON_GetObjectItem(g[i], "time"), side);
        double cpu_max = cJSON_GetObjectItem(t, "cpu_max_ms")->valuedouble;
        ck_assert_msg(cpu_max >= 95 && cpu_max < 150, "cpu_max_ms %g", cpu_max);
        cJSON_Delete(g[i]);
    }
    char *o = slurp(p.o);
    ck_assert_msg(strstr(o, "Timing: CPU time"), "%s", o);
    ck_assert_msg(strstr(o, "CPU time\n") && strstr(o, "CPU ms"), "%s", o);
    free(o);
    cJSON *st = standings_of(p.out);
    ck_assert_int_eq(error_count(st, "burn", "timeout"), 0);
    double avg_cpu = cJSON_GetObjectItem(bot_entry(st, "burn"), "avg_cpu_ms")->valuedouble;
    ck_assert_msg(avg_cpu >= 95 && avg_cpu < 150, "avg_cpu_ms %g", avg_cpu);
    cJSON_Delete(st);
    cleanup();
}
END_TEST

START_TEST(late_answers_within_the_margin_are_counted)
{
    test_paths p = paths_in(tmpdir());
    /* 300 ms late from its second turn, margin 1000 ms */
    char *argv[] = {ARENA,
                    "--bot",
                    "slow=" LOA_BIN_DIR "/hostile-slow 300 1",
                    "--bot",
                    "first=" FIRST,
                    "-g",
                    "2",
                    "--max-plies",
                    "8",
                    "--time-margin",
                    "1000",
                    "--out",
                    p.out,
                    NULL};
    ck_assert_int_eq(run(argv, p.o, p.e, 120000), 0);
    cJSON *st = standings_of(p.out);
    ck_assert_int_eq(error_count(st, "slow", "timeout"), 0);
    /* 4 turns a game, 3 of them late, in each of 2 games */
    ck_assert_int_eq(cJSON_GetObjectItem(bot_entry(st, "slow"), "late")->valueint, 6);
    ck_assert_int_eq(cJSON_GetObjectItem(bot_entry(st, "first"), "late")->valueint, 0);
    cJSON_Delete(st);
    char *o = slurp(p.o);
    ck_assert_msg(strstr(o, "Late") && strstr(o, "1000 ms margin"), "%s", o);
    free(o);

    /* the same directory with another timing is another league */
    char *again[] = {ARENA,   "--bot",        "slow=" LOA_BIN_DIR "/hostile-slow 300 1",
                     "--bot", "first=" FIRST, "-g",
                     "2",     "--max-plies",  "8",
                     "--out", p.out,          NULL};
    ck_assert_int_eq(run(again, p.o, p.e, 60000), 2);
    char *e = slurp(p.e);
    ck_assert_msg(strstr(e, "its timing is wall time, wall cap 0 ms, margin 1000 ms; now wall "
                            "time, wall cap 0 ms, margin 0 ms"),
                  "%s", e);
    free(e);
    cleanup();
}
END_TEST

START_TEST(league_file_keys_and_their_errors)
{
    const char *dir = tmpdir();
    test_paths p = paths_in(dir);
    char league[400], text[1200];
    snprintf(league, sizeof league, "%s/l.json", dir);
    snprintf(text, sizeof text,
             "{\"bots\": [{\"name\": \"a\", \"command\": \"%s\"}, {\"name\": \"b\", "
             "\"command\": \"%s\"}], \"games\": 2, \"max_plies\": 10, \"time_mode\": \"cpu\", "
             "\"wall_cap_ms\": 2000, \"time_margin_ms\": 25, \"cpu_method\": \"proc\", "
             "\"out\": \"%s\"}",
             FIRST, FIRST, p.out);
    write_text(league, text);
    char *argv[] = {ARENA, league, NULL};
    ck_assert_int_eq(run(argv, p.o, p.e, 60000), 0);
    char path[400];
    snprintf(path, sizeof path, "%s/league.json", p.out);
    cJSON *lj = read_json(path);
    ck_assert_str_eq(cJSON_GetObjectItem(lj, "time_mode")->valuestring, "cpu");
    ck_assert_int_eq(cJSON_GetObjectItem(lj, "wall_cap_ms")->valueint, 2000);
    ck_assert_int_eq(cJSON_GetObjectItem(lj, "time_margin_ms")->valueint, 25);
    cJSON_Delete(lj);
    /* every record says how it was timed */
    cJSON *rec = game_record(p.out, 0);
    ck_assert_ptr_nonnull(rec);
    cJSON *lim = cJSON_GetObjectItem(rec, "limits");
    ck_assert_str_eq(cJSON_GetObjectItem(lim, "time_mode")->valuestring, "cpu");
    ck_assert_str_eq(cJSON_GetObjectItem(lim, "cpu_method")->valuestring, "proc");
    ck_assert_int_eq(cJSON_GetObjectItem(lim, "turn_wall_cap_ms")->valueint, 2000);
    cJSON_Delete(rec);

    static const struct {
        const char *key, *want;
    } bad[] = {
        {"\"time_mode\": \"gpu\"", "\"time_mode\": 'gpu' is not \"wall\" or \"cpu\""},
        {"\"cpu_method\": \"magic\"", "\"cpu_method\": 'magic' is not"},
        {"\"time_margin_ms\": -1", "time_margin_ms"},
        {"\"wall_cap_ms\": 900", "a wall cap applies to the cpu time mode only"},
    };
    for (size_t i = 0; i < LOA_COUNT(bad); i++) {
        snprintf(text, sizeof text,
                 "{\"bots\": [{\"name\": \"a\", \"command\": \"%s\"}, {\"name\": \"b\", "
                 "\"command\": \"%s\"}], %s}",
                 FIRST, FIRST, bad[i].key);
        write_text(league, text);
        ck_assert_int_eq(run(argv, p.o, p.e, 30000), 2);
        char *e = slurp(p.e);
        ck_assert_msg(strstr(e, bad[i].want), "%s: %s", bad[i].key, e);
        free(e);
    }
    cleanup();
}
END_TEST

START_TEST(more_games_than_cores_warns_in_wall_mode_only)
{
    test_paths p = paths_in(tmpdir());
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    char c[32];
    snprintf(c, sizeof c, "%ld", cores + 1);
    char *argv[] = {ARENA,         "--bot", "a=" FIRST, "--bot", "b=" FIRST, "-g",  "2",
                    "--max-plies", "6",     "-c",       c,       "--out",    p.out, NULL};
    ck_assert_int_eq(run(argv, p.o, p.e, 60000), 0);
    char *e = slurp(p.e);
    ck_assert_msg(strstr(e, "judged in wall-clock time") && strstr(e, "--time-mode cpu"), "%s", e);
    free(e);
    char *cpu[] = {ARENA, "--bot",       "a=" FIRST, "--bot",       "b=" FIRST, "-g",
                   "2",   "--max-plies", "6",        "-c",          c,          "--time-mode",
                   "cpu", "--out",       p.out,      "--force-new", NULL};
    ck_assert_int_eq(run(cpu, p.o, p.e, 60000), 0);
    e = slurp(p.e);
    ck_assert_msg(!strstr(e, "judged in wall-clock time"), "%s", e);
    free(e);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"wall_timeouts_under_load_are_marked_and_shown_apart",
         wall_timeouts_under_load_are_marked_and_shown_apart, 150},
        {"cpu_mode_cap_timeouts_under_load_are_marked", cpu_mode_cap_timeouts_under_load_are_marked,
         150},
        {"cpu_mode_never_loses_that_bot_on_time", cpu_mode_never_loses_that_bot_on_time, 150},
        {"late_answers_within_the_margin_are_counted", late_answers_within_the_margin_are_counted,
         150},
        {"league_file_keys_and_their_errors", league_file_keys_and_their_errors, 120},
        {"more_games_than_cores_warns_in_wall_mode_only",
         more_games_than_cores_warns_in_wall_mode_only, 120},
    };
    return loa_run_suite("arena_league_run_time", cases, LOA_COUNT(cases));
}
