/*
 * check_referee_time.c - the time modes (docs/referee.md, "Time modes"):
 * wall-clock judging as CodinGame, CPU-time judging with its wall-clock
 * cap, both CPU methods (cgroup where this machine allows it, proc), and
 * the time margin.
 *
 * The load tests overload the machine on purpose: they start 2 burning
 * processes per core (hostile-burn forever, killed with the test even if
 * it dies), so a bot that needs 100 ms of CPU a turn gets at most a third
 * of a core and takes well over 150 ms of wall-clock time. The suite runs
 * alone (RUN_SERIAL): it must not slow the other suites' timing down, nor
 * they it.
 */
#include <cjson/cJSON.h>

#include "load_util.h"
#include "referee_test_util.h"

/* ---- games with a time mode ---- */

typedef struct timing {
    ref_time_mode mode;
    ref_cpu_method method;
    int wall_cap_ms, margin_ms, turn_ms, max_plies;
} timing;

/* Plays black against loa-first; returns ref_game_run's code (the game in
 * t when 0). */
static int play_timed(game *t, const char *black, timing tm)
{
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = bot_cmd(t, black);
    c.players[1].command = bot_cmd(t, "loa-first");
    c.limits.turn_ms = tm.turn_ms ? tm.turn_ms : 150;
    c.limits.max_plies = tm.max_plies;
    c.seed = 7;
    c.time_mode = tm.mode;
    c.cpu_method = tm.method;
    c.limits.wall_cap_ms = tm.wall_cap_ms;
    c.limits.time_margin_ms = tm.margin_ms;
    int64_t t0 = now_ms();
    int rc = ref_game_run(&c, &t->g);
    t->ms = now_ms() - t0;
    t->r = t->g ? ref_game_result(t->g) : NULL;
    return rc;
}

/* The CPU methods, for the loop tests: proc always works; cgroup only where
 * the probe says so (elsewhere ref_game_run must refuse it). */
static const ref_cpu_method methods[] = {REF_CPU_PROC, REF_CPU_CGROUP};

/* 1 when method can run here; for an unavailable cgroup, also checks that
 * a game asking for it is refused with REF_E_CPU before anything starts. */
static int method_usable(ref_cpu_method m)
{
    if (m != REF_CPU_CGROUP || ref_cpu_method_probe(NULL, 0) == REF_CPU_CGROUP)
        return 1;
    game t;
    game_init(&t);
    timing tm = {REF_TIME_CPU, m, 0, 0, 0, 10};
    ck_assert_int_eq(play_timed(&t, "hostile-burn 10", tm), REF_E_CPU);
    ck_assert_ptr_null(t.g);
    game_done(&t);
    fprintf(stderr, "note: cgroup CPU accounting unavailable here; proc tested only\n");
    return 0;
}

/* ---- under load ---- */

START_TEST(a_cpu_bound_bot_loses_on_time_in_wall_mode_under_load)
{
    game t;
    game_init(&t);
    load l;
    load_start(&l);
    timing tm = {REF_TIME_WALL, REF_CPU_AUTO, 0, 0, 0, 40};
    ck_assert_int_eq(play_timed(&t, "hostile-burn 100", tm), REF_OK);
    load_stop(&l);
    assert_fault(&t, REF_REASON_TIMEOUT, 0);
    /* a later turn's 150 ms, or already the first turn's 1000 ms when other
     * work loads the machine too (a sanitizer's build beside other suites) */
    ck_assert_msg(strstr(t.r->detail, "150 ms") || strstr(t.r->detail, "1000 ms"), "%s",
                  t.r->detail);
    /* wall mode measures no CPU */
    ck_assert_int_eq(last_ply(&t)->cpu_us, -1);
    check_all_gone(&t);
    game_done(&t);
}
END_TEST

