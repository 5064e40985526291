/*
 * stub/stub.h - CodinGame's stub-generator language: parser, tree and the
 * per-language emitters of loa-stub.
 *
 * The language (CodinGame's "Stub generator syntax" page; the LOA stub and
 * the language in short are in docs/stubs.md):
 *   main block, one command per line:
 *     read <var> <var> ...          one input line
 *     loop <amount> <command>       <command> (read, write, loop, loopline)
 *                                   <amount> times
 *     loopline <amount> <var> ...   <amount> groups of values on one line
 *     write <text> | write join(<arg>, ...)   one output line
 *     gameloop                      everything after it repeats forever
 *   a variable is name:type, type int, long, float, bool, word(<max length>)
 *   or string(<max length>) (may hold spaces: at most one per line and, so
 *   that it can be cut out of the line, the last variable of its read);
 *   then optional blocks, each starting with its keyword alone on a line:
 *     STATEMENT  text for the comment on top of the generated code
 *     INPUT      `name: comment` lines, shown beside the reads
 *     OUTPUT     comment shown above the write
 *
 * Ownership: stub_parse() returns a tree the caller frees with
 * stub_program_free(). Nothing here keeps global state: every function is
 * thread-safe on distinct objects.
 */
#ifndef STUB_STUB_H
#define STUB_STUB_H

#include <stddef.h>

/* Error codes (negative; 0 is success), the stub generator's range
 * -401..-499 (every component owns one range, see util/error.h).
 * STUB_ERROR_MAP is the one table, XX(NAME, code, message) (libuv's
 * UV_ERRNO_MAP pattern): the enum (STUB_E_NAME = code) and stub_strerror()
 * are generated from it, so that a code cannot lack its message. */
#define STUB_ERROR_MAP(XX)                                                                 \
    XX(INVAL, -401, "invalid argument") /* NULL or out-of-range argument */                \
    XX(NOMEM, -402, "out of memory")                                                       \
    XX(SYNTAX, -403, "invalid stub")   /* the stub text is not valid (see stub_diag) */    \
    XX(IO, -404, "input/output error") /* reading the stub or writing the output failed */ \
    XX(LANG, -405, "unknown language") /* unknown language name */

enum stub_error {
    STUB_OK = 0,
#define STUB_XX(name, code, text) STUB_E_##name = code,
    STUB_ERROR_MAP(STUB_XX)
#undef STUB_XX
};

/* Fixed English sentence for a stub_error code: the map's message, "success"
 * for 0, "unknown error" for any other value (static, never free).
 * Thread-safe. */
const char *stub_strerror(int code);

/* Longest stub line accepted, in bytes, newline excluded. */
#define STUB_LINE_MAX 1000
/* Largest word/string length and literal loop amount accepted. */
#define STUB_LENGTH_MAX 1000000

typedef enum stub_type {
    STUB_INT,   /* 32-bit signed integer */
    STUB_LONG,  /* 64-bit signed integer */
    STUB_FLOAT, /* double */
    STUB_BOOL,  /* 0 or 1 on the wire */
    STUB_WORD,  /* text without spaces, at most `length` bytes */
    STUB_STRING /* text that may hold spaces, the rest of the line */
} stub_type;

/* A distinct variable of the stub (a name read twice is one variable). */
typedef struct stub_var {
    char *name; /* as written in the stub (camelCase), owned by the tree */
    stub_type type;
    int length;    /* WORD/STRING: max length in bytes; else 0 */
    char *comment; /* from the INPUT block, or NULL; owned by the tree */
    int line;      /* stub line of its first read */
} stub_var;

/* A command of the main block: `read`, `write`, `loop` (repeats its body
 * node) and `loopline` (several values of one line). */
typedef enum stub_kind { STUB_READ, STUB_WRITE, STUB_LOOP, STUB_LOOPLINE } stub_kind;

/* One piece of a write: literal text or a variable's value. */
typedef struct stub_part {
    int var;    /* index into stub_program.vars, or -1 for text */
    char *text; /* literal text (var == -1), owned by the tree */
} stub_part;

