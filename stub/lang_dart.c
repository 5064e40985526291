/* Dart emitter: stdin.readLineSync()!, split(' '), print. */
#include <stdio.h>
#include <string.h>

#include "stub.h"

static const char *const keywords[] = {
    "assert", "break", "case", "catch", "class", "const", "continue", "default", "do", "else",
    "enum", "extends", "false", "final", "finally", "for", "if", "in", "is", "new", "null",
    "rethrow", "return", "super", "switch", "this", "throw", "true", "try", "var", "void",
    "while", "with", "late", "required", "int", "double", "bool", "String", "print", "stdin",
    "inputs", NULL};

static const char *dtype(stub_type t)
{
    switch (t) {
    case STUB_INT: case STUB_LONG: return "int";
    case STUB_FLOAT: return "double";
    case STUB_BOOL: return "bool";
    default: return "String";
    }
}

static void assign(stub_out *o, int level, int var, const char *e)
{
    const char *c = stub_var_comment(o, var);
    stub_type t = stub_out_program(o)->vars[var].type;
    char v[256];
    switch (t) {
    case STUB_INT: case STUB_LONG: snprintf(v, sizeof v, "int.parse(%s)", e); break;
    case STUB_FLOAT: snprintf(v, sizeof v, "double.parse(%s)", e); break;
    case STUB_BOOL: snprintf(v, sizeof v, "%s != '0'", e); break;
    default: snprintf(v, sizeof v, "%s", e); break;
    }
    int decl = stub_declare(o, var, level);
    stub_line(o, level, "%s%s%s = %s;%s%s", decl ? dtype(t) : "", decl ? " " : "",
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
            assign(o, level, n->vars[0], "stdin.readLineSync()!");
            break;
        }
        stub_line(o, level, "inputs = stdin.readLineSync()!.split(' ');");
        for (int i = 0; i < n->var_count; i++) {
            if (i == n->var_count - 1 && p->vars[n->vars[i]].type == STUB_STRING)
                snprintf(e, sizeof e, "inputs.sublist(%d).join(' ')", i);
            else
                snprintf(e, sizeof e, "inputs[%d]", i);
            assign(o, level, n->vars[i], e);
        }
        break;
    case STUB_LOOP:
        stub_line(o, level, "for (int %s = 0; %s < %s; %s++) {", ix, ix, stub_amount(o, n), ix);
        block(o, n->body, level + 1, depth + 1);
        stub_line(o, level, "}");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "inputs = stdin.readLineSync()!.split(' ');");
        stub_line(o, level, "for (int %s = 0; %s < %s; %s++) {", ix, ix, stub_amount(o, n), ix);
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
            stub_line(o, level, "// Write an answer with print().");
            stub_line(o, level, "// To debug: stderr.writeln('Debug messages...');");
            stub_blank(o);
            if (p->output)
                stub_comment_lines(o, level, "// ", p->output, "");
        }
        char text[1024] = "";
        for (int i = 0; i < n->part_count; i++) {
            size_t l = strlen(text);
            const stub_part *pt = &n->parts[i];
            if (pt->var >= 0)
                snprintf(text + l, sizeof text - l, "%s${%s}", i ? " " : "", stub_name(o, pt->var));
            else
                snprintf(text + l, sizeof text - l, "%s%s", i ? " " : "",
                         stub_quote(o, pt->text, "$", 0));
        }
        stub_line(o, level, "print(\"%s\");", text);
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
    stub_line(o, 0, "import 'dart:io';");
    stub_line(o, 0, "import 'dart:math';");
    stub_blank(o);
    stub_line(o, 0, "/**");
    stub_comment_lines(o, 0, " * ", p->statement ? p->statement : STUB_DEFAULT_STATEMENT, "");
    stub_line(o, 0, " **/");
    stub_line(o, 0, "void main() {");
    if (stub_needs_split(p))
        stub_line(o, 1, "List<String> inputs;");
    for (const stub_node *n = p->init; n; n = n->next)
        command(o, n, 1, 0);
    if (p->has_gameloop) {
        stub_blank(o);
        stub_line(o, 1, "// game loop");
        stub_line(o, 1, "while (true) {");
        block(o, p->turn, 2, 0);
        stub_line(o, 1, "}");
    }
    stub_line(o, 0, "}");
}

const stub_lang stub_lang_dart = {"dart", "", "Dart", "bot.dart", STUB_CAMEL, keywords, emit};
