/*
 * hostile-exit [TURNS [CODE]] - plays TURNS turns (default 2), then exits
 * with status CODE (default 0) on the next turn without answering.
 */
#include <stdlib.h>

#include "common.h"

int main(int argc, char **argv)
{
    int turns = hostile_arg(argc, argv, 1, 2), code = hostile_arg(argc, argv, 2, 0);
    loa_turn t;
    hostile_note_pid();
    loa_turn_init(&t);
    for (int turn = 0; hostile_read_turn(&t); turn++) {
        if (turn == turns)
            exit(code);
        hostile_answer_first(&t, NULL);
    }
    return 0;
}
