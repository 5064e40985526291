/* Perl emitter: <STDIN> with chomp, split, print with $| = 1 (autoflush). */
#include <stdio.h>
#include <string.h>

#include "stub.h"

static const char *const keywords[] = {"inputs", "a",     "b",      "_",      "ARGV", "ENV",
                                       "INC",    "STDIN", "STDOUT", "STDERR", NULL};

static void command(stub_out *o, const stub_node *n, int level, int depth)
{
    const char *ix = stub_index(o, depth);
    switch (n->kind) {
    case STUB_READ: {
        if (n->var_count == 1) {
            const char *c = stub_var_comment(o, n->vars[0]);
            stub_line(o, level, "chomp(my $%s = <STDIN>);%s%s", stub_name(o, n->vars[0]),
                      c ? " # " : "", c ? c : "");
            break;
        }
        char list[1024] = "";
        for (int i = 0; i < n->var_count; i++) {
            size_t l = strlen(list);
            const char *c = stub_var_comment(o, n->vars[i]);
            snprintf(list + l, sizeof list - l, "%s$%s", i ? ", " : "", stub_name(o, n->vars[i]));
            if (c)
                stub_line(o, level, "# $%s: %s", stub_name(o, n->vars[i]), c);
        }
        stub_line(o, level, "chomp($inputs = <STDIN>);");
        stub_line(o, level, "my (%s) = split(/ /, $inputs, %d);", list, n->var_count);
        break;
    }
    case STUB_LOOP:
        stub_line(o, level, "for my $%s (0..%s%s-1) {", ix, n->amount_var >= 0 ? "$" : "",
                  stub_amount(o, n));
        stub_block(o, n->body, level + 1, depth + 1, command);
        stub_line(o, level, "}");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "chomp($inputs = <STDIN>);");
        stub_line(o, level, "@inputs = split(/ /, $inputs);");
        stub_line(o, level, "for my $%s (0..%s%s-1) {", ix, n->amount_var >= 0 ? "$" : "",
                  stub_amount(o, n));
        for (int i = 0; i < n->var_count; i++) {
            const char *c = stub_var_comment(o, n->vars[i]);
            if (n->var_count == 1)
                stub_line(o, level + 1, "my $%s = $inputs[$%s];%s%s", stub_name(o, n->vars[i]), ix,
                          c ? " # " : "", c ? c : "");
            else
                stub_line(o, level + 1, "my $%s = $inputs[%d * $%s + %d];%s%s",
                          stub_name(o, n->vars[i]), n->var_count, ix, i, c ? " # " : "",
                          c ? c : "");
        }
        stub_line(o, level, "}");
        break;
    case STUB_WRITE: {
        if (n->first_write)
            stub_answer_hint(o, level, "# ", "",
                             "Write an answer with print; keep the \\n ($| = 1 flushes it).",
                             "To debug: print STDERR \"Debug messages...\\n\";");
        char text[1024];
        stub_interpolate(o, n, text, sizeof text, "${%s}", "$@");
        stub_line(o, level, "print \"%s\\n\";", text);
        break;
    }
    }
}

static const stub_frame frame = {
    .head = "use strict;\n"
            "use warnings;\n"
            "\n"
            "$| = 1; # flush every answer\n",
    .doc_prefix = "# ",
    .main_open = "",
    .inputs_decl = "my ($inputs, @inputs);",
    .level = 0,
    .loop_comment = "# game loop",
    .loop_open = "while (1) {",
    .loop_close = "}",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_frame(p, o, &frame, command);
}

const stub_lang stub_lang_perl = {"perl", "pl perl5", "Perl", "bot.pl", STUB_SNAKE, keywords, emit};
