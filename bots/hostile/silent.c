/* hostile-silent - never reads, never answers: the referee must time out. */
#include "common.h"

int main(void)
{
    hostile_note_pid();
    hostile_sleep_forever();
}
