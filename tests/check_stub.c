/*
 * check_stub - the stub-language parser (tree shape, every error with its
 * line number), naming conventions, the golden files of every language, and
 * the loa-stub command line.
 *
 * Golden files: tests/golden/stub/<stub>/<lang>/<file name>, for the
 * built-in LOA stub ("loa") and tests/golden/stub/features.stub (every
 * construct of the language). After an intended change of an emitter,
 * regenerate them with LOA_UPDATE_GOLDEN=1 ./check_stub and review the diff.
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "stub.h"

#define GOLDEN_DIR LOA_SOURCE_DIR "/tests/golden/stub"
#define LOA_STUB LOA_BIN_DIR "/loa-stub"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (len + 1 == cap) {
            char *b = realloc(buf, cap *= 2);
            if (!b) {
                free(buf);
                buf = NULL;
            }
            buf = b;
        }
    }
    fclose(f);
    if (buf)
        buf[len] = '\0';
    return buf;
}

static stub_program *parse_ok(const char *text)
{
    stub_program *p = NULL;
    stub_diag d;
    int rc = stub_parse(text, &p, &d);
    ck_assert_msg(rc == 0, "parse failed: line %d: %s", d.line, d.message);
    return p;
}

/* ---- parser: the tree ---------------------------------------------------- */

START_TEST(test_loa_tree)
{
    stub_program *p = parse_ok(stub_loa_text());
    ck_assert_int_eq(p->var_count, 5);
    ck_assert_str_eq(p->vars[0].name, "color");
    ck_assert_int_eq(p->vars[0].type, STUB_WORD);
    ck_assert_int_eq(p->vars[0].length, 1);
    ck_assert_str_eq(p->vars[3].name, "moveCount");
    ck_assert_int_eq(p->vars[3].type, STUB_INT);
    ck_assert_ptr_nonnull(p->vars[4].comment);
    ck_assert(p->has_gameloop);
    /* init: read color */
    ck_assert_ptr_nonnull(p->init);
    ck_assert_int_eq(p->init->kind, STUB_READ);
    ck_assert_ptr_null(p->init->next);
    /* turn: loop 8 read line; read lastMove; read moveCount; loop moveCount ...; write */
    const stub_node *n = p->turn;
    ck_assert_int_eq(n->kind, STUB_LOOP);
    ck_assert_int_eq(n->amount_var, -1);
    ck_assert_int_eq(n->amount, 8);
    ck_assert_int_eq(n->body->kind, STUB_READ);
    ck_assert_int_eq(n->line, 4);
    n = n->next->next->next;
    ck_assert_int_eq(n->kind, STUB_LOOP);
    ck_assert_int_eq(n->amount_var, 3);
    n = n->next;
    ck_assert_int_eq(n->kind, STUB_WRITE);
    ck_assert_int_eq(n->part_count, 1);
    ck_assert_str_eq(n->parts[0].text, "random");
    ck_assert(n->first_write);
    ck_assert_ptr_null(n->next);
    ck_assert_ptr_nonnull(p->statement);
    ck_assert_ptr_nonnull(strstr(p->output, "random"));
    stub_program_free(p);
}
END_TEST

START_TEST(test_join_and_sections)
{
    stub_program *p = parse_ok("read n:int name:word(5)\r\n"
                               "write join(\"GO\", n,name ,\"x y\")\n"
                               "\n"
                               "INPUT\n"
                               "n : the count\n"
                               "OUTPUT\n"
                               "line one\n"
                               "line two\n"
                               "\n");
    ck_assert(!p->has_gameloop);
    const stub_node *w = p->init->next;
    ck_assert_int_eq(w->kind, STUB_WRITE);
    ck_assert_int_eq(w->part_count, 4);
    ck_assert_str_eq(w->parts[0].text, "GO");
    ck_assert_int_eq(w->parts[1].var, 0);
    ck_assert_int_eq(w->parts[2].var, 1);
    ck_assert_str_eq(w->parts[3].text, "x y");
    ck_assert_str_eq(p->vars[0].comment, "the count");
    ck_assert_ptr_null(p->vars[1].comment);
    ck_assert_str_eq(p->output, "line one\nline two");
    ck_assert_ptr_null(p->statement);
    stub_program_free(p);
}
END_TEST

