/*
 * examples/nn/bot.c - loa-ab with its value network inside (docs/nn.md):
 * the weights file embedded by `loa-bundle --embed nn=FILE` (loa/embed.h)
 * is its evaluation by default (loa-ab --eval nn); every other option of
 * loa-ab holds. Bundle for CodinGame:
 *   loa-bundle -s examples/nn/bot.c bots/ab/(*.c) --embed nn=weights.bin -o submit.c
 */
#include <stddef.h>
#include <stdio.h>

#include "loa/embed.h"

/* loa-ab's program (bots/ab/cli.h, a header private to the bots: declared
 * here again, so that this example stays outside them; in the bundle both
 * declarations meet and the compiler checks that they agree). */
int ab_main(int argc, char **argv, const unsigned char *weights, size_t size);

int main(int argc, char **argv)
{
    size_t size;
    const unsigned char *weights = loa_embed_get("nn", &size);
    if (!weights) {
        fputs("loa-ab: no weights embedded as 'nn' (loa-bundle --embed nn=FILE)\n", stderr);
        return 2;
    }
    return ab_main(argc, argv, weights, size);
}
