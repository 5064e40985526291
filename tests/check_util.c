/* check_util.c - the internal helper library: strict integers, messages,
 * paths, atomic writes, mkdir -p, bounded reads, the string builder. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check_main.h"
#include "util/buf.h"
#include "util/error.h"
#include "util/file.h"
#include "util/parse.h"
#include "util/sys.h"
#include "util/text.h"

static char tmpdir[64];

static void make_tmpdir(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/check_util.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

START_TEST(parse_accepts_whole_decimal_numbers)
{
    int64_t v = 0;
    ck_assert_int_eq(util_parse_i64("42", 0, 100, &v), 0);
    ck_assert_int_eq(v, 42);
    ck_assert_int_eq(util_parse_i64("-7", -10, 10, &v), 0);
    ck_assert_int_eq(v, -7);
    ck_assert_int_eq(util_parse_i64("+9", 0, 10, &v), 0);
    ck_assert_int_eq(v, 9);
    ck_assert_int_eq(util_parse_i64("9223372036854775807", INT64_MIN, INT64_MAX, &v), 0);
    ck_assert(v == INT64_MAX);
    int i = 0;
    ck_assert_int_eq(util_parse_int("150", 1, 1000, &i), 0);
    ck_assert_int_eq(i, 150);
}
END_TEST

START_TEST(parse_rejects_anything_else_and_keeps_the_output)
{
    int64_t v = 123;
    const char *bad[] = {"", " 5", "5 ", "5x", "0x10", "+", "-", "1e3", "1.0", "--1"};
    for (size_t k = 0; k < LOA_COUNT(bad); k++)
        ck_assert_msg(util_parse_i64(bad[k], INT64_MIN, INT64_MAX, &v) == UTIL_E_SYNTAX,
                      "accepted '%s'", bad[k]);
    ck_assert_int_eq(util_parse_i64("11", 0, 10, &v), UTIL_E_RANGE);
    ck_assert_int_eq(util_parse_i64("-1", 0, 10, &v), UTIL_E_RANGE);
    ck_assert_int_eq(util_parse_i64("99999999999999999999", INT64_MIN, INT64_MAX, &v),
                     UTIL_E_RANGE);
    ck_assert_int_eq(util_parse_i64(NULL, 0, 1, &v), UTIL_E_INVAL);
    ck_assert_int_eq(v, 123);
    int i = 5;
    ck_assert_int_eq(util_parse_int("2147483648", 0, 2147483647, &i), UTIL_E_RANGE);
    ck_assert_int_eq(i, 5);
}
END_TEST

START_TEST(double_to_i64_checks_before_converting)
{
    int64_t v = 7;
    ck_assert_int_eq(util_double_to_i64(42.0, 0, 100, &v), UTIL_OK);
    ck_assert(v == 42);
    ck_assert_int_eq(util_double_to_i64(-9007199254740992.0, INT64_MIN, INT64_MAX, &v), UTIL_OK);
    ck_assert(v == -9007199254740992LL);
    /* out of range, not integral, not finite: refused, *out kept */
    v = 7;
    static const double bad[] = {1e300, -1e300, 9223372036854775808.0, 2.5, 101, -1};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_int_eq(util_double_to_i64(bad[i], 0, 100, &v), UTIL_E_RANGE);
    ck_assert_int_eq(util_double_to_i64(INFINITY, 0, 100, &v), UTIL_E_RANGE);
    ck_assert_int_eq(util_double_to_i64(NAN, 0, 100, &v), UTIL_E_RANGE);
    ck_assert(v == 7);
}
END_TEST

START_TEST(fail_formats_cuts_and_returns_the_code)
{
    char err[8];
    ck_assert_int_eq(util_fail(-205, err, sizeof err, "bad %s", "value here"), -205);
    ck_assert_str_eq(err, "bad val");
    ck_assert_int_eq(util_fail(-1, NULL, 0, "ignored %d", 1), -1);
}
END_TEST

