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

#endif
