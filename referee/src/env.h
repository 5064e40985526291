/*
 * env.h - a bot's environment: this process's, with the referee's own
 * variables set (internal).
 *
 * The referee tells every bot how it is judged (LOA_TIME_MODE, docs/referee.md
 * "Time modes"), so that a bot's clock can follow the clock that judges it.
 * The array is made before the fork: the child of forkexec.h may only make
 * system calls.
 */
#ifndef REF_ENV_H
#define REF_ENV_H

/* The variable that tells a bot its time mode, and its two values. */
#define REF_ENV_TIME_MODE "LOA_TIME_MODE"

/* A NULL-terminated array: every "NAME=value" of base (NULL: none) whose
 * NAME is not set by add, then add's strings (NULL-terminated, NULL: none;
 * each "NAME=value"). The strings are borrowed from base and add, which must
 * outlive the array; the array is the caller's (free() it, not its
 * strings). NULL when out of memory. Thread-safe (reads base only). */
char **ref_env_with(char *const *base, const char *const *add);

#endif
