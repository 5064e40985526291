/*
 * Shared by the loa-stub suites (check_stub_parse, check_stub_emit,
 * check_stub_cli): reading files, parsing a stub that must be valid,
 * generating code, running a command.
 */
#ifndef STUB_TEST_UTIL_H
#define STUB_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "check_main.h"
#include "stub.h"

#define GOLDEN_DIR LOA_SOURCE_DIR "/tests/golden/stub"
#define LOA_STUB LOA_BIN_DIR "/loa-stub"

/* The whole file at path (malloc'd, NUL-terminated), or NULL. */
static inline char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    size_t n;
    while (buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += n;
        if (len + 1 == cap) {
            char *b = realloc(buf, cap *= 2);
            if (!b) {
                free(buf);
                buf = NULL;
            }
            buf = b;
        }
    }
    fclose(f);
    if (buf)
        buf[len] = '\0';
    return buf;
}

/* The tree of a stub that must parse (the test fails otherwise). */
static inline stub_program *parse_ok(const char *text)
{
    stub_program *p = NULL;
    stub_diag d;
    int rc = stub_parse(text, &p, &d);
    ck_assert_msg(rc == 0, "parse failed: line %d: %s", d.line, d.message);
    return p;
}

/* The code of stub in language lang (malloc'd). */
static inline char *gen(const char *stub, const char *lang)
{
    stub_program *p = parse_ok(stub);
    const stub_lang *l = stub_find_language(lang);
    ck_assert_msg(l != NULL, "no language %s", lang);
    char *code = NULL;
    ck_assert_int_eq(stub_generate(p, l, &code), 0);
    stub_program_free(p);
    return code;
}

/* Runs a shell command; returns its exit status and its stdout in *out
 * (malloc'd, may be NULL). */
static inline int run(const char *cmd, char **out)
{
    FILE *f = popen(cmd, "r");
    ck_assert_ptr_nonnull(f);
    size_t cap = 1 << 16, len = 0, n;
    char *buf = malloc(cap);
    ck_assert_ptr_nonnull(buf);
    while ((n = fread(buf + len, 1, cap - 1 - len, f)) > 0)
        len += n;
    buf[len] = '\0';
    int st = pclose(f);
    if (out)
        *out = buf;
    else
        free(buf);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

#endif
