/* check_arena_fingerprint.c - which files a bot command names, their
 * SHA-256, and telling a rebuilt bot from the one a league started with. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_main.h"
#include "core/error.h"
#include "store/fingerprint.h"

/* SHA-256 of "hello\n" and of "hello!\n" (sha256sum). */
#define SHA_HELLO "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03"

static char dir[64];

static void put(const char *name, const char *text, int exec)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    chmod(path, exec ? 0755 : 0644);
}

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/check_fp.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
    put("bot.py", "hello\n", 0);
    put("mybot", "#!/bin/sh\necho hi\n", 1);
}

static const char *hash_of(const cJSON *fp, const char *word)
{
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(fp, word);
    return cJSON_IsString(e) ? e->valuestring : NULL;
}

START_TEST(hashes_the_script_an_interpreter_runs)
{
    setup();
    cJSON *fp = NULL;
    char err[256] = "";
    ck_assert_int_eq(arena_fingerprint_compute_in("python3 -u bot.py --depth 3", dir, NULL, &fp,
                                                  err, sizeof err),
                     0);
    ck_assert_str_eq(hash_of(fp, "bot.py"), SHA_HELLO);
    /* the interpreter itself, found in PATH, is part of the bot too */
    ck_assert_ptr_nonnull(hash_of(fp, "python3"));
    /* options and their values that name no file are not */
    ck_assert_ptr_null(hash_of(fp, "-u"));
    ck_assert_ptr_null(hash_of(fp, "3"));
    cJSON_Delete(fp);
}
END_TEST

START_TEST(resolves_programs_after_operators_and_assignments)
{
    setup();
    cJSON *fp = NULL;
    char err[256] = "";
    ck_assert_int_eq(arena_fingerprint_compute_in("SEED=4 exec ./mybot 'bot.py' && true", dir, NULL,
                                                  &fp, err, sizeof err),
                     0);
    ck_assert_ptr_nonnull(hash_of(fp, "./mybot"));
    ck_assert_str_eq(hash_of(fp, "bot.py"), SHA_HELLO); /* quotes removed */
    ck_assert_ptr_nonnull(hash_of(fp, "true"));         /* a program again after && */
    ck_assert_ptr_null(hash_of(fp, "SEED=4"));
    ck_assert_int_eq(cJSON_GetArraySize(fp), 3);
    cJSON_Delete(fp);
    /* nothing that names a file: an empty fingerprint, not an error */
    ck_assert_int_eq(arena_fingerprint_compute_in("./missing-bot", dir, NULL, &fp, err, sizeof err),
                     0);
    ck_assert_int_eq(cJSON_GetArraySize(fp), 0);
    cJSON_Delete(fp);
}
END_TEST

START_TEST(a_rebuilt_bot_differs_and_says_which_file)
{
    setup();
    cJSON *before = NULL, *after = NULL;
    char err[256] = "", what[256] = "";
    ck_assert_int_eq(arena_fingerprint_compute_in("./mybot bot.py", dir, NULL, &before, err,
                                                  sizeof err),
                     0);
    ck_assert_int_eq(arena_fingerprint_compute_in("./mybot bot.py", dir, NULL, &after, err,
                                                  sizeof err),
                     0);
    ck_assert_int_eq(arena_fingerprint_diff(before, after, what, sizeof what), 0);
    cJSON_Delete(after);
    put("bot.py", "hello!\n", 0);
    ck_assert_int_eq(arena_fingerprint_compute_in("./mybot bot.py", dir, NULL, &after, err,
                                                  sizeof err),
                     0);
    ck_assert_int_eq(arena_fingerprint_diff(before, after, what, sizeof what), 1);
    ck_assert_str_eq(what, "bot.py changed");
    cJSON_Delete(after);
    char path[128];
    snprintf(path, sizeof path, "%s/bot.py", dir);
    unlink(path);
    ck_assert_int_eq(arena_fingerprint_compute_in("./mybot bot.py", dir, NULL, &after, err,
                                                  sizeof err),
                     0);
    ck_assert_int_eq(arena_fingerprint_diff(before, after, what, sizeof what), 1);
    ck_assert_str_eq(what, "bot.py is gone");
    ck_assert_int_eq(arena_fingerprint_diff(after, before, what, sizeof what), 2);
    ck_assert_str_eq(what, "bot.py is new");
    cJSON_Delete(after);
    cJSON_Delete(before);
}
END_TEST

