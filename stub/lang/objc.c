/* Objective-C emitter: as CodinGame's, the C stub (scanf, printf, fflush
 * after each turn; lang/c.h) in a program that imports Foundation. */
#include "c.h"

static const char *const keywords[] = {
    STUB_C_KEYWORDS, "id",     "self", "super", "nil", "Nil", "YES",   "NO",
    "BOOL",          "SEL",    "IMP",  "Class", "in",  "out", "inout", "bycopy",
    "byref",         "oneway", "argc", "argv",  NULL};

static const stub_frame frame = {
    .head = "#import <Foundation/Foundation.h>\n",
    .doc_open = "/*",
    .doc_prefix = " * ",
    .doc_close = " */",
    .main_open = "\n"
                 "int main(int argc, const char *argv[])\n"
                 "{",
    .main_close = "\n"
                  "    return 0;\n"
                  "}",
    .level = 1,
    .loop_comment = "// game loop",
    .tight = 1, /* a blank line only after commands */
    .loop_open = "while (1) {",
    .loop_close = "}",
    .turn_end = "fflush(stdout);",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_frame(p, o, &frame, stub_c_command);
}

const stub_lang stub_lang_objc = {"objc",        "objective-c objectivec m",
                                  "Objective-C", "main.m",
                                  STUB_CAMEL,    keywords,
                                  emit};
