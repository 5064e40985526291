/*
 * check_arena_league_run_errors.c - integration tests of loa-arena's loud failures
 * (issue 10), running it as a child process: a bot that cannot start stops
 * the league (exit 3, the bot, its command and the shell's message; a
 * missing program is refused before, check_arena_league_versions); every
 * error game gets one line whose replay command, run as printed, plays the
 * same error again; a rebuilt bot is refused on resume (exit 2, naming it
 * and its file) unless --force-new; --force-new cannot archive the
 * directory of a running league; a flag league gets its own directory;
 * a loa-analyse (--analyse) ended by a signal is said, naming the signal;
 * game pages that cannot be written are said once.
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "arena_cli_util.h"
#include "check_main.h"

#define REFEREE LOA_BIN_DIR "/loa-referee"

/* The stderr line holding needle (static buffer), "" if none. */
static const char *line_with(const char *text, const char *needle)
{
    static char line[8192];
    const char *p = strstr(text, needle);
    line[0] = '\0';
    if (!p)
        return line;
    const char *b = p;
    while (b > text && b[-1] != '\n')
        b--;
    const char *e = strchr(p, '\n');
    size_t n = e ? (size_t)(e - b) : strlen(b);
    if (n >= sizeof line)
        n = sizeof line - 1;
    memcpy(line, b, n);
    line[n] = '\0';
    return line;
}

START_TEST(test_start_failure_stops_the_league)
{
    const char *dir = tmpdir();
    char out[300], so[300], se[300], path[400];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    /* ghost's program cannot start (its interpreter is missing; a missing
     * program is refused before the league starts): the first of its
     * games stops the league */
    char ghost[500], bot[400];
    snprintf(bot, sizeof bot, "%s/mybot", dir);
    write_text(bot, "#!/nonexistent/interpreter\n");
    ck_assert_int_eq(chmod(bot, 0755), 0);
    snprintf(ghost, sizeof ghost, "ghost=%s --fast", bot);
    char *argv[] = {ARENA,     "--bot", "first=" FIRST, "--bot", ghost,   "--bot", "first2=" FIRST,
                    "--games", "2",     "-c",           "1",     "--out", out,     NULL};
    ck_assert_int_eq(run(argv, so, se, 30000), 3);
    char *e = slurp(se);
    /* the command as run: the league's copy of mybot */
    char shell_says[450], as_run[450];
    snprintf(shell_says, sizeof shell_says, "%s/bots/ghost/mybot: not found", out);
    snprintf(as_run, sizeof as_run, "%s/bots/ghost/mybot --fast", out);
    const char *l = line_with(e, "failed to start");
    ck_assert_msg(strstr(l, "bot 'ghost'") && strstr(l, as_run) && strstr(l, shell_says) &&
                      strstr(l, "--keep-going"),
                  "stderr: %s", e);
    free(e);
    /* its game is not a result (the next run, after the fix, plays it), and
     * the league stopped at once: game 1 is ghost's first, -c 1 */
    snprintf(path, sizeof path, "%s/games.jsonl", out);
    char *lines = slurp(path);
    ck_assert_ptr_null(strstr(lines, "failed_to_start"));
    ck_assert_int_le(count_lines(path), 1);
    free(lines);
    /* fixed: the same command resumes and completes (the bot had no game,
     * so its new file is no change to refuse) */
    char cmd[900];
    snprintf(cmd, sizeof cmd, "cp %s %s", FIRST, bot);
    ck_assert_int_eq(system(cmd), 0);
    ck_assert_int_eq(run(argv, so, se, 30000), 0);
    ck_assert_int_eq(count_lines(path), 6);

    /* no game finished at all: a line, not a table of zeros (issue 24) */
    char lone[500], out2[300];
    snprintf(lone, sizeof lone, "%s/unstartable", dir);
    write_text(lone, "#!/nonexistent/interpreter\n");
    ck_assert_int_eq(chmod(lone, 0755), 0);
    snprintf(lone, sizeof lone, "ghost=%s/unstartable", dir);
    snprintf(out2, sizeof out2, "%s/out2", dir);
    char *two[] = {ARENA, "--bot", lone, "--bot", "first=" FIRST, "--out", out2, NULL};
    ck_assert_int_eq(run(two, so, se, 30000), 3);
    char *o = slurp(so);
    ck_assert_msg(strstr(o, "Standings: no game finished yet (0 of 2 games)") &&
                      !strstr(o, "  #  Bot"),
                  "%s", o);
    free(o);
    cleanup();
}
END_TEST