/* ---- parser: errors with their line numbers ------------------------------ */

static const struct bad_stub {
    const char *text;
    int line;
    const char *message; /* a substring of the message */
} bad_stubs[] = {
    {"", 1, "no command"},
    {"\n\nINPUT\n", 3, "no command"},
    {"read x:int\nfoo x\n", 2, "unknown command 'foo'"},
    {"read\n", 1, "at least one variable"},
    {"read x\n", 1, "not a variable declaration"},
    {"read 1x:int\n", 1, "bad variable name '1x'"},
    {"read x-y:int\n", 1, "bad variable name"},
    {"read x:integer\n", 1, "unknown type 'integer'"},
    {"read x:word\n", 1, "needs a length"},
    {"read x:word()\n", 1, "needs a length"},
    {"read x:word(0)\n", 1, "bad length"},
    {"read x:string(9999999)\n", 1, "bad length"},
    {"read x:word(3\n", 1, "needs a length"},
    {"read a:string(5) b:int\n", 1, "must be the last"},
    {"read a:int a:int\n", 1, "appears twice"},
    {"read a:int\nread a:word(3)\n", 2, "declared int on line 1"},
    {"loop\n", 1, "needs an amount"},
    {"loop 3\n", 1, "needs a command"},
    {"loop 0 read x:int\n", 1, "bad loop amount '0'"},
    {"loop n read x:int\n", 1, "loop amount 'n' is neither"},
    {"read n:word(2)\nloop n read x:int\n", 2, "is a word, not an int"},
    {"read n:int\nloop n loop 2 read x:int\nwrite join(x)\n", 3, "out of scope"},
    {"read n:int\nloopline n x:int\nloop x read y:int\n", 3, "out of scope"},
    {"loopline 3 s:string(4)\n", 1, "loopline cannot hold the string"},
    {"write\n", 1, "needs the text"},
    {"write join(\n", 1, "expected \"text\" or a variable"},
    {"write join(\"a\"\n", 1, "expected ',' or ')'"},
    {"write join(\"a)\n", 1, "unterminated"},
    {"write join(zz)\n", 1, "join argument 'zz' is not a variable"},
    {"write join(\"a\") tail\n", 1, "unexpected text after join"},
    {"read x:int\ngameloop\ngameloop\nwrite a\n", 3, "second 'gameloop'"},
    {"read x:int\ngameloop now\nwrite a\n", 2, "takes no argument"},
    {"read x:int\ngameloop\n", 2, "nothing after 'gameloop'"},
    {"loop 2 gameloop\n", 1, "cannot be repeated"},
    {"read x:int\n\nINPUT\ny: no such variable\n", 4, "which no read declares"},
    {"read x:int\n\nINPUT\nx one\n", 4, "not 'variable: comment'"},
    {"read x:int\n\nINPUT\nx: a\nx: b\n", 5, "second INPUT comment"},
    {"read x:int\n\nOUTPUT\na\nOUTPUT\nb\n", 5, "second OUTPUT block"},
    {"read x:int\nwrite a\x01\n", 2, "control character"},
};

START_TEST(test_bad_stub)
{
    const struct bad_stub *b = &bad_stubs[_i];
    stub_program *p = NULL;
    stub_diag d;
    int rc = stub_parse(b->text, &p, &d);
    ck_assert_msg(rc == STUB_E_SYNTAX, "stub %d accepted (rc %d)", _i, rc);
    ck_assert_ptr_null(p);
    ck_assert_msg(d.line == b->line, "stub %d: error on line %d, expected %d (%s)", _i, d.line,
                  b->line, d.message);
    ck_assert_msg(strstr(d.message, b->message) != NULL, "stub %d: message '%s' lacks '%s'", _i,
                  d.message, b->message);
}
END_TEST

