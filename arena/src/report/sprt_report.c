/* sprt_report.c - an SPRT's state and a pairing's pair figures in words
 * and JSON (report/sprt_report.h). The line follows the figures
 * fastchess prints (LLR with bounds and hypotheses, Elo, nElo, LOS,
 * "Ptnml(0-2)"), so that results read the same. */
#include "report/sprt_report.h"

#include <math.h>
#include <string.h>

#include "core/error.h"
#include "core/json.h"
#include "core/text.h"

static void fmt_penta(const int *p, char *buf, size_t size)
{
    snprintf(buf, size, "[%d, %d, %d, %d, %d]", p[0], p[1], p[2], p[3], p[4]);
}

void arena_sprt_format_line(const arena_sprt_status *st, char *buf, size_t size)
{
    char penta[80], elo[80] = "-", nelo[24] = "-", los[16] = "-";
    fmt_penta(st->penta, penta, sizeof penta);
    if (st->have_stats) {
        arena_format_elo_interval(st->stats.elo, st->stats.elo_lo, st->stats.elo_hi, elo,
                                  sizeof elo);
        arena_format_signed(st->stats.nelo, nelo, sizeof nelo);
        snprintf(los, sizeof los, "%.1f%%", 100.0 * st->stats.los);
    }
    snprintf(buf, size,
             "SPRT %d pairs (%d games): LLR %.2f (%.2f, %.2f) [%g, %g] | Elo %s nElo %s | "
             "LOS %s | Ptnml %s",
             st->pairs, 2 * st->pairs, st->llr, st->lower, st->upper, st->params.elo0,
             st->params.elo1, elo, nelo, los, penta);
}

int arena_sprt_print(const arena_sprt_status *st, const char *tested, const char *opponent,
                     int games_left, FILE *out)
{
    const arena_sprt_params *p = &st->params;
    fprintf(out, "\nSPRT of %s against %s (%s Elo, alpha %g, beta %g):\n", tested, opponent,
            arena_sprt_model_name(p->model), p->alpha, p->beta);
    fprintf(out, "  H0: %s is stronger by %g Elo; H1: by %g Elo\n", tested, p->elo0, p->elo1);
    const char *result = st->decision > 0   ? "H1 accepted"
                         : st->decision < 0 ? "H0 accepted"
                         : games_left == 0  ? "no decision (the maximum number of games was "
                                              "played)"
                                            : "no decision yet (the match stopped early; run "
                                              "the same command again to go on)";
    if (st->decision && st->decided_pairs < st->pairs)
        fprintf(out,
                "  Result: %s after %d pairs (then %d more pair%s that %s running when "
                "it stopped; the figures below count them)\n",
                result, st->decided_pairs, st->pairs - st->decided_pairs,
                st->pairs - st->decided_pairs == 1 ? "" : "s",
                st->pairs - st->decided_pairs == 1 ? "was" : "were");
    else
        fprintf(out, "  Result: %s\n", result);
    fprintf(out, "  LLR %.3f, bounds (%.3f, %.3f) [ln(beta/(1-alpha)), ln((1-beta)/alpha)]\n",
            st->llr, st->lower, st->upper);
    char penta[80];
    fmt_penta(st->penta, penta, sizeof penta);
    fprintf(out, "  Pairs %d (%d games), pentanomial [LL, LD, WL+DD, WD, WW] %s\n", st->pairs,
            2 * st->pairs, penta);
    if (st->have_stats) {
        char elo[80], nelo[80];
        arena_format_elo_interval(st->stats.elo, st->stats.elo_lo, st->stats.elo_hi, elo,
                                  sizeof elo);
        arena_format_elo_interval(st->stats.nelo, st->stats.nelo_lo, st->stats.nelo_hi, nelo,
                                  sizeof nelo);
        fprintf(out, "  Score %.1f%%, Elo %s, nElo %s (95%% intervals), LOS %.1f%%\n",
                100.0 * st->stats.score, elo, nelo, 100.0 * st->stats.los);
    }
    return ferror(out) ? ARENA_E_IO : 0;
}

