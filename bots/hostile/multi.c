/*
 * hostile-multi - on its first turn prints three lines at once: its move with
 * the comment "one", then "random two" and "random three"; it prints nothing
 * on its second and third turns (those lines already answered them, as on
 * CodinGame), then answers normally.
 */
#include <stdio.h>

#include "common.h"

int main(void)
{
    loa_turn t;
    hostile_note_pid();
    loa_turn_init(&t);
    for (int turn = 0; hostile_read_turn(&t); turn++) {
        if (turn == 0) {
            char m[LOA_MOVE_STRING_MAX];
            printf("%s one\nrandom two\nrandom three\n", loa_move_format(t.moves[0], m));
            fflush(stdout);
        } else if (turn >= 3) {
            hostile_answer_first(&t, NULL);
        }
    }
    return 0;
}
