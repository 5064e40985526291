/*
 * util/metric.h - what a bot says about itself: the metrics convention
 * (docs/metrics.md), read as cgarena reads it (aangairbender/cgarena,
 * docs/match_attributes_and_filters.md and assets/play_game.py), and the
 * parsed value the referee, the league database and the arena share.
 *
 * A bot prints on its stderr, one a line:
 *   [PDATA][turn] name = value   its metric for this turn (the arena keys
 *                                it by the ply the turn answered; the
 *                                bot's own turn number is read, not kept)
 *   [PDATA] name = value         its metric for the game
 *   [TDATA][turn] name = value   match data for this turn
 *   [TDATA] name = value         match data for the game
 * The line's grammar is cgarena's regular expression, matched at the start
 * of the line with the line's surrounding whitespace stripped, the tag
 * case-insensitive:  \[(T|P)DATA\](?:\[(\d+)\])?\s+(\w+)\s*=\s*(.+)
 * so at least one blank after the tag, any blanks around '=', the value
 * the rest of the line (trailing blanks stripped). A name is ASCII \w
 * ([A-Za-z0-9_], Python's \w also takes other letters: we do not), at
 * most UTIL_METRIC_NAME_MAX bytes.
 * Optionally the answer's comment carries words `name=value` (no blank in
 * them), read as [PDATA][turn] lines are.
 *
 * A value is an integer when the whole text is one (Rust's i64 parse, as
 * cgarena: optional sign, digits, within int64), else a real when it is a
 * finite decimal or exponent number (f64 parse; "inf" and "nan", which
 * cgarena takes as reals, are text here: they cannot be aggregated), else
 * text (valid UTF-8, at most UTIL_METRIC_TEXT_MAX bytes, else the line is
 * refused). Numbers are aggregated; texts are kept, not aggregated. A
 * metric may change type from turn to turn: each value keeps its own.
 *
 * Pure functions on their arguments: thread-safe.
 */
#ifndef UTIL_METRIC_H
#define UTIL_METRIC_H

#include <stddef.h>
#include <stdint.h>

/* The bounds, typed once (a bot's stderr is hostile input). */
/* Longest metric name, bytes (cgarena's names are free; the filter's
 * names are at most this long: arena/src/results/filter.h). */
#define UTIL_METRIC_NAME_MAX 64
/* Longest text value, bytes. */
#define UTIL_METRIC_TEXT_MAX 128
/* Longest metric line read, bytes without its newline: a longer line is
 * not read (counted as dropped when it starts as a metric line). */
#define UTIL_METRIC_LINE_MAX 256
/* Metric lines (and comment words) read from one bot in one turn: the
 * rest is dropped and counted (a flood). */
#define UTIL_METRIC_TURN_MAX 32
/* Distinct metrics (a side's name, or the match's) a league keeps of one
 * game: values of further names are dropped and counted. */
#define UTIL_METRIC_GAME_SERIES_MAX 128

/* A value's type. NONE: no value. */
typedef enum util_metric_type {
    UTIL_METRIC_NONE = 0,
    UTIL_METRIC_INT = 1,
    UTIL_METRIC_REAL = 2,
    UTIL_METRIC_TEXT = 3
} util_metric_type;

/* A value. INT: i, and d = (double)i; REAL: d (finite); TEXT: text, NUL-
 * terminated valid UTF-8 of at most UTIL_METRIC_TEXT_MAX bytes, owned by
 * whatever holds the value (borrowed from a parse's line, a game's record,
 * a database row: each says how long it lives). */
typedef struct util_metric_value {
    util_metric_type type;
    int64_t i;
    double d;
    const char *text;
} util_metric_value;

/* Where a metric line puts its value. */
typedef enum util_metric_scope {
    UTIL_METRIC_TURN = 0,       /* [PDATA][turn]: the bot's, this turn */
    UTIL_METRIC_GAME = 1,       /* [PDATA]: the bot's, the game */
    UTIL_METRIC_MATCH_TURN = 2, /* [TDATA][turn]: the match's, this turn */
    UTIL_METRIC_MATCH = 3       /* [TDATA]: the match's, the game */
} util_metric_scope;

/* One metric line read. name and the value's text point into the line
 * (not NUL-terminated there: name_len, text_len). */
typedef struct util_metric_line {
    util_metric_scope scope;
    long long turn; /* the bot's turn number, -1 without ([PDATA] name = v) */
    const char *name;
    size_t name_len;
    const char *value;
    size_t value_len;
} util_metric_line;

/* What util_metric_parse_line found. */
typedef enum util_metric_parse_rc {
    UTIL_METRIC_NOT = 0,    /* not a metric line (most stderr) */
    UTIL_METRIC_LINE = 1,   /* a metric line: *out filled */
    UTIL_METRIC_REFUSED = 2 /* a metric line by its tag, refused: a name too
                               long, a text value too long or not UTF-8 */
} util_metric_parse_rc;

/* Reads line[0..len) (one line, no newline; any bytes) as cgarena's
 * regular expression above. */
util_metric_parse_rc util_metric_parse_line(const char *line, size_t len, util_metric_line *out);

/* Classifies text[0..len) (no NUL needed) as a value: INT, REAL or TEXT
 * (out->text = text, not NUL-terminated: the caller copies it). Returns 0,
 * or -1 for a text too long or not valid UTF-8 (*out untouched). */
int util_metric_value_parse(const char *text, size_t len, util_metric_value *out);

/* Calls fn for each word `name=value` of a comment (words separated by
 * blanks; name as a line's, value non-empty), in order. fn returns 0 to
 * go on. Returns the number of such words seen. */
typedef int (*util_metric_word_fn)(const char *name, size_t name_len, const char *value,
                                   size_t value_len, void *user);
int util_metric_comment_words(const char *comment, util_metric_word_fn fn, void *user);

/* Copies s[0..n) into out (at least n + 1 bytes) without its metric lines
 * (those util_metric_parse_line reads as UTIL_METRIC_LINE, each with its
 * newline), NUL-terminated. Returns the length written. The league keeps
 * the metrics in tables of their own and a ply's stderr without them. */
size_t util_metric_strip(const char *s, size_t n, char *out);

/* 1 when name[0..len) is a metric name (1..UTIL_METRIC_NAME_MAX bytes of
 * [A-Za-z0-9_]), else 0. */
int util_metric_name_ok(const char *name, size_t len);

#endif
