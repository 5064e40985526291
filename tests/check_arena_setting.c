/*
 * check_arena_setting.c - the settings table (league/setting.h): for every
 * setting, the command line and the league file accept and refuse exactly
 * the same values and read an accepted one as the same value (the bounds
 * are the table's; those of the time and ply limits the referee's,
 * REF_LIMITS_MAP); the identity of a league with every setting given reads
 * back as the same league; --help shows every option of the table.
 */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/cli.h"
#include "arena_test_util.h"
#include "check_main.h"
#include "core/error.h"
#include "league/league_file.h"
#include "league/setting.h"
#include "league/settings_identity.h"

/* The values tried for a row, as command-line text. */
static int values_of(const arena_setting *r, char v[][320], const char *book)
{
    int n = 0;
    switch (r->type) {
    case ARENA_VALUE_INT: {
        int64_t b[4] = {r->min - 1, r->min, r->max, r->max + 1};
        for (int k = 0; k < 4; k++)
            snprintf(v[n++], 320, "%" PRId64, b[k]);
        snprintf(v[n++], 320, "x");
        return n;
    }
    case ARENA_VALUE_SEED: {
        static const char *const s[] = {"-9223372036854775808", "9223372036854775807", "12x", "1.5",
                                        "7"};
        for (size_t k = 0; k < LOA_COUNT(s); k++)
            snprintf(v[n++], 320, "%s", s[k]);
        return n;
    }
    case ARENA_VALUE_WORD:
        for (int k = 0; k < r->words->count; k++)
            snprintf(v[n++], 320, "%s", r->words->name(k));
        snprintf(v[n++], 320, "bogus");
        return n;
    case ARENA_VALUE_NAME: {
        static const char *const s[] = {"a", "zzz", ""};
        for (size_t k = 0; k < LOA_COUNT(s); k++)
            snprintf(v[n++], 320, "%s", s[k]);
        return n;
    }
    case ARENA_VALUE_FILE:
        snprintf(v[n++], 320, "%s", book);
        snprintf(v[n++], 320, "/nonexistent/book.txt");
        snprintf(v[n++], 320, "%s", "");
        return n;
    case ARENA_VALUE_DIR:
        snprintf(v[n++], 320, "o1");
        snprintf(v[n++], 320, "%s", "");
        return n;
    case ARENA_VALUE_SHARD: {
        static const char *const s[] = {"0/1",       "0/2",  "1/2", "2/2", "999999/1000000",
                                        "0/1000001", "-1/2", "x"};
        for (size_t k = 0; k < LOA_COUNT(s); k++)
            snprintf(v[n++], 320, "%s", s[k]);
        return n;
    }
    case ARENA_VALUE_SPRT: {
        static const char *const s[] = {"elo0=0 elo1=5", "elo0=5 elo1=0", "elo0=0 elo1=5 beta=2",
                                        "x"};
        for (size_t k = 0; k < LOA_COUNT(s); k++)
            snprintf(v[n++], 320, "%s", s[k]);
        return n;
    }
    case ARENA_VALUE_FLAG: snprintf(v[n++], 320, "on"); return n;
    case ARENA_VALUE_SANDBOX:
        snprintf(v[n++], 320, "sandbox");
        snprintf(v[n++], 320, "sandbox-rw");
        return n;
    case ARENA_VALUE_STEPS: return 0; /* league.json only: no option */
    }
    return 0;
}

/* The same value as a league file's JSON. */
static void json_of(const arena_setting *r, const char *v, char *out, size_t size)
{
    int k, c;
    char end;
    if (r->type == ARENA_VALUE_INT && strspn(v, "-0123456789") == strlen(v))
        snprintf(out, size, "%s", v);
    else if (r->type == ARENA_VALUE_FLAG)
        snprintf(out, size, "true");
    else if (r->type == ARENA_VALUE_SANDBOX)
        snprintf(out, size, "%s", strcmp(v, "sandbox") == 0 ? "true" : "\"rw\"");
    else if (r->type == ARENA_VALUE_SHARD && sscanf(v, "%d/%d%c", &k, &c, &end) == 2)
        snprintf(out, size, "{\"index\": %d, \"count\": %d}", k, c);
    else
        snprintf(out, size, "\"%s\"", v);
}

