/*
 * check_referee_metrics: the metrics convention (util/metric.h) read as
 * cgarena reads it: its four line forms and the spacing its regular
 * expression accepts, values typed as it types them; the stream scan
 * (referee/src/metric_scan.h) whatever the cuts, its flood bound; and
 * real games of test-metric-bot (a known fixed sequence) through the
 * referee: every ply's metrics, the game's, hostile texts, the flood.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "check_main.h"
#include "metric_scan.h"
#include "ref/referee.h"
#include "util/metric.h"

#define BIN LOA_BIN_DIR

/* Parses line: its rc, and the scope, turn, name and value when read. */
static util_metric_parse_rc parse(const char *line, util_metric_line *m)
{
    memset(m, 0, sizeof *m);
    return util_metric_parse_line(line, strlen(line), m);
}

static void expect_line(const char *line, util_metric_scope scope, long long turn, const char *name,
                        const char *value)
{
    util_metric_line m;
    ck_assert_msg(parse(line, &m) == UTIL_METRIC_LINE, "not read: '%s'", line);
    ck_assert_int_eq(m.scope, scope);
    ck_assert_int_eq(m.turn, turn);
    ck_assert_int_eq(m.name_len, strlen(name));
    ck_assert(memcmp(m.name, name, m.name_len) == 0);
    ck_assert_msg(m.value_len == strlen(value) && memcmp(m.value, value, m.value_len) == 0,
                  "'%s': value '%.*s', not '%s'", line, (int)m.value_len, m.value, value);
}

START_TEST(reads_the_four_cgarena_forms)
{
    /* docs/match_attributes_and_filters.md's own examples */
    expect_line("[TDATA] map_width = 12", UTIL_METRIC_MATCH, -1, "map_width", "12");
    expect_line("[TDATA][0] empty_cells = 57", UTIL_METRIC_MATCH_TURN, 0, "empty_cells", "57");
    expect_line("[PDATA] final_score = 86", UTIL_METRIC_GAME, -1, "final_score", "86");
    expect_line("[PDATA][99] money = 45", UTIL_METRIC_TURN, 99, "money", "45");
}
END_TEST

START_TEST(accepts_the_spacing_cgarena_accepts)
{
    /* \s+ after the tag, \s* around '=', the line stripped, the tag in any case */
    expect_line("[PDATA][3]\tdepth=7", UTIL_METRIC_TURN, 3, "depth", "7");
    expect_line("   [pdata][3]   depth   =   7   \r", UTIL_METRIC_TURN, 3, "depth", "7");
    expect_line("[Tdata] kind = very small map", UTIL_METRIC_MATCH, -1, "kind", "very small map");
    expect_line("[PDATA] x = = 3", UTIL_METRIC_GAME, -1, "x", "= 3");
    expect_line("[PDATA] x =\"a\"", UTIL_METRIC_GAME, -1, "x", "\"a\"");
    util_metric_line m;
    const char *no[] = {"[PDATA][3]depth = 7",   "[PDATA]depth = 7",    "[PDATA] depth 7",
                        "[PDATA] depth =",       "[PDATA] depth =   ",  "x [PDATA] depth = 7",
                        "[PDATA] [3] depth = 7", "[PDATA][] depth = 7", "[QDATA] depth = 7",
                        "[PDATA][3a] depth = 7", "[PDATA] = 7",         ""};
    for (size_t i = 0; i < LOA_COUNT(no); i++)
        ck_assert_msg(parse(no[i], &m) == UTIL_METRIC_NOT, "read: '%s'", no[i]);
    char longname[200];
    snprintf(longname, sizeof longname, "[PDATA] %0*d = 1", UTIL_METRIC_NAME_MAX + 1, 0);
    ck_assert_int_eq(parse(longname, &m), UTIL_METRIC_REFUSED);
    snprintf(longname, sizeof longname, "[PDATA] %0*d = 1", UTIL_METRIC_NAME_MAX, 0);
    ck_assert_int_eq(parse(longname, &m), UTIL_METRIC_LINE);
    ck_assert_int_eq(parse("[PDATA] t = \xff\xfe", &m), UTIL_METRIC_REFUSED);
}
END_TEST

