/* a unit: statics, globals, a table, a macro, strings and comments */
#include <stdio.h>
#define SCALE (3)
static int counter = 1, *pointer = &counter;
const unsigned short table[4] = {1, 2, 3, 4};
static int helper(int x) { return x * SCALE; } int shown(void) { return helper(2); }
struct holder { int counter; };
__attribute__((constructor)) static void init(void)
{
    counter = table[1] + (int)sizeof(struct holder);
}
int main(void)
{
    const char *s = "a } { \" /* not a comment */";
    printf("%s %d %d\n", s, shown(), *pointer); // a line comment
    return 0;
}
/* unterminated