START_TEST(test_long_line)
{
    char *text = malloc(STUB_LINE_MAX + 64);
    ck_assert_ptr_nonnull(text);
    strcpy(text, "read x:int\nwrite ");
    size_t n = strlen(text);
    memset(text + n, 'a', STUB_LINE_MAX);
    strcpy(text + n + STUB_LINE_MAX, "\n");
    stub_program *p = NULL;
    stub_diag d;
    ck_assert_int_eq(stub_parse(text, &p, &d), STUB_E_SYNTAX);
    ck_assert_int_eq(d.line, 2);
    ck_assert_ptr_nonnull(strstr(d.message, "longer than"));
    ck_assert_int_eq(stub_parse(NULL, &p, &d), STUB_E_INVAL);
    ck_assert_str_eq(stub_strerror(STUB_E_SYNTAX), "invalid stub");
    free(text);
}
END_TEST

/* ---- naming -------------------------------------------------------------- */

static char *gen(const char *stub, const char *lang)
{
    stub_program *p = parse_ok(stub);
    const stub_lang *l = stub_find_language(lang);
    ck_assert_msg(l != NULL, "no language %s", lang);
    char *code = NULL;
    ck_assert_int_eq(stub_generate(p, l, &code), 0);
    stub_program_free(p);
    return code;
}

START_TEST(test_naming)
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
    /* Reserved words get a trailing underscore; so does the loop index
     * when a variable already has its name. */
    char *lua = gen("read end:int\nloop end read i:int\nwrite a\n", "lua");
    ck_assert_ptr_nonnull(strstr(lua, "local end_ = tonumber(io.read())"));
    ck_assert_ptr_nonnull(strstr(lua, "for j = 0, end_ - 1 do"));
    free(lua);
    /* Two stub names that meet after conversion stay distinct. */
    char *rb = gen("read aB:int a_b:int\nwrite a\n", "ruby");
    ck_assert_ptr_nonnull(strstr(rb, "a_b = inputs[0].to_i"));
    ck_assert_ptr_nonnull(strstr(rb, "a_b_ = inputs[1].to_i"));
    free(rb);
}
END_TEST

START_TEST(test_find_language)
{
    int n;
    const stub_lang *const *all = stub_languages(&n);
    ck_assert_int_ge(n, 20);
    ck_assert_ptr_eq(stub_find_language("PY"), stub_find_language("python3"));
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
            ck_abort_msg("%s differs from the generated %s code at line %d", path,
                         all[i]->display, line);
        }
        free(want);
        free(code);
    }
    stub_program_free(p);
    if (update)
        fprintf(stderr, "updated %d golden files of %s\n", updated, stub_name);
}

START_TEST(test_golden_loa) { check_golden("loa", stub_loa_text()); }
END_TEST

START_TEST(test_golden_features)
{
    char *text = slurp(GOLDEN_DIR "/features.stub");
    ck_assert_ptr_nonnull(text);
    check_golden("features", text);
    free(text);
}
END_TEST

/* ---- the command line ---------------------------------------------------- */

/* Runs a shell command; returns its exit status and its stdout in *out
 * (malloc'd, may be NULL). */
