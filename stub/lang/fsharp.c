/* F# emitter: Console.In.ReadLine and Split, int/int64/float conversions,
 * printfn (Console.Out flushes on each write). The code sits in an
 * [<EntryPoint>] function rather than at the top level of the file, where
 * F# refuses a second definition of a name (`inputs`, a variable read
 * twice), so that each read is a plain shadowing `let`. Comments are //
 * lines: text in a (* *) comment is lexed, so a stray quote would end it. */
#include <stdio.h>
#include <string.h>

#include "stub.h"

static const char *const keywords[] = {
    "abstract", "and", "as", "assert", "base", "begin", "class", "default", "delegate", "do",
    "done", "downcast", "downto", "elif", "else", "end", "exception", "extern", "false", "finally",
    "fixed", "for", "fun", "function", "global", "if", "in", "inherit", "inline", "interface",
    "internal", "lazy", "let", "match", "member", "module", "mutable", "namespace", "new", "not",
    "null", "of", "open", "or", "override", "private", "public", "rec", "return", "select", "sig",
    "static", "struct", "then", "to", "true", "try", "type", "upcast", "use", "val", "void", "when",
    "while", "with", "yield", "const", "asr", "land", "lor", "lsl", "lsr", "lxor", "mod", "break",
    "checked", "component", "constraint", "continue", "event", "external", "include", "mixin",
    "parallel", "process", "protected", "pure", "sealed", "tailcall", "trait", "virtual",
    /* the stub's own names */
    "inputs", "argv", "main", "int", "int64", "float", "printfn", "eprintfn", "Console", NULL};

static void assign(stub_out *o, int level, int var, const char *e)
{
    const char *c = stub_var_comment(o, var);
    char v[256];
    switch (stub_out_program(o)->vars[var].type) {
    case STUB_INT: snprintf(v, sizeof v, "int(%s)", e); break;
    case STUB_LONG: snprintf(v, sizeof v, "int64(%s)", e); break;
    case STUB_FLOAT: snprintf(v, sizeof v, "float(%s)", e); break; /* invariant culture */
    case STUB_BOOL: snprintf(v, sizeof v, "%s <> \"0\"", e); break;
    default: snprintf(v, sizeof v, "%s", e); break;
    }
    stub_line(o, level, "let %s = %s%s%s", stub_name(o, var), v, c ? " // " : "", c ? c : "");
}

/* printfn's format of a variable. */
static const char *format(stub_type t)
{
    switch (t) {
    case STUB_INT:
    case STUB_LONG: return "%d";
    case STUB_FLOAT: return "%g";
    case STUB_BOOL: return "%b";
    default: return "%s";
    }
}

static void command(stub_out *o, const stub_node *n, int level, int depth)
{
    const stub_program *p = stub_out_program(o);
    const char *ix = stub_index(o, depth);
    char e[96];
    switch (n->kind) {
    case STUB_READ:
        if (n->var_count == 1)
            assign(o, level, n->vars[0], "Console.In.ReadLine()");
        else {
            if (p->vars[n->vars[n->var_count - 1]].type == STUB_STRING)
                stub_line(o, level, "let inputs = Console.In.ReadLine().Split([|' '|], %d)",
                          n->var_count);
            else
                stub_line(o, level, "let inputs = Console.In.ReadLine().Split([|' '|])");
            for (int i = 0; i < n->var_count; i++) {
                snprintf(e, sizeof e, "inputs.[%d]", i);
                assign(o, level, n->vars[i], e);
            }
        }
        /* a block cannot end with a let: the last read of a loop body or
         * of the game loop is followed by a unit value (the commands before
         * the game loop are followed by it) */
        if (!n->next && level > 1)
            stub_line(o, level, "()");
        break;
    case STUB_LOOP:
        stub_line(o, level, "for %s in 0 .. %s - 1 do", ix, stub_bound(o, n, "int(%s)"));
        stub_block(o, n->body, level + 1, depth + 1, command);
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "let inputs = Console.In.ReadLine().Split([|' '|])");
        stub_line(o, level, "for %s in 0 .. %s - 1 do", ix, stub_bound(o, n, "int(%s)"));
        for (int i = 0; i < n->var_count; i++) {
            if (n->var_count == 1)
                snprintf(e, sizeof e, "inputs.[%s]", ix);
            else
                snprintf(e, sizeof e, "inputs.[%d * %s + %d]", n->var_count, ix, i);
            assign(o, level + 1, n->vars[i], e);
        }
        stub_line(o, level + 1, "()");
        break;
    case STUB_WRITE: {
        if (n->first_write)
            stub_answer_hint(o, level, "// ", "", "Write an answer with printfn (it flushes).",
                             "To debug: eprintfn \"Debug messages...\"");
        char fmt[1024] = "", args[1024] = "";
        for (int i = 0; i < n->part_count; i++) {
            size_t l = strlen(fmt), al = strlen(args);
            const stub_part *pt = &n->parts[i];
            snprintf(fmt + l, sizeof fmt - l, "%s%s", i ? " " : "",
                     pt->var < 0 ? stub_quote(o, pt->text, NULL, 1)
                                 : format(p->vars[pt->var].type));
            if (pt->var >= 0)
                snprintf(args + al, sizeof args - al, " %s", stub_name(o, pt->var));
        }
        stub_line(o, level, "printfn \"%s\"%s", fmt, args);
        break;
    }
    }
}

static const stub_frame frame = {
    .head = "open System\n",
    .doc_prefix = "// ",
    .main_open = "\n"
                 "[<EntryPoint>]\n"
                 "let main argv =",
    .main_close = "    0",
    .level = 1,
    .loop_comment = "// game loop",
    .loop_open = "while true do",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_frame(p, o, &frame, command);
}

const stub_lang stub_lang_fsharp = {"fsharp",   "f# fs",  "F#", "Player.fs",
                                    STUB_CAMEL, keywords, emit};
