/*
 * check_bundle_embed.c - `loa-bundle --embed NAME=FILE` (issue 46): the
 * counting rule (a character outside the BMP counts two), the 15-bit
 * alphabet, random blobs of several sizes through bundle -> gcc and clang
 * -Wall -Wextra -> run -> the same bytes, the boundary (a bundle of exactly
 * 100,000 counted characters written, one more refused naming the blob),
 * the local build (--embed-only), and hostile command lines refused in one
 * line naming the bad input.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundle.h"
#include "bundle_test_util.h"
#include "check_main.h"
#include "embed.h"

/* A bot that writes the blob named by its argument to stdout (exit 1 when
 * there is no such blob). */
static const char echo_bot[] =
    "#include <stdio.h>\n#include \"loa/embed.h\"\n"
    "int main(int argc, char **argv)\n{\n    size_t n = 1;\n"
    "    const unsigned char *p = argc > 1 ? loa_embed_get(argv[1], &n) : NULL;\n"
    "    if (!p)\n        return n == 0 ? 1 : 2;\n"
    "    return fwrite(p, 1, n, stdout) == n ? 0 : 3;\n}\n";

static void write_file(const char *name, const void *data, size_t n)
{
    char path[160];
    snprintf(path, sizeof path, "%s/%s", tmp_root, name);
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, n, f), n);
    ck_assert_int_eq(fclose(f), 0);
}

/* A file of n random bytes (seeded: the run can be repeated). */
static unsigned char *write_random(const char *name, size_t n, unsigned seed)
{
    unsigned char *d = malloc(n + 1);
    ck_assert_ptr_nonnull(d);
    srand(seed);
    for (size_t i = 0; i < n; i++)
        d[i] = (unsigned char)(rand() >> 7);
    write_file(name, d, n);
    return d;
}

/* The whole file tmp_root/name (malloc'd, *len its size); NULL if absent. */
static char *slurp(const char *name, size_t *len)
{
    char path[160];
    snprintf(path, sizeof path, "%s/%s", tmp_root, name);
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(fread(s, 1, (size_t)n, f), n);
    fclose(f);
    *len = (size_t)n;
    return s;
}

START_TEST(counting_rule_counts_a_character_outside_the_bmp_twice)
{
    /* ASCII, 2- and 3-byte BMP characters one each, a 4-byte one two */
    ck_assert_uint_eq(bundle_cg_chars("ab", 2), 2);
    ck_assert_uint_eq(bundle_cg_chars("\xC3\xA9", 2), 1);         /* U+00E9 */
    ck_assert_uint_eq(bundle_cg_chars("\xE4\xB8\xAD", 3), 1);     /* U+4E2D */
    ck_assert_uint_eq(bundle_cg_chars("\xF0\x9F\x98\x80", 4), 2); /* U+1F600 */
    /* bytes that are no UTF-8 count one each: a stray continuation, a cut
     * sequence, an encoded surrogate */
    ck_assert_uint_eq(bundle_cg_chars("\x80", 1), 1);
    ck_assert_uint_eq(bundle_cg_chars("\xF0\x9F", 2), 2);
    ck_assert_uint_eq(bundle_cg_chars("\xED\xA0\x80", 3), 3);
    /* the forum's case: 54,155 characters outside the BMP are 108,310 */
    size_t n = 54155;
    char *s = malloc(4 * n);
    ck_assert_ptr_nonnull(s);
    for (size_t i = 0; i < n; i++)
        memcpy(s + 4 * i, "\xF0\x9F\x98\x80", 4);
    ck_assert_uint_eq(bundle_cg_chars(s, 4 * n), 108310);
    ck_assert_uint_gt(bundle_cg_chars(s, 4 * n), BUNDLE_CODINGAME_MAX_CHARS);
    free(s);
}
END_TEST

