/* Kotlin emitter: readLine()!!, split(" "), println (System.out flushes on
 * each println). */
#include "split.h"

static const char *const keywords[] = {"as",      "break",     "class",     "continue", "do",
                                       "else",    "false",     "for",       "fun",      "if",
                                       "in",      "interface", "is",        "null",     "object",
                                       "package", "return",    "super",     "this",     "throw",
                                       "true",    "try",       "typealias", "typeof",   "val",
                                       "var",     "when",      "while",     "inputs",   "args",
                                       NULL};

static const stub_split_desc kotlin = {
    .frame =
        {
            .head = "import java.util.*\n"
                    "import java.io.*\n"
                    "import kotlin.math.*\n",
            .doc_open = "/**",
            .doc_prefix = " * ",
            .doc_close = " **/",
            .main_open = "fun main(args: Array<String>) {",
            .inputs_decl = "var inputs: List<String>",
            .main_close = "}",
            .level = 1,
            .loop_comment = "// game loop",
            .loop_open = "while (true) {",
            .loop_close = "}",
        },
    .read_line = "readLine()!!",
    .split_line = "inputs = readLine()!!.split(\" \")",
    .split_limit = "inputs = readLine()!!.split(\" \", limit = %d)",
    .subscript = "[]",
    .conv = {[STUB_INT] = "%s.toInt()",
             [STUB_LONG] = "%s.toLong()",
             [STUB_FLOAT] = "%s.toDouble()",
             [STUB_BOOL] = "%s != \"0\""},
    .let_const = "val ",
    .let_mutable = "var ",
    .end = "",
    .loop_range = "for (%s in 0 until %s)",
    .bound_long = "%s.toInt()",
    .interp = "$%s",
    .interp_escape = "$",
    .print = "println(%s)",
    .hint_write = "Write an answer with println() (it flushes).",
    .hint_debug = "To debug: System.err.println(\"Debug messages...\")",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_split(p, o, &kotlin);
}

const stub_lang stub_lang_kotlin = {"kotlin",   "kt",     "Kotlin", "Main.kt",
                                    STUB_CAMEL, keywords, emit};
