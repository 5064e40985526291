/*
 * datagen/format.h - the file loa-datagen writes (docs/datagen.md, "The
 * file"): labelled positions for training, one fixed-size little-endian
 * record per position, after a versioned header. This header is the
 * format's one definition; it needs only <stdint.h>, so a trainer's reader
 * can copy it (docs/datagen.md has a 20-line reader in C and one in numpy).
 *
 * A file is:
 *
 *   offset 0            the header: DATAGEN_FIXED_SIZE bytes (datagen_header),
 *                       then the settings the file was made with, as JSON
 *                       text, NUL-terminated and padded with NULs up to
 *                       header_size (a multiple of DATAGEN_RECORD_SIZE)
 *   offset header_size  the records, DATAGEN_RECORD_SIZE bytes each, to the
 *                       end of the file (their count: (file size -
 *                       header_size) / record_size; a file whose records do
 *                       not divide is cut mid-record)
 *
 * Every integer is little-endian; fields are at fixed offsets (below), with
 * no padding, so a record can be read as a C struct on a little-endian
 * machine or as a numpy structured dtype (docs/datagen.md).
 *
 * Records come in the order of their games (the field game, ascending), and
 * of plies within a game, whatever the number of workers: a file is the
 * same, byte for byte, for the same settings. No two records of a file have
 * the same position (the SDK's Zobrist key, loa/zobrist.h: the pieces and
 * the side to move, not the ply): the first one, in file order, is kept.
 *
 * Version history: 1, the first. A change of layout or meaning raises
 * DATAGEN_VERSION; readers refuse a version they do not know.
 */
#ifndef DATAGEN_FORMAT_H
#define DATAGEN_FORMAT_H

#include <stdint.h>

/* The file's first 8 bytes. */
#define DATAGEN_MAGIC "LOADGEN\0"
#define DATAGEN_MAGIC_SIZE 8
/* The layout's version, header offset 8. */
#define DATAGEN_VERSION 1u
/* Bytes of the header's fixed part; the settings' JSON text starts here. */
#define DATAGEN_FIXED_SIZE 32u
/* Bytes of a record. */
#define DATAGEN_RECORD_SIZE 32u
/* Largest header_size a reader accepts, bytes (the settings' text fits). */
#define DATAGEN_HEADER_MAX 65536u

/* The header's fixed part (32 bytes). */
typedef struct datagen_header {
    char magic[8];        /* offset  0: DATAGEN_MAGIC */
    uint32_t version;     /* offset  8: DATAGEN_VERSION */
    uint32_t header_size; /* offset 12: bytes before the first record; a multiple of
                             record_size, >= DATAGEN_FIXED_SIZE + 1 (the JSON's NUL) */
    uint32_t record_size; /* offset 16: DATAGEN_RECORD_SIZE */
    uint32_t reserved0;   /* offset 20: 0 */
    uint64_t reserved1;   /* offset 24: 0 */
} datagen_header;

/* score: the bot's evaluation of the position for the side to move (side),
 * an int16. |score| < DATAGEN_SCORE_PROVEN: the bot's own points (loa-ab's:
 * a group joined is about 30; its winning chance 1 / (1 + exp(-score / K)),
 * K = 45.5, docs/analysis.md), clamped to +-(DATAGEN_SCORE_PROVEN - 1).
 * A win the search proved, P plies away (P = 1: the move connects), is
 * DATAGEN_SCORE_WIN - P; a proven loss P plies away -(DATAGEN_SCORE_WIN - P)
 * (both with DATAGEN_FLAG_PROVEN; P is capped so that |score| stays >=
 * DATAGEN_SCORE_PROVEN). */
#define DATAGEN_SCORE_WIN 32000
#define DATAGEN_SCORE_PROVEN 31000

/* move: the move played from the position (the bot's answer), squares
 * a1 = 0 .. h8 = 63 (square = 8 * rank + file): from | to << 6, as the
 * SDK's loa_move without its capture bit; a pass is DATAGEN_MOVE_PASS. */
#define DATAGEN_MOVE_PASS 0xFFFFu

/* flags: bits of a record. */
#define DATAGEN_FLAG_PROVEN 0x01u     /* score is a proven win or loss */
#define DATAGEN_FLAG_LOWERBOUND 0x02u /* the bot reported score as a lower bound */
#define DATAGEN_FLAG_CAPTURE 0x04u    /* move captures */
#define DATAGEN_FLAG_CONNECT 0x08u    /* side can connect at once (a move wins) */
#define DATAGEN_FLAG_THREAT 0x10u     /* the opponent could connect at once, were it to move */
#define DATAGEN_FLAG_GAME_END 0x20u   /* the last record of its game in this file */

/* result: the game's end from the view of side (the side to move in the
 * record's position), an int8. */
#define DATAGEN_RESULT_WIN 1   /* side won the game */
#define DATAGEN_RESULT_DRAW 0  /* the 150-ply draw */
#define DATAGEN_RESULT_LOSS -1 /* side lost the game */

/* One labelled position (32 bytes). */
typedef struct datagen_record {
    uint64_t black;      /* offset  0: black's checkers, bit s = square s (a1 = 0) */
    uint64_t white;      /* offset  8: white's checkers */
    int16_t score;       /* offset 16: the bot's score for side (above) */
    uint16_t move;       /* offset 18: the move played (above) */
    uint16_t ply;        /* offset 20: plies played before the position, 0 at the start */
    uint8_t side;        /* offset 22: side to move: 0 black, 1 white */
    int8_t result;       /* offset 23: the game's result for side: 1, 0, -1 (above) */
    uint8_t depth;       /* offset 24: the search's depth in plies, as the bot reported it
                            (capped at 255; 0: not reported) */
    uint8_t flags;       /* offset 25: DATAGEN_FLAG_* */
    uint16_t game_plies; /* offset 26: plies of the whole game (its last position's ply) */
    uint32_t game;       /* offset 28: the game's number in the run, from 0 (a shard
                            keeps the run's numbers) */
} datagen_record;

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
_Static_assert(sizeof(datagen_header) == DATAGEN_FIXED_SIZE, "datagen_header is 32 bytes");
_Static_assert(sizeof(datagen_record) == DATAGEN_RECORD_SIZE, "datagen_record is 32 bytes");
#endif

#endif
