/*
 * Shared by the datagen suites (check_datagen, check_datagen_cli): a
 * scratch directory, a file's records read whole (a command run:
 * replay_test_util.h's run()).
 */
#ifndef DATAGEN_TEST_UTIL_H
#define DATAGEN_TEST_UTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "datagen/datagen.h"
#include "replay_test_util.h" /* run(): a command line and its output */

/* A new scratch directory under /tmp (the test removes what it made). */
static inline void dg_tmpdir(char *dir, size_t size, const char *name)
{
    snprintf(dir, size, "/tmp/check_%s.XXXXXX", name);
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

/* The records of the file at path (strict read), malloc'd; *n their count. */
static inline datagen_record *dg_records(const char *path, int64_t *n)
{
    datagen_file *f;
    char err[1024];
    int rc = datagen_file_open(path, DATAGEN_OPEN_READ, &f, err, sizeof err);
    ck_assert_msg(rc == 0, "%s", err);
    *n = datagen_file_count(f);
    datagen_record *r = malloc(((size_t)*n + 1) * sizeof *r);
    ck_assert_ptr_nonnull(r);
    ck_assert_int_eq(datagen_file_read(f, 0, (int)*n, r, err, sizeof err), 0);
    datagen_file_close(f);
    return r;
}

/* 1 if one line (ending with its newline) is all of text. */
static inline int dg_one_line(const char *text)
{
    const char *nl = strchr(text, '\n');
    return nl && nl[1] == '\0';
}

#endif
