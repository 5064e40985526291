/*
 * check_arena_sprt_report.c - an SPRT's state in words and JSON
 * (arena_sprt_report.c): decisions from LLRs computed independently (the
 * mpmath references of check_arena_sprt.c), the progress line, the final
 * block, standings.json's "sprt" and a pairing's "game_pairs".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_main.h"
#include "core/error.h"
#include "report/sprt_report.h"

static const int penta_up[5] = {5, 30, 90, 50, 25};   /* 200 pairs */
static const int penta_down[5] = {20, 50, 80, 30, 5}; /* 185 pairs */

START_TEST(decides_where_the_llr_crosses_walds_bounds)
{
    arena_sprt_status st;
    /* logistic 0..10: LLR 3.243243643436 > ln(0.95/0.05) = 2.944: H1 */
    arena_sprt_params p = {ARENA_SPRT_LOGISTIC, 0, 10, 0.05, 0.05};
    ck_assert_int_eq(arena_sprt_status_compute(&p, penta_up, &st), 0);
    ck_assert(fabs(st.llr - 3.243243643436) < 1e-8);
    ck_assert(fabs(st.upper - 2.944438979166) < 1e-9 && fabs(st.lower + 2.944438979166) < 1e-9);
    ck_assert_int_eq(st.decision, 1);
    ck_assert_int_eq(st.pairs, 200);
    ck_assert_int_eq(st.decided_pairs, 200);
    ck_assert(st.have_stats);
    /* normalized 0..10: 2.313318028724, inside: no decision */
    p.model = ARENA_SPRT_NORMALIZED;
    ck_assert_int_eq(arena_sprt_status_compute(&p, penta_up, &st), 0);
    ck_assert_int_eq(st.decision, 0);
    ck_assert_int_eq(st.decided_pairs, 0);
    /* logistic -5..5: -2.994071347920 < -2.944: H0 */
    arena_sprt_params q = {ARENA_SPRT_LOGISTIC, -5, 5, 0.05, 0.05};
    ck_assert_int_eq(arena_sprt_status_compute(&q, penta_down, &st), 0);
    ck_assert_int_eq(st.decision, -1);
    /* alpha 0.1 widens nothing below: ln(0.05/0.9) = -2.890 */
    q.alpha = 0.1;
    ck_assert_int_eq(arena_sprt_status_compute(&q, penta_down, &st), 0);
    ck_assert(fabs(st.lower - log(0.05 / 0.9)) < 1e-12);
    ck_assert_int_eq(st.decision, -1);
    /* no pair: LLR 0, no decision, no estimate */
    const int none[5] = {0};
    ck_assert_int_eq(arena_sprt_status_compute(&p, none, &st), 0);
    ck_assert(st.llr == 0 && st.decision == 0 && !st.have_stats);
    q.alpha = 2;
    ck_assert_int_eq(arena_sprt_status_compute(&q, penta_down, &st), ARENA_E_INVAL);
}
END_TEST

START_TEST(line_and_block_state_the_figures)
{
    arena_sprt_params p = {ARENA_SPRT_LOGISTIC, 0, 10, 0.05, 0.05};
    arena_sprt_status st;
    ck_assert_int_eq(arena_sprt_status_compute(&p, penta_up, &st), 0);
    char line[512];
    arena_sprt_format_line(&st, line, sizeof line);
    ck_assert_msg(strstr(line, "SPRT 200 pairs (400 games): LLR 3.24 (-2.94, 2.94) [0, 10]"), "%s",
                  line);
    ck_assert_msg(strstr(line, "Ptnml [5, 30, 90, 50, 25]"), "%s", line);
    /* score (30/4 + 90/2 + 50*3/4 + 25) / 200 = 0.575: logistic Elo
     * -400 log10(1/0.575 - 1) = +52.5 */
    ck_assert_msg(strstr(line, "Elo +52.5 ("), "%s", line);
    ck_assert_ptr_null(strchr(line, '\n'));

    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    ck_assert_int_eq(arena_sprt_print(&st, "new", "old", 100, f), 0);
    fclose(f);
    ck_assert_msg(strstr(text, "SPRT of new against old (logistic Elo, alpha 0.05, beta 0.05)"),
                  "%s", text);
    ck_assert_msg(strstr(text, "H0: new is stronger by 0 Elo; H1: by 10 Elo"), "%s", text);
    ck_assert_msg(strstr(text, "Result: H1 accepted\n"), "%s", text);
    free(text);

    /* undecided at the maximum, and stopped early */
    p.model = ARENA_SPRT_NORMALIZED;
    ck_assert_int_eq(arena_sprt_status_compute(&p, penta_up, &st), 0);
    f = open_memstream(&text, &size);
    arena_sprt_print(&st, "new", "old", 0, f);
    fclose(f);
    ck_assert_msg(strstr(text, "no decision (the maximum number of games was played)"), "%s", text);
    free(text);
    f = open_memstream(&text, &size);
    arena_sprt_print(&st, "new", "old", 6, f);
    fclose(f);
    ck_assert_msg(strstr(text, "no decision yet (the match stopped early"), "%s", text);
    free(text);
}
END_TEST