START_TEST(shell_quote_leaves_safe_words_and_quotes_the_rest)
{
    static const struct {
        const char *s, *want;
    } rows[] = {{"/usr/bin/loa-ab", "/usr/bin/loa-ab"},
                {"a_b.c,d:e=f+g-h@i%j", "a_b.c,d:e=f+g-h@i%j"},
                {"", "''"},
                {"{bin}/a b", "'{bin}/a b'"},
                {"it's", "'it'\\''s'"},
                {"$HOME", "'$HOME'"},
                {"a;b", "'a;b'"},
                {"x\ny", "'x\ny'"}};
    for (size_t i = 0; i < LOA_COUNT(rows); i++) {
        char *q = util_shell_quote(rows[i].s);
        ck_assert_ptr_nonnull(q);
        ck_assert_str_eq(q, rows[i].want);
        free(q);
    }
    ck_assert_ptr_null(util_shell_quote(NULL));
    /* appended to a buffer: the same quoting, a NULL marks it failed */
    util_buf b = {0};
    util_buf_str(&b, "cd ");
    util_buf_shell_quoted(&b, "{bin}/a b");
    util_buf_str(&b, " && ");
    util_buf_shell_quoted(&b, "./bot");
    ck_assert_str_eq(b.s, "cd '{bin}/a b' && ./bot");
    ck_assert_int_eq(b.failed, 0);
    util_buf_shell_quoted(&b, NULL);
    ck_assert_int_eq(b.failed, 1);
    util_buf_free(&b);
}
END_TEST

START_TEST(exe_dir_is_the_directory_of_this_program)
{
    char dir[4096], want[4096];
    ck_assert_int_eq(util_exe_dir(dir, sizeof dir), 0);
    /* this suite runs from build/bin (LOA_BIN_DIR), maybe through links */
    ck_assert_ptr_nonnull(realpath(LOA_BIN_DIR, want));
    ck_assert_str_eq(dir, want);
    /* too small a buffer: "." and the error */
    char small[4];
    ck_assert_int_eq(util_exe_dir(small, sizeof small), UTIL_E_RANGE);
    ck_assert_str_eq(small, ".");
    ck_assert_int_eq(util_exe_dir(NULL, 8), UTIL_E_INVAL);
}
END_TEST

/* A pidfd of a child: not readable while it runs, readable once it ends
 * (before it is reaped). */
START_TEST(pidfd_is_readable_when_the_process_ends)
{
    int go[2];
    ck_assert_int_eq(pipe(go), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) { /* ends when told */
        char c;
        close(go[1]);
        _exit(read(go[0], &c, 1) == 1 ? 0 : 1);
    }
    close(go[0]);
    int fd = util_pidfd_open(pid);
    if (fd < 0 && errno == ENOSYS) { /* a kernel before 5.3: callers fall back */
        ck_assert_int_eq(write(go[1], "x", 1), 1);
        waitpid(pid, NULL, 0);
        return;
    }
    ck_assert_int_ge(fd, 0);
    struct pollfd p = {fd, POLLIN, 0};
    ck_assert_int_eq(poll(&p, 1, 50), 0);
    ck_assert_int_eq(write(go[1], "x", 1), 1);
    ck_assert_int_eq(poll(&p, 1, 10000), 1);
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    close(fd);
    close(go[1]);
}
END_TEST

START_TEST(cpu_count_is_the_affinity_within_the_bound)
{
    cpu_set_t set;
    ck_assert_int_eq(sched_getaffinity(0, sizeof set, &set), 0);
    int n = CPU_COUNT(&set);
    ck_assert_int_eq(util_cpu_count(1024), n);
    ck_assert_int_eq(util_cpu_count(1), 1);
    ck_assert_int_eq(util_cpu_count(0), 1);
    if (n > 1) { /* one CPU of the mask: 1 (taskset -c) */
        cpu_set_t one;
        CPU_ZERO(&one);
        for (int c = 0; c < CPU_SETSIZE; c++)
            if (CPU_ISSET(c, &set)) {
                CPU_SET(c, &one);
                break;
            }
        ck_assert_int_eq(sched_setaffinity(0, sizeof one, &one), 0);
        ck_assert_int_eq(util_cpu_count(1024), 1);
        ck_assert_int_eq(sched_setaffinity(0, sizeof set, &set), 0);
    }
}
END_TEST

START_TEST(path_join_adds_one_slash)
{
    char *p = util_path_join("dir", "games.jsonl");
    ck_assert_str_eq(p, "dir/games.jsonl");
    free(p);
    p = util_path_join("dir/", "x");
    ck_assert_str_eq(p, "dir/x");
    free(p);
    ck_assert_ptr_null(util_path_join(NULL, "x"));
}
END_TEST

