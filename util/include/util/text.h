/*
 * util/text.h - small text helpers shared by the executables and libraries:
 * error messages into caller buffers, shell quoting, paths, and UTF-8
 * validation.
 */
#ifndef UTIL_TEXT_H
#define UTIL_TEXT_H

#include <stddef.h>

/* Formats a message (printf-style) into err[errsz] (cut to fit, always
 * NUL-terminated when errsz > 0; err may be NULL or errsz 0: nothing
 * written) and returns code unchanged, so that a failing function can say
 * `return util_fail(ARENA_E_IO, err, errsz, "cannot open %s", path);`.
 * Thread-safe. */
int util_fail(int code, char *err, size_t errsz, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* s quoted for a POSIX shell (/bin/sh -c), as a new string (malloc; the
 * caller frees): as it is when it only holds characters no shell treats
 * specially (letters, digits, and _ . / , : = + - @ %: so that
 * `{bin}/loa-ab` reads /usr/bin/loa-ab in records and printed commands),
 * else in single quotes with each ' written as '\''. "" becomes ''. NULL on
 * out of memory or a NULL s. Thread-safe. */
char *util_shell_quote(const char *s);

/* "a/b" as a new string (malloc; the caller frees). NULL on out of memory
 * or a NULL argument. A trailing '/' on a is not doubled. */
char *util_path_join(const char *a, const char *b);

/* rel resolved against the directory base, as a new string (malloc; the
 * caller frees): rel itself when it is absolute or base is NULL, "" or
 * "."; else base/rel. NULL on out of memory or a NULL rel. */
char *util_path_resolve(const char *base, const char *rel);

/* rel made absolute, as a new string (malloc; the caller frees):
 * util_path_resolve(base, rel), then joined to the current directory unless
 * absolute (so that a path kept in a file names the same file from any
 * current directory later). NULL on out of memory, a NULL rel, or a current
 * directory that cannot be read. */
char *util_path_absolute(const char *base, const char *rel);

/* rel made canonical, as a new string (malloc; the caller frees): made
 * absolute (util_path_absolute), then resolved by realpath(3) when it
 * exists (symbolic links followed, "." and ".." gone), else only tidied
 * (util_path_tidy): so that one file named two ways ("x.txt",
 * "sub/../x.txt", a link to it) is one path. NULL on out of memory, a NULL
 * rel, or a current directory that cannot be read. */
char *util_path_canonical(const char *base, const char *rel);

/* path without its detours, as a new string (malloc; the caller frees):
 * "." components and repeated slashes dropped, "dir/.." collapsed where
 * dir is not a symbolic link (lstat: there the kernel's ".." leads
 * elsewhere, so it stays), a trailing slash dropped; "" and "." become ".".
 * "arena/examples/../../build/x" is "build/x"; "/../a" is "/a"; "../a"
 * stays. For paths printed to users and used to open files: the same file
 * as path. NULL on out of memory or a NULL argument. */
char *util_path_tidy(const char *path);

/* The offset of the first byte of s[0..len) that does not start a valid
 * UTF-8 sequence (RFC 3629: no overlong forms, no surrogates, nothing past
 * U+10FFFF, no sequence cut by the end), or len when all of it is valid.
 * NUL bytes are valid (U+0000). Thread-safe. */
size_t util_utf8_check(const char *s, size_t len);

/* The code point of the bidirectional control that s (NUL-terminated)
 * starts with: U+200E, U+200F (marks), U+202A..U+202E (embeddings,
 * overrides), U+2066..U+2069 (isolates); 0 when it starts with none. Each
 * is 3 bytes of UTF-8. Readers show them as "<U+202E>" (lichess, GitHub),
 * so that a bot's name or stderr cannot reorder the text around it.
 * Thread-safe. */
unsigned util_bidi_control(const char *s);

#endif
