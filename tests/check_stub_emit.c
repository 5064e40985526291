/*
 * check_stub_emit - the emitters of loa-stub (stub/emit.c, frame.c,
 * lang_*.c): naming conventions and reserved words, the table of
 * languages, what some emitters must get right beyond the text (Rust's
 * unused bindings, Clojure's parentheses), and the golden files of every
 * language.
 *
 * Golden files: tests/golden/stub/<stub>/<lang>/<file name>, for the
 * built-in LOA stub ("loa"), tests/golden/stub/features.stub (every
 * construct of the language) and tests/golden/stub/edges.stub (the layouts
 * the other two do not reach: no game loop, a long loop amount, a bool
 * alone on its line, reserved words as names). After an intended change of
 * an emitter, regenerate them with LOA_UPDATE_GOLDEN=1 ./check_stub_emit
 * and review the diff.
 */
#include <sys/stat.h>

#include "stub_test_util.h"

/* ---- naming -------------------------------------------------------------- */

START_TEST(converts_names_to_language_conventions)
{
    char *py = gen("read moveCount:int myURLValue:int N:int x2Y:int\nwrite a\n", "python3");
    ck_assert_ptr_nonnull(strstr(py, "move_count = int(inputs[0])"));
    ck_assert_ptr_nonnull(strstr(py, "my_url_value = int(inputs[1])"));
    ck_assert_ptr_nonnull(strstr(py, "n = int(inputs[2])"));
    ck_assert_ptr_nonnull(strstr(py, "x2_y = int(inputs[3])"));
    free(py);
    char *java = gen("read moveCount:int\nwrite a\n", "java");
    ck_assert_ptr_nonnull(strstr(java, "int moveCount = Integer.parseInt(in.readLine());"));
    free(java);
}
END_TEST

/* Reserved words get a trailing underscore; so does the loop index when a
 * variable already has its name. */
START_TEST(suffixes_reserved_words_and_taken_loop_index)
{
    char *lua = gen("read end:int\nloop end read i:int\nwrite a\n", "lua");
    ck_assert_ptr_nonnull(strstr(lua, "local end_ = tonumber(io.read())"));
    ck_assert_ptr_nonnull(strstr(lua, "for j = 0, end_ - 1 do"));
    free(lua);
}
END_TEST

/* Two stub names that meet after conversion stay distinct. */
START_TEST(keeps_names_distinct_after_conversion)
{
    char *rb = gen("read aB:int a_b:int\nwrite a\n", "ruby");
    ck_assert_ptr_nonnull(strstr(rb, "a_b = inputs[0].to_i"));
    ck_assert_ptr_nonnull(strstr(rb, "a_b_ = inputs[1].to_i"));
    free(rb);
}
END_TEST

START_TEST(finds_languages_by_name_and_alias)
{
    int n;
    const stub_lang *const *all = stub_languages(&n);
    ck_assert_int_eq(n, 27);
    ck_assert_ptr_eq(stub_find_language("PY"), stub_find_language("python3"));
    ck_assert_ptr_eq(stub_find_language("F#"), stub_find_language("fsharp"));
    ck_assert_ptr_eq(stub_find_language("VB.NET"), stub_find_language("vbnet"));
    ck_assert_ptr_eq(stub_find_language("objective-c"), stub_find_language("objc"));
    ck_assert_ptr_eq(stub_find_language("fpc"), stub_find_language("pascal"));
    ck_assert_ptr_eq(stub_find_language("clj"), stub_find_language("clojure"));
    ck_assert_ptr_eq(stub_find_language("c++"), stub_find_language("cpp"));
    ck_assert_ptr_eq(stub_find_language("C#"), stub_find_language("csharp"));
    ck_assert_ptr_null(stub_find_language("cobol"));
    ck_assert_ptr_null(stub_find_language(""));
    for (int i = 0; i < n; i++)
        ck_assert_ptr_eq(stub_find_language(all[i]->name), all[i]);
}
END_TEST

/* ---- golden files ---------------------------------------------------------- */

static void check_golden(const char *stub_name, const char *stub_text)
{
    int n, updated = 0;
    const stub_lang *const *all = stub_languages(&n);
    int update = getenv("LOA_UPDATE_GOLDEN") != NULL;
    stub_program *p = parse_ok(stub_text);
    for (int i = 0; i < n; i++) {
        char path[1200], dir[1024];
        snprintf(dir, sizeof dir, "%s/%s/%s", GOLDEN_DIR, stub_name, all[i]->name);
        snprintf(path, sizeof path, "%s/%s", dir, all[i]->file_name);
        char *code = NULL;
        ck_assert_int_eq(stub_generate(p, all[i], &code), 0);
        if (update) {
            char d1[1024];
            snprintf(d1, sizeof d1, "%s/%s", GOLDEN_DIR, stub_name);
            mkdir(d1, 0777);
            mkdir(dir, 0777);
            FILE *f = fopen(path, "w");
            ck_assert_msg(f != NULL, "cannot write %s", path);
            fputs(code, f);
            fclose(f);
            updated++;
        }
        char *want = slurp(path);
        ck_assert_msg(want != NULL, "missing golden file %s (LOA_UPDATE_GOLDEN=1 creates it)",
                      path);
        if (strcmp(want, code) != 0) {
            /* Point at the first differing line for a readable failure. */
            int line = 1;
            size_t k = 0;
            while (want[k] && want[k] == code[k]) {
                if (want[k] == '\n')
                    line++;
                k++;
            }
            ck_abort_msg("%s differs from the generated %s code at line %d", path, all[i]->display,
                         line);
        }
        free(want);
        free(code);
    }
    stub_program_free(p);
    if (update)
        fprintf(stderr, "updated %d golden files of %s\n", updated, stub_name);
}