START_TEST(blobs_take_15_bits_a_character_of_the_alphabet)
{
    ck_assert_uint_eq(bundle_embed_chars(0), 0);
    ck_assert_uint_eq(bundle_embed_chars(1), 1);
    ck_assert_uint_eq(bundle_embed_chars(2), 2);
    ck_assert_uint_eq(bundle_embed_chars(15), 8);
    ck_assert_uint_eq(bundle_embed_max_bytes(BUNDLE_CODINGAME_MAX_CHARS), 187500);
    for (size_t c = 0; c < 100; c++) { /* the largest blob of c characters */
        ck_assert_uint_le(bundle_embed_chars(bundle_embed_max_bytes(c)), c);
        ck_assert_uint_gt(bundle_embed_chars(bundle_embed_max_bytes(c) + 1), c);
    }
    size_t sizes[] = {0, 1, 2, 3, 14, 15, 16, 1001};
    for (size_t k = 0; k < LOA_COUNT(sizes); k++) {
        unsigned char data[1001];
        for (size_t i = 0; i < sizes[k]; i++)
            data[i] = (unsigned char)(i * 151 + k);
        util_buf b = {0};
        bundle_embed_encode(data, sizes[k], &b);
        ck_assert(!b.failed);
        ck_assert_uint_eq(b.len, 3 * bundle_embed_chars(sizes[k]));
        ck_assert_uint_eq(bundle_cg_chars(b.s ? b.s : "", b.len), bundle_embed_chars(sizes[k]));
        for (size_t i = 0; i < b.len; i += 3) { /* U+3400..U+9FFF, U+AC00..U+BFFF */
            const unsigned char *u = (const unsigned char *)b.s + i;
            unsigned c = (u[0] & 15u) << 12 | (u[1] & 63u) << 6 | (u[2] & 63u);
            ck_assert_msg((u[0] & 0xF0) == 0xE0 &&
                              ((c >= 0x3400 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xBFFF)),
                          "U+%04X", c);
        }
        util_buf_free(&b);
    }
}
END_TEST

/* The blobs of the round trip: sizes, with and without a remainder of
 * bits (15 bytes fill 8 characters exactly). */
static const size_t trip_sizes[] = {0, 1, 2, 3, 15, 29, 1001, 30001};

START_TEST(random_blobs_come_back_byte_for_byte)
{
    make_root();
    write_file("bot.c", echo_bot, strlen(echo_bot));
    char cmd[4096], out[4096], args[1024] = "";
    unsigned char *data[LOA_COUNT(trip_sizes)];
    for (size_t k = 0; k < LOA_COUNT(trip_sizes); k++) {
        char name[32];
        snprintf(name, sizeof name, "b%zu.bin", k);
        data[k] = write_random(name, trip_sizes[k], 46 + (unsigned)k);
        size_t used = strlen(args);
        snprintf(args + used, sizeof args - used, " --embed b%zu=b%zu.bin", k, k);
    }
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' -q%s bot.c -o s.c 2>&1 && " CG_COMPILE
             " -Wextra -Werror s.c -o gbot 2>&1 && clang -std=gnu17 -O2 -Wall -Wextra -Werror "
             "s.c -o cbot 2>&1",
             tmp_root, LOA_BUNDLE, args);
    ck_assert_msg(run(cmd, out, sizeof out) == 0 && out[0] == '\0', "%s", out);
    for (int compiler = 0; compiler < 2; compiler++)
        for (size_t k = 0; k < LOA_COUNT(trip_sizes); k++) {
            snprintf(cmd, sizeof cmd, "cd '%s' && ./%s b%zu > b%zu.out", tmp_root,
                     compiler ? "cbot" : "gbot", k, k);
            ck_assert_int_eq(run(cmd, NULL, 0), 0);
            char name[32];
            snprintf(name, sizeof name, "b%zu.out", k);
            size_t len = 0;
            char *got = slurp(name, &len);
            ck_assert_ptr_nonnull(got);
            ck_assert_msg(len == trip_sizes[k] && memcmp(got, data[k], len) == 0,
                          "blob of %zu bytes came back as %zu different bytes", trip_sizes[k], len);
            free(got);
        }
    /* a name no blob has: NULL and a size of 0 */
    snprintf(cmd, sizeof cmd, "cd '%s' && ./gbot nothing", tmp_root);
    ck_assert_int_eq(run(cmd, NULL, 0), 1);
    for (size_t k = 0; k < LOA_COUNT(trip_sizes); k++)
        free(data[k]);
    remove_root();
}
END_TEST

START_TEST(the_same_bot_builds_locally_with_embed_only)
{
    make_root();
    write_file("bot.c", echo_bot, strlen(echo_bot));
    unsigned char *data = write_random("w.bin", 4099, 7);
    char cmd[2048], out[4096];
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' -q --embed-only --embed w=w.bin -o blobs.c 2>&1 && " CG_COMPILE
             " -Wextra -Werror -I'%s/sdk/include' bot.c blobs.c -o bot 2>&1 && ./bot w > w.out",
             tmp_root, LOA_BUNDLE, LOA_SOURCE_DIR);
    ck_assert_msg(run(cmd, out, sizeof out) == 0 && out[0] == '\0', "%s", out);
    size_t len = 0;
    char *got = slurp("w.out", &len);
    ck_assert(got && len == 4099 && memcmp(got, data, len) == 0);
    free(got);
    free(data);
    remove_root();
}
END_TEST