START_TEST(a_cpu_bound_bot_never_loses_on_time_in_cpu_mode_under_load)
{
    ref_cpu_method m = methods[_i];
    if (!method_usable(m))
        return;
    game t;
    game_init(&t);
    load l;
    load_start(&l);
    /* 20 turns of 100 ms of CPU each; the cap is raised so that the suites
     * of a busier machine cannot reach it */
    timing tm = {REF_TIME_CPU, m, 5000, 0, 0, 40};
    ck_assert_int_eq(play_timed(&t, "hostile-burn 100", tm), REF_OK);
    load_stop(&l);
    ck_assert_msg(t.r->reason == REF_REASON_PLY_LIMIT, "%s: %s", ref_cpu_method_name(m),
                  t.r->detail);
    ck_assert_int_eq(ref_game_cpu_method(t.g), m);
    int late_in_wall_time = 0, black = 0;
    for (int i = 0; i < ref_game_ply_count(t.g); i++) {
        const ref_ply *p = ref_game_ply(t.g, i);
        if (p->player != 0)
            continue;
        black++;
        /* the CPU the bot used, give or take the methods' precision (proc:
         * 10 ms ticks for reaped children; none here) */
        ck_assert_msg(p->cpu_us >= 95000 && p->cpu_us <= 140000, "ply %d: cpu %lld us", i,
                      (long long)p->cpu_us);
        late_in_wall_time += p->time_us > 150000;
    }
    ck_assert_int_eq(black, 20);
    /* the load was real: in wall-clock time most of these answers were late */
    ck_assert_msg(late_in_wall_time >= 10, "only %d of 20 answers over 150 ms of wall time",
                  late_in_wall_time);
    check_all_gone(&t);
    game_done(&t);
}
END_TEST

/* ---- what CPU mode counts ---- */

/* A bot that uses 200 ms of CPU on its second turn, in a forked child or
 * in two threads, is charged for all of it. */
static const char *const heavy_bots[] = {"hostile-burn 200 child 1", "hostile-burn 200 threads 1",
                                         "hostile-burn 200 self 1"};

START_TEST(cpu_mode_charges_children_and_threads)
{
    for (size_t k = 0; k < LOA_COUNT(methods); k++) {
        ref_cpu_method m = methods[k];
        if (!method_usable(m))
            continue;
        game t;
        game_init(&t);
        timing tm = {REF_TIME_CPU, m, 5000, 0, 0, 40};
        ck_assert_int_eq(play_timed(&t, heavy_bots[_i], tm), REF_OK);
        assert_fault(&t, REF_REASON_TIMEOUT, 0);
        ck_assert_msg(strstr(t.r->detail, "ms of CPU time"), "%s: %s", heavy_bots[_i], t.r->detail);
        const ref_ply *p = last_ply(&t);
        ck_assert_msg(p->cpu_us > 150000, "%s (%s): charged %lld us", heavy_bots[_i],
                      ref_cpu_method_name(m), (long long)p->cpu_us);
        /* judged as soon as the CPU passed the limit, not at the cap */
        ck_assert_msg(p->time_us < 1500000, "waited %lld us", (long long)p->time_us);
        check_all_gone(&t);
        game_done(&t);
    }
}
END_TEST

