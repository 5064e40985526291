/*
 * embed.c - binary blobs as C string literals of 15 bits a character, and
 * CodinGame's counting rule (embed.h: the rule, the encoding and why).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "embed.h"

/* The two ranges of the alphabet (embed.h): 15-bit values below LOW_COUNT
 * map from LOW_FIRST, the others from HIGH_FIRST. The decoder below types
 * the same numbers (0x3400, 0xAC00, 27648): they are its text. */
#define LOW_FIRST 0x3400u
#define LOW_COUNT 27648u /* U+3400..U+9FFF */
#define HIGH_FIRST 0xAC00u

/* The decoder a bot links with, after the table (written compact: its
 * characters count against the 100,000). On the first call for a name it
 * decodes that blob into a malloc'd buffer kept for the process; later
 * calls return the same buffer. */
static const char decoder[] = "const unsigned char*loa_embed_get(const char*name,size_t*size){\n"
                              "enum{N=sizeof loa_embed_blobs/sizeof*loa_embed_blobs};\n"
                              "static unsigned char*d[N];\n"
                              "for(size_t i=0;i<N;i++){\n"
                              "const loa_embed_blob*b=&loa_embed_blobs[i];\n"
                              "if(!name||strcmp(b->name,name))continue;\n"
                              "if(!d[i]&&(d[i]=malloc(b->size+1))){\n"
                              "const unsigned char*s=(const unsigned char*)b->text;\n"
                              "unsigned long a=0;int k=0;\n"
                              "for(size_t n=0;n<b->size;n++){\n"
                              "if(k<8){unsigned c=(s[0]&15u)<<12|(s[1]&63u)<<6|(s[2]&63u);s+=3;"
                              "a=a<<15|(c<0xAC00?c-0x3400:c-0xAC00+27648);k+=15;}\n"
                              "k-=8;d[i][n]=(unsigned char)(a>>k);}}\n"
                              "if(size)*size=d[i]?b->size:0;\n"
                              "return d[i];}\n"
                              "if(size)*size=0;\n"
                              "return NULL;}\n";

/* Length of the valid UTF-8 sequence at s[0..n) (n >= 1), 0 when it is
 * not one (overlong forms, surrogates and values past U+10FFFF included). */
static size_t utf8_seq(const unsigned char *s, size_t n)
{
    size_t k = s[0] < 0x80                    ? 1
               : s[0] >= 0xC2 && s[0] <= 0xDF ? 2
               : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
               : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4
                                              : 0;
    if (k == 0 || k > n)
        return 0;
    for (size_t i = 1; i < k; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0) ||
        (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90))
        return 0;
    return k;
}

size_t bundle_cg_chars(const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t units = 0;
    for (size_t i = 0; i < len;) {
        size_t k = utf8_seq(s + i, len - i);
        units += k == 4 ? 2 : 1; /* a surrogate pair in UTF-16 */
        i += k ? k : 1;
    }
    return units;
}

size_t bundle_embed_chars(size_t bytes)
{
    return (bytes / 15) * 8 + ((bytes % 15) * 8 + 14) / 15;
}

size_t bundle_embed_max_bytes(size_t chars)
{
    return (chars / 8) * 15 + (chars % 8) * 15 / 8;
}

int bundle_embed_name_ok(const char *name)
{
    if (!name || !(name[0] == '_' || (name[0] >= 'A' && name[0] <= 'Z') ||
                   (name[0] >= 'a' && name[0] <= 'z')))
        return 0;
    size_t n = strspn(name, "_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
    return name[n] == '\0' && n <= BUNDLE_EMBED_NAME_MAX;
}

/* Appends the character of the 15-bit value v, in UTF-8 (3 bytes). */
static void put_value(unsigned v, util_buf *out)
{
    unsigned c = v < LOW_COUNT ? LOW_FIRST + v : HIGH_FIRST + v - LOW_COUNT;
    char u[3] = {(char)(0xE0 | c >> 12), (char)(0x80 | (c >> 6 & 63)), (char)(0x80 | (c & 63))};
    util_buf_put(out, u, 3);
}

void bundle_embed_encode(const unsigned char *data, size_t size, util_buf *out)
{
    uint32_t acc = 0;
    int bits = 0;
    for (size_t i = 0; i < size; i++) {
        acc = acc << 8 | data[i];
        bits += 8;
        if (bits >= 15) {
            bits -= 15;
            put_value(acc >> bits & 0x7FFF, out);
        }
    }
    if (bits > 0) /* the last bits, zero-padded on the right */
        put_value(acc << (15 - bits) & 0x7FFF, out);
    util_buf_put(out, "", 0);
}

void bundle_embed_section(const bundle_blob *blobs, int count, util_buf *out)
{
    util_buf_str(out, "\n/* ==== blobs embedded by loa-bundle --embed (15 bits a character, "
                      "loa/embed.h) ==== */\n#include <stddef.h>\n#include <stdlib.h>\n"
                      "#include <string.h>\n"
                      "typedef struct loa_embed_blob{const char*name;size_t size;const char*text;}"
                      "loa_embed_blob;\n"
                      "static const loa_embed_blob loa_embed_blobs[]={\n");
    for (int i = 0; i < count; i++) {
        util_buf_printf(out, "{\"%s\",%zu,\"", blobs[i].name, blobs[i].size);
        bundle_embed_encode(blobs[i].data, blobs[i].size, out);
        util_buf_str(out, "\"},\n");
    }
    util_buf_str(out, "};\n");
    util_buf_str(out, decoder);
}