/* Bundles bot.c with a random blob of n bytes as w into s.c: the exit
 * status, the message in out, and the counted characters of s.c in *chars
 * (0 when it was not written). */
static int bundle_blob_of(size_t n, size_t *chars, char *out, size_t size)
{
    free(write_random("w.bin", n, (unsigned)n));
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "cd '%s' && rm -f s.c && '%s' --embed w=w.bin bot.c -o s.c 2>&1",
             tmp_root, LOA_BUNDLE);
    int rc = run(cmd, out, size);
    size_t len = 0;
    char *text = slurp("s.c", &len);
    *chars = text ? bundle_cg_chars(text, len) : 0;
    free(text);
    return rc;
}

START_TEST(exactly_the_limit_is_written_and_one_character_more_refused)
{
    make_root();
    write_file("bot.c", echo_bot, strlen(echo_bot));
    char out[4096], want[64];
    size_t chars = 0, n = 150000;
    /* the blob's size moves the code by its digits only: a few rounds */
    for (int round = 0; round < 4; round++) {
        ck_assert_msg(bundle_blob_of(n, &chars, out, sizeof out) == 0, "%s", out);
        if (chars == BUNDLE_CODINGAME_MAX_CHARS)
            break;
        size_t blob = bundle_embed_chars(n) + BUNDLE_CODINGAME_MAX_CHARS - chars;
        n = bundle_embed_max_bytes(blob);
    }
    ck_assert_uint_eq(chars, BUNDLE_CODINGAME_MAX_CHARS);
    snprintf(want, sizeof want, "wrote s.c: %d characters\n", BUNDLE_CODINGAME_MAX_CHARS);
    ck_assert_msg(strstr(out, want) && strstr(out, "left under CodinGame's 100000: 0 characters"),
                  "%s", out);
    /* ... and it compiles and gives the blob back */
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "cd '%s' && " CG_COMPILE " -Wextra -Werror s.c -o bot 2>&1 && ./bot w | cmp - w.bin",
             tmp_root);
    ck_assert_msg(run(cmd, out, sizeof out) == 0, "%s", out);
    /* one byte more takes one character more: refused, nothing written */
    ck_assert_int_eq(bundle_blob_of(n + 1, &chars, out, sizeof out), 3);
    ck_assert_uint_eq(chars, 0);
    ck_assert_msg(strstr(out, "not written: blob 'w' (") &&
                      strstr(out, "over CodinGame's limit of 100000 characters: 100001, 1 over"),
                  "%s", out);
    remove_root();
}
END_TEST

START_TEST(the_report_counts_as_codingame_does)
{
    make_root();
    /* 1,000 characters outside the BMP in a comment: 2,000 counted */
    util_buf b = {0};
    util_buf_str(&b, "/* ");
    for (int i = 0; i < 1000; i++)
        util_buf_str(&b, "\xF0\x9F\x98\x80");
    util_buf_str(&b, " */\n");
    util_buf_str(&b, echo_bot);
    write_file("bot.c", b.s, b.len);
    util_buf_free(&b);
    free(write_random("w.bin", 10, 1));
    char cmd[1024], out[4096], want[128];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' --embed w=w.bin bot.c -o s.c 2>&1", tmp_root,
             LOA_BUNDLE);
    ck_assert_int_eq(run(cmd, out, sizeof out), 0);
    size_t len = 0;
    char *text = slurp("s.c", &len);
    size_t chars = bundle_cg_chars(text, len);
    free(text);
    ck_assert_uint_lt(chars, len); /* the 4-byte and 3-byte sequences */
    snprintf(want, sizeof want, "wrote s.c: %zu characters\n", chars);
    ck_assert_msg(strstr(out, want), "%s", out);
    snprintf(want, sizeof want, "  code: %zu characters", chars - bundle_embed_chars(10));
    ck_assert_msg(strstr(out, want) && strstr(out, "blob 'w': 10 bytes in 6 characters"), "%s",
                  out);
    remove_root();
}
END_TEST

/* The lines of docs/stubs.md's example that start with prefix, in order,
 * into out (size bytes): what the doc shows loa-bundle printing. */
static void doc_lines(const char *prefix, char *out, size_t size)
{
    FILE *f = fopen(LOA_SOURCE_DIR "/docs/stubs.md", "r");
    ck_assert_ptr_nonnull(f);
    char line[512];
    size_t len = 0;
    out[0] = '\0';
    while (fgets(line, sizeof line, f))
        if (strncmp(line, prefix, strlen(prefix)) == 0 && len + strlen(line) < size) {
            strcpy(out + len, line + 4); /* the doc's indent */
            len += strlen(line + 4);
        }
    fclose(f);
}

