/*
 * check_arena_league_file.c - the league file (league/league_file.c) and the
 * settings: a good file (paths, seeds, commands), every bad input named in
 * the message, the size cap.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena_test_util.h"
#include "check_main.h"
#include "core/error.h"
#include "league/command.h"
#include "league/league_file.h"
#include "league/settings.h"
#include "league/settings_check.h"
#include "league/settings_identity.h"
#include "ref/referee.h"
#include "util/json.h"

static int load(const char *text, char *err, size_t errsz)
{
    arena_settings s;
    arena_settings_init(&s);
    int rc = arena_settings_load_text(&s, text, strlen(text), "l.json", ".", err, errsz);
    if (rc == 0) {
        arena_set_string(&s.out_dir, "o");
        rc = arena_settings_validate(&s, err, errsz);
    }
    arena_settings_clear(&s);
    return rc;
}

START_TEST(test_league_file_good)
{
    const char *text =
        "{\n"
        "  \"description\": \"x\",\n"
        "  \"bots\": [\n"
        "    {\"name\": \"ab\", \"command\": \"{bin}/loa-ab\"},\n"
        "    {\"name\": \"me\", \"command\": \"./me --fast\", \"cwd\": \"bots\"}\n"
        "  ],\n"
        "  \"format\": \"gauntlet\", \"gauntlet_bot\": \"me\", \"games\": 6,\n"
        "  \"concurrency\": 3, \"seed\": \"-9223372036854775808\", \"out\": \"res\",\n"
        "  \"turn_ms\": 50, \"first_turn_ms\": 500, \"max_plies\": 100, \"anchor\": \"ab\",\n"
        "  \"pages\": \"all\", \"affinity\": true\n"
        "}\n";
    arena_settings s;
    arena_settings_init(&s);
    char err[512];
    ck_assert_int_eq(arena_settings_load_text(&s, text, strlen(text), "dir/l.json", "dir", err,
                                              sizeof err),
                     0);
    ck_assert_int_eq(arena_settings_validate(&s, err, sizeof err), 0);
    ck_assert_int_eq(s.bot_count, 2);
    char want_cwd[4200];
    char *here = getcwd(NULL, 0);
    snprintf(want_cwd, sizeof want_cwd, "%s/dir/bots", here);
    free(here);
    ck_assert_str_eq(s.bots[1].cwd, want_cwd);
    ck_assert_str_eq(s.out_dir, "dir/res");
    ck_assert_int_eq(s.format, ARENA_FORMAT_GAUNTLET);
    ck_assert_int_eq(arena_settings_gauntlet_index(&s), 1);
    ck_assert(s.seed == INT64_MIN);
    ck_assert_int_eq(s.games, 6);
    ck_assert_int_eq(s.concurrency, 3);
    ck_assert_int_eq(s.limits.turn_ms, 50);
    ck_assert_int_eq(s.limits.first_turn_ms, 500);
    ck_assert_int_eq(s.limits.max_plies, 100);
    ck_assert_int_eq(s.pages, ARENA_PAGES_ALL);
    ck_assert_int_eq(s.affinity, 1);
    char *cmd = arena_command_expand(s.bots[0].command, "/opt/it's", "dir", 7);
    ck_assert_str_eq(cmd, "'/opt/it'\\''s'/loa-ab");
    free(cmd);
    /* {seed}: the game's seed in decimal, unquoted; other braces stay; a
     * directory that needs no quotes gets none (issue 24: printed replay
     * commands read '\''/usr/bin'\''/loa-ab) */
    cmd = arena_command_expand("./bot --seed {seed} {x} {dir}", NULL, "d", INT64_MIN);
    ck_assert_str_eq(cmd, "./bot --seed -9223372036854775808 {x} d");
    free(cmd);
    cmd = arena_command_expand("{bin}/loa-ab", "/usr/local/bin", NULL, 0);
    ck_assert_str_eq(cmd, "/usr/local/bin/loa-ab");
    free(cmd);
    /* the stored identity reads back as the same league */
    cJSON *j = arena_settings_to_json(&s);
    char *again = cJSON_Print(j);
    arena_settings t;
    arena_settings_init(&t);
    ck_assert_int_eq(arena_settings_load_text(&t, again, strlen(again), "x", "dir", err,
                                              sizeof err),
                     0);
    ck_assert_str_eq(t.bots[1].cwd, s.bots[1].cwd); /* absolute: read back unchanged */
    ck_assert_int_eq(arena_settings_compare(&s, &t, err, sizeof err), 0);
    cJSON_free(again);
    cJSON_Delete(j);
    arena_settings_clear(&t);
    arena_settings_clear(&s);
}
END_TEST

