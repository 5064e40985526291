/*
 * hostile-endless - on its first turn prints 'x' forever without a newline:
 * the referee's bounded line read must end it as a line too long.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common.h"

int main(void)
{
    char chunk[4096];
    loa_turn t;
    hostile_note_pid();
    loa_turn_init(&t);
    if (!hostile_read_turn(&t))
        return 0;
    memset(chunk, 'x', sizeof chunk);
    for (;;)
        if (write(1, chunk, sizeof chunk) < 0)
            return 1;
}
