/*
 * loa-ab - the strong bundled bot (docs/bots.md): its program is
 * bots/ab/cli.c (ab_main), here with no embedded network (--eval nn takes
 * --weights FILE). Bundle: loa-bundle -s bots/ab.c bots/ab/(*.c).
 */
#include "ab/cli.h"

int main(int argc, char **argv)
{
    return ab_main(argc, argv, NULL, 0);
}
