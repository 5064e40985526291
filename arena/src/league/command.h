/*
 * league/command.h - expansion of the placeholders of a bot command. The
 * runner expands every command once per game (run/runner.c), since
 * `{seed}` differs from game to game. A pure function: thread-safe.
 */
#ifndef ARENA_LEAGUE_COMMAND_H
#define ARENA_LEAGUE_COMMAND_H

#include <stdint.h>

#include "core/text.h" /* arena_shell_quote, which the expansion applies */

/* Expands a bot command: `{bin}` becomes bin_dir and `{dir}` becomes
 * base_dir, each quoted for /bin/sh as arena_shell_quote does (NULL: "."); `{seed}` becomes
 * seed in decimal (the game's seed, for bots that randomise; digits and
 * '-' only, so it needs no quoting). Any other text, braces included, is
 * copied unchanged. Returns a malloc'd string the caller frees, NULL on out
 * of memory. */
char *arena_command_expand(const char *command, const char *bin_dir, const char *base_dir,
                           int64_t seed);

#endif