START_TEST(a_sleeping_bot_times_out_in_both_modes)
{
    /* answers its first turn at once, then sleeps 1000 ms a turn */
    game t;
    game_init(&t);
    timing wall = {REF_TIME_WALL, REF_CPU_AUTO, 0, 0, 0, 40};
    ck_assert_int_eq(play_timed(&t, "hostile-slow 1000 1", wall), REF_OK);
    assert_fault(&t, REF_REASON_TIMEOUT, 0);
    ck_assert_str_eq(t.r->detail, "black timed out: no answer within 150 ms");
    ck_assert_int_eq(t.r->capped, 0); /* the wall clock is the judge itself */
    game_done(&t);

    game_init(&t);
    timing cpu = {REF_TIME_CPU, REF_CPU_AUTO, 0, 0, 0, 40};
    ck_assert_int_eq(play_timed(&t, "hostile-slow 1000 1", cpu), REF_OK);
    assert_fault(&t, REF_REASON_TIMEOUT, 0);
    /* the default cap: 4 x 150 ms */
    ck_assert_msg(strstr(t.r->detail, "no answer within the wall-clock cap of 600 ms"), "%s",
                  t.r->detail);
    const ref_ply *p = last_ply(&t);
    ck_assert_int_ge(p->time_us, 600000);
    ck_assert_int_lt(p->cpu_us, 150000);
    ck_assert_int_eq(t.r->capped, 1); /* the cap, with CPU to spare */
    check_all_gone(&t);
    game_done(&t);
}
END_TEST

/* The first ply's stderr of a black bot that says its LOA_TIME_MODE. */
static void told_mode(timing tm, const char *want)
{
    game t;
    game_init(&t);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "echo \"mode=$LOA_TIME_MODE\" >&2; exec %s/loa-first", BIN);
    ref_config c;
    ref_config_init(&c);
    c.players[0].command = cmd;
    c.players[1].command = bot_cmd(&t, "loa-first");
    c.limits.max_plies = 2;
    c.time_mode = tm.mode;
    ck_assert_int_eq(ref_game_run(&c, &t.g), REF_OK);
    const ref_ply *p = ref_game_ply(t.g, 0);
    ck_assert_ptr_nonnull(p);
    ck_assert_str_eq(p->stderr_tail, want);
    game_done(&t);
}

START_TEST(bots_are_told_the_clock_that_judges_them)
{
    /* the referee's own value wins over one in its environment */
    setenv("LOA_TIME_MODE", "cpu", 1);
    told_mode((timing){REF_TIME_WALL, REF_CPU_AUTO, 0, 0, 0, 2}, "mode=wall\n");
    setenv("LOA_TIME_MODE", "wall", 1);
    told_mode((timing){REF_TIME_CPU, REF_CPU_AUTO, 0, 0, 0, 2}, "mode=cpu\n");
    unsetenv("LOA_TIME_MODE");
}
END_TEST

/* ---- the margin ---- */

/* The record as a reader sees it: printed and parsed again (the writer
 * adds its integers as raw text, which only a parse turns into numbers). */
static cJSON *record_of(const ref_game *g)
{
    cJSON *j = ref_game_to_json(g);
    ck_assert_ptr_nonnull(j);
    char *text = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    ck_assert_ptr_nonnull(text);
    cJSON *r = cJSON_Parse(text);
    cJSON_free(text);
    ck_assert_ptr_nonnull(r);
    return r;
}