/* What a row needs besides itself to be read at all: the cpu time mode for
 * a wall cap or a CPU method, an openings file for an order. */
static const char *context_option(const arena_setting *r, const char **value, const char **json)
{
    static char book_json[300];
    if (r->id == ARENA_SETTING_WALL_CAP_MS || r->id == ARENA_SETTING_CPU_METHOD) {
        *value = "cpu";
        *json = "\"time_mode\": \"cpu\", ";
        return "--time-mode";
    }
    if (r->id == ARENA_SETTING_OPENINGS_ORDER) {
        *value = "book.txt";
        snprintf(book_json, sizeof book_json, "\"openings\": \"book.txt\", ");
        *json = book_json;
        return "--openings";
    }
    *json = "";
    return NULL;
}

/* Parses the league with the setting given on the command line (cli) or in
 * the league file l.json (file): 0 or an error; *req holds the result. */
static int parse(const arena_setting *r, const char *v, int file, arena_request *req)
{
    char opt[80], json[200], text[1200], err[512];
    const char *ctx_value = NULL, *ctx_json = NULL;
    const char *ctx = context_option(r, &ctx_value, &ctx_json);
    if (file) {
        json_of(r, v, json, sizeof json);
        snprintf(text, sizeof text,
                 "{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": \"b\", "
                 "\"command\": \"y\"}], %s%s\"%s\": %s}",
                 ctx_json, r->id == ARENA_SETTING_OUT ? "" : "\"out\": \"o\", ", r->key, json);
        write_text("l.json", text);
        char *argv[] = {"loa-arena", "l.json", NULL};
        return arena_cli_parse(2, argv, req, err, sizeof err);
    }
    char *argv[12] = {"loa-arena", "--bot", "a=x", "--bot", "b=y"};
    int argc = 5;
    if (r->id != ARENA_SETTING_OUT) {
        argv[argc++] = "--out";
        argv[argc++] = "o";
    }
    if (ctx) {
        argv[argc++] = (char *)ctx;
        argv[argc++] = (char *)ctx_value;
    }
    if (r->type == ARENA_VALUE_SANDBOX) {
        snprintf(opt, sizeof opt, "--%s", v);
        argv[argc++] = opt;
    } else if (r->type == ARENA_VALUE_FLAG) {
        snprintf(opt, sizeof opt, "--%s", r->option);
        argv[argc++] = opt;
    } else {
        snprintf(opt, sizeof opt, "--%s", r->option);
        argv[argc++] = opt;
        argv[argc++] = (char *)v;
    }
    argv[argc] = NULL;
    return arena_cli_parse(argc, argv, req, err, sizeof err);
}

START_TEST(cli_and_league_file_take_the_same_values)
{
    const char *dir = tmpdir();
    ck_assert_int_eq(chdir(dir), 0);
    write_text("book.txt", "b1d3 a2c2\nd1f3\n");
    char book[300];
    snprintf(book, sizeof book, "%s/book.txt", dir);
    int tried = 0;
    for (int i = 0; i < ARENA_SETTING_COUNT; i++) {
        const arena_setting *r = &arena_setting_table[i];
        char v[16][320];
        int n = r->option ? values_of(r, v, book) : 0;
        for (int k = 0; k < n; k++) {
            arena_request a, b;
            int ra = parse(r, v[k], 0, &a), rb = parse(r, v[k], 1, &b);
            ck_assert_msg((ra == 0) == (rb == 0),
                          "%s '%s': the command line says %d, the league file %d", r->key, v[k], ra,
                          rb);
            if (ra == 0) { /* the same value read */
                char x[600], y[600];
                arena_setting_format(&a.settings, r, x, sizeof x);
                arena_setting_format(&b.settings, r, y, sizeof y);
                ck_assert_msg(strcmp(x, y) == 0, "%s '%s': '%s' and '%s'", r->key, v[k], x, y);
            }
            arena_cli_clear(&a);
            arena_cli_clear(&b);
            tried++;
        }
    }
    ck_assert_int_gt(tried, 60);
    cleanup();
}
END_TEST

