/* Swift emitter: readLine()!, split(separator:), print then fflush(stdout)
 * (stdout is block-buffered on a pipe). */
#include "split.h"

static const char *const keywords[] = {
    "as",    "break",  "case",     "catch",     "class",       "continue", "default",  "defer",
    "do",    "else",   "enum",     "extension", "fallthrough", "false",    "for",      "func",
    "guard", "if",     "import",   "in",        "init",        "inout",    "internal", "is",
    "let",   "nil",    "operator", "private",   "protocol",    "public",   "repeat",   "return",
    "self",  "static", "struct",   "subscript", "super",       "switch",   "throw",    "throws",
    "true",  "try",    "var",      "where",     "while",       "inputs",   NULL};

static const stub_split_desc swift = {
    .frame =
        {
            .head = "import Foundation\n",
            .doc_open = "/**",
            .doc_prefix = " * ",
            .doc_close = " **/",
            .main_open = "", /* top-level code: no main, one blank line */
            .inputs_decl = "var inputs: [String] = []",
            .level = 0,
            .loop_comment = "// game loop",
            .loop_open = "while true {",
            .loop_close = "}",
            .turn_end = "fflush(stdout)",
        },
    .read_line = "readLine()!",
    .split_line = "inputs = readLine()!.split(separator: \" \").map(String.init)",
    .split_limit = "inputs = readLine()!.split(separator: \" \", maxSplits: %d).map(String.init)",
    .limit_counts_splits = 1,
    .subscript = "[]",
    .conv = {[STUB_INT] = "Int(%s)!",
             [STUB_LONG] = "Int64(%s)!",
             [STUB_FLOAT] = "Double(%s)!",
             [STUB_BOOL] = "%s != \"0\""},
    .let_const = "let ",
    .let_mutable = "var ",
    .end = "",
    .loop_range = "for %s in 0..<%s",
    .bound_long = "Int(%s)",
    .unused_index = "_",
    .interp = "\\(%s)",
    .print = "print(%s)",
    .hint_write = "Write an answer with print(), then fflush(stdout).",
    .hint_debug =
        "To debug: FileHandle.standardError.write(\"Debug messages...\\n\".data(using: .utf8)!)",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_split(p, o, &swift);
}

const stub_lang stub_lang_swift = {"swift",    "swift5", "Swift", "main.swift",
                                   STUB_CAMEL, keywords, emit};
