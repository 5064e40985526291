/*
 * analysis_file_fields.h - the analysis file's fields read strictly, for
 * analysis_file_read.c (private to the replay library). Each getter
 * returns 0 with *out set, or REPLAY_E_FIELD (absent, of another type,
 * out of bounds), REPLAY_E_MOVE (not a move's text) or REPLAY_E_ILLEGAL
 * (a move the position does not allow), with r->err naming the file
 * (r->src), the place (`where`, e.g. "positions[3]") and the key. Pure;
 * the strings returned point into o (owned by its cJSON tree).
 */
#ifndef REPLAY_ANALYSIS_FILE_FIELDS_H
#define REPLAY_ANALYSIS_FILE_FIELDS_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "loa/board.h"
#include "loa/movegen.h"

/* Where a refusal is written, and the file it names. */
typedef struct replay_field_reader {
    const char *src; /* the file's name in messages */
    char *err;       /* the caller's buffer, errsz bytes */
    size_t errsz;
} replay_field_reader;

/* o's member k (case-sensitive), or NULL. */
const cJSON *replay_field_item(const cJSON *o, const char *k);
/* An integer from lo to hi (a number with no fraction). */
int replay_field_int(const replay_field_reader *r, const cJSON *o, const char *k, const char *where,
                     long long lo, long long hi, long long *out);
/* A number from 0 to 1. */
int replay_field_chance(const replay_field_reader *r, const cJSON *o, const char *k,
                        const char *where, double *out);
/* true or false. */
int replay_field_bool(const replay_field_reader *r, const cJSON *o, const char *k,
                      const char *where, int *out);
/* A string; or null (*out = NULL) when nullable. */
int replay_field_str(const replay_field_reader *r, const cJSON *o, const char *k, const char *where,
                     int nullable, const char **out);
/* A move text legal in b (its squares into *m; a pass as LOA_MOVE_PASS),
 * or null (LOA_MOVE_NONE) when nullable. */
int replay_field_move(const replay_field_reader *r, const cJSON *o, const char *k,
                      const char *where, int nullable, const loa_board *b, loa_move *m);

#endif
