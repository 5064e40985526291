/*
 * check_replay_import - a game file read as hostile input, where a record is
 * read (replay_game_parse): a NUL of a name or a stderr kept (U+2400, as the
 * referee shows one), bytes after the JSON refused, nesting past cJSON's
 * bound named as such, the values a file may hold (its memory) and the
 * length of a CodinGame name bounded before they cost anything; and a
 * record held as a value (replay_game_from_record: the referee's, a league
 * database's) read as its text is, never through it.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "check_main.h"
#include "replay/replay.h"
#include "util/file.h"
#include "util/json.h"

#define SITE LOA_SOURCE_DIR "/tests/fixtures/codingame/normal.site.json"

/* The site-shaped fixture of a normal game, parsed. */
static cJSON *site(void)
{
    char *text;
    size_t len;
    ck_assert_int_eq(util_read_file(SITE, 1u << 20, &text, &len), 0);
    cJSON *j = cJSON_ParseWithLength(text, len);
    free(text);
    ck_assert_ptr_nonnull(j);
    return j;
}

/* j as text (the caller frees it with cJSON_free). */
static char *text_of(const cJSON *j)
{
    char *t = cJSON_PrintUnformatted(j);
    ck_assert_ptr_nonnull(t);
    return t;
}

/* Sets a string member of o (replacing it). */
static void set_string(cJSON *o, const char *key, const char *value)
{
    cJSON *s = cJSON_CreateString(value);
    ck_assert(cJSON_GetObjectItemCaseSensitive(o, key)
                  ? cJSON_ReplaceItemInObjectCaseSensitive(o, key, s)
                  : cJSON_AddItemToObject(o, key, s));
}

/* replay_game_parse of text[0..len); the game freed, the code returned. */
static int parse(const char *text, size_t len, char *err, size_t errsz)
{
    replay_game *g = NULL;
    int rc = replay_game_parse(text, len, "hostile.json", &g, err, errsz);
    ck_assert(rc == 0 ? g != NULL : g == NULL);
    replay_game_free(g);
    return rc;
}

/* In text, each "@" of a string replaced by the escape \u0000 (escaped: 1)
 * or by a NUL byte (0); *len its new length. */
static char *with_nuls(const char *text, int escaped, size_t *len)
{
    size_t n = strlen(text);
    char *o = malloc(n * 6 + 1);
    ck_assert_ptr_nonnull(o);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (text[i] != '@')
            o[k++] = text[i];
        else if (escaped)
            memcpy(o + k, "\\u0000", 6), k += 6;
        else
            o[k++] = '\0';
    }
    *len = k;
    return o;
}

START_TEST(keeps_the_text_after_a_nul_of_a_name_and_a_stderr)
{
    cJSON *j = site();
    cJSON *agent = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(j, "agents"), 0);
    set_string(cJSON_GetObjectItemCaseSensitive(agent, "codingamer"), "pseudo", "bl@ck");
    set_string(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(j, "frames"), 1), "stderr",
               "before@after\n");
    char *t = text_of(j);
    for (int escaped = 0; escaped < 2; escaped++) {
        size_t len;
        char *text = with_nuls(t, escaped, &len), err[512];
        replay_game *g;
        ck_assert_msg(replay_game_parse(text, len, "nul.json", &g, err, sizeof err) == 0, "%s",
                      err);
        const replay_info *in = replay_game_info(g);
        ck_assert_str_eq(in->names[0], "bl" UTIL_JSON_NUL_SYMBOL "ck");
        ck_assert_str_eq(replay_game_ply(g, 1)->turn.stderr_tail,
                         "before" UTIL_JSON_NUL_SYMBOL "after\n");
        replay_game_free(g);
        free(text);
    }
    cJSON_free(t);
    cJSON_Delete(j);
}
END_TEST

START_TEST(refuses_bytes_after_the_json)
{
    cJSON *j = site();
    char *t = text_of(j), err[512];
    size_t n = strlen(t);
    char *more = malloc(n + 8);
    ck_assert_ptr_nonnull(more);
    memcpy(more, t, n);
    memcpy(more + n, "\n \n", 3);
    ck_assert_int_eq(parse(more, n + 3, err, sizeof err), 0); /* whitespace: the same game */
    static const char *const tails[] = {"x", "{}", "\0", "\n}"};
    for (size_t i = 0; i < LOA_COUNT(tails); i++) {
        size_t k = strlen(tails[i]) ? strlen(tails[i]) : 1;
        memcpy(more + n, tails[i], k);
        ck_assert_int_eq(parse(more, n + k, err, sizeof err), REPLAY_E_JSON);
        char want[128];
        snprintf(want, sizeof want, "hostile.json: bytes after the JSON value at byte %zu",
                 n + (tails[i][0] == '\n'));
        ck_assert_msg(strstr(err, want), "tail %zu: %s", i, err);
    }
    free(more);
    cJSON_free(t);
    cJSON_Delete(j);
}
END_TEST

