/* Internal: the JavaScript emitter, shared with TypeScript (whose output is
 * the same program with type annotations). */
#ifndef STUB_LANG_JS_H
#define STUB_LANG_JS_H

#include "stub.h"

/* Emits p as JavaScript (ts = 0) or TypeScript (ts = 1) into o. */
void stub_emit_js(const stub_program *p, stub_out *o, int ts);


#endif
