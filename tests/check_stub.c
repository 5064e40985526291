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
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "check_main.h"
#include "loa/loa.h" /* LOA_VERSION_*: the project version */
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

START_TEST(parses_loa_stub_into_tree)
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

START_TEST(parses_join_and_sections)
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

START_TEST(rejects_bad_stub_naming_its_line)
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

START_TEST(rejects_overlong_line)
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
    free(text);
}
END_TEST

START_TEST(rejects_null_arguments)
{
    stub_program *p = NULL;
    stub_diag d;
    ck_assert_int_eq(stub_parse(NULL, &p, &d), STUB_E_INVAL);
    ck_assert_ptr_null(p);
    ck_assert_int_eq(stub_parse("read x:int\nwrite a\n", NULL, &d), STUB_E_INVAL);
}
END_TEST

/* ---- error codes ----------------------------------------------------------- */

static const struct {
    int code;
    const char *name;
} stub_codes[] = {
#define STUB_XX(name, code, text) {code, #name},
    STUB_ERROR_MAP(STUB_XX)
#undef STUB_XX
};

/* Every code of STUB_ERROR_MAP lies in the stub generator's range
 * -401..-499 and has a message of its own (not another code's, not the
 * fallback); the fixed texts users and scripts may compare stay put. */
START_TEST(error_codes_have_own_messages_in_range)
{
    const char *unknown = stub_strerror(-400);
    ck_assert_str_eq(unknown, "unknown error");
    ck_assert_str_eq(stub_strerror(STUB_OK), "success");
    ck_assert_str_eq(stub_strerror(-500), unknown);
    for (size_t i = 0; i < LOA_COUNT(stub_codes); i++) {
        int c = stub_codes[i].code;
        ck_assert_msg(c <= -401 && c >= -499, "STUB_E_%s = %d is outside -401..-499",
                      stub_codes[i].name, c);
        const char *m = stub_strerror(c);
        ck_assert_msg(m[0] && strcmp(m, unknown) != 0 && strcmp(m, "success") != 0,
                      "STUB_E_%s has no message of its own", stub_codes[i].name);
        for (size_t j = 0; j < i; j++) {
            ck_assert_int_ne(stub_codes[j].code, c);
            ck_assert_msg(strcmp(stub_strerror(stub_codes[j].code), m) != 0,
                          "STUB_E_%s and STUB_E_%s share a message", stub_codes[j].name,
                          stub_codes[i].name);
        }
    }
    ck_assert_str_eq(stub_strerror(STUB_E_SYNTAX), "invalid stub");
    ck_assert_str_eq(stub_strerror(STUB_E_IO), "input/output error");
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

START_TEST(matches_golden_files_of_loa_stub) { check_golden("loa", stub_loa_text()); }
END_TEST

START_TEST(matches_golden_files_of_features_stub)
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

/* A --stub file that cannot be used: exit 1 and the reason, as loa-stub has
 * always said it (a NUL byte would cut the stub, so it is refused). */
static const struct unreadable_stub {
    const char *name; /* file written in a temporary directory; NULL: none */
    size_t size;      /* its size: filled with 'a', then one NUL when nul */
    int nul;
    const char *reason;
} unreadable_stubs[] = {
    {NULL, 0, 0, "No such file or directory"},
    {"big.stub", (1 << 20) + 1, 0, "File too large"},
    {"nul.stub", 16, 1, "Invalid argument"},
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
        {"parses_loa_stub_into_tree", parses_loa_stub_into_tree, 10},
        {"parses_join_and_sections", parses_join_and_sections, 10},
        {"rejects_overlong_line", rejects_overlong_line, 10},
        {"rejects_null_arguments", rejects_null_arguments, 10},
        {"error_codes_have_own_messages_in_range", error_codes_have_own_messages_in_range, 10},
        {"converts_names_to_language_conventions", converts_names_to_language_conventions, 10},
        {"suffixes_reserved_words_and_taken_loop_index",
         suffixes_reserved_words_and_taken_loop_index, 10},
        {"keeps_names_distinct_after_conversion", keeps_names_distinct_after_conversion, 10},
        {"finds_languages_by_name_and_alias", finds_languages_by_name_and_alias, 10},
        {"matches_golden_files_of_loa_stub", matches_golden_files_of_loa_stub, 10},
        {"matches_golden_files_of_features_stub", matches_golden_files_of_features_stub, 10},
        {"lists_every_language", lists_every_language, 20},
        {"writes_stub_to_stdout_by_alias", writes_stub_to_stdout_by_alias, 20},
        {"version_prints_the_project_version", version_prints_the_project_version, 30},
        {"prints_builtin_stub", prints_builtin_stub, 20},
        {"writes_output_file", writes_output_file, 20},
        {"reports_bad_stub_file_and_line", reports_bad_stub_file_and_line, 20},
    };
    const loa_loop_tcase loops[] = {
        {"rejects_bad_stub_naming_its_line", rejects_bad_stub_naming_its_line, 10,
         (int)LOA_COUNT(bad_stubs)},
        {"reports_unreadable_stub_file", reports_unreadable_stub_file, 20,
         (int)LOA_COUNT(unreadable_stubs)},
        {"exits_with_documented_status_on_bad_command_line",
         exits_with_documented_status_on_bad_command_line, 20, (int)LOA_COUNT(bad_commands)},
    };
    return loa_run_suite_loops("stub", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
