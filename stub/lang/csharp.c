/* C# emitter: Console.ReadLine and Split, Console.WriteLine
 * (the console autoflushes). */
#include "split.h"

static const char *const keywords[] = {
    "abstract", "as",         "base",    "bool",     "break",     "byte",     "case",
    "catch",    "char",       "checked", "class",    "const",     "continue", "decimal",
    "default",  "delegate",   "do",      "double",   "else",      "enum",     "event",
    "explicit", "extern",     "false",   "finally",  "fixed",     "float",    "for",
    "foreach",  "goto",       "if",      "implicit", "in",        "int",      "interface",
    "internal", "is",         "lock",    "long",     "namespace", "new",      "null",
    "object",   "operator",   "out",     "override", "params",    "private",  "protected",
    "public",   "readonly",   "ref",     "return",   "sbyte",     "sealed",   "short",
    "sizeof",   "stackalloc", "static",  "string",   "struct",    "switch",   "this",
    "throw",    "true",       "try",     "typeof",   "uint",      "ulong",    "unchecked",
    "unsafe",   "ushort",     "using",   "virtual",  "void",      "volatile", "while",
    "var",      "inputs",     "args",    NULL};

static const stub_split_desc csharp = {
    .frame =
        {
            .head = "using System;\n"
                    "using System.Linq;\n"
                    "using System.IO;\n"
                    "using System.Text;\n"
                    "using System.Collections.Generic;\n"
                    "using System.Globalization;\n",
            .doc_open = "/**",
            .doc_prefix = " * ",
            .doc_close = " **/",
            .main_open = "class Player\n"
                         "{\n"
                         "    static void Main(string[] args)\n"
                         "    {",
            .inputs_decl = "string[] inputs;",
            .main_close = "    }\n"
                          "}",
            .level = 2,
            .loop_comment = "// game loop",
            .loop_open = "while (true)\n"
                         "{",
            .loop_close = "}",
        },
    .brace_own_line = 1,
    .read_line = "Console.ReadLine()",
    .split_line = "inputs = Console.ReadLine().Split(' ');",
    .split_limit = "inputs = Console.ReadLine().Split(' ', %d);",
    .subscript = "[]",
    /* the invariant culture reads "0.5" whatever the machine's locale */
    .conv = {[STUB_INT] = "int.Parse(%s)",
             [STUB_LONG] = "long.Parse(%s)",
             [STUB_FLOAT] = "double.Parse(%s, CultureInfo.InvariantCulture)",
             [STUB_BOOL] = "%s != \"0\""},
    .types = {[STUB_INT] = "int",
              [STUB_LONG] = "long",
              [STUB_FLOAT] = "double",
              [STUB_BOOL] = "bool",
              [STUB_WORD] = "string",
              [STUB_STRING] = "string"},
    .end = ";",
    .for_decl = "int",
    .print = "Console.WriteLine(%s)",
    .hint_write = "Write an answer with Console.WriteLine() (it flushes).",
    .hint_debug = "To debug: Console.Error.WriteLine(\"Debug messages...\");",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_split(p, o, &csharp);
}

const stub_lang stub_lang_csharp = {"csharp",   "c# cs",  "C#", "Player.cs",
                                    STUB_CAMEL, keywords, emit};
