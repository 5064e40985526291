/* error.c - loa_strerror() from LOA_ERROR_MAP, and loa_describe_error()
 * (loa/error.h): the messages come from the one table of codes, so that a
 * code and its text cannot drift apart. */
#include <stdio.h>
#include <string.h>

#include "loa/error.h"

const char *loa_strerror(int code)
{
    switch (code) {
    case LOA_OK: return "success";
#define LOA_XX(name, c, text) \
    case c: return text;
        LOA_ERROR_MAP(LOA_XX)
#undef LOA_XX
    default: return "unknown error";
    }
}

char *loa_describe_error(int code, const char *text, char *buf, size_t size)
{
    if (!buf || size == 0)
        return buf;
    int n = snprintf(buf, size, "%s: '", loa_strerror(code));
    if (n < 0 || (size_t)n + 5 > size)
        return buf; /* too small for any of the text: the message alone */
    size_t len = (size_t)n;
    const unsigned char *p = (const unsigned char *)(text ? text : "");
    for (; *p; p++) {
        char tmp[8];
        int k = (*p >= 0x20 && *p < 0x7F) ? (tmp[0] = (char)*p, 1)
                                          : snprintf(tmp, sizeof tmp, "\\x%02X", *p);
        if (len + (size_t)k + 5 > size) /* keep room for "...'" and the NUL */
            break;
        memcpy(buf + len, tmp, (size_t)k);
        len += (size_t)k;
    }
    if (*p) {
        memcpy(buf + len, "...", 3);
        len += 3;
    }
    buf[len++] = '\'';
    buf[len] = '\0';
    return buf;
}
