/*
 * analysis_file_fields.c - one field of the analysis file read strictly
 * (analysis_file_fields.h): an integer within bounds, a chance, a
 * boolean, a string, a move legal in its position, each refusal naming
 * the file, the place and the field. The file's shape is
 * analysis_file_read.c's; these are its words.
 */
#include "analysis_file_fields.h"

#include "loa/notation.h"
#include "replay/error.h"
#include "util/error.h"
#include "util/text.h"

const cJSON *replay_field_item(const cJSON *o, const char *k)
{
    return cJSON_GetObjectItemCaseSensitive(o, k);
}

int replay_field_int(const replay_field_reader *r, const cJSON *o, const char *k, const char *where,
                     long long lo, long long hi, long long *out)
{
    const cJSON *v = replay_field_item(o, k);
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= (double)lo && v->valuedouble <= (double)hi) ||
        v->valuedouble != (double)(long long)v->valuedouble)
        return util_fail(REPLAY_E_FIELD, r->err, r->errsz,
                         "%s: %s: \"%s\" must be an integer from %lld to %lld", r->src, where, k,
                         lo, hi);
    *out = (long long)v->valuedouble;
    return 0;
}

int replay_field_chance(const replay_field_reader *r, const cJSON *o, const char *k,
                        const char *where, double *out)
{
    const cJSON *v = replay_field_item(o, k);
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0 && v->valuedouble <= 1))
        return util_fail(REPLAY_E_FIELD, r->err, r->errsz,
                         "%s: %s: \"%s\" must be a number from 0 to 1", r->src, where, k);
    *out = v->valuedouble;
    return 0;
}

int replay_field_bool(const replay_field_reader *r, const cJSON *o, const char *k,
                      const char *where, int *out)
{
    const cJSON *v = replay_field_item(o, k);
    if (!cJSON_IsBool(v))
        return util_fail(REPLAY_E_FIELD, r->err, r->errsz, "%s: %s: \"%s\" must be true or false",
                         r->src, where, k);
    *out = cJSON_IsTrue(v);
    return 0;
}

int replay_field_str(const replay_field_reader *r, const cJSON *o, const char *k, const char *where,
                     int nullable, const char **out)
{
    const cJSON *v = replay_field_item(o, k);
    if (nullable && cJSON_IsNull(v)) {
        *out = NULL;
        return 0;
    }
    if (!cJSON_IsString(v) || !v->valuestring)
        return util_fail(REPLAY_E_FIELD, r->err, r->errsz, "%s: %s: \"%s\" must be a string%s",
                         r->src, where, k, nullable ? " or null" : "");
    *out = v->valuestring;
    return 0;
}

/* A move text legal in b (its squares into *m), or null (LOA_MOVE_NONE)
 * when nullable. */
int replay_field_move(const replay_field_reader *r, const cJSON *o, const char *k,
                      const char *where, int nullable, const loa_board *b, loa_move *m)
{
    const char *t = NULL;
    int rc = replay_field_str(r, o, k, where, nullable, &t);
    if (rc)
        return rc;
    *m = LOA_MOVE_NONE;
    if (!t)
        return 0;
    if (loa_move_parse(t, m) != 0)
        return util_fail(REPLAY_E_MOVE, r->err, r->errsz, "%s: %s: \"%s\" '%.20s' is not a move",
                         r->src, where, k, t);
    if (!loa_is_legal(b, *m))
        return util_fail(REPLAY_E_ILLEGAL, r->err, r->errsz,
                         "%s: %s: \"%s\" '%s' is not a legal move in that position", r->src, where,
                         k, t);
    *m = *m == LOA_MOVE_PASS ? *m : LOA_MOVE_SQUARES(*m);
    return 0;
}
