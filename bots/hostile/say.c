/*
 * hostile-say LINE... - answers its Nth turn with the Nth argument verbatim
 * (any text: invalid moves, `pass`, empty lines, comments), then `random`
 * once the arguments run out.
 */
#include <stdio.h>

#include "common.h"

int main(int argc, char **argv)
{
    loa_turn t;
    hostile_note_pid();
    loa_turn_init(&t);
    for (int turn = 1; hostile_read_turn(&t); turn++) {
        printf("%s\n", turn < argc ? argv[turn] : "random");
        fflush(stdout);
    }
    return 0;
}
