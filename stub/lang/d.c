/* D emitter: readln.chomp and split(" "), to!int, writeln then
 * stdout.flush() each turn (stdout is block-buffered on a pipe). */
#include "split.h"

static const char *const keywords[] = {
    "abstract", "alias", "align", "asm", "assert", "auto", "body", "bool", "break", "byte", "case",
    "cast", "catch", "cdouble", "cent", "cfloat", "char", "class", "const", "continue", "creal",
    "dchar", "debug", "default", "delegate", "delete", "deprecated", "do", "double", "else", "enum",
    "export", "extern", "false", "final", "finally", "float", "for", "foreach", "foreach_reverse",
    "function", "goto", "idouble", "if", "ifloat", "immutable", "import", "in", "inout", "int",
    "interface", "invariant", "ireal", "is", "lazy", "long", "macro", "mixin", "module", "new",
    "nothrow", "null", "out", "override", "package", "pragma", "private", "protected", "public",
    "pure", "real", "ref", "return", "scope", "shared", "short", "static", "struct", "super",
    "switch", "synchronized", "template", "this", "throw", "true", "try", "typeid", "typeof",
    "ubyte", "ucent", "uint", "ulong", "union", "unittest", "ushort", "version", "void", "wchar",
    "while", "with", "string",
    /* the stub's own names: a local of that name would hide the function */
    "main", "inputs", "readln", "chomp", "split", "join", "to", "writeln", "stdout", "stderr",
    "std", NULL};

static const stub_split_desc d_lang = {
    .frame =
        {
            .head = "import std.stdio;\n"
                    "import std.string;\n"
                    "import std.conv;\n"
                    "import std.array;\n"
                    "import std.algorithm;\n"
                    "import std.range;\n"
                    "import std.math;\n",
            .doc_open = "/**",
            .doc_prefix = " * ",
            .doc_close = " **/",
            .main_open = "void main()\n"
                         "{",
            .inputs_decl = "string[] inputs;",
            .main_close = "}",
            .level = 1,
            .loop_comment = "// game loop",
            .loop_open = "while (true)\n"
                         "{",
            .loop_close = "}",
            .turn_end = "stdout.flush();",
        },
    .brace_own_line = 1, /* the D style guide's */
    .read_line = "readln.chomp",
    .split_line = "inputs = readln.chomp.split(\" \");",
    /* split(" ") keeps empty fields, so joining them gives the line back */
    .rest_join = "inputs[%d .. $].join(\" \")",
    .subscript = "[]",
    .conv = {[STUB_INT] = "%s.to!int",
             [STUB_LONG] = "%s.to!long",
             [STUB_FLOAT] = "%s.to!double",
             [STUB_BOOL] = "%s != \"0\""},
    .types = {[STUB_INT] = "int",
              [STUB_LONG] = "long",
              [STUB_FLOAT] = "double",
              [STUB_BOOL] = "bool",
              [STUB_WORD] = "string",
              [STUB_STRING] = "string"},
    .end = ";",
    .for_decl = "int",
    .concat_op = ", ",
    .print = "writeln(%s)",
    .hint_write = "Write an answer with writeln(); the stdout.flush() below sends it.",
    .hint_debug = "To debug: stderr.writeln(\"Debug messages...\");",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_split(p, o, &d_lang);
}

const stub_lang stub_lang_d = {"d", "dlang gdc", "D", "bot.d", STUB_CAMEL, keywords, emit};
