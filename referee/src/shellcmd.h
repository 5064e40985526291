/*
 * shellcmd.h - makes `/bin/sh -c` run a simple bot command as `exec <cmd>`
 * (internal; pure).
 *
 * Why: dash (Debian's /bin/sh) forks the command instead of replacing
 * itself, so the shell would lead the bot's process group: the referee would
 * see the shell's "exit status 134" instead of the bot's SIGABRT, would not
 * see the bot close its stdin or stdout (the shell keeps its copies open),
 * and the bot, orphaned when the group is killed, would be left for init to
 * reap. With `exec` the bot itself is the referee's child and group leader.
 * Only commands where that cannot change the meaning are rewritten: one
 * simple command (optional VAR=value words, then a program and arguments,
 * quoting and later redirections allowed); anything with ; & | ( ) ` $( or
 * a newline, a leading redirection, or a first word that is a shell keyword
 * or built-in (cd, exec, export, if, ...) runs exactly as written.
 */
#ifndef REF_SHELLCMD_H
#define REF_SHELLCMD_H

#include <stddef.h>

/* Byte offset in cmd where "exec " can be inserted, or -1 to run cmd as
 * written. */
long ref_shell_exec_offset(const char *cmd);

/* The command to hand to `/bin/sh -c`: cmd with "exec " inserted when
 * ref_shell_exec_offset() allows it, else a plain copy. Caller frees; NULL
 * on out of memory. */
char *ref_shell_exec_form(const char *cmd);

/* When cmd is nothing but plain words (letters, digits and / . _ + , : @
 * % - =, separated by blanks; no quote, expansion, glob, redirection or
 * leading assignment, the first word no shell keyword or built-in), the
 * shell would run exactly execvp(argv[0], argv): splits it into argv (at
 * most max - 1 words and the NULL, their bytes in buf[bufsz]) and returns
 * the word count. Otherwise 0: run it through the shell. Why: a spawn
 * without the shell saves an exec and a dynamic loading per bot, half of a
 * game's fixed cost (docs/referee.md, "Overhead"). */
int ref_shell_plain_argv(const char *cmd, char *buf, size_t bufsz, char **argv, int max);

#endif
