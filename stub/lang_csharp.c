/* C# emitter: Console.ReadLine and Split, Console.WriteLine
 * (the console autoflushes). */
#include <stdio.h>
#include <string.h>

#include "stub.h"

static const char *const keywords[] = {
    "abstract", "as", "base", "bool", "break", "byte", "case", "catch", "char", "checked",
    "class", "const", "continue", "decimal", "default", "delegate", "do", "double", "else",
    "enum", "event", "explicit", "extern", "false", "finally", "fixed", "float", "for",
    "foreach", "goto", "if", "implicit", "in", "int", "interface", "internal", "is", "lock",
    "long", "namespace", "new", "null", "object", "operator", "out", "override", "params",
    "private", "protected", "public", "readonly", "ref", "return", "sbyte", "sealed", "short",
    "sizeof", "stackalloc", "static", "string", "struct", "switch", "this", "throw", "true",
    "try", "typeof", "uint", "ulong", "unchecked", "unsafe", "ushort", "using", "virtual",
    "void", "volatile", "while", "var", "inputs", "args", NULL};

static const char *jtype(stub_type t)
{
    switch (t) {
    case STUB_INT: return "int";
    case STUB_LONG: return "long";
    case STUB_FLOAT: return "double";
    case STUB_BOOL: return "bool";
    default: return "string";
    }
}

static void assign(stub_out *o, int level, int var, const char *e)
{
    char v[256];
    const char *c = stub_var_comment(o, var);
    switch (stub_out_program(o)->vars[var].type) {
    case STUB_INT: snprintf(v, sizeof v, "int.Parse(%s)", e); break;
    case STUB_LONG: snprintf(v, sizeof v, "long.Parse(%s)", e); break;
    case STUB_FLOAT: snprintf(v, sizeof v, "double.Parse(%s, CultureInfo.InvariantCulture)", e); break;
    case STUB_BOOL: snprintf(v, sizeof v, "%s != \"0\"", e); break;
    default: snprintf(v, sizeof v, "%s", e); break;
    }
    int decl = stub_declare(o, var, level);
    stub_line(o, level, "%s%s%s = %s;%s%s", decl ? jtype(stub_out_program(o)->vars[var].type) : "",
              decl ? " " : "", stub_name(o, var), v, c ? " // " : "", c ? c : "");
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
            assign(o, level, n->vars[0], "Console.ReadLine()");
            break;
        }
        if (p->vars[n->vars[n->var_count - 1]].type == STUB_STRING)
            stub_line(o, level, "inputs = Console.ReadLine().Split(' ', %d);", n->var_count);
        else
            stub_line(o, level, "inputs = Console.ReadLine().Split(' ');");
        for (int i = 0; i < n->var_count; i++) {
            snprintf(e, sizeof e, "inputs[%d]", i);
            assign(o, level, n->vars[i], e);
        }
        break;
    case STUB_LOOP:
        stub_line(o, level, "for (int %s = 0; %s < %s; %s++)", ix, ix, stub_amount(o, n), ix);
        stub_line(o, level, "{");
        block(o, n->body, level + 1, depth + 1);
        stub_line(o, level, "}");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "inputs = Console.ReadLine().Split(' ');");
        stub_line(o, level, "for (int %s = 0; %s < %s; %s++)", ix, ix, stub_amount(o, n), ix);
        stub_line(o, level, "{");
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
            stub_line(o, level, "// Write an answer with Console.WriteLine() (it flushes).");
            stub_line(o, level, "// To debug: Console.Error.WriteLine(\"Debug messages...\");");
            stub_blank(o);
            if (p->output)
                stub_comment_lines(o, level, "// ", p->output, "");
        }
        char expr[1024];
        stub_concat(o, n, expr, sizeof expr, " + ", '"', NULL, NULL);
        stub_line(o, level, "Console.WriteLine(%s);", expr);
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
    stub_line(o, 0, "using System;");
    stub_line(o, 0, "using System.Linq;");
    stub_line(o, 0, "using System.IO;");
    stub_line(o, 0, "using System.Text;");
    stub_line(o, 0, "using System.Collections.Generic;");
    stub_line(o, 0, "using System.Globalization;");
    stub_blank(o);
    stub_line(o, 0, "/**");
    stub_comment_lines(o, 0, " * ", p->statement ? p->statement : STUB_DEFAULT_STATEMENT, "");
    stub_line(o, 0, " **/");
    stub_line(o, 0, "class Player");
    stub_line(o, 0, "{");
    stub_line(o, 1, "static void Main(string[] args)");
    stub_line(o, 1, "{");
    if (stub_needs_split(p))
        stub_line(o, 2, "string[] inputs;");
    for (const stub_node *n = p->init; n; n = n->next)
        command(o, n, 2, 0);
    if (p->has_gameloop) {
        stub_blank(o);
        stub_line(o, 2, "// game loop");
        stub_line(o, 2, "while (true)");
        stub_line(o, 2, "{");
        block(o, p->turn, 3, 0);
        stub_line(o, 2, "}");
    }
    stub_line(o, 1, "}");
    stub_line(o, 0, "}");
}

const stub_lang stub_lang_csharp = {"csharp", "c# cs", "C#", "Player.cs", STUB_CAMEL, keywords,
                                    emit};