/* Issue 24: the output directory is printed without detours: an example
 * league's "out": "../../build/x" reads build/x (cwd-relative, as given). */
START_TEST(out_dir_is_tidy)
{
    const char *dir = tmpdir();
    char sub[400], path[450], err[512], want[450];
    snprintf(sub, sizeof sub, "%s/arena/examples", dir);
    char cmd[450];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", sub);
    ck_assert_int_eq(system(cmd), 0);
    snprintf(path, sizeof path, "%s/quick.json", sub);
    write_text(path, "{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": \"b\", "
                     "\"command\": \"y\"}], \"out\": \"../../build/./x/\"}");
    arena_settings s;
    arena_settings_init(&s);
    ck_assert_int_eq(arena_settings_load_file(&s, path, err, sizeof err), 0);
    snprintf(want, sizeof want, "%s/build/x", dir);
    ck_assert_str_eq(s.out_dir, want);
    arena_settings_clear(&s);
    cleanup();
}
END_TEST

START_TEST(test_league_file_bad)
{
    static const struct {
        const char *text;
        int code;
        const char *needle;
    } cases[] = {
        {"{\n  \"bots\": [\n    {\"name\": \"a\",, \"command\": \"x\"}\n  ]\n}", ARENA_E_PARSE,
         "l.json:3:"},
        {"{\"bots\": [", ARENA_E_PARSE, "l.json:1:10: malformed JSON"},
        /* the comma's own line, not the next (issue 24) */
        {"{\n  \"bots\": [],\n  \"games\": 4,\n}", ARENA_E_PARSE,
         "l.json:3:13: malformed JSON: a comma before '}'"},
        {"{\"bots\": [1,\n\n]}", ARENA_E_PARSE, "l.json:1:12: malformed JSON: a comma before ']'"},
        {"{\"bots\": []} x", ARENA_E_PARSE, "after the closing"},
        {"[1,2]", ARENA_E_CONFIG, "must be a JSON object"},
        {"{\"games\": 2}", ARENA_E_CONFIG, "missing \"bots\""},
        {"{\"bots\": {}}", ARENA_E_CONFIG, "must be a list"},
        {"{\"bots\": [{\"name\": \"a\"}, {\"name\": \"b\", \"command\": \"y\"}]}", ARENA_E_CONFIG,
         "missing bot command"},
        {"{\"bots\": [{\"name\": \"a\", \"command\": \"  \"}, {\"name\": \"b\", \"command\": "
         "\"y\"}]}",
         ARENA_E_CONFIG, "missing bot command"},
        {"{\"bots\": [{\"command\": \"x\"}]}", ARENA_E_CONFIG, "missing \"name\""},
        {"{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": \"a\", \"command\": "
         "\"y\"}]}",
         ARENA_E_CONFIG, "duplicate bot name 'a'"},
        {"{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}]}", ARENA_E_CONFIG,
         "at least two bots"},
        {"{\"bots\": []}", ARENA_E_CONFIG, "at least two bots"},
        {"{\"bots\": [{\"name\": \"a\", \"command\": \"x\", \"dir\": \"d\"}]}", ARENA_E_CONFIG,
         "unknown key \"dir\""},
        {"{\"bots\": [], \"game\": 4}", ARENA_E_CONFIG, "unknown key \"game\""},
        {"{\"bots\": [], \"games\": \"4\"}", ARENA_E_CONFIG, "\"games\" must be an integer"},
        {"{\"bots\": [], \"games\": 2.5}", ARENA_E_CONFIG, "\"games\" must be an integer"},
        {"{\"bots\": [], \"bots\": []}", ARENA_E_CONFIG, "appears twice"},
        {"{\"bots\": [], \"format\": \"swiss\"}", ARENA_E_CONFIG, "'swiss'"},
        {"{\"bots\": [], \"seed\": \"12x\"}", ARENA_E_CONFIG, "\"seed\""},
        {"{\"bots\": [], \"seed\": 1e300}", ARENA_E_CONFIG, "\"seed\""},
        {"{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": \"b\", \"command\": "
         "\"y\"}], \"games\": 3}",
         ARENA_E_CONFIG, "even"},
        {"{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": \"b\", \"command\": "
         "\"y\"}], \"anchor\": \"c\"}",
         ARENA_E_CONFIG, "anchor 'c'"},
        {"{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": \"b\", \"command\": "
         "\"y\"}], \"gauntlet_bot\": \"c\"}",
         ARENA_E_CONFIG, "gauntlet bot 'c'"},
        {"{\"bots\": [{\"name\": \"\", \"command\": \"x\"}, {\"name\": \"b\", \"command\": "
         "\"y\"}]}",
         ARENA_E_CONFIG, "name is empty"},
        {"{\"bots\": [], \"turn_ms\": 0}", ARENA_E_CONFIG, "turn_ms"},
        {"{\"bots\": [], \"affinity\": 1}", ARENA_E_CONFIG, "\"affinity\" must be true or false"},
        {"{\"bots\": [], \"pages\": \"some\"}", ARENA_E_CONFIG,
         "\"pages\": 'some' is not \"faults\", \"all\" or \"none\""},
        /* out of range before any conversion (UB otherwise) */
        {"{\"bots\": [], \"max_plies\": 1e300}", ARENA_E_CONFIG,
         "\"max_plies\" must be an integer"},
        {"{\"bots\": [], \"games\": -1e300}", ARENA_E_CONFIG, "\"games\" must be an integer"},
        {"{\"bots\": [], \"concurrency\": 1e999}", ARENA_E_CONFIG, "\"concurrency\""},
        {"{\"bots\": [], \"seed\": 9.3e18}", ARENA_E_CONFIG, "\"seed\""},
        {"{\"bots\": [], \"random_plies\": 4294967297}", ARENA_E_CONFIG, "\"random_plies\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char err[512] = "";
        int rc = load(cases[i].text, err, sizeof err);
        if (rc != cases[i].code || !strstr(err, cases[i].needle))
            ck_abort_msg("case %zu: rc %d, message '%s', expected %d with '%s'", i, rc, err,
                         cases[i].code, cases[i].needle);
        ck_assert_ptr_null(strchr(err, '\n'));
    }
}
END_TEST

START_TEST(test_league_too_large)
{
    arena_settings s;
    char err[256];
    league(&s, 64, 100000); /* 2016 pairings x 100000 */
    ck_assert_int_eq(arena_settings_validate(&s, err, sizeof err), ARENA_E_CONFIG);
    ck_assert_ptr_nonnull(strstr(err, "201600000 games"));
    s.games = 40000;
    ck_assert_int_eq(arena_settings_validate(&s, err, sizeof err), 0);
    arena_settings_clear(&s);
}
END_TEST

#define TWO_BOTS \
    "\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": \"b\", \"command\": \"y\"}]"

/* An SPRT key (text: a league file) read, validated, kept by the
 * identity (not its interval) and read back; other bounds or none: another
 * league, named. */
static void sprt_key_is_read_and_kept(const char *text)
{
    arena_settings s;
    arena_settings_init(&s);
    char err[512];
    ck_assert_msg(arena_settings_load_text(&s, text, strlen(text), "l.json", ".", err,
                                           sizeof err) == 0,
                  "%s", err);
    ck_assert(s.sprt);
    ck_assert(s.sprt_params.elo0 == -1.5 && s.sprt_params.elo1 == 4);
    ck_assert(s.sprt_params.alpha == 0.1 && s.sprt_params.beta == 0.02);
    ck_assert_int_eq(s.sprt_params.model, ARENA_SPRT_LOGISTIC);
    ck_assert_int_eq(s.rating_interval, 10);
    arena_set_string(&s.out_dir, "o");
    ck_assert_int_eq(arena_settings_validate(&s, err, sizeof err), 0);
    /* the identity keeps the SPRT (not the interval), and reads back */
    cJSON *j = arena_settings_to_json(&s);
    ck_assert_ptr_nonnull(cJSON_GetObjectItem(j, "sprt"));
    ck_assert_ptr_null(cJSON_GetObjectItem(j, "rating_interval"));
    char *printed = cJSON_Print(j);
    arena_settings t;
    arena_settings_init(&t);
    ck_assert_int_eq(arena_settings_load_text(&t, printed, strlen(printed), "x", ".", err,
                                              sizeof err),
                     0);
    ck_assert_int_eq(arena_settings_compare(&s, &t, err, sizeof err), 0);
    /* other bounds: another league, named */
    t.sprt_params.elo1 = 5;
    ck_assert_int_eq(arena_settings_compare(&s, &t, err, sizeof err), ARENA_E_MISMATCH);
    ck_assert_msg(strstr(err, "its SPRT is elo0=-1.5 elo1=4") &&
                      strstr(err, "now elo0=-1.5 elo1=5"),
                  "%s", err);
    t.sprt = 0;
    ck_assert_int_eq(arena_settings_compare(&s, &t, err, sizeof err), ARENA_E_MISMATCH);
    cJSON_free(printed);
    cJSON_Delete(j);
    arena_settings_clear(&t);
    arena_settings_clear(&s);
}

/* Bad SPRT keys refused naming the file and what is wrong; an SPRT is
 * between two bots. */
static void bad_sprt_keys_are_named(void)
{
    static const struct {
        const char *sprt;
        const char *needle;
    } bad[] = {
        {"{\"elo0\": 0}", "elo0 and elo1 are required"},
        {"{\"elo0\": 0, \"elo1\": 0}", "elo0 must be below elo1"},
        {"{\"elo0\": 0, \"elo1\": 5, \"alpha\": 0}", "alpha=0 is out of range"},
        {"{\"elo0\": 0, \"elo1\": 5, \"beta\": 1}", "beta=1 is out of range"},
        {"{\"elo0\": 0, \"elo1\": 5, \"alpha\": 0.6, \"beta\": 0.5}", "alpha + beta"},
        {"{\"elo0\": \"0\", \"elo1\": 5}", "\"elo0\" must be a number"},
        {"{\"elo0\": 0, \"elo1\": 5, \"model\": \"bayes\"}", "model 'bayes'"},
        {"{\"elo0\": 0, \"elo1\": 5, \"gamma\": 1}", "unknown key \"gamma\""},
        {"{\"elo0\": 0, \"elo0\": 1, \"elo1\": 5}", "appears twice"},
        {"\"elo0=0 elo1=x\"", "elo1='x' is not a number"},
        {"\"elo0=0 elo1=5 elo1=6\"", "'elo1' is given twice"},
        {"\"elo0=0 elo1=5 beta\"", "'beta' is not KEY=VALUE"},
        {"[0, 5]", "must be an object"},
    };
    for (size_t i = 0; i < LOA_COUNT(bad); i++) {
        char text[512], msg[512] = "";
        snprintf(text, sizeof text, "{" TWO_BOTS ", \"sprt\": %s}", bad[i].sprt);
        int rc = load(text, msg, sizeof msg);
        if (rc != ARENA_E_CONFIG || !strstr(msg, bad[i].needle) || !strstr(msg, "l.json"))
            ck_abort_msg("case %zu: rc %d, message '%s', expected '%s'", i, rc, msg, bad[i].needle);
    }
    /* an SPRT is between two bots */
    const char *three = "{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, {\"name\": \"b\", "
                        "\"command\": \"y\"}, {\"name\": \"c\", \"command\": \"z\"}], \"format\": "
                        "\"gauntlet\", \"sprt\": {\"elo0\": 0, \"elo1\": 5}}";
    char msg[512];
    ck_assert_int_eq(load(three, msg, sizeof msg), ARENA_E_CONFIG);
    ck_assert_msg(strstr(msg, "3 bots given"), "%s", msg);
    ck_assert_int_eq(load("{" TWO_BOTS ", \"rating_interval\": -1}", msg, sizeof msg),
                     ARENA_E_CONFIG);
}

START_TEST(test_sprt_key)
{
    /* the object, and the same in fastchess's words */
    static const char *const good[] = {
        "{" TWO_BOTS ", \"sprt\": {\"elo0\": -1.5, \"elo1\": 4, \"alpha\": 0.1, \"beta\": 0.02, "
        "\"model\": \"logistic\"}, \"rating_interval\": 10}",
        "{" TWO_BOTS ", \"sprt\": \"elo0=-1.5 elo1=4 alpha=0.1 beta=0.02 model=logistic\", "
        "\"rating_interval\": 10}",
    };
    for (size_t i = 0; i < LOA_COUNT(good); i++)
        sprt_key_is_read_and_kept(good[i]);
    /* defaults: alpha = beta = 0.05, normalized */
    arena_sprt_params p;
    char err[256];
    ck_assert_int_eq(arena_sprt_spec_parse("elo0=0,elo1=10", &p, err, sizeof err), 0);
    ck_assert(p.alpha == 0.05 && p.beta == 0.05 && p.model == ARENA_SPRT_NORMALIZED);
    bad_sprt_keys_are_named();
}
END_TEST

START_TEST(test_too_many_bots_names_the_file)
{
    /* found by fuzz_league: the message named no file */
    char text[8192] = "{\"bots\": [";
    for (int i = 0; i <= ARENA_MAX_BOTS; i++) {
        char one[64];
        snprintf(one, sizeof one, "%s{\"name\": \"b%d\", \"command\": \"x\"}", i ? ", " : "", i);
        strcat(text, one);
    }
    strcat(text, "]}");
    char err[512];
    ck_assert_int_eq(load(text, err, sizeof err), ARENA_E_CONFIG);
    ck_assert_msg(strstr(err, "l.json: bots[64]") && strstr(err, "too many bots"), "%s", err);
}
END_TEST

START_TEST(test_sandbox_key)
{
    /* the league's sandbox, a bot's own over it; bad values named */
    const char *text = "{\"bots\": [{\"name\": \"a\", \"command\": \"x\"}, "
                       "{\"name\": \"b\", \"command\": \"y\", \"sandbox\": \"rw\"}, "
                       "{\"name\": \"c\", \"command\": \"z\", \"sandbox\": false}], "
                       "\"sandbox\": true}";
    arena_settings s;
    arena_settings_init(&s);
    char err[512];
    ck_assert_int_eq(arena_settings_load_text(&s, text, strlen(text), "l.json", ".", err,
                                              sizeof err),
                     0);
    ck_assert_int_eq(arena_bot_sandbox(&s, 0), REF_SANDBOX_READ_ONLY);
    ck_assert_int_eq(arena_bot_sandbox(&s, 1), REF_SANDBOX_WRITABLE_CWD);
    ck_assert_int_eq(arena_bot_sandbox(&s, 2), REF_SANDBOX_OFF);
    /* not the league's identity: a league is the same in or out of it */
    cJSON *j = arena_settings_to_json(&s);
    ck_assert_ptr_null(cJSON_GetObjectItem(j, "sandbox"));
    cJSON_Delete(j);
    arena_settings_clear(&s);
    ck_assert_int_eq(load("{\"bots\": [], \"sandbox\": \"yes\"}", err, sizeof err), ARENA_E_CONFIG);
    ck_assert_msg(strstr(err, "\"sandbox\" must be true, false or \"rw\""), "%s", err);
}
END_TEST

START_TEST(test_pages_words_and_which_games)
{
    static const char *const words[] = {"faults", "all", "none"};
    for (int i = 0; i < 3; i++) {
        arena_pages p = ARENA_PAGES_NONE;
        ck_assert_int_eq(arena_pages_from_name(words[i], &p), 0);
        ck_assert_str_eq(arena_pages_name(p), words[i]);
    }
    arena_pages p = ARENA_PAGES_ALL;
    ck_assert_int_eq(arena_pages_from_name("All", &p), ARENA_E_INVAL);
    ck_assert_int_eq(arena_pages_from_name(NULL, &p), ARENA_E_INVAL);
    ck_assert_int_eq(p, ARENA_PAGES_ALL); /* unchanged */
    arena_settings s;
    arena_settings_init(&s);
    ck_assert_int_eq(s.pages, ARENA_PAGES_FAULTS); /* the default */
    arena_settings_clear(&s);
    ck_assert(arena_pages_wants(ARENA_PAGES_FAULTS, REF_REASON_TIMEOUT));
    ck_assert(arena_pages_wants(ARENA_PAGES_FAULTS, REF_REASON_CRASHED));
    ck_assert(!arena_pages_wants(ARENA_PAGES_FAULTS, REF_REASON_CONNECTED));
    ck_assert(!arena_pages_wants(ARENA_PAGES_FAULTS, REF_REASON_PLY_LIMIT));
    ck_assert(arena_pages_wants(ARENA_PAGES_ALL, REF_REASON_PLY_LIMIT));
    ck_assert(!arena_pages_wants(ARENA_PAGES_NONE, REF_REASON_TIMEOUT));
}
END_TEST

START_TEST(test_reads_only_len_bytes)
{
    /* a buffer without a NUL: the error snippet must stop at len (ASan
     * sees a read past the allocation otherwise) */
    static const char text[] = "{\"bots\": [1, 2, x";
    size_t len = sizeof text - 1;
    char *buf = malloc(len);
    memcpy(buf, text, len);
    arena_settings s;
    arena_settings_init(&s);
    char err[256];
    ck_assert_int_eq(arena_settings_load_text(&s, buf, len, "l.json", ".", err, sizeof err),
                     ARENA_E_PARSE);
    ck_assert_msg(strstr(err, "l.json:1:"), "%s", err);
    free(buf);
    arena_settings_clear(&s);
}
END_TEST

/* cJSON refuses nesting past its bound (1000) where it stops: the message
 * names the bound, not "malformed JSON near '[[[['" (issue R11). */
START_TEST(says_the_nesting_is_too_deep)
{
    size_t deep = UTIL_JSON_NESTING_MAX + 1, n = 0;
    char *text = malloc(2 * deep + 32);
    ck_assert_ptr_nonnull(text);
    n += (size_t)sprintf(text, "{\"bots\":\n");
    memset(text + n, '[', deep - 1);
    memset(text + n + deep - 1, ']', deep - 1);
    n += 2 * (deep - 1);
    text[n++] = '}';
    arena_settings s;
    arena_settings_init(&s);
    char err[256], want[128];
    ck_assert_int_eq(arena_settings_load_text(&s, text, n, "l.json", ".", err, sizeof err),
                     ARENA_E_PARSE);
    snprintf(want, sizeof want, "l.json:2:%d: lists and objects nested deeper than %d levels",
             UTIL_JSON_NESTING_MAX, UTIL_JSON_NESTING_MAX);
    ck_assert_msg(strstr(err, want), "%s", err);
    free(text);
    arena_settings_clear(&s);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"reads_only_the_bytes_it_is_given", test_reads_only_len_bytes, 30},
        {"pages_words_and_which_games", test_pages_words_and_which_games, 30},
        {"reads_the_sandbox_of_the_league_and_of_a_bot", test_sandbox_key, 30},
        {"names_the_file_of_a_65th_bot", test_too_many_bots_names_the_file, 30},
        {"reads_and_checks_the_sprt_key", test_sprt_key, 30},
        {"reads_a_good_league_file", test_league_file_good, 30},
        {"names_every_bad_input", test_league_file_bad, 30},
        {"refuses_a_too_large_file", test_league_too_large, 30},
        {"out_dir_is_tidy", out_dir_is_tidy, 10},
        {"says_the_nesting_is_too_deep", says_the_nesting_is_too_deep, 10},
    };
    return loa_run_suite("arena_league_file", cases, LOA_COUNT(cases));
}
