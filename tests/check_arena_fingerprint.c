/* check_arena_fingerprint.c - which files a bot command names, their
 * SHA-256, and telling a rebuilt bot from the one a league started with. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/error.h"
#include "store/fingerprint.h"
#include "check_main.h"

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
    ck_assert_int_eq(arena_fingerprint_compute("python3 -u bot.py --depth 3", dir, &fp, err,
                                               sizeof err),
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
    ck_assert_int_eq(arena_fingerprint_compute("SEED=4 exec ./mybot 'bot.py' && true", dir, &fp,
                                               err, sizeof err),
                     0);
    ck_assert_ptr_nonnull(hash_of(fp, "./mybot"));
    ck_assert_str_eq(hash_of(fp, "bot.py"), SHA_HELLO); /* quotes removed */
    ck_assert_ptr_nonnull(hash_of(fp, "true"));         /* a program again after && */
    ck_assert_ptr_null(hash_of(fp, "SEED=4"));
    ck_assert_int_eq(cJSON_GetArraySize(fp), 3);
    cJSON_Delete(fp);
    /* nothing that names a file: an empty fingerprint, not an error */
    ck_assert_int_eq(arena_fingerprint_compute("./missing-bot", dir, &fp, err, sizeof err), 0);
    ck_assert_int_eq(cJSON_GetArraySize(fp), 0);
    cJSON_Delete(fp);
}
END_TEST

START_TEST(a_rebuilt_bot_differs_and_says_which_file)
{
    setup();
    cJSON *before = NULL, *after = NULL;
    char err[256] = "", what[256] = "";
    ck_assert_int_eq(arena_fingerprint_compute("./mybot bot.py", dir, &before, err, sizeof err), 0);
    ck_assert_int_eq(arena_fingerprint_compute("./mybot bot.py", dir, &after, err, sizeof err), 0);
    ck_assert_int_eq(arena_fingerprint_diff(before, after, what, sizeof what), 0);
    cJSON_Delete(after);
    put("bot.py", "hello!\n", 0);
    ck_assert_int_eq(arena_fingerprint_compute("./mybot bot.py", dir, &after, err, sizeof err), 0);
    ck_assert_int_eq(arena_fingerprint_diff(before, after, what, sizeof what), 1);
    ck_assert_str_eq(what, "bot.py changed");
    cJSON_Delete(after);
    char path[128];
    snprintf(path, sizeof path, "%s/bot.py", dir);
    unlink(path);
    ck_assert_int_eq(arena_fingerprint_compute("./mybot bot.py", dir, &after, err, sizeof err), 0);
    ck_assert_int_eq(arena_fingerprint_diff(before, after, what, sizeof what), 1);
    ck_assert_str_eq(what, "bot.py is gone");
    ck_assert_int_eq(arena_fingerprint_diff(after, before, what, sizeof what), 1);
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
    ck_assert_int_eq(arena_fingerprint_compute("cat /proc/self/mem", NULL, &fp, err, sizeof err),
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

int main(void)
{
    const loa_tcase cases[] = {
        {"hashes_the_script_an_interpreter_runs", hashes_the_script_an_interpreter_runs, 10},
        {"resolves_programs_after_operators_and_assignments",
         resolves_programs_after_operators_and_assignments, 10},
        {"a_rebuilt_bot_differs_and_says_which_file", a_rebuilt_bot_differs_and_says_which_file, 10},
        {"an_unreadable_file_is_an_error_naming_it", an_unreadable_file_is_an_error_naming_it, 10},
        {"diff_refuses_what_is_not_a_fingerprint", diff_refuses_what_is_not_a_fingerprint, 10},
    };
    return loa_run_suite("arena_fingerprint", cases, LOA_COUNT(cases));
}
