/*
 * league/command_words.h - a bot command split into the words the shell
 * would make of it, for the simple cases (blanks, '...' and "..." quotes,
 * backslash escapes, the operators ; & && | || ( ) and the redirections
 * < > >> >& <&), each word with its bytes in the command and its role: so
 * that the arena can tell which files a command runs, and where
 * (store/fingerprint.h), and copy them and rewrite the words that name them
 * (store/snapshot.h). Words are not expanded: a word the shell would change
 * further ($VAR, `...`, a glob, a leading ~) is marked, never guessed.
 *
 * Pure functions: thread-safe on distinct values.
 */
#ifndef ARENA_LEAGUE_COMMAND_WORDS_H
#define ARENA_LEAGUE_COMMAND_WORDS_H

#include <stddef.h>

/* Most words of a command looked at: more is no bot command anyone writes
 * (the rest are ignored). */
#define ARENA_WORDS_MAX 64

typedef enum arena_word_role {
    ARENA_WORD_PROGRAM = 0, /* the program of a simple command (the first word
                               after an operator, VAR=value and exec) */
    ARENA_WORD_ARGUMENT,    /* one of its arguments */
    ARENA_WORD_CD,          /* the directory of `cd DIR`: the words after it
                               run there */
    ARENA_WORD_PREFIX,      /* VAR=value or exec before the program */
    ARENA_WORD_OPERATOR,    /* ; & && | || ( ) */
    ARENA_WORD_REDIRECT     /* a redirection operator, or the file after it */
} arena_word_role;

typedef struct arena_word {
    size_t start, end; /* its bytes in the command, quotes included */
    const char *text;  /* the word as the shell passes it: quotes and
                             escapes removed (owned by the arena_words) */
    arena_word_role role;
    int expands; /* the shell would change it further ($, `, an
                             unquoted * ? [, a leading ~) */
} arena_word;

typedef struct arena_words {
    arena_word w[ARENA_WORDS_MAX];
    int n;
    char *text; /* the words' texts, one after another (owned) */
} arena_words;

/* Splits command into *out (freed with arena_words_free). Returns 0 or
 * ARENA_E_NOMEM (then *out holds nothing to free). */
int arena_words_split(const char *command, arena_words *out);

/* Frees what *w owns. */
void arena_words_free(arena_words *w);

#endif
