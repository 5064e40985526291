/* check_util_json.c - JSON text read strictly (util/json.h): the reason of
 * a refusal (nesting past cJSON's bound, a cut text, bytes after the value,
 * a syntax error) with its byte, and the NULs of strings kept visible. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "util/error.h"
#include "util/json.h"

/* util_json_parse of text[0..len); the reason in why, the value freed. */
static int parse(const char *text, size_t len, char *why, size_t whysz)
{
    cJSON *root = NULL;
    why[0] = '\0';
    int rc = util_json_parse(text, len, &root, why, whysz);
    ck_assert(rc == 0 ? root != NULL : root == NULL);
    cJSON_Delete(root);
    return rc;
}

/* n nested lists, "[[...]]", as a new text. */
static char *nested(size_t n)
{
    char *t = malloc(2 * n + 1);
    ck_assert_ptr_nonnull(t);
    memset(t, '[', n);
    memset(t + n, ']', n);
    t[2 * n] = '\0';
    return t;
}

START_TEST(says_the_nesting_is_too_deep)
{
    char why[256];
    char *ok = nested(UTIL_JSON_NESTING_MAX), *deep = nested(UTIL_JSON_NESTING_MAX + 1);
    ck_assert_int_eq(parse(ok, strlen(ok), why, sizeof why), 0);
    ck_assert_int_eq(parse(deep, strlen(deep), why, sizeof why), UTIL_E_JSON);
    char want[128];
    snprintf(want, sizeof want, "nested deeper than %d levels at byte %d", UTIL_JSON_NESTING_MAX,
             UTIL_JSON_NESTING_MAX);
    ck_assert_msg(strstr(why, want), "%s", why);
    free(ok);
    free(deep);
}
END_TEST

START_TEST(refuses_bytes_after_the_value)
{
    char why[256];
    ck_assert_int_eq(parse("{\"a\": 1} \n\t\r", 12, why, sizeof why), 0);
    ck_assert_int_eq(parse("{\"a\": 1}\n{}", 11, why, sizeof why), UTIL_E_JSON);
    ck_assert_str_eq(why, "bytes after the JSON value at byte 9 (line 2, column 1)");
    /* a NUL byte, which cJSON itself would skip as whitespace */
    ck_assert_int_eq(parse("{\"a\": 1}\0", 9, why, sizeof why), UTIL_E_JSON);
    ck_assert_str_eq(why, "bytes after the JSON value at byte 8 (line 1, column 9)");
    ck_assert_int_eq(parse("[1] x", 5, why, sizeof why), UTIL_E_JSON);
    ck_assert_str_eq(why, "bytes after the JSON value at byte 4 (line 1, column 5)");
}
END_TEST

START_TEST(tells_a_cut_text_from_a_malformed_one)
{
    char why[256];
    ck_assert_int_eq(parse("{\"a\": [1, 2", 11, why, sizeof why), UTIL_E_JSON);
    ck_assert_str_eq(why, "the text ends (byte 11) before its JSON value does");
    ck_assert_int_eq(parse("{\"a\": \"xy", 9, why, sizeof why), UTIL_E_JSON);
    ck_assert_str_eq(why, "the text ends (byte 9) before its JSON value does");
    ck_assert_int_eq(parse("{\"a\":\n x}", 9, why, sizeof why), UTIL_E_JSON);
    ck_assert_str_eq(why, "not JSON at byte 7 (line 2, column 2)");
    ck_assert_int_eq(parse(" \n", 2, why, sizeof why), UTIL_E_JSON);
    ck_assert_str_eq(why, "no JSON value (a blank text)");
    ck_assert_int_eq(parse("", 0, why, sizeof why), UTIL_E_JSON);
    ck_assert_str_eq(why, "no JSON value (an empty text)");
}
END_TEST

/* The string under "s" of text[0..len) read through util_json_nul_visible. */
static char *string_read(const char *text, size_t len)
{
    char *copy, why[256];
    size_t n;
    ck_assert_int_eq(util_json_nul_visible(text, len, &copy, &n), 0);
    cJSON *root;
    ck_assert_msg(util_json_parse(copy ? copy : text, copy ? n : len, &root, why, sizeof why) == 0,
                  "%s", why);
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(root, "s");
    ck_assert(cJSON_IsString(s));
    char *out = strdup(s->valuestring);
    cJSON_Delete(root);
    free(copy);
    return out;
}

START_TEST(keeps_the_text_after_a_nul_of_a_string)
{
    static const struct {
        const char *text;
        size_t len;
        const char *want;
    } rows[] = {
        {"{\"s\": \"a\\u0000b\"}", 17, "a" UTIL_JSON_NUL_SYMBOL "b"},
        {"{\"s\": \"a\0b\"}", 12, "a" UTIL_JSON_NUL_SYMBOL "b"},
        {"{\"s\": \"\\u0000\\u0000\"}", 21, UTIL_JSON_NUL_SYMBOL UTIL_JSON_NUL_SYMBOL},
        /* an escaped backslash before u0000: the text \u0000, no NUL */
        {"{\"s\": \"a\\\\u0000\"}", 17, "a\\u0000"},
        /* an escaped quote does not end the string */
        {"{\"s\": \"\\\"\\u0000\"}", 17, "\"" UTIL_JSON_NUL_SYMBOL},
        {"{\"s\": \"plain\"}", 14, "plain"},
    };
    for (size_t i = 0; i < LOA_COUNT(rows); i++) {
        char *got = string_read(rows[i].text, rows[i].len);
        ck_assert_msg(strcmp(got, rows[i].want) == 0, "row %zu: '%s'", i, got);
        free(got);
    }
    char *copy;
    size_t n;
    ck_assert_int_eq(util_json_nul_visible("{\"s\": 1}", 8, &copy, &n), 0);
    ck_assert_ptr_null(copy); /* nothing to change: no copy */
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"says_the_nesting_is_too_deep", says_the_nesting_is_too_deep, 10},
        {"refuses_bytes_after_the_value", refuses_bytes_after_the_value, 10},
        {"tells_a_cut_text_from_a_malformed_one", tells_a_cut_text_from_a_malformed_one, 10},
        {"keeps_the_text_after_a_nul_of_a_string", keeps_the_text_after_a_nul_of_a_string, 10},
    };
    return loa_run_suite("util_json", cases, LOA_COUNT(cases));
}