START_TEST(the_margin_accepts_late_answers_and_counts_them)
{
    /* 300 ms late from the second turn; limit 150 + margin 1000: accepted */
    game t;
    game_init(&t);
    timing tm = {REF_TIME_WALL, REF_CPU_AUTO, 0, 1000, 150, 8};
    ck_assert_int_eq(play_timed(&t, "hostile-slow 300 1", tm), REF_OK);
    ck_assert_msg(t.r->reason == REF_REASON_PLY_LIMIT, "%s", t.r->detail);
    /* black plays plies 1, 3, 5, 7: the last three late */
    ck_assert_int_eq(t.r->late[0], 3);
    ck_assert_int_eq(t.r->late[1], 0);
    ck_assert_int_eq(ref_game_ply(t.g, 0)->late, 0);
    ck_assert_int_eq(ref_game_ply(t.g, 2)->late, 1);
    ck_assert_int_eq(ref_game_ply(t.g, 1)->late, 0);

    /* the record says so */
    cJSON *j = record_of(t.g);
    cJSON *limits = cJSON_GetObjectItem(j, "limits");
    ck_assert_str_eq(cJSON_GetObjectItem(limits, "time_mode")->valuestring, "wall");
    ck_assert_int_eq(cJSON_GetObjectItem(limits, "time_margin_ms")->valueint, 1000);
    ck_assert_ptr_null(cJSON_GetObjectItem(limits, "cpu_method"));
    cJSON *ply3 = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "plies"), 2);
    ck_assert(cJSON_IsTrue(cJSON_GetObjectItem(ply3, "late")));
    ck_assert(cJSON_IsNull(cJSON_GetObjectItem(ply3, "cpu_us")));
    cJSON *late = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "result"), "late");
    ck_assert_int_eq(cJSON_GetArrayItem(late, 0)->valueint, 3);
    cJSON_Delete(j);
    game_done(&t);

    /* the same bot without the margin loses on its second turn */
    game_init(&t);
    timing none = {REF_TIME_WALL, REF_CPU_AUTO, 0, 0, 150, 8};
    ck_assert_int_eq(play_timed(&t, "hostile-slow 300 1", none), REF_OK);
    assert_fault(&t, REF_REASON_TIMEOUT, 0);
    ck_assert_int_eq(t.r->late[0], 0);
    game_done(&t);

    /* beyond the margin: a timeout whose detail names the margin */
    game_init(&t);
    timing small = {REF_TIME_WALL, REF_CPU_AUTO, 0, 50, 150, 8};
    ck_assert_int_eq(play_timed(&t, "hostile-slow 300 1", small), REF_OK);
    assert_fault(&t, REF_REASON_TIMEOUT, 0);
    ck_assert_str_eq(t.r->detail, "black timed out: no answer within 150 ms + 50 ms margin");
    game_done(&t);
}
END_TEST

START_TEST(the_margin_works_in_cpu_time_too)
{
    /* 180 ms of CPU from the second turn: late against 150 + 100 */
    game t;
    game_init(&t);
    timing tm = {REF_TIME_CPU, REF_CPU_AUTO, 5000, 100, 150, 6};
    ck_assert_int_eq(play_timed(&t, "hostile-burn 180 self 1", tm), REF_OK);
    ck_assert_msg(t.r->reason == REF_REASON_PLY_LIMIT, "%s", t.r->detail);
    ck_assert_int_eq(t.r->late[0], 2);
    cJSON *j = record_of(t.g);
    cJSON *limits = cJSON_GetObjectItem(j, "limits");
    ck_assert_str_eq(cJSON_GetObjectItem(limits, "time_mode")->valuestring, "cpu");
    ck_assert_int_eq(cJSON_GetObjectItem(limits, "turn_wall_cap_ms")->valueint, 5000);
    const char *method = cJSON_GetObjectItem(limits, "cpu_method")->valuestring;
    ck_assert(strcmp(method, "cgroup") == 0 || strcmp(method, "proc") == 0);
    cJSON *ply3 = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "plies"), 2);
    ck_assert_int_ge(cJSON_GetObjectItem(ply3, "cpu_us")->valuedouble, 170000);
    cJSON_Delete(j);
    game_done(&t);
}
END_TEST

/* ---- configuration errors ---- */

