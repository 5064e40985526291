/*
 * loa-tune - tunes a bot's parameters by SPSA over game pairs played by
 * the arena's runner (app/tune.h; user documentation: docs/tuning.md).
 *
 * Exit status: 0 the tune is complete, 1 an I/O failure (games so far are
 * kept), 2 bad input (nothing played), 3 the bot failed to start, 130
 * interrupted by Ctrl-C (games so far are kept).
 */
#include "app/tune.h"

int main(int argc, char **argv)
{
    return arena_tune_main(argc, argv);
}
