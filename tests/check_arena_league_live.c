/*
 * check_arena_league_live.c - a league that lives across bot versions
 * (issue 26), end to end with loa-arena as a child process and bots whose
 * play depends only on the game's seed (loa-first, loa-random, loa-greedy):
 * a bot added while the league runs is handed to the running arena, which
 * plays its pairings without stopping; a bot's files are copied at add
 * time, so a rebuilt working copy changes nothing and a changed copy is
 * refused; a replaced bot's games are archived and its pairings played
 * again; a retired bot is no longer scheduled and shown retired; a bot run
 * after a cd is fingerprinted (a rebuild refused), a bot nothing of which
 * could be fingerprinted is said. A league grown without end is
 * check_arena_league_continuous.c's.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cjson/cJSON.h>

#include "arena_cli_util.h"
#include "check_main.h"

#define RANDOM LOA_BIN_DIR "/loa-random"
#define GREEDY LOA_BIN_DIR "/loa-greedy"
#define SLOW LOA_BIN_DIR "/hostile-slow"
#define NEGAMAX LOA_BIN_DIR "/loa-negamax"
#define OPENINGS LOA_SOURCE_DIR "/arena/openings/4ply-balanced.txt"

/* Games a pairing in the league a bot is added to: the new bot's games
 * must outlast the live pages' next write (2 s at least), the first
 * pairing's the adding command. A sanitizer's arena plays many times
 * slower, so a third of them do there (tests/arena.cmake; under TSan the
 * 1800 games took 72 s). */
#ifdef LOA_LIVE_ADD_GAMES
#define ADD_GAMES LOA_LIVE_ADD_GAMES
#else
#define ADD_GAMES 600
#endif

START_TEST(a_bot_added_while_the_league_runs_is_handed_to_the_arena)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    test_io io2 = io_in(dir, "add");
    char games[16], want[80];
    snprintf(games, sizeof games, "%d", ADD_GAMES);
    char *league[] = {ARENA,     "--bot", "f=" FIRST, "--bot", "r=" RANDOM " -s {seed}",
                      "--games", games,   "-c",       "2",     "-q",
                      "--out",   tp.out,  NULL};
    pid_t arena = spawn(league, tp.o, tp.e);
    wait_stored(tp.out, 10);
    char *add[] = {ARENA, "--add-bot", "g=" GREEDY " -s {seed}", "--out", tp.out, NULL};
    ck_assert_int_eq(run(add, io2.o, io2.e, 60000), 0);
    char *t = slurp(io2.o);
    ck_assert_msg(strstr(t, "copied into") && strstr(t, "Handed 1 change to the loa-arena"), "%s",
                  t);
    free(t);
    /* the league's pages written again while it runs: the new bot's page */
    char page[400];
    snprintf(page, sizeof page, "%s/bot-g.html", tp.out);
    for (int waited = 0; access(page, F_OK) != 0 && waited < 60000; waited += 20)
        sleep_ms(20);
    ck_assert_msg(access(page, F_OK) == 0 && waitpid(arena, NULL, WNOHANG) == 0,
                  "no page of the bot added while the league ran");
    /* the same arena plays on, the new pairings with the rest */
    ck_assert_int_eq(wait_for(arena, 240000), 0);
    t = slurp(tp.e);
    ck_assert_msg(strstr(t, "Added bot 'g'"), "%s", t);
    free(t);
    t = slurp(tp.o);
    snprintf(want, sizeof want, "Standings: round-robin, 3 bots, %d of %d games", 3 * ADD_GAMES,
             3 * ADD_GAMES);
    ck_assert_msg(strstr(t, want), "%s", t);
    free(t);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM games"), 3 * ADD_GAMES);
    ck_assert_int_eq(league_games_of(tp.out, "g"), 2 * ADD_GAMES);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM changes"), 0);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM run"), 0); /* the lock, given up */
    cleanup();
}
END_TEST

/* A bot added while the league runs is one of the league the arena's
 * warnings name: on one CPU with two games at once (oversubscribed), a
 * bot that times out is named in the load's warning. */
