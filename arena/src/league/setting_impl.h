/*
 * league/setting_impl.h - the inside of the settings table, shared by its
 * two translation units: setting.c (command line, checks, messages,
 * --help) and setting_json.c (the league file, the identity). Not part of
 * the table's API.
 */
#ifndef ARENA_LEAGUE_SETTING_IMPL_H
#define ARENA_LEAGUE_SETTING_IMPL_H

#include <stddef.h>

#include "league/setting.h"

/* The field row r names in s, as the int, or the string, it is. */
static inline int *int_at(arena_settings *s, const arena_setting *r)
{
    return (int *)((char *)s + r->offset);
}

static inline int int_of(const arena_settings *s, const arena_setting *r)
{
    return *(const int *)((const char *)s + r->offset);
}

static inline char **str_at(arena_settings *s, const arena_setting *r)
{
    return (char **)((char *)s + r->offset);
}

static inline const char *str_of(const arena_settings *s, const arena_setting *r)
{
    return *(char *const *)((const char *)s + r->offset);
}

/* "a, b or c" of w's words (quote: each in double quotes, as JSON writes
 * them), into buf. */
void arena_setting_word_list(const arena_word_list *w, int quote, char *buf, size_t size);

#endif
