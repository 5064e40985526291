/*
 * check_arena_cli.c - the command line (app/cli.c): flags override the league file,
 * bad options give one-line messages.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/cli.h"
#include "arena_test_util.h"
#include "check_main.h"
#include "core/error.h"
#include "league/settings.h"

/* The league file's settings, flags over them; the league file's
 * directory beside it. */
static void flags_override_the_league_file(const char *dir)
{
    char path[400], err[512];
    snprintf(path, sizeof path, "%s/l.json", dir);
    write_text(path, "{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": \"b\", "
                     "\"command\": \"y\"}], \"games\": 4, \"seed\": 5}");
    char *argv1[] = {"loa-arena", "--games",   "10", "--seed=-3", "-c",
                     "2",         "--turn-ms", "77", path,        NULL};
    arena_request cli;
    ck_assert_int_eq(arena_cli_parse(9, argv1, &cli, err, sizeof err), 0);
    ck_assert_int_eq(cli.settings.games, 10);
    ck_assert(cli.settings.seed == -3);
    ck_assert_int_eq(cli.settings.concurrency, 2);
    ck_assert_int_eq(cli.settings.limits.turn_ms, 77);
    ck_assert_int_eq(cli.settings.bot_count, 2);
    char want[420];
    snprintf(want, sizeof want, "%s/l-results", dir);
    ck_assert_str_eq(cli.settings.out_dir, want);
    arena_cli_clear(&cli);
}

/* Flags alone: a directory derived from the league's identity, the same
 * for the same league, another for another; --out wins. */
static void flags_alone_derive_the_directory(void)
{
    arena_request cli;
    char err[512];
    char *argv2[] = {"loa-arena", "--bot",          "x=./x", "--bot",
                     "y=./y arg", "--gauntlet-bot", "y",     NULL};
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
    char *argv3[] = {"loa-arena", "--bot",   "x=./x", "--bot",    "y=./y arg", "--gauntlet-bot",
                     "y",         "--games", "20",    "--anchor", "x",         "--keep-going",
                     NULL};
    ck_assert_int_eq(arena_cli_parse(12, argv3, &cli, err, sizeof err), 0);
    ck_assert_str_eq(cli.settings.out_dir, derived);
    ck_assert(cli.keep_going);
    arena_cli_clear(&cli);
    /* another seed, another command or another limit: another league */
    static const char *const other[][2] = {{"--seed", "2"},
                                           {"--turn-ms", "100"},
                                           {"--max-plies", "99"},
                                           {"--format", "round-robin"}};
    for (size_t i = 0; i < LOA_COUNT(other); i++) {
        char *argv4[] = {"loa-arena",
                         "--bot",
                         "x=./x",
                         "--bot",
                         "y=./y arg",
                         "--gauntlet-bot",
                         "y",
                         (char *)other[i][0],
                         (char *)other[i][1],
                         NULL};
        ck_assert_int_eq(arena_cli_parse(9, argv4, &cli, err, sizeof err), 0);
        ck_assert_msg(strcmp(cli.settings.out_dir, derived) != 0, "%s: same directory",
                      other[i][0]);
        arena_cli_clear(&cli);
    }
    char *argv5[] = {"loa-arena", "--bot", "x=./x", "--bot", "y=./y", "--gauntlet-bot", "y", NULL};
    ck_assert_int_eq(arena_cli_parse(7, argv5, &cli, err, sizeof err), 0);
    ck_assert_str_ne(cli.settings.out_dir, derived);
    arena_cli_clear(&cli);
    /* --out wins, and is not derived */
    char *argv6[] = {"loa-arena", "--bot", "x=./x", "--bot", "y=./y", "-o", "mine", NULL};
    ck_assert_int_eq(arena_cli_parse(7, argv6, &cli, err, sizeof err), 0);
    ck_assert_str_eq(cli.settings.out_dir, "mine");
    ck_assert(!cli.out_derived);
    arena_cli_clear(&cli);
}

