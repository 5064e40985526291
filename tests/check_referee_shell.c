/*
 * check_referee_shell.c - how a bot command is run (referee/src/shellcmd.c):
 * `exec` inserted only where it keeps the command's meaning, and the plain
 * commands spawned without the shell split exactly as the shell would.
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "shellcmd.h"

static void assert_exec_form(const char *cmd, const char *want)
{
    char *got = ref_shell_exec_form(cmd);
    ck_assert_ptr_nonnull(got);
    ck_assert_msg(strcmp(got, want) == 0, "'%s' -> '%s', expected '%s'", cmd, got, want);
    free(got);
}

START_TEST(simple_commands_are_execed_others_run_as_written)
{
    /* one program and its arguments, quoted or not */
    assert_exec_form("./bot", "exec ./bot");
    assert_exec_form("  python3 bot.py --depth 3", "  exec python3 bot.py --depth 3");
    assert_exec_form("java -cp 'my dir' Player", "exec java -cp 'my dir' Player");
    assert_exec_form("./say \"a; b\" 'c | d'", "exec ./say \"a; b\" 'c | d'");
    assert_exec_form("./bot 2>/dev/null", "exec ./bot 2>/dev/null");
    assert_exec_form("$HOME/bot", "exec $HOME/bot");
    /* assignments stay in front (exec exports them to the program) */
    assert_exec_form("A=1 B='x y' ./bot", "A=1 B='x y' exec ./bot");
    /* compound commands, substitutions, built-ins, keywords: untouched */
    static const char *const keep[] = {"cd dir && ./bot",
                                       "./a; ./b",
                                       "./a | ./b",
                                       "./bot &",
                                       "(./bot)",
                                       "{ ./bot; }",
                                       "exec ./bot",
                                       "A=1 exec ./bot",
                                       "export A=1",
                                       "if true; then ./bot; fi",
                                       "./bot `x`",
                                       "./bot $(x)",
                                       "./bot \"$(x)\"",
                                       "2>/dev/null ./bot",
                                       "A=1",
                                       "",
                                       "   ",
                                       "./bot 'unbalanced",
                                       "./a\n./b",
                                       "# comment",
                                       "cd /",
                                       ". ./env"};
    for (size_t i = 0; i < LOA_COUNT(keep); i++) {
        ck_assert_msg(ref_shell_exec_offset(keep[i]) == -1, "'%s' was rewritten", keep[i]);
        assert_exec_form(keep[i], keep[i]);
    }
}
END_TEST

/* The words of a plain command, as execvp would get them from the shell. */
static void assert_plain(const char *cmd, int n, const char *const *want)
{
    char buf[256], *argv[8];
    int got = ref_shell_plain_argv(cmd, buf, sizeof buf, argv, 8);
    ck_assert_msg(got == n, "'%s': %d words, expected %d", cmd, got, n);
    for (int i = 0; i < n; i++)
        ck_assert_str_eq(argv[i], want[i]);
    if (n)
        ck_assert_ptr_null(argv[n]);
}

START_TEST(plain_commands_split_as_the_shell_would)
{
    assert_plain("./bot", 1, (const char *const[]){"./bot"});
    assert_plain("  /usr/bin/python3   bot.py --depth=3 -x ", 4,
                 (const char *const[]){"/usr/bin/python3", "bot.py", "--depth=3", "-x"});
    assert_plain("loa-ab\t-t 50", 3, (const char *const[]){"loa-ab", "-t", "50"}); /* a tab */
    assert_plain("loa-ab\\ 50", 0, NULL); /* a backslash: the shell's business */
    assert_plain("a,b:c@d%e+f", 1, (const char *const[]){"a,b:c@d%e+f"});
    /* anything the shell would change or refuse: through the shell */
    static const char *const shell[] = {"A=1 ./bot",
                                        "./bot 'x y'",
                                        "./bot \"x\"",
                                        "$HOME/bot",
                                        "./bot *",
                                        "./bot ?",
                                        "~/bot",
                                        "./bot > out",
                                        "./bot 2>/dev/null",
                                        "./a; ./b",
                                        "./a | ./b",
                                        "./bot &",
                                        "cd dir",
                                        "exec ./bot",
                                        "export",
                                        "./bot [ab]",
                                        "./bot #x",
                                        "./bot {a,b}",
                                        "",
                                        "   ",
                                        "./bot\n",
                                        "./bot `x`",
                                        "."};
    for (size_t i = 0; i < LOA_COUNT(shell); i++)
        assert_plain(shell[i], 0, NULL);
    /* too many words for argv, or for buf: through the shell */
    assert_plain("a b c d e f g h i", 0, NULL);
    char big[300];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    assert_plain(big, 0, NULL);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"simple_commands_are_execed_others_run_as_written",
         simple_commands_are_execed_others_run_as_written, 10},
        {"plain_commands_split_as_the_shell_would", plain_commands_split_as_the_shell_would, 10},
    };
    return loa_run_suite("referee_shell", cases, LOA_COUNT(cases));
}
