/* Scala emitter: scala.io.StdIn.readLine, split(" "), println (System.out
 * flushes on each println). */
#include <stdio.h>
#include <string.h>

#include "stub.h"

static const char *const keywords[] = {
    "abstract", "case", "catch", "class", "def", "do", "else", "extends", "false", "final",
    "finally", "for", "forSome", "if", "implicit", "import", "lazy", "match", "new", "null",
    "object", "override", "package", "private", "protected", "return", "sealed", "super",
    "this", "throw", "trait", "try", "true", "type", "val", "var", "while", "with", "yield",
    "given", "then", "enum", "export", "inputs", "args", NULL};

static void assign(stub_out *o, int level, int var, const char *e)
{
    const char *c = stub_var_comment(o, var), *conv = "";
    switch (stub_out_program(o)->vars[var].type) {
    case STUB_INT: conv = ".toInt"; break;
    case STUB_LONG: conv = ".toLong"; break;
    case STUB_FLOAT: conv = ".toDouble"; break;
    case STUB_BOOL: conv = " != \"0\""; break;
    default: break;
    }
    stub_line(o, level, "%s%s = %s%s%s%s", !stub_declare(o, var, level) ? "" : stub_reassigned(o, var) ? "var " : "val ",
              stub_name(o, var), e, conv, c ? " // " : "", c ? c : "");
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
            assign(o, level, n->vars[0], "readLine()");
            break;
        }
        if (p->vars[n->vars[n->var_count - 1]].type == STUB_STRING)
            stub_line(o, level, "inputs = readLine().split(\" \", %d)", n->var_count);
        else
            stub_line(o, level, "inputs = readLine().split(\" \")");
        for (int i = 0; i < n->var_count; i++) {
            snprintf(e, sizeof e, "inputs(%d)", i);
            assign(o, level, n->vars[i], e);
        }
        break;
    case STUB_LOOP:
        stub_line(o, level, "for (%s <- 0 until %s) {", ix, stub_bound(o, n, "%s.toInt"));
        block(o, n->body, level + 1, depth + 1);
        stub_line(o, level, "}");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "inputs = readLine().split(\" \")");
        stub_line(o, level, "for (%s <- 0 until %s) {", ix, stub_bound(o, n, "%s.toInt"));
        for (int i = 0; i < n->var_count; i++) {
            if (n->var_count == 1)
                snprintf(e, sizeof e, "inputs(%s)", ix);
            else
                snprintf(e, sizeof e, "inputs(%d * %s + %d)", n->var_count, ix, i);
            assign(o, level + 1, n->vars[i], e);
        }
        stub_leave(o, level);
        stub_line(o, level, "}");
        break;
    case STUB_WRITE: {
        if (n->first_write) {
            stub_blank(o);
            stub_line(o, level, "// Write an answer with println() (it flushes).");
            stub_line(o, level, "// To debug: Console.err.println(\"Debug messages...\")");
            stub_blank(o);
            if (p->output)
                stub_comment_lines(o, level, "// ", p->output, "");
        }
        char expr[1024];
        stub_concat(o, n, expr, sizeof expr, " + ", '"', NULL, NULL);
        stub_line(o, level, "println(%s)", expr);
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
    stub_line(o, 0, "import math._");
    stub_line(o, 0, "import scala.util._");
    stub_line(o, 0, "import scala.io.StdIn._");
    stub_blank(o);
    stub_line(o, 0, "/**");
    stub_comment_lines(o, 0, " * ", p->statement ? p->statement : STUB_DEFAULT_STATEMENT, "");
    stub_line(o, 0, " **/");
    stub_line(o, 0, "object Player extends App {");
    if (stub_needs_split(p))
        stub_line(o, 1, "var inputs: Array[String] = null");
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

const stub_lang stub_lang_scala = {"scala", "sc", "Scala", "Player.scala", STUB_CAMEL, keywords,
                                   emit};
