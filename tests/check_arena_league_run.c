/*
 * check_arena_league_run.c - integration tests of the league run
 * (app/league_run.c), loa-arena run as a child process with loa-first
 * bots: every bad input of the issue (exit 2, one line, nothing played), a
 * bot failing to start with --keep-going (its forfeits; without it:
 * check_arena_league_run_errors.c), kill -9 mid-league then
 * resume (every game exactly once, a torn export line cut), Ctrl-C once
 * (running games finish, standings written) and twice (games stopped, bots
 * killed), --standings, --affinity (each game and its bots on one CPU).
 */
#include <check.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "arena_cli_util.h"
#include "check_main.h"

/* ---- bad input ---- */

/* Runs loa-arena with args; expects exit 2, exactly one stderr line
 * "loa-arena: ..." containing needle, and no output directory created. */
static void expect_bad(const char *needle, const char *out_dir, char **args)
{
    char *argv[32] = {ARENA};
    int argc = 1;
    for (int i = 0; args[i]; i++)
        argv[argc++] = args[i];
    argv[argc] = NULL;
    char out[400], err[400];
    snprintf(out, sizeof out, "%s/stdout", g_dir);
    snprintf(err, sizeof err, "%s/stderr", g_dir);
    int code = run(argv, out, err, 10000);
    char *e = slurp(err);
    ck_assert_msg(code == 2, "expected exit 2 for '%s', got %d (%s)", needle, code, e);
    ck_assert_msg(strncmp(e, "loa-arena: ", 11) == 0, "stderr: %s", e);
    ck_assert_msg(strstr(e, needle) != NULL, "'%s' not in: %s", needle, e);
    ck_assert_msg(strchr(e, '\n') == e + strlen(e) - 1, "not one line: %s", e);
    free(e);
    if (out_dir)
        ck_assert_msg(access(out_dir, F_OK) != 0, "%s was created", out_dir);
}

START_TEST(test_bad_inputs)
{
    const char *dir = tmpdir();
    char out[300], file[300], league[400], bad[300];
    snprintf(out, sizeof out, "%s/out", dir);

    expect_bad("missing bot command", out,
               (char *[]){"--bot", "a=", "--bot", "b=" FIRST, "--out", out, NULL});
    expect_bad("at least two bots", out, (char *[]){"--bot", "a=" FIRST, "--out", out, NULL});
    expect_bad("duplicate bot name 'a'", out,
               (char *[]){"--bot", "a=" FIRST, "--bot", "a=" FIRST, "--out", out, NULL});
    expect_bad("cannot read the league file", out,
               (char *[]){"/nonexistent/league.json", "--out", out, NULL});
    snprintf(bad, sizeof bad, "%s/bad.json", dir);
    write_text(bad, "{\n  \"bots\": [\n    {\"name\": \"a\" \"command\": \"x\"}\n  ]\n}\n");
    snprintf(league, sizeof league, "%s:3:", bad);
    expect_bad(league, out, (char *[]){bad, "--out", out, NULL});
    write_text(bad, "{\"bots\": [{\"name\": \"a\", \"command\": \"" FIRST "\"},"
                    " {\"name\": \"b\"}], \"out\": \"out\"}\n");
    expect_bad("bots[1] (\"b\"): missing bot command", out, (char *[]){bad, NULL});
    write_text(bad, "{\"bots\": [{\"name\": \"a\", \"command\": \"" FIRST "\"},"
                    " {\"name\": \"a\", \"command\": \"" FIRST "\"}], \"out\": \"out\"}\n");
    expect_bad("duplicate bot name 'a'", out, (char *[]){bad, NULL});
    write_text(bad, "{\"bots\": [{\"name\": \"a\", \"command\": \"" FIRST "\"}], "
                    "\"out\": \"out\"}\n");
    expect_bad("at least two bots", out, (char *[]){bad, NULL});
    /* an output directory that cannot be created: its parent is a file */
    snprintf(file, sizeof file, "%s/plain-file", dir);
    write_text(file, "x");
    char under[400];
    snprintf(under, sizeof under, "%s/sub", file);
    expect_bad("cannot create the output directory", NULL,
               (char *[]){"--bot", "a=" FIRST, "--bot", "b=" FIRST, "--out", under, NULL});
    expect_bad("unknown option", out, (char *[]){"--bot", "a=" FIRST, "--jobs", "2", NULL});
    expect_bad("--games: 'x'", out,
               (char *[]){"--bot", "a=" FIRST, "--bot", "b=" FIRST, "--games", "x", NULL});
    expect_bad("no such league directory", NULL, (char *[]){"--standings", out, NULL});

    /* a finished league, then the same DIR with other settings */
    char so[400], se[400];
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    char *ok[] = {ARENA, "--bot", "a=" FIRST, "--bot", "b=" FIRST, "--games",
                  "2",   "--out", out,        "-q",    NULL};
    ck_assert_int_eq(run(ok, so, se, 20000), 0);
    expect_bad("holds a different league (its seed is 1, now 9)", NULL,
               (char *[]){"--bot", "a=" FIRST, "--bot", "b=" FIRST, "--games", "2", "--seed", "9",
                          "--out", out, NULL});
    expect_bad("bot 'b' has the command", NULL,
               (char *[]){"--bot", "a=" FIRST, "--bot", "b=" FIRST " ", "--games", "2", "--out",
                          out, NULL});
    char *fresh[] = {ARENA,    "--bot", "a=" FIRST, "--bot", "b=" FIRST,    "--games", "2",
                     "--seed", "9",     "--out",    out,     "--force-new", "-q",      NULL};
    ck_assert_int_eq(run(fresh, so, se, 20000), 0);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "ls -d %s/previous-* >/dev/null 2>&1", out);
    ck_assert_int_eq(system(cmd), 0);
    cleanup();
}
END_TEST

