/*
 * check_arena_league_versions.c - a league across bot versions as a new
 * user meets it (issue 40), end to end with loa-arena as a child process:
 * a rebuilt bot is said before any game (the league plays its copy); a
 * command whose program does not exist is refused before anything is made
 * or queued; a league that stored no game takes its corrected command;
 * --replace-bot with no arena running plays the new build; a bot that
 * joins a running league and cannot start is retired, the league plays
 * on; two --add-bot of one name at once: one is refused, nothing of it
 * left behind; a league grown by continuous mode is no target for a plain
 * rerun (it plays nothing; only --continuous grows it).
 */
#include <check.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arena_cli_util.h"
#include "check_main.h"

#define RANDOM LOA_BIN_DIR "/loa-random"
#define GREEDY LOA_BIN_DIR "/loa-greedy"

/* An executable file that exists but cannot start: its interpreter does
 * not exist (the shell says "not found" when it runs it). */
static void write_unstartable(const char *path)
{
    write_text(path, "#!/nonexistent/interpreter\n");
    ck_assert_int_eq(chmod(path, 0755), 0);
}

START_TEST(a_rebuilt_bot_is_said_before_any_game_and_its_copy_plays)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char me[300], arg[400];
    snprintf(me, sizeof me, "%s/me", dir);
    copy_file(GREEDY, me); /* beats loa-first every game */
    snprintf(arg, sizeof arg, "me=%s", me);
    char *league[] = {ARENA, "--bot", "f=" FIRST, "--bot", arg, "--games",
                      "4",   "-q",    "--out",    tp.out,  NULL};
    ck_assert_int_eq(run(league, tp.o, tp.e, 60000), 0);
    char *t = slurp(tp.e);
    ck_assert_msg(!strstr(t, "differs from the league's copy"), "%s", t);
    free(t);
    copy_file(FIRST, me); /* rebuilt: a loa-first now, which only draws */
    char *more[] = {ARENA, "--bot", "f=" FIRST, "--bot", arg, "--games",
                    "8",   "-q",    "--out",    tp.out,  NULL};
    ck_assert_int_eq(run(more, tp.o, tp.e, 60000), 0);
    t = slurp(tp.e);
    char copy[400], add[400];
    snprintf(copy, sizeof copy, "%s/bots/me/me", tp.out);
    snprintf(add, sizeof add, "--add-bot me2=%s", me);
    ck_assert_msg(strstr(t, "bot 'me': ") && strstr(t, "differs from the league's copy") &&
                      strstr(t, copy) && strstr(t, "--replace-bot me=") && strstr(t, add),
                  "%s", t);
    /* before any game: the warning precedes the first game's line (none
     * with -q) and the games that follow are the copy's (loa-greedy's) */
    free(t);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM game_results WHERE winner = 'me'"),
                     8);
    cleanup();
}
END_TEST

START_TEST(a_missing_program_is_refused_before_the_directory_is_made)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char arg[400], path[400];
    snprintf(arg, sizeof arg, "a=%s/nosuch -x", dir);
    char *league[] = {ARENA, "--bot", arg,     "--bot", "f=" FIRST, "--games",
                      "2",   "-q",    "--out", tp.out,  NULL};
    ck_assert_int_eq(run(league, tp.o, tp.e, 30000), 2);
    char *t = slurp(tp.e);
    snprintf(path, sizeof path, "'%s/nosuch' is no file", dir);
    ck_assert_msg(strstr(t, "bot 'a' cannot start") && strstr(t, path), "%s", t);
    free(t);
    ck_assert_int_ne(access(tp.out, F_OK), 0);
    /* a program name not found in PATH, the same */
    char *path_word[] = {ARENA,   "--bot",    "a=nosuch-loa-program --fast",
                         "--bot", "f=" FIRST, "-q",
                         "--out", tp.out,     NULL};
    ck_assert_int_eq(run(path_word, tp.o, tp.e, 30000), 2);
    t = slurp(tp.e);
    ck_assert_msg(strstr(t, "'nosuch-loa-program' is not found in PATH"), "%s", t);
    free(t);
    ck_assert_int_ne(access(tp.out, F_OK), 0);
    cleanup();
}
END_TEST

