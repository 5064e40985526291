/*
 * store/snapshot.h - a bot's copy in its league's directory, as psyleague
 * copies a bot when it is added: the files a bot's command names (its
 * program, when the command names it by a path, and the files its
 * arguments name: the script of `python3 bot.py`, the jar of `java -jar
 * bot.jar`; store/fingerprint.h finds them the same way, `cd DIR` followed)
 * are copied into DIR/bots/NAME/, and the league runs the copy, through
 * the bot's snapshot command: the command with those words naming the
 * copies as `{out}/bots/NAME/FILE` (league/command.h). So rebuilding the
 * working copy never strands a league, and each version added to it keeps
 * playing as it was; the fingerprints then protect the copies.
 *
 * Not copied: a program found in PATH (python3, java: the system's), a
 * word the shell would expand ($VAR, a glob), files the bot opens at run
 * time. A bot that needs files beside its program (a Python bot importing
 * its own modules, a bot reading weights next to its executable) cannot be
 * copied this way: it is added with --no-snapshot and runs where it is.
 *
 * A snapshot is made in a temporary directory DIR/bots/.tmp-PID-XXXXXX and
 * renamed into place whole, so a kill at any moment leaves no half copy
 * under a name; the directory's name is the bot's (characters other than
 * letters, digits, '.', '_', '+' and '-' as '_'), then NAME-2, NAME-3, ...
 * when taken (another version of the bot kept by a --replace-bot).
 * Thread-safe: no shared state (the file system's renames order
 * concurrent processes).
 */
#ifndef ARENA_STORE_SNAPSHOT_H
#define ARENA_STORE_SNAPSHOT_H

#include <stddef.h>

#include "league/settings.h"

/* The folder of the snapshots in a results directory. */
#define ARENA_SNAPSHOT_DIR "bots"

/* What a snapshot copied: for the message that says so. */
typedef struct arena_snapshot_info {
    int files;         /* files copied */
    long long bytes;   /* their size */
    char dir[512];     /* where: "bots/NAME" under the results directory */
    char skipped[256]; /* a word that might name a file but could not be
                               copied (the first), "" when none */
} arena_snapshot_info;

/* Copies the files of bot b (its command as written, placeholders `{bin}`
 * (bin_dir) and `{dir}` (base_dir) expanded to find them, resolved against
 * b->cwd, NULL: the current directory) into a new directory under
 * dir/bots/, and sets *command (malloc'd, caller frees) to b's command
 * with the words that named them naming the copies. *command is NULL when
 * no file could be copied (a command of PATH programs only): the bot runs
 * as it is. Returns 0, ARENA_E_IO (err names the file or directory and
 * says why; nothing is left under a bot's name) or ARENA_E_NOMEM. */
int arena_snapshot_take(const char *dir, const arena_bot *b, const char *bin_dir,
                        const char *base_dir, char **command, arena_snapshot_info *info, char *err,
                        size_t errsz);

/* Whether bot b's working copy was rebuilt since its snapshot was taken:
 * the files its command as written names (found as arena_snapshot_take
 * finds them: `{bin}`, `{dir}` expanded, b->cwd and each cd followed)
 * compared, by SHA-256, with the copies b->snapshot names under dir (the
 * results directory, what `{out}` stands for). A file gone since is no
 * difference (the copy exists so that it may go), nor is one that cannot
 * be read (said when the bot is added again). Returns 0 when none differs
 * or b has no snapshot, 1 when one does (file: its path as found, copy:
 * the copy's path under dir), or ARENA_E_NOMEM. Thread-safe. */
int arena_snapshot_differs(const char *dir, const arena_bot *b, const char *bin_dir,
                           const char *base_dir, char *file, size_t filesz, char *copy,
                           size_t copysz);

/* Removes the snapshot info->dir ("bots/NAME") under dir, made by
 * arena_snapshot_take for a change that was then not queued (refused):
 * nothing of it is left behind. Errors are ignored (a leftover). */
void arena_snapshot_remove(const char *dir, const arena_snapshot_info *info);

/* Removes the temporary directories of snapshots that processes no longer
 * running left in dir/bots/ (a kill in the middle of a copy). Errors are
 * ignored: they are leftovers. */
void arena_snapshot_sweep(const char *dir);

/* Copies dir's snapshots (dir/bots/...) that to lacks into to/bots/ (a
 * merge's OUT, so that its league runs on). Returns 0, ARENA_E_IO (err) or
 * ARENA_E_NOMEM. */
int arena_snapshot_copy_all(const char *dir, const char *to, char *err, size_t errsz);

#endif