/* games.jsonl's line of game `id` (the caller deletes it), or NULL. */
static cJSON *jsonl_game(const char *path, int id)
{
    cJSON *found = NULL;
    char *jl = slurp(path);
    for (char *line = jl, *nl; (nl = strchr(line, '\n')); line = nl + 1) {
        *nl = '\0';
        cJSON *j = cJSON_Parse(line);
        if (j && !found && cJSON_GetObjectItem(j, "id")->valueint == id)
            found = j;
        else
            cJSON_Delete(j);
    }
    free(jl);
    return found;
}

START_TEST(test_error_line_replays_the_game)
{
    const char *dir = tmpdir();
    char out[300], so[300], se[300];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    /* slow writes 3 stderr lines (the first shows {seed}), reads its input,
     * then thinks 600 ms: over this league's 150 ms first turn, within the
     * referee's default 1000 ms, so only a replay with the league's limits
     * reproduces the timeout. */
    char *argv[] = {ARENA,
                    "--bot",
                    "first=" FIRST,
                    "--bot",
                    "slow=echo \"seed {seed}\" >&2; echo two >&2; echo three >&2; read l; "
                    "sleep 0.6",
                    "--games",
                    "2",
                    "-c",
                    "1",
                    "--first-turn-ms",
                    "150",
                    "--out",
                    out,
                    "-q",
                    NULL};
    ck_assert_int_eq(run(argv, so, se, 30000), 0);
    char *e = slurp(se);
    char path[400];
    snprintf(path, sizeof path, "%s/games.jsonl", out);
    cJSON *g0 = jsonl_game(path, 0);
    ck_assert_ptr_nonnull(g0);
    const char *seed = cJSON_GetObjectItem(g0, "seed")->valuestring;
    ck_assert_str_eq(cJSON_GetObjectItem(g0, "reason")->valuestring, "timeout");
    ck_assert_str_eq(cJSON_GetObjectItem(g0, "opening")->valuestring, "");
    /* one line per error game: reason, the last 3 stderr lines, replay */
    char l[8192];
    snprintf(l, sizeof l, "%s", line_with(e, "game 0 (first - slow)"));
    char want[200];
    snprintf(want, sizeof want, "stderr of slow: seed %s | two | three; replay: ", seed);
    ck_assert_msg(strstr(l, "slow (white) timeout") && strstr(l, want), "stderr: %s", e);
    ck_assert_msg(strstr(line_with(e, "game 1 (slow - first)"), "slow (black) timeout"), "%s", e);
    /* the replay command, run as printed by a POSIX shell */
    const char *replay = strstr(l, "; replay: ") + strlen("; replay: ");
    ck_assert_int_eq(strncmp(replay, REFEREE, strlen(REFEREE)), 0);
    char script[400], ro[400], re[400];
    snprintf(script, sizeof script, "%s/replay.sh", dir);
    snprintf(ro, sizeof ro, "%s/ro", dir);
    snprintf(re, sizeof re, "%s/re", dir);
    /* as printed, plus -l to read the replayed game's reason */
    char record[400];
    snprintf(record, sizeof record, "%s/replayed.json", dir);
    FILE *f = fopen(script, "w");
    fprintf(f, "%s -l %s\n", replay, record);
    fclose(f);
    char *sh[] = {"/bin/sh", script, NULL};
    ck_assert_int_eq(run(sh, ro, re, 20000), 0);
    char *scores = slurp(ro), *summary = slurp(re);
    char expect[100];
    snprintf(expect, sizeof expect, "0\n-1\nseed=%s\n", seed); /* white at fault */
    ck_assert_msg(strcmp(scores, expect) == 0, "replay printed '%s' (%s)", scores, summary);
    cJSON *rec = read_json(record);
    cJSON *res = cJSON_GetObjectItem(rec, "result");
    ck_assert_str_eq(cJSON_GetObjectItem(res, "reason")->valuestring, "timeout");
    ck_assert_msg(strstr(cJSON_GetObjectItem(res, "detail")->valuestring, "150 ms"), "%s",
                  cJSON_GetObjectItem(res, "detail")->valuestring);
    cJSON_Delete(rec);
    free(scores);
    free(summary);
    cJSON_Delete(g0);
    free(e);
    cleanup();
}
END_TEST

