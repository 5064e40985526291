/* utf8.c - UTF-8 validation (util/text.h): the byte patterns of RFC 3629,
 * table 3-7 of the Unicode standard ("Well-Formed UTF-8 Byte Sequences"). */
#include "util/text.h"

/* Length of the well-formed sequence at p (avail bytes left), 0 if none. */
static size_t seq_len(const unsigned char *p, size_t avail)
{
    unsigned c = p[0];
    size_t n;
    unsigned lo = 0x80, hi = 0xBF; /* the range of the second byte */
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4;
    else
        return 0;
    if (c == 0xE0)
        lo = 0xA0; /* overlong */
    else if (c == 0xED)
        hi = 0x9F; /* surrogates */
    else if (c == 0xF0)
        lo = 0x90; /* overlong */
    else if (c == 0xF4)
        hi = 0x8F; /* past U+10FFFF */
    if (avail < n || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

size_t util_utf8_check(const char *s, size_t len)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t i = 0;
    while (i < len) {
        size_t n = seq_len(p + i, len - i);
        if (!n)
            return i;
        i += n;
    }
    return len;
}

unsigned util_bidi_control(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    if (!p || p[0] != 0xE2 || (p[1] != 0x80 && p[1] != 0x81) || (p[2] & 0xC0) != 0x80)
        return 0;
    unsigned cp = 0x2000u | ((unsigned)(p[1] & 0x3F) << 6) | (p[2] & 0x3Fu);
    return cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
                   (cp >= 0x2066 && cp <= 0x2069)
               ? cp
               : 0;
}