static int run(const char *cmd, char **out)
{
    FILE *f = popen(cmd, "r");
    ck_assert_ptr_nonnull(f);
    size_t cap = 1 << 16, len = 0, n;
    char *buf = malloc(cap);
    ck_assert_ptr_nonnull(buf);
    while ((n = fread(buf + len, 1, cap - 1 - len, f)) > 0)
        len += n;
    buf[len] = '\0';
    int st = pclose(f);
    if (out)
        *out = buf;
    else
        free(buf);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

START_TEST(test_cli)
{
    char *out;
    ck_assert_int_eq(run(LOA_STUB " --list", &out), 0);
    int n;
    const stub_lang *const *all = stub_languages(&n);
    for (int i = 0; i < n; i++)
        ck_assert_msg(strstr(out, all[i]->name) != NULL, "--list lacks %s", all[i]->name);
    free(out);

    ck_assert_int_eq(run(LOA_STUB " --lang py", &out), 0);
    ck_assert_ptr_nonnull(strstr(out, "print(\"random\", flush=True)"));
    free(out);

    ck_assert_int_eq(run(LOA_STUB " --print-stub", &out), 0);
    ck_assert_str_eq(out, stub_loa_text());
    free(out);

    char tmpl[] = "/tmp/check_stub_XXXXXX", cmd[512], path[256];
    ck_assert_ptr_nonnull(mkdtemp(tmpl));
    snprintf(path, sizeof path, "%s/bot.rs", tmpl);
    snprintf(cmd, sizeof cmd, LOA_STUB " -l rust -o %s", path);
    ck_assert_int_eq(run(cmd, NULL), 0);
    char *code = slurp(path);
    ck_assert_ptr_nonnull(code);
    ck_assert_ptr_nonnull(strstr(code, "println!(\"random\");"));
    free(code);

    /* A bad stub: file:line: error, exit 1. */
    snprintf(path, sizeof path, "%s/bad.stub", tmpl);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("read n:int\nloop n reed x:int\n", f);
    fclose(f);
    snprintf(cmd, sizeof cmd, LOA_STUB " --lang c --stub %s 2>&1", path);
    ck_assert_int_eq(run(cmd, &out), 1);
    ck_assert_msg(strstr(out, "bad.stub:2: error: unknown command 'reed'") != NULL, "got: %s", out);
    free(out);
    remove(path);
    snprintf(path, sizeof path, "%s/bot.rs", tmpl);
    remove(path);
    rmdir(tmpl);

    /* Bad command lines: one line on stderr, exit 2. */
    ck_assert_int_eq(run(LOA_STUB " 2>/dev/null", NULL), 2);
    ck_assert_int_eq(run(LOA_STUB " --lang cobol 2>/dev/null", NULL), 2);
    ck_assert_int_eq(run(LOA_STUB " --bogus 2>/dev/null", NULL), 2);
    ck_assert_int_eq(run(LOA_STUB " --lang 2>/dev/null", NULL), 2);
    ck_assert_int_eq(run(LOA_STUB " --lang c extra 2>/dev/null", NULL), 2);
    ck_assert_int_eq(run(LOA_STUB " --lang c --stub /nonexistent/x.stub 2>/dev/null", NULL), 1);
    ck_assert_int_eq(run(LOA_STUB " --lang c -o /nonexistent/dir/x.c 2>/dev/null", NULL), 1);
}
END_TEST

static Suite *stub_suite(void)
{
    Suite *s = suite_create("stub");
    TCase *tc = tcase_create("parser");
    tcase_set_timeout(tc, 10);
    tcase_add_test(tc, test_loa_tree);
    tcase_add_test(tc, test_join_and_sections);
    tcase_add_loop_test(tc, test_bad_stub, 0, (int)(sizeof bad_stubs / sizeof bad_stubs[0]));
    tcase_add_test(tc, test_long_line);
    suite_add_tcase(s, tc);

    tc = tcase_create("emitters");
    tcase_set_timeout(tc, 10);
    tcase_add_test(tc, test_naming);
    tcase_add_test(tc, test_find_language);
    tcase_add_test(tc, test_golden_loa);
    tcase_add_test(tc, test_golden_features);
    suite_add_tcase(s, tc);

    tc = tcase_create("cli");
    tcase_set_timeout(tc, 20);
    tcase_add_test(tc, test_cli);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(stub_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
