/*
 * bundle/embed.h - binary files (a network's weights) carried inside a
 * CodinGame submission as C string literals (`loa-bundle --embed
 * NAME=FILE`), and CodinGame's rule for counting a submission's size.
 *
 * The counting rule relied on: CodinGame measures the submitted code as its
 * web editor (JavaScript) does, in UTF-16 code units: a character of the
 * Basic Multilingual Plane (U+0000..U+FFFF) counts one, a character outside
 * it (a surrogate pair) counts two, whatever its UTF-8 byte length. Source:
 * the CodinGame forum (the issue 46 cites a file of 54,155 characters
 * outside the BMP refused as over the 100,000 limit: 108,310 units), and
 * JavaScript's String.length, which the editor's counter is.
 *
 * The encoding: 15 bits a counted character. The bytes are read as one bit
 * string (most significant bit first, the last character zero-padded);
 * each 15-bit value v (0..32767) is one BMP character: U+3400 + v for v <
 * 27648 (U+3400..U+9FFF: CJK ideographs, extension A and the Yijing
 * hexagrams), else U+AC00 + v - 27648 (U+AC00..U+BFFF: Hangul syllables).
 * All are 3 bytes in UTF-8, none is a surrogate, a quote, a backslash, a
 * newline, a control or a combining character, and NFC normalization
 * leaves each as it is (ideographs and Hangul syllables are NFC-stable and
 * never compose with a neighbour of the set; kana were avoided: U+304B U+3099
 * compose), so the literal survives the editor, the compiler (gcc and clang accept
 * UTF-8 in a string literal; the bytes reach the program as written) and a
 * copy-paste. Why not denser: 16 bits would need 65,536 single-unit
 * characters, and the BMP has 63,488 outside the surrogates (fewer once
 * '"', '\\', controls and combining marks are out), so 15 bits is the most a
 * character can carry on its own; mixed-radix groups could reach ~15.9
 * bits (6% more) at the cost of a big-number decoder. Base-94 ASCII
 * carries 6.55 bits a character: 2.3 times less. A blob of n bytes costs
 * ceil(8n / 15) characters, so at most 187,500 bytes fit in 100,000.
 *
 * Thread-safety: no global state; every function may run in parallel.
 */
#ifndef BUNDLE_EMBED_H
#define BUNDLE_EMBED_H

#include <stddef.h>

#include "util/buf.h"

/* Bits of data carried by one counted character of an embedded blob. */
#define BUNDLE_EMBED_BITS_PER_CHAR 15

/* Longest blob NAME, in characters (the NUL excluded). */
#define BUNDLE_EMBED_NAME_MAX 63

/* Most --embed options on one command line. */
#define BUNDLE_EMBED_MAX_BLOBS 64

/* One blob to embed: name (a C identifier, the key of loa_embed_get()),
 * size bytes at data (borrowed; NULL when size is 0). */
typedef struct bundle_blob {
    const char *name;
    const unsigned char *data;
    size_t size;
} bundle_blob;

/* The size of text[0..len) as CodinGame counts it (the rule above): one
 * per BMP character, two per character outside the BMP (a 4-byte UTF-8
 * sequence), and one per byte that is no valid UTF-8 (the editor shows a
 * replacement character for it). Pure; thread-safe. */
size_t bundle_cg_chars(const char *text, size_t len);

/* The characters the encoded form of a blob of bytes bytes takes:
 * ceil(8 * bytes / 15) (its literal's text, the quotes excluded). */
size_t bundle_embed_chars(size_t bytes);

/* The largest blob, in bytes, whose encoding takes at most chars
 * characters (floor(15 * chars / 8)). */
size_t bundle_embed_max_bytes(size_t chars);

/* 1 when name is a C identifier ([A-Za-z_][A-Za-z0-9_]*) of at most
 * BUNDLE_EMBED_NAME_MAX characters, else 0 (NULL included). */
int bundle_embed_name_ok(const char *name);

/* Appends the encoded form of data[0..size) (UTF-8, the rule above) to
 * *out, without quotes. Errors are out's (util_buf's failed flag). */
void bundle_embed_encode(const unsigned char *data, size_t size, util_buf *out);

/* Appends to *out the C text a bot links with to read blobs[0..count)
 * (count >= 1): the table of blobs, then the decoder, the definition of
 * loa_embed_get() that sdk/include/loa/embed.h declares, written compact
 * (its characters count). One literal per blob, of any length: C17 only
 * promises 4,095 characters in a literal, gcc and clang take any (only
 * -Wpedantic's -Woverlength-strings says so; CodinGame does not use it).
 * Errors are out's (util_buf's failed flag). */
void bundle_embed_section(const bundle_blob *blobs, int count, util_buf *out);

#endif