typedef struct stub_node {
    stub_kind kind;
    int line;  /* stub line number (1-based) */
    int *vars; /* READ, LOOPLINE: indexes into program vars */
    int var_count;
    int amount_var;         /* LOOP, LOOPLINE: index of the amount variable, or -1 */
    long amount;            /* LOOP, LOOPLINE: literal amount when amount_var < 0 */
    struct stub_node *body; /* LOOP: the repeated command (exactly one node) */
    stub_part *parts;       /* WRITE: pieces, to be joined with single spaces */
    int part_count;
    int first_write;        /* WRITE: 1 for the write the OUTPUT comment belongs to */
    struct stub_node *next; /* next command of the same block */
} stub_node;

typedef struct stub_program {
    stub_var *vars; /* distinct variables, in order of first read */
    int var_count;
    stub_node *init; /* commands before `gameloop` (or all of them) */
    stub_node *turn; /* commands after `gameloop` (NULL without one) */
    int has_gameloop;
    char *statement; /* STATEMENT text (lines joined by '\n') or NULL */
    char *output;    /* OUTPUT text (lines joined by '\n') or NULL */
} stub_program;

/* Where a parse error is: 1-based line number and a message that names the
 * bad text. */
typedef struct stub_diag {
    int line;
    char message[256];
} stub_diag;

/* Parses stub text (NUL-terminated; "\n" or "\r\n" line ends). Returns 0 and
 * sets *out to a new tree (free with stub_program_free), or STUB_E_SYNTAX
 * with *diag filled (diag may be NULL), STUB_E_NOMEM, STUB_E_INVAL (NULL
 * text or out). Strict: unknown commands and types, bad names, undeclared
 * loop amounts or join variables, a string that is not last, INPUT comments
 * for unknown variables are all errors. */
int stub_parse(const char *text, stub_program **out, stub_diag *diag);

/* Frees a tree from stub_parse (NULL is a no-op). */
void stub_program_free(stub_program *p);

/* The built-in LOA stub text (static, never free). */
const char *stub_loa_text(void);

/* ---- Emitters ---------------------------------------------------------- */

/* Growing output text of an emitter (opaque outside emit.c). */
typedef struct stub_out stub_out;

/* Naming convention of a language's variables. */
typedef enum stub_case { STUB_CAMEL, STUB_SNAKE } stub_case;

/* One target language. Adding a language is writing one lang_<x>.c that
 * defines such a constant and listing it in languages.c's table. Its emit is
 * usually one call: stub_emit_frame() with the language's stub_frame and
 * command function, or, for a language that splits input lines into
 * tokens like Java, stub_emit_split() with a stub_split_desc
 * (lang/split.h). */
typedef struct stub_lang {
    const char *name;            /* --lang value, lower case, e.g. "python3" */
    const char *aliases;         /* other accepted names, space separated */
    const char *display;         /* human name, e.g. "Python 3" */
    const char *file_name;       /* suggested file name, e.g. "Player.java" */
    stub_case naming;            /* variable naming convention */
    const char *const *keywords; /* NULL-terminated reserved words, escaped by
                                    appending '_' */
    /* Writes the program into o (via the stub_out functions below); errors
     * are sticky in o, so the return value is informative only. */
    void (*emit)(const stub_program *p, stub_out *o);
} stub_lang;

/* All languages, in --list order; *count receives their number. */
const stub_lang *const *stub_languages(int *count);

/* The language called name (case-insensitive, aliases too), or NULL. */
const stub_lang *stub_find_language(const char *name);

/* Generates the code of p in lang. Returns 0 and a malloc'd NUL-terminated
 * text in *code (caller frees), STUB_E_NOMEM or STUB_E_INVAL. */
int stub_generate(const stub_program *p, const stub_lang *lang, char **code);

/* ---- Helpers for emitters (emit.c) ------------------------------------- */

/* Default top comment when the stub has no STATEMENT. */
#define STUB_DEFAULT_STATEMENT                                                \
    "Generated by loa-stub: reads the input as the statement describes it.\n" \
    "Replace the placeholder answer with your bot's decision."

