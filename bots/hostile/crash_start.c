/* hostile-crash-start - dies by SIGABRT before reading anything. */
#include <signal.h>

#include "common.h"

int main(void)
{
    hostile_note_pid();
    hostile_die_by(SIGABRT);
}
