/* Ruby emitter: gets, split, puts with STDOUT.sync = true. */
#include <stdio.h>

#include "stub.h"

static const char *const keywords[] = {"BEGIN", "END",    "alias",  "and",      "begin", "break",
                                       "case",  "class",  "def",    "defined?", "do",    "else",
                                       "elsif", "end",    "ensure", "false",    "for",   "if",
                                       "in",    "module", "next",   "nil",      "not",   "or",
                                       "redo",  "rescue", "retry",  "return",   "self",  "super",
                                       "then",  "true",   "undef",  "unless",   "until", "when",
                                       "while", "yield",  "inputs", "loop",     "gets",  "puts",
                                       NULL};

static void assign(stub_out *o, int level, int var, const char *e, int line)
{
    const char *c = stub_var_comment(o, var), *conv = "";
    switch (stub_out_program(o)->vars[var].type) {
    case STUB_INT:
    case STUB_LONG: conv = ".to_i"; break;
    case STUB_FLOAT: conv = ".to_f"; break;
    case STUB_BOOL: conv = ".to_i == 1"; break;
    default: conv = line ? ".chomp" : ""; break;
    }
    stub_line(o, level, "%s = %s%s%s%s", stub_name(o, var), e, conv, c ? " # " : "", c ? c : "");
}

static void command(stub_out *o, const stub_node *n, int level, int depth)
{
    const stub_program *p = stub_out_program(o);
    const char *ix = stub_index(o, depth);
    char e[64];
    switch (n->kind) {
    case STUB_READ:
        if (n->var_count == 1) {
            assign(o, level, n->vars[0], "gets", 1);
            break;
        }
        if (p->vars[n->vars[n->var_count - 1]].type == STUB_STRING)
            stub_line(o, level, "inputs = gets.chomp.split(\" \", %d)", n->var_count);
        else
            stub_line(o, level, "inputs = gets.split(\" \")");
        for (int i = 0; i < n->var_count; i++) {
            snprintf(e, sizeof e, "inputs[%d]", i);
            assign(o, level, n->vars[i], e, 0);
        }
        break;
    case STUB_LOOP:
        stub_line(o, level, "%s.times do", stub_amount(o, n));
        stub_block(o, n->body, level + 1, depth + 1, command);
        stub_line(o, level, "end");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "inputs = gets.split(\" \")");
        stub_line(o, level, "%s.times do |%s|", stub_amount(o, n), ix);
        for (int i = 0; i < n->var_count; i++) {
            if (n->var_count == 1)
                snprintf(e, sizeof e, "inputs[%s]", ix);
            else
                snprintf(e, sizeof e, "inputs[%d * %s + %d]", n->var_count, ix, i);
            assign(o, level + 1, n->vars[i], e, 0);
        }
        stub_line(o, level, "end");
        break;
    case STUB_WRITE: {
        if (n->first_write)
            stub_answer_hint(o, level, "# ", "",
                             "Write an answer with puts (STDOUT.sync flushes it).",
                             "To debug: STDERR.puts \"Debug messages...\"");
        char text[1024];
        stub_interpolate(o, n, text, sizeof text, "#{%s}", "#");
        stub_line(o, level, "puts \"%s\"", text);
        break;
    }
    }
}

static const stub_frame frame = {
    .indent = "  ",
    .head = "STDOUT.sync = true # flush every answer\n",
    .doc_prefix = "# ",
    .main_open = "",
    .level = 0,
    .loop_comment = "# game loop",
    .loop_open = "loop do",
    .loop_close = "end",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_frame(p, o, &frame, command);
}

const stub_lang stub_lang_ruby = {"ruby", "rb", "Ruby", "bot.rb", STUB_SNAKE, keywords, emit};
