/* Internal: the emitter shared by the languages that read a whole line,
 * split it into an `inputs` array of tokens and convert each token (Java,
 * C#, Kotlin, Scala, Dart, Swift, D, Groovy, and the commands of JavaScript and
 * TypeScript). Their stubs differ only in spelling, so each of them is one
 * stub_split_desc; a language that reads differently (scanf, cin, read -r,
 * ...) keeps its own emitter on the shared frame (stub_frame).
 *
 * Every text of a description is emitted as is (no escaping); `%d` and `%s`
 * placeholders are named in the field's comment and must match exactly,
 * since the formats are not literals the compiler can check. */
#ifndef STUB_LANG_SPLIT_H
#define STUB_LANG_SPLIT_H

#include "stub.h"

/* Number of stub_type values (entries of the per-type tables below). */
#define STUB_TYPE_COUNT (STUB_STRING + 1)

/* How one split-family language spells a stub. Static constant data. */
typedef struct stub_split_desc {
    /* The file around the commands and the main body. */
    stub_frame frame;
    /* 1: the opening brace of a `for` goes on a line of its own (C#'s
     * Allman style); 0: at the end of the header line. */
    int brace_own_line;

    /* ---- reading --------------------------------------------------------- */
    /* Expression: one input line without its line end. */
    const char *read_line;
    /* Statement: inputs = the tokens of one line. */
    const char *split_line;
    /* Statement, one %d: inputs = the tokens of one line, at most %d fields,
     * the last one keeping the rest of the line (spaces included); used
     * for a read whose last variable is a string. NULL: use split_line and
     * rest_join instead. */
    const char *split_limit;
    /* 1: split_limit serves every read of several variables and its %d is
     * a number of splits, fields - 1 (Swift's maxSplits). */
    int limit_counts_splits;
    /* Expression, one %d: the tokens from index %d on, joined by spaces
     * (the last string of a read when split_limit is NULL). */
    const char *rest_join;
    /* Brackets of an element of inputs, exactly two characters: "[]" or
     * "()" (Scala). */
    const char *subscript;

    /* ---- variables ------------------------------------------------------- */
    /* Per stub_type, one %s: the token (a String) converted to the type;
     * NULL: the token as is. */
    const char *conv[STUB_TYPE_COUNT];
    /* Per stub_type: the type written in a declaration ("int x = ...");
     * all NULL for languages that infer it (then let_const/let_mutable). */
    const char *types[STUB_TYPE_COUNT];
    /* Declaration keywords, with their space, of a variable read once and
     * of one read by several commands (stub_reassigned): "val ", "var ". */
    const char *let_const, *let_mutable;
    /* Statement terminator: ";" or "". */
    const char *end;

    /* ---- loops ----------------------------------------------------------- */
    /* Loop header without its brace, two %s: the index and the bound;
     * NULL: C's `for (<for_decl> i = 0; i < n; i++)`. */
    const char *loop_range;
    /* Declaration keyword of a C-style for's index: "int", "let". */
    const char *for_decl;
    /* Bound of a loop_range whose amount is a `long` variable, one %s (see
     * stub_bound); NULL: the amount as is. */
    const char *bound_long;
    /* Index name of a `loop` (whose body never uses its index), or NULL for
     * the usual i, j, ... (Swift's "_" avoids an unused-variable warning). */
    const char *unused_index;

    /* ---- the answer ------------------------------------------------------ */
    /* One %s: a variable interpolated in a string literal ("$%s"); NULL:
     * the answer is a concatenation with " + " instead. */
    const char *interp;
    /* Characters escaped with a backslash in an interpolated literal (see
     * stub_quote), or NULL. */
    const char *interp_escape;
    /* Quote of the literals of a concatenation (0: '"') and the characters
     * escaped in them besides '\\' and the double quote (see stub_quote). */
    char quote;
    const char *quote_escape;
    /* Operator between the pieces of a concatenation; NULL: " + ". D's is
     * ", ": the pieces become the arguments of writeln, which converts
     * each. */
    const char *concat_op;
    /* One %s: the statement printing the answer expression, without end. */
    const char *print;
    /* The two comment lines above the first answer: how to answer (and
     * flush), how to debug. */
    const char *hint_write, *hint_debug;
} stub_split_desc;

/* Emits p into o in the language described by d (see stub_emit_frame).
 * Errors are sticky in o. */
void stub_emit_split(const stub_program *p, stub_out *o, const stub_split_desc *d);

/* Emits only the main body of o's program (stub_body with d's frame), for
 * a language that writes the rest of its file itself (JavaScript). */
void stub_split_body(stub_out *o, const stub_split_desc *d);

#endif