static double num(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    ck_assert_msg(cJSON_IsNumber(v), "\"%s\" is not a number", key);
    return v->valuedouble;
}

START_TEST(json_has_the_documented_keys)
{
    arena_sprt_params p = {ARENA_SPRT_LOGISTIC, -5, 5, 0.05, 0.05};
    arena_sprt_status st;
    ck_assert_int_eq(arena_sprt_status_compute(&p, penta_down, &st), 0);
    cJSON *j = arena_sprt_to_json(&st, "new", "old");
    ck_assert_ptr_nonnull(j);
    ck_assert_str_eq(cJSON_GetObjectItem(j, "result")->valuestring, "H0");
    ck_assert_str_eq(cJSON_GetObjectItem(j, "model")->valuestring, "logistic");
    ck_assert_str_eq(cJSON_GetObjectItem(j, "tested")->valuestring, "new");
    ck_assert(num(j, "elo0") == -5 && num(j, "elo1") == 5 && num(j, "alpha") == 0.05);
    ck_assert(fabs(num(j, "llr") - (-2.9941)) < 1e-9);
    ck_assert(fabs(num(j, "lower") - (-2.9444)) < 1e-9);
    ck_assert(num(j, "pairs") == 185 && num(j, "decided_after_pairs") == 185);
    cJSON *pt = cJSON_GetObjectItem(j, "pentanomial");
    ck_assert_int_eq(cJSON_GetArraySize(pt), 5);
    for (int i = 0; i < 5; i++)
        ck_assert_int_eq(cJSON_GetArrayItem(pt, i)->valueint, penta_down[i]);
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(j, "elo_ci95")), 2);
    ck_assert(num(j, "elo") < 0 && num(j, "los") < 0.5);
    cJSON_Delete(j);

    p.model = ARENA_SPRT_NORMALIZED; /* -2.0766: undecided */
    ck_assert_int_eq(arena_sprt_status_compute(&p, penta_down, &st), 0);
    j = arena_sprt_to_json(&st, "new", "old");
    ck_assert(cJSON_IsNull(cJSON_GetObjectItem(j, "result")));
    ck_assert(cJSON_IsNull(cJSON_GetObjectItem(j, "decided_after_pairs")));
    cJSON_Delete(j);

    const int none[5] = {0};
    j = arena_penta_to_json(none);
    ck_assert(num(j, "pairs") == 0);
    ck_assert(cJSON_IsNull(cJSON_GetObjectItem(j, "elo")));
    cJSON_Delete(j);
    const int all_won[5] = {0, 0, 0, 0, 4};
    j = arena_penta_to_json(all_won);
    ck_assert_str_eq(cJSON_GetObjectItem(j, "elo")->valuestring, "+inf");
    cJSON_Delete(j);
}
END_TEST

int main(void)
{
    const loa_tcase cases[] = {
        {"decides_where_the_llr_crosses_walds_bounds", decides_where_the_llr_crosses_walds_bounds,
         30},
        {"line_and_block_state_the_figures", line_and_block_state_the_figures, 30},
        {"json_has_the_documented_keys", json_has_the_documented_keys, 30},
    };
    return loa_run_suite("arena_sprt_report", cases, LOA_COUNT(cases));
}
