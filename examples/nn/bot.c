/*
 * examples/nn/bot.c - loa-ab with its value network inside (docs/nn.md):
 * the weights file embedded by `loa-bundle --embed nn=FILE` (loa/embed.h)
 * is its evaluation by default (loa-ab --eval nn); every other option of
 * loa-ab holds. Bundle for CodinGame:
 *   loa-bundle -s examples/nn/bot.c bots/ab/(*.c) --embed nn=weights.bin -o submit.c
 */
#include <stdio.h>

#include "../../bots/ab/cli.h"
#include "loa/embed.h"

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
