/*
 * stub/parse_impl.h - the inside of the stub parser (internal to stub/):
 * its state, shared by parse.c (the lines, the sections, the tree),
 * command.c (a main-block command into a node) and scope.c (errors,
 * tokens, variable names and their scopes), calls pointing down in that
 * order. Not part of stub.h.
 * One parser per stub_parse() call: not shared between threads.
 */
#ifndef STUB_PARSE_IMPL_H
#define STUB_PARSE_IMPL_H

#include <stddef.h>

#include "stub.h"

typedef struct parser {
    stub_program *p;
    stub_diag *diag;
    int line;         /* current line number */
    int rc;           /* first error, sticky */
    stub_node **tail; /* where the next command of the current block goes */
    int seen_write;
    /* Variables visible at this point: read in the current block or an
     * enclosing one (loop bodies and loopline values go out of scope). */
    int *visible;   /* var ids */
    int *vis_depth; /* loop depth at which each was read */
    int vis_count, vis_cap;
    int depth; /* loop nesting of the command being parsed */
} parser;

/* Records a syntax error (STUB_E_SYNTAX) with the current line and a
 * printf-style message, unless an error is recorded already; returns the
 * recorded code (the first). */
int stub_ps_fail(parser *ps, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Records out of memory (STUB_E_NOMEM) the same way; returns the code. */
int stub_ps_oom(parser *ps);

/* A copy of s[0..n), NUL-terminated (malloc; freed with the tree), or NULL
 * on out of memory. */
char *stub_ps_dup_n(const char *s, size_t n);

/* s past its spaces and tabs. */
const char *stub_ps_skip_space(const char *s);

/* Copies the next whitespace-delimited token of *s into tok (size bytes,
 * cut to fit); returns its full length (0 at end of line), advancing *s. */
size_t stub_ps_next_token(const char **s, char *tok, size_t size);

/* 1 if s[0..n) is a variable name: a letter, then letters, digits, '_'. */
int stub_ps_valid_name(const char *s, size_t n);

/* The id of the variable named s[0..n) in p, or -1. */
int stub_ps_find_var(const stub_program *p, const char *name, size_t n);

/* Makes variable id visible from the current depth on. 0 or the error. */
int stub_ps_make_visible(parser *ps, int id);

/* Ends the scope of the variables read deeper than the current depth. */
void stub_ps_leave_scope(parser *ps);

/* Looks up a variable used by a command (loop amount, join argument): it
 * must have been read before and still be in scope. Returns its id, or -1
 * after recording an error naming `what`. */
int stub_ps_use_var(parser *ps, const char *name, size_t n, const char *what);

/* command.c: parses one command (the rest of a line: read, write, loop,
 * loopline) and returns a new node (also when an error was recorded on
 * it: it joins the tree, freed with it), or NULL after an error or for
 * `gameloop`, which the caller handles (in_loop: `gameloop` is an error,
 * repeated by a loop). */
stub_node *stub_ps_command(parser *ps, const char *s, int in_loop);

#endif