START_TEST(says_the_nesting_is_too_deep)
{
    size_t deep = UTIL_JSON_NESTING_MAX + 1, n = 0;
    char *t = malloc(2 * deep + 32), err[512];
    ck_assert_ptr_nonnull(t);
    n += (size_t)sprintf(t, "{\"frames\": ");
    memset(t + n, '[', deep - 1);
    memset(t + n + deep - 1, ']', deep - 1);
    n += 2 * (deep - 1);
    t[n++] = '}';
    ck_assert_int_eq(parse(t, n, err, sizeof err), REPLAY_E_JSON);
    char want[128];
    snprintf(want, sizeof want, "hostile.json: nested deeper than %d levels",
             UTIL_JSON_NESTING_MAX);
    ck_assert_msg(strstr(err, want), "%s", err);
    free(t);
}
END_TEST

START_TEST(refuses_more_values_than_a_game_holds_before_parsing)
{
    cJSON *j = site();
    char *t = text_of(j), err[512];
    size_t n = strlen(t), extra = REPLAY_JSON_VALUES_MAX;
    /* the fixture with a list of REPLAY_JSON_VALUES_MAX zeros appended */
    char *big = malloc(n + 2 * extra + 32);
    ck_assert_ptr_nonnull(big);
    memcpy(big, t, n - 1);
    size_t k = n - 1;
    k += (size_t)sprintf(big + k, ",\"metadata\":[");
    for (size_t i = 0; i < extra; i++)
        big[k++] = '0', big[k++] = ',';
    big[k - 1] = ']';
    big[k++] = '}';
    ck_assert_int_eq(parse(big, k, err, sizeof err), REPLAY_E_TOO_BIG);
    char want[128];
    snprintf(want, sizeof want, "more than the %d a game file may hold", REPLAY_JSON_VALUES_MAX);
    ck_assert_msg(strstr(err, "hostile.json: ") && strstr(err, want), "%s", err);
    ck_assert_int_gt(atol(err + strlen("hostile.json: ")), REPLAY_JSON_VALUES_MAX);
    free(big);
    cJSON_free(t);
    cJSON_Delete(j);
}
END_TEST

START_TEST(refuses_a_name_longer_than_the_bound)
{
    cJSON *j = site();
    cJSON *agent = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(j, "agents"), 1);
    char name[REPLAY_NAME_MAX + 2], err[512];
    memset(name, 'n', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    set_string(cJSON_GetObjectItemCaseSensitive(agent, "codingamer"), "pseudo", name);
    char *t = text_of(j);
    ck_assert_int_eq(parse(t, strlen(t), err, sizeof err), REPLAY_E_FIELD);
    char want[160];
    snprintf(want, sizeof want,
             "hostile.json: agents[1]: a name of %d bytes, longer than the %d a name may have",
             REPLAY_NAME_MAX + 1, REPLAY_NAME_MAX);
    ck_assert_msg(strstr(err, want), "%s", err);
    cJSON_free(t);
    name[REPLAY_NAME_MAX] = '\0'; /* at the bound: read */
    set_string(cJSON_GetObjectItemCaseSensitive(agent, "codingamer"), "pseudo", name);
    t = text_of(j);
    ck_assert_msg(parse(t, strlen(t), err, sizeof err) == 0, "%s", err);
    cJSON_free(t);
    cJSON_Delete(j);
}
END_TEST

/* The text of file path (the caller frees). */
static char *file_text(const char *path, size_t *len)
{
    char *text;
    ck_assert_msg(util_read_file(path, 1u << 20, &text, len) == 0, "%s", path);
    return text;
}

/* g's page (the caller frees). */
static char *page_of(const replay_game *g, size_t *len)
{
    char *html, err[512];
    ck_assert_msg(replay_html(g, &html, len, err, sizeof err) == 0, "%s", err);
    return html;
}

