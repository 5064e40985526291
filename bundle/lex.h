/*
 * bundle/lex.h - the bundler's C lexer and line rewriter (internal to
 * bundle/): text in, text out, no files and no state beyond what the caller
 * passes in.
 *
 * It knows comments, string and character literals, numbers, identifiers
 * and preprocessor lines, which is all the bundler needs: it never expands
 * macros or evaluates conditions. Text is handled as (pointer, length)
 * pairs, never assumed NUL-terminated, so that lines are cut out of a file
 * without copies.
 *
 * Layering: uses strlist.h only; used by files.c (include guards) and
 * bundle.c (emission). Thread-safety: no global state; every function is
 * safe to call in parallel on distinct objects.
 */
#ifndef BUNDLE_LEX_H
#define BUNDLE_LEX_H

#include <stddef.h>

#include "strlist.h"

/* 1 when ch (an unsigned char value) may start a C identifier. */
int bundle_is_ident_start(int ch);

/* 1 when ch (an unsigned char value) may continue a C identifier. */
int bundle_is_ident(int ch);

/* Length of the line starting at s (up to '\n', excluded, or end). */
size_t bundle_line_len(const char *s, const char *end);

/* If the n bytes of line (not inside a block comment) are a directive
 * (`#` after optional blanks), stores its name (cut to 31 chars) in
 * name[32], sets *rest to the text after the name and returns 1; else
 * returns 0 and leaves both unchanged. */
int bundle_directive(const char *line, size_t n, char name[32], const char **rest);

/* Copies the identifier at s (n bytes available; leading blanks, '(' and
 * '!' skipped, as in `#if !defined(X)`) into id[64], cut to 63 chars.
 * Returns its length, 0 when there is none (id is then ""). */
size_t bundle_ident_at(const char *s, size_t n, char id[64]);

/* Lexer state carried from line to line of one file: zero-initialise
 * ({0}) at the start of a file. */
typedef struct bundle_lexstate {
    int in_comment;  /* inside a block comment */
    int brace;       /* brace depth */
    int record_kw;   /* saw `struct`/`union` and no `;`, `(`, `)` since */
    int records[32]; /* brace depths of the struct/union bodies open */
    int nrecords;
} bundle_lexstate;

/* Rewrites one line of code (the n bytes at s, no newline) and appends the
 * result, without newline, to out:
 *   - identifiers listed in from are replaced by the same index of to,
 *     except after `.` or `->` and inside a struct or union body, where
 *     they are members (from and to have the same length; both may be
 *     empty lists);
 *   - when compact is set, comments are dropped and runs of blanks become
 *     one space where one is needed (never after ',' or '('), so that a
 *     line holding only comments or blanks appends nothing; compact 2 also
 *     drops the space between a punctuation character and a word ("x < 0"
 *     becomes "x<0"), never between two words or two punctuation
 *     characters. Never use 2 on a preprocessor line: `#define F (x)` and
 *     `#define F(x)` differ.
 * *st carries block comments and braces across lines. Errors: none of its
 * own; out of memory sets out->failed. */
void bundle_transform(const char *s, size_t n, bundle_lexstate *st, const bundle_strlist *from,
                      const bundle_strlist *to, int compact, util_buf *out);

/* Adds to names (each once) the names of the file-scope static objects and
 * functions of the n bytes of text. Heuristic but sound for ordinary C:
 * after a `static` at brace depth 0, the last identifier before `(`, `[`,
 * `=`, `,` or `;` that is not a type word is a declared name. Returns 0 or
 * BUNDLE_E_NOMEM (names then holds what was added before). */
int bundle_collect_statics(const char *text, size_t n, bundle_strlist *names);

/* Adds to names (each once) the names of the functions that the n bytes of
 * text declare or define at file scope without `static` or `typedef` (its
 * global functions). Returns 0 or BUNDLE_E_NOMEM. */
int bundle_collect_globals(const char *text, size_t n, bundle_strlist *names);

/* A cursor over the code tokens of a text (comments, literals, numbers and
 * preprocessor directives skipped). Zero it, then set s and n. */
typedef struct bundle_tokzer {
    const char *s;
    size_t n, i; /* i: the position after the last token read */
    int line_start;
} bundle_tokzer;

/* Next token: 'i' (identifier in tok, cut to 63 bytes), 'p' (one
 * punctuation char in tok[0]), 0 at the end. */
int bundle_next_token(bundle_tokzer *t, char tok[64]);

/* Adds to names (each once) what the n bytes of text define for other
 * units: its global functions (bundle_collect_globals) and its global
 * variables (at file scope, without static, typedef or extern, the last
 * identifier before `[`, `=` or `;`). Returns 0 or BUNDLE_E_NOMEM. */
int bundle_collect_defined(const char *text, size_t n, bundle_strlist *names);

/* 1 if an identifier of the n bytes of text (code, not comments or
 * strings) is one of names, else 0. */
int bundle_text_mentions(const char *text, size_t n, const bundle_strlist *names);

#endif
