/* VB.NET emitter: as CodinGame's, a Player module whose Sub Main reads
 * with Console.ReadLine and Split and answers with Console.WriteLine (the
 * console autoflushes). Text is converted explicitly (Integer.Parse, ...)
 * rather than by VB's implicit conversions, and floats are read and written
 * in the invariant culture, whatever the machine's locale. No compiler of
 * Debian 12 checks this output: the golden files pin it. */
#include <stdio.h>
#include <string.h>

#include "stub.h"

/* Visual Basic's reserved words; VB ignores case, the list is lower case
 * (stub names are camelCase, so start in lower case). */
static const char *const keywords[] = {
    "addhandler", "addressof", "alias", "and", "andalso", "as", "boolean", "byref", "byte", "byval",
    "call", "case", "catch", "cbool", "cbyte", "cchar", "cdate", "cdbl", "cdec", "char", "cint",
    "class", "clng", "cobj", "const", "continue", "csbyte", "cshort", "csng", "cstr", "ctype",
    "cuint", "culng", "cushort", "date", "decimal", "declare", "default", "delegate", "dim",
    "directcast", "do", "double", "each", "else", "elseif", "end", "endif", "enum", "erase",
    "error", "event", "exit", "false", "finally", "for", "friend", "function", "get", "gettype",
    "getxmlnamespace", "global", "gosub", "goto", "handles", "if", "implements", "imports", "in",
    "inherits", "integer", "interface", "is", "isnot", "let", "lib", "like", "long", "loop", "me",
    "mod", "module", "mustinherit", "mustoverride", "mybase", "myclass", "namespace", "narrowing",
    "new", "next", "not", "nothing", "notinheritable", "notoverridable", "object", "of", "on",
    "operator", "option", "optional", "or", "orelse", "out", "overloads", "overridable",
    "overrides", "paramarray", "partial", "private", "property", "protected", "public",
    "raiseevent", "readonly", "redim", "rem", "removehandler", "resume", "return", "sbyte",
    "select", "set", "shadows", "shared", "short", "single", "static", "step", "stop", "string",
    "structure", "sub", "synclock", "then", "throw", "to", "true", "try", "trycast", "typeof",
    "uinteger", "ulong", "ushort", "using", "variant", "wend", "when", "while", "widening", "with",
    "withevents", "writeonly", "xor",
    /* the stub's own names */
    "inputs", "console", "player", "main", "cultureInfo", NULL};

static void assign(stub_out *o, int level, int var, const char *e)
{
    static const char *const types[] = {"Integer", "Long", "Double", "Boolean", "String", "String"};
    stub_type t = stub_out_program(o)->vars[var].type;
    const char *c = stub_var_comment(o, var);
    char v[256], decl[64] = "";
    switch (t) {
    case STUB_INT: snprintf(v, sizeof v, "Integer.Parse(%s)", e); break;
    case STUB_LONG: snprintf(v, sizeof v, "Long.Parse(%s)", e); break;
    /* the invariant culture reads "0.5" whatever the machine's locale */
    case STUB_FLOAT:
        snprintf(v, sizeof v, "Double.Parse(%s, CultureInfo.InvariantCulture)", e);
        break;
    case STUB_BOOL: snprintf(v, sizeof v, "%s <> \"0\"", e); break;
    default: snprintf(v, sizeof v, "%s", e); break;
    }
    if (stub_declare(o, var, level))
        snprintf(decl, sizeof decl, "Dim ");
    stub_line(o, level, "%s%s%s%s = %s%s%s", decl, stub_name(o, var), decl[0] ? " As " : "",
              decl[0] ? types[t] : "", v, c ? " ' " : "", c ? c : "");
}

/* The answer: literals (quotes doubled, VB's only escape) and variables
 * joined by &, which converts numbers; floats in the invariant culture. */