START_TEST(a_bot_added_while_the_league_runs_is_named_in_its_warnings)
{
    if (access("/usr/bin/taskset", X_OK) != 0) { /* nothing to pin the arena with */
        fprintf(stderr, "check_arena_league_live: SKIPPED the warning test: no /usr/bin/taskset "
                        "(Debian package util-linux)\n");
        return;
    }
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    test_io io2 = io_in(dir, "add");
    char games[16];
    snprintf(games, sizeof games, "%d", ADD_GAMES / 3 * 2); /* 400; 132 under sanitizers */
    char *league[] = {"/usr/bin/taskset",
                      "-c",
                      "0",
                      ARENA,
                      "--bot",
                      "f=" FIRST,
                      "--bot",
                      "r=" RANDOM " -s {seed}",
                      "--games",
                      games,
                      "-c",
                      "2",
                      "-q",
                      "--out",
                      tp.out,
                      NULL};
    pid_t arena = spawn(league, tp.o, tp.e);
    wait_stored(tp.out, 10);
    /* it answers its first turn at once, then 300 ms late: a loss on time */
    char *add[] = {ARENA, "--add-bot", "slow=" SLOW " 300 1", "--out", tp.out, NULL};
    ck_assert_int_eq(run(add, io2.o, io2.e, 60000), 0);
    /* the warning comes with slow's first game; its 800 games (each a
     * loss on time, ~150 ms) need not be played for it: Ctrl-C, which
     * ends the games in flight and stops */
    int warned = wait_text(tp.e, "slow timed out (", 120000);
    kill(arena, SIGINT);
    int rc = wait_for(arena, 120000);
    char *t = slurp(tp.e);
    ck_assert_msg(warned && strstr(t, "Added bot 'slow'"), "%.2000s", t);
    ck_assert_msg(rc == 130, "exit %d (130: interrupted): %.2000s", rc, t);
    free(t);
    cleanup();
}
END_TEST

START_TEST(a_snapshot_outlives_a_rebuild_and_a_replaced_bot_replays_its_pairings)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char me[300], arg[400], path[400];
    snprintf(me, sizeof me, "%s/me", dir);
    copy_file(GREEDY, me); /* it beats loa-first every game */
    snprintf(arg, sizeof arg, "me=%s -s {seed}", me);
    char *play[] = {ARENA, "--bot", "f=" FIRST, "--bot", arg, "--games",
                    "10",  "-q",    "--out",    tp.out,  NULL};
    ck_assert_int_eq(run(play, tp.o, tp.e, 60000), 0);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM game_results WHERE winner = 'me'"),
                     10);
    /* rebuilt in place (loa-first now, which only draws against itself):
     * the league runs its copy, as it was */
    copy_file(FIRST, me);
    char *resume[] = {ARENA, "--out", tp.out, "--games", "20", "-q", NULL};
    ck_assert_int_eq(run(resume, tp.o, tp.e, 60000), 0);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM game_results WHERE winner = 'me'"),
                     20);
    /* the copy changed: refused, naming the copy */
    snprintf(path, sizeof path, "%s/bots/me/me", tp.out);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "printf x >> '%s'", path);
    ck_assert_int_eq(system(cmd), 0);
    ck_assert_int_eq(run(resume, tp.o, tp.e, 60000), 2);
    char *t = slurp(tp.e);
    ck_assert_msg(strstr(t, "bot 'me' changed") && strstr(t, "{out}/bots/me/me changed") &&
                      strstr(t, "--replace-bot"),
                  "%s", t);
    free(t);
    /* replaced by the rebuilt one: its games archived, its pairing again */
    char rep[400];
    snprintf(rep, sizeof rep, "me=%s -s {seed}", me);
    char *replace[] = {ARENA, "--replace-bot", rep, "--out", tp.out, "-q", NULL};
    ck_assert_int_eq(run(replace, tp.o, tp.e, 60000), 0);
    t = slurp(tp.o);
    ck_assert_msg(strstr(t, "copied into") && strstr(t, "bots/me-2/") &&
                      strstr(t, "its 20 games archived in"),
                  "%s", t);
    free(t);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM games"), 20);
    /* loa-first against loa-first: every game drawn at the ply limit */
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM games WHERE reason = 'ply_limit'"),
                     20);
    snprintf(cmd, sizeof cmd, "%s --standings %s/previous-*-me | grep -q '20 of 20 games'", ARENA,
             tp.out);
    ck_assert_int_eq(system(cmd), 0); /* the old version's games, a league of their own */
    /* the same build again: nothing to replace */
    ck_assert_int_eq(run(replace, tp.o, tp.e, 60000), 0);
    t = slurp(tp.o);
    ck_assert_msg(strstr(t, "plays this build already"), "%s", t);
    free(t);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM games"), 20);
    cleanup();
}
END_TEST

