/*
 * bots/ab/cli.h - loa-ab's program as a function (cli.c), so that more than
 * one main can run it: bots/ab.c (loa-ab) and examples/nn/bot.c (loa-ab
 * with a network embedded in its bundle, docs/nn.md).
 */
#ifndef BOTS_AB_CLI_H
#define BOTS_AB_CLI_H

#include <stddef.h>

/* Runs loa-ab with its command line argv[0..argc) (`loa-ab --help` lists
 * the options) and returns the process's exit status: 0, 1 (a failure
 * while playing: bad input, out of memory) or 2 (a bad option, or weights
 * refused: the reason said on stderr). weights (size bytes; may be NULL)
 * is a network's file (loa/nn.h) the bot carries: used by --eval nn, and
 * then the default evaluation; --weights FILE replaces it. The bytes are
 * copied: the caller may free them after. Call once: it sets the
 * evaluation and the parameters of the process. */
int ab_main(int argc, char **argv, const unsigned char *weights, size_t size);

#endif
