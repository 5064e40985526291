/*
 * util/file.h - writing files so that a reader never sees half of one, and
 * making directories.
 */
#ifndef UTIL_FILE_H
#define UTIL_FILE_H

#include <stddef.h>

/* Writes len bytes to path atomically: a temp file with a unique name in
 * the same directory (mkstemp: two writers of one path never share a temp
 * file), written in full, fsync'd, renamed over path (rename is atomic
 * within one file system), then the directory fsync'd so the new name
 * survives a power loss. The file gets mode 0644 (the umask is not read:
 * that would change it process-wide, racing other threads). On failure the
 * temp file is removed and path is unchanged. Returns 0, UTIL_E_INVAL
 * (NULL path, or NULL data with len > 0) or UTIL_E_IO (errno set by the
 * failing call). Thread-safe (no shared state). */
int util_write_file_atomic(const char *path, const void *data, size_t len);

/* Writes the len bytes of data to the file descriptor fd, again after a
 * short write or one interrupted by a signal (EINTR): a pipe or a socket
 * takes a large write in pieces. For a blocking fd (a non-blocking one
 * that is full fails with EAGAIN). Returns 0, UTIL_E_INVAL (NULL data
 * with len > 0) or UTIL_E_IO (errno set by the failing write(2); EIO when
 * a write wrote nothing). Thread-safe (no shared state). */
int util_write_all(int fd, const void *data, size_t len);

/* Removes what util_write_file_atomic leaves in directory dir when its
 * process dies mid-write (kill -9, power loss): files named
 * "<name>.tmp.XXXXXX" (six characters after ".tmp."). Only the directory
 * itself, not below. Only for a directory no writer is using now (a store
 * calls it under its lock). Returns the number of files removed; a missing
 * or unreadable dir removes nothing. */
int util_remove_temp_files(const char *dir);

/* mkdir -p path (mode 0777 & ~umask); an existing directory is fine.
 * Returns 0, UTIL_E_INVAL, UTIL_E_NOMEM or UTIL_E_IO (errno set). */
int util_mkdirs(const char *path);

/* Reads the whole file at path into a new NUL-terminated buffer (malloc; the
 * caller frees *out), refusing files over max_bytes. *len (may be NULL)
 * gets the size without the NUL. Returns 0, UTIL_E_INVAL, UTIL_E_NOMEM,
 * UTIL_E_RANGE (larger than max_bytes) or UTIL_E_IO (errno set). */
int util_read_file(const char *path, size_t max_bytes, char **out, size_t *len);

#endif
