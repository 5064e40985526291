/* Lua emitter: io.read(), string.gmatch tokens, print then
 * io.stdout:flush() each turn. */
#include <stdio.h>
#include <string.h>

#include "stub.h"

static const char *const keywords[] = {"and",    "break",    "do",         "else",     "elseif",
                                       "end",    "false",    "for",        "function", "goto",
                                       "if",     "in",       "local",      "nil",      "not",
                                       "or",     "repeat",   "return",     "then",     "true",
                                       "until",  "while",    "next_token", "print",    "io",
                                       "string", "tonumber", NULL};

static void assign(stub_out *o, int level, int var, const char *e)
{
    const char *c = stub_var_comment(o, var);
    char v[256];
    switch (stub_out_program(o)->vars[var].type) {
    case STUB_INT:
    case STUB_LONG:
    case STUB_FLOAT: snprintf(v, sizeof v, "tonumber(%s)", e); break;
    case STUB_BOOL: snprintf(v, sizeof v, "%s ~= \"0\"", e); break;
    default: snprintf(v, sizeof v, "%s", e); break;
    }
    stub_line(o, level, "local %s = %s%s%s", stub_name(o, var), v, c ? " -- " : "", c ? c : "");
}

/* `..` takes strings and numbers, not booleans. */
static void var_expr(stub_out *o, int var, char *out, size_t size)
{
    if (stub_out_program(o)->vars[var].type == STUB_BOOL)
        snprintf(out, size, "tostring(%s)", stub_name(o, var));
    else
        snprintf(out, size, "%s", stub_name(o, var));
}

static void command(stub_out *o, const stub_node *n, int level, int depth)
{
    const stub_program *p = stub_out_program(o);
    const char *ix = stub_index(o, depth);
    char e[64];
    switch (n->kind) {
    case STUB_READ: {
        int last = n->vars[n->var_count - 1];
        if (n->var_count == 1) {
            assign(o, level, last, "io.read()");
            break;
        }
        if (p->vars[last].type == STUB_STRING) {
            /* words then the rest of the line, in one pattern */
            char pat[256] = "^", list[1024] = "";
            for (int i = 0; i < n->var_count; i++) {
                size_t l = strlen(pat), ll = strlen(list);
                snprintf(pat + l, sizeof pat - l, "%s", i < n->var_count - 1 ? "(%S+) " : "(.*)$");
                snprintf(list + ll, sizeof list - ll, "%s%s", i ? ", " : "",
                         stub_name(o, n->vars[i]));
            }
            stub_line(o, level, "local %s = io.read():match(\"%s\")", list, pat);
            for (int i = 0; i < n->var_count - 1; i++)
                if (p->vars[n->vars[i]].type != STUB_WORD)
                    assign(o, level, n->vars[i], stub_name(o, n->vars[i]));
            break;
        }
        stub_line(o, level, "local next_token = string.gmatch(io.read(), \"[^%%s]+\")");
        for (int i = 0; i < n->var_count; i++)
            assign(o, level, n->vars[i], "next_token()");
        break;
    }
    case STUB_LOOP:
        stub_line(o, level, "for %s = 0, %s - 1 do", ix, stub_amount(o, n));
        stub_block(o, n->body, level + 1, depth + 1, command);
        stub_line(o, level, "end");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "local next_token = string.gmatch(io.read(), \"[^%%s]+\")");
        stub_line(o, level, "for %s = 0, %s - 1 do", ix, stub_amount(o, n));
        for (int i = 0; i < n->var_count; i++)
            assign(o, level + 1, n->vars[i], "next_token()");
        stub_line(o, level, "end");
        (void)e;
        break;
    case STUB_WRITE: {
        if (n->first_write)
            stub_answer_hint(o, level, "-- ", "",
                             "Write an answer with print(), then io.stdout:flush().",
                             "To debug: io.stderr:write(\"Debug message\\n\")");
        char expr[1024];
        stub_concat(o, n, expr, sizeof expr, " .. ", '"', NULL, var_expr);
        stub_line(o, level, "print(%s)", expr);
        break;
    }
    }
}

static const stub_frame frame = {
    .doc_prefix = "-- ",
    .main_open = "",
    .level = 0,
    .loop_comment = "-- game loop",
    .loop_open = "while true do",
    .loop_close = "end",
    .turn_end = "io.stdout:flush()",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_frame(p, o, &frame, command);
}

const stub_lang stub_lang_lua = {"lua", "lua5.4", "Lua", "bot.lua", STUB_SNAKE, keywords, emit};
