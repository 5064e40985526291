/* Python 3 emitter: input() and split(), print(..., flush=True). */
#include <stdio.h>
#include <string.h>

#include "stub.h"

static const char *const keywords[] = {
    "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
    "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
    "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
    "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield",    "input",
    "print", "int",      "float", "str",    "sys",  "math",   "inputs", NULL};

/* Conversion of a token held in expression e. */
static void conv(char *buf, size_t size, stub_type t, const char *e)
{
    switch (t) {
    case STUB_INT:
    case STUB_LONG: snprintf(buf, size, "int(%s)", e); break;
    case STUB_FLOAT: snprintf(buf, size, "float(%s)", e); break;
    case STUB_BOOL: snprintf(buf, size, "%s != \"0\"", e); break;
    default: snprintf(buf, size, "%s", e); break;
    }
}

static void assign(stub_out *o, int level, int var, const char *expr)
{
    const char *c = stub_var_comment(o, var);
    char v[256];
    conv(v, sizeof v, stub_out_program(o)->vars[var].type, expr);
    stub_line(o, level, "%s = %s%s%s", stub_name(o, var), v, c ? "  # " : "", c ? c : "");
}

static void command(stub_out *o, const stub_node *n, int level, int depth)
{
    const stub_program *p = stub_out_program(o);
    char e[64];
    switch (n->kind) {
    case STUB_READ:
        if (n->var_count == 1) {
            assign(o, level, n->vars[0], "input()");
            break;
        }
        if (p->vars[n->vars[n->var_count - 1]].type == STUB_STRING)
            stub_line(o, level, "inputs = input().split(maxsplit=%d)", n->var_count - 1);
        else
            stub_line(o, level, "inputs = input().split()");
        for (int i = 0; i < n->var_count; i++) {
            snprintf(e, sizeof e, "inputs[%d]", i);
            assign(o, level, n->vars[i], e);
        }
        break;
    case STUB_LOOP:
        stub_line(o, level, "for %s in range(%s):", stub_index(o, depth), stub_amount(o, n));
        stub_block(o, n->body, level + 1, depth + 1, command);
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "inputs = input().split()");
        stub_line(o, level, "for %s in range(%s):", stub_index(o, depth), stub_amount(o, n));
        for (int i = 0; i < n->var_count; i++) {
            if (n->var_count == 1)
                snprintf(e, sizeof e, "inputs[%s]", stub_index(o, depth));
            else
                snprintf(e, sizeof e, "inputs[%d * %s + %d]", n->var_count, stub_index(o, depth),
                         i);
            assign(o, level + 1, n->vars[i], e);
        }
        break;
    case STUB_WRITE: {
        if (n->first_write)
            stub_answer_hint(o, level, "# ", "", "Write an answer with print(..., flush=True).",
                             "To debug: print(\"Debug messages...\", file=sys.stderr, flush=True)");
        char text[1024] = "";
        int fstring = 0;
        for (int i = 0; i < n->part_count; i++)
            fstring |= n->parts[i].var >= 0;
        for (int i = 0; i < n->part_count; i++) {
            size_t l = strlen(text);
            const stub_part *pt = &n->parts[i];
            if (pt->var >= 0)
                snprintf(text + l, sizeof text - l, "%s{%s}", i ? " " : "", stub_name(o, pt->var));
            else {
                const char *q = stub_quote(o, pt->text, NULL, 0);
                if (fstring) { /* braces are special in f-strings */
                    for (const char *s = q; *s && l + 3 < sizeof text; s++) {
                        if (s == q && i)
                            text[l++] = ' ';
                        text[l++] = *s;
                        if (*s == '{' || *s == '}')
                            text[l++] = *s;
                    }
                    text[l] = '\0';
                } else
                    snprintf(text + l, sizeof text - l, "%s%s", i ? " " : "", q);
            }
        }
        stub_line(o, level, "print(%s\"%s\", flush=True)", fstring ? "f" : "", text);
        break;
    }
    }
}

static const stub_frame frame = {
    .head = "import sys\n"
            "import math\n",
    .doc_prefix = "# ",
    .main_open = "",
    .level = 0,
    .loop_comment = "# game loop",
    .tight = 1, /* a blank line only after commands */
    .loop_open = "while True:",
    .empty_turn = "pass",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_frame(p, o, &frame, command);
}

const stub_lang stub_lang_python3 = {"python3",  "python py python3.11",
                                     "Python 3", "bot.py",
                                     STUB_SNAKE, keywords,
                                     emit};