START_TEST(path_resolve_and_absolute_keep_absolute_paths)
{
    static const struct {
        const char *base, *rel, *want;
    } rows[] = {{"dir", "x", "dir/x"}, {"dir/", "x", "dir/x"}, {".", "x", "x"},
                {NULL, "x", "x"},      {"", "x", "x"},         {"dir", "/abs", "/abs"}};
    for (size_t i = 0; i < LOA_COUNT(rows); i++) {
        char *p = util_path_resolve(rows[i].base, rows[i].rel);
        ck_assert_str_eq(p, rows[i].want);
        free(p);
    }
    char *here = getcwd(NULL, 0), want[4200];
    snprintf(want, sizeof want, "%s/dir/x", here);
    char *p = util_path_absolute("dir", "x");
    ck_assert_str_eq(p, want);
    free(p);
    p = util_path_absolute("/base", "x");
    ck_assert_str_eq(p, "/base/x");
    free(p);
    p = util_path_absolute("dir", "/abs");
    ck_assert_str_eq(p, "/abs");
    free(p);
    free(here);
    ck_assert_ptr_null(util_path_resolve("dir", NULL));
}
END_TEST

/* Issue 24: printed paths without detours ("arena/examples/../../build"),
 * the same file as the path given: a ".." after a symbolic link stays. */
START_TEST(path_tidy_drops_detours_but_not_through_links)
{
    static const char *const cases[][2] = {
        {"arena/examples/../../build/x", "build/x"},
        {"/../a", "/a"},
        {"../a", "../a"},
        {"a/../../b", "../b"},
        {"./a//b/./", "a/b"},
        {"", "."},
        {".", "."},
        {"a/..", "."},
        {"/", "/"},
        {"//x///y", "/x/y"},
        {"../../x/..", "../.."},
        {"a/b/c/../../d", "a/d"},
    };
    for (size_t i = 0; i < LOA_COUNT(cases); i++) {
        char *t = util_path_tidy(cases[i][0]);
        ck_assert_msg(t && strcmp(t, cases[i][1]) == 0, "'%s' gave '%s', not '%s'", cases[i][0], t,
                      cases[i][1]);
        free(t);
    }
    char dir[] = "/tmp/check_util_tidy_XXXXXX", real[80], link[80], via[120];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(real, sizeof real, "%s/real", dir);
    snprintf(link, sizeof link, "%s/link", dir);
    ck_assert_int_eq(mkdir(real, 0700), 0);
    ck_assert_int_eq(symlink("/usr/share", link), 0);
    snprintf(via, sizeof via, "%s/link/../x", dir);
    char *t = util_path_tidy(via);
    ck_assert_str_eq(t, via); /* /usr/share/.. is /usr, not dir */
    free(t);
    snprintf(via, sizeof via, "%s/real/../x", dir);
    t = util_path_tidy(via);
    char want[120];
    snprintf(want, sizeof want, "%s/x", dir);
    ck_assert_str_eq(t, want);
    free(t);
    ck_assert_ptr_null(util_path_tidy(NULL));
    unlink(link);
    rmdir(real);
    rmdir(dir);
}
END_TEST

START_TEST(utf8_check_finds_the_first_bad_byte)
{
    static const struct {
        const char *s;
        size_t len, bad; /* bad == len: all valid */
    } rows[] = {
        {"plain", 5, 5},
        {"caf\xc3\xa9", 5, 5},                   /* e acute */
        {"\xe2\x82\xac \xf0\x9f\x98\x80", 8, 8}, /* euro sign, an emoji */
        {"a\0b", 3, 3},                          /* NUL is U+0000 */
        {"ab\xc3", 3, 2},                        /* cut by the end */
        {"ab\xc3(", 4, 2},                       /* bad continuation */
        {"\xc0\xaf", 2, 0},                      /* overlong '/' */
        {"x\xe0\x80\xaf", 4, 1},                 /* overlong, 3 bytes */
        {"\xed\xa0\x80", 3, 0},                  /* a surrogate */
        {"\xf4\x90\x80\x80", 4, 0},              /* past U+10FFFF */
        {"ok\xff", 3, 2},
        {"\x80", 1, 0}, /* a lone continuation byte */
    };
    for (size_t i = 0; i < LOA_COUNT(rows); i++)
        ck_assert_msg(util_utf8_check(rows[i].s, rows[i].len) == rows[i].bad, "row %zu: %zu", i,
                      util_utf8_check(rows[i].s, rows[i].len));
}
END_TEST