/* Bad command lines: refused, each with its message. */
static void bad_flags_give_one_line_messages(void)
{
    arena_request cli;
    char err[512];
    static const struct {
        const char *args[6];
        const char *needle;
    } bad[] = {
        {{"--bot", "x=", "--bot", "y=./y"}, "missing bot command"},
        {{"--bot", "x", "--bot", "y=./y"}, "NAME=COMMAND"},
        {{"--bot", "x=./x", "--bot", "x=./y"}, "duplicate bot name 'x'"},
        {{"--bot", "x=./x"}, "at least two bots"},
        /* a mistyped league directory: no league there, not "0 bots" */
        {{"--out", "/nonexistent/league-dir"},
         "/nonexistent/league-dir holds no league (no /nonexistent/league-dir/league.json)"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--games", "ten"}, "--games: 'ten'"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--games", "5"}, "even"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--seed", "1.5"}, "--seed"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--frobnicate"}, "unknown option"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--games"}, "needs a value"},
        {{"/nonexistent/league.json"}, "cannot read the league file"},
        {{"a.json", "b.json"}, "more than one league file"},
        /* a change's bot judged as --bot's, named after its own option */
        {{"--add-bot", "x", "--out", "d"}, "--add-bot 'x': expected NAME=COMMAND"},
        {{"--replace-bot", "x", "--out", "d"}, "--replace-bot 'x': expected NAME=COMMAND"},
        {{"--add-bot", "=./x", "--out", "d"}, "--add-bot '=./x': the bot name is empty"},
        {{"--replace-bot", "=./x", "--out", "d"}, "--replace-bot '=./x': the bot name is empty"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *argv[8] = {"loa-arena"};
        int argc = 1;
        for (int k = 0; k < 6 && bad[i].args[k]; k++)
            argv[argc++] = (char *)bad[i].args[k];
        argv[argc] = NULL;
        int rc = arena_cli_parse(argc, argv, &cli, err, sizeof err);
        if (rc == 0 || !strstr(err, bad[i].needle))
            ck_abort_msg("case %zu: rc %d, message '%s', expected '%s'", i, rc, err, bad[i].needle);
        arena_cli_clear(&cli);
    }
}

START_TEST(test_cli_flags)
{
    const char *dir = tmpdir();
    flags_override_the_league_file(dir);
    flags_alone_derive_the_directory();
    bad_flags_give_one_line_messages();
    cleanup();
}
END_TEST

