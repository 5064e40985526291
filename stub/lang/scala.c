/* Scala emitter: scala.io.StdIn.readLine, split(" "), println (System.out
 * flushes on each println). */
#include "split.h"

static const char *const keywords[] = {
    "abstract",  "case",   "catch",   "class",  "def",     "do",       "else",     "extends",
    "false",     "final",  "finally", "for",    "forSome", "if",       "implicit", "import",
    "lazy",      "match",  "new",     "null",   "object",  "override", "package",  "private",
    "protected", "return", "sealed",  "super",  "this",    "throw",    "trait",    "try",
    "true",      "type",   "val",     "var",    "while",   "with",     "yield",    "given",
    "then",      "enum",   "export",  "inputs", "args",    NULL};

static const stub_split_desc scala = {
    .frame =
        {
            .head = "import math._\n"
                    "import scala.util._\n"
                    "import scala.io.StdIn._\n",
            .doc_open = "/**",
            .doc_prefix = " * ",
            .doc_close = " **/",
            .main_open = "object Player extends App {",
            .inputs_decl = "var inputs: Array[String] = null",
            .main_close = "}",
            .level = 1,
            .loop_comment = "// game loop",
            .loop_open = "while (true) {",
            .loop_close = "}",
        },
    .read_line = "readLine()",
    .split_line = "inputs = readLine().split(\" \")",
    .split_limit = "inputs = readLine().split(\" \", %d)",
    .subscript = "()",
    .conv = {[STUB_INT] = "%s.toInt",
             [STUB_LONG] = "%s.toLong",
             [STUB_FLOAT] = "%s.toDouble",
             [STUB_BOOL] = "%s != \"0\""},
    .let_const = "val ",
    .let_mutable = "var ",
    .end = "",
    .loop_range = "for (%s <- 0 until %s)",
    .bound_long = "%s.toInt",
    .print = "println(%s)",
    .hint_write = "Write an answer with println() (it flushes).",
    .hint_debug = "To debug: Console.err.println(\"Debug messages...\")",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_split(p, o, &scala);
}

const stub_lang stub_lang_scala = {"scala",    "sc",     "Scala", "Player.scala",
                                   STUB_CAMEL, keywords, emit};
