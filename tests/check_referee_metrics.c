/* placeholder */
#include "check_main.h"