/* --replace-bot handed to a running arena: from then on only the new build
 * plays; the old build's games, those in flight then too, are not the
 * league's (they are archived, or dropped). The old build (loa-negamax,
 * seconds a game) is slow, so both slots play its games when it is
 * replaced; the new one (loa-first) against loa-first plays one game, the
 * same moves whatever the colours and seed: its moves' hash tells a game
 * of the new build from one of the old (which may also draw at the ply
 * limit, for some league seeds). */
START_TEST(a_bot_replaced_while_the_league_runs_keeps_no_game_of_its_old_build)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char me[300], arg[400];
    test_io io2 = io_in(dir, "replace");
    snprintf(me, sizeof me, "%s/me", dir);
    copy_file(NEGAMAX, me);
    snprintf(arg, sizeof arg, "me=%s -s {seed}", me);
    char *league[] = {ARENA, "--bot", "f=" FIRST, "--bot", arg,    "--games", "40",
                      "-c",  "2",     "-q",       "--out", tp.out, NULL};
    pid_t arena = spawn(league, tp.o, tp.e);
    wait_stored(tp.out, 2);
    copy_file(FIRST, me); /* rebuilt in place */
    char *replace[] = {ARENA, "--replace-bot", arg, "--out", tp.out, NULL};
    ck_assert_int_eq(run(replace, io2.o, io2.e, 60000), 0);
    char *t = slurp(io2.o);
    ck_assert_msg(strstr(t, "bots/me-2/") && strstr(t, "Handed 1 change"), "%s", t);
    free(t);
    ck_assert_int_eq(wait_for(arena, 240000), 0);
    t = slurp(tp.e);
    ck_assert_msg(strstr(t, "Replaced bot 'me'"), "%.2000s", t);
    free(t);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM games"), 40);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) FROM games WHERE reason = 'ply_limit'"),
                     40);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(DISTINCT moves_hash) FROM games"), 1);
    char cmd[900];
    /* the archive: the old build's games only, none the new build's game */
    snprintf(cmd, sizeof cmd,
             "sqlite3 %s/previous-*-me/league.db \"ATTACH '%s/league.db' AS now; "
             "SELECT count(*) FROM games WHERE moves_hash IN (SELECT moves_hash FROM now.games)"
             "\" | grep -qx 0",
             tp.out, tp.out);
    ck_assert_int_eq(system(cmd), 0);
    snprintf(cmd, sizeof cmd,
             "sqlite3 %s/previous-*-me/league.db 'SELECT count(*) FROM games' | grep -qvx 0",
             tp.out);
    ck_assert_int_eq(system(cmd), 0); /* and it holds games */
    cleanup();
}
END_TEST

