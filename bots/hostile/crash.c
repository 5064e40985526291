/*
 * hostile-crash [TURNS] - plays TURNS turns properly (default 2), then dies
 * by SIGSEGV while the referee waits for its next answer.
 */
#include <signal.h>

#include "common.h"

int main(int argc, char **argv)
{
    int turns = hostile_arg(argc, argv, 1, 2);
    loa_turn t;
    hostile_note_pid();
    loa_turn_init(&t);
    for (int turn = 0; hostile_read_turn(&t); turn++) {
        if (turn == turns)
            hostile_die_by(SIGSEGV);
        hostile_answer_first(&t, NULL);
    }
    return 0;
}
