/*
 * check_stub_parse - the stub-language parser of loa-stub (stub/parse.c):
 * the tree of a stub, every error with its line number, and the error
 * codes of STUB_ERROR_MAP.
 */
#include "stub_test_util.h"

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

int main(void)
{
    const loa_tcase cases[] = {
        {"parses_loa_stub_into_tree", parses_loa_stub_into_tree, 10},
        {"parses_join_and_sections", parses_join_and_sections, 10},
        {"rejects_overlong_line", rejects_overlong_line, 10},
        {"rejects_null_arguments", rejects_null_arguments, 10},
        {"error_codes_have_own_messages_in_range", error_codes_have_own_messages_in_range, 10},
    };
    const loa_loop_tcase loops[] = {
        {"rejects_bad_stub_naming_its_line", rejects_bad_stub_naming_its_line, 10,
         (int)LOA_COUNT(bad_stubs)},
    };
    return loa_run_suite_loops("stub_parse", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
