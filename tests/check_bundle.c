/*
 * check_bundle - loa-bundle's include resolution on small fixture projects
 * (guards, #pragma once, unguarded files, system headers, several units
 * with clashing statics and macros, errors), then every bot that
 * bots/CMakeLists.txt builds with loa_add_bot(): bundled with the
 * loa-bundle binary, compiled alone in an empty temporary directory with
 * CodinGame's command (gcc -std=gnu17 -O2 submit.c -lm -lpthread, plus
 * -Wall, which must print nothing), fed the same turns as the original
 * binary (same answers expected), and played in a game through loa-referee;
 * and a C++ bot on the SDK (tests/fixtures/cpp/bot.cpp): its headers
 * compile as C++, and its bundle, compiled by g++, plays a game.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bundle.h"
#include "check_main.h"
#include "loa/loa.h"

#define LOA_BUNDLE LOA_BIN_DIR "/loa-bundle"
#define REFEREE LOA_BIN_DIR "/loa-referee"
#define FIRST LOA_BIN_DIR "/loa-first"
#define CG_COMPILE "gcc -std=gnu17 -O2 -Wall"

/* ---- helpers ------------------------------------------------------------- */

static char tmp_root[64];

static void make_root(void)
{
    snprintf(tmp_root, sizeof tmp_root, "/tmp/check_bundle_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmp_root));
}

static void remove_root(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp_root); /* our own mkdtemp directory */
    ck_assert_int_eq(system(cmd), 0);
}

