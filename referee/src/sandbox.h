/*
 * sandbox.h - the sandbox of a bot (ref_player.sandbox; docs/referee.md,
 * "The sandbox"): bubblewrap's argv around the bot's shell (proc.c runs
 * it), and a probe of whether bubblewrap can make it here
 * (ref_sandbox_check).
 */
#ifndef REF_SANDBOX_H
#define REF_SANDBOX_H

#include <stddef.h>

/* Entries ref_sandbox_argv fills, its NULL included. */
#define REF_SANDBOX_ARGV_MAX 40

/* The argv of bubblewrap around `/bin/sh -c line` into argv (at least
 * REF_SANDBOX_ARGV_MAX entries, NULL-terminated; it points into line, dir
 * and static strings: no ownership): no network, its own PID, IPC and UTS
 * namespaces and session, `/` read-only, a private /tmp, dir (the working
 * directory) bound read-only or, writable != 0, writable, the shell nobody
 * in a user namespace of its own with no capability, whoever runs this.
 * Pure; thread-safe. */
void ref_sandbox_argv(const char *line, const char *dir, int writable, char **argv);

/* Runs `exit 0` in the sandbox of ref_sandbox_argv (read-only, in /) and
 * waits for bubblewrap (`bwrap` in PATH; a few ms): 0 when it exits 0;
 * else -1 with why[size] (size > 0) saying what bubblewrap said (its first
 * line of stderr) or how it ended. Where the kernel lets no user namespace
 * be made (user.max_user_namespaces 0), bubblewrap cannot make the sandbox
 * and every sandboxed bot would fail. Thread-safe. */
int ref_sandbox_probe(char *why, size_t size);

#endif
