/*
 * leaguedb/game_blob.h - a game's JSON record (ref_game_to_json, docs/record.md)
 * as two compact blobs for the league database: the record without its
 * bots' stderr, and the stderr. 150 plies of two silent bots take about
 * 350 bytes instead of the record's 25 KB.
 *
 * The record blob holds the record's top level as compact JSON with four
 * members left as placeholders (null), in their place: "moves" and the
 * CodinGame keys "scores" and "errors" are derived again from the plies and
 * the result when decoding; "plies" are binary, a flags byte and a few
 * varints a ply:
 *   flags: bit 0 player (0 black), 1 output null, 2 output stored (else it
 *          is the move, with " comment" when there is one), 3 move null,
 *          4 random, 5 late, 6 cpu_us a number (else null), 7 time_us null;
 *   the move's two squares (a1 = 0 .. h8 = 63; 255 255 a pass) unless null;
 *   time_us and cpu_us as varints when present; the comment, the output
 *   when stored and the stderr's length as varint lengths (the comment's
 *   and output's bytes follow; the stderr's are in the stderr blob).
 * A record the binary form cannot say exactly (a ply with another member,
 * another type, a negative time, plies not numbered one by one) is kept
 * whole as JSON instead (codec 2): nothing a record holds is ever lost.
 * Both blobs are zlib-compressed (RFC 1950) behind a codec byte and the
 * length before compression (varint). Multi-byte integers: LEB128 varints.
 *
 * Pure functions on their arguments: thread-safe. Blobs are malloc'd; the
 * caller frees them (leaguedb_game_blob_free).
 */
#ifndef LEAGUEDB_GAME_BLOB_H
#define LEAGUEDB_GAME_BLOB_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "leaguedb/error.h"

/* Codec bytes: the first byte of a record blob. */
#define LEAGUEDB_BLOB_BINARY 1 /* header JSON + binary plies */
#define LEAGUEDB_BLOB_JSON 2   /* the whole record as JSON (what binary cannot say) */
#define LEAGUEDB_BLOB_STDERR 3 /* a stderr blob: the plies' stderr, concatenated */

/* Largest record accepted before compression, bytes (a record is at most
 * a few MB: 4 KB of stderr a ply, ARENA-limited plies). */
#define LEAGUEDB_BLOB_MAX (64u << 20)

/* A blob: bytes and their number; NULL data with size 0 is an empty blob. */
typedef struct leaguedb_blob {
    unsigned char *data;
    size_t size;
} leaguedb_blob;

/* Encodes record (borrowed, as ref_game_to_json builds it) into *rec and
 * *err_text (the stderr blob, empty when no ply has stderr). level: zlib's
 * compression level 1..9. Returns 0, LEAGUEDB_E_INVAL (not a record: no
 * "plies" array, or a NULL argument) or LEAGUEDB_E_NOMEM; on failure both
 * blobs are empty. */
int leaguedb_game_blob_encode(const cJSON *record, int level, leaguedb_blob *rec,
                              leaguedb_blob *err_text);

/* One ply as the blob keeps it (docs/record.md's ply): strings valid UTF-8
 * (a record's strings are), borrowed. */
typedef struct leaguedb_blob_ply {
    int player;          /* 0 black, 1 white */
    const char *output;  /* the line, NULL: null */
    const char *move;    /* "e2e3" or "pass", NULL: null */
    const char *comment; /* "" when none */
    int random, late;
    long long time_us;       /* < 0: null */
    long long cpu_us;        /* < 0: null */
    const char *stderr_text; /* "" when none */
} leaguedb_blob_ply;

/* Encodes a record given as its head (the top level as compact JSON text
 * with "moves", "plies", "scores" and "errors" null: ref_game_to_json_head)
 * and its plies[0..n-1] (numbered from the head's opening on), into *rec
 * and *err_text as leaguedb_game_blob_encode would encode the whole record:
 * without building it (a game's record costs more than storing it).
 * Returns 0, LEAGUEDB_E_INVAL (a move that is no move, a NULL argument) or
 * LEAGUEDB_E_NOMEM. */
int leaguedb_game_blob_encode_parts(const char *head, const leaguedb_blob_ply *plies, int n,
                                    int level, leaguedb_blob *rec, leaguedb_blob *err_text);

/* Decodes the blobs back into the record (*out, caller owns: cJSON_Delete):
 * the same members in the same order, the same values ("seed" with all its
 * digits, from "seed_text"). err_text may be empty when no ply had stderr.
 * Returns 0, LEAGUEDB_E_PARSE (not blobs of this codec, truncated, corrupt,
 * or a stderr blob shorter than the plies say) or LEAGUEDB_E_NOMEM. */
int leaguedb_game_blob_decode(const void *rec, size_t rec_size, const void *err_text,
                              size_t err_size, cJSON **out);

/* Frees a blob's bytes and empties it. */
void leaguedb_game_blob_free(leaguedb_blob *b);

#endif
