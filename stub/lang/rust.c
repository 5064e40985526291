/* Rust emitter: one read_line() helper, str::parse, println! (stdout is
 * line-buffered, so each answer line is flushed). A binding that nothing
 * reads is named with a leading `_`, so that the stub compiles without
 * warnings. */
#include <stdio.h>
#include <string.h>

#include "stub.h"

static const char *const keywords[] = {
    "as",     "async",    "await",   "break", "const", "continue", "crate",     "dyn",      "else",
    "enum",   "extern",   "false",   "fn",    "for",   "if",       "impl",      "in",       "let",
    "loop",   "match",    "mod",     "move",  "mut",   "pub",      "ref",       "return",   "self",
    "static", "struct",   "super",   "trait", "true",  "type",     "unsafe",    "use",      "where",
    "while",  "abstract", "become",  "box",   "do",    "final",    "macro",     "override", "priv",
    "typeof", "unsized",  "virtual", "yield", "try",   "inputs",   "read_line", NULL};

/* Whether the commands from n on read the value of var before a read
 * rebinds it (a `let` of the same name in their block): 1 used, -1 rebound
 * first, 0 neither. Loop bodies are blocks of their own: a read there
 * shadows var only inside. */
static int used_from(const stub_node *n, int var)
{
    for (; n; n = n->next) {
        if (n->kind != STUB_READ && n->amount_var == var)
            return 1;
        for (int i = 0; n->kind == STUB_WRITE && i < n->part_count; i++)
            if (n->parts[i].var == var)
                return 1;
        if (n->kind == STUB_LOOP && used_from(n->body, var) > 0)
            return 1;
        for (int i = 0; n->kind == STUB_READ && i < n->var_count; i++)
            if (n->vars[i] == var)
                return -1;
    }
    return 0;
}

/* The name a read of var binds: its name, or, when nothing reads this
 * binding, the name prefixed with `_` so that rustc does not warn (a
 * keyword's escape is dropped: `_move`, not `_move_`). A read is a command
 * of n's block (n, then n->next...); the commands before the game loop
 * (level 1) are seen by the game loop too. */
static const char *binding(stub_out *o, const stub_node *n, int level, int var)
{
    const stub_program *p = stub_out_program(o);
    const char *name = stub_name(o, var);
    int used = n->kind == STUB_READ ? used_from(n->next, var) : 0;
    if (used == 0 && level == 1 && p->has_gameloop)
        used = used_from(p->turn, var);
    if (used > 0)
        return name;
    size_t len = strlen(name);
    for (const char *const *k = keywords; len > 1 && name[len - 1] == '_' && *k; k++)
        if (strlen(*k) == len - 1 && strncmp(*k, name, len - 1) == 0)
            return stub_format(o, "_%.*s", (int)len - 1, name);
    return stub_format(o, "_%s", name);
}

static void assign(stub_out *o, const stub_node *n, int level, int var, const char *e)
{
    const char *c = stub_var_comment(o, var);
    char v[256];
    switch (stub_out_program(o)->vars[var].type) {
    case STUB_INT: snprintf(v, sizeof v, "%s.trim().parse::<i32>().unwrap()", e); break;
    case STUB_LONG: snprintf(v, sizeof v, "%s.trim().parse::<i64>().unwrap()", e); break;
    case STUB_FLOAT: snprintf(v, sizeof v, "%s.trim().parse::<f64>().unwrap()", e); break;
    case STUB_BOOL: snprintf(v, sizeof v, "%s.trim() != \"0\"", e); break;
    default: /* read_line() already returns an owned String */
        snprintf(v, sizeof v, strchr(e, '[') ? "%s.to_string()" : "%s", e);
        break;
    }
    stub_line(o, level, "let %s = %s;%s%s", binding(o, n, level, var), v, c ? " // " : "",
              c ? c : "");
}

static void command(stub_out *o, const stub_node *n, int level, int depth)
{
    const char *ix = stub_index(o, depth);
    char e[64];
    switch (n->kind) {
    case STUB_READ:
        if (n->var_count == 1) {
            assign(o, n, level, n->vars[0], "read_line()");
            break;
        }
        stub_line(o, level, "let inputs = read_line();");
        stub_line(o, level, "let inputs: Vec<&str> = inputs.splitn(%d, ' ').collect();",
                  n->var_count);
        for (int i = 0; i < n->var_count; i++) {
            snprintf(e, sizeof e, "inputs[%d]", i);
            assign(o, n, level, n->vars[i], e);
        }
        break;
    case STUB_LOOP:
        stub_line(o, level, "for _ in 0..%s {", stub_amount(o, n));
        stub_block(o, n->body, level + 1, depth + 1, command);
        stub_line(o, level, "}");
        break;
    case STUB_LOOPLINE:
        stub_line(o, level, "let inputs = read_line();");
        stub_line(o, level, "let inputs: Vec<&str> = inputs.split(' ').collect();");
        stub_line(o, level, "for %s in 0..%s as usize {", ix, stub_amount(o, n));
        for (int i = 0; i < n->var_count; i++) {
            if (n->var_count == 1)
                snprintf(e, sizeof e, "inputs[%s]", ix);
            else
                snprintf(e, sizeof e, "inputs[%d * %s + %d]", n->var_count, ix, i);
            assign(o, n, level + 1, n->vars[i], e);
        }
        stub_line(o, level, "}");
        break;
    case STUB_WRITE: {
        if (n->first_write)
            stub_answer_hint(o, level, "// ", "",
                             "Write an answer with println!() (stdout is line-buffered).",
                             "To debug: eprintln!(\"Debug messages...\");");
        char fmt[1024] = "", args[1024] = "";
        for (int i = 0; i < n->part_count; i++) {
            size_t l = strlen(fmt), al = strlen(args);
            const stub_part *pt = &n->parts[i];
            if (i)
                fmt[l++] = ' ', fmt[l] = '\0';
            if (pt->var >= 0) {
                snprintf(fmt + l, sizeof fmt - l, "{}");
                snprintf(args + al, sizeof args - al, ", %s", stub_name(o, pt->var));
            } else
                for (const char *s = stub_quote(o, pt->text, NULL, 0); *s && l + 3 < sizeof fmt;
                     s++) {
                    fmt[l++] = *s;
                    if (*s == '{' || *s == '}')
                        fmt[l++] = *s;
                    fmt[l] = '\0';
                }
        }
        stub_line(o, level, "println!(\"%s\"%s);", fmt, args);
        break;
    }
    }
}

static const stub_frame frame = {
    .head = "use std::io;\n"
            "\n"
            "/// Reads one line of standard input, without its line end.\n"
            "fn read_line() -> String {\n"
            "    let mut line = String::new();\n"
            "    io::stdin().read_line(&mut line).expect(\"input closed\");\n"
            "    line.trim_end_matches(&['\\r', '\\n'][..]).to_string()\n"
            "}\n",
    .doc_open = "/**",
    .doc_prefix = " * ",
    .doc_close = " **/",
    .main_open = "fn main() {",
    .main_close = "}",
    .level = 1,
    .loop_comment = "// game loop",
    .loop_open = "loop {",
    .loop_close = "}",
};

static void emit(const stub_program *p, stub_out *o)
{
    stub_emit_frame(p, o, &frame, command);
}

const stub_lang stub_lang_rust = {"rust", "rs", "Rust", "main.rs", STUB_SNAKE, keywords, emit};
