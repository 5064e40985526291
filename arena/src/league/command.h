/*
 * league/command.h - expansion of the placeholders of a bot command. The
 * runner expands every command once per game (run/runner.c), since
 * `{seed}` differs from game to game. A pure function: thread-safe.
 */
#ifndef ARENA_LEAGUE_COMMAND_H
#define ARENA_LEAGUE_COMMAND_H

#include <stdint.h>

/* Expands a bot command: `{bin}` becomes bin_dir and `{dir}` becomes
 * base_dir, each quoted for /bin/sh as util_shell_quote does (NULL: "."); `{seed}` becomes
 * seed in decimal (the game's seed, for bots that randomise; digits and
 * '-' only, so it needs no quoting). Any other text, braces included, is
 * copied unchanged. Returns a malloc'd string the caller frees, NULL on out
 * of memory. */
char *arena_command_expand(const char *command, const char *bin_dir, const char *base_dir,
                           int64_t seed);

/* The placeholder of the league's results directory: the command of a
 * bot's snapshot names its copy as `{out}/bots/NAME/FILE` (store/snapshot.h),
 * so that the directory may move. */
#define ARENA_OUT_PLACEHOLDER "{out}"

/* As arena_command_expand, and `{out}` becomes out_dir (absolute; quoted
 * as the others); with out_dir NULL, `{out}` is left as it is (a
 * fingerprint names the copy so, wherever the directory is). */
char *arena_command_expand_out(const char *command, const char *bin_dir, const char *base_dir,
                               const char *out_dir, int64_t seed);

#endif
