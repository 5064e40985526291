/* JavaScript (Node.js) emitter, shared with the TypeScript emitter: the
 * CodinGame readline() when it exists, else a synchronous reader of stdin
 * (so the same file runs on CodinGame and under loa-referee), console.log
 * (synchronous on pipes under Linux). */
#include <stdio.h>
#include <string.h>

#include "stub.h"
#include "lang_js.h"

static const char *const keywords[] = {
    "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete",
    "do", "else", "export", "extends", "false", "finally", "for", "function", "if", "import",
    "in", "instanceof", "new", "null", "return", "super", "switch", "this", "throw", "true",
    "try", "typeof", "var", "void", "while", "with", "yield", "let", "static", "enum", "await",
    "implements", "package", "protected", "interface", "private", "public", "readline",
    "readLine", "inputs", "any", "number", "string", "boolean", NULL};

static void assign(stub_out *o, int level, int var, const char *e, int ts)
{
    const char *c = stub_var_comment(o, var);
    char v[256];
    (void)ts;
    switch (stub_out_program(o)->vars[var].type) {
    case STUB_INT: case STUB_LONG: snprintf(v, sizeof v, "parseInt(%s)", e); break;
    case STUB_FLOAT: snprintf(v, sizeof v, "parseFloat(%s)", e); break;
    case STUB_BOOL: snprintf(v, sizeof v, "%s !== '0'", e); break;
    default: snprintf(v, sizeof v, "%s", e); break;
    }
    stub_line(o, level, "%s%s = %s;%s%s", !stub_declare(o, var, level) ? "" : stub_reassigned(o, var) ? "let " : "const ",
              stub_name(o, var), v, c ? " // " : "", c ? c : "");
}

static void block(stub_out *o, const stub_node *n, int level, int depth, int ts);

static void command(stub_out *o, const stub_node *n, int level, int depth, int ts)
{
    const stub_program *p = stub_out_program(o);
    const char *ix = stub_index(o, depth);
    char e[64];
    switch (n->kind) {
    case STUB_READ:
        if (n->var_count == 1) {
            assign(o, level, n->vars[0], "readLine()", ts);
            break;
        }
        stub_line(o, level, "inputs = readLine().split(' ');");
        for (int i = 0; i < n->var_count; i++) {
            if (i == n->var_count - 1 && p->vars[n->vars[i]].type == STUB_STRING)
                snprintf(e, sizeof e, "inputs.slice(%d).join(' ')", i);
            else
                snprintf(e, sizeof e, "inputs[%d]", i);
            assign(o, level, n->vars[i], e, ts);
        }
        break;
    case STUB_LOOP:
        stub_line(o, level, "for (let %s = 0; %s < %s; %s++) {", ix, ix, stub_amount(o, n), ix);
        block(o, n->body, level + 1, depth + 1, ts);
        stub_line(o, level, "}");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "inputs = readLine().split(' ');");
        stub_line(o, level, "for (let %s = 0; %s < %s; %s++) {", ix, ix, stub_amount(o, n), ix);
        for (int i = 0; i < n->var_count; i++) {
            if (n->var_count == 1)
                snprintf(e, sizeof e, "inputs[%s]", ix);
            else
                snprintf(e, sizeof e, "inputs[%d * %s + %d]", n->var_count, ix, i);
            assign(o, level + 1, n->vars[i], e, ts);
        }
        stub_leave(o, level);
        stub_line(o, level, "}");
        break;
    case STUB_WRITE: {
        if (n->first_write) {
            stub_blank(o);
            stub_line(o, level, "// Write an answer with console.log().");
            stub_line(o, level, "// To debug: console.error('Debug messages...');");
            stub_blank(o);
            if (p->output)
                stub_comment_lines(o, level, "// ", p->output, "");
        }
        char expr[1024];
        stub_concat(o, n, expr, sizeof expr, " + ", '\'', "'", NULL);
        stub_line(o, level, "console.log(%s);", expr);
        break;
    }
    }
}

static void block(stub_out *o, const stub_node *n, int level, int depth, int ts)
{
    for (; n; n = n->next)
        command(o, n, level, depth, ts);
    stub_leave(o, level - 1);
}

void stub_emit_js(const stub_program *p, stub_out *o, int ts)
{
    stub_line(o, 0, "/**");
    stub_comment_lines(o, 0, " * ", p->statement ? p->statement : STUB_DEFAULT_STATEMENT, "");
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
    for (const stub_node *n = p->init; n; n = n->next)
        command(o, n, 0, 0, ts);
    if (p->has_gameloop) {
        stub_blank(o);
        stub_line(o, 0, "// game loop");
        stub_line(o, 0, "while (true) {");
        block(o, p->turn, 1, 0, ts);
        stub_line(o, 0, "}");
    }
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

static void emit(const stub_program *p, stub_out *o) { stub_emit_js(p, o, 0); }

const stub_lang stub_lang_javascript = {"javascript", "js node nodejs", "JavaScript", "bot.js",
                                        STUB_CAMEL, keywords, emit};
