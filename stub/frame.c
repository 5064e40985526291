/*
 * The frame every emitter shares: the walk of a block's commands and the
 * main body (commands before `gameloop`, then the game loop), so that each
 * language only says how it spells the loop and what ends a turn.
 */
#include "stub.h"

void stub_block(stub_out *o, const stub_node *n, int level, int depth, stub_command_fn *command)
{
    for (; n; n = n->next)
        command(o, n, level, depth);
    stub_leave(o, level - 1);
}

void stub_body(stub_out *o, const stub_frame *f, stub_command_fn *command)
{
    const stub_program *p = stub_out_program(o);
    /* the commands before the game loop stay declared in it: no stub_leave */
    for (const stub_node *n = p->init; n; n = n->next)
        command(o, n, f->level, 0);
    if (p->has_gameloop) {
        if (!f->tight || p->init)
            stub_blank(o);
        stub_line(o, f->level, "%s", f->loop_comment);
        stub_text(o, f->level, f->loop_open);
        if (!p->turn && f->empty_turn)
            stub_line(o, f->level + 1, "%s", f->empty_turn);
        stub_block(o, p->turn, f->level + 1, 0, command);
        if (f->turn_end)
            stub_line(o, f->level + 1, "%s", f->turn_end);
        stub_text(o, f->level, f->loop_close);
    } else if (f->turn_end)
        stub_line(o, f->level, "%s", f->turn_end);
}

void stub_emit_frame(const stub_program *p, stub_out *o, const stub_frame *f,
                     stub_command_fn *command)
{
    if (f->indent)
        stub_out_set_indent(o, f->indent);
    stub_text(o, 0, f->head);
    if (f->doc_open)
        stub_line(o, 0, "%s", f->doc_open);
    stub_comment_lines(o, 0, f->doc_prefix, stub_statement(p), f->doc_suffix ? f->doc_suffix : "");
    if (f->doc_close)
        stub_line(o, 0, "%s", f->doc_close);
    stub_text(o, 0, f->main_open);
    if (f->inputs_decl && stub_needs_split(p))
        stub_line(o, f->level, "%s", f->inputs_decl);
    stub_body(o, f, command);
    stub_text(o, 0, f->main_close);
}
