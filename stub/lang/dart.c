/* Dart emitter: stdin.readLineSync()!, split(' '), print. */
#include "split.h"

static const char *const keywords[] = {
    "assert", "break", "case",    "catch",   "class",  "const",   "continue", "default",  "do",
    "else",   "enum",  "extends", "false",   "final",  "finally", "for",      "if",       "in",
    "is",     "new",   "null",    "rethrow", "return", "super",   "switch",   "this",     "throw",
    "true",   "try",   "var",     "void",    "while",  "with",    "late",     "required", "int",
    "double", "bool",  "String",  "print",   "stdin",  "inputs",  NULL};

static const stub_split_desc dart = {
    .frame =
        {
            .head = "import 'dart:io';\n"
                    "import 'dart:math';\n",
            .doc_open = "/**",
            .doc_prefix = " * ",
            .doc_close = " **/",
            .main_open = "void main() {",
            .inputs_decl = "List<String> inputs;",
            .main_close = "}",
            .level = 1,
            .loop_comment = "// game loop",
            .loop_open = "while (true) {",
            .loop_close = "}",
        },
    .read_line = "stdin.readLineSync()!",
    .split_line = "inputs = stdin.readLineSync()!.split(' ');",
    /* Dart's split has no limit: a last string joins the remaining tokens */
    .rest_join = "inputs.sublist(%d).join(' ')",
    .subscript = "[]",
    .conv = {[STUB_INT] = "int.parse(%s)",
             [STUB_LONG] = "int.parse(%s)",
             [STUB_FLOAT] = "double.parse(%s)",
             [STUB_BOOL] = "%s != '0'"},
    /* Dart's int is 64-bit: it holds a long too */
    .types = {[STUB_INT] = "int",
              [STUB_LONG] = "int",
              [STUB_FLOAT] = "double",
              [STUB_BOOL] = "bool",
              [STUB_WORD] = "String",
              [STUB_STRING] = "String"},
    .end = ";",
    .for_decl = "int",
    .interp = "${%s}",
    .interp_escape = "$",
    .print = "print(%s)",
    .hint_write = "Write an answer with print().",
    .hint_debug = "To debug: stderr.writeln('Debug messages...');",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_split(p, o, &dart);
}

const stub_lang stub_lang_dart = {"dart", "", "Dart", "bot.dart", STUB_CAMEL, keywords, emit};
