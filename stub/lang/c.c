/* C emitter: scanf with field widths, printf, fflush after each turn; its
 * commands serve Objective-C too (lang/c.h). */
#include <stdio.h>
#include <string.h>

#include "c.h"

static const char *const keywords[] = {STUB_C_KEYWORDS, NULL};

static const char *scan_fmt(const stub_var *v, char *buf, size_t size)
{
    switch (v->type) {
    case STUB_INT:
    case STUB_BOOL: return "%d";
    case STUB_LONG: return "%lld";
    case STUB_FLOAT: return "%lf";
    case STUB_WORD: snprintf(buf, size, "%%%ds", v->length); return buf;
    case STUB_STRING: snprintf(buf, size, " %%%d[^\\n]", v->length); return buf;
    }
    return "";
}

static const char *print_fmt(stub_type t)
{
    switch (t) {
    case STUB_INT:
    case STUB_BOOL: return "%d";
    case STUB_LONG: return "%lld";
    case STUB_FLOAT: return "%f";
    default: return "%s";
    }
}

static void declare(stub_out *o, int level, int var)
{
    const stub_var *v = &stub_out_program(o)->vars[var];
    const char *c = stub_var_comment(o, var);
    char decl[64];
    if (!stub_declare(o, var, level))
        return;
    switch (v->type) {
    case STUB_INT:
    case STUB_BOOL: snprintf(decl, sizeof decl, "int"); break;
    case STUB_LONG: snprintf(decl, sizeof decl, "long long"); break;
    case STUB_FLOAT: snprintf(decl, sizeof decl, "double"); break;
    default: snprintf(decl, sizeof decl, "char"); break;
    }
    if (v->type == STUB_WORD || v->type == STUB_STRING)
        stub_line(o, level, "%s %s[%d];%s%s", decl, stub_name(o, var), v->length + 1,
                  c ? " // " : "", c ? c : "");
    else
        stub_line(o, level, "%s %s;%s%s", decl, stub_name(o, var), c ? " // " : "", c ? c : "");
}

static void scan_args(stub_out *o, const stub_node *n, int from, char *fmt, size_t fsize,
                      char *args, size_t asize)
{
    for (int i = from; i < n->var_count; i++) {
        const stub_var *v = &stub_out_program(o)->vars[n->vars[i]];
        char b[32];
        int ptr = v->type != STUB_WORD && v->type != STUB_STRING;
        size_t fl = strlen(fmt), al = strlen(args);
        snprintf(fmt + fl, fsize - fl, "%s", scan_fmt(v, b, sizeof b));
        snprintf(args + al, asize - al, ", %s%s", ptr ? "&" : "", stub_name(o, n->vars[i]));
    }
}

void stub_c_command(stub_out *o, const stub_node *n, int level, int depth)
{
    const stub_program *p = stub_out_program(o);
    char fmt[512], args[1024];
    fmt[0] = args[0] = '\0';
    switch (n->kind) {
    case STUB_READ:
        for (int i = 0; i < n->var_count; i++)
            declare(o, level, n->vars[i]);
        scan_args(o, n, 0, fmt, sizeof fmt, args, sizeof args);
        stub_line(o, level, "scanf(\"%s\"%s);", fmt, args);
        break;
    case STUB_LOOP:
        stub_line(o, level, "for (int %s = 0; %s < %s; %s++) {", stub_index(o, depth),
                  stub_index(o, depth), stub_amount(o, n), stub_index(o, depth));
        stub_block(o, n->body, level + 1, depth + 1, stub_c_command);
        stub_line(o, level, "}");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "for (int %s = 0; %s < %s; %s++) {", stub_index(o, depth),
                  stub_index(o, depth), stub_amount(o, n), stub_index(o, depth));
        for (int i = 0; i < n->var_count; i++)
            declare(o, level + 1, n->vars[i]);
        scan_args(o, n, 0, fmt, sizeof fmt, args, sizeof args);
        stub_line(o, level + 1, "scanf(\"%s\"%s);", fmt, args);
        stub_leave(o, level);
        stub_line(o, level, "}");
        break;
    case STUB_WRITE:
        if (n->first_write)
            stub_answer_hint(o, level, "// ", "",
                             "Write an answer with printf(); keep the trailing \\n and flush.",
                             "To debug: fprintf(stderr, \"Debug messages...\\n\");");
        for (int i = 0; i < n->part_count; i++) {
            size_t fl = strlen(fmt), al = strlen(args);
            const stub_part *pt = &n->parts[i];
            snprintf(fmt + fl, sizeof fmt - fl, "%s%s", i ? " " : "",
                     pt->var < 0 ? stub_quote(o, pt->text, NULL, 1)
                                 : print_fmt(p->vars[pt->var].type));
            if (pt->var >= 0)
                snprintf(args + al, sizeof args - al, ", %s", stub_name(o, pt->var));
        }
        stub_line(o, level, "printf(\"%s\\n\"%s);", fmt, args);
        break;
    }
}

static const stub_frame frame = {
    .head = "#include <stdio.h>\n"
            "#include <stdlib.h>\n"
            "#include <string.h>\n",
    .doc_open = "/*",
    .doc_prefix = " * ",
    .doc_close = " */",
    .main_open = "\n"
                 "int main(void)\n"
                 "{",
    .main_close = "\n"
                  "    return 0;\n"
                  "}",
    .level = 1,
    .loop_comment = "// game loop",
    .tight = 1, /* a blank line only after commands */
    .loop_open = "while (1) {",
    .loop_close = "}",
    .turn_end = "fflush(stdout);",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_frame(p, o, &frame, stub_c_command);
}

const stub_lang stub_lang_c = {"c", "c17 gcc", "C", "bot.c", STUB_SNAKE, keywords, emit};
