/* Java emitter: BufferedReader lines and split(" "), System.out.println
 * (System.out flushes on println). */
#include "split.h"

static const char *const keywords[] = {
    "abstract", "assert", "boolean",    "break",     "byte",       "case",      "catch",
    "char",     "class",  "const",      "continue",  "default",    "do",        "double",
    "else",     "enum",   "extends",    "final",     "finally",    "float",     "for",
    "goto",     "if",     "implements", "import",    "instanceof", "int",       "interface",
    "long",     "native", "new",        "package",   "private",    "protected", "public",
    "return",   "short",  "static",     "strictfp",  "super",      "switch",    "synchronized",
    "this",     "throw",  "throws",     "transient", "try",        "void",      "volatile",
    "while",    "true",   "false",      "null",      "var",        "in",        "inputs",
    "args",     NULL};

static const stub_split_desc java = {
    .frame =
        {
            .head = "import java.util.*;\n"
                    "import java.io.*;\n",
            .doc_open = "/**",
            .doc_prefix = " * ",
            .doc_close = " **/",
            .main_open =
                "class Player {\n"
                "\n"
                "    public static void main(String[] args) throws IOException {\n"
                "        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));",
            .inputs_decl = "String[] inputs;",
            .main_close = "    }\n"
                          "}",
            .level = 2,
            .loop_comment = "// game loop",
            .loop_open = "while (true) {",
            .loop_close = "}",
        },
    .read_line = "in.readLine()",
    .split_line = "inputs = in.readLine().split(\" \");",
    .split_limit = "inputs = in.readLine().split(\" \", %d);",
    .subscript = "[]",
    .conv = {[STUB_INT] = "Integer.parseInt(%s)",
             [STUB_LONG] = "Long.parseLong(%s)",
             [STUB_FLOAT] = "Double.parseDouble(%s)",
             [STUB_BOOL] = "!%s.equals(\"0\")"},
    .types = {[STUB_INT] = "int",
              [STUB_LONG] = "long",
              [STUB_FLOAT] = "double",
              [STUB_BOOL] = "boolean",
              [STUB_WORD] = "String",
              [STUB_STRING] = "String"},
    .end = ";",
    .for_decl = "int",
    .print = "System.out.println(%s)",
    .hint_write = "Write an answer with System.out.println() (it flushes).",
    .hint_debug = "To debug: System.err.println(\"Debug messages...\");",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_split(p, o, &java);
}

const stub_lang stub_lang_java = {"java",     "java17", "Java", "Player.java",
                                  STUB_CAMEL, keywords, emit};
