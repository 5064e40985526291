/*
 * replay/tune.h - the page of a loa-tune results directory DIR
 * (docs/tuning.md): DIR/index.html from DIR/tune-state.json, the
 * parameters, the command line of their values and each one's trajectory.
 *
 * Input is hostile: the file is read bounded and must be a JSON object;
 * the page shows its values as text only. Written atomically
 * (util_write_file_atomic). Thread-safe for distinct directories.
 */
#ifndef REPLAY_TUNE_H
#define REPLAY_TUNE_H

#include <stddef.h>

#include "replay/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest tune-state.json read (bytes). */
#define REPLAY_TUNE_FILE_MAX (64u << 20)

/* Writes DIR/index.html from DIR/tune-state.json. Returns 0,
 * REPLAY_E_INVAL (NULL dir), REPLAY_E_TUNE (no tune-state.json, or not a
 * JSON object), REPLAY_E_TOO_BIG, REPLAY_E_NOMEM or REPLAY_E_IO (errno
 * set); err names the file. */
int replay_write_tune(const char *dir, char *err, size_t errsz);

#ifdef __cplusplus
}
#endif
#endif
