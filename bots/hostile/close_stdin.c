/*
 * hostile-close-stdin - closes its standard input at once and keeps running
 * without answering: writing its turn fails with EPIPE, which must neither
 * kill the referee nor wait for the deadline.
 */
#include <unistd.h>

#include "common.h"

int main(void)
{
    hostile_note_pid();
    close(0);
    hostile_sleep_forever();
}
