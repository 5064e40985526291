/* game_impl.h - the replay_game handle, shared by the library's files. */
#ifndef REPLAY_GAME_IMPL_H
#define REPLAY_GAME_IMPL_H

#include <cjson/cJSON.h>

#include "replay/replay.h"

struct replay_game {
    cJSON *root;  /* the parsed record: the info's strings point into it */
    char *source; /* copy of the name given to the parser */
    replay_info info;
    replay_ply *plies;      /* info.plies entries, plies[i] is ply i + 1 */
    replay_turn error_turn; /* info.error_turn points here when set */
};

/* The sentence for text that util_json_parse() refused (why: its reason),
 * telling a cut file (a truncated download: the frame it ends in, when it
 * can be counted) from a malformed one. Returns REPLAY_E_JSON. (import.c) */
int replay_json_error(const char *text, size_t len, const char *why, const char *source, char *err,
                      size_t errsz);

/* *root as a loa-arena record: a record is kept as it is; a game recorded
 * by CodinGame (codingame.h) is replayed and *root replaced by its record
 * (the old root freed), *imported_from set to "codingame-engine" or
 * "codingame-site" (else NULL). text[0..len) is the JSON text *root was
 * parsed from, whose bytes are checked UTF-8; NULL (len 0) for a value
 * built in memory, whose strings and keys are checked instead. Refuses a
 * root that is not an object, text that is not UTF-8 and JSON of no known
 * shape. Returns 0 or the REPLAY_E_* code with a sentence. (import.c) */
int replay_import_root(cJSON **root, const char *text, size_t len, const char *source,
                       const char **imported_from, char *err, size_t errsz);

/* The game of root (taken: freed with the game, or here on a failure),
 * read as replay_import_root(root, text, len) takes it, then read strictly
 * and replayed with the SDK: the one conversion of a record to the page
 * model, whether it came as text or as a value. source names it in
 * messages (copied). *out: the new game, NULL on a failure. Returns 0 or
 * the codes of replay_game_parse(). (game.c) */
int replay_game_build(cJSON *root, const char *text, size_t len, const char *source,
                      replay_game **out, char *err, size_t errsz);

#endif
