/* league.c - placeholder */