START_TEST(a_retired_bot_keeps_its_games_and_is_no_longer_scheduled)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    /* a word the shell expands (to nothing here) is said not copied */
    char *play[] = {ARENA,
                    "--bot",
                    "f=" FIRST,
                    "--bot",
                    "r=" RANDOM " -s {seed} $LOA_NO_VAR",
                    "--bot",
                    "g=" GREEDY " -s {seed}",
                    "--games",
                    "4",
                    "-q",
                    "--out",
                    tp.out,
                    NULL};
    ck_assert_int_eq(run(play, tp.o, tp.e, 60000), 0);
    char *t = slurp(tp.o);
    ck_assert_msg(strstr(t, "('$LOA_NO_VAR' cannot be copied: the shell expands it)"), "%s", t);
    free(t);
    char *retire[] = {ARENA, "--retire", "r", "--out", tp.out, NULL};
    ck_assert_int_eq(run(retire, tp.o, tp.e, 60000), 0);
    t = slurp(tp.o);
    ck_assert_msg(strstr(t, "Retired bot 'r'") && strstr(t, "12 of 12 games"), "%s", t);
    free(t);
    char *more[] = {ARENA, "--out", tp.out, "--games", "10", "-q", NULL};
    ck_assert_int_eq(run(more, tp.o, tp.e, 60000), 0);
    ck_assert_int_eq(league_games_of(tp.out, "r"), 8);  /* its games kept, none more */
    ck_assert_int_eq(league_games_of(tp.out, "g"), 14); /* 4 against r, 10 against f */
    char *st[] = {ARENA, "--standings", tp.out, NULL};
    ck_assert_int_eq(run(st, tp.o, tp.e, 60000), 0);
    t = slurp(tp.o);
    ck_assert_msg(strstr(t, "18 of 18 games"), "%s", t);
    int marked = 0; /* one row, r's, ends with "retired" */
    for (char *line = t; (line = strstr(line, "  retired\n")); line++)
        marked++;
    ck_assert_msg(marked == 1, "%s", t);
    free(t);
    char path[400];
    snprintf(path, sizeof path, "%s/standings.json", tp.out);
    cJSON *j = read_json(path);
    ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(bot_entry(j, "r"), "retired")));
    ck_assert(cJSON_IsFalse(cJSON_GetObjectItem(bot_entry(j, "g"), "retired")));
    cJSON_Delete(j);
    /* retiring an unknown bot: refused, nothing asked */
    char *bad[] = {ARENA, "--retire", "zz", "--out", tp.out, NULL};
    ck_assert_int_eq(run(bad, tp.o, tp.e, 60000), 2);
    t = slurp(tp.e);
    ck_assert_msg(strstr(t, "no bot 'zz'"), "%s", t);
    free(t);
    cleanup();
}
END_TEST

/* A bot retired while its games run: those games end, are kept and
 * counted (never "game 5 of 4"). The slow bot answers each turn after
 * 60 ms: its games last seconds, the others' milliseconds. A turn has
 * 1000 ms: at 150 ms a loaded machine (load 10) can make those answers
 * late, x's games end in milliseconds, and all of them were played before
 * the retirement came (of_x == 8, seen once). */
START_TEST(a_bot_retired_while_its_games_run_keeps_them_counted)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    test_io io2 = io_in(dir, "retire");
    char *league[] = {ARENA,   "--bot",         "a=" FIRST, "--bot", "b=" RANDOM " -s {seed}",
                      "--bot", "x=" SLOW " 60", "--games",  "4",     "-c",
                      "2",     "--turn-ms",     "1000",     "--out", tp.out,
                      NULL};
    pid_t arena = spawn(league, tp.o, tp.e);
    wait_stored(tp.out, 4); /* a-b's games, the first pairing: then two of x's */
    sleep_ms(300);
    char *retire[] = {ARENA, "--retire", "x", "--out", tp.out, NULL};
    ck_assert_int_eq(run(retire, io2.o, io2.e, 60000), 0);
    char *t = slurp(io2.o);
    ck_assert_msg(strstr(t, "Handed 1 change"), "%s", t);
    free(t);
    ck_assert_int_eq(wait_for(arena, 120000), 0);
    long stored = league_sql(tp.out, "SELECT count(*) FROM games"),
         of_x = league_games_of(tp.out, "x");
    ck_assert_int_ge(of_x, 1); /* in flight at the retirement, kept */
    ck_assert_int_lt(of_x, 8);
    t = slurp(tp.o);
    char want[120];
    snprintf(want, sizeof want, "game %ld/%ld ", stored, stored); /* the last line */
    ck_assert_msg(strstr(t, want), "%s", t);
    snprintf(want, sizeof want, "%ld of %ld games", stored, stored);
    ck_assert_msg(strstr(t, want), "%s", t);
    free(t);
    t = slurp(tp.e);
    ck_assert_msg(strstr(t, "Retired bot 'x'") && !strstr(t, "games played; run the same"), "%s",
                  t);
    free(t);
    cleanup();
}
END_TEST

