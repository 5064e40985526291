/*
 * check_bundle - loa-bundle's include resolution on small fixture projects
 * (guards, #pragma once, unguarded files, system headers, several units
 * with clashing statics and macros), each bundle compiled alone with
 * CodinGame's command plus -Wall -Wextra (which must print nothing) and
 * run; the sources it cannot bundle (a code, no text, a message naming the
 * file and line), its error table, and the command line's exit statuses.
 * Every bundled bot and the C++ bot: check_bundle_bots.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bundle.h"
#include "bundle_test_util.h"
#include "check_main.h"
#include "loa/loa.h"

/* ---- helpers ------------------------------------------------------------- */

static void write_file(const char *dir, const char *name, const char *text)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    ck_assert_msg(f != NULL, "cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

static int count(const char *hay, const char *needle)
{
    int k = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        k++;
    return k;
}

/* Bundles sources (in dir) through the library; returns the code. */
static int bundle_in(const char *dir, const char *const *names, int n, const bundle_options *opt,
                     char **text, bundle_diag *diag)
{
    char paths[8][512];
    const char *srcs[8];
    for (int i = 0; i < n; i++) {
        snprintf(paths[i], sizeof paths[i], "%s/%s", dir, names[i]);
        srcs[i] = paths[i];
    }
    return bundle_sources(srcs, n, opt, text, NULL, diag);
}

/* Compiles text alone (in an empty directory) with CodinGame's command plus
 * -Wall -Wextra, runs it with stdin from /dev/null, returns its stdout in
 * out; the compiler must be silent. */
static void compile_and_run(const char *text, char *out, size_t size)
{
    char dir[600], cmd[2048], msgs[8192];
    snprintf(dir, sizeof dir, "%s/cc%d", tmp_root, rand());
    ck_assert_int_eq(mkdir(dir, 0777), 0);
    write_file(dir, "submit.c", text);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && " CG_COMPILE " -Wextra submit.c -o bot -lm -lpthread 2>&1", dir);
    int rc = run(cmd, msgs, sizeof msgs);
    ck_assert_msg(rc == 0 && msgs[0] == '\0', "compiling the bundle failed or warned:\n%s\n%s",
                  msgs, text);
    snprintf(cmd, sizeof cmd, "'%s/bot' < /dev/null", dir);
    ck_assert_int_eq(run(cmd, out, size), 0);
}

/* ---- fixtures --------------------------------------------------------------- */

/* A main.c with a guarded header, a #pragma once header, an X-macro file
 * included twice, a header in a subdirectory, system headers and a
 * conditional include of a missing file; it prints "1 2 alpha beta 2". */
static void write_guard_fixture(void)
{
    write_file(tmp_root, "guarded.h",
               "/* a classic include guard */\n#ifndef GUARDED_H\n#define GUARDED_H\n"
               "static inline int guarded(void) { return 1; }\n#endif /* GUARDED_H */\n");
    write_file(tmp_root, "once.h", "#pragma once\nstatic inline int once(void) { return 2; }\n");
    write_file(tmp_root, "xmacro.def", "X(alpha)\nX(beta)\n");
    char sub[600];
    snprintf(sub, sizeof sub, "%s/sub", tmp_root);
    ck_assert_int_eq(mkdir(sub, 0777), 0);
    write_file(
        tmp_root, "sub/deep.h",
        "#ifndef DEEP_H\n#define DEEP_H\n#include \"../guarded.h\"\n#include <stdio.h>\n#endif\n");
    write_file(tmp_root, "main.c",
               "#include <stdio.h>\n#include \"guarded.h\"\n#include \"guarded.h\"\n"
               "#include \"once.h\"\n#include \"once.h\"\n#include \"sub/deep.h\"\n"
               "#include <stdio.h>\n"
               "#ifdef NOT_DEFINED_ANYWHERE\n#include \"missing-but-conditional.h\"\n#endif\n"
               "#define X(n) #n,\nstatic const char *names[] = {\n#include \"xmacro.def\"\n};\n"
               "#undef X\n#define X(n) +1\nstatic const int count = 0\n#include \"xmacro.def\"\n;\n"
               "int main(void)\n{\n    printf(\"%d %d %s %s %d\\n\", guarded(), once(), names[0],\n"
               "           names[1], count);\n    return 0;\n}\n");
}

START_TEST(inlines_guarded_headers_once_and_unguarded_files_each_time)
{
    make_root();
    write_guard_fixture();
    const char *srcs[] = {"main.c"};
    char *text = NULL, out[256];
    bundle_diag d;
    ck_assert_int_eq(bundle_in(tmp_root, srcs, 1, NULL, &text, &d), 0);
    ck_assert_int_eq(count(text, "static inline int guarded(void)"), 1);
    ck_assert_int_eq(count(text, "static inline int once(void)"), 1);
    ck_assert_int_eq(count(text, "#pragma once"), 0);
    ck_assert_int_eq(count(text, "X(alpha)"), 2); /* unguarded: inlined at each include */
    ck_assert_int_eq(count(text, "#include <stdio.h>"), 1);
    ck_assert_int_eq(count(text, "#include \"missing-but-conditional.h\""), 1);
    ck_assert_int_eq(count(text, "#include \"guarded.h\""), 0);
    ck_assert_int_eq(count(text, "loa_"), 0); /* no SDK: none appended */
    compile_and_run(text, out, sizeof out);
    ck_assert_str_eq(out, "1 2 alpha beta 2\n");
    free(text);
    remove_root();
}
END_TEST

START_TEST(line_markers_point_at_original_files)
{
    make_root();
    write_guard_fixture();
    const char *srcs[] = {"main.c"};
    char *text = NULL, out[256];
    bundle_diag d;
    bundle_options opt = {0};
    opt.line_markers = 1;
    ck_assert_int_eq(bundle_in(tmp_root, srcs, 1, &opt, &text, &d), 0);
    ck_assert_ptr_nonnull(strstr(text, "/guarded.h\"\n/* a classic include guard */"));
    ck_assert_ptr_nonnull(strstr(text, "#line 3 \""));
    compile_and_run(text, out, sizeof out);
    ck_assert_str_eq(out, "1 2 alpha beta 2\n");
    free(text);
    remove_root();
}
END_TEST

/* Units a.c, b.c, c.c in tmp_root with the same static function and macro
 * names, a shared header found through -I only (its directory, the
 * "include" of tmp_root, into inc), and the SDK (whose turn.c has a static
 * `fail`, too). */
static void write_units_fixture(char inc[600])
{
    /* Two units with the same static function and macro names, a shared
     * header, and the SDK (whose turn.c has a static `fail`, too). */
    snprintf(inc, 600, "%s/include", tmp_root);
    ck_assert_int_eq(mkdir(inc, 0777), 0);
    write_file(
        inc, "common.h", /* found through -I only */
        "#ifndef COMMON_H\n#define COMMON_H\nint helper_a(void);\nint helper_b(void);\n#endif\n");
    write_file(tmp_root, "a.c",
               "#include <stdio.h>\n#include \"common.h\"\n#include \"loa/loa.h\"\n"
               "#define SCALE 10\n"
               "static int fail(void) { return SCALE; }\n"
               "static int counter = 1, *pointer = &counter;\n"
               "int main(void)\n{\n    loa_board b;\n    loa_board_init(&b);\n"
               "    loa_turn t;\n    if (loa_turn_read(stdin, &t) == 0)\n        return 1;\n"
               "    loa_move mv[LOA_MAX_MOVES];\n"
               "    printf(\"%d %d %d %d\\n\", fail() + *pointer, helper_a(), helper_b(),\n"
               "           loa_generate_moves(&b, mv));\n    return 0;\n}\n");
    write_file(
        tmp_root, "b.c",
        "#include \"common.h\"\n#define SCALE 100\n"
        "static int fail(void) { return SCALE; }\n"
        "static int counter = 2;\n"
        "struct holder { int counter; };\n"
        "int helper_a(void) { struct holder h = {3}; return fail() + counter + h.counter; }\n"
        "/* a global with the name of a static of turn.c and one of c.c */\n"
        "int read_line(void) { return 0; }\n"
        "int scale2(void) { return 2; }\n");
    write_file(tmp_root, "c.c",
               "#include \"common.h\"\n#include \"loa/loa.h\"\n"
               "static int fail(void) { return 1000; }\n"
               "static int scale2(void) { return 0; }\n"
               "int helper_b(void) { return fail() + loa_popcount(7) + scale2(); }\n");
}

START_TEST(searches_include_dirs_after_the_including_directory)
{
    make_root();
    char inc[600];
    write_units_fixture(inc);
    const char *srcs[] = {"a.c", "b.c", "c.c"};
    char *text = NULL;
    bundle_diag d;
    ck_assert_int_eq(bundle_in(tmp_root, srcs, 3, NULL, &text, &d), BUNDLE_E_NOT_FOUND);
    ck_assert_ptr_null(text);
    ck_assert_ptr_nonnull(strstr(d.message, "cannot find \"common.h\""));
    const char *dirs[] = {inc};
    bundle_options opt = {0};
    opt.include_dirs = dirs;
    opt.include_dir_count = 1;
    ck_assert_msg(bundle_in(tmp_root, srcs, 3, &opt, &text, &d) == 0, "%s", d.message);
    ck_assert_int_eq(count(text, "int helper_a(void);"), 1);
    free(text);
    remove_root();
}
END_TEST

START_TEST(renames_clashing_statics_per_unit_and_appends_the_sdk)
{
    make_root();
    char inc[600];
    write_units_fixture(inc);
    const char *srcs[] = {"a.c", "b.c", "c.c"};
    char *text = NULL, out[256];
    bundle_diag d;
    const char *dirs[] = {inc};
    bundle_options opt = {0};
    opt.include_dirs = dirs;
    opt.include_dir_count = 1;
    ck_assert_msg(bundle_in(tmp_root, srcs, 3, &opt, &text, &d) == 0, "%s", d.message);
    ck_assert_ptr_nonnull(strstr(text, "static int b__fail(void)"));
    ck_assert_ptr_nonnull(strstr(text, "static int c__fail(void)"));
    ck_assert_ptr_nonnull(strstr(text, "static int b__counter = 2;"));
    ck_assert_ptr_nonnull(strstr(text, "h.counter")); /* a member, not renamed */
    ck_assert_ptr_nonnull(strstr(text, "loa_sdk_turn__fail"));
    ck_assert_ptr_nonnull(strstr(text, "loa_sdk_turn__read_line")); /* b.c's global */
    ck_assert_ptr_nonnull(strstr(text, "static int c__scale2(void)"));
    ck_assert_ptr_nonnull(strstr(text, "int scale2(void) { return 2; }"));
    ck_assert_ptr_nonnull(strstr(text, "#undef SCALE"));
    ck_assert_int_eq(count(text, "typedef struct loa_board{"), 1); /* spaces squeezed */
    /* The SDK's comments are stripped; the bots' are not. */
    ck_assert_ptr_null(strstr(text, "Line-occupancy tables"));
    compile_and_run(text, out, sizeof out);
    ck_assert_str_eq(out, "11 105 1003 36\n");
    free(text);
    remove_root();
}
END_TEST

/* Sources that cannot be bundled: the code, no text, and a message naming
 * the file and line. */
static const struct bad_source {
    const char *files[3][2]; /* {name, text} written in tmp_root; {NULL} ends */
    const char *main;        /* the source bundled */
    int code;
    const char *message; /* a substring of diag.message */
} bad_sources[] = {
    {{{"missing.c", "#include <stdio.h>\n\n#include \"nowhere.h\"\nint x;\n"}},
     "missing.c",
     BUNDLE_E_NOT_FOUND,
     "missing.c:3: cannot find \"nowhere.h\""},
    {{{"computed.c", "#define H \"x.h\"\n#include H\n"}},
     "computed.c",
     BUNDLE_E_SYNTAX,
     "computed.c:2: computed include"},
    {{{"bad.c", "#include \"x.h\n"}}, "bad.c", BUNDLE_E_SYNTAX, "bad.c:1: malformed include"},
    {{{"loop1.h", "#include \"loop2.h\"\n"},
      {"loop2.h", "#include \"loop1.h\"\n"},
      {"cycle.c", "#include \"loop1.h\"\n"}},
     "cycle.c",
     BUNDLE_E_DEPTH,
     "includes itself"},
    {{{NULL, NULL}}, "no-such-file.c", BUNDLE_E_IO, "no-such-file.c"},
};

START_TEST(rejects_unbundlable_source_naming_it)
{
    const struct bad_source *b = &bad_sources[_i];
    make_root();
    for (int i = 0; i < 3 && b->files[i][0]; i++)
        write_file(tmp_root, b->files[i][0], b->files[i][1]);
    bundle_diag d;
    char *text = (char *)1;
    const char *m[] = {b->main};
    ck_assert_int_eq(bundle_in(tmp_root, m, 1, NULL, &text, &d), b->code);
    ck_assert_ptr_null(text);
    ck_assert_msg(strstr(d.message, b->message) != NULL, "message '%s' lacks '%s'", d.message,
                  b->message);
    remove_root();
}
END_TEST

/* A directory (or device) given as a source is "not a regular file",
 * whatever errno an earlier call left behind. */
START_TEST(refuses_a_directory_as_source)
{
    make_root();
    bundle_diag d;
    char *text = (char *)1;
    const char *m[] = {"."};
    errno = EINVAL;
    ck_assert_int_eq(bundle_in(tmp_root, m, 1, NULL, &text, &d), BUNDLE_E_IO);
    ck_assert_ptr_null(text);
    ck_assert_msg(strstr(d.message, "/.': not a regular file") != NULL, "got: %s", d.message);
    remove_root();
}
END_TEST

START_TEST(rejects_null_arguments)
{
    bundle_diag d;
    char *text = (char *)1;
    const char *srcs[] = {"x.c"};
    ck_assert_int_eq(bundle_sources(NULL, 1, NULL, &text, NULL, &d), BUNDLE_E_INVAL);
    ck_assert_ptr_null(text);
    ck_assert_int_eq(bundle_sources(srcs, 0, NULL, &text, NULL, &d), BUNDLE_E_INVAL);
    ck_assert_int_eq(bundle_sources(srcs, 1, NULL, NULL, NULL, &d), BUNDLE_E_INVAL);
}
END_TEST

static const struct {
    int code;
    const char *name;
} bundle_codes[] = {
#define BUNDLE_XX(name, code, text) {code, #name},
    BUNDLE_ERROR_MAP(BUNDLE_XX)
#undef BUNDLE_XX
};

/* Every code of BUNDLE_ERROR_MAP lies in the bundler's range -301..-399
 * and has a message of its own (not another code's, not the fallback). */
START_TEST(error_codes_have_own_messages_in_range)
{
    const char *unknown = bundle_strerror(-300);
    ck_assert_str_eq(unknown, "unknown error");
    ck_assert_str_eq(bundle_strerror(BUNDLE_OK), "success");
    ck_assert_str_eq(bundle_strerror(-400), unknown);
    for (size_t i = 0; i < LOA_COUNT(bundle_codes); i++) {
        int c = bundle_codes[i].code;
        ck_assert_msg(c <= -301 && c >= -399, "BUNDLE_E_%s = %d is outside -301..-399",
                      bundle_codes[i].name, c);
        const char *m = bundle_strerror(c);
        ck_assert_msg(m[0] && strcmp(m, unknown) != 0 && strcmp(m, "success") != 0,
                      "BUNDLE_E_%s has no message of its own", bundle_codes[i].name);
        for (size_t j = 0; j < i; j++) {
            ck_assert_int_ne(bundle_codes[j].code, c);
            ck_assert_msg(strcmp(bundle_strerror(bundle_codes[j].code), m) != 0,
                          "BUNDLE_E_%s and BUNDLE_E_%s share a message", bundle_codes[j].name,
                          bundle_codes[i].name);
        }
    }
    ck_assert_str_eq(bundle_strerror(BUNDLE_E_NOT_FOUND), "included file not found");
}
END_TEST

/* The command line: exit 2 for bad options. */
static const char *const bad_command_lines[] = {
    "", " --bogus x.c", " -s --line-markers x.c", " -s --keep-comments x.c", " -o",
};

START_TEST(exits_2_on_bad_command_line)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, LOA_BUNDLE "%s 2>/dev/null", bad_command_lines[_i]);
    ck_assert_int_eq(run(cmd, NULL, 0), 2);
}
END_TEST

