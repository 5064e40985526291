/*
 * check_arena_options.c - the command line (arena_cli.c): flags override the league file,
 * bad options give one-line messages.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena_cli.h"
#include "arena_error.h"
#include "arena_settings.h"
#include "arena_test_util.h"
#include "check_main.h"

START_TEST(test_cli_flags)
{
    const char *dir = tmpdir();
    char path[400], err[512];
    snprintf(path, sizeof path, "%s/l.json", dir);
    write_text(path, "{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": \"b\", "
                     "\"command\": \"y\"}], \"games\": 4, \"seed\": 5}");
    char *argv1[] = {"loa-arena", "--games", "10", "--seed=-3", "-c", "2", "--turn-ms", "77",
                     path, NULL};
    arena_cli cli;
    ck_assert_int_eq(arena_cli_parse(9, argv1, &cli, err, sizeof err), 0);
    ck_assert_int_eq(cli.settings.games, 10);
    ck_assert(cli.settings.seed == -3);
    ck_assert_int_eq(cli.settings.concurrency, 2);
    ck_assert_int_eq(cli.settings.turn_ms, 77);
    ck_assert_int_eq(cli.settings.bot_count, 2);
    char want[420];
    snprintf(want, sizeof want, "%s/l-results", dir);
    ck_assert_str_eq(cli.settings.out_dir, want);
    arena_cli_clear(&cli);

    char *argv2[] = {"loa-arena", "--bot", "x=./x", "--bot", "y=./y arg", "--gauntlet-bot", "y",
                     NULL};
    ck_assert_int_eq(arena_cli_parse(7, argv2, &cli, err, sizeof err), 0);
    ck_assert_int_eq(cli.settings.format, ARENA_FORMAT_GAUNTLET);
    ck_assert_str_eq(cli.settings.bots[1].command, "./y arg");
    /* flags only: a directory derived from the league's identity */
    char derived[64];
    snprintf(derived, sizeof derived, "%s", cli.settings.out_dir);
    ck_assert_int_eq(strlen(derived), strlen("arena-results/") + 12);
    ck_assert_int_eq(strncmp(derived, "arena-results/", 14), 0);
    ck_assert_int_eq(strspn(derived + 14, "0123456789abcdef"), 12);
    ck_assert(cli.out_derived);
    ck_assert(!cli.keep_going);
    arena_cli_clear(&cli);
    /* the same league with more games, another anchor, --keep-going: the
     * same directory */
    char *argv3[] = {"loa-arena", "--bot", "x=./x", "--bot", "y=./y arg", "--gauntlet-bot", "y",
                     "--games", "20", "--anchor", "x", "--keep-going", NULL};
    ck_assert_int_eq(arena_cli_parse(12, argv3, &cli, err, sizeof err), 0);
    ck_assert_str_eq(cli.settings.out_dir, derived);
    ck_assert(cli.keep_going);
    arena_cli_clear(&cli);
    /* another seed, another command or another limit: another league */
    static const char *const other[][2] = {{"--seed", "2"}, {"--turn-ms", "100"},
                                           {"--max-plies", "99"}, {"--format", "round-robin"}};
    for (size_t i = 0; i < LOA_COUNT(other); i++) {
        char *argv4[] = {"loa-arena", "--bot", "x=./x", "--bot", "y=./y arg", "--gauntlet-bot",
                         "y", (char *)other[i][0], (char *)other[i][1], NULL};
        ck_assert_int_eq(arena_cli_parse(9, argv4, &cli, err, sizeof err), 0);
        ck_assert_msg(strcmp(cli.settings.out_dir, derived) != 0, "%s: same directory",
                      other[i][0]);
        arena_cli_clear(&cli);
    }
    char *argv5[] = {"loa-arena", "--bot", "x=./x", "--bot", "y=./y", "--gauntlet-bot", "y",
                     NULL};
    ck_assert_int_eq(arena_cli_parse(7, argv5, &cli, err, sizeof err), 0);
    ck_assert_str_ne(cli.settings.out_dir, derived);
    arena_cli_clear(&cli);
    /* --out wins, and is not derived */
    char *argv6[] = {"loa-arena", "--bot", "x=./x", "--bot", "y=./y", "-o", "mine", NULL};
    ck_assert_int_eq(arena_cli_parse(7, argv6, &cli, err, sizeof err), 0);
    ck_assert_str_eq(cli.settings.out_dir, "mine");
    ck_assert(!cli.out_derived);
    arena_cli_clear(&cli);

    static const struct {
        const char *args[6];
        const char *needle;
    } bad[] = {
        {{"--bot", "x=", "--bot", "y=./y"}, "missing bot command"},
        {{"--bot", "x", "--bot", "y=./y"}, "NAME=COMMAND"},
        {{"--bot", "x=./x", "--bot", "x=./y"}, "duplicate bot name 'x'"},
        {{"--bot", "x=./x"}, "at least two bots"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--games", "ten"}, "--games: 'ten'"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--games", "5"}, "even"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--seed", "1.5"}, "--seed"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--frobnicate"}, "unknown option"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--games"}, "needs a value"},
        {{"/nonexistent/league.json"}, "cannot read the league file"},
        {{"a.json", "b.json"}, "more than one league file"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *argv[8] = {"loa-arena"};
        int argc = 1;
        for (int k = 0; k < 6 && bad[i].args[k]; k++)
            argv[argc++] = (char *)bad[i].args[k];
        argv[argc] = NULL;
        int rc = arena_cli_parse(argc, argv, &cli, err, sizeof err);
        if (rc == 0 || !strstr(err, bad[i].needle))
            ck_abort_msg("case %zu: rc %d, message '%s', expected '%s'", i, rc, err,
                         bad[i].needle);
        arena_cli_clear(&cli);
    }
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"flags_override_the_league_file", test_cli_flags, 30},
    };
    return loa_run_suite("arena_options", cases, LOA_COUNT(cases));
}