START_TEST(a_league_with_no_game_takes_its_corrected_command)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char bad[300], arg[400];
    snprintf(bad, sizeof bad, "%s/bad", dir);
    write_unstartable(bad);
    snprintf(arg, sizeof arg, "a=%s", bad);
    char *league[] = {ARENA, "--bot", arg,  "--bot", "f=" FIRST, "--games", "2",
                      "-c",  "1",     "-q", "--out", tp.out,     NULL};
    ck_assert_int_eq(run(league, tp.o, tp.e, 30000), 3); /* it stops, no game stored */
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM games"), 0);
    char fixed[400];
    snprintf(fixed, sizeof fixed, "a=%s -s {seed}", RANDOM);
    char *again[] = {ARENA, "--bot", fixed,   "--bot", "f=" FIRST, "--games",
                     "2",   "-q",    "--out", tp.out,  NULL};
    ck_assert_int_eq(run(again, tp.o, tp.e, 60000), 0);
    char *t = slurp(tp.e);
    ck_assert_msg(strstr(t, "its league had no game stored: made anew as asked"), "%s", t);
    free(t);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM games"), 2);
    /* with games stored, another command is refused as before */
    char *other[] = {ARENA, "--bot", "a=" GREEDY, "--bot", "f=" FIRST, "--games",
                     "2",   "-q",    "--out",     tp.out,  NULL};
    ck_assert_int_eq(run(other, tp.o, tp.e, 60000), 2);
    t = slurp(tp.e);
    ck_assert_msg(strstr(t, "holds a different league"), "%s", t);
    free(t);
    cleanup();
}
END_TEST

START_TEST(an_add_bot_of_a_missing_program_is_refused_before_anything_is_queued)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char *league[] = {ARENA, "--bot", "f=" FIRST, "--bot", "r=" RANDOM " -s {seed}", "--games", "2",
                      "-q",  "--out", tp.out,     NULL};
    ck_assert_int_eq(run(league, tp.o, tp.e, 60000), 0);
    char arg[400], pattern[400];
    snprintf(arg, sizeof arg, "typo=%s/bots/nosuch", dir);
    char *add[] = {ARENA, "--add-bot", arg, "--out", tp.out, NULL};
    ck_assert_int_eq(run(add, tp.o, tp.e, 30000), 2);
    char *t = slurp(tp.e);
    ck_assert_msg(strstr(t, "--add-bot typo=") && strstr(t, "/bots/nosuch' is no file") &&
                      strstr(t, "nothing asked"),
                  "%s", t);
    free(t);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM changes"), 0);
    snprintf(pattern, sizeof pattern, "%s/bots/typo*", tp.out);
    ck_assert_int_eq(count_glob(pattern), 0);
    /* a cd to a directory that is not there, the same */
    snprintf(arg, sizeof arg, "typo=cd %s/nodir && ./bot", dir);
    ck_assert_int_eq(run(add, tp.o, tp.e, 30000), 2);
    t = slurp(tp.e);
    ck_assert_msg(strstr(t, "/nodir': no such directory"), "%s", t);
    free(t);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM changes"), 0);
    /* --replace-bot alike */
    snprintf(arg, sizeof arg, "r=%s/nosuch", dir);
    char *replace[] = {ARENA, "--replace-bot", arg, "--out", tp.out, NULL};
    ck_assert_int_eq(run(replace, tp.o, tp.e, 30000), 2);
    /* a mistyped name is refused naming the bots there */
    char *retire[] = {ARENA, "--retire", "rr", "--out", tp.out, NULL};
    ck_assert_int_eq(run(retire, tp.o, tp.e, 30000), 2);
    t = slurp(tp.e);
    ck_assert_msg(strstr(t, "no bot 'rr'") && strstr(t, "(its bots: f, r)"), "%s", t);
    free(t);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM games"), 2);
    cleanup();
}
END_TEST

