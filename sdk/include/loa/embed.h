/*
 * loa/embed.h - binary files (a network's weights) a bot carries inside its
 * CodinGame submission: `loa-bundle --embed NAME=FILE` (docs/stubs.md,
 * "Embed binary files").
 *
 * The SDK library does not define loa_embed_get(): loa-bundle writes its
 * definition, with the blobs' table, into the bundle (when --embed is
 * given), and for a local build into a C file of its own
 * (`loa-bundle --embed-only --embed NAME=FILE -o blobs.c`, compiled with
 * the bot), so the same bot source and the same decoder run at home and on
 * CodinGame. The blobs are string literals of 15 bits a character
 * (bundle/embed.h: the encoding, and how CodinGame counts characters).
 */
#ifndef LOA_EMBED_H
#define LOA_EMBED_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The bytes of the blob embedded as name (the NAME of --embed NAME=FILE),
 * and their count in *size (size may be NULL). The first call for a name
 * decodes the blob into a buffer kept for the life of the process (size + 1
 * bytes, never to be freed); later calls return the same buffer. Returns
 * NULL with *size 0 when no blob has that name (or name is NULL) or the
 * buffer cannot be allocated; a blob of 0 bytes gives a non-NULL pointer.
 * Thread-safety: not on the first call for a name (call it once from the
 * main thread before starting others); later calls are read-only. */
const unsigned char *loa_embed_get(const char *name, size_t *size);

#ifdef __cplusplus
}
#endif

#endif
