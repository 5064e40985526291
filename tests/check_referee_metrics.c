/* placeholder */
int main(void) { return 0; }
#include "check_main.h"
