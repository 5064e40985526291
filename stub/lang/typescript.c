/* TypeScript emitter: the JavaScript program with type annotations (see
 * javascript.c); compiles with plain tsc, no @types/node needed. */
#include "js.h"
#include "stub.h"

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_js(p, o, 1);
}

static const char *const keywords[] = {STUB_JS_KEYWORDS, "type",   "declare",
                                       "namespace",      "module", NULL};

const stub_lang stub_lang_typescript = {"typescript", "ts",     "TypeScript", "bot.ts",
                                        STUB_CAMEL,   keywords, emit};
