/* env.c - a bot's environment (env.h). */
#include "env.h"

#include <stdlib.h>
#include <string.h>

/* 1 when "NAME=..." a names the variable that "NAME=..." b sets. */
static int same_name(const char *a, const char *b)
{
    size_t n = strcspn(b, "=");
    return strncmp(a, b, n) == 0 && a[n] == '=';
}

static int set_by(const char *var, const char *const *add)
{
    for (size_t i = 0; add && add[i]; i++)
        if (same_name(var, add[i]))
            return 1;
    return 0;
}

char **ref_env_with(char *const *base, const char *const *add)
{
    size_t nb = 0, na = 0;
    while (base && base[nb])
        nb++;
    while (add && add[na])
        na++;
    char **env = malloc((nb + na + 1) * sizeof *env);
    if (!env)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < nb; i++)
        if (!set_by(base[i], add))
            env[k++] = base[i];
    for (size_t i = 0; i < na; i++)
        env[k++] = (char *)add[i];
    env[k] = NULL;
    return env;
}
