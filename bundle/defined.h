/*
 * bundle/defined.h - what a bundle would lack (internal to bundle/): a
 * function or variable the bot's own headers declare and its files use,
 * defined by none of the files given but by a .c file beside the header
 * (`loa-bundle bots/ab.c` without bots/ab/search.c): the bundle would not
 * link, and the linker would name the symbol, never the file.
 *
 * Layering: uses files.h (the files loaded), prune.h and lex.h (what a text
 * declares, defines and uses); used by bundle.c only. Thread-safety: no
 * global state; one fileset is used by one thread at a time.
 */
#ifndef BUNDLE_DEFINED_H
#define BUNDLE_DEFINED_H

#include "files.h"

/* Most .c files of one directory read to find where a name is defined. */
#define BUNDLE_DEFINER_MAX 256

/* Checks the units sources[0..count-1] (loaded already) against every
 * other file of fs that is not the SDK's (their headers): a name a header
 * declares (a global function, an extern variable) that a unit's own text
 * uses and no file of fs nor the SDK defines, and that a .c file of the
 * header's directory defines (the header's namesake first), is refused:
 * BUNDLE_E_UNDEFINED recorded in fs->err, the message naming each such
 * file and its names ("bots/ab/search.c (search_init, search_run)"). A
 * name defined nowhere near is left to the linker (a library's). Returns 0
 * or the recorded code (BUNDLE_E_UNDEFINED, BUNDLE_E_NOMEM). */
int bundle_check_defined(bundle_fileset *fs, const char *const *sources, int count);

#endif
