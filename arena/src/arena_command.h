/*
 * arena_command.h - expansion of the placeholders of a bot command when the
 * bot is started. A pure function: thread-safe.
 */
#ifndef ARENA_COMMAND_H
#define ARENA_COMMAND_H

/* Expands a bot command: `{bin}` becomes bin_dir and `{dir}` becomes
 * base_dir, each single-quoted for /bin/sh. Returns a malloc'd string the
 * caller frees, NULL on out of memory. */
char *arena_command_expand(const char *command, const char *bin_dir, const char *base_dir);

#endif