START_TEST(a_replace_bot_with_no_arena_running_plays_the_new_build)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char *league[] = {ARENA,   "--bot",     "f=" FIRST, "--bot", "r=" RANDOM " -s {seed}",
                      "--bot", "g=" GREEDY, "--games",  "4",     "-q",
                      "--out", tp.out,      NULL};
    ck_assert_int_eq(run(league, tp.o, tp.e, 60000), 0);
    char *replace[] = {ARENA, "--replace-bot", "r=" GREEDY " -s {seed}", "--out", tp.out, "-q",
                       NULL};
    int rc = run(replace, tp.o, tp.e, 60000);
    char *t = slurp(tp.e), *o = slurp(tp.o);
    ck_assert_msg(rc == 0 && !strstr(t, "holds a different league") &&
                      strstr(o, "Replaced bot 'r'") && strstr(o, "its 8 games archived"),
                  "exit %d: %s%s", rc, o, t);
    free(t);
    free(o);
    /* its pairings played again, by the new build: loa-greedy beats
     * loa-first every game (loa-random did not) */
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM games"), 12);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM game_results WHERE black = 'r' "
                                        "OR white = 'r'"),
                     8);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM game_results WHERE (black = 'f' "
                                        "OR white = 'f') AND winner = 'r'"),
                     4);
    cleanup();
}
END_TEST

START_TEST(a_bot_that_joins_a_running_league_and_cannot_start_is_retired)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    test_io io2 = io_in(dir, "add");
    char bad[300], arg[400];
    snprintf(bad, sizeof bad, "%s/bad", dir);
    write_unstartable(bad);
    char *league[] = {ARENA,     "--bot", "f=" FIRST,     "--bot", "r=" RANDOM " -s {seed}",
                      "--games", "2",     "--continuous", "-c",    "1",
                      "-q",      "--out", tp.out,         NULL};
    pid_t arena = spawn(league, tp.o, tp.e);
    wait_stored(tp.out, 4);
    snprintf(arg, sizeof arg, "bad=%s", bad);
    char *add[] = {ARENA, "--add-bot", arg, "--out", tp.out, NULL};
    ck_assert_int_eq(run(add, io2.o, io2.e, 60000), 0);
    int retired = wait_text(tp.e, "retired (no longer scheduled", 60000);
    long before = league_sql(tp.out, "SELECT count(*) FROM games");
    /* the league plays on: more games of the others stored after it */
    int grew = 0;
    for (int waited = 0; retired && !grew && waited < 60000; waited += 50) {
        grew = league_sql(tp.out, "SELECT count(*) FROM games") > before + 2;
        sleep_ms(50);
    }
    int alive = waitpid(arena, NULL, WNOHANG) == 0;
    kill(arena, SIGINT);
    int rc = wait_for(arena, 60000);
    char *t = slurp(tp.e);
    ck_assert_msg(retired && grew && alive && rc == 0, "exit %d: %.3000s", rc, t);
    ck_assert_msg(strstr(t, "bot 'bad' failed to start") && strstr(t, "not found"), "%s", t);
    free(t);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM game_results WHERE black = 'bad' "
                                        "OR white = 'bad'"),
                     0);
    char standings[400];
    snprintf(standings, sizeof standings, "%s/standings.json", tp.out);
    cJSON *s = read_json(standings);
    cJSON *b = bot_entry(s, "bad");
    ck_assert_ptr_nonnull(b);
    ck_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(b, "retired")));
    cJSON_Delete(s);
    cleanup();
}
END_TEST

/* Two --add-bot of one name (other commands) at once, to a running
 * league: one is handed over, the other refused (exit 2) naming the
 * first, and no copy of it is left in bots/. Several tries: the race is
 * between the two commands' reads and writes. */
