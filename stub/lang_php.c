/* PHP emitter: fscanf(STDIN, ...) per line, stream_get_line for strings,
 * echo (the CLI writes output at once). */
#include <stdio.h>
#include <string.h>

#include "stub.h"

static const char *const keywords[] = {"this", "GLOBALS", "_GET", "_POST", "_SERVER", "inputs",
                                       NULL};

static const char *scan_fmt(stub_type t)
{
    switch (t) {
    case STUB_INT: case STUB_LONG: case STUB_BOOL: return "%d";
    case STUB_FLOAT: return "%f";
    default: return "%s";
    }
}

static const char *conv(stub_type t)
{
    switch (t) {
    case STUB_INT: case STUB_LONG: return "intval";
    case STUB_FLOAT: return "floatval";
    case STUB_BOOL: return "boolval";
    default: return "";
    }
}

static void comments(stub_out *o, int level, const stub_node *n)
{
    for (int i = 0; i < n->var_count; i++) {
        const char *c = stub_var_comment(o, n->vars[i]);
        if (c && n->var_count > 1)
            stub_line(o, level, "// $%s: %s", stub_name(o, n->vars[i]), c);
    }
}

static void block(stub_out *o, const stub_node *n, int level, int depth);

static void command(stub_out *o, const stub_node *n, int level, int depth)
{
    const stub_program *p = stub_out_program(o);
    const char *ix = stub_index(o, depth);
    char fmt[256] = "", args[1024] = "";
    switch (n->kind) {
    case STUB_READ: {
        int last = n->vars[n->var_count - 1], k = n->var_count;
        const char *c = n->var_count == 1 ? stub_var_comment(o, last) : NULL;
        comments(o, level, n);
        if (p->vars[last].type == STUB_STRING) {
            k--;
            if (k == 0) {
                stub_line(o, level, "$%s = stream_get_line(STDIN, %d + 1, \"\\n\");%s%s",
                          stub_name(o, last), p->vars[last].length, c ? " // " : "", c ? c : "");
                break;
            }
        }
        if (k < n->var_count) { /* the string takes the rest of the line */
            stub_line(o, level, "$inputs = explode(\" \", rtrim(fgets(STDIN), \"\\r\\n\"), %d);",
                      n->var_count);
            for (int i = 0; i < n->var_count; i++) {
                const char *cv = conv(p->vars[n->vars[i]].type);
                stub_line(o, level, "$%s = %s%s$inputs[%d]%s;", stub_name(o, n->vars[i]), cv,
                          cv[0] ? "(" : "", i, cv[0] ? ")" : "");
            }
            break;
        }
        for (int i = 0; i < k; i++) {
            size_t l = strlen(fmt), al = strlen(args);
            snprintf(fmt + l, sizeof fmt - l, "%s%s", i ? " " : "",
                     scan_fmt(p->vars[n->vars[i]].type));
            snprintf(args + al, sizeof args - al, ", $%s", stub_name(o, n->vars[i]));
        }
        stub_line(o, level, "fscanf(STDIN, \"%s\"%s);%s%s", fmt, args, c ? " // " : "",
                  c ? c : "");
        break;
    }
    case STUB_LOOP:
        stub_line(o, level, "for ($%s = 0; $%s < %s%s; $%s++)", ix, ix, n->amount_var >= 0 ? "$" : "",
                  stub_amount(o, n), ix);
        stub_line(o, level, "{");
        block(o, n->body, level + 1, depth + 1);
        stub_line(o, level, "}");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "$inputs = explode(\" \", trim(fgets(STDIN)));");
        stub_line(o, level, "for ($%s = 0; $%s < %s%s; $%s++)", ix, ix, n->amount_var >= 0 ? "$" : "",
                  stub_amount(o, n), ix);
        stub_line(o, level, "{");
        for (int i = 0; i < n->var_count; i++) {
            int v = n->vars[i];
            const char *c = stub_var_comment(o, v), *cv = conv(p->vars[v].type);
            char e[64];
            if (n->var_count == 1)
                snprintf(e, sizeof e, "$inputs[$%s]", ix);
            else
                snprintf(e, sizeof e, "$inputs[%d * $%s + %d]", n->var_count, ix, i);
            stub_line(o, level + 1, "$%s = %s%s%s%s;%s%s", stub_name(o, v), cv, cv[0] ? "(" : "", e,
                      cv[0] ? ")" : "", c ? " // " : "", c ? c : "");
        }
        stub_line(o, level, "}");
        break;
    case STUB_WRITE: {
        if (n->first_write) {
            stub_blank(o);
            stub_line(o, level, "// Write an answer with echo(); keep the \\n.");
            stub_line(o, level, "// To debug: error_log(var_export($var, true));");
            stub_blank(o);
            if (p->output)
                stub_comment_lines(o, level, "// ", p->output, "");
        }
        char text[1024] = "";
        for (int i = 0; i < n->part_count; i++) {
            size_t l = strlen(text);
            const stub_part *pt = &n->parts[i];
            if (pt->var >= 0)
                snprintf(text + l, sizeof text - l, "%s{$%s}", i ? " " : "", stub_name(o, pt->var));
            else
                snprintf(text + l, sizeof text - l, "%s%s", i ? " " : "",
                         stub_quote(o, pt->text, "$", 0));
        }
        stub_line(o, level, "echo(\"%s\\n\");", text);
        break;
    }
    }
}

static void block(stub_out *o, const stub_node *n, int level, int depth)
{
    for (; n; n = n->next)
        command(o, n, level, depth);
}

static void emit(const stub_program *p, stub_out *o)
{
    stub_line(o, 0, "<?php");
    stub_line(o, 0, "/**");
    stub_comment_lines(o, 0, " * ", p->statement ? p->statement : STUB_DEFAULT_STATEMENT, "");
    stub_line(o, 0, " **/");
    stub_blank(o);
    for (const stub_node *n = p->init; n; n = n->next)
        command(o, n, 0, 0);
    if (p->has_gameloop) {
        stub_blank(o);
        stub_line(o, 0, "// game loop");
        stub_line(o, 0, "while (TRUE)");
        stub_line(o, 0, "{");
        block(o, p->turn, 1, 0);
        stub_line(o, 0, "}");
    }
}

const stub_lang stub_lang_php = {"php", "php8", "PHP", "bot.php", STUB_CAMEL, keywords, emit};
