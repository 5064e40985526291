/*
 * results/filter.h - the games filter: cgarena's match-filter language
 * (aangairbender/cgarena, docs/match_attributes_and_filters.md) with bot
 * names in place of its ids, parsed by a strict recursive-descent parser of
 * its own and evaluated against one game through a lookup the caller gives
 * (the store's rows, a test's table), so the language knows no storage.
 *
 *   filter  := or
 *   or      := and ( OR and )*
 *   and     := unary ( AND unary )*
 *   unary   := NOT unary | '(' or ')' | cond
 *   cond    := operand ( '==' | '!=' | '<' | '<=' | '>' | '>=' ) operand
 *   operand := number | string | 'bot' '(' botname ')' [ '[' ply ']' ] '.' name
 *            | 'match' '.' name
 *
 * Keywords (AND OR NOT bot match) are case-insensitive, names are not.
 * A number is JSON's (-?digits[.digits][e[+-]digits]); a string is "..."
 * without escapes or newlines; a bot name is what the league calls the bot
 * (letters, digits, _ . + -) or a string; a metric name an identifier.
 * `bot(NAME)[N].x` is metric x of the turn that answered ply N (plies count
 * from 1), `bot(NAME).x` the bot's game metric, `match.x` the game's own
 * field or match data (docs/arena.md lists them).
 *
 * Values are numbers or texts. A comparison whose operand is missing from
 * the game, or whose operands differ in type, is false (`!=` too); `<`,
 * `<=`, `>`, `>=` between texts are false (a string literal on either side
 * of one is a parse error). cgarena instead fails the whole filter on a
 * missing attribute.
 *
 * Thread-safety: a parsed filter is read-only; evaluate it from any thread.
 */
#ifndef ARENA_RESULTS_FILTER_H
#define ARENA_RESULTS_FILTER_H

#include <stddef.h>

/* Bounds on hostile input: the text's length in bytes, the nesting of
 * parentheses and NOT, the conditions, a name's and a string's length. */
#define ARENA_FILTER_MAX_TEXT 4096
#define ARENA_FILTER_MAX_DEPTH 32
#define ARENA_FILTER_MAX_CONDS 128
#define ARENA_FILTER_MAX_NAME 64
#define ARENA_FILTER_MAX_PLY 100000

/* What an operand refers to. */
typedef enum arena_filter_ref {
    ARENA_FILTER_NUMBER,   /* a literal number */
    ARENA_FILTER_STRING,   /* a literal string */
    ARENA_FILTER_MATCH,    /* match.name */
    ARENA_FILTER_BOT_GAME, /* bot(bot).name */
    ARENA_FILTER_BOT_TURN  /* bot(bot)[ply].name */
} arena_filter_ref;

/* One side of a comparison; strings are owned by the filter. */
typedef struct arena_filter_operand {
    arena_filter_ref ref;
    double number;    /* ARENA_FILTER_NUMBER */
    const char *text; /* ARENA_FILTER_STRING: the string's contents */
    const char *bot;  /* BOT_*: the bot's name */
    int ply;          /* BOT_TURN: 1..ARENA_FILTER_MAX_PLY */
    const char *name; /* MATCH, BOT_*: the field or metric */
} arena_filter_operand;

/* A value the lookup found. */
typedef enum arena_filter_type {
    ARENA_FILTER_MISSING,
    ARENA_FILTER_NUM,
    ARENA_FILTER_TEXT
} arena_filter_type;
typedef struct arena_filter_value {
    arena_filter_type type;
    double number;    /* ARENA_FILTER_NUM */
    const char *text; /* ARENA_FILTER_TEXT: borrowed until the eval returns */
} arena_filter_value;

/* Finds the value of *op (MATCH or BOT_*) in the game ctx describes;
 * sets out->type = ARENA_FILTER_MISSING when the game has none. */
typedef void (*arena_filter_lookup)(void *ctx, const arena_filter_operand *op,
                                    arena_filter_value *out);

typedef struct arena_filter arena_filter;

/* Parses text into *out (free with arena_filter_free). Returns 0, or
 * ARENA_E_NOMEM, or ARENA_E_CONFIG with a one-line message in err (size
 * errlen) naming the column (from 1) and the bad token, e.g.
 * `filter: column 12: expected a comparison (== != < <= > >=), found "AND"`. */
int arena_filter_parse(const char *text, arena_filter **out, char *err, size_t errlen);

void arena_filter_free(arena_filter *f);

/* 1 if the game ctx describes passes f, else 0. */
int arena_filter_eval(const arena_filter *f, arena_filter_lookup lookup, void *ctx);

/* The conditions of f, in text order, and their operands (for a caller
 * that fetches only what the filter names, as cgarena's
 * needed_attributes). */
int arena_filter_conds(const arena_filter *f);
void arena_filter_cond(const arena_filter *f, int i, const arena_filter_operand **lhs,
                       const arena_filter_operand **rhs);

#endif