START_TEST(two_add_bots_of_one_name_at_once_leave_one)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char *league[] = {ARENA,     "--bot", "f=" FIRST,     "--bot", "r=" RANDOM " -s {seed}",
                      "--games", "2",     "--continuous", "-c",    "1",
                      "-q",      "--out", tp.out,         NULL};
    pid_t arena = spawn(league, tp.o, tp.e);
    wait_stored(tp.out, 2);
    for (int k = 0; k < 5; k++) {
        char a[64], b[64], pattern[400];
        snprintf(a, sizeof a, "x%d=" FIRST, k);
        snprintf(b, sizeof b, "x%d=" GREEDY, k);
        test_io ia = io_in(dir, "a"), ib = io_in(dir, "b");
        char *one[] = {ARENA, "--add-bot", a, "--out", tp.out, NULL};
        char *two[] = {ARENA, "--add-bot", b, "--out", tp.out, NULL};
        pid_t p1 = spawn(one, ia.o, ia.e), p2 = spawn(two, ib.o, ib.e);
        int r1 = wait_for(p1, 60000), r2 = wait_for(p2, 60000);
        char *e1 = slurp(ia.e), *e2 = slurp(ib.e);
        ck_assert_msg((r1 == 0 && r2 == 2) || (r1 == 2 && r2 == 0), "try %d: exits %d and %d: %s%s",
                      k, r1, r2, e1, e2);
        const char *refusal = r1 ? e1 : e2;
        char name[32];
        snprintf(name, sizeof name, "bot 'x%d'", k);
        ck_assert_msg(strstr(refusal, name), "%s", refusal);
        free(e1);
        free(e2);
        snprintf(pattern, sizeof pattern, "%s/bots/x%d*", tp.out, k);
        ck_assert_int_eq(count_glob(pattern), 1);
    }
    /* every change applied, none dropped */
    char bot[16];
    int applied = 1;
    for (int k = 0; k < 5; k++) {
        snprintf(bot, sizeof bot, "Added bot 'x%d'", k);
        applied &= wait_text(tp.e, bot, 30000);
    }
    kill(arena, SIGINT);
    ck_assert_int_eq(wait_for(arena, 60000), 0);
    char *t = slurp(tp.e);
    ck_assert_msg(applied && !strstr(t, "cannot be made any more"), "%s", t);
    free(t);
    cleanup();
}
END_TEST

START_TEST(continuous_growth_is_no_target_for_a_plain_rerun)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char *league[] = {ARENA, "--bot", "f=" FIRST, "--bot", "r=" RANDOM " -s {seed}", "--games", "4",
                      "-q",  "--out", tp.out,     NULL};
    ck_assert_int_eq(run(league, tp.o, tp.e, 60000), 0);
    char *on[] = {ARENA, "--out", tp.out, "--continuous", "-q", NULL};
    pid_t arena = spawn(on, tp.o, tp.e);
    wait_stored(tp.out, 40); /* grown past 4 games a pairing */
    kill(arena, SIGINT);
    ck_assert_int_eq(wait_for(arena, 60000), 0);
    long grown = league_sql(tp.out, "SELECT count(*) FROM games");
    /* the original command, and DIR alone: nothing played */
    ck_assert_int_eq(run(league, tp.o, tp.e, 60000), 0);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM games"), grown);
    char *t = slurp(tp.e), *o = slurp(tp.o);
    ck_assert_msg(strstr(t, "continuous mode grew its league"), "%s%s", o, t);
    free(t);
    free(o);
    char *alone[] = {ARENA, "--out", tp.out, "-q", NULL};
    ck_assert_int_eq(run(alone, tp.o, tp.e, 60000), 0);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM games"), grown);
    /* --continuous plays on */
    arena = spawn(on, tp.o, tp.e);
    wait_stored(tp.out, grown + 4);
    kill(arena, SIGINT);
    ck_assert_int_eq(wait_for(arena, 60000), 0);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"a_rebuilt_bot_is_said_before_any_game_and_its_copy_plays",
         a_rebuilt_bot_is_said_before_any_game_and_its_copy_plays, 120},
        {"a_missing_program_is_refused_before_the_directory_is_made",
         a_missing_program_is_refused_before_the_directory_is_made, 60},
        {"a_league_with_no_game_takes_its_corrected_command",
         a_league_with_no_game_takes_its_corrected_command, 120},
        {"an_add_bot_of_a_missing_program_is_refused_before_anything_is_queued",
         an_add_bot_of_a_missing_program_is_refused_before_anything_is_queued, 120},
        {"a_replace_bot_with_no_arena_running_plays_the_new_build",
         a_replace_bot_with_no_arena_running_plays_the_new_build, 120},
        {"a_bot_that_joins_a_running_league_and_cannot_start_is_retired",
         a_bot_that_joins_a_running_league_and_cannot_start_is_retired, 180},
        {"two_add_bots_of_one_name_at_once_leave_one", two_add_bots_of_one_name_at_once_leave_one,
         300},
        {"continuous_growth_is_no_target_for_a_plain_rerun",
         continuous_growth_is_no_target_for_a_plain_rerun, 180},
    };
    return loa_run_suite("arena_league_versions", cases, LOA_COUNT(cases));
}