START_TEST(matches_golden_files_of_loa_stub)
{
    check_golden("loa", stub_loa_text());
}
END_TEST

/* The stubs of tests/golden/stub/<name>.stub, one per row. */
static const char *const golden_stubs[] = {"features", "edges"};

START_TEST(matches_golden_files_of_stub_files)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.stub", GOLDEN_DIR, golden_stubs[_i]);
    char *text = slurp(path);
    ck_assert_msg(text != NULL, "cannot read %s", path);
    check_golden(golden_stubs[_i], text);
    free(text);
}
END_TEST

/* ---- what the golden files cannot say -------------------------------------- */

/* A Rust binding that nothing reads gets a leading `_` (rustc warns about
 * it otherwise): a read's binding is used by a later loop amount or write
 * of its block, or, before the game loop, of the game loop; a later read of
 * the same name is a new binding. A keyword's escape gives way to the `_`. */
START_TEST(prefixes_unused_rust_bindings_with_underscore)
{
    char *rs = gen("read n:int\n"
                   "read s:word(3)\n"
                   "read a:int\n"
                   "read a:int\n"
                   "loop n read move:word(4)\n"
                   "read c:int\n"
                   "gameloop\n"
                   "loop 2 read c:int\n"
                   "read t:int\n"
                   "write join(t, c, a)\n",
                   "rust");
    const char *want[] = {"let n = ",     "let _s = ", "let _a = ", "let a = ",
                          "let _move = ", "let c = ",  "let _c = ", "let t = "};
    const char *at = rs;
    for (size_t i = 0; i < LOA_COUNT(want); i++) {
        const char *f = strstr(at, want[i]);
        ck_assert_msg(f != NULL, "no '%s' after the previous binding in:\n%s", want[i], rs);
        at = f + strlen(want[i]);
    }
    free(rs);
}
END_TEST

/* Clojure's closing parentheses are counted by the emitter (each `let`
 * encloses the rest of its block): every bracket must close the right one,
 * and the file must hold exactly two forms, (ns ...) and (defn -main ...),
 * whatever the stub. Strings and ; comments are skipped. */
static const char *const clojure_stubs[] = {
    "read a:int\nwrite join(a)\n",
    "read a:int\nread b:word(2)\nloop a read c:int\nread d:int\ngameloop\nwrite x\nread e:int\n",
    "gameloop\nloop 2 loop 3 read a:int b:string(9)\nloopline 2 c:int d:int\nwrite \"(\" ;)\n",
};

static void check_clojure_forms(const char *code)
{
    char stack[256];
    int depth = 0, forms = 0;
    for (const char *s = code; *s; s++) {
        if (*s == ';') {
            s = strchr(s, '\n');
            if (!s)
                break;
        } else if (*s == '"') {
            for (s++; *s && *s != '"'; s++)
                if (*s == '\\' && s[1])
                    s++;
            ck_assert_msg(*s == '"', "unterminated string in:\n%s", code);
        } else if (strchr("([{", *s)) {
            ck_assert_int_lt(depth, (int)sizeof stack);
            stack[depth++] = *s;
        } else if (strchr(")]}", *s)) {
            char open = *s == ')' ? '(' : *s == ']' ? '[' : '{';
            ck_assert_msg(depth > 0 && stack[depth - 1] == open,
                          "'%c' closes nothing it opened at offset %d of:\n%s", *s, (int)(s - code),
                          code);
            if (--depth == 0)
                forms++;
        }
    }
    ck_assert_msg(depth == 0, "%d brackets left open in:\n%s", depth, code);
    ck_assert_msg(forms == 2, "%d top-level forms in:\n%s", forms, code);
}

START_TEST(closes_every_clojure_form)
{
    char *code = _i < (int)LOA_COUNT(clojure_stubs) ? gen(clojure_stubs[_i], "clojure") : NULL;
    if (!code) {
        const char *name = _i == (int)LOA_COUNT(clojure_stubs) ? "features" : "edges";
        char path[512];
        snprintf(path, sizeof path, "%s/%s.stub", GOLDEN_DIR, name);
        char *text = slurp(path);
        ck_assert_ptr_nonnull(text);
        code = gen(text, "clojure");
        free(text);
    }
    check_clojure_forms(code);
    free(code);
    if (_i == 0) { /* the LOA stub too */
        code = gen(stub_loa_text(), "clojure");
        check_clojure_forms(code);
        free(code);
    }
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"converts_names_to_language_conventions", converts_names_to_language_conventions, 10},
        {"suffixes_reserved_words_and_taken_loop_index",
         suffixes_reserved_words_and_taken_loop_index, 10},
        {"keeps_names_distinct_after_conversion", keeps_names_distinct_after_conversion, 10},
        {"finds_languages_by_name_and_alias", finds_languages_by_name_and_alias, 10},
        {"matches_golden_files_of_loa_stub", matches_golden_files_of_loa_stub, 10},
        {"prefixes_unused_rust_bindings_with_underscore",
         prefixes_unused_rust_bindings_with_underscore, 10},
    };
    const loa_loop_tcase loops[] = {
        {"matches_golden_files_of_stub_files", matches_golden_files_of_stub_files, 10,
         (int)LOA_COUNT(golden_stubs)},
        {"closes_every_clojure_form", closes_every_clojure_form, 10,
         (int)LOA_COUNT(clojure_stubs) + 2},
    };
    return loa_run_suite_loops("stub_emit", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
