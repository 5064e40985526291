/* Java emitter: BufferedReader lines and split(" "), System.out.println
 * (System.out flushes on println). */
#include <stdio.h>
#include <string.h>

#include "stub.h"

static const char *const keywords[] = {
    "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
    "continue", "default", "do", "double", "else", "enum", "extends", "final", "finally",
    "float", "for", "goto", "if", "implements", "import", "instanceof", "int", "interface",
    "long", "native", "new", "package", "private", "protected", "public", "return", "short",
    "static", "strictfp", "super", "switch", "synchronized", "this", "throw", "throws",
    "transient", "try", "void", "volatile", "while", "true", "false", "null", "var", "in",
    "inputs", "args", NULL};

static const char *jtype(stub_type t)
{
    switch (t) {
    case STUB_INT: return "int";
    case STUB_LONG: return "long";
    case STUB_FLOAT: return "double";
    case STUB_BOOL: return "boolean";
    default: return "String";
    }
}

static void assign(stub_out *o, int level, int var, const char *e)
{
    char v[256];
    const char *c = stub_var_comment(o, var);
    switch (stub_out_program(o)->vars[var].type) {
    case STUB_INT: snprintf(v, sizeof v, "Integer.parseInt(%s)", e); break;
    case STUB_LONG: snprintf(v, sizeof v, "Long.parseLong(%s)", e); break;
    case STUB_FLOAT: snprintf(v, sizeof v, "Double.parseDouble(%s)", e); break;
    case STUB_BOOL: snprintf(v, sizeof v, "!%s.equals(\"0\")", e); break;
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
            assign(o, level, n->vars[0], "in.readLine()");
            break;
        }
        if (p->vars[n->vars[n->var_count - 1]].type == STUB_STRING)
            stub_line(o, level, "inputs = in.readLine().split(\" \", %d);", n->var_count);
        else
            stub_line(o, level, "inputs = in.readLine().split(\" \");");
        for (int i = 0; i < n->var_count; i++) {
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
        stub_line(o, level, "inputs = in.readLine().split(\" \");");
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
            stub_line(o, level, "// Write an answer with System.out.println() (it flushes).");
            stub_line(o, level, "// To debug: System.err.println(\"Debug messages...\");");
            stub_blank(o);
            if (p->output)
                stub_comment_lines(o, level, "// ", p->output, "");
        }
        char expr[1024];
        stub_concat(o, n, expr, sizeof expr, " + ", '"', NULL, NULL);
        stub_line(o, level, "System.out.println(%s);", expr);
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
    stub_line(o, 0, "import java.util.*;");
    stub_line(o, 0, "import java.io.*;");
    stub_blank(o);
    stub_line(o, 0, "/**");
    stub_comment_lines(o, 0, " * ", p->statement ? p->statement : STUB_DEFAULT_STATEMENT, "");
    stub_line(o, 0, " **/");
    stub_line(o, 0, "class Player {");
    stub_blank(o);
    stub_line(o, 1, "public static void main(String[] args) throws IOException {");
    stub_line(o, 2, "BufferedReader in = new BufferedReader(new InputStreamReader(System.in));");
    if (stub_needs_split(p))
        stub_line(o, 2, "String[] inputs;");
    for (const stub_node *n = p->init; n; n = n->next)
        command(o, n, 2, 0);
    if (p->has_gameloop) {
        stub_blank(o);
        stub_line(o, 2, "// game loop");
        stub_line(o, 2, "while (true) {");
        block(o, p->turn, 3, 0);
        stub_line(o, 2, "}");
    }
    stub_line(o, 1, "}");
    stub_line(o, 0, "}");
}

const stub_lang stub_lang_java = {"java", "java17", "Java", "Player.java", STUB_CAMEL, keywords,
                                  emit};
