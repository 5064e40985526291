/* record_json.c - a finished game's games.jsonl line, and back
 * (league/record.h). */
#include "league/record.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "league/openings.h"
#include "league/pressure_source.h"
#include "util/parse.h"
#include "util/text.h"

/* The enum of a reason name; 0 for a name the referee does not know. A
 * stored game has ended, so "none" (REF_REASON_NONE, not finished) is
 * refused like an unknown name. */
static int reason_from_name(const char *name, ref_reason *out)
{
    ref_reason r = ref_reason_from_name(name);
    if (r == REF_REASON_NONE)
        return 0;
    *out = r;
    return 1;
}

static const char *side_name(int side)
{
    return side == 0 ? "black" : side == 1 ? "white" : NULL;
}

/* Milliseconds rounded to the microsecond: the clock's resolution, and
 * lines free of binary-fraction noise. */
static double ms3(double v)
{
    if (!(v > -1e12 && v < 1e12)) /* no time is that long: kept as is, never */
        return v;                 /* converted out of an int64_t's range */
    return (double)(int64_t)(v * 1000.0 + (v >= 0 ? 0.5 : -0.5)) / 1000.0;
}

static cJSON *side_time_json(const arena_side_time *t)
{
    cJSON *o = cJSON_CreateObject();
    if (!o)
        return NULL;
    if ((t->first_ms >= 0 && !cJSON_AddNumberToObject(o, "first_ms", ms3(t->first_ms))) ||
        !cJSON_AddNumberToObject(o, "turns", t->turns) ||
        !cJSON_AddNumberToObject(o, "total_ms", ms3(t->total_ms)) ||
        !cJSON_AddNumberToObject(o, "avg_ms", ms3(t->turns ? t->total_ms / t->turns : 0)) ||
        !cJSON_AddNumberToObject(o, "max_ms", ms3(t->max_ms)) ||
        (t->late && !cJSON_AddNumberToObject(o, "late", t->late)) ||
        (t->cpu_total_ms >= 0 &&
         (!cJSON_AddNumberToObject(o, "cpu_total_ms", ms3(t->cpu_total_ms)) ||
          !cJSON_AddNumberToObject(o, "cpu_max_ms", ms3(t->cpu_max_ms))))) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* "under_load" and what it was judged on, for a wall-clock timeout. */
static int add_load(cJSON *o, const arena_game_record *r)
{
    cJSON *p = cJSON_CreateObject();
    if (!p ||
        !cJSON_AddStringToObject(
            p, "source", arena_pressure_source_name((arena_pressure_source)r->pressure_source)) ||
        !cJSON_AddNumberToObject(p, "value", (double)(int64_t)(r->pressure * 1000 + 0.5) / 1000)) {
        cJSON_Delete(p);
        return 0;
    }
    if (!cJSON_AddBoolToObject(o, "under_load", r->under_load == 1)) {
        cJSON_Delete(p);
        return 0;
    }
    cJSON_AddItemToObject(o, "pressure", p);
    return 1;
}

cJSON *arena_record_to_json(const arena_game_record *r, const arena_settings *s)
{
    cJSON *o = cJSON_CreateObject();
    char seed[32], page[48];
    snprintf(seed, sizeof seed, "%lld", (long long)r->seed);
    snprintf(page, sizeof page, "games/%06d.html", r->id);
    const char *result = r->winner == 0 ? "1-0" : r->winner == 1 ? "0-1" : "1/2-1/2";
    cJSON *scores = cJSON_CreateIntArray(r->scores, 2);
    cJSON *time = cJSON_CreateObject();
    cJSON *tb = side_time_json(&r->time[0]), *tw = side_time_json(&r->time[1]);
    if (!o || !scores || !time || !tb || !tw) {
        cJSON_Delete(scores);
        cJSON_Delete(time);
        cJSON_Delete(tb);
        cJSON_Delete(tw);
        cJSON_Delete(o);
        return NULL;
    }
    cJSON_AddItemToObject(time, "black", tb);
    cJSON_AddItemToObject(time, "white", tw);
    int ok = cJSON_AddNumberToObject(o, "id", r->id) &&
             cJSON_AddNumberToObject(o, "round", r->round) &&
             cJSON_AddNumberToObject(o, "pairing", r->pairing) &&
             cJSON_AddStringToObject(o, "seed", seed) &&
             cJSON_AddStringToObject(o, "black", s->bots[r->black].name) &&
             cJSON_AddStringToObject(o, "white", s->bots[r->white].name) &&
             cJSON_AddStringToObject(o, "result", result) &&
             (r->winner >= 0 ? cJSON_AddStringToObject(o, "winner", side_name(r->winner)) != NULL
                             : cJSON_AddNullToObject(o, "winner") != NULL);
    if (ok)
        cJSON_AddItemToObject(o, "scores", scores);
    else
        cJSON_Delete(scores);
    ok = ok && cJSON_AddStringToObject(o, "reason", ref_reason_name(r->reason)) &&
         (r->fault >= 0 ? cJSON_AddStringToObject(o, "fault", side_name(r->fault)) != NULL
                        : cJSON_AddNullToObject(o, "fault") != NULL) &&
         cJSON_AddNumberToObject(o, "plies", r->plies) &&
         cJSON_AddNumberToObject(o, "start", (double)r->start_time) &&
         cJSON_AddNumberToObject(o, "duration_ms", ms3(r->duration_ms));
    if (ok)
        cJSON_AddItemToObject(o, "time", time);
    else
        cJSON_Delete(time);
    char hash[24];
    snprintf(hash, sizeof hash, "%016" PRIx64, r->moves_hash);
    char opening[REF_OPENING_TEXT_MAX] = "";
    if (r->opening >= 0)
        arena_openings_text(s->openings, r->opening, opening, sizeof opening);
    ok = ok && cJSON_AddStringToObject(o, "opening", opening) &&
         (!r->moves_hash || cJSON_AddStringToObject(o, "moves_hash", hash)) &&
         cJSON_AddStringToObject(o, "detail", r->detail) && (r->under_load < 0 || add_load(o, r)) &&
         /* the record is in the league database (loa-replay DIR ID); the
          * page, when --pages or --html wrote it, beside it */
         cJSON_AddStringToObject(o, "record", "league.db") &&
         cJSON_AddStringToObject(o, "page", page);
    if (!ok) {
        cJSON_Delete(o);
        return NULL;
    }
    return o;
}

/* Longest time a record may hold, ms (a day: any more is a corrupt line). */
#define RECORD_MS_MAX 86400000.0

/* A finite number (cJSON reads 1e999 as infinity: refused); its range is
 * the caller's (times: 0..RECORD_MS_MAX, integers: int_field). */
static int num_field(const cJSON *j, const char *key, double *out)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(j, key);
    if (!cJSON_IsNumber(it) || !isfinite(it->valuedouble))
        return -1;
    *out = it->valuedouble;
    return 0;
}