START_TEST(test_failed_to_start)
{
    const char *dir = tmpdir();
    char out[300], so[300], se[300], path[400];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    /* ghost's file exists (a missing one is refused before the league
     * starts) but cannot start: its interpreter does not exist */
    char ghost_bot[400], arg[450];
    snprintf(ghost_bot, sizeof ghost_bot, "%s/ghost", dir);
    write_text(ghost_bot, "#!/nonexistent/interpreter\n");
    ck_assert_int_eq(chmod(ghost_bot, 0755), 0);
    snprintf(arg, sizeof arg, "ghost=%s", ghost_bot);
    char *argv[] = {
        ARENA,   "--bot", "first=" FIRST, "--bot", arg, "--bot", "first2=" FIRST, "--games", "4",
        "--out", out,     "--keep-going", NULL};
    ck_assert_int_eq(run(argv, so, se, 30000), 0);
    /* one plain line per game when stdout is not a terminal */
    char *o = slurp(so);
    ck_assert_ptr_nonnull(strstr(o, "game 12/12 "));
    ck_assert_ptr_nonnull(strstr(o, "failed_to_start by ghost"));
    ck_assert_ptr_nonnull(strstr(o, "Score matrix"));
    free(o);
    snprintf(path, sizeof path, "%s/standings.json", out);
    cJSON *j = read_json(path);
    ck_assert_int_eq(cJSON_GetObjectItem(j, "games")->valueint, 12);
    ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(j, "complete")));
    cJSON *ghost = bot_entry(j, "ghost");
    ck_assert_int_eq(cJSON_GetObjectItem(ghost, "losses")->valueint, 8);
    ck_assert_int_eq(
        cJSON_GetObjectItem(cJSON_GetObjectItem(ghost, "errors"), "failed_to_start")->valueint, 8);
    ck_assert_int_eq(cJSON_GetObjectItem(bot_entry(j, "first"), "wins")->valueint, 4);
    ck_assert_int_eq(cJSON_GetObjectItem(ghost, "rank")->valueint, 3);
    cJSON_Delete(j);
    /* every game has its full record */
    for (int id = 0; id < 12; id++) {
        cJSON *rec = game_record(out, id);
        ck_assert_msg(rec != NULL, "no record of game %d", id);
        cJSON_Delete(rec);
    }
    cleanup();
}
END_TEST

/* The value of "Cpus_allowed_list:" in a /proc/PID/status text, into buf. */
static void allowed_list(const char *status, char *buf, size_t size)
{
    const char *p = strstr(status, "Cpus_allowed_list:");
    ck_assert_msg(p != NULL, "no Cpus_allowed_list in '%s'", status);
    p += strlen("Cpus_allowed_list:");
    while (*p == '\t' || *p == ' ')
        p++;
    size_t n = strcspn(p, "\n");
    ck_assert_uint_lt(n, size);
    memcpy(buf, p, n);
    buf[n] = '\0';
}

/* Plays 4 games of two loa-first bots that first write their allowed CPUs
 * on stderr (kept in the record with their first ply); fills cpus[game]
 * [side] from the records. */
