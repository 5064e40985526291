/*
 * datagen/file.h - reading and writing the file of datagen/format.h:
 * records encoded and decoded (explicit little-endian bytes, on any
 * machine), a file checked when opened (magic, version, sizes, the
 * settings' text, whole records), records appended whole, and a file
 * brought back to whole games after a kill -9 (datagen_file_open with
 * DATAGEN_OPEN_RESUME).
 *
 * A datagen_file is an opaque handle owning a file descriptor; one thread
 * at a time.
 */
#ifndef DATAGEN_FILE_H
#define DATAGEN_FILE_H

#include <stddef.h>
#include <stdint.h>

#include "datagen/format.h"
#include "loa/loa.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Encodes r as DATAGEN_RECORD_SIZE little-endian bytes (format.h's layout). */
void datagen_record_encode(const datagen_record *r, unsigned char out[DATAGEN_RECORD_SIZE]);

/* Decodes DATAGEN_RECORD_SIZE bytes into *r. */
void datagen_record_decode(const unsigned char in[DATAGEN_RECORD_SIZE], datagen_record *r);

/* r's position as an SDK board (pieces, side, ply). */
void datagen_record_board(const datagen_record *r, loa_board *b);

/* r's position's Zobrist key (loa_zobrist_key: pieces and side, not ply):
 * the identity by which duplicates are dropped. */
uint64_t datagen_record_key(const datagen_record *r);

typedef struct datagen_file datagen_file;

typedef enum datagen_open_mode {
    /* read only; a file cut mid-record is an error */
    DATAGEN_OPEN_READ,
    /* read and append: a cut record is removed, then the records after the
     * last one flagged DATAGEN_FLAG_GAME_END (a game written in part);
     * datagen_file_cut() says how many bytes went */
    DATAGEN_OPEN_RESUME
} datagen_open_mode;

/* Opens the file at path and checks its header: DATAGEN_MAGIC, version
 * DATAGEN_VERSION, record_size DATAGEN_RECORD_SIZE, header_size a multiple
 * of it within DATAGEN_HEADER_MAX holding a NUL-terminated settings text.
 * Returns 0 and *out (close with datagen_file_close), DATAGEN_E_IO (errno
 * set: cannot open, read or truncate), DATAGEN_E_FORMAT (err: "FILE: not a
 * datagen file", "FILE: version 2 (this loa-datagen reads version 1)",
 * "FILE: cut mid-record: N bytes after record M" in DATAGEN_OPEN_READ, ...)
 * or DATAGEN_E_NOMEM; err names path. */
int datagen_file_open(const char *path, datagen_open_mode mode, datagen_file **out, char *err,
                      size_t errsz);

/* Creates a new file at path holding only the header with settings (JSON
 * text, NUL-free), written atomically (util_write_file_atomic: a kill
 * leaves no half header), and opens it as DATAGEN_OPEN_RESUME would.
 * Returns 0 and *out, DATAGEN_E_INVAL (settings too long for
 * DATAGEN_HEADER_MAX), DATAGEN_E_IO or DATAGEN_E_NOMEM; err names path. */
int datagen_file_create(const char *path, const char *settings, datagen_file **out, char *err,
                        size_t errsz);

/* The settings text of f's header (owned by f). */
const char *datagen_file_settings(const datagen_file *f);

/* The number of whole records in f. */
int64_t datagen_file_count(const datagen_file *f);

/* Bytes removed by DATAGEN_OPEN_RESUME (0 otherwise, or when whole). */
int64_t datagen_file_cut(const datagen_file *f);

/* Reads records first..first+n-1 (within datagen_file_count) into out.
 * Returns 0, DATAGEN_E_INVAL (out of range) or DATAGEN_E_IO (err names the
 * file). */
int datagen_file_read(datagen_file *f, int64_t first, int n, datagen_record *out, char *err,
                      size_t errsz);

/* Appends recs[0..n) to f (opened DATAGEN_OPEN_RESUME or created) in one
 * write(2) (again after a short one): a kill -9 leaves whole records but
 * possibly part of the batch, which the next DATAGEN_OPEN_RESUME removes
 * when the batch is one game ending with DATAGEN_FLAG_GAME_END. Returns 0,
 * DATAGEN_E_INVAL (a read-only f), DATAGEN_E_NOMEM or DATAGEN_E_IO (err
 * names the file). */
int datagen_file_append(datagen_file *f, const datagen_record *recs, int n, char *err,
                        size_t errsz);

/* Closes f. NULL is a no-op. */
void datagen_file_close(datagen_file *f);

#ifdef __cplusplus
}
#endif
#endif
