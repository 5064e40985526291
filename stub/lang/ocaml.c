/* OCaml emitter: input_line, Scanf.sscanf for several values on a line,
 * print_endline (which flushes). */
#include <stdio.h>

#include "stub.h"

static const char *const keywords[] = {
    "and",      "as",      "assert", "begin",     "class",    "constraint", "do",          "done",
    "downto",   "else",    "end",    "exception", "external", "false",      "for",         "fun",
    "function", "functor", "if",     "in",        "include",  "inherit",    "initializer", "lazy",
    "let",      "match",   "method", "module",    "mutable",  "new",        "nonrec",      "object",
    "of",       "open",    "or",     "private",   "rec",      "sig",        "struct",      "then",
    "to",       "true",    "try",    "type",      "val",      "virtual",    "when",        "while",
    "with",     "inputs",  NULL};

static const char *conv(stub_type t)
{
    switch (t) {
    case STUB_INT:
    case STUB_LONG: return "int_of_string";
    case STUB_FLOAT: return "float_of_string";
    default: return NULL;
    }
}

static void assign(stub_out *o, int level, int var, const char *e)
{
    const char *c = stub_var_comment(o, var);
    stub_type t = stub_out_program(o)->vars[var].type;
    char v[256];
    if (conv(t))
        snprintf(v, sizeof v, "%s (%s)", conv(t), e);
    else if (t == STUB_BOOL)
        snprintf(v, sizeof v, "(%s) <> \"0\"", e);
    else
        snprintf(v, sizeof v, "%s", e);
    stub_line(o, level, "let %s = %s in%s%s%s", stub_name(o, var), v, c ? " (* " : "", c ? c : "",
              c ? " *)" : "");
}

/* Text variables as they are, others through string_of_<type>. */
static void var_expr(stub_out *o, int var, char *out, size_t size)
{
    stub_type t = stub_out_program(o)->vars[var].type;
    const char *f = t == STUB_INT || t == STUB_LONG ? "string_of_int "
                    : t == STUB_FLOAT               ? "string_of_float "
                    : t == STUB_BOOL                ? "string_of_bool "
                                                    : "";
    snprintf(out, size, "%s%s", f, stub_name(o, var));
}

static void command(stub_out *o, const stub_node *n, int level, int depth)
{
    const stub_program *p = stub_out_program(o);
    const char *ix = stub_index(o, depth);
    char e[96];
    switch (n->kind) {
    case STUB_READ:
        if (n->var_count == 1) {
            assign(o, level, n->vars[0], "input_line stdin");
            break;
        }
        stub_line(o, level, "let inputs = String.split_on_char ' ' (input_line stdin) in");
        for (int i = 0; i < n->var_count; i++) {
            if (i == n->var_count - 1 && p->vars[n->vars[i]].type == STUB_STRING)
                snprintf(e, sizeof e,
                         "String.concat \" \" (List.filteri (fun k _ -> k >= %d) inputs)", i);
            else
                snprintf(e, sizeof e, "List.nth inputs %d", i);
            assign(o, level, n->vars[i], e);
        }
        break;
    case STUB_LOOP:
        stub_line(o, level, "for %s = 0 to %s - 1 do", ix, stub_amount(o, n));
        stub_block(o, n->body, level + 1, depth + 1, command);
        stub_line(o, level + 1, "()"); /* every command ends with `;`: a body needs a value */
        stub_line(o, level, "done;");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "let inputs = String.split_on_char ' ' (input_line stdin) in");
        stub_line(o, level, "for %s = 0 to %s - 1 do", ix, stub_amount(o, n));
        for (int i = 0; i < n->var_count; i++) {
            if (n->var_count == 1)
                snprintf(e, sizeof e, "List.nth inputs %s", ix);
            else
                snprintf(e, sizeof e, "List.nth inputs (%d * %s + %d)", n->var_count, ix, i);
            assign(o, level + 1, n->vars[i], e);
        }
        stub_line(o, level + 1, "()");
        stub_line(o, level, "done;");
        break;
    case STUB_WRITE: {
        if (n->first_write)
            stub_answer_hint(o, level, "(* ", " *)",
                             "Write an answer with print_endline (it flushes).",
                             "To debug: prerr_endline \"Debug message\";");
        char expr[1024];
        stub_concat(o, n, expr, sizeof expr, " ^ ", '"', NULL, var_expr);
        if (n->part_count == 1 && n->parts[0].var < 0)
            stub_line(o, level, "print_endline %s;", expr);
        else
            stub_line(o, level, "print_endline (%s);", expr);
        break;
    }
    }
}

static const stub_frame frame = {
    .indent = "  ",
    .doc_prefix = "(* ",
    .doc_suffix = " *)",
    .main_open = "\n"
                 "let () =",
    .level = 1,
    .loop_comment = "(* game loop *)",
    .loop_open = "while true do",
    .loop_close = "done",
    .turn_end = "()",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_frame(p, o, &frame, command);
}

const stub_lang stub_lang_ocaml = {"ocaml", "ml", "OCaml", "bot.ml", STUB_SNAKE, keywords, emit};