START_TEST(test_rebuilt_bot_is_refused)
{
    const char *dir = tmpdir();
    char out[300], so[300], se[300], bot[300], arg[400], cmd[900];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    snprintf(bot, sizeof bot, "%s/mybot", dir);
    snprintf(cmd, sizeof cmd, "cp %s %s", FIRST, bot);
    ck_assert_int_eq(system(cmd), 0);
    snprintf(arg, sizeof arg, "mine=%s", bot);
    /* run where it is (--no-snapshot): the league runs the working copy,
     * which the fingerprint protects */
    char *argv[] = {ARENA,   "--bot", "first=" FIRST, "--bot",         arg, "--games", "2",
                    "--out", out,     "-q",           "--no-snapshot", NULL};
    ck_assert_int_eq(run(argv, so, se, 30000), 0);
    char path[400];
    snprintf(path, sizeof path, "%s/league.json", out);
    cJSON *league = read_json(path);
    cJSON *fp = cJSON_GetObjectItem(cJSON_GetObjectItem(league, "fingerprints"), "mine");
    ck_assert_msg(cJSON_IsString(cJSON_GetObjectItem(fp, bot)), "no fingerprint of %s", bot);
    ck_assert_int_eq(strlen(cJSON_GetObjectItem(fp, bot)->valuestring), 64);
    cJSON_Delete(league);
    /* touching is no change: the same league runs (nothing left to play) */
    snprintf(cmd, sizeof cmd, "touch %s", bot);
    ck_assert_int_eq(system(cmd), 0);
    ck_assert_int_eq(run(argv, so, se, 30000), 0);
    /* rebuilt (one byte more): refused, naming the bot and the file */
    snprintf(cmd, sizeof cmd, "printf x >> %s", bot);
    ck_assert_int_eq(system(cmd), 0);
    char *more[] = {ARENA,   "--bot", "first=" FIRST, "--bot",         arg, "--games", "4",
                    "--out", out,     "-q",           "--no-snapshot", NULL};
    ck_assert_int_eq(run(more, so, se, 30000), 2);
    char *e = slurp(se);
    char want[400];
    snprintf(want, sizeof want, "(%s changed)", bot);
    ck_assert_msg(strstr(e, "bot 'mine' changed") && strstr(e, want) && strstr(e, "--force-new"),
                  "stderr: %s", e);
    free(e);
    snprintf(path, sizeof path, "%s/games.jsonl", out);
    ck_assert_int_eq(count_lines(path), 2); /* nothing played */
    /* --force-new archives the old results and starts over */
    char *fresh[] = {ARENA, "--bot", "first=" FIRST, "--bot",         arg, "--games", "2", "--out",
                     out,   "-q",    "--force-new",  "--no-snapshot", NULL};
    ck_assert_int_eq(run(fresh, so, se, 30000), 0);
    snprintf(cmd, sizeof cmd, "test -f %s/previous-*/games.jsonl", out);
    ck_assert_int_eq(system(cmd), 0);
    ck_assert_int_eq(count_lines(path), 2);
    cleanup();
}
END_TEST

START_TEST(test_force_new_waits_for_the_lock)
{
    const char *dir = tmpdir();
    char out[300], so[300], se[300], so2[300], se2[300], path[400];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    snprintf(so2, sizeof so2, "%s/so2", dir);
    snprintf(se2, sizeof se2, "%s/se2", dir);
    /* a league that runs for seconds: its bot thinks 3 s on its first turn */
    char *first[] = {ARENA,
                     "--bot",
                     "a=" FIRST,
                     "--bot",
                     "sleepy=read l; sleep 3",
                     "--first-turn-ms",
                     "10000",
                     "--games",
                     "2",
                     "-c",
                     "1",
                     "--out",
                     out,
                     "-q",
                     NULL};
    pid_t pid = spawn(first, so, se);
    snprintf(path, sizeof path, "%s/league.json", out);
    for (int waited = 0; waited < 10000 && access(path, F_OK) != 0; waited += 10)
        sleep_ms(10);
    ck_assert_int_eq(access(path, F_OK), 0);
    char *second[] = {ARENA, "--bot", "a=" FIRST, "--bot",       "b=" FIRST, "--games",
                      "2",   "--out", out,        "--force-new", NULL};
    ck_assert_int_eq(run(second, so2, se2, 10000), 2);
    char *e = slurp(se2);
    ck_assert_msg(strstr(e, "in use by another loa-arena"), "stderr: %s", e);
    free(e);
    /* nothing was archived under the running league */
    char cmd[400];
    snprintf(cmd, sizeof cmd, "ls -d %s/previous-* >/dev/null 2>&1", out);
    ck_assert_int_ne(system(cmd), 0);
    ck_assert_int_eq(access(path, F_OK), 0);
    ck_assert_int_eq(kill(pid, SIGKILL), 0);
    int st;
    waitpid(pid, &st, 0);
    /* the lock dies with its arena: now --force-new archives */
    ck_assert_int_eq(run(second, so2, se2, 30000), 0);
    ck_assert_int_eq(system(cmd), 0);
    cleanup();
}
END_TEST

