/* C++ emitter: cin >> and getline, cout << ... << endl (endl flushes). */
#include <stdio.h>
#include <string.h>

#include "stub.h"

static const char *const keywords[] = {
    "and",      "auto",      "bool",     "break",     "case",    "catch",  "char",     "class",
    "const",    "continue",  "default",  "delete",    "do",      "double", "else",     "enum",
    "explicit", "extern",    "false",    "float",     "for",     "friend", "goto",     "if",
    "inline",   "int",       "long",     "namespace", "new",     "not",    "operator", "or",
    "private",  "protected", "public",   "return",    "short",   "signed", "sizeof",   "static",
    "struct",   "switch",    "template", "this",      "throw",   "true",   "try",      "typedef",
    "typename", "union",     "unsigned", "using",     "virtual", "void",   "while",    "xor",
    "main",     "cin",       "cout",     "cerr",      "endl",    "string", "vector",   NULL};

static const char *ctype(stub_type t)
{
    switch (t) {
    case STUB_INT: return "int";
    case STUB_LONG: return "long long";
    case STUB_FLOAT: return "double";
    case STUB_BOOL: return "bool";
    default: return "string";
    }
}

/* Declarations (one per line, with the INPUT comment) then one read. */
static void read_vars(stub_out *o, const stub_node *n, int level)
{
    const stub_program *p = stub_out_program(o);
    char chain[1024] = "";
    int has_string = 0;
    for (int i = 0; i < n->var_count; i++) {
        int v = n->vars[i];
        const char *c = stub_var_comment(o, v);
        if (stub_declare(o, v, level))
            stub_line(o, level, "%s %s;%s%s", ctype(p->vars[v].type), stub_name(o, v),
                      c ? " // " : "", c ? c : "");
        if (p->vars[v].type == STUB_STRING)
            has_string = 1;
        else {
            size_t l = strlen(chain);
            snprintf(chain + l, sizeof chain - l, " >> %s", stub_name(o, v));
        }
    }
    if (has_string) {
        int s = n->vars[n->var_count - 1];
        if (chain[0])
            stub_line(o, level, "cin%s >> ws;", chain);
        stub_line(o, level, "getline(cin, %s);", stub_name(o, s));
    } else
        stub_line(o, level, "cin%s; cin.ignore();", chain);
}

static void command(stub_out *o, const stub_node *n, int level, int depth)
{
    const stub_program *p = stub_out_program(o);
    const char *ix = stub_index(o, depth);
    switch (n->kind) {
    case STUB_READ: read_vars(o, n, level); break;
    case STUB_LOOP:
        stub_line(o, level, "for (int %s = 0; %s < %s; %s++) {", ix, ix, stub_amount(o, n), ix);
        stub_block(o, n->body, level + 1, depth + 1, command);
        stub_line(o, level, "}");
        break;
    case STUB_LOOPLINE: {
        char chain[1024] = "";
        stub_line(o, level, "for (int %s = 0; %s < %s; %s++) {", ix, ix, stub_amount(o, n), ix);
        for (int i = 0; i < n->var_count; i++) {
            int v = n->vars[i];
            const char *c = stub_var_comment(o, v);
            if (stub_declare(o, v, level + 1))
                stub_line(o, level + 1, "%s %s;%s%s", ctype(p->vars[v].type), stub_name(o, v),
                          c ? " // " : "", c ? c : "");
            size_t l = strlen(chain);
            snprintf(chain + l, sizeof chain - l, " >> %s", stub_name(o, v));
        }
        stub_line(o, level + 1, "cin%s;", chain);
        stub_leave(o, level);
        stub_line(o, level, "}");
        stub_line(o, level, "cin.ignore();");
        break;
    }
    case STUB_WRITE: {
        if (n->first_write)
            stub_answer_hint(o, level, "// ", "", "Write an answer with cout; endl flushes it.",
                             "To debug: cerr << \"Debug messages...\" << endl;");
        char chain[1024];
        stub_concat(o, n, chain, sizeof chain, " << ", '"', NULL, NULL);
        stub_line(o, level, "cout << %s << endl;", chain);
        break;
    }
    }
}

static const stub_frame frame = {
    .head = "#include <iostream>\n"
            "#include <string>\n"
            "#include <vector>\n"
            "#include <algorithm>\n"
            "\n"
            "using namespace std;\n",
    .doc_open = "/**",
    .doc_prefix = " * ",
    .doc_close = " **/",
    .main_open = "\n"
                 "int main()\n"
                 "{",
    .main_close = "}",
    .level = 1,
    .loop_comment = "// game loop",
    .tight = 1, /* a blank line only after commands */
    .loop_open = "while (1) {",
    .loop_close = "}",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_frame(p, o, &frame, command);
}

const stub_lang stub_lang_cpp = {"cpp", "c++ cxx cc", "C++", "bot.cpp", STUB_CAMEL, keywords, emit};