START_TEST(the_docs_example_prints_what_it_shows)
{
    make_root();
    /* docs/stubs.md: loa-ab with 30,000 int8 weights, in the repository */
    char cmd[1024], out[4096], want[4096];
    snprintf(cmd, sizeof cmd,
             "python3 -c \"import sys; sys.stdout.buffer.write(bytes((i*37)%%256 for i in "
             "range(30000)))\" > '%s/weights.bin' && cd '%s' && '%s' -s --embed "
             "weights='%s/weights.bin' bots/ab.c bots/ab/*.c -o '%s/submit.c' 2>&1 | "
             "grep -v 'wrote '",
             tmp_root, LOA_SOURCE_DIR, LOA_BUNDLE, tmp_root, tmp_root);
    ck_assert_int_eq(run(cmd, out, sizeof out), 0);
    doc_lines("    loa-bundle:   ", want, sizeof want);
    ck_assert_str_eq(out, want);
    remove_root();
}
END_TEST

/* Hostile command lines: the arguments, the exit status, a part of the
 * one line that must name the bad input. */
static const struct {
    const char *args;
    int status;
    const char *says;
} hostile_rows[] = {
    {"--embed 1w=w.bin bot.c", 2, "blob name '1w' is not a C identifier"},
    {"--embed w-x=w.bin bot.c", 2, "blob name 'w-x' is not a C identifier"},
    {"--embed =w.bin bot.c", 2, "blob name '' is not a C identifier"},
    {"--embed "
     "a234567890123456789012345678901234567890123456789012345678901234=w.bin bot.c",
     2, "is not a C identifier"},
    {"--embed w bot.c", 2, "--embed 'w': expected NAME=FILE"},
    {"--embed w= bot.c", 2, "expected NAME=FILE"},
    {"--embed w=w.bin --embed w=w.bin bot.c", 2, "blob name 'w' is given twice"},
    {"--embed w=missing.bin bot.c", 1, "blob 'w': cannot read 'missing.bin'"},
    {"--embed w=big.bin bot.c", 3, "blob 'w': 'big.bin' is larger than 187500 bytes"},
    {"--embed-only --embed w=w.bin bot.c", 2, "--embed-only takes --embed blobs and no source"},
    {"--embed-only", 2, "--embed-only takes --embed blobs and no source"},
    {"bot.c", 1, "bot.c calls loa_embed_get() but no --embed NAME=FILE is given"},
};

START_TEST(hostile_embeds_are_refused_in_one_line_naming_them)
{
    make_root();
    write_file("bot.c", echo_bot, strlen(echo_bot));
    free(write_random("w.bin", 100, 3));
    free(write_random("big.bin", 187501, 4));
    char cmd[1024], out[4096];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' %s -o s.c 2>&1", tmp_root, LOA_BUNDLE,
             hostile_rows[_i].args);
    ck_assert_int_eq(run(cmd, out, sizeof out), hostile_rows[_i].status);
    char *nl = strchr(out, '\n');
    ck_assert_msg(strstr(out, hostile_rows[_i].says) && nl && nl[1] == '\0', "%s: %s",
                  hostile_rows[_i].args, out);
    size_t len = 0;
    ck_assert_ptr_null(slurp("s.c", &len)); /* nothing written */
    remove_root();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"counting_rule_counts_a_character_outside_the_bmp_twice",
         counting_rule_counts_a_character_outside_the_bmp_twice, 10},
        {"blobs_take_15_bits_a_character_of_the_alphabet",
         blobs_take_15_bits_a_character_of_the_alphabet, 10},
        {"random_blobs_come_back_byte_for_byte", random_blobs_come_back_byte_for_byte, 120},
        {"the_same_bot_builds_locally_with_embed_only", the_same_bot_builds_locally_with_embed_only,
         60},
        {"exactly_the_limit_is_written_and_one_character_more_refused",
         exactly_the_limit_is_written_and_one_character_more_refused, 120},
        {"the_report_counts_as_codingame_does", the_report_counts_as_codingame_does, 60},
        {"the_docs_example_prints_what_it_shows", the_docs_example_prints_what_it_shows, 60},
    };
    const loa_loop_tcase loops[] = {{"hostile_embeds_are_refused_in_one_line_naming_them",
                                     hostile_embeds_are_refused_in_one_line_naming_them, 30,
                                     LOA_COUNT(hostile_rows)}};
    return loa_run_suite_loops("bundle_embed", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
