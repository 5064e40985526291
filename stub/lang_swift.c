/* Swift emitter: readLine()!, split(separator:), print then fflush(stdout)
 * (stdout is block-buffered on a pipe). */
#include <stdio.h>
#include <string.h>

#include "stub.h"

static const char *const keywords[] = {
    "as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else",
    "enum", "extension", "fallthrough", "false", "for", "func", "guard", "if", "import", "in",
    "init", "inout", "internal", "is", "let", "nil", "operator", "private", "protocol",
    "public", "repeat", "return", "self", "static", "struct", "subscript", "super", "switch",
    "throw", "throws", "true", "try", "var", "where", "while", "inputs", NULL};

static void assign(stub_out *o, int level, int var, const char *e)
{
    const char *c = stub_var_comment(o, var);
    char v[256];
    switch (stub_out_program(o)->vars[var].type) {
    case STUB_INT: snprintf(v, sizeof v, "Int(%s)!", e); break;
    case STUB_LONG: snprintf(v, sizeof v, "Int64(%s)!", e); break;
    case STUB_FLOAT: snprintf(v, sizeof v, "Double(%s)!", e); break;
    case STUB_BOOL: snprintf(v, sizeof v, "%s != \"0\"", e); break;
    default: snprintf(v, sizeof v, "%s", e); break;
    }
    stub_line(o, level, "%s%s = %s%s%s", !stub_declare(o, var, level) ? "" : stub_reassigned(o, var) ? "var " : "let ",
              stub_name(o, var), v, c ? " // " : "", c ? c : "");
}

static void block(stub_out *o, const stub_node *n, int level, int depth);

static void command(stub_out *o, const stub_node *n, int level, int depth)
{
    const stub_program *p = stub_out_program(o);
    const char *ix = stub_index(o, depth);
    char e[64];
    switch (n->kind) {
    case STUB_READ:
        if (n->var_count == 1) {
            assign(o, level, n->vars[0], "readLine()!");
            break;
        }
        stub_line(o, level,
                  "inputs = readLine()!.split(separator: \" \", maxSplits: %d).map(String.init)",
                  n->var_count - 1);
        for (int i = 0; i < n->var_count; i++) {
            snprintf(e, sizeof e, "inputs[%d]", i);
            assign(o, level, n->vars[i], e);
        }
        break;
    case STUB_LOOP:
        stub_line(o, level, "for _ in 0..<%s {", stub_bound(o, n, "Int(%s)"));
        block(o, n->body, level + 1, depth + 1);
        stub_line(o, level, "}");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "inputs = readLine()!.split(separator: \" \").map(String.init)");
        stub_line(o, level, "for %s in 0..<%s {", ix, stub_bound(o, n, "Int(%s)"));
        for (int i = 0; i < n->var_count; i++) {
            if (n->var_count == 1)
                snprintf(e, sizeof e, "inputs[%s]", ix);
            else
                snprintf(e, sizeof e, "inputs[%d * %s + %d]", n->var_count, ix, i);
            assign(o, level + 1, n->vars[i], e);
        }
        stub_leave(o, level);
        stub_line(o, level, "}");
        break;
    case STUB_WRITE: {
        if (n->first_write) {
            stub_blank(o);
            stub_line(o, level, "// Write an answer with print(), then fflush(stdout).");
            stub_line(o, level, "// To debug: FileHandle.standardError.write(\"Debug messages...\\n\".data(using: .utf8)!)");
            stub_blank(o);
            if (p->output)
                stub_comment_lines(o, level, "// ", p->output, "");
        }
        char text[1024] = "";
        for (int i = 0; i < n->part_count; i++) {
            size_t l = strlen(text);
            const stub_part *pt = &n->parts[i];
            if (pt->var >= 0)
                snprintf(text + l, sizeof text - l, "%s\\(%s)", i ? " " : "", stub_name(o, pt->var));
            else
                snprintf(text + l, sizeof text - l, "%s%s", i ? " " : "",
                         stub_quote(o, pt->text, NULL, 0));
        }
        stub_line(o, level, "print(\"%s\")", text);
        break;
    }
    }
}

static void block(stub_out *o, const stub_node *n, int level, int depth)
{
    for (; n; n = n->next)
        command(o, n, level, depth);
    stub_leave(o, level - 1);
}

static void emit(const stub_program *p, stub_out *o)
{
    stub_line(o, 0, "import Foundation");
    stub_blank(o);
    stub_line(o, 0, "/**");
    stub_comment_lines(o, 0, " * ", p->statement ? p->statement : STUB_DEFAULT_STATEMENT, "");
    stub_line(o, 0, " **/");
    stub_blank(o);
    if (stub_needs_split(p))
        stub_line(o, 0, "var inputs: [String] = []");
    for (const stub_node *n = p->init; n; n = n->next)
        command(o, n, 0, 0);
    if (p->has_gameloop) {
        stub_blank(o);
        stub_line(o, 0, "// game loop");
        stub_line(o, 0, "while true {");
        block(o, p->turn, 1, 0);
        stub_line(o, 1, "fflush(stdout)");
        stub_line(o, 0, "}");
    } else
        stub_line(o, 0, "fflush(stdout)");
}

const stub_lang stub_lang_swift = {"swift", "swift5", "Swift", "main.swift", STUB_CAMEL, keywords,
                                   emit};