/* The command line: exit 1 and the library's message for a bad source. */
START_TEST(exits_1_naming_an_unbundlable_source)
{
    make_root();
    write_file(tmp_root, "missing.c", "#include \"nowhere.h\"\n");
    char cmd[700];
    snprintf(cmd, sizeof cmd, LOA_BUNDLE " '%s/missing.c' -o '%s/out.c' 2>&1", tmp_root, tmp_root);
    char out[1024];
    ck_assert_int_eq(run(cmd, out, sizeof out), 1);
    ck_assert_ptr_nonnull(strstr(out, "cannot find \"nowhere.h\""));
    remove_root();
}
END_TEST

/* A bot bundled without one of its files: what its header declares and
 * the main file uses is defined only in lib/util.c, which the refusal
 * names with the names (the linker would name the symbols alone); given
 * both files it bundles and runs; a name declared and defined in no file
 * near its header (a library's) is left to the linker. */
START_TEST(names_the_file_not_given_that_defines_a_declared_name)
{
    make_root();
    char dir[600];
    snprintf(dir, sizeof dir, "%s/lib", tmp_root);
    ck_assert_int_eq(mkdir(dir, 0777), 0);
    write_file(tmp_root, "main.c",
               "#include <stdio.h>\n#include \"lib/util.h\"\n"
               "int main(void) { printf(\"%d\\n\", helper(counter)); return 0; }\n");
    write_file(dir, "util.h",
               "#ifndef UTIL_H\n#define UTIL_H\nint helper(int x);\n"
               "extern int counter;\ndouble from_a_library(double);\n#endif\n");
    write_file(dir, "other.c", "int unrelated(void) { return 0; }\n");
    write_file(dir, "util.c",
               "#include \"util.h\"\nint counter = 41;\n"
               "int helper(int x) { return x + 1; }\n");
    char cmd[1400], out[2048];
    snprintf(cmd, sizeof cmd, "cd '%s' && " LOA_BUNDLE " main.c -o out.c 2>&1", tmp_root);
    ck_assert_int_eq(run(cmd, out, sizeof out), 1);
    ck_assert_msg(strstr(out, "lib/util.c (counter, helper)") && !strstr(out, "other.c") &&
                      !strstr(out, "from_a_library") && strstr(out, "would not link"),
                  "got: %s", out);
    bundle_diag d;
    char *text = NULL;
    const char *both[] = {"main.c", "lib/util.c"};
    ck_assert_int_eq(bundle_in(tmp_root, both, 2, NULL, &text, &d), 0);
    compile_and_run(text, out, sizeof out);
    ck_assert_str_eq(out, "42\n");
    free(text);
    /* used, declared, defined nowhere near: the bundle is the linker's to judge */
    write_file(tmp_root, "lib.c",
               "#include \"lib/util.h\"\n"
               "double twice(double x) { return from_a_library(x); }\n");
    const char *lib[] = {"lib.c"};
    ck_assert_int_eq(bundle_in(tmp_root, lib, 1, NULL, &text, &d), 0);
    free(text);
    remove_root();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"inlines_guarded_headers_once_and_unguarded_files_each_time",
         inlines_guarded_headers_once_and_unguarded_files_each_time, 60},
        {"line_markers_point_at_original_files", line_markers_point_at_original_files, 60},
        {"searches_include_dirs_after_the_including_directory",
         searches_include_dirs_after_the_including_directory, 60},
        {"renames_clashing_statics_per_unit_and_appends_the_sdk",
         renames_clashing_statics_per_unit_and_appends_the_sdk, 60},
        {"refuses_a_directory_as_source", refuses_a_directory_as_source, 10},
        {"rejects_null_arguments", rejects_null_arguments, 10},
        {"error_codes_have_own_messages_in_range", error_codes_have_own_messages_in_range, 10},
        {"exits_1_naming_an_unbundlable_source", exits_1_naming_an_unbundlable_source, 20},
        {"names_the_file_not_given_that_defines_a_declared_name",
         names_the_file_not_given_that_defines_a_declared_name, 60},
    };
    const loa_loop_tcase loops[] = {
        {"rejects_unbundlable_source_naming_it", rejects_unbundlable_source_naming_it, 20,
         (int)LOA_COUNT(bad_sources)},
        {"exits_2_on_bad_command_line", exits_2_on_bad_command_line, 20,
         (int)LOA_COUNT(bad_command_lines)},
    };
    return loa_run_suite_loops("bundle", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
