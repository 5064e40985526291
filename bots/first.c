/*
 * loa-first - answers the first legal move the referee listed, at once.
 * The cheapest possible bot: the opponent for the referee's and the arena's
 * overhead benchmarks, where bot thinking time must be ~0.
 */
#include <stdio.h>

#include "loa/loa.h"

int main(void)
{
    loa_turn turn;
    loa_turn_init(&turn);
    int rc;
    while ((rc = loa_turn_read(stdin, &turn)) == LOA_OK)
        if (loa_turn_write(stdout, turn.moves[0], NULL) != LOA_OK)
            return 1;
    if (rc != LOA_E_EOF) {
        fprintf(stderr, "loa-first: %s\n", turn.error);
        return 1;
    }
    return 0;
}