START_TEST(atomic_write_replaces_whole_and_leaves_no_temp)
{
    make_tmpdir();
    char path[128];
    snprintf(path, sizeof path, "%s/out.json", tmpdir);
    ck_assert_int_eq(util_write_file_atomic(path, "first\n", 6), 0);
    ck_assert_int_eq(util_write_file_atomic(path, "second!\n", 8), 0);
    char *text = NULL;
    size_t len = 0;
    ck_assert_int_eq(util_read_file(path, 100, &text, &len), 0);
    ck_assert_str_eq(text, "second!\n");
    ck_assert_uint_eq(len, 8);
    free(text);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_int_eq(st.st_mode & 0777, 0644);
    /* Only the target is left in the directory. */
    char cmd[256];
    snprintf(cmd, sizeof cmd, "test $(ls -A %s | wc -l) -eq 1", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
    /* A directory that does not exist: an error, errno kept. */
    snprintf(path, sizeof path, "%s/missing/out.json", tmpdir);
    ck_assert_int_eq(util_write_file_atomic(path, "x", 1), UTIL_E_IO);
    ck_assert_int_eq(errno, ENOENT);
}
END_TEST

START_TEST(write_all_writes_a_pipe_whole_in_pieces)
{
    /* 1 MiB through a pipe (64 KiB of buffer): write(2) takes it in
     * pieces; a child reads it back and checks every byte. */
    enum { N = 1 << 20 };
    static char data[N];
    for (int i = 0; i < N; i++)
        data[i] = (char)(i * 7 + i / 251);
    int fd[2];
    ck_assert_int_eq(pipe(fd), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        close(fd[1]);
        static char got[N + 1];
        size_t n = 0;
        ssize_t r;
        while (n <= N && (r = read(fd[0], got + n, N + 1 - n)) > 0)
            n += (size_t)r;
        _exit(n == N && memcmp(got, data, N) == 0 ? 0 : 1);
    }
    close(fd[0]);
    ck_assert_int_eq(util_write_all(fd[1], data, N), 0);
    close(fd[1]);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    /* nothing to write is done; no data is refused; a closed fd says why */
    ck_assert_int_eq(util_write_all(fd[1], NULL, 0), 0);
    ck_assert_int_eq(util_write_all(fd[1], NULL, 1), UTIL_E_INVAL);
    ck_assert_int_eq(util_write_all(fd[1], "x", 1), UTIL_E_IO);
    ck_assert_int_eq(errno, EBADF);
}
END_TEST

START_TEST(mkdirs_makes_every_level_and_accepts_existing)
{
    make_tmpdir();
    char path[128];
    snprintf(path, sizeof path, "%s/a/b/c", tmpdir);
    ck_assert_int_eq(util_mkdirs(path), 0);
    ck_assert_int_eq(util_mkdirs(path), 0);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert(S_ISDIR(st.st_mode));
    /* A file in the way is an error. */
    snprintf(path, sizeof path, "%s/file", tmpdir);
    ck_assert_int_eq(util_write_file_atomic(path, "x", 1), 0);
    ck_assert_int_eq(util_mkdirs(path), UTIL_E_IO);
}
END_TEST

START_TEST(read_file_is_bounded_and_reads_proc_files)
{
    make_tmpdir();
    char path[128];
    snprintf(path, sizeof path, "%s/big", tmpdir);
    char data[10000];
    memset(data, 'x', sizeof data);
    ck_assert_int_eq(util_write_file_atomic(path, data, sizeof data), 0);
    char *text = NULL;
    ck_assert_int_eq(util_read_file(path, 9999, &text, NULL), UTIL_E_RANGE);
    ck_assert_ptr_null(text);
    size_t len = 0;
    ck_assert_int_eq(util_read_file(path, 10000, &text, &len), 0);
    ck_assert_uint_eq(len, 10000);
    free(text);
    /* st_size is 0 for /proc files: the read must not trust it. */
    ck_assert_int_eq(util_read_file("/proc/self/status", 1 << 20, &text, &len), 0);
    ck_assert(len > 0 && strstr(text, "Pid:") != NULL);
    free(text);
    ck_assert_int_eq(util_read_file("/nonexistent/x", 10, &text, NULL), UTIL_E_IO);
}
END_TEST

START_TEST(strerror_covers_every_code)
{
    ck_assert_str_eq(util_strerror(0), "success");
#define XX(name, code, text) ck_assert_str_eq(util_strerror(code), text);
    UTIL_ERROR_MAP(XX)
#undef XX
    ck_assert_str_eq(util_strerror(-599), "unknown util error");
}
END_TEST

START_TEST(buf_grows_formats_any_length_and_stops_after_a_failure)
{
    util_buf b = {0};
    char *empty = util_buf_take(&b);
    ck_assert_str_eq(empty, ""); /* nothing appended: an empty text, not NULL */
    free(empty);
    util_buf_str(&b, "a");
    util_buf_put(&b, "x\0y", 3); /* bytes, NULs included */
    char big[3000];
    memset(big, 'z', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    util_buf_printf(&b, "[%s]%d", big, 42); /* longer than any stack buffer */
    ck_assert_uint_eq(b.len, 4 + 1 + 2999 + 1 + 2);
    ck_assert_int_eq(memcmp(b.s, "ax\0y[zz", 7), 0);
    ck_assert_str_eq(b.s + b.len - 4, "z]42");
    char *text = util_buf_take(&b);
    ck_assert_ptr_nonnull(text);
    ck_assert_ptr_null(b.s);
    ck_assert_uint_eq(b.len, 0);
    free(text);
    /* a failure is sticky: later appends are no-ops, take gives NULL */
    util_buf_str(&b, "kept?");
    b.failed = 1;
    util_buf_str(&b, "more");
    ck_assert_uint_eq(b.len, 5);
    ck_assert_ptr_null(util_buf_take(&b));
    ck_assert_ptr_null(b.s);
    ck_assert_int_eq(b.failed, 0); /* empty and usable again */
    util_buf_printf(&b, "%d", 7);
    ck_assert_str_eq(b.s, "7");
    util_buf_free(&b);
    ck_assert_ptr_null(b.s);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"parse_accepts_whole_decimal_numbers", parse_accepts_whole_decimal_numbers, 10},
        {"parse_rejects_anything_else_and_keeps_the_output",
         parse_rejects_anything_else_and_keeps_the_output, 10},
        {"fail_formats_cuts_and_returns_the_code", fail_formats_cuts_and_returns_the_code, 10},
        {"double_to_i64_checks_before_converting", double_to_i64_checks_before_converting, 10},
        {"shell_quote_leaves_safe_words_and_quotes_the_rest",
         shell_quote_leaves_safe_words_and_quotes_the_rest, 10},
        {"exe_dir_is_the_directory_of_this_program", exe_dir_is_the_directory_of_this_program, 10},
        {"cpu_count_is_the_affinity_within_the_bound", cpu_count_is_the_affinity_within_the_bound,
         10},
        {"pidfd_is_readable_when_the_process_ends", pidfd_is_readable_when_the_process_ends, 20},
        {"path_join_adds_one_slash", path_join_adds_one_slash, 10},
        {"path_resolve_and_absolute_keep_absolute_paths",
         path_resolve_and_absolute_keep_absolute_paths, 10},
        {"utf8_check_finds_the_first_bad_byte", utf8_check_finds_the_first_bad_byte, 10},
        {"atomic_write_replaces_whole_and_leaves_no_temp",
         atomic_write_replaces_whole_and_leaves_no_temp, 10},
        {"write_all_writes_a_pipe_whole_in_pieces", write_all_writes_a_pipe_whole_in_pieces, 10},
        {"mkdirs_makes_every_level_and_accepts_existing",
         mkdirs_makes_every_level_and_accepts_existing, 10},
        {"read_file_is_bounded_and_reads_proc_files", read_file_is_bounded_and_reads_proc_files,
         10},
        {"strerror_covers_every_code", strerror_covers_every_code, 10},
        {"path_tidy_drops_detours_but_not_through_links",
         path_tidy_drops_detours_but_not_through_links, 10},
        {"buf_grows_formats_any_length_and_stops_after_a_failure",
         buf_grows_formats_any_length_and_stops_after_a_failure, 10},
    };
    return loa_run_suite("util", cases, LOA_COUNT(cases));
}
