/* Go emitter: bufio.Scanner lines, fmt.Sscan into declared variables (taking
 * their address counts as a use, so no "declared and not used" error),
 * fmt.Println (os.Stdout is unbuffered). Imports are exactly those used. */
#include <stdio.h>
#include <string.h>

#include "stub.h"

static const char *const keywords[] = {"break",     "case",   "chan",    "const",       "continue",
                                       "default",   "defer",  "else",    "fallthrough", "for",
                                       "func",      "go",     "goto",    "if",          "import",
                                       "interface", "map",    "package", "range",       "return",
                                       "select",    "struct", "switch",  "type",        "var",
                                       "fmt",       "os",     "bufio",   "strings",     "scanner",
                                       "inputs",    "string", "int",     "bool",        NULL};

static const char *gtype(stub_type t)
{
    switch (t) {
    case STUB_INT:
    case STUB_BOOL: return "int";
    case STUB_LONG: return "int64";
    case STUB_FLOAT: return "float64";
    default: return "string";
    }
}

/* A line must be split (rather than Sscan'd whole) when it ends in a string
 * (which holds spaces) or is a loopline. */
static int needs_strings(const stub_program *p, const stub_node *n)
{
    for (; n; n = n->next)
        if (n->kind == STUB_LOOPLINE ||
            (n->kind == STUB_READ && n->var_count > 1 &&
             p->vars[n->vars[n->var_count - 1]].type == STUB_STRING) ||
            (n->body && needs_strings(p, n->body)))
            return 1;
    return 0;
}

static void declare(stub_out *o, int level, int var)
{
    const char *c = stub_var_comment(o, var);
    if (stub_declare(o, var, level))
        stub_line(o, level, "var %s %s%s%s", stub_name(o, var),
                  gtype(stub_out_program(o)->vars[var].type), c ? " // " : "", c ? c : "");
}

static void command(stub_out *o, const stub_node *n, int level, int depth)
{
    const stub_program *p = stub_out_program(o);
    const char *ix = stub_index(o, depth);
    char args[1024] = "";
    switch (n->kind) {
    case STUB_READ: {
        int last = n->vars[n->var_count - 1];
        int str = p->vars[last].type == STUB_STRING;
        for (int i = 0; i < n->var_count; i++)
            declare(o, level, n->vars[i]);
        stub_line(o, level, "scanner.Scan()");
        if (str && n->var_count == 1) {
            stub_line(o, level, "%s = scanner.Text()", stub_name(o, last));
            stub_line(o, level, "_ = %s // to avoid unused error", stub_name(o, last));
        } else if (str) {
            stub_line(o, level, "inputs = strings.SplitN(scanner.Text(), \" \", %d)", n->var_count);
            for (int i = 0; i < n->var_count - 1; i++)
                stub_line(o, level, "fmt.Sscan(inputs[%d], &%s)", i, stub_name(o, n->vars[i]));
            stub_line(o, level, "%s = inputs[%d]", stub_name(o, last), n->var_count - 1);
            stub_line(o, level, "_ = %s // to avoid unused error", stub_name(o, last));
        } else {
            for (int i = 0; i < n->var_count; i++) {
                size_t l = strlen(args);
                snprintf(args + l, sizeof args - l, ", &%s", stub_name(o, n->vars[i]));
            }
            stub_line(o, level, "fmt.Sscan(scanner.Text()%s)", args);
        }
        break;
    }
    case STUB_LOOP:
        stub_line(o, level, "for %s := 0; %s < %s; %s++ {", ix, ix, stub_bound(o, n, "int(%s)"),
                  ix);
        stub_block(o, n->body, level + 1, depth + 1, command);
        stub_line(o, level, "}");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "scanner.Scan()");
        stub_line(o, level, "inputs = strings.Split(scanner.Text(), \" \")");
        stub_line(o, level, "for %s := 0; %s < %s; %s++ {", ix, ix, stub_bound(o, n, "int(%s)"),
                  ix);
        for (int i = 0; i < n->var_count; i++) {
            declare(o, level + 1, n->vars[i]);
            if (n->var_count == 1)
                stub_line(o, level + 1, "fmt.Sscan(inputs[%s], &%s)", ix, stub_name(o, n->vars[i]));
            else
                stub_line(o, level + 1, "fmt.Sscan(inputs[%d*%s+%d], &%s)", n->var_count, ix, i,
                          stub_name(o, n->vars[i]));
        }
        stub_leave(o, level);
        stub_line(o, level, "}");
        break;
    case STUB_WRITE:
        if (n->first_write)
            stub_answer_hint(o, level, "// ", "",
                             "Write an answer with fmt.Println() (os.Stdout is unbuffered).",
                             "To debug: fmt.Fprintln(os.Stderr, \"Debug messages...\")");
        for (int i = 0; i < n->part_count; i++) {
            size_t l = strlen(args);
            const stub_part *pt = &n->parts[i];
            if (pt->var >= 0)
                snprintf(args + l, sizeof args - l, "%s%s", i ? ", " : "", stub_name(o, pt->var));
            else
                snprintf(args + l, sizeof args - l, "%s\"%s\"", i ? ", " : "",
                         stub_quote(o, pt->text, NULL, 0));
        }
        stub_line(o, level, "fmt.Println(%s)", args);
        break;
    }
}

static const stub_frame frame = {
    .level = 1,
    .loop_comment = "// game loop",
    .loop_open = "for {",
    .loop_close = "}",
};

static void emit(const stub_program *p, stub_out *o)
{
    int split = needs_strings(p, p->init) || needs_strings(p, p->turn);
    stub_out_set_indent(o, "\t");
    stub_line(o, 0, "package main");
    stub_blank(o);
    stub_line(o, 0, "import (");
    stub_line(o, 1, "\"bufio\"");
    stub_line(o, 1, "\"fmt\"");
    stub_line(o, 1, "\"os\"");
    if (split)
        stub_line(o, 1, "\"strings\"");
    stub_line(o, 0, ")");
    stub_blank(o);
    stub_line(o, 0, "/**");
    stub_comment_lines(o, 0, " * ", stub_statement(p), "");
    stub_line(o, 0, " **/");
    stub_blank(o);
    stub_line(o, 0, "func main() {");
    stub_line(o, 1, "scanner := bufio.NewScanner(os.Stdin)");
    stub_line(o, 1, "scanner.Buffer(make([]byte, 1000000), 1000000)");
    if (split)
        stub_line(o, 1, "var inputs []string");
    stub_blank(o);
    stub_body(o, &frame, command);
    stub_line(o, 0, "}");
}

const stub_lang stub_lang_go = {"go", "golang", "Go", "main.go", STUB_CAMEL, keywords, emit};