START_TEST(reads_a_record_value_as_its_text)
{
    static const char *const files[] = {"replay/normal.json", "replay/opening.json",
                                        "replay/error.json",  "replay/pass.json",
                                        "replay/draw.json",   "codingame/normal.site.json"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        char path[512], err[512];
        snprintf(path, sizeof path, LOA_SOURCE_DIR "/tests/fixtures/%s", files[i]);
        size_t len, vlen, tlen;
        char *text = file_text(path, &len);
        cJSON *j = cJSON_ParseWithLength(text, len);
        ck_assert_ptr_nonnull(j);
        /* the seed raw, all its digits, as loa-referee and the league
         * database hold it */
        const cJSON *st = cJSON_GetObjectItemCaseSensitive(j, "seed_text");
        if (cJSON_IsString(st))
            ck_assert(cJSON_ReplaceItemInObjectCaseSensitive(j, "seed",
                                                             cJSON_CreateRaw(st->valuestring)));
        cJSON *before = cJSON_Duplicate(j, 1);
        replay_game *v = NULL, *t = NULL;
        ck_assert_msg(replay_game_from_record(j, "game", &v, err, sizeof err) == 0, "%s: %s",
                      files[i], err);
        ck_assert_msg(replay_game_parse(text, len, "game", &t, err, sizeof err) == 0, "%s", err);
        ck_assert(cJSON_Compare(j, before, 1)); /* the caller's record untouched */
        ck_assert(cJSON_Compare(replay_game_record(v), replay_game_record(t), 1));
        ck_assert(cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(replay_game_record(v), "seed")));
        char *pv = page_of(v, &vlen), *pt = page_of(t, &tlen);
        ck_assert_msg(vlen == tlen && memcmp(pv, pt, vlen) == 0, "%s: the pages differ", files[i]);
        free(pv);
        free(pt);
        replay_game_free(v);
        replay_game_free(t);
        cJSON_Delete(before);
        cJSON_Delete(j);
        free(text);
    }
}
END_TEST

/* replay_game_from_record of j; the game freed, the code returned. */
static int from_value(const cJSON *j, char *err, size_t errsz)
{
    replay_game *g = NULL;
    int rc = replay_game_from_record(j, "value", &g, err, errsz);
    ck_assert(rc == 0 ? g != NULL : g == NULL);
    replay_game_free(g);
    return rc;
}

START_TEST(refuses_a_record_value_as_its_text_is_refused)
{
    size_t len;
    char *text = file_text(LOA_SOURCE_DIR "/tests/fixtures/replay/normal.json", &len), err[512];
    cJSON *j = cJSON_ParseWithLength(text, len);
    free(text);
    ck_assert_ptr_nonnull(j);
    cJSON *name = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(j, "players"), 1);
    set_string(name, "name", "bad \xff byte");
    ck_assert_int_eq(from_value(j, err, sizeof err), REPLAY_E_JSON);
    ck_assert_msg(strstr(err, "value: a string is not UTF-8"), "%s", err);
    set_string(name, "name", "good");
    ck_assert_msg(from_value(j, err, sizeof err) == 0, "%s", err);
    set_string(name, "\xc3(key", "x"); /* a key is text too */
    ck_assert_int_eq(from_value(j, err, sizeof err), REPLAY_E_JSON);
    cJSON_DeleteItemFromObjectCaseSensitive(name, "\xc3(key");
    ck_assert(cJSON_ReplaceItemInObjectCaseSensitive(j, "seed", cJSON_CreateRaw("12 13")));
    ck_assert_int_eq(from_value(j, err, sizeof err), REPLAY_E_JSON);
    ck_assert(cJSON_ReplaceItemInObjectCaseSensitive(j, "seed", cJSON_CreateRaw("12")));
    set_string(cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(j, "plies"), 0), "move", "a1a1");
    ck_assert_int_eq(from_value(j, err, sizeof err), REPLAY_E_INCONSISTENT);
    cJSON *list = cJSON_CreateArray();
    ck_assert_int_eq(from_value(list, err, sizeof err), REPLAY_E_JSON);
    ck_assert_msg(strstr(err, "value: not a JSON object"), "%s", err);
    ck_assert_int_eq(from_value(NULL, err, sizeof err), REPLAY_E_INVAL);
    cJSON_Delete(list);
    cJSON_Delete(j);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"keeps_the_text_after_a_nul_of_a_name_and_a_stderr",
         keeps_the_text_after_a_nul_of_a_name_and_a_stderr, 30},
        {"refuses_bytes_after_the_json", refuses_bytes_after_the_json, 30},
        {"says_the_nesting_is_too_deep", says_the_nesting_is_too_deep, 30},
        {"refuses_more_values_than_a_game_holds_before_parsing",
         refuses_more_values_than_a_game_holds_before_parsing, 60},
        {"refuses_a_name_longer_than_the_bound", refuses_a_name_longer_than_the_bound, 30},
        {"reads_a_record_value_as_its_text", reads_a_record_value_as_its_text, 30},
        {"refuses_a_record_value_as_its_text_is_refused",
         refuses_a_record_value_as_its_text_is_refused, 30},
    };
    return loa_run_suite("replay_import", cases, LOA_COUNT(cases));
}
