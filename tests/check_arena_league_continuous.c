/*
 * check_arena_league_continuous.c - a league that grows over time, end to
 * end with loa-arena as a child process and bots whose play depends only
 * on the game's seed: the original league file resumes a league that
 * gained bots and games (one openings file named two ways is one league);
 * continuous mode plays until stopped, a new bot's pairings first, with
 * interim standings, and resumes. The league across versions while it runs
 * is check_arena_league_live.c's.
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
#define OPENINGS LOA_SOURCE_DIR "/arena/openings/4ply-balanced.txt"

START_TEST(the_league_file_resumes_its_league_grown_and_paths_are_canonical)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    char file[300], text[1500], sub[300], link[300];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    ck_assert_int_eq(mkdir(sub, 0755), 0);
    snprintf(link, sizeof link, "%s/sub/link.txt", dir);
    ck_assert_int_eq(symlink(OPENINGS, link), 0);
    snprintf(file, sizeof file, "%s/l.json", dir);
    snprintf(text, sizeof text,
             "{\"bots\": [{\"name\": \"f\", \"command\": \"%s\"}, {\"name\": \"r\", "
             "\"command\": \"%s -s {seed}\"}], \"games\": 4, \"openings\": \"%s\", "
             "\"out\": \"res\"}",
             FIRST, RANDOM, OPENINGS);
    write_text(file, text);
    char *play[] = {ARENA, file, "-q", NULL};
    ck_assert_int_eq(run(play, tp.o, tp.e, 60000), 0);
    char *add[] = {ARENA, "--add-bot", "g=" GREEDY " -s {seed}", "--out", tp.out, "-q", NULL};
    ck_assert_int_eq(run(add, tp.o, tp.e, 60000), 0);
    char *more[] = {ARENA, "--out", tp.out, "--games", "6", "-q", NULL};
    ck_assert_int_eq(run(more, tp.o, tp.e, 60000), 0);
    /* the file that started it (2 bots, 4 games) is still its league */
    char *again[] = {ARENA, file, NULL};
    ck_assert_int_eq(run(again, tp.o, tp.e, 60000), 0);
    char *t = slurp(tp.o);
    ck_assert_msg(strstr(t, "3 bots, 6 games per pairing, 18 games (18 done, 0 to play)"), "%s", t);
    free(t);
    t = slurp(tp.e);
    ck_assert_msg(strstr(t, "added since: g") && strstr(t, "more than the 4 asked"), "%s", t);
    free(t);
    /* the openings file named through a link, and with a detour: one league */
    snprintf(text, sizeof text,
             "{\"bots\": [{\"name\": \"f\", \"command\": \"%s\"}, {\"name\": \"r\", "
             "\"command\": \"%s -s {seed}\"}], \"games\": 4, \"openings\": "
             "\"sub/../sub/link.txt\", \"out\": \"./res/\"}",
             FIRST, RANDOM);
    write_text(file, text);
    ck_assert_int_eq(run(again, tp.o, tp.e, 60000), 0);
    t = slurp(tp.o);
    ck_assert_msg(strstr(t, "League "), "%s", t);
    ck_assert_msg(!strstr(t, "./res") && !strstr(t, "res/:"), "%s", t); /* printed tidy */
    free(t);
    cleanup();
}
END_TEST

START_TEST(continuous_mode_plays_until_stopped_a_new_bot_first_and_resumes)
{
    const char *dir = tmpdir();
    test_paths tp = paths_in(dir);
    test_io io2 = io_in(dir, "add");
    char *cont[] = {ARENA,
                    "--bot",
                    "f=" FIRST,
                    "--bot",
                    "r=" RANDOM " -s {seed}",
                    "--continuous",
                    "--rating-interval",
                    "50",
                    "-c",
                    "2",
                    "--out",
                    tp.out,
                    NULL};
    pid_t arena = spawn(cont, tp.o, tp.e);
    wait_stored(tp.out, 120);
    char *add[] = {ARENA, "--add-bot", "g=" GREEDY " -s {seed}", "--out", tp.out, NULL};
    ck_assert_int_eq(run(add, io2.o, io2.e, 60000), 0);
    char *t = slurp(io2.o);
    ck_assert_msg(strstr(t, "Handed 1 change"), "%s", t);
    free(t);
    for (int waited = 0; league_games_of(tp.out, "g") < 70 && waited < 120000; waited += 20)
        sleep_ms(20);
    ck_assert_int_eq(kill(arena, SIGINT), 0);
    ck_assert_int_eq(wait_for(arena, 120000), 0);
    t = slurp(tp.o);
    ck_assert_msg(strstr(t, "continuous: until stopped") && strstr(t, "Stopped: ") &&
                      strstr(t, "games (continuous)"),
                  "%s", t);
    /* interim standings every 50 games, beside the final ones */
    int standings = 0;
    for (char *p = t; (p = strstr(p, "Standings: ")); p++)
        standings++;
    ck_assert_int_ge(standings, 3);
    free(t);
    /* the new bot's pairings came first (2 pairings without a game against
     * one of 120 and more): of the 60 games stored after its first, only
     * those in flight then are not its */
    ck_assert_int_ge(league_sql(tp.out,
                                "SELECT count(*) FROM (SELECT black, white FROM games WHERE "
                                "seq > (SELECT min(seq) FROM games WHERE black = 2 OR white "
                                "= 2) ORDER BY seq LIMIT 60) WHERE black = 2 OR white = 2"),
                     55);
    /* resumed: it plays on */
    long before = league_sql(tp.out, "SELECT count(*) FROM games");
    arena = spawn(cont, tp.o, tp.e);
    wait_stored(tp.out, before + 20);
    ck_assert_int_eq(kill(arena, SIGINT), 0);
    ck_assert_int_eq(wait_for(arena, 120000), 0);
    ck_assert_int_eq(league_sql(tp.out, "SELECT count(*) - count(DISTINCT id) FROM games"), 0);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"the_league_file_resumes_its_league_grown_and_paths_are_canonical",
         the_league_file_resumes_its_league_grown_and_paths_are_canonical, 180},
        {"continuous_mode_plays_until_stopped_a_new_bot_first_and_resumes",
         continuous_mode_plays_until_stopped_a_new_bot_first_and_resumes, 300},
    };
    return loa_run_suite("arena_league_continuous", cases, LOA_COUNT(cases));
}
