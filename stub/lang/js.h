/* Internal: the JavaScript emitter, shared with TypeScript (whose output is
 * the same program with type annotations). */
#ifndef STUB_LANG_JS_H
#define STUB_LANG_JS_H

#include "stub.h"

/* Emits p as JavaScript (ts = 0) or TypeScript (ts = 1) into o. */
void stub_emit_js(const stub_program *p, stub_out *o, int ts);

/* JavaScript's reserved words and the stub's own names (readLine, inputs),
 * as initializers of a keyword list: TypeScript's list adds its own. */
#define STUB_JS_KEYWORDS                                                                           \
    "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", \
        "else", "export", "extends", "false", "finally", "for", "function", "if", "import", "in",  \
        "instanceof", "new", "null", "return", "super", "switch", "this", "throw", "true", "try",  \
        "typeof", "var", "void", "while", "with", "yield", "let", "static", "enum", "await",       \
        "implements", "package", "protected", "interface", "private", "public", "readline",        \
        "readLine", "inputs", "any", "number", "string", "boolean"

#endif
