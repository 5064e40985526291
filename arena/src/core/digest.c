/* digest.c - SHA-256 by libcrypto, and the move-list hash (core/digest.h). */
#include "core/digest.h"

#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>

#include "core/error.h"
#include "util/buf.h"

int arena_digest_sha256(const void *data, size_t len, unsigned char md[32])
{
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int n = 0;
    if (EVP_Digest(data, len, out, &n, EVP_sha256(), NULL) != 1 || n != 32)
        return ARENA_E_NOMEM;
    memcpy(md, out, 32);
    return 0;
}

void arena_digest_hex(const unsigned char md[32], char hex[65])
{
    for (int i = 0; i < 32; i++)
        snprintf(hex + 2 * i, 3, "%02x", md[i]);
}

uint64_t arena_moves_hash(const loa_move *moves, int n)
{
    util_buf text = {0};
    util_buf_put(&text, "", 0);
    for (int i = 0; i < n; i++) {
        if (moves[i] == LOA_MOVE_NONE)
            continue;
        char m[LOA_MOVE_STRING_MAX + 1];
        loa_move_format(moves[i], m);
        if (text.len)
            util_buf_put(&text, " ", 1);
        util_buf_str(&text, m);
    }
    unsigned char md[32];
    int ok = !text.failed && arena_digest_sha256(text.s, text.len, md) == 0;
    util_buf_free(&text);
    uint64_t h = 0;
    for (int i = 0; ok && i < 8; i++)
        h = h << 8 | md[i];
    /* 0 is "unknown"; libcrypto failing (out of memory) leaves it there */
    return h ? h : (ok ? 1 : 0);
}