START_TEST(an_unreadable_file_is_an_error_naming_it)
{
    /* /proc/self/mem is a regular file that even root cannot read at
     * offset 0 (EIO: nothing is mapped there). */
    cJSON *fp = NULL;
    char err[256] = "";
    ck_assert_int_eq(arena_fingerprint_compute_in("cat /proc/self/mem", NULL, NULL, &fp, err,
                                                  sizeof err),
                     ARENA_E_IO);
    ck_assert_ptr_null(fp);
    ck_assert_ptr_nonnull(strstr(err, "cannot read /proc/self/mem"));
}
END_TEST

START_TEST(diff_refuses_what_is_not_a_fingerprint)
{
    cJSON *a = cJSON_Parse("{\"x\": 1}"), *b = cJSON_Parse("{}");
    char what[64];
    ck_assert_int_eq(arena_fingerprint_diff(a, b, what, sizeof what), ARENA_E_INVAL);
    ck_assert_int_eq(arena_fingerprint_diff(NULL, b, what, sizeof what), ARENA_E_INVAL);
    cJSON_Delete(a);
    cJSON_Delete(b);
}
END_TEST

/* Issue 26: a bot run as `cd dir && ./bot` had an empty fingerprint (./bot
 * was looked for in the bot's directory, not dir), so a rebuild of it went
 * unseen. */
START_TEST(follows_a_cd_to_the_program_it_runs)
{
    setup();
    char sub[128];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    ck_assert_int_eq(mkdir(sub, 0755), 0);
    put("sub/bot", "#!/bin/sh\necho sub\n", 1);
    put("sub/w.txt", "hello\n", 0);
    cJSON *fp = NULL;
    char err[256] = "";
    ck_assert_int_eq(arena_fingerprint_compute_in("cd sub && ./bot w.txt", dir, NULL, &fp, err,
                                                  sizeof err),
                     0);
    ck_assert_ptr_nonnull(hash_of(fp, "./bot"));
    ck_assert_str_eq(hash_of(fp, "w.txt"), SHA_HELLO);
    cJSON_Delete(fp);
    /* the same with the bot's own directory given by the shell */
    char cmd[300];
    snprintf(cmd, sizeof cmd, "cd '%s' && exec ./bot", sub);
    ck_assert_int_eq(arena_fingerprint_compute_in(cmd, NULL, NULL, &fp, err, sizeof err), 0);
    ck_assert_ptr_nonnull(hash_of(fp, "./bot"));
    cJSON_Delete(fp);
    /* a cd that cannot be followed: the relative words after it are never
     * guessed (./mybot exists in dir, but the command does not run it) */
    ck_assert_int_eq(arena_fingerprint_compute_in("cd $HOME/x && ./mybot", dir, NULL, &fp, err,
                                                  sizeof err),
                     0);
    ck_assert_ptr_null(hash_of(fp, "./mybot"));
    cJSON_Delete(fp);
    ck_assert_int_eq(arena_fingerprint_compute_in("cd nowhere && ./mybot", dir, NULL, &fp, err,
                                                  sizeof err),
                     0);
    ck_assert_ptr_null(hash_of(fp, "./mybot"));
    cJSON_Delete(fp);
}
END_TEST

START_TEST(redirections_and_expanded_words_name_no_file)
{
    setup();
    cJSON *fp = NULL;
    char err[256] = "";
    /* the file a bot writes its log to is not the bot */
    ck_assert_int_eq(arena_fingerprint_compute_in("./mybot 2> bot.py", dir, NULL, &fp, err,
                                                  sizeof err),
                     0);
    ck_assert_ptr_nonnull(hash_of(fp, "./mybot"));
    ck_assert_ptr_null(hash_of(fp, "bot.py"));
    cJSON_Delete(fp);
    ck_assert_int_eq(arena_fingerprint_compute_in("./mybot <bot.py", dir, NULL, &fp, err,
                                                  sizeof err),
                     0);
    ck_assert_int_eq(cJSON_GetArraySize(fp), 1);
    cJSON_Delete(fp);
    /* the shell's expansions are not guessed */
    ck_assert_int_eq(arena_fingerprint_compute_in("./mybot *.py \"$X\"bot.py", dir, NULL, &fp, err,
                                                  sizeof err),
                     0);
    ck_assert_int_eq(cJSON_GetArraySize(fp), 1);
    cJSON_Delete(fp);
}
END_TEST

