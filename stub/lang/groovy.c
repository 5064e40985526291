/* Groovy emitter: a script, as CodinGame's: a Scanner named input read line
 * by line (nextLine and split(" "), so that a string keeps its spaces),
 * variables of the script's binding (no def), println (System.out flushes
 * on each println). */
#include "split.h"

static const char *const keywords[] = {
    "abstract", "as", "assert", "boolean", "break", "byte", "case", "catch", "char", "class",
    "const", "continue", "def", "default", "do", "double", "else", "enum", "extends", "false",
    "final", "finally", "float", "for", "goto", "if", "implements", "import", "in", "instanceof",
    "int", "interface", "long", "native", "new", "null", "package", "private", "protected",
    "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
    "threadsafe", "throw", "throws", "trait", "transient", "true", "try", "var", "void", "volatile",
    "while",
    /* the script's own names: `out` in the binding would take println's output */
    "input", "inputs", "args", "out", "binding", "metaClass", "println", "System", NULL};

static const stub_split_desc groovy = {
    .frame =
        {
            .head = "input = new Scanner(System.in)\n",
            .doc_open = "/**",
            .doc_prefix = " * ",
            .doc_close = " **/",
            .main_open = "",
            .level = 0,
            .loop_comment = "// game loop",
            .loop_open = "while (true) {",
            .loop_close = "}",
        },
    .read_line = "input.nextLine()",
    .split_line = "inputs = input.nextLine().split(\" \")",
    .split_limit = "inputs = input.nextLine().split(\" \", %d)",
    .subscript = "[]",
    .conv = {[STUB_INT] = "%s.toInteger()",
             [STUB_LONG] = "%s.toLong()",
             [STUB_FLOAT] = "%s.toDouble()",
             [STUB_BOOL] = "%s != \"0\""},
    .let_const = "",
    .let_mutable = "",
    .end = "",
    .loop_range = "for (%s in 0..<%s)",
    .bound_long = "(%s as int)", /* an array index must be an int, not a Long */
    .interp = "${%s}",
    .interp_escape = "$",
    .print = "println %s",
    .hint_write = "Write an answer with println (it flushes).",
    .hint_debug = "To debug: System.err << \"Debug messages...\\n\"",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_split(p, o, &groovy);
}

const stub_lang stub_lang_groovy = {"groovy",   "gvy",    "Groovy", "Player.groovy",
                                    STUB_CAMEL, keywords, emit};
