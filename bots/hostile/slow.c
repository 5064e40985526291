/*
 * hostile-slow [DELAY_MS [PROMPT_TURNS]] - answers PROMPT_TURNS turns at once
 * (default 0), then every answer DELAY_MS (default 500) late: the referee
 * must time out at its deadline, not wait for the late answer.
 */
#include "common.h"

int main(int argc, char **argv)
{
    int delay = hostile_arg(argc, argv, 1, 500), prompt = hostile_arg(argc, argv, 2, 0);
    loa_turn t;
    hostile_note_pid();
    loa_turn_init(&t);
    for (int turn = 0; hostile_read_turn(&t); turn++) {
        if (turn >= prompt)
            hostile_sleep_ms(delay);
        hostile_answer_first(&t, "late");
    }
    return 0;
}