static void play_reporting_cpus(const char *dir, const char *name, int affinity,
                                char cpus[4][2][64])
{
    char out[300], so[300], se[300];
    snprintf(out, sizeof out, "%s/%s", dir, name);
    snprintf(so, sizeof so, "%s/%s.so", dir, name);
    snprintf(se, sizeof se, "%s/%s.se", dir, name);
    const char *bot = "sh -c 'grep Cpus_allowed_list /proc/self/status >&2; exec " FIRST "'";
    char a[300], b[300];
    snprintf(a, sizeof a, "a=%s", bot);
    snprintf(b, sizeof b, "b=%s", bot);
    char *argv[] = {ARENA,
                    "--bot",
                    a,
                    "--bot",
                    b,
                    "--games",
                    "4",
                    "-c",
                    "2",
                    "--out",
                    out,
                    affinity ? "--affinity" : "--pages",
                    affinity ? NULL : "faults",
                    NULL};
    ck_assert_int_eq(run(argv, so, se, 30000), 0);
    char *o = slurp(so);
    ck_assert_msg((strstr(o, "Affinity: each game and its bots on one CPU") != NULL) == affinity,
                  "%s", o);
    free(o);
    for (int id = 0; id < 4; id++) {
        cJSON *rec = game_record(out, id);
        ck_assert_msg(rec != NULL, "no record of game %d", id);
        cJSON *plies = cJSON_GetObjectItem(rec, "plies");
        for (int side = 0; side < 2; side++) {
            const cJSON *err = cJSON_GetObjectItem(cJSON_GetArrayItem(plies, side), "stderr");
            ck_assert_msg(cJSON_IsString(err), "game %d ply %d: no stderr", id, side + 1);
            allowed_list(err->valuestring, cpus[id][side], sizeof cpus[id][side]);
        }
        cJSON_Delete(rec);
    }
}

START_TEST(test_affinity)
{
    const char *dir = tmpdir();
    /* /proc files say size 0: read, not slurp */
    static char self[16384];
    FILE *f = fopen("/proc/self/status", "r");
    ck_assert_ptr_nonnull(f);
    self[fread(self, 1, sizeof self - 1, f)] = '\0';
    fclose(f);
    char mine[64];
    allowed_list(self, mine, sizeof mine);
    char cpus[4][2][64];
    /* by default the bots may run on every CPU the arena may */
    play_reporting_cpus(dir, "free", 0, cpus);
    for (int id = 0; id < 4; id++)
        for (int side = 0; side < 2; side++)
            ck_assert_str_eq(cpus[id][side], mine);
    /* --affinity: one CPU a game, the same for both bots, one of ours */
    play_reporting_cpus(dir, "pinned", 1, cpus);
    for (int id = 0; id < 4; id++) {
        ck_assert_msg(strspn(cpus[id][0], "0123456789") == strlen(cpus[id][0]),
                      "game %d: black on '%s', not one CPU", id, cpus[id][0]);
        ck_assert_str_eq(cpus[id][1], cpus[id][0]);
        char *end;
        long cpu = strtol(cpus[id][0], &end, 10);
        cpu_set_t set;
        CPU_ZERO(&set);
        ck_assert_int_eq(sched_getaffinity(0, sizeof set, &set), 0);
        ck_assert_msg(cpu >= 0 && cpu < CPU_SETSIZE && CPU_ISSET((int)cpu, &set),
                      "game %d on CPU %ld, not one of ours (%s)", id, cpu, mine);
    }
    cleanup();
}
END_TEST

/* Issue 24, defect 11: the default concurrency is the CPUs the arena may
 * use (its affinity mask), not every online CPU: under `taskset -c K` one
 * game at a time. */
START_TEST(default_concurrency_follows_the_cpu_mask)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    cpu_set_t set;
    CPU_ZERO(&set);
    ck_assert_int_eq(sched_getaffinity(0, sizeof set, &set), 0);
    int cpu = 0;
    while (!CPU_ISSET(cpu, &set))
        cpu++;
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "taskset -c %d %s --bot a=%s --bot b=%s --games 4 --out %s >%s 2>%s",
             cpu, ARENA, FIRST, FIRST, tp.out, tp.o, tp.e);
    ck_assert_int_eq(system(cmd), 0);
    char *t = slurp(tp.o);
    ck_assert_msg(strstr(t, "4 games (0 done, 4 to play), 1 at once"), "%s", t);
    free(t);
    cleanup();
}
END_TEST

