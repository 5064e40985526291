/*
 * hostile-ignore-term - ignores SIGTERM, plays properly, and when its input
 * ends (game over) keeps running anyway: the referee must SIGKILL it after
 * its grace period.
 */
#include <signal.h>

#include "common.h"

int main(void)
{
    loa_turn t;
    signal(SIGTERM, SIG_IGN);
    hostile_note_pid();
    loa_turn_init(&t);
    while (hostile_read_turn(&t))
        hostile_answer_first(&t, NULL);
    hostile_sleep_forever();
}
