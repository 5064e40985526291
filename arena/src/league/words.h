/*
 * league/words.h - the words of a league's settings, in the league file and
 * on the command line alike: its format ("round-robin", "gauntlet"), which
 * games get a replay page ("faults", "all", "none"), the openings' order
 * ("file", "random"), a shard ("K/N") and an SPRT in fastchess's words
 * ("elo0=0 elo1=10 alpha=0.05 beta=0.05 model=normalized").
 *
 * Pure functions: thread-safe.
 */
#ifndef ARENA_LEAGUE_WORDS_H
#define ARENA_LEAGUE_WORDS_H

#include <stddef.h>

#include "ref/referee.h"
#include "stats/sprt.h"

/* The words of a setting that takes one of a few (league/setting.h): each
 * value 0..count-1 has its canonical word, and the parser may accept
 * other spellings too ("roundrobin"). */
typedef struct arena_word_list {
    int count;
    const char *(*name)(int value);             /* the canonical word of value */
    int (*parse)(const char *text, int *value); /* 0, or ARENA_E_CONFIG for another
                                                   word or NULL (*value unchanged) */
} arena_word_list;

/* "round-robin" "gauntlet"; "faults" "all" "none"; "file" "random"; the
 * referee's "wall" "cpu" and "auto" "cgroup" "proc". */
extern const arena_word_list arena_words_format, arena_words_pages, arena_words_openings_order,
    arena_words_time_mode, arena_words_cpu_method;

typedef enum arena_format {
    ARENA_FORMAT_ROUND_ROBIN = 0, /* "round-robin": every pair of bots meets */
    ARENA_FORMAT_GAUNTLET = 1     /* "gauntlet": one bot meets each of the others */
} arena_format;

/* Which games get their replay page (docs/replay.md) as they end: "pages" /
 * --pages. A page is made from the game's record, so a page not written
 * then is one `loa-arena --html DIR` away; not part of the league's
 * identity. Why not every page by default: a page is about 65 KB and
 * 0.7 ms of CPU (cJSON's number printing), more than the game between two
 * fast bots itself; a 20000-game SPRT would write 1.3 GB of pages nobody
 * opens, and no match runner writes per-game files unasked (issue 16). */
typedef enum arena_pages {
    ARENA_PAGES_FAULTS = 0, /* default: the games a bot lost by its own fault
                               (ref_reason_is_fault: timeout, crash, invalid
                               action...), the ones a user must look at */
    ARENA_PAGES_ALL,        /* every game */
    ARENA_PAGES_NONE        /* none (the index page is still written) */
} arena_pages;

/* Parses "round-robin" or "gauntlet". Returns 0 or ARENA_E_CONFIG. */
int arena_format_parse(const char *text, arena_format *out);
/* "round-robin" or "gauntlet". Static string. */
const char *arena_format_name(arena_format f);

/* "faults", "all" or "none" (the --pages and "pages" words). */
const char *arena_pages_name(arena_pages p);

/* The arena_pages named s (arena_pages_name's words). Returns 0, or
 * ARENA_E_INVAL for NULL or another word (*out unchanged). */
int arena_pages_from_name(const char *s, arena_pages *out);

/* 1 when a game that ended for reason gets its page as it ends under p. */
int arena_pages_wants(arena_pages p, ref_reason reason);

/* Parses "file" (0) or "random" (1) for openings_random. Returns 0 or
 * ARENA_E_CONFIG. */
int arena_openings_order_parse(const char *text, int *out);

/* Parses an SPRT specification in fastchess's words: "elo0=E0 elo1=E1
 * [alpha=A] [beta=B] [model=normalized|logistic]", separated by spaces or
 * commas (alpha and beta default to 0.05, the model to normalized). Fills
 * *p; it is checked with arena_sprt_check(). Returns 0, or ARENA_E_CONFIG
 * with err naming the bad word (unknown key, a key given twice, a value
 * that is not a number, elo0 or elo1 missing, a parameter out of range). */
int arena_sprt_spec_parse(const char *text, arena_sprt_params *p, char *err, size_t errsz);

/* Parses a shard "K/N" (0 <= K < N <= ARENA_MAX_SHARDS). Returns 0 or
 * ARENA_E_CONFIG. */
int arena_shard_parse(const char *text, int *index, int *count);

#endif
