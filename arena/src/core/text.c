/* text.c - string replacement, display widths, Elo figures (core/text.h). */
#include "core/text.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"

int arena_set_string(char **dst, const char *src)
{
    char *copy = NULL;
    if (src) {
        copy = strdup(src);
        if (!copy)
            return ARENA_E_NOMEM;
    }
    free(*dst);
    *dst = copy;
    return 0;
}

int arena_display_width(const char *s)
{
    int w = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80)
            w++;
    return w;
}

void arena_pad_name(FILE *out, const char *name, int w)
{
    fputs(name, out);
    for (int k = arena_display_width(name); k < w; k++)
        fputc(' ', out);
}

void arena_format_signed(double v, char *buf, size_t size)
{
    if (isinf(v))
        snprintf(buf, size, v > 0 ? "+inf" : "-inf");
    else if (isnan(v))
        snprintf(buf, size, "-");
    else
        snprintf(buf, size, "%+.1f", fabs(v) < 0.05 ? 0.0 : v);
}

void arena_format_elo_interval(double elo, double lo, double hi, char *buf, size_t size)
{
    char e[24], l[24], h[24];
    arena_format_signed(elo, e, sizeof e);
    arena_format_signed(lo, l, sizeof l);
    arena_format_signed(hi, h, sizeof h);
    snprintf(buf, size, "%s (%s, %s)", e, l, h);
}
