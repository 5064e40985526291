/*
 * core/text.h - text helpers of the arena's output: string replacement,
 * display widths and padding (names in tables), Elo figures with their
 * intervals. Shell quoting is util's (util/text.h, util_shell_quote).
 *
 * Pure functions of their arguments (the padding writes to a caller's
 * stream): thread-safe on distinct outputs.
 */
#ifndef ARENA_CORE_TEXT_H
#define ARENA_CORE_TEXT_H

#include <stddef.h>
#include <stdio.h>

/* Replaces the string *dst (freed) by a copy of src (NULL allowed).
 * Returns 0 or ARENA_E_NOMEM (*dst unchanged). */
int arena_set_string(char **dst, const char *src);

/* Display width of a UTF-8 string (code points, not bytes): aligning names. */
int arena_display_width(const char *s);

/* Writes name to out and pads it with spaces to display width w. */
void arena_pad_name(FILE *out, const char *name, int w);

/* "+35.2": v with its sign and one decimal ("+0.0" within 0.05 of 0),
 * "+inf" / "-inf", "-" when unknown (NaN), into buf. */
void arena_format_signed(double v, char *buf, size_t size);

/* "+35.2 (-4.9, +75.3)": an Elo estimate and its 95% interval, each as
 * arena_format_signed writes it, into buf. */
void arena_format_elo_interval(double elo, double lo, double hi, char *buf, size_t size);

#endif