/* The copy of a snapshot is named `{out}/bots/NAME/FILE`, wherever the
 * league's directory is: the key stays, the file is found in out_dir. */
START_TEST(a_snapshot_word_names_the_copy_in_the_league_directory)
{
    setup();
    char bots[128];
    snprintf(bots, sizeof bots, "%s/bots", dir);
    ck_assert_int_eq(mkdir(bots, 0755), 0);
    snprintf(bots, sizeof bots, "%s/bots/a", dir);
    ck_assert_int_eq(mkdir(bots, 0755), 0);
    put("bots/a/bot.py", "hello\n", 0);
    cJSON *fp = NULL;
    char err[256] = "";
    ck_assert_int_eq(arena_fingerprint_compute_in("python3 {out}/bots/a/bot.py", "/", dir, &fp, err,
                                                  sizeof err),
                     0);
    ck_assert_str_eq(hash_of(fp, "{out}/bots/a/bot.py"), SHA_HELLO);
    cJSON_Delete(fp);
    ck_assert_int_eq(arena_fingerprint_compute_in("python3 {out}/bots/a/bot.py", "/", NULL, &fp,
                                                  err, sizeof err),
                     0);
    ck_assert_ptr_null(hash_of(fp, "{out}/bots/a/bot.py"));
    cJSON_Delete(fp);
}
END_TEST

static int g_warned;
static char g_warning[1024];

static void warned(const char *msg, void *user)
{
    (void)user;
    g_warned++;
    snprintf(g_warning, sizeof g_warning, "%s", msg);
}

START_TEST(a_league_warns_of_a_bot_nothing_could_fingerprint_naming_the_word)
{
    setup();
    arena_settings s;
    arena_settings_init(&s);
    ck_assert_int_eq(arena_settings_add_bot(&s, "a", "./mybot", dir, NULL, 0), 0);
    ck_assert_int_eq(arena_settings_add_bot(&s, "b", "cd $BOTS && ./mybot", dir, NULL, 0), 0);
    /* a program that does not exist: it fails to start and says so then */
    ck_assert_int_eq(arena_settings_add_bot(&s, "c", "./missing -d 3", dir, NULL, 0), 0);
    cJSON *fp = NULL;
    char err[256] = "";
    g_warned = 0;
    ck_assert_int_eq(arena_fingerprint_league(&s, NULL, NULL, warned, NULL, &fp, err, sizeof err),
                     0);
    ck_assert_int_eq(g_warned, 1);
    ck_assert_msg(strstr(g_warning, "bot 'b'") && strstr(g_warning, "no file of its command") &&
                      strstr(g_warning, "'$BOTS' cannot be followed"),
                  "%s", g_warning);
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(fp, "a")), 1);
    cJSON_Delete(fp);
    arena_settings_clear(&s);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"hashes_the_script_an_interpreter_runs", hashes_the_script_an_interpreter_runs, 10},
        {"resolves_programs_after_operators_and_assignments",
         resolves_programs_after_operators_and_assignments, 10},
        {"a_rebuilt_bot_differs_and_says_which_file", a_rebuilt_bot_differs_and_says_which_file,
         10},
        {"an_unreadable_file_is_an_error_naming_it", an_unreadable_file_is_an_error_naming_it, 10},
        {"diff_refuses_what_is_not_a_fingerprint", diff_refuses_what_is_not_a_fingerprint, 10},
        {"follows_a_cd_to_the_program_it_runs", follows_a_cd_to_the_program_it_runs, 10},
        {"redirections_and_expanded_words_name_no_file",
         redirections_and_expanded_words_name_no_file, 10},
        {"a_snapshot_word_names_the_copy_in_the_league_directory",
         a_snapshot_word_names_the_copy_in_the_league_directory, 10},
        {"a_league_warns_of_a_bot_nothing_could_fingerprint_naming_the_word",
         a_league_warns_of_a_bot_nothing_could_fingerprint_naming_the_word, 10},
    };
    return loa_run_suite("arena_fingerprint", cases, LOA_COUNT(cases));
}
