/*
 * hostile-random [COMMENT] - a well-behaved bot that answers `random` every
 * turn (the referee picks from the game seed): two of them replay
 * CodinGame's game for a seed move for move.
 */
#include "common.h"

int main(int argc, char **argv)
{
    loa_turn t;
    hostile_note_pid();
    loa_turn_init(&t);
    while (hostile_read_turn(&t))
        if (loa_turn_write_random(stdout, argc > 1 ? argv[1] : NULL) != LOA_OK)
            return 1;
    return 0;
}
