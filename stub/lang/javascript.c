/* JavaScript (Node.js) emitter, shared with the TypeScript emitter: the
 * CodinGame readline() when it exists, else a synchronous reader of stdin
 * (so the same file runs on CodinGame and under loa-referee), console.log
 * (synchronous on pipes under Linux). */

#include "js.h"
#include "split.h"
#include "stub.h"

static const char *const keywords[] = {STUB_JS_KEYWORDS, NULL};

/* The commands: those of the split family; the rest of the file (the
 * line reader, TypeScript's annotations) is written by stub_emit_js. */
static const stub_split_desc js = {
    .frame = {.level = 0,
              .loop_comment = "// game loop",
              .loop_open = "while (true) {",
              .loop_close = "}"},
    .read_line = "readLine()",
    .split_line = "inputs = readLine().split(' ');",
    /* JavaScript's split limit drops the rest: a last string joins it back */
    .rest_join = "inputs.slice(%d).join(' ')",
    .subscript = "[]",
    .conv = {[STUB_INT] = "parseInt(%s)",
             [STUB_LONG] = "parseInt(%s)",
             [STUB_FLOAT] = "parseFloat(%s)",
             [STUB_BOOL] = "%s !== '0'"},
    .let_const = "const ",
    .let_mutable = "let ",
    .end = ";",
    .for_decl = "let",
    .quote = '\'',
    .quote_escape = "'",
    .print = "console.log(%s)",
    .hint_write = "Write an answer with console.log().",
    .hint_debug = "To debug: console.error('Debug messages...');",
};

void stub_emit_js(const stub_program *p, stub_out *o, int ts)
{
    stub_line(o, 0, "/**");
    stub_comment_lines(o, 0, " * ", stub_statement(p), "");
    stub_line(o, 0, " **/");
    stub_blank(o);
    if (ts)
        stub_line(o, 0, "declare function readline(): string; // provided by CodinGame");
    stub_line(o, 0, "// CodinGame provides readline(); elsewhere (plain Node.js) read stdin.");
    stub_line(o, 0, "const readLine%s = typeof readline === 'function' ? readline : stdinReader();",
              ts ? ": () => string" : "");
    if (stub_needs_split(p))
        stub_line(o, 0, "let inputs%s;", ts ? ": string[]" : "");
    stub_blank(o);
    stub_split_body(o, &js);
    stub_blank(o);
    stub_line(o, 0, "/** A synchronous line reader of standard input, for Node.js. */");
    stub_line(o, 0, "function stdinReader()%s {", ts ? ": () => string" : "");
    if (ts) { /* eval: Node's globals without needing @types/node */
        stub_line(o, 1, "const fs = eval('require')('fs'), proc = eval('process');");
        stub_line(o, 1, "const buf = eval('Buffer').alloc(65536);");
    } else {
        stub_line(o, 1, "const fs = require('fs');");
        stub_line(o, 1, "const buf = Buffer.alloc(65536);");
    }
    stub_line(o, 1, "let pending = '';");
    stub_line(o, 1, "return function ()%s {", ts ? ": string" : "");
    stub_line(o, 2, "for (;;) {");
    stub_line(o, 3, "const nl = pending.indexOf('\\n');");
    stub_line(o, 3, "if (nl >= 0) {");
    stub_line(o, 4, "const line = pending.slice(0, nl);");
    stub_line(o, 4, "pending = pending.slice(nl + 1);");
    stub_line(o, 4, "return line.endsWith('\\r') ? line.slice(0, -1) : line;");
    stub_line(o, 3, "}");
    stub_line(o, 3, "let n%s = 0;", ts ? ": number" : "");
    stub_line(o, 3, "try {");
    stub_line(o, 4, "n = fs.readSync(0, buf, 0, buf.length, null);");
    stub_line(o, 3, "} catch (e%s) {", ts ? ": any" : "");
    stub_line(o, 4, "if (e.code === 'EAGAIN') continue;");
    stub_line(o, 4, "if (e.code !== 'EOF') throw e;");
    stub_line(o, 3, "}");
    stub_line(o, 3, "if (n === 0) %s.exit(0); // input closed: the game is over",
              ts ? "proc" : "process");
    stub_line(o, 3, "pending += buf.toString('utf8', 0, n);");
    stub_line(o, 2, "}");
    stub_line(o, 1, "};");
    stub_line(o, 0, "}");
}

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_js(p, o, 0);
}

const stub_lang stub_lang_javascript = {"javascript", "js node nodejs", "JavaScript", "bot.js",
                                        STUB_CAMEL,   keywords,         emit};
