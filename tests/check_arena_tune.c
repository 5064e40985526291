/*
 * check_arena_tune.c - loa-tune with tune-peak (tests/tune_peak_bot.c), a
 * bot that plays best at x = 7 and more randomly the farther x is from 7:
 * a seeded tune started at 1 ends within 2 of 7; killed with kill -9 and
 * resumed, it ends exactly where an uninterrupted tune with the same seed
 * ends (theta, trajectory, every game once); a torn journal line is cut;
 * another tune in the same directory, bad tune files and options are
 * refused with exit 2; Ctrl-C stops it (130), its games kept.
 */
#include <math.h>

#include "arena_cli_util.h"
#include "check_main.h"

#define TUNE LOA_BIN_DIR "/loa-tune"

/* The tune: x from 1 in 0..14, an integer (rounded when played). */
static const char *const PEAK =
    "{\"command\": \"{bin}/tune-peak --x {x} --seed {seed}\",\n"
    " \"params\": [{\"name\": \"x\", \"start\": 1, \"min\": 0, \"max\": 14, \"c_end\": 1, "
    "\"r_end\": 0.1}],\n"
    " \"pairs\": %d, \"seed\": 28, \"random_plies\": 2, \"time_mode\": \"cpu\",\n"
    " \"turn_ms\": 2000, \"first_turn_ms\": 2000, \"concurrency\": 2, \"report_every\": 20}\n";

/* Writes the tune of `pairs` pairs as dir/name. */
static void write_tune(const char *dir, const char *name, int pairs, char *path, size_t size)
{
    char text[1024];
    snprintf(text, sizeof text, PEAK, pairs);
    snprintf(path, size, "%s/%s", dir, name);
    write_text(path, text);
}

static double theta_of(const char *out)
{
    char path[400];
    snprintf(path, sizeof path, "%s/tune-state.json", out);
    cJSON *st = read_json(path);
    const cJSON *p = cJSON_GetArrayItem(cJSON_GetObjectItem(st, "params"), 0);
    ck_assert_msg(cJSON_IsNumber(cJSON_GetObjectItem(p, "theta")), "%s: no theta", path);
    double theta = cJSON_GetObjectItem(p, "theta")->valuedouble;
    ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(st, "complete")));
    cJSON_Delete(st);
    return theta;
}

START_TEST(a_tune_finds_the_peak)
{
    const char *dir = tmpdir();
    test_paths p = paths_in(dir);
    char file[300];
    write_tune(dir, "peak.json", 100, file, sizeof file);
    char *argv[] = {TUNE, "-o", p.out, file, NULL};
    ck_assert_int_eq(run(argv, p.o, p.e, 120000), 0);
    double theta = theta_of(p.out);
    ck_assert_msg(fabs(theta - 7) <= 2, "the tune ended at %.3f, not within 2 of 7", theta);
    char *o = slurp(p.o);
    ck_assert_msg(strstr(o, "pairs 20/100: x ") && strstr(o, "tuned: 100 pairs (200 games)"), "%s",
                  o);
    /* the ready command line plays the rounded value, {bin} expanded */
    char want[64];
    snprintf(want, sizeof want, "/tune-peak --x %.0f --seed", round(theta));
    ck_assert_msg(strstr(o, want) && strstr(o, "command: " LOA_BIN_DIR), "%s", o);
    free(o);
    char page[400];
    snprintf(page, sizeof page, "%s/index.html", p.out);
    char *html = slurp(page);
    ck_assert_msg(strstr(html, "tune-data"), "no tune page");
    free(html);
    snprintf(page, sizeof page, "%s/tune-games.jsonl", p.out);
    ck_assert_int_eq(count_lines(page), 200);
    cleanup();
}
END_TEST

/* The trajectory of out's tune-state.json, compact. */
static char *history_of(const char *out)
{
    char path[400];
    snprintf(path, sizeof path, "%s/tune-state.json", out);
    cJSON *st = read_json(path);
    char *h = cJSON_PrintUnformatted(cJSON_GetObjectItem(st, "history"));
    cJSON_Delete(st);
    return h;
}

