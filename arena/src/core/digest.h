/*
 * core/digest.h - SHA-256 (libcrypto) where the arena needs an identity: a
 * game's move list (told apart from other games), an openings table (an
 * edited file is another league), a flag league's directory name.
 *
 * Pure functions: thread-safe.
 */
#ifndef ARENA_CORE_DIGEST_H
#define ARENA_CORE_DIGEST_H

#include <stddef.h>
#include <stdint.h>

#include "loa/loa.h"

/* The SHA-256 of the len bytes at data into md. Returns 0, or ARENA_E_NOMEM
 * when libcrypto cannot allocate its context. */
int arena_digest_sha256(const void *data, size_t len, unsigned char md[32]);

/* md as 64 lower-case hex digits and a NUL. */
void arena_digest_hex(const unsigned char md[32], char hex[65]);

/* A game's identity for counting distinct games (arena_game_record.
 * moves_hash): the first 64 bits (big-endian) of the SHA-256 of its n moves
 * as text, "b1d3 a8c6 ... pass" (one space between moves, LOA_MOVE_NONE
 * entries skipped). Never 0 (a hash of 0 becomes 1: 0 means unknown), but
 * 0 when libcrypto cannot allocate. */
uint64_t arena_moves_hash(const loa_move *moves, int n);

#endif