/* An integer in min..max, range checked before any conversion. */
static int int_field(const cJSON *j, const char *key, int min, int max, int *out)
{
    double d;
    int64_t v;
    if (num_field(j, key, &d) || util_double_to_i64(d, min, max, &v))
        return -1;
    *out = (int)v;
    return 0;
}

static int side_field(const cJSON *j, const char *key, int *out)
{
    const cJSON *it = cJSON_GetObjectItemCaseSensitive(j, key);
    if (cJSON_IsNull(it)) {
        *out = -1;
        return 0;
    }
    if (!cJSON_IsString(it))
        return -1;
    if (strcmp(it->valuestring, "black") == 0)
        *out = 0;
    else if (strcmp(it->valuestring, "white") == 0)
        *out = 1;
    else
        return -1;
    return 0;
}

static void side_time_from(const cJSON *t, arena_side_time *out)
{
    double d;
    out->first_ms = num_field(t, "first_ms", &d) == 0 && d >= 0 && d <= RECORD_MS_MAX ? d : -1;
    out->turns = 0;
    out->total_ms = out->max_ms = 0;
    int n;
    if (int_field(t, "turns", 0, 1000000, &n) == 0)
        out->turns = n;
    if (num_field(t, "total_ms", &d) == 0 && d >= 0 && d <= RECORD_MS_MAX * 1000)
        out->total_ms = d;
    if (num_field(t, "max_ms", &d) == 0 && d >= 0 && d <= RECORD_MS_MAX)
        out->max_ms = d;
    out->late = 0;
    if (int_field(t, "late", 0, 1000000, &n) == 0)
        out->late = n;
    out->cpu_total_ms = out->cpu_max_ms = -1;
    if (num_field(t, "cpu_total_ms", &d) == 0 && d >= 0 && d <= RECORD_MS_MAX * 1000)
        out->cpu_total_ms = d;
    if (num_field(t, "cpu_max_ms", &d) == 0 && d >= 0 && d <= RECORD_MS_MAX)
        out->cpu_max_ms = d;
}

