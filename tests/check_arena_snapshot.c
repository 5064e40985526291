/*
 * check_arena_snapshot.c - a bot's copy in its league's directory
 * (store/snapshot): the files its command names (a program by its path,
 * the files its arguments name, after a cd) copied into DIR/bots/NAME/ with
 * their modes, the command rewritten to run the copy and nothing else; a
 * PATH program, an option and an expanded word left alone; a command with
 * nothing to copy left as it is; a second version of a bot in NAME-2;
 * names that are no directory names made safe; the copies of one directory
 * brought into another (a merge); a killed copy's leftovers swept.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena_test_util.h"
#include "check_main.h"
#include "core/error.h"
#include "store/snapshot.h"

static char g_league[300];

/* dir/name written with text and mode. */
static void put(const char *dir, const char *name, const char *text, int mode)
{
    char path[400];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    write_text(path, text);
    chmod(path, (mode_t)mode);
}

/* A bot named name running command in cwd, snapshotted into g_league. */
static char *take(const char *name, const char *command, const char *cwd, arena_snapshot_info *info)
{
    arena_settings s;
    arena_settings_init(&s);
    ck_assert_int_eq(arena_settings_add_bot(&s, name, command, cwd, NULL, 0), 0);
    char *out = NULL, err[512] = "";
    ck_assert_msg(arena_snapshot_take(g_league, &s.bots[0], "/opt/bin", cwd, &out, info, err,
                                      sizeof err) == 0,
                  "%s", err);
    arena_settings_clear(&s);
    return out;
}

START_TEST(copies_the_files_a_command_runs_and_rewrites_their_words)
{
    const char *dir = tmpdir();
    snprintf(g_league, sizeof g_league, "%s/league", dir);
    char sub[300];
    snprintf(sub, sizeof sub, "%s/src", dir);
    ck_assert_int_eq(mkdir(sub, 0755), 0);
    put(sub, "bot", "#!/bin/sh\necho bot\n", 0755);
    put(sub, "w.txt", "weights\n", 0644);
    arena_snapshot_info info;
    char *cmd = take("me", "cd src && ./bot --depth 3 w.txt {seed} $X", dir, &info);
    ck_assert_ptr_nonnull(cmd);
    ck_assert_str_eq(cmd, "cd src && {out}/bots/me/bot --depth 3 {out}/bots/me/w.txt {seed} $X");
    ck_assert_int_eq(info.files, 2);
    ck_assert_str_eq(info.dir, "bots/me");
    ck_assert_str_eq(info.skipped, "$X");
    char path[400];
    struct stat sb;
    snprintf(path, sizeof path, "%s/bots/me/bot", g_league);
    ck_assert_int_eq(stat(path, &sb), 0);
    ck_assert_int_eq(sb.st_mode & 0777, 0755); /* still a program */
    ck_assert_str_eq(read_text(path), "#!/bin/sh\necho bot\n");
    free(cmd);
    /* rebuilt: the copy is what it was */
    put(sub, "bot", "#!/bin/sh\necho rebuilt\n", 0755);
    ck_assert_str_eq(read_text(path), "#!/bin/sh\necho bot\n");
    /* the next version of the bot: beside the first */
    cmd = take("me", "src/bot", dir, &info);
    ck_assert_str_eq(cmd, "{out}/bots/me-2/bot");
    free(cmd);
    cleanup();
}
END_TEST

START_TEST(a_command_of_path_programs_is_left_as_it_is)
{
    const char *dir = tmpdir();
    snprintf(g_league, sizeof g_league, "%s/league", dir);
    arena_snapshot_info info;
    /* sh from PATH is the system's, not the bot's; the options name no file */
    char *cmd = take("x", "sh -c 'echo 1'", dir, &info);
    ck_assert_ptr_null(cmd);
    ck_assert_int_eq(info.files, 0);
    char path[400];
    snprintf(path, sizeof path, "%s/bots", g_league);
    ck_assert_int_ne(access(path, F_OK), 0); /* nothing made */
    /* {bin} is expanded to find the file ("/opt/bin" has none here) */
    ck_assert_ptr_null(take("y", "{bin}/loa-none", dir, &info));
    cleanup();
}
END_TEST

START_TEST(names_become_safe_directory_names)
{
    const char *dir = tmpdir();
    snprintf(g_league, sizeof g_league, "%s/league", dir);
    put(dir, "b", "x", 0755);
    arena_snapshot_info info;
    char *cmd = take("../v 1/é", "./b", dir, &info);
    ck_assert_ptr_nonnull(cmd);
    ck_assert_msg(strncmp(cmd, "{out}/bots/_.", 13) == 0 && !strstr(cmd + 11, "/.."), "%s", cmd);
    ck_assert_ptr_null(strchr(info.dir + 5, '/'));
    free(cmd);
    cleanup();
}
END_TEST

START_TEST(copies_are_brought_into_another_directory_and_leftovers_swept)
{
    const char *dir = tmpdir();
    snprintf(g_league, sizeof g_league, "%s/league", dir);
    put(dir, "b", "program", 0755);
    arena_snapshot_info info;
    free(take("a", "./b", dir, &info));
    char to[300], path[400], err[256];
    snprintf(to, sizeof to, "%s/merged", dir);
    ck_assert_int_eq(arena_snapshot_copy_all(g_league, to, err, sizeof err), 0);
    snprintf(path, sizeof path, "%s/bots/a/b", to);
    ck_assert_str_eq(read_text(path), "program");
    /* again: what is there stays */
    ck_assert_int_eq(arena_snapshot_copy_all(g_league, to, err, sizeof err), 0);
    /* a copy cut by a kill (its process gone: no such pid) is swept */
    snprintf(path, sizeof path, "%s/bots/.tmp-999999999-x", g_league);
    ck_assert_int_eq(mkdir(path, 0755), 0);
    arena_snapshot_sweep(g_league);
    ck_assert_int_ne(access(path, F_OK), 0);
    snprintf(path, sizeof path, "%s/bots/a/b", g_league);
    ck_assert_int_eq(access(path, F_OK), 0);
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"copies_the_files_a_command_runs_and_rewrites_their_words",
         copies_the_files_a_command_runs_and_rewrites_their_words, 20},
        {"a_command_of_path_programs_is_left_as_it_is", a_command_of_path_programs_is_left_as_it_is,
         20},
        {"names_become_safe_directory_names", names_become_safe_directory_names, 20},
        {"copies_are_brought_into_another_directory_and_leftovers_swept",
         copies_are_brought_into_another_directory_and_leftovers_swept, 20},
    };
    return loa_run_suite("arena_snapshot", cases, LOA_COUNT(cases));
}
