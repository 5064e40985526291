/*
 * bots/ab/weights.h - loa-ab's evaluation chosen at start (weights.c):
 * --eval hand|nn, the network's weights from --weights FILE or embedded in
 * the bot (examples/nn/bot.c), checked by loa/nn.h's loader.
 */
#ifndef BOTS_AB_WEIGHTS_H
#define BOTS_AB_WEIGHTS_H

#include <stddef.h>

/* --eval's values (-1: not given). */
enum { AB_EVAL_HAND, AB_EVAL_NN };

/* --eval's value of text ("hand" or "nn"), or -1. */
int weights_eval_of(const char *text);

/* Sets the search's evaluation (eval.h's eval_nn): eval AB_EVAL_HAND, or
 * AB_EVAL_NN, or -1 for nn when there are weights and hand otherwise. The
 * weights are the file at path when path is not NULL (read whole, at most
 * the largest network's size and a byte), else the embedded bytes
 * weights[0..size) (NULL: none). Returns 0, or 2 with one line on stderr
 * naming the file (or "the embedded weights 'nn'") and the loader's reason,
 * or "--eval nn needs --weights FILE". Call once, before any search. */
int weights_setup(int eval, const char *path, const unsigned char *weights, size_t size);

#endif