/* The drift of issue 25: --wall-cap took 1.. and "wall_cap_ms" 0.. */
START_TEST(a_wall_cap_of_zero_is_refused_everywhere)
{
    const arena_setting *r = &arena_setting_table[ARENA_SETTING_WALL_CAP_MS];
    const char *dir = tmpdir();
    ck_assert_int_eq(chdir(dir), 0);
    arena_request a, b;
    ck_assert_int_ne(parse(r, "0", 0, &a), 0);
    ck_assert_int_ne(parse(r, "0", 1, &b), 0);
    arena_cli_clear(&a);
    arena_cli_clear(&b);
    ck_assert_int_eq(r->min, REF_WALL_CAP_MS_MIN);
    ck_assert_int_eq(r->max, REF_WALL_CAP_MS_MAX);
    cleanup();
}
END_TEST

START_TEST(every_identity_setting_reads_back_as_the_same_league)
{
    const char *text =
        "{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": \"b\", \"command\": "
        "\"y\"}], \"format\": \"gauntlet\", \"gauntlet_bot\": \"b\", \"games\": 8, \"seed\": "
        "\"-5\", \"turn_ms\": 40, \"first_turn_ms\": 400, \"max_plies\": 90, \"time_mode\": "
        "\"cpu\", \"wall_cap_ms\": 700, \"time_margin_ms\": 5, \"anchor\": \"a\", "
        "\"openings\": \"/tmp/book.txt\", \"openings_order\": \"random\", "
        "\"random_plies\": 3, \"steps\": [[2, 2]], \"shard\": {\"index\": 1, \"count\": 3}, "
        "\"sprt\": {\"elo0\": 0, \"elo1\": 5, \"model\": \"logistic\"}}";
    arena_settings s, t;
    arena_settings_init(&s);
    arena_settings_init(&t);
    char err[512];
    ck_assert_msg(arena_settings_load_text(&s, text, strlen(text), "l.json", ".", err,
                                           sizeof err) == 0,
                  "%s", err);
    cJSON *j = arena_settings_to_json(&s);
    char *once = cJSON_PrintUnformatted(j);
    ck_assert_msg(arena_settings_load_text(&t, once, strlen(once), "x", ".", err, sizeof err) == 0,
                  "%s", err);
    ck_assert_msg(arena_settings_compare(&s, &t, err, sizeof err) == 0, "%s", err);
    cJSON *k = arena_settings_to_json(&t);
    char *twice = cJSON_PrintUnformatted(k);
    ck_assert_str_eq(once, twice);
    /* every setting of the identity is in it */
    for (int i = 0; i < ARENA_SETTING_COUNT; i++) {
        const arena_setting *r = &arena_setting_table[i];
        if (r->identity != ARENA_ID_NONE)
            ck_assert_msg(cJSON_GetObjectItemCaseSensitive(j, r->key), "%s", r->key);
        else
            ck_assert_msg(!cJSON_GetObjectItemCaseSensitive(j, r->key), "%s", r->key);
    }
    cJSON_free(once);
    cJSON_free(twice);
    cJSON_Delete(j);
    cJSON_Delete(k);
    arena_settings_clear(&s);
    arena_settings_clear(&t);
}
END_TEST

START_TEST(help_shows_every_option_of_the_table)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    arena_cli_usage(f);
    fclose(f);
    for (int i = 0; i < ARENA_SETTING_COUNT; i++) {
        const arena_setting *r = &arena_setting_table[i];
        if (!r->option)
            continue;
        char want[80];
        if (r->letter)
            snprintf(want, sizeof want, "  -%c, --%s", r->letter, r->option);
        else
            snprintf(want, sizeof want, "      --%s", r->option);
        ck_assert_msg(strstr(text, want), "%s not in --help", want);
    }
    free(text);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"cli_and_league_file_take_the_same_values", cli_and_league_file_take_the_same_values, 60},
        {"a_wall_cap_of_zero_is_refused_everywhere", a_wall_cap_of_zero_is_refused_everywhere, 10},
        {"every_identity_setting_reads_back_as_the_same_league",
         every_identity_setting_reads_back_as_the_same_league, 10},
        {"help_shows_every_option_of_the_table", help_shows_every_option_of_the_table, 10},
    };
    return loa_run_suite("arena_setting", cases, LOA_COUNT(cases));
}
