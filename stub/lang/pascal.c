/* Pascal (Free Pascal) emitter: as CodinGame's, `program Answer` with
 * every variable declared up front, ReadLn for a value alone on its line, a
 * ParseIn helper that splits a line into a TStringList for the others,
 * WriteLn then Flush(Output) each turn (Output is buffered on a pipe).
 *
 * ParseIn splits at single spaces itself, rather than through
 * TStrings.DelimitedText, which would also split at other white space and
 * take quotes as quoting: a string keeps its text exactly. */
#include <stdio.h>
#include <string.h>

#include "stub.h"

/* Pascal's reserved words; Pascal ignores case, the list is lower case
 * (stub names are camelCase, so start in lower case). */
static const char *const keywords[] = {
    "and", "array", "as", "asm", "begin", "case", "class", "const", "constructor", "destructor",
    "dispinterface", "div", "do", "downto", "else", "end", "except", "exports", "file",
    "finalization", "finally", "for", "function", "goto", "if", "implementation", "in", "inherited",
    "initialization", "inline", "interface", "is", "label", "library", "mod", "nil", "not",
    "object", "of", "on", "operator", "or", "out", "packed", "procedure", "program", "property",
    "raise", "record", "repeat", "resourcestring", "self", "set", "shl", "shr", "string", "then",
    "threadvar", "to", "try", "type", "unit", "until", "uses", "var", "while", "with", "xor",
    "true", "false", "result",
    /* the stub's own names */
    "answer", "inputs", "parseIn", "rest", "readLn", "writeLn", "flush", "output", "strToInt",
    "strToInt64", "strToFloat", "floatToStr", "boolToStr", NULL};

static const char *const parse_in = "// Reads one input line into Inputs, split at single spaces.\n"
                                    "procedure ParseIn(Inputs: TStrings);\n"
                                    "var\n"
                                    "    Line: String;\n"
                                    "    Start, K: Int32;\n"
                                    "begin\n"
                                    "    ReadLn(Line);\n"
                                    "    Inputs.Clear;\n"
                                    "    Start := 1;\n"
                                    "    for K := 1 to Length(Line) + 1 do\n"
                                    "        if (K > Length(Line)) or (Line[K] = ' ') then\n"
                                    "        begin\n"
                                    "            Inputs.Add(Copy(Line, Start, K - Start));\n"
                                    "            Start := K + 1;\n"
                                    "        end;\n"
                                    "end;\n";

static const char *const rest =
    "// The fields of Inputs from number From on, joined by spaces: the rest\n"
    "// of the line.\n"
    "function Rest(Inputs: TStrings; From: Int32): String;\n"
    "var\n"
    "    K: Int32;\n"
    "begin\n"
    "    Result := Inputs[From];\n"
    "    for K := From + 1 to Inputs.Count - 1 do\n"
    "        Result := Result + ' ' + Inputs[K];\n"
    "end;\n";

static const char *const types[] = {"Int32", "Int64", "Double", "Boolean", "String", "String"};

/* 1 when a read or loopline from n on (loop bodies included) needs what
 * `what` names: 'p' ParseIn (a line of several values, or a bool alone),
 * 'r' Rest (a string after other values); the deepest loop nesting for
 * 'd' (the number of loop indexes to declare). */
static int needs(const stub_program *p, const stub_node *n, char what, int depth)
{
    int r = what == 'd' ? depth : 0;
    for (; n; n = n->next) {
        int last = n->var_count ? p->vars[n->vars[n->var_count - 1]].type : STUB_INT;
        if (what == 'p' && (n->kind == STUB_LOOPLINE ||
                            (n->kind == STUB_READ && (n->var_count > 1 || last == STUB_BOOL))))
            return 1;
        if (what == 'r' && n->kind == STUB_READ && n->var_count > 1 && last == STUB_STRING)
            return 1;
        if (what == 'd' && n->kind == STUB_LOOPLINE && depth + 1 > r)
            r = depth + 1;
        if (n->body) {
            int b = needs(p, n->body, what, depth + 1);
            if (what != 'd' && b)
                return 1;
            if (b > r)
                r = b;
        }
    }
    return r;
}

static int program_needs(const stub_program *p, char what)
{
    int a = needs(p, p->init, what, 0), b = needs(p, p->turn, what, 0);
    return a > b ? a : b;
}

static void assign(stub_out *o, int level, int var, const char *e)
{
    const char *c = stub_var_comment(o, var);
    char v[256];
    switch (stub_out_program(o)->vars[var].type) {
    case STUB_INT: snprintf(v, sizeof v, "StrToInt(%s)", e); break;
    case STUB_LONG: snprintf(v, sizeof v, "StrToInt64(%s)", e); break;
    case STUB_FLOAT: snprintf(v, sizeof v, "StrToFloat(%s)", e); break;
    case STUB_BOOL: snprintf(v, sizeof v, "%s <> '0'", e); break;
    default: snprintf(v, sizeof v, "%s", e); break;
    }
    stub_line(o, level, "%s := %s;%s%s", stub_name(o, var), v, c ? " // " : "", c ? c : "");
}

/* WriteLn's arguments: literals in single quotes (doubled, Pascal's only
 * escape), numbers as they are, floats and booleans as CodinGame's other
 * languages print them (0.5, not 5.0000000000000000E-0001; true). */