/* Indentation text of one level (default four spaces). */
void stub_out_set_indent(stub_out *o, const char *unit);
/* Appends formatted text as is. */
void stub_out_printf(stub_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends one line: `level` indentation units, the formatted text, "\n".
 * An empty format gives an empty line (no trailing spaces). */
void stub_line(stub_out *o, int level, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Appends an empty line. */
void stub_blank(stub_out *o);
/* Appends every line of text (split at '\n') as a comment line:
 * indentation, prefix (e.g. "# "), the line, suffix. */
void stub_comment_lines(stub_out *o, int level, const char *prefix, const char *text,
                        const char *suffix);
/* Appends every line of text (split at '\n') as is, indented `level`
 * units; an empty line stays empty. NULL appends nothing. */
void stub_text(stub_out *o, int level, const char *text);
/* The comment above a program's first answer, the same in every language:
 * a blank line, how (how to print and flush an answer) and debug (how to
 * write to stderr) as comment lines, STUB_METRICS_HINT (the metrics line
 * the arena reads, docs/metrics.md), a blank line, then the OUTPUT block's
 * lines (see stub_comment_lines). A comment line is marker (e.g. "// "),
 * the text, end (e.g. " *)" or ""). */
#define STUB_METRICS_HINT                                                              \
    "Metrics for loa-arena --metrics, a line each on stderr: [PDATA][turn] depth = 7 " \
    "(docs/metrics.md)."
void stub_answer_hint(stub_out *o, int level, const char *marker, const char *end, const char *how,
                      const char *debug);
/* The STATEMENT text of p, or STUB_DEFAULT_STATEMENT without one. */
const char *stub_statement(const stub_program *p);
/* The variable's name in the language's convention (keyword-escaped).
 * Valid while o lives. */
const char *stub_name(stub_out *o, int var);
/* The loop index name for a loop nested `depth` deep (0: "i", 1: "j", ...),
 * avoiding the program's variable names. Valid while o lives. */
const char *stub_index(stub_out *o, int depth);
/* The program being emitted. */
const stub_program *stub_out_program(const stub_out *o);
/* Text of s inside a double-quoted literal: escapes '\\' and '"', plus
 * every character of `extra` with a backslash; doubles '%' when
 * percent is 1 (printf formats). Valid for the next 7 such calls on o. */
const char *stub_quote(stub_out *o, const char *s, const char *extra, int percent);
/* The formatted text, whatever its length (names are not bounded).
 * Valid for the next 7 calls of it, stub_quote, stub_amount, stub_bound
 * on o; "" on out of memory (sticky in o). */
const char *stub_format(stub_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The comment of a read variable, or NULL. */
const char *stub_var_comment(const stub_out *o, int var);
/* A string for an amount: the variable's name or the literal number.
 * Valid for the next 7 such calls on o. */
const char *stub_amount(stub_out *o, const stub_node *n);
/* A piece of a write: literal text (var < 0) or a variable. */
typedef struct stub_seg {
    int var;          /* variable index, or -1 for text */
    const char *text; /* literal text (var < 0), valid while o lives */
} stub_seg;
/* Splits write node n into segments, in order: maximal literal texts (the
 * single spaces that join puts between its arguments merged into them) and
 * variables. segs must hold 2 * n->part_count + 1 entries; returns their
 * number (at least 1). */
int stub_segments(stub_out *o, const stub_node *n, stub_seg *segs);
/* Writes into buf (size bytes) the concatenation expression of write n:
 * literals as quote + text (escaped with `extra`, see stub_quote) + quote,
 * variables as var_expr writes them (NULL: the bare name), joined by op
 * (e.g. " + "). */
void stub_concat(stub_out *o, const stub_node *n, char *buf, size_t size, const char *op,
                 char quote, const char *extra,
                 void (*var_expr)(stub_out *o, int var, char *out, size_t size));
/* Writes into buf (size bytes) the inside of a string literal that
 * interpolates the parts of write n, joined by single spaces: literals
 * escaped with `extra` (see stub_quote), variables through var_fmt (one
 * %s: the name, e.g. "${%s}"). */
void stub_interpolate(stub_out *o, const stub_node *n, char *buf, size_t size, const char *var_fmt,
                      const char *extra);
/* The loop bound of LOOP/LOOPLINE n for languages whose loop index is a
 * plain int: stub_amount(), except that a `long` amount variable is written
 * through long_fmt (one %s, e.g. "int(%s)"). Valid for the next 7 such
 * calls on o. */
const char *stub_bound(stub_out *o, const stub_node *n, const char *long_fmt);

/* 1 if some read splits a line into tokens (a read of several variables or
 * a loopline): languages that declare an `inputs` array up front need it. */
int stub_needs_split(const stub_program *p);
/* Declaration tracking for languages that declare variables: returns 1
 * when var is not visible at block `level` (the caller declares it now, and
 * it is recorded at that level), 0 when an enclosing block declared it. */
int stub_declare(stub_out *o, int var, int level);
/* 1 if var is read by more than one command (it must then be declared
 * mutable: `let` rather than `const`, `var` rather than `val`). */
int stub_reassigned(const stub_out *o, int var);
/* Forgets the declarations made deeper than `level` (call when closing a
 * block whose body was at level + 1). */
void stub_leave(stub_out *o, int level);

/* ---- The program's frame (frame.c) -------------------------------------- */

/* Writes one command (and, for a loop, its body) at indentation `level`;
 * depth is the loop nesting, for stub_index. An emitter that needs more
 * than the tree (a family's description) finds it with stub_out_data(). */
typedef void stub_command_fn(stub_out *o, const stub_node *n, int level, int depth);

/* Writes the commands of a block (a loop body or a turn) at `level`, then
 * forgets the declarations made in it (stub_leave(o, level - 1)): a
 * language that declares nothing is unaffected. */
void stub_block(stub_out *o, const stub_node *n, int level, int depth, stub_command_fn *command);

/* How a language lays out a program: the file around the commands, the
 * main body (the commands before `gameloop`, then the game loop). Texts
 * are '\n'-separated lines written as is (see stub_text). Static constant
 * data. */
typedef struct stub_frame {
    const char *indent; /* one indentation level; NULL: four spaces */
    /* ---- the file (stub_emit_frame; stub_body ignores these) ---- */
    const char *head; /* lines before the statement (imports); NULL */
    /* The STATEMENT as a comment: open and close lines (NULL: none), and
     * each line between prefix and suffix (see stub_comment_lines). */
    const char *doc_open, *doc_prefix, *doc_suffix, *doc_close;
    /* Lines after the statement that open the main body (class, main
     * function), with their own indentation; "" is a blank line. */
    const char *main_open;
    /* Statement declaring the `inputs` token array, written first in the
     * main body when some read splits a line (stub_needs_split); NULL. */
    const char *inputs_decl;
    const char *main_close; /* lines closing what main_open opened; NULL */
    /* ---- the main body (stub_body) ---- */
    int level;                /* indentation level of the main body */
    const char *loop_comment; /* the comment line above the game loop */
    /* 1: the blank line before the game loop only when commands precede
     * it (C, C++, Python); 0: always. */
    int tight;
    const char *loop_open;  /* lines opening the game loop at `level`,
                               e.g. "while (true) {" */
    const char *loop_close; /* lines closing it at `level`; NULL: none
                               (Haskell's `forever $ do` block) */
    /* Statement ending each turn, one level in (and the program, at
     * `level`, without a game loop): a flush, or Haskell's `return ()`
     * closing a do block. NULL: none. */
    const char *turn_end;
    /* Statement for an empty turn, where the language needs one (Python's
     * pass); NULL: none. */
    const char *empty_turn;
} stub_frame;

/* Writes p's main body as frame f describes it, each command through
 * `command`. */
void stub_body(stub_out *o, const stub_frame *f, stub_command_fn *command);

/* Writes the whole program p (o's) as frame f describes it: indentation unit,
 * head, statement comment, main_open, inputs_decl, the main body
 * (stub_body), main_close. */
void stub_emit_frame(const stub_program *p, stub_out *o, const stub_frame *f,
                     stub_command_fn *command);

/* Emitter data: a pointer the emitter keeps in o for its command
 * callbacks (a family's description), NULL until set; not owned. */
void stub_out_set_data(stub_out *o, const void *data);
const void *stub_out_data(const stub_out *o);

#endif