static util_metric_value value_of(const char *text)
{
    util_metric_value v = {UTIL_METRIC_NONE, 0, 0, NULL};
    ck_assert_int_eq(util_metric_value_parse(text, strlen(text), &v), 0);
    return v;
}

START_TEST(types_values_as_cgarena)
{
    /* i64 first, then a finite f64, else text */
    const struct {
        const char *text;
        util_metric_type type;
        double d;
    } rows[] = {{"7", UTIL_METRIC_INT, 7},
                {"-7", UTIL_METRIC_INT, -7},
                {"+7", UTIL_METRIC_INT, 7},
                {"007", UTIL_METRIC_INT, 7},
                {"9223372036854775807", UTIL_METRIC_INT, 9223372036854775807.0},
                {"-9223372036854775808", UTIL_METRIC_INT, -9223372036854775808.0},
                {"9223372036854775808", UTIL_METRIC_REAL, 9223372036854775808.0},
                {"1.5", UTIL_METRIC_REAL, 1.5},
                {".5", UTIL_METRIC_REAL, 0.5},
                {"5.", UTIL_METRIC_REAL, 5},
                {"-1e3", UTIL_METRIC_REAL, -1000},
                {"2E-2", UTIL_METRIC_REAL, 0.02},
                {"NaN", UTIL_METRIC_TEXT, 0},
                {"inf", UTIL_METRIC_TEXT, 0},
                {"1e999", UTIL_METRIC_TEXT, 0},
                {"0x10", UTIL_METRIC_TEXT, 0},
                {"1 2", UTIL_METRIC_TEXT, 0},
                {"e5", UTIL_METRIC_TEXT, 0},
                {"<b>\"hi\"</b>", UTIL_METRIC_TEXT, 0}};
    for (size_t i = 0; i < LOA_COUNT(rows); i++) {
        util_metric_value v = value_of(rows[i].text);
        ck_assert_msg(v.type == rows[i].type, "'%s': type %d", rows[i].text, v.type);
        if (v.type != UTIL_METRIC_TEXT)
            ck_assert_msg(v.d == rows[i].d, "'%s': %g", rows[i].text, v.d);
    }
    ck_assert_int_eq(value_of("-9223372036854775808").i, INT64_MIN);
    char big[UTIL_METRIC_TEXT_MAX + 2];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    util_metric_value v;
    ck_assert_int_eq(util_metric_value_parse(big, strlen(big), &v), -1);
    ck_assert_int_eq(util_metric_value_parse(big, UTIL_METRIC_TEXT_MAX, &v), 0);
}
END_TEST

/* Feeds text into a fresh scan in pieces of at most step bytes. */
static void feed(ref_metric_scan *s, const char *text, size_t step)
{
    ref_metric_scan_init(s);
    size_t n = strlen(text);
    for (size_t i = 0; i < n; i += step)
        ref_metric_scan_feed(s, text + i, n - i < step ? n - i : step);
}

START_TEST(scans_the_stream_whatever_its_cuts)
{
    const char *text = "debug line [PDATA] no = 1\n[PDATA][1] depth = 7\n  [TDATA] map = "
                       "\"small\"\n[PDATA] total = 1.25\nnoise\n[TDATA][1] cells = 57\n"
                       "[PDATA][1] depth = 8\n[PDATA][1] cut";
    static ref_metric_scan whole, s;
    feed(&whole, text, strlen(text));
    ck_assert_int_eq(whole.n, 4); /* depth twice: the last value, in its place */
    ck_assert_str_eq(whole.item[0].name, "depth");
    ck_assert_int_eq(whole.item[0].v.i, 8);
    ck_assert_int_eq(whole.item[1].scope, UTIL_METRIC_MATCH);
    ck_assert_str_eq(whole.item[1].v.text, "\"small\"");
    ck_assert_int_eq(whole.item[2].scope, UTIL_METRIC_GAME);
    ck_assert(whole.item[2].v.type == UTIL_METRIC_REAL && whole.item[2].v.d == 1.25);
    ck_assert_int_eq(whole.item[3].scope, UTIL_METRIC_MATCH_TURN);
    ck_assert_int_eq(whole.lines, 5);
    ck_assert_int_eq(whole.dropped, 0);
    for (size_t step = 1; step < 40; step++) {
        feed(&s, text, step);
        ck_assert_int_eq(s.n, whole.n);
        for (int k = 0; k < s.n; k++) {
            ck_assert_str_eq(s.item[k].name, whole.item[k].name);
            ck_assert_int_eq(s.item[k].v.type, whole.item[k].v.type);
        }
    }
    /* the line in progress is read once its newline comes */
    ref_metric_scan_feed(&whole, " = 3\n", 5);
    ck_assert_int_eq(whole.n, 5);
    ck_assert_str_eq(whole.item[4].name, "cut");
}
END_TEST