START_TEST(test_league_file_twice)
{
    /* {bin} expansion, cwd and out relative to the file; a second run on
     * the same file is the same league (nothing left to play). */
    const char *dir = tmpdir();
    char path[400], sub[400], so[400], se[400], res[400];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    ck_assert_int_eq(mkdir(sub, 0777), 0);
    snprintf(path, sizeof path, "%s/l.json", dir);
    write_text(path, "{\"bots\": [{\"name\": \"a\", \"command\": \"{bin}/loa-first\", "
                     "\"cwd\": \"sub\"}, {\"name\": \"b\", \"command\": "
                     "\"test -d ../sub && exec {bin}/loa-first\", \"cwd\": \"sub\"}],"
                     " \"games\": 4, \"out\": \"res\"}\n");
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    char *argv[] = {ARENA, path, NULL};
    ck_assert_int_eq(run(argv, so, se, 20000), 0);
    snprintf(res, sizeof res, "%s/res/standings.json", dir);
    cJSON *j = read_json(res);
    ck_assert_int_eq(cJSON_GetObjectItem(j, "games")->valueint, 4);
    /* loa-first against itself: every game a 150-ply draw, so b started */
    ck_assert_int_eq(cJSON_GetObjectItem(bot_entry(j, "b"), "draws")->valueint, 4);
    cJSON_Delete(j);
    ck_assert_int_eq(run(argv, so, se, 20000), 0);
    char *o = slurp(so);
    ck_assert_ptr_nonnull(strstr(o, "(4 done, 0 to play)"));
    free(o);
    cleanup();
}
END_TEST

/* ---- interruption and resume ---- */

#define RESUME_GAMES 600 /* 3 pairings x 200 */

START_TEST(test_kill_and_resume)
{
    const char *dir = tmpdir();
    char out[300], so[300], se[300], jsonl[400];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    snprintf(jsonl, sizeof jsonl, "%s/games.jsonl", out);
    char *argv[] = {ARENA,   "--bot",     "f1=" FIRST, "--bot", "f2=" FIRST,
                    "--bot", "f3=" FIRST, "--games",   "200",   "-c",
                    "2",     "--out",     out,         "-q",    NULL};
    pid_t pid = spawn(argv, so, se);
    int lines = 0;
    for (int waited = 0; waited < 20000 && (lines = count_lines(jsonl)) < 40; waited += 5)
        sleep_ms(5);
    ck_assert_int_eq(kill(pid, SIGKILL), 0);
    int st;
    waitpid(pid, &st, 0);
    ck_assert(WIFSIGNALED(st));
    lines = count_lines(jsonl);
    ck_assert_int_ge(lines, 40);
    ck_assert_int_lt(lines, RESUME_GAMES); /* killed mid-league */
    /* simulate a write torn by the kill */
    FILE *f = fopen(jsonl, "ab");
    fputs("{\"id\":599,\"round\":99,\"pairi", f);
    fclose(f);

    /* the database is the truth: games.jsonl, its export, is cut back to
     * the stored games and completed */
    ck_assert_int_eq(run(argv, so, se, 60000), 0);
    int counts[RESUME_GAMES] = {0};
    ck_assert_int_eq(read_ids(out, counts, RESUME_GAMES), RESUME_GAMES);
    for (int id = 0; id < RESUME_GAMES; id++)
        ck_assert_msg(counts[id] == 1, "game %d appears %d times", id, counts[id]);
    char path[400];
    snprintf(path, sizeof path, "%s/standings.json", out);
    cJSON *j = read_json(path);
    ck_assert_int_eq(cJSON_GetObjectItem(j, "games")->valueint, RESUME_GAMES);
    int total = 0;
    cJSON *b;
    cJSON_ArrayForEach(b, cJSON_GetObjectItem(j, "bots")) total +=
        cJSON_GetObjectItem(b, "games")->valueint;
    ck_assert_int_eq(total, 2 * RESUME_GAMES);
    cJSON_Delete(j);
    for (int id = 0; id < RESUME_GAMES; id += 37) {
        cJSON *rec = game_record(out, id);
        ck_assert_msg(rec != NULL, "no record of game %d", id);
        cJSON_Delete(rec);
    }

    /* a third run has nothing to play */
    ck_assert_int_eq(run(argv, so, se, 20000), 0);
    ck_assert_int_eq(count_lines(jsonl), RESUME_GAMES);

    /* --standings reprints without playing */
    char *again[] = {ARENA, "--standings", out, "--anchor", "f2", NULL};
    ck_assert_int_eq(run(again, so, se, 10000), 0);
    char *o = slurp(so);
    ck_assert_ptr_nonnull(strstr(o, "600 of 600 games"));
    ck_assert_ptr_nonnull(strstr(o, "f2 = 0"));
    ck_assert_ptr_nonnull(strstr(o, "f3"));
    free(o);
    cleanup();
}
END_TEST