/* "opening": the round's opening of the league's table; "" or absent (a
 * line of an older arena) without openings. Returns 0 or ARENA_E_PARSE. */
static int opening_from_json(const cJSON *j, const arena_settings *s, arena_game_record *r,
                             char *err, size_t errsz)
{
    const cJSON *opening = cJSON_GetObjectItemCaseSensitive(j, "opening");
    r->opening = -1;
    if (opening && !cJSON_IsString(opening))
        return util_fail(ARENA_E_PARSE, err, errsz, "bad \"opening\"");
    const char *text = opening ? opening->valuestring : "";
    if (s->openings) {
        int want = arena_openings_for_round(s->openings, r->round);
        char expect[REF_OPENING_TEXT_MAX];
        arena_openings_text(s->openings, want, expect, sizeof expect);
        if (strcmp(text, expect) != 0)
            return util_fail(ARENA_E_PARSE, err, errsz,
                             "\"opening\" '%.40s' is not round %d's opening '%.40s'", text,
                             r->round, expect);
        r->opening = want;
    } else if (!s->openings_file && !s->random_plies && text[0]) {
        return util_fail(ARENA_E_PARSE, err, errsz,
                         "\"opening\" '%.40s': this league plays no openings", text);
    }
    return 0;
}

int arena_record_from_json(const cJSON *j, const arena_settings *s, arena_game_record *r, char *err,
                           size_t errsz)
{
    memset(r, 0, sizeof *r);
    if (!cJSON_IsObject(j))
        return util_fail(ARENA_E_PARSE, err, errsz, "not a JSON object");
    if (int_field(j, "id", 0, INT32_MAX, &r->id))
        return util_fail(ARENA_E_PARSE, err, errsz, "bad or missing \"id\"");
    if (int_field(j, "round", 0, INT32_MAX, &r->round) ||
        int_field(j, "pairing", 0, INT32_MAX, &r->pairing))
        return util_fail(ARENA_E_PARSE, err, errsz, "bad or missing \"round\"/\"pairing\"");
    const cJSON *seed = cJSON_GetObjectItemCaseSensitive(j, "seed");
    if (!cJSON_IsString(seed) || util_parse_i64(seed->valuestring, INT64_MIN, INT64_MAX, &r->seed))
        return util_fail(ARENA_E_PARSE, err, errsz, "bad or missing \"seed\"");
    const cJSON *black = cJSON_GetObjectItemCaseSensitive(j, "black");
    const cJSON *white = cJSON_GetObjectItemCaseSensitive(j, "white");
    if (!cJSON_IsString(black) || !cJSON_IsString(white))
        return util_fail(ARENA_E_PARSE, err, errsz, "bad or missing \"black\"/\"white\"");
    r->black = arena_settings_find_bot(s, black->valuestring);
    r->white = arena_settings_find_bot(s, white->valuestring);
    if (r->black < 0 || r->white < 0)
        return util_fail(ARENA_E_PARSE, err, errsz, "bot '%.40s' is not in the league",
                         r->black < 0 ? black->valuestring : white->valuestring);
    if (side_field(j, "winner", &r->winner) || side_field(j, "fault", &r->fault))
        return util_fail(ARENA_E_PARSE, err, errsz, "bad or missing \"winner\"/\"fault\"");
    const cJSON *scores = cJSON_GetObjectItemCaseSensitive(j, "scores");
    if (!cJSON_IsArray(scores) || cJSON_GetArraySize(scores) != 2 ||
        !cJSON_IsNumber(cJSON_GetArrayItem(scores, 0)) ||
        !cJSON_IsNumber(cJSON_GetArrayItem(scores, 1)))
        return util_fail(ARENA_E_PARSE, err, errsz, "bad or missing \"scores\"");
    for (int c = 0; c < 2; c++) { /* CodinGame's scores: -1, 0 or 1 */
        int64_t v;
        if (util_double_to_i64(cJSON_GetArrayItem(scores, c)->valuedouble, -1, 1, &v))
            return util_fail(ARENA_E_PARSE, err, errsz, "bad \"scores\" (-1, 0 or 1 each)");
        r->scores[c] = (int)v;
    }
    const cJSON *reason = cJSON_GetObjectItemCaseSensitive(j, "reason");
    if (!cJSON_IsString(reason) || !reason_from_name(reason->valuestring, &r->reason))
        return util_fail(ARENA_E_PARSE, err, errsz, "bad or missing \"reason\"");
    if (int_field(j, "plies", 0, 1000000, &r->plies))
        return util_fail(ARENA_E_PARSE, err, errsz, "bad or missing \"plies\"");
    double d;
    int64_t start = 0;
    if (num_field(j, "start", &d) == 0 && util_double_to_i64(d, 0, INT64_MAX / 2, &start))
        start = 0; /* informative only: an impossible time reads as unknown */
    r->start_time = start;
    r->duration_ms = num_field(j, "duration_ms", &d) == 0 && d >= 0 && d <= RECORD_MS_MAX ? d : 0;
    const cJSON *ul = cJSON_GetObjectItemCaseSensitive(j, "under_load");
    r->under_load = cJSON_IsBool(ul) ? cJSON_IsTrue(ul) : -1;
    if (r->under_load >= 0) {
        const cJSON *pr = cJSON_GetObjectItemCaseSensitive(j, "pressure");
        const cJSON *src = cJSON_GetObjectItemCaseSensitive(pr, "source");
        r->pressure_source =
            arena_pressure_source_from_name(cJSON_IsString(src) ? src->valuestring : NULL);
        if (num_field(pr, "value", &d) == 0 && d >= 0 && d <= 1e6)
            r->pressure = d;
    }
    const cJSON *time = cJSON_GetObjectItemCaseSensitive(j, "time");
    side_time_from(cJSON_GetObjectItemCaseSensitive(time, "black"), &r->time[0]);
    side_time_from(cJSON_GetObjectItemCaseSensitive(time, "white"), &r->time[1]);
    const cJSON *hash = cJSON_GetObjectItemCaseSensitive(j, "moves_hash");
    if (hash) {
        const char *h = cJSON_IsString(hash) ? hash->valuestring : "";
        if (strlen(h) != 16 || strspn(h, "0123456789abcdef") != 16)
            return util_fail(ARENA_E_PARSE, err, errsz, "bad \"moves_hash\"");
        r->moves_hash = strtoull(h, NULL, 16);
    }
    if (opening_from_json(j, s, r, err, errsz))
        return ARENA_E_PARSE;
    const cJSON *detail = cJSON_GetObjectItemCaseSensitive(j, "detail");
    if (cJSON_IsString(detail))
        snprintf(r->detail, sizeof r->detail, "%s", detail->valuestring);
    return 0;
}
