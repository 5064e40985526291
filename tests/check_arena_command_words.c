/*
 * check_arena_command_words.c - a bot command split into the shell's words
 * (league/command_words): their bytes in the command (quotes included, so
 * a word can be rewritten in place), their texts unquoted, their roles
 * (program, argument, the directory of a cd, prefixes, operators,
 * redirections) and the words the shell would expand.
 */
#include <check.h>
#include <string.h>

#include "check_main.h"
#include "league/command_words.h"

START_TEST(words_have_their_places_texts_and_roles)
{
    static const char cmd[] = "SEED=1 exec cd 'my dir' && ./bot \"a b\" -d 3 2>log; python3 x\\ y";
    arena_words w;
    ck_assert_int_eq(arena_words_split(cmd, &w), 0);
    static const struct {
        const char *text, *bytes;
        arena_word_role role;
    } want[] = {
        {"SEED=1", "SEED=1", ARENA_WORD_PREFIX}, {"exec", "exec", ARENA_WORD_PREFIX},
        {"cd", "cd", ARENA_WORD_PROGRAM},        {"my dir", "'my dir'", ARENA_WORD_CD},
        {"&&", "&&", ARENA_WORD_OPERATOR},       {"./bot", "./bot", ARENA_WORD_PROGRAM},
        {"a b", "\"a b\"", ARENA_WORD_ARGUMENT}, {"-d", "-d", ARENA_WORD_ARGUMENT},
        {"3", "3", ARENA_WORD_ARGUMENT},         {"2", "2", ARENA_WORD_ARGUMENT},
        {">", ">", ARENA_WORD_REDIRECT},         {"log", "log", ARENA_WORD_REDIRECT},
        {";", ";", ARENA_WORD_OPERATOR},         {"python3", "python3", ARENA_WORD_PROGRAM},
        {"x y", "x\\ y", ARENA_WORD_ARGUMENT},
    };
    ck_assert_int_eq(w.n, (int)LOA_COUNT(want));
    for (int i = 0; i < w.n; i++) {
        ck_assert_str_eq(w.w[i].text, want[i].text);
        ck_assert_int_eq((int)w.w[i].role, (int)want[i].role);
        ck_assert_int_eq((int)(w.w[i].end - w.w[i].start), (int)strlen(want[i].bytes));
        ck_assert_int_eq(strncmp(cmd + w.w[i].start, want[i].bytes, strlen(want[i].bytes)), 0);
        ck_assert_int_eq(w.w[i].expands, 0);
    }
    arena_words_free(&w);
}
END_TEST

START_TEST(words_the_shell_expands_are_marked)
{
    arena_words w;
    ck_assert_int_eq(arena_words_split("$BOT \"$HOME/x\" '$lit' *.py ~/b a?c `x` plain", &w), 0);
    static const int expands[] = {1, 1, 0, 1, 1, 1, 1, 0};
    ck_assert_int_eq(w.n, (int)LOA_COUNT(expands));
    for (int i = 0; i < w.n; i++)
        ck_assert_msg(w.w[i].expands == expands[i], "word %d '%s'", i, w.w[i].text);
    arena_words_free(&w);
    /* an empty command has no words */
    ck_assert_int_eq(arena_words_split("   ", &w), 0);
    ck_assert_int_eq(w.n, 0);
    arena_words_free(&w);
}
END_TEST

/* Hostile commands: an unclosed quote, a trailing backslash, more words
 * than are looked at, operators only. Never a crash, never more than
 * ARENA_WORDS_MAX words, every word's bytes inside the command. */
START_TEST(hostile_commands_are_split_within_bounds)
{
    static char many[4 * 200 + 1];
    for (int i = 0; i < 200; i++)
        memcpy(many + 4 * i, "ab; ", 4);
    const char *cmds[] = {"./bot 'unclosed arg", "./bot \\", "./bot \"x \\\"", many,
                          ";;&&||<>>>&<&()",     "cd",       "cd -P",          "2>&1 >"};
    for (size_t c = 0; c < LOA_COUNT(cmds); c++) {
        arena_words w;
        ck_assert_int_eq(arena_words_split(cmds[c], &w), 0);
        ck_assert_int_le(w.n, ARENA_WORDS_MAX);
        for (int i = 0; i < w.n; i++)
            ck_assert_msg(w.w[i].start < w.w[i].end && w.w[i].end <= strlen(cmds[c]),
                          "command %zu word %d", c, i);
        arena_words_free(&w);
    }
    arena_words w;
    ck_assert_int_eq(arena_words_split(many, &w), 0);
    ck_assert_int_eq(w.n, ARENA_WORDS_MAX);                      /* the rest ignored */
    ck_assert_int_eq((int)w.w[2].role, (int)ARENA_WORD_PROGRAM); /* after ';' */
    arena_words_free(&w);
    /* an unclosed quote runs to the end: one word, its text unquoted */
    ck_assert_int_eq(arena_words_split("./bot 'a b", &w), 0);
    ck_assert_int_eq(w.n, 2);
    ck_assert_str_eq(w.w[1].text, "a b");
    arena_words_free(&w);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"words_have_their_places_texts_and_roles", words_have_their_places_texts_and_roles, 10},
        {"words_the_shell_expands_are_marked", words_the_shell_expands_are_marked, 10},
        {"hostile_commands_are_split_within_bounds", hostile_commands_are_split_within_bounds, 10},
    };
    return loa_run_suite("arena_command_words", cases, LOA_COUNT(cases));
}