START_TEST(bounds_a_flood_and_counts_it)
{
    static ref_metric_scan s;
    ref_metric_scan_init(&s);
    char line[64];
    for (int k = 0; k < 1000; k++) {
        int n = snprintf(line, sizeof line, "[PDATA][1] m%d = %d\n", k, k);
        ref_metric_scan_feed(&s, line, (size_t)n);
    }
    ck_assert_int_eq(s.n, UTIL_METRIC_TURN_MAX);
    ck_assert_int_eq(s.dropped, 1000 - UTIL_METRIC_TURN_MAX);
    ck_assert_str_eq(s.item[UTIL_METRIC_TURN_MAX - 1].name, "m31");
    /* an overlong metric line is dropped and counted, an overlong other line not */
    ref_metric_scan_clear(&s);
    char big[UTIL_METRIC_LINE_MAX * 3];
    memset(big, 'x', sizeof big);
    memcpy(big, "[PDATA] x = ", 12);
    big[sizeof big - 1] = '\n';
    ref_metric_scan_feed(&s, big, sizeof big);
    big[0] = 'y';
    ref_metric_scan_feed(&s, big, sizeof big);
    ck_assert_int_eq(s.n, 0);
    ck_assert_int_eq(s.dropped, 1);
    /* a new turn: the bound again */
    ref_metric_scan_feed(&s, "[PDATA][2] a = 1\n", 17);
    ck_assert_int_eq(s.n, 1);
    ref_metric_scan_comment(&s, "d5 17 nodes=100 x= =1 tt=0.5 bad-name=2");
    ck_assert_int_eq(s.n, 3);
    ck_assert_str_eq(s.item[1].name, "nodes");
    ck_assert(s.item[2].v.type == UTIL_METRIC_REAL && s.item[2].v.d == 0.5);
}
END_TEST

START_TEST(strips_metric_lines_from_stderr)
{
    const char *in = "a\n[PDATA][1] d = 7\nb [PDATA] x = 1\n [tdata] m = 3\nc";
    char out[128];
    ck_assert_uint_eq(util_metric_strip(in, strlen(in), out), strlen("a\nb [PDATA] x = 1\nc"));
    ck_assert_str_eq(out, "a\nb [PDATA] x = 1\nc");
}
END_TEST

/* Plays black against white (commands) and returns the game. */
static ref_game *play(const char *black, const char *white)
{
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = black;
    c.players[1].command = white;
    c.seed = 5;
    ref_game *g = NULL;
    ck_assert_int_eq(ref_game_run(&c, &g), REF_OK);
    return g;
}

static const ref_metric *find(const ref_ply *p, const char *name)
{
    for (int k = 0; k < p->n_metrics; k++)
        if (strcmp(p->metrics[k].name, name) == 0)
            return &p->metrics[k];
    return NULL;
}