START_TEST(test_sprt_words)
{
    arena_request cli;
    char err[512];
    /* fastchess's words after one option, then a league file: the file
     * is not taken for a word */
    const char *dir = tmpdir();
    char path[400];
    snprintf(path, sizeof path, "%s/l.json", dir);
    write_text(path, "{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": \"b\", "
                     "\"command\": \"y\"}]}");
    char *argv1[] = {"loa-arena", "--sprt",         "elo0=0", "elo1=10", "alpha=0.05",
                     "beta=0.1",  "model=logistic", path,     NULL};
    ck_assert_msg(arena_cli_parse(8, argv1, &cli, err, sizeof err) == 0, "%s", err);
    ck_assert(cli.settings.sprt);
    ck_assert(cli.settings.sprt_params.elo1 == 10 && cli.settings.sprt_params.beta == 0.1);
    ck_assert_int_eq(cli.settings.sprt_params.model, ARENA_SPRT_LOGISTIC);
    ck_assert_ptr_nonnull(cli.league_file);
    /* no --games: the SPRT's maximum */
    ck_assert_int_eq(cli.settings.games, ARENA_SPRT_GAMES_DEFAULT);
    arena_cli_clear(&cli);
    /* -sprt (fastchess's spelling), --sprt=..., one quoted word; --games
     * is the maximum */
    char *argv2[] = {"loa-arena", "--bot", "x=./x",   "-sprt", "elo0=-5", "elo1=5",
                     "--bot",     "y=./y", "--games", "40",    NULL};
    ck_assert_msg(arena_cli_parse(10, argv2, &cli, err, sizeof err) == 0, "%s", err);
    ck_assert(cli.settings.sprt && cli.settings.sprt_params.elo0 == -5);
    ck_assert_int_eq(cli.settings.games, 40);
    ck_assert_int_eq(cli.settings.bot_count, 2);
    arena_cli_clear(&cli);
    char *argv3[] = {
        "loa-arena",         "--bot", "x=./x", "--bot", "y=./y", "--sprt=elo0=0 elo1=3",
        "--rating-interval", "8",     NULL};
    ck_assert_msg(arena_cli_parse(8, argv3, &cli, err, sizeof err) == 0, "%s", err);
    ck_assert(cli.settings.sprt && cli.settings.sprt_params.elo1 == 3);
    ck_assert_int_eq(cli.settings.rating_interval, 8);
    arena_cli_clear(&cli);

    static const struct {
        const char *args[8];
        const char *needle;
    } bad[] = {
        {{"--bot", "x=./x", "--bot", "y=./y", "--sprt", "elo0=0", "gamma=1"},
         "--sprt: unknown parameter 'gamma'"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--sprt", "elo0=3", "elo1=1"},
         "--sprt: elo0 must be below elo1"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--sprt", "elo0=0", "elo1=5", "beta=-1"},
         "beta=-1 is out of range"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--bot", "z=./z", "--sprt", "elo0=0 elo1=5"},
         "an SPRT tests one bot against one other: 3 bots"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--sprt"}, "elo0 and elo1 are required"},
        {{"--bot", "x=./x", "--bot", "y=./y", "--rating-interval", "-2"}, "--rating-interval"},
    };
    for (size_t i = 0; i < LOA_COUNT(bad); i++) {
        char *argv[12] = {"loa-arena"};
        int argc = 1;
        for (int k = 0; k < 8 && bad[i].args[k]; k++)
            argv[argc++] = (char *)bad[i].args[k];
        argv[argc] = NULL;
        int rc = arena_cli_parse(argc, argv, &cli, err, sizeof err);
        if (rc != ARENA_E_CONFIG || !strstr(err, bad[i].needle))
            ck_abort_msg("case %zu: rc %d, message '%s', expected '%s'", i, rc, err, bad[i].needle);
        arena_cli_clear(&cli);
    }
    cleanup();
}
END_TEST

/* Issue 24, defect 14: a single-dash word is never split into short
 * options (-openings was -o penings: a league played into ./penings;
 * -games 4 made "4" a league file): fastchess's and cutechess's words are
 * taken, or refused with their loa-arena equivalent. */
/* fastchess's and cutechess's words taken as their loa-arena settings
 * (dir: the test's directory, with an openings file). */
static void takes_fastchess_words(const char *dir)
{
    arena_request cli;
    char err[512];
    char book[400], file_word[420], out[400];
    snprintf(book, sizeof book, "%s/book.txt", dir);
    snprintf(file_word, sizeof file_word, "file=%s", book);
    snprintf(out, sizeof out, "%s/res", dir);
    write_text(book, "b1d3 a2c2\n");
    char *argv1[] = {"loa-arena",
                     "-engine",
                     "cmd=./new",
                     "name=new",
                     "args=-d 3",
                     "-engine",
                     "cmd=/opt/old",
                     "-rounds",
                     "10",
                     "-games",
                     "2",
                     "-concurrency",
                     "3",
                     "-openings",
                     file_word,
                     "order=random",
                     "-repeat",
                     "-srand",
                     "7",
                     "-tournament",
                     "gauntlet",
                     "-ratinginterval",
                     "5",
                     "--out",
                     out,
                     NULL};
    ck_assert_msg(arena_cli_parse(25, argv1, &cli, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(cli.settings.bot_count, 2);
    ck_assert_str_eq(cli.settings.bots[0].name, "new");
    ck_assert_str_eq(cli.settings.bots[0].command, "./new -d 3");
    ck_assert_str_eq(cli.settings.bots[1].name, "old"); /* named after its file */
    ck_assert_str_eq(cli.settings.bots[1].command, "/opt/old");
    ck_assert_int_eq(cli.settings.games, 20); /* fastchess: rounds x games */
    ck_assert_int_eq(cli.settings.concurrency, 3);
    ck_assert_str_eq(cli.settings.openings_file, book);
    ck_assert_int_eq(cli.settings.openings_random, 1);
    ck_assert(cli.settings.seed == 7);
    ck_assert_int_eq(cli.settings.format, ARENA_FORMAT_GAUNTLET);
    ck_assert_int_eq(cli.settings.rating_interval, 5);
    arena_cli_clear(&cli);
    /* a value is never a word; -games alone is fastchess's 2 rounds of it */
    char *argv2[] = {"loa-arena", "--bot", "a=x", "--bot", "b=y", "--out", "-openings", NULL};
    ck_assert_msg(arena_cli_parse(7, argv2, &cli, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(cli.settings.out_dir, "-openings");
    arena_cli_clear(&cli);
    /* fastchess's and cutechess's other words with an equivalent */
    char *argv5[] = {"loa-arena",
                     "--bot",
                     "a=x",
                     "--bot",
                     "b=y",
                     "-use-affinity",
                     "-scoreinterval",
                     "7",
                     "-force-concurrency",
                     NULL};
    ck_assert_msg(arena_cli_parse(9, argv5, &cli, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(cli.settings.affinity, 1);
    ck_assert_int_eq(cli.settings.rating_interval, 7);
    arena_cli_clear(&cli);
    char *argv4[] = {"loa-arena", "-qh", NULL}; /* a cluster of value-less flags */
    ck_assert_msg(arena_cli_parse(2, argv4, &cli, err, sizeof err) == 0, "%s", err);
    ck_assert(cli.quiet && cli.help);
    arena_cli_clear(&cli);
    char *argv3[] = {"loa-arena", "--bot", "a=x", "--bot", "b=y", "-games", "4", NULL};
    ck_assert_msg(arena_cli_parse(7, argv3, &cli, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(cli.settings.games, 8);
    ck_assert_ptr_null(cli.league_file);
    arena_cli_clear(&cli);
}

/* The words without an equivalent here, and unknown ones: refused, each
 * naming what to write instead. */
static void refuses_fastchess_words_without_equivalent(void)
{
    arena_request cli;
    char err[512];
    static const struct {
        const char *args[4];
        const char *needle;
    } bad[] = {
        {{"-openings"}, "-openings needs file=FILE: --openings FILE"},
        {{"-openings", "file=x.epd", "format=epd"}, "not EPD or PGN"},
        {{"-openings", "file=x", "plies=8"}, "-openings plies=: no such setting"},
        {{"-each", "tc=10+0.1"}, "-each: not here: the limits are CodinGame's (--turn-ms"},
        {{"-engine", "cmd=x", "tc=1+0"}, "-engine tc=: no such setting here"},
        {{"-engine", "cmd=x", "dir=/tmp"}, "\"cwd\""},
        {{"-engine", "name=x"}, "-engine needs cmd=COMMAND"},
        {{"-pgnout", "games.pgn"}, "-pgnout: not here: every game is kept"},
        {{"-recover"}, "--keep-going"},
        {{"-noswap"}, "-noswap: not here: every opening is played twice, colours swapped"},
        {{"-tb", "/syzygy"}, "LOA has no tablebases"},
        {{"-autosaveinterval", "10"}, "every game is stored as it ends"},
        {{"-debug"}, "loa-referee -v"},
        {{"-games", "x"}, "-games: 'x' is not an integer"},
        {{"-concurrency"}, "-concurrency needs a value"},
        {{"-tournament", "swiss"}, "gauntlet or round-robin"},
        {{"-ores"},
         "unknown option '-ores' (a single-dash word is read as a fastchess or "
         "cutechess word, never as short options: for -o with a value write -o res"},
        {{"-xyz"}, "unknown option '-xyz' (see --help)"},
    };
    for (size_t i = 0; i < LOA_COUNT(bad); i++) {
        char *argv[12] = {"loa-arena", "--bot", "a=x", "--bot", "b=y"};
        int argc = 5;
        for (int k = 0; k < 4 && bad[i].args[k]; k++)
            argv[argc++] = (char *)bad[i].args[k];
        argv[argc] = NULL;
        int rc = arena_cli_parse(argc, argv, &cli, err, sizeof err);
        if (rc != ARENA_E_CONFIG || !strstr(err, bad[i].needle))
            ck_abort_msg("case %zu: rc %d, message '%s', expected '%s'", i, rc, err, bad[i].needle);
        arena_cli_clear(&cli);
    }
}

START_TEST(reads_fastchess_words_and_never_splits_a_word)
{
    const char *dir = tmpdir();
    takes_fastchess_words(dir);
    refuses_fastchess_words_without_equivalent();
    ck_assert_int_ne(access("penings", F_OK), 0);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"flags_override_the_league_file", test_cli_flags, 30},
        {"takes_fastchess_sprt_words", test_sprt_words, 30},
        {"reads_fastchess_words_and_never_splits_a_word",
         reads_fastchess_words_and_never_splits_a_word, 30},
    };
    return loa_run_suite("arena_cli", cases, LOA_COUNT(cases));
}