static cJSON *pair_array(double a, double b, double quantum)
{
    cJSON *arr = cJSON_CreateArray();
    cJSON *x = arena_json_number(a, quantum), *y = arena_json_number(b, quantum);
    if (!arr || !x || !y || !cJSON_AddItemToArray(arr, x)) {
        cJSON_Delete(arr);
        cJSON_Delete(x);
        cJSON_Delete(y);
        return NULL;
    }
    if (!cJSON_AddItemToArray(arr, y)) {
        cJSON_Delete(arr);
        cJSON_Delete(y);
        return NULL;
    }
    return arr;
}

/* The estimates of penta (null without a pair) added to obj. */
static int add_estimates(cJSON *obj, const int penta[ARENA_PENTA_BINS])
{
    arena_penta_stats s;
    int have = arena_penta_stats_compute(penta, &s) == 0;
    double nan = NAN;
    return arena_json_add_number(obj, "score", have ? s.score : nan, 1e-4) &&
           arena_json_add_number(obj, "elo", have ? s.elo : nan, 0.1) &&
           arena_json_add(obj, "elo_ci95",
                          pair_array(have ? s.elo_lo : nan, have ? s.elo_hi : nan, 0.1)) &&
           arena_json_add_number(obj, "nelo", have ? s.nelo : nan, 0.1) &&
           arena_json_add(obj, "nelo_ci95",
                          pair_array(have ? s.nelo_lo : nan, have ? s.nelo_hi : nan, 0.1)) &&
           arena_json_add_number(obj, "los", have ? s.los : nan, 1e-5);
}

cJSON *arena_penta_to_json(const int penta[ARENA_PENTA_BINS])
{
    cJSON *o = cJSON_CreateObject();
    int pairs = 0;
    for (int i = 0; i < ARENA_PENTA_BINS; i++)
        pairs += penta[i];
    if (!o || !arena_json_add_number(o, "pairs", pairs, 0) ||
        !arena_json_add(o, "pentanomial", cJSON_CreateIntArray(penta, ARENA_PENTA_BINS)) ||
        !add_estimates(o, penta)) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

cJSON *arena_sprt_to_json(const arena_sprt_status *st, const char *tested, const char *opponent)
{
    const arena_sprt_params *p = &st->params;
    cJSON *o = cJSON_CreateObject();
    int ok =
        o && arena_json_add(o, "tested", cJSON_CreateString(tested)) &&
        arena_json_add(o, "opponent", cJSON_CreateString(opponent)) &&
        arena_json_add(o, "model", cJSON_CreateString(arena_sprt_model_name(p->model))) &&
        arena_json_add_number(o, "elo0", p->elo0, 0) &&
        arena_json_add_number(o, "elo1", p->elo1, 0) &&
        arena_json_add_number(o, "alpha", p->alpha, 0) &&
        arena_json_add_number(o, "beta", p->beta, 0) &&
        arena_json_add_number(o, "llr", st->llr, 1e-4) &&
        arena_json_add_number(o, "lower", st->lower, 1e-4) &&
        arena_json_add_number(o, "upper", st->upper, 1e-4) &&
        arena_json_add(o, "result",
                       st->decision > 0   ? cJSON_CreateString("H1")
                       : st->decision < 0 ? cJSON_CreateString("H0")
                                          : cJSON_CreateNull()) &&
        arena_json_add_number(o, "pairs", st->pairs, 0) &&
        arena_json_add(o, "decided_after_pairs",
                       st->decision ? cJSON_CreateNumber(st->decided_pairs) : cJSON_CreateNull()) &&
        arena_json_add(o, "pentanomial", cJSON_CreateIntArray(st->penta, ARENA_PENTA_BINS)) &&
        add_estimates(o, st->penta);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}
