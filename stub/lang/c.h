/* Internal: the C emitter's commands (scanf, printf), shared with
 * Objective-C, whose CodinGame stub is the C one inside a Foundation
 * program. */
#ifndef STUB_LANG_C_H
#define STUB_LANG_C_H

#include "stub.h"

/* Writes one command of the tree as C (see stub_command_fn). */
void stub_c_command(stub_out *o, const stub_node *n, int level, int depth);

/* C's reserved words and the library names the stub uses, as initializers
 * of a keyword list: Objective-C's list adds its own. */
#define STUB_C_KEYWORDS                                                                       \
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",  \
        "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",  \
        "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch",      \
        "typedef", "union", "unsigned", "void", "volatile", "while", "bool", "true", "false", \
        "main", "printf", "scanf", "stdin", "stdout", "stderr"

#endif