START_TEST(test_flag_league_has_its_own_directory)
{
    const char *dir = tmpdir();
    char so[300], se[300];
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    ck_assert_int_eq(chdir(dir), 0);
    char *a[] = {ARENA, "--bot", "a=" FIRST, "--bot", "b=" FIRST, "-q", NULL};
    char *b[] = {ARENA, "--bot", "a=" FIRST, "--bot", "b=" FIRST, "--seed", "2", "-q", NULL};
    ck_assert_int_eq(run(a, so, se, 30000), 0);
    char *o = slurp(so);
    const char *l = line_with(o, "Results in arena-results/");
    ck_assert_msg(l[0], "no path printed: %s", o);
    char first_dir[64];
    ck_assert_int_eq(sscanf(l, "Results in %63s", first_dir), 1);
    free(o);
    /* another league by flags: another directory, no "different league" */
    ck_assert_int_eq(run(b, so, se, 30000), 0);
    o = slurp(so);
    ck_assert_ptr_null(strstr(o, first_dir));
    ck_assert_ptr_nonnull(strstr(o, "Results in arena-results/"));
    free(o);
    char path[400];
    snprintf(path, sizeof path, "%s/%s/games.jsonl", dir, first_dir);
    ck_assert_int_eq(count_lines(path), 2);
    /* the first again: resumed in its directory, nothing replayed */
    ck_assert_int_eq(run(a, so, se, 30000), 0);
    ck_assert_int_eq(count_lines(path), 2);
    cleanup();
}
END_TEST

START_TEST(test_analyse_ended_by_a_signal_is_said)
{
    /* loa-arena runs the loa-analyse beside it: a copy of loa-arena beside
     * one that kills itself */
    const char *dir = tmpdir();
    char arena[300], analyse[300], out[300], so[300], se[300], cmd[1024];
    snprintf(arena, sizeof arena, "%s/loa-arena", dir);
    snprintf(analyse, sizeof analyse, "%s/loa-analyse", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    snprintf(cmd, sizeof cmd, "cp " ARENA " %s", arena);
    ck_assert_int_eq(system(cmd), 0);
    FILE *f = fopen(analyse, "w");
    ck_assert_ptr_nonnull(f);
    fputs("#!/bin/sh\nkill -9 $$\n", f);
    fclose(f);
    ck_assert_int_eq(chmod(analyse, 0755), 0);
    char *argv[] = {arena, "--bot",     "a=" FIRST, "--bot", "b=" FIRST, "--games", "2",
                    "-q",  "--analyse", "all",      "--out", out,        NULL};
    ck_assert_int_eq(run(argv, so, se, 30000), 1);
    char *e = slurp(se);
    char want[400];
    snprintf(want, sizeof want, "loa-arena: --analyse: %s ended by signal 9", analyse);
    ck_assert_msg(strstr(e, want), "%s", e);
    free(e);
    cleanup();
}
END_TEST

/* Game pages that cannot be written (DIR/games is a file here; a
 * directory made read-only mid-run is the same): said once, no more tried,
 * every game still stored. */
START_TEST(test_unwritable_pages_are_said_once)
{
    const char *dir = tmpdir();
    char out[300], so[300], se[300], path[400];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(so, sizeof so, "%s/so", dir);
    snprintf(se, sizeof se, "%s/se", dir);
    ck_assert_int_eq(mkdir(out, 0777), 0);
    snprintf(path, sizeof path, "%s/games", out);
    write_text(path, "not a directory\n");
    char *argv[] = {ARENA,     "--bot", "a=" FIRST, "--bot", "b=" FIRST, "--games", "8",
                    "--pages", "all",   "-c",       "1",     "--out",    out,       NULL};
    ck_assert_int_eq(run(argv, so, se, 60000), 0);
    char *e = slurp(se);
    int n = 0;
    for (const char *p = e; (p = strstr(p, "no replay page")); p++)
        n++;
    ck_assert_msg(n == 1, "%d warnings: %s", n, e);
    ck_assert_msg(strstr(e, "no game pages more this run") && strstr(e, "--html"), "%s", e);
    free(e);
    snprintf(path, sizeof path, "%s/games.jsonl", out);
    ck_assert_int_eq(count_lines(path), 8);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"stops_the_league_when_a_bot_fails_to_start", test_start_failure_stops_the_league, 60},
        {"prints_an_error_line_whose_replay_reproduces_it", test_error_line_replays_the_game, 60},
        {"refuses_a_rebuilt_bot_unless_force_new", test_rebuilt_bot_is_refused, 60},
        {"refuses_force_new_on_a_running_league", test_force_new_waits_for_the_lock, 60},
        {"gives_a_flag_league_its_own_directory", test_flag_league_has_its_own_directory, 60},
        {"says_an_analyse_ended_by_a_signal", test_analyse_ended_by_a_signal_is_said, 60},
        {"says_unwritable_pages_once", test_unwritable_pages_are_said_once, 60},
    };
    return loa_run_suite("arena_league_run_errors", cases, LOA_COUNT(cases));
}
