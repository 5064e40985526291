/* PHP emitter: fscanf(STDIN, ...) per line, stream_get_line for strings,
 * echo (the CLI writes output at once). */
#include <stdio.h>
#include <string.h>

#include "stub.h"

static const char *const keywords[] = {"this",    "GLOBALS", "_GET", "_POST",
                                       "_SERVER", "inputs",  NULL};

static const char *scan_fmt(stub_type t)
{
    switch (t) {
    case STUB_INT:
    case STUB_LONG:
    case STUB_BOOL: return "%d";
    case STUB_FLOAT: return "%f";
    default: return "%s";
    }
}

static const char *conv(stub_type t)
{
    switch (t) {
    case STUB_INT:
    case STUB_LONG: return "intval";
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
        stub_line(o, level, "fscanf(STDIN, \"%s\"%s);%s%s", fmt, args, c ? " // " : "", c ? c : "");
        break;
    }
    case STUB_LOOP:
        stub_line(o, level, "for ($%s = 0; $%s < %s%s; $%s++)", ix, ix,
                  n->amount_var >= 0 ? "$" : "", stub_amount(o, n), ix);
        stub_line(o, level, "{");
        stub_block(o, n->body, level + 1, depth + 1, command);
        stub_line(o, level, "}");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "$inputs = explode(\" \", trim(fgets(STDIN)));");
        stub_line(o, level, "for ($%s = 0; $%s < %s%s; $%s++)", ix, ix,
                  n->amount_var >= 0 ? "$" : "", stub_amount(o, n), ix);
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
        if (n->first_write)
            stub_answer_hint(o, level, "// ", "", "Write an answer with echo(); keep the \\n.",
                             "To debug: error_log(var_export($var, true));");
        char text[1024];
        stub_interpolate(o, n, text, sizeof text, "{$%s}", "$");
        stub_line(o, level, "echo(\"%s\\n\");", text);
        break;
    }
    }
}

static const stub_frame frame = {
    .head = "<?php",
    .doc_open = "/**",
    .doc_prefix = " * ",
    .doc_close = " **/",
    .main_open = "",
    .level = 0,
    .loop_comment = "// game loop",
    .loop_open = "while (TRUE)\n"
                 "{",
    .loop_close = "}",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_frame(p, o, &frame, command);
}

const stub_lang stub_lang_php = {"php", "php8", "PHP", "bot.php", STUB_CAMEL, keywords, emit};
