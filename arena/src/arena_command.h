/*
 * arena_command.h - expansion of the placeholders of a bot command. The
 * runner expands every command once per game (arena_runner.c), since
 * `{seed}` differs from game to game. A pure function: thread-safe.
 */
#ifndef ARENA_COMMAND_H
#define ARENA_COMMAND_H

#include <stdint.h>

/* s quoted for a POSIX shell: as it is when it only holds characters no
 * shell treats specially (letters, digits, and _ . / , : = + - @ %), else
 * in single quotes with each ' written as '\''. "" becomes ''. Returns a
 * malloc'd string the caller frees, NULL on out of memory. */
char *arena_shell_quote(const char *s);

/* Expands a bot command: `{bin}` becomes bin_dir and `{dir}` becomes
 * base_dir, each quoted for /bin/sh as arena_shell_quote does (NULL: "."); `{seed}` becomes
 * seed in decimal (the game's seed, for bots that randomise; digits and
 * '-' only, so it needs no quoting). Any other text, braces included, is
 * copied unchanged. Returns a malloc'd string the caller frees, NULL on out
 * of memory. */
char *arena_command_expand(const char *command, const char *bin_dir, const char *base_dir,
                           int64_t seed);

#endif