START_TEST(test_interrupt_once)
{
    const char *dir = tmpdir();
    char out[300], so[300], se[300], jsonl[400];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    snprintf(jsonl, sizeof jsonl, "%s/games.jsonl", out);
    char *argv[] = {ARENA,  "--bot", "a=" FIRST, "--bot", "b=" FIRST, "--games",
                    "4000", "-c",    "2",        "--out", out,        NULL};
    pid_t pid = spawn(argv, so, se);
    for (int waited = 0; waited < 20000 && count_lines(jsonl) < 20; waited += 5)
        sleep_ms(5);
    ck_assert_int_eq(kill(pid, SIGINT), 0);
    int code = wait_for(pid, 20000);
    ck_assert_int_eq(code, 130);
    int counts[4000] = {0};
    int lines = read_ids(out, counts, 4000);
    ck_assert_int_ge(lines, 20);
    ck_assert_int_lt(lines, 4000);
    for (int id = 0; id < 4000; id++)
        ck_assert_int_le(counts[id], 1);
    char path[400];
    snprintf(path, sizeof path, "%s/standings.json", out);
    cJSON *j = read_json(path);
    ck_assert_int_eq(cJSON_GetObjectItem(j, "games")->valueint, lines);
    ck_assert(cJSON_IsFalse(cJSON_GetObjectItem(j, "complete")));
    cJSON_Delete(j);
    char *e = slurp(se);
    ck_assert_ptr_nonnull(strstr(e, "interrupted"));
    ck_assert_ptr_nonnull(strstr(e, "run the same command again"));
    free(e);
    cleanup();
}
END_TEST

START_TEST(test_interrupt_twice)
{
    /* Bots that never answer, with a long first-turn limit: only the
     * second interrupt can end these games, and must kill the bots. */
    const char *dir = tmpdir();
    char out[300], so[300], se[300], jsonl[400];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    snprintf(jsonl, sizeof jsonl, "%s/games.jsonl", out);
    char *argv[] = {ARENA,
                    "--bot",
                    "a=exec sleep 41.2345",
                    "--bot",
                    "b=exec sleep 41.2345",
                    "--games",
                    "4",
                    "-c",
                    "2",
                    "--first-turn-ms",
                    "60000",
                    "--out",
                    out,
                    NULL};
    pid_t pid = spawn(argv, so, se);
    int found = 0;
    for (int waited = 0; waited < 10000 && !found; waited += 20) {
        found = system("pgrep -f 'sleep 41[.]2345' >/dev/null") == 0;
        sleep_ms(20);
    }
    ck_assert(found);
    sleep_ms(200);
    ck_assert_int_eq(kill(pid, SIGINT), 0);
    sleep_ms(300);
    ck_assert_int_eq(kill(pid, SIGINT), 0);
    int code = wait_for(pid, 10000);
    ck_assert_int_eq(code, 130);
    ck_assert_int_eq(count_lines(jsonl), 0); /* aborted games are not results */
    ck_assert_int_ne(system("pgrep -f 'sleep 41[.]2345' >/dev/null"), 0);
    char path[400];
    snprintf(path, sizeof path, "%s/standings.json", out);
    cJSON *j = read_json(path);
    ck_assert_int_eq(cJSON_GetObjectItem(j, "games")->valueint, 0);
    cJSON_Delete(j);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"refuses_bad_input_with_one_line_exit_2", test_bad_inputs, 60},
        {"keep_going_scores_a_bot_that_fails_to_start", test_failed_to_start, 60},
        {"expands_paths_and_reruns_a_league_file", test_league_file_twice, 60},
        {"resumes_after_kill_9_every_game_once", test_kill_and_resume, 90},
        {"finishes_running_games_on_first_interrupt", test_interrupt_once, 90},
        {"stops_running_games_on_second_interrupt", test_interrupt_twice, 90},
        {"affinity_pins_each_game_and_its_bots_to_one_cpu", test_affinity, 60},
        {"default_concurrency_follows_the_cpu_mask", default_concurrency_follows_the_cpu_mask, 60},
    };
    return loa_run_suite("arena_league_run", cases, LOA_COUNT(cases));
}