START_TEST(bad_time_settings_are_refused)
{
    game t;
    game_init(&t);
    timing neg_margin = {REF_TIME_WALL, REF_CPU_AUTO, 0, -1, 0, 10};
    ck_assert_int_eq(play_timed(&t, "loa-first", neg_margin), REF_E_INVAL);
    timing neg_cap = {REF_TIME_CPU, REF_CPU_AUTO, -5, 0, 0, 10};
    ck_assert_int_eq(play_timed(&t, "loa-first", neg_cap), REF_E_INVAL);
    timing bad_mode = {(ref_time_mode)7, REF_CPU_AUTO, 0, 0, 0, 10};
    ck_assert_int_eq(play_timed(&t, "loa-first", bad_mode), REF_E_INVAL);
    game_done(&t);

    ref_time_mode mode;
    ref_cpu_method m;
    ck_assert_int_eq(ref_time_mode_from_name("cpu", &mode), REF_OK);
    ck_assert_int_eq(mode, REF_TIME_CPU);
    ck_assert_int_eq(ref_time_mode_from_name("CPU", &mode), REF_E_INVAL);
    ck_assert_int_eq(ref_cpu_method_from_name("proc", &m), REF_OK);
    ck_assert_int_eq(m, REF_CPU_PROC);
    ck_assert_int_eq(ref_cpu_method_from_name("", &m), REF_E_INVAL);
    char why[256];
    ref_cpu_method best = ref_cpu_method_probe(why, sizeof why);
    ck_assert(best == REF_CPU_CGROUP || (best == REF_CPU_PROC && why[0]));
}
END_TEST

/* The command line: each option checked, the combinations that mean
 * nothing refused with the option named. */
static int run_referee(const char *args, char *err, size_t errsz)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             BIN "/loa-referee -p1 " BIN "/loa-first -p2 " BIN "/loa-first --seed 1 %s "
                 "2>&1 >/dev/null",
             args);
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t n = fread(err, 1, errsz - 1, p);
    err[n] = '\0';
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

START_TEST(the_command_line_takes_the_time_options)
{
    char err[1024];
    ck_assert_int_eq(run_referee("--time-mode cpu --wall-cap 900 --time-margin 20 -q", err,
                                 sizeof err),
                     0);
    ck_assert_int_eq(run_referee("--time-mode cpu --cpu-method proc -q", err, sizeof err), 0);
    ck_assert_int_eq(run_referee("--time-mode gpu", err, sizeof err), 2);
    ck_assert_msg(strstr(err, "--time-mode 'gpu': expected wall or cpu"), "%s", err);
    ck_assert_int_eq(run_referee("--wall-cap 900", err, sizeof err), 2);
    ck_assert_msg(strstr(err, "--wall-cap: only with --time-mode cpu"), "%s", err);
    ck_assert_int_eq(run_referee("--cpu-method proc", err, sizeof err), 2);
    ck_assert_msg(strstr(err, "--cpu-method: only with --time-mode cpu"), "%s", err);
    ck_assert_int_eq(run_referee("--time-margin -3", err, sizeof err), 2);
    ck_assert_msg(strstr(err, "--time-margin '-3'"), "%s", err);
    ck_assert_int_eq(run_referee("--time-mode cpu --wall-cap 0", err, sizeof err), 2);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"a_cpu_bound_bot_loses_on_time_in_wall_mode_under_load",
         a_cpu_bound_bot_loses_on_time_in_wall_mode_under_load, 120},
        {"a_sleeping_bot_times_out_in_both_modes", a_sleeping_bot_times_out_in_both_modes, 60},
        {"bots_are_told_the_clock_that_judges_them", bots_are_told_the_clock_that_judges_them, 60},
        {"the_margin_accepts_late_answers_and_counts_them",
         the_margin_accepts_late_answers_and_counts_them, 60},
        {"the_margin_works_in_cpu_time_too", the_margin_works_in_cpu_time_too, 60},
        {"bad_time_settings_are_refused", bad_time_settings_are_refused, 30},
        {"the_command_line_takes_the_time_options", the_command_line_takes_the_time_options, 60},
    };
    const loa_loop_tcase loops[] = {
        {"a_cpu_bound_bot_never_loses_on_time_in_cpu_mode_under_load",
         a_cpu_bound_bot_never_loses_on_time_in_cpu_mode_under_load, 180, LOA_COUNT(methods)},
        {"cpu_mode_charges_children_and_threads", cpu_mode_charges_children_and_threads, 120,
         LOA_COUNT(heavy_bots)},
    };
    return loa_run_suite_loops("referee_time", cases, LOA_COUNT(cases), loops, LOA_COUNT(loops));
}