static void write_args(stub_out *o, const stub_node *n, char *buf, size_t size)
{
    const stub_program *p = stub_out_program(o);
    /* a stub line holds at most STUB_LINE_MAX bytes and each part of a
     * write takes two of them (a join argument and its comma) */
    stub_seg segs[STUB_LINE_MAX + 1];
    int k = 2 * n->part_count + 1 <= STUB_LINE_MAX + 1 ? stub_segments(o, n, segs) : 0;
    size_t l = 0;
    buf[0] = '\0';
    for (int i = 0; i < k && l + 8 < size; i++) {
        if (i)
            l += (size_t)snprintf(buf + l, size - l, ", ");
        if (segs[i].var >= 0) {
            stub_type t = p->vars[segs[i].var].type;
            snprintf(buf + l, size - l,
                     t == STUB_FLOAT  ? "FloatToStr(%s)"
                     : t == STUB_BOOL ? "BoolToStr(%s, 'true', 'false')"
                                      : "%s",
                     stub_name(o, segs[i].var));
            l += strlen(buf + l);
            continue;
        }
        buf[l++] = '\'';
        for (const char *s = segs[i].text; *s && l + 4 < size; s++) {
            if (*s == '\'')
                buf[l++] = '\'';
            buf[l++] = *s;
        }
        l += (size_t)snprintf(buf + l, size - l, "'");
    }
}

static void command(stub_out *o, const stub_node *n, int level, int depth)
{
    const stub_program *p = stub_out_program(o);
    const char *ix = stub_index(o, depth);
    char e[96];
    switch (n->kind) {
    case STUB_READ: {
        int v = n->vars[0];
        if (n->var_count == 1 && p->vars[v].type != STUB_BOOL) {
            const char *c = stub_var_comment(o, v);
            stub_line(o, level, "ReadLn(%s);%s%s", stub_name(o, v), c ? " // " : "", c ? c : "");
            break;
        }
        stub_line(o, level, "ParseIn(Inputs);");
        for (int i = 0; i < n->var_count; i++) {
            if (i > 0 && i == n->var_count - 1 && p->vars[n->vars[i]].type == STUB_STRING)
                snprintf(e, sizeof e, "Rest(Inputs, %d)", i);
            else
                snprintf(e, sizeof e, "Inputs[%d]", i);
            assign(o, level, n->vars[i], e);
        }
        break;
    }
    case STUB_LOOP:
        stub_line(o, level, "for %s := 0 to %s - 1 do", ix, stub_bound(o, n, "Int32(%s)"));
        stub_line(o, level, "begin");
        stub_block(o, n->body, level + 1, depth + 1, command);
        stub_line(o, level, "end;");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "ParseIn(Inputs);");
        stub_line(o, level, "for %s := 0 to %s - 1 do", ix, stub_bound(o, n, "Int32(%s)"));
        stub_line(o, level, "begin");
        for (int i = 0; i < n->var_count; i++) {
            if (n->var_count == 1)
                snprintf(e, sizeof e, "Inputs[%s]", ix);
            else
                snprintf(e, sizeof e, "Inputs[%d * %s + %d]", n->var_count, ix, i);
            assign(o, level + 1, n->vars[i], e);
        }
        stub_line(o, level, "end;");
        break;
    case STUB_WRITE: {
        if (n->first_write)
            stub_answer_hint(o, level, "// ", "",
                             "Write an answer with WriteLn(); the Flush(Output) below sends it.",
                             "To debug: WriteLn(StdErr, 'Debug messages...');");
        char args[2048];
        write_args(o, n, args, sizeof args);
        stub_line(o, level, "WriteLn(%s);", args);
        break;
    }
    }
}

static const stub_frame frame = {
    .level = 1,
    .loop_comment = "// game loop",
    .loop_open = "while true do\n"
                 "begin",
    .loop_close = "end;",
    .turn_end = "Flush(Output);",
};

static void emit(const stub_program *p, stub_out *o)
{
    int split = program_needs(p, 'p'), loops = program_needs(p, 'd');
    stub_comment_lines(o, 0, "// ", stub_statement(p), "");
    stub_text(o, 0,
              "\n"
              "program Answer;\n"
              "{$mode objfpc}{$H+}\n"
              "uses SysUtils, Classes, Math;\n");
    if (split)
        stub_text(o, 0, parse_in);
    if (program_needs(p, 'r'))
        stub_text(o, 0, rest);
    stub_line(o, 0, "var");
    for (int i = 0; i < p->var_count; i++)
        stub_line(o, 1, "%s: %s;", stub_name(o, i), types[p->vars[i].type]);
    for (int d = 0; d < loops; d++)
        stub_line(o, 1, "%s: Int32;", stub_index(o, d));
    if (split)
        stub_line(o, 1, "Inputs: TStringList;");
    stub_blank(o);
    stub_line(o, 0, "begin");
    if (split)
        stub_line(o, 1, "Inputs := TStringList.Create;");
    stub_body(o, &frame, command);
    stub_line(o, 0, "end.");
}

const stub_lang stub_lang_pascal = {"pascal",     "fpc pas freepascal", "Pascal",
                                    "Answer.pas", STUB_CAMEL,           keywords,
                                    emit};