START_TEST(kill_9_and_resume_end_where_an_uninterrupted_tune_ends)
{
    const char *dir = tmpdir();
    test_paths p = paths_in(dir);
    char file[300], whole[300], jsonl[400];
    write_tune(dir, "peak.json", 60, file, sizeof file);
    snprintf(whole, sizeof whole, "%s/whole", dir);
    char *once[] = {TUNE, "-q", "-o", whole, file, NULL};
    ck_assert_int_eq(run(once, p.o, p.e, 120000), 0);

    snprintf(jsonl, sizeof jsonl, "%s/tune-games.jsonl", p.out);
    char *argv[] = {TUNE, "-q", "-o", p.out, file, NULL};
    pid_t pid = spawn(argv, p.o, p.e);
    for (int waited = 0; waited < 60000 && count_lines(jsonl) < 41; waited += 2)
        sleep_ms(2);
    ck_assert_int_eq(kill(pid, SIGKILL), 0);
    int st;
    waitpid(pid, &st, 0);
    ck_assert(WIFSIGNALED(st));
    int lines = count_lines(jsonl);
    ck_assert_msg(lines >= 41 && lines < 120, "%d games when killed", lines);
    FILE *f = fopen(jsonl, "ab"); /* a write torn by the kill */
    fputs("{\"id\":119,\"round\":5", f);
    fclose(f);
    ck_assert_int_eq(run(argv, p.o, p.e, 120000), 0);
    char *e = slurp(p.e);
    ck_assert_msg(strstr(e, "torn last line was cut"), "%s", e);
    free(e);

    ck_assert_int_eq(count_lines(jsonl), 120); /* every game once */
    ck_assert_msg(theta_of(p.out) == theta_of(whole), "resumed %.17g, whole %.17g", theta_of(p.out),
                  theta_of(whole));
    char *h1 = history_of(p.out), *h2 = history_of(whole);
    ck_assert_str_eq(h1, h2);
    free(h1);
    free(h2);
    /* a run on a finished tune plays nothing and prints the values again */
    ck_assert_int_eq(run(argv, p.o, p.e, 20000), 0);
    ck_assert_int_eq(count_lines(jsonl), 120);
    char *o = slurp(p.o);
    ck_assert_msg(strstr(o, "tuned: 60 pairs (120 games)"), "%s", o);
    free(o);
    cleanup();
}
END_TEST

START_TEST(ctrl_c_stops_keeping_the_games)
{
    const char *dir = tmpdir();
    test_paths p = paths_in(dir);
    char file[300], jsonl[400];
    write_tune(dir, "peak.json", 400, file, sizeof file);
    snprintf(jsonl, sizeof jsonl, "%s/tune-games.jsonl", p.out);
    char *argv[] = {TUNE, "-q", "-o", p.out, file, NULL};
    pid_t pid = spawn(argv, p.o, p.e);
    for (int waited = 0; waited < 60000 && count_lines(jsonl) < 10; waited += 2)
        sleep_ms(2);
    ck_assert_int_eq(kill(pid, SIGINT), 0);
    ck_assert_int_eq(wait_for(pid, 30000), 130);
    int lines = count_lines(jsonl);
    ck_assert_msg(lines >= 10 && lines < 800, "%d games", lines);
    char *e = slurp(p.e);
    ck_assert_msg(strstr(e, "run the same command again to resume"), "%s", e);
    free(e);
    cleanup();
}
END_TEST

START_TEST(another_tune_in_the_directory_is_refused)
{
    const char *dir = tmpdir();
    test_paths p = paths_in(dir);
    char file[300];
    write_tune(dir, "a.json", 4, file, sizeof file);
    char *argv[] = {TUNE, "-q", "-o", p.out, file, NULL};
    ck_assert_int_eq(run(argv, p.o, p.e, 60000), 0);
    write_tune(dir, "a.json", 6, file, sizeof file);
    ck_assert_int_eq(run(argv, p.o, p.e, 60000), 2);
    char *e = slurp(p.e);
    ck_assert_msg(strstr(e, "holds a different tune: \"pairs\" is 4 there, 6 here"), "%s", e);
    free(e);
    cleanup();
}
END_TEST

START_TEST(bad_inputs_exit_2_naming_them)
{
    const char *dir = tmpdir();
    test_paths p = paths_in(dir);
    char file[300], bad[300];
    write_tune(dir, "a.json", 4, file, sizeof file);
    snprintf(bad, sizeof bad, "%s/bad.json", dir);
    write_text(bad, "{\"command\": \"x {y}\", \"pairs\": 4, \"params\": []}");
    struct {
        char *argv[8];
        const char *says;
    } rows[] = {
        {{TUNE, NULL}, "no tune file given"},
        {{TUNE, "/nonexistent/t.json", NULL}, "cannot read the tune file"},
        {{TUNE, bad, NULL}, "\"params\" must be a list of 1..32 parameters"},
        {{TUNE, "-c", "-1", file, NULL}, "--concurrency"},
        {{TUNE, "--report", "0", file, NULL}, "--report: '0'"},
        {{TUNE, file, file, NULL}, "one tune file"},
    };
    for (size_t i = 0; i < LOA_COUNT(rows); i++) {
        ck_assert_int_eq(run(rows[i].argv, p.o, p.e, 10000), 2);
        char *e = slurp(p.e);
        ck_assert_msg(strstr(e, rows[i].says), "row %zu: %s", i, e);
        free(e);
    }
    cleanup();
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"a_tune_finds_the_peak", a_tune_finds_the_peak, 120},
        {"kill_9_and_resume_end_where_an_uninterrupted_tune_ends",
         kill_9_and_resume_end_where_an_uninterrupted_tune_ends, 180},
        {"ctrl_c_stops_keeping_the_games", ctrl_c_stops_keeping_the_games, 120},
        {"another_tune_in_the_directory_is_refused", another_tune_in_the_directory_is_refused, 60},
        {"bad_inputs_exit_2_naming_them", bad_inputs_exit_2_naming_them, 60},
    };
    return loa_run_suite("arena_tune", cases, LOA_COUNT(cases));
}
