/* Clojure emitter: as CodinGame's, a Player namespace with -main, names as
 * in the stub, println (which flushes: *flush-on-newline*). Input is read
 * line by line with read-line and clojure.string/split, so that a string
 * keeps its spaces (CodinGame's (read) reads Clojure forms, not text).
 *
 * Each run of reads binds its variables in one `let` whose body is the
 * rest of the block, so the closing parentheses of a block go at the end of
 * its last line, Lisp style. Lines are therefore written newline first
 * (line()), and a closing parenthesis is appended to whatever was written
 * last; comments always stand on lines of their own so that nothing is
 * appended to one. */
#include <string.h>

#include "stub.h"

static const char *const keywords[] = {"def", "if", "do", "let", "quote", "var", "fn", "loop",
                                       "recur", "throw", "try", "catch", "finally", "new", "nil",
                                       "true", "false",
                                       /* the stub's own names */
                                       "ns", "defn", "str", "println", "inputs", "args", "dotimes",
                                       "while", "binding", "Integer", "Long", "Double", "Player",
                                       NULL};

/* Starts a new line at `level` (two spaces each) holding text; "" gives an
 * empty line. */
static void line(stub_out *o, int level, const char *text)
{
    stub_out_printf(o, "\n");
    if (text[0])
        stub_out_printf(o, "%*s%s", 2 * level, "", text);
}

/* Comment lines "; " + each line of text; an empty line is ";". */
static void comment(stub_out *o, int level, const char *text)
{
    for (const char *s = text; s;) {
        const char *e = strchr(s, '\n');
        int n = e ? (int)(e - s) : (int)strlen(s);
        line(o, level, n ? stub_format(o, "; %.*s", n, s) : ";");
        s = e ? e + 1 : NULL;
    }
}

/* The expression converting the text e to var's type. */
static const char *conv(stub_out *o, int var, const char *e)
{
    switch (stub_out_program(o)->vars[var].type) {
    case STUB_INT: return stub_format(o, "(Integer/parseInt %s)", e);
    case STUB_LONG: return stub_format(o, "(Long/parseLong %s)", e);
    case STUB_FLOAT: return stub_format(o, "(Double/parseDouble %s)", e);
    case STUB_BOOL: return stub_format(o, "(not= %s \"0\")", e);
    default: return e;
    }
}

/* One binding of a let vector: the first opens `(let [`, the next ones are
 * aligned under it. */
static void binding(stub_out *o, int level, int *first, const char *name, const char *value)
{
    line(o, *first ? level : level + 3,
         stub_format(o, "%s%s %s", *first ? "(let [" : "", name, value));
    *first = 0;
}

/* The INPUT comments of the variables of n, as lines above their let. */
static void var_comments(stub_out *o, const stub_node *n, int level)
{
    for (int i = 0; i < n->var_count; i++)
        if (stub_var_comment(o, n->vars[i]))
            line(o, level,
                 stub_format(o, "; %s: %s", stub_name(o, n->vars[i]),
                             stub_var_comment(o, n->vars[i])));
}

/* The split of one input line: fields split at single spaces, the last
 * keeping the rest of the line when the read ends with a string. */
static const char *split(stub_out *o, const stub_node *n)
{
    const stub_program *p = stub_out_program(o);
    if (n->kind == STUB_READ && p->vars[n->vars[n->var_count - 1]].type == STUB_STRING)
        return stub_format(o, "(str/split (read-line) #\" \" %d)", n->var_count);
    return "(str/split (read-line) #\" \")";
}

/* Opens one let binding the variables of the run of reads from n on;
 * returns the first command after them. */