START_TEST(a_bot_run_after_a_cd_is_fingerprinted_or_said_not_to_be)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char sub[300], bot[300];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    ck_assert_int_eq(mkdir(sub, 0755), 0);
    snprintf(bot, sizeof bot, "%s/sub/bot", dir);
    copy_file(FIRST, bot);
    char arg[400];
    snprintf(arg, sizeof arg, "c=cd '%s' && ./bot", sub);
    char *play[] = {ARENA,     "--bot", arg,  "--bot",         "r=" RANDOM " -s {seed}",
                    "--games", "2",     "-q", "--no-snapshot", "--out",
                    tp.out,    NULL};
    ck_assert_int_eq(run(play, tp.o, tp.e, 60000), 0);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "%s/bots", tp.out);
    ck_assert_int_ne(access(cmd, F_OK), 0); /* --no-snapshot: nothing copied, ./bot runs */
    snprintf(cmd, sizeof cmd, "printf x >> '%s'", bot);
    ck_assert_int_eq(system(cmd), 0);
    ck_assert_int_eq(run(play, tp.o, tp.e, 60000), 2);
    char *t = slurp(tp.e);
    ck_assert_msg(strstr(t, "bot 'c' changed") && strstr(t, "(./bot changed)"), "%s", t);
    free(t);
    /* through a variable: nothing to fingerprint, said loudly */
    char out2[300];
    snprintf(out2, sizeof out2, "%s/res2", dir);
    setenv("LOA_TEST_SUB", sub, 1);
    char *var[] = {ARENA,
                   "--bot",
                   "v=cd \"$LOA_TEST_SUB\" && ./bot",
                   "--bot",
                   "r=" RANDOM " -s {seed}",
                   "--games",
                   "2",
                   "-q",
                   "--out",
                   out2,
                   NULL};
    ck_assert_int_eq(run(var, tp.o, tp.e, 60000), 0);
    t = slurp(tp.e);
    ck_assert_msg(strstr(t, "bot 'v': no file of its command could be fingerprinted"), "%s", t);
    free(t);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"a_bot_added_while_the_league_runs_is_handed_to_the_arena",
         a_bot_added_while_the_league_runs_is_handed_to_the_arena, 300},
        {"a_bot_added_while_the_league_runs_is_named_in_its_warnings",
         a_bot_added_while_the_league_runs_is_named_in_its_warnings, 300},
        {"a_snapshot_outlives_a_rebuild_and_a_replaced_bot_replays_its_pairings",
         a_snapshot_outlives_a_rebuild_and_a_replaced_bot_replays_its_pairings, 180},
        {"a_bot_replaced_while_the_league_runs_keeps_no_game_of_its_old_build",
         a_bot_replaced_while_the_league_runs_keeps_no_game_of_its_old_build, 300},
        {"a_retired_bot_keeps_its_games_and_is_no_longer_scheduled",
         a_retired_bot_keeps_its_games_and_is_no_longer_scheduled, 180},
        {"a_bot_retired_while_its_games_run_keeps_them_counted",
         a_bot_retired_while_its_games_run_keeps_them_counted, 180},
        {"a_bot_run_after_a_cd_is_fingerprinted_or_said_not_to_be",
         a_bot_run_after_a_cd_is_fingerprinted_or_said_not_to_be, 180},
    };
    return loa_run_suite("arena_league_live", cases, LOA_COUNT(cases));
}
