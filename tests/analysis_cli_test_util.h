/*
 * Shared by the suites that run the analysis tools end to end
 * (check_analysis_cli, check_analysis_league): a temporary directory per
 * test (setup/teardown), paths in it, and whole files read.
 */
#ifndef ANALYSIS_CLI_TEST_UTIL_H
#define ANALYSIS_CLI_TEST_UTIL_H

#include <check.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#define BIN LOA_BIN_DIR "/"

static char tmpdir[] = "/tmp/check_analysis_cli.XXXXXX";

static inline int rm_entry(const char *p, const struct stat *sb, int flag, struct FTW *f)
{
    (void)sb, (void)flag, (void)f;
    return remove(p);
}

static inline void setup(void) { ck_assert_ptr_nonnull(mkdtemp(tmpdir)); }
static inline void teardown(void) { nftw(tmpdir, rm_entry, 16, FTW_DEPTH | FTW_PHYS); }

/* tmpdir/name in one of 8 buffers used in turn. */
static inline const char *tmp(const char *name)
{
    static char path[8][160];
    static int k;
    k = (k + 1) % 8;
    snprintf(path[k], sizeof path[k], "%s/%s", tmpdir, name);
    return path[k];
}

static inline char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "%s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *buf = malloc((size_t)n + 1);
    ck_assert_int_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = (size_t)n;
    return buf;
}

#endif