static const stub_node *let_reads(stub_out *o, const stub_node *n, int level)
{
    int first = 1;
    for (const stub_node *r = n; r && r->kind == STUB_READ; r = r->next)
        var_comments(o, r, level);
    for (; n && n->kind == STUB_READ; n = n->next) {
        if (n->var_count == 1) {
            binding(o, level, &first, stub_name(o, n->vars[0]), conv(o, n->vars[0], "(read-line)"));
            continue;
        }
        binding(o, level, &first, "inputs", split(o, n));
        for (int i = 0; i < n->var_count; i++)
            binding(o, level, &first, stub_name(o, n->vars[i]),
                    conv(o, n->vars[i], stub_format(o, "(inputs %d)", i)));
    }
    stub_out_printf(o, "]");
    return n;
}

static void block(stub_out *o, const stub_node *n, int level, int depth, int game);

static void loopline(stub_out *o, const stub_node *n, int level, int depth)
{
    const char *ix = stub_index(o, depth);
    int first = 1;
    line(o, level, stub_format(o, "(let [inputs %s]", split(o, n)));
    line(o, level + 1, stub_format(o, "(dotimes [%s %s]", ix, stub_amount(o, n)));
    var_comments(o, n, level + 2);
    for (int i = 0; i < n->var_count; i++) {
        const char *at = n->var_count == 1 ? stub_format(o, "(inputs %s)", ix)
                         : i == 0
                             ? stub_format(o, "(inputs (* %d %s))", n->var_count, ix)
                             : stub_format(o, "(inputs (+ (* %d %s) %d))", n->var_count, ix, i);
        binding(o, level + 2, &first, stub_name(o, n->vars[i]), conv(o, n->vars[i], at));
    }
    stub_out_printf(o, "])))");
}

static void write(stub_out *o, const stub_node *n, int level)
{
    const stub_program *p = stub_out_program(o);
    if (n->first_write) {
        line(o, 0, "");
        line(o, level, "; Write an answer with println (it flushes).");
        line(o, level, "; To debug: (binding [*out* *err*] (println \"Debug messages...\"))");
        line(o, level, "; " STUB_METRICS_HINT);
        line(o, 0, "");
        if (p->output)
            comment(o, level, p->output);
    }
    char expr[1024];
    stub_concat(o, n, expr, sizeof expr, " ", '"', NULL, NULL);
    if (n->part_count == 1 && n->parts[0].var < 0)
        line(o, level, stub_format(o, "(println %s)", expr));
    else
        line(o, level, stub_format(o, "(println (str %s))", expr));
}

/* Writes the commands from n on at `level`; with game, the game loop last.
 * Reads open lets around the rest of the block, closed at its end. */
static void block(stub_out *o, const stub_node *n, int level, int depth, int game)
{
    int lets = 0;
    while (n) {
        switch (n->kind) {
        case STUB_READ:
            n = let_reads(o, n, level + lets);
            lets++;
            continue;
        case STUB_LOOP:
            /* the body never uses the index */
            line(o, level + lets, stub_format(o, "(dotimes [_ %s]", stub_amount(o, n)));
            block(o, n->body, level + lets + 1, depth + 1, 0);
            stub_out_printf(o, ")");
            break;
        case STUB_LOOPLINE: loopline(o, n, level + lets, depth); break;
        case STUB_WRITE: write(o, n, level + lets); break;
        }
        n = n->next;
    }
    if (game) {
        line(o, level + lets, "; game loop");
        line(o, level + lets, "(while true");
        block(o, stub_out_program(o)->turn, level + lets + 1, 0, 0);
        stub_out_printf(o, ")");
    }
    for (; lets > 0; lets--)
        stub_out_printf(o, ")");
}

static void emit(const stub_program *p, stub_out *o)
{
    stub_out_set_indent(o, "  ");
    stub_text(o, 0,
              "(ns Player\n"
              "  (:gen-class)\n"
              "  (:require [clojure.string :as str]))\n");
    stub_comment_lines(o, 0, "; ", stub_statement(p), "");
    line(o, 0, "(defn -main [& args]"); /* after an empty line */
    block(o, p->init, 1, 0, p->has_gameloop);
    stub_out_printf(o, ")\n");
}

const stub_lang stub_lang_clojure = {"clojure",  "clj",    "Clojure", "Player.clj",
                                     STUB_CAMEL, keywords, emit};