static void write_answer(stub_out *o, const stub_node *n, int level)
{
    const stub_program *p = stub_out_program(o);
    /* a stub line holds at most STUB_LINE_MAX bytes and each part of a
     * write takes two of them (a join argument and its comma) */
    stub_seg segs[STUB_LINE_MAX + 1];
    char expr[2048] = "";
    int k = 2 * n->part_count + 1 <= STUB_LINE_MAX + 1 ? stub_segments(o, n, segs) : 0;
    for (int i = 0; i < k; i++) {
        size_t l = strlen(expr);
        if (i)
            l += (size_t)snprintf(expr + l, sizeof expr - l, " & ");
        if (segs[i].var >= 0) {
            int v = segs[i].var;
            snprintf(expr + l, sizeof expr - l,
                     p->vars[v].type == STUB_FLOAT ? "%s.ToString(CultureInfo.InvariantCulture)"
                                                   : "%s",
                     stub_name(o, v));
            continue;
        }
        expr[l++] = '"';
        for (const char *s = segs[i].text; *s && l + 4 < sizeof expr; s++) {
            if (*s == '"')
                expr[l++] = '"';
            expr[l++] = *s;
        }
        snprintf(expr + l, sizeof expr - l, "\"");
    }
    stub_line(o, level, "Console.WriteLine(%s)", expr);
}

static void command(stub_out *o, const stub_node *n, int level, int depth)
{
    const stub_program *p = stub_out_program(o);
    const char *ix = stub_index(o, depth);
    char e[96];
    switch (n->kind) {
    case STUB_READ:
        if (n->var_count == 1) {
            assign(o, level, n->vars[0], "Console.ReadLine()");
            break;
        }
        if (p->vars[n->vars[n->var_count - 1]].type == STUB_STRING)
            stub_line(o, level, "inputs = Console.ReadLine().Split(New Char() {\" \"c}, %d)",
                      n->var_count);
        else
            stub_line(o, level, "inputs = Console.ReadLine().Split(\" \"c)");
        for (int i = 0; i < n->var_count; i++) {
            snprintf(e, sizeof e, "inputs(%d)", i);
            assign(o, level, n->vars[i], e);
        }
        break;
    case STUB_LOOP:
        stub_line(o, level, "For %s As Integer = 0 To %s - 1", ix, stub_bound(o, n, "CInt(%s)"));
        stub_block(o, n->body, level + 1, depth + 1, command);
        stub_line(o, level, "Next");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "inputs = Console.ReadLine().Split(\" \"c)");
        stub_line(o, level, "For %s As Integer = 0 To %s - 1", ix, stub_bound(o, n, "CInt(%s)"));
        for (int i = 0; i < n->var_count; i++) {
            if (n->var_count == 1)
                snprintf(e, sizeof e, "inputs(%s)", ix);
            else
                snprintf(e, sizeof e, "inputs(%d * %s + %d)", n->var_count, ix, i);
            assign(o, level + 1, n->vars[i], e);
        }
        stub_leave(o, level);
        stub_line(o, level, "Next");
        break;
    case STUB_WRITE:
        if (n->first_write)
            stub_answer_hint(o, level, "' ", "",
                             "Write an answer with Console.WriteLine() (it flushes).",
                             "To debug: Console.Error.WriteLine(\"Debug messages...\")");
        write_answer(o, n, level);
        break;
    }
}

static const stub_frame frame = {
    .head = "Imports System\n"
            "Imports System.Globalization\n",
    .doc_prefix = "' ",
    .main_open = "\n"
                 "Module Player\n"
                 "\n"
                 "    Sub Main()",
    .inputs_decl = "Dim inputs As String()",
    .main_close = "    End Sub\n"
                  "End Module",
    .level = 2,
    .loop_comment = "' game loop",
    .loop_open = "While True",
    .loop_close = "End While",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_frame(p, o, &frame, command);
}

const stub_lang stub_lang_vbnet = {"vbnet",    "vb vb.net visualbasic",
                                   "VB.NET",   "Player.vb",
                                   STUB_CAMEL, keywords,
                                   emit};
