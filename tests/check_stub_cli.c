/*
 * check_stub_cli - the loa-stub command line (stub/main.c): the language
 * list, output to stdout and to a file, --version, --print-stub, bad stubs
 * and unreadable stub files, and the exit status of each bad command line.
 */
#include <sys/stat.h>

#include "loa/loa.h" /* LOA_VERSION_*: the project version */
#include "stub_test_util.h"

START_TEST(lists_every_language)
{
    char *out;
    ck_assert_int_eq(run(LOA_STUB " --list", &out), 0);
    int n;
    const stub_lang *const *all = stub_languages(&n);
    for (int i = 0; i < n; i++)
        ck_assert_msg(strstr(out, all[i]->name) != NULL, "--list lacks %s", all[i]->name);
    free(out);
}
END_TEST

START_TEST(writes_stub_to_stdout_by_alias)
{
    char *out;
    ck_assert_int_eq(run(LOA_STUB " --lang py", &out), 0);
    ck_assert_ptr_nonnull(strstr(out, "print(\"random\", flush=True)"));
    free(out);
}
END_TEST

START_TEST(version_prints_the_project_version)
{
    char *out, expect[64];
    snprintf(expect, sizeof expect, "loa-stub %d.%d.%d\n", LOA_VERSION_MAJOR, LOA_VERSION_MINOR,
             LOA_VERSION_PATCH);
    ck_assert_int_eq(run(LOA_STUB " --version", &out), 0);
    ck_assert_str_eq(out, expect);
    free(out);
    ck_assert_int_eq(run(LOA_STUB " -V", &out), 0);
    ck_assert_str_eq(out, expect);
    free(out);
}
END_TEST

START_TEST(prints_builtin_stub)
{
    char *out;
    ck_assert_int_eq(run(LOA_STUB " --print-stub", &out), 0);
    ck_assert_str_eq(out, stub_loa_text());
    free(out);
}
END_TEST

/* A fresh temporary directory per test (tmpl: "/tmp/check_stub_XXXXXX"),
 * and a file in it written with text. */
static void write_temp(char *tmpl, const char *name, const char *text, size_t len, char *path,
                       size_t size)
{
    ck_assert_ptr_nonnull(mkdtemp(tmpl));
    snprintf(path, size, "%s/%s", tmpl, name);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(text, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
}

static void remove_temp(const char *tmpl, const char *path)
{
    ck_assert_int_eq(remove(path), 0);
    ck_assert_int_eq(rmdir(tmpl), 0);
}

START_TEST(writes_output_file)
{
    char tmpl[] = "/tmp/check_stub_XXXXXX", cmd[512], path[256];
    ck_assert_ptr_nonnull(mkdtemp(tmpl));
    snprintf(path, sizeof path, "%s/bot.rs", tmpl);
    snprintf(cmd, sizeof cmd, LOA_STUB " -l rust -o %s", path);
    ck_assert_int_eq(run(cmd, NULL), 0);
    char *code = slurp(path);
    ck_assert_ptr_nonnull(code);
    ck_assert_ptr_nonnull(strstr(code, "println!(\"random\");"));
    free(code);
    remove_temp(tmpl, path);
}
END_TEST

/* A bad stub: file:line: error, exit 1. */
START_TEST(reports_bad_stub_file_and_line)
{
    char tmpl[] = "/tmp/check_stub_XXXXXX", cmd[512], path[256], *out;
    const char *bad = "read n:int\nloop n reed x:int\n";
    write_temp(tmpl, "bad.stub", bad, strlen(bad), path, sizeof path);
    snprintf(cmd, sizeof cmd, LOA_STUB " --lang c --stub %s 2>&1", path);
    ck_assert_int_eq(run(cmd, &out), 1);
    ck_assert_msg(strstr(out, "bad.stub:2: error: unknown command 'reed'") != NULL, "got: %s", out);
    free(out);
    remove_temp(tmpl, path);
}
END_TEST

/* A --stub file that cannot be used: exit 1 and the reason in words (a NUL
 * byte would cut the stub, so it is refused). */
static const struct unreadable_stub {
    const char *name; /* file written in a temporary directory; NULL: none */
    size_t size;      /* its size: filled with 'a', then one NUL when nul */
    int nul;
    const char *path; /* with no name: the path given (NULL: a missing file) */
    const char *reason;
} unreadable_stubs[] = {
    {NULL, 0, 0, NULL, "No such file or directory"},
    {NULL, 0, 0, "/tmp", "it is a directory (give the stub file, e.g. DIR/stub.txt)"},
    {"big.stub", (1 << 20) + 1, 0, NULL, "larger than a stub can be"},
    {"nul.stub", 16, 1, NULL, "it holds a NUL byte (not a text file)"},
};

START_TEST(reports_unreadable_stub_file)
{
    const struct unreadable_stub *u = &unreadable_stubs[_i];
    char tmpl[] = "/tmp/check_stub_XXXXXX", cmd[512], path[256] = "/nonexistent/x.stub", *out;
    char *text = NULL;
    if (u->name) {
        text = malloc(u->size);
        ck_assert_ptr_nonnull(text);
        memset(text, 'a', u->size);
        if (u->nul)
            text[u->size / 2] = '\0';
        write_temp(tmpl, u->name, text, u->size, path, sizeof path);
    } else if (u->path) {
        snprintf(path, sizeof path, "%s", u->path);
    }
    snprintf(cmd, sizeof cmd, LOA_STUB " --lang c --stub %s 2>&1", path);
    ck_assert_int_eq(run(cmd, &out), 1);
    char want[512];
    snprintf(want, sizeof want, "loa-stub: cannot read stub '%s': %s\n", path, u->reason);
    ck_assert_str_eq(out, want);
    free(out);
    if (u->name)
        remove_temp(tmpl, path);
    free(text);
}
END_TEST

/* Bad command lines: one line on stderr, exit 2; I/O failures: exit 1. */
static const struct {
    const char *args;
    int status;
} bad_commands[] = {
    {"", 2},
    {" --lang cobol", 2},
    {" --bogus", 2},
    {" --lang", 2},
    {" --lang c extra", 2},
    {" --lang c --stub /nonexistent/x.stub", 1},
    {" --lang c -o /nonexistent/dir/x.c", 1},
};

START_TEST(exits_with_documented_status_on_bad_command_line)
{
    char cmd[512], *err;
    snprintf(cmd, sizeof cmd, LOA_STUB "%s 2>&1 >/dev/null", bad_commands[_i].args);
    ck_assert_int_eq(run(cmd, &err), bad_commands[_i].status);
    /* one line, naming loa-stub */
    ck_assert_msg(strncmp(err, "loa-stub: ", 10) == 0 && strchr(err, '\n') == err + strlen(err) - 1,
                  "'%s' printed: %s", cmd, err);
    free(err);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"lists_every_language", lists_every_language, 20},
        {"writes_stub_to_stdout_by_alias", writes_stub_to_stdout_by_alias, 20},
        {"version_prints_the_project_version", version_prints_the_project_version, 30},
        {"prints_builtin_stub", prints_builtin_stub, 20},
        {"writes_output_file", writes_output_file, 20},
        {"reports_bad_stub_file_and_line", reports_bad_stub_file_and_line, 20},
    };
    const loa_loop_tcase loops[] = {
        {"reports_unreadable_stub_file", reports_unreadable_stub_file, 20,
         (int)LOA_COUNT(unreadable_stubs)},
        {"exits_with_documented_status_on_bad_command_line",
         exits_with_documented_status_on_bad_command_line, 20, (int)LOA_COUNT(bad_commands)},
    };
    return loa_run_suite_loops("stub_cli", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