START_TEST(a_game_keeps_every_metric_by_its_ply)
{
    ref_game *g = play(BIN "/test-metric-bot 3", BIN "/test-metric-bot 2 hostile");
    ck_assert_int_eq(ref_game_result(g)->plies, 150);
    cJSON *rec = ref_game_to_json(g);
    char *text = cJSON_PrintUnformatted(rec);
    cJSON *back = cJSON_Parse(text); /* the record is JSON whatever the bot wrote */
    ck_assert_ptr_nonnull(back);
    const cJSON *plies = cJSON_GetObjectItemCaseSensitive(back, "plies");
    for (int i = 0; i < ref_game_ply_count(g); i++) {
        const ref_ply *p = ref_game_ply(g, i);
        int t = i / 2 + 1, n = p->player == 0 ? 3 : 2;
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(plies, i), "metrics");
        for (int k = 0; k < n; k++) {
            char name[8];
            snprintf(name, sizeof name, "m%d", k);
            const ref_metric *v = find(p, name);
            ck_assert_msg(v && v->value.type == UTIL_METRIC_INT && v->value.i == 10 * t + k,
                          "ply %d: %s", i + 1, name);
            ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(m, name)->valuedouble, 10 * t + k);
        }
        ck_assert_ptr_null(find(p, "m3"));
        if (p->player == 1) { /* hostile: texts kept as they are, types per value */
            ck_assert_str_eq(find(p, "quote")->value.text, "say \"hi\" & <b>bold</b>");
            ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(m, "quote")->valuestring,
                             "say \"hi\" & <b>bold</b>");
            ck_assert_int_eq(find(p, "spaced")->value.i, t);
            ck_assert(find(p, "real")->value.d == t + 0.5);
            ck_assert_int_eq(find(p, "kind")->value.type,
                             t % 2 ? UTIL_METRIC_INT : UTIL_METRIC_TEXT);
            ck_assert_str_eq(find(p, "nan")->value.text, "NaN");
            ck_assert_int_eq(p->metrics_dropped, 2); /* the long name, the long value */
        } else {
            ck_assert_int_eq(p->metrics_dropped, 0);
        }
    }
    const cJSON *gm = cJSON_GetObjectItemCaseSensitive(back, "metrics");
    ck_assert_int_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(gm, "black"),
                                                      "game_m")
                         ->valuedouble,
                     7);
    ck_assert_str_eq(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(gm, "match"),
                                                      "map")
                         ->valuestring,
                     "\"small\"");
    cJSON_Delete(back);
    cJSON_free(text);
    cJSON_Delete(rec);
    ref_game_free(g);
}
END_TEST

START_TEST(a_flooding_bot_keeps_its_bound)
{
    /* 1000 lines a turn, far past the 4 KB stderr tail: the first metrics
     * still read, the rest counted */
    ref_game *g = play(BIN "/test-metric-bot 3 flood", BIN "/loa-first");
    for (int i = 0; i < ref_game_ply_count(g); i += 2) {
        const ref_ply *p = ref_game_ply(g, i);
        int t = i / 2 + 1, lines = 3 + 1000 + (t == 1 ? 2 : 0);
        ck_assert_int_eq(p->n_metrics, 4 + (t == 1 ? 2 : 0));
        ck_assert_int_eq(p->metrics_dropped, lines - UTIL_METRIC_TURN_MAX);
        ck_assert_int_eq(find(p, "m2")->value.i, 10 * t + 2);
        ck_assert_int_eq(find(p, "flood")->value.i,
                         UTIL_METRIC_TURN_MAX - 3 - (t == 1 ? 2 : 0) - 1);
    }
    ref_game_free(g);
}
END_TEST

START_TEST(comment_words_are_turn_metrics)
{
    ref_game *g = play(BIN "/test-metric-bot 2 comment", BIN "/loa-first");
    const ref_ply *p = ref_game_ply(g, 2);
    ck_assert_str_eq(p->comment, "m0=20 m1=21");
    ck_assert_int_eq(find(p, "m1")->value.i, 21);
    ck_assert_ptr_null(ref_game_ply(g, 1)->metrics);
    ref_game_free(g);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"reads_the_four_cgarena_forms", reads_the_four_cgarena_forms, 10},
        {"accepts_the_spacing_cgarena_accepts", accepts_the_spacing_cgarena_accepts, 10},
        {"types_values_as_cgarena", types_values_as_cgarena, 10},
        {"scans_the_stream_whatever_its_cuts", scans_the_stream_whatever_its_cuts, 10},
        {"bounds_a_flood_and_counts_it", bounds_a_flood_and_counts_it, 10},
        {"strips_metric_lines_from_stderr", strips_metric_lines_from_stderr, 10},
        {"a_game_keeps_every_metric_by_its_ply", a_game_keeps_every_metric_by_its_ply, 60},
        {"a_flooding_bot_keeps_its_bound", a_flooding_bot_keeps_its_bound, 60},
        {"comment_words_are_turn_metrics", comment_words_are_turn_metrics, 60},
    };
    return loa_run_suite("referee_metrics", cases, LOA_COUNT(cases));
}