static void write_file(const char *dir, const char *name, const char *text)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    ck_assert_msg(f != NULL, "cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

/* Runs cmd through the shell, its stdout into out (size bytes, may be
 * NULL). Returns the exit status, -1 after a signal. */
static int run(const char *cmd, char *out, size_t size)
{
    FILE *f = popen(cmd, "r");
    ck_assert_ptr_nonnull(f);
    char sink[4096];
    size_t len = 0, n;
    for (;;) {
        char *dst = out && len + 1 < size ? out + len : sink;
        size_t room = out && len + 1 < size ? size - 1 - len : sizeof sink;
        if ((n = fread(dst, 1, room, f)) == 0)
            break;
        if (dst != sink)
            len += n;
    }
    if (out)
        out[len] = '\0';
    int st = pclose(f);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
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
    snprintf(cmd, sizeof cmd, "cd '%s' && " CG_COMPILE " -Wextra submit.c -o bot -lm -lpthread 2>&1",
             dir);
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
    write_file(tmp_root, "sub/deep.h",
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
    write_file(inc, "common.h", /* found through -I only */
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
    write_file(tmp_root, "b.c",
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
    const char *message;     /* a substring of diag.message */
} bad_sources[] = {
    {{{"missing.c", "#include <stdio.h>\n\n#include \"nowhere.h\"\nint x;\n"}},
     "missing.c", BUNDLE_E_NOT_FOUND, "missing.c:3: cannot find \"nowhere.h\""},
    {{{"computed.c", "#define H \"x.h\"\n#include H\n"}},
     "computed.c", BUNDLE_E_SYNTAX, "computed.c:2: computed include"},
    {{{"bad.c", "#include \"x.h\n"}}, "bad.c", BUNDLE_E_SYNTAX, "bad.c:1: malformed include"},
    {{{"loop1.h", "#include \"loop2.h\"\n"},
      {"loop2.h", "#include \"loop1.h\"\n"},
      {"cycle.c", "#include \"loop1.h\"\n"}},
     "cycle.c", BUNDLE_E_DEPTH, "includes itself"},
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
    "",
    " --bogus x.c",
    " -s --line-markers x.c",
    " -s --keep-comments x.c",
    " -o",
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

/* ---- the bundled bots ------------------------------------------------------- */

typedef struct bot {
    char name[64];
    char sources[8][128];
    int nsources;
} bot;

/* Reads `loa_add_bot(<name> <sources>...)` lines of bots/CMakeLists.txt. */
static int read_bots(bot *bots, int max)
{
    FILE *f = fopen(LOA_SOURCE_DIR "/bots/CMakeLists.txt", "r");
    ck_assert_ptr_nonnull(f);
    char line[1024];
    int n = 0;
    while (n < max && fgets(line, sizeof line, f)) {
        char *p = strstr(line, "loa_add_bot(");
        if (!p || (strchr(line, '#') && strchr(line, '#') < p))
            continue;
        p += strlen("loa_add_bot(");
        char *close = strchr(p, ')');
        if (!close)
            continue;
        *close = '\0';
        bot *b = &bots[n];
        memset(b, 0, sizeof *b);
        char *save = NULL;
        for (char *tok = strtok_r(p, " \t", &save); tok; tok = strtok_r(NULL, " \t", &save)) {
            if (!b->name[0])
                snprintf(b->name, sizeof b->name, "%s", tok);
            else if (strstr(tok, ".c") && b->nsources < 8 && !strchr(tok, '$'))
                snprintf(b->sources[b->nsources++], sizeof b->sources[0], "%s", tok);
        }
        if (b->name[0] && b->nsources > 0 && strchr(b->name, '$') == NULL)
            n++;
    }
    fclose(f);
    return n;
}

/* The turns fed to every bot: black's first turns of a seeded random
 * playout (positions where black is to move), as the referee writes them. */
static void write_turns(const char *path, int turns)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    loa_board b;
    loa_board_init(&b);
    loa_jrandom r;
    loa_jrandom_seed(&r, 12345);
    loa_move last = LOA_MOVE_NONE;
    fputs("b\n", f);
    for (int t = 0; t < turns; t++) {
        loa_move mv[LOA_MAX_MOVES];
        int n = loa_generate_moves(&b, mv);
        for (int row = 7; row >= 0; row--) {
            for (int file = 0; file < 8; file++)
                fputc(loa_board_square_char(&b, LOA_SQUARE(file, row)), f);
            fputc('\n', f);
        }
        char buf[LOA_MOVE_STRING_MAX];
        fprintf(f, "%s\n", loa_move_format(last, buf));
        loa_sort_moves(mv, n);
        if (n == 0)
            fputs("1\npass\n", f);
        else
            fprintf(f, "%d\n", n);
        for (int i = 0; i < n; i++)
            fprintf(f, "%s\n", loa_move_format(mv[i], buf));
        /* advance two plies (black, then white) along the playout */
        for (int ply = 0; ply < 2; ply++) {
            n = loa_generate_moves_cg(&b, mv);
            loa_move m = n ? mv[loa_jrandom_next_int(&r, n)] : LOA_MOVE_PASS;
            loa_make_move(&b, m, NULL);
            last = m;
            if (loa_board_status(&b, LOA_MAX_PLIES) != LOA_ONGOING)
                t = turns; /* stop at a decided game */
        }
    }
    fclose(f);
}

/* Options making a bot's answers depend on its input only, from its --help. */
static const char *deterministic_args(const char *binary)
{
    static char args[64];
    char cmd[700], help[8192];
    snprintf(cmd, sizeof cmd, "'%s' --help 2>&1 < /dev/null", binary);
    run(cmd, help, sizeof help);
    args[0] = '\0';
    if (strstr(help, "--deterministic"))
        strcat(args, " --deterministic");
    if (strstr(help, "--seed"))
        strcat(args, " --seed 7");
    return args;
}

START_TEST(bundled_bots_compile_alone_and_answer_like_originals)
{
    bot bots[32];
    int n = read_bots(bots, 32);
    ck_assert_int_ge(n, 1);
    make_root();
    char turns[600];
    snprintf(turns, sizeof turns, "%s/turns.txt", tmp_root);
    write_turns(turns, 8);
    int played = 0, have_referee = access(REFEREE, X_OK) == 0 && access(FIRST, X_OK) == 0;
    for (int i = 0; i < n; i++) {
        bot *b = &bots[i];
        char dir[700], cmd[4096], msgs[8192], orig[600];
        snprintf(orig, sizeof orig, LOA_BIN_DIR "/%.63s", b->name);
        ck_assert_msg(access(orig, X_OK) == 0, "%s is not built", orig);
        snprintf(dir, sizeof dir, "%s/%.63s", tmp_root, b->name);
        ck_assert_int_eq(mkdir(dir, 0777), 0);
        /* Bundle from the source tree; compile in an empty directory. */
        snprintf(cmd, sizeof cmd, "cd '%s' && '%s' -q", LOA_SOURCE_DIR "/bots", LOA_BUNDLE);
        for (int k = 0; k < b->nsources; k++) {
            size_t l = strlen(cmd);
            snprintf(cmd + l, sizeof cmd - l, " '%s'", b->sources[k]);
        }
        size_t l = strlen(cmd);
        snprintf(cmd + l, sizeof cmd - l, " -o '%s/submit.c' 2>&1", dir);
        int st = run(cmd, msgs, sizeof msgs);
        /* Over CodinGame's limit (status 3) the message names -s when the
         * stripped file fits: do what it tells a user (docs/bots.md bundles
         * loa-ab so), and the stripped bundle must then fit and play alike. */
        if (st == 3 && strstr(msgs, "which fits")) {
            char *q = strstr(cmd, " -q");
            ck_assert_ptr_nonnull(q);
            memmove(q + 6, q + 3, strlen(q + 3) + 1);
            memcpy(q, " -q -s", 6);
            st = run(cmd, msgs, sizeof msgs);
        }
        ck_assert_msg(st == 0, "bundling %s failed: %s", b->name, msgs);
        snprintf(cmd, sizeof cmd, "grep -c '^#include \"' '%s/submit.c'", dir);
        run(cmd, msgs, sizeof msgs);
        ck_assert_msg(atoi(msgs) == 0, "%s: the bundle still includes local files", b->name);
        snprintf(cmd, sizeof cmd,
                 "cd '%s' && " CG_COMPILE " submit.c -o bot -lm -lpthread 2>&1", dir);
        ck_assert_msg(run(cmd, msgs, sizeof msgs) == 0 && msgs[0] == '\0',
                      "%s: compiling the bundle failed or warned:\n%s", b->name, msgs);

        /* Same input, same answers. */
        const char *args = deterministic_args(orig);
        char want[8192], got[8192];
        snprintf(cmd, sizeof cmd, "'%s'%s < '%s' 2>/dev/null", orig, args, turns);
        run(cmd, want, sizeof want);
        snprintf(cmd, sizeof cmd, "'%s/bot'%s < '%s' 2>/dev/null", dir, args, turns);
        run(cmd, got, sizeof got);
        ck_assert_msg(want[0] != '\0', "%s answered nothing", b->name);
        ck_assert_msg(strcmp(want, got) == 0, "%s: the bundle answered\n%s\nthe original\n%s",
                      b->name, got, want);

        /* A game through the referee, with the bot's default options (-v:
         * referee.err then says why a game went wrong, e.g. a timeout on a
         * machine loaded by other work). */
        if (have_referee) {
            char out[256];
            snprintf(cmd, sizeof cmd,
                     "'%s' -v -p1 '%s/bot' -p2 '%s' -d seed=%d 2>'%s/referee.err'", REFEREE, dir,
                     FIRST, 40 + i, dir);
            int rc = run(cmd, out, sizeof out);
            int s1 = -2, s2 = -2;
            ck_assert_msg(rc == 0 && sscanf(out, "%d %d", &s1, &s2) == 2,
                          "%s: referee exit %d, output '%s'", b->name, rc, out);
            ck_assert_msg(s1 != -1, "%s: the bundle scored -1 (see %s/referee.err)", b->name, dir);
            played++;
        }
        printf("bundle: %-12s bundled, compiled warning-free, same answers on %s%s%s\n", b->name,
               "8 turns", have_referee ? ", game score " : "",
               have_referee ? "ok" : "");
    }
    if (!have_referee)
        printf("bundle: SKIPPED the games: %s is not built\n", REFEREE);
    fflush(stdout);
    remove_root();
}
END_TEST

/* ---- C++ ------------------------------------------------------------------ */

START_TEST(cpp_bot_bundles_compiles_with_gpp_and_plays)
{
    char out[8192], cmd[4096];
    if (run("command -v g++ >/dev/null 2>&1", NULL, 0) != 0) {
        printf("bundle: SKIPPED the C++ bot: g++ is not installed\n");
        return;
    }
    make_root();
    /* the SDK's headers, included by C++ (extern "C", no C-only syntax) */
    snprintf(cmd, sizeof cmd,
             "g++ -std=c++17 -Wall -Wextra -Wpedantic -fsyntax-only -I'%s/sdk/include' "
             "'%s/tests/fixtures/cpp/bot.cpp' 2>&1",
             LOA_SOURCE_DIR, LOA_SOURCE_DIR);
    ck_assert_msg(run(cmd, out, sizeof out) == 0 && out[0] == '\0', "g++ on the headers:\n%s", out);
    /* the bundle: the bot and the SDK units it uses in one C++ file */
    snprintf(cmd, sizeof cmd,
             "cd '%s/tests/fixtures/cpp' && '%s' -q bot.cpp -o '%s/submit.cpp' 2>&1 && "
             "cd '%s' && g++ -std=c++17 -O2 -Wall -Wextra submit.cpp -o bot 2>&1",
             LOA_SOURCE_DIR, LOA_BUNDLE, tmp_root, tmp_root);
    ck_assert_msg(run(cmd, out, sizeof out) == 0 && out[0] == '\0',
                  "bundling or compiling the C++ bot failed or warned:\n%s", out);
    if (access(REFEREE, X_OK) != 0) {
        printf("bundle: SKIPPED the C++ bot's game: %s is not built\n", REFEREE);
    } else {
        snprintf(cmd, sizeof cmd, "'%s' -p1 '%s/bot' -p2 '" LOA_BIN_DIR "/loa-random -s 2' "
                 "-d seed=9 2>&1", REFEREE, tmp_root);
        int s1 = -2, s2 = -2;
        ck_assert_int_eq(run(cmd, out, sizeof out), 0);
        ck_assert_msg(sscanf(out, "%d %d", &s1, &s2) == 2 && s1 != -1 && s2 != -1,
                      "the C++ bot's game: %s", out);
    }
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
        {"bundled_bots_compile_alone_and_answer_like_originals",
         bundled_bots_compile_alone_and_answer_like_originals, 200},
        {"cpp_bot_bundles_compiles_with_gpp_and_plays", cpp_bot_bundles_compiles_with_gpp_and_plays,
         120},
    };
    const loa_loop_tcase loops[] = {
        {"rejects_unbundlable_source_naming_it", rejects_unbundlable_source_naming_it, 20,
         (int)LOA_COUNT(bad_sources)},
        {"exits_2_on_bad_command_line", exits_2_on_bad_command_line, 20,
         (int)LOA_COUNT(bad_command_lines)},
    };
    return loa_run_suite_loops("bundle", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
