/* The split family's emitter (see split.h): reads a line, splits it
 * into `inputs`, converts each token; one walk of the tree for Java, C#,
 * Kotlin, Scala, Dart, Swift, D, Groovy and JavaScript, spelled by their
 * stub_split_desc. */
#include <stdio.h>

#include "split.h"

/* Writes `header {` or, in Allman style, `header` then `{`. */
static void open_block(stub_out *o, const stub_split_desc *d, int level, const char *header)
{
    if (d->brace_own_line) {
        stub_line(o, level, "%s", header);
        stub_line(o, level, "{");
    } else
        stub_line(o, level, "%s {", header);
}

/* Declares (the first time in scope) or assigns var from the token
 * expression e, with its INPUT comment. */
static void assign(stub_out *o, const stub_split_desc *d, int level, int var, const char *e)
{
    stub_type t = stub_out_program(o)->vars[var].type;
    const char *c = stub_var_comment(o, var);
    char v[256], decl[64] = "";
    snprintf(v, sizeof v, d->conv[t] ? d->conv[t] : "%s", e);
    if (stub_declare(o, var, level)) {
        if (d->types[t])
            snprintf(decl, sizeof decl, "%s ", d->types[t]);
        else
            snprintf(decl, sizeof decl, "%s",
                     stub_reassigned(o, var) ? d->let_mutable : d->let_const);
    }
    stub_line(o, level, "%s%s = %s%s%s%s", decl, stub_name(o, var), v, d->end, c ? " // " : "",
              c ? c : "");
}

/* A read of several variables: one split, then one assignment per token. */
static void read_split(stub_out *o, const stub_split_desc *d, const stub_node *n, int level)
{
    const stub_program *p = stub_out_program(o);
    int rest = p->vars[n->vars[n->var_count - 1]].type == STUB_STRING;
    char e[64];
    if (d->split_limit && d->limit_counts_splits)
        stub_line(o, level, d->split_limit, n->var_count - 1);
    else if (d->split_limit && rest)
        stub_line(o, level, d->split_limit, n->var_count);
    else
        stub_line(o, level, "%s", d->split_line);
    for (int i = 0; i < n->var_count; i++) {
        if (rest && !d->split_limit && i == n->var_count - 1)
            snprintf(e, sizeof e, d->rest_join, i);
        else
            snprintf(e, sizeof e, "inputs%c%d%c", d->subscript[0], i, d->subscript[1]);
        assign(o, d, level, n->vars[i], e);
    }
}

/* Writes the header and brace of a loop over LOOP/LOOPLINE n. */
static void loop_header(stub_out *o, const stub_split_desc *d, const stub_node *n, int level,
                        const char *ix)
{
    const char *bound = d->bound_long ? stub_bound(o, n, d->bound_long) : stub_amount(o, n);
    if (d->loop_range)
        open_block(o, d, level, stub_format(o, d->loop_range, ix, bound));
    else
        open_block(o, d, level,
                   stub_format(o, "for (%s %s = 0; %s < %s; %s++)", d->for_decl, ix, ix, bound,
                               ix));
}

/* The answer: a string literal with interpolated variables, or a
 * concatenation of literals and variables. */
static void write_answer(stub_out *o, const stub_split_desc *d, const stub_node *n, int level)
{
    char text[1024], expr[1100];
    if (d->interp) {
        stub_interpolate(o, n, text, sizeof text, d->interp, d->interp_escape);
        snprintf(expr, sizeof expr, "\"%s\"", text);
    } else
        stub_concat(o, n, expr, sizeof expr, d->concat_op ? d->concat_op : " + ",
                    d->quote ? d->quote : '"', d->quote_escape, NULL);
    stub_line(o, level, "%s%s", stub_format(o, d->print, expr), d->end);
}

static void command(stub_out *o, const stub_node *n, int level, int depth)
{
    const stub_split_desc *d = stub_out_data(o);
    const char *ix = stub_index(o, depth);
    char e[64];
    switch (n->kind) {
    case STUB_READ:
        if (n->var_count == 1)
            assign(o, d, level, n->vars[0], d->read_line);
        else
            read_split(o, d, n, level);
        break;
    case STUB_LOOP:
        loop_header(o, d, n, level, d->unused_index ? d->unused_index : ix);
        stub_block(o, n->body, level + 1, depth + 1, command);
        stub_line(o, level, "}");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "%s", d->split_line);
        loop_header(o, d, n, level, ix);
        for (int i = 0; i < n->var_count; i++) {
            if (n->var_count == 1)
                snprintf(e, sizeof e, "inputs%c%s%c", d->subscript[0], ix, d->subscript[1]);
            else
                snprintf(e, sizeof e, "inputs%c%d * %s + %d%c", d->subscript[0], n->var_count, ix,
                         i, d->subscript[1]);
            assign(o, d, level + 1, n->vars[i], e);
        }
        stub_leave(o, level);
        stub_line(o, level, "}");
        break;
    case STUB_WRITE:
        if (n->first_write)
            stub_answer_hint(o, level, "// ", "", d->hint_write, d->hint_debug);
        write_answer(o, d, n, level);
        break;
    }
}

void stub_emit_split(const stub_program *p, stub_out *o, const stub_split_desc *d)
{
    stub_out_set_data(o, d);
    stub_emit_frame(p, o, &d->frame, command);
}

void stub_split_body(stub_out *o, const stub_split_desc *d)
{
    stub_out_set_data(o, d);
    stub_body(o, &d->frame, command);
}
