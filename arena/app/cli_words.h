/*
 * app/cli_words.h - the single-dash words of fastchess and cutechess-cli
 * on loa-arena's command line. Contestants come from chess match runners
 * and type their words: `-engine cmd=./bot name=me -games 4 -openings
 * file=book.txt -sprt elo0=0 elo1=10`. getopt would split a single-dash
 * word into short options (`-openings` as `-o penings`: a league played
 * into ./penings), so every such word is read here first, before getopt:
 *
 *   -engine cmd=C [name=N] [args=A]  --bot N=C A (N: C's file name if absent)
 *   -rounds R, -games G              --games R*G (fastchess's defaults: 2, 2)
 *   -concurrency N                   --concurrency N
 *   -openings file=F [order=O]       --openings F [--openings-order random]
 *   -sprt elo0=E0 elo1=E1 ...        --sprt "elo0=E0 elo1=E1 ..."
 *   -srand N, -seed N                --seed N
 *   -ratinginterval N                --rating-interval N
 *   -tournament gauntlet|round-robin --format ...
 *   -repeat                          (nothing: pairs are always colour-swapped)
 *   -help, -version                  --help, --version
 *
 * Words that have no meaning here are refused with the reason and the
 * loa-arena equivalent (-each tc=..., -pgnout, -recover, -draw, -resign,
 * -maxmoves, -epdout, -log, -config, -output, -quick, and the engine keys
 * dir=, tc=, proto=, option.X=, ...). Any other single-dash word of two or
 * more letters is refused by name (`-ores`: write `-o res`), unless it is a
 * cluster of the value-less short flags (-q, -h, -V). Words after "--",
 * and the value of an option that takes one, are never read as words.
 *
 * Not thread-safe (call from main()); no global state.
 */
#ifndef ARENA_APP_CLI_WORDS_H
#define ARENA_APP_CLI_WORDS_H

#include <stddef.h>

/* The translated command line: argv for getopt_long. */
typedef struct arena_cli_words {
    char **argv; /* argc pointers (NULL-ended) into the caller's argv and into owned */
    int argc;
    char **owned; /* strings made here (joined or rewritten words), NULL-ended */
} arena_cli_words;

/* Translates argv (argc words, argv[0] the program) into *out. Returns 0,
 * ARENA_E_CONFIG with err naming the refused word and its loa-arena
 * equivalent, or ARENA_E_NOMEM. *out is empty on failure; free it with
 * arena_cli_words_free either way. */
int arena_cli_words_translate(int argc, char **argv, arena_cli_words *out, char *err, size_t errsz);

/* Frees what *w owns (not the caller's argv). */
void arena_cli_words_free(arena_cli_words *w);

#endif
